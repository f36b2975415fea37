"""Every picture the bot posts carries a description (alt text); a public one never holds a hand."""

from __future__ import annotations

from engines.hindmost import ENGINE
from render.cards import card_text
from table.alt_text import plain
from tests.e2e.drive import open_table, play_to_the_end


def description_of(message, filename):
    (attachment,) = [a for a in message.attachments if a["filename"] == filename]
    return attachment.get("description", "")


async def test_boards_and_hands_are_described(fake, tafel, channel, alice, bob):
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, "hindmost", alice, join=[bob], computers=1)

    # The hand picture names the viewer's own cards, in the viewer's language (bob reads Dutch).
    await tafel.settle()
    row = await tafel.bot.store.get_game(game_id)
    state = ENGINE.load(row.state)
    board = fake.last_public(channel)
    for user, marker in ((alice, "Your cards:"), (bob, "Jouw kaarten:")):
        seat = row.seat_of(user.id)
        reply = await fake.click(user, board, f"tb:hand:{game_id}")
        text = description_of(reply.message, "hand.png")
        assert reply.ephemeral and marker in text
        own = ENGINE.view(state, seat)["private"]["hand"]
        assert all(card_text(code) in text for code in own)

    await play_to_the_end(fake, tafel, channel, game_id, users)
    boards = [m for m in fake.channel_messages(channel) if any(a["filename"] == "board.png" for a in m.attachments)]
    assert len(boards) > 3
    for message in boards:
        text = description_of(message, "board.png")
        assert text.startswith("Devil Take The Hindmost") and len(text) <= 1024
        # Plain text: no markdown, no mentions; only what the public message itself says.
        assert "**" not in text and "<@" not in text
        assert "Your cards" not in text and "Jouw kaarten" not in text
        public = plain(message.content, row.seats)
        for sentence in text.split(". ")[1:]:
            assert sentence.rstrip(".…") in " ".join(public.split()), (sentence, public)
    assert "alice" in description_of(boards[-1], "board.png")  # the standings, names as names
