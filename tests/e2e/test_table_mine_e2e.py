"""``/table mine`` lists a person's tables in every server they play in (issue 49's one list), each
with its link, and nobody else's."""

from __future__ import annotations

from tests.e2e.drive import open_table


def commands_everywhere(fake) -> None:
    """The harness syncs to its dev server only; a bot in production syncs globally, so its
    commands answer in every server: registered globally here too."""
    commands = fake.world.commands
    for (scope, kind, name), command in list(commands.items()):
        if scope == fake.guild_id:
            commands[(None, kind, name)] = command


async def test_mine_lists_your_tables_in_every_server_and_only_yours(fake, tafel, channel, alice, bob, carol):
    here = await open_table(fake, tafel, channel, "hindmost", alice, join=[bob])
    elsewhere_guild = fake.add_guild("Elsewhere")
    elsewhere = fake.add_channel("tables", guild_id=elsewhere_guild)
    commands_everywhere(fake)
    there = await open_table(fake, tafel, elsewhere, "trackgammon", alice, join=[carol])
    await tafel.settle()
    store = tafel.bot.store

    mine = await fake.slash(alice, channel, "table", "mine")
    assert mine.ephemeral
    for game_id, guild, where in ((here, fake.guild_id, channel), (there, elsewhere_guild, elsewhere)):
        row = await store.get_game(game_id)
        assert f"https://discord.com/channels/{guild}/{where}/{row.board_message_id}" in mine.content
    # From the other server too, the same list.
    assert (await fake.slash(alice, elsewhere, "table", "mine")).content == mine.content
    # Bob plays only here: only his table, though he asks in the other server.
    bobs = (await fake.slash(bob, elsewhere, "table", "mine")).content
    assert f"/{channel}/" in bobs and f"/{elsewhere}/" not in bobs
    assert "<@" not in mine.content  # names, never pings
