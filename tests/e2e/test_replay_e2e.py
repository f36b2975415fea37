"""/replay end to end: a finished game as an animated GIF, under the upload limit, politely refused
for games that are unknown, elsewhere or unfinished."""

from __future__ import annotations

import io

from PIL import Image, ImageChops, ImageStat

import tests.e2e.fake.checks as fake_checks
import tests.e2e.fake.payloads as fake_payloads
from tests.e2e.drive import open_table


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


async def play_quickly(tafel, game_id):
    """The moves straight through the table service: what people would press, without the boards."""
    service = tafel.bot.table_service
    row = await service.get(game_id)
    spec = service.spec(row.game)
    step = 0
    while row.status == "active":
        state = service.state_of(row)
        seat = sorted(spec.engine.to_move(state))[0]
        legal = spec.engine.legal_actions(state, seat)
        action = spec.choose(spec.engine.view(state, seat), legal, step)
        row = (await service.act(game_id, seat=seat, action=action)).row
        step += 1
    return row


async def test_replay_of_a_finished_game_and_under_a_small_limit(fake, tafel, channel, alice, bob, monkeypatch):
    monkeypatch.setattr("cogs.table.replays.MAX_FRAMES", 24)  # fewer pictures to draw in a test
    game_id = await open_table(fake, tafel, channel, "hindmost", alice, join=[bob])
    row = await play_quickly(tafel, game_id)
    moves = [m for m in await tafel.bot.store.moves(game_id) if not m[2].startswith("!")]
    assert len(moves) + 1 > 24

    message = await replay(fake, tafel, bob, channel)  # the last finished game in the channel
    data, frames, size = gif_of(message)
    assert frames == 24  # dropped evenly before drawing
    assert f"game {game_id}" in message.content and "Final standings" in message.content
    # The progress note was shown (in bob's Dutch) before the picture replaced it.
    assert any("getekend" in (v.get("content") or "") for v in message.versions)
    (attachment,) = message.attachments
    assert attachment["description"].startswith(f"Devil Take The Hindmost, game {game_id}")
    # A spectator's pictures: the last frame is the final public board (no hand is ever drawn).
    spec = tafel.bot.table_service.spec("hindmost")
    final = spec.render_board(
        spec.engine.view(spec.engine.load(row.state), None), names=[s.name for s in row.seats], locale=row.locale
    )
    animation = Image.open(io.BytesIO(data))
    animation.seek(frames - 1)
    expected = Image.open(io.BytesIO(final)).convert("RGB")
    # Boards change height during a game: every frame sits on the largest canvas, top left.
    assert animation.size == size and size[0] >= expected.width and size[1] >= expected.height
    last = animation.convert("RGB").crop((0, 0, *expected.size))
    difference = ImageStat.Stat(ImageChops.difference(last, expected)).mean
    assert max(difference) < 8  # the same picture, give or take the GIF palette

    # By number, and in a channel whose limit is a fraction of that GIF: frames dropped (and the
    # pictures shrunk) until it fits.
    limit = len(data) // 3
    monkeypatch.setattr(fake_payloads, "ATTACHMENT_SIZE_LIMIT", limit)  # what Discord tells the bot
    monkeypatch.setattr(fake_checks, "ATTACHMENT_SIZE_LIMIT", limit)  # and what it enforces
    small = await replay(fake, tafel, alice, channel, game_id=game_id)
    small_data, small_frames, _ = gif_of(small)
    assert len(small_data) <= limit and 2 <= small_frames < frames
    assert "MB" in small.content


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
