"""A player's page loads each picture once a version (issue 39), in a real browser (headless
Chromium): the plan of taps names the pictures the page shows anyway (the public board, the
seat's hand), and the player's part shown again for the same version (a move's answer and the
stream's news of it, or the page's own part and the answer play.js asks for) keeps the hand
picture it has, which is never cached (it holds a hand): a new picture element would load it again."""

from __future__ import annotations

from collections import Counter

from tests.e2e import browser  # noqa: F401  (skips this module without Chromium)
from tests.e2e.drive import open_table
from tests.e2e.test_web_taps_browser_e2e import PHONE, current, page_of, plan_shown, sign_in, table_url, tap_a_move

LOADED = "() => [...document.images].every(i => i.complete && i.naturalWidth > 0)"


async def test_each_picture_is_loaded_once_a_version(fake, webbed, chromium, channel, alice):
    sign_in(webbed, alice=alice)
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, computers=1, options={"riders": 3, "races": 1})
    url = await table_url(fake, webbed, channel)
    page, errors = await page_of(chromium, url, "alice", width=PHONE, lang="en")
    pictures: list[str] = []
    # What the page asks for: not the hops of a redirect (a picture asked for as the computer moved
    # on is sent on to the newest, which the next part then shows: the server's doing, not the page's).
    page.on(
        "request",
        lambda r: pictures.append(r.url.split("/", 3)[-1]) if ".png" in r.url and not r.redirected_from else None,
    )
    row, _spec, _state, _to_move = await current(webbed, game_id)
    plan = await plan_shown(page, row.version)
    shown = await page.evaluate(
        "() => [...document.querySelectorAll('figure.board img, figure.hand img')].map(i => i.getAttribute('src'))"
    )
    assert sorted(p["src"] for p in plan["pictures"]) == sorted(shown)  # the plan's pictures are the page's
    await page.wait_for_function(LOADED)
    # The part asked for again at the same version (as news on the stream makes play.js do): the
    # same markup is not put in anew, so no picture element is touched.
    await page.evaluate("() => { document.querySelector('#play figure.hand img').dataset.seen = 'yes'; }")
    await page.evaluate(
        "() => { window.plans = 0; document.getElementById('play')"
        ".addEventListener('tafelbot:plan', () => { window.plans += 1; }); }"
    )
    await page.evaluate(
        "() => document.getElementById('live').dispatchEvent("
        "new CustomEvent('tafelbot:update', {detail: {version: 'again'}}))"
    )
    await page.wait_for_function("() => window.plans > 0")  # the part came, with its plan
    assert await page.locator("#play figure.hand img").get_attribute("data-seen") == "yes"
    # A move tapped: every picture of the versions shown loaded once, none from elsewhere.
    await tap_a_move(page, plan, plan["actions"][0]["action"])
    await page.wait_for_function(f"() => document.getElementById('play').dataset.version !== '{row.version}'")
    row, _spec, _state, _to_move = await current(webbed, game_id)
    await page.wait_for_function(f"() => document.getElementById('play').dataset.version === '{row.version}'")
    await page.wait_for_function(LOADED)
    twice = [address for address, times in Counter(pictures).items() if times > 1]
    assert not twice, twice
    assert len({p for p in pictures if "/hand/" in p}) >= 2  # a new hand came: the check is not toothless
    assert not any("/taps/" in p for p in pictures)
    assert not errors, errors
