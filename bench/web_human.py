"""Two people playing whole games on the web as fast as they can think (issue 45), in headless
Chromium: what a player meets that a budget or a lost answer would do to them.

    python bench/web_human.py [--games hindmost,trackgammon,...] [--think 0.5] [--where site,activity]
                              [--decisions N] [--minutes M]

The bot's side runs in this process as with SQLite (``bench/web_play.py`` does the same): the table
service on a SQLite file in a temporary folder, the web app on 127.0.0.1 with the bot's own
settings and limits (nothing lifted), signing in with Discord on (sessions opened as a sign-in
opens them), and what follows a move is what costs the bot's machine: the board drawn for Discord
in the table's language (English), so that picture is then the cached one. Nothing else is drawn
ahead: the other language's pictures cost a drawing and a request each (the slowest path).

Two people, each in a browser profile of their own, both from 127.0.0.1: alice, whose page is in
the table's language at 1280 px, and bob, in Dutch at 400 px (a phone). Each decides when their
page shows them moves: ``--think`` seconds after it does (0.5 s: a decision every half second),
the move the normal computer player would choose (so games end as real ones do), tapped on the
page's own button for it (play.js sends it, as a person's tap). A confirmation ("are you sure?")
is a decision of its own. ``--where activity`` plays the same inside the stand-in Discord client:
each person opens the Activity in the table's channel (``tests.e2e.discord_frame``: its parent page
and SDK answers; its proxy ``tests.e2e.discord_proxy``, which passes streams), signs in there,
and every person reaches the site from the proxy's one address.

Per game and place it prints:
- requests refused: answers 429 to either page (by kind: tap, the player's part, pictures, ...);
- taps lost: a tap whose move never got the game's answer (played, or the game's own refusal,
  such as "too late" in a race) within 20 s;
- pages stuck: a page whose own part stayed behind the game's version for more than 5 s (or
  that never caught up by the end);
- broken pictures: a board or hand picture left broken (its alt text shown) for more than 3 s;
- the lowest each person's request budget and budget of moves fell (of their full size), and the
  requests each page made, by kind (what the budget is sized from).
Target: 0 refused, 0 lost, 0 stuck, 0 broken. A measurement, not a test: it asserts nothing.
"""

from __future__ import annotations

import argparse
import asyncio
import contextlib
import json
import random
import shutil
import sys
import tempfile
import time
from collections import Counter
from collections.abc import AsyncIterator, Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GAMES = ("hindmost", "trackgammon", "manoever", "howruck", "duvelen")
STUCK = 5.0  # seconds a page's own part may lag the game before it counts as stuck
BROKEN = 3.0  # seconds a picture may stay broken before it counts
ANSWER = 20.0  # seconds a tap may wait for the game's answer before it counts as lost


@dataclass(frozen=True)
class Person:
    name: str
    user_id: int
    lang: str  # the page's language
    locale: str  # the browser's (and Discord's) locale
    width: int


PEOPLE = (
    Person("alice", 900_000_000_000_000_041, "en", "en-GB", 1280),  # the table's language
    Person("bob", 900_000_000_000_000_042, "nl", "nl", 400),  # the other language, a phone
)


@dataclass
class PageFigures:
    requests: Counter[str] = field(default_factory=Counter)  # by kind
    refused: Counter[str] = field(default_factory=Counter)  # 429s by kind
    taps: int = 0
    played: int = 0
    asked: int = 0  # taps answered "are you sure?" (the confirmation is the next tap)
    game_refused: int = 0  # the game's own refusals (too late, the board moved on)
    lost: int = 0
    lost_why: Counter[str] = field(default_factory=Counter)  # what became of each lost tap
    stuck: int = 0
    longest_lag: float = 0.0
    broken: int = 0
    budget_low: float | None = None  # the lowest the person's request budget fell
    moves_low: float | None = None  # ... and their budget of moves
    counted: int = 0  # requests the request budget counted for the person
    tapped_at: list[float] = field(default_factory=list)
    lost_taps: list[str] = field(default_factory=list)  # each lost tap, and what the page saw of it

    def busiest(self, seconds: float = 10.0) -> int:
        """The most taps in any ``seconds``."""
        times = self.tapped_at
        return max((sum(1 for t in times[i:] if t < start + seconds) for i, start in enumerate(times)), default=0)


