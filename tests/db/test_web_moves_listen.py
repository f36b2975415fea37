"""Moves on the pages of a separate ``tafelbot web`` process (PostgreSQL) reach the bot: the web
process saves through its own table service and sends NOTIFY on ``tafelbot_web_moves``; the bot
listens and hands each move to its aftermath (``table.web_moves.WebMoves``) with the move's
events replayed from the log, arms the deadline, and follows each stored version once."""

from __future__ import annotations

import asyncio

from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from db import Store, web_data
from table import lobby
from table.clock import FakeClock
from table.pictures import Painter
from table.registry import entry
from table.service import Player, TableService
from table.spec import load_spec
from table.web_moves import WebMoves
from table.weblinks import WebLinks
from web.app import create_app
from web.people import People, Person
from web.serve import Notifier
from web.state import APP_KEY, WebSettings

ALICE, BOB = Player(11, "Alice"), Player(12, "Bob")


class Signed(People):
    """Whoever the ``who`` cookie names, with the CSRF token ``t``."""

    async def person(self, request: web.Request) -> Person | None:
        who = {"alice": ALICE, "bob": BOB}.get(request.cookies.get("who", ""))
        return None if who is None else Person(who.user_id, who.name, "s", "t")

    async def check_change(self, request: web.Request, person: Person | None) -> Person:
        if person is None or request.headers.get("X-CSRF-Token") != "t":
            raise web.HTTPForbidden()
        return person


class Aftermath:
    def __init__(self) -> None:
        self.changes: list = []
        self.got = asyncio.Event()

    def follow(self, change) -> None:
        self.changes.append(change)
        self.got.set()


class TimeKeeper:
    def __init__(self) -> None:
        self.armed: list[int] = []

    def arm(self, row) -> None:
        self.armed.append(row.version)


async def test_a_move_on_a_separate_web_process_is_followed_by_the_bot(make_target):
    url = await make_target("postgresql")
    specs = {"trackgammon": load_spec(entry("trackgammon"))}
    clock = FakeClock()
    # The bot's side: its own store, service and aftermath, listening for the web's moves.
    bot_store = await Store.open(url)
    bot_service = TableService(bot_store, specs, clock=clock)
    aftermath, timekeeper = Aftermath(), TimeKeeper()
    moves = WebMoves(bot_service, aftermath, timekeeper)  # type: ignore[arg-type]
    listening = web_data.Listening(bot_store, moves.heard, moves.idle, channel=web_data.MOVES_CHANNEL)
    listening.start()
    # The web process's side, as ``run_separate`` wires it: its own service, a NOTIFY per move.
    web_store = await Store.open(url)
    web_service = TableService(web_store, specs, clock=clock)
    told = Notifier(web_store, channel=web_data.MOVES_CHANNEL)
    links = WebLinks(web_store, "https://tafel.example", clock=clock)
    app = create_app(
        web_store,
        specs,
        links,
        Painter(0),
        clock=clock,
        settings=WebSettings(coalesce=0),
        service=web_service,
        followed=lambda result: told.tell(result.row.id, result.row.version),
    )
    app[APP_KEY].people = Signed()
    client = TestClient(TestServer(app))
    await client.start_server()
    try:
        await asyncio.wait_for(listening.listening.wait(), 10)
        row = await lobby.create(web_service, "trackgammon", guild_id=5, channel_id=1, host=ALICE, options={})
        await lobby.join(web_service, row.id, BOB)
        row = (await lobby.start(web_service, row.id, ALICE)).row
        engine = specs["trackgammon"].engine
        address = (await links.table_url(row)).removeprefix("https://tafel.example")
        for n in range(2):
            row = await web_service.get(row.id)
            state = web_service.state_of(row)
            seat = sorted(engine.to_move(state))[0]
            action = engine.legal_actions(state, seat)[0]
            _, events = engine.apply(state, seat, action)
            aftermath.got.clear()
            answer = await client.post(
                f"{address}/act",
                data={"action": action, "version": str(row.version)},
                headers={"Accept": "application/json", "X-CSRF-Token": "t"},
                cookies={"who": "alice" if row.seats[seat].user_id == ALICE.user_id else "bob"},
            )
            assert (await answer.json())["ok"]
            await asyncio.wait_for(aftermath.got.wait(), 10)
            await moves.idle()
            change = aftermath.changes[-1]
            saved = await bot_store.get_game(row.id)
            # As a click's handler hands it over: the stored row, the move, its events, the state.
            assert change.result.row.version == saved.version == row.version + 1
            assert (change.result.seat, change.result.action) == (seat, action)
            assert change.result.events == events  # only this move's lines, not the last move's again
            assert engine.dump(change.result.state) == saved.state
            assert timekeeper.armed[-1] == saved.version
            assert len(aftermath.changes) == n + 1
        # The same news again (a second web process, a repeated NOTIFY): followed once only.
        moves.heard(row.id, saved.version)
        await moves.idle()
        assert len(aftermath.changes) == 2
    finally:
        await client.close()
        await listening.close()
        await told.close()
        await moves.close()
        await web_store.close()
        await bot_store.close()
