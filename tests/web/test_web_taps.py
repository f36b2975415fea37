"""The places to tap on the table page (``web.plans``, ``web.play``): the plan goes to the seat to
move only, its pictures are the very bytes whose spots it recorded, and the players' seat markers
beside their names come from the board's own colours and shapes."""

from __future__ import annotations

import io

from PIL import Image

from render.common import SEAT_COLOURS, SEAT_SHAPES, seat_colour
from render.taps import drawn_plan
from table.levels import picture_names
from tests.web.test_web_play import WHO, get, post, to_move_seat
from tests.web.test_web_play import play as play  # noqa: F401  (the fixture)


async def part(site, address: str, who: str | None):
    answer = await get(site, f"{address}/play", who, headers={"Accept": "application/json"})
    return answer, (await answer.json() if answer.status == 200 else None)


async def test_the_seat_to_move_gets_its_plan_and_the_pictures_it_was_recorded_from(play):
    game_id = await play.new_game("hindmost")
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    spec = play.service.spec("hindmost")
    state = play.service.state_of(row)
    seat = await to_move_seat(play, game_id)
    answer, data = await part(play, address, WHO[seat])
    assert answer.headers["Cache-Control"] == "private, no-store"
    plan = data["plan"]
    view = spec.engine.view(state, seat)
    legal = spec.engine.legal_actions(state, seat)
    expected, pictures = drawn_plan(spec, view, legal, "en", picture_names("en", row.seats))
    assert plan["version"] == row.version and plan["root"] == expected["root"]
    assert [a["action"] for a in plan["actions"]] == legal
    assert {p["name"] for p in plan["pictures"]} == {"board", "hand"}
    for picture in plan["pictures"]:
        assert picture["src"] == f"{address}/taps/{row.version}/{picture['name']}.png?lang=en"
        served = await get(play, picture["src"], WHO[seat])
        assert served.status == 200 and served.headers["Cache-Control"] == "private, no-store"
        assert await served.read() == pictures[picture["name"]]  # the drawing the spots came from
    # The board is the public one: the same bytes as the spectators' board.
    board = await (await get(play, f"{address}/board/{row.version}.png?lang=en")).read()
    assert board == pictures["board"]
    # In Dutch, Dutch labels.
    dutch_answer = await get(play, f"{address}/play?lang=nl", WHO[seat], headers={"Accept": "application/json"})
    dutch = (await dutch_answer.json())["plan"]
    assert [a["label"] for a in dutch["actions"]] == [spec.action_label(view, a, locale="nl") for a in legal]


async def test_nobody_else_gets_a_plan_or_its_pictures(play):
    game_id = await play.new_game("hindmost")
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    seat = await to_move_seat(play, game_id)
    _answer, waiting = await part(play, address, WHO[1 - seat])
    assert waiting["plan"] is None  # the other player waits: nothing to tap
    await part(play, address, WHO[seat])  # drawn for the mover
    for who in (WHO[1 - seat], "carol", None):
        for name in ("board", "hand"):
            assert (await get(play, f"{address}/taps/{row.version}/{name}.png", who)).status == 404


async def test_a_move_answers_with_the_next_plan_and_old_pictures_stay_for_a_moment(play):
    game_id = await play.new_game("trackgammon")
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    seat = await to_move_seat(play, game_id)
    who = WHO[seat]
    _answer, data = await part(play, address, who)
    old = data["plan"]["pictures"][0]["src"]
    action = data["plan"]["actions"][0]["action"]
    moved = await post(play, f"{address}/act", who, {"action": action, "version": str(row.version)}, csrf=f"csrf-{who}")
    answer = await moved.json()
    saved = await play.service.get(game_id)
    now = await to_move_seat(play, game_id)
    if now == seat:
        assert answer["plan"]["version"] == saved.version
    else:
        assert answer["plan"] is None
    # The page asked for the picture of the plan it showed just before: still served, not redrawn.
    assert (await get(play, old, who)).status == 200


async def test_a_game_without_places_to_tap_has_no_plan(play):
    game_id = await play.new_game("nim", {"pile": 7})
    address = await play.address(game_id)
    seat = await to_move_seat(play, game_id)
    _answer, data = await part(play, address, WHO[seat])
    assert data["plan"] is None and data["html"]


async def test_seat_markers_are_the_boards_colours_and_shapes(play):
    game_id = await play.new_game("hindmost")
    html = await (await get(play, await play.address(game_id))).text()
    assert '<img class="seat" src="/seat/0.png"' in html and '<img class="seat" src="/seat/1.png"' in html
    shapes = set()
    for seat in range(len(SEAT_SHAPES)):
        answer = await get(play, f"/seat/{seat}.png")
        assert answer.status == 200 and answer.content_type == "image/png"
        picture = Image.open(io.BytesIO(await answer.read())).convert("RGBA")
        middle = picture.getpixel((picture.width // 2, picture.height // 2 + 2))
        assert middle[:3] == seat_colour(seat) and middle[3] == 255
        corner = picture.getpixel((0, 0))
        assert corner[3] == 0  # see-through around the marker
        shapes.add(picture.getchannel("A").tobytes())
    assert len(shapes) == len(SEAT_SHAPES) == len(SEAT_COLOURS)  # one shape per seat
    assert (await get(play, f"/seat/{len(SEAT_SHAPES)}.png")).status == 404


async def test_a_plans_pictures_and_the_seat_markers_cost_no_request_budget(play):
    """A tap on the page brings several pictures; only drawing is charged (as the replay's pictures)."""
    from web.limits import RequestBudget

    game_id = await play.new_game("hindmost")
    address = await play.address(game_id)
    seat = await to_move_seat(play, game_id)
    play.app.budget = RequestBudget(play.clock, burst=2, per_second=0.001)
    _answer, data = await part(play, address, WHO[seat])  # one request: the plan, its pictures drawn
    for _ in range(5):
        for picture in data["plan"]["pictures"]:
            assert (await get(play, picture["src"], WHO[seat])).status == 200
        assert (await get(play, "/seat/0.png")).status == 200
    assert (await part(play, address, WHO[seat]))[0].status == 200  # the second of the two
    assert (await part(play, address, WHO[seat]))[0].status == 429
