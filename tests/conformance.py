"""One conformance check for any game, driven by the registry (as OpenSpiel's ``random_sim_test``
checks any game in one call). ``tests/test_conformance.py`` runs it for every registered game and
for the tests' toy game Nim, registered exactly as a real one.

Per game (a ``GameEntry``), the pieces are:

- ``check_playouts``: seeded random playouts (``tests.engines.playout.random_playout``): a legal
  action for every seat to move, ``apply`` never mutates, dump/load round-trips through JSON at
  every step, replay from seed + log gives the same game, ``scores_now`` at the end is the
  outcome's scores;
- ``check_privacy``: no view holds what its viewer may not know (the public part is the same for
  everyone, each seat's ``private`` is exactly what the game's ``GameChecks`` says, and redealing
  whatever a viewer has never seen does not change its view);
- ``check_extras``: the renderer has exactly the optional parts the registry's ``Extras`` declare
  (and the engine is named by the registry's key);
- ``check_pictures``: boards (and hands, with ``Extras.HAND``) of sampled positions through the
  phone layout checks (``tests/render/phone_check.py``), button labels short and present;
- ``check_texts``: the name, the rules and the Dutch command group, option names and descriptions;
- ``check_new_opens_a_table``: the cog's ``new`` hands the table flow options the engine takes,
  and the table service opens a table with them.

What the tests must know about a game and neither its engine nor its registry line says (what a
seat may see, how to redeal what it has not seen, options for a short game) is the game's own
declaration: ``CHECKS``, a ``GameChecks``, in ``tests/engines/test_<key>_playouts.py``.
"""

from __future__ import annotations

import importlib
import inspect
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from types import SimpleNamespace
from typing import Any

from engines.base import ENVELOPE_KEYS, Engine
from engines.rng import Rng
from table.registry import GAMES, Extras, GameEntry
from table.spec import GameSpec, load_spec
from tests.engines.playout import random_playout

MASK = (1 << 64) - 1
Redeal = Callable[[Engine[Any, Any], Any, "int | None", Rng], Any]


# ---- a game's own declaration --------------------------------------------------------------------
def nothing_private(state: Any, seat: int) -> None:
    return None


def no_hidden_cards(engine: Engine[Any, Any], state: Any, viewer: int | None, rng: Rng) -> Any:
    """The redeal of a game that hides nothing from its players: the same position."""
    return engine.load(engine.dump(state))


def cards(text: str) -> list[str]:
    """Two-character card codes of a dumped pile ("7H8SJK")."""
    return [text[i : i + 2] for i in range(0, len(text), 2)]


def redeal_zones(zones: list[list[str]], rng: Rng) -> None:
    """Shuffle the cards of ``zones`` together and deal them back, each zone keeping its size."""
    pool = [card for zone in zones for card in zone]
    rng.shuffle(pool)
    for zone in zones:
        size = len(zone)
        zone[:], pool = pool[:size], pool[size:]


@dataclass(frozen=True)
class PrivateCards:
    """How one game's private cards are found in a view and named in text, for the leak checks of
    the fuzz and crash suites (``tests.fuzz.public_checks``)."""

    private: Callable[[dict], list[str]]
    words: Callable[[str], list[str]]
    ordinary: frozenset[str] = frozenset()  # card names the game's texts use for other things


