"""Signing in with Discord (OAuth2 code grant with state and PKCE) against the fake Discord, the
session cookie, the page that knows who you are, and signing out."""

from __future__ import annotations

import logging
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlsplit

import aiohttp

from db import web_sessions
from tests.web.conftest import BASE_URL, SECRET, make_site
from web.sessions import SESSION_COOKIE, secret_hash
from web.signin import SIGNIN_COOKIE, SignInSettings

ORIGIN = BASE_URL


def cookies_of(response) -> SimpleCookie:
    jar: SimpleCookie = SimpleCookie()
    for header in response.headers.getall("Set-Cookie", []):
        jar.load(header)
    return jar


async def follow_discord(url: str) -> str:
    """The browser at Discord's authorize page: where Discord sends it back (``Location``)."""
    async with aiohttp.ClientSession() as http, http.get(url, allow_redirects=False) as answer:
        assert answer.status == 302, await answer.text()
        return answer.headers["Location"]


async def sign_in(site, fake, page: str, user) -> tuple[str, aiohttp.ClientResponse]:
    """The whole way: the page's link, Discord, back. Returns (session secret, the last answer)."""
    fake.oauth.sign_in_as(user)
    started = await site.client.get(f"/signin?next={page}", allow_redirects=False)
    assert started.status == 302
    signin_cookie = cookies_of(started)[SIGNIN_COOKIE].value
    back = await follow_discord(started.headers["Location"])
    assert back.startswith(f"{BASE_URL}/signin/done?")
    done = await site.client.get(
        back.removeprefix(BASE_URL), headers={"Cookie": f"{SIGNIN_COOKIE}={signin_cookie}"}, allow_redirects=False
    )
    secret = cookies_of(done)[SESSION_COOKIE].value if SESSION_COOKIE in cookies_of(done) else ""
    return secret, done


async def test_signing_in_sends_state_and_pkce_and_opens_a_session(signed, fake, caplog):
    caplog.set_level(logging.INFO)  # (aiosqlite's DEBUG lines show every query's parameters)
    site = signed
    page = await site.address(await site.new_game())
    alice = fake.add_user("Alice <i>")
    secret, done = await sign_in(site, fake, page, alice)
    (asked,) = fake.oauth.authorizations
    assert asked["scope"] == "identify" and asked["code_challenge_method"] == "S256" and len(asked["state"]) >= 32
    assert asked["redirect_uri"] == f"{BASE_URL}/signin/done" and "client_secret" not in asked
    (exchange,) = fake.oauth.exchanges
    assert exchange["code_verifier"] and exchange["grant_type"] == "authorization_code"
    assert len(fake.oauth.revoked) == 1 and not fake.oauth.tokens  # used once, then revoked
    assert done.status == 303 and done.headers["Location"] == page
    cookie = cookies_of(done)[SESSION_COOKIE]
    assert cookie["httponly"] and cookie["secure"] and cookie["samesite"] == "Lax" and cookie["path"] == "/"
    assert int(cookie["max-age"]) == 30 * 86400
    # Only the hash is stored.
    rows = await site.store.fetch("SELECT * FROM web_sessions")
    assert len(rows) == 1 and rows[0]["secret_hash"] == secret_hash(secret)
    assert secret not in str(dict(rows[0])) and rows[0]["user_id"] == alice.id
    # The page knows you: your name (escaped), a sign-out form with the token; never your id.
    shown = await site.client.get(page, headers={"Cookie": f"{SESSION_COOKIE}={secret}"})
    html = await shown.text()
    assert "Signed in as Alice &lt;i&gt;" in html and 'action="/signout"' in html
    assert str(alice.id) not in html and secret not in html
    assert shown.headers["Cache-Control"] == "private, no-store"
    person = await site.app.people.person(_request_with(secret))
    assert person is not None and person.user_id == alice.id and person.csrf in html
    # No token, code, secret or Discord id in any log line.
    # (The test server's access log is left out: the real one runs with access_log=None.)
    logged = "\n".join(r.getMessage() for r in caplog.records if r.name != "aiohttp.access")
    for hidden in (secret, SECRET, str(alice.id), exchange["code"], exchange["code_verifier"]):
        assert hidden not in logged


def _request_with(secret: str):
    from aiohttp.test_utils import make_mocked_request

    return make_mocked_request("GET", "/", headers={"Cookie": f"{SESSION_COOKIE}={secret}"})


async def test_without_signing_in_the_page_offers_it_and_shows_nobody(signed):
    page = await signed.address(await signed.new_game())
    html = await (await signed.client.get(page)).text()
    assert "Sign in with Discord" in html and "/signin?next=" in html and "Sign out" not in html


