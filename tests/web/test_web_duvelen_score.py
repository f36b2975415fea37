"""Duvelen's score on the page is the total its board shows (the rounds played), not a third figure,
and before a card is played it is nobody's -26."""

from __future__ import annotations

import re

import render.duvelen


async def test_the_page_score_is_the_boards_total(site, monkeypatch):
    game_id = await site.new_game("duvelen")
    for pick in range(3):
        await site.move(game_id, pick)
    row = await site.service.get(game_id)
    spec = site.service.spec("duvelen")
    view = spec.engine.view(site.service.state_of(row), None)
    assert any(view["round_score"]), "the round's running score must be non-zero to tell the figures apart"
    drawn: list[int] = []
    real = render.duvelen._label

    def noted(locale, key, **args):
        if key == "score":
            drawn.append(int(args["total"]))
        return real(locale, key, **args)

    monkeypatch.setattr(render.duvelen, "_label", noted)
    spec.render_board(view, names=[s.name for s in row.seats], locale="en")
    html = await (await site.client.get(await site.address(game_id))).text()
    shown = [int(x.replace("−", "-")) for x in re.findall(r'<td class="number">([^<]*)</td>', html)]
    assert drawn == shown == [int(x) for x in spec.engine.scores_shown(site.service.state_of(row))]


def page_scores(html: str) -> list[str]:
    return re.findall(r'<td class="number">([^<]*)</td>', html)


async def test_before_any_card_the_score_is_nil_and_a_round_counts_when_it_ends(site):
    game_id = await site.new_game("duvelen")
    address = await site.address(game_id)
    assert page_scores(await (await site.client.get(address)).text()) == ["0", "0"]  # was −26 each: 13 Stok cards
    row = await site.service.get(game_id)
    engine = site.service.spec("duvelen").engine
    state = site.service.state_of(row)
    assert engine.view(state, None)["round_score"] == [-26, -26]  # the round as it stands: on the board, apart
    # What a game ended early records is still the round as it stands (the rules end it there).
    assert engine.scores_now(state) == [-26.0, -26.0]
