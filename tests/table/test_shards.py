import pytest

from table.shards import ShardConfigError, ShardPlan, parse_shard_ids, plan_from_env, shard_of


def test_discords_formula_places_servers_on_shards():
    guild = (123456789 << 22) | 77
    assert shard_of(guild, 8) == 123456789 % 8
    assert shard_of(None, 8) == 0


def test_shard_ids_from_ranges_and_lists():
    assert parse_shard_ids("0-3") == (0, 1, 2, 3)
    assert parse_shard_ids("5, 0,2") == (0, 2, 5)
    assert parse_shard_ids("1-2,2-3") == (1, 2, 3)


@pytest.mark.parametrize("text", ["a", "3-1", "-", "1-x", ","])
def test_bad_shard_ids_are_refused_with_a_message(text):
    with pytest.raises(ShardConfigError, match="TAFELBOT_SHARDS"):
        parse_shard_ids(text)


def test_plan_from_the_environment():
    assert plan_from_env("", "") == ShardPlan(None, None)
    assert plan_from_env("", "auto") == ShardPlan(None, None)
    assert plan_from_env("0-1", "4") == ShardPlan(4, (0, 1))
    with pytest.raises(ShardConfigError, match="only 4"):
        plan_from_env("0-4", "4")
    with pytest.raises(ShardConfigError, match="needs TAFELBOT_SHARD_COUNT"):
        plan_from_env("0-1", "")
    with pytest.raises(ShardConfigError, match="positive"):
        plan_from_env("", "0")


def test_a_process_owns_only_the_servers_of_its_shards():
    plan = ShardPlan(2, (1,))
    on_zero, on_one = (10 << 22), (11 << 22)
    assert not plan.owns(on_zero) and plan.owns(on_one)
    assert ShardPlan().owns(on_zero) and ShardPlan(2, None).owns(on_zero)
