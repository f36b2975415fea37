"""The web companion's app through aiohttp's test client: headers, addresses that do not exist,
the per-address limits, and the event stream (updates, heartbeat, reconnecting)."""

from __future__ import annotations

import asyncio
import json
import re

import pytest

from table import lobby
from table.weblinks import sign
from tests.web.conftest import ALICE, BASE_URL, BOB, GUILD, make_site
from web.secure import CSP
from web.state import WebSettings


async def until(condition, *, seconds: float = 5.0) -> None:
    """Let the loop (and the threads the app hands work to) run until ``condition()``: a wait
    for the app to get somewhere, not a pause that times anything."""
    loop = asyncio.get_running_loop()
    give_up = loop.time() + seconds
    while not condition():
        if loop.time() > give_up:
            raise AssertionError("the condition never came true")
        await asyncio.sleep(0.001)


async def next_event(response) -> dict[str, str]:
    """The next event (or comment) of a stream, as its fields."""
    raw = await asyncio.wait_for(response.content.readuntil(b"\n\n"), 5)
    fields: dict[str, str] = {}
    for line in raw.decode().strip("\n").split("\n"):
        name, _, value = line.partition(":")
        fields[name or "comment"] = value.strip()
    return fields


async def test_pages_carry_the_security_headers_and_no_inline_script(site):
    game_id = await site.new_game("hindmost")
    await site.move(game_id)
    address = await site.address(game_id)
    row = await site.service.get(game_id)
    for path in ("", "/replay", f"/board/{row.version}.png", "/replay/1.png"):
        response = await site.client.get(address + path)
        assert response.status == 200, path
        assert response.headers["Content-Security-Policy"] == CSP
        assert "'unsafe-inline'" not in CSP and "script-src 'self'" in CSP
        assert response.headers["X-Content-Type-Options"] == "nosniff"
        assert response.headers["Referrer-Policy"] == "no-referrer"
        assert response.headers["X-Frame-Options"] == "DENY"
        if path in ("", "/replay"):
            html = await response.text()
            # Every script is a file of the app's own; none is written into the page.
            assert html.count("<script") == html.count('<script src="/static/') >= 1
            assert " on" + "click=" not in html and "javascript:" not in html
    static = await site.client.get("/static/table.js")
    assert static.status == 200 and static.headers["Content-Security-Policy"] == CSP


@pytest.mark.parametrize(
    "raw",
    [b"GET /t/1/x HTTP/1.1\r\nHost: a\r\nContent-Length: x\r\n\r\n", b"G\x00T / HTTP/1.1\r\n\r\n", b"junk\r\n\r\n"],
)
async def test_aiohttps_own_answers_to_malformed_requests_carry_the_security_headers(site, raw):
    reader, writer = await asyncio.open_connection(site.client.host, site.client.port)
    writer.write(raw)
    await writer.drain()
    answer = (await asyncio.wait_for(reader.read(), 5)).decode(errors="replace")
    writer.close()
    status, _, rest = answer.partition("\r\n")
    assert status.split(" ")[1] == "400"
    headers = rest.partition("\r\n\r\n")[0].lower()
    assert f"content-security-policy: {CSP.lower()}" in headers
    assert "x-content-type-options: nosniff" in headers and "x-frame-options: deny" in headers


async def test_a_wrong_token_is_as_unknown_as_a_missing_game(site):
    first = await site.new_game("nim", channel=1)
    second = await site.new_game("nim", channel=2)
    good = await site.address(first)
    other = await site.address(second)
    missing = await site.client.get(f"/t/99999/{good.rsplit('/', 1)[1]}")
    wrong = await site.client.get(f"/t/{first}/{other.rsplit('/', 1)[1]}")  # another table's token
    forged = await site.client.get(f"/t/{first}/AAAAAAAAAAAAAAAAAAAAAA")
    assert missing.status == wrong.status == forged.status == 404
    assert await missing.text() == await wrong.text() == await forged.text()
    for path in ("/events", "/replay", "/board/3.png", "/replay/0.png"):
        assert (await site.client.get(f"/t/{first}/AAAAAAAAAAAAAAAAAAAAAA{path}")).status == 404, path
    assert (await site.client.get(good + "/replay/999.png")).status == 404
    assert (await site.client.get("/t/1")).status == 404
    assert (await site.client.get("/")).status == 404


