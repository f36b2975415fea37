"""What the inbox says (``table.inbox``): the tables waiting for a person's move, longest waiting
first, with the server, who else plays, the time left and the link; names escaped, nobody
mentioned, no hand; in Dutch and English."""

import json

import pytest

from db import GameRow, GameStatus, Seat
from table.inbox import Waiting, inbox_text, turn_start, turn_text, waiting_for
from table.listing import listed
from table.registry import GAME_KEYS
from table.spec import load_spec
from tests.fuzz.public_checks import hidden_cards, leaks, private_cards

ME, YOU = 10**17 + 1, 10**17 + 2
NOW = 1_800_000_000.0
SERVERS = {7: "Spelavond", 8: "Board *gamers* @everyone"}
WITH_PRIVATE_CARDS = [game for game in GAME_KEYS if private_cards(game) is not None]


def table(game_id, game, *, guild=7, started, due=None, my_turn=True, seed=3, status=GameStatus.ACTIVE, names=None):
    """A running two-player table of ``game`` where it is (``my_turn``) or is not my move."""
    engine = load_spec(game).engine
    state, _ = engine.new_game(2, seed, engine.normalize_options({}))
    first = min(engine.to_move(state))
    mine, yours = names or ("me", "you")
    seats = [Seat(mine, ME), Seat(yours, YOU)] if (first == 0) == my_turn else [Seat(yours, YOU), Seat(mine, ME)]
    deadline = {"kind": "move", "due": due, "started": started, "owing": [first], "reminded": 0, "timeouts": [0, 0]}
    return GameRow(
        id=game_id,
        guild_id=guild,
        channel_id=100 + game_id,
        game=game,
        status=status,
        host_id=ME,
        options={},
        seats=seats,
        seed=seed,
        state=engine.dump(state),
        version=2,
        lobby_message_id=None,
        locale="en",
        created_at=NOW - 9000,
        updated_at=NOW - 9000,
        deadline_at=due,
        deadline=deadline if due is not None else {**deadline, "kind": "none", "due": None},
        board_message_id=500 + game_id,
    )


def waiting(rows, lang="en"):
    engines = {row.game: load_spec(row.game).engine for row in rows}
    return waiting_for(ME, listed(rows, engines, NOW, user_id=ME), SERVERS, lang)


def test_only_tables_waiting_for_the_person_longest_waiting_first():
    rows = [
        table(1, "trackgammon", started=NOW - 60),
        table(2, "hindmost", started=NOW - 3600, guild=8),
        table(3, "trackgammon", started=NOW - 7200, my_turn=False),  # someone else's move
        table(4, "trackgammon", started=NOW - 9000, status=GameStatus.FINISHED),
    ]
    found = waiting(rows)
    assert [w.game_id for w in found] == [2, 1]
    assert found[0].since == NOW - 3600 and found[0].link == "https://discord.com/channels/8/102/502"


def test_a_live_round_stays_out_of_the_inbox():
    live = table(1, "trackgammon", started=NOW - 60)
    live.deadline = {**live.deadline, "kind": "lull", "due": NOW + 30}
    assert waiting([live, table(2, "trackgammon", started=NOW)]) and [w.game_id for w in waiting([live])] == []


def test_a_turn_begins_after_the_seats_last_turn_and_its_own_actions_keep_it():
    # Seat 0 moved twice, seat 1 twice, platform mark: seat 0's turn began at entry 2.
    log = [(0, 1.0), (0, 2.0), (1, 3.0), (1, 4.0), (None, 5.0)]
    assert turn_start(log, 0) == (2, 3.0)
    assert turn_start([*log, (0, 6.0)], 0) == (2, 3.0)  # its first action of the turn: the same turn
    assert turn_start([*log, (0, 6.0), (1, 7.0)], 0) == (6, 7.0)  # the next turn
    assert turn_start([], 0) is None and turn_start([(0, 1.0)], 0) is None  # the table's start
    # All at once: the others' actions after the round began keep the turn.
    assert turn_start([(0, 1.0), (1, 2.0), (1, 3.0)], 0) == turn_start([(0, 1.0), (1, 2.0)], 0) == (1, 2.0)


def test_the_message_lists_game_server_others_time_left_and_link():
    rows = [table(1, "trackgammon", started=NOW - 60, due=NOW + 5 * 3600), table(2, "hindmost", started=NOW - 10)]
    text = inbox_text("en", waiting(rows))
    assert text.startswith("📬 Your move in 2 games:")
    first, second = text.split("\n• ")[1:]
    assert "Trackgammon in **Spelavond**, with **you** · ⏳ 5 h left" in first
    assert "https://discord.com/channels/7/101/501" in first
    assert "⏳" not in second  # no deadline runs there: no time left


def test_names_and_server_names_are_escaped_and_nobody_is_mentioned():
    rows = [table(1, "trackgammon", started=NOW, guild=8, names=("me", "<@123> *bold*"))]
    text = inbox_text("en", waiting(rows))
    assert "<@123>" not in text and "@everyone" not in text
    assert "\\*bold\\*" in text and "\\*gamers\\*" in text
    assert f"<@{YOU}>" not in text and f"<@{ME}>" not in text


def test_dutch_and_english_and_all_caught_up():
    rows = [table(1, "trackgammon", started=NOW, due=NOW + 2 * 86400)]
    assert inbox_text("nl", waiting(rows, "nl")).startswith("📬 Jij bent aan zet in één spel:")
    assert "nog 2 dagen" in inbox_text("nl", waiting(rows, "nl"))
    assert inbox_text("en", []).startswith("✅ All caught up")
    assert inbox_text("nl", []).startswith("✅ Helemaal bij")
    assert turn_text("en", waiting(rows)[0]).startswith("📬 Your move: Trackgammon in **Spelavond**")


def test_a_long_inbox_stays_one_message_and_counts_the_rest():
    many = [
        Waiting(i, "hindmost", "x" * 60, ("**y**",) * 7, float(i), i, None, "https://discord.com/x") for i in range(40)
    ]
    text = inbox_text("en", many)
    assert len(text) <= 1900 and "more (/table mine" in text


@pytest.mark.parametrize("game", WITH_PRIVATE_CARDS)
def test_the_hand_never_shows_in_the_inbox(game):
    engine = load_spec(game).engine
    for seed in range(5):
        row = table(1, game, started=NOW, seed=seed)
        hidden = hidden_cards(game, engine, engine.load(row.state), [])
        for lang in ("en", "nl"):
            texts = [inbox_text(lang, waiting([row], lang)), *(turn_text(lang, w) for w in waiting([row], lang))]
            assert not leaks(json.dumps(texts, ensure_ascii=False), hidden)


def test_the_daily_digest_comes_when_quiet_hours_end_or_at_nine_utc():
    from datetime import UTC, datetime

    from table.inbox import next_digest
    from table.quiet import QuietHours

    at = datetime(2027, 1, 15, 8, 0, tzinfo=UTC).timestamp()
    assert next_digest(None, at) == datetime(2027, 1, 15, 9, 0, tzinfo=UTC).timestamp()
    assert next_digest(None, at + 3600) == datetime(2027, 1, 16, 9, 0, tzinfo=UTC).timestamp()  # not twice
    amsterdam = QuietHours(23 * 60, 7 * 60 + 30, "Europe/Amsterdam")  # 07:30 there is 06:30 UTC in winter
    assert next_digest(amsterdam, at) == datetime(2027, 1, 16, 6, 30, tzinfo=UTC).timestamp()
