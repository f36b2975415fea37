import logging
import subprocess
import sys
from pathlib import Path

import pytest

from bot import NO_VOICE_WARNINGS, Config, ConfigError, RedactToken, create_bot, load_config, setup_logging

ROOT = Path(__file__).resolve().parent.parent


def test_missing_token_is_a_clear_message_and_exit_code_2(tmp_path):
    env = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    proc = subprocess.run(
        [sys.executable, str(ROOT / "bot.py")], cwd=tmp_path, env=env, capture_output=True, text=True, timeout=60
    )
    assert proc.returncode == 2
    assert "DISCORD_TOKEN" in proc.stderr
    assert "Traceback" not in proc.stderr


def test_config_defaults_and_validation():
    config = load_config({"DISCORD_TOKEN": "abc"})
    assert config.database == "data/tafelbot.sqlite3" and config.dev_guild_id is None
    assert "abc" not in repr(config)
    assert load_config({"DISCORD_TOKEN": "abc", "TAFELBOT_DEV_GUILD": "123"}).dev_guild_id == 123
    with pytest.raises(ConfigError):
        load_config({})
    with pytest.raises(ConfigError):
        load_config({"DISCORD_TOKEN": "abc", "TAFELBOT_DEV_GUILD": "my server"})
    with pytest.raises(ConfigError, match="TAFELBOT_COMPUTER_DELAY"):
        load_config({"DISCORD_TOKEN": "abc", "TAFELBOT_COMPUTER_DELAY": "fast"})


def test_the_computer_delay_is_read_under_its_old_name_too():
    assert load_config({"DISCORD_TOKEN": "abc", "TAFELBOT_COMPUTER_DELAY": "0.5"}).computer_delay == 0.5
    # Deployments that set the variable's first name keep their pace; the new name wins.
    assert load_config({"DISCORD_TOKEN": "abc", "TAFELBOT_BOT_DELAY": "0.25"}).computer_delay == 0.25
    both = {"DISCORD_TOKEN": "abc", "TAFELBOT_BOT_DELAY": "0.25", "TAFELBOT_COMPUTER_DELAY": "2"}
    assert load_config(both).computer_delay == 2.0
    with pytest.raises(ConfigError, match="TAFELBOT_BOT_DELAY"):
        load_config({"DISCORD_TOKEN": "abc", "TAFELBOT_BOT_DELAY": "fast"})


def test_the_token_never_reaches_a_log_line():
    token = "MTIzNDU2.secret.token"
    record = logging.LogRecord("x", logging.INFO, __file__, 1, "connecting with %s", (token,), None)
    assert RedactToken(token).filter(record)
    assert token not in record.getMessage()
    assert isinstance(Config(token=token), Config)


def test_starting_logs_no_warning_about_voice_and_keeps_every_other_warning(tmp_path):
    """The bot has no voice, so discord.py's "PyNaCl / davey is not installed" warnings at client
    creation are dropped; anything else discord.client warns about still shows."""
    import discord

    root, client_log = logging.getLogger(), logging.getLogger("discord.client")
    kept = (root.handlers[:], root.level, client_log.filters[:])

    class Catch(logging.Handler):
        def __init__(self) -> None:
            super().__init__()
            self.lines: list[str] = []

        def emit(self, record: logging.LogRecord) -> None:
            self.lines.append(record.getMessage())

    def start_and_catch() -> list[str]:
        catch = Catch()
        root.addHandler(catch)
        discord.VoiceClient.warn_nacl = discord.VoiceClient.warn_dave = True  # as in a fresh process
        create_bot(Config(token="x", database=str(tmp_path / "db.sqlite3"), sync_commands=False))
        client_log.warning("something else")
        root.removeHandler(catch)
        return catch.lines

    try:
        setup_logging(Config(token="x"))
        shown = start_and_catch()
        assert "something else" in shown and not [line for line in shown if "voice" in line]
        client_log.removeFilter(NO_VOICE_WARNINGS)  # the check: without the filter they are there
        assert len([line for line in start_and_catch() if "voice will NOT be supported" in line]) == 2
    finally:
        root.handlers[:], client_log.filters[:] = kept[0], kept[2]
        root.setLevel(kept[1])


def test_shard_settings_make_an_auto_sharded_bot_for_those_shards(tmp_path):
    from discord.ext import commands

    from bot import create_bot
    from table.shards import ShardPlan

    unset = load_config({"DISCORD_TOKEN": "abc"})
    assert unset.shards == ShardPlan(None, None)  # one process, every shard Discord recommends
    bot = create_bot(Config(token="x", database=str(tmp_path / "a.sqlite3")))
    assert isinstance(bot, commands.AutoShardedBot) and bot.shard_count is None and bot.shard_ids is None

    config = load_config({"DISCORD_TOKEN": "abc", "TAFELBOT_SHARDS": "1-2", "TAFELBOT_SHARD_COUNT": "4"})
    assert config.shards == ShardPlan(4, (1, 2))
    bot = create_bot(config)
    assert bot.shard_count == 4 and bot.shard_ids == [1, 2]
    with pytest.raises(ConfigError, match="TAFELBOT_SHARD_COUNT"):
        load_config({"DISCORD_TOKEN": "abc", "TAFELBOT_SHARDS": "0"})
    with pytest.raises(ConfigError, match="only 2"):
        load_config({"DISCORD_TOKEN": "abc", "TAFELBOT_SHARDS": "2", "TAFELBOT_SHARD_COUNT": "2"})
