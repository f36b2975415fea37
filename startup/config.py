"""The bot's configuration: read once from the environment (and a ``.env`` file), checked, and
frozen. Nothing else reads ``TAFELBOT_*`` settings for the bot process."""

from __future__ import annotations

import os
from dataclasses import dataclass, field

from table.registry import GAME_KEYS, GameEntry
from table.shards import ShardConfigError, ShardPlan, plan_from_env
from web.activity_config import ActivityConfig, ActivityConfigError, activity_config
from web.config import WebConfig, WebConfigError, web_config


class ConfigError(Exception):
    pass


@dataclass(frozen=True)
class Config:
    token: str = field(repr=False)
    database: str = "data/tafelbot.sqlite3"  # a SQLite file, or a postgresql:// URL
    dev_guild_id: int | None = None
    log_level: str = "INFO"
    computer_delay: float = 1.0  # factor on each game's computer-player pause; 0 in tests
    sync_commands: bool = True
    # The games to host: registered keys, or a ``GameEntry`` for a game kept outside the package
    # (the tests' Nim: ``tests/test_contributing_walkthrough.py``).
    games: tuple[str | GameEntry, ...] = GAME_KEYS
    render_processes: int = 0  # worker processes drawing pictures; 0: a thread of the bot's process
    # The shards this process connects (TAFELBOT_SHARDS of TAFELBOT_SHARD_COUNT); the default is
    # every shard of the count Discord recommends, in this one process.
    shards: ShardPlan = ShardPlan()
    # The web companion (TAFELBOT_WEB_URL, TAFELBOT_WEB_PORT ...): off unless a URL is set.
    web: WebConfig = WebConfig()
    # The pages inside Discord as an Activity (TAFELBOT_ACTIVITY=1 with the application's id and
    # secret): None when off.
    activity: ActivityConfig | None = None


def environment() -> dict[str, str]:
    """The process's environment, a ``.env`` file in the working folder filling in what is unset."""
    try:
        from dotenv import load_dotenv

        load_dotenv(override=False)
    except ImportError:  # pragma: no cover - python-dotenv is a dependency
        pass
    return dict(os.environ)


def load_config(env: dict[str, str] | None = None) -> Config:
    """Read the configuration (a ``.env`` file in the working folder fills in what is unset)."""
    if env is None:
        env = environment()
    token = env.get("DISCORD_TOKEN", "").strip()
    if not token:
        raise ConfigError(
            "DISCORD_TOKEN is not set. Create a bot at https://discord.com/developers/applications, copy its "
            "token, and run: DISCORD_TOKEN=... tafelbot   (or put DISCORD_TOKEN=... in a .env file)."
        )
    guild = env.get("TAFELBOT_DEV_GUILD", "").strip()
    if guild and not guild.isdigit():
        raise ConfigError(f"TAFELBOT_DEV_GUILD must be a server id (digits), not {guild!r}.")
    # TAFELBOT_BOT_DELAY is the variable's first name: deployments that set it keep working.
    delay_name = "TAFELBOT_COMPUTER_DELAY" if "TAFELBOT_COMPUTER_DELAY" in env else "TAFELBOT_BOT_DELAY"
    try:
        delay = float(env.get(delay_name, "1.0"))
    except ValueError:
        raise ConfigError(f"{delay_name} must be a number (a factor on computer players' pauses).") from None
    processes = env.get("TAFELBOT_RENDER_PROCESSES", "auto").strip().lower()
    if processes == "auto":
        render_processes = 1 if (os.cpu_count() or 1) > 1 else 0
    elif processes.isdigit():
        render_processes = int(processes)
    else:
        raise ConfigError("TAFELBOT_RENDER_PROCESSES must be a number of processes or 'auto'.")
    try:
        shards = plan_from_env(env.get("TAFELBOT_SHARDS", ""), env.get("TAFELBOT_SHARD_COUNT", ""))
    except ShardConfigError as error:
        raise ConfigError(str(error)) from None
    try:
        web = web_config(env)
        activity = activity_config(env, web)
    except (WebConfigError, ActivityConfigError) as error:
        raise ConfigError(str(error)) from None
    level = env.get("TAFELBOT_LOG_LEVEL", "INFO").upper()
    if level not in ("DEBUG", "INFO", "WARNING", "ERROR"):
        raise ConfigError("TAFELBOT_LOG_LEVEL must be DEBUG, INFO, WARNING or ERROR.")
    return Config(
        token=token,
        database=env.get("TAFELBOT_DB", "data/tafelbot.sqlite3"),
        dev_guild_id=int(guild) if guild else None,
        log_level=level,
        computer_delay=max(0.0, delay),
        sync_commands=env.get("TAFELBOT_SYNC", "1") != "0",
        render_processes=render_processes,
        shards=shards,
        web=web,
        activity=activity,
    )
