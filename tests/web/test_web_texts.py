"""Texts of a player's part of the table page (issue 45, item 6): its title says what it holds, a
name that Discord needed escaped reads as the person typed it, and Hindmost offers one move per
distinct effect."""

from __future__ import annotations

import json
import re
from collections import Counter
from html import unescape

import pytest

from locales import tr
from tests.web.conftest import ALICE
from tests.web.test_web_play import get, make_play_site, moves_on


@pytest.fixture
async def play(tmp_path):
    site = await make_play_site(tmp_path)
    yield site
    await site.client.close()
    await site.store.close()


def own_title(html: str) -> str:
    return unescape(re.search(r'<h2 id="own-title">([^<]*)</h2>', html).group(1))


@pytest.mark.parametrize(("game", "key"), [("trackgammon", "web-play-moves"), ("hindmost", "web-play-title")])
@pytest.mark.parametrize("lang", ["en", "nl"])
async def test_the_part_is_called_your_moves_in_a_game_without_a_hand(play, game, key, lang):
    game_id = await play.new_game(game)
    html = await (await get(play, f"{await play.address(game_id)}?lang={lang}", "bob")).text()
    assert own_title(html) == tr(lang, key)
    assert html.count(f">{tr(lang, 'web-play-moves')}<") <= 1  # never said twice


async def movers(site, game_id: int) -> list[int]:
    row = await site.service.get(game_id)
    to_move = site.service.spec(row.game).engine.to_move(site.service.state_of(row))
    return [row.seats[seat].user_id for seat in to_move]


async def test_a_name_with_markup_characters_is_shown_as_typed(play):
    game_id = await play.new_game("hindmost")
    while ALICE.user_id not in await movers(play, game_id):
        await play.move(game_id)  # until Bob waits for Alice
    html = await (await get(play, await play.address(game_id), "bob")).text()
    lines = [unescape(line) for line in re.findall(r'<p class="play-line">([^<]*)</p>', html)]
    assert lines == [f"Not your turn yet. Waiting for {ALICE.name}."]
    alt = unescape(re.search(r'<figure class="hand">\s*<div class="picture"><img [^>]*alt="([^"]*)"', html).group(1))
    assert f"Waiting for {ALICE.name}." in alt and "\\" not in alt


async def test_hindmost_offers_one_move_per_distinct_effect(play):
    game_id = await play.new_game("hindmost")
    row = await play.service.get(game_id)
    engine = play.service.spec("hindmost").engine
    state = play.service.state_of(row)
    (seat,) = engine.to_move(state)
    hand = ["4D", "6H", "9S", "9C", "JK"]  # two nines: suits mean nothing in the race
    pile = state.piles[seat if len(state.piles) > 1 else 0]
    pool = Counter(state.hands[seat] + pile)
    assert not Counter(hand) - pool  # every card of the hand to give is the seat's to draw
    rest = list(pile) + state.hands[seat]
    for card in hand:
        rest.remove(card)
    pile[:] = rest
    state.hands[seat] = hand
    await play.store.write_batch(
        [("UPDATE games SET state = ? WHERE id = ?", (json.dumps(engine.dump(state)), game_id))]
    )
    play.service._states = type(play.service._states)()  # the stored state, not the one decoded before
    who = "alice" if row.seats[seat].user_id == ALICE.user_id else "bob"
    html = await (await get(play, await play.address(game_id), who)).text()
    listed, _, unseen = html.partition('<ul class="twins" hidden>')
    shown = [action for action, _label in moves_on(listed)]
    assert shown == engine.offered_actions(state, seat)
    assert "9C" not in shown and "JK+9C" not in shown and {"9S", "JK+9S", "JK+4D", "JK+6H"} <= set(shown)
    # The twins keep a form each, unseen: a tap on the 9♣ itself plays the 9♣ (taps.js submits its form).
    assert [action for action, _label in moves_on(unseen)] == ["JK+9C", "9C"]


async def test_duvelens_page_shows_no_picture_repeating_the_players_row(play):
    """Duvelen holds nothing private: the seat's own picture would be its row of the board again."""
    game_id = await play.new_game("duvelen")
    address = await play.address(game_id)
    html = await (await get(play, address, "bob")).text()
    assert '<figure class="hand">' not in html and "/hand/" not in html
    assert own_title(html) == tr("en", "web-play-moves")
    part = await (await get(play, f"{address}/play", "bob")).json()
    assert part["plan"] is not None and [p["name"] for p in part["plan"]["pictures"]] == ["board"]
    hindmost = await (await get(play, await play.address(await play.new_game("hindmost", channel=2)), "bob")).text()
    assert '<figure class="hand">' in hindmost  # a hand is the seat's own: shown beside the board