async def test_read_only_and_no_discord_ids(site):
    game_id = await site.new_game("hindmost")
    await site.move(game_id)
    address = await site.address(game_id)
    before = await site.service.get(game_id)
    for method in ("POST", "PUT", "DELETE", "PATCH"):
        response = await site.client.request(method, address)
        assert response.status == 405, method
    assert (await site.service.get(game_id)).version == before.version
    html = (await (await site.client.get(address)).text()) + await (await site.client.get(address + "/replay")).text()
    for user_id in (ALICE.user_id, BOB.user_id, GUILD):
        assert str(user_id) not in html
    # Names are shown as typed and escaped: no markup of theirs gets into the page.
    assert "Alice &lt;b&gt;&amp;amp;" in html and "<b>" not in html


async def test_language_from_the_browser_with_a_switch(site):
    game_id = await site.new_game("nim")
    address = await site.address(game_id)
    dutch = await site.client.get(address, headers={"Accept-Language": "nl-NL,nl;q=0.9,en;q=0.5"})
    assert '<html lang="nl">' in await dutch.text()
    english = await site.client.get(address, headers={"Accept-Language": "fr, en;q=0.8, nl;q=0.5"})
    assert '<html lang="en">' in await english.text()
    switched = await site.client.get(address + "?lang=nl", headers={"Accept-Language": "en"})
    assert '<html lang="nl">' in await switched.text() and "Spelers" in await switched.text()
    # The switch is remembered (a cookie), over the browser's preference.
    again = await site.client.get(address, headers={"Accept-Language": "en"})
    assert '<html lang="nl">' in await again.text()


async def test_rotating_the_secret_makes_old_addresses_unknown(site):
    game_id = await site.new_game("nim")
    old = await site.address(game_id)
    assert (await site.client.get(old)).status == 200
    await site.links.rotate(GUILD)
    new = await site.address(game_id)
    assert new != old
    assert (await site.client.get(old)).status == 404
    assert (await site.client.get(new)).status == 200


async def test_the_server_page_only_when_turned_on(site):
    game_id = await site.new_game("nim")
    secret = (await site.links.server(GUILD)).secret
    path = f"/s/{GUILD}/{sign(secret, 'server', GUILD)}"
    assert await site.links.server_url(GUILD) is None
    assert (await site.client.get(path)).status == 404
    await site.links.set_server_page(GUILD, True)
    assert await site.links.server_url(GUILD) == BASE_URL + path
    page = await site.client.get(path)
    html = await page.text()
    assert page.status == 200 and f"/t/{game_id}/" in html and "Running tables" in html
    assert (await site.client.get(f"/s/{GUILD}/{sign(secret, 'server', GUILD + 1)}")).status == 404


async def test_requests_per_address_are_limited(tmp_path):
    site = await make_site(tmp_path, WebSettings(burst=5, per_second=1.0))
    try:
        game_id = await site.new_game("nim")
        address = await site.address(game_id)
        statuses = [(await site.client.get(address)).status for _ in range(7)]
        assert statuses == [200] * 5 + [429] * 2
        refused = await site.client.get(address)
        assert refused.headers["Retry-After"] == "1"
        # Another address is not held back by this one (behind a proxy: X-Forwarded-For, trusted).
        site.app.settings.trust_forwarded = True
        other = await site.client.get(address, headers={"X-Forwarded-For": "203.0.113.7"})
        assert other.status == 200
        site.app.settings.trust_forwarded = False
        site.clock.advance(2)  # the bucket fills again with time
        assert [(await site.client.get(address)).status for _ in range(3)] == [200, 200, 429]
        assert (await site.client.get("/static/style.css")).status == 200  # style and scripts are not counted
    finally:
        await site.client.close()
        await site.store.close()


