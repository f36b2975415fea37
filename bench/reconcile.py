"""What the reconciler (``table.reconcile``) costs: one run over many running games.

A table heals by a reconciler run at start-up, when a channel works again and after a failed board;
it never polls. This measures such a run on a SQLite file with ``--games`` running Hindmost games
(three people each, a few moves played), of which ``--owing`` percent have a newest board that does
not show their stored version; showing a board is a no-op here, so the figure is the run's own
cost (reading and loading the games, deciding, arming, handing the boards over).

    python bench/reconcile.py [--games 1000] [--owing 10] [--repeat 5]

Prints the median and worst milliseconds of a whole run, per game, and of a one-game run (what a
failed board or a channel healing costs). A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import statistics
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from db import Store, table_data  # noqa: E402
from table import lobby  # noqa: E402
from table.aftermath import Aftermath, Change  # noqa: E402
from table.reconcile import Reconciler  # noqa: E402
from table.registry import entry  # noqa: E402
from table.service import Player, StateCache, TableService  # noqa: E402
from table.spec import load_spec  # noqa: E402
from table.timeouts import TimeKeeper  # noqa: E402

GAME = "hindmost"


async def fill(service: TableService, games: int, owing: float) -> list[int]:
    engine = service.spec(GAME).engine
    ids = []
    for n in range(games):
        people = [Player(1000 * n + k, f"P{k}") for k in range(1, 4)]
        row = await lobby.create(service, GAME, guild_id=1, channel_id=10_000 + n, host=people[0], options={})
        for person in people[1:]:
            await lobby.join(service, row.id, person)
        row = (await lobby.start(service, row.id, people[0])).row
        for _ in range(3):
            state = service.state_of(row)
            seat = min(engine.to_move(state))
            row = (await service.act(row.id, seat=seat, action=engine.legal_actions(state, seat)[0])).row
        if n >= games * owing:
            await table_data.set_board_message(service.store, row.id, 1, row.version)
        ids.append(row.id)
    return ids


async def main(games: int, owing: float, repeat: int) -> None:
    with tempfile.TemporaryDirectory() as folder:
        store = await Store.open(Path(folder) / "reconcile.sqlite3")
        service = TableService(store, {GAME: load_spec(entry(GAME))})
        shown = 0

        async def show(change: Change) -> None:
            nonlocal shown
            shown += 1

        async def nothing(row: object) -> None:
            return None

        aftermath = Aftermath(service, show=show, heads_up=nothing, computer_delay_factor=0.0)
        reconciler = Reconciler(service, aftermath, TimeKeeper(service, publish=aftermath.after))
        print(f"filling {games} running {GAME} games ({owing:.0%} owing a board) ...", flush=True)
        ids = await fill(service, games, owing)
        whole, single = [], []
        for _ in range(repeat):
            service._states = StateCache()  # a cold state cache, as at start-up
            started = time.perf_counter()
            report = await reconciler.run(arm=False)
            await aftermath.idle()
            whole.append(time.perf_counter() - started)
            started = time.perf_counter()
            await reconciler.run(game_id=ids[0])
            await aftermath.idle()
            single.append(time.perf_counter() - started)
        await aftermath.close()
        await store.close()
    print(f"games looked at per run: {report.games}; boards handed over per run: {report.boards}")
    print(
        f"whole run: median {1000 * statistics.median(whole):.1f} ms, worst {1000 * max(whole):.1f} ms;"
        f" {1e6 * statistics.median(whole) / games:.0f} µs per running game"
    )
    print(f"one game (a failed board, a healed channel): median {1000 * statistics.median(single):.1f} ms")


if __name__ == "__main__":
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--owing", type=float, default=10.0, help="percent of games owing a board")
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    asyncio.run(main(args.games, args.owing / 100, args.repeat))
