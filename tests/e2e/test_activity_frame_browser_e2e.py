"""The Activity's pages after the first one, in a real browser inside the stand-in Discord client
(``tests.e2e.discord_frame``): a link to another site goes through Discord's client
(``openExternalLink``: a frame may not navigate away), signing out removes the frame's
partitioned cookie, and signing in again is the Activity's own authorize, inside the frame."""

from __future__ import annotations

from db import table_data
from tests.e2e.discord_frame import (
    DISCORD,
    PROXY,
    activity_frame,
    frame_address,
    frame_query,
    handshakes,
    in_discord,
    sent,
)
from tests.web.conftest import ALICE, GUILD
from web.sessions import SESSION_COOKIE


async def at_the_table(browser, site, discord, game_id: int):
    """Alice in the Activity of channel 1, at its table: (page, frame, requests, errors, table address)."""
    instance = discord.activities.launch(ALICE.user_id, GUILD, 1).instance_id
    page, reached, errors = await in_discord(
        browser, site, f"{DISCORD}/channels/{GUILD}/1", frame_address(instance, 1), discord.code_for(ALICE.user_id)
    )
    table = f"{PROXY}{await site.address(game_id)}".replace(PROXY + "/t/", PROXY + "/activity/t/")
    frame = activity_frame(page)
    await frame.wait_for_url(f"{table}?lang=en&{frame_query(instance, 1)}")
    await frame.wait_for_selector("#live .status")
    await handshakes(page, 2)
    return page, frame, reached, errors, table


async def test_a_link_to_another_site_is_opened_by_discords_client(browser, site, discord):
    game_id = await site.new_game("nim", channel=1)
    await table_data.set_board_message(site.store, game_id, 4242, 0)  # "Open in Discord" links to it
    page, frame, _reached, errors, _table = await at_the_table(browser, site, discord, game_id)
    here = frame.url
    await frame.evaluate("window.stayed = true")  # gone if the frame loads another document
    jump = f"https://discord.com/channels/{GUILD}/1/4242"
    await frame.click(f"a[href='{jump}']")  # "Open in Discord"
    await page.wait_for_function("() => window.seen.some((s) => s.cmd === 'OPEN_EXTERNAL_LINK')")
    assert [s["args"] for s in await sent(page, cmd="OPEN_EXTERNAL_LINK")] == [{"url": jump}]
    assert frame.url == here and await frame.evaluate("window.stayed") is True
    assert not errors, errors


async def test_signing_out_in_the_frame_removes_its_cookie_and_signing_in_stays_inside(browser, site, discord):
    game_id = await site.new_game("nim", channel=1)
    page, frame, reached, errors, table = await at_the_table(browser, site, discord, game_id)
    query = frame.url.split("?", 1)[1].removeprefix("lang=en&")
    assert await frame.locator(".who form button").count() == 1  # signed in
    await frame.click(".who form button")  # sign out
    await frame.wait_for_url(f"{table}?lang=en&{query}")  # the same page again, still inside the Activity
    await frame.wait_for_selector(".who a")  # "Sign in": nobody signed in
    signed_out = [r for r in reached if r[0] == "POST" and r[1] == "/signout"]
    assert len(signed_out) == 1 and f"{SESSION_COOKIE}=" in signed_out[0][2] and signed_out[0][3] == PROXY
    back = [r for r in reached if r[0] == "GET" and r[1] == table.removeprefix(PROXY)][-1]
    assert f"{SESSION_COOKIE}=" not in back[2]  # Chromium dropped the partitioned cookie
    await handshakes(page, 3)
    # Signing in again is the Activity's own authorize, in the frame (Discord's page would leave it).
    await page.evaluate(f"document.getElementById('activity').dataset.code = '{discord.code_for(ALICE.user_id)}'")
    await frame.click(".who a")
    await page.wait_for_function("() => window.seen.filter((s) => s.cmd === 'AUTHORIZE').length === 2")
    await frame.wait_for_url(f"{table}?lang=en&{query}")
    await frame.wait_for_selector(".who form button")  # signed in again
    await handshakes(page, 5)  # the Activity's first page, then the table: the SDK set up again after signing in
    assert not [s for s in await sent(page) if s["cmd"] == "OPEN_EXTERNAL_LINK"]
    assert not errors, errors
