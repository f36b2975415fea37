"""Discord's own OpenAPI specification as the judge of what the bot sends and what the fake answers.

``discord_api_spec/openapi.json`` is Discord's file, unchanged (see the README beside it). Every
request body the bot sends (JSON, or the ``payload_json`` of a multipart upload) is checked
against the request schema of its route, and every JSON answer of the fake against the response
schema of its route and status. The schemas are JSON Schema draft 2020-12, checked with
``jsonschema-rs``: it compiles a route's schema once and checks a message in about 20 µs, where
the pure-Python ``jsonschema`` takes about 1 ms (3,000 requests and as many answers per suite).

What the spec cannot state stays in ``checks.py`` (the 3-second deadline, one answer per
interaction, a custom_id unique within a message, an empty message, embeds' 6,000 characters in
all, a command list's names unique and its combined texts, ...).
"""

from __future__ import annotations

import copy
import functools
import logging
import re
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, ClassVar

import jsonschema_rs

from .checks import FormErrors
from .protocol import API_VERSION, ApiError, loads

log = logging.getLogger(__name__)

SPEC_FILE = Path(__file__).with_name("discord_api_spec") / "openapi.json"
_API_PREFIX = f"/api/v{API_VERSION}"
_METHODS = ("get", "put", "post", "patch", "delete")


def lenient(components: dict) -> dict:
    """The leniencies of the real Discord that its spec does not state: every one lives here.

    - A snowflake may be a JSON integer as well as a string. Discord accepts both, and discord.py
      sends attachment ids (``attachments[n].id``) and allowed-mention ids as integers.
    - The code of a field's error in an "Invalid Form Body" answer is a string such as
      ``"BASE_TYPE_REQUIRED"``: so Discord's documentation shows it and so discord.py reads it; the
      spec says integer (its README: where spec and docs differ, follow the docs).
    """
    components = copy.deepcopy(components)
    schemas = components["schemas"]
    snowflake = schemas["SnowflakeType"]
    schemas["SnowflakeType"] = {"anyOf": [snowflake, {"type": "integer", "minimum": 0, "maximum": 2**64 - 1}]}
    field_error = copy.deepcopy(schemas["Error"])
    field_error["properties"]["code"] = {"type": ["string", "integer"]}
    schemas["InnerErrors"]["properties"]["_errors"]["items"] = field_error
    return components


@dataclass(frozen=True)
class Problem:
    """One way an instance differs from its schema: where (a JSON path), what, and a Discord code."""

    path: tuple[str | int, ...]
    message: str
    code: str

    def __str__(self) -> str:
        where = ".".join(str(p) for p in self.path) or "(body)"
        return f"{where}: {self.message}"


# Discord's error codes in "Invalid Form Body" answers, by the JSON Schema keyword that failed.
_CODES = {
    "Required": "BASE_TYPE_REQUIRED",
    "MaxLength": "BASE_TYPE_MAX_LENGTH",
    "MinLength": "BASE_TYPE_MIN_LENGTH",
    "MaxItems": "BASE_TYPE_MAX_LENGTH",
    "MinItems": "BASE_TYPE_MIN_LENGTH",
    "Maximum": "NUMBER_TYPE_MAX",
    "Minimum": "NUMBER_TYPE_MIN",
    "Enum": "BASE_TYPE_CHOICES",
    "Constant": "BASE_TYPE_CHOICES",
    "Type": "BASE_TYPE_INVALID",
}


def _deepest(error: Any) -> Any:
    """The most telling error under a failed union: the branch the sender most likely meant.

    "not valid under any of the schemas" says little. A branch refused for its ``type`` field (the
    discriminator of Discord's unions: option types, component types, response types) is not the
    one meant; among the others, the one that got furthest into the instance is, and then one that
    broke a bound rather than one of another JSON type ("greater than the maximum", not "not null")."""
    context = getattr(error.kind, "context", None)
    branches = [list(branch) for branch in context or () if branch]
    if not branches:
        return error

    def fit(errors: list) -> tuple[bool, int, int, int]:
        wrong_kind = any(
            e.instance_path and e.instance_path[-1] == "type" and type(e.kind).__name__ in ("Enum", "Constant")
            for e in errors
        )
        depth = max(len(e.instance_path) for e in errors)
        # A bound broken ("greater than the maximum") says more than a form not taken ("not null").
        bound = not all(type(e.kind).__name__ == "Type" for e in errors)
        return (not wrong_kind, depth, bound, -len(errors))

    best = max(branches, key=fit)
    deepest = max(best, key=lambda e: len(e.instance_path))
    return _deepest(deepest) if len(deepest.instance_path) >= len(error.instance_path) else error


