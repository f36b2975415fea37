"""What a table's buttons need of the client a click came to: the table flow.

A ``Protocol`` rather than the bot class itself: the bot class builds the flow, so a module the
flow reaches that imported the bot class would close an import circle. The receivers
(``cogs.table.clicks``) are typed against this instead, and the bot class satisfies it.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Protocol, cast, runtime_checkable

import discord

if TYPE_CHECKING:
    from cogs.table.flow import TableFlow


@runtime_checkable
class TableHost(Protocol):
    table_flow: TableFlow


def flow_of(interaction: discord.Interaction) -> TableFlow:
    """The table flow of the client a click came to. discord.py types ``interaction.client`` as a
    plain ``Client``; the table's buttons are registered only on a ``TableHost`` (their
    extension's ``setup`` refuses any other client), so it is one."""
    return cast(TableHost, interaction.client).table_flow
