"""A stand-in for Discord's Activity proxy that passes event streams (Playwright's routing cannot:
its fetch reads a whole body, so ``tests.e2e.discord_frame`` answers a stream 204).

The browser meets it where it meets Discord's: ``https://<application id>.discordsays.com``, over
TLS (a certificate made for the run with ``openssl``; Chromium is told to accept it and to find
that host here: ``chromium_flags``). Every request goes on to the web companion on 127.0.0.1 as
it came (method, path, query, headers, body) and the answer comes back as it is sent, a stream
chunk by chunk. Discord's proxy hides the people's addresses (its networking guide): the site
sees every person arrive from this proxy's one address.
"""

from __future__ import annotations

import ssl
import subprocess
from pathlib import Path

import aiohttp
from aiohttp import web

# Headers of one connection, never passed on (RFC 9110, 7.6.1), and what aiohttp sets itself.
HOP_BY_HOP = {
    "connection",
    "keep-alive",
    "proxy-authenticate",
    "proxy-authorization",
    "te",
    "trailer",
    "transfer-encoding",
    "upgrade",
    "host",
    "content-length",
}


def certificate(folder: Path) -> tuple[Path, Path]:
    """A self-signed certificate for ``*.discordsays.com`` (made once per folder)."""
    cert, key = folder / "discordsays.pem", folder / "discordsays.key"
    if not cert.exists():
        subprocess.run(
            [
                "openssl",
                "req",
                "-x509",
                "-newkey",
                "rsa:2048",
                "-nodes",
                "-days",
                "2",
                "-subj",
                "/CN=discordsays.com",
                "-addext",
                "subjectAltName=DNS:*.discordsays.com",
                "-keyout",
                str(key),
                "-out",
                str(cert),
            ],
            check=True,
            capture_output=True,
        )
    return cert, key


class DiscordProxy:
    """``https://<app>.discordsays.com/...`` to ``target`` (``http://127.0.0.1:<port>``)."""

    def __init__(self, target: str, application_id: int | str) -> None:
        self.target = target.rstrip("/")
        self.host = f"{application_id}.discordsays.com"
        self.port = 0
        self.passed = 0  # requests passed on
        self._runner: web.AppRunner | None = None
        self._http: aiohttp.ClientSession | None = None

    def chromium_flags(self) -> list[str]:
        """Chromium finds the proxy's host here, takes its certificate, and counts it a public
        address as Discord's is (a local one framed by discord.com is blocked: Local Network Access)."""
        return [
            f"--host-resolver-rules=MAP {self.host} 127.0.0.1:{self.port}",
            "--ignore-certificate-errors",
            f"--ip-address-space-overrides=127.0.0.1:{self.port}=public",
        ]

    async def start(self, folder: Path) -> None:
        cert, key = certificate(folder)
        context = ssl.create_default_context(ssl.Purpose.CLIENT_AUTH)
        context.load_cert_chain(str(cert), str(key))
        self._http = aiohttp.ClientSession(
            auto_decompress=False, timeout=aiohttp.ClientTimeout(total=None), cookie_jar=aiohttp.DummyCookieJar()
        )
        app = web.Application(client_max_size=1024**2)
        app.router.add_route("*", "/{tail:.*}", self._pass)
        self._runner = web.AppRunner(app, access_log=None)
        await self._runner.setup()
        site = web.TCPSite(self._runner, "127.0.0.1", 0, ssl_context=context)
        await site.start()
        self.port = site._server.sockets[0].getsockname()[1]  # type: ignore[union-attr]

    async def close(self) -> None:
        if self._runner is not None:
            await self._runner.cleanup()
        if self._http is not None:
            await self._http.close()

    async def _pass(self, request: web.Request) -> web.StreamResponse:
        assert self._http is not None
        self.passed += 1
        headers = [(k, v) for k, v in request.headers.items() if k.lower() not in HOP_BY_HOP]
        body = await request.read()
        try:
            upstream = await self._http.request(
                request.method, self.target + request.path_qs, headers=headers, data=body, allow_redirects=False
            )
        except aiohttp.ClientError:
            return web.Response(status=502, text="the Activity's site could not be reached")
        async with upstream:
            answer = web.StreamResponse(status=upstream.status, reason=upstream.reason)
            for name, value in upstream.headers.items():
                if name.lower() not in HOP_BY_HOP:
                    answer.headers.add(name, value)
            try:
                await answer.prepare(request)
                async for chunk in upstream.content.iter_any():
                    await answer.write(chunk)
                await answer.write_eof()
            except (aiohttp.ClientError, ConnectionError):
                pass  # one side went away (a page closed, the site stopped)
        return answer