async def test_open_streams_per_address_are_bounded(tmp_path):
    site = await make_site(tmp_path, WebSettings(streams_per_address=2))
    try:
        game_id = await site.new_game("nim")
        address = await site.address(game_id)
        first = await site.client.get(address + "/events")
        second = await site.client.get(address + "/events")
        third = await site.client.get(address + "/events")
        assert (first.status, second.status, third.status) == (200, 200, 429)
        assert first.headers["Content-Type"] == "text/event-stream"
        first.close()
        await until(lambda: site.app.streams.open == 1)
        fourth = await site.client.get(address + "/events")
        assert fourth.status == 200
        second.close()
        fourth.close()
    finally:
        await site.client.close()
        await site.store.close()


async def test_a_stream_sends_each_change_a_heartbeat_and_the_end(site):
    game_id = await site.new_game("nim", {"pile": 3})
    address = await site.address(game_id)
    row = await site.service.get(game_id)
    stream = await site.client.get(f"{address}/events?v={row.version}")
    assert (await next_event(stream))["retry"] == "1000"
    # Nothing new since the page was drawn: nothing is sent until the game changes.
    await until(lambda: site.app.watchers.streams == 1 and bool(site.clock._waiters))
    result = await site.move(game_id)
    update = await next_event(stream)
    assert update["event"] == "update" and update["id"] == str(result.row.version)
    data = json.loads(update["data"])
    assert data["version"] == result.row.version and not data["over"]
    assert f"/board/{result.row.version}.png" in data["html"]
    # A quiet game gets a comment every heartbeat (on the app's clock).
    await until(lambda: bool(site.clock._waiters))
    site.clock.advance(15)
    assert (await next_event(stream))["comment"] == "heartbeat"
    # To the end: the last update says so, and the stream closes.
    while (await site.service.get(game_id)).status == "active":
        result = await site.move(game_id)
    while True:
        event = await next_event(stream)
        if event.get("event") == "update" and json.loads(event["data"])["over"]:
            break
    assert "The game has ended" in json.loads(event["data"])["html"]
    assert await asyncio.wait_for(stream.content.read(), 5) == b""


async def test_a_reconnect_with_the_last_version_seen_gets_what_it_missed(site):
    game_id = await site.new_game("nim", {"pile": 9})
    address = await site.address(game_id)
    seen = (await site.service.get(game_id)).version
    await site.move(game_id)  # while the browser was away
    back = await site.client.get(f"{address}/events?v=0", headers={"Last-Event-ID": str(seen)})
    await next_event(back)  # retry
    missed = await next_event(back)
    assert missed["id"] == str((await site.service.get(game_id)).version)
    back.close()
    # Up to date: nothing is sent but the heartbeat.
    current = (await site.service.get(game_id)).version
    fresh = await site.client.get(f"{address}/events", headers={"Last-Event-ID": str(current)})
    await next_event(fresh)
    # (The closed stream is let go at its next write: the heartbeat is also how dead ones end.)
    await until(lambda: len(site.clock._waiters) == site.app.streams.open >= 1)
    site.clock.advance(15)
    assert (await next_event(fresh))["comment"] == "heartbeat"
    fresh.close()


async def test_one_build_per_change_however_many_watch(site):
    game_id = await site.new_game("nim", {"pile": 9})
    address = await site.address(game_id)
    version = (await site.service.get(game_id)).version
    streams = [await site.client.get(f"{address}/events?v={version}") for _ in range(5)]
    for stream in streams:
        await next_event(stream)
    await until(lambda: site.app.watchers.streams == 5)
    built = []
    original = site.app.pages.table

    async def counting(row, lang):
        built.append(row.version)
        return await original(row, lang)

    site.app.pages.table = counting
    result = await site.move(game_id)
    for stream in streams:
        assert (await next_event(stream))["id"] == str(result.row.version)
    assert built == [result.row.version]
    for stream in streams:
        stream.close()


