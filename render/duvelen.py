"""The Duvelen table picture, drawn from a view (never from the state).

Top: the round, and who called Stop. Then the middle: every Hoop as its top card, grouped by suit.
Below: a panel per player with their Stok (top card and count), Rij, Draaistok (open top, open
count, face-down count), Herenhopen (K + suit), and the round's running score with the total.
Card faces come from ``render.cards`` (suits drawn as shapes, red/black) and are cached per size,
since a live table is redrawn after almost every play.
"""

from __future__ import annotations

from functools import lru_cache
from typing import Any

from PIL import Image, ImageDraw

from locales import tr
from render.cards import SUIT_SYMBOLS, card_text, draw_card, draw_card_back, draw_text, fit_text, text_width
from render.common import BACKGROUND, INK, MUTED, font, seat_colour, seat_marker, to_png

WIDTH = 1200
MARGIN = 20
HEADER_H = 60
TITLE_H = 42
CAPTION_H = 30
MIDDLE_LABEL_H = 36
HAND_CARD_W = 120
HEREN_FILL = (240, 200, 80)
WINNER_FILL = (0, 130, 90)
PANEL_GAP = 12
SUIT_ORDER = "SHDC"
PANEL_FILL = (255, 253, 246)
MIDDLE_FILL = (200, 228, 200)  # a green baize, so the middle reads as the table
STOP_FILL = (200, 30, 40)
DONE_FILL = (150, 150, 150)
SLOT_EDGE = (175, 170, 160)


def _label(locale: str, key: str, **args: Any) -> str:
    return tr(locale, f"duvelen-label-{key}", **args)


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


def _paste_card(img: Image.Image, x: int, y: int, w: int, h: int, code, background, *, dim: bool = False) -> None:
    img.paste(_card_tile(code, w, h, background, dim), (round(x), round(y)))


