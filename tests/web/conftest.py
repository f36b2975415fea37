"""Fixtures of the web companion's tests: the app on aiohttp's test server, over a table service
on a fresh SQLite file and a fake clock, told of changes by the service's news as in the bot."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import pytest
from aiohttp import web
from aiohttp.test_utils import TestClient, TestServer

from db import Store
from table import lobby
from table.clock import FakeClock
from table.pictures import Painter
from table.registry import entry
from table.service import ActResult, Player, TableService
from table.spec import GameSpec, load_spec
from table.weblinks import WebLinks
from tests import nim
from web.activity_config import ActivityConfig
from web.app import create_app
from web.signin import SignInSettings
from web.state import APP_KEY, WebApp, WebSettings

ALICE = Player(900_000_000_000_000_001, "Alice <b>&amp;")
BOB = Player(900_000_000_000_000_002, "Bob @everyone")
GUILD = 700_000_000_000_000_001
BASE_URL = "https://tafel.example"
SECRET = "client-secret-do-not-show"  # the Discord application's, for signing in


def specs() -> dict[str, GameSpec]:
    found = {key: load_spec(entry(key)) for key in ("hindmost", "trackgammon", "howruck", "duvelen")}
    found["nim"] = GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, nim.choose)
    return found


@dataclass
class Site:
    store: Store
    service: TableService
    links: WebLinks
    client: TestClient
    clock: FakeClock
    painter: Painter

    @property
    def app(self) -> WebApp:
        return self.client.server.app[APP_KEY]

    async def new_game(self, game: str = "nim", options: dict[str, Any] | None = None, channel: int = 1) -> int:
        row = await lobby.create(
            self.service, game, guild_id=GUILD, channel_id=channel, host=ALICE, options=options or {}, locale="en"
        )
        await lobby.join(self.service, row.id, BOB)
        await lobby.start(self.service, row.id, ALICE)
        return row.id

    async def move(self, game_id: int, pick: int = 0) -> Any:
        row = await self.service.get(game_id)
        state = self.service.state_of(row)
        spec = self.service.spec(row.game)
        seat = sorted(spec.engine.to_move(state))[0]
        legal = spec.engine.legal_actions(state, seat)
        return await self.service.act(game_id, seat=seat, action=legal[pick % len(legal)])

    async def address(self, game_id: int) -> str:
        row = await self.service.get(game_id)
        return (await self.links.table_url(row)).removeprefix(BASE_URL)


async def make_site(
    tmp_path,
    settings: WebSettings | None = None,
    *,
    signin: SignInSettings | None = None,
    routes: list[web.RouteDef] = (),
    activity: ActivityConfig | None = None,
    games: tuple[str, ...] = (),
    followed: Callable[[ActResult], None] | None = None,
) -> Site:
    """``signin``: signing in with Discord wired in; ``routes``: extra routes (a test's own);
    ``activity``: the pages inside Discord as an Activity; ``games``: registered games beside the
    usual ones (``specs``); ``followed``: told of every move saved on a page (``web.play``)."""
    clock = FakeClock()
    store = await Store.open(tmp_path / "web.sqlite3")
    found = specs() | {key: load_spec(entry(key)) for key in games}
    service = TableService(store, found, clock=clock)
    painter = Painter(0)
    links = WebLinks(store, BASE_URL, clock=clock)
    app = create_app(
        store,
        found,
        links,
        painter,
        clock=clock,
        settings=settings or WebSettings(coalesce=0),
        signin=signin,
        activity=activity,
        service=service,
        followed=followed,
    )
    app.add_routes(list(routes))
    service.news.subscribe(app[APP_KEY].changed)
    client = TestClient(TestServer(app))
    await client.start_server()
    return Site(store, service, links, client, clock, painter)


@pytest.fixture
async def site(tmp_path):
    site = await make_site(tmp_path)
    yield site
    await site.client.close()
    await site.store.close()


@pytest.fixture
async def fake():
    """The fake Discord, here for its OAuth2 pages (``signed``)."""
    from tests.e2e.fake import FakeDiscord

    async with FakeDiscord() as fake:
        yield fake


@pytest.fixture
async def signed(tmp_path, fake):
    """A site where people sign in with Discord (the fake's)."""
    client_id = str(fake.application_id)
    fake.oauth.add_client(client_id, SECRET, f"{BASE_URL}/signin/done")
    site = await make_site(tmp_path, signin=SignInSettings(BASE_URL, client_id, SECRET, fake.base_url))
    yield site
    await site.client.close()
    await site.store.close()
