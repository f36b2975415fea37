"""The bot's logging: one handler, the token never written, library chatter kept down."""

from __future__ import annotations

import logging

from startup.config import Config


class RedactToken(logging.Filter):
    """Never let the token reach a log line, whatever code logs it."""

    def __init__(self, token: str) -> None:
        super().__init__()
        self.token = token

    def filter(self, record: logging.LogRecord) -> bool:
        if self.token:
            message = record.getMessage()
            if self.token in message:
                record.msg = message.replace(self.token, "[token]")
                record.args = ()
        return True


class NoVoiceWarnings(logging.Filter):
    """The bot never joins a voice channel, so discord.py's warnings that voice is missing its
    libraries only alarm whoever starts it: they read like errors on the first screen."""

    VOICE = (
        "PyNaCl is not installed, voice will NOT be supported",
        "davey is not installed, voice will NOT be supported",
    )

    def filter(self, record: logging.LogRecord) -> bool:
        return record.getMessage() not in self.VOICE


NO_VOICE_WARNINGS = NoVoiceWarnings()


def quiet_voice_warnings() -> None:
    # discord.py logs them from ``discord.client`` when a client is made; one filter, added once.
    logging.getLogger("discord.client").addFilter(NO_VOICE_WARNINGS)


def setup_logging(config: Config) -> None:
    handler = logging.StreamHandler()
    handler.setFormatter(logging.Formatter("%(asctime)s %(levelname)-7s %(name)s: %(message)s"))
    handler.addFilter(RedactToken(config.token))
    root = logging.getLogger()
    root.handlers[:] = [handler]
    root.setLevel(config.log_level)
    quiet_noisy_loggers(root.level)
    quiet_voice_warnings()


# At DEBUG these libraries log request bodies and SQL parameters, which carry private hands.
NOISY_LOGGERS = ("discord.http", "discord.gateway", "discord.webhook.async_", "discord.state", "aiosqlite")


def quiet_noisy_loggers(level: int) -> None:
    for name in NOISY_LOGGERS:
        logging.getLogger(name).setLevel(max(logging.INFO, level))
