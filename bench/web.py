"""The web companion under load: time to first byte, how soon a connected page sees a move, and
what 1,000 open pages cost the bot.

    python bench/web.py [--streams 1000] [--games 20] [--moves 300] [--paced 100] [--rate 20]
    python bench/web.py --only play [--play-pages 1000] [--play-moves 250] [--think 0.3]

``--only read`` measures the read-only pages (below), ``--only play`` playing on the page (issue
39: from a tap to the applied move and the updated pages, ``bench/web_play.py``), ``--only taps``
taps per turn on the page against Discord's clicks (``bench/turn_taps.py``'s count, with means);
all three by default.

The bot's side runs in this process as it does with SQLite: the table service on a SQLite file,
its news of committed moves, and the web app served on 127.0.0.1 from the same event loop. A move
is what the bot does for one: ``TableService.act`` (committed to the database) and the board
picture drawn for Discord (the page's picture is then the cached one). The open pages are
aiohttp client connections in a separate process (so their memory and CPU are not the bot's),
each holding one event stream as a browser's EventSource does; they do not fetch pictures.

Prints:
- time to first byte (median, p99 of ``--ttfb`` requests each): the table page, the replay page,
  a board picture already drawn, a replay picture drawn afresh;
- the time from a committed move to its update arriving at each page watching that game (median
  and p99 over every page and move of the paced phase: ``--paced`` moves at ``--rate`` a second,
  spread over the games; monotonic clock, shared by both processes) [p99 <= 500 ms];
- the bot process's memory (RSS) before and with ``--streams`` streams open [<= 50 MB more];
- moves per second back to back, without watchers and with them [within 10%];
- playing on the page (``bench/web_play.py``): ``--play-moves`` taps by two people on their pages,
  ``--play-pages`` pages watching (``--on-played`` of them the played table), the time from sending
  a tap's POST to its answer and to the update at every page watching that table [p99 <= 150 ms],
  where that time goes, and the CPU seconds of each process;
- taps per turn on the page, mean and most, beside Discord's clicks, and per recruit moved in
  Manöver [at most 2].
Per-address limits are lifted for the run (every page comes from 127.0.0.1). The bot's side runs
on uvloop where it is installed, as the bot does. ``WEB_BENCH_PROFILE=1`` prints where the bot's
time goes while the pages watch.
This is a measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import gc
import json
import os
import resource
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
GAMES_PLAYED = ("hindmost", "trackgammon", "manoever", "howruck", "duvelen")


def rss_mb() -> float:
    with open("/proc/self/status") as status:
        for line in status:
            if line.startswith("VmRSS:"):
                return int(line.split()[1]) / 1024
    return float("nan")


def p99(values: list[float]) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]


def ms(value: float) -> str:
    return f"{1000 * value:.1f} ms"


def raise_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


# ---- the pages (a separate process) ---------------------------------------------------------------
async def pages_main(port: int, addresses: list[str]) -> None:
    import aiohttp

    raise_file_limit()
    arrivals: list[tuple[int, int, float]] = []  # (stream, version, monotonic time)
    ready = 0
    all_ready = asyncio.Event()

    async def watch(number: int, address: str, session: aiohttp.ClientSession) -> None:
        nonlocal ready
        async with session.get(f"http://127.0.0.1:{port}{address}/events", timeout=aiohttp.ClientTimeout()) as stream:
            await stream.content.readuntil(b"\n\n")  # retry: the stream is watching
            ready += 1
            if ready == len(addresses):
                all_ready.set()
            game = int(address.split("/")[2])
            while True:
                event = await stream.content.readuntil(b"\n\n")
                if event.startswith(b"id: "):
                    arrivals.append((number, game, int(event[4 : event.index(b"\n")]), time.monotonic()))

    connector = aiohttp.TCPConnector(limit=0)
    async with aiohttp.ClientSession(connector=connector) as session:
        tasks = [asyncio.create_task(watch(i, a, session)) for i, a in enumerate(addresses)]
        await all_ready.wait()
        print("ready", flush=True)
        await asyncio.get_running_loop().run_in_executor(None, sys.stdin.readline)  # until told to stop
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
    print(json.dumps(arrivals), flush=True)


# ---- the bot's side (this process) ----------------------------------------------------------------------
async def bot_main(args: argparse.Namespace) -> None:
    import aiohttp

    from db import Store
    from table import lobby
    from table.picture_cache import PictureKey
    from table.pictures import Painter
    from table.registry import entry
    from table.service import Player, TableService
    from table.spec import load_spec
    from table.weblinks import WebLinks
    from web.config import WebConfig
    from web.serve import start_in_bot
    from web.state import WebSettings

    raise_file_limit()
    loop_name = type(asyncio.get_running_loop()).__module__.split(".")[0]
    folder = Path(tempfile.mkdtemp(prefix="tafelbot-web-bench-"))
    store = await Store.open(folder / "bench.sqlite3")
    specs = {"hindmost": load_spec(entry("hindmost"))}
    spec = specs["hindmost"]
    service = TableService(store, specs)
    painter = Painter(args.render_processes)
    painter.start()
    links = WebLinks(store, "http://127.0.0.1")
    settings = WebSettings(streams_per_address=args.streams + 10, streams_total=args.streams + 10, burst=1e9)
    server = await start_in_bot(
        WebConfig(url="http://127.0.0.1", port=0, host="127.0.0.1"),
        store,
        specs,
        links,
        painter,
        service.news,
        settings=settings,
    )
    port = server.port
    players = [Player(1000 + i, f"Player {i}") for i in range(2 * args.games)]

    async def new_game(table: int) -> int:
        row = await lobby.create(
            service,
            "hindmost",
            guild_id=1,
            channel_id=100 + table + 1000 * len(games_made),
            host=players[2 * table],
            options={},
        )
        games_made.append(row.id)
        await lobby.join(service, row.id, players[2 * table + 1])
        return (await lobby.start(service, row.id, players[2 * table])).row.id

    games_made: list[int] = []
    tables = [await new_game(t) for t in range(args.games)]

    async def move(table: int) -> tuple[int, int, float]:
        """One move at a table, as the bot makes it: committed, then the board drawn (for Discord)."""
        game_id = tables[table]
        row = await service.get(game_id)
        if row.status != "active":
            tables[table] = game_id = await new_game(table)
            row = await service.get(game_id)
        state = service.state_of(row)
        seat = sorted(spec.engine.to_move(state))[0]
        legal = spec.engine.legal_actions(state, seat)
        result = await service.act(game_id, seat=seat, action=legal[0])
        committed = time.monotonic()
        names = [s.name for s in result.row.seats]
        renderer = spec.render_board
        key = PictureKey.of(game_id, result.row.version, None, "en", renderer, names)
        await painter.paint(renderer, spec.engine.view(result.state, None), key=key, names=names, locale="en")
        return game_id, result.row.version, committed

    for table in range(args.games):  # a few moves each, so the pages have lines and steps
        for _ in range(3):
            await move(table)

    # ---- time to first byte ----
    async with aiohttp.ClientSession() as session:

        async def first_byte(path: str) -> float:
            started = time.perf_counter()
            async with session.get(f"http://127.0.0.1:{port}{path}") as response:
                await response.content.read(1)
                took = time.perf_counter() - started
                await response.read()
                assert response.status == 200, (path, response.status)
            return took

        kinds: dict[str, list[float]] = {"table page": [], "replay page": [], "board picture (drawn)": []}
        kinds["replay picture (drawn afresh)"] = []
        for i in range(args.ttfb):
            game_id = tables[i % len(tables)]
            row = await service.get(game_id)
            address = (await links.table_url(row)).removeprefix("http://127.0.0.1")
            kinds["table page"].append(await first_byte(address))
            kinds["replay page"].append(await first_byte(address + "/replay"))
            kinds["board picture (drawn)"].append(await first_byte(f"{address}/board/{row.version}.png"))
            painter.cache.__init__(painter.cache.max_bytes)  # nothing cached: drawn for this request
            kinds["replay picture (drawn afresh)"].append(await first_byte(f"{address}/replay/1.png"))
    print(f"time to first byte ({args.ttfb} requests each, on 127.0.0.1):")
    for kind, values in kinds.items():
        print(f"  {kind:<30} median {ms(statistics.median(values))}, p99 {ms(p99(values))}")

    # ---- moves back to back, nobody watching ----
    async def back_to_back(count: int) -> tuple[float, float]:
        """Moves per second, and CPU milliseconds of this process (the bot's) per move."""
        started = time.perf_counter()
        cpu = time.process_time()
        for i in range(count):
            await move(i % len(tables))
        await asyncio.sleep(0.5)  # the updates of the last moves are built (and counted) too
        spent = time.process_time() - cpu
        return count / (time.perf_counter() - started - 0.5), 1000 * spent / count

    await back_to_back(20)  # warm
    gc.collect()
    alone, alone_cpu = await back_to_back(args.moves)
    gc.collect()
    before = rss_mb()

    # ---- the pages: a process of their own ----
    addresses = []
    for i in range(args.streams):
        row = await service.get(tables[i % len(tables)])
        addresses.append((await links.table_url(row)).removeprefix("http://127.0.0.1"))
    pages = subprocess.Popen(
        [sys.executable, __file__, "--pages", str(port)],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        text=True,
    )
    assert pages.stdin is not None and pages.stdout is not None
    pages.stdin.write(json.dumps(addresses) + "\n")
    pages.stdin.flush()
    line = await asyncio.to_thread(pages.stdout.readline)
    assert line.strip() == "ready", line
    gc.collect()
    await asyncio.sleep(0.5)
    with_streams = rss_mb()
    open_streams = server.state.streams.open

    # ---- paced moves: how soon each page sees them ----
    committed: dict[tuple[int, int], float] = {}
    for i in range(args.paced):
        game_id, version, at = await move(i % len(tables))
        committed[(game_id, version)] = at
        await asyncio.sleep(1 / args.rate)
    await asyncio.sleep(1.0)  # the last updates arrive

    # ---- moves back to back, with every page watching ----
    builds = server.state.watchers.builds
    if os.environ.get("WEB_BENCH_PROFILE"):
        import cProfile
        import pstats

        profile = cProfile.Profile()
        profile.enable()
        watched, watched_cpu = await back_to_back(args.moves)
        profile.disable()
        pstats.Stats(profile).sort_stats(os.environ.get("WEB_BENCH_PROFILE_SORT", "tottime")).print_stats(30)
    else:
        watched, watched_cpu = await back_to_back(args.moves)
    builds = server.state.watchers.builds - builds
    await asyncio.sleep(1.0)

    pages.stdin.write("\n")
    pages.stdin.flush()
    arrivals = json.loads(await asyncio.to_thread(pages.stdout.readline))
    pages.wait(30)
    await asyncio.sleep(0.5)
    again, again_cpu = await back_to_back(args.moves)  # nobody watching once more: the machine's drift
    delays = [at - committed[(game, version)] for _s, game, version, at in arrivals if (game, version) in committed]
    expected = args.paced * (args.streams // len(tables))

    print(f"update seen by a page after its move ({len(delays)} of {expected} page-updates, {args.paced} moves")
    print(f"  at {args.rate}/s over {len(tables)} games, {args.streams // len(tables)} pages each):")
    print(f"  median {ms(statistics.median(delays))}, p99 {ms(p99(delays))}, max {ms(max(delays))}  [p99 <= 500 ms]")
    print(f"memory of the bot process: {before:.1f} MB, with {open_streams} streams open {with_streams:.1f} MB")
    print(f"  {with_streams - before:+.1f} MB for {open_streams} streams  [<= 50 MB]")
    change = 100 * (watched - alone) / alone
    print(f"moves per second back to back ({args.moves} moves each; a move = commit + board picture):")
    print(
        f"  nobody watching {alone:.0f}/s, {open_streams} pages watching {watched:.0f}/s ({change:+.1f}%),"
        f" nobody again {again:.0f}/s  [within 10%]"
    )
    cpu_change = 100 * (watched_cpu - alone_cpu) / alone_cpu
    print(
        f"  the bot's CPU per move: {alone_cpu:.2f} ms alone, {watched_cpu:.2f} ms watched ({cpu_change:+.1f}%),"
        f" {again_cpu:.2f} ms alone again;"
        f" {builds} updates built for {args.moves} moves"
    )
    deliveries = args.moves * (args.streams // len(tables))
    extra = (watched_cpu - alone_cpu) * args.moves / max(1, deliveries)
    print(f"  the watchers' cost: {1000 * extra:.0f} µs of the bot's CPU per page per move it sees")
    print(f"  (picture processes: {args.render_processes}; machine: {os.cpu_count()} cores; loop: {loop_name})")
    await server.close()
    painter.close()
    await store.close()


async def play_main(args: argparse.Namespace) -> None:
    from bench import web_play

    games = tuple(args.play_games.split(","))
    profile = None
    if os.environ.get("WEB_BENCH_PROFILE"):  # where the bot's time goes (set-up included)
        import cProfile

        profile = cProfile.Profile()
        profile.enable()
    figures = await web_play.measure(
        pages=args.play_pages,
        moves=args.play_moves,
        tables=args.play_tables,
        on_played=args.on_played,
        think=args.think,
        games=games,
    )
    if profile is not None:
        import pstats

        profile.disable()
        pstats.Stats(profile).sort_stats(os.environ.get("WEB_BENCH_PROFILE_SORT", "tottime")).print_stats(25)
    for line in web_play.report(figures, pages=args.play_pages, think=args.think):
        print(line, flush=True)


def taps_per_turn(games: int) -> dict[str, dict[str, list[int]]]:
    """Taps per turn on the page against Discord's clicks (``bench/turn_taps.py``'s count), with
    the mean beside the maximum: on the board alone, and on the page (board or list: the list
    beside the board plays any move in one tap), and per recruit moved in Manöver (every one of
    its actions moves one)."""
    from bench.turn_taps import play
    from table.registry import GAMES, Extras
    from table.spec import load_spec

    counted: dict[str, dict[str, list[int]]] = {}
    print(f"taps per turn on the page ({games} games each, normal computer players choosing):")
    print(
        f"  {'game':12s} {'Discord clicks/turn':>19s} {'board taps/turn':>16s} {'turns over':>11s}"
        f" {'page taps/turn':>15s} {'turns over':>11s} {'taps/decision max':>18s}"
    )
    print(f"  {'':12s} {'mean max':>19s} {'mean max':>16s} {'':>11s} {'mean max':>15s}")
    for found in GAMES:
        if Extras.TAPS not in found.extras:
            continue
        spec = load_spec(found)
        players = min(spec.engine.max_players, max(spec.engine.min_players, 3))
        figures: dict[str, list[int]] = {
            key: []
            for key in (
                "taps",
                "kept",
                "page",
                "clicks",
                "over",
                "kept over",
                "page over",
                "per decision",
                "live over",
                "live page over",
            )
        }
        for game in range(games):
            play(spec, players, 100_003 + game, figures)
        counted[found.key] = figures
        # The page keeps the piece just moved selected (taps.js, render.taps.kept_selection): the
        # board's taps are the "kept" count of bench/turn_taps.py.
        most = max(figures["per decision"], default=0)

        def spread(values: list[int]) -> str:
            return f"{statistics.mean(values):.2f} {max(values):3d}"

        turns = len(figures["kept"])
        if turns:
            board, board_over = spread(figures["kept"]), f"{sum(figures['kept over'])} of {turns}"
            page, page_over = spread(figures["page"]), f"{sum(figures['page over'])} of {turns}"
            discord = spread(figures["clicks"])
        else:  # live rounds only: every action stands alone, counted per action
            board = page = discord = "(live)"
            board_over = f"{sum(figures['live over'])} of {len(figures['live over'])}"
            page_over = f"{sum(figures['live page over'])} of {len(figures['live page over'])}"
        print(
            f"  {found.key:12s} {discord:>19s} {board:>16s} {board_over:>11s} {page:>15s} {page_over:>11s} {most:18d}"
        )
        if found.key == "manoever":  # every action of Manöver moves one recruit
            print(f"  {'':12s} taps per recruit moved: at most {most}  [<= 2]")
    return counted


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--only", choices=("read", "play", "taps"), default=None)
    parser.add_argument("--play-pages", type=int, default=1000, help="pages watching while a person plays")
    parser.add_argument("--play-moves", type=int, default=250, help="taps played on the page")
    parser.add_argument("--play-tables", type=int, default=20, help="running tables the pages watch")
    parser.add_argument("--on-played", type=float, default=0.9, help="share of the pages on the played table")
    parser.add_argument("--think", type=float, default=0.3, help="seconds between a page's update and the next tap")
    parser.add_argument("--play-games", default=",".join(GAMES_PLAYED), help="games played, one after another")
    parser.add_argument("--taps-games", type=int, default=5, help="games per game for the taps per turn")
    parser.add_argument("--timeout", type=float, default=1200, help="seconds the play measurement may take")
    parser.add_argument("--streams", type=int, default=1000)
    parser.add_argument("--games", type=int, default=20)
    parser.add_argument("--moves", type=int, default=300)
    parser.add_argument("--paced", type=int, default=100)
    parser.add_argument("--rate", type=float, default=20.0)
    parser.add_argument("--ttfb", type=int, default=50)
    parser.add_argument("--render-processes", type=int, default=1)
    parser.add_argument("--pages", type=int, default=None, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.pages is not None:
        addresses = json.loads(sys.stdin.readline())
        asyncio.run(pages_main(args.pages, addresses))
        return
    try:
        import uvloop  # the bot's own loop where installed (bot.run_loop)

        loop_factory = uvloop.new_event_loop
    except ImportError:
        loop_factory = None
    with asyncio.Runner(loop_factory=loop_factory) as runner:
        if args.only in (None, "read"):
            runner.run(bot_main(args))
        if args.only in (None, "play"):
            try:
                runner.run(asyncio.wait_for(play_main(args), args.timeout))
            except TimeoutError:
                sys.exit(f"the play measurement gave up after {args.timeout:.0f} s (--timeout)")
    if args.only in (None, "taps"):
        taps_per_turn(args.taps_games)


if __name__ == "__main__":
    main()
