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
