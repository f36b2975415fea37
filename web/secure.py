"""Every answer secured: the content security policy and the other headers each answer carries.

The app makes every request a ``SecureRequest`` (``web.app.create_app``), whose prepare hook sets
the headers on whatever answer goes out: pages, pictures, streams, redirects and the 400s aiohttp
answers itself before any route or middleware sees the request.
"""

from __future__ import annotations

import asyncio
from typing import Any

from aiohttp import web

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


__all__ = ["CSP", "SECURITY_HEADERS", "SecureRequest", "secure"]
