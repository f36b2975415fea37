"""A stand-in for Discord's client around the Activity, for the browser tests
(``test_activity_browser_e2e``, ``test_activity_frame_browser_e2e``).

Playwright serves the stand-in client page at ``https://discord.com/...`` and routes
``https://<application id>.discordsays.com/...`` (Discord's Activity proxy) to the web companion
on 127.0.0.1, so the browser sees the origins it sees inside Discord: the page's framing policy,
the cookie of a third-party frame and the requests' ``Origin`` are the real ones. The stand-in
answers the Embedded App SDK's postMessage protocol as Discord's client does: every handshake
with READY, AUTHORIZE with a code, OPEN_EXTERNAL_LINK with "opened"; ``window.seen`` keeps what
the frame sent.

What Discord documents for Activities (discord-api-docs: activities/development-guides
local-development "URL Mapping" and networking, change-log "Remove .proxy/ from Activity Proxy
Path", July 2025), and the stand-in does:

- the proxy serves ``https://<application id>.discordsays.com``; the portal's URL mapping ``/``
  names the site, and a path under ``/.proxy/`` maps exactly as the same path without it;
- every answer in the frame is held to Discord's content security policy: requests only to the
  proxy itself, ``https://discord.com/api/`` (and canary., ptb.) and a few paths of Discord's
  CDN. Discord does not publish the header's text; ``DISCORD_CSP`` allows what the docs list,
  added to the site's own policy (a browser enforces both);
- the proxy hides each person's address ("to hide the users' IP addresses"): every request reaches
  the site from the proxy, one address for everybody, with no header naming the person
  (``PROXY_ADDRESS`` in ``X-Forwarded-For``, for a site that trusts it);
- Discord's client page lets only its Activity proxy be framed (``frame-src``): a frame that
  navigates to another site is blocked, as inside Discord.
"""

from __future__ import annotations

import asyncio
from collections.abc import AsyncIterator
from contextlib import asynccontextmanager

import aiohttp
from playwright.async_api import BrowserContext, async_playwright
from playwright.async_api import Error as PlaywrightError

from tests.e2e.browser import CHROMIUM, FLAGS
from tests.web.activity_discord import APP_ID, BOT_TOKEN, SECRET, ActivityDiscord
from tests.web.conftest import ALICE, BASE_URL, GUILD, Site, make_site
from web.activity_config import ActivityConfig
from web.signin import SignInSettings

DISCORD = "https://discord.com"
PROXY = f"https://{APP_ID}.discordsays.com"
PROXY_ADDRESS = "162.159.128.233"  # Discord's proxy, as the site sees every person inside the Activity
DISCORD_CSP = " ".join(
    [
        f"default-src {PROXY}/ https://discord.com/api/ https://canary.discord.com/api/",
        "https://ptb.discord.com/api/ https://cdn.discordapp.com/attachments/ https://cdn.discordapp.com/avatars/",
        "https://cdn.discordapp.com/icons/ https://media.discordapp.net/attachments/",
        "https://media.discordapp.net/avatars/ https://media.discordapp.net/icons/ 'unsafe-inline' data: blob:",
    ]
)
CAROL = 900_000_000_000_000_003
FRAME_ID = "0b9f4a52-7e1c-4d0e-9a57-2f3c1d5e6a7b"

# What Discord's client does for the SDK in the frame (Discord.mjs: HANDSHAKE 0, FRAME 1).
PARENT_JS = """
window.seen = [];
window.addEventListener('message', (event) => {
  const frame = document.getElementById('activity');
  if (!frame || event.source !== frame.contentWindow || !Array.isArray(event.data)) return;
  const [op, data] = event.data;
  window.seen.push({ op, cmd: (data && data.cmd) || null, origin: event.origin,
    frame_id: (data && data.frame_id) || null, args: (data && data.args) || null });
  if (op === 0) {
    window.handshake = data;
    frame.contentWindow.postMessage([1, { cmd: 'DISPATCH', evt: 'READY', nonce: null,
      data: { v: 1, config: { api_endpoint: '//discord.com/api', environment: 'production' } } }], '*');
  } else if (op === 1 && data.cmd === 'AUTHORIZE') {
    window.authorize = data.args;
    frame.contentWindow.postMessage([1, { cmd: 'AUTHORIZE', evt: null, nonce: data.nonce,
      data: { code: frame.dataset.code } }], '*');
  } else if (op === 1 && data.cmd === 'OPEN_EXTERNAL_LINK') {
    frame.contentWindow.postMessage([1, { cmd: 'OPEN_EXTERNAL_LINK', evt: null, nonce: data.nonce,
      data: { opened: true } }], '*');
  }
});
"""


def parent_page(src: str, code: str) -> str:
    return f"""<!doctype html><html><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<script src="{DISCORD}/fake-client.js"></script>
<style>html, body {{ margin: 0; height: 100%; }} iframe {{ border: 0; width: 100%; height: 100%; }}</style>
</head><body><iframe id="activity" data-code="{code}" src="{src}"></iframe></body></html>"""


def frame_query(instance: str, channel: int) -> str:
    """The query Discord gives the Activity's frame (the SDK reads these parameters)."""
    return f"frame_id={FRAME_ID}&instance_id={instance}&platform=desktop&guild_id={GUILD}&channel_id={channel}"


def frame_address(instance: str, channel: int) -> str:
    return f"{PROXY}/?{frame_query(instance, channel)}"


