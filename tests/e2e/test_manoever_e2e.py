"""Das glorreiche Manöver end to end: one person and two computer players, buttons only."""

from tests.e2e.drive import open_table, play_to_the_end


async def test_a_whole_game_against_two_computers(fake, tafel, channel, alice):
    game_id = await open_table(fake, tafel, channel, "manoever", alice, computers=2)
    row = await play_to_the_end(fake, tafel, channel, game_id, {alice.id: alice})
    assert row.status == "finished"
    final = fake.last_public(channel)
    assert "Final standings" in final.content
    results = await tafel.bot.store.results(game_id)
    assert sorted(r.placement for r in results)[0] == 1 and len(results) == 3
    # The move command with autocomplete exists too.
    assert any(o["name"] == "move" for o in fake.command("manoever")["options"])


async def test_a_whole_turn_is_one_green_button(fake, tafel, channel, alice):
    """Issue 47: "My hand / play", then one of the green buttons plays every recruit of the turn."""
    from engines.manoever import ENGINE, locate
    from tests.e2e.drive import people_to_move, press_a_move

    game_id = await open_table(fake, tafel, channel, "manoever", alice, computers=1)
    for _ in range(40):  # a turn of more than one move (the game's seed is the table's own)
        row, seats = await people_to_move(tafel, game_id)
        if not seats:
            continue  # the computer's turn
        (seat,) = seats
        before = ENGINE.load(row.state)
        controls = await fake.click(alice, fake.last_public(channel), f"tb:hand:{game_id}")
        if "The green buttons play the rest of your turn at once" in controls.message.content:
            break
        await press_a_move(fake, alice, controls.message, game_id)  # one move left: played as one
    else:
        raise AssertionError("no turn of alice's offered a whole turn")
    plans = [
        b for b in controls.message.buttons() if b["custom_id"].startswith(f"tb:act:{game_id}:") and b["style"] == 3
    ]
    assert plans and plans[0]["label"].startswith("All: ")
    # The step-by-step controls stay: a recruit (or its moves) besides the plans.
    assert len(controls.message.buttons()) + len(controls.message.selects()) > len(plans)
    plan = plans[0]["custom_id"].split(":", 4)[4]
    expected, _events = ENGINE.apply(before, seat, plan)
    reply = await fake.click(alice, controls.message, plans[0]["custom_id"])
    assert reply.ephemeral and "tb:act" not in str(reply.message.buttons()), "the turn is over: no more moves"
    await tafel.settle()
    after = ENGINE.load((await tafel.bot.store.get_game(game_id)).state)
    assert after.turn > before.turn
    for number in range(1, before.per_seat + 1):
        where = locate(expected.stacks, (seat, number))
        now = locate(after.stacks, (seat, number))
        assert (where and where[0]) == (now and now[0]), f"recruit {number} stands where the plan put it"
