"""Computer levels through Discord: the host picks them in the lobby (a button per level, or
``add-computer level:``), the lobby shows them next to the names, they survive a restart, and
``/table settings takeover_level`` picks who takes over absent players' seats."""

from __future__ import annotations


def players_field(message) -> str:
    (embed,) = message.embeds
    return next(f["value"] for f in embed["fields"] if f["name"].startswith(("Players", "Spelers")))


async def test_the_host_picks_levels_they_show_and_survive_a_restart(fake, tafel, channel, alice):
    new = await fake.slash(alice, channel, "hindmost", "new")
    lobby = new.message
    labels = {b["custom_id"].rsplit(":", 1)[1]: b["label"] for b in lobby.buttons()}
    assert labels["bot-hard"] == "Add hard computer" and labels["bot-easy"] == "Add easy computer"
    game_id = (await tafel.bot.store.open_game_in_channel(channel)).id
    await fake.click(alice, lobby, f"tb:lobby:{game_id}:bot-hard")
    added = await fake.slash(alice, channel, "hindmost", "add-computer", options={"level": "easy"})
    assert added.ephemeral
    await fake.click(alice, lobby, f"tb:lobby:{game_id}:bot")
    shown = players_field(lobby)
    assert "Computer 1** (computer, hard)" in shown and "Computer 2** (computer, easy)" in shown
    assert "Computer 3** (computer, normal)" in shown

    await tafel.restart()

    row = await tafel.bot.store.get_game(game_id)
    assert [s.level for s in row.seats] == [None, "hard", "easy", "normal"]
    await fake.click(alice, lobby, f"tb:lobby:{game_id}:start")
    await tafel.settle()
    row = await tafel.bot.store.get_game(game_id)
    assert row.status == "active" and [s.level for s in row.seats][1:] == ["hard", "easy", "normal"]


async def test_the_server_picks_the_level_that_takes_over(fake, tafel, channel, alice, bob):
    mod = fake.add_user("mod", manage_guild=True)
    shown = await fake.slash(alice, channel, "table", "settings")
    assert "taking over absent players' seats: hard" in shown.content
    refused = await fake.slash(alice, channel, "table", "settings", options={"takeover_level": "easy"})
    assert "Manage Server" in refused.content
    refused = await fake.slash(bob, channel, "table", "settings", options={"takeover_level": "hard"})
    assert "Server beheren" in refused.content
    saved = await fake.slash(mod, channel, "table", "settings", options={"takeover_level": "easy"})
    assert "Saved" in saved.content and "seats: easy" in saved.content
    await tafel.restart()
    shown = await fake.slash(alice, channel, "table", "settings")
    assert "taking over absent players' seats: easy" in shown.content
