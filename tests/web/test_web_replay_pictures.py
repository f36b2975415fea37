"""Stepping through a replay quickly: pictures drawn already cost nothing against the per-address
budget, so holding the arrow key cannot break them; drawing new ones (and wrong addresses) still counts."""

from __future__ import annotations

from tests.web.conftest import make_site
from web.state import WebSettings


async def test_drawn_replay_pictures_survive_fast_stepping(tmp_path):
    site = await make_site(tmp_path, WebSettings(burst=20, per_second=2.0))
    try:
        game_id = await site.new_game("hindmost")
        for pick in range(6):
            await site.move(game_id, pick)
        address = await site.address(game_id)
        steps = range(7)
        for step in steps:  # drawn once, at a calm pace
            site.clock.advance(1)
            assert (await site.client.get(f"{address}/replay/{step}.png")).status == 200
        # Holding → and ← without the clock moving: each step and the next one, far over the budget.
        statuses = [
            (await site.client.get(f"{address}/replay/{s}.png")).status
            for _ in range(10)
            for step in steps
            for s in (step, min(step + 1, 6))
        ]
        assert statuses == [200] * 140
        assert (await site.client.get(address)).status == 200  # the page's budget was not spent
    finally:
        await site.client.close()
        await site.store.close()


async def test_drawing_and_wrong_addresses_still_count(tmp_path):
    site = await make_site(tmp_path, WebSettings(burst=3, per_second=1.0))
    try:
        game_id = await site.new_game("hindmost")
        await site.move(game_id)
        address = await site.address(game_id)
        wrong = [(await site.client.get(f"/t/{game_id}/wrongtoken/replay/{n}.png")).status for n in range(2)]
        assert wrong == [404, 404]
        drawn = await site.client.get(f"{address}/replay/0.png")
        refused = await site.client.get(f"{address}/replay/1.png")
        assert (drawn.status, refused.status) == (200, 429)
        assert refused.headers["Retry-After"] == "1"
        assert (await site.client.get(f"{address}/replay/0.png")).status == 200  # drawn: free
    finally:
        await site.client.close()
        await site.store.close()
