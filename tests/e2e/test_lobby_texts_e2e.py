"""The lobby's settings as a player reads them: labels and words of the table's language, never the
stored keys and codes (``riders: None``, ``own_decks: nee``, ``mode: relaxed``)."""

from __future__ import annotations


def settings_of(message) -> list[str]:
    (embed,) = message.embeds
    (field,) = [f for f in embed["fields"] if f["name"] in ("Instellingen", "Options")]
    return field["value"].split("\n")


async def test_a_dutch_lobby_shows_labels_and_words(fake, tafel, channel, bob):
    new = await fake.slash(bob, channel, "duvelen", "new", options={"mode": "relaxed", "computer_speed": 2.5})
    assert settings_of(new.message) == [
        "Rondes: 3",
        "Speelwijze: rustig",
        "Tijd per zet: 24 uur",
        "Aantal keer te laat voordat de computer overneemt: 3",
        "Bedenktijd computer per actie: 2,5 s",
    ]
    await fake.slash(bob, channel, "duvelen", "cancel")
    new = await fake.slash(bob, channel, "hindmost", "new", options={"own_decks": True})
    shown = settings_of(new.message)
    assert shown[:4] == [
        "Renners per speler: standaard",
        "Wedstrijden in de reeks: 1",
        "Eigen stapels: ja",
        "Wedden: nee",
    ]
    assert not any(code in line for line in shown for code in ("None", "riders", "own_decks", "_"))


async def test_an_english_lobby_too(fake, tafel, channel, alice):
    new = await fake.slash(alice, channel, "howruck", "new", options={"barrels": 2})
    assert settings_of(new.message)[:2] == ["Learning round: no", "Barrels to win: 2"]
