"""The legal actions as places to tap on the pictures: the plan a web page plays from.

``drawn_plan(spec, view, legal, locale, names)`` draws the pictures the seat sees (the public board,
and the hand when the game has one) while recording their spots (``render.spots``), so the
picture and the places on it come out of the same drawing call, and returns the plan with the
pictures' bytes. ``tap_plan`` is the plan alone. The plan is plain JSON-able data:

- ``pictures``: ``[{"name": "board" | "hand", "width", "height", "spots": {key: [box, ...]}}]``,
  only the keys some legal action uses; a box is ``[left, top, right, bottom]`` in pixels;
- ``actions``: per legal action, in the engine's order: ``action``, ``label`` (the button's),
  ``spots`` (the keys a tap selects, then where it goes; empty: a button), ``taps`` (the fewest
  taps or clicks that play it by this plan);
- ``buttons``: the actions with nothing to tap, offered as buttons (the root's ``choose`` may hold
  more: those whose only tap was made for the player);
- ``root``: the taps as a tree. A node is ``{"tap": {key: node}, "choose": [action, ...]}``: tap a
  highlighted key to go on, or pick one of ``choose`` from the list beside the picture, which
  after a tap holds the actions still possible (the only way to pick one whose spots end there,
  or one of two actions with the same spots: the label tells them apart), and at the top the
  buttons; ``{"play": action}`` plays at once. The root's ``chosen`` lists keys already selected
  for the player (a first tap every action needs): show them selected. A piece with one action plays in one tap. A target that only one action reaches
  and that is no piece plays in one tap from the top too (Trackgammon's moves fit one tap
  mostly, as a Discord button does). A decision takes at most two taps (the issue's "at most 2
  per recruit moved"), one more than Discord's click at most: a move of a piece to one of several
  places is two taps where a Discord button holds both, so a turn of several such moves (Manöver,
  Trackgammon, a Hindmost joker combination) can take a tap or two more on the board than
  Discord's clicks, which count "My hand / play" once a turn. The page's list of moves beside
  the board plays any move in one tap, so the page as a whole never takes more
  (``bench/turn_taps.py`` measures both).

A key an action names but no picture draws (a Manöver field folded away) ends that action's
taps early: the list at that node offers it. The spec is duck-typed (``table.spec.GameSpec``:
``render_board``, ``render_hand``, ``action_label``, ``action_spots``), since render does not
import the table platform.
"""

from __future__ import annotations

from typing import Any

from render.layout import picture_size
from render.spots import Spot, draw_with_spots

Node = dict[str, Any]


def _public(view: dict[str, Any]) -> dict[str, Any]:
    """The board is the public picture: drawn from what a spectator sees, whoever asks."""
    return {**view, "viewer": None, "private": None}


def draw_pictures(
    spec: Any, view: dict[str, Any], *, names: list[str], locale: str
) -> list[tuple[str, bytes, list[Spot]]]:
    """``(name, png, spots)`` of the board and, for a seat of a game with hands, the hand. The web
    page makes its plan from the painter's kept drawings instead (``web.plans``): the board drawn
    once for everyone from the spectator's view (the same picture as ``_public(view)``'s), and the
    hand its own picture."""
    pictures = [("board", *draw_with_spots(spec.render_board, _public(view), names=names, locale=locale))]
    if spec.render_hand is not None and view.get("viewer") is not None:
        pictures.append(("hand", *draw_with_spots(spec.render_hand, view, names=names, locale=locale)))
    return pictures


def _tree(paths: dict[str, tuple[str, ...]], depth: int) -> Node:
    node: Node = {"tap": {}, "choose": list(paths)}  # after a tap: every action still possible
    groups: dict[str, list[str]] = {}
    for action, path in paths.items():
        if len(path) > depth:
            groups.setdefault(path[depth], []).append(action)
    for key, actions in groups.items():
        if len(actions) == 1:
            node["tap"][key] = {"play": actions[0]}
        else:
            node["tap"][key] = _tree({a: paths[a] for a in actions}, depth + 1)
    return node


