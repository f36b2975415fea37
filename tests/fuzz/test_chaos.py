"""The chaos suite, CI-sized: one session, a table of every game in a thread, every fault kind
injected at least once (tests/fuzz/chaos.py). ``scripts/chaos.py`` runs longer sessions and
prints the figures per fault kind; ``TAFELBOT_CHAOS_ROUNDS`` and ``TAFELBOT_CHAOS_SEED`` change
this one."""

from __future__ import annotations

import os
import re

import pytest

from tests.fuzz.chaos import FAULT_KINDS, ChaosRun

ROUNDS = int(os.environ.get("TAFELBOT_CHAOS_ROUNDS", "30"))
SEED = int(os.environ.get("TAFELBOT_CHAOS_SEED", "35"))

# Known bugs, reported to the lead (the test fails on anything else, and xfails on these):
# - when Discord refuses the answer to an interaction (10062 Unknown interaction, a connection
#   reset, 50027 expired token, 50083 archived thread, 160005 locked thread, 50001 the bot
#   removed), ``Guard.guarded`` (cogs/table/presenter.py) logs ERROR "interaction failed" (and
#   tries an apology), though the cause is Discord's, not ours;
# - when a channel heals, ``ChannelTrouble.healed`` (cogs/table/trouble.py) lets the outbox send
#   the board that waited (``retry_now``) and has the reconciler show the same version again (the
#   stored board_version is not the waiting board's yet): one of the two posts is the outbox's.
# - a channel held by the gateway (outbox ``block``) and healed (``retry_now``) keeps the outbox's
#   "reported", so a refusal of its very next post blocks it without telling the channel trouble:
#   nobody looks at it again and its boards wait for ever (tests/cogs/test_outbox.py, xfail).
KNOWN_ANSWER_BUG = re.compile(r"ERROR tafelbot\.table: interaction failed \(user N, game .*\) \[")
KNOWN_HEAL_BUG = re.compile(r"boards posted 2 times: .* by _drain")
KNOWN_ORPHAN_BUG = re.compile(r"stalled: .*unknown to the channel trouble")


async def test_tables_survive_discord_failing_in_every_way(tmp_path):
    counts = await ChaosRun(tmp_path, seed=SEED, rounds=ROUNDS, channel_tables=False, say=print).run()
    print(f"chaos: {counts}")
    injected = {kind for kind, per in counts.by_kind.items() if per.injected}
    assert len(injected) >= len(FAULT_KINDS) - 2, f"only {sorted(injected)} were injected"
    assert counts.acknowledged > 0, "alice's moves were acknowledged, so the check had something to check"
    assert counts.lost == 0
    assert counts.repeated_dead == 0, "a post or edit was repeated to a dead channel"
    assert counts.probes <= counts.probe_bound
    twice = [f for f in counts.failures if KNOWN_HEAL_BUG.search(f)]
    orphaned = [f for f in counts.failures if KNOWN_ORPHAN_BUG.search(f)]
    assert [f for f in counts.failures if f not in twice + orphaned] == []
    assert counts.posted_twice == len(twice) and counts.stalled == len(orphaned)
    assert counts.games_finished + counts.games_held_then_cancelled == counts.tables
    unknown = {text: n for text, n in counts.errors.items() if not KNOWN_ANSWER_BUG.match(text)}
    assert unknown == {}, f"ERROR lines: {unknown}"
    known = [f"ERROR lines: {dict(counts.errors)}"] if counts.error_lines else []
    if known or twice or orphaned:
        pytest.xfail(f"known bugs (see the comment above): {known + twice + orphaned}")


async def test_a_board_the_bot_never_records_is_a_stall(tmp_path, monkeypatch):
    """The stall check can fail: the bot forgetting which version its boards show (so the
    newest board cannot be told to show the stored version) is reported, by game."""
    run = ChaosRun(tmp_path, seed=SEED, rounds=1, channel_tables=False, stall_bound=0.5, games=("hindmost",))

    async def forgets(self, row, message_id):
        return None

    monkeypatch.setattr("cogs.table.board.BoardPresenter.shown", forgets)
    counts = await run.run()
    assert counts.stalled > 0
    assert any("stalled: stored version" in failure for failure in counts.failures), counts.failures