@dataclass
class GameFigures:
    game: str
    where: str
    seconds: float = 0.0
    finished: bool = False
    pages: dict[str, PageFigures] = field(default_factory=dict)

    def total(self, name: str) -> int:
        return sum(
            sum(getattr(p, name).values()) if isinstance(getattr(p, name), Counter) else getattr(p, name)
            for p in self.pages.values()
        )


def kind_of(url: str, method: str) -> str:
    path = url.split("?", 1)[0]
    path = path.split("://", 1)[-1].split("/", 1)[-1]
    if method == "POST":
        return {"act": "tap", "take-back": "tap", "session": "sign-in"}.get(path.rsplit("/", 1)[-1], "post")
    for part, kind in (
        ("/board/", "board"),
        ("/hand/", "hand"),
        ("static/", "script"),
        ("seat/", "seat"),
        ("/replay/", "replay"),
    ):
        if part in "/" + path:
            return kind
    last = path.rsplit("/", 1)[-1]
    return {"play": "part", "events": "stream", "live": "poll"}.get(last, "page")


# ---- the bot's side --------------------------------------------------------------------------------
@dataclass
class Site:
    url: str
    store: Any
    service: Any
    links: Any
    state: Any  # the web app's WebApp
    discord: Any = None  # the Activity's Discord (``--where activity``)
    proxy: Any = None
    folder: Path = Path()
    spent: dict[str, dict[str, float]] = field(default_factory=dict)  # budget -> payer -> lowest tokens
    counted: Counter[str] = field(default_factory=Counter)  # payer -> requests the request budget counted


def _watch(budget: Any, lowest: dict[str, float], counted_for: Counter[str]) -> None:
    """Note the lowest each payer's bucket falls (the budget's margin at full speed)."""
    take = budget.take

    def counted(payer: str) -> float:
        counted_for[payer] += 1
        wait: float = take(payer)
        bucket = budget._buckets.get(payer)  # a bench may look inside
        if bucket is not None:
            lowest[payer] = min(lowest.get(payer, budget.burst), bucket.tokens)
        return wait

    budget.take = counted


@contextlib.asynccontextmanager
async def bot_side(games: tuple[str, ...], frame: bool) -> AsyncIterator[Site]:
    from db import Store
    from table.levels import picture_names
    from table.picture_cache import PictureKey
    from table.pictures import Painter
    from table.registry import entry
    from table.service import ActResult, TableService
    from table.spec import load_spec
    from table.weblinks import WebLinks
    from tests.e2e.discord_proxy import DiscordProxy
    from tests.e2e.web_fixtures import free_port
    from tests.web.activity_discord import APP_ID, BOT_TOKEN, SECRET, ActivityDiscord
    from web.activity_config import ActivityConfig
    from web.config import WebConfig
    from web.serve import start_in_bot

    folder = Path(tempfile.mkdtemp(prefix="tafelbot-web-human-"))
    store = await Store.open(folder / "bench.sqlite3")
    specs = {key: load_spec(entry(key)) for key in games}
    service = TableService(store, specs)
    painter = Painter(1)
    painter.start()
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    links = WebLinks(store, url)
    drawing: set[asyncio.Future[bytes]] = set()

    def followed(result: ActResult) -> None:
        """What the bot's aftermath costs here: Discord's board, in the table's language."""
        spec = specs[result.row.game]
        names = picture_names("en", result.row.seats)
        key = PictureKey.of(result.row.id, result.row.version, None, "en", spec.render_board, names)
        view = spec.engine.view(result.state, None)
        task = asyncio.ensure_future(painter.paint(spec.render_board, view, key=key, names=names, locale="en"))
        drawing.add(task)
        task.add_done_callback(drawing.discard)

    discord = proxy = None
    activity = None
    if frame:
        discord = ActivityDiscord()
        await discord.start()
        for person in PEOPLE:
            discord.add_user(person.user_id, person.name, locale=person.locale)
        activity = ActivityConfig(str(APP_ID), SECRET, BOT_TOKEN, discord_url=discord.url)
    config = WebConfig(
        url=url,
        port=port,
        host="127.0.0.1",
        client_id=str(APP_ID),
        client_secret=SECRET,
        discord_url=discord.url if discord else "http://127.0.0.1:9",  # no sign-in asks it outside the frame
    )
    server = await start_in_bot(
        config, store, specs, links, painter, service.news, service=service, followed=followed, activity=activity
    )
    site = Site(url, store, service, links, server.state, discord, None, folder)
    site.spent = {"requests": {}, "moves": {}}
    _watch(server.state.person_budget, site.spent["requests"], site.counted)
    _watch(server.state.people.changes, site.spent["moves"], Counter())
    try:
        if frame:
            proxy = DiscordProxy(url, APP_ID)
            await proxy.start(folder)
            site.proxy = proxy
        yield site
    finally:
        if proxy is not None:
            await proxy.close()
        await server.close()
        if discord is not None:
            await discord.close()
        painter.close()
        await store.close()
        shutil.rmtree(folder, ignore_errors=True)


