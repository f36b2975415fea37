"""A native speaker's review of the texts (issue 46, ../shared/notes/dutch-texts-review.md): the
wordings that were changed stay changed, and the words the review retired do not come back."""

import pytest

import locales


@pytest.mark.parametrize(
    ("lang", "msg_id", "args", "shown"),
    [
        ("nl", "auto-played", {"seat": "Anna"}, "Anna had niets te kiezen; de zet is automatisch gedaan."),
        ("en", "auto-played", {"seat": "Anna"}, "Anna had nothing to choose; the move was played automatically."),
        ("nl", "web-activity-no-table", {}, "/hindmost nieuw"),
        ("nl", "button-play-board", {}, "Op het bord spelen"),
        ("nl", "table-error-rematch-not-a-player", {"game": "hindmost"}, "op **Nog een keer** drukken"),
        ("nl", "knockout-seed-goes-on", {"seat": "Anna"}, "Gelijkspel bij de deadline"),
        ("en", "knockout-seed-goes-on", {"seat": "Anna"}, "Tied at the deadline"),
        ("nl", "duvelen-label-draaistok-open", {"count": 3}, "Draaistok, open: 3"),
        ("nl", "manoever-label-fold-more", {"count": 3}, "en nog 3"),
        ("nl", "web-table-title", {"game": "Hindmost", "id": 12}, "Hindmost, tafel 12"),
    ],
)
def test_the_reviewed_wording_is_used(lang, msg_id, args, shown):
    assert shown in locales.tr(lang, msg_id, **args).replace("\u2068", "").replace("\u2069", "")


@pytest.mark.parametrize(
    ("msg_id", "args", "retired"),
    [
        ("table-error-no-move-time", {}, "zetklok"),
        ("trouble-told-host", {"game": "x", "channel": "#c", "reason": "r", "days": 2}, "uit de tijd"),
        ("tournament-table-retry", {"minutes": 4}, "geen van beiden"),
        ("cmd-param-start_in_hours", {}, "start-na-uren"),
        ("trackgammon-table-error-takeback-none", {}, "schijfzet"),
        ("web-server-none", {}, "partijen"),
        ("web-cancelled", {}, "spel"),
    ],
)
def test_the_retired_dutch_wording_is_gone(msg_id, args, retired):
    assert retired not in locales.tr("nl", msg_id, **args)


def test_the_take_back_help_no_longer_promises_it_until_done():
    """Auto-play can end the turn for the person, so "until you press Done" was a promise the
    game could not keep."""
    for lang, done in (("en", "until you end the turn"), ("nl", "tot je de beurt afsluit")):
        assert done not in locales.tr(lang, "trackgammon-table-error-takeback-none")
