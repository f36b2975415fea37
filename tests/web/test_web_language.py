"""Pictures in the page's language: a Dutch page of an English table shows Dutch boards."""

from __future__ import annotations

import pytest


@pytest.mark.parametrize("game", ["hindmost", "duvelen"])
async def test_a_dutch_page_shows_a_dutch_board(site, game):
    game_id = await site.new_game(game)  # the table's language is English
    await site.move(game_id)
    address = await site.address(game_id)
    row = await site.service.get(game_id)
    html = await (await site.client.get(f"{address}?lang=nl")).text()
    assert f'/board/{row.version}.png?lang=nl"' in html
    replay = await (await site.client.get(f"{address}/replay?lang=nl")).text()
    assert '/replay/1.png?lang=nl"' in replay
    for path in (f"/board/{row.version}.png", "/replay/1.png"):
        dutch = await (await site.client.get(f"{address}{path}?lang=nl")).read()
        english = await (await site.client.get(f"{address}{path}?lang=en")).read()
        assert dutch != english, path
        # Without ?lang= the page's language comes from the switch's cookie, as the page's does.
        assert await (await site.client.get(f"{address}{path}")).read() == dutch