async def new_table(site: Site, game: str, channel: int, options: dict[str, Any]) -> Any:
    from table import lobby
    from table.service import Player
    from tests.web.conftest import GUILD

    alice, bob = (Player(p.user_id, p.name) for p in PEOPLE)
    row = await lobby.create(
        site.service, game, guild_id=GUILD, channel_id=channel, host=alice, options=options, locale="en"
    )
    await lobby.join(site.service, row.id, bob)
    return (await lobby.start(site.service, row.id, alice)).row


# ---- a person's page ---------------------------------------------------------------------------------
# What each tap reached, recorded in the page itself (every frame): the element under the press,
# the click's target, the form submitted and whether a move was on its way then (aria-busy).
WITNESS = """(() => {
  window.__taps = [];
  const what = (el) => {
    const button = el && el.closest ? el.closest('button') : null;
    if (button) return 'button ' + (button.dataset.action || button.textContent.trim().slice(0, 20));
    return el && el.tagName ? el.tagName.toLowerCase() + (el.id ? '#' + el.id : '') : String(el);
  };
  const busy = () => { const own = document.getElementById('play'); return !!(own && own.getAttribute('aria-busy') === 'true'); };
  for (const kind of ['pointerdown', 'click', 'submit']) {
    document.addEventListener(kind, (event) => {
      window.__taps.push({ kind: kind, what: what(event.target), busy: busy(), at: Date.now() });
      if (window.__taps.length > 30) window.__taps.shift();
    }, true);
  }
})();"""

READ = """() => {
  const own = document.getElementById('play');
  const live = document.getElementById('live');
  const status = live && live.querySelector('.status');
  const pictures = Array.from(document.querySelectorAll('#live figure.board img, #play figure.hand img'))
    .map((i) => [i.getAttribute('src'), i.complete, i.naturalWidth]);
  const moves = own ? Array.from(own.querySelectorAll('.moves button[data-action]')).map((b) => b.dataset.action) : [];
  return {
    own: own ? Number(own.dataset.version) : -1,
    live: live ? Number(live.dataset.version || (status ? status.dataset.version : -1)) : -1,
    pictures: pictures,
    moves: moves,
    sure: !!(own && own.querySelector('form.sure button')),
  };
}"""


@dataclass
class Page:
    person: Person
    seat: int
    context: Any
    page: Any
    target: Any = None  # the page, or the Activity's frame in it
    figures: PageFigures = field(default_factory=PageFigures)
    answers: asyncio.Queue[Any] = field(default_factory=asyncio.Queue)
    sent: int = 0  # taps the page sent (play.js sends one per tap on a move, and again after a 429)

    def listen(self) -> None:
        def on_request(request: Any) -> None:
            kind = kind_of(request.url, request.method)
            self.figures.requests[kind] += 1
            if kind == "tap":
                self.sent += 1

        def on_response(response: Any) -> None:
            request = response.request
            kind = kind_of(response.url, request.method)
            if response.status == 429:
                self.figures.refused[kind] += 1
            if kind == "tap":
                self.answers.put_nowait(response)

        self.page.on("request", on_request)
        self.page.on("response", on_response)

    async def read(self) -> dict[str, Any] | None:
        try:
            found: dict[str, Any] = await self.target.evaluate(READ)
        except Exception:  # between documents (a navigation in the frame)
            return None
        return found


