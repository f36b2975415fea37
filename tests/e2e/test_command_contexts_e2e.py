"""Where the commands may be used, as Discord gets it: in servers only.

Every command says it is usable in servers only (``contexts`` [0]) and installed to servers only
(``integration_types`` [0]); one that reaches the bot from a DM anyway (a client with stale
registrations) gets a short refusal in the user's language instead of an error.
"""

from __future__ import annotations

import dataclasses

from tests.e2e.harness import Tafel


async def test_every_command_is_for_servers_and_server_installs_only(fake, tafel):
    assert len(fake.commands) >= 8
    for command in fake.commands:
        assert (command["name"], command["contexts"], command["integration_types"]) == (command["name"], [0], [0])


async def test_a_command_from_direct_messages_gets_a_short_refusal(fake, capture, tmp_path, channel, alice, bob):
    # Global commands (no dev server), so a stale client can still send one from a DM.
    tafel = Tafel(fake, str(tmp_path / "tafel.sqlite3"))
    tafel.config = dataclasses.replace(tafel.config, dev_guild_id=None)
    await tafel.start()
    try:
        assert all(c.get("guild_id") is None and c["contexts"] == [0] for c in fake.commands)
        for user, words in ((alice, "in a server"), (bob, "in een server")):
            dm = fake.world.dm_channel(user).id
            for command in ("help", "league standings", "duvelen new"):
                reply = await fake.slash(user, dm, command, stale=True)
                assert reply.ephemeral and words in reply.content, (command, reply.content)
        choices = await fake.autocomplete(
            alice, fake.world.dm_channel(alice).id, "table quiet-hours", focused="timezone", stale=True
        )
        assert choices == []
        # In a server the same commands work as ever.
        assert (await fake.slash(alice, channel, "help")).embeds
    finally:
        await tafel.stop()
