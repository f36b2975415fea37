"""Whose request budget a request spends (``web.lookups.payer_of``): inside Discord's Activity
everyone reaches the site through Discord's proxy, one address, so a signed-in person pays from
their own budget and stream slots; anonymous requests (and a cookie naming no session) still pay
per address."""

from __future__ import annotations

import pytest

from tests.web.conftest import BASE_URL, make_site
from web.lookups import budget_of
from web.sessions import SESSION_COOKIE
from web.signin import SignInSettings
from web.state import WebSettings


@pytest.fixture
async def signed(tmp_path):
    settings = SignInSettings(BASE_URL, "1", "secret", "http://127.0.0.1:9")  # Discord is never asked here
    site = await make_site(
        tmp_path,
        WebSettings(burst=3, per_second=0.5, person_burst=3, person_per_second=0.5, streams_per_address=1),
        signin=settings,
    )
    yield site
    await site.client.close()
    await site.store.close()


async def statuses(site, path: str, times: int, cookie: str | None = None) -> list[int]:
    headers = {"Cookie": f"{SESSION_COOKIE}={cookie}"} if cookie is not None else {}
    return [(await site.client.get(path, headers=headers)).status for _ in range(times)]


async def test_people_signed_in_from_one_address_each_have_their_own_budget(signed):
    page = await signed.address(await signed.new_game())
    alice, _ = await signed.app.people.open_session(41, "Alice")
    bob, _ = await signed.app.people.open_session(42, "Bob")
    other_alice, _ = await signed.app.people.open_session(41, "Alice")  # her second browser
    # All from 127.0.0.1, as everyone inside the Activity comes from Discord's proxy.
    assert await statuses(signed, page, 4, alice) == [200, 200, 200, 429]
    assert await statuses(signed, page, 4, bob) == [200, 200, 200, 429]
    assert await statuses(signed, page, 1, other_alice) == [429]  # one person, one budget
    # Anonymous requests from that address have a budget of their own, and it still runs out.
    assert await statuses(signed, page, 5) == [200, 200, 200, 429, 429]
    # A made-up cookie finds no session: it pays with the address, already spent.
    assert await statuses(signed, page, 1, "x" * 43) == [429]
    signed.clock.advance(2)
    assert await statuses(signed, page, 2, bob) == [200, 429]


async def test_people_signed_in_from_one_address_each_have_their_own_stream(signed):
    base = await signed.address(await signed.new_game())
    alice, _ = await signed.app.people.open_session(41, "Alice")
    bob, _ = await signed.app.people.open_session(42, "Bob")
    opened = []
    try:
        for cookie in (alice, bob, None, alice, None):
            headers = {"Cookie": f"{SESSION_COOKIE}={cookie}"} if cookie else {}
            opened.append(await signed.client.get(base + "/events", headers=headers))
        assert [answer.status for answer in opened] == [200, 200, 200, 429, 429]
    finally:
        for answer in opened:
            answer.close()


async def test_a_person_playing_at_full_speed_never_meets_the_budget_but_a_script_does(tmp_path):
    """The default budgets: a signed-in player's page at its very busiest (5 updates a second,
    each asking for its part, board and hand, plus 2 taps a second: ``WebSettings.person_burst``)
    for ten minutes is never refused; the same person asking 100 times a second is, within a
    minute. Before, a person paid the address's 120 at once and 2 a second: refused in seconds."""
    site = await make_site(tmp_path, WebSettings())
    try:
        app = site.app
        person = "person:41"
        refused = 0
        for _tick in range(10 * 60 * 10):  # ten minutes in tenths of a second
            site.clock.advance(0.1)
            for _ in range(2 if _tick % 10 < 7 else 1):  # 17 requests a second
                refused += budget_of(app, person).take(person) > 0
        assert refused == 0
        flood = 0
        for _tick in range(60 * 10):
            site.clock.advance(0.1)
            for _ in range(10):  # 100 a second
                flood += budget_of(app, person).take(person) > 0
        assert flood > 0
        assert budget_of(app, "127.0.0.1") is app.budget  # an address still pays its own, smaller
    finally:
        await site.client.close()
        await site.store.close()