def _discord_message(error: Any) -> str:
    """The error in Discord's words where it has them ("Must be 2000 or fewer in length.")."""
    kind = type(error.kind).__name__
    limit = error.kind.as_dict().get("limit")
    if kind in ("MaxLength", "MaxItems"):
        return f"Must be {limit} or fewer in length."
    if kind in ("MinLength", "MinItems"):
        return f"Must be {limit} or more in length."
    if kind == "Maximum":
        return f"int value should be less than or equal to {limit}."
    if kind == "Minimum":
        return f"int value should be greater than or equal to {limit}."
    if kind == "Required":
        return "This field is required"
    return error.message


def problems_of(validator: Any, instance: Any) -> list[Problem]:
    found = []
    for error in validator.iter_errors(instance):
        error = _deepest(error)
        kind = type(error.kind).__name__
        code = _CODES.get(kind, "BASE_TYPE_INVALID")
        path = tuple(error.instance_path)
        if kind == "Required":  # Discord files a missing field under the field's own name
            path = (*path, error.kind.as_dict()["property"])
        found.append(Problem(path, _discord_message(error), code))
    return found


@dataclass
class Operation:
    """One route of the spec: its method and path template, request schemas and response schemas."""

    method: str
    template: str
    operation_id: str
    request: dict[str, dict] = field(default_factory=dict)  # content type -> schema
    responses: dict[str, dict | None] = field(default_factory=dict)  # "200" / "4XX" -> schema, None: no body
    pattern: re.Pattern = field(default=re.compile(""), repr=False)
    literal_segments: int = 0


class DiscordSpec:
    """The routes of ``openapi.json`` with their schemas, compiled on first use."""

    def __init__(self, path: Path = SPEC_FILE) -> None:
        document = loads(path.read_bytes())
        self.components = lenient(document["components"])
        self._responses = self.components.get("responses", {})
        self._validators: dict[str, Any] = {}
        self.operations: dict[str, list[Operation]] = {m.upper(): [] for m in _METHODS}
        for template, item in document["paths"].items():
            for method in _METHODS:
                if method in item:
                    self.operations[method.upper()].append(self._operation(method.upper(), template, item[method]))
        for candidates in self.operations.values():
            # "/users/@me" before "/users/{user_id}": the route with more fixed segments wins.
            candidates.sort(key=lambda op: -op.literal_segments)

    def _operation(self, method: str, template: str, spec: dict) -> Operation:
        segments = template.strip("/").split("/")
        regex = "/".join("[^/]+" if s.startswith("{") else re.escape(s) for s in segments)
        request = {
            content_type: body["schema"]
            for content_type, body in spec.get("requestBody", {}).get("content", {}).items()
            if "schema" in body
        }
        responses: dict[str, dict | None] = {}
        for status, answer in spec.get("responses", {}).items():
            if "$ref" in answer:
                answer = self._responses[answer["$ref"].rsplit("/", 1)[1]]
            content = answer.get("content", {}).get("application/json")
            responses[status] = content["schema"] if content else None
        return Operation(
            method,
            template,
            spec.get("operationId", template),
            request,
            responses,
            re.compile(f"/{regex}"),
            sum(1 for s in segments if not s.startswith("{")),
        )

    def operation(self, method: str, path: str) -> Operation | None:
        """The spec's operation for a request (``path`` with or without the ``/api/v10`` prefix)."""
        if path.startswith(_API_PREFIX):
            path = path[len(_API_PREFIX) :]
        path = path.rstrip("/") or "/"
        for operation in self.operations.get(method.upper(), ()):
            if operation.pattern.fullmatch(path):
                return operation
        return None

    def validator(self, schema: dict) -> Any:
        """A compiled validator for a schema that may ``$ref`` into ``#/components``."""
        key = repr(schema)
        validator = self._validators.get(key)
        if validator is None:
            validator = jsonschema_rs.validator_for({**schema, "components": self.components})
            self._validators[key] = validator
        return validator

    def schema(self, name: str) -> Any:
        """A compiled validator for ``#/components/schemas/<name>`` (for gateway payloads, which the
        HTTP spec describes object by object: users, members, messages, channels, guilds)."""
        return self.validator({"$ref": f"#/components/schemas/{name}"})

    # -- the checks ----------------------------------------------------------------------------

    def request_problems(self, method: str, path: str, body: Any) -> list[Problem]:
        """How a request body differs from its route's request schema (``payload_json`` for multipart)."""
        operation = self.operation(method, path)
        if operation is None:
            return [Problem((), f"{method} {path} is not a route of Discord's API", "UNKNOWN_ROUTE")]
        schema = operation.request.get("application/json")
        if schema is None:
            return []
        return problems_of(self.validator(schema), body)

    def answer_problems(self, method: str, path: str, status: int, body: bytes | None) -> list[Problem]:
        """How an answer differs from the response the spec gives for its route and status."""
        operation = self.operation(method, path)
        if operation is None:
            return [Problem((), f"{method} {path} is not a route of Discord's API", "UNKNOWN_ROUTE")]
        responses = operation.responses
        key = next((k for k in (str(status), f"{str(status)[0]}XX", "default") if k in responses), None)
        if key is None:
            documented = ", ".join(responses)
            return [Problem((), f"status {status} is not an answer of {operation.operation_id} ({documented})", "")]
        schema = responses[key]
        if schema is None:
            return [] if not body else [Problem((), f"status {status} of {operation.operation_id} has no body", "")]
        if not body:
            return [Problem((), f"status {status} of {operation.operation_id} needs a JSON body", "")]
        return problems_of(self.validator(schema), loads(body))


