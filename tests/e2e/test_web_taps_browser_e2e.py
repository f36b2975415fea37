"""Playing by tapping the pictures, in a real browser (headless Chromium, as the other browser tests).

Each of the five games is played to its end against a computer seat by tapping the places
``taps.js`` lays over the board and hand pictures (the legal-move list is used only for moves
with nothing to tap, as the plan says): at 400 px and at desktop width, in English and in Dutch,
every combination at least once. The move chosen is the one the normal computer player would
make, from the plan's own actions, so the games end. Then privacy: two signed-in players, and
after redealing what Bob may not see, every byte Bob's page and a spectator's page receive is
the same. Screenshots go to /tmp/taps-shots/ for a person to look at. Sign-in is faked
(``tests.web.fake_people``)."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from engines.levels import NORMAL
from engines.rng import Rng, derive_seed
from render.taps import route
from tests.conformance import checks_of
from tests.e2e import browser  # noqa: F401  (skips this module without Chromium)
from tests.e2e.drive import open_table
from tests.e2e.web_fixtures import link_buttons
from tests.web.fake_people import FakePeople
from web.limits import RequestBudget
from web.people import Person

SHOTS = Path("/tmp/taps-shots")
PHONE, DESKTOP = 400, 1280


def sign_in(webbed, **users) -> None:
    web = webbed.bot.web.state
    web.people = FakePeople({who: Person(user.id, who, f"s-{who}", f"csrf-{who}") for who, user in users.items()})
    # A whole game in a minute is far more requests from one address than a person makes.
    web.budget = RequestBudget(web.clock, burst=100_000, per_second=1_000)
    web.person_budget = RequestBudget(web.clock, burst=100_000, per_second=1_000)


async def page_of(chromium, url: str, who: str | None, *, width: int, lang: str):
    """A page of its own browser profile at ``width``, signed in as ``who`` (None: a spectator)."""
    context = await chromium.new_context(viewport={"width": width, "height": 900}, locale="en-GB")
    if who:
        await context.add_cookies([{"name": "who", "value": who, "url": url}])
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    await page.goto(f"{url}?lang={lang}")
    return page, errors


async def table_url(fake, webbed, channel) -> str:
    """The table page's address, from the newest board's link button."""
    await webbed.settle()
    for message in reversed(fake.all_messages()):
        links = link_buttons(message)
        if links:
            return str(links[0]["url"])
    raise AssertionError("no board with a link to the table page")


async def current(webbed, game_id):
    await webbed.settle()
    row = await webbed.bot.store.get_game(game_id)
    spec = webbed.bot.table_service.spec(row.game)
    state = spec.engine.load(row.state)
    to_move = spec.engine.to_move(state) if row.status == "active" else set()
    return row, spec, state, to_move


async def plan_shown(page, version: int) -> dict:
    """Once the page shows the plan of ``version``: that plan (as the page got it)."""
    await page.wait_for_function(f"() => document.getElementById('play').dataset.plan === '{version}'")
    part = await page.locator("#play").get_attribute("data-part")
    data = await page.evaluate("a => fetch(a, {headers: {Accept: 'application/json'}}).then(r => r.json())", part)
    assert data["plan"]["version"] == version
    return data["plan"]


async def tap_a_move(page, plan: dict, action: str) -> int:
    """Play ``action`` by the steps ``render.taps.route`` says (a model of taps.js, checked here by
    the move the game records), from what the page shows selected now; the taps it took."""
    chosen = plan["root"]["chosen"]
    selected = await page.eval_on_selector_all(".taps .tap.selected", "bs => bs.map(b => b.dataset.key)")
    steps = route(plan, action, [k for k in dict.fromkeys(selected) if k not in chosen])
    for kind, what in steps:
        if kind == "tap":
            await page.locator(f'.taps button.tap[data-key="{what}"]').first.click()
        elif kind == "pick":
            await page.locator(f'.tap-pick button[data-action="{what}"]').click()
        else:  # nothing to tap: the move is a button of the list
            await page.locator(f'#play .moves button[data-action="{what}"]').click()
    return len(steps)


async def play_by_taps(
    page, webbed, game_id: int, user_id: int, *, limit: int = 2000, tap_every: int = 1
) -> dict[str, int]:
    """The person at ``user_id`` taps the computer player's choice until the game ends; with
    ``tap_every`` above 1 the other moves are made through the table platform, as a move from
    Discord is, so a long game's every stage is tapped without tapping all of it."""
    counts = {"moves": 0, "taps": 0, "listed": 0}
    service = webbed.bot.table_service
    for step in range(limit):
        row, spec, state, to_move = await current(webbed, game_id)
        if row.status != "active":
            return counts
        (seat,) = [s for s in to_move if row.seats[s].user_id == user_id]
        if step % tap_every:
            offered = spec.engine.legal_actions(state, seat)
            action = spec.choose(spec.engine.view(state, seat), offered, derive_seed(game_id, step, seat), None, NORMAL)
            await webbed.bot.table_flow.aftermath.after(await service.act(game_id, seat=seat, action=action))
            continue
        plan = await plan_shown(page, row.version)
        view = spec.engine.view(state, seat)
        offered = [a["action"] for a in plan["actions"] if a["action"] != "undo"]
        action = spec.choose(view, offered, derive_seed(game_id, step, seat), None, NORMAL)
        seen = len(await webbed.bot.store.moves(game_id))
        taps = await tap_a_move(page, plan, action)
        assert taps <= next(a for a in plan["actions"] if a["action"] == action)["taps"]  # never more
        counts["taps"] += taps
        counts["moves"] += 1
        counts["listed"] += not next(a for a in plan["actions"] if a["action"] == action)["spots"]
        moved = f"document.getElementById('play').dataset.version !== '{row.version}'"
        try:
            await page.wait_for_function(f"() => {moved} || document.querySelector('#play .sure') !== null")
        except Exception as error:  # say what the page showed, to tell a lost tap from a slow one
            raise AssertionError(
                f"{taps} taps of {action} at v{row.version} did nothing: {await _shown(page)}"
            ) from error
        if await page.locator("#play .sure").count():  # an action that ends something asks first
            await page.locator("#play .sure button").click()
            await page.wait_for_function(f"() => {moved}")
        assert (await webbed.bot.store.moves(game_id))[seen][1:] == (seat, action)  # the move tapped
    raise AssertionError(f"game {game_id} did not end within {limit} moves")


