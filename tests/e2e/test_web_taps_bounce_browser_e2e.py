"""The bounce tap in a real browser (headless Chromium): a Trackgammon disc whose legal move ends
where it stands (backward 4 from point 3: 2, 1, bounce, 2, 3) is played by tapping the selected
disc again (``taps.js``: that tap plays the move the plan puts there, as ``render.taps.route``
counts), and a plan delivered again for the same version (a move's answer and the stream's news
of it, in either order) keeps what the player has selected. A fixed position, written into the
stored game, so the test is the same every run."""

from __future__ import annotations

import json

from engines.trackgammon import ENGINE
from tests.e2e import browser  # noqa: F401  (skips this module without Chromium)
from tests.e2e.drive import open_table
from tests.e2e.test_web_taps_browser_e2e import DESKTOP, current, forget_drawings, page_of, sign_in, table_url
from tests.engines.test_trackgammon import dumped

DISC = "cell:y0-3"  # alice's disc 3 on her point 3 (her part of the track is y0/p0)


async def bounce_table(fake, webbed, chromium, channel, alice, bob):
    """Alice (seat 0) to move with 4 and 6: disc 3 on point 3 (its moves: forward 4 and 6,
    backward 6, and backward 4, which bounces back to point 3), disc 5 on 6, the rest at the start."""
    sign_in(webbed, alice=alice, bob=bob)
    game_id = await open_table(fake, webbed, channel, "trackgammon", alice, join=[bob])
    url = await table_url(fake, webbed, channel)
    row, _spec, _state, _to_move = await current(webbed, game_id)
    assert row.seats[0].user_id == alice.id
    stored = dumped({0: {3: 3, 5: 6}}, dice=(4, 6), turn=0)
    await webbed.bot.store.write_batch([("UPDATE games SET state = ? WHERE id = ?", (json.dumps(stored), game_id))])
    forget_drawings(webbed)
    row, _spec, state, to_move = await current(webbed, game_id)
    assert to_move == {0} and "3b4" in ENGINE.legal_actions(state, 0)
    page, errors = await page_of(chromium, url, "alice", width=DESKTOP, lang="en")
    await page.wait_for_function(f"() => document.getElementById('play').dataset.plan === '{row.version}'")
    return game_id, row.version, page, errors


async def selected(page) -> list[str]:
    return await page.eval_on_selector_all(".taps .tap.selected", "bs => [...new Set(bs.map(b => b.dataset.key))]")


async def played(webbed, game_id: int, version: int, page) -> list[tuple[int | None, str]]:
    """Alice's moves in the stored log once the page shows the game moved on (5 s at most)."""
    await page.wait_for_function(
        f"() => document.getElementById('play').dataset.version !== '{version}'", timeout=10_000
    )
    await webbed.settle()
    return [(seat, action) for _seq, seat, action in await webbed.bot.store.moves(game_id)]


async def test_tapping_the_selected_disc_again_plays_its_move_that_bounces_back(
    fake, webbed, chromium, channel, alice, bob
):
    game_id, version, page, errors = await bounce_table(fake, webbed, chromium, channel, alice, bob)
    await page.locator(f'.taps button.tap[data-key="{DISC}"]').first.click()
    assert await selected(page) == [DISC]
    await page.locator(f'.taps button.tap.selected[data-key="{DISC}"]').first.click(timeout=10_000)
    assert await played(webbed, game_id, version, page) == [(0, "3b4")]
    row, _spec, state, _to_move = await current(webbed, game_id)
    assert ENGINE.view(state, None)["discs"][0][2] == 3  # bounced back to where it stood
    assert not errors, errors


async def test_the_same_plan_delivered_again_keeps_the_selection(fake, webbed, chromium, channel, alice, bob):
    game_id, version, page, errors = await bounce_table(fake, webbed, chromium, channel, alice, bob)
    await page.locator(f'.taps button.tap[data-key="{DISC}"]').first.click()
    assert await selected(page) == [DISC]
    # What play.js does with an answer (the stream's news of this version, or a move's answer):
    # the part put in anew, then the plan handed to taps.js. The same version: nothing changed.
    again = await page.evaluate(
        """async part => {
            const data = await (await fetch(part, {headers: {Accept: "application/json"}})).json();
            const own = document.getElementById("play");
            const fresh = document.createElement("template");
            fresh.innerHTML = data.html;
            own.replaceChildren(fresh.content);
            own.dispatchEvent(new CustomEvent("tafelbot:plan", {detail: {plan: data.plan, version: String(data.version)}}));
            return data.version;
        }""",
        await page.locator("#play").get_attribute("data-part"),
    )
    assert again == version
    assert await selected(page) == [DISC]
    assert await page.locator(".tap-pick button[data-action]").count() == 4  # disc 3's moves, still offered
    # Its move forward 4 is a tap on point 7 now (from the top that place is no move of its own).
    await page.locator('.taps button.tap[data-key="cell:y0-7"]').first.click(timeout=10_000)
    assert await played(webbed, game_id, version, page) == [(0, "3f4")]
    assert not errors, errors
