"""The Activity's settings from the environment (light: importing it loads no web library).

``TAFELBOT_ACTIVITY``  1: the pages also run inside Discord as an Activity, and boards get a
                       "Play on the board" button that launches it. It builds on signing in with
                       Discord (``web.config``: ``TAFELBOT_WEB_URL``, ``TAFELBOT_WEB_CLIENT_ID``,
                       ``TAFELBOT_WEB_CLIENT_SECRET``, ``TAFELBOT_DISCORD_URL``): the Activity's
                       code is traded with the same client secret and opens the same sessions.

The bot's own token (``DISCORD_TOKEN``) asks Discord who is in an Activity's instance.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field

from web.config import DISCORD_URL, WebConfig

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


def activity_config(env: Mapping[str, str], web: WebConfig) -> ActivityConfig | None:
    """The Activity's settings, or None when ``TAFELBOT_ACTIVITY`` is not on."""
    if env.get("TAFELBOT_ACTIVITY", "0").strip() in ("", "0"):
        return None
    if not (web.url and web.client_id and web.client_secret):
        raise ActivityConfigError(
            "TAFELBOT_ACTIVITY needs signing in with Discord: set TAFELBOT_WEB_URL, TAFELBOT_WEB_CLIENT_ID "
            "(the application's id) and TAFELBOT_WEB_CLIENT_SECRET."
        )
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ActivityConfigError("TAFELBOT_ACTIVITY needs DISCORD_TOKEN (to ask who is in an Activity).")
    return for_web(web, token)


def for_web(web: WebConfig, bot_token: str) -> ActivityConfig:
    """The Activity of the application that signs people in on these pages."""
    if not (web.client_id and web.client_secret):
        raise ActivityConfigError("the Activity needs the application's client id and secret")
    return ActivityConfig(web.client_id, web.client_secret, bot_token, web.discord_url)
