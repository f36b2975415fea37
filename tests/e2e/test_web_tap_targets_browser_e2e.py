"""Every place to tap is at least 24×24 CSS px on a 400 px wide page (WCAG 2.2, 2.5.8; issue 45,
item 4), or a tap where it overlaps another place opens a choice between them, measured in
headless Chromium on positions of seeded games of the five games that have places to tap.

For each game the signed-in player's first few decisions are measured (the places at the top,
then those after tapping a piece that has a choice of moves), each position then played on by
tapping the normal computer player's move as ``render.taps.route`` says (so a tap on a place
alone still goes straight to it). Where two grown places overlap, a tap in the middle of the
overlap must open the short choice ("Which move?") offering both. The smallest place per game is
printed (``pytest -s``) and written to /tmp/tap-targets.txt."""

from __future__ import annotations

from pathlib import Path

import pytest

from engines.levels import NORMAL
from engines.rng import derive_seed
from tests.e2e import browser  # noqa: F401  (skips this module without Chromium)
from tests.e2e.drive import open_table
from tests.e2e.test_web_taps_browser_e2e import SHORT_OPTIONS, current, plan_shown, sign_in, table_url, tap_a_move

LEAST = 24
POSITIONS = 2  # decisions of the player measured per game
OVERLAPS = 2  # overlaps tapped per position (each costs a round trip)
GAMES = list(SHORT_OPTIONS.items())
REPORT = Path("/tmp/tap-targets.txt")

# Every place's box on the page (document coordinates), and the overlaps of two places' boxes.
MEASURE = """() => {
  const boxes = [...document.querySelectorAll('.taps button.tap')].map(b => {
    const r = b.getBoundingClientRect();
    return {key: b.dataset.key, left: r.left + scrollX, top: r.top + scrollY, right: r.right + scrollX,
            bottom: r.bottom + scrollY, width: r.width, height: r.height};
  });
  const overlaps = [];
  boxes.forEach((a, i) => boxes.slice(i + 1).forEach(b => {
    if (a.key === b.key) return;
    const left = Math.max(a.left, b.left), right = Math.min(a.right, b.right);
    const top = Math.max(a.top, b.top), bottom = Math.min(a.bottom, b.bottom);
    if (right - left > 1 && bottom - top > 1) overlaps.push({keys: [a.key, b.key], x: (left + right) / 2, y: (top + bottom) / 2});
  }));
  return {boxes, overlaps};
}"""


async def measure(page, where: str, found: list[str]) -> tuple[float, float] | None:
    """The smallest box (width, height) of the places shown; each box under 24×24 is noted in
    ``found``; every overlap tapped must offer both places."""
    shown = await page.evaluate(MEASURE)
    for box in shown["boxes"]:
        if box["width"] < LEAST - 0.1 or box["height"] < LEAST - 0.1:
            found.append(f"{where}: {box['key']} is {box['width']:.1f}×{box['height']:.1f} px")
    for overlap in shown["overlaps"][:OVERLAPS]:
        await page.evaluate(f"() => window.scrollTo(0, {overlap['y']} - 400)")
        scroll = await page.evaluate("() => [scrollX, scrollY]")
        await page.mouse.click(overlap["x"] - scroll[0], overlap["y"] - scroll[1])
        choice = page.locator(".tap-pick[data-ambiguous]")
        if not await choice.count():
            found.append(f"{where}: a tap where {overlap['keys']} overlap opened no choice")
            continue
        offered = await choice.locator("button[data-key]").evaluate_all("bs => bs.map(b => b.dataset.key)")
        if not set(overlap["keys"]) <= set(offered):
            found.append(f"{where}: the choice where {overlap['keys']} overlap offers {offered}")
        await choice.locator("button.cancel").click()
    if not shown["boxes"]:
        return None
    smallest = min(shown["boxes"], key=lambda b: min(b["width"], b["height"]))
    return round(smallest["width"], 1), round(smallest["height"], 1)


@pytest.mark.parametrize(("game", "options"), [pytest.param(*g, id=g[0]) for g in GAMES])
async def test_every_place_to_tap_is_a_fingertip_at_phone_width(fake, webbed, chromium, channel, alice, game, options):
    sign_in(webbed, alice=alice)
    game_id = await open_table(fake, webbed, channel, game, alice, computers=1, options=options)
    url = await table_url(fake, webbed, channel)
    context = await chromium.new_context(viewport={"width": 400, "height": 800}, locale="en-GB")
    await context.add_cookies([{"name": "who", "value": "alice", "url": url}])
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    await page.goto(f"{url}?lang=en")
    found: list[str] = []
    sizes: list[tuple[float, float]] = []
    for step in range(POSITIONS):
        row, spec, state, to_move = await current(webbed, game_id)
        if row.status != "active":
            break
        (seat,) = [s for s in to_move if row.seats[s].user_id == alice.id]
        plan = await plan_shown(page, row.version)
        await page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
        await page.wait_for_timeout(100)  # the places grow once their picture is there
        if (size := await measure(page, f"{game} step {step}", found)) is not None:
            sizes.append(size)
        drawn = {k for p in plan["pictures"] for k in p["spots"]}
        selected = await page.eval_on_selector_all(".taps .tap.selected", "bs => bs.map(b => b.dataset.key)")
        piece = next((k for k, c in plan["root"]["tap"].items() if "tap" in c and k in drawn), None)
        if piece is not None and not selected:
            await page.locator(f'.taps button.tap[data-key="{piece}"]').first.click()
            await page.locator(".tap-pick").wait_for()
            await page.wait_for_timeout(100)
            if (size := await measure(page, f"{game} step {step} after {piece}", found)) is not None:
                sizes.append(size)
            await page.keyboard.press("Escape")
        view = spec.engine.view(state, seat)
        offered = [a["action"] for a in plan["actions"] if a["action"] != "undo"]
        action = spec.choose(view, offered, derive_seed(game_id, step, seat), None, NORMAL)
        seen = len(await webbed.bot.store.moves(game_id))
        await tap_a_move(page, plan, action)
        moved = f"document.getElementById('play').dataset.version !== '{row.version}'"
        await page.wait_for_function(f"() => {moved} || document.querySelector('#play .sure') !== null")
        if await page.locator("#play .sure").count():
            await page.locator("#play .sure button").click()
            await page.wait_for_function(f"() => {moved}")
        assert (await webbed.bot.store.moves(game_id))[seen][1:] == (seat, action)  # the move tapped
    smallest = min(sizes, key=min, default=None)
    line = f"{game:12s} smallest place to tap at 400 px: {smallest} CSS px over {len(sizes)} views"
    print(line)
    with REPORT.open("a") as out:
        out.write(line + "\n")
    await context.close()
    assert not errors, errors
    assert not found, "\n".join(found)
