"""The Activity in a real browser (headless Chromium), inside a fake Discord client.

Playwright serves a stand-in for Discord's client page at ``https://discord.com/...`` and routes
``https://<application id>.discordsays.com/...`` (Discord's Activity proxy) to the web companion
on 127.0.0.1, so the browser sees the origins it sees inside Discord: the page's framing policy,
the cookie of a third-party frame and the session request's ``Origin`` are the real ones. The
stand-in answers the Embedded App SDK's postMessage protocol as Discord's client does: the
handshake with READY, then AUTHORIZE with a code. The bundle under test is the real
``web/static/activity.js``; nothing in the app is swapped for a test.
"""

from __future__ import annotations

import asyncio
import shutil

import pytest
from playwright.async_api import Error as PlaywrightError
from playwright.async_api import async_playwright

from tests.e2e.browser import CHROMIUM, FLAGS
from tests.web.activity_discord import APP_ID, BOT_TOKEN, SECRET, ActivityDiscord
from tests.web.conftest import ALICE, BASE_URL, BOB, GUILD, make_site
from web.activity_config import ActivityConfig
from web.signin import SignInSettings

DISCORD = "https://discord.com"
PROXY = f"https://{APP_ID}.discordsays.com"
CAROL = 900_000_000_000_000_003

# What Discord's client does for the SDK in the frame (Discord.mjs: HANDSHAKE 0, FRAME 1).
PARENT_JS = """
window.seen = [];
window.addEventListener('message', (event) => {
  const frame = document.getElementById('activity');
  if (!frame || event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [op, data] = event.data;
  window.seen.push({ op, cmd: (data && data.cmd) || null, origin: event.origin });
  if (op === 0) {
    window.handshake = data;
    frame.contentWindow.postMessage([1, { cmd: 'DISPATCH', evt: 'READY', nonce: null,
      data: { v: 1, config: { api_endpoint: '//discord.com/api', environment: 'production' } } }], '*');
  } else if (op === 1 && data.cmd === 'AUTHORIZE') {
    window.authorize = data.args;
    frame.contentWindow.postMessage([1, { cmd: 'AUTHORIZE', evt: null, nonce: data.nonce,
      data: { code: frame.dataset.code } }], '*');
  }
});
"""


def parent_page(src: str, code: str) -> str:
    return f"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="{DISCORD}/fake-client.js"></script>
<style>html, body {{ margin: 0; height: 100%; }} iframe {{ border: 0; width: 100%; height: 100%; }}</style>
</head><body><iframe id="activity" data-code="{code}" src="{src}"></iframe></body></html>"""


def frame_address(instance: str, channel: int) -> str:
    """The address Discord gives the Activity's frame (the SDK reads these parameters)."""
    return (
        f"{PROXY}/?frame_id=0b9f4a52-7e1c-4d0e-9a57-2f3c1d5e6a7b&instance_id={instance}"
        f"&platform=desktop&guild_id={GUILD}&channel_id={channel}"
    )


@pytest.fixture
async def discord():
    fake = ActivityDiscord()
    await fake.start()
    fake.add_user(ALICE.user_id, ALICE.name)
    fake.add_user(CAROL, "carol", locale="nl")
    yield fake
    await fake.close()


@pytest.fixture
async def site(tmp_path, discord):
    config = ActivityConfig(str(APP_ID), SECRET, BOT_TOKEN, discord_url=discord.url)
    signin = SignInSettings(BASE_URL, str(APP_ID), SECRET, discord.url)
    site = await make_site(tmp_path, signin=signin, activity=config)
    yield site
    await site.client.close()
    await site.store.close()


@pytest.fixture
async def browser(tmp_path):
    async with async_playwright() as playwright:
        context = await playwright.chromium.launch_persistent_context(
            str(tmp_path / "chromium-profile"),
            executable_path=CHROMIUM,
            args=FLAGS,
            headless=True,
            viewport={"width": 400, "height": 800},  # a phone
            locale="en-GB",
        )
        try:
            yield context
        finally:
            await context.close()


async def in_discord(browser, site, parent: str, frame_src: str, code: str):
    """A page of the stand-in Discord client at ``parent`` framing ``frame_src``; the requests that
    reached the web companion through the proxy: (method, path, cookie header, origin)."""
    local = str(site.client.make_url("")).rstrip("/")
    reached: list[tuple[str, str, str, str]] = []

    async def client_page(route):
        if route.request.url.endswith("/fake-client.js"):
            await route.fulfill(body=PARENT_JS, content_type="text/javascript")
        else:
            await route.fulfill(body=parent_page(frame_src, code), content_type="text/html")

    async def proxy(route):
        request = route.request
        path = request.url.removeprefix(PROXY)
        headers = request.headers
        reached.append((request.method, path.split("?")[0], headers.get("cookie", ""), headers.get("origin", "")))
        if path.split("?")[0].endswith("/events"):
            # Playwright's fetch reads a whole body, so a never-ending event stream cannot pass
            # this stand-in proxy (Discord's does stream): "no content" ends it quietly.
            await route.fulfill(status=204)
            return
        try:
            answer = await route.fetch(url=local + path)
        except PlaywrightError:  # the app stopped while the page still asked (the test's end)
            await route.abort()
            return
        await route.fulfill(response=answer)

    scheme, _, host = parent.split("/", 3)[:3]
    await browser.route(f"{scheme}//{host}/**", client_page)
    await browser.route(f"{PROXY}/**", proxy)
    page = await browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(f"{error} {error.stack}"))
    page.on(
        "console",
        lambda message: errors.append(f"{message.text} {message.location}") if message.type == "error" else None,
    )
    await page.goto(parent)
    return page, reached, errors


async def moved(site, game_id: int, version: int) -> bool:
    return (await site.service.get(game_id)).version > version


async def until(condition, *, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if await condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not within the time")


def activity_frame(page):
    return next(frame for frame in page.frames if frame.url.startswith(PROXY))


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
    await frame.wait_for_url(f"{PROXY}/activity/t/{game_id}/{token}?lang=en")
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
    await frame.click(f"a[href='{token}/replay']")
    await frame.wait_for_url(f"{PROXY}/activity/t/{game_id}/{token}/replay")
    await frame.wait_for_selector("#replay")
    await frame.click(f"a[href='../{token}']")
    await frame.wait_for_url(f"{PROXY}/activity/t/{game_id}/{token}")
    await frame.wait_for_selector("#live .status")
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
    await frame.wait_for_url(f"{PROXY}/activity/none?lang=nl")
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
