"""Which of Discord's rules the spec states and which the fake adds (``checks.py``): every rule
below is refused, by exactly the layer the table says."""

from __future__ import annotations

import pytest

from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.checks import validate_command_list, validated_choices, validated_modal
from tests.e2e.fake.openapi import discord_spec
from tests.e2e.fake.protocol import ApiError

SPEC, FAKE = "spec", "fake"


def cmd(**fields):
    return {"name": "game", "description": "A game", "type": 1, **fields}


def opt(**fields):
    return {"type": 3, "name": "o", "description": "An option", **fields}


def row(*components):
    return {"type": 1, "components": list(components)}


def button(**fields):
    return {"type": 2, "style": 1, "label": "Go", "custom_id": "go", **fields}


def select(**fields):
    return {"type": 3, "custom_id": "pick", "options": [{"label": "a", "value": "a"}], **fields}


def text_input(**fields):
    return {"type": 4, "custom_id": "f", "style": 1, "label": "Name", **fields}


def modal(*components, **fields):
    return {"type": 9, "data": {"title": "Name", "custom_id": "m", "components": list(components), **fields}}


COMMANDS, MESSAGES, CALLBACK = "/applications/1/commands", "/channels/1/messages", "/interactions/1/t/callback"
RULES = [
    # command lists
    ("a name of 33 characters", SPEC, COMMANDS, [cmd(name="x" * 33)]),
    ("a name with capitals and a space", FAKE, COMMANDS, [cmd(name="Bad Name")]),
    ("a localization for no locale", FAKE, COMMANDS, [cmd(name_localizations={"xx": "spel"})]),
    ("an empty description", FAKE, COMMANDS, [cmd(description="")]),
    ("a description of 101 characters", SPEC, COMMANDS, [cmd(description="d" * 101)]),
    ("26 options", SPEC, COMMANDS, [cmd(options=[opt(name=f"o{i}") for i in range(26)])]),
    ("two options of one name", FAKE, COMMANDS, [cmd(options=[opt(), opt()])]),
    ("a subcommand beside a plain option", FAKE, COMMANDS, [cmd(options=[{**opt(), "type": 1}, opt(name="p")])]),
    ("a required option after an optional one", FAKE, COMMANDS, [cmd(options=[opt(), opt(name="p", required=True)])]),
    ("a group in a group", SPEC, COMMANDS, [cmd(options=[{**opt(), "type": 2, "options": [{**opt(), "type": 2}]}])]),
    ("choices on a boolean option", FAKE, COMMANDS, [cmd(options=[opt(type=5, choices=[{"name": "a", "value": 1}])])]),
    (
        "choices with autocomplete",
        FAKE,
        COMMANDS,
        [cmd(options=[opt(autocomplete=True, choices=[{"name": "a", "value": "a"}])])],
    ),
    (
        "a choice value of 101 characters",
        FAKE,
        COMMANDS,
        [cmd(options=[opt(choices=[{"name": "a", "value": "v" * 101}])])],
    ),
    ("101 slash commands", FAKE, COMMANDS, [cmd(name=f"c{i}") for i in range(101)]),
    ("131 commands", SPEC, COMMANDS, [cmd(name=f"c{i}") for i in range(131)]),
    ("a context menu with a description", FAKE, COMMANDS, [{"name": "Look", "type": 2, "description": "x"}]),
    ("the integer 2**53", SPEC, COMMANDS, [cmd(options=[opt(type=4, max_value=2**53)])]),
    # messages
    ("content of 2,001 characters", FAKE, MESSAGES, {"content": "x" * 2001}),
    ("11 embeds", SPEC, MESSAGES, {"embeds": [{"title": "t"}] * 11}),
    (
        "embeds of 6,001 characters in all",
        FAKE,
        MESSAGES,
        {"embeds": [{"description": "d" * 4000}, {"description": "d" * 2001}]},
    ),
    ("an embed field without a value", FAKE, MESSAGES, {"embeds": [{"fields": [{"name": "n", "value": ""}]}]}),
    ("6 rows", FAKE, MESSAGES, {"components": [row(button(custom_id=f"c{i}")) for i in range(6)]}),
    ("a row of 6 buttons", SPEC, MESSAGES, {"components": [row(*[button(custom_id=f"c{i}") for i in range(6)])]}),
    ("a select beside a button", FAKE, MESSAGES, {"components": [row(select(), button())]}),
    ("a custom_id of 101 characters", SPEC, MESSAGES, {"components": [row(button(custom_id="c" * 101))]}),
    ("one custom_id twice", FAKE, MESSAGES, {"components": [row(button(), button())]}),
    ("a label of 81 characters", SPEC, MESSAGES, {"components": [row(button(label="l" * 81))]}),
    ("a button without custom_id", FAKE, MESSAGES, {"components": [row({"type": 2, "style": 1, "label": "Go"})]}),
    ("a link button without url", FAKE, MESSAGES, {"components": [row({"type": 2, "style": 5, "label": "Go"})]}),
    (
        "a select of 26 options",
        SPEC,
        MESSAGES,
        {"components": [row(select(options=[{"label": "a", "value": str(i)} for i in range(26)]))]},
    ),
    ("max_values above the options", FAKE, MESSAGES, {"components": [row(select(max_values=2))]}),
    (
        "one option value twice",
        FAKE,
        MESSAGES,
        {"components": [row(select(options=[{"label": "a", "value": "a"}] * 2))]},
    ),
    # interaction answers
    ("26 autocomplete choices", SPEC, CALLBACK, {"type": 8, "data": {"choices": [{"name": "a", "value": "a"}] * 26}}),
    (
        "an autocomplete value of 101 characters",
        FAKE,
        CALLBACK,
        {"type": 8, "data": {"choices": [{"name": "a", "value": "v" * 101}]}},
    ),
    ("a modal title of 46 characters", SPEC, CALLBACK, modal(row(text_input()), title="t" * 46)),
    ("a modal of 6 rows", FAKE, CALLBACK, modal(*[row(text_input(custom_id=f"f{i}")) for i in range(6)])),
    ("two text inputs in a modal row", FAKE, CALLBACK, modal(row(text_input(), text_input(custom_id="g")))),
    ("a reply of 2,001 characters", SPEC, CALLBACK, {"type": 4, "data": {"content": "x" * 2001}}),
]


def fake_refuses(path: str, body) -> bool:
    try:
        if path == COMMANDS:
            validate_command_list(body)
        elif path == MESSAGES:
            world = FakeDiscord().world
            channel = world.new_channel("general", next(iter(world.guilds)))
            world.create_message(channel.id, body, {})
        elif body["type"] == 8:
            validated_choices(body["data"]["choices"])
        else:
            validated_modal(body["data"])
    except ApiError as error:
        return error.status == 400
    return False


@pytest.mark.parametrize(("rule", "layer", "path", "body"), RULES, ids=[r[0] for r in RULES])
def test_each_rule_is_refused_by_the_spec_or_else_by_the_fake(rule, layer, path, body):
    by_spec = bool(discord_spec().request_problems("POST" if path != COMMANDS else "PUT", path, body))
    assert by_spec == (layer == SPEC), f"{rule}: the spec {'refuses' if by_spec else 'lets it through'}"
    if layer == FAKE:
        assert fake_refuses(path, body), f"{rule}: the fake's own checks let it through"
