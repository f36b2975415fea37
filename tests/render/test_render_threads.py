"""Pictures drawn in threads (``TAFELBOT_RENDER_PROCESSES=0``) are the same as drawn one by one.

Issue 15, item 3: a live board refresh once failed with ``KeyError('size')`` while How Ruck! and
Duvelen boards were drawn in threads. This draws many boards and hands of both games from many
threads at once, from cold caches (fonts, text sprites, card tiles and the translations are
rebuilt first), and requires every picture to be byte-identical to the one drawn alone.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

import locales
from render import cards, common
from table.spec import load_spec
from tests.engines.playout import random_steps

THREADS = 8


def _jobs(game: str, players: int, seeds: int, steps: int, every: int):
    spec = load_spec(game)
    engine = spec.engine
    jobs = []
    for seed in range(seeds):
        for step, seat, state in random_steps(engine, players, seed, steps):
            if step % every == 0:
                names = [f"Speler {i} ♥" for i in range(players)]
                locale = ("en", "nl")[step % 2]
                jobs.append((spec.render_board, engine.view(state, None), names, locale))
                if spec.render_hand is not None:
                    jobs.append((spec.render_hand, engine.view(state, seat), names, locale))
    return jobs


def _cold_caches() -> None:
    common.font.cache_clear()
    common._has_glyph.cache_clear()
    cards._text_sprite.cache_clear()
    cards._piece_width.cache_clear()
    cards.suit_mask.cache_clear()
    locales.reload()


def test_howruck_and_duvelen_drawn_in_many_threads_at_once_match_drawing_alone():
    jobs = _jobs("howruck", 2, 2, 100, 12) + _jobs("duvelen", 3, 2, 80, 12)
    assert len(jobs) > 20

    def draw(job):
        renderer, view, names, locale = job
        return renderer(view, names=names, locale=locale)

    _cold_caches()
    with ThreadPoolExecutor(THREADS) as pool:
        together = list(pool.map(draw, jobs))
    _cold_caches()
    alone = [draw(job) for job in jobs]
    assert together == alone
