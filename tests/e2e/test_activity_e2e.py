"""'Play on the board' through the fake Discord: with the Activity configured the running board
has the button, a player's click answers LAUNCH_ACTIVITY (type 12) and the launched instance is
the one the web companion then asks Discord about; a stranger's or a stale click gets the usual
short answer, and without the Activity there is no such button."""

from __future__ import annotations

import pytest

from tests.e2e.drive import open_table
from tests.e2e.web_fixtures import start_webbed
from web.activity import ActivityAPI

LAUNCH_ACTIVITY = 12


@pytest.fixture
async def webbed(fake, capture, tmp_path):
    tafel = await start_webbed(fake, tmp_path, activity=True)
    yield tafel
    await tafel.stop()


def play_buttons(message) -> list[dict]:
    return [b for b in message.buttons() if (b.get("custom_id") or "").startswith("tb:play:")]


async def test_a_player_launches_the_activity_in_the_boards_channel(fake, webbed, channel, alice, bob):
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await webbed.settle()
    board = fake.last_public(channel)
    (play,) = play_buttons(board)
    assert play["custom_id"] == f"tb:play:{game_id}" and play["label"] == "Play on the board"

    launched = await fake.click(alice, board, play["custom_id"])
    assert launched.response_type == LAUNCH_ACTIVITY
    assert launched.message is None and not fake.ephemeral_messages(alice)  # nothing posted
    (instance,) = fake.activities.instances.values()
    assert instance.channel_id == channel and instance.users == [alice.id]
    assert launched.activity == instance.instance_id
    # Bob joins the same instance from the same board.
    await fake.click(bob, board, play["custom_id"])
    assert list(fake.activities.instances) == [instance.instance_id] and instance.users == [alice.id, bob.id]

    # What the web companion asks Discord (the answer held to the spec by the fake).
    api = ActivityAPI(webbed.config.activity)
    try:
        found = await api.instance(instance.instance_id)
        assert found is not None
        assert found["location"]["channel_id"] == str(channel) and found["users"] == [str(alice.id), str(bob.id)]
        fake.activities.end(instance.instance_id)
        assert await api.instance(instance.instance_id) is None  # everyone left: Discord forgets it
    finally:
        await api.close()


async def test_a_stranger_and_a_stale_board_get_the_usual_answers(fake, webbed, channel, alice, bob):
    carol = fake.add_user("carol")
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await webbed.settle()
    board = fake.last_public(channel)
    stranger = await fake.click(carol, board, f"tb:play:{game_id}")
    assert stranger.response_type != LAUNCH_ACTIVITY
    assert stranger.message.ephemeral and stranger.message.content == "You are not playing in this game."
    assert not fake.activities.instances

    await fake.slash(alice, channel, "hindmost", "cancel")
    await webbed.settle()
    stale = await fake.click(alice, board, f"tb:play:{game_id}")
    assert stale.message.ephemeral and stale.message.content == "This game is not running."
    assert not fake.activities.instances


async def test_without_the_activity_the_board_has_no_play_button(fake, capture, tmp_path, channel, alice, bob):
    tafel = await start_webbed(fake, tmp_path)
    try:
        await open_table(fake, tafel, channel, "hindmost", alice, join=[bob])
        await tafel.settle()
        board = fake.last_public(channel)
        assert not play_buttons(board)
        assert any((b.get("custom_id") or "").startswith("tb:hand:") for b in board.buttons())
    finally:
        await tafel.stop()


async def test_an_application_without_activities_is_told_so(fake, webbed, channel, alice, bob):
    fake.activities.enabled = False  # Discord refuses type 12 for an app without Activities
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await webbed.settle()
    refused = await fake.click(alice, fake.last_public(channel), f"tb:play:{game_id}")
    assert refused.response_type != LAUNCH_ACTIVITY
    assert refused.message.ephemeral and "the bot's Activity is not switched on" in refused.message.content
