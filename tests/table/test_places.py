"""``table.places``: where a game is shown, and what each server's messages may mention."""

from __future__ import annotations

from db import Seat, Store, cross
from table.places import Places, local_mentions

ANN, BEN, CAS = 101, 202, 303
SEATS = [Seat("Ann", ANN), Seat("**Ben**", BEN), Seat("Computer", None, computer=True), Seat("Cas", CAS)]


def test_only_the_people_of_a_server_are_mentioned_there_the_others_named():
    text = f"<@{ANN}> and <@!{BEN}> then <@{CAS}>; <@999> is nobody's seat"
    assert local_mentions(text, SEATS, None) == text  # a table of one server: as it is
    here = local_mentions(text, SEATS, frozenset({ANN}))
    assert here == f"<@{ANN}> and **\\*\\*Ben\\*\\*** then **Cas**;  is nobody's seat"
    assert str(BEN) not in here and str(CAS) not in here and "999" not in here


async def test_a_table_across_servers_has_a_spot_in_each_server(tmp_path):
    store = await Store.open(tmp_path / "places.sqlite3")
    try:
        row = await store.create_game(
            guild_id=1, channel_id=10, game="hindmost", host_id=ANN, options={}, seats=SEATS, seed=1, locale="en"
        )
        places = Places(store, keep=1)
        (alone,) = await places.spots(row)
        assert (alone.channel_id, alone.people, alone.first) == (10, None, True) and not places.across(row.id)
        await cross.add_places(
            store,
            [cross.Place(row.id, 20, 2, frozenset({BEN}), "nl"), cross.Place(row.id, 30, 3, frozenset({CAS}), "en")],
        )
        first, second, third = await places.spots(row, read=True)
        assert first.people == {ANN} and second.people == {BEN} and third.people == {CAS}
        assert (second.channel_id, second.guild_id, second.locale, second.key) == (20, 2, "nl", (row.id, 20))
        assert places.across(row.id)
        seen = await places.seen_by(row, BEN)
        assert (seen.guild_id, seen.channel_id, seen.locale) == (2, 20, "nl")
        assert (await places.seen_by(row, ANN)).channel_id == 10
        await places.further(row.id + 1)  # another game: with room for one, the first is let go
        assert not places.across(row.id)
        # After a restart nothing is read yet; resuming reads every open game's places at once,
        # so a deadline while the first thread is in trouble keeps the clock of a table across.
        restarted = Places(store)
        assert not restarted.across(row.id)
        await restarted.resume()
        assert restarted.across(row.id) and not restarted.across(row.id + 1)
    finally:
        await store.close()