def _badge(img: Image.Image, x: float, y: float, text: str, size: int, fill, *, anchor: str = "l") -> float:
    """A rounded label with white text whose vertical middle is ``y``; returns its width."""
    draw = ImageDraw.Draw(img)
    w = font(size).getlength(text) + size
    left = x - w if anchor == "r" else x
    draw.rounded_rectangle((left, y - size * 0.75, left + w, y + size * 0.75), radius=size // 2, fill=fill)
    draw.text((left + w / 2, y), text, font=font(size), fill=(255, 255, 255), anchor="mm")
    return w


def _heren_badge(img: Image.Image, right: float, cy: float, text: str) -> float:
    """A gold tag such as "K♥" for a Herenhoop won; returns its width."""
    size = 22
    w = text_width(text, size) + 14
    ImageDraw.Draw(img).rounded_rectangle((right - w, cy - 15, right, cy + 15), radius=7, fill=HEREN_FILL, outline=INK)
    draw_text(img, right - w / 2, cy, text, size, anchor="m")
    return w


def _count_badge(img: Image.Image, cx: float, cy: float, count: int, size: int) -> None:
    draw = ImageDraw.Draw(img)
    text = str(count)
    r = max(size * 0.75, (font(size).getlength(text) + size * 0.6) / 2)
    draw.ellipse((cx - r, cy - size * 0.75, cx + r, cy + size * 0.75), fill=INK)
    draw.text((cx, cy), text, font=font(size), fill=(255, 255, 255), anchor="mm")


# ---- layout ---------------------------------------------------------------------------------


def _columns(players: int) -> int:
    return 1 if players <= 2 else 2


def _panel_geometry(players: int) -> tuple[int, int, int, int]:
    """(panel width, panel height, card width, card height) for the players' area.

    Cards shrink as rows of panels are added so that eight players still fit a landscape picture.
    """
    columns = _columns(players)
    panel_w = (WIDTH - 2 * MARGIN - (columns - 1) * PANEL_GAP) // columns
    card_w = 96 if columns == 1 else {2: 68, 3: 64}.get(-(-players // columns), 60)
    card_h = round(card_w * 1.4)
    return panel_w, TITLE_H + card_h + CAPTION_H, card_w, card_h


def _hoop_geometry(count: int) -> tuple[int, int, int]:
    """(card width, per row, rows) for ``count`` Hoops: one row if cards can stay readable."""
    for rows in (1, 2, 3):
        for card_w in (84, 72, 62, 54, 48):
            # Room for the three wider gaps between suit groups.
            inner = WIDTH - 2 * MARGIN - 24 - 3 * _hoop_gap(card_w)
            per_row = (inner + _hoop_gap(card_w)) // (card_w + _hoop_gap(card_w))
            if count <= per_row * rows:
                return card_w, per_row, rows
    return 48, per_row, -(-count // per_row)


def _hoop_gap(card_w: int) -> int:
    return max(6, card_w // 10)


def render_board(view: dict[str, Any], *, names: list[str], locale: str = "en") -> bytes:
    """The whole table: header, the middle, and a panel per player."""
    players = view["players"]
    panel_w, panel_h, card_w, card_h = _panel_geometry(players)
    rows = -(-players // _columns(players))
    img, top = _table_top(view, names, locale, rows * (panel_h + PANEL_GAP) + MARGIN)
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
    img, top = _table_top(view, names, locale, panel_h + MARGIN)
    _draw_panel(img, view, seat, (MARGIN, top, WIDTH - 2 * MARGIN, panel_h), (card_w, card_h), names, locale)
    return _encode(img)


def _table_top(view, names: list[str], locale: str, below: int) -> tuple[Image.Image, int]:
    """A canvas with the header and the middle drawn, ``below`` pixels to spare; and where they end."""
    hoop_w, per_row, hoop_rows = _hoop_geometry(len(view["hoops"]))
    hoop_h = round(hoop_w * 1.4)
    middle_h = MIDDLE_LABEL_H + (hoop_rows * (hoop_h + 10) + 4 if view["hoops"] else 44)
    top = HEADER_H + middle_h + 16
    img = Image.new("RGB", (WIDTH, top + below), BACKGROUND)
    _draw_header(img, view, names, locale)
    _draw_middle(img, view, HEADER_H, middle_h, (hoop_w, hoop_h, per_row), locale)
    return img, top


def _encode(img: Image.Image) -> bytes:
    """PNG bytes through a 256-colour palette: a third of the pixels to filter and deflate.

    A big table is mostly flat colour with anti-aliased edges, so the palette costs nothing a
    person would notice, while encoding the full-colour picture alone would use most of the 30 ms.
    """
    return to_png(img.quantize(colors=256, method=Image.Quantize.FASTOCTREE))


def _draw_header(img: Image.Image, view: dict[str, Any], names: list[str], locale: str) -> None:
    title = f"{tr(locale, 'duvelen-name')} · {_label(locale, 'round', round=view['round'], rounds=view['rounds'])}"
    if view["mode"] == "relaxed":
        title += f" ({_label(locale, 'relaxed')})"
    if view["over"]:
        title += f" · {_label(locale, 'game-over')}"
    draw_text(img, MARGIN, HEADER_H / 2, title, 32)
    if view["stop_seat"] is not None:
        text = _label(locale, "stop-by", name=_name(names, view["stop_seat"]))
        text = fit_text(text, 26, WIDTH - 2 * MARGIN - 560)
        _badge(img, WIDTH - MARGIN, HEADER_H / 2, text, 26, STOP_FILL, anchor="r")


def _draw_middle(img, view, top: int, height: int, hoop_layout, locale: str) -> None:
    hoop_w, hoop_h, per_row = hoop_layout
    draw = ImageDraw.Draw(img)
    draw.rounded_rectangle((MARGIN, top, WIDTH - MARGIN, top + height), radius=14, fill=MIDDLE_FILL)
    draw.text(
        (MARGIN + 14, top + MIDDLE_LABEL_H / 2 + 2), _label(locale, "middle"), font=font(24), fill=INK, anchor="lm"
    )
    hoops = sorted(view["hoops"], key=lambda h: (SUIT_ORDER.index(h["suit"]), -h["size"]))
    if not hoops:
        no_hoops = _label(locale, "no-hoops")
        draw.text((MARGIN + 14, top + MIDDLE_LABEL_H + 18), no_hoops, font=font(26), fill=MUTED, anchor="lm")
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


def _draw_panel(img, view, seat: int, box, card_size, names: list[str], locale: str) -> None:
    x, y, w, h = box
    card_w, card_h = card_size
    s = view["seats"][seat]
    draw = ImageDraw.Draw(img)
    to_move = view["mode"] == "relaxed" and view["turn_seat"] == seat and not view["over"]
    outline, width = (seat_colour(seat), 5) if to_move else ((200, 195, 185), 2)
    draw.rounded_rectangle((x, y, x + w, y + h), radius=12, fill=PANEL_FILL, outline=outline, width=width)
    _draw_panel_title(img, view, seat, (x, y, w), names, locale, to_move)
    dim = s["done"]
    cy = y + TITLE_H
    cx = x + 12
    gap = 6
    group_gap = 16 if w < 700 else 28
    caption_y = cy + card_h + CAPTION_H / 2
    # Stok: its open top card; the count goes in the caption.
    _paste_card(img, cx, cy, card_w, card_h, s["stok_top"], PANEL_FILL, dim=dim)
    _caption(draw, cx + card_w / 2, caption_y, f"{_label(locale, 'stok')} {s['stok_count']}")
    cx += card_w + group_gap
    rij_left = cx
    for card in s["rij"]:
        _paste_card(img, cx, cy, card_w, card_h, card, PANEL_FILL, dim=dim)
        cx += card_w + gap
    _caption(draw, (rij_left + cx - gap) / 2, caption_y, _label(locale, "rij"))
    cx += group_gap - gap
    draai_left = cx
    # The open pile: its top card with the number of open cards; then the face-down part.
    _paste_card(img, cx, cy, card_w, card_h, s["draai_top"], PANEL_FILL, dim=dim)
    if s["draai_open"]:
        _count_badge(img, cx + card_w - 4, cy + 4, s["draai_open"], 17)
    cx += card_w + gap
    if s["draai_down"]:
        _paste_card(img, cx, cy, card_w, card_h, "back", PANEL_FILL, dim=dim or not view["can_turn"])
        _count_badge(img, cx + card_w / 2, cy + card_h / 2, s["draai_down"], 22)
    else:
        _paste_card(img, cx, cy, card_w, card_h, None, PANEL_FILL)
    _caption(draw, (draai_left + cx + card_w) / 2, caption_y, _label(locale, "draaistok"))


def _caption(draw: ImageDraw.ImageDraw, cx: float, cy: float, text: str) -> None:
    draw.text((cx, cy), text, font=font(20), fill=(95, 95, 95), anchor="mm")


def _draw_panel_title(img, view, seat: int, box, names: list[str], locale: str, to_move: bool) -> None:
    x, y, w = box
    s = view["seats"][seat]
    draw = ImageDraw.Draw(img)
    mid = y + TITLE_H / 2 + 1
    seat_marker(draw, seat, x + 22, mid, 11)
    # Right: the running score of this round and the total of the finished rounds.
    score = view["round_score"][seat]
    total = view["totals"][seat]
    score_text = f"{_label(locale, 'round-score')} {score:+d} · {_label(locale, 'total')} {total}"
    right = x + w - 12
    score_w = font(22).getlength(score_text)
    draw.text((right, mid), score_text, font=font(22), fill=INK, anchor="rm")
    right -= score_w + 10
    won = [h["suit"] for h in view["herenhopen"] if h["seat"] == seat]
    # One tag per suit ("K♥ x2" for two), so many Herenhopen never push the name off the panel.
    heren = [
        f"K{SUIT_SYMBOLS[suit]}" + (f" x{won.count(suit)}" if won.count(suit) > 1 else "")
        for suit in SUIT_ORDER
        if suit in won
    ]
    for king in reversed(heren):
        right -= _heren_badge(img, right, mid, king) + 6
    if view["stop_seat"] == seat:
        right -= _badge(img, right, mid, _label(locale, "stopped"), 20, STOP_FILL, anchor="r") + 8
    if s["done"]:
        right -= _badge(img, right, mid, _label(locale, "done"), 20, DONE_FILL, anchor="r") + 8
    if to_move:
        right -= _badge(img, right, mid, _label(locale, "to-move"), 20, seat_colour(seat), anchor="r") + 8
    if view["over"] and total == max(view["totals"]):
        right -= _badge(img, right, mid, _label(locale, "winner"), 20, WINNER_FILL, anchor="r") + 8
    name = fit_text(_name(names, seat), 26, max(40, int(right - (x + 40) - 8)))
    draw_text(img, x + 40, mid, name, 26)


# ---- buttons --------------------------------------------------------------------------------


def action_label(view: dict[str, Any], action: str, locale: str = "en") -> str:
    """A button label: "5♥ (Stok)", "5♥ (Rij 2)", "5♥ (Draaistok)", "Turn three", "Stop!" ..."""
    if "." in action:
        source, card = action.split(".", 1)
        if source == "s":
            where = _label(locale, "stok")
        elif source == "d":
            where = _label(locale, "draaistok")
        else:
            where = _label(locale, "rij-slot", slot=int(source[1:]))
        return f"{card_text(card)} ({where})"[:60]
    key = {"turn": "turn", "stop": "stop", "done": "done-button", "pass": "pass"}.get(action)
    return _label(locale, key)[:60] if key else action[:60]


def format_event(event: dict[str, Any]) -> dict[str, Any]:
    """Event params for the text line: card codes as "10♥" (suits stay codes: the text selects on them)."""
    if "card" in event:
        return {**event, "card": card_text(event["card"])}
    return dict(event)
