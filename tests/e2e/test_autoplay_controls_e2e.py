"""No control shown is already dead (issue 46, item 2): when a person's move leaves them to move
again with only one move, which the table plays for them at once (``table.autoplay``), the
controls they are answered with do not offer it as a button (it would answer "The board has moved
on"): they say it is being played, with "My hand / play" for what comes next.

In Hindmost this happens about once in a hundred random games (a card played, and one card left
that may follow): the test finds such a moment from the real table's start with the engine,
plays up to it through the table service, and makes the last move with the buttons.
"""

from __future__ import annotations

from engines.rng import Rng
from tests.e2e.drive import open_table

SEARCHED_GAMES = 1000


def a_move_that_leaves_one(engine, state):
    """Actions from ``state`` up to a move after which its seat is to move again with one forced
    move, and that move: (prefix of (seat, action), (seat, action))."""
    for attempt in range(SEARCHED_GAMES):
        pick, now, played = Rng(attempt), state, []
        while engine.outcome(now) is None:
            movers = sorted(engine.to_move(now))
            seat = movers[pick.below(len(movers))]
            offered = engine.offered_actions(now, seat)  # what the buttons offer (one per distinct effect)
            action = offered[pick.below(len(offered))]
            after, _ = engine.apply(now, seat, action)
            if not engine.is_live(now) and seat in engine.to_move(after) and engine.forced_action(after, seat):
                return played, (seat, action)
            played.append((seat, action))
            now = after
    raise AssertionError(f"no move leaving one forced move in {SEARCHED_GAMES} games")


async def test_a_move_played_for_the_person_is_not_offered_as_a_button(fake, tafel, channel, alice, bob):
    game_id = await open_table(fake, tafel, channel, "hindmost", alice, join=(bob,))
    service = tafel.bot.table_service
    engine = service.spec("hindmost").engine
    row = await service.get(game_id)
    prefix, (seat, action) = a_move_that_leaves_one(engine, service.state_of(row))
    for earlier_seat, earlier in prefix:
        await service.act(game_id, seat=earlier_seat, action=earlier)
    await tafel.settle()
    person = {alice.id: alice, bob.id: bob}[row.seats[seat].user_id]
    before = await tafel.bot.store.get_game(game_id)
    controls = await fake.click(person, fake.last_public(channel), f"tb:hand:{game_id}")
    wanted = f"tb:act:{game_id}:{before.version}:{action}"
    if any(b["custom_id"] == wanted for b in controls.message.buttons()):
        answer = await fake.click(person, controls.message, wanted)
    else:  # a long hand: the cards are a select menu
        [menu] = [m for m in controls.message.selects() if action in [o["value"] for o in m["options"]]]
        answer = await fake.select(person, controls.message, menu["custom_id"], [action])
    await tafel.settle()
    after = await tafel.bot.store.get_game(game_id)
    assert after.version == before.version + 2, "the move, then the only one left, played for them"
    acts = [b for b in answer.message.buttons() if b["custom_id"].startswith(f"tb:act:{game_id}:")]
    assert acts == [], "no button for a move the table is playing"
    assert any(said in answer.message.content for said in ("being played for you", "wordt voor je gedaan"))
    assert [b["custom_id"] for b in answer.message.buttons()] == [f"tb:hand:{game_id}"]
