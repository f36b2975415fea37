"""How Ruck!'s 55 cards as data: the one place the composition lives (../shared/rules/howruck.md).

The rulebook gives no card list; the project's ruling is:
- red, blue and green men, 11 each: 0, 0, 1, 1, 1, 2, 2, 2, 3, 3, 3, labelled "How Ruck!" on one 1,
  one 2 and one 3;
- 11 white dames: 1, 1, 2, 2, 2, 3, 3, 3, 4, 4, 4, labelled on one 1, two 2s, two 3s and one 4;
- Nessie, white, value 6, unlabelled;
- 10 action cards, one of each.

A card's *code* names what it is, not which copy it is: ``R3h`` is a red 3 labelled "How Ruck!",
``W2`` an unlabelled dame of 2, ``N6`` Nessie, ``AD`` the Adrenalinestoot. Copies with the same code
play identically, so actions and views use codes and the engine keeps the ids (0..54) to itself.
"""

from __future__ import annotations

from dataclasses import dataclass

MEN_COLOURS = ("r", "b", "g")
WHITE = "w"
NESSIE_VALUE = 6
EMPTY_FIELD_VALUE = 2  # the Scot printed on the board counts when a field is empty

# (value, how many copies, how many of those carry the "How Ruck!" label)
MAN_VALUES = ((0, 2, 0), (1, 3, 1), (2, 3, 1), (3, 3, 1))
DAME_VALUES = ((1, 2, 1), (2, 3, 2), (3, 3, 2), (4, 3, 1))

# Action codes in the order of the rulebook's card texts, with their Dutch (printed) names.
ACTIONS = {
    "AD": "Adrenalinestoot",
    "VT": "Vuile truc",
    "HR": "How Ruck",
    "MM": "Mucho Macho",
    "ZW": "De zwakste wint",
    "TB": "Het touw breekt",
    "WK": "Wisselen van kant",
    "TZ": "Tot ziens",
    "MO": "Monsterlijk",
    "VS": "Versterking",
}

# Tie-break after a simultaneous Stop: on equal value white beats red beats blue beats green;
# an action card has no colour and ranks below them all.
TIEBREAK_COLOUR_RANK = {"w": 4, "r": 3, "b": 2, "g": 1, None: 0}


@dataclass(frozen=True)
class Card:
    id: int
    code: str
    kind: str  # "man", "dame", "nessie" or "action"
    colour: str | None  # "r", "b", "g", "w"; None for action cards
    value: int  # strength; action cards count 0 (the tie-break says so)
    howruck: bool  # the "How Ruck!" label: laying it triggers a strength comparison
    action: str | None  # action code for action cards

    @property
    def is_scot(self) -> bool:
        return self.kind != "action"

    @property
    def is_white(self) -> bool:
        return self.colour == WHITE


def _scot_code(colour: str, value: int, howruck: bool) -> str:
    return f"{colour.upper()}{value}{'h' if howruck else ''}"


def _build() -> tuple[Card, ...]:
    specs: list[tuple[str, str | None, int, bool, str | None, str]] = []
    for colour in MEN_COLOURS:
        for value, copies, labelled in MAN_VALUES:
            for i in range(copies):
                howruck = i < labelled
                specs.append(("man", colour, value, howruck, None, _scot_code(colour, value, howruck)))
    for value, copies, labelled in DAME_VALUES:
        for i in range(copies):
            howruck = i < labelled
            specs.append(("dame", WHITE, value, howruck, None, _scot_code(WHITE, value, howruck)))
    specs.append(("nessie", WHITE, NESSIE_VALUE, False, None, f"N{NESSIE_VALUE}"))
    for code in ACTIONS:
        specs.append(("action", None, 0, False, code, code))
    return tuple(
        Card(id=i, code=code, kind=kind, colour=colour, value=value, howruck=howruck, action=action)
        for i, (kind, colour, value, howruck, action, code) in enumerate(specs)
    )


CARDS: tuple[Card, ...] = _build()
DECK_SIZE = len(CARDS)
BY_CODE: dict[str, Card] = {}
for _card in CARDS:
    BY_CODE.setdefault(_card.code, _card)
CODES = tuple(BY_CODE)


def card(code_or_id: str | int) -> Card:
    """The card with this id, or a representative copy of this code."""
    if isinstance(code_or_id, int):
        return CARDS[code_or_id]
    return BY_CODE[code_or_id]


def code_of(card_id: int) -> str:
    return CARDS[card_id].code


def tiebreak_key(card_id: int) -> tuple[int, int]:
    c = CARDS[card_id]
    return (c.value, TIEBREAK_COLOUR_RANK[c.colour])