def _add_shortcuts(root: Node, paths: dict[str, tuple[str, ...]]) -> None:
    """A target only one action names, and no action's piece, plays that action in one tap."""
    named: dict[str, set[str]] = {}
    for action, path in paths.items():
        for key in path:
            named.setdefault(key, set()).add(action)
    for action, path in paths.items():
        if len(path) < 2:
            continue
        target = path[-1]
        if target not in root["tap"] and named[target] == {action}:
            root["tap"][target] = {"play": action}


def _taps(node: Node, depth: int, found: dict[str, int]) -> None:
    if "play" in node:
        action = node["play"]
        found[action] = min(found.get(action, depth), depth)
        return
    for action in node["choose"]:
        found[action] = min(found.get(action, depth + 1), depth + 1)
    for child in node["tap"].values():
        _taps(child, depth + 1, found)


def _drawn_path(keys: tuple[str, ...], drawn: set[str]) -> tuple[str, ...]:
    """The keys up to the first one no picture draws."""
    for index, key in enumerate(keys):
        if key not in drawn:
            return keys[:index]
    return keys


# A picture as a plan needs it: its name, its size in pixels, and the spots its drawing recorded
# (not its bytes, which the page loads from the picture's own address).
Sized = tuple[str, tuple[int, int], list[Spot]]


def sized(pictures: list[tuple[str, bytes, list[Spot]]]) -> list[Sized]:
    return [(name, picture_size(png), spots) for name, png, spots in pictures]


def plan_for(spec: Any, view: dict[str, Any], legal: list[str], pictures: list[Sized], locale: str) -> dict[str, Any]:
    # ``pictures`` may hold every place a shared drawing recorded (the public board's, the same
    # for every seat): the plan keeps only the keys this seat's legal actions use.
    drawn = {s.key for _name, _size, spots in pictures for s in spots}
    action_spots = getattr(spec, "action_spots", None)
    paths: dict[str, tuple[str, ...]] = {}
    for action in legal:
        keys = tuple(action_spots(view, action)) if action_spots is not None else ()
        paths[action] = _drawn_path(keys, drawn)
    tapped = {a: p for a, p in paths.items() if p}
    buttons = [a for a in legal if not paths[a]]
    # A first tap every action needs is made for the player (How Ruck!'s stolen card, the one
    # disc that can move): the page shows it selected.
    chosen: list[str] = []
    listed = list(buttons)
    while not listed and len(tapped) > 1 and len({p[0] for p in tapped.values()}) == 1:
        chosen.append(next(iter(tapped.values()))[0])
        tapped = {a: p[1:] for a, p in tapped.items()}
        listed = [a for a, p in tapped.items() if not p]
        tapped = {a: p for a, p in tapped.items() if p}
    root = _tree(tapped, 0)
    _add_shortcuts(root, tapped)
    root["choose"] = listed  # nothing (more) to tap: picked from the list at the top
    root["chosen"] = chosen
    taps: dict[str, int] = {}
    _taps(root, 0, taps)
    used = _keys(root) | set(chosen)
    shown = []
    for name, (width, height), spots in pictures:
        shown.append(
            {"name": name, "width": width, "height": height, "spots": _boxes([s for s in spots if s.key in used])}
        )
    return {
        "pictures": shown,
        "actions": [
            {
                "action": action,
                "label": spec.action_label(view, action, locale),
                "spots": list(paths[action]),
                "taps": taps[action],
            }
            for action in legal
        ],
        "buttons": buttons,
        "root": root,
    }


def _keys(node: Node) -> set[str]:
    keys: set[str] = set()
    for key, child in node.get("tap", {}).items():
        keys.add(key)
        keys |= _keys(child)
    return keys


