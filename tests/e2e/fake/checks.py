"""Discord's rules that its OpenAPI spec cannot state, enforced by the fake on top of it.

Every request body is first held to the spec (``openapi.py``): lengths, counts, ranges, required
fields, the shapes of components, options and answers. What remains here is what a JSON schema
cannot say, or where Discord is stricter than its spec, refused with Discord's "Invalid Form Body"
(code 50035) and the JSON path of each problem:
- interaction answers: the first within 3 seconds (``check_first_answer``), exactly one per
  interaction, of a response type that fits the interaction;
- uploads: at most 10 files of at most 10 MiB each;
- messages as they stand after an edit: content at most 2,000 characters (the spec says 4,000),
  no content or embeds with components v2, embeds' 6,000 characters in all, fields with a name
  and a value, at most 5 rows (40 components with v2), a select alone in its row, custom_ids
  unique in a message, what each button style needs, select values consistent and unique;
- command lists: names lower case without spaces and unique, real locales as localization keys,
  non-empty descriptions, at most 100 slash commands, subcommands not mixed with options,
  required options first, choices only where they fit and never with autocomplete, 4,000
  characters in all;
- autocomplete choices' string values and modal rows.
"""

from __future__ import annotations

import logging
import re
from collections.abc import Callable, Iterable, Iterator
from typing import TYPE_CHECKING, Any

from .protocol import (
    ACTION_ROW,
    APPLICATION_COMMAND,
    ATTACHMENT_SIZE_LIMIT,
    AUTOCOMPLETE,
    AUTOCOMPLETE_RESULT,
    BUTTON,
    CHANNEL_MESSAGE,
    COMPONENTS_V2,
    DEFERRED_MESSAGE,
    DEFERRED_UPDATE,
    INTEGER,
    LAUNCH_ACTIVITY,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    NUMBER,
    SELECT_TYPES,
    STRING,
    STRING_SELECT,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    UPDATE_MESSAGE,
    VALID_LOCALES,
    ApiError,
)

if TYPE_CHECKING:
    from .records import FakeMessage

log = logging.getLogger(__name__)

ALLOWED_RESPONSES = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, MODAL, LAUNCH_ACTIVITY},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL, LAUNCH_ACTIVITY},
    AUTOCOMPLETE: {AUTOCOMPLETE_RESULT},
    MODAL_SUBMIT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE},
}
MAX_FILES = 10
_NAME_RE = re.compile(r"^[-_'\w]{1,32}$")


class FormErrors:
    """Collects "Invalid Form Body" problems with their JSON path, as Discord reports them."""

    def __init__(self) -> None:
        self.tree: dict = {}
        self.lines: list[str] = []

    def add(self, path: Iterable[Any], message: str, code: str = "BASE_TYPE_INVALID") -> None:
        path = [str(p) for p in path]
        node = self.tree
        for key in path:
            node = node.setdefault(key, {})
        node.setdefault("_errors", []).append({"code": code, "message": message})
        self.lines.append(f"{'.'.join(path)}: {message}")

    def max_length(self, path: Iterable[Any], value: Any, limit: int, *, minimum: int = 0) -> None:
        if value is None:
            value = ""
        if not isinstance(value, str):
            self.add(path, "Must be a string.", "BASE_TYPE_STRING")
        elif not minimum <= len(value) <= limit:
            self.add(path, f"Must be between {minimum} and {limit} in length.", "BASE_TYPE_BAD_LENGTH")

    def raise_if_any(self) -> None:
        if self.tree:
            log.warning("fake Discord refused a payload: %s", "; ".join(self.lines))
            raise ApiError(400, 50035, "Invalid Form Body", self.tree)


def walk_components(components: Iterable[dict]) -> Iterator[dict]:
    """Every component, nested ones included (rows, containers, sections, labels, accessories)."""
    for component in components or ():
        yield component
        yield from walk_components(component.get("components", ()))
        if isinstance(component.get("accessory"), dict):
            yield from walk_components([component["accessory"]])
        if isinstance(component.get("component"), dict):
            yield from walk_components([component["component"]])


# -- interaction answers ---------------------------------------------------------------------------


