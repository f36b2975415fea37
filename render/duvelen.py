"""The Duvelen table picture, drawn from a view (never the state), readable on a phone.

Top: the game and round, and under it who called Stop. Then the middle: every Hoop as its top card,
grouped by suit (at the end of the game the final ranking instead). Below: a panel per player with
their Stack (top card and count), Row, Turn pile (open top, open count, face-down count), their
Kings' Hoops (K + suit) and the round's running score with the total. One column of panels up to
four players, two beyond; every text is at least 28 px on a 1200 px-wide picture (7 px cap height
at 400 px) and reported to ``render.layout``. Card faces come from ``render.cards`` (suits drawn as
shapes, red/black) and are cached per size, since a live table is redrawn after almost every play.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from locales import tr
from render.cards import (
    CARD_GROUNDS,
    CARD_INKS,
    CARD_NAMED,
    GREYS,
    SUIT_SYMBOLS,
    card_text,
    draw_card,
    draw_card_back,
    draw_text,
    fit_text,
    text_width,
)
from render.common import (
    BACKGROUND,
    INK,
    MUTED,
    WHITE,
    cached_palette,
    font,
    label,
    new_canvas,
    palette,
    seat_colour,
    stamp_seat_marker,
    to_png,
)
from render.duvelen_taps import action_spots as action_spots  # the registry's Extras.TAPS part
from render.spots import spot
from render.type_scale import NAME, TEXT, TITLE

WIDTH = 1200
MARGIN = 20
HEADER_H = 60
STOP_H = 54
TITLE_H = 48
CAPTION_H = 42
MIDDLE_LABEL_H = 44
HAND_CARD_W = 120
HEREN_FILL = (240, 200, 80)
PANEL_GAP = 12
SUIT_ORDER = "SHDC"
PANEL_FILL = (255, 253, 246)
MIDDLE_FILL = (200, 228, 200)  # a green baize, so the middle reads as the table
STOP_FILL = (200, 30, 40)
DONE_FILL = (110, 110, 110)
SLOT_EDGE = (175, 170, 160)
CAPTION = (80, 80, 80)
RANK_LINE = 48
PANEL_EDGE = (200, 195, 185)


@cached_palette
def _palette() -> Image.Image:
    """Every colour drawn (cards included), plus the shades of text and card edges over their grounds."""
    seats = tuple(seat_colour(seat) for seat in range(8))
    light = (BACKGROUND, PANEL_FILL, MIDDLE_FILL, HEREN_FILL, *CARD_GROUNDS)
    dark = (STOP_FILL, DONE_FILL, INK, *seats)
    named = (*light, *dark, MUTED, CAPTION, SLOT_EDGE, PANEL_EDGE, WHITE, *CARD_NAMED, *GREYS)
    inks = (INK, CAPTION, MUTED, *CARD_INKS)
    return palette(named, inks, light, (((WHITE,), dark),))


def _label(locale: str, key: str, **args: Any) -> str:
    return _cached_label(locale, key, tuple(sorted(args.items())))


@lru_cache(maxsize=4096)
def _cached_label(locale: str, key: str, args: tuple) -> str:
    """Fluent formats numbers through Babel, slow enough to matter on a table redrawn per play."""
    return tr(locale, f"duvelen-label-{key}", **dict(args))


@lru_cache(maxsize=4096)
def _length(text: str, size: int) -> float:
    return font(size).getlength(text)


def _name(names: list[str], seat: int) -> str:
    return names[seat] if 0 <= seat < len(names) else f"#{seat + 1}"


# ---- cached card tiles ----------------------------------------------------------------------


@lru_cache(maxsize=512)
def _card_tile(code: str | None, w: int, h: int, background: tuple[int, int, int], dim: bool) -> Image.Image:
    """A card (or an empty slot for ``None``, a face-down card for ``"back"``) on its background."""
    tile = Image.new("RGB", (w, h), background)
    if code is None:
        ImageDraw.Draw(tile).rounded_rectangle((1, 1, w - 2, h - 2), radius=max(3, w // 12), outline=SLOT_EDGE, width=3)
    elif code == "back":
        draw_card_back(tile, 0, 0, w, h, dim=dim)
    else:
        draw_card(tile, 0, 0, w, h, code, dim=dim)
    return tile


@lru_cache(maxsize=512)
def _card_tile_on_palette(code: str | None, w: int, h: int, background: tuple[int, int, int], dim: bool) -> Image.Image:
    """The card tile mapped onto the table's palette once, pasted as indices on every board."""
    return _card_tile(code, w, h, background, dim).quantize(palette=_palette(), dither=Image.Dither.NONE)


