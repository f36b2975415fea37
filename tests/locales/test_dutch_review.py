"""The native speaker's review of the texts added since the previous one
(``shared/notes/dutch-texts-review.md``, 22 phrases): each reviewed message says what the review
asked for, and none says what it objected to."""

from __future__ import annotations

import pytest

from locales import tr

# (language, message, its arguments, words it must contain, words it must not contain)
REVIEWED = [
    ("nl", "auto-played", {"seat": "Ans"}, "had niets te kiezen; de zet is automatisch gedaan", "voor hen"),
    ("en", "auto-played", {"seat": "Ans"}, "had nothing to choose", "played for them"),
    ("nl", "table-error-no-move-time", {}, "geen tijd per zet of tijdbank", "zetklok"),
    ("nl", "auto-play-off", {}, "Zetten waarbij niets te kiezen valt, doe je voortaan zelf.", "valt, wachten"),
    ("nl", "cmd-desc-auto-play", {}, "Zetten zonder keuze automatisch laten doen", "voor je gedaan, of"),
    ("nl", "cmd-param-desc-auto-play-on", {}, "uit: die doe je zelf", "je doet hem zelf"),
    ("nl", "web-activity-no-table", {}, "/hindmost nieuw", "/hindmost new"),
    ("nl", "button-play-board", {}, "Op het bord spelen", "Speel op het bord"),
    ("nl", "web-activity-connecting", {}, "De tafel wordt geopend", "gaat open"),
    ("nl", "web-activity-failed", {}, "Discord kon de tafel hier niet openen", "liet de tafel"),
    ("nl", "table-error-activity-off", {}, "Vraag de beheerder van de bot om die aan te zetten", "worden openen"),
    ("nl", "tournament-table-retry", {"minutes": 1}, "elke minuut", "1 minuten"),
    ("en", "tournament-table-retry", {"minutes": 1}, "every minute", "1 minutes"),
    ("nl", "tournament-table-retry", {"minutes": 5}, "niemand krijgt punten", "geen van beiden"),
    ("en", "tournament-table-retry", {"minutes": 5}, "every 5 minutes", "either way"),
    ("nl", "tournament-table-not-opened", {"number": 1, "round": 1, "players": "A"}, "kon niet worden geopend", ""),
    ("nl", "tournament-table-unplayed", {"number": 1, "round": 1, "players": "A"}, "die telt voor niemand", ""),
    ("nl", "cmd-param-start_in_hours", {}, "uren-tot-start", "start-na-uren"),
    (
        "nl",
        "table-error-thread-not-possible",
        {},
        "(daarvoor zijn een tekstkanaal en",
        "kanaal geen thread openen (een",
    ),
    ("nl", "knockout-seed-goes-on", {"seat": "Ans"}, "Gelijkspel bij de deadline", ""),
    ("en", "knockout-seed-goes-on", {"seat": "Ans"}, "Tied at the deadline", "Level"),
    ("nl", "game-over-resigned", {}, "eindigt achter iedereen die doorspeelde", "komt na"),
    ("nl", "table-error-takeback-none", {}, "In dit spel kun je geen zet terugnemen", "kent geen"),
    ("nl", "quiet-hours-set", {"start": "22:00", "end": "07:00", "zone": "UTC"}, "krijg je in één keer zodra", ""),
    ("nl", "table-error-rematch-not-a-player", {"game": "hindmost"}, "op **Nog een keer** drukken", "partij"),
    ("nl", "table-error-rematch-too-late", {"game": "hindmost"}, "Nog een keer", "partij"),
    ("nl", "queue-passed-over", {"game": "Hindmost", "limit": 2}, "op die server", "in die server"),
    ("nl", "queue-opened", {"game": "Hindmost", "players": "A", "link": "L"}, "geopend met A", "geopend voor"),
    (
        "nl",
        "trouble-told-host",
        {"game": "Hindmost", "channel": "#x", "reason": "r", "days": 7},
        "niemand verliest tijd",
        "uit de tijd",
    ),
    ("nl", "duvelen-label-draaistok-open", {"count": 3}, "Draaistok, open: 3", "omgedraaid"),
    ("nl", "trackgammon-table-error-takeback-none", {}, "zet met een schijf", "schijfzet"),
    # take-back lasts while the turn does, not "until Done" (a promise auto-play could break)
    ("nl", "trackgammon-table-error-takeback-none", {}, "zolang je beurt nog loopt", "tot je de beurt afsluit"),
    ("en", "trackgammon-table-error-takeback-none", {}, "while your turn is still going", "until you end the turn"),
    ("nl", "web-sign-in-refused", {}, "Je hebt Discord geen toestemming gegeven", "inloggen niet toegestaan"),
    ("nl", "web-board-fit", {}, "Bord aan scherm aanpassen", "passend"),
    ("nl", "web-live-paused", {}, "staat even stil", "gepauzeerd"),
    ("nl", "web-table-title", {"game": "Hindmost", "id": 12}, "tafel", "partij"),
    ("nl", "web-cancelled", {}, "tafel", "spel"),
    ("nl", "web-server-none", {}, "tafels", "partijen"),
    ("nl", "manoever-label-fold", {"first": 1, "last": 9, "stones": 2}, "stenen op:", ""),
    ("nl", "manoever-label-fold-more", {"count": 2}, "en nog 2", ""),
]


@pytest.mark.parametrize(("lang", "message", "args", "wanted", "unwanted"), REVIEWED, ids=lambda x: str(x)[:30])
def test_a_reviewed_text_reads_as_the_review_asked(lang, message, args, wanted, unwanted):
    text = tr(lang, message, **args)
    assert wanted in text, text
    assert not unwanted or unwanted not in text, text
