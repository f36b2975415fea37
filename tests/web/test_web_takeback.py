"""Taking one's own last action back on the table page (``web.play.take_back``), as Discord's Take
back button does: offered where Discord's controls offer it, through ``table.takeback`` with its
checks and refusals, followed as a click's take-back is (an only legal action is not replayed)."""

from __future__ import annotations

import pytest

from locales import tr
from table.service import TAKEBACK_ACTION
from tests.web.test_web_play import WHO, get, make_play_site, post, to_move_seat


@pytest.fixture
async def play(tmp_path):
    site = await make_play_site(tmp_path, games=("manoever",))
    yield site
    await site.client.close()
    await site.store.close()


TAKE_BACK_FORM = 'action="{address}/take-back?lang='


async def send(site, path: str, who: str | None, data: dict, *, csrf: str | None = "", **kwargs):
    """A change from ``who``'s page, with their CSRF token unless ``csrf`` says another."""
    token = f"csrf-{who}" if csrf == "" else csrf
    return await post(site, path, who, data, csrf=token, **kwargs)


async def a_move_that_keeps_the_turn(site, game_id: int) -> tuple[int, str]:
    """Moves (from the page) until the seat to move has played and still moves: a take-back is
    offered then (Manöver: a turn moves several recruits). (the seat, its page's address)."""
    address = await site.address(game_id)
    for _ in range(40):
        row = await site.service.get(game_id)
        seat = await to_move_seat(site, game_id)
        spec = site.service.spec(row.game)
        action = spec.engine.legal_actions(site.service.state_of(row), seat)[0]
        answer = await send(site, f"{address}/act", WHO[seat], {"action": action, "version": str(row.version)})
        assert (await answer.json())["ok"]
        if await to_move_seat(site, game_id) == seat:
            return seat, address
    raise AssertionError("no move kept the turn")


async def test_the_page_offers_a_take_back_and_it_takes_the_move_back(play):
    game_id = await play.new_game("manoever")
    address = await play.address(game_id)
    seat = await to_move_seat(play, game_id)
    first = await (await get(play, address, WHO[seat])).text()
    assert TAKE_BACK_FORM.format(address=address) not in first  # nothing of this turn to take back yet
    seat, address = await a_move_that_keeps_the_turn(play, game_id)
    before = await play.service.get(game_id)
    moves_before = await play.store.moves(game_id)
    page = await (await get(play, address, WHO[seat])).text()
    assert TAKE_BACK_FORM.format(address=address) in page and tr("en", "button-take-back") in page
    other = await (await get(play, address, WHO[1 - seat])).text()
    assert TAKE_BACK_FORM.format(address=address) not in other  # only the player whose move it was
    answer = await send(play, f"{address}/take-back", WHO[seat], {"version": str(before.version)})
    data = await answer.json()
    assert answer.status == 200 and data["ok"] and data["text"] == tr("en", "web-play-taken-back")
    after = await play.service.get(game_id)
    assert after.version == before.version + 1 and data["version"] == after.version
    log = await play.store.moves(game_id)
    assert len(log) == len(moves_before) + 1 and log[-1][2] == TAKEBACK_ACTION
    # The state is the one before that move, and Discord follows it as its own take-back.
    # (The aftermath does not play an only legal action after it: tests/table/test_aftermath.py.)
    assert play.followed[-1].action == TAKEBACK_ACTION and play.followed[-1].row.version == after.version


async def test_a_plain_form_take_back_comes_back_to_the_page(play):
    game_id = await play.new_game("manoever")
    seat, address = await a_move_that_keeps_the_turn(play, game_id)
    row = await play.service.get(game_id)
    answer = await send(play, f"{address}/take-back", WHO[seat], {"version": str(row.version)}, json_answer=False)
    assert answer.status == 303 and answer.headers["Location"] == f"{address}?taken-back=1#play"
    page = await (await get(play, f"{address}?taken-back=1", WHO[seat])).text()
    assert tr("en", "web-play-taken-back") in page


@pytest.mark.parametrize(
    ("who", "version", "csrf", "status", "code"),
    [
        ("mover", "stale", "", 409, "board-moved-on"),  # the page showed an older board
        ("mover", "x", "", 400, "bad-action"),
        ("other", "now", "", 409, "takeback-not-your-turn"),
        ("carol", "now", "", 403, "not-a-player"),
        ("mover", "now", "wrong", 403, None),  # the change check: a wrong CSRF token, no change
        ("mover", "now", None, 403, None),  # and none at all
        (None, "now", None, 401, None),  # signed out
    ],
)
async def test_refused_take_backs_change_nothing(play, who, version, csrf, status, code):
    game_id = await play.new_game("manoever")
    seat, address = await a_move_that_keeps_the_turn(play, game_id)
    row = await play.service.get(game_id)
    person = {"mover": WHO[seat], "other": WHO[1 - seat], "carol": "carol", None: None}[who]
    sent = {"stale": str(row.version - 1), "now": str(row.version), "x": "x"}[version]
    answer = await send(play, f"{address}/take-back", person, {"version": sent}, csrf=csrf)
    assert answer.status == status
    if code is not None:
        assert (await answer.json())["code"] == code
    assert (await play.service.get(game_id)).version == row.version
    assert play.followed[-1].action != TAKEBACK_ACTION


async def test_a_game_without_take_backs_never_offers_one(play):
    game_id = await play.new_game("hindmost")
    address = await play.address(game_id)
    for _ in range(6):
        seat = await to_move_seat(play, game_id)
        page = await (await get(play, address, WHO[seat])).text()
        assert TAKE_BACK_FORM.format(address=address) not in page
        await play.move(game_id)
