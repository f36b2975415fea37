"""The league end to end: a game between two people shows up in /league standings; seasons and
settings are for members with Manage Server only; the table survives a restart."""

import io

from PIL import Image

from db import league
from locales import tr
from render.league import render_standings
from tests.e2e.drive import open_table, play_to_the_end


async def test_a_finished_game_shows_up_in_the_standings(fake, tafel, channel, alice, bob):
    store = tafel.bot.store
    guild = fake.guild_id
    empty = await fake.slash(alice, channel, "league", "standings")
    assert empty.ephemeral and "No rated games" in empty.content

    # A short How Ruck! match between two people: a rated game.
    game_id = await open_table(fake, tafel, channel, "howruck", alice, join=[bob], options={"barrels": 1})
    row = await play_to_the_end(fake, tafel, channel, game_id, {alice.id: alice, bob.id: bob})
    assert row.status == "finished"
    results = await store.results(game_id)
    placements = {r.user_id: r.placement for r in results}
    assert sorted(placements.values()) == [1, 2]

    reply = await fake.slash(alice, channel, "league", "standings")
    assert not reply.ephemeral
    ((name, png),) = reply.files
    assert name == "standings.png"
    image = Image.open(io.BytesIO(png))
    assert image.width > image.height
    rows = await league.standings(store, guild)
    assert [r.user_id for r in rows] == sorted(placements, key=placements.get)
    title = tr("en", "league-standings-title", game=tr("en", "league-all-games"), season=1)
    assert png == render_standings(rows, title=title, highlight_user_id=alice.id, locale="en")
    assert f"place {placements[alice.id]} of 2" in reply.content

    # Bob reads Dutch; one game's table has the game's points.
    dutch = await fake.slash(bob, channel, "league", "standings", options={"game": "howruck"})
    assert f"plaats {placements[bob.id]} van 2" in dutch.content and dutch.files
    assert [r.points for r in await league.standings(store, guild, game="howruck")] == [1.0, 0.0]

    profile = await fake.slash(alice, channel, "league", "profile", options={"member": bob})
    assert not profile.ephemeral and "How Ruck!" in profile.message.text()
    history = await fake.slash(bob, channel, "league", "history")
    assert f"https://discord.com/channels/{guild}/{channel}" in history.message.text()

    # Admin commands: refused for a member without Manage Server, in their language.
    refused = await fake.slash(alice, channel, "league", "season", "new")
    assert refused.ephemeral and "Manage Server" in refused.content
    refused = await fake.slash(bob, channel, "league", "settings", options={"ratings": "reset"})
    assert refused.ephemeral and "Server beheren" in refused.content
    assert (await league.settings(store, guild)).carry_over
    assert await league.current_season(store, guild) == 1

    admin = fake.add_user("dora", manage_guild=True)
    saved = await fake.slash(admin, channel, "league", "settings", options={"ratings": "reset"})
    assert saved.ephemeral and "start afresh" in saved.content
    started = await fake.slash(admin, channel, "league", "season", "new")
    assert not started.ephemeral and "Season 2" in started.content
    again = await fake.slash(admin, channel, "league", "season", "new")
    assert again.ephemeral and await league.current_season(store, guild) == 2  # no empty seasons
    listed = await fake.slash(alice, channel, "league", "season", "list")
    assert "Season 1" in listed.message.text() and "Season 2" in listed.message.text()

    # The new season starts empty; the old one stays readable, also after a restart.
    fresh = await fake.slash(alice, channel, "league", "standings")
    assert fresh.ephemeral and "season 2" in fresh.content
    await tafel.restart()
    old = await fake.slash(alice, channel, "league", "standings", options={"season": 1})
    assert old.files == reply.files
    missing = await fake.slash(alice, channel, "league", "standings", options={"season": 7})
    assert missing.ephemeral and "no season 7" in missing.content
