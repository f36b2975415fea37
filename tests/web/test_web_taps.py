"""The places to tap on the table page (``web.plans``, ``web.play``): the plan goes to the seat to
move only, its pictures are the page's own (the public board drawn once for everyone, the seat's
hand), the very bytes whose spots it recorded, and the players' seat markers beside their names
come from the board's own colours and shapes."""

from __future__ import annotations

import dataclasses
import io

from PIL import Image

from render.common import SEAT_COLOURS, SEAT_SHAPES, seat_colour
from render.taps import drawn_plan
from table.levels import picture_names
from table.picture_cache import PictureKey
from tests.web.test_web_play import WHO, get, post, to_move_seat
from tests.web.test_web_play import play as play  # noqa: F401  (the fixture)


async def part(site, address: str, who: str | None):
    answer = await get(site, f"{address}/play", who, headers={"Accept": "application/json"})
    return answer, (await answer.json() if answer.status == 200 else None)


def _drawing(play, row, name: str, seat: int, lang: str = "en"):
    """The painter's kept drawing of a plan's picture (the board everyone's, the hand the seat's)."""
    spec = play.service.spec(row.game)
    renderer = spec.render_board if name == "board" else spec.render_hand
    viewer = None if name == "board" else seat
    key = PictureKey(
        row.id, row.version, viewer, lang, f"{renderer.__module__}.{renderer.__qualname__}",
        tuple(picture_names(lang, row.seats)),
    )  # fmt: skip
    return play.app.pages.painter.cache.drawing(key)


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
    assert [{k: v for k, v in p.items() if k != "src"} for p in plan["pictures"]] == expected["pictures"]
    assert {p["name"] for p in plan["pictures"]} == {"board", "hand"}
    cache = {"board": "private, max-age=31536000, immutable", "hand": "private, no-store"}
    for picture in plan["pictures"]:
        name = picture["name"]
        # The pictures the page shows anyway: the public board, the seat's own hand.
        assert picture["src"] == f"{address}/{name}/{row.version}.png?lang=en"
        served = await get(play, picture["src"], WHO[seat], allow_redirects=False)
        assert served.status == 200 and served.headers["Cache-Control"] == cache[name]
        body = await served.read()
        # The drawing the spots came from: its bytes are served, its spots are the plan's.
        drawing = _drawing(play, row, name, seat)
        assert body == drawing.png == pictures[name]
        recorded = {(s.key, tuple(round(v, 1) for v in s.box)) for s in drawing.spots}
        assert all((k, tuple(b)) in recorded for k, boxes in picture["spots"].items() for b in boxes)
    assert any(p["spots"] for p in plan["pictures"])  # else the check above would be toothless
    # The board is the public one: the same bytes as the spectators' board.
    board = await (await get(play, f"{address}/board/{row.version}.png?lang=en")).read()
    assert board == pictures["board"]
    # In Dutch, Dutch labels.
    dutch_answer = await get(play, f"{address}/play?lang=nl", WHO[seat], headers={"Accept": "application/json"})
    dutch = (await dutch_answer.json())["plan"]
    assert [a["label"] for a in dutch["actions"]] == [spec.action_label(view, a, locale="nl") for a in legal]


async def test_the_board_is_drawn_once_for_spectators_and_every_seat(play):
    """One drawing of the board per version and language: a seat's plan of taps, the spectators'
    picture and Discord's (the same cache key) share it; its spots are the seat's only."""
    game_id = await play.new_game("trackgammon")
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    seat = await to_move_seat(play, game_id)
    drawn: list[str] = []
    spec = play.service.spec("trackgammon")
    renderer = spec.render_board

    def counted(view, **options):
        drawn.append(options["locale"])
        return renderer(view, **options)

    counted.__module__, counted.__qualname__ = renderer.__module__, renderer.__qualname__  # the same key
    play.app.specs["trackgammon"] = dataclasses.replace(spec, render_board=counted)
    _answer, data = await part(play, address, WHO[seat])
    board = next(p for p in data["plan"]["pictures"] if p["name"] == "board")
    for who in (None, "carol", WHO[1 - seat], WHO[seat]):
        assert (await get(play, board["src"], who)).status == 200
    await part(play, address, WHO[seat])
    assert drawn == ["en"]
    # The shared drawing holds every place on the board; the plan only those this seat's moves use.
    everything = {s.key for s in _drawing(play, row, "board", seat).spots}
    used = {k for a in data["plan"]["actions"] for k in a["spots"]}
    assert set(board["spots"]) <= used < everything
    await get(play, f"{address}/play?lang=nl", WHO[seat], headers={"Accept": "application/json"})
    assert (await get(play, f"{address}/board/{row.version}.png?lang=nl")).status == 200
    assert drawn == ["en", "nl"]  # one drawing per language


async def test_nobody_else_gets_a_plan_or_another_seats_hand(play):
    game_id = await play.new_game("hindmost")
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    seat = await to_move_seat(play, game_id)
    _answer, waiting = await part(play, address, WHO[1 - seat])
    assert waiting["plan"] is None  # the other player waits: nothing to tap
    _answer, data = await part(play, address, WHO[seat])  # made for the mover
    hand = next(p["src"] for p in data["plan"]["pictures"] if p["name"] == "hand")
    mine = await (await get(play, hand, WHO[seat])).read()
    for who in ("carol", None):
        assert (await get(play, hand, who)).status == 404
    other = await get(play, hand, WHO[1 - seat])
    assert other.status == 200 and await other.read() != mine  # their own hand, never the mover's
    assert _drawing(play, row, "hand", seat).png == mine


async def test_a_move_answers_with_the_next_plan_and_old_pictures_stay_for_a_moment(play):
    game_id = await play.new_game("trackgammon")
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    seat = await to_move_seat(play, game_id)
    who = WHO[seat]
    _answer, data = await part(play, address, who)
    old = data["plan"]["pictures"][0]["src"]
    before = await (await get(play, old, who)).read()
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
    kept = await get(play, old, who, allow_redirects=False)
    assert kept.status == 200 and await kept.read() == before


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
    play.app.person_budget = RequestBudget(play.clock, burst=2, per_second=0.001)  # a signed-in player's
    _answer, data = await part(play, address, WHO[seat])  # one request: the plan, its pictures drawn
    for _ in range(5):
        for picture in data["plan"]["pictures"]:
            assert (await get(play, picture["src"], WHO[seat])).status == 200
        assert (await get(play, "/seat/0.png")).status == 200
    assert (await part(play, address, WHO[seat]))[0].status == 200  # the second of the two
    assert (await part(play, address, WHO[seat]))[0].status == 429
