"""The runner of the migrations: the ordered list the steps register on (``MIGRATIONS``), and
:func:`upgrade`, which runs the steps a database has not had and refuses one from newer code.
"""

from __future__ import annotations

import logging
from collections.abc import Awaitable, Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, overload

from db.backend import Tx

if TYPE_CHECKING:
    from db.backend import Backend

log = logging.getLogger("tafelbot.migrations")

Upgrade = Callable[[Tx, str], Awaitable[None]]
"""A step's work: ``await step.run(tx, dialect)`` inside the step's transaction."""


class DatabaseTooNew(Exception):
    """The database was written by a newer version of the bot."""


@dataclass(frozen=True)
class Step:
    """One migration: it takes a database from version ``version - 1`` to ``version``."""

    version: int
    description: str
    run: Upgrade


class UpgradeTable(Sequence[Step]):
    """The steps in order; step ``n`` is at index ``n - 1``, so ``MIGRATIONS[:n]`` builds a database
    as version ``n`` of the code left it."""

    def __init__(self, steps: Iterable[Step] = ()) -> None:
        self._steps: list[Step] = []
        for step in steps:
            self.add(step)

    def add(self, step: Step) -> None:
        expected = len(self._steps) + 1
        if step.version != expected:
            raise ValueError(f"migration {step.description!r} is numbered {step.version}, but the next is {expected}")
        if not step.description.strip():
            raise ValueError(f"migration {step.version} needs a description")
        self._steps.append(step)

    def register(self, version: int, description: str) -> Callable[[Upgrade], Upgrade]:
        """``@MIGRATIONS.register(4, "what it does")`` on ``async def step(tx, dialect)``."""

        def add(run: Upgrade) -> Upgrade:
            self.add(Step(version, description, run))
            return run

        return add

    @overload
    def __getitem__(self, index: int) -> Step: ...

    @overload
    def __getitem__(self, index: slice) -> list[Step]: ...

    def __getitem__(self, index: int | slice) -> Step | list[Step]:
        return self._steps[index]

    def __len__(self) -> int:
        return len(self._steps)

    def __iter__(self) -> Iterator[Step]:
        return iter(self._steps)


def check_numbers(steps: Sequence[Step]) -> None:
    """Steps are numbered 1, 2, 3 … in order (a list built by hand in a test, too)."""
    for position, step in enumerate(steps, start=1):
        if step.version != position:
            raise ValueError(f"migration {step.description!r} is numbered {step.version} but stands at {position}")


def refuse_newer(current: int, latest: int) -> None:
    if current > latest:
        raise DatabaseTooNew(
            f"The database has schema version {current}, but this version of Tafelbot knows only versions up to "
            f"{latest}: it was written by a newer Tafelbot. Run that version (or a newer one), or restore the "
            "backup made before the upgrade (see 'Upgrading' in the README)."
        )


async def upgrade(backend: Backend, steps: Sequence[Step] | None = None) -> int:
    """Run the steps this database has not had, each in its own transaction; return how many ran.
    Raises :class:`DatabaseTooNew` for a database from newer code. On PostgreSQL each transaction
    holds an advisory lock, so processes starting at once run every step once."""
    steps = MIGRATIONS if steps is None else steps
    check_numbers(steps)
    latest = len(steps)
    current = await backend.schema_version()
    refuse_newer(current, latest)
    if current == latest:
        log.debug("database at v%d, nothing to migrate", current)
    ran = 0
    while current < latest:
        async with backend.transaction() as tx:
            await backend.begin_migration(tx)
            current = await backend.schema_version(tx)  # another process may have run it
            refuse_newer(current, latest)
            if current == latest:
                break
            step = steps[current]
            log.info("database from v%d to v%d: %s", current, step.version, step.description)
            try:
                await step.run(tx, backend.dialect)
                await backend.set_schema_version(tx, step.version)
            except BaseException:
                log.error("database stays at v%d: the step to v%d failed", current, step.version)
                raise
        current = step.version
        ran += 1
    return ran


# Every step registers itself here (``db/migrations/steps/``); the package imports them in order.
MIGRATIONS = UpgradeTable()
