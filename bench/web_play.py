"""Playing on the page under load (issue 39): from a tap to the applied move and the updated pages.

Run by ``bench/web.py`` (``--only play``); its parts in three processes:

- the bot's side (the caller's process, its event loop): the table service on a SQLite file in a
  temporary folder, the web app on 127.0.0.1 with the bot's own settings (updates of one game
  ``coalesce`` 0.2 s apart) but for the per-address limits, lifted (every page comes from
  127.0.0.1), and signing in faked (``tests.web.fake_people``). What follows a move is what the
  bot's aftermath costs here: the board drawn for Discord in the picture worker (so the page's
  board picture is then the cached one); nothing is sent anywhere.
- the watching pages (``--pages`` process): aiohttp event-stream connections, each as a browser's
  EventSource; they note when each update arrives (monotonic clock, shared by the processes).
- the player (``--player`` process): two people seated at the played table, each with their own
  page, playing as ``play.js`` does. A tap is the POST of a form the page shows (a move chosen at
  random among them); the answer replaces the mover's part; the update on the stream makes the
  other player's page ask for its part (``/play``) and the board picture be fetched. Between taps
  the player thinks ``--think`` seconds (longer than the coalescing, as a person).

One played table at a time (most pages watch it); the rest of the pages watch the other running
tables, which do not move. Games are played one after another (every game by default), a new table
of the same game when one ends, until the moves are spent.
"""

from __future__ import annotations

import asyncio
import gc
import json
import os
import random
import re
import resource
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from html import unescape
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
FORM = re.compile(r'name="(csrf|version|action)" value="([^"]*)"')


def raise_file_limit() -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    resource.setrlimit(resource.RLIMIT_NOFILE, (hard, hard))


def cpu_seconds() -> float:
    times = os.times()
    return times.user + times.system


def proc_cpu_seconds(pid: int) -> float:
    """User + system CPU of another live process (the picture worker), from /proc."""
    try:
        fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    except OSError:
        return 0.0
    return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")


def moves_in(html: str) -> tuple[str, str, list[str]]:
    """(csrf, version, actions) of a player's part as the page shows it; no actions: not their turn."""
    csrf = version = ""
    actions = []
    for name, value in FORM.findall(html):
        if name == "csrf":
            csrf = unescape(value)
        elif name == "version":
            version = value
        else:
            actions.append(unescape(value))
    return csrf, version, actions


async def read_events(stream: Any, seen: Any) -> None:
    """Call ``seen(version, over, monotonic time, bytes)`` for each update on an event stream."""
    while True:
        event = await stream.content.readuntil(b"\n\n")
        if not event.endswith(b"\n\n"):
            return  # the server ended the stream (the game is over)
        if event.startswith(b"id: "):
            at = time.monotonic()
            version = int(event[4 : event.index(b"\n")])
            seen(version, b'"over": true' in event, at, len(event))


# ---- the watching pages (a process of their own) --------------------------------------------------
async def pages_main(port: int) -> None:
    """Commands on stdin, one JSON line each: {"open": [address, ...]} (answers "ready" once every
    stream is open), {"close": address}, {"stop": true} (answers the arrivals and its CPU)."""
    import aiohttp

    raise_file_limit()
    arrivals: list[tuple[int, int, float]] = []  # (game, version, arrival)
    sizes: list[int] = []  # bytes of each update event
    tasks: dict[str, list[asyncio.Task[None]]] = {}
    loop = asyncio.get_running_loop()

    async def watch(address: str, opened: asyncio.Future[None], session: aiohttp.ClientSession) -> None:
        game = int(address.split("/")[2])
        try:
            async with session.get(f"http://127.0.0.1:{port}{address}/events", timeout=aiohttp.ClientTimeout()) as s:
                await s.content.readuntil(b"\n\n")  # retry: the stream is watching
                opened.set_result(None)

                def seen(version: int, _over: bool, at: float, size: int) -> None:
                    arrivals.append((game, version, at))
                    sizes.append(size)

                await read_events(s, seen)
        except (aiohttp.ClientPayloadError, asyncio.IncompleteReadError, ConnectionError):
            pass  # the game ended: the server closed the stream
        finally:
            if not opened.done():
                opened.set_result(None)

    async with aiohttp.ClientSession(connector=aiohttp.TCPConnector(limit=0)) as session:
        while True:
            command = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
            if "open" in command:
                opened = []
                for address in command["open"]:
                    future: asyncio.Future[None] = loop.create_future()
                    opened.append(future)
                    tasks.setdefault(address, []).append(asyncio.create_task(watch(address, future, session)))
                await asyncio.gather(*opened)
                gc.collect()
                gc.freeze()  # the open pages stay: the collector walks only what each update makes
                print("ready", flush=True)
            elif "close" in command:
                for task in tasks.pop(command["close"], []):
                    task.cancel()
            else:
                break
        for task in [t for group in tasks.values() for t in group]:
            task.cancel()
        await asyncio.gather(*[t for group in tasks.values() for t in group], return_exceptions=True)
    print(json.dumps({"arrivals": arrivals, "sizes": sizes, "cpu": cpu_seconds()}), flush=True)


