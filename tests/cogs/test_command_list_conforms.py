"""The command list the bot syncs at start-up is one Discord accepts: Discord checks it as a whole,
so one bad bound anywhere stops the bot from starting (``CommandSyncFailure`` in ``setup_hook``)."""

from tests.cogs.test_translator import tree_payload, walk  # noqa: F401 (the fixture)
from tests.e2e.fake.openapi import discord_spec

INT53 = 2**53 - 1  # Discord's integers (Int53Type in its spec)


async def test_the_command_list_conforms_to_discords_spec(tree_payload):  # noqa: F811
    problems = discord_spec().request_problems("PUT", "/applications/1/commands", tree_payload)
    assert problems == []


async def test_every_numeric_bound_is_within_discords_range(tree_payload):  # noqa: F811
    bounds = []
    for command in tree_payload:
        for option, _depth in walk(command.get("options", [])):
            for key in ("min_value", "max_value"):
                if key in option:
                    bounds.append((command["name"], option["name"], key, option[key]))
    assert bounds, "no numeric option found: the walk is wrong"
    assert [b for b in bounds if not -INT53 <= b[3] <= INT53] == []
    assert ("replay", "game_id", "max_value", INT53) in bounds
