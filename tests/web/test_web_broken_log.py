"""A move log that no longer replays (an entry the rules refuse now) must not freeze the page: the
page and its stream keep following the stored game and say, in the page's language, that the
moves cannot be shown, instead of failing (a 500) or sending nothing while the game goes on."""

from __future__ import annotations

import json

from markupsafe import escape

from locales import tr
from tests.web.test_web_app import next_event, until


async def spoil_next_entry(site, game_id: int) -> None:
    """A move-log entry after the last one that the rules refuse (as after a rules change)."""
    seq = await site.store.fetchval("SELECT MAX(seq) FROM moves WHERE game_id = ?", (game_id,))
    async with site.store.transaction() as tx:
        await tx.execute(
            "INSERT INTO moves (game_id, seq, seat, action, at) VALUES (?, ?, ?, ?, ?)",
            (game_id, seq + 1, 0, "no-such-move", 1.0),
        )


async def test_the_live_page_says_the_log_broke_instead_of_freezing(site):
    game_id = await site.new_game("nim", {"pile": 9})
    await site.move(game_id)
    address = await site.address(game_id)
    row = await site.service.get(game_id)
    stream = await site.client.get(f"{address}/events?v={row.version}")
    await next_event(stream)  # retry
    # The stream's first look (nothing new to send) done before the log breaks.
    await until(lambda: any(s.last is not None for s in site.app.watchers._streams.get(game_id, ())))
    await spoil_next_entry(site, game_id)
    site.app.changed(game_id, row.version)
    update = await next_event(stream)
    assert update["event"] == "update"
    html = json.loads(update["data"])["html"]
    assert escape(tr("en", "web-log-broken")) in html
    # The stream goes on: the next real change is sent too.
    await site.move(game_id)
    later = json.loads((await next_event(stream))["data"])
    assert later["version"] == row.version + 1 and escape(tr("en", "web-log-broken")) in later["html"]
    stream.close()


async def test_a_page_opened_on_a_broken_log_shows_the_game_and_says_so_in_its_language(site):
    game_id = await site.new_game("nim", {"pile": 9})
    await site.move(game_id)
    await spoil_next_entry(site, game_id)
    address = await site.address(game_id)
    page = await site.client.get(f"{address}?lang=nl")
    assert page.status == 200
    html = await page.text()
    assert escape(tr("nl", "web-log-broken")) in html and "Alice" in html
    replay = await site.client.get(f"{address}/replay")
    assert replay.status == 200  # the steps up to the broken entry