async def _shown(page) -> dict:
    """What the player's part shows now: its version and plan, a move on its way, the note, the
    selection and any short choice open."""
    return await page.evaluate(
        """() => {
            const own = document.getElementById('play');
            const pick = document.querySelector('.tap-pick');
            return {
                version: own.dataset.version, plan: own.dataset.plan, pressed: own.dataset.pressed || null,
                busy: own.getAttribute('aria-busy'), note: (own.querySelector('.play-note') || {}).textContent,
                selected: [...document.querySelectorAll('.taps .tap.selected')].map(b => b.dataset.key),
                pick: pick ? {ambiguous: !!pick.dataset.ambiguous, text: pick.textContent} : null,
            };
        }"""
    )


GAMES = [  # (game, options, width, language): every width meets every language
    ("hindmost", {"riders": 3, "races": 1}, PHONE, "en"),
    ("howruck", {"learning": True, "barrels": 1}, DESKTOP, "nl"),
    ("duvelen", {"rounds": 1, "mode": "relaxed"}, PHONE, "nl"),
    ("trackgammon", {}, DESKTOP, "en"),
    ("manoever", {}, PHONE, "en"),
]
# Each game at its shortest (the other browser tests of the page open these too).
SHORT_OPTIONS = {game: options for game, options, _width, _lang in GAMES}
TAP_EVERY = {
    "hindmost": 2,
    "duvelen": 8,
    "trackgammon": 6,
    "manoever": 4,
}  # the long games: every stage, not every move
QUICK = {"hindmost", "howruck"}


