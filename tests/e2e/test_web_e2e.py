"""The web companion from Discord's side: link buttons under boards, on /replay and in the /table
lists only when TAFELBOT_WEB_URL is set; the server page and new addresses in /table settings
(Manage Server); and without the setting, nothing of it anywhere."""

from __future__ import annotations

import aiohttp

from tests.e2e.drive import open_table
from tests.e2e.test_replay_e2e import play_quickly, replay
from tests.e2e.web_fixtures import link_buttons, start_webbed


async def test_without_a_web_url_nothing_changes(fake, tafel, channel, alice, bob):
    bot = tafel.bot
    assert bot.config.web.url is None and bot.web is None and bot.web_notifier is None
    assert bot.table_flow.shared.web is None and not bot.table_service.news.listened
    game_id = await open_table(fake, tafel, channel, "hindmost", alice, join=[bob])
    await tafel.settle()
    board = fake.last_public(channel)
    assert [b["custom_id"] for b in board.buttons()] == [f"tb:hand:{game_id}"]
    for command in ("mine", "running"):
        listing = await fake.slash(alice, channel, "table", command)
        assert not listing.message.buttons(), command
    shown = await fake.slash(alice, channel, "table", "settings")
    assert "web" not in shown.message.content.lower()
    # /table settings offers no web options at all (the command is as it was before the web).
    (table,) = [c for c in bot.tree.get_commands() if c.name == "table"]
    settings = table.get_command("settings")
    assert not {p.name for p in settings.parameters} & {"web_page", "web_new_links"}
    # The replay of a finished game: the GIF alone.
    await play_quickly(tafel, game_id)
    message = await replay(fake, tafel, bob, channel)
    assert not message.buttons()
    # No page is served and no news is sent: the bot never started the web app (bot.web above).
    assert bot.web is None and not bot.table_service.news.listened


async def test_links_under_boards_in_lists_and_on_replays(fake, webbed, channel, alice, bob):
    bot = webbed.bot
    links = bot.table_flow.shared.web
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await webbed.settle()
    row = await bot.store.get_game(game_id)
    board = fake.last_public(channel)
    (watch,) = link_buttons(board)
    assert watch["url"] == await links.table_url(row) and watch["label"] == "Watch"
    assert watch["url"].startswith(bot.config.web.url + f"/t/{game_id}/")
    # The page is there, for anyone with the address (nobody without it).
    async with aiohttp.ClientSession() as session:
        async with session.get(watch["url"]) as page:
            html = await page.text()
            assert page.status == 200 and "Devil Take The Hindmost" in html
            # A link back to the board message in Discord.
            row = await bot.store.get_game(game_id)
            assert f"https://discord.com/channels/{fake.guild_id}/{channel}/{row.board_message_id}" in html
        async with session.get(watch["url"][:-4] + "AAAA") as wrong:
            assert wrong.status == 404

    mine = await fake.slash(bob, channel, "table", "mine")
    assert [b["url"] for b in link_buttons(mine.message)] == [watch["url"]]
    assert link_buttons(mine.message)[0]["label"].startswith("Bekijken")  # bob's Dutch
    running = await fake.slash(alice, channel, "table", "running")
    assert [b["url"] for b in link_buttons(running.message)] == [watch["url"]]

    await play_quickly(webbed, game_id)
    message = await replay(fake, webbed, bob, channel)
    (again,) = link_buttons(message)
    assert again["url"] == await links.replay_url(await bot.store.get_game(game_id))
    assert again["url"].endswith("/replay")


async def test_server_page_and_new_addresses_need_manage_server(fake, webbed, channel, alice, bob):
    bot = webbed.bot
    links = bot.table_flow.shared.web
    mod = fake.add_user("mod", manage_guild=True)
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await webbed.settle()
    old = link_buttons(fake.last_public(channel))[0]["url"]

    (table,) = [c for c in bot.tree.get_commands() if c.name == "table"]
    assert {"web_page", "web_new_links"} <= {p.name for p in table.get_command("settings").parameters}
    refused = await fake.slash(alice, channel, "table", "settings", options={"web_page": True})
    assert refused.ephemeral and await links.server_url(fake.guild_id) is None
    shown = await fake.slash(alice, channel, "table", "settings")
    assert "Server page on the web: no" in shown.message.content

    turned_on = await fake.slash(mod, channel, "table", "settings", options={"web_page": True})
    server = await links.server_url(fake.guild_id)
    assert server is not None and [b["url"] for b in link_buttons(turned_on.message)] == [server]
    running = await fake.slash(alice, channel, "table", "running")
    assert [b["url"] for b in link_buttons(running.message)][0] == server

    rotated = await fake.slash(mod, channel, "table", "settings", options={"web_new_links": True})
    assert "old links no longer work" in rotated.message.content
    new = await links.table_url(await bot.store.get_game(game_id))
    assert new != old
    async with aiohttp.ClientSession() as session:
        async with session.get(old) as page:
            assert page.status == 404
        async with session.get(new) as page:
            assert page.status == 200
        async with session.get(server) as page:
            assert page.status == 404  # the server page's address changed with the secret too


async def test_table_mine_links_to_your_tables_where_people_can_sign_in(fake, channel, alice, bob, capture, tmp_path):
    tafel = await start_webbed(fake, tmp_path, signin=True)
    try:
        game_id = await open_table(fake, tafel, channel, "hindmost", alice, join=[bob])
        await tafel.settle()
        row = await tafel.bot.store.get_game(game_id)
        mine = await fake.slash(bob, channel, "table", "mine")
        yours, watch = link_buttons(mine.message)
        assert yours["url"] == tafel.bot.config.web.url + "/me" and yours["label"] == "Mijn tafels"  # bob's Dutch
        assert watch["url"] == await tafel.bot.table_flow.shared.web.table_url(row)
        async with aiohttp.ClientSession() as session, session.get(yours["url"]) as page:
            assert page.status == 200 and "Sign in with Discord" in await page.text()
        running = await fake.slash(alice, channel, "table", "running")
        assert [b["url"] for b in link_buttons(running.message)] == [watch["url"]], "only on your own list"
    finally:
        await tafel.stop()
