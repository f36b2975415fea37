"""bench/web_play.py's play measurement runs end to end with small numbers (not timed): every tap is
applied, every watching page hears of every move, and the player's and the pages' processes end."""

from __future__ import annotations

import pytest

from bench import web_play


def test_the_parts_of_a_page_the_player_reads():
    html = (
        '<input type="hidden" name="csrf" value="c&amp;1"><input type="hidden" name="version" value="7">'
        '<input type="hidden" name="action" value="3-15"><input type="hidden" name="action" value="a&lt;b">'
    )
    assert web_play.moves_in(html) == ("c&1", "7", ["3-15", "a<b"])
    assert web_play.moves_in("<p>Waiting for Bob</p>") == ("", "", [])


async def test_a_few_taps_with_a_few_pages_watching():
    figures = await web_play.measure(
        pages=5, moves=3, tables=2, on_played=0.8, think=0.0, games=("hindmost", "manoever")
    )
    played = [tap for tap in figures.taps if "version" in tap]
    assert len(played) == 3 and not [tap for tap in figures.taps if "refused" in tap]
    assert set(figures.games) == {"hindmost", "manoever"} and set(figures.watched.values()) == {4}
    for tap in played:
        heard = [at for game, version, at in figures.arrivals if (game, version) == (tap["game"], tap["version"])]
        assert len(heard) == 4 and min(heard) > tap["sent"] and tap["answered"] > tap["sent"]
        assert tap["own_page"] is not None and tap["other_part"] is not None
    lines = web_play.report(figures, pages=5, think=0.0)
    assert "3 taps in 2 tables" in lines[0] and not any("never heard" in line for line in lines)
    assert figures.cpu["bot process"] > 0 and figures.cpu["pages process (whole run)"] > 0


@pytest.mark.slow  # plays a whole game of each game (seconds)
def test_the_taps_table_counts_the_pages_taps_for_every_game(capsys):
    from bench import web

    counted = web.taps_per_turn(1)
    lines = capsys.readouterr().out.splitlines()
    assert any("taps per recruit moved: at most 2" in line for line in lines)
    assert set(counted) == {"hindmost", "trackgammon", "manoever", "howruck", "duvelen"}
    for key, figures in counted.items():
        # The measure: a turn on the page (board or the list beside it) never takes more
        # taps than Discord's clicks, and the board alone is mostly fewer.
        assert not any(figures["page over"]) and not any(figures["live page over"]), key
        # Where Discord offers whole turns on one button (Manöver, issue 47) the board alone, one
        # move at a time, is no longer fewer; the page offers the same whole turns, first.
        if figures["kept"] and key != "manoever":
            assert sum(figures["kept"]) < sum(figures["clicks"]), key
        if figures["kept"]:
            assert all(page <= board for page, board in zip(figures["page"], figures["kept"], strict=True))
    assert max(counted["manoever"]["per decision"]) <= 2  # at most 2 taps per recruit moved
