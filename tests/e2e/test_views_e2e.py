"""Sent buttons are not kept listening: every button is a ``DynamicItem`` dispatched by its
custom_id, so discord.py must not hold each sent view (for ephemeral controls, with a 15-minute
timer task each) while players press "My hand" and move."""

from __future__ import annotations

import asyncio

from tests.e2e.test_hindmost_e2e import mover, open_table


def view_timers() -> list[asyncio.Task]:
    return [t for t in asyncio.all_tasks() if "timeout_task_impl" in repr(t.get_coro())]


async def test_controls_and_boards_leave_no_views_behind(fake, tafel, channel, alice, bob):
    users = {alice.id: alice, bob.id: bob}
    game_id = await open_table(fake, tafel, channel, alice, join=[bob])
    for _ in range(3):
        row, seat = await mover(tafel, game_id)
        controls = await fake.click(users[row.seats[seat].user_id], fake.last_public(channel), f"tb:hand:{game_id}")
        move = controls.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
        await fake.click(users[row.seats[seat].user_id], controls.message, move["custom_id"])
        await tafel.settle()
    store = tafel.bot._connection._view_store
    assert view_timers() == []
    assert store._synced_message_views == {} and store._views == {}
    # The buttons still work after all: a click reaches the table by its custom_id.
    row, seat = await mover(tafel, game_id)
    controls = await fake.click(users[row.seats[seat].user_id], fake.last_public(channel), f"tb:hand:{game_id}")
    assert controls.message.find_button(custom_id_prefix=f"tb:act:{game_id}:")
