"""A person's seat the computer took over is named as that computer wherever it is the one to move
(issue 25, item 8): the board's line and its mention, the alt text, the listings."""

from table import lobby
from table.alt_text import board_description
from table.service import Player
from table.text import event_line, standings, who
from tests import nim

ANN, BOB, CAT = Player(1, "Ann"), Player(2, "Bob"), Player(3, "Cat")


async def test_the_handed_over_seat_to_move_is_the_computer_not_the_person(service):
    row = await lobby.create(service, "nim", guild_id=1, channel_id=100, host=ANN, options={"pile": 9})
    for p in (BOB, CAT):
        await lobby.join(service, row.id, p)
    row = (await lobby.start(service, row.id, ANN)).row
    mover = min(nim.ENGINE.to_move(service.state_of(row)))
    handed = await service.hand_over(row.id, mover, by=ANN, is_admin=True)
    seats = handed.row.seats
    person = seats[mover].name
    line = who(seats, [mover], mention=True, lang="en")
    # The computer plays at the server's takeover level (hard unless the server chose another).
    assert line == f"**Computer (hard, for {person})**" and "<@" not in line
    assert who(seats, [mover], mention=False, lang="nl") == f"**Computer (moeilijk, voor {person})**"
    alt = board_description("en", "nim", [f"Your turn: {line}"], seats)
    assert f"Your turn: Computer (hard, for {person})" in alt
    # What happened to the person still names the person; so do the final standings.
    [event] = handed.events
    assert event_line("en", "nim", event, seats).startswith(f"**{person}**")
    # (a seat handed over counts as resigned: ranked after those who played on).
    final = standings("en", handed.row, [1, 2, 3], [0, 0, 0]).splitlines()
    assert final[-1].startswith(f"3. <@{seats[mover].user_id}>") and "Computer" not in final[-1]
    # The others are still named (and mentioned) as themselves.
    other = (mover + 1) % 3
    assert who(seats, [other], mention=True, lang="en") == f"<@{seats[other].user_id}>"
