"""The chaos suite, CI-sized: one session, a table of every game in a thread, every fault kind
injected at least once (tests/fuzz/chaos.py). ``scripts/chaos.py`` runs longer sessions and
prints the figures per fault kind; ``TAFELBOT_CHAOS_ROUNDS`` and ``TAFELBOT_CHAOS_SEED`` change
this one."""

from __future__ import annotations

import os

from table.registry import GAME_KEYS
from tests.fuzz.chaos import FAULT_KINDS, ChaosRun

ROUNDS = int(os.environ.get("TAFELBOT_CHAOS_ROUNDS", "30"))
SEED = int(os.environ.get("TAFELBOT_CHAOS_SEED", "35"))


async def test_tables_survive_discord_failing_in_every_way(tmp_path):
    counts = await ChaosRun(tmp_path, seed=SEED, rounds=ROUNDS, channel_tables=False, say=print).run()
    print(f"chaos: {counts}")
    injected = {kind for kind, per in counts.by_kind.items() if per.injected}
    assert len(injected) >= len(FAULT_KINDS) - 2, f"only {sorted(injected)} were injected"
    assert counts.acknowledged > 0, "alice's moves were acknowledged, so the check had something to check"
    assert counts.lost == 0
    assert counts.repeated_dead == 0, "a post or edit was repeated to a dead channel"
    assert counts.probes <= counts.probe_bound
    assert counts.failures == []
    assert counts.posted_twice == 0 and counts.stalled == 0
    assert counts.pinged_again == 0, "a board pinged alice again within her own turn"
    assert counts.dead_token_reuses == 0, "a request went out on a token Discord had refused as expired"
    assert counts.games_finished + counts.games_held_then_cancelled == counts.tables
    assert counts.error_lines == 0, f"ERROR lines: {dict(counts.errors)}"


async def test_a_board_the_bot_never_records_is_a_stall(tmp_path, monkeypatch):
    """The stall check can fail: the bot forgetting which version its boards show (so the
    newest board cannot be told to show the stored version) is reported, by game."""
    run = ChaosRun(
        tmp_path, seed=SEED, rounds=1, channel_tables=False, stall_bound=0.5, games=("hindmost",), play_out=False
    )

    async def forgets(self, row, spot, message_id):
        return None

    monkeypatch.setattr("cogs.table.board.BoardPresenter.shown", forgets)
    counts = await run.run()
    assert counts.stalled > 0
    assert any("stalled: stored version" in failure for failure in counts.failures), counts.failures


async def test_tables_across_servers_keep_every_other_servers_board_current(tmp_path):
    """A table of every game across two servers (alice and bob, each in their own server's thread)
    while the faults land on one server's thread or server at a time: the other thread stays
    current, nothing is lost or posted twice, and every game ends (someone whose thread is gone is
    timed out by the running clock)."""
    run = ChaosRun(tmp_path, seed=SEED, rounds=24, channel_tables=False, games=(), cross_games=GAME_KEYS, say=print)
    counts = await run.run()
    print(f"chaos across servers: {counts}")
    assert counts.faults_across >= 6 and counts.acknowledged > 0  # 11-14 seen: the order varies with timing
    assert counts.failures == [] and counts.lost == 0 and counts.stalled == 0 and counts.posted_twice == 0
    assert counts.repeated_dead == 0 and counts.probes <= counts.probe_bound
    assert counts.pinged_again == 0 and counts.dead_token_reuses == 0
    assert counts.games_finished + counts.games_held_then_cancelled == counts.tables == len(GAME_KEYS)
    assert counts.error_lines == 0, f"ERROR lines: {dict(counts.errors)}"
