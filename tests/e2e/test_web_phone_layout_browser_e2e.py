"""At 400×800 (a phone) the board, the player's own hand and the choice after tapping a piece are
on one screen (issue 45, item 3), measured in headless Chromium for each of the five games.

The criterion: with the board's top scrolled to the top of the screen, the board, the hand and the
short list of moves for the tapped piece (``.tap-pick``) lie within 0..800 px of the screen
(a board or hand taller than the screen cannot; none is at 400 px wide). The positions measured
are printed (``pytest -s``) and written to /tmp/phone-layout.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.e2e import browser  # noqa: F401  (skips this module without Chromium)
from tests.e2e.drive import open_table
from tests.e2e.test_web_taps_browser_e2e import SHORT_OPTIONS, current, plan_shown, sign_in, table_url

HEIGHT = 800
GAMES = list(SHORT_OPTIONS.items())
REPORT = Path("/tmp/phone-layout.txt")

BOXES = """() => {
  const box = s => { const n = document.querySelector(s); if (!n) return null;
    const r = n.getBoundingClientRect(); return [Math.round(r.top), Math.round(r.bottom)]; };
  return {board: box('#live figure.board'), hand: box('#play figure.hand'), pick: box('.tap-pick'),
          page: document.documentElement.scrollHeight,
          smallest: [...document.querySelectorAll('.taps button.tap')].map(b => {
            const r = b.getBoundingClientRect(); return [Math.round(r.width), Math.round(r.height)]; })
            .sort((a, b) => Math.min(...a) - Math.min(...b))[0] || null};
}"""


@pytest.mark.parametrize(("game", "options"), [pytest.param(*g, id=g[0]) for g in GAMES])
async def test_board_hand_and_choice_on_one_phone_screen(fake, webbed, chromium, channel, alice, game, options):
    sign_in(webbed, alice=alice)
    game_id = await open_table(fake, webbed, channel, game, alice, computers=1, options=options)
    url = await table_url(fake, webbed, channel)
    row, _spec, _state, _to_move = await current(webbed, game_id)
    context = await chromium.new_context(viewport={"width": 400, "height": HEIGHT}, locale="en-GB")
    await context.add_cookies([{"name": "who", "value": "alice", "url": url}])
    page = await context.new_page()
    await page.goto(f"{url}?lang=en")
    plan = await plan_shown(page, row.version)
    await page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
    drawn = {k for p in plan["pictures"] for k in p["spots"]}
    # A piece with a choice of moves when the game has one, else any place to tap.
    piece = next((k for k, c in plan["root"]["tap"].items() if "tap" in c and k in drawn), None)
    if piece is not None:
        await page.locator(f'.taps button.tap[data-key="{piece}"]').first.click()
        await page.locator(".tap-pick").wait_for()
    await page.evaluate(
        "() => window.scrollTo(0, window.scrollY + document.querySelector('#live figure.board').getBoundingClientRect().top)"
    )
    boxes = await page.evaluate(BOXES)
    line = (
        f"{game:12s} board {boxes['board']} hand {boxes['hand']} choice {boxes['pick']} page {boxes['page']} px"
        f" smallest place to tap {boxes['smallest']}"
    )
    print(line)
    with REPORT.open("a") as out:
        out.write(line + "\n")
    await context.close()
    for name in ("board", "hand", "pick"):
        if boxes[name] is not None:
            top, bottom = boxes[name]
            assert top >= 0 and bottom <= HEIGHT, (name, boxes)
