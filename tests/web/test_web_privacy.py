"""Nothing private reaches the web: the style of tests/engines/test_view_privacy.py, one level up.

For games with hands, after some moves: take every page, stream event and picture the web serves
for a table (the table page, its event stream's update, the board picture, the replay page and
its pictures); then redeal every card nobody at the table may see from outside (every hand, the
draw piles, the generator's future; the game's own ``CHECKS.redeal`` for a spectator) in the
stored game, forget everything the app has cached, and take them all again. Whatever of a hand
reached a page, an event or a picture would change with the redeal; nothing may. The test checks
that the redeal changed the stored game, so it cannot pass by redealing nothing.
"""

from __future__ import annotations

import json

import pytest

from engines.rng import Rng
from table.picture_cache import PictureCache
from tests.conformance import checks_of
from tests.web.conftest import make_site
from tests.web.test_web_app import next_event
from web.pages import GameLogs


async def served(site, game_id: int) -> dict[str, bytes]:
    """Everything the web shows of the table, as served."""
    address = await site.address(game_id)
    row = await site.service.get(game_id)
    found: dict[str, bytes] = {}
    for lang in ("en", "nl"):
        for path in ("", "/replay"):
            found[f"{lang}{path}"] = await (await site.client.get(f"{address}{path}?lang={lang}")).read()
        stream = await site.client.get(f"{address}/events?lang={lang}", headers={"Last-Event-ID": "0"})
        await next_event(stream)  # retry
        update = await next_event(stream)
        found[f"{lang} event"] = update["data"].encode()
        stream.close()
    found["board"] = await (await site.client.get(f"{address}/board/{row.version}.png")).read()
    steps = len(site.app.pages.logs._logs[game_id].frames)
    for step in range(steps):
        found[f"step {step}"] = await (await site.client.get(f"{address}/replay/{step}.png")).read()
    return found


def forget_everything(site) -> None:
    app = site.app
    app.pages.logs = GameLogs(site.store, site.service.specs)
    app.pages.painter.cache = PictureCache()
    app.watchers._built.clear()


@pytest.mark.parametrize("game", ["hindmost", "howruck", "duvelen"])
async def test_redealing_hidden_cards_changes_nothing_served(tmp_path, game):
    site = await make_site(tmp_path)
    checks = checks_of(game)
    try:
        redealt = 0
        for round_ in range(2):
            game_id = await site.new_game(game, channel=10 + round_)
            for pick in range(3 + 4 * round_):
                row = await site.service.get(game_id)
                if row.status != "active":
                    break
                await site.move(game_id, pick)
            before = await served(site, game_id)
            # One picture, the board's (the players' seat markers are the same for every table).
            pictures = before["en"].count(b"<img") - before["en"].count(b'<img class="seat" src="/seat/')
            assert pictures == 1 and before["board"].startswith(b"\x89PNG")

            row = await site.service.get(game_id)
            engine = site.service.spec(game).engine
            state = engine.load(row.state)
            twin = checks.redeal(engine, state, None, Rng(7 + round_))
            # What was redealt: a seat's private part, or at least the hidden cards stored.
            redealt += engine.dump(twin) != engine.dump(state)
            assert engine.view(twin, None) == engine.view(state, None)
            await site.store.write_batch(
                [("UPDATE games SET state = ? WHERE id = ?", (json.dumps(engine.dump(twin)), game_id))]
            )
            forget_everything(site)
            after = await served(site, game_id)
            assert after.keys() == before.keys()
            changed = [key for key in before if before[key] != after[key]]
            assert not changed, f"{game}: redealing hidden cards changed {changed}"
        assert redealt, "the redeal changed no hand: the test would be toothless"
    finally:
        await site.client.close()
        await site.store.close()
