"""Page lookups never write: made-up addresses leave the database and the memory as they were."""

from __future__ import annotations

import random

from db import web_data
from table.weblinks import WebLinks, sign
from tests.web.conftest import BASE_URL, GUILD


async def rows(site) -> int:
    return int(await site.store.fetchval("SELECT COUNT(*) FROM web_servers"))


async def test_made_up_addresses_neither_write_nor_grow_the_memory(site):
    game_id = await site.new_game("nim")
    assert (await site.client.get(await site.address(game_id))).status == 200
    # A game whose server never had an address made (the bot never posted its link).
    other = await site.new_game("nim", channel=2)
    async with site.store.transaction() as tx:
        await tx.execute("UPDATE games SET guild_id = ? WHERE id = ?", (GUILD + 5, other))
    before, remembered = await rows(site), len(site.links.servers)
    draw = random.Random(39)
    for _ in range(50):
        site.clock.advance(2)  # within the per-address budget: a refusal (429) would prove nothing
        guild, token = draw.randrange(1, 2**63), sign("made up", "server", draw.randrange(10**9))
        assert (await site.client.get(f"/s/{guild}/{token}")).status == 404
        assert (await site.client.get(f"/t/{draw.randrange(10**12)}/{token}")).status == 404
        assert (await site.client.get(f"/t/{other}/{token}/replay")).status == 404
    assert await rows(site) == before
    assert len(site.links.servers) == remembered


async def test_the_memory_of_secrets_is_bounded(site):
    links = WebLinks(site.store, BASE_URL, clock=site.clock, remembered=3)
    for guild in range(1, 6):
        await links.server(guild)
        assert await links.server_token_ok(guild, "x") is False
    assert len(links.servers) == 3
    # What was forgotten is read again, unchanged.
    assert (await links.server(1)).secret == (await web_data.web_server(site.store, 1)).secret