async def test_a_burst_of_moves_is_sent_as_few_updates(tmp_path):
    # A window far longer than six moves take, even on a machine busy with other tests.
    site = await make_site(tmp_path, WebSettings(coalesce=1.5))
    try:
        game_id = await site.new_game("nim", {"pile": 40})
        address = await site.address(game_id)
        version = (await site.service.get(game_id)).version
        stream = await site.client.get(f"{address}/events?v={version}")
        await next_event(stream)
        await until(lambda: site.app.watchers.streams == 1 and site.app.watchers.builds == 1)
        for pick in range(6):
            result = await site.move(game_id, pick)
        seen = []
        while not seen or seen[-1] != str(result.row.version):
            seen.append((await next_event(stream))["id"])
        # Every move reached the page, in at most two updates (the first at once, the rest together).
        assert len(seen) <= 2 and site.app.watchers.builds <= 3
        stream.close()
    finally:
        await site.client.close()
        await site.store.close()


@pytest.mark.parametrize("game", ["hindmost", "trackgammon"])
async def test_replay_pictures_are_the_boards_of_each_step(site, game):
    from table.replay import replay_frames

    game_id = await site.new_game(game)
    for pick in range(4):
        await site.move(game_id, pick)
    address = await site.address(game_id)
    row = await site.service.get(game_id)
    spec = site.service.spec(game)
    frames = list(replay_frames(spec, row, await site.store.moves(game_id)))
    last = frames[-1]
    picture = await (await site.client.get(f"{address}/replay/{last.step}.png")).read()
    from table.levels import picture_names

    names = picture_names(row.locale, row.seats)
    assert picture == spec.render_board(last.view, names=names, locale=row.locale)
    # The last step is the board Discord shows now.
    board = await (await site.client.get(f"{address}/board/{row.version}.png")).read()
    assert board == picture
    old = await site.client.get(f"{address}/board/{row.version - 1}.png", allow_redirects=False)
    assert old.status == 302 and old.headers["Location"].endswith(f"/board/{row.version}.png?lang=en")


async def test_pictures_name_a_computer_with_its_level_as_the_board_does(site):
    """The web's board is the bot's cached picture, so both must draw the same names: a computer
    seat with its level ("Computer 1 (hard)"), in the page's language (here the table's, Dutch)."""
    from table.levels import picture_names

    row = await lobby.create(
        site.service, "hindmost", guild_id=GUILD, channel_id=1, host=ALICE, options={}, locale="nl"
    )
    await lobby.add_computer(site.service, row.id, ALICE, "hard")
    await lobby.start(site.service, row.id, ALICE)
    row = await site.service.get(row.id)
    names = picture_names(row.locale, row.seats)
    assert names[1].endswith("(moeilijk)")
    spec = site.service.spec("hindmost")
    expected = spec.render_board(spec.engine.view(site.service.state_of(row), None), names=names, locale="nl")
    address = await site.address(row.id)
    assert await (await site.client.get(f"{address}/board/{row.version}.png?lang=nl")).read() == expected
    assert await (await site.client.get(f"{address}/replay/0.png?lang=nl")).read() == expected
    # The page's list of players says it in words too.
    page = await (await site.client.get(address)).text()
    assert 'Computer 1 <span class="note">(computer, hard)</span>' in page  # the visitor's language


