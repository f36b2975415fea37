"""The Activity's settings from the environment (light: importing it loads no web library).

``TAFELBOT_ACTIVITY``          1: the pages also run inside Discord as an Activity, and boards get
                               a "Play on the board" button that launches it
``TAFELBOT_WEB_CLIENT_ID``     the Discord application's id (its OAuth2 client id)
``TAFELBOT_WEB_CLIENT_SECRET`` its OAuth2 client secret: the server trades the Activity's code
                               with it; it never reaches a page
``TAFELBOT_DISCORD_URL``       where Discord is (default https://discord.com; tests name a fake)

The bot's own token (``DISCORD_TOKEN``) asks Discord who is in an Activity's instance.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

DISCORD_URL = "https://discord.com"
API_VERSION = 10
# Who may frame the Activity's pages: Discord's web and desktop clients (discord.com, ptb.,
# canary.) and its Activity proxy (<application id>.discordsays.com), which nests the page.
FRAME_ANCESTORS = "https://discord.com https://*.discord.com https://*.discordsays.com"


class ActivityConfigError(Exception):
    pass


@dataclass(frozen=True)
class ActivityConfig:
    client_id: str  # the application's id: public (it names the Activity's own host)
    client_secret: str = field(repr=False)
    bot_token: str = field(repr=False)
    discord_url: str = DISCORD_URL
    frame_ancestors: str = FRAME_ANCESTORS

    @property
    def api(self) -> str:
        return f"{self.discord_url}/api/v{API_VERSION}"

    @property
    def origin(self) -> str:
        """The Activity's own origin: Discord's proxy serves it from the application's host."""
        return f"https://{self.client_id}.discordsays.com"


def activity_config(env: Mapping[str, str]) -> ActivityConfig | None:
    """The Activity's settings, or None when ``TAFELBOT_ACTIVITY`` is not on."""
    if env.get("TAFELBOT_ACTIVITY", "0").strip() in ("", "0"):
        return None
    client_id = env.get("TAFELBOT_WEB_CLIENT_ID", "").strip()
    secret = env.get("TAFELBOT_WEB_CLIENT_SECRET", "").strip()
    token = env.get("DISCORD_TOKEN", "").strip()
    if not env.get("TAFELBOT_WEB_URL", "").strip():
        raise ActivityConfigError("TAFELBOT_ACTIVITY needs the web pages on: set TAFELBOT_WEB_URL.")
    if not client_id.isdigit():
        raise ActivityConfigError("TAFELBOT_ACTIVITY needs TAFELBOT_WEB_CLIENT_ID, the application's id (digits).")
    if not secret:
        raise ActivityConfigError("TAFELBOT_ACTIVITY needs TAFELBOT_WEB_CLIENT_SECRET, the application's secret.")
    if not token:
        raise ActivityConfigError("TAFELBOT_ACTIVITY needs DISCORD_TOKEN (to ask who is in an Activity).")
    discord_url = env.get("TAFELBOT_DISCORD_URL", DISCORD_URL).strip().rstrip("/") or DISCORD_URL
    if not discord_url.startswith(("http://", "https://")):
        raise ActivityConfigError(f"TAFELBOT_DISCORD_URL must start with https:// (or http://), not {discord_url!r}.")
    return ActivityConfig(client_id, secret, token, discord_url)
