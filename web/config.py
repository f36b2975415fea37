"""The web companion's settings from the environment (light: importing it loads no web library).

``TAFELBOT_WEB_URL``   the public base address of the pages, used in every link; unset: no web
``TAFELBOT_WEB_PORT``  the port the pages are served on (default 8080)
``TAFELBOT_WEB_HOST``  the address to listen on (default 0.0.0.0, every interface)
``TAFELBOT_WEB_PROXY`` 1: behind a proxy that sets X-Forwarded-For (its last address is the
                       visitor's, for the per-address limits)
``TAFELBOT_WEB_CLIENT_ID``, ``TAFELBOT_WEB_CLIENT_SECRET``
                       the Discord application's OAuth2 client id and secret: both set, people
                       may sign in with Discord (``web.signin``); unset, the pages stay read-only
``TAFELBOT_DISCORD_URL`` where Discord is (default https://discord.com; tests name the fake)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

DEFAULT_PORT = 8080
DEFAULT_HOST = "0.0.0.0"
DISCORD_URL = "https://discord.com"


class WebConfigError(Exception):
    pass


@dataclass(frozen=True)
class WebConfig:
    url: str | None = None  # TAFELBOT_WEB_URL: the public address in links; None: no web at all
    port: int = DEFAULT_PORT  # TAFELBOT_WEB_PORT
    host: str = DEFAULT_HOST  # TAFELBOT_WEB_HOST
    trust_forwarded: bool = False  # TAFELBOT_WEB_PROXY=1: behind a proxy that sets X-Forwarded-For
    client_id: str | None = None  # TAFELBOT_WEB_CLIENT_ID
    # TAFELBOT_WEB_CLIENT_SECRET; kept out of repr so a logged config never shows it
    client_secret: str | None = field(default=None, repr=False)
    discord_url: str = DISCORD_URL  # TAFELBOT_DISCORD_URL

    @property
    def on(self) -> bool:
        return bool(self.url)

    @property
    def signin(self) -> bool:
        return bool(self.url and self.client_id and self.client_secret)


def web_config(env: Mapping[str, str]) -> WebConfig:
    url = env.get("TAFELBOT_WEB_URL", "").strip().rstrip("/")
    if url and not url.startswith(("http://", "https://")):
        raise WebConfigError(f"TAFELBOT_WEB_URL must start with https:// (or http://), not {url!r}.")
    port_text = env.get("TAFELBOT_WEB_PORT", str(DEFAULT_PORT)).strip()
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise WebConfigError(f"TAFELBOT_WEB_PORT must be a port number (0-65535), not {port_text!r}.")
    client_id = env.get("TAFELBOT_WEB_CLIENT_ID", "").strip()
    client_secret = env.get("TAFELBOT_WEB_CLIENT_SECRET", "").strip()
    if bool(client_id) != bool(client_secret):
        raise WebConfigError(
            "Signing in needs both TAFELBOT_WEB_CLIENT_ID and TAFELBOT_WEB_CLIENT_SECRET (or neither)."
        )
    if client_id and not client_id.isdigit():
        raise WebConfigError(f"TAFELBOT_WEB_CLIENT_ID must be the application's id (digits), not {client_id!r}.")
    discord_url = env.get("TAFELBOT_DISCORD_URL", DISCORD_URL).strip().rstrip("/") or DISCORD_URL
    if not discord_url.startswith(("http://", "https://")):
        raise WebConfigError(f"TAFELBOT_DISCORD_URL must start with https:// (or http://), not {discord_url!r}.")
    return WebConfig(
        url=url or None,
        port=int(port_text),
        host=env.get("TAFELBOT_WEB_HOST", DEFAULT_HOST).strip() or DEFAULT_HOST,
        trust_forwarded=env.get("TAFELBOT_WEB_PROXY", "0").strip() not in ("", "0"),
        client_id=client_id or None,
        client_secret=client_secret or None,
        discord_url=discord_url,
    )
