"""Playing on the table page (``web.play``): a signed-in player's own view and moves, through the
same table service as Discord's clicks; everyone else gets the spectator page as it was.

Sign-in is faked here (``tests.web.fake_people``)."""

from __future__ import annotations

import asyncio
import dataclasses
import json
import re
from html import unescape

import pytest

from engines.rng import Rng
from locales import tr
from table.alt_text import plain
from table.levels import picture_names
from table.picture_cache import PictureCache
from table.service import Player
from tests.conformance import checks_of
from tests.web.conftest import ALICE, BOB, Site, make_site
from tests.web.fake_people import FakePeople
from tests.web.test_web_app import next_event, until
from web.pages import GameLogs
from web.people import Person

CAROL = Player(900_000_000_000_000_003, "Carol")
PEOPLE = {
    "alice": Person(ALICE.user_id, ALICE.name, "s-alice", "csrf-alice"),
    "bob": Person(BOB.user_id, BOB.name, "s-bob", "csrf-bob"),
    "carol": Person(CAROL.user_id, CAROL.name, "s-carol", "csrf-carol"),
}


class PlaySite(Site):
    followed: list


async def make_play_site(tmp_path, games: tuple[str, ...] = ()) -> PlaySite:
    """The web app over its table service, people signed in as ``PEOPLE`` say, every move the
    pages save kept in ``followed``; ``games``: registered games beside the usual ones."""
    followed: list = []
    site = await make_site(tmp_path, games=games, followed=followed.append)
    site.app.people = FakePeople(PEOPLE)
    play = PlaySite(site.store, site.service, site.links, site.client, site.clock, site.painter)
    play.followed = followed
    return play


@pytest.fixture
async def play(tmp_path):
    site = await make_play_site(tmp_path)
    yield site
    await site.client.close()
    await site.store.close()


async def get(site, path: str, who: str | None = None, **kwargs):
    cookies = {"who": who} if who else {}
    return await site.client.get(path, cookies=cookies, **kwargs)


async def post(site, path: str, who: str | None, data: dict, *, json_answer: bool = True, csrf: str | None = None):
    headers = {"Accept": "application/json"} if json_answer else {}
    if csrf is not None:
        headers["X-CSRF-Token"] = csrf
    cookies = {"who": who} if who else {}
    return await site.client.post(path, data=data, headers=headers, cookies=cookies, allow_redirects=False)


def moves_on(html: str) -> list[tuple[str, str]]:
    """(action, label) of every move form on a page."""
    found = re.findall(
        r'name="action" value="([^"]*)">\s*<button type="submit" data-action="[^"]*">([^<]*)</button>', html
    )
    return [(unescape(a), unescape(label)) for a, label in found]


async def to_move_seat(site, game_id: int) -> int:
    row = await site.service.get(game_id)
    return sorted(site.service.spec(row.game).engine.to_move(site.service.state_of(row)))[0]


WHO = {0: "alice", 1: "bob"}


# ---- what a player sees --------------------------------------------------------------------------------
async def test_a_seated_player_sees_their_hand_and_moves_with_discords_labels(play):
    game_id = await play.new_game("hindmost")
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    spec = play.service.spec("hindmost")
    state = play.service.state_of(row)
    seat = await to_move_seat(play, game_id)
    who = WHO[seat]
    page = await get(play, address, who)
    html = await page.text()
    assert page.status == 200 and page.headers["Cache-Control"] == "private, no-store"
    assert f"{address}/hand/{row.version}.png" in html and "/static/play.js" in html
    # The moves of the seat to move, with the labels of Discord's buttons.
    view = spec.engine.view(state, seat)
    offered = spec.engine.offered_actions(state, seat)  # then their twins (same effect), unseen
    legal = offered + [a for a in spec.engine.legal_actions(state, seat) if a not in offered]
    assert legal and moves_on(html) == [(a, spec.action_label(view, a, locale="en")) for a in legal]
    assert f'name="csrf" value="csrf-{who}"' in html and f'name="version" value="{row.version}"' in html
    # The picture: the hand Discord shows this player, never kept by a shared cache.
    hand = await get(play, f"{address}/hand/{row.version}.png", who)
    assert hand.status == 200 and hand.headers["Cache-Control"] == "private, no-store"
    names = picture_names("en", row.seats)
    assert await hand.read() == spec.render_hand(view, names=names, locale="en")
    # In Dutch, the labels are Dutch ones.
    dutch = await (await get(play, f"{address}?lang=nl", who)).text()
    assert moves_on(dutch) == [(a, spec.action_label(view, a, locale="nl")) for a in legal]
    # The other player waits, and sees their own hand without moves.
    other = await (await get(play, f"{address}?lang=en", WHO[1 - seat])).text()
    assert moves_on(other) == [] and "Waiting for" in other and f"/hand/{row.version}.png" in other