async def open_page(browser: Any, site: Site, row: Any, person: Person, seat: int, secret: str | None) -> Page:
    context = await browser.new_context(viewport={"width": person.width, "height": 800}, locale=person.locale)
    await context.add_init_script(WITNESS)
    address = (await site.links.table_url(row)).removeprefix(site.url)
    if site.proxy is None:
        from web.sessions import SESSION_COOKIE

        assert secret is not None
        await context.add_cookies([{"name": SESSION_COOKIE, "value": secret, "url": site.url}])
        page = await context.new_page()
        found = Page(person, seat, context, page, page)
        found.listen()
        await page.goto(f"{site.url}{address}?lang={person.lang}")
        return found
    from tests.e2e.discord_frame import DISCORD, PARENT_JS, PROXY, frame_address, parent_page
    from tests.web.conftest import GUILD

    instance = site.discord.activities.launch(person.user_id, GUILD, row.channel_id).instance_id
    code = site.discord.code_for(person.user_id)

    async def client_page(route: Any) -> None:
        if route.request.url.endswith("/fake-client.js"):
            await route.fulfill(body=PARENT_JS, content_type="text/javascript")
        else:
            await route.fulfill(
                body=parent_page(frame_address(instance, row.channel_id), code), content_type="text/html"
            )

    await context.route(f"{DISCORD}/**", client_page)
    page = await context.new_page()
    found = Page(person, seat, context, page)
    found.listen()
    await page.goto(f"{DISCORD}/channels/{GUILD}/{row.channel_id}")
    table = f"{PROXY}/activity{address}"
    for _ in range(400):
        frame = next((f for f in page.frames if f.url.startswith(table)), None)
        if frame is not None:
            found.target = frame
            break
        await asyncio.sleep(0.05)
    else:
        urls = [f.url for f in page.frames]
        raise RuntimeError(
            f"{person.name} never reached the table inside the Activity: {urls}, {site.proxy.passed} passed"
        )
    return found


# ---- playing and watching -----------------------------------------------------------------------------
async def watch(page: Page, site: Site, game_id: int, over: asyncio.Event) -> None:
    """Every 0.25 s: is the page's own part behind the game, is a picture broken?"""
    lag_since: float | None = None
    counted_lag = False
    broken_since: dict[str, float] = {}
    counted_broken: set[str] = set()
    while not over.is_set():
        seen = await page.read()
        row = await site.store.get_game(game_id)
        now = time.monotonic()
        if seen is not None and row is not None:
            if seen["own"] < row.version:
                lag_since = lag_since if lag_since is not None else now
                page.figures.longest_lag = max(page.figures.longest_lag, now - lag_since)
                if now - lag_since > STUCK and not counted_lag:
                    page.figures.stuck += 1
                    counted_lag = True
            else:
                lag_since, counted_lag = None, False
            for src, complete, width in seen["pictures"]:
                if complete and not width:
                    broken_since.setdefault(src, now)
                    if now - broken_since[src] > BROKEN and src not in counted_broken:
                        page.figures.broken += 1
                        counted_broken.add(src)
                else:
                    broken_since.pop(src, None)
        await asyncio.sleep(0.25)


async def witnessed(page: Page) -> str:
    """The last events of the tap just made, as the page recorded them (``WITNESS``)."""
    try:
        events = await page.target.evaluate("() => window.__taps.slice(-4)")
    except Exception as error:
        return f"nothing ({error.__class__.__name__})"
    return "; ".join(f"{e['kind']} on {e['what']}{' while busy' if e['busy'] else ''}" for e in events)


async def tap(page: Page, selector: str) -> bool:
    """A person's tap on the page's own button (scrolled to, as a finger finds it)."""
    button = page.target.locator(selector).first
    try:
        await button.click(timeout=3000)
    except Exception:
        return False
    return True


async def answer_of(page: Page) -> dict[str, Any] | None:
    """The game's answer to the tap just made: the first answer that is not a 429 (play.js tries
    a refused tap again), or None when there is none within ``ANSWER`` seconds."""
    give_up = time.monotonic() + ANSWER
    while True:
        try:
            response = await asyncio.wait_for(page.answers.get(), max(0.01, give_up - time.monotonic()))
        except TimeoutError:
            return None
        if response.status == 429:
            continue
        try:
            data: dict[str, Any] = await response.json()
        except Exception:
            data = {"ok": False, "code": f"HTTP {response.status}"}
        data["status"] = response.status
        return data


