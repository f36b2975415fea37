"""Replays without Discord (table/replay.py) and GIFs under a size limit (table/gif.py)."""

from __future__ import annotations

import io

import pytest
from PIL import Image, ImageDraw

from table import lobby
from table.gif import TooBig, assemble_gif, evenly
from table.replay import finished_game, replay_frames
from table.service import Player, TableError
from tests import nim

ANN, BOB = Player(1, "Ann"), Player(2, "Bob")


async def play_out(service, *, guild_id=1, channel_id=100, resign=False):
    row = await lobby.create(service, "nim", guild_id=guild_id, channel_id=channel_id, host=ANN, options={"pile": 7})
    await lobby.join(service, row.id, BOB)
    row = (await lobby.start(service, row.id, ANN)).row
    while row.status == "active":
        state = service.state_of(row)
        (seat,) = nim.ENGINE.to_move(state)
        if resign:
            return (await service.resign(row.id, [ANN, BOB][seat])).row
        row = (await service.act(row.id, seat=seat, action=nim.ENGINE.legal_actions(state, seat)[0])).row
    return row


async def test_frames_rebuild_every_state_as_a_spectator_sees_it(service):
    row = await play_out(service)
    moves = await service.store.moves(row.id)
    frames = list(replay_frames(service.spec("nim"), row, moves))
    assert len(frames) == len(moves) + 1
    assert all(f.view == nim.ENGINE.view(nim.ENGINE.load(row.state), None) for f in frames[-1:])
    assert [f.step for f in frames] == list(range(len(frames)))


async def test_platform_entries_change_no_board(service):
    row = await play_out(service, resign=True)
    moves = await service.store.moves(row.id)
    assert [m[2] for m in moves] == ["!resign"]
    assert len(list(replay_frames(service.spec("nim"), row, moves))) == 1


async def test_which_game_a_replay_shows(service):
    with pytest.raises(TableError, match="replay-none-here"):
        await finished_game(service, game_id=None, guild_id=1, channel_id=100)
    first = await play_out(service)
    second = await play_out(service)
    found = await finished_game(service, game_id=None, guild_id=1, channel_id=100)
    assert found.id == second.id
    assert (await finished_game(service, game_id=first.id, guild_id=1, channel_id=5)).id == first.id
    with pytest.raises(TableError, match="no-such-game"):  # another server's game
        await finished_game(service, game_id=first.id, guild_id=2, channel_id=100)
    with pytest.raises(TableError, match="no-such-game"):
        await finished_game(service, game_id=12345, guild_id=1, channel_id=100)
    unstarted = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={})
    with pytest.raises(TableError, match="replay-not-finished"):
        await finished_game(service, game_id=unstarted.id, guild_id=1, channel_id=100)


def test_evenly_keeps_first_and_last():
    assert evenly(5, 10) == [0, 1, 2, 3, 4]
    picked = evenly(100, 12)
    assert picked[0] == 0 and picked[-1] == 99 and len(picked) == 12
    assert evenly(100, 1) == [99]


def frames(count, size=(320, 240)):
    pngs = []
    for i in range(count):
        image = Image.new("RGB", size, (240, 235, 220))
        draw = ImageDraw.Draw(image)
        draw.ellipse((10 + 9 * i % 280, 40, 60 + 9 * i % 280, 90), fill=(200, 30, 30))
        draw.text((10, 200), f"move {i} " * 5, fill=(0, 0, 0))
        out = io.BytesIO()
        image.save(out, format="PNG")
        pngs.append(out.getvalue())
    return pngs


def test_gif_fits_as_given_when_it_can():
    gif = assemble_gif(frames(20), limit=10 * 2**20)
    assert (gif.frames, gif.scale) == (20, 1.0)
    assert Image.open(io.BytesIO(gif.data)).n_frames == 20


def test_gif_drops_frames_then_shrinks_to_fit():
    pngs = frames(60)
    full = assemble_gif(pngs, limit=10 * 2**20)
    fewer = assemble_gif(pngs, limit=len(full.data) // 2)
    assert len(fewer.data) <= len(full.data) // 2 and fewer.frames < 60 and fewer.scale == 1.0
    tiny = assemble_gif(pngs, limit=6000)
    assert len(tiny.data) <= 6000 and tiny.scale < 1.0
    assert Image.open(io.BytesIO(tiny.data)).n_frames == tiny.frames
    with pytest.raises(TooBig):
        assemble_gif(pngs, limit=100)
