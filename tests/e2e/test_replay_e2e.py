"""/replay end to end: a finished game as an animated GIF, under the upload limit, politely refused
for games that are unknown, elsewhere or unfinished."""

from __future__ import annotations

import io

from PIL import Image

import tests.e2e.fake_discord as fake_discord
from tests.e2e.drive import open_table, play_to_the_end


async def replay(fake, tafel, user, channel, **options):
    reply = await fake.slash(user, channel, "replay", options=options)
    await tafel.settle()
    assert reply.response_type == 5 and not reply.ephemeral  # deferred at once, in public
    return fake.message(reply.message.id)


def gif_of(message):
    ((name, data),) = message.files
    assert name == "replay.gif"
    image = Image.open(io.BytesIO(data))
    return data, image.n_frames, image.size


async def test_replay_of_a_finished_game_and_under_a_small_limit(fake, tafel, channel, alice, bob, monkeypatch):
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, "hindmost", alice, join=[bob])
    row = await play_to_the_end(fake, tafel, channel, game_id, users)
    moves = [m for m in await tafel.bot.store.moves(game_id) if not m[2].startswith("!")]
    final_board = fake.last_public(channel)

    message = await replay(fake, tafel, bob, channel)  # the last finished game in the channel
    data, frames, size = gif_of(message)
    assert frames == min(len(moves) + 1, 150)
    assert f"game {game_id}" in message.content and "Final standings" in message.content
    # The progress note was shown (in bob's Dutch) before the picture replaced it.
    assert any("getekend" in (v.get("content") or "") for v in message.versions)
    (attachment,) = message.attachments
    assert attachment["description"].startswith(f"Devil Take The Hindmost, game {game_id}")
    # A spectator's pictures: the last frame is the final public board, no hand in any of them.
    last = Image.open(io.BytesIO(data))
    last.seek(last.n_frames - 1)
    board = Image.open(io.BytesIO(final_board.files[0][1]))
    assert last.size == board.size == size

    by_id = await replay(fake, tafel, alice, channel, game_id=game_id)
    assert gif_of(by_id)[1] == frames

    # A channel whose limit is a fraction of that GIF: frames dropped (and shrunk) until it fits.
    limit = len(data) // 4
    monkeypatch.setattr(fake_discord, "ATTACHMENT_SIZE_LIMIT", limit)
    small = await replay(fake, tafel, alice, channel, game_id=game_id)
    small_data, small_frames, _ = gif_of(small)
    assert len(small_data) <= limit and 2 <= small_frames < frames
    assert "MB" in small.content
    assert row.status == "finished"


async def test_replays_are_refused_politely(fake, tafel, channel, alice, bob):
    nothing = await replay(fake, tafel, alice, channel)
    assert "No game has finished in this channel" in nothing.content and not nothing.files
    unknown = await replay(fake, tafel, bob, channel, game_id=999)
    assert "bestaat niet" in unknown.content and not unknown.files

    await open_table(fake, tafel, channel, "hindmost", alice, join=[bob])
    row = await tafel.bot.store.open_game_in_channel(channel)
    running = await replay(fake, tafel, alice, channel, game_id=row.id)
    assert f"Game {row.id} is not finished" in running.content and not running.files

    stored = await tafel.bot.store.get_game(row.id)
    assert (stored.version, stored.status) == (row.version, "active")  # a refusal changes nothing