async def decide(page: Page, site: Site, game_id: int, over: asyncio.Event, think: float, budget: list[int]) -> None:
    """One person playing: ``think`` seconds after the page shows moves, the move chosen is tapped."""
    from engines.levels import NORMAL
    from engines.rng import derive_seed

    pick = random.Random(page.person.user_id)
    step = 0
    while not over.is_set() and budget[0] > 0:
        seen = await page.read()
        if seen is None or not (seen["moves"] or seen["sure"]):
            await asyncio.sleep(0.05)
            continue
        row = await site.store.get_game(game_id)
        spec = site.service.spec(row.game)
        state = site.service.state_of(row)
        if seen["sure"]:
            selector = "#play form.sure button"
        else:
            if page.seat not in spec.engine.to_move(state):
                await asyncio.sleep(0.05)
                continue
            legal = spec.engine.legal_actions(state, page.seat)
            view = spec.engine.view(state, page.seat)
            step += 1
            chosen = spec.choose(view, legal, derive_seed(row.id, step, page.seat), None, NORMAL)
            if chosen not in seen["moves"]:
                chosen = pick.choice(seen["moves"])
            selector = f"#play .moves button[data-action={json.dumps(chosen)}]"
        await asyncio.sleep(think)
        if over.is_set():
            break
        while not page.answers.empty():
            page.answers.get_nowait()
        sent = page.sent
        if not await tap(page, selector):
            continue  # the button went (the game moved on meanwhile): decide again
        budget[0] -= 1
        page.figures.taps += 1
        page.figures.tapped_at.append(time.monotonic())
        answer = await answer_of(page)
        if answer is None:
            page.figures.lost += 1
            why = "no answer" if page.sent > sent else "never sent"
            page.figures.lost_why[why] += 1
            page.figures.lost_taps.append(f"{why}: {selector}; the page saw {await witnessed(page)}")
        elif answer.get("ok"):
            page.figures.played += 1
        elif answer.get("ask"):
            page.figures.asked += 1
        elif answer["status"] == 409:
            page.figures.game_refused += 1  # too late in a race, the board moved on: the game's answer
        else:
            page.figures.lost += 1
            page.figures.lost_why[f"HTTP {answer['status']} {answer.get('code', '')}".strip()] += 1


async def settle(page: Page, site: Site, game_id: int) -> None:
    """After the game: the page's part reaches the last version and every picture shows."""
    row = await site.store.get_game(game_id)
    deadline = time.monotonic() + 10
    seen = None
    while time.monotonic() < deadline:
        seen = await page.read()
        if seen is not None and seen["own"] >= row.version and all(c and w for _s, c, w in seen["pictures"]):
            return
        await asyncio.sleep(0.25)
    if seen is None or seen["own"] < row.version:
        page.figures.stuck += 1
    if seen is not None:
        page.figures.broken += sum(1 for _s, c, w in seen["pictures"] if c and not w)


async def play_game(
    browser: Any,
    site: Site,
    game: str,
    channel: int,
    secrets_of: dict[str, str],
    *,
    think: float,
    decisions: int,
    seconds: float,
) -> GameFigures:
    from db import GameStatus

    row = await new_table(site, game, channel, {})
    seats = {p.name: next(i for i, s in enumerate(row.seats) if s.user_id == p.user_id) for p in PEOPLE}
    figures = GameFigures(game, "activity" if site.proxy else "site")
    pages = [await open_page(browser, site, row, p, seats[p.name], secrets_of.get(p.name)) for p in PEOPLE]
    over = asyncio.Event()
    budget = [decisions]
    started = time.monotonic()

    async def until_over() -> None:
        while time.monotonic() - started < seconds and budget[0] > 0:
            now = await site.store.get_game(row.id)
            if now is None or now.status != GameStatus.ACTIVE:
                figures.finished = True
                break
            await asyncio.sleep(0.25)
        over.set()

    tasks = [asyncio.create_task(until_over())]
    tasks += [asyncio.create_task(watch(p, site, row.id, over)) for p in pages]
    tasks += [asyncio.create_task(decide(p, site, row.id, over, think, budget)) for p in pages]
    try:
        await asyncio.gather(*tasks)
        figures.seconds = time.monotonic() - started
        for page in pages:
            await settle(page, site, row.id)
    finally:
        for task in tasks:
            task.cancel()
        await asyncio.gather(*tasks, return_exceptions=True)
        for page in pages:
            await page.context.close()
    for page in pages:
        payer = f"person:{page.person.user_id}"
        page.figures.budget_low = site.spent["requests"].pop(payer, None)
        page.figures.moves_low = site.spent["moves"].pop(payer, None)
        page.figures.counted = site.counted.pop(payer, 0)
        figures.pages[page.person.name] = page.figures
    return figures


