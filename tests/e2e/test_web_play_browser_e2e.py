"""Playing on the table page in a real browser (headless Chromium, as tests/e2e/test_web_browser_e2e.py):
a tap on a move plays it in place (play.js, no page load), Discord's board follows, and the other
player's page turns into their move by itself; without script the same forms play through a
redirect back to the page. Sign-in is faked (``tests.web.fake_people``)."""

from __future__ import annotations

from tests.e2e import browser  # noqa: F401  (skips this module without Chromium)
from tests.e2e.web_fixtures import link_buttons
from tests.web.fake_people import FakePeople
from web.people import Person


async def signed_in(chromium, url: str, who: str, *, script: bool = True, init_script: str | None = None):
    """A page of its own browser profile, signed in as ``who`` (the fake sign-in's cookie);
    ``init_script`` runs in the page before its own scripts."""
    context = await chromium.new_context(
        viewport={"width": 400, "height": 800}, locale="en-GB", java_script_enabled=script
    )
    await context.add_cookies([{"name": "who", "value": who, "url": url}])
    if init_script:
        await context.add_init_script(init_script)
    page = await context.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    await page.goto(url)
    return page, errors


async def a_table(fake, webbed, channel, alice, bob):
    from tests.e2e.drive import open_table, people_to_move

    people = {"alice": Person(alice.id, "alice", "s-a", "csrf-a"), "bob": Person(bob.id, "bob", "s-b", "csrf-b")}
    webbed.bot.web.state.people = FakePeople(people)
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    row, seats = await people_to_move(webbed, game_id)
    mover = "alice" if row.seats[seats[0]].user_id == alice.id else "bob"
    (watch,) = link_buttons(fake.last_public(channel))
    return row, watch["url"], mover, {"alice": "bob", "bob": "alice"}[mover]


async def test_a_tap_plays_in_place_and_the_other_page_follows(fake, webbed, chromium, channel, alice, bob):
    row, url, mover, other = await a_table(fake, webbed, channel, alice, bob)
    page, errors = await signed_in(chromium, url, mover)
    waiting, other_errors = await signed_in(chromium, url, other)
    assert await page.locator("#play .moves button").count() > 0
    assert await waiting.locator("#play .moves button").count() == 0
    hand = page.locator("#play figure.hand img")
    assert await hand.evaluate("img => img.complete && img.naturalWidth > 0")
    assert "Your cards" in await hand.get_attribute("alt")
    await page.evaluate("() => { window.stayed = true; }")  # gone if the page were loaded again

    await page.locator("#play .moves button").first.click()
    await page.wait_for_function("() => document.querySelector('#play .play-note').textContent === 'Done.'")
    assert await page.evaluate("() => window.stayed === true"), "the tap loaded the page again"
    await webbed.settle()
    after = await webbed.bot.store.get_game(row.id)
    assert after.version == row.version + 1 and after.board_version == after.version  # Discord's board too
    assert await page.locator("#play .moves button").count() == 0  # the mover waits now
    # The other page hears the move on its stream and shows its player's moves by itself.
    await waiting.wait_for_function(
        f"() => document.getElementById('play').dataset.version === '{after.version}'", timeout=8000
    )
    assert await waiting.locator("#play .moves button").count() > 0
    assert not errors and not other_errors, errors + other_errors


async def test_without_script_a_move_is_a_form_and_a_redirect(fake, webbed, chromium, channel, alice, bob):
    row, url, mover, _other = await a_table(fake, webbed, channel, alice, bob)
    page, _errors = await signed_in(chromium, url, mover, script=False)
    second = await page.context.new_page()  # the same page in a second tab, loaded before the move
    await second.goto(url)
    await page.locator("#play .moves button").first.click()
    await page.wait_for_url("**played=1**")
    assert await page.locator("#play .play-note").text_content() == "Done."
    assert (await webbed.bot.store.get_game(row.id)).version == row.version + 1
    # The second tab's form is an old board now: nothing changes, and the page says so.
    await second.locator("#play .moves button").first.click()
    await second.wait_for_url("**refused=board-moved-on**")
    assert "moved on" in await second.locator("#play .play-note").text_content()
    await webbed.settle()
    after = await webbed.bot.store.get_game(row.id)
    assert after.version == row.version + 1 and after.board_version == after.version
