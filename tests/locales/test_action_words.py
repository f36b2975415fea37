"""One word per action in each language (issue 38): a button and the command doing the same thing
say it the same way, so "Leave" is not Verlaten on a button, weggaan as a command and Afmelden
at a tournament. English command names are the code's own (cogs/table/, cogs/tournament.py)."""

from __future__ import annotations

import pytest

from locales import tr

# action: (English command name, the Dutch ids naming it, its button ids)
ACTIONS: dict[str, tuple[str, tuple[str, ...], tuple[str, ...]]] = {
    "join": ("join", ("cmd-name-join",), ("button-join", "tournament-button-join")),
    "leave": ("leave", ("cmd-name-leave", "cmd-param-leave"), ("button-leave", "tournament-button-leave")),
    "start": ("start", ("cmd-name-start",), ("button-start",)),
    "cancel": ("cancel", ("cmd-name-cancel",), ("button-cancel",)),
    "add computer": ("add-computer", ("cmd-name-add-computer",), ("button-add-computer",)),
    "remove computer": ("remove-computer", ("cmd-name-remove-computer",), ("button-remove-computer",)),
    "take back": ("take-back", ("cmd-name-take-back",), ("button-take-back",)),
}


def word(text: str) -> str:
    return text.replace("-", " ").strip().lower()


@pytest.mark.parametrize("action", sorted(ACTIONS))
def test_a_button_says_what_its_command_says(action):
    english, dutch_names, buttons = ACTIONS[action]
    assert {word(tr("en", b)) for b in buttons} == {word(english)}
    dutch = {word(tr("nl", i)) for i in dutch_names} | {word(tr("nl", b)) for b in buttons}
    assert len(dutch) == 1, f"{action} is said {len(dutch)} ways in Dutch: {sorted(dutch)}"