def _boxes(spots: list[Spot]) -> dict[str, list[list[float]]]:
    boxes: dict[str, list[list[float]]] = {}
    for s in spots:
        box = [round(v, 1) for v in s.box]
        if box not in boxes.setdefault(s.key, []):
            boxes[s.key].append(box)
    return boxes


def drawn_plan(
    spec: Any, view: dict[str, Any], legal: list[str], locale: str, names: list[str]
) -> tuple[dict[str, Any], dict[str, bytes]]:
    """The plan and the pictures it was recorded from (name → PNG), from one drawing each: show
    these bytes, so the places to tap are where the picture has them."""
    pictures = draw_pictures(spec, view, names=names, locale=locale)
    return plan_for(spec, view, legal, sized(pictures), locale), {name: png for name, png, _spots in pictures}


def tap_plan(spec: Any, view: dict[str, Any], legal: list[str], locale: str, names: list[str]) -> dict[str, Any]:
    return drawn_plan(spec, view, legal, locale, names)[0]


# ---- what the page does with a plan (web/static/taps.js), for measuring and for the browser tests ----
def _shortcut(root: Node, action: str) -> str | None:
    return next((key for key, child in root["tap"].items() if child.get("play") == action), None)


def _walk(node: Node, keys: list[str]) -> Node:
    for key in keys:
        node = node["tap"][key]
    return node


def kept_selection(plan: dict[str, Any], last_spots: list[str]) -> list[str]:
    """What the page shows selected when ``plan`` comes after a move whose spots were
    ``last_spots``: the piece just moved (where it was, else where it went) if it has moves again,
    is not selected for the player already, and costs no other move a tap: no place tapped first
    for another move means something else once the piece is selected (else the selection would
    have to be tapped off first). Moving one piece twice then saves a tap."""
    root = plan["root"]
    for key in (last_spots[:1] + last_spots[-1:]) if last_spots else []:
        child = root["tap"].get(key)
        if child is None or "play" in child or key in root["chosen"]:
            continue
        if all(root["tap"][k] == there for k, there in child["tap"].items() if k in root["tap"] and k != key):
            return [key]
    return []


def route(plan: dict[str, Any], action: str, selected: list[str] | None = None) -> list[tuple[str, str]]:
    """The fewest steps that play ``action`` on the page from the selection ``selected`` (below the
    root's ``chosen``): ``("tap", key)`` on a picture, ``("pick", action)`` in the short list after
    a tap, ``("list", action)`` in the list of moves (an action with nothing to tap). A tap on a
    place the selected piece's moves do not use starts again from the top, as taps.js does; one
    they do use would move the selected piece, so the selection is tapped off first."""
    root = plan["root"]
    spots = next(a["spots"] for a in plan["actions"] if a["action"] == action)
    if not spots:
        return [("list", action)]
    keys = spots[len(root["chosen"]) :]
    path = list(selected or [])
    steps: list[tuple[str, str]] = []
    if path and keys[: len(path)] != path:
        first = _shortcut(root, action) or keys[0]
        there = _walk(root, path)["tap"].get(first)
        if there is not None and there != root["tap"].get(first):
            steps.append(("tap", path[0]))  # unselect
        path = []
    shortcut = _shortcut(root, action)
    if not path and shortcut is not None:
        return [*steps, ("tap", shortcut)]
    node = _walk(root, path)
    # After a tap, the short list beside the picture offers every move still possible (the way to
    # one that ends there, or to one of two with the same places); at the top, the list of moves.
    best: list[tuple[str, str]] | None = None
    if action in node["choose"]:
        best = [*steps, ("pick" if node is not root else "list", action)]
    for key in keys[len(path) :]:
        child = node["tap"].get(key)
        if child is None:
            break
        steps.append(("tap", key))
        if "play" in child:
            return steps if best is None or len(steps) <= len(best) else best
        node = child
        if best is None or len(steps) + 1 < len(best):
            best = [*steps, ("pick", action)]
    assert best is not None, f"{action} cannot be reached by the plan"
    return best
