"""The table page's "time left": the server's words without script, the deadline for the page's
countdown, and outside the region that screen readers announce."""

from __future__ import annotations

import json
import re


async def test_time_left_carries_its_deadline_outside_the_announced_region(site):
    game_id = await site.new_game("nim")
    due = site.clock.now() + 3 * 3600 + 60
    async with site.store.transaction() as tx:
        await tx.execute(
            "UPDATE games SET deadline = ?, deadline_at = ? WHERE id = ?",
            (json.dumps({"kind": "move", "due": due}), due, game_id),
        )
    html = await (await site.client.get(await site.address(game_id))).text()
    clock = re.search(
        r'<p class="left">(.*?)<time class="countdown" data-due="([^"]+)" data-now="([^"]+)">(.*?)</time>(.*?)</p>',
        html,
    )
    assert clock is not None, html
    assert float(clock[2]) == due and float(clock[3]) == site.clock.now()
    assert clock[1].startswith('<svg class="icon" aria-hidden="true"')  # an hourglass needing no emoji font
    assert clock[1].split("</svg>")[1] + clock[4] + clock[5] == " 3 h left"
    assert "⏳" not in html
    status = html[html.index('<section class="status"') : html.index("</section>")]
    assert "countdown" not in status and "left" not in status
