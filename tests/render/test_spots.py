"""Where each action is tapped (render/spots.py, render/taps.py, render/<game>_taps.py).

Seeded random positions of every registered game: every legal action is a place to tap inside a
drawn picture or a button, no two tappable places of different keys overlap, every action can be
reached and told apart, taps per turn never exceed Discord's clicks (and Manöver's 2 per recruit),
and a spectator's plan shows no hand."""

from __future__ import annotations

import json

import pytest

from engines.rng import Rng
from render.layout import picture_size
from render.spots import Spot, draw_with_spots, inside, overlap, recording_spots, spot
from render.taps import drawn_plan, tap_plan
from table.controls import build_page
from table.registry import GAMES, Extras
from table.spec import load_spec

TAPPED = [entry.key for entry in GAMES if Extras.TAPS in entry.extras]
PRIVATE_KEYS = ("card:", "keep:", "rest:")  # what a hand picture holds


def test_every_registered_game_has_taps():
    assert set(TAPPED) == {"hindmost", "duvelen", "trackgammon", "howruck", "manoever"}


def test_spots_are_recorded_only_while_recording():
    spot("card:7S", (0, 0, 1, 1))  # nobody is listening: nothing happens
    with recording_spots() as spots:
        spot("card:7S", (1, 2, 3, 4))
    spot("card:8S", (0, 0, 1, 1))
    assert spots == [Spot("card:7S", (1.0, 2.0, 3.0, 4.0))]


def _names(players: int) -> list[str]:
    return [f"Player {i + 1}" for i in range(players)]


