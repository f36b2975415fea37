"""The Activity in a real browser (headless Chromium), inside a fake Discord client
(``tests.e2e.discord_frame``): the handshake, the person's code, the table of the channel, and
what another site framing it gets. The bundle under test is the real ``web/static/activity.js``;
nothing in the app is swapped for a test.
"""

from __future__ import annotations

import shutil

from tests.e2e.discord_frame import (
    CAROL,
    DISCORD,
    FRAME_ID,
    PROXY,
    activity_frame,
    frame_address,
    frame_query,
    handshakes,
    in_discord,
    sent,
    until,
)
from tests.web.activity_discord import APP_ID
from tests.web.conftest import ALICE, BOB, GUILD


async def moved(site, game_id: int, version: int) -> bool:
    return (await site.service.get(game_id)).version > version


async def test_the_activity_opens_the_table_of_its_channel_inside_discord(browser, site, discord, tmp_path):
    game_id = await site.new_game("hindmost", channel=1)
    await site.move(game_id)
    row = await site.service.get(game_id)
    seat = sorted(site.service.spec("hindmost").engine.to_move(site.service.state_of(row)))[0]
    mover = ALICE if row.seats[seat].user_id == ALICE.user_id else BOB
    discord.add_user(BOB.user_id, BOB.name)
    instance = discord.activities.launch(mover.user_id, GUILD, 1).instance_id
    code = discord.code_for(mover.user_id)
    page, reached, errors = await in_discord(
        browser, site, f"{DISCORD}/channels/{GUILD}/1", frame_address(instance, 1), code
    )
    token = (await site.address(game_id)).rsplit("/", 1)[1]
    await page.wait_for_function("() => window.authorize !== undefined")
    frame = activity_frame(page)
    query = frame_query(instance, 1)  # carried to every page in the frame: the SDK reads it there
    await frame.wait_for_url(f"{PROXY}/activity/t/{game_id}/{token}?lang=en&{query}")
    await frame.wait_for_selector("#live .status")

    # The SDK's side of the protocol, as Discord's client sees it.
    handshake = await page.evaluate("window.handshake")
    assert handshake["client_id"] == str(APP_ID) and handshake["frame_id"] and handshake["v"] == 1
    assert await page.evaluate("window.authorize") == {
        "client_id": str(APP_ID),
        "response_type": "code",
        "state": "",
        "prompt": "none",
        "scope": ["identify"],
    }
    assert {s["origin"] for s in await page.evaluate("window.seen")} == {PROXY}
    # The table page set the SDK up again: a second handshake of the same frame, no second authorize.
    assert [s["frame_id"] for s in await handshakes(page, 2)] == [FRAME_ID, FRAME_ID]
    assert len(await sent(page, cmd="AUTHORIZE")) == 1
    # The server traded the code, asked about the instance, and the frame went to the table page.
    assert discord.activities.asked == [instance] and discord.codes == {}
    assert f"game {game_id}" in await frame.locator("h1").text_content()
    session = [r for r in reached if r[1] == "/activity/session"]
    assert session == [("POST", "/activity/session", "", PROXY)]
    # The session cookie of a third-party frame (SameSite=None; Secure; Partitioned) was kept and
    # came back with the table page: the play routes will know who this is.
    table = [r for r in reached if r[1] == f"/activity/t/{game_id}/{token}"]
    assert table and "tafelbot_session=" in table[0][2]
    assert not errors, errors
    shot = tmp_path / "activity-400.png"
    await page.screenshot(path=str(shot))
    shutil.copy(shot, "/tmp/h39-activity-table-400.png")
    # The replay and back, without leaving the Activity (a page outside it would not be framed).
    # Each page carries the frame's query and makes the SDK's handshake again.
    await frame.click(f"a[href='{token}/replay?lang=en']")
    await frame.wait_for_url(f"{PROXY}/activity/t/{game_id}/{token}/replay?lang=en&{query}")
    await frame.wait_for_selector("#replay")
    await handshakes(page, 3)
    await frame.click(f"a[href='../{token}?lang=en']")
    await frame.wait_for_url(f"{PROXY}/activity/t/{game_id}/{token}?lang=en&{query}")
    await frame.wait_for_selector("#live .status")
    await handshakes(page, 4)
    await frame.click("a[hreflang='nl']")  # the language switch
    await frame.wait_for_url(f"{PROXY}/activity/t/{game_id}/{token}?lang=nl&{query}")
    assert await frame.locator("html").get_attribute("lang") == "nl"
    assert len(await handshakes(page, 5)) == 5 and len(await sent(page, cmd="AUTHORIZE")) == 1
    assert not errors, errors
    # Playing inside Discord: a tap on one of the player's moves is a move (origin and CSRF pass).
    await frame.locator("button[data-action]").first.click()
    await until(lambda: moved(site, game_id, row.version))
    posted = [r for r in reached if r[0] == "POST" and r[1].endswith("/act")]
    assert posted and posted[0][3] == PROXY and "tafelbot_session=" in posted[0][2]
    assert not errors, errors


async def test_no_table_in_the_channel_is_a_friendly_page_in_the_persons_language(browser, site, discord, tmp_path):
    await site.new_game(channel=1)
    instance = discord.activities.launch(CAROL, GUILD, 3).instance_id
    page, reached, errors = await in_discord(
        browser, site, f"{DISCORD}/channels/{GUILD}/3", frame_address(instance, 3), discord.code_for(CAROL)
    )
    frame = activity_frame(page)
    await frame.wait_for_url(f"{PROXY}/activity/none?lang=nl&{frame_query(instance, 3)}")
    await handshakes(page, 2)  # the SDK set up again on the page of its own
    assert await frame.locator("html").get_attribute("lang") == "nl"
    assert await frame.locator("h1").text_content() == "Hier is geen tafel"
    assert (await frame.locator("#activity-none").text_content()).startswith("In dit kanaal is geen tafel open.")
    assert [e for e in errors if "status of 404" not in e] == []  # (the session's answer is a 404)
    await page.screenshot(path=str(tmp_path / "no-table-400.png"))
    shutil.copy(tmp_path / "no-table-400.png", "/tmp/h39-activity-none-400.png")


async def test_another_site_cannot_frame_the_activity(browser, site, discord):
    await site.new_game(channel=1)
    instance = discord.activities.launch(ALICE.user_id, GUILD, 1).instance_id
    code = discord.code_for(ALICE.user_id)
    page, reached, _errors = await in_discord(
        browser, site, "https://evil.example/play", frame_address(instance, 1), code
    )
    await page.wait_for_load_state("load")
    # The browser refused to show the page (frame-ancestors): no script of ours ran in it.
    assert [r[1] for r in reached] == ["/"]
    assert await page.evaluate("window.handshake") is None
    frame = page.frames[1]
    assert await frame.locator("#activity").count() == 0
    assert discord.codes  # the code was never spent


async def test_outside_discord_the_page_says_where_it_works(browser, site):
    page = await browser.new_page()
    await page.goto(str(site.client.make_url("/activity")))
    status = page.locator("#activity-status")
    await page.wait_for_function(
        "() => document.getElementById('activity-status').textContent.startsWith('This page works inside Discord')"
    )
    assert "Play on the board" in await status.text_content()
