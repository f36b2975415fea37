"""bench/web_human.py runs end to end with small numbers (not timed): two people in headless Chromium
play a few decisions of a game inside the stand-in Activity frame at a decision every 0.5 s,
and nothing is refused, lost, stuck or broken."""

from __future__ import annotations

import pytest

from bench import web_human


def test_what_kind_of_request_each_address_is():
    base = "https://x.discordsays.com/t/3/tok"
    assert web_human.kind_of(base + "/act", "POST") == "tap"
    assert web_human.kind_of(base + "/take-back", "POST") == "tap"
    assert web_human.kind_of("http://127.0.0.1:1/activity/session", "POST") == "sign-in"
    assert web_human.kind_of(base + "/play?ask=x", "GET") == "part"
    assert web_human.kind_of(base + "/board/7.png?lang=nl", "GET") == "board"
    assert web_human.kind_of(base + "/hand/7.png?lang=nl", "GET") == "hand"
    assert web_human.kind_of(base + "/events?v=7", "GET") == "stream"
    assert web_human.kind_of(base + "/live?v=7-0", "GET") == "poll"
    assert web_human.kind_of("http://127.0.0.1:1/static/play.js", "GET") == "script"
    assert web_human.kind_of("https://x.discordsays.com/activity/t/3/tok?lang=nl", "GET") == "page"


def test_the_busiest_ten_seconds():
    page = web_human.PageFigures(tapped_at=[0.0, 0.5, 1.0, 9.9, 10.0, 25.0])
    assert page.busiest() == 4 and web_human.PageFigures().busiest() == 0


@pytest.mark.slow  # two browsers playing: 34 s measured on the 2-core machine at a load of 5 to 8, 45 s at 14
async def test_a_few_decisions_in_the_activity_frame_meet_nothing():
    """The harder place only: everyone behind the stand-in proxy's one address, signing in through
    the Activity (the site's pages are the same pages, with the same budgets)."""
    from tests.e2e import browser  # noqa: F401  (skips this test without Chromium)

    said: list[str] = []
    found = await web_human.measure(("hindmost",), where=("activity",), decisions=4, say=said.append)
    assert [figures.where for figures in found] == ["activity"]
    for figures in found:
        assert figures.total("taps") == 4 and figures.total("played") + figures.total("asked") == 4, figures
        for name in ("refused", "lost", "stuck", "broken"):
            assert figures.total(name) == 0, (figures.where, name, figures)
        for page in figures.pages.values():
            assert page.requests["part"] > 0 and page.requests["board"] > 0
            assert page.budget_low is not None and page.budget_low > 500  # of 600: play costs it little
    assert sum("hindmost" in line for line in said) == 1
