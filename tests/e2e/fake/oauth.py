"""Discord's OAuth2 authorization code grant, as the web companion's "sign in with Discord" uses it.

- ``GET /oauth2/authorize`` (Discord's site, not the API): checks the client, scope, redirect URI,
  ``state`` and the PKCE challenge (S256), then approves at once as the configured person
  (``sign_in_as``) and redirects back with ``code`` and ``state``; with ``approve = False`` it
  redirects with ``error=access_denied`` as Discord does when the person cancels.
- ``POST /api/v10/oauth2/token`` (form-encoded): the client by HTTP Basic or the form's
  ``client_id``/``client_secret``; ``grant_type=authorization_code``, a code used once, the same
  ``redirect_uri`` and the ``code_verifier`` whose S256 is the challenge. Errors are OAuth2's
  ``{"error": ..., "error_description": ...}`` (400 ``invalid_grant``/``invalid_request``, 401
  ``invalid_client``). The answer is the documented Access Token Response.
- ``GET /api/v10/users/@me`` with ``Authorization: Bearer <token>`` (in ``rest.py``): that person.
- ``POST /api/v10/oauth2/token/revoke`` (form-encoded, the client as above): the token stops working.

Discord's OpenAPI file has no ``/oauth2/token`` nor its ``/revoke`` (its OAuth2 topic documents
them), so the token route's answers are held to the documented Access Token Response here (``token_answer_problems``)
instead of the spec; ``/users/@me`` is held to the spec as every other answer.
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import logging
import secrets
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

from aiohttp import web

from .models import FakeUser
from .protocol import dumps

log = logging.getLogger(__name__)

TOKEN_PATH = "/oauth2/token"
REVOKE_PATH = "/oauth2/token/revoke"
ACCESS_TOKEN_FIELDS = {"access_token": str, "token_type": str, "expires_in": int, "refresh_token": str, "scope": str}


@dataclass
class _Grant:
    user: FakeUser
    client_id: str
    redirect_uri: str
    challenge: str
    scope: str


@dataclass
class OAuth:
    clients: dict[str, tuple[str, set[str]]] = field(default_factory=dict)  # id -> (secret, redirect URIs)
    signed_in_as: FakeUser | None = None
    approve: bool = True
    codes: dict[str, _Grant] = field(default_factory=dict)
    tokens: dict[str, tuple[FakeUser, str]] = field(default_factory=dict)  # access token -> (user, scope)
    refused: list[str] = field(default_factory=list)  # why requests were refused (tests read it)
    revoked: list[str] = field(default_factory=list)  # access tokens revoked
    exchanges: list[dict[str, str]] = field(default_factory=list)  # the token requests' forms
    authorizations: list[dict[str, str]] = field(default_factory=list)  # the authorize queries

    def add_client(self, client_id: str, secret: str, redirect_uri: str) -> None:
        """An application with a client secret and a redirect URI registered in its settings."""
        self.clients[client_id] = (secret, {redirect_uri})

    def sign_in_as(self, user: FakeUser | None) -> None:
        """Who approves on the authorize page (None: nobody is logged in to Discord: refused)."""
        self.signed_in_as = user

    def user_of(self, authorization: str) -> FakeUser | None:
        """The person a ``Bearer`` token was given for (its scope must hold ``identify``)."""
        kind, _, token = authorization.partition(" ")
        found = self.tokens.get(token) if kind == "Bearer" else None
        return found[0] if found is not None and "identify" in found[1].split() else None

    def site_routes(self) -> list[tuple[str, str, Any]]:
        return [("GET", "/oauth2/authorize", self.authorize)]

    def api_routes(self) -> list[tuple[str, str, Any]]:
        return [("POST", TOKEN_PATH, self.token), ("POST", REVOKE_PATH, self.revoke)]

    # ---- the authorize page ---------------------------------------------------------------------------
    async def authorize(self, request: web.Request) -> web.StreamResponse:
        query = dict(request.query)
        self.authorizations.append(query)
        client = self.clients.get(query.get("client_id", ""))
        redirect_uri = query.get("redirect_uri", "")
        # Discord shows its own error page (never a redirect) for an unknown client or redirect URI.
        if client is None:
            return self._page(400, "unknown client_id")
        if redirect_uri not in client[1]:
            return self._page(400, "redirect_uri is not registered for this application")
        state = query.get("state", "")
        if query.get("response_type") != "code":
            return self._back(redirect_uri, state, error="unsupported_response_type")
        scope = query.get("scope", "")
        if not scope or not set(scope.split()) <= {"identify", "email", "guilds"}:
            return self._back(redirect_uri, state, error="invalid_scope")
        challenge = query.get("code_challenge", "")
        if query.get("code_challenge_method") != "S256" or not _is_challenge(challenge):
            return self._back(redirect_uri, state, error="invalid_request")
        if not state:
            # Discord does not require state; the fake does, as the bot must always send one.
            return self._page(400, "no state: the client must send one")
        if not self.approve or self.signed_in_as is None:
            return self._back(redirect_uri, state, error="access_denied")
        code = secrets.token_urlsafe(24)
        self.codes[code] = _Grant(self.signed_in_as, query["client_id"], redirect_uri, challenge, scope)
        return self._back(redirect_uri, state, code=code)

    def _back(self, redirect_uri: str, state: str, **params: str) -> web.StreamResponse:
        if "error" in params:
            self.refused.append(f"authorize: {params['error']}")
        query = urlencode({**params, **({"state": state} if state else {})})
        return web.Response(status=302, headers={"Location": f"{redirect_uri}?{query}"})

    def _page(self, status: int, why: str) -> web.Response:
        self.refused.append(f"authorize: {why}")
        return web.Response(status=status, text=f"fake Discord: {why}")

    # ---- the token exchange ---------------------------------------------------------------------------
    async def token(self, request: web.Request) -> web.Response:
        if request.content_type != "application/x-www-form-urlencoded":
            return self._error(400, "invalid_request", "the body must be application/x-www-form-urlencoded")
        form = {key: str(value) for key, value in (await request.post()).items()}
        self.exchanges.append(form)
        client_id = self._client(request, form)
        if client_id is None:
            return self._error(401, "invalid_client", "wrong client id or secret")
        if form.get("grant_type") != "authorization_code":
            return self._error(400, "unsupported_grant_type", "only authorization_code is served")
        grant = self.codes.pop(form.get("code", ""), None)  # a code works once
        if grant is None or grant.client_id != client_id:
            return self._error(400, "invalid_grant", "unknown or used code")
        if form.get("redirect_uri") != grant.redirect_uri:
            return self._error(400, "invalid_grant", "redirect_uri differs from the authorization's")
        verifier = form.get("code_verifier", "")
        if not 43 <= len(verifier) <= 128 or _s256(verifier) != grant.challenge:
            return self._error(400, "invalid_grant", "code_verifier does not match the code_challenge")
        access = secrets.token_urlsafe(24)
        self.tokens[access] = (grant.user, grant.scope)
        answer = {
            "access_token": access,
            "token_type": "Bearer",
            "expires_in": 604800,
            "refresh_token": secrets.token_urlsafe(24),
            "scope": grant.scope,
        }
        problems = token_answer_problems(answer)
        assert not problems, problems
        return web.Response(body=dumps(answer), headers={"Content-Type": "application/json"})

    async def revoke(self, request: web.Request) -> web.Response:
        if request.content_type != "application/x-www-form-urlencoded":
            return self._error(400, "invalid_request", "the body must be application/x-www-form-urlencoded")
        form = {key: str(value) for key, value in (await request.post()).items()}
        if self._client(request, form) is None:
            return self._error(401, "invalid_client", "wrong client id or secret")
        token = form.get("token", "")
        if self.tokens.pop(token, None) is not None:
            self.revoked.append(token)
        # RFC 7009: an unknown token is no error (it is revoked either way).
        return web.Response(body=b"{}", headers={"Content-Type": "application/json"})

    def _client(self, request: web.Request, form: dict[str, str]) -> str | None:
        """The client id whose secret the request carries (HTTP Basic, or the form), else None."""
        client_id, secret = _basic(request.headers.get("Authorization", ""))
        client_id = client_id or form.get("client_id", "")
        secret = secret or form.get("client_secret", "")
        client = self.clients.get(client_id)
        return client_id if client is not None and secrets.compare_digest(client[0], secret) else None

    def _error(self, status: int, error: str, why: str) -> web.Response:
        self.refused.append(f"token: {error}: {why}")
        body = {"error": error, "error_description": why}
        return web.Response(status=status, body=dumps(body), headers={"Content-Type": "application/json"})


def token_answer_problems(answer: dict[str, Any]) -> list[str]:
    """How a token answer differs from the OAuth2 topic's Access Token Response."""
    problems = [
        f"{name}: missing or not {kind.__name__}"
        for name, kind in ACCESS_TOKEN_FIELDS.items()
        if not isinstance(answer.get(name), kind)
    ]
    problems += [f"{name}: not a documented field" for name in answer if name not in ACCESS_TOKEN_FIELDS]
    if answer.get("token_type") != "Bearer":
        problems.append("token_type: must be Bearer")
    return problems


def _s256(verifier: str) -> str:
    return base64.urlsafe_b64encode(hashlib.sha256(verifier.encode()).digest()).rstrip(b"=").decode()


def _is_challenge(challenge: str) -> bool:
    return len(challenge) == 43 and all(c.isalnum() or c in "-_" for c in challenge)


def _basic(header: str) -> tuple[str, str]:
    kind, _, encoded = header.partition(" ")
    if kind != "Basic":
        return "", ""
    try:
        client_id, _, secret = base64.b64decode(encoded, validate=True).decode().partition(":")
    except (binascii.Error, UnicodeDecodeError):
        return "", ""
    return client_id, secret
