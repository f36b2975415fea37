"""Moves from the table page, in the bot's process, followed on Discord as if they came from
Discord: the turn's board is edited while the same person moves again, a fresh board (with its
mention) comes when another person's turn begins, and what the bot owes the game (the board's
version) is paid. Sign-in is faked (``tests.web.fake_people``)."""

from __future__ import annotations

import re
from html import unescape

import aiohttp

from tests.e2e.drive import open_table, people_to_move
from web.people import Person


def first_move(html: str) -> tuple[str, str] | None:
    """The first move the page offers, never a take-back (Trackgammon's "undo" comes before "Done"
    once every die is used: a player who keeps taking back never ends a turn)."""
    found = [
        (version, unescape(action))
        for version, action in re.findall(
            r'name="version" value="([0-9]+)">\s*<input type="hidden" name="action" value="([^"]*)">', html
        )
    ]
    moves = [move for move in found if move[1] != "undo"] or found
    return moves[0] if moves else None


async def test_web_moves_follow_on_discord_one_post_per_turn(fake, webbed, channel, alice, bob):
    from tests.web.fake_people import FakePeople

    bot = webbed.bot
    people = {"alice": Person(alice.id, "alice", "s-a", "csrf-a"), "bob": Person(bob.id, "bob", "s-b", "csrf-b")}
    bot.web.state.people = FakePeople(people)  # the fake sign-in knows them by the cookie "who"
    by_seat = {}
    game_id = await open_table(fake, webbed, channel, "trackgammon", alice, join=[bob])
    row, seats = await people_to_move(webbed, game_id)
    for i, seat in enumerate(row.seats):
        by_seat[i] = "alice" if seat.user_id == alice.id else "bob"
    address = await bot.table_flow.shared.web.table_url(row)
    posts = len(fake.channel_messages(channel))
    turns_begun = moves_within_a_turn = 0
    async with aiohttp.ClientSession() as session:
        for _ in range(12):
            row, seats = await people_to_move(webbed, game_id)
            assert seats, "a person is to move"
            who = by_seat[seats[0]]
            cookies = {"who": who}
            async with session.get(address, cookies=cookies) as page:
                assert page.headers["Cache-Control"] == "private, no-store"
                version, action = first_move(await page.text())
            async with session.post(
                address + "/act",
                data={"action": action, "version": version},
                headers={"Accept": "application/json", "X-CSRF-Token": people[who].csrf},
                cookies=cookies,
            ) as answer:
                data = await answer.json()
                assert answer.status == 200 and data["ok"], data
            await webbed.settle()
            after, next_seats = await people_to_move(webbed, game_id)
            # Shown on Discord, as after a click: the stored version is the one on the board.
            assert after.board_version == after.version
            now = len(fake.channel_messages(channel))
            if next_seats and by_seat[next_seats[0]] != who:
                # Another person's turn begins: one fresh board, which pings them.
                assert now == posts + 1
                pinged = fake.last_public(channel)
                assert [u.id for u in pinged.mentions] == [(alice, bob)[by_seat[next_seats[0]] == "bob"].id]
                turns_begun += 1
            else:
                assert now == posts, "the same person moves on: the turn's board is edited, not posted again"
                moves_within_a_turn += 1
            posts = now
            if turns_begun == 2:
                break
    assert turns_begun == 2 and moves_within_a_turn  # both ways a board follows were seen
