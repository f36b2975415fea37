"""The web companion's settings from the environment (light: importing it loads no web library).

``TAFELBOT_WEB_URL``   the public base address of the pages, used in every link; unset: no web
``TAFELBOT_WEB_PORT``  the port the pages are served on (default 8080)
``TAFELBOT_WEB_HOST``  the address to listen on (default 0.0.0.0, every interface)
``TAFELBOT_WEB_PROXY`` 1: behind a proxy that sets X-Forwarded-For (its last address is the
                       visitor's, for the per-address limits)
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

DEFAULT_PORT = 8080
DEFAULT_HOST = "0.0.0.0"


class WebConfigError(Exception):
    pass


@dataclass(frozen=True)
class WebConfig:
    url: str | None = None  # TAFELBOT_WEB_URL: the public address in links; None: no web at all
    port: int = DEFAULT_PORT  # TAFELBOT_WEB_PORT
    host: str = DEFAULT_HOST  # TAFELBOT_WEB_HOST
    trust_forwarded: bool = False  # TAFELBOT_WEB_PROXY=1: behind a proxy that sets X-Forwarded-For

    @property
    def on(self) -> bool:
        return bool(self.url)


def web_config(env: Mapping[str, str]) -> WebConfig:
    url = env.get("TAFELBOT_WEB_URL", "").strip().rstrip("/")
    if url and not url.startswith(("http://", "https://")):
        raise WebConfigError(f"TAFELBOT_WEB_URL must start with https:// (or http://), not {url!r}.")
    port_text = env.get("TAFELBOT_WEB_PORT", str(DEFAULT_PORT)).strip()
    if not port_text.isdigit() or not 0 <= int(port_text) <= 65535:
        raise WebConfigError(f"TAFELBOT_WEB_PORT must be a port number (0-65535), not {port_text!r}.")
    return WebConfig(
        url=url or None,
        port=int(port_text),
        host=env.get("TAFELBOT_WEB_HOST", DEFAULT_HOST).strip() or DEFAULT_HOST,
        trust_forwarded=env.get("TAFELBOT_WEB_PROXY", "0").strip() not in ("", "0"),
    )
