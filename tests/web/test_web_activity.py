"""The Activity's server side (``web.activity``): its page may be framed by Discord only, and
``POST /activity/session`` trades the code, checks the instance holds the person and answers with
the table of the instance's channel (the game from the channel, never from the instance)."""

from __future__ import annotations

import re

import pytest

from db import cross
from tests.web.activity_discord import APP_ID, BOT_TOKEN, SECRET, ActivityDiscord
from tests.web.conftest import ALICE, BASE_URL, BOB, GUILD, make_site
from web.activity import start_session
from web.activity_config import FRAME_ANCESTORS, ActivityConfig, ActivityConfigError, activity_config
from web.config import web_config
from web.signin import SignInSettings

ORIGIN = f"https://{APP_ID}.discordsays.com"
JSON = {"Origin": ORIGIN, "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}
CAROL = 900_000_000_000_000_003  # in the server, never at the table


@pytest.fixture
async def discord():
    fake = ActivityDiscord()
    await fake.start()
    fake.add_user(ALICE.user_id, ALICE.name)
    fake.add_user(BOB.user_id, BOB.name, locale="nl")
    fake.add_user(CAROL, "carol", locale="nl")
    yield fake
    await fake.close()


@pytest.fixture
async def site(tmp_path, discord):
    config = ActivityConfig(str(APP_ID), SECRET, BOT_TOKEN, discord_url=discord.url)
    site = await make_site(tmp_path, activity=config)
    yield site
    await site.client.close()
    await site.store.close()


def launched(discord: ActivityDiscord, user_id: int, channel: int = 1) -> str:
    return discord.activities.launch(user_id, GUILD, channel).instance_id


async def post(site, body, headers=JSON):
    response = await site.client.post("/activity/session", json=body, headers=headers)
    return response, await response.json()


async def test_the_activity_is_there_only_when_configured(tmp_path):
    plain = await make_site(tmp_path)
    try:
        assert (await plain.client.get("/activity")).status == 404
        assert (await plain.client.get("/")).status == 404
        assert (await plain.client.post("/activity/session", json={}, headers=JSON)).status in (404, 405)
    finally:
        await plain.client.close()
        await plain.store.close()


async def test_discord_alone_may_frame_the_activity_and_other_pages_stay_unframed(site):
    game_id = await site.new_game()
    for path in ("/", "/activity"):
        response = await site.client.get(path)
        assert response.status == 200
        policy = response.headers["Content-Security-Policy"]
        assert f"frame-ancestors {FRAME_ANCESTORS}" in policy
        assert FRAME_ANCESTORS == "https://discord.com https://*.discord.com https://*.discordsays.com"
        assert "script-src 'self'" in policy and "unsafe-inline" not in policy
        assert "X-Frame-Options" not in response.headers  # DENY would contradict the policy
        html = await response.text()
        assert '<script src="/static/activity.js" defer></script>' in html
        assert not re.search(r"<script(?![^>]*\bsrc=)", html)  # no inline script
        assert f'data-client="{APP_ID}"' in html  # the application's id: public, it names the host
    table = await site.client.get(await site.address(game_id))
    assert "frame-ancestors 'none'" in table.headers["Content-Security-Policy"]
    assert table.headers["X-Frame-Options"] == "DENY"


async def test_a_player_in_the_instance_is_sent_to_the_table_of_its_channel(site, discord):
    game_id = await site.new_game(channel=1)
    other = await site.new_game(channel=2)  # another channel's table is not this one
    instance = launched(discord, ALICE.user_id, channel=1)
    response, body = await post(site, {"code": discord.code_for(ALICE.user_id), "instance_id": instance})
    assert response.status == 200
    token = (await site.address(game_id)).rsplit("/", 1)[1]
    assert body == {"go": f"/activity/t/{game_id}/{token}?lang=en"}
    assert response.headers["Cache-Control"] == "no-store"
    assert discord.activities.asked == [instance]
    assert discord.exchanges[0].keys() == {"client_id", "client_secret", "grant_type", "code"}
    assert str(ALICE.user_id) not in await response.text()
    page = await site.client.get(body["go"])
    assert page.status == 200
    assert f"frame-ancestors {FRAME_ANCESTORS}" in page.headers["Content-Security-Policy"]
    assert "X-Frame-Options" not in page.headers
    assert f"/t/{game_id}/{token}/events" in await page.text()
    assert not body["go"].startswith(f"/activity/t/{other}/")
    # Its replay link stays inside the Activity (relative), and the replay may be framed too.
    await site.move(game_id)
    page = await site.client.get(body["go"])
    assert f'<a href="{token}/replay?lang=en">' in await page.text()  # its language named: no cookie in the frame
    replay = await site.client.get(f"/activity/t/{game_id}/{token}/replay")
    assert replay.status == 200 and "X-Frame-Options" not in replay.headers
    assert f'<a href="../{token}?lang=en">' in await replay.text()
    # A wrong token inside the Activity is as unknown as anywhere.
    assert (await site.client.get(f"/activity/t/{game_id}/wrong")).status == 404


async def test_a_table_across_servers_is_found_from_its_thread_in_a_further_server(site, discord):
    game_id = await site.new_game(channel=1)
    elsewhere = GUILD + 1
    await cross.add_places(site.store, [cross.Place(game_id, 3, elsewhere, frozenset({BOB.user_id}), "nl")])
    instance = discord.activities.launch(BOB.user_id, elsewhere, 3).instance_id
    response, body = await post(site, {"code": discord.code_for(BOB.user_id), "instance_id": instance})
    token = (await site.address(game_id)).rsplit("/", 1)[1]
    assert response.status == 200 and body == {"go": f"/activity/t/{game_id}/{token}?lang=nl"}
    assert (await site.client.get(body["go"])).status == 200


async def test_a_refused_code_signs_nobody_in(site, discord):
    await site.new_game()
    instance = launched(discord, ALICE.user_id)
    response, body = await post(site, {"code": "not-a-code-discord-gave", "instance_id": instance})
    assert response.status == 401
    assert body["message"].startswith("Discord did not confirm who you are")
    assert "Set-Cookie" not in response.headers and discord.activities.asked == []
    # A code is good once: the second use is refused too.
    code = discord.code_for(ALICE.user_id)
    assert (await post(site, {"code": code, "instance_id": instance}))[0].status == 200
    assert (await post(site, {"code": code, "instance_id": instance}))[0].status == 401


async def test_someone_not_in_the_instance_is_refused(site, discord):
    await site.new_game()
    instance = launched(discord, ALICE.user_id)
    response, body = await post(site, {"code": discord.code_for(BOB.user_id), "instance_id": instance})
    assert response.status == 403
    assert body["message"] == "Je doet niet mee aan deze Activity. Doe mee vanuit het kanaal in Discord."
    assert "go" not in body
    # An instance that ended (or never was) holds nobody.
    discord.activities.end(instance)
    response, body = await post(site, {"code": discord.code_for(ALICE.user_id), "instance_id": instance})
    assert response.status == 403 and "go" not in body


async def test_no_table_in_the_channel_is_said_in_the_persons_language(site, discord):
    await site.new_game(channel=1)
    instance = launched(discord, CAROL, channel=3)
    response, body = await post(site, {"code": discord.code_for(CAROL), "instance_id": instance})
    assert response.status == 404
    assert body["message"].startswith("In dit kanaal is geen tafel open.")
    assert body["page"] == "/activity/none?lang=nl"  # a page of its own, all in Dutch
    page = await site.client.get(body["page"])
    html = await page.text()
    assert '<html lang="nl">' in html and "Hier is geen tafel" in html and "In dit kanaal is geen tafel open." in html
    assert f"frame-ancestors {FRAME_ANCESTORS}" in page.headers["Content-Security-Policy"]
    english = launched(discord, ALICE.user_id, channel=4)
    response, body = await post(site, {"code": discord.code_for(ALICE.user_id), "instance_id": english})
    assert response.status == 404 and body["message"].startswith("No table is open in this channel.")


@pytest.mark.parametrize(
    "headers",
    [
        {**JSON, "Origin": "https://evil.example"},
        {**JSON, "Origin": "https://1.discordsays.com"},  # another application's Activity
        {**JSON, "Sec-Fetch-Site": "cross-site"},
        {"Content-Type": "application/json"},
    ],
)
async def test_only_the_activitys_own_page_may_post_a_code(site, discord, headers):
    await site.new_game()
    instance = launched(discord, ALICE.user_id)
    code = discord.code_for(ALICE.user_id)
    response, body = await post(site, {"code": code, "instance_id": instance}, headers=headers)
    assert response.status == 403
    assert discord.exchanges == []  # the code was never spent


@pytest.mark.parametrize(
    "body",
    [
        {"code": "abc"},
        {"code": 5, "instance_id": "i-1"},
        {"code": "abc", "instance_id": "../../users/@me"},
        {"code": "<script>", "instance_id": "i-1"},
        ["abc", "i-1"],
    ],
)
async def test_a_malformed_request_is_refused_before_asking_discord(site, discord, body):
    response, answer = await post(site, body)
    assert response.status == 400
    assert answer["message"] == "That request was not understood."
    assert discord.exchanges == []


async def test_a_refused_client_secret_is_the_operators_trouble_and_logged_without_secrets(tmp_path, discord, caplog):
    config = ActivityConfig(str(APP_ID), "the-wrong-secret", BOT_TOKEN, discord_url=discord.url)
    site = await make_site(tmp_path, activity=config)
    try:
        await site.new_game()
        instance = launched(discord, ALICE.user_id)
        code = discord.code_for(ALICE.user_id)
        response, body = await post(site, {"code": code, "instance_id": instance})
        assert response.status == 502 and body["message"].startswith("Discord did not answer")
        (record,) = [r for r in caplog.records if r.name == "tafelbot.web"]
        assert "client id or secret was refused" in record.getMessage()
        for secret in ("the-wrong-secret", code, str(ALICE.user_id), instance, BOT_TOKEN):
            assert secret not in caplog.text
    finally:
        await site.client.close()
        await site.store.close()


async def test_nothing_secret_is_logged_on_the_way_in_or_out(site, discord, caplog):
    caplog.set_level("DEBUG", logger="tafelbot")
    await site.new_game()
    instance = launched(discord, ALICE.user_id)
    good = discord.code_for(ALICE.user_id)
    assert (await post(site, {"code": good, "instance_id": instance}))[0].status == 200
    assert (await post(site, {"code": discord.code_for(BOB.user_id), "instance_id": instance}))[0].status == 403
    assert (await post(site, {"code": "spent-or-forged", "instance_id": instance}))[0].status == 401
    for secret in (SECRET, BOT_TOKEN, good, "spent-or-forged", str(ALICE.user_id), str(BOB.user_id), instance):
        assert secret not in caplog.text
    for token in discord.tokens:
        assert token not in caplog.text


async def test_discord_failing_gets_a_try_again(site, discord):
    await site.new_game()
    instance = launched(discord, ALICE.user_id)
    discord.down = True
    response, body = await post(site, {"code": discord.code_for(ALICE.user_id), "instance_id": instance})
    assert response.status == 502
    assert body["message"] == "Discord did not answer in time. Try again in a moment."


async def test_with_sign_in_the_activity_opens_a_session_a_player_can_move_with(tmp_path, discord):
    """The session cookie of Discord's frame signs the person in on the Activity's pages, and a
    move posted from the Activity's origin passes the change checks (origin, CSRF)."""
    config = ActivityConfig(str(APP_ID), SECRET, BOT_TOKEN, discord_url=discord.url)
    signin = SignInSettings(BASE_URL, str(APP_ID), SECRET, discord.url)
    site = await make_site(tmp_path, signin=signin, activity=config)
    try:
        game_id = await site.new_game("nim", channel=1)
        row = await site.service.get(game_id)
        seat = sorted(site.service.spec("nim").engine.to_move(site.service.state_of(row)))[0]
        mover = ALICE if row.seats[seat].user_id == ALICE.user_id else BOB
        instance = launched(discord, mover.user_id)
        response, body = await post(site, {"code": discord.code_for(mover.user_id), "instance_id": instance})
        assert response.status == 200
        cookie = response.headers["Set-Cookie"]
        for attribute in ("HttpOnly", "Secure", "SameSite=None", "Partitioned", "Path=/", "Max-Age="):
            assert attribute in cookie, attribute
        secret = cookie.split(";")[0].removeprefix("tafelbot_session=")
        jar = {"tafelbot_session": secret}
        page = await site.client.get(body["go"], cookies=jar)
        html = await page.text()
        assert "/static/play.js" in html  # the player's own part: their moves
        (csrf,) = set(re.findall(r'name="csrf" value="([^"]+)"', html))
        address = await site.address(game_id)
        form = {"action": "take1", "version": str(row.version)}
        inside = {"Origin": ORIGIN, "Sec-Fetch-Site": "same-origin", "X-CSRF-Token": csrf, "Accept": "application/json"}
        elsewhere = {**inside, "Origin": "https://elsewhere.example"}
        refused = await site.client.post(f"{address}/act", data=form, headers=elsewhere, cookies=jar)
        assert refused.status == 403
        moved = await site.client.post(f"{address}/act", data=form, headers=inside, cookies=jar)
        assert moved.status == 200, await moved.text()
        assert (await site.service.get(game_id)).version > row.version
    finally:
        await site.client.close()
        await site.store.close()


async def test_without_sign_in_the_activity_shows_the_table_as_anyone_sees_it(site):
    from aiohttp import web

    response = web.Response()
    assert await start_session(site.app, response, ALICE.user_id, ALICE.name) is False
    assert "Set-Cookie" not in response.headers


def test_the_config_names_what_the_activity_needs():
    def config(**env: str):
        return activity_config(env, web_config(env))

    assert config() is None and config(TAFELBOT_ACTIVITY="0") is None
    on = {"TAFELBOT_ACTIVITY": "1", "TAFELBOT_WEB_URL": "https://tafel.example", "DISCORD_TOKEN": "bot-token"}
    with pytest.raises(ActivityConfigError, match="TAFELBOT_WEB_CLIENT_ID"):
        config(**on)  # the Activity builds on signing in with Discord
    signin = {"TAFELBOT_WEB_CLIENT_ID": "123", "TAFELBOT_WEB_CLIENT_SECRET": "the-secret"}
    with pytest.raises(ActivityConfigError, match="TAFELBOT_WEB_URL"):
        config(**{**on, **signin, "TAFELBOT_WEB_URL": ""})
    with pytest.raises(ActivityConfigError, match="DISCORD_TOKEN"):
        config(**{**on, **signin, "DISCORD_TOKEN": ""})
    found = config(**on, **signin)
    assert found is not None and found.origin == "https://123.discordsays.com"
    assert found.api == "https://discord.com/api/v10" and found.client_id == "123"
    assert "the-secret" not in repr(found) and "bot-token" not in repr(found)  # a logged config shows neither
    fake = config(**on, **signin, TAFELBOT_DISCORD_URL="http://127.0.0.1:9")
    assert fake is not None and fake.api == "http://127.0.0.1:9/api/v10"


@pytest.mark.parametrize("game", ["hindmost", "duvelen", "trackgammon", "howruck", "manoever"])
async def test_a_whole_game_across_servers_played_through_the_activity_from_the_further_thread(tmp_path, discord, game):
    """Issue 49: Bob, whose thread of a table across servers is in another server, launches the
    Activity there and plays every one of his moves in it (the move the normal computer would
    make, so that two people's game ends), while Alice plays hers as on Discord: the same game,
    to its end, every move of his saved through the Activity's session."""
    from tests.e2e.drive import normal_move

    config = ActivityConfig(str(APP_ID), SECRET, BOT_TOKEN, discord_url=discord.url)
    signin = SignInSettings(BASE_URL, str(APP_ID), SECRET, discord.url)
    site = await make_site(tmp_path, signin=signin, activity=config, games=("manoever",))
    try:
        game_id = await site.new_game(game, channel=1)
        elsewhere = GUILD + 1
        await cross.add_places(site.store, [cross.Place(game_id, 3, elsewhere, frozenset({BOB.user_id}), "nl")])
        instance = discord.activities.launch(BOB.user_id, elsewhere, 3).instance_id
        response, body = await post(site, {"code": discord.code_for(BOB.user_id), "instance_id": instance})
        assert response.status == 200 and body["go"].startswith(f"/activity/t/{game_id}/")
        jar = {"tafelbot_session": response.headers["Set-Cookie"].split(";")[0].removeprefix("tafelbot_session=")}
        page = await (await site.client.get(body["go"], cookies=jar)).text()
        assert "/static/play.js" in page and 'lang="nl"' in page  # his moves, in his language
        (csrf,) = set(re.findall(r'name="csrf" value="([^"]+)"', page))
        address = await site.address(game_id)
        inside = {"Origin": ORIGIN, "Sec-Fetch-Site": "same-origin", "X-CSRF-Token": csrf, "Accept": "application/json"}
        spec = site.service.spec(game)
        his = 0
        for _ in range(3000):
            row = await site.service.get(game_id)
            if row.status != "active":
                break
            state = site.service.state_of(row)
            movers = sorted(s for s in spec.engine.to_move(state) if spec.engine.legal_actions(state, s))
            seat = next((s for s in movers if row.seats[s].user_id == BOB.user_id), movers[0])
            action = normal_move(spec, state, seat, row.version)
            if row.seats[seat].user_id != BOB.user_id:
                await site.service.act(game_id, seat=seat, action=action)  # Alice, on Discord
                continue
            site.clock.advance(2.0)  # a person's pace between taps (the page's request budget)
            form = {"action": action, "version": str(row.version), "sure": "1"}  # "are you sure?": yes
            moved = await site.client.post(f"{address}/act", data=form, headers=inside, cookies=jar)
            assert moved.status == 200 and (await moved.json())["ok"], await moved.text()
            his += 1
        final = await site.service.get(game_id)
        assert final.status == "finished" and his > 3
        logged = await site.store.moves(game_id)
        bob_seat = final.seat_of(BOB.user_id)
        assert sum(1 for _, seat, _action in logged if seat == bob_seat) >= his
    finally:
        await site.client.close()
        await site.store.close()