@pytest.mark.parametrize(
    ("game", "options", "width", "lang"),
    [pytest.param(*g, marks=() if g[0] in QUICK else pytest.mark.slow, id=g[0]) for g in GAMES],
)
async def test_a_whole_game_played_by_tapping(fake, webbed, chromium, channel, alice, game, options, width, lang):
    sign_in(webbed, alice=alice)
    game_id = await open_table(fake, webbed, channel, game, alice, computers=1, options=options)
    page, errors = await page_of(chromium, await table_url(fake, webbed, channel), "alice", width=width, lang=lang)
    assert await page.locator("html").get_attribute("lang") == lang
    counts = await play_by_taps(page, webbed, game_id, alice.id, tap_every=TAP_EVERY.get(game, 1))
    row = await webbed.bot.store.get_game(game_id)
    assert row.status == "finished" and counts["moves"] > 0
    assert counts["listed"] < counts["moves"], counts  # most moves were taps on the pictures
    await page.wait_for_function(f"() => document.querySelector('#live .status').dataset.version === '{row.version}'")
    # Nothing to tap once it is over (the own part follows the live part's news by a fetch of its own).
    await page.wait_for_function("() => document.querySelectorAll('.taps button').length === 0", timeout=8000)
    assert not errors, errors


def _comparable(body: bytes) -> bytes:
    """What was served without the moment it was made (the countdown's clock readings)."""
    body = re.sub(rb'data-(now|loaded)=\\?"[0-9.]*\\?"', b"", body)
    return re.sub(rb'(<time class=\\?"countdown\\?"[^>]*>)[^<]*', rb"\1", body)


async def received(page) -> dict[str, bytes]:
    """Everything the page holds: its markup now, and every answer it was sent on loading again."""
    bodies: dict[str, bytes] = {}
    answers = []
    page.on("response", lambda answer: answers.append(answer))
    await page.reload()
    if await page.locator("#play").count():  # a player's page: once the plan is asked for and shown
        await page.wait_for_function("() => document.getElementById('play').dataset.plan !== undefined")
    await page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
    for answer in answers:
        if "text/event-stream" not in answer.headers.get("content-type", ""):
            bodies[re.sub(r"^https?://[^/]+", "", answer.url)] = _comparable(await answer.body())
    bodies["dom"] = _comparable((await page.content()).encode())
    return bodies


async def test_another_players_page_and_a_spectators_never_hold_a_hand(fake, webbed, chromium, channel, alice, bob):
    sign_in(webbed, alice=alice, bob=bob)
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    url = await table_url(fake, webbed, channel)
    row, _spec, _state, to_move = await current(webbed, game_id)
    pages = {
        "alice": await page_of(chromium, url, "alice", width=PHONE, lang="en"),
        "bob": await page_of(chromium, url, "bob", width=DESKTOP, lang="en"),
        None: await page_of(chromium, url, None, width=PHONE, lang="en"),
    }
    mover = "alice" if row.seats[min(to_move)].user_id == alice.id else "bob"
    # The mover taps a card; the other page follows by itself, without a hand but its own.
    plan = await plan_shown(pages[mover][0], row.version)
    await tap_a_move(pages[mover][0], plan, plan["actions"][0]["action"])
    await pages[mover][0].wait_for_function(
        f"() => document.getElementById('play').dataset.version !== '{row.version}'"
    )
    row, spec, state, to_move = await current(webbed, game_id)
    for who in ("alice", "bob"):
        await pages[who][0].wait_for_function(
            f"() => document.getElementById('play').dataset.version === '{row.version}'"
        )
    assert await pages[None][0].locator("#play, .taps").count() == 0

    bob_seat = next(i for i, s in enumerate(row.seats) if s.user_id == bob.id)
    before = {who: await received(page) for who, (page, _errors) in pages.items()}
    assert any(
        b'"spots": {"' in body
        for who in ("alice", "bob")
        for path, body in before[who].items()
        if path.split("?")[0].endswith("/play")
    ), "no plan with places to tap was served: the test would be toothless"
    twin = checks_of("hindmost").redeal(spec.engine, state, bob_seat, Rng(5))
    assert spec.engine.view(twin, 1 - bob_seat) != spec.engine.view(state, 1 - bob_seat)
    await webbed.bot.store.write_batch(
        [("UPDATE games SET state = ? WHERE id = ?", (json.dumps(spec.engine.dump(twin)), game_id))]
    )
    forget_drawings(webbed)
    after = {who: await received(page) for who, (page, _errors) in pages.items()}
    for who in ("bob", None):
        changed = [path for path in before[who] if before[who][path] != after[who].get(path)]
        assert not changed, f"Alice's hand showed in {who or 'a spectator'}'s {changed}"
    assert before["alice"] != after["alice"]  # her own hand is hers
    for _who, (_page, errors) in pages.items():
        assert not errors, errors