@dataclass(frozen=True)
class GameChecks:
    """What the tests need to know about one game beyond its engine and its registry line.

    - ``expected_private(state, seat)``: the seat's private part, worked out from the state apart
      from the engine's view code;
    - ``redeal(engine, state, viewer, rng)``: the same position with every card ``viewer`` (None:
      a spectator) has never seen dealt anew;
    - ``redeal_changes_hands``: the redeal must usually change another seat's private part (a game
      with hands), so the privacy check cannot pass by redealing nothing;
    - ``option_sets``: engine options the playouts and the privacy check take in turn, seed by
      seed (those that change who holds what, and short games);
    - ``chooser(rng, legal)``: how the playouts pick an action (None: uniformly at random; a game
      that random play drags on leans forward);
    - ``short_game``: the cog's ``new`` parameters for a short game (the crash and fuzz suites);
    - ``crash_seats``: the seats of the crash suite's table for this game (alice and computers);
    - ``palette_named``: the colours the renderer's fixed palette must keep exact (the background,
      the ink, the seat colours ...; ``tests/render/test_palette_pictures.py``);
    - ``text_counts``: the variables of the game's texts that count things (a word shown after
      one needs a plural selector, ``tests/locales/test_catalogues.py``), and ``not_a_count``: per
      message, such a name meaning something else there;
    - ``private_cards``: how the fuzz and crash suites recognise the game's private cards in
      public text (None: nothing a seat holds is hidden from the others);
    - ``fuzz_options``: a hypothesis strategy of ``new`` parameters a person might type (None:
      ``short_game``).
    """

    expected_private: Callable[[Any, int], Any] = nothing_private
    redeal: Redeal = no_hidden_cards
    redeal_changes_hands: bool = False
    option_sets: tuple[dict[str, Any], ...] = ({},)
    chooser: Callable[[Rng, list[str]], str] | None = None
    short_game: dict[str, Any] = field(default_factory=dict)
    crash_seats: int = 2
    palette_named: tuple[tuple[int, int, int], ...] = ()
    text_counts: frozenset[str] = frozenset()
    not_a_count: dict[str, frozenset[str]] = field(default_factory=dict)
    private_cards: PrivateCards | None = None
    fuzz_options: Callable[[], Any] | None = None


def checks_module(key: str) -> str:
    return f"tests.engines.test_{key}_playouts"


def checks_of(game: GameEntry | str) -> GameChecks:
    """The game's ``CHECKS`` (``tests/engines/test_<key>_playouts.py``)."""
    key = game if isinstance(game, str) else game.key
    checks = importlib.import_module(checks_module(key)).CHECKS
    assert isinstance(checks, GameChecks), f"{checks_module(key)}.CHECKS must be a GameChecks"
    return checks


def engine_of(game: GameEntry | str) -> Engine[Any, Any]:
    entry = entry_of(game)
    engine: Engine[Any, Any] = importlib.import_module(entry.engine_module).ENGINE
    return engine


def entry_of(game: GameEntry | str) -> GameEntry:
    return game if isinstance(game, GameEntry) else next(g for g in GAMES if g.key == game)


def action_command(game: GameEntry | str) -> str:
    """The name of the game's command for an action, as its cog declares it: ``move`` (a
    ``MoveCommand``, board games) or ``play`` (a ``PlayCommand``, card games)."""
    from cogs.table.cog import MoveCommand, PlayCommand

    entry = entry_of(game)
    module = importlib.import_module(entry.cog_extension)
    cog = next(v for v in vars(module).values() if isinstance(v, type) and getattr(v, "game", None) == entry.key)
    assert issubclass(cog, MoveCommand | PlayCommand), f"{cog.__name__} has neither move nor play"
    return "move" if issubclass(cog, MoveCommand) else "play"


def player_counts(engine: Engine[Any, Any]) -> range:
    return range(engine.min_players, engine.max_players + 1)


# ---- playouts ------------------------------------------------------------------------------------
def check_playouts(engine: Engine[Any, Any], checks: GameChecks, seeds: range = range(2)) -> int:
    """Random playouts for every player count over ``seeds``; returns the actions played."""
    played = 0
    for players in player_counts(engine):
        for seed in seeds:
            options = checks.option_sets[seed % len(checks.option_sets)]
            _state, log = random_playout(engine, players, 9000 + seed, options, chooser=checks.chooser)
            played += len(log)
    return played


# ---- privacy -------------------------------------------------------------------------------------
# Long games (six riders' teams) are checked over their first steps; the playouts play them out.
MAX_CHECKED_STEPS = 120


def _with_other_future(engine: Engine[Any, Any], state: Any, rng: Rng) -> Any:
    """The same position with a different random generator: the future is nobody's business."""
    data = engine.dump(state)
    if "rng" in data:
        data["rng"] = rng.next64() & MASK
    return engine.load(data)


def _public(view: dict[str, Any]) -> dict[str, Any]:
    return {key: value for key, value in view.items() if key not in ("viewer", "private")}


