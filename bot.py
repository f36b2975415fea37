"""The entry point (``tafelbot``, ``python bot.py``): the start-up lives in ``startup/``, one
module per job: ``config`` (the environment), ``logs``, ``client`` (the bot class, ``TafelBot``),
``running`` (the event loop, the store opened and handed to the bot, stop signals) and
``command_line`` (the subcommands below). This module names what scripts and tests import.

tafelbot                     run the bot (needs DISCORD_TOKEN)
tafelbot simulate GAME ...   play a whole game between computer players, no Discord needed
tafelbot migrate-db SRC DST  copy every game, move, result, rating and setting between a SQLite
                             file and PostgreSQL (a postgresql:// URL), into an empty target
tafelbot backup FILE         a consistent copy of the database, also while the bot runs
tafelbot web                 the web companion on its own (PostgreSQL; TAFELBOT_WEB_URL, _PORT)
tafelbot sync                send the slash commands to Discord now and exit (the bot itself sends
                             them at start-up only when they changed; TAFELBOT_SYNC=0: never)

TAFELBOT_DB is a SQLite file path (the default, one bot process) or a postgresql:// URL.

TAFELBOT_SHARDS / TAFELBOT_SHARD_COUNT split the bot's servers over several processes (shards) on
one PostgreSQL database; unset, one process runs every shard Discord recommends.
"""

import sys

from startup.client import GC_YOUNG_OBJECTS, GUILD_READY_SECONDS, TafelBot, create_bot, open_store, shard_options
from startup.command_line import backup_command, main, migrate_db_command, web_command
from startup.config import Config, ConfigError, environment, load_config
from startup.logs import (
    NO_VOICE_WARNINGS,
    NOISY_LOGGERS,
    NoVoiceWarnings,
    RedactToken,
    quiet_noisy_loggers,
    quiet_voice_warnings,
    setup_logging,
)
from startup.running import STOP_SIGNALS, describe_shards, run, run_loop

__all__ = [
    "GC_YOUNG_OBJECTS",
    "GUILD_READY_SECONDS",
    "NOISY_LOGGERS",
    "NO_VOICE_WARNINGS",
    "STOP_SIGNALS",
    "Config",
    "ConfigError",
    "NoVoiceWarnings",
    "RedactToken",
    "TafelBot",
    "backup_command",
    "create_bot",
    "describe_shards",
    "environment",
    "load_config",
    "main",
    "migrate_db_command",
    "open_store",
    "quiet_noisy_loggers",
    "quiet_voice_warnings",
    "run",
    "run_loop",
    "setup_logging",
    "shard_options",
    "web_command",
]

if __name__ == "__main__":
    sys.exit(main())
