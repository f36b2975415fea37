"""``/ladder``: the ladder that travels on the web companion (issue 49): every game's ratings from
tables across servers, provisional ones marked, names as each person chose (a neutral one hidden),
never an id; in Dutch too."""

from __future__ import annotations

from db import cross, ladder
from tests.web.conftest import make_site

ANN, BEN, CAS = 700_000_000_000_000_001, 700_000_000_000_000_002, 700_000_000_000_000_003


def results(game_id: int, *placed: tuple[int, str, int]) -> list[dict]:
    return [{"game": "nim", "user_id": u, "name": n, "placement": p, "is_computer": 0} for u, n, p in placed]


async def test_the_ladder_lists_ratings_across_servers_with_each_ones_privacy(tmp_path):
    site = await make_site(tmp_path)
    try:
        empty = await (await site.client.get("/ladder")).text()
        assert "No table across servers has finished yet." in empty
        first, second = await site.new_game(), await site.new_game(channel=2)
        await cross.set_neutral(site.store, CAS, True)
        async with site.store.transaction() as tx:
            assert await ladder.count(tx, first, results(first, (ANN, "Ann <b>", 1), (BEN, "Ben", 2)), 1.0)
            assert await ladder.count(tx, second, results(second, (ANN, "Ann <b>", 1), (CAS, "Otter", 2)), 2.0)
            assert not await ladder.count(tx, second, results(second, (ANN, "Ann <b>", 1), (CAS, "Otter", 2)), 3.0)
        answer = await site.client.get("/ladder")
        html = await answer.text()
        assert answer.status == 200
        assert "Ann &lt;b&gt;" in html and "Ann <b>" not in html  # escaped
        assert html.index("Ann &lt;b&gt;") < html.index("Ben")  # the winner of both first
        assert "a player (name hidden)" in html and "Otter" not in html  # Cas chose a neutral name
        assert "?</td>" in html  # provisional: fewer than five games
        for hidden in (str(ANN), str(BEN), str(CAS)):
            assert hidden not in html
        dutch = await (await site.client.get("/ladder?lang=nl")).text()
        assert "Ratings met andere servers" in dutch and "een speler (naam verborgen)" in dutch
    finally:
        await site.client.close()
        await site.store.close()