def _paste_card(img: Image.Image, x: int, y: int, w: int, h: int, code, background, *, dim: bool = False) -> None:
    tile = (_card_tile_on_palette if img.mode == "P" else _card_tile)(code, w, h, background, dim)
    img.paste(tile, (round(x), round(y)))


def _badge_width(text: str, size: int = TEXT) -> float:
    return _length(text, size) + size


def _badge(img: Image.Image, x: float, y: float, text: str, fill, *, anchor: str = "l", size: int = TEXT) -> float:
    """A rounded label with white text whose vertical middle is ``y``; returns its width."""
    draw = ImageDraw.Draw(img)
    w = _badge_width(text, size)
    left = x - w if anchor == "r" else x
    box = (left, y - size * 0.7, left + w, y + size * 0.7)
    draw.rounded_rectangle(box, radius=size // 2, fill=fill)
    label(draw, (left + w / 2, y), text, size, (255, 255, 255), anchor="mm", within=box)
    return w


def _heren_width(text: str) -> float:
    return text_width(text, TEXT) + 16


def _heren_badge(img: Image.Image, right: float, cy: float, text: str) -> float:
    """A gold tag such as "K♥" for a King's Hoop won; returns its width."""
    w = _heren_width(text)
    box = (right - w, cy - TEXT * 0.7, right, cy + TEXT * 0.7)
    ImageDraw.Draw(img).rounded_rectangle(box, radius=7, fill=HEREN_FILL, outline=INK)
    draw_text(img, right - w / 2, cy, text, TEXT, anchor="m", within=box)
    return w


def _count_badge(img: Image.Image, cx: float, cy: float, count: int) -> None:
    """The number of face-down cards, on the back of the pile (no face beneath to hide)."""
    draw = ImageDraw.Draw(img)
    text = str(count)
    r = max(TEXT * 0.75, (_length(text, TEXT) + TEXT * 0.5) / 2)
    box = (cx - r, cy - TEXT * 0.8, cx + r, cy + TEXT * 0.8)
    draw.ellipse(box, fill=INK)
    label(draw, (cx, cy), text, TEXT, (255, 255, 255), anchor="mm", within=box)


# ---- layout ---------------------------------------------------------------------------------


def _columns(players: int) -> int:
    return 1 if players <= 4 else 2


def _panel_geometry(players: int) -> tuple[int, int, int, int]:
    """(panel width, panel height, card width, card height) for the players' area.

    One column keeps a whole row of text for the name and the score; from five players two
    columns, with the score on a second title line, so eight players still fit a square picture.
    """
    columns = _columns(players)
    panel_w = (WIDTH - 2 * MARGIN - (columns - 1) * PANEL_GAP) // columns
    card_w = {2: 96, 3: 84, 4: 76}.get(players, 64)
    card_h = round(card_w * 1.4)
    title_h = TITLE_H * (1 if columns == 1 else 2)
    return panel_w, title_h + card_h + CAPTION_H, card_w, card_h


def _hoop_geometry(count: int) -> tuple[int, int, int]:
    """(card width, per row, rows) for ``count`` Hoops: one row if cards can stay readable."""
    for rows in (1, 2, 3):
        for card_w in (84, 72, 62, 56):
            # Room for the three wider gaps between suit groups.
            inner = WIDTH - 2 * MARGIN - 24 - 3 * _hoop_gap(card_w)
            per_row = (inner + _hoop_gap(card_w)) // (card_w + _hoop_gap(card_w))
            if count <= per_row * rows:
                return card_w, per_row, rows
    return 56, per_row, -(-count // per_row)


def _hoop_gap(card_w: int) -> int:
    return max(6, card_w // 10)


def render_board(view: dict[str, Any], *, names: list[str], locale: str = "en") -> bytes:
    """The whole table: header, the middle (or the final ranking), and a panel per player."""
    players = view["players"]
    panel_w, panel_h, card_w, card_h = _panel_geometry(players)
    rows = -(-players // _columns(players))
    img, top = _table_top(view, names, locale, rows * (panel_h + PANEL_GAP) + MARGIN, fixed=True)
    for seat in range(players):
        col, row = seat % _columns(players), seat // _columns(players)
        x = MARGIN + col * (panel_w + PANEL_GAP)
        y = top + row * (panel_h + PANEL_GAP)
        _draw_panel(img, view, seat, (x, y, panel_w, panel_h), (card_w, card_h), names, locale)
    return _encode(img)


def render_hand(view: dict[str, Any], *, names: list[str], locale: str = "en") -> bytes:
    """The viewer's own piles in big cards under the middle: all a player needs on a phone.

    Nothing on the table is private, so this shows only what the board shows, larger.
    """
    seat = view["viewer"]
    if seat is None:
        raise ValueError("a spectator has no piles of their own")
    card_w = HAND_CARD_W
    card_h = round(card_w * 1.4)
    panel_h = TITLE_H + card_h + CAPTION_H
    img, top = _table_top(view, names, locale, panel_h + MARGIN, fixed=False)
    _draw_panel(img, view, seat, (MARGIN, top, WIDTH - 2 * MARGIN, panel_h), (card_w, card_h), names, locale)
    return _encode(img)


def _ranking(view: dict[str, Any]) -> list[tuple[int, int]]:
    """(place, seat) best total first; equal totals share a place."""
    totals = view["totals"]
    order = sorted(range(view["players"]), key=lambda seat: (-totals[seat], seat))
    return [(1 + sum(1 for other in totals if other > totals[seat]), seat) for seat in order]


def _hoops_body(count: int) -> int:
    """The height of ``count`` Hoops laid out in the middle (a line of text for none)."""
    hoop_w, _per_row, hoop_rows = _hoop_geometry(count)
    return hoop_rows * (round(hoop_w * 1.4) + 10) + 4 if count else 50


@lru_cache(maxsize=16)
def _top_height(players: int) -> int:
    """Header, Stop banner and middle at their tallest in a game of ``players``: every Hoop open at
    once (four a player, one per ace) or the final ranking. Every picture of a game keeps this
    height, so the chat does not jump from move to move; the middle takes what the banner leaves."""
    hoops = max(_hoops_body(count) for count in range(4 * players + 1))
    ranking = -(-players // _columns(players)) * RANK_LINE + 12
    return HEADER_H + STOP_H + MIDDLE_LABEL_H + max(hoops, ranking) + 16


def _middle_height(view: dict[str, Any]) -> tuple[int, tuple[int, int, int]]:
    hoop_w, per_row, _hoop_rows = _hoop_geometry(len(view["hoops"]))
    return MIDDLE_LABEL_H + _hoops_body(len(view["hoops"])), (hoop_w, round(hoop_w * 1.4), per_row)


def _table_top(view, names: list[str], locale: str, below: int, *, fixed: bool) -> tuple[Image.Image, int]:
    """A canvas with the header and the middle drawn, ``below`` pixels to spare; and where they end.
    ``fixed``: the middle as tall as it gets in this game (the board), else as its Hoops need (the
    hand, a picture of its own that is asked for, not one of a thread's run of boards)."""
    header_h = HEADER_H + (STOP_H if view["stop_seat"] is not None else 0)
    middle_h, hoop_layout = _middle_height(view)
    if view["over"]:
        middle_h = MIDDLE_LABEL_H + -(-view["players"] // _columns(view["players"])) * RANK_LINE + 12
    top = _top_height(view["players"]) if fixed else header_h + middle_h + 16
    middle_h = top - 16 - header_h
    # Drawn on the palette: card tiles are mapped onto it once, text edges take the ramps' shades.
    img, _draw = new_canvas(WIDTH, top + below, BACKGROUND, palette=_palette())
    _draw_header(img, view, names, locale)
    if view["over"]:
        _draw_ranking(img, view, names, header_h, middle_h, locale)
    else:
        _draw_middle(img, view, header_h, middle_h, hoop_layout, locale)
    return img, top


def _encode(img: Image.Image) -> bytes:
    """A palette PNG: the table's colours exactly, half the bytes of RGB."""
    return to_png(img)


def _draw_header(img: Image.Image, view: dict[str, Any], names: list[str], locale: str) -> None:
    """The game and round on their own line; Stop on a banner below, so neither hides the other."""
    title = f"{tr(locale, 'duvelen-name')} · {_label(locale, 'round', round=view['round'], rounds=view['rounds'])}"
    if view["mode"] == "relaxed":
        title += f" ({_label(locale, 'relaxed')})"
    if view["over"]:
        title += f" · {_label(locale, 'game-over')}"
    draw = ImageDraw.Draw(img)
    label(draw, (MARGIN, HEADER_H / 2), title, TITLE, max_width=WIDTH - 2 * MARGIN, bold=True)
    if view["stop_seat"] is not None:
        box = (MARGIN, HEADER_H, WIDTH - MARGIN, HEADER_H + STOP_H - 8)
        draw.rounded_rectangle(box, radius=12, fill=STOP_FILL)
        stamp_seat_marker(img, view["stop_seat"], MARGIN + 28, (box[1] + box[3]) / 2, 14)
        text = _label(locale, "stop-by", name=_name(names, view["stop_seat"]))
        text = fit_text(text, TEXT, WIDTH - 2 * MARGIN - 70)
        draw_text(img, MARGIN + 52, (box[1] + box[3]) / 2, text, TEXT, (255, 255, 255), within=box)


def _draw_middle(img, view, top: int, height: int, hoop_layout, locale: str) -> None:
    hoop_w, hoop_h, per_row = hoop_layout
    draw = ImageDraw.Draw(img)
    box = (MARGIN, top, WIDTH - MARGIN, top + height)
    draw.rounded_rectangle(box, radius=14, fill=MIDDLE_FILL)
    label(draw, (MARGIN + 14, top + MIDDLE_LABEL_H / 2 + 2), _label(locale, "middle"), TEXT, within=box)
    hoops = sorted(view["hoops"], key=lambda h: (SUIT_ORDER.index(h["suit"]), -h["size"]))
    if not hoops:
        no_hoops = _label(locale, "no-hoops")
        label(draw, (MARGIN + 14, top + MIDDLE_LABEL_H + 22), no_hoops, TEXT, MUTED, within=box)
        return
    gap = _hoop_gap(hoop_w)
    x0, y0 = MARGIN + 12, top + MIDDLE_LABEL_H
    x, previous_suit = x0, hoops[0]["suit"]
    row = 0
    for i, hoop in enumerate(hoops):
        if i and i % per_row == 0:
            row, x = row + 1, x0
        elif hoop["suit"] != previous_suit:
            x += gap  # a double gap between suits keeps the groups apart
        _paste_card(img, x, y0 + row * (hoop_h + 10), hoop_w, hoop_h, hoop["top"], MIDDLE_FILL)
        x += hoop_w + gap
        previous_suit = hoop["suit"]


def _draw_ranking(img, view, names: list[str], top: int, height: int, locale: str) -> None:
    """The end of the game: every player by place, with their total."""
    draw = ImageDraw.Draw(img)
    box = (MARGIN, top, WIDTH - MARGIN, top + height)
    draw.rounded_rectangle(box, radius=14, fill=MIDDLE_FILL)
    label(draw, (MARGIN + 14, top + MIDDLE_LABEL_H / 2 + 2), _label(locale, "ranking"), NAME, bold=True, within=box)
    columns = _columns(view["players"])
    col_w = (WIDTH - 2 * MARGIN - 28) // columns
    per_col = -(-view["players"] // columns)
    for i, (place, seat) in enumerate(_ranking(view)):
        x = MARGIN + 14 + (i // per_col) * col_w
        y = top + MIDDLE_LABEL_H + (i % per_col) * RANK_LINE + RANK_LINE / 2
        cell = (x, y - RANK_LINE / 2, x + col_w - 14, y + RANK_LINE / 2)
        label(draw, (x + 40, y), f"{place}.", NAME, anchor="rm", bold=place == 1, within=cell)
        stamp_seat_marker(img, seat, x + 66, y, 13)
        points = _label(locale, "points", points=view["totals"][seat])
        points_w = font(NAME, True).getlength(points)
        label(draw, (cell[2] - 8, y), points, NAME, anchor="rm", bold=True, within=cell)
        name_w = cell[2] - 8 - points_w - 16 - (x + 90)
        label(draw, (x + 90, y), _name(names, seat), NAME, max_width=name_w, bold=place == 1, within=cell)


def _draw_panel(img, view, seat: int, box, card_size, names: list[str], locale: str) -> None:
    x, y, w, h = box
    card_w, card_h = card_size
    s = view["seats"][seat]
    draw = ImageDraw.Draw(img)
    to_move = view["mode"] == "relaxed" and view["turn_seat"] == seat and not view["over"]
    outline, width = (seat_colour(seat), 6) if to_move else (PANEL_EDGE, 2)
    panel = (x, y, x + w, y + h)
    draw.rounded_rectangle(panel, radius=12, fill=PANEL_FILL, outline=outline, width=width)
    title_rows = _draw_panel_title(img, view, seat, (x, y, w), names, locale, to_move)
    dim = s["done"]
    cy = y + TITLE_H * title_rows
    cx = x + 12
    gap = 6
    group_gap = 18 if w < 700 else 32
    caption_y = cy + card_h + CAPTION_H / 2
    # Stack: its open top card; the count goes in the caption.
    _paste_card(img, cx, cy, card_w, card_h, s["stok_top"], PANEL_FILL, dim=dim)
    spot(f"stok:{seat}", (cx, cy, cx + card_w, cy + card_h))
    stok = f"{_label(locale, 'stok')} {s['stok_count']}"
    stok_box = label(draw, (cx, caption_y), stok, TEXT, CAPTION, within=panel)
    cx += card_w + group_gap
    rij_left = cx
    for slot, card in enumerate(s["rij"], start=1):
        _paste_card(img, cx, cy, card_w, card_h, card, PANEL_FILL, dim=dim)
        spot(f"rij:{seat}:{slot}", (cx, cy, cx + card_w, cy + card_h))
        cx += card_w + gap
    # Left-aligned under the Row, so the Turn pile's caption has room to say how many cards lie open.
    rij_x = max(rij_left, stok_box[2] + 14)
    rij_box = label(draw, (rij_x, caption_y), _label(locale, "rij"), TEXT, CAPTION, within=panel)
    cx += group_gap - gap
    # The open pile: its top card; then the face-down part with its count on the back.
    _paste_card(img, cx, cy, card_w, card_h, s["draai_top"], PANEL_FILL, dim=dim)
    spot(f"draai:{seat}", (cx, cy, cx + card_w, cy + card_h))
    cx += card_w + gap
    spot(f"down:{seat}", (cx, cy, cx + card_w, cy + card_h))  # turning, or recycling when empty
    if s["draai_down"]:
        _paste_card(img, cx, cy, card_w, card_h, "back", PANEL_FILL, dim=dim or not view["can_turn"])
        _count_badge(img, cx + card_w / 2, cy + card_h / 2, s["draai_down"])
    else:
        _paste_card(img, cx, cy, card_w, card_h, None, PANEL_FILL)
    # The Turn pile's caption, with the number of open cards, ends under its face-down part and
    # may reach back under the Row, never into the Row's own caption.
    right = cx + card_w
    room = right - max(rij_box[2], stok_box[2]) - 16
    caption = (
        _label(locale, "draaistok-open", count=s["draai_open"]) if s["draai_open"] else _label(locale, "draaistok")
    )
    if _length(caption, TEXT) > room:
        caption = _label(locale, "draaistok")
    label(draw, (right, caption_y), caption, TEXT, CAPTION, anchor="rm", max_width=room, within=panel)


def _status_badges(view, seat: int, locale: str, to_move: bool) -> list[tuple[str, tuple[int, int, int]]]:
    s = view["seats"][seat]
    badges = []
    if view["stop_seat"] == seat:
        badges.append((_label(locale, "stopped"), STOP_FILL))
    if s["done"]:
        badges.append((_label(locale, "done"), DONE_FILL))
    if to_move:
        badges.append((_label(locale, "to-move"), seat_colour(seat)))
    return badges


def _draw_panel_title(img, view, seat: int, box, names: list[str], locale: str, to_move: bool) -> int:
    """The name, the status badges, the Kings' Hoops won and the score; returns the rows used."""
    x, y, w = box
    draw = ImageDraw.Draw(img)
    score = view["round_score"][seat]
    # The total of the rounds played (``scores_shown``): the figure the web page shows too.
    total = view["standing"][seat]
    score_text = _label(locale, "score", round=f"{score:+d}", total=total)
    won = [h["suit"] for h in view["herenhopen"] if h["seat"] == seat]
    # One tag per suit ("K♥ x2" for two), so many King's Hoops never push the name off the panel.
    heren = [
        f"K{SUIT_SYMBOLS[suit]}" + (f" x{won.count(suit)}" if won.count(suit) > 1 else "")
        for suit in SUIT_ORDER
        if suit in won
    ]
    badges = _status_badges(view, seat, locale, to_move)
    two_rows = _columns(view["players"]) > 1 and w < 700
    mid = y + TITLE_H / 2 + 2
    stamp_seat_marker(img, seat, x + 24, mid, 13)
    right = x + w - 12
    for king in reversed(heren):
        right -= _heren_badge(img, right, mid, king) + 6
    if two_rows:
        # Second row: the score on the left, the badges on the right.
        mid2 = mid + TITLE_H
        badge_right = x + w - 12
        for text, fill in reversed(badges):
            badge_right -= _badge(img, badge_right, mid2, text, fill, anchor="r") + 8
        room = badge_right - (x + 14) - 8
        label(draw, (x + 14, mid2), score_text, TEXT, max_width=room, within=(x, y, x + w, y + 2 * TITLE_H))
    else:
        for text, fill in reversed(badges):
            right -= _badge(img, right, mid, text, fill, anchor="r") + 8
        score_w = _length(score_text, TEXT)
        label(draw, (right, mid), score_text, TEXT, anchor="rm")
        right -= score_w + 14
    label(draw, (x + 46, mid), _name(names, seat), NAME, max_width=max(40, right - (x + 46) - 8), bold=True)
    return 2 if two_rows else 1


# ---- buttons --------------------------------------------------------------------------------


def action_label(view: dict[str, Any], action: str, locale: str = "en") -> str:
    """A button label naming what moves where: "5♥ Stack → middle", "5♥ Row 2 → middle",
    "Turn three", "Stop!" ... (every card is in one place, so no two labels read the same)."""
    if "." in action:
        source, card = action.split(".", 1)
        if source == "s":
            where = _label(locale, "stok")
        elif source == "d":
            where = _label(locale, "draaistok")
        else:
            where = _label(locale, "rij-slot", slot=int(source[1:]))
        return _label(locale, "play-button", card=card_text(card), source=where)[:80]
    key = {"turn": "turn", "stop": "stop", "done": "done-button", "pass": "pass"}.get(action)
    return _label(locale, key)[:80] if key else action[:80]


def format_event(event: dict[str, Any]) -> dict[str, Any]:
    """Event params for the text line: card codes as "10♥" (suits stay codes: the text selects on them)."""
    if "card" in event:
        return {**event, "card": card_text(event["card"])}
    return dict(event)
