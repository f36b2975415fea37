"""Input no browser sends, answered with a clear 400 and at most a warning (issue 45, item 7): a
version in digits ``int`` refuses ("²") or far too long, a form body that is no UTF-8, and a
request line aiohttp cannot parse. Each was a 500 with an ERROR traceback."""

from __future__ import annotations

import asyncio
import logging

import pytest

from tests.web.test_web_play import WHO, make_play_site, post, to_move_seat


@pytest.fixture
async def play(tmp_path):
    site = await make_play_site(tmp_path)
    yield site
    await site.client.close()
    await site.store.close()


def errors_in(caplog) -> list[str]:
    return [r.getMessage() for r in caplog.records if r.levelno >= logging.ERROR]


async def test_a_version_int_refuses_or_far_too_long_is_refused_and_plays_nothing(play, caplog):
    game_id = await play.new_game("hindmost")
    address = await play.address(game_id)
    seat = await to_move_seat(play, game_id)
    who = WHO[seat]
    before = (await play.service.get(game_id)).version
    for version in ("²", "9" * 5000):
        for path, data in (("act", {"action": "x", "version": version}), ("take-back", {"version": version})):
            answer = await post(play, f"{address}/{path}", who, data, csrf=f"csrf-{who}")
            assert answer.status in (400, 409, 422), (path, answer.status, await answer.text())
            assert answer.status < 500
    assert not errors_in(caplog)
    assert (await play.service.get(game_id)).version == before


async def test_a_form_body_that_is_no_utf8_is_a_400(play, caplog):
    game_id = await play.new_game("hindmost")
    address = await play.address(game_id)
    who = WHO[await to_move_seat(play, game_id)]
    before = (await play.service.get(game_id)).version
    headers = {"Accept": "application/json", "X-CSRF-Token": f"csrf-{who}"}
    headers["Content-Type"] = "application/x-www-form-urlencoded"
    answer = await play.client.post(
        f"{address}/act", data=b"action=\xff\xfe&version=1", headers=headers, cookies={"who": who}
    )
    assert answer.status == 400, await answer.text()
    assert not errors_in(caplog)
    assert (await play.service.get(game_id)).version == before


async def test_a_malformed_request_line_is_a_400_and_one_warning(play, caplog):
    caplog.set_level(logging.INFO)
    server = play.client.server
    reader, writer = await asyncio.open_connection(server.host, server.port)
    writer.write(b"GET /\x01bad HTTP/1.1 extra\r\nHost: x\r\n\r\n")
    await writer.drain()
    first = await reader.readline()
    writer.close()
    assert b" 400 " in first
    await asyncio.sleep(0.1)
    logged = [r for r in caplog.records if r.name == "aiohttp.server"]
    assert logged and all(r.levelno == logging.WARNING and r.exc_info is None for r in logged), [
        (r.levelname, r.getMessage()) for r in logged
    ]