# ---- the player (a process of its own) ------------------------------------------------------------
async def player_main(port: int) -> None:
    """Commands on stdin: {"play": {"address", "people", "moves", "think", "seed"}} plays at one
    table until the moves are spent or the game ends and answers its taps (one JSON line);
    {"stop": true} answers its CPU."""
    import aiohttp

    loop = asyncio.get_running_loop()
    site = f"http://127.0.0.1:{port}"
    async with aiohttp.ClientSession() as session:
        while True:
            command = json.loads(await loop.run_in_executor(None, sys.stdin.readline))
            if "play" not in command:
                break
            taps = await play_table(session, site, **command["play"])
            print(json.dumps(taps), flush=True)
    print(json.dumps({"cpu": cpu_seconds()}), flush=True)


async def play_table(
    session: Any, site: str, *, address: str, people: list[str], moves: int, think: float, seed: int
) -> list[dict[str, Any]]:
    import aiohttp

    pick = random.Random(seed)
    game = int(address.split("/")[2])
    newest: dict[str, tuple[int, float]] = {}  # each person's page: the version its stream showed last, when
    heard = {who: asyncio.Event() for who in people}
    over = asyncio.Event()

    def seen_by(who: str) -> Any:
        def seen(version: int, ended: bool, at: float, _size: int) -> None:
            newest[who] = (version, at)
            heard[who].set()
            if ended:
                over.set()

        return seen

    async def own_stream(who: str, opened: asyncio.Future[None]) -> None:
        url = f"{site}{address}/events"
        try:
            async with session.get(url, cookies={"who": who}, timeout=aiohttp.ClientTimeout()) as stream:
                await stream.content.readuntil(b"\n\n")
                opened.set_result(None)
                await read_events(stream, seen_by(who))
        except (aiohttp.ClientPayloadError, asyncio.IncompleteReadError, ConnectionError):
            pass
        finally:
            if not opened.done():
                opened.set_result(None)

    async def part(who: str) -> str:
        async with session.get(f"{site}{address}/play", cookies={"who": who}) as answer:
            return str((await answer.json())["html"]) if answer.status == 200 else ""

    async def until_version(who: str, version: int) -> float | None:
        """The time the person's page heard of ``version`` (None: not within 10 s)."""
        deadline = time.monotonic() + 10
        while newest.get(who, (-1, 0.0))[0] < version:
            heard[who].clear()
            try:
                await asyncio.wait_for(heard[who].wait(), deadline - time.monotonic())
            except TimeoutError:
                return None
        return newest[who][1]

    async def mover_page(who: str, version: int) -> tuple[float | None, float]:
        """The mover's page: the update heard, then the new board picture (as its <img> asks)."""
        heard_at = await until_version(who, version)
        async with session.get(f"{site}{address}/board/{version}.png?lang=en") as board:
            await board.read()
        return heard_at, time.monotonic()

    async def other_page(who: str, version: int) -> float | None:
        """Another seat's page: hears the update, then asks for its own part (play.js)."""
        if await until_version(who, version) is None:
            return None
        parts[who] = await part(who)
        return time.monotonic()

    opened = [asyncio.get_running_loop().create_future() for _ in people]
    streams = [asyncio.create_task(own_stream(who, o)) for who, o in zip(people, opened, strict=True)]
    await asyncio.gather(*opened)
    parts = {who: await part(who) for who in people}
    taps: list[dict[str, Any]] = []
    try:
        while len(taps) < moves and not over.is_set():
            ready = [who for who in people if moves_in(parts[who])[2]]
            if not ready:  # nobody's move shown yet (a refusal, a phase between): look again
                await asyncio.sleep(think)
                parts = {who: await part(who) for who in people}
                if not any(moves_in(parts[w])[2] for w in people) and not over.is_set():
                    break
                continue
            mover = ready[pick.randrange(len(ready))]
            csrf, version, actions = moves_in(parts[mover])
            form = {"csrf": csrf, "version": version, "action": pick.choice(actions)}
            headers = {"Accept": "application/json", "X-CSRF-Token": csrf}
            sent = time.monotonic()
            async with session.post(f"{site}{address}/act", data=form, headers=headers, cookies={"who": mover}) as a:
                answer = await a.json()
            if answer.get("ask"):  # "are you sure?": the second tap of the same move
                form["sure"] = "1"
                async with session.post(
                    f"{site}{address}/act", data=form, headers=headers, cookies={"who": mover}
                ) as a:
                    answer = await a.json()
            answered = time.monotonic()
            if not answer.get("ok"):
                taps.append({"game": game, "refused": answer.get("code", "?")})
                parts = {who: await part(who) for who in people}
                continue
            version_now = int(answer["version"])
            parts[mover] = str(answer["html"])
            # The pages are on other devices: each follows the move at once, side by side.
            others = [who for who in people if who != mover]
            (own, pictured), *ready_at = await asyncio.gather(
                mover_page(mover, version_now), *(other_page(who, version_now) for who in others)
            )
            done_at = [at for at in ready_at if at is not None]
            taps.append(
                {
                    "game": game,
                    "version": version_now,
                    "sent": sent,
                    "answered": answered,
                    "own_page": own,
                    "picture": pictured,
                    "other_part": max(done_at) if len(done_at) == len(others) and others else None,
                }
            )
            await asyncio.sleep(think)
    finally:
        for task in streams:
            task.cancel()
        await asyncio.gather(*streams, return_exceptions=True)
    return taps


