"""Bot-wide settings (db/bot_settings.py): absent until written, then replaced, never duplicated."""

from db.bot_settings import bot_setting, set_bot_setting


async def test_a_setting_is_absent_then_written_then_replaced(store):
    assert await bot_setting(store, "commands_synced") is None
    await set_bot_setting(store, "commands_synced", "first")
    await set_bot_setting(store, "other", "kept")
    await set_bot_setting(store, "commands_synced", "second")
    assert await bot_setting(store, "commands_synced") == "second"
    assert await bot_setting(store, "other") == "kept"
    assert await store.fetchval("SELECT COUNT(*) FROM bot_settings") == 2