async def test_spectators_and_strangers_get_todays_page(play):
    game_id = await play.new_game("hindmost")
    address = await play.address(game_id)
    anonymous = await get(play, address)
    carol = await get(play, address, "carol")  # signed in, not seated
    html = await anonymous.text()
    assert await carol.text() == html
    assert anonymous.headers["Cache-Control"] == "no-cache"
    assert "/act" not in html and "/hand/" not in html and "play.js" not in html
    assert tr("en", "web-footer") in html
    # The player's own addresses answer them as a missing page.
    for who in (None, "carol"):
        for path in ("/play", "/hand/3.png"):
            assert (await get(play, address + path, who)).status == 404


@pytest.mark.parametrize("game", ["hindmost", "howruck", "duvelen"])
async def test_another_seat_never_sees_the_hand(tmp_path, game):
    """Redeal everything Bob may not see (Alice's hand among it): every byte served to Bob or to
    a spectator stays the same, while what is served to Alice changes."""
    site = await make_play_site(tmp_path)
    checks = checks_of(game)
    try:
        game_id = await site.new_game(game)
        for pick in range(3):
            await site.move(game_id, pick)
        address = await site.address(game_id)

        async def served(who: str | None) -> dict[str, bytes]:
            row = await site.service.get(game_id)
            found = {}
            for path in ("", "/play", f"/hand/{row.version}.png", "/replay", f"/board/{row.version}.png"):
                found[path] = await (await get(site, address + path, who)).read()
            stream = await get(site, f"{address}/events", who, headers={"Last-Event-ID": "0"})
            await next_event(stream)
            found["event"] = (await next_event(stream))["data"].encode()
            stream.close()
            return found

        before = {who: await served(who) for who in (None, "bob", "alice")}
        assert b'name="action"' in before["alice"][""] or b"Waiting" in before["alice"][""]
        row = await site.service.get(game_id)
        engine = site.service.spec(game).engine
        state = engine.load(row.state)
        twin = checks.redeal(engine, state, 1, Rng(11))
        assert engine.dump(twin) != engine.dump(state), "the redeal changed nothing: the test would be toothless"
        # Duvelen's cards face down are hidden from their owner too: there Alice's own view stays.
        alice_changed = engine.view(twin, 0) != engine.view(state, 0)
        assert alice_changed or game == "duvelen"
        await site.store.write_batch(
            [("UPDATE games SET state = ? WHERE id = ?", (json.dumps(engine.dump(twin)), game_id))]
        )
        site.service._states = type(site.service._states)()
        site.app.pages.logs = GameLogs(site.store, site.service.specs)
        site.app.pages.painter.cache = PictureCache()
        site.app.watchers._built.clear()
        after = {who: await served(who) for who in (None, "bob", "alice")}
        for who in (None, "bob"):
            changed = [path for path in before[who] if before[who][path] != after[who][path]]
            assert not changed, f"{game}: Alice's hand showed in {who or 'a spectator'}'s {changed}"
        hand = f"/hand/{row.version}.png"
        assert (before["alice"][hand] != after["alice"][hand]) == alice_changed  # her own hand is hers
    finally:
        await site.client.close()
        await site.store.close()


