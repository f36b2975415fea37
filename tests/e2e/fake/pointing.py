"""Pointing discord.py at a fake Discord (its REST base and gateway URL are class attributes)."""

from __future__ import annotations

from collections.abc import Callable

import discord
import yarl


def point_discord_at(api_url: str, gateway_url: str) -> Callable[[], None]:
    """Point this process's discord.py at a fake Discord; returns the undo function."""
    route, gateway = discord.http.Route, discord.gateway.DiscordWebSocket
    old_base, old_gateway = route.BASE, gateway.DEFAULT_GATEWAY
    route.BASE = api_url
    gateway.DEFAULT_GATEWAY = yarl.URL(gateway_url.rstrip("/") + "/")

    def undo() -> None:
        route.BASE, gateway.DEFAULT_GATEWAY = old_base, old_gateway

    return undo
