"""The Activity's pages after its first one load the Activity's script (it sets Discord's SDK up
again in the frame and keeps links inside it: web/activity-app/src/frame.js); the site's own
pages, outside Discord, stay as they were. The browser's side: tests/e2e/test_activity_*browser*."""

from __future__ import annotations

import re

from tests.web.activity_discord import APP_ID, BOT_TOKEN, SECRET
from tests.web.conftest import make_site
from web.activity_config import ActivityConfig

SCRIPT = f'<script src="/static/activity.js" data-client="{APP_ID}" defer></script>'


async def test_the_activitys_pages_load_its_script_and_the_sites_pages_do_not(tmp_path):
    config = ActivityConfig(str(APP_ID), SECRET, BOT_TOKEN, discord_url="http://127.0.0.1:9")
    site = await make_site(tmp_path, activity=config)
    try:
        game_id = await site.new_game("nim")
        await site.move(game_id)
        table = await site.address(game_id)
        for path in (f"/activity{table}", f"/activity{table}/replay", "/activity/none"):
            answer = await site.client.get(path + "?frame_id=f&instance_id=i&platform=desktop")
            html = await answer.text()
            assert answer.status == 200 and html.count(SCRIPT) == 1, path
            assert not re.search(r"<script(?![^>]*\bsrc=)", html)  # still no inline script
        for path in (table, f"{table}/replay"):
            html = await (await site.client.get(path)).text()
            assert "activity.js" not in html, path
    finally:
        await site.client.close()
        await site.store.close()