# ---- moves -----------------------------------------------------------------------------------------------
async def test_a_move_is_applied_followed_and_the_other_pages_update(play):
    game_id = await play.new_game("nim", {"pile": 7})
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    seat = await to_move_seat(play, game_id)
    stream = await get(play, f"{address}/events?v={row.version}")  # a spectator's page, open
    assert (await next_event(stream))["retry"] == "1000"
    await until(lambda: play.app.watchers.streams == 1)
    html = await (await get(play, address, WHO[seat])).text()
    action, _label = moves_on(html)[0]
    answer = await post(
        play, f"{address}/act", WHO[seat], {"action": action, "version": str(row.version)}, csrf=f"csrf-{WHO[seat]}"
    )
    data = await answer.json()
    assert answer.status == 200 and data["ok"] and data["text"] == tr("en", "played-ok")
    assert answer.headers["Cache-Control"] == "private, no-store"
    saved = await play.service.get(game_id)
    assert saved.version == row.version + 1 and data["version"] == saved.version
    assert [m[2] for m in await play.store.moves(game_id)][-1] == action
    # What follows (Discord's board in the bot) was handed the saved move, once.
    assert [(r.row.version, r.seat, r.action) for r in play.followed] == [(saved.version, seat, action)]
    update = await next_event(stream)
    assert update["event"] == "update" and update["id"] == str(saved.version)
    # The mover's answer is their fresh part: now the other player's turn.
    assert "Waiting for" in data["html"] and 'name="action"' not in data["html"]


async def test_a_plain_form_post_comes_back_to_the_page(play):
    game_id = await play.new_game("nim", {"pile": 7})
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    who = WHO[await to_move_seat(play, game_id)]
    form = {"action": "take1", "version": str(row.version), "csrf": f"csrf-{who}"}
    answer = await post(play, f"{address}/act", who, form, json_answer=False)
    assert answer.status == 303 and answer.headers["Location"] == f"{address}?played=1#play"
    assert (await play.service.get(game_id)).version == row.version + 1
    page = await (await get(play, f"{address}?played=1", who)).text()
    assert tr("en", "played-ok") in page
    # The same form again is an old board: back to the page, which says so in its own words
    # (Discord's send the player to "My hand / play", which the page has no need of).
    again = await post(play, f"{address}/act", who, form, json_answer=False)
    assert again.status == 303 and again.headers["Location"] == f"{address}?refused=board-moved-on#play"
    page = await (await get(play, f"{address}?refused=board-moved-on", who)).text()
    assert unescape(tr("en", "web-play-board-moved-on")) in unescape(page)
    assert (await play.service.get(game_id)).version == row.version + 1


async def test_a_stale_version_is_refused_with_discords_text_and_changes_nothing(play):
    game_id = await play.new_game("nim", {"pile": 7})
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    await play.move(game_id)  # from Discord, say
    moved = await play.service.get(game_id)
    who = WHO[await to_move_seat(play, game_id)]
    answer = await post(
        play, f"{address}/act", who, {"action": "take1", "version": str(row.version)}, csrf=f"csrf-{who}"
    )
    data = await answer.json()
    assert answer.status == 409 and data == {
        "ok": False,
        "code": "board-moved-on",
        "text": tr("en", "web-play-board-moved-on"),
    }
    assert (await play.service.get(game_id)).version == moved.version and play.followed == []


