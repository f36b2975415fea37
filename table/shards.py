"""Which Discord servers this process looks after, when the bot runs as several processes.

Discord splits a bot's servers over shards by ``(guild_id >> 22) % shard_count``; a process
connects a few of them (``TAFELBOT_SHARDS=0-3`` of ``TAFELBOT_SHARD_COUNT=8``). Interactions only
ever reach the process holding the server's shard, but the work a process starts by itself
(computer players, deadlines and live boards picked up after a restart) must be limited to its own
servers too, or two processes would move the same computer seat.
"""

from __future__ import annotations

from dataclasses import dataclass


class ShardConfigError(ValueError):
    pass


def shard_of(guild_id: int | None, count: int) -> int:
    """Discord's formula; games outside a server (none today) belong to shard 0."""
    return 0 if guild_id is None else (guild_id >> 22) % count


@dataclass(frozen=True)
class ShardPlan:
    """``count`` None: Discord's recommended count, learnt at login. ``ids`` None: every shard."""

    count: int | None = None
    ids: tuple[int, ...] | None = None

    @property
    def sharded(self) -> bool:
        return self.count is not None or self.ids is not None

    def owns(self, guild_id: int | None, count: int | None = None) -> bool:
        """Whether this process looks after that server (``count``: the count in force)."""
        total = count or self.count
        if self.ids is None or total is None:
            return True
        return shard_of(guild_id, total) in self.ids


def parse_shard_ids(text: str) -> tuple[int, ...]:
    """``"0-3"``, ``"0,2,5"`` or ``"1"`` → shard ids, sorted, without repeats."""
    ids: set[int] = set()
    for part in text.replace(" ", "").split(","):
        if not part:
            continue
        low, dash, high = part.partition("-")
        if not low.isdigit() or (dash and not high.isdigit()):
            raise ShardConfigError(f"TAFELBOT_SHARDS must look like 0-3 or 0,2,5, not {text!r}.")
        first, last = int(low), int(high) if dash else int(low)
        if last < first:
            raise ShardConfigError(f"TAFELBOT_SHARDS range {part!r} runs backwards.")
        ids.update(range(first, last + 1))
    if not ids:
        raise ShardConfigError("TAFELBOT_SHARDS names no shard.")
    return tuple(sorted(ids))


def plan_from_env(shards: str, count: str) -> ShardPlan:
    """The plan from ``TAFELBOT_SHARDS`` and ``TAFELBOT_SHARD_COUNT`` (either may be empty)."""
    shards, count = shards.strip(), count.strip().lower()
    total: int | None = None
    if count and count != "auto":
        if not count.isdigit() or int(count) < 1:
            raise ShardConfigError(f"TAFELBOT_SHARD_COUNT must be a positive number or 'auto', not {count!r}.")
        total = int(count)
    ids = parse_shard_ids(shards) if shards else None
    if ids is not None and total is not None and ids[-1] >= total:
        raise ShardConfigError(f"TAFELBOT_SHARDS names shard {ids[-1]}, but there are only {total} (0-{total - 1}).")
    if ids is not None and total is None:
        # Several processes must agree on the count, or servers would be looked after twice.
        raise ShardConfigError("TAFELBOT_SHARDS needs TAFELBOT_SHARD_COUNT, the same number in every process.")
    return ShardPlan(total, ids)