# ---- the bot's side (the caller's process) --------------------------------------------------------
@dataclass
class Figures:
    taps: list[dict[str, Any]] = field(default_factory=list)
    watched: dict[int, int] = field(default_factory=dict)  # played game -> pages watching it
    arrivals: list[tuple[int, int, float]] = field(default_factory=list)
    sizes: list[int] = field(default_factory=list)  # bytes of each update a page received
    cpu: dict[str, float] = field(default_factory=dict)
    load: list[tuple[float, float, float]] = field(default_factory=list)
    games: dict[str, int] = field(default_factory=dict)  # tables played per game
    kinds: dict[int, str] = field(default_factory=dict)  # played table -> its game
    committed: dict[tuple[int, int], float] = field(default_factory=dict)  # (game, version): saved at
    written: dict[tuple[int, int], float] = field(default_factory=dict)  # ... written to every page at
    seconds: float = 0.0


class Helper:
    """A process of this module's, spoken to by JSON lines."""

    def __init__(self, role: str, port: int) -> None:
        self.process = subprocess.Popen(
            [sys.executable, __file__, role, str(port)], stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True
        )

    async def ask(self, command: dict[str, Any]) -> str:
        assert self.process.stdin is not None and self.process.stdout is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()
        return await asyncio.to_thread(self.process.stdout.readline)

    def tell(self, command: dict[str, Any]) -> None:
        assert self.process.stdin is not None
        self.process.stdin.write(json.dumps(command) + "\n")
        self.process.stdin.flush()


