"""The bot with its web companion on (TAFELBOT_WEB_URL set), for the e2e and browser tests."""

from __future__ import annotations

import dataclasses
import socket

from tests.e2e.conftest import Tafel
from web.activity_config import ActivityConfig
from web.config import WebConfig


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


async def start_webbed(fake, tmp_path, *, activity: ActivityConfig | None = None) -> Tafel:
    """The real bot on SQLite with the web served from its own process, on 127.0.0.1 (and the
    pages inside Discord as an Activity, with ``activity``)."""
    port = free_port()
    tafel = Tafel(fake, str(tmp_path / "tafel.sqlite3"))
    web = WebConfig(url=f"http://127.0.0.1:{port}", port=port, host="127.0.0.1")
    tafel.config = dataclasses.replace(tafel.config, web=web, activity=activity)
    await tafel.start()
    return tafel


def link_buttons(message) -> list[dict]:
    return [b for b in message.buttons() if b.get("style") == 5]