def check_first_answer(record: Any, response_type: Any, elapsed: float, deadline: float | None) -> None:
    """One initial answer per interaction, within the deadline, of a type that fits the interaction.

    A late answer also fails the test's pending wait: Discord has shown the user "The application
    did not respond" by then, and the bot only learns it from the 'Unknown interaction' error."""
    if record.response_type is not None:
        raise ApiError(400, 40060, "Interaction has already been acknowledged.")
    if deadline is not None and elapsed > deadline:
        record._fail(
            f"the bot answered {record.description} after {elapsed:.2f} s; Discord gives up after "
            f"{deadline} s and answers 'Unknown interaction' (defer before slow work)"
        )
        raise ApiError(404, 10062, "Unknown interaction")
    if response_type not in ALLOWED_RESPONSES.get(record.type, ()):
        raise ApiError(
            400, 50035, f"Interaction response type {response_type} is invalid for interaction type {record.type}"
        )
    if response_type in (DEFERRED_UPDATE, UPDATE_MESSAGE) and record.source_message is None:
        raise ApiError(
            400, 50035, "This interaction has no message to update (the modal did not come from a component)"
        )


def check_upload(files: dict, size: int) -> None:
    """Called per uploaded file while reading a request."""
    if size > ATTACHMENT_SIZE_LIMIT:
        raise ApiError(413, 40005, "Request entity too large")
    if len(files) >= MAX_FILES:
        raise ApiError(400, 50035, f"Invalid Form Body: at most {MAX_FILES} files per message")


# -- application commands and messages -------------------------------------------------------------


def validate_command_list(commands: Any) -> None:
    """A bulk overwrite (``PUT .../commands``): what the spec cannot say of it (its lengths, counts,
    option kinds and nesting are the spec's): names valid and unique, at most 100 slash commands
    and 15 of each context-menu kind, options in order, combined texts within 4,000 characters."""
    if not isinstance(commands, list):
        raise ApiError(400, 50035, "Invalid Form Body: expected a list of commands")
    errors = FormErrors()
    seen: set[tuple[int, str]] = set()
    for index, command in enumerate(commands):
        validate_command(command, errors, [index])
        key = (command.get("type", 1), command.get("name"))
        if key in seen:
            errors.add(
                [index, "name"], "Application command names must be unique", "APPLICATION_COMMANDS_DUPLICATE_NAME"
            )
        seen.add(key)
    counts = {t: sum(1 for c in commands if c.get("type", 1) == t) for t in (1, 2, 3)}
    for kind, limit in ((1, 100), (2, 15), (3, 15)):
        if counts[kind] > limit:
            errors.add([], f"At most {limit} commands of type {kind}", "APPLICATION_COMMANDS_TOO_MANY")
    errors.raise_if_any()


def validate_name(errors: FormErrors, path: list, name: Any, *, chat_input: bool) -> None:
    """A slash command's or option's name: lower case, no spaces (its length is the spec's)."""
    if chat_input and isinstance(name, str) and (not _NAME_RE.match(name) or name != name.lower()):
        errors.add(
            path,
            f"Command name is invalid: {name!r} (lower case letters, digits, '-', '_' only; no spaces)",
            "APPLICATION_COMMAND_INVALID_NAME",
        )


def validate_localizations(errors: FormErrors, path: list, mapping: Any, check: Callable[[list, Any], None]) -> None:
    """Keys that are Discord locales (the spec allows any key), each text checked by ``check``."""
    if not isinstance(mapping, dict):
        return
    for locale, text in mapping.items():
        if locale not in VALID_LOCALES:
            errors.add([*path, locale], f"Invalid locale {locale!r}", "LOCALE_INVALID")
        else:
            check([*path, locale], text)


def validate_description(errors: FormErrors, path: list, text: Any) -> None:
    """A slash command's or option's description is not empty (the spec allows ``""``)."""
    if text is None or text == "":
        errors.add(path, "Must be between 1 and 100 in length.", "BASE_TYPE_BAD_LENGTH")


def validate_command(command: dict, errors: FormErrors, path: list) -> None:
    kind = command.get("type", 1)
    chat_input = kind == 1
    validate_name(errors, [*path, "name"], command.get("name"), chat_input=chat_input)
    validate_localizations(
        errors,
        [*path, "name_localizations"],
        command.get("name_localizations"),
        lambda p, v: validate_name(errors, p, v, chat_input=chat_input),
    )
    if chat_input:
        validate_description(errors, [*path, "description"], command.get("description"))
        validate_localizations(
            errors,
            [*path, "description_localizations"],
            command.get("description_localizations"),
            lambda p, v: validate_description(errors, p, v),
        )
        validate_options(command.get("options") or [], errors, [*path, "options"])
        if command_length(command) > 4000:
            errors.add(
                path,
                "Combined name, description and option texts exceed 4000 characters",
                "APPLICATION_COMMAND_TOO_LARGE",
            )
    elif command.get("description"):
        errors.add([*path, "description"], "Context menu commands have no description", "BASE_TYPE_BAD_LENGTH")