@asynccontextmanager
async def activity_discord() -> AsyncIterator[ActivityDiscord]:
    """Discord's API as the Activity's server sees it (``tests.web.activity_discord``), with Alice and Carol."""
    fake = ActivityDiscord()
    await fake.start()
    fake.add_user(ALICE.user_id, ALICE.name)
    fake.add_user(CAROL, "carol", locale="nl")
    try:
        yield fake
    finally:
        await fake.close()


@asynccontextmanager
async def activity_site(tmp_path, discord: ActivityDiscord) -> AsyncIterator[Site]:
    """The web companion with signing in and the Activity on."""
    config = ActivityConfig(str(APP_ID), SECRET, BOT_TOKEN, discord_url=discord.url)
    signin = SignInSettings(BASE_URL, str(APP_ID), SECRET, discord.url)
    site = await make_site(tmp_path, signin=signin, activity=config)
    try:
        yield site
    finally:
        await site.client.close()
        await site.store.close()


@asynccontextmanager
async def phone_browser(tmp_path) -> AsyncIterator[BrowserContext]:
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
            # Discord's own page frames its Activities' proxy and nothing else.
            only_the_proxy = {"Content-Security-Policy": "frame-src https://*.discordsays.com"}
            await route.fulfill(body=parent_page(frame_src, code), content_type="text/html", headers=only_the_proxy)

    async def proxy(route):
        request = route.request
        path = mapped(request.url.removeprefix(PROXY))
        # One address for everybody: nothing that names the person's own address goes on.
        headers = {k: v for k, v in request.headers.items() if k.lower() not in PERSONAL_HEADERS}
        headers["x-forwarded-for"] = PROXY_ADDRESS
        reached.append((request.method, path.split("?")[0], headers.get("cookie", ""), headers.get("origin", "")))
        if path.split("?")[0].endswith("/events"):
            # Playwright's fetch reads a whole body, so a never-ending event stream cannot pass
            # this stand-in proxy (Discord's does stream): the stream's first moments are passed
            # on, and the page's script opens it again (the news it brings reaches the page).
            try:
                await route.fulfill(**await stream_for_a_while(local + path, headers))
            except (aiohttp.ClientError, PlaywrightError):  # the app stopped (the test's end)
                await route.abort()
            return
        try:
            # A redirect goes back to the browser as Discord's proxy passes it (with its cookies).
            answer = await route.fetch(url=local + path, headers=headers, max_redirects=0)
        except PlaywrightError:  # the app stopped while the page still asked (the test's end)
            await route.abort()
            return
        await route.fulfill(response=answer, headers=held_to_discords_csp(answer.headers))

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


PERSONAL_HEADERS = frozenset({"x-forwarded-for", "forwarded", "x-real-ip", "cf-connecting-ip", "true-client-ip"})


def mapped(path: str) -> str:
    """The site's path for a path of the proxy: the URL mapping ``/`` (the site), with or without
    the ``/.proxy`` prefix (both work alike, Discord's change log says)."""
    if path == "/.proxy" or path.startswith(("/.proxy/", "/.proxy?")):
        path = path.removeprefix("/.proxy")
    return path if path.startswith("/") else "/" + path


def held_to_discords_csp(headers: dict[str, str]) -> dict[str, str]:
    """The site's answer with Discord's policy beside its own (a comma joins two policies)."""
    found = dict(headers)
    own = next((v for k, v in found.items() if k.lower() == "content-security-policy"), None)
    found = {k: v for k, v in found.items() if k.lower() != "content-security-policy"}
    found["Content-Security-Policy"] = f"{own}, {DISCORD_CSP}" if own else DISCORD_CSP
    return found


async def stream_for_a_while(url: str, headers: dict[str, str], seconds: float = 1.0) -> dict:
    """What an event stream sends in its first ``seconds`` (or up to its first update), as an
    answer Playwright can fulfill a route with."""
    sent = {k: v for k, v in headers.items() if k.lower() in ("cookie", "accept", "accept-language", "last-event-id")}
    body = b""
    async with aiohttp.ClientSession() as http, http.get(url, headers=sent) as answer:
        if answer.status != 200:
            return {"status": answer.status, "body": await answer.read()}
        try:
            async with asyncio.timeout(seconds):
                while b"event: update" not in body or not body.endswith(b"\n\n"):
                    chunk = await answer.content.readany()
                    if not chunk:
                        break
                    body += chunk
        except TimeoutError:
            pass
    return {"status": 200, "body": body, "headers": {"Content-Type": "text/event-stream", "Cache-Control": "no-store"}}


async def until(condition, *, seconds: float = 5.0) -> None:
    for _ in range(int(seconds / 0.05)):
        if await condition():
            return
        await asyncio.sleep(0.05)
    raise AssertionError("not within the time")


def activity_frame(page):
    return next(frame for frame in page.frames if frame.url.startswith(PROXY))


async def sent(page, op: int | None = None, cmd: str | None = None) -> list[dict]:
    """What the frame sent Discord's client so far: handshakes (op 0), or commands named ``cmd``."""
    seen = await page.evaluate("window.seen")
    return [s for s in seen if (op is None or s["op"] == op) and (cmd is None or s["cmd"] == cmd)]


async def handshakes(page, count: int) -> list[dict]:
    """Once the frame has made ``count`` handshakes (a new document in the frame makes one): them."""
    await page.wait_for_function(f"() => window.seen.filter((s) => s.op === 0).length >= {count}")
    return await sent(page, op=0)