def check_views(engine: Engine[Any, Any], checks: GameChecks, state: Any, rng: Rng) -> int:
    """All three privacy checks on one state; returns how many redeals changed another seat's
    private part."""
    players = engine.players(state)
    views = {viewer: engine.view(state, viewer) for viewer in [None, *range(players)]}
    spectator = views[None]
    assert set(spectator) >= ENVELOPE_KEYS
    assert spectator["viewer"] is None and spectator["private"] is None
    assert spectator["to_move"] == sorted(engine.to_move(state))
    assert spectator["over"] == (engine.outcome(state) is not None)
    public = _public(spectator)
    for seat in range(players):
        view = views[seat]
        assert view["viewer"] == seat
        assert _public(view) == public, f"seat {seat}'s view differs from the spectator's outside 'private'"
        assert view["private"] == checks.expected_private(state, seat), f"seat {seat}'s private part"
    changed = 0
    for viewer, view in views.items():
        twin = checks.redeal(engine, state, viewer, rng)
        twin = _with_other_future(engine, twin, rng)
        assert engine.view(twin, viewer) == view, f"viewer {viewer} sees something it has never seen"
        changed += any(
            engine.view(twin, other)["private"] != views[other]["private"]
            for other in range(players)
            if other != viewer
        )
    return changed


def play_and_check(engine: Engine[Any, Any], checks: GameChecks, players: int, seed: int) -> tuple[int, int]:
    """One seeded random game; returns (states checked, redeals that changed another's private)."""
    pick = Rng(seed * 1009 + players)
    options = engine.normalize_options(dict(checks.option_sets[seed % len(checks.option_sets)]))
    state, _events = engine.new_game(players, seed, options)
    checked = changed = 0
    while engine.outcome(state) is None and checked < MAX_CHECKED_STEPS:
        changed += check_views(engine, checks, state, Rng(seed + checked))
        checked += 1
        movers = sorted(engine.to_move(state))
        seat = movers[pick.below(len(movers))]
        legal = engine.legal_actions(state, seat)
        state, _events = engine.apply(state, seat, legal[pick.below(len(legal))])
    if engine.outcome(state) is not None:
        changed += check_views(engine, checks, state, Rng(seed))
        checked += 1
    return checked, changed


def check_privacy(engine: Engine[Any, Any], checks: GameChecks, players: int, seeds: range) -> None:
    checked = changed = 0
    for seed in seeds:
        steps, redealt = play_and_check(engine, checks, players, seed)
        checked += steps
        changed += redealt
    assert checked >= 2
    if checks.redeal_changes_hands:
        assert changed > checked // 2, "the redeal hardly changed anything: the check would be toothless"


# ---- the renderer --------------------------------------------------------------------------------
OPTIONAL_PARTS = (
    (Extras.HAND, "render_hand"),
    (Extras.GROUPS, "action_group"),
    (Extras.EVENT_FORMAT, "format_event"),
    (Extras.CARD_NAMES, "card_name"),
    (Extras.TAPS, "action_spots"),
    (Extras.PLANS, "turn_plans"),
)


def check_extras(entry: GameEntry) -> None:
    """The registry, not a module's names, says which optional parts exist: keep them in step;
    the engine answers to the registry's key."""
    engine = engine_of(entry)
    assert engine.name == entry.key, f"{entry.engine_module}.ENGINE is named {engine.name!r}"
    assert 1 <= engine.min_players <= engine.max_players
    module = importlib.import_module(entry.render_module)
    present = Extras.NONE
    for flag, name in OPTIONAL_PARTS:
        if callable(getattr(module, name, None)):
            present |= flag
    assert present == entry.extras, f"{entry.render_module} has {present}, the registry says {entry.extras}"
    for name in ("render_board", "action_label"):
        assert callable(getattr(module, name, None)), f"{entry.render_module} has no {name}"
    ai = importlib.import_module(entry.ai_module)
    assert isinstance(ai.COMPUTER_DELAY, float) and callable(ai.choose)


