"""Answers that come late cost the player nothing.

A move's answer (it waits for the new plan of taps, drawn on a busy machine): the stream's news of
the moves after it is shown meanwhile, the player taps their next move on that newer part and it
is sent, and the late answer, older than the page by then, does not put the page back on a turn
that has passed (where it stayed, "waiting", while it was the player's turn).

A picture: the new board and hand load into the pictures shown, so nothing on the page moves when
they come, not even under a finger pressing a move just then.

Each answer is held by the browser's own routing (Playwright): the request reaches the server at
once, only its answer waits."""

from __future__ import annotations

import asyncio

from tests.e2e import browser  # noqa: F401  (skips this module without Chromium)
from tests.e2e.drive import people_to_move
from tests.e2e.test_web_play_browser_e2e import a_table, signed_in
from tests.e2e.test_web_refused_browser_e2e import played_elsewhere, press_on_a_move, wide_page
from tests.web.test_web_app import until

# Counts the move answers the page has read (play.js reads each with response.text()): once the
# count is reached, a later task of the page sees everything that reading led to.
COUNTS_ANSWERS = """
window.answersRead = 0;
const fetched = window.fetch;
window.fetch = function (address, options) {
  return fetched.apply(this, arguments).then(function (response) {
    if (options && options.method === "POST") {
      const text = response.text.bind(response);
      response.text = () => text().then((body) => { window.answersRead += 1; return body; });
    }
    return response;
  });
};
"""


async def test_a_late_answer_neither_holds_the_next_tap_nor_puts_the_page_back(
    fake, webbed, chromium, channel, alice, bob
):
    row, url, mover, other = await a_table(fake, webbed, channel, alice, bob)
    users = {"alice": alice, "bob": bob}
    page, errors = await signed_in(chromium, url, mover, init_script=COUNTS_ANSWERS)
    store = webbed.bot.store
    releases: list[asyncio.Event] = []
    answered: list[int] = []

    async def hold(route):
        if route.request.method != "POST":
            await route.continue_()
            return
        release = asyncio.Event()
        releases.append(release)
        response = await route.fetch()  # the server has the move now; the page not its answer
        await release.wait()
        await route.fulfill(response=response)
        answered.append(response.status)

    await page.route("**/act*", hold)
    await page.locator("#play .moves button").first.click()
    first = await _version_after(webbed, row.id, row.version)
    # The other person answers from Discord until it is the mover's turn again.
    while True:
        now, seats = await people_to_move(webbed, row.id)
        if any(now.seats[s].user_id == users[mover].id for s in seats):
            break
        await played_elsewhere(webbed, now, users[other].id)
    assert now.version > first
    await page.wait_for_function(f"() => document.getElementById('play').dataset.plan === '{now.version}'")

    # The next tap, on the part the news brought, goes at once (it was dropped: "a move on its way").
    await page.locator("#play .moves button").first.click()
    await _version_after(webbed, row.id, now.version)
    releases[1].set()
    await webbed.settle()
    newest = (await store.get_game(row.id)).version
    await page.wait_for_function(f"() => document.getElementById('play').dataset.version === '{newest}'")
    # The first move's answer comes last, older than the page: the page stays on the newest.
    releases[0].set()
    await page.wait_for_function("() => window.answersRead === 2")
    assert answered == [200, 200]
    assert await page.evaluate("() => document.getElementById('play').dataset.version") == str(newest)
    assert not await page.evaluate("() => document.getElementById('play').hasAttribute('aria-busy')")
    assert not errors, errors


async def test_pictures_that_come_during_a_tap_move_nothing_under_the_finger(
    fake, webbed, chromium, channel, alice, bob
):
    row, url, mover, other = await a_table(fake, webbed, channel, alice, bob)
    users = {"alice": alice, "bob": bob}
    page = await wide_page(chromium, url, mover)
    release = asyncio.Event()
    held: list[str] = []

    async def hold(route):
        if "/board/" in route.request.url or "/hand/" in route.request.url:
            held.append(route.request.url)
            await release.wait()
        await route.continue_()

    await page.route("**/*.png*", hold)
    # A move each from Discord: the mover's turn again, on a new board and hand (held).
    await played_elsewhere(webbed, row, users[mover].id)
    while True:
        now, seats = await people_to_move(webbed, row.id)
        if any(now.seats[s].user_id == users[mover].id for s in seats):
            break
        await played_elsewhere(webbed, now, users[other].id)
    await page.wait_for_function(
        f"() => document.getElementById('play').dataset.plan === '{now.version}'"
        f" && document.getElementById('live').dataset.version === '{now.version}'"
    )
    await until(lambda: any("/board/" in u for u in held) and any("/hand/" in u for u in held))
    posts, button, box = await press_on_a_move(page)
    release.set()
    await page.wait_for_function(
        f"() => [...document.querySelectorAll('#live figure.board img, #play figure.hand img')]"
        f".every(i => i.complete && i.naturalWidth > 0 && i.src.includes('/{now.version}.png'))"
    )
    assert await button.bounding_box() == box, "the button moved under the finger"
    await page.mouse.up()
    await until(lambda: len(posts) == 1)
    await page.context.close()


async def _version_after(webbed, game_id: int, version: int, seconds: float = 8.0) -> int:
    """The game's version once a move after ``version`` is stored (the page's tap is in)."""
    loop = asyncio.get_running_loop()
    end = loop.time() + seconds
    while loop.time() < end:
        row = await webbed.bot.store.get_game(game_id)
        if row.version > version:
            return row.version
        await asyncio.sleep(0.05)
    raise AssertionError(f"no move after v{version} was stored: the tap was not sent")
