"""What users type cannot ping, format or break the bot's messages (issue 15, items 1 and 2).

Names are shown escaped and public lines ping exactly the seated people they mean to; forged or
damaged button ids and oversized typed moves get the ordinary short ephemeral answer at once and
change nothing stored.
"""

from __future__ import annotations

import re

import pytest

from tests.e2e.test_hindmost_e2e import mover, open_table


async def forged_click(fake, user, message, custom_id: str, *, timeout: float = 3.0):
    """A click with a custom_id that is on no button (anyone can send one to Discord)."""
    data = {"custom_id": custom_id, "component_type": 2}
    return await fake._component_interaction(user, message, data, None, timeout, True, "forged click")


async def stored(tafel, game_id):
    row = await tafel.bot.store.get_game(game_id)
    return row.version, row.state, row.status, len(await tafel.bot.store.moves(game_id))


async def test_names_that_look_like_mentions_or_markdown_ping_nobody_and_show_escaped(fake, tafel, channel):
    bystander = fake.add_user("bystander")
    mallory = fake.add_user(f"<@{bystander.id}>")
    everyone = fake.add_user("@everyone")
    bold = fake.add_user("**bold**")
    users = {u.id: u for u in (mallory, everyone, bold)}
    game_id = await open_table(fake, tafel, channel, mallory, join=[everyone, bold])
    # Play turns until every name has been in a public line (the events name the players).
    for _ in range(12):
        row, seat = await mover(tafel, game_id)
        if seat is None:
            break
        user = users[row.seats[seat].user_id]
        board = fake.last_public(channel)
        hand = await fake.click(user, board, f"tb:hand:{game_id}")
        move = hand.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
        await fake.click(user, hand.message, move["custom_id"])
    await tafel.settle()
    public = [m for m in fake.channel_messages(channel) if not m.ephemeral]
    seated = {mallory.id, everyone.id, bold.id}
    text = "\n".join(m.content for m in public)
    for message in public:
        pinged = {u.id for u in message.mentions}
        assert bystander.id not in pinged, message.content
        assert pinged <= seated
        # Exactly the seated people whose mention the bot wrote are allowed to be pinged.
        assert pinged == {uid for uid in seated if f"<@{uid}>" in message.content}
    assert f"<@{bystander.id}>" not in text, "the name must not be a mention"
    assert "\\<@\u200b" in text, "the look-alike name is shown escaped"
    assert "@everyone" not in text and "@\u200beveryone" in text
    assert "**bold**" not in text and "\\*\\*bold\\*\\*" in text


async def test_a_name_is_escaped_in_the_lobby(fake, tafel, channel):
    bystander = fake.add_user("bystander")
    mallory = fake.add_user(f"<@{bystander.id}> **x**")
    new = await fake.slash(mallory, channel, "hindmost", "new")
    await fake.click(mallory, new.message, f"tb:lobby:{_game_id(new.message)}:add-computer")
    lobby = fake.message(new.message.id)
    assert bystander.id not in {u.id for u in lobby.mentions}
    assert all(f"<@{bystander.id}>" not in str(e) for e in lobby.embeds)


def _game_id(message) -> int:
    button = message.find_button(custom_id_prefix="tb:lobby:")
    return int(button["custom_id"].split(":")[2])


@pytest.mark.parametrize(
    "custom_id",
    [
        "tb:hand:99999999999999999999999",  # more than SQLite's 64-bit integers
        "tb:act:{gid}:0:",  # an empty action
        "tb:act:{gid}:99999999999999999999:draw",
        "tb:act:{gid}:0:" + "x" * 80,  # longer than any action
        "tb:act:{gid}:0:<@1>",  # outside the action alphabet
        "tb:nav:{gid}:0:-99999:0",
        "tb:lobby:{gid}:explode",
        "tb:nonsense",
    ],
)
async def test_forged_button_ids_get_an_ordinary_answer_and_change_nothing(fake, tafel, channel, alice, bob, custom_id):
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    await tafel.settle()
    before = await stored(tafel, game_id)
    board = fake.last_public(channel)
    answer = await forged_click(fake, alice, board, custom_id.format(gid=game_id))
    assert answer.ephemeral and answer.response_type == 4
    assert answer.content in ("That game does not exist (any more).", "That is not a move in this game.")
    assert await stored(tafel, game_id) == before


async def test_a_huge_typed_move_is_echoed_only_as_a_short_escaped_excerpt(fake, tafel, channel, alice, bob):
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    row, seat = await mover(tafel, game_id)
    user = alice if row.seats[seat].user_id == alice.id else bob
    before = await stored(tafel, game_id)
    typed = "<@" + "9" * 18 + ">**" + "a" * 6000
    answer = await fake.slash(
        user, channel, "hindmost", "play", options={"action": typed[:6000]}, locale="en-US", timeout=3.0
    )
    assert answer.ephemeral
    assert len(answer.content) < 200, len(answer.content)
    assert not re.search(r"<@!?\d+>", answer.content), "no mention survives"
    assert "**" not in answer.content.replace("\\*", "")
    assert "\\<@\u200b999" in answer.content, "the excerpt is shown escaped"
    assert await stored(tafel, game_id) == before
