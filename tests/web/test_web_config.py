"""The web companion's settings: off without an address; a bad address or port is refused at
start with a clear message, as the bot's other settings are."""

from __future__ import annotations

import pytest

from bot import ConfigError, load_config


def test_off_without_an_address():
    config = load_config({"DISCORD_TOKEN": "t"})
    assert not config.web.on and config.web.url is None


def test_address_port_host_and_proxy():
    config = load_config(
        {
            "DISCORD_TOKEN": "t",
            "TAFELBOT_WEB_URL": "https://tafel.example.org/",
            "TAFELBOT_WEB_PORT": "9090",
            "TAFELBOT_WEB_HOST": "127.0.0.1",
            "TAFELBOT_WEB_PROXY": "1",
        }
    )
    web = config.web
    assert (web.on, web.url, web.port, web.host, web.trust_forwarded) == (
        True,
        "https://tafel.example.org",
        9090,
        "127.0.0.1",
        True,
    )


def test_signing_in_needs_the_client_id_and_secret_and_never_shows_the_secret():
    env = {"DISCORD_TOKEN": "t", "TAFELBOT_WEB_URL": "https://tafel.example.org"}
    assert not load_config(env).web.signin
    config = load_config(
        {
            **env,
            "TAFELBOT_WEB_CLIENT_ID": "123",
            "TAFELBOT_WEB_CLIENT_SECRET": "hush",
            "TAFELBOT_DISCORD_URL": "http://127.0.0.1:9/",
        }
    ).web
    assert config.signin and config.client_id == "123" and config.discord_url == "http://127.0.0.1:9"
    assert "hush" not in repr(config)
    from web.serve import signin_of

    settings = signin_of(config)
    assert settings is not None and settings.redirect_uri == "https://tafel.example.org/signin/done"
    assert "hush" not in repr(settings)


@pytest.mark.parametrize(
    ("name", "value", "says"),
    [
        ("TAFELBOT_WEB_CLIENT_ID", "123", "both"),
        ("TAFELBOT_WEB_CLIENT_SECRET", "hush", "both"),
        ("TAFELBOT_DISCORD_URL", "discord.com", "must start with https://"),
        ("TAFELBOT_WEB_URL", "tafel.example.org", "must start with https://"),
        ("TAFELBOT_WEB_PORT", "eighty", "port number"),
        ("TAFELBOT_WEB_PORT", "70000", "port number"),
    ],
)
def test_bad_values_are_refused(name, value, says):
    env = {"DISCORD_TOKEN": "t", "TAFELBOT_WEB_URL": "https://tafel.example.org", name: value}
    with pytest.raises(ConfigError, match=says):
        load_config(env)
