"""``/me``, "Your tables": where signing in lands without a page to go back to. The running
tables where the signed-in person sits, in every server, their own moves first, each a link to
its page; nobody else's tables, no Discord id, and signed out only how to sign in."""

from __future__ import annotations

import pytest

from db import cross
from table import lobby
from table.service import Player
from tests.web.conftest import GUILD, SECRET
from tests.web.test_web_signin import sign_in
from web.sessions import SESSION_COOKIE

OTHER_GUILD = GUILD + 1


async def running(site, host: Player, guest: Player, *, channel: int, guild: int = GUILD) -> int:
    row = await lobby.create(
        site.service, "nim", guild_id=guild, channel_id=channel, host=host, options={}, locale="en"
    )
    await lobby.join(site.service, row.id, guest)
    await lobby.start(site.service, row.id, host)
    return row.id


async def to_move(site, game_id: int) -> int:
    row = await site.service.get(game_id)
    (seat,) = site.service.spec(row.game).engine.to_move(site.service.state_of(row))
    return row.seats[seat].user_id


@pytest.fixture
def people(fake):
    alice, bob, carol = (fake.add_user(name) for name in ("Alice <i>", "bob", "carol"))
    return {u.name: (u, Player(u.id, u.name)) for u in (alice, bob, carol)}


async def test_your_tables_lists_yours_in_every_server_your_moves_first(signed, fake, people):
    site = signed
    (alice, a), (_bob, b), (_carol, c) = people["Alice <i>"], people["bob"], people["carol"]
    other_server = await running(site, c, a, channel=2, guild=OTHER_GUILD)  # the older table
    hers = await running(site, a, b, channel=1)
    not_hers = await running(site, b, c, channel=3)
    waiting = await lobby.create(site.service, "nim", guild_id=GUILD, channel_id=4, host=a, options={}, locale="en")
    # Who moves first is dealt; a move hands the turn over (nim alternates).
    if await to_move(site, hers) != alice.id:
        await site.move(hers)
    if await to_move(site, other_server) == alice.id:
        await site.move(other_server)
    secret, done = await sign_in(site, fake, "", alice)
    assert done.headers["Location"] == "/me", "signing in without a page lands on Your tables"
    answer = await site.client.get("/me", headers={"Cookie": f"{SESSION_COOKIE}={secret}"})
    html = await answer.text()
    assert answer.status == 200 and answer.headers["Cache-Control"] == "private, no-store"
    listed = [gid for gid in (hers, other_server, not_hers, waiting.id) if f"game {gid}</a>" in html]
    assert sorted(listed) == sorted([hers, other_server]), "her running tables, in both servers, and only hers"
    assert html.index(f"game {hers}</a>") < html.index(f"game {other_server}</a>"), "her move first"
    assert html.count("Your move") == 1
    for gid in (hers, other_server):
        assert await site.address(gid) in html, "each links to its table page"
    assert "Alice &lt;i&gt;" in html and "Alice <i>" not in html
    for hidden in (str(alice.id), secret, SECRET):
        assert hidden not in html
    assert 'href="/me" aria-current="page"' in html, "the header links to Your tables"
    assert "your hand and moves are shown to you alone" in html


async def test_your_tables_in_dutch_and_when_you_sit_nowhere(signed, fake, people):
    site = signed
    carol = people["carol"][0]
    secret, _done = await sign_in(site, fake, "/me", carol)
    html = await (await site.client.get("/me?lang=nl", headers={"Cookie": f"{SESSION_COOKIE}={secret}"})).text()
    assert "Jouw tafels" in html and "Je zit nu aan geen enkele lopende tafel." in html


async def test_signed_out_your_tables_only_offers_signing_in(signed, people):
    site = signed
    await running(site, people["Alice <i>"][1], people["bob"][1], channel=1)
    answer = await site.client.get("/me")
    html = await answer.text()
    assert answer.status == 200
    assert "Sign in with Discord to see the tables" in html and 'href="/signin?next=%2Fme"' in html
    assert "game 1</a>" not in html and "Alice" not in html


async def test_without_signing_in_configured_there_is_no_your_tables(site):
    assert (await site.client.get("/me")).status == 404


async def test_a_table_across_servers_links_the_page_its_own_server_signs(signed, fake, people):
    # Bob plays from a thread in another server (issue 49): his list links the table's page,
    # whose address is signed with the game's own server, so it opens.
    site = signed
    (_alice, a), (bob, b) = people["Alice <i>"], people["bob"]
    game_id = await running(site, a, b, channel=1)
    await cross.add_places(site.store, [cross.Place(game_id, 9, OTHER_GUILD, frozenset({bob.id}), "en")])
    secret, _done = await sign_in(site, fake, "", bob)
    html = await (await site.client.get("/me", headers={"Cookie": f"{SESSION_COOKIE}={secret}"})).text()
    address = await site.address(game_id)
    assert address in html
    assert (await site.client.get(address)).status == 200
