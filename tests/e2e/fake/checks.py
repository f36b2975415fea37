"""Discord's rules that the fake enforces, so a bot breaking them fails here and not in production.

Interaction answers: the first answer within 3 seconds (``check_first_answer``), exactly one
initial answer per interaction, only response types that fit the interaction. Payload limits,
refused with Discord's "Invalid Form Body" (code 50035) and the JSON path of each problem:
message content <= 2,000 characters, <= 10 embeds (6,000 characters in all) and <= 10 files of
<= 10 MiB each, <= 5 action rows of <= 5 buttons or one select, custom_id <= 100, button labels
<= 80, autocomplete <= 25 choices, modals, and the rules for registering application commands.
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
    LABEL,
    MESSAGE_COMPONENT,
    MODAL,
    MODAL_SUBMIT,
    NUMBER,
    SELECT_TYPES,
    STRING,
    STRING_SELECT,
    SUB_COMMAND,
    SUB_COMMAND_GROUP,
    TEXT_DISPLAY,
    TEXT_INPUT,
    UPDATE_MESSAGE,
    VALID_LOCALES,
    ApiError,
)

if TYPE_CHECKING:
    from .records import FakeMessage

log = logging.getLogger(__name__)

ALLOWED_RESPONSES = {
    APPLICATION_COMMAND: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, MODAL},
    MESSAGE_COMPONENT: {CHANNEL_MESSAGE, DEFERRED_MESSAGE, DEFERRED_UPDATE, UPDATE_MESSAGE, MODAL},
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
    """A bulk overwrite (``PUT .../commands``): each command valid, names unique, not too many."""
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
    if not isinstance(name, str) or not (1 <= len(name) <= 32):
        errors.add(path, "Must be between 1 and 32 in length.", "BASE_TYPE_BAD_LENGTH")
    elif chat_input and (not _NAME_RE.match(name) or name != name.lower()):
        errors.add(
            path,
            f"Command name is invalid: {name!r} (lower case letters, digits, '-', '_' only; no spaces)",
            "APPLICATION_COMMAND_INVALID_NAME",
        )


def validate_localizations(errors: FormErrors, path: list, mapping: Any, check: Callable[[list, Any], None]) -> None:
    if mapping is None:
        return
    if not isinstance(mapping, dict):
        errors.add(path, "Must be a mapping of locale to text.")
        return
    for locale, text in mapping.items():
        if locale not in VALID_LOCALES:
            errors.add([*path, locale], f"Invalid locale {locale!r}", "LOCALE_INVALID")
        else:
            check([*path, locale], text)


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
        errors.max_length([*path, "description"], command.get("description"), 100, minimum=1)
        validate_localizations(
            errors,
            [*path, "description_localizations"],
            command.get("description_localizations"),
            lambda p, v: errors.max_length(p, v, 100, minimum=1),
        )
        validate_options(command.get("options") or [], errors, [*path, "options"], depth=0)
        if command_length(command) > 4000:
            errors.add(
                path,
                "Combined name, description and option texts exceed 4000 characters",
                "APPLICATION_COMMAND_TOO_LARGE",
            )
    elif command.get("description"):
        errors.add([*path, "description"], "Context menu commands have no description", "BASE_TYPE_BAD_LENGTH")


def validate_options(options: list, errors: FormErrors, path: list, *, depth: int) -> None:
    if len(options) > 25:
        errors.add(path, "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
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
        kind = option.get("type")
        validate_name(errors, [*here, "name"], option.get("name"), chat_input=True)
        validate_localizations(
            errors,
            [*here, "name_localizations"],
            option.get("name_localizations"),
            lambda p, v: validate_name(errors, p, v, chat_input=True),
        )
        errors.max_length([*here, "description"], option.get("description"), 100, minimum=1)
        validate_localizations(
            errors,
            [*here, "description_localizations"],
            option.get("description_localizations"),
            lambda p, v: errors.max_length(p, v, 100, minimum=1),
        )
        if option.get("name") in names:
            errors.add([*here, "name"], "Option names must be unique", "APPLICATION_COMMAND_OPTION_NAME_ALREADY_EXISTS")
        names.add(option.get("name"))
        if kind == SUB_COMMAND_GROUP:
            if depth > 0:
                errors.add(here, "Groups cannot be nested", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID")
            sub = option.get("options") or []
            if any(o.get("type") != SUB_COMMAND for o in sub):
                errors.add(
                    [*here, "options"], "A group holds subcommands only", "APPLICATION_COMMAND_OPTIONS_TYPE_INVALID"
                )
            validate_options(sub, errors, [*here, "options"], depth=depth + 1)
        elif kind == SUB_COMMAND:
            validate_options(option.get("options") or [], errors, [*here, "options"], depth=depth + 1)
        else:
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
    choices = option.get("choices") or []
    if choices and option.get("type") not in (STRING, INTEGER, NUMBER):
        errors.add([*here, "choices"], "Only string, integer and number options have choices")
    if choices and option.get("autocomplete"):
        errors.add(
            [*here, "autocomplete"],
            "Autocomplete cannot be used with choices",
            "APPLICATION_COMMAND_AUTOCOMPLETE_CHOICES",
        )
    if len(choices) > 25:
        errors.add([*here, "choices"], "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for index, choice in enumerate(choices):
        errors.max_length([*here, "choices", index, "name"], choice.get("name"), 100, minimum=1)
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
    errors = FormErrors()
    if len(message.content) > 2000:
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
    if len(embeds) > 10:
        errors.add(["embeds"], "Must be 10 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    total = 0
    for index, embed in enumerate(embeds):
        here = ["embeds", index]
        for key, limit in (("title", 256), ("description", 4096)):
            if key in embed:
                errors.max_length([*here, key], embed[key], limit)
                total += len(embed[key] or "")
        for key, inner, limit in (("footer", "text", 2048), ("author", "name", 256)):
            if isinstance(embed.get(key), dict) and inner in embed[key]:
                errors.max_length([*here, key, inner], embed[key][inner], limit)
                total += len(embed[key][inner] or "")
        fields = embed.get("fields") or []
        if len(fields) > 25:
            errors.add([*here, "fields"], "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
        for number, field in enumerate(fields):
            errors.max_length([*here, "fields", number, "name"], field.get("name"), 256, minimum=1)
            errors.max_length([*here, "fields", number, "value"], field.get("value"), 1024, minimum=1)
            total += len(field.get("name") or "") + len(field.get("value") or "")
    if total > 6000:
        errors.add(["embeds"], "Embed size exceeds maximum size of 6000", "MESSAGE_EMBED_TOO_LARGE")


def validate_components(components: list[dict], errors: FormErrors, *, v2: bool) -> None:
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
    for index, component in enumerate(components):
        here = [*path, index]
        kind = component.get("type")
        if kind == ACTION_ROW:
            children = component.get("components") or []
            selects = sum(1 for c in children if c.get("type") in SELECT_TYPES)
            if not children or len(children) > 5 or (selects and len(children) > 1):
                errors.add(
                    [*here, "components"],
                    "An action row holds 1 to 5 buttons or exactly one select",
                    "COMPONENT_LAYOUT_WIDTH_EXCEEDED",
                )
        if "custom_id" in component:
            custom_id = component["custom_id"]
            errors.max_length([*here, "custom_id"], custom_id, 100, minimum=1)
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
        elif kind == TEXT_DISPLAY:
            errors.max_length([*here, "content"], component.get("content"), 4000, minimum=1)
        for key in ("components",):
            if isinstance(component.get(key), list):
                validate_component_list(component[key], errors, [*here, key], custom_ids)
        if isinstance(component.get("accessory"), dict):
            validate_component_list([component["accessory"]], errors, [*here, "accessory"], custom_ids)


def validate_button(button: dict, errors: FormErrors, here: list) -> None:
    style = button.get("style")
    if "label" in button and button["label"] is not None:
        errors.max_length([*here, "label"], button["label"], 80)
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
    if select.get("placeholder") is not None:
        errors.max_length([*here, "placeholder"], select["placeholder"], 150)
    low, high = select.get("min_values", 1), select.get("max_values", 1)
    if not (0 <= low <= 25 and 1 <= high <= 25 and low <= high):
        errors.add(here, f"min_values {low} / max_values {high} out of range", "SELECT_COMPONENT_VALUES_INVALID")
    if select.get("type") != STRING_SELECT:
        return
    options = select.get("options") or []
    if not 1 <= len(options) <= 25:
        errors.add([*here, "options"], "A string select has 1 to 25 options", "BASE_TYPE_BAD_LENGTH")
    if high > len(options):
        errors.add([*here, "max_values"], "max_values exceeds the number of options", "SELECT_COMPONENT_VALUES_INVALID")
    values: set[str] = set()
    for index, option in enumerate(options):
        errors.max_length([*here, "options", index, "label"], option.get("label"), 100, minimum=1)
        errors.max_length([*here, "options", index, "value"], option.get("value"), 100, minimum=1)
        if option.get("description") is not None:
            errors.max_length([*here, "options", index, "description"], option["description"], 100)
        if option.get("value") in values:
            errors.add(
                [*here, "options", index, "value"],
                "Select option values must be unique",
                "SELECT_COMPONENT_OPTION_VALUE_DUPLICATED",
            )
        values.add(option.get("value"))


def validated_choices(choices: list[dict]) -> list[dict]:
    errors = FormErrors()
    if len(choices) > 25:
        errors.add(["data", "choices"], "Must be 25 or fewer in length.", "BASE_TYPE_MAX_LENGTH")
    for index, choice in enumerate(choices):
        errors.max_length(["data", "choices", index, "name"], choice.get("name"), 100, minimum=1)
        if isinstance(choice.get("value"), str):
            errors.max_length(["data", "choices", index, "value"], choice["value"], 100)
    errors.raise_if_any()
    return choices


def validated_modal(modal: dict) -> dict:
    errors = FormErrors()
    errors.max_length(["data", "title"], modal.get("title"), 45, minimum=1)
    errors.max_length(["data", "custom_id"], modal.get("custom_id"), 100, minimum=1)
    components = modal.get("components") or []
    if not 1 <= len(components) <= 5:
        errors.add(["data", "components"], "A modal has 1 to 5 components", "BASE_TYPE_BAD_LENGTH")
    for index, component in enumerate(components):
        here = ["data", "components", index]
        if component.get("type") == LABEL:
            errors.max_length([*here, "label"], component.get("label"), 45, minimum=1)
            inner = [component.get("component") or {}]
        elif component.get("type") == ACTION_ROW:
            inner = component.get("components") or []
            if len(inner) != 1:
                errors.add([*here, "components"], "An action row in a modal holds exactly one text input")
        else:
            continue
        for field in inner:
            errors.max_length([*here, "custom_id"], field.get("custom_id"), 100, minimum=1)
            if field.get("type") == TEXT_INPUT:
                if "label" in field:
                    errors.max_length([*here, "label"], field["label"], 45, minimum=1)
                if field.get("value") is not None:
                    errors.max_length([*here, "value"], field["value"], 4000)
                if field.get("placeholder") is not None:
                    errors.max_length([*here, "placeholder"], field["placeholder"], 100)
    errors.raise_if_any()
    return modal
