"""Signing out inside Discord's frame: the session cookie there is partitioned
(``SameSite=None; Secure; Partitioned``), and Chromium removes a partitioned cookie only with a
deletion carrying ``Partitioned`` and the same path, so sign-out sends that deletion beside the
site's own."""

from __future__ import annotations

import re

import pytest

from tests.web.activity_discord import APP_ID, BOT_TOKEN, SECRET, ActivityDiscord
from tests.web.conftest import ALICE, BASE_URL, GUILD, make_site
from web.activity_config import ActivityConfig
from web.sessions import SESSION_COOKIE
from web.signin import SignInSettings

ORIGIN = f"https://{APP_ID}.discordsays.com"


@pytest.fixture
async def discord():
    fake = ActivityDiscord()
    await fake.start()
    fake.add_user(ALICE.user_id, ALICE.name)
    yield fake
    await fake.close()


async def signed_in_the_activity(site, discord) -> tuple[str, str]:
    """(the session's secret, the table page's address inside the Activity)"""
    instance = discord.activities.launch(ALICE.user_id, GUILD, 1).instance_id
    headers = {"Origin": ORIGIN, "Content-Type": "application/json", "Sec-Fetch-Site": "same-origin"}
    body = {"code": discord.code_for(ALICE.user_id), "instance_id": instance}
    answer = await site.client.post("/activity/session", json=body, headers=headers)
    assert answer.status == 200
    secret = answer.headers["Set-Cookie"].split(";")[0].removeprefix(f"{SESSION_COOKIE}=")
    return secret, (await answer.json())["go"]


def attributes(set_cookie: str) -> set[str]:
    return {part.strip().lower() for part in set_cookie.split(";")[1:]}


async def test_signing_out_in_the_activity_deletes_its_partitioned_cookie(tmp_path, discord):
    config = ActivityConfig(str(APP_ID), SECRET, BOT_TOKEN, discord_url=discord.url)
    signin = SignInSettings(BASE_URL, str(APP_ID), SECRET, discord.url)
    site = await make_site(tmp_path, signin=signin, activity=config)
    try:
        await site.new_game("nim", channel=1)
        secret, page = await signed_in_the_activity(site, discord)
        html = await (await site.client.get(page, cookies={SESSION_COOKIE: secret})).text()
        (csrf,) = set(re.findall(r'name="csrf" value="([^"]+)"', html))
        # Signed in, yet no link to "Your tables": that page may not be framed.
        assert "Signed in as" in html and 'href="/me"' not in html
        # A form's POST in the frame: same-origin, and Origin null under no-referrer.
        out = await site.client.post(
            "/signout",
            data={"csrf": csrf, "next": page},
            headers={"Origin": "null", "Sec-Fetch-Site": "same-origin"},
            cookies={SESSION_COOKIE: secret},
            allow_redirects=False,
        )
        assert out.status == 303
        emptied = (f"{SESSION_COOKIE}=", f'{SESSION_COOKIE}=""')
        deletions = [c for c in out.headers.getall("Set-Cookie") if c.split(";")[0] in emptied]
        partitioned = [attributes(c) for c in deletions if "partitioned" in attributes(c)]
        assert partitioned == [{"max-age=0", "path=/", "httponly", "secure", "samesite=none", "partitioned"}]
        assert any("samesite=lax" in attributes(c) for c in deletions)  # the site's own cookie too
        assert await site.store.fetch("SELECT * FROM web_sessions") == []
    finally:
        await site.client.close()
        await site.store.close()


async def test_without_the_activity_sign_out_sends_no_partitioned_deletion(tmp_path):
    site = await make_site(tmp_path, signin=SignInSettings(BASE_URL, "1", "secret", "http://127.0.0.1:9"))
    try:
        secret, person = await site.app.people.open_session(42, "Alice")
        out = await site.client.post(
            "/signout",
            data={"csrf": person.csrf},
            headers={"Origin": BASE_URL, "Sec-Fetch-Site": "same-origin"},
            cookies={SESSION_COOKIE: secret},
            allow_redirects=False,
        )
        assert out.status == 303
        assert [c for c in out.headers.getall("Set-Cookie") if "Partitioned" in c] == []
    finally:
        await site.client.close()
        await site.store.close()
