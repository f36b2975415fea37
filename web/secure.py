"""Every answer secured: the content security policy and the other headers each answer carries.

The app makes every request a ``SecureRequest`` (``web.app.create_app``), whose prepare hook sets
the headers on whatever answer goes out: pages, pictures, streams, redirects and the 400s aiohttp
answers itself before any route or middleware sees the request.
"""

from __future__ import annotations

import asyncio
import logging
from typing import Any

from aiohttp import web
from aiohttp.http_exceptions import HttpProcessingError
from multidict import MultiDictProxy

CSP = (
    "default-src 'none'; script-src 'self'; style-src 'self'; img-src 'self'; connect-src 'self'; "
    "base-uri 'none'; form-action 'self'; frame-ancestors 'none'"
)
SECURITY_HEADERS = {
    "Content-Security-Policy": CSP,
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "no-referrer",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Cross-Origin-Resource-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
}


class SecureRequest(web.Request):
    ATTRS = web.Request.ATTRS | frozenset(["gone"])

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        # Set when the browser's connection is lost: a stream it closed (a hidden page) ends at
        # once instead of at its next write, so it stops counting against the address's streams.
        self.gone = asyncio.Event()

    async def _prepare_hook(self, response: web.StreamResponse) -> None:
        secure(response)  # every answer: pages, pictures, streams, redirects, aiohttp's own 400s
        await super()._prepare_hook(response)

    async def post(self) -> MultiDictProxy[str | bytes | bytearray | web.FileField]:
        """The form, or a 400 when its body cannot be read as one (bytes that are no UTF-8, say):
        a client's mistake, not a fault of ours (it was a 500 with a traceback)."""
        try:
            return await super().post()
        except (UnicodeDecodeError, ValueError) as error:
            raise web.HTTPBadRequest(text="That form could not be read.") from error

    def _cancel(self, exc: BaseException) -> None:
        super()._cancel(exc)
        self.gone.set()


def secure(response: web.StreamResponse) -> None:
    # A page Discord may frame (``web.activity``) says who in its CSP; DENY would contradict it.
    framed = "frame-ancestors 'none'" not in response.headers.get("Content-Security-Policy", CSP)
    for name, value in SECURITY_HEADERS.items():
        if not (framed and name == "X-Frame-Options"):
            response.headers.setdefault(name, value)
    if response.content_type == "text/html":
        response.headers.setdefault("Cache-Control", "no-cache")


class MalformedRequestsAreWarnings(logging.Filter):
    """aiohttp logs a request it could not even parse (a malformed request line or header) at
    ERROR with a traceback, though it answers 400 itself: anyone can send one, so it says one
    warning line instead."""

    def filter(self, record: logging.LogRecord) -> bool:
        error = record.exc_info[1] if record.exc_info else None
        if isinstance(error, HttpProcessingError):
            record.levelno, record.levelname = logging.WARNING, "WARNING"
            record.msg, record.args = "malformed request refused (400): %s", (str(error.message)[:200],)
            record.exc_info = record.exc_text = None
        return True


def quiet_malformed_requests() -> None:
    server = logging.getLogger("aiohttp.server")
    if not any(isinstance(f, MalformedRequestsAreWarnings) for f in server.filters):
        server.addFilter(MalformedRequestsAreWarnings())


__all__ = [
    "CSP",
    "SECURITY_HEADERS",
    "MalformedRequestsAreWarnings",
    "SecureRequest",
    "quiet_malformed_requests",
    "secure",
]