def validate_options(options: list, errors: FormErrors, path: list) -> None:
    """Names unique, subcommands not mixed with plain options, required ones first (how groups
    nest and how many options there may be is the spec's)."""
    names: set[str] = set()
    seen_optional = False
    nested = [o.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP) for o in options]
    if any(nested) and not all(nested):
        errors.add(
            path,
            "Subcommands and groups cannot be mixed with plain options",
            "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID",
        )
    for index, option in enumerate(options):
        here = [*path, index]
        validate_name(errors, [*here, "name"], option.get("name"), chat_input=True)
        validate_localizations(
            errors,
            [*here, "name_localizations"],
            option.get("name_localizations"),
            lambda p, v: validate_name(errors, p, v, chat_input=True),
        )
        validate_description(errors, [*here, "description"], option.get("description"))
        if option.get("name") in names:
            errors.add([*here, "name"], "Option names must be unique", "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS")
        names.add(option.get("name"))
        if option.get("type") in (SUB_COMMAND, SUB_COMMAND_GROUP):
            validate_options(option.get("options") or [], errors, [*here, "options"])
            continue
        if option.get("required"):
            if seen_optional:
                errors.add(
                    here,
                    "Required options must be placed before non-required options",
                    "APPLICATION_COMMAND_OPTIONS_REQUIRED_INVALID",
                )
        else:
            seen_optional = True
        validate_option_choices(option, errors, here)


def validate_option_choices(option: dict, errors: FormErrors, here: list) -> None:
    """Choices only on string, integer and number options, never with autocomplete, and a string
    choice's value at most 100 characters (the spec lets a boolean option carry choices too)."""
    choices = option.get("choices") or []
    if choices and option.get("type") not in (STRING, INTEGER, NUMBER):
        errors.add([*here, "choices"], "Only string, integer and number options have choices")
    if choices and option.get("autocomplete"):
        errors.add(
            [*here, "autocomplete"],
            "Autocomplete cannot be used with choices",
            "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
        )
    for index, choice in enumerate(choices):
        if isinstance(choice.get("value"), str):
            errors.max_length([*here, "choices", index, "value"], choice["value"], 100, minimum=1)


def command_length(command: dict) -> int:
    total = len(command.get("name", "")) + len(command.get("description", ""))
    stack = list(command.get("options") or [])
    while stack:
        option = stack.pop()
        total += len(option.get("name", "")) + len(option.get("description", ""))
        for choice in option.get("choices") or []:
            total += len(str(choice.get("name", ""))) + len(str(choice.get("value", "")))
        stack.extend(option.get("options") or [])
    return total