@pytest.mark.parametrize(
    ("who", "form", "csrf", "status", "code"),
    [
        (None, {"action": "take1"}, None, 401, None),  # nobody signed in
        ("alice", {"action": "take1"}, "wrong", 403, None),  # a forged request
        ("alice", {"action": "take1"}, None, 403, None),  # no token at all
        ("carol", {"action": "take1"}, "csrf-carol", 403, "not-a-player"),
        ("mover", {"action": ""}, "csrf", 400, "bad-action"),
        ("mover", {"action": "x" * 101}, "csrf", 400, "bad-action"),
        ("mover", {"action": "take\n1"}, "csrf", 400, "bad-action"),
        ("mover", {"action": "take1", "version": "soon"}, "csrf", 400, "bad-action"),
        ("mover", {"action": "take9"}, "csrf", 409, "illegal"),
        ("mover", {"action": "take <b>all</b>"}, "csrf", 400, "bad-action"),
        ("other", {"action": "take1"}, "csrf", 409, "not-your-turn"),
    ],
)
async def test_refusals_are_clear_and_change_nothing(play, who, form, csrf, status, code):
    game_id = await play.new_game("nim", {"pile": 7})
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    seat = await to_move_seat(play, game_id)
    who = {"mover": WHO[seat], "other": WHO[1 - seat]}.get(who, who)
    if csrf == "csrf":
        csrf = f"csrf-{who}"
    answer = await post(play, f"{address}/act", who, {"version": str(row.version), **form}, csrf=csrf)
    assert answer.status == status
    if code is not None:
        data = await answer.json()
        assert data["ok"] is False and data["code"] == code and data["text"]
        assert "\\" not in data["text"]  # said as typed, not escaped for Discord
    assert (await play.service.get(game_id)).version == row.version and play.followed == []


async def test_a_wrong_token_or_a_finished_game_is_refused(play):
    game_id = await play.new_game("nim", {"pile": 2})
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    who = WHO[await to_move_seat(play, game_id)]
    wrong = address.rsplit("/", 1)[0] + "/AAAAAAAAAAAAAAAAAAAAAA"
    answer = await post(play, f"{wrong}/act", who, {"action": "take2", "version": str(row.version)}, csrf=f"csrf-{who}")
    assert answer.status == 404 and (await play.service.get(game_id)).version == row.version
    # Taking both counters ends the game; after it, every move is refused.
    won = await post(play, f"{address}/act", who, {"action": "take2", "version": str(row.version)}, csrf=f"csrf-{who}")
    assert (await won.json())["ok"] and (await play.service.get(game_id)).status == "finished"
    over = await play.service.get(game_id)
    late = await post(
        play, f"{address}/act", who, {"action": "take1", "version": str(over.version)}, csrf=f"csrf-{who}"
    )
    assert late.status == 409 and (await late.json())["text"] == plain(tr("en", "table-error-not-running"))
    assert (await play.service.get(game_id)).version == over.version and len(play.followed) == 1
    # A finished game's page is the spectator's page for everyone: nothing left to play.
    assert 'name="action"' not in await (await get(play, address, who)).text()


async def test_a_web_tap_and_a_discord_click_at_once_one_applies(play):
    game_id = await play.new_game("nim", {"pile": 7})
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    seat = await to_move_seat(play, game_id)
    who = WHO[seat]
    user = (ALICE, BOB)[seat].user_id

    async def click():
        try:
            return await play.service.act(game_id, user_id=user, action="take2", expected_version=row.version)
        except Exception as error:
            return error

    tap = post(play, f"{address}/act", who, {"action": "take1", "version": str(row.version)}, csrf=f"csrf-{who}")
    answer, clicked = await asyncio.gather(tap, click())
    data = await answer.json()
    tapped = bool(data["ok"])
    assert tapped != (not isinstance(clicked, Exception))  # exactly one of them
    # The one that lost is told the board moved on (the click in Discord's words, the tap in the page's).
    if tapped:
        assert getattr(clicked, "code", None) == "board-moved-on"
    else:
        assert data["code"] == "board-moved-on" and data["text"] == tr("en", "web-play-board-moved-on")
    assert (await play.service.get(game_id)).version == row.version + 1
    assert len(await play.store.moves(game_id)) == 1


