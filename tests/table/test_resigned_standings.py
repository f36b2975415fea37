"""The end-of-game standings after a resignation (issue 36): the person who resigned is named as
the others are, ranked after everyone who played on even with a higher score, and told why."""

from db import Store
from table import lobby
from table.registry import GAME_KEYS
from table.service import Player, TableService
from table.spec import load_spec
from table.text import standings

ANN, BOB, CAT = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")


async def test_a_resigned_player_with_the_best_score_is_marked_and_ranked_last(tmp_path):
    store = await Store.open(tmp_path / "r.sqlite3")
    try:
        service = TableService(store, {key: load_spec(key) for key in GAME_KEYS})
        row = await lobby.create(service, "hindmost", guild_id=1, channel_id=100, host=ANN, options={})
        await lobby.join(service, row.id, BOB)
        await lobby.join(service, row.id, CAT)
        await lobby.start(service, row.id, ANN)
        resigned = (await service.resign(row.id, ANN)).row  # the computer plays Ann's seat on
        # Suppose the game ends with Ann's seat (played on by the computer) scoring best.
        for lang, mark in (("en", "resigned: ranked after everyone"), ("nl", "opgegeven: eindigt achter iedereen")):
            lines = standings(lang, resigned, [1, 2, 3], [9.0, 5.0, 1.0]).splitlines()[1:]
            assert lines[0].startswith("1. <@2>: 5") and lines[1].startswith("2. <@3>: 1")
            assert lines[2].startswith("3. <@1>: 9") and mark in lines[2]
            assert "Computer" not in "\n".join(lines) and "**" not in "\n".join(lines)
    finally:
        await store.close()
