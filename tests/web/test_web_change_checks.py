"""What a state-changing request must pass (``SignedInPeople.check_change``), each refusal on its
own: no session 401, another site 403 (Origin, Sec-Fetch-Site), no or a wrong CSRF token 403, too
many changes by one person 429 with Retry-After. The route here is a stand-in for the play route,
calling the seam exactly as it does."""

from __future__ import annotations

import pytest
from aiohttp import web

from tests.web.conftest import BASE_URL, make_site
from web.sessions import SESSION_COOKIE
from web.signin import SignInSettings
from web.state import APP_KEY

CHANGES: list[int] = []


async def change(request: web.Request) -> web.Response:
    people = request.app[APP_KEY].people
    person = await people.check_change(request, await people.person(request))
    CHANGES.append(person.user_id)
    return web.Response(status=204)


@pytest.fixture
async def signed(tmp_path):
    CHANGES.clear()
    settings = SignInSettings(BASE_URL, "1", "secret", "http://127.0.0.1:9")  # Discord is never asked here
    site = await make_site(tmp_path, signin=settings, routes=[web.post("/change", change)])
    secret, person = await site.app.people.open_session(42, "Alice")
    site.secret, site.person = secret, person
    yield site
    await site.client.close()
    await site.store.close()


def good(site, **changes):
    headers = {
        "Cookie": f"{SESSION_COOKIE}={site.secret}",
        "Origin": BASE_URL,
        "Sec-Fetch-Site": "same-origin",
        "X-CSRF-Token": site.person.csrf,
    }
    headers.update(changes)
    return {name: value for name, value in headers.items() if value is not None}


async def test_a_good_change_passes(signed):
    answer = await signed.client.post("/change", headers=good(signed))
    assert answer.status == 204 and CHANGES == [42]


async def test_a_form_under_no_referrer_sends_origin_null_beside_same_origin(signed):
    # (What Chromium sends for the sign-out form: the pages' Referrer-Policy is no-referrer.)
    answer = await signed.client.post("/change", headers=good(signed, Origin="null"))
    assert answer.status == 204 and CHANGES == [42]


async def test_the_token_may_come_in_the_form(signed):
    answer = await signed.client.post(
        "/change", headers=good(signed, **{"X-CSRF-Token": None}), data={"csrf": signed.person.csrf}
    )
    assert answer.status == 204 and CHANGES == [42]


@pytest.mark.parametrize(
    ("changes", "status"),
    [
        ({"Cookie": None}, 401),
        ({"Cookie": f"{SESSION_COOKIE}={'A' * 43}"}, 401),  # a secret no session has
        ({"Origin": None}, 403),
        ({"Origin": "https://evil.example"}, 403),
        ({"Origin": "http://tafel.example"}, 403),  # the scheme counts
        ({"Sec-Fetch-Site": "cross-site"}, 403),
        ({"Origin": "null", "Sec-Fetch-Site": None}, 403),  # null only beside the browser's same-origin
        ({"Origin": "null", "Sec-Fetch-Site": "cross-site"}, 403),
        ({"Sec-Fetch-Site": "same-site"}, 403),
        ({"X-CSRF-Token": None}, 403),
        ({"X-CSRF-Token": "wrong"}, 403),
        ({"X-CSRF-Token": "é"}, 403),  # not ASCII: refused, not a crash
    ],
)
async def test_each_refusal(signed, changes, status):
    answer = await signed.client.post("/change", headers=good(signed, **changes))
    assert answer.status == status and CHANGES == []
    assert signed.person.csrf not in await answer.text()


async def test_a_signed_out_session_is_refused(signed):
    await signed.app.people.close_session(signed.person)
    assert (await signed.client.post("/change", headers=good(signed))).status == 401


async def test_too_many_changes_by_one_person_wait(signed):
    people = signed.app.people
    burst = int(people.changes.burst)
    for _ in range(burst):
        assert (await signed.client.post("/change", headers=good(signed))).status == 204
    refused = await signed.client.post("/change", headers=good(signed))
    assert refused.status == 429 and int(refused.headers["Retry-After"]) >= 1
    assert len(CHANGES) == burst
    # The same person in another browser shares the budget; someone else does not.
    secret2, again = await people.open_session(42, "Alice")
    other_secret, other = await people.open_session(43, "Bob")
    assert (
        await signed.client.post(
            "/change", headers=good(signed, Cookie=f"{SESSION_COOKIE}={secret2}", **{"X-CSRF-Token": again.csrf})
        )
    ).status == 429
    bob = good(signed, Cookie=f"{SESSION_COOKIE}={other_secret}", **{"X-CSRF-Token": other.csrf})
    assert (await signed.client.post("/change", headers=bob)).status == 204
    signed.clock.advance(int(refused.headers["Retry-After"]))
    assert (await signed.client.post("/change", headers=good(signed))).status == 204


async def test_without_signing_in_configured_every_change_is_refused(tmp_path):
    site = await make_site(tmp_path, routes=[web.post("/change", change)])
    try:
        assert (await site.client.post("/change", headers={"Origin": BASE_URL})).status == 401
    finally:
        await site.client.close()
        await site.store.close()


async def test_a_person_deciding_every_half_second_is_never_refused_but_a_script_is(signed):
    """The default budget of moves (``web.sessions.CHANGES_BURST``, ``CHANGES_PER_SECOND``): five
    minutes of a live game at one decision every 0.5 s, each tenth an "are you sure?" on top, is
    never refused (20 at once and 1 a second refused a Duvelen player within the game, measured
    by bench/web_human.py); a script sending 10 a second meets 429 within seconds."""
    moves = signed.app.people.changes
    for second in range(300):
        for half in range(2):
            assert moves.take("person:1") == 0, f"refused after {second}.{5 * half} s"
        if second % 10 == 0:
            assert moves.take("person:1") == 0, f"a confirmation refused after {second} s"
        signed.clock.advance(1)
    flood = []
    for _ in range(10):  # ten seconds at 10 a second
        flood += [moves.take("person:2") > 0 for _ in range(10)]
        signed.clock.advance(1)
    assert 0 < flood.index(True) <= 45 and sum(flood) >= 40
