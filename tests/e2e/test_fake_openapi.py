"""The fake held to Discord's own OpenAPI specification: what it refuses, what it answers, what it
dispatches. (The whole e2e suite runs with these checks on; these tests show they can fail.)"""

from __future__ import annotations

import filecmp
from pathlib import Path

import aiohttp
import pytest

from tests.e2e.fake import FakeDiscord
from tests.e2e.fake.gateway_checks import event_problems
from tests.e2e.fake.openapi import SPEC_FILE, Conformance, discord_spec
from tests.e2e.harness import ErrorLogCapture

SHARED_SPEC = Path(__file__).resolve().parents[3] / "shared" / "discord-api-spec" / "openapi.json"


def integer_option(**bounds) -> list[dict]:
    option = {"type": 4, "name": "game_id", "description": "A game", **bounds}
    return [{"name": "replay", "description": "Replay a game", "options": [option]}]


def test_a_bound_past_discords_integers_is_refused_where_it_is():
    spec = discord_spec()
    assert spec.request_problems("PUT", "/applications/1/commands", integer_option(max_value=2**53 - 1)) == []
    (problem,) = spec.request_problems("PUT", "/applications/1/commands", integer_option(max_value=2**53))
    assert problem.path == (0, "options", 0, "max_value")
    assert problem.code == "NUMBER_TYPE_MAX" and "9007199254740991" in problem.message


def test_snowflakes_may_be_integers_but_not_words():
    spec = discord_spec()
    sent = {"content": "hi", "attachments": [{"id": 0, "filename": "board.png"}], "allowed_mentions": {"users": [5]}}
    assert spec.request_problems("POST", "/api/v10/channels/1/messages", sent) == []
    sent["allowed_mentions"]["users"] = ["five"]
    (problem,) = spec.request_problems("POST", "/api/v10/channels/1/messages", sent)
    assert problem.path == ("allowed_mentions", "users", 0)


def test_routes_are_matched_fixed_segments_first():
    spec = discord_spec()
    assert spec.operation("GET", "/api/v10/users/@me").operation_id == "get_my_user"
    assert spec.operation("GET", "/api/v10/users/12").operation_id == "get_user"
    edit = spec.operation("PATCH", "/api/v10/webhooks/1/tok/messages/@original")
    assert edit.operation_id == "update_original_webhook_message"
    assert spec.operation("POST", "/api/v10/nowhere") is None


def test_an_answer_unlike_the_spec_is_found():
    spec = discord_spec()
    user = b'{"id": "1", "username": "a", "discriminator": "0", "avatar": null, "global_name": null, "public_flags": 0}'
    problems = spec.answer_problems("GET", "/api/v10/users/1", 200, user)
    assert {str(p) for p in problems} >= {"flags: This field is required", "primary_guild: This field is required"}
    assert spec.answer_problems("POST", "/api/v10/interactions/1/t/callback", 204, b"") == []
    assert spec.answer_problems("GET", "/api/v10/users/1", 404, b'{"message": "Unknown User", "code": 10013}') == []


def test_every_route_of_the_fake_is_a_route_of_discord():
    fake = FakeDiscord()
    served = fake.rest.routes() + fake.answers.routes()
    for method, path, _handler in served:
        concrete = path.replace("{", "").replace("}", "")  # any segment stands for a parameter
        assert discord_spec().operation(method, concrete) is not None, f"{method} {path}"


def test_the_copy_in_the_repository_is_discords_file_unchanged():
    if not SHARED_SPEC.exists():
        pytest.skip("no ../shared/discord-api-spec beside the checkout")
    assert filecmp.cmp(SPEC_FILE, SHARED_SPEC, shallow=False)


def test_gateway_events_are_checked_against_the_spec_and_the_docs():
    fake = FakeDiscord()
    guild = fake.guild(fake.guild_id)
    created = fake.gateway._guild_create(guild, 0)
    assert event_problems("GUILD_CREATE", created) == []
    del created["members"][0]["joined_at"]
    del created["soundboard_sounds"]
    problems = {str(p) for p in event_problems("GUILD_CREATE", created)}
    assert '(body): "soundboard_sounds" is a documented field of GUILD_CREATE' in problems
    assert "members.0.joined_at: This field is required" in problems


async def test_the_fake_refuses_a_body_discord_would_refuse_and_says_why():
    async with FakeDiscord() as fake:
        channel = fake.add_channel("general")
        with ErrorLogCapture() as capture:
            async with aiohttp.ClientSession() as http:
                url = f"{fake.api_url}/channels/{channel}/messages"
                body = {"content": "hi", "components": [{"type": 1, "components": [{"type": 2, "label": "x"}]}]}
                async with http.post(url, json=body, headers={"Authorization": "Bot x"}) as answer:
                    refused = await answer.json()
            (logged,) = capture.take("refused a request that Discord's spec does not allow")
        assert answer.status == 400 and refused["code"] == 50035 and refused["message"] == "Invalid Form Body"
        errors = refused["errors"]["components"]["0"]["components"]["0"]["style"]["_errors"]
        assert errors[0]["code"] == "BASE_TYPE_REQUIRED"
        assert "components.0.components.0.style" in logged.getMessage()
        assert fake.rest.conformance.refused and not fake.channel_messages(channel)
        assert Conformance.TOTALS["requests refused"] >= 1
