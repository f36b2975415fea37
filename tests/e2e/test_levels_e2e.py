"""Computer levels through Discord: the host picks them in the lobby (a button per level, or
``add-computer level:``), the lobby shows them next to the names, they survive a restart, and
``/table settings takeover_level`` picks who takes over absent players' seats."""

from __future__ import annotations

from cogs.table.components import buttons_view, lobby_button


def players_field(message) -> str:
    (embed,) = message.embeds
    return next(f["value"] for f in embed["fields"] if f["name"].startswith(("Players", "Spelers")))


async def test_the_host_picks_levels_they_show_and_survive_a_restart(fake, tafel, channel, alice):
    new = await fake.slash(alice, channel, "hindmost", "new")
    lobby = new.message
    labels = {b["custom_id"].rsplit(":", 1)[1]: b["label"] for b in lobby.buttons()}
    assert labels["add-computer-hard"] == "Add hard computer" and labels["add-computer-easy"] == "Add easy computer"
    game_id = (await tafel.bot.store.open_game_in_channel(channel)).id
    await fake.click(alice, lobby, f"tb:lobby:{game_id}:add-computer-hard")
    added = await fake.slash(alice, channel, "hindmost", "add-computer", options={"level": "easy"})
    assert added.ephemeral
    await fake.click(alice, lobby, f"tb:lobby:{game_id}:add-computer")
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


async def test_lobby_buttons_posted_before_the_ops_were_renamed_still_work(fake, tafel, channel, alice):
    # Lobby buttons sent before issue 37 name their ops "bot", "bot-<level>" and "unbot"; such a
    # lobby may still be open in a channel after the upgrade. Before each click its message gets
    # those buttons back, as the older code posted them (each answer redraws the lobby).
    lobby = (await fake.slash(alice, channel, "hindmost", "new")).message
    game_id = (await tafel.bot.store.open_game_in_channel(channel)).id

    async def click_old(op):
        old = buttons_view()
        for name in ("bot", "bot-hard", "unbot"):
            old.add_item(lobby_button(game_id, name, label=name))
        await tafel.bot.get_partial_messageable(int(channel)).get_partial_message(int(lobby.id)).edit(view=old)
        await fake.click(alice, lobby, f"tb:lobby:{game_id}:{op}")
        await tafel.settle()
        return [(s.computer, s.level) for s in (await tafel.bot.store.get_game(game_id)).seats]

    assert await click_old("bot-hard") == [(False, None), (True, "hard")]
    assert await click_old("bot") == [(False, None), (True, "hard"), (True, "normal")]
    assert await click_old("unbot") == [(False, None), (True, "hard")]


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