async def test_a_redirect_with_another_state_signs_nobody_in(signed, fake):
    site = signed
    fake.oauth.sign_in_as(fake.add_user("alice"))
    started = await site.client.get("/signin", allow_redirects=False)
    signin_cookie = cookies_of(started)[SIGNIN_COOKIE].value
    back = await follow_discord(started.headers["Location"])
    query = parse_qs(urlsplit(back).query)
    forged = f"/signin/done?code={query['code'][0]}&state={'x' * 43}"
    done = await site.client.get(forged, headers={"Cookie": f"{SIGNIN_COOKIE}={signin_cookie}"}, allow_redirects=False)
    assert done.status == 400 and SESSION_COOKIE not in cookies_of(done)
    no_cookie = await site.client.get(back.removeprefix(BASE_URL), allow_redirects=False)
    assert no_cookie.status == 400 and SESSION_COOKIE not in cookies_of(no_cookie)
    assert await site.store.fetch("SELECT * FROM web_sessions") == []


async def test_a_wrong_verifier_or_secret_is_refused_by_discord_and_signs_nobody_in(tmp_path, fake):
    client_id = str(fake.application_id)
    fake.oauth.add_client(client_id, SECRET, f"{BASE_URL}/signin/done")
    site = await make_site(tmp_path, signin=SignInSettings(BASE_URL, client_id, "wrong", fake.base_url))
    try:
        secret, done = await sign_in(site, fake, "", fake.add_user("alice"))
        assert done.status == 502 and not secret
        assert fake.oauth.refused == ["token: invalid_client: wrong client id or secret"]
        assert "did not work" in await done.text()
    finally:
        await site.client.close()
        await site.store.close()


async def test_someone_who_says_no_is_not_signed_in(signed, fake):
    fake.oauth.approve = False
    secret, done = await sign_in(signed, fake, "", fake.add_user("alice"))
    assert done.status == 403 and not secret and "did not allow" in await done.text()


async def test_the_next_page_is_only_ever_a_page_of_this_site(signed, fake):
    secret, done = await sign_in(signed, fake, "https://evil.example/", fake.add_user("alice"))
    assert secret and done.headers["Location"] == "/me"
    secret, done = await sign_in(signed, fake, "//evil.example/t/1/x", fake.add_user("bob"))
    assert secret and done.headers["Location"] == "/me"


async def test_signing_out_deletes_the_session_and_the_cookie(signed, fake):
    site = signed
    page = await site.address(await site.new_game())
    secret, _done = await sign_in(site, fake, page, fake.add_user("alice"))
    person = await site.app.people.person(_request_with(secret))
    assert person is not None
    cookie = {"Cookie": f"{SESSION_COOKIE}={secret}"}
    out = await site.client.post(
        "/signout",
        data={"csrf": person.csrf, "next": page},
        headers={**cookie, "Origin": ORIGIN, "Sec-Fetch-Site": "same-origin"},
        allow_redirects=False,
    )
    assert out.status == 303 and out.headers["Location"] == page
    assert cookies_of(out)[SESSION_COOKIE].value == "" and await site.store.fetch("SELECT * FROM web_sessions") == []
    html = await (await site.client.get(page, headers=cookie)).text()
    assert "Sign in with Discord" in html and "Signed in as" not in html


async def test_an_expired_session_signs_nobody_in_and_is_purged(signed, fake):
    site = signed
    secret, _done = await sign_in(site, fake, "", fake.add_user("alice"))
    site.clock.advance(30 * 86400 + 1)
    assert await site.app.people.person(_request_with(secret)) is None
    assert await web_sessions.purge_expired(site.store, site.clock.now()) == 1


async def test_without_client_settings_no_signin_route_exists(site):
    assert (await site.client.get("/signin", allow_redirects=False)).status == 404
    assert (await site.client.post("/signout")).status == 404


async def test_a_state_completes_one_sign_in_only(signed, fake):
    """Discord's redirect back with a new code but the same state and sign-in cookie, within the
    cookie's 600 s, opens no second session: a state is good for one sign-in."""
    site = signed
    fake.oauth.sign_in_as(fake.add_user("alice"))
    started = await site.client.get("/signin", allow_redirects=False)
    signin_cookie = cookies_of(started)[SIGNIN_COOKIE].value
    back = (await follow_discord(started.headers["Location"])).removeprefix(BASE_URL)
    headers = {"Cookie": f"{SIGNIN_COOKIE}={signin_cookie}"}
    first = await site.client.get(back, headers=headers, allow_redirects=False)
    assert first.status == 303 and SESSION_COOKIE in cookies_of(first)
    second = (await follow_discord(started.headers["Location"])).removeprefix(BASE_URL)  # a new code
    again = await site.client.get(second, headers=headers, allow_redirects=False)
    assert again.status == 400 and SESSION_COOKIE not in cookies_of(again)
    assert len(await site.store.fetch("SELECT * FROM web_sessions")) == 1