def check_pictures(spec: GameSpec, checks: GameChecks, *, pictures: int = 6) -> int:
    """Boards (and hands) of positions from the start to the end of a game for the smallest and the
    largest table, with long and emoji names in both languages, through the phone layout checks;
    every legal action's button label is a short text. Returns the pictures checked."""
    from tests.render.phone_check import NAME_SETS, layout_problems, sample_games

    engine = spec.engine
    drawn = 0
    for players in sorted({engine.min_players, engine.max_players}):
        options = engine.normalize_options(dict(checks.option_sets[0]))
        positions = list(sample_games(engine, players, range(1), options, every=5))
        step = max(1, len(positions) // pictures)
        for i, (state, seat) in enumerate(positions[::step][: pictures - 1] + positions[-1:]):
            names = NAME_SETS[i % 2][:players]
            locale = ("en", "nl")[i % 2]
            board = engine.view(state, None)
            assert layout_problems(spec.render_board, board, names, locale) == [], (players, i, "board")
            drawn += 1
            if seat is None:
                continue
            own = engine.view(state, seat)
            if spec.render_hand is not None:
                assert layout_problems(spec.render_hand, own, names, locale) == [], (players, i, "hand")
                drawn += 1
            for action in engine.legal_actions(state, seat):
                label = spec.action_label(own, action, locale)
                assert isinstance(label, str) and label.strip() and len(label) <= 80, (action, label)
                if spec.action_group is not None:
                    group = spec.action_group(own, action, locale)
                    assert isinstance(group, str) and group.strip() and len(group) <= 80, (action, group)
    return drawn


# ---- texts and the cog -----------------------------------------------------------------------------
async def new_command(entry: GameEntry) -> tuple[Any, Any]:
    """The cog (on a bare bot whose table flow only records) and its ``new`` command."""
    import discord
    from discord.ext import commands

    bot = commands.Bot(command_prefix="!", intents=discord.Intents.none())
    bot.table_flow = RecordingFlow()  # type: ignore[attr-defined]
    await bot.load_extension(entry.cog_extension)
    group = bot.tree.get_command(entry.key)
    assert group is not None, f"{entry.cog_extension} adds no /{entry.key} group"
    cog = next(cog for cog in bot.cogs.values() if getattr(cog, "game", None) == entry.key)
    new = next((command for command in group.commands if command.name == "new"), None)
    assert new is not None, f"/{entry.key} has no new"
    return cog, new


def own_parameters(new: Any) -> list[str]:
    """The game's own options of ``new`` (without the ones every table has)."""
    from cogs.table.table_options import TABLE_OPTIONS

    shared = {option.name for option in TABLE_OPTIONS}
    return [p.name for p in new.parameters if p.name not in shared]


def check_texts(entry: GameEntry, new: Any) -> None:
    from locales import has

    key = entry.key
    for lang in ("en", "nl"):
        for msg_id in (f"{key}-name", f"{key}-rules"):
            assert has(lang, msg_id), f"no {lang} text {msg_id}"
    missing = [f"cmd-group-{key}"] if not has("nl", f"cmd-group-{key}") else []
    for name in own_parameters(new):
        missing += [m for m in (f"cmd-param-{name}", f"cmd-param-desc-new-{name}") if not has("nl", m)]
    assert not missing, f"Dutch command texts missing: {missing}"


class RecordingFlow:
    """The part of the table flow a game's ``new`` may call (``flow.lobby.create``), recording."""

    def __init__(self) -> None:
        self.opened: list[tuple[str, dict[str, Any], dict[str, Any]]] = []
        self.lobby = SimpleNamespace(create=self._create)

    async def _create(self, interaction: Any, game: str, options: dict[str, Any], settings: Any = None) -> None:
        self.opened.append((game, dict(options), dict(settings or {})))


async def check_new_opens_a_table(entry: GameEntry, cog: Any, new: Any, store_path: Path, **values: Any) -> Any:
    """Call ``new`` as Discord would (every option at its default, ``values`` typed in), then open
    the table it asked for through the ``TableService``; returns the table's row."""
    from db import Store
    from table import lobby
    from table.service import Player, TableService

    arguments = {p.name: p.default for p in new.parameters if p.name not in values}
    arguments = {name: (None if _missing(value) else value) for name, value in arguments.items()}
    interaction = SimpleNamespace(extras={}, locale="nl", guild_id=1, channel_id=7)
    flow = cog.bot.table_flow
    await new.callback(cog, interaction, **arguments, **values)
    assert len(flow.opened) == 1, f"/{entry.key} new asked the flow to open {len(flow.opened)} tables"
    game, options, _settings = flow.opened.pop()
    assert game == entry.key
    spec = load_spec(entry)
    spec.engine.normalize_options(dict(options))  # the engine takes what the cog hands on
    store = await Store.open(store_path)
    try:
        service = TableService(store, {entry.key: spec})
        row = await lobby.create(service, entry.key, guild_id=1, channel_id=7, host=Player(1, "Ann"), options=options)
        assert row.game == entry.key and row.status == "lobby"
        return row
    finally:
        await store.close()


def _missing(value: Any) -> bool:
    from discord.utils import MISSING

    return value is MISSING or value is inspect.Parameter.empty
