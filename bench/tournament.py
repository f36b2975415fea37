"""Tournament benchmark: Swiss pairing time by field size, and a whole Swiss with computer moves.

    python bench/tournament.py [--sizes 16,256,4096] [--samples 5] [--players 64] [--rounds 6] [--game howruck]

1. Pairing: for each field size, a Swiss of two-player tables is paired round after round (random
   results between rounds, random ratings), and each round's pairing is timed
   (``table.tournament.swiss.pair_two``: networkx max-weight matching in blocks of standing
   neighbours). Printed per size: the median and the worst round over ``--samples`` rounds
   [target: under 1 s for 4,096 players], and whether any pairing repeated.
2. A whole tournament: ``--players`` people in a Swiss of ``--rounds`` rounds of ``--game``, every
   move a computer's (the game's own computer player, through ``TableService.act`` as the bot's
   computer players do), on a SQLite file and a fake clock; rounds pair and open themselves when
   the last game of a round ends. Printed: wall time start to finish, games, moves, and time per
   move and per round's pairing.
Run it niced (``nice -n 10``). A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import itertools
import random
import statistics
import sys
import tempfile
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from db import GameStatus, Store, league  # noqa: E402
from db import tournaments as stored  # noqa: E402
from engines.rng import derive_seed  # noqa: E402
from table import lobby  # noqa: E402
from table.clock import FakeClock  # noqa: E402
from table.service import Player, TableService  # noqa: E402
from table.spec import load_spec  # noqa: E402
from table.tournament import swiss  # noqa: E402
from table.tournament.service import TournamentService  # noqa: E402
from table.tournament.standings import Played, standings  # noqa: E402


def pairing_times(size: int, samples: int, seed: int) -> tuple[list[float], int]:
    rng = random.Random(seed)
    players = list(range(1, size + 1))
    ratings = {u: rng.uniform(800, 2200) for u in players}
    played: list[Played] = []
    byes: list[int] = []
    times: list[float] = []
    repeats = 0
    for number in range(1, samples + 1):
        table = standings(players, played, ratings=ratings)
        ranked = [r.user_id for r in table]
        points = {r.user_id: r.points for r in table}
        met = swiss.met_pairs(t.players for t in played if not t.bye)
        started = time.perf_counter()
        pairing = swiss.pair_two(ranked, points, met, had_bye=byes)
        times.append(time.perf_counter() - started)
        repeats += sum(1 for t in pairing.tables if met.get(frozenset(t)))
        for a, b in pairing.tables:
            played.append(Played(number, (a, b), rng.choice([(1, 2), (2, 1), (1, 1)]), (0.0, 0.0)))
        if pairing.bye is not None:
            byes.append(pairing.bye)
            played.append(Played(number, (pairing.bye,), bye=True))
    return times, repeats


async def whole_swiss(players: int, rounds: int, game: str, folder: Path) -> None:
    store = await Store.open(folder / "cup.sqlite3")
    league.attach(store)
    spec = load_spec(game)
    clock = FakeClock()
    tables = TableService(store, {game: spec}, clock=clock)
    channels = itertools.count(10_000)
    moves = 0
    games = 0

    async def open_table(tournament, table, seated):
        nonlocal games
        games += 1
        result = await lobby.open_seated(
            tables, game, guild_id=1, channel_id=next(channels), players=seated, options=tournament.options, settings={}
        )
        return result.row.id

    cups = TournamentService(tables, open_table=open_table)
    cup = await cups.create(
        guild_id=1,
        channel_id=1,
        organiser=Player(1, "Org"),
        name="Bench",
        game=game,
        format="swiss",
        rounds=rounds,
        table_size=2,
        options={},
        settings={"move_seconds": 0},
        round_seconds=7 * 86400,
        locale="en",
        starts_at=None,
    )
    for user in range(100, 100 + players):
        await cups.join(cup.id, Player(user, f"P{user}"))
    started = time.perf_counter()
    await cups.start(cup.id, Player(1, "Org"))
    move_time = 0.0
    while (await cups.get(cup.id)).status == "running":
        row = await cups.get(cup.id)
        for t in await stored.tables(store, cup.id, row.current_round):
            if t.game_id is None:
                continue
            while True:
                game_row = await tables.get(t.game_id)
                if game_row.status != GameStatus.ACTIVE:
                    break
                state = tables.state_of(game_row)
                seat = min(spec.engine.to_move(state))
                legal = spec.engine.legal_actions(state, seat)
                view = spec.engine.view(state, seat)
                tick = time.perf_counter()
                action = spec.choose(view, legal, derive_seed(game_row.seed, game_row.version, seat))
                await tables.act(t.game_id, seat=seat, action=action)
                move_time += time.perf_counter() - tick
                moves += 1
        await cups.settle()
    total = time.perf_counter() - started
    done = await cups.overview(cup.id)
    await cups.close()
    await store.close()
    print(
        f"whole Swiss: {players} players, {rounds} rounds of {game}: {total:.1f} s start to finish, "
        f"{games} games, {moves} computer moves ({1000 * move_time / max(1, moves):.1f} ms a move, "
        f"decision + save), winner P{done.tournament.winner_id}"
    )
    print(f"  everything but the moves (pairing, opening tables, results): {total - move_time:.2f} s")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--sizes", default="16,256,4096")
    parser.add_argument("--samples", type=int, default=5, help="rounds paired per field size")
    parser.add_argument("--players", type=int, default=64)
    parser.add_argument("--rounds", type=int, default=6)
    parser.add_argument("--game", default="howruck")
    parser.add_argument("--skip-whole", action="store_true")
    args = parser.parse_args()
    for size in (int(s) for s in args.sizes.split(",")):
        times, repeats = pairing_times(size, args.samples, seed=size)
        print(
            f"pairing {size:>5} players: median {1000 * statistics.median(times):8.1f} ms, "
            f"worst {1000 * max(times):8.1f} ms over {len(times)} rounds; repeat pairings: {repeats}"
        )
    if not args.skip_whole:
        with tempfile.TemporaryDirectory() as folder:
            asyncio.run(whole_swiss(args.players, args.rounds, args.game, Path(folder)))


if __name__ == "__main__":
    main()
