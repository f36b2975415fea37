"""The fake Discord's OAuth2 code grant (the web companion's sign-in): what it checks, and that its
answers are Discord's (``/users/@me`` by the OpenAPI spec, the token by the OAuth2 topic)."""

from __future__ import annotations

import base64
import hashlib
import secrets
from urllib.parse import parse_qs, urlencode, urlsplit

import aiohttp
import pytest

from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.oauth import REVOKE_PATH, TOKEN_PATH, token_answer_problems
from tests.e2e.fake.openapi import discord_spec

REDIRECT = "https://tafel.example/signin/done"
SECRET = "s3cret"


def challenge_of(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


@pytest.fixture
async def fake():
    async with FakeDiscord() as fake:
        fake.oauth.add_client(str(fake.application_id), SECRET, REDIRECT)
        yield fake


async def authorize(fake, http, verifier: str, **changes) -> dict:
    query = {
        "response_type": "code",
        "client_id": str(fake.application_id),
        "scope": "identify",
        "state": "st4te",
        "redirect_uri": REDIRECT,
        "code_challenge": challenge_of(verifier),
        "code_challenge_method": "S256",
    }
    query.update(changes)
    async with http.get(f"{fake.base_url}/oauth2/authorize?{urlencode(query)}", allow_redirects=False) as answer:
        if answer.status != 302:
            return {"status": answer.status}
        location = answer.headers["Location"]
        assert location.startswith(REDIRECT + "?")
        return {k: v[0] for k, v in parse_qs(urlsplit(location).query).items()}


async def exchange(fake, http, code: str, verifier: str, *, secret: str = SECRET, **changes):
    form = {"grant_type": "authorization_code", "code": code, "redirect_uri": REDIRECT, "code_verifier": verifier}
    form.update(changes)
    auth = {"Authorization": aiohttp.encode_basic_auth(str(fake.application_id), secret)}
    async with http.post(f"{fake.api_url}{TOKEN_PATH}", data=form, headers=auth) as answer:
        return answer.status, await answer.json(content_type=None)


async def test_the_whole_grant_and_the_person_it_names(fake):
    alice = fake.add_user("alice")
    fake.oauth.sign_in_as(alice)
    verifier = secrets.token_urlsafe(48)
    async with aiohttp.ClientSession() as http:
        back = await authorize(fake, http, verifier)
        assert back["state"] == "st4te" and back["code"]
        status, token = await exchange(fake, http, back["code"], verifier)
        assert status == 200 and token_answer_problems(token) == [] and token["scope"] == "identify"
        headers = {"Authorization": f"Bearer {token['access_token']}"}
        async with http.get(f"{fake.api_url}/users/@me", headers=headers) as answer:
            me = await answer.json(content_type=None)
        assert answer.status == 200 and me["id"] == str(alice.id) and me["username"] == "alice"
        # A code works once.
        status, error = await exchange(fake, http, back["code"], verifier)
        assert status == 400 and error["error"] == "invalid_grant"
        async with http.get(f"{fake.api_url}/users/@me", headers={"Authorization": "Bearer nope"}) as answer:
            assert answer.status == 401
    # Held to the spec (the middleware checked /users/@me's answers).
    assert fake.rest.conformance.bad_answers == []


@pytest.mark.parametrize(
    ("changes", "secret", "status", "error"),
    [
        ({"code_verifier": "x" * 64}, SECRET, 400, "invalid_grant"),  # not the verifier of the challenge
        ({"redirect_uri": "https://evil.example/"}, SECRET, 400, "invalid_grant"),
        ({"grant_type": "client_credentials"}, SECRET, 400, "unsupported_grant_type"),
        ({}, "wrong", 401, "invalid_client"),
    ],
)
async def test_the_token_exchange_refuses_what_discord_refuses(fake, changes, secret, status, error):
    fake.oauth.sign_in_as(fake.add_user("alice"))
    verifier = secrets.token_urlsafe(48)
    async with aiohttp.ClientSession() as http:
        back = await authorize(fake, http, verifier)
        answer = await exchange(fake, http, back["code"], verifier, secret=secret, **changes)
    assert answer[0] == status and answer[1]["error"] == error and not fake.oauth.tokens


async def test_the_authorize_page_refuses_a_bad_request(fake):
    fake.oauth.sign_in_as(fake.add_user("alice"))
    verifier = secrets.token_urlsafe(48)
    async with aiohttp.ClientSession() as http:
        assert await authorize(fake, http, verifier, client_id="1") == {"status": 400}
        assert await authorize(fake, http, verifier, redirect_uri="https://evil.example/") == {"status": 400}
        assert await authorize(fake, http, verifier, state="") == {"status": 400}
        assert (await authorize(fake, http, verifier, code_challenge_method="plain"))["error"] == "invalid_request"
        assert (await authorize(fake, http, verifier, scope="identify bot"))["error"] == "invalid_scope"
        fake.oauth.approve = False
        assert await authorize(fake, http, verifier) == {"error": "access_denied", "state": "st4te"}
    assert not fake.oauth.codes


async def test_a_revoked_token_stops_working(fake):
    fake.oauth.sign_in_as(fake.add_user("alice"))
    verifier = secrets.token_urlsafe(48)
    async with aiohttp.ClientSession() as http:
        back = await authorize(fake, http, verifier)
        _status, token = await exchange(fake, http, back["code"], verifier)
        url = f"{fake.api_url}{REVOKE_PATH}"
        wrong = {"Authorization": aiohttp.encode_basic_auth(str(fake.application_id), "wrong")}
        async with http.post(url, data={"token": token["access_token"]}, headers=wrong) as answer:
            assert answer.status == 401
        right = {"Authorization": aiohttp.encode_basic_auth(str(fake.application_id), SECRET)}
        async with http.post(url, data={"token": token["access_token"]}, headers=right) as answer:
            assert answer.status == 200
        headers = {"Authorization": f"Bearer {token['access_token']}"}
        async with http.get(f"{fake.api_url}/users/@me", headers=headers) as answer:
            assert answer.status == 401
    assert fake.oauth.revoked == [token["access_token"]]


def test_the_token_routes_are_discords_documented_routes_not_in_its_spec():
    # If Discord's spec gains them, the fake's answers should be checked against the spec instead.
    assert discord_spec().operation("POST", f"/api/v10{TOKEN_PATH}") is None
    assert discord_spec().operation("POST", f"/api/v10{REVOKE_PATH}") is None
    assert token_answer_problems({"access_token": "a", "token_type": "Bearer", "expires_in": 1}) == [
        "refresh_token: missing or not str",
        "scope: missing or not str",
    ]