@functools.cache
def discord_spec() -> DiscordSpec:
    """The one ``DiscordSpec`` of this process (loading and compiling it is done once)."""
    return DiscordSpec()


def describe(problems: Iterable[Problem], limit: int = 5) -> str:
    problems = list(problems)
    text = "; ".join(str(p) for p in problems[:limit])
    return text + (f"; and {len(problems) - limit} more" if len(problems) > limit else "")


class Conformance:
    """The fake's use of the spec: requests refused as Discord refuses them, answers checked.

    A request body that does not conform is answered as Discord answers it (400, code 50035
    "Invalid Form Body" with the ``errors`` tree) and logged at ERROR, so the test fails. An answer
    of the fake that does not conform is the fake's own bug: logged at ERROR too, and kept in
    ``bad_answers``. ``TOTALS`` counts over the whole test session (printed at its end)."""

    TOTALS: ClassVar[Counter[str]] = Counter()

    def __init__(self, spec: DiscordSpec | None = None) -> None:
        self.spec = spec or discord_spec()
        self.requests_checked = 0
        self.answers_checked = 0
        self.refused: list[str] = []
        self.bad_answers: list[str] = []

    def check_request(self, method: str, path: str, body: Any) -> None:
        self.requests_checked += 1
        self.TOTALS["requests"] += 1
        problems = self.spec.request_problems(method, path, body)
        if not problems:
            return
        self.TOTALS["requests refused"] += 1
        line = f"{method} {path}: {describe(problems)}"
        self.refused.append(line)
        log.error("fake Discord refused a request that Discord's spec does not allow: %s", line)
        errors = FormErrors()
        for problem in problems:
            errors.add(problem.path, problem.message, problem.code)
        raise ApiError(400, 50035, "Invalid Form Body", errors.tree)

    def check_answer(self, method: str, path: str, status: int, body: bytes | None) -> None:
        if status >= 500:
            return  # the spec documents no 5xx: Discord's edge answers them, in no documented shape
        self.answers_checked += 1
        self.TOTALS["answers"] += 1
        problems = self.spec.answer_problems(method, path, status, body)
        if not problems:
            return
        self.TOTALS["answers not conforming"] += 1
        line = f"{method} {path} -> {status}: {describe(problems)}"
        self.bad_answers.append(line)
        log.error("fake Discord answered unlike Discord's spec: %s", line)
