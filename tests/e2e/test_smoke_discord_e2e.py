"""Issue 20, item 7: ``scripts/smoke_discord.py``, the smoke test operators run against the real
Discord after an upgrade, runs here against the fake Discord: the very same ``run_smoke`` with
discord.py pointed at the fake, so a broken script fails CI."""

from __future__ import annotations

import pytest

import engines.howruck_ai
import table.lobby
from bot import Config
from scripts.smoke_discord import DEFAULT_GAME, FAST_GAMES, SmokeOptions, fast_table, main, run_smoke
from table.registry import GAME_KEYS, GAMES
from table.spec import load_spec
from tests.e2e.fake.protocol import CREATE_PUBLIC_THREADS, MANAGE_THREADS
from tests.test_contributing_walkthrough import TICTACTOE


@pytest.fixture(autouse=True)
def short_game(monkeypatch):
    """Tables get this seed (``table.lobby.create`` draws one): the default game, How Ruck!'s
    learning game to one barrel, then ends after 13 moves, the same ones every run."""
    monkeypatch.setattr(table.lobby.secrets, "randbits", lambda bits: 4)


def smoke_config(fake, tmp_path) -> Config:
    return Config(
        token="fake-token", database=str(tmp_path / "smoke.sqlite3"), dev_guild_id=fake.guild_id, computer_delay=0.0
    )


async def smoke(fake, tmp_path, **options):
    lines: list[str] = []
    report = await run_smoke(
        smoke_config(fake, tmp_path),
        SmokeOptions(guild_id=fake.guild_id, timeout=30.0, **options),
        say=lines.append,
        client_options={"guild_ready_timeout": 0.05},
    )
    return report, "\n".join(lines)


def guild_commands(fake) -> list[dict]:
    return [c for c in fake.commands if c.get("guild_id") == str(fake.guild_id)]


async def test_plays_a_table_of_computers_in_a_thread_checks_it_and_cleans_up(fake, capture, tmp_path):
    channel = fake.add_channel("general")
    report, printed = await smoke(fake, tmp_path)

    assert report.passed, printed
    assert report.finished and report.moves == 13
    assert printed.splitlines()[-1].startswith("Smoke test PASSED")
    # The commands were synced to the server, and removed again.
    puts = [path for method, path in fake.requests if method == "PUT" and path.endswith("/commands")]
    assert len(puts) == 2 and all(f"/guilds/{fake.guild_id}/" in path for path in puts)
    assert guild_commands(fake) == []
    # A note in the channel with a thread started from it; both are gone afterwards.
    note = fake.message(report.note_id)
    assert note.channel_id == channel and note.deleted
    assert report.thread_id == note.id and report.thread_id not in fake.world.channels
    # In the thread: the lobby, then the boards, each with its picture; edits in between.
    posted = fake.channel_messages(report.thread_id)
    lobby, boards = posted[0], posted[1:]
    assert lobby.embeds and not lobby.attachments
    assert len(boards) == report.board_posts >= 2  # the first board and the end-of-game post
    assert all(len(m.attachments) == 1 and m.attachments[0]["content_type"] == "image/png" for m in boards)
    assert report.board_edits == sum(m.edits for m in boards) > 0
    # The end-of-game board has one button: Rematch.
    [end] = boards[-1:]
    assert [b["custom_id"].split(":")[1] for b in end.buttons()] == ["rematch"], "the end-of-game board: Rematch only"


async def test_without_manage_threads_the_thread_is_archived(fake, capture, tmp_path):
    channel = fake.add_channel("general")
    fake.deny_bot(channel, MANAGE_THREADS)
    report, printed = await smoke(fake, tmp_path, channel_id=channel)

    assert report.passed, printed
    assert "it will be archived" in printed and "thread archived" in printed
    thread = fake.world.channels[report.thread_id]
    assert thread.archived
    assert fake.message(report.note_id).deleted


async def test_a_missing_permission_fails_before_anything_is_posted(fake, capture, tmp_path):
    channel = fake.add_channel("general")
    fake.deny_bot(channel, CREATE_PUBLIC_THREADS)
    report, printed = await smoke(fake, tmp_path, channel_id=channel)

    assert not report.passed
    assert "lacks Create Public Threads in #general" in printed
    assert fake.channel_messages(channel) == []
    assert guild_commands(fake) == [], "the synced commands are removed all the same"


async def test_a_refused_command_sync_fails_the_smoke_test(fake, capture, tmp_path):
    # The bot itself runs on after a refused sync (cogs/command_sync.py); the smoke test must not.
    channel = fake.add_channel("general")
    fake.fail_command_syncs(503)
    report, printed = await smoke(fake, tmp_path, channel_id=channel)

    assert not report.passed
    assert "Discord did not take the command list" in printed
    assert fake.channel_messages(channel) == []


async def test_a_game_that_does_not_finish_fails_the_smoke_test(fake, capture, tmp_path, monkeypatch):
    def broken(view, legal, seed, budget=None, level="normal"):
        raise RuntimeError("a broken computer player")

    monkeypatch.setattr(engines.howruck_ai, "choose", broken)
    capture.allow("computer player .* stopped")
    fake.add_channel("general")
    report, printed = await smoke(fake, tmp_path)

    assert not report.passed
    assert "the game did not finish" in printed
    assert "a broken computer player" in printed  # the error the bot logged is reported
    assert any(line.startswith("Smoke test FAILED") for line in printed.splitlines())
    assert report.thread_id not in fake.world.channels and guild_commands(fake) == []


async def test_keep_options_leave_the_thread_and_the_commands(fake, capture, tmp_path):
    fake.add_channel("general")
    report, printed = await smoke(fake, tmp_path, keep_thread=True, keep_commands=True)

    assert report.passed, printed
    assert report.thread_id in fake.world.channels and not fake.message(report.note_id).deleted
    assert guild_commands(fake)


def test_every_game_has_a_fast_table_its_rules_accept():
    assert set(FAST_GAMES) == set(GAME_KEYS) and DEFAULT_GAME in FAST_GAMES
    # Derived from the registry: a game without options of its own for it (tic-tac-toe) gets one too.
    for game in (*GAMES, TICTACTOE):
        players, options = fast_table(game)
        engine = load_spec(game).engine
        state, _ = engine.new_game(players, 1, engine.normalize_options(options))
        assert engine.outcome(state) is None, game.key


def test_the_help_says_how_to_run_it_and_what_the_bot_needs(capsys):
    with pytest.raises(SystemExit) as done:
        main(["--help"])
    assert done.value.code == 0
    shown = capsys.readouterr().out
    for permission in ("Create Public Threads", "Send Messages in Threads", "Attach Files", "Manage Threads"):
        assert permission in shown
    assert "DISCORD_TOKEN=... python scripts/smoke_discord.py --guild" in shown


def test_without_a_token_it_stops_with_exit_code_2(monkeypatch, tmp_path, capsys):
    monkeypatch.delenv("DISCORD_TOKEN", raising=False)
    monkeypatch.chdir(tmp_path)  # no .env to read
    assert main(["--guild", "1"]) == 2
    assert "DISCORD_TOKEN is not set" in capsys.readouterr().err
