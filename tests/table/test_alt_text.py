"""Descriptions of pictures (table/alt_text.py)."""

from __future__ import annotations

from db import Seat
from table.alt_text import MAX_DESCRIPTION, board_description, hand_description, plain, private_codes

SEATS = [Seat(name="Ann *the* best", user_id=11), Seat(name="Computer 1", computer=True)]


def test_plain_drops_markdown_and_turns_mentions_into_names():
    assert plain("**Ann** played, <@11> to move", SEATS) == "Ann played, Ann *the* best to move"
    assert plain(r"**Ann \*the\* best** wins", SEATS) == "Ann *the* best wins"


def test_board_description_has_the_game_and_the_lines_and_fits():
    text = board_description("en", "hindmost", ["**Ann** played 7♥.", "Next: <@11>"], SEATS)
    assert text == "Devil Take The Hindmost: the board. Ann played 7♥. Next: Ann *the* best."
    long = board_description("nl", "hindmost", ["x" * 3000], SEATS)
    assert len(long) == MAX_DESCRIPTION and long.endswith("…")


def test_private_codes_are_what_the_spectator_does_not_see():
    own = {"viewer": 0, "hand": ["2D", "QC"], "track": [1, 2], "private": {"pair": ["R2"], "kept": []}}
    public = {"viewer": None, "hand": None, "track": [1, 2], "private": None}
    assert private_codes(own, public) == ["2D", "QC", "R2"]
    assert private_codes(public, public) == []


def test_hand_description_names_own_cards_only():
    own = {"viewer": 0, "hand": ["2D", "QC"], "hand_sizes": [2, 5]}
    public = {"viewer": None, "hand": None, "hand_sizes": [2, 5]}
    text = hand_description("en", "hindmost", own, public, ["Your turn"])
    assert "Your cards: 2♦, Q♣" in text and text.endswith("Your turn.")
    # A game without private cards still says what the picture is.
    assert hand_description("nl", "trackgammon", {"seat": 0, "dice": [3]}, {"seat": None, "dice": [3]}).startswith(
        "Trackgammon"
    )


def test_standings_description_reads_the_lines_shown():
    from types import SimpleNamespace

    from table.alt_text import standings_description

    rows = [SimpleNamespace(rank=1, name="**Ann**", wins=3, played=4, rating=1210)]
    text = standings_description("en", "All games: season 1", rows)
    assert text == "All games: season 1. Place 1: **Ann**, 3 of 4 won, rating 1,210."  # a name stays a name


def test_a_sentence_keeps_its_own_end():
    text = board_description("en", "trackgammon", ["Game over.", "**Ann** wins with 61 points!", "Why?", "Next:"], [])
    assert text == "Trackgammon: the board. Game over. Ann wins with 61 points! Why? Next."


def test_plain_undoes_every_escape_a_name_got_for_discord():
    from table.safety import escape_markdown
    from table.text import seat_name

    seats = [Seat(name="Alice <b>&amp; :) [x]", user_id=None)]
    assert plain(f"Waiting for {seat_name(seats, 0)}.") == "Waiting for Alice <b>&amp; :) [x]."
    assert plain(escape_markdown(r"a\b <c> d:e -f")) == r"a\b <c> d:e -f"