async def test_the_poll_instead_of_a_stream_answers_only_news(site):
    # A tab without a stream slot (table.js) asks .../live?v=<version> every few seconds.
    game_id = await site.new_game("nim", {"pile": 5})
    address = await site.address(game_id)
    row = await site.service.get(game_id)
    same = await site.client.get(f"{address}/live?v={row.version}")
    assert same.status == 204 and same.headers["Cache-Control"] == "no-store"
    moved = await site.move(game_id)
    news = await site.client.get(f"{address}/live?v={row.version}")
    data = await news.json()
    assert (
        news.status == 200
        and data["version"] == moved.row.version
        and f"/board/{moved.row.version}.png" in data["html"]
    )
    assert (await site.client.get(f"{address}/live?v=x")).status == 200
    wrong = address.rsplit("/", 1)[0] + "/AAAAAAAAAAAAAAAAAAAAAA"
    assert (await site.client.get(f"{wrong}/live?v=1")).status == 404


async def a_game_with_a_deadline(site) -> tuple[int, float]:
    """A game whose move is due in an hour: (its id, when)."""
    game_id = await site.new_game("nim", {"pile": 5})
    due = site.clock.now() + 3600
    async with site.store.transaction() as tx:
        await tx.execute(
            "UPDATE games SET deadline = ?, deadline_at = ? WHERE id = ?",
            (json.dumps({"kind": "move", "due": due}), due, game_id),
        )
    return game_id, due


async def test_the_poll_hears_of_more_time_on_the_clock_without_a_new_version(site):
    """The stream sends the same version again when the clock stood still (its time given back);
    a polling tab asks with the page's news mark, so it hears of it too."""
    game_id, due = await a_game_with_a_deadline(site)
    address = await site.address(game_id)
    page = await (await site.client.get(address)).text()
    mark = re.search(r'data-mark="([^"]+)"', page)[1]
    assert (await site.client.get(f"{address}/live?v={mark}")).status == 204
    row = await site.service.get(game_id)
    assert await site.service.stand_still(row, 1800) is not None
    news = await site.client.get(f"{address}/live?v={mark}")
    data = await news.json()
    assert news.status == 200 and data["version"] == row.version and data["mark"] != mark
    assert f'data-due="{due + 1800}"' in data["html"], "the new deadline, for the countdown"
    assert (await site.client.get(f"{address}/live?v={data['mark']}")).status == 204


async def test_a_stream_opened_with_an_old_news_mark_hears_of_more_time_at_once(site):
    """A tab that polled (or whose stream was down) while the clock stood still opens its stream
    with the news mark it has: the same version with another deadline is sent at once."""
    game_id, due = await a_game_with_a_deadline(site)
    address = await site.address(game_id)
    mark = re.search(r'data-mark="([^"]+)"', await (await site.client.get(address)).text())[1]
    row = await site.service.get(game_id)
    assert await site.service.stand_still(row, 1800) is not None
    stream = await site.client.get(f"{address}/events?v={mark}")
    await next_event(stream)  # retry
    update = await next_event(stream)
    data = json.loads(update["data"])
    assert update["event"] == "update" and data["version"] == row.version and data["mark"] != mark
    assert f'data-due="{due + 1800}"' in data["html"]
    stream.close()
    # Opened with the mark it has now: nothing is sent until the game moves on.
    current = await site.client.get(f"{address}/events?v={data['mark']}")
    await next_event(current)  # retry
    result = await site.move(game_id)
    assert (await next_event(current))["id"] == str(result.row.version)


async def test_the_last_moves_number_each_move_once_and_the_opening_not_at_all(site):
    def items(html: str) -> list[str]:
        """Each line's number ("" for an unnumbered one), in order."""
        start = html.index('<section class="lines"')
        section = html[start : html.index("</section>", start)]
        return [number for _whole, number in re.findall(r'<li (value="(\d+)"|class="more")>', section)]

    game_id = await site.new_game("trackgammon")
    address = await site.address(game_id)
    opening = items(await (await site.client.get(address)).text())
    assert opening and set(opening) == {""}  # before any move: the opening's lines, not "0." each
    for _ in range(3):
        await site.move(game_id)
    later = items(await (await site.client.get(address)).text())
    numbers = [int(n) for n in later if n]
    assert numbers and numbers == sorted(set(numbers))  # each move's number once, in order
