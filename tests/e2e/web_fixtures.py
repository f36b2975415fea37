"""The bot with its web companion on (TAFELBOT_WEB_URL set), for the e2e and browser tests."""

from __future__ import annotations

import dataclasses
import socket

from tests.e2e.harness import Tafel
from web.activity_config import for_web
from web.config import WebConfig


def free_port() -> int:
    with socket.socket() as sock:
        sock.bind(("127.0.0.1", 0))
        return int(sock.getsockname()[1])


CLIENT_SECRET = "fake-client-secret"


async def start_webbed(fake, tmp_path, *, signin: bool = False, activity: bool = False) -> Tafel:
    """The real bot on SQLite with the web served from its own process, on 127.0.0.1; ``signin``:
    signing in with Discord on, the fake Discord its OAuth2 server (for anyone ``fake.oauth.sign_in_as``);
    ``activity``: the pages inside Discord as an Activity too (signing in on with it)."""
    port = free_port()
    tafel = Tafel(fake, str(tmp_path / "tafel.sqlite3"))
    url = f"http://127.0.0.1:{port}"
    web = WebConfig(url=url, port=port, host="127.0.0.1")
    if signin or activity:
        client_id = str(fake.application_id)
        fake.oauth.add_client(client_id, CLIENT_SECRET, f"{url}/signin/done")
        web = dataclasses.replace(web, client_id=client_id, client_secret=CLIENT_SECRET, discord_url=fake.base_url)
    config = for_web(web, tafel.config.token) if activity else None
    tafel.config = dataclasses.replace(tafel.config, web=web, activity=config)
    await tafel.start()
    return tafel


def link_buttons(message) -> list[dict]:
    return [b for b in message.buttons() if b.get("style") == 5]