def validate_message(message: FakeMessage, file_count: int) -> None:
    """A message as it stands after a create or an edit (an edit's body alone is the spec's)."""
    errors = FormErrors()
    if len(message.content) > 2000:  # the spec says 4,000; Discord's documentation and answers, 2,000
        errors.add(["content"], "Must be 2000 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    v2 = bool(message.flags & COMPONENTS_V2)
    if v2 and (message.content or message.embeds):
        errors.add(
            ["content"],
            "content and embeds cannot be used with the IS_COMPONENTS_V2 flag",
            "MESSAGE_CANNOT_USE_LEGACY_FIELDS_WITH_COMPONENTS_V2",
        )
    validate_embeds(message.embeds, errors)
    validate_components(message.components, errors, v2=v2)
    errors.raise_if_any()
    empty = not (message.content or message.embeds or message.components or message.attachments or file_count)
    if empty and not message.loading:
        raise ApiError(400, 50006, "Cannot send an empty message")


def validate_embeds(embeds: list[dict], errors: FormErrors) -> None:
    """Fields with a name and a value, and at most 6,000 characters in all the embeds (each
    part's own limit is the spec's)."""
    total = 0
    for index, embed in enumerate(embeds):
        here = ["embeds", index]
        total += len(embed.get("title") or "") + len(embed.get("description") or "")
        for key, inner in (("footer", "text"), ("author", "name")):
            if isinstance(embed.get(key), dict):
                total += len(embed[key].get(inner) or "")
        for number, field in enumerate(embed.get("fields") or []):
            for key in ("name", "value"):
                if not field.get(key):
                    errors.add([*here, "fields", number, key], "This field is required", "BASE_TYPE_REQUIRED")
            total += len(field.get("name") or "") + len(field.get("value") or "")
    if total > 6000:
        errors.add(["embeds"], "Embed size exceeds maximum size of 6000", "MESSAGE_EMBED_TOO_LARGE")


def validate_components(components: list[dict], errors: FormErrors, *, v2: bool) -> None:
    """Without the components-v2 flag at most 5 rows and nothing else at the top; with it at most
    40 components in all (the spec allows 40 top-level ones either way)."""
    custom_ids: set[str] = set()
    if not v2:
        if len(components) > 5:
            errors.add(["components"], "Must be 5 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        for index, row in enumerate(components):
            if row.get("type") != ACTION_ROW:
                errors.add(
                    ["components", index, "type"],
                    "Without IS_COMPONENTS_V2 only action rows may be top-level",
                    "COMPONENT_LAYOUT_INVALID",
                )
    elif sum(1 for _ in walk_components(components)) > 40:
        errors.add(["components"], "At most 40 components in total", "BASE_TYPE_MAX_LENGTH")
    validate_component_list(components, errors, ["components"], custom_ids)


def validate_component_list(components: list[dict], errors: FormErrors, path: list, custom_ids: set[str]) -> None:
    """A select alone in its row, custom_ids unique in the message, buttons and selects whole."""
    for index, component in enumerate(components):
        here = [*path, index]
        kind = component.get("type")
        if kind == ACTION_ROW:
            children = component.get("components") or []
            if any(c.get("type") in SELECT_TYPES for c in children) and len(children) > 1:
                errors.add(
                    [*here, "components"],
                    "An action row holds 1 to 5 buttons or exactly one select",
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                )
        custom_id = component.get("custom_id")
        if custom_id is not None:
            if custom_id in custom_ids:
                errors.add(
                    [*here, "custom_id"],
                    f"Component custom id {custom_id!r} is duplicated",
                    "COMPONENT_CUSTOM_ID_DUPLICATED",
                )
            custom_ids.add(custom_id)
        if kind == BUTTON:
            validate_button(component, errors, here)
        elif kind in SELECT_TYPES:
            validate_select(component, errors, here)
        if isinstance(component.get("components"), list):
            validate_component_list(component["components"], errors, [*here, "components"], custom_ids)
        if isinstance(component.get("accessory"), dict):
            validate_component_list([component["accessory"]], errors, [*here, "accessory"], custom_ids)


def validate_button(button: dict, errors: FormErrors, here: list) -> None:
    """What each button style needs (a url, a sku_id or a custom_id) and a label or an emoji."""
    style = button.get("style")
    if style == 5:
        if not button.get("url") or "custom_id" in button:
            errors.add(here, "A link button needs a url and no custom_id", "BUTTON_COMPONENT_URL_REQUIRED")
    elif style == 6:
        if not button.get("sku_id"):
            errors.add(here, "A premium button needs a sku_id", "BUTTON_COMPONENT_SKU_ID_REQUIRED")
    elif not button.get("custom_id"):
        errors.add([*here, "custom_id"], "This button style needs a custom_id", "BUTTON_COMPONENT_CUSTOM_ID_REQUIRED")
    if not (button.get("label") or button.get("emoji")) and style != 6:
        errors.add(here, "A button needs a label or an emoji", "BUTTON_COMPONENT_LABEL_OR_EMOJI_REQUIRED")


def validate_select(select: dict, errors: FormErrors, here: list) -> None:
    """min_values not above max_values, max_values not above the options, values unique."""
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if low > high:
        errors.add(here, f"min_values {low} / max_values {high} out of range", "SELECT_COMPONENT_VALUES_INVALID")
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options") or []
    if high > len(options):
        errors.add([*here, "max_values"], "max_values exceeds the number of options", "SELECT_COMPONENT_VALUES_INVALID")
    values: set[str] = set()
    for index, option in enumerate(options):
        if option.get("value") in values:
            errors.add(
                [*here, "options", index, "value"],
                "Select option values must be unique",
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
            )
        values.add(option.get("value"))


def validated_choices(choices: list[dict]) -> list[dict]:
    """Autocomplete choices: a string value at most 100 characters (the rest is the spec's)."""
    errors = FormErrors()
    for index, choice in enumerate(choices):
        if isinstance(choice.get("value"), str):
            errors.max_length(["data", "choices", index, "value"], choice["value"], 100)
    errors.raise_if_any()
    return choices


def validated_modal(modal: dict) -> dict:
    """At most 5 components, and a row in a modal holds exactly one text input (lengths and the
    rest are the spec's)."""
    errors = FormErrors()
    components = modal.get("components") or []
    if len(components) > 5:
        errors.add(["data", "components"], "A modal has 1 to 5 components", "BASE_TYPE_BAD_LENGTH")
    for index, component in enumerate(components):
        if component.get("type") == ACTION_ROW and len(component.get("components") or []) != 1:
            errors.add(
                ["data", "components", index, "components"], "An action row in a modal holds exactly one text input"
            )
    errors.raise_if_any()
    return modal