async def measure(
    *, pages: int, moves: int, tables: int, on_played: float, think: float, games: tuple[str, ...], seed: int = 39
) -> Figures:
    """Play ``moves`` taps on the page with ``pages`` pages watching; the figures, unprinted."""
    from db import Store
    from startup.client import GC_YOUNG_OBJECTS
    from table import lobby
    from table.levels import picture_names
    from table.picture_cache import PictureKey
    from table.pictures import Painter
    from table.registry import entry
    from table.service import ActResult, Player, TableService
    from table.spec import load_spec
    from table.weblinks import WebLinks
    from tests.web.fake_people import FakePeople
    from web.config import WebConfig
    from web.people import Person
    from web.serve import start_in_bot
    from web.state import WebSettings

    raise_file_limit()
    folder = Path(tempfile.mkdtemp(prefix="tafelbot-web-play-bench-"))
    store = await Store.open(folder / "bench.sqlite3")
    specs = {key: load_spec(entry(key)) for key in {*games, "hindmost"}}
    service = TableService(store, specs)
    painter = Painter(1)
    painter.start()
    links = WebLinks(store, "http://127.0.0.1")
    drawing: set[asyncio.Task[bytes]] = set()

    def followed(result: ActResult) -> None:
        """The aftermath's work that costs this machine: Discord's board, drawn in the worker."""
        spec = specs[result.row.game]
        renderer = spec.render_board
        names = picture_names("en", result.row.seats)
        key = PictureKey.of(result.row.id, result.row.version, None, "en", renderer, names)
        view = spec.engine.view(result.state, None)
        task = asyncio.ensure_future(painter.paint(renderer, view, key=key, names=names, locale="en"))
        drawing.add(task)
        task.add_done_callback(drawing.discard)

    settings = WebSettings(streams_per_address=pages + 100, streams_total=pages + 100, burst=1e9)
    server = await start_in_bot(
        WebConfig(url="http://127.0.0.1", port=0, host="127.0.0.1"),
        store,
        specs,
        links,
        painter,
        service.news,
        settings=settings,
        service=service,
        followed=followed,
    )
    people = {f"p{i}": Person(5000 + i, f"Player {i}", f"s{i}", f"csrf-{i}") for i in range(2)}
    server.state.people = FakePeople(people)
    seated = [Player(p.user_id, p.name) for p in people.values()]
    channels = iter(range(1, 1_000_000))

    async def new_table(game: str, players: list[Player]) -> str:
        row = await lobby.create(service, game, guild_id=1, channel_id=next(channels), host=players[0], options={})
        await lobby.join(service, row.id, players[1])
        started = (await lobby.start(service, row.id, players[0])).row
        return (await links.table_url(started)).removeprefix("http://127.0.0.1")

    others = [
        await new_table("hindmost", [Player(6000 + 2 * t, "A"), Player(6001 + 2 * t, "B")]) for t in range(tables - 1)
    ]
    on_table = max(1, round(pages * on_played)) if others else pages
    background = [others[i % len(others)] for i in range(pages - on_table)] if others else []
    committed: dict[tuple[int, int], float] = {}
    written: dict[tuple[int, int], float] = {}

    def saved(game: int, version: int) -> None:
        """Told after the app (subscribed first): the move's broadcast task exists now. Its end is
        when the bot has written the update to every page, before any page read it."""
        committed.setdefault((game, version), time.monotonic())
        broadcast = server.state.watchers._broadcasts.get(game)  # a bench may look inside
        if broadcast is not None:
            broadcast.add_done_callback(lambda _task: written.setdefault((game, version), time.monotonic()))

    service.news.subscribe(saved)
    figures = Figures(committed=committed, written=written)
    watchers = Helper("--pages", server.port)
    player = Helper("--player", server.port)
    try:
        if background:
            assert (await watchers.ask({"open": background})).strip() == "ready"
        # The bot's own collector settings once it is up (``TafelBot._resume``): what set-up made is
        # out of the collector's way, so a full collection walks only what play makes.
        gc.freeze()
        gc.set_threshold(GC_YOUNG_OBJECTS, 10, 10)
        worker = painter.workers()
        cpu = cpu_seconds(), sum(proc_cpu_seconds(pid) for pid in worker)
        figures.load.append(os.getloadavg())
        started = time.monotonic()
        share = [moves // len(games) + (i < moves % len(games)) for i in range(len(games))]
        for number, (game, quota) in enumerate(zip(games, share, strict=True)):
            while quota > 0:
                address = await new_table(game, seated)
                figures.games[game] = figures.games.get(game, 0) + 1
                assert (await watchers.ask({"open": [address] * on_table})).strip() == "ready"
                figures.watched[int(address.split("/")[2])] = on_table
                figures.kinds[int(address.split("/")[2])] = game
                play = {"address": address, "people": list(people), "moves": quota, "think": think}
                taps = json.loads(await player.ask({"play": {**play, "seed": seed * 1000 + number}}))
                watchers.tell({"close": address})
                figures.taps.extend(taps)
                done = sum(1 for t in taps if "version" in t)
                quota -= done
                if done == 0:
                    break  # a table where nothing could be played: not again
                figures.load.append(os.getloadavg())
        figures.seconds = time.monotonic() - started
        await asyncio.sleep(0.5)  # the last pictures drawn
        figures.cpu["bot process"] = cpu_seconds() - cpu[0]
        figures.cpu["picture worker"] = sum(proc_cpu_seconds(pid) for pid in worker) - cpu[1]
        stopped = json.loads(await watchers.ask({"stop": True}))
        figures.arrivals = [tuple(a) for a in stopped["arrivals"]]
        figures.sizes = stopped["sizes"]
        figures.cpu["pages process (whole run)"] = stopped["cpu"]
        figures.cpu["player process (whole run)"] = json.loads(await player.ask({"stop": True}))["cpu"]
    finally:
        for helper in (watchers, player):
            if helper.process.poll() is None:
                helper.process.kill()
            helper.process.wait(30)
        await server.close()
        painter.close()
        await store.close()
        shutil.rmtree(folder, ignore_errors=True)
    return figures


# ---- the figures ------------------------------------------------------------------------------------
def quantiles(values: list[float]) -> str:
    if not values:
        return "none"
    ordered = sorted(values)

    def at(q: float) -> float:
        return 1000 * ordered[min(len(ordered) - 1, int(q * len(ordered)))]

    return f"p50 {at(0.5):.0f}, p95 {at(0.95):.0f}, p99 {at(0.99):.0f}, max {1000 * ordered[-1]:.0f} ms"


def report(figures: Figures, *, pages: int, think: float) -> list[str]:
    played = [t for t in figures.taps if "version" in t]
    refused = [t for t in figures.taps if "refused" in t]
    by_move: dict[tuple[int, int], list[float]] = {}
    for game, version, at in figures.arrivals:
        by_move.setdefault((game, version), []).append(at)
    answer, every, pages_seen, own, picture, other = [], [], [], [], [], []
    short = 0
    for tap in played:
        sent = tap["sent"]
        answer.append(tap["answered"] - sent)
        arrived = by_move.get((tap["game"], tap["version"]), [])
        expected = figures.watched.get(tap["game"], 0)
        pages_seen.extend(at - sent for at in arrived)
        if len(arrived) < expected:
            short += 1
        else:
            every.append(max(arrived) - sent)
        for name, into in (("own_page", own), ("picture", picture), ("other_part", other)):
            if tap[name] is not None:
                into.append(tap[name] - sent)
    saved, first, last, written = [], [], [], []
    for tap in played:
        at = figures.committed.get((tap["game"], tap["version"]))
        arrived = by_move.get((tap["game"], tap["version"]), [])
        if at is not None:
            saved.append(at - tap["sent"])
            if (tap["game"], tap["version"]) in figures.written:
                written.append(figures.written[(tap["game"], tap["version"])] - at)
            if arrived:
                first.append(min(arrived) - at)
                last.append(max(arrived) - at)
    watching = max(figures.watched.values(), default=0)
    lines = [
        f"playing on the page: {len(played)} taps in {sum(figures.games.values())} tables"
        f" ({', '.join(f'{g} {n}' for g, n in figures.games.items())}), {pages} pages watching,"
        f" {watching} of them the played table; {think:.2f} s between taps; {figures.seconds:.0f} s",
        "  time from sending the tap's POST:",
        f"    its answer (the move applied, the mover's part):  {quantiles(answer)}",
        f"    the update at every watching page of the table:   {quantiles(every)}  [p99 <= 150 ms]",
        f"      (each page-update, {len(pages_seen)} of them:     {quantiles(pages_seen)})",
        f"    where it goes: sent to saved (commit):          {quantiles(saved)}",
        f"      saved to written to every page (the bot):      {quantiles(written)}",
        f"      saved to the first page hearing it:           {quantiles(first)}",
        f"      saved to the last page hearing it:            {quantiles(last)}",
        f"    the mover's own page hears it:                     {quantiles(own)}",
        f"    ... and has the new board picture:                 {quantiles(picture)}",
        f"    the other player's page has its new part (/play): {quantiles(other)}",
    ]
    slowest = []
    for tap in played:
        arrived = by_move.get((tap["game"], tap["version"]), [])
        if arrived:
            nth = 1 + [t["version"] for t in played if t["game"] == tap["game"]].index(tap["version"])
            slowest.append((max(arrived) - tap["sent"], figures.kinds.get(tap["game"], "?"), nth))
    slowest.sort(reverse=True)
    worst = ", ".join(f"{1000 * took:.0f} ms ({kind}, tap {nth} of its table)" for took, kind, nth in slowest[:5])
    lines.append(f"  the slowest taps to every page: {worst}")
    if short or refused:
        lines.append(f"  moves some page never heard of: {short}; taps refused: {len(refused)}")
    if figures.sizes:
        sizes = sorted(figures.sizes)
        lines.append(f"  an update event: median {sizes[len(sizes) // 2]} bytes, largest {sizes[-1]} bytes")
    spent = ", ".join(f"{name} {seconds:.1f} s" for name, seconds in figures.cpu.items())
    lines.append(f"  CPU: {spent}")
    loads = ", ".join(f"{one:.1f}" for one, _five, _fifteen in figures.load)
    lines.append(f"  load average (1 min) while measuring: {loads} ({os.cpu_count()} cores)")
    return lines


def main() -> None:
    role, port = sys.argv[1], int(sys.argv[2])
    runner = pages_main if role == "--pages" else player_main
    asyncio.run(runner(port))


if __name__ == "__main__":
    sys.path.insert(0, str(ROOT))
    main()