async def measure(
    games: tuple[str, ...] = GAMES,
    *,
    where: tuple[str, ...] = ("site", "activity"),
    think: float = 0.5,
    decisions: int = 100_000,
    minutes: float = 30.0,
    say: Callable[[str], None] = print,
) -> list[GameFigures]:
    """Whole games (or ``decisions`` taps of each) in each place; the figures, each game's printed
    as it ends (``say``)."""
    from playwright.async_api import async_playwright

    from tests.e2e.browser import CHROMIUM, FLAGS

    found: list[GameFigures] = []
    async with async_playwright() as playwright:
        for place in where:
            async with bot_side(games, place == "activity") as site:
                flags = [*FLAGS, *(site.proxy.chromium_flags() if site.proxy else [])]
                browser = await playwright.chromium.launch(executable_path=CHROMIUM, args=flags, headless=True)
                try:
                    secrets_of = {}
                    if site.proxy is None:
                        for person in PEOPLE:
                            secrets_of[person.name] = (
                                await site.state.people.open_session(person.user_id, person.name)
                            )[0]
                    say(header(place, think))
                    for channel, game in enumerate(games, start=1):
                        figures = await play_game(
                            browser,
                            site,
                            game,
                            channel,
                            secrets_of,
                            think=think,
                            decisions=decisions,
                            seconds=60 * minutes,
                        )
                        found.append(figures)
                        say(line(figures))
                finally:
                    await browser.close()
    return found


# ---- the figures ------------------------------------------------------------------------------------------
COLUMNS = (
    f"  {'game':<12}{'where':<10}{'decisions':>10}{'requests':>10}{'refused':>9}{'taps lost':>11}"
    f"{'pages stuck':>13}{'broken pictures':>17}{'wall time':>11}"
)


def header(place: str, think: float) -> str:
    where = "on the site" if place == "site" else "inside the stand-in Activity frame, everyone behind one address"
    people = "; ".join(f"{p.name}: {p.lang}, {p.width} px" for p in PEOPLE)
    return (
        f"web at human speed, {where} (a decision {think:.2f} s after the page shows moves; {people};"
        " the table in English)\n" + COLUMNS
    )


def row(figures: GameFigures) -> str:
    """The figures' one line: decisions (taps, a confirmation counted as one), the requests both
    pages made, and what the target is 0 for."""
    return (
        f"  {figures.game:<12}{figures.where:<10}{figures.total('taps'):>10}{figures.total('requests'):>10}"
        f"{figures.total('refused'):>9}{figures.total('lost'):>11}{figures.total('stuck'):>13}"
        f"{figures.total('broken'):>17}{figures.seconds:>10.0f}s"
    )


def line(figures: GameFigures) -> str:
    lows = ", ".join(f"{name} {_low(p.budget_low)} / {_low(p.moves_low)}" for name, p in figures.pages.items())
    end = "whole game" if figures.finished else "stopped before the end"
    text = (
        row(figures) + f"\n    {end}; played {figures.total('played')}, confirmations asked"
        f" {figures.total('asked')}, the game's own 'too late' or 'moved on' {figures.total('game_refused')};"
        f" lowest budget of requests / moves: {lows}"
    )
    refused = Counter[str]()
    for page in figures.pages.values():
        refused.update(page.refused)
    if refused:
        text += "\n    refused: " + ", ".join(f"{kind} {n}" for kind, n in refused.most_common())
    lost = Counter[str]()
    for page in figures.pages.values():
        lost.update(page.lost_why)
    if lost:
        text += "\n    taps lost: " + ", ".join(f"{why} {n}" for why, n in lost.most_common())
        for name, page in figures.pages.items():
            text += "".join(f"\n      {name}: {line}" for line in page.lost_taps)
    for name, page in figures.pages.items():
        asked = ", ".join(f"{kind} {n}" for kind, n in page.requests.most_common())
        text += (
            f"\n    {name}'s page asked: {asked} (the request budget counted {page.counted});"
            f" most taps in 10 s: {page.busiest()}; its part lagged the game {page.longest_lag:.1f} s at most"
        )
    return text


def summary(found: list[GameFigures]) -> str:
    return "\n".join(["all games, per game and place:", COLUMNS, *(row(figures) for figures in found)])


def _low(value: float | None) -> str:
    return "-" if value is None else f"{value:.0f}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", default=",".join(GAMES))
    parser.add_argument("--where", default="site,activity")
    parser.add_argument("--think", type=float, default=0.5)
    parser.add_argument("--decisions", type=int, default=100_000, help="taps per game at most (whole games by default)")
    parser.add_argument("--minutes", type=float, default=30.0, help="per game at most")
    args = parser.parse_args()
    games = tuple(g.strip() for g in args.games.split(",") if g.strip())
    where = tuple(w.strip() for w in args.where.split(",") if w.strip())
    found = asyncio.run(measure(games, where=where, think=args.think, decisions=args.decisions, minutes=args.minutes))
    print(summary(found))


if __name__ == "__main__":
    main()