def _players(engine, game: int, games: int) -> int:
    """The fewest players in the first game, the most in the last: every layout is looked at."""
    counts = range(engine.min_players, engine.max_players + 1)
    return counts[game * (len(counts) - 1) // max(1, games - 1)]


ENDINGS = {"undo", "done", "stop", "pass"}


def _pick(legal: list[str], rng: Rng) -> str:
    """Random play that seldom ends a turn or round early, so games last long enough to look at."""
    going_on = [a for a in legal if a not in ENDINGS]
    if going_on and rng.below(10) < 9:
        return going_on[rng.below(len(going_on))]
    return legal[rng.below(len(legal))]


def windows(key: str, games: int = 3, length: int = 12, options: dict | None = None):
    """For a few seeded random games, a run of ``length`` consecutive decisions from a random point:
    ``(spec, state, seat, view, legal, plan, pictures)`` for each, then the action played."""
    spec = load_spec(key)
    engine = spec.engine
    for game in range(games):
        rng = Rng(1000 + game)
        players = _players(engine, game, games)
        state = engine.new_game(players, 77 + game, engine.normalize_options(options or {}))[0]
        skip = rng.below(60)
        step = 0
        while engine.outcome(state) is None and step < skip + length:
            movers = sorted(engine.to_move(state))
            seat = movers[rng.below(len(movers))]
            legal = engine.legal_actions(state, seat)
            action = _pick(legal, rng)
            if step >= skip:
                view = engine.view(state, seat)
                plan, pictures = drawn_plan(spec, view, legal, "en", _names(players))
                yield spec, state, seat, view, legal, plan, pictures, action
            state, _events = engine.apply(state, seat, action)
            step += 1


def _walk(node: dict, path: tuple[str, ...], found: dict[str, list[tuple[str, ...]]]) -> None:
    if "play" in node:
        found.setdefault(node["play"], []).append(path)
        return
    assert len(set(node["choose"])) == len(node["choose"])
    for action in node["choose"]:
        found.setdefault(action, []).append(path)
    for key, child in node["tap"].items():
        _walk(child, (*path, key), found)


def _follow(root: dict, keys: list[str]) -> dict:
    """The node the action's own keys lead to (past the taps made for the player)."""
    chosen = root.get("chosen", [])
    if keys[: len(chosen)] == chosen:
        keys = keys[len(chosen) :]
    node = root
    for key in keys:
        node = node["tap"][key]
        if "play" in node:
            break
    return node


@pytest.mark.parametrize("key", TAPPED)
def test_every_action_is_a_drawn_spot_or_a_button(key):
    plans = 0
    for spec, _state, _seat, view, legal, plan, pictures, _action in windows(key):
        plans += 1
        assert json.loads(json.dumps(plan)) == plan  # plain JSON for the page
        spots = {}
        for picture in plan["pictures"]:
            size = picture_size(pictures[picture["name"]])
            assert (picture["width"], picture["height"]) == size
            for spot_key, boxes in picture["spots"].items():
                assert boxes
                for box in boxes:
                    assert inside(box, size), (key, spot_key, box, size)
                spots.setdefault(spot_key, []).extend((picture["name"], tuple(b)) for b in boxes)
            # Tappable places of different keys never overlap in one picture.
            placed = [(k, tuple(b)) for k, boxes in picture["spots"].items() for b in boxes]
            for i, (ka, a) in enumerate(placed):
                for kb, b in placed[i + 1 :]:
                    assert ka == kb or not overlap(a, b), (key, ka, a, kb, b)
        assert [a["action"] for a in plan["actions"]] == legal
        for entry in plan["actions"]:
            assert all(k in spots for k in entry["spots"]), (key, entry)
            # Every key the game names is drawn, but a Manöver field folded out of the picture.
            named = spec.action_spots(view, entry["action"])
            assert tuple(entry["spots"]) == named[: len(entry["spots"])]
            missing = named[len(entry["spots"]) :]
            assert not missing or (key == "manoever" and missing[0].startswith("field:")), (key, entry, named)
            if not entry["spots"]:
                assert entry["action"] in plan["buttons"]
            # Following the action's own spots reaches it: played, or offered in that node's list.
            node = _follow(plan["root"], entry["spots"])
            assert node.get("play") == entry["action"] or entry["action"] in node.get("choose", []), (key, entry)
        # Every action is reachable, and a tap path plays at most one action.
        found: dict[str, list[tuple[str, ...]]] = {}
        _walk(plan["root"], (), found)
        assert set(found) == set(legal)
        leaves = [path for paths in found.values() for path in paths if path]
        assert all(entry["taps"] >= 1 for entry in plan["actions"])
        assert len(leaves) >= len([a for a in plan["actions"] if a["spots"]])
    assert plans >= 10


@pytest.mark.parametrize("key", TAPPED)
def test_actions_with_the_same_spots_are_told_apart(key):
    """Two actions with the same keys end in one node's list, never one tap for both."""
    shared = 0
    for _spec, _state, _seat, _view, _legal, plan, _pictures, _action in windows(key, games=2):
        by_spots: dict[tuple[str, ...], list[str]] = {}
        for entry in plan["actions"]:
            if entry["spots"]:
                by_spots.setdefault(tuple(entry["spots"]), []).append(entry["action"])
        for keys, actions in by_spots.items():
            if len(actions) > 1:
                shared += 1
                node = _follow(plan["root"], list(keys))
                assert "play" not in node and set(actions) <= set(node["choose"]), (key, keys, node)


def _discord_steps(spec, state, seat, view, legal) -> int:
    """As bench/turn_clicks.py counts a decision: 0 played for the person, 2 through a group, 1."""
    if spec.engine.forced_action(state, seat) is not None:
        return 0
    group_of = None
    if spec.action_group is not None:
        group_of = lambda a: spec.action_group(view, a)  # noqa: E731
    top = build_page(legal, lambda a: spec.action_label(view, a), group_of)
    return 2 if any(c.kind == "group" for c in top.choices) else 1


# What the plan promises against Discord's controls (bench/turn_taps.py measures whole turns):
# - a decision takes at most 2 taps (the "at most 2 per recruit moved") and at most one
#   more than Discord's clicks for it: a move of a piece to one of several places is a tap on the
#   piece and one on the place, unless either is the move's alone, where a Discord button holds
#   both; a live action takes no more taps than clicks;
# - so a turn of one decision (Discord: "My hand / play" and a click) never takes more taps than
#   Discord's clicks, nor does a turn of Duvelen, whose every action is one tap. A turn of several
#   two-tap moves (Manöver's recruits, Trackgammon's dice, a Hindmost joker combination, How Ruck!'s
#   stolen card) can take a tap or two more than Discord's clicks.
ONE_TAP = {"duvelen"}

# Duvelen's relaxed mode has turns; its default, live mode, is counted per action.
TURNS = [(key, {}) for key in TAPPED] + [("duvelen", {"mode": "relaxed"})]


@pytest.mark.parametrize(("key", "options"), TURNS)
def test_taps_per_turn_are_at_most_discords_clicks(key, options):
    turns = 0
    mover, taps, clicks, decisions, complete = None, 0, 0, 0, False
    for spec, state, seat, view, legal, plan, _pictures, action in windows(key, 3, 16, options):
        forced = spec.engine.forced_action(state, seat) is not None
        entry = next(e for e in plan["actions"] if e["action"] == action)
        cost = 0 if forced else entry["taps"]
        steps = _discord_steps(spec, state, seat, view, legal)
        assert cost <= 2 and cost <= steps + 1, (key, action, entry, steps)
        if key in ONE_TAP:
            assert cost <= 1, (key, action, entry)
        if spec.engine.is_live(state):
            assert cost <= steps, (key, action, entry)
            continue
        if seat != mover:
            turns += complete
            if complete and (decisions <= 1 or key in ONE_TAP):
                assert taps <= clicks, (key, mover, taps, clicks)
            complete = mover is not None  # the window's first turn may have begun before it
            mover, taps, clicks, decisions = seat, 0, 1, 0  # Discord's "My hand / play"
        taps += cost
        clicks += steps
        decisions += not forced
    assert turns >= 3 or (key == "duvelen" and not options)  # live Duvelen has no turns


@pytest.mark.parametrize("key", [k for k in TAPPED if Extras.HAND in next(e for e in GAMES if e.key == k).extras])
def test_a_spectator_sees_no_hand_and_the_board_holds_none(key):
    for spec, state, seat, _view, legal, plan, _pictures, _action in windows(key, games=2, length=6):
        spectator = spec.engine.view(state, None)
        public = tap_plan(spec, spectator, [], "en", _names(spec.engine.players(state)))
        assert [p["name"] for p in public["pictures"]] == ["board"]
        assert not any(k.startswith(PRIVATE_KEYS) for p in public["pictures"] for k in p["spots"])
        # A seat's board is the public board: its hand's cards are tapped in the hand picture only.
        board = next(p for p in plan["pictures"] if p["name"] == "board")
        assert not any(k.startswith(PRIVATE_KEYS) for k in board["spots"]), (key, seat, legal)


@pytest.mark.parametrize("key", TAPPED)
def test_recording_spots_does_not_change_the_picture(key):
    """The plan's pictures are the very pictures drawn without recording."""
    for spec, state, _seat, view, _legal, _plan, pictures, _action in windows(key, games=1, length=3):
        names = _names(spec.engine.players(state))
        public = {**view, "viewer": None, "private": None}
        assert pictures["board"] == spec.render_board(public, names=names, locale="en")
        if "hand" in pictures:
            assert pictures["hand"] == spec.render_hand(view, names=names, locale="en")
        assert draw_with_spots(spec.render_board, public, names=names, locale="en")[0] == pictures["board"]


def _toy_spec(boxes: dict[str, tuple[int, int, int, int]], actions: dict[str, tuple[str, ...]]):
    """A game of a 100×100 picture with the given spots and actions."""
    import io
    from types import SimpleNamespace

    from PIL import Image

    def render_board(view, *, names, locale="en"):
        for key, box in boxes.items():
            spot(key, box)
        out = io.BytesIO()
        Image.new("P", (100, 100)).save(out, format="PNG")
        return out.getvalue()

    return SimpleNamespace(
        render_board=render_board,
        render_hand=None,
        action_label=lambda view, action, locale="en": f"label {action}",
        action_spots=lambda view, action: actions[action],
    )


def test_the_plan_takes_the_fewest_taps():
    boxes = {"a": (0, 0, 10, 10), "b": (20, 0, 30, 10), "x": (0, 50, 10, 60), "y": (20, 50, 30, 60)}
    actions = {
        "a-x": ("a", "x"),  # a has two moves; x is reached by a alone: one tap on x plays it
        "a-y": ("a", "y"),
        "b-y": ("b", "y"),  # b has one move: one tap on b; y is shared: no shortcut
        "a-y2": ("a", "y"),  # the same spots as a-y: told apart in the list after a, y
        "off": ("gone",),  # a key no picture draws: a button
        "pass": (),
    }
    plan = tap_plan(_toy_spec(boxes, actions), {"viewer": 0, "private": None}, list(actions), "en", ["A"])
    taps = {entry["action"]: entry["taps"] for entry in plan["actions"]}
    assert taps == {"a-x": 1, "a-y": 2, "b-y": 1, "a-y2": 2, "off": 1, "pass": 1}
    root = plan["root"]
    assert root["tap"]["x"] == {"play": "a-x"} and root["tap"]["b"] == {"play": "b-y"}
    assert "y" not in root["tap"]
    assert set(root["tap"]["a"]["tap"]["y"]["choose"]) == {"a-y", "a-y2"}
    assert plan["buttons"] == ["off", "pass"]
    assert set(plan["pictures"][0]["spots"]) == {"a", "b", "x", "y"}  # "gone" is drawn nowhere


def test_a_tap_every_action_needs_is_made_for_the_player():
    boxes = {"card": (0, 0, 10, 10), "x": (0, 50, 10, 60), "y": (20, 50, 30, 60)}
    actions = {"card-x": ("card", "x"), "card-y": ("card", "y"), "card-keep": ("card",)}
    plan = tap_plan(_toy_spec(boxes, actions), {"viewer": 0, "private": None}, list(actions), "en", ["A"])
    root = plan["root"]
    assert root["chosen"] == ["card"] and root["choose"] == ["card-keep"]
    assert root["tap"] == {"x": {"play": "card-x"}, "y": {"play": "card-y"}}
    assert {e["action"]: e["taps"] for e in plan["actions"]} == {"card-x": 1, "card-y": 1, "card-keep": 1}
    assert plan["buttons"] == [] and "card" in plan["pictures"][0]["spots"]
