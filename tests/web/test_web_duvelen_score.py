"""Duvelen's score on the page is the total its board shows (this round included), not a third figure."""

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
    assert drawn == shown == [int(x) for x in spec.engine.scores_now(site.service.state_of(row))]