def forget_drawings(webbed) -> None:
    """Every cache of states and pictures emptied, so what is served comes from the stored state."""
    from table.picture_cache import PictureCache
    from web.pages import GameLogs
    from web.plans import Plans

    service = webbed.bot.table_service
    service._states = type(service._states)()
    web = webbed.bot.web.state
    web.pages.logs = GameLogs(web.store, web.specs)
    web.pages.painter.cache = PictureCache()
    web.watchers._built.clear()
    web.plans = Plans()


@pytest.mark.parametrize("game", ["hindmost", "manoever", "trackgammon"])
async def test_screenshots_at_phone_and_desktop_width_in_both_languages(fake, webbed, chromium, channel, alice, game):
    """Pictures for a person to look at (/tmp/taps-shots/), and the layout's promises checked."""
    sign_in(webbed, alice=alice)
    options = {"riders": 3, "races": 1} if game == "hindmost" else {}
    game_id = await open_table(fake, webbed, channel, game, alice, computers=1, options=options)
    url = await table_url(fake, webbed, channel)
    SHOTS.mkdir(exist_ok=True)
    row, spec, state, to_move = await current(webbed, game_id)
    for width in (PHONE, DESKTOP):
        for lang in ("en", "nl"):
            page, errors = await page_of(chromium, url, "alice", width=width, lang=lang)
            plan = await plan_shown(page, row.version)
            await page.wait_for_function("() => [...document.images].every(i => i.complete && i.naturalWidth > 0)")
            board = await page.locator("#live figure.board").bounding_box()
            players = await page.locator("#live .players").bounding_box()
            if width == DESKTOP:  # the board beside the players
                assert players["x"] > board["x"] + board["width"] - 1
            else:  # one column
                assert players["y"] >= board["y"] + board["height"] - 1
            assert await page.locator("#live .players img.seat").count() == len(row.seats)
            taps = page.locator(".taps button.tap")
            drawn = {k for p in plan["pictures"] for k in p["spots"]}
            shown = await taps.evaluate_all("bs => [...new Set(bs.map(b => b.dataset.key))]")
            assert set(shown) == drawn & (set(plan["root"]["tap"]) | set(plan["root"]["chosen"])) != set()
            first = await taps.first.bounding_box()
            assert first["width"] > 5 and first["height"] > 5
            # Small places get larger buttons where there is room, never reaching another place;
            # only one grown to 24×24 without room ("least") may, and a tap in the overlap asks
            # which was meant (tests/e2e/test_web_tap_targets_browser_e2e.py).
            rects = await taps.evaluate_all(
                "bs => bs.map(b => { const r = b.getBoundingClientRect(); "
                "return [b.dataset.key, r.left, r.top, r.right, r.bottom, b.classList.contains('least')]; })"
            )
            for a in rects:
                for b in rects:
                    if a[0] != b[0] and not (a[5] or b[5]):
                        assert min(a[3], b[3]) <= max(a[1], b[1]) or min(a[4], b[4]) <= max(a[2], b[2]), (a, b)
            # A piece tapped (where the game has one with several moves): selected, its places
            # to go outlined, the short list of its moves beside; a second tap unselects it.
            piece = next((k for k, c in plan["root"]["tap"].items() if "tap" in c and k in drawn), None)
            if piece is not None:
                await page.locator(f'.taps button.tap[data-key="{piece}"]').first.click()
                assert await page.locator(f'.taps button.selected[data-key="{piece}"]').count() > 0
                assert await page.locator(".tap-pick button[data-action]").count() >= 2
            # What the screen shows (a full-page capture draws the pinned "Which move?" mid-page).
            await page.screenshot(path=str(SHOTS / f"{game}-{width}-{lang}-screen.png"))
            await page.screenshot(path=str(SHOTS / f"{game}-{width}-{lang}.png"), full_page=True)
            if piece is not None:
                await page.locator(f'.taps button.selected[data-key="{piece}"]').first.click()
                assert await page.locator(".taps button.selected, .tap-pick").count() == 0
            if width == PHONE:
                await page.locator("#live .board .zoom").click()
                picture = await page.locator("#live .board .picture").bounding_box()
                assert picture["width"] > width  # at its own size, to scroll around in
                await page.screenshot(path=str(SHOTS / f"{game}-{width}-{lang}-zoomed.png"))
            assert not errors, errors
            await page.context.close()