async def test_a_person_with_two_seats_plays_the_one_whose_turn_it_is(play):
    row = await play.service.get(await play.new_game("nim", {"pile": 9}))
    # Both seats Alice's (as some tests and hot-seat tables have it): Bob's seat handed to her.
    seats = [{**dataclasses.asdict(s), "user_id": ALICE.user_id} for s in row.seats]
    await play.store.write_batch([("UPDATE games SET seats = ? WHERE id = ?", (json.dumps(seats), row.id))])
    address = await play.address(row.id)
    for _ in range(2):
        current = await play.service.get(row.id)
        seat = await to_move_seat(play, row.id)
        answer = await post(
            play, f"{address}/act", "alice", {"action": "take1", "version": str(current.version)}, csrf="csrf-alice"
        )
        assert (await answer.json())["ok"], await answer.text()
        assert play.followed[-1].seat == seat
    assert {r.seat for r in play.followed} == {0, 1}


async def test_an_action_for_good_asks_first_as_discord_does(play):
    """Duvelen's "done" ends the player's round: asked once ("are you sure?"), then played."""
    game_id = await play.new_game("duvelen")
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    seat = next(
        s
        for s in range(2)
        if "done" in play.service.spec("duvelen").engine.legal_actions(play.service.state_of(row), s)
    )
    who = WHO[seat]
    ask = {"action": "done", "version": str(row.version)}
    answer = await post(play, f"{address}/act", who, ask, csrf=f"csrf-{who}")
    data = await answer.json()
    assert data["ok"] is False and data["ask"] == "done" and "Are you sure?" in data["text"]
    assert (await play.service.get(game_id)).version == row.version and play.followed == []
    # Without script: back to the page, which asks with a form of its own.
    form = await post(play, f"{address}/act", who, {**ask, "csrf": f"csrf-{who}"}, json_answer=False)
    assert form.status == 303 and form.headers["Location"] == f"{address}?ask=done#play"
    page = await (await get(play, f"{address}?ask=done", who)).text()
    assert 'name="sure" value="1"' in page and "Are you sure?" in page
    part = await (await get(play, f"{address}/play?ask=done", who)).json()
    assert 'name="sure" value="1"' in part["html"]
    # Sure: played.
    sure = await post(play, f"{address}/act", who, {**ask, "sure": "1"}, csrf=f"csrf-{who}")
    assert (await sure.json())["ok"]
    assert [m[2] for m in await play.store.moves(game_id)][-1] == "done" and len(play.followed) == 1


async def test_manoevers_whole_turns_come_first_and_one_tap_plays_the_turn(tmp_path):
    """Issue 47: Discord's green whole-turn buttons are the page's first moves, one tap each."""
    play = await make_play_site(tmp_path, games=("manoever",))
    try:
        await manoever_whole_turn_on_the_page(play)
    finally:
        await play.client.close()
        await play.store.close()


async def manoever_whole_turn_on_the_page(play):
    game_id = await play.new_game("manoever")
    address = await play.address(game_id)
    row = await play.service.get(game_id)
    spec = play.service.spec("manoever")
    seat = await to_move_seat(play, game_id)
    view = spec.engine.view(play.service.state_of(row), seat)
    legal = spec.engine.legal_actions(play.service.state_of(row), seat)
    plans = spec.turn_plans(view, legal)
    html = await (await get(play, address, WHO[seat])).text()
    assert tr("en", "web-play-plans") in html
    moves = moves_on(html)
    assert moves[: len(plans)] == [(p, spec.action_label(view, p, locale="en")) for p in plans]
    assert {a for a, _label in moves[len(plans) :]} == set(legal), "every single move stays listed"
    answer = await post(
        play, f"{address}/act", WHO[seat], {"action": plans[0], "version": str(row.version)}, csrf=f"csrf-{WHO[seat]}"
    )
    data = await answer.json()
    assert answer.status == 200 and data["ok"]
    saved = await play.service.get(game_id)
    assert saved.version == row.version + 1 and seat not in spec.engine.to_move(play.service.state_of(saved))
