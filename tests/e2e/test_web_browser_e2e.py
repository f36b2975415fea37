"""The web companion in a real browser: headless Chromium from the Debian packages, driven with
Playwright for Python (pointed at /usr/bin/chromium; Playwright never downloads a browser here).

A table page follows a move made through the fake Discord within a second; a replay steps forward
and back with its buttons, slider, arrow keys and ``#move=N``; the server page shows the league.
Without Chromium these tests skip with one line saying how to install it, except under CI
(``CI=true``), where a missing browser fails the run (``.ci/run`` installs it).
"""

from __future__ import annotations

from tests.e2e.drive import open_table, press_a_move
from tests.e2e.test_replay_e2e import play_quickly
from tests.e2e.web_fixtures import link_buttons, start_webbed
from tests.web.test_web_app import until


async def played(fake, webbed, channel, alice, bob):
    """A game of Devil Take The Hindmost played some way in through the fake Discord: its row."""
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await play_quickly(webbed, game_id)
    return await webbed.bot.store.get_game(game_id)


async def test_a_table_page_follows_a_move_made_in_discord(fake, webbed, browser, channel, alice, bob):
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await webbed.settle()
    board = fake.last_public(channel)
    (watch,) = link_buttons(board)
    page = await browser.new_page()
    errors: list[str] = []
    page.on("pageerror", lambda error: errors.append(str(error)))
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
    await page.goto(watch["url"])
    row = await webbed.bot.store.get_game(game_id)
    status = page.locator("#live .status")
    assert await status.get_attribute("data-version") == str(row.version)
    assert await page.locator("html").get_attribute("lang") == "en"
    picture = page.locator("#live figure.board img")
    assert (await picture.get_attribute("alt")).startswith("Board of Devil Take The Hindmost")
    assert await picture.evaluate("img => img.complete && img.naturalWidth > 0")
    # The page holds one event stream, open before the move.
    watchers = webbed.bot.web.state.watchers
    await until(lambda: watchers.streams == 1)

    engine = webbed.bot.table_service.spec("hindmost").engine
    seat = sorted(engine.to_move(engine.load(row.state)))[0]
    mover = alice if row.seats[seat].user_id == alice.id else bob
    controls = await fake.click(mover, board, f"tb:hand:{game_id}")
    await press_a_move(fake, mover, controls.message, game_id)
    after = await webbed.bot.store.get_game(game_id)
    assert after.version > row.version
    # The page changes by itself, from its stream (the wait is for a busy machine, not a figure).
    await page.wait_for_function(
        f"() => document.querySelector('#live .status').dataset.version === '{after.version}'", timeout=5000
    )
    await page.wait_for_function(
        "() => { const i = document.querySelector('#live figure.board img'); return i.complete && i.naturalWidth > 0; }"
    )
    assert f"/board/{after.version}.png" in await picture.get_attribute("src")
    assert await page.locator("#live .lines li").count() >= 1
    assert not errors, errors

    # The language switch: the same page in Dutch, remembered.
    await page.click("nav.languages a[hreflang=nl]")
    assert await page.locator("html").get_attribute("lang") == "nl"
    assert await page.locator("#players-title").text_content() == "Spelers"


async def test_stepping_through_a_replay(fake, webbed, browser, channel, alice, bob):
    row = await played(fake, webbed, channel, alice, bob)
    links = webbed.bot.table_flow.shared.web
    page = await browser.new_page()
    await page.goto(await links.replay_url(row, step=2))
    root = page.locator("#replay")
    total = int(await root.get_attribute("data-total"))
    assert total > 5

    async def shown() -> int:
        step = int(await root.get_attribute("data-step"))
        # The picture follows the text within a moment (at most one picture per 150 ms).
        await page.wait_for_function(
            "s => document.getElementById('step-picture').getAttribute('src').endsWith('/replay/' + s + '.png?lang=en')",
            arg=step,
        )
        assert page.url.endswith(f"#move={step}")
        assert await page.locator("#slider").input_value() == str(step)
        assert (await page.locator("#step-number").text_content()) == f"Move {step} of {total}"
        return step

    assert await shown() == 2  # the address's move
    await page.click("#next")
    assert await shown() == 3
    await page.click("#prev")
    await page.click("#prev")
    assert await shown() == 1
    await page.keyboard.press("ArrowRight")
    await page.keyboard.press("ArrowRight")
    assert await shown() == 3
    await page.keyboard.press("ArrowLeft")
    assert await shown() == 2
    await page.keyboard.press("End")
    assert await shown() == total
    await page.locator("#slider").fill("4")  # the slider, as a drag ends
    assert await shown() == 4
    await page.click("#first")
    assert await shown() == 0
    # Jumping by the address, as a shared link does.
    await page.goto(await links.replay_url(row, step=5))
    assert await shown() == 5
    await page.wait_for_function(
        "() => { const i = document.getElementById('step-picture'); return i.complete && i.naturalWidth > 0; }"
    )
    alt = await page.locator("#step-picture").get_attribute("alt")
    assert alt.startswith("Board of Devil Take The Hindmost. Move 5 of")
    assert await page.locator("#steps li[aria-current]").get_attribute("id") == "move-5"


async def test_the_server_page_shows_the_standings(fake, webbed, browser, channel, alice, bob):
    mod = fake.add_user("mod", manage_guild=True)
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await play_quickly(webbed, game_id)
    await fake.slash(mod, channel, "table", "settings", options={"web_page": True})
    second = fake.add_channel("tweede")
    running = await open_table(fake, webbed, second, "trackgammon", bob, join=[alice])
    await webbed.settle()
    server = await webbed.bot.table_flow.shared.web.server_url(fake.guild_id)
    page = await browser.new_page()
    await page.goto(server)
    rows = page.locator("#standings tbody tr")
    assert await rows.count() == 2
    names = [await rows.nth(i).locator("td").nth(1).text_content() for i in range(2)]
    assert sorted(names) == ["alice", "bob"]
    assert [await rows.nth(i).locator("td").nth(2).text_content() for i in range(2)] == ["1", "1"]
    wins = [await rows.nth(i).locator("td").nth(3).text_content() for i in range(2)]
    assert sorted(wins) == ["0", "1"]
    # The running table links to its own page.
    link = page.locator(f"ul.tables a[href^='/t/{running}/']")
    await link.click()
    assert "Trackgammon" in await page.locator("h1").text_content()


async def test_fast_stepping_costs_few_pictures_and_a_refused_one_comes_back(
    fake, webbed, browser, channel, alice, bob
):
    row = await played(fake, webbed, channel, alice, bob)
    page = await browser.new_page()
    asked: list[str] = []

    async def too_many_once(route):
        # The budget's answer to the first two asks of each picture: 429, Retry-After 1.
        url = route.request.url
        asked.append(url)
        if asked.count(url) <= 2:
            await route.fulfill(status=429, headers={"Retry-After": "1"}, body="too many")
        else:
            await route.continue_()

    await page.route("**/replay/*.png?lang=en", too_many_once)
    await page.goto(await webbed.bot.table_flow.shared.web.replay_url(row, step=0))
    total = int(await page.locator("#replay").get_attribute("data-total"))
    for _ in range(total):  # holding → through the whole game
        await page.keyboard.press("ArrowRight")
    assert await page.locator("#replay").get_attribute("data-step") == str(total)
    await page.wait_for_function(
        "s => { const i = document.getElementById('step-picture');"
        " return i.src.endsWith('/replay/' + s + '.png?lang=en') && i.complete && i.naturalWidth > 0; }",
        arg=total,
        timeout=8000,
    )
    assert len(set(asked)) < total  # not every step's picture was asked for


async def test_a_refused_stream_says_so_and_comes_back_and_a_hidden_page_lets_go(
    fake, webbed, browser, channel, alice, bob
):
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    row = await webbed.bot.store.get_game(game_id)
    streams = webbed.bot.web.state.streams
    page = await browser.new_page()
    asked: list[str] = []

    async def refuse_twice(route):
        # As the server answers a ninth stream from one address: 429.
        asked.append(route.request.url)
        if len(asked) <= 2:
            await route.fulfill(status=429, headers={"Retry-After": "10"}, body="too many")
        else:
            await route.continue_()

    await page.route("**/events?*", refuse_twice)
    await page.goto(await webbed.bot.table_flow.shared.web.table_url(row))
    note = page.locator("#live-note")
    await note.wait_for(state="visible", timeout=5000)
    assert (await note.text_content()).startswith("Live updates paused")
    # Asked again after a pause (about 1 s, then about 2 s): open, and the note gone.
    await note.wait_for(state="hidden", timeout=10_000)
    assert len(asked) == 3 and all(f"?v={row.version}" in url for url in asked)
    await until(lambda: streams.open == 1)

    async def visibility(state: str) -> None:
        await page.evaluate(
            "s => { Object.defineProperty(document, 'visibilityState', {value: s, configurable: true});"
            " document.dispatchEvent(new Event('visibilitychange')); }",
            state,
        )

    await visibility("hidden")
    await until(lambda: streams.open == 0)  # the server sees the stream end at once
    await visibility("visible")
    await until(lambda: streams.open == 1)
    assert len(asked) == 4 and await note.is_hidden()


async def test_time_left_counts_down_and_only_changed_turn_text_is_announced(
    fake, webbed, browser, channel, alice, bob
):
    import json

    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await webbed.settle()
    store = webbed.bot.store
    due = webbed.bot.table_service.clock.now() + 3 * 3600 + 125
    async with store.transaction() as tx:
        await tx.execute(
            "UPDATE games SET deadline = ?, deadline_at = ? WHERE id = ?",
            (json.dumps({"kind": "move", "due": due}), due, game_id),
        )
    row = await store.get_game(game_id)
    page = await browser.new_page()
    await page.goto(await webbed.bot.table_flow.shared.web.table_url(row))
    clock = page.locator("#live time.countdown")
    first = await clock.text_content()
    assert first.startswith("3:02:0") or first.startswith("3:01:5"), first
    await page.wait_for_function("t => document.querySelector('#live time.countdown').textContent !== t", arg=first)
    assert await page.locator("#live .status time").count() == 0  # the ticking is not announced

    # A move: the announced region stays the same node; only the turn's text changes.
    status = page.locator("#live .status")
    await status.evaluate("el => { el.dataset.kept = 'yes'; }")
    turn_before = await page.locator("#live .status .turn").text_content()
    board = fake.last_public(channel)
    engine = webbed.bot.table_service.spec("hindmost").engine
    seat = sorted(engine.to_move(engine.load(row.state)))[0]
    mover = alice if row.seats[seat].user_id == alice.id else bob
    controls = await fake.click(mover, board, f"tb:hand:{game_id}")
    await press_a_move(fake, mover, controls.message, game_id)
    after = await store.get_game(game_id)
    await page.wait_for_function(
        f"() => document.querySelector('#live .status').dataset.version === '{after.version}'", timeout=5000
    )
    assert await status.evaluate("el => el.dataset.kept") == "yes"
    assert await page.locator("#live .status .turn").text_content() != turn_before


async def test_a_replay_keeps_its_step_across_languages_and_a_step_too_far_is_corrected(
    fake, webbed, browser, channel, alice, bob
):
    row = await played(fake, webbed, channel, alice, bob)
    links = webbed.bot.table_flow.shared.web
    page = await browser.new_page()
    await page.goto(await links.replay_url(row, step=4))
    total = int(await page.locator("#replay").get_attribute("data-total"))
    await page.keyboard.press("ArrowRight")
    await page.click("nav.languages a[hreflang=nl]")
    await page.wait_for_function("() => document.documentElement.lang === 'nl'")
    assert await page.locator("#replay").get_attribute("data-step") == "5"
    assert page.url.endswith("#move=5")
    # A step past the end shows the last one, and the address says which.
    await page.goto((await links.replay_url(row)) + f"#move={total + 50}")
    await page.reload()
    assert await page.locator("#replay").get_attribute("data-step") == str(total)
    await page.wait_for_function(f"() => window.location.hash === '#move={total}'")


async def test_the_move_list_is_numbered_once_and_its_step_0_says_what_it_shows(
    fake, webbed, browser, channel, alice, bob
):
    row = await played(fake, webbed, channel, alice, bob)
    page = await browser.new_page()
    await page.goto(await webbed.bot.table_flow.shared.web.replay_url(row, step=0))
    first = page.locator("#move-0")
    assert await first.evaluate("li => getComputedStyle(li).listStyleType") == "none"
    assert (await first.locator(".lines").text_content()).strip() == "The table as the game begins."
    assert await page.locator("#step-lines").text_content() == "The table as the game begins."


async def test_seven_tabs_all_load_and_all_follow_the_game(fake, webbed, browser, channel, alice, bob):
    # Browsers allow six connections per host over HTTP/1.1 and every open stream holds one: the
    # tabs share four stream slots (Web Locks), the others poll, so a seventh tab still loads.
    game_id = await open_table(fake, webbed, channel, "hindmost", alice, join=[bob])
    await webbed.settle()
    row = await webbed.bot.store.get_game(game_id)
    url = await webbed.bot.table_flow.shared.web.table_url(row)
    streams = webbed.bot.web.state.streams
    pages = []
    for _ in range(7):
        page = await browser.new_page()
        await page.goto(url, timeout=15_000)  # before: the seventh never loaded
        pages.append(page)
    await until(lambda: streams.open == 4)
    held = await pages[0].evaluate("async () => (await navigator.locks.query()).held.map(l => l.name).sort()")
    assert held == [f"tafelbot-stream-{i}" for i in range(4)]

    board = fake.last_public(channel)
    engine = webbed.bot.table_service.spec("hindmost").engine
    seat = sorted(engine.to_move(engine.load(row.state)))[0]
    mover = alice if row.seats[seat].user_id == alice.id else bob
    controls = await fake.click(mover, board, f"tb:hand:{game_id}")
    await press_a_move(fake, mover, controls.message, game_id)
    after = await webbed.bot.store.get_game(game_id)
    assert after.version > row.version
    for page in pages:  # the streaming tabs at once, the polling ones within a poll (3 s)
        await page.wait_for_function(
            f"() => document.querySelector('#live .status').dataset.version === '{after.version}'", timeout=10_000
        )
    # A streaming tab closed gives its slot to a polling one.
    await pages[0].close()
    await until(lambda: streams.open == 4, seconds=8)
    # An eighth tab still loads.
    extra = await browser.new_page()
    await extra.goto(url, timeout=15_000)
    # More time on the clock is news without a new version: the polling tabs hear of it too.
    service = webbed.bot.table_service
    moved = await service.stand_still(await webbed.bot.store.get_game(game_id), 1800)
    assert moved is not None and moved.version == after.version
    due = service.deadline_of(moved).due
    for page in [*pages[1:], extra]:
        await page.wait_for_function(
            f"() => parseFloat(document.querySelector('#live time.countdown').dataset.due) === {due}", timeout=10_000
        )


async def test_signing_in_with_discord_and_out_again(fake, capture, tmp_path, browser, channel, alice, bob):
    tafel = await start_webbed(fake, tmp_path, signin=True)
    try:
        game_id = await open_table(fake, tafel, channel, "hindmost", alice, join=[bob])
        row = await tafel.bot.store.get_game(game_id)
        url = await tafel.bot.table_flow.shared.web.table_url(row)
        fake.oauth.sign_in_as(alice)
        page = await browser.new_page()
        errors: list[str] = []
        page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)
        await page.goto(url)
        # Through the fake Discord's authorize page (it approves as Alice) and back to this table.
        await page.click("header .who a")
        await page.locator("header .who form").wait_for(timeout=10_000)
        assert page.url == url
        who = page.locator("header .who")
        assert (await who.text_content()).split()[:4] == ["Signed", "in", "as", "alice"]
        (cookie,) = [c for c in await browser.cookies() if c["name"] == "tafelbot_session"]
        assert cookie["httpOnly"] and cookie["sameSite"] == "Lax" and not cookie["secure"]  # (http here)
        assert "tafelbot_session" not in await page.evaluate("document.cookie")  # HttpOnly: no script reads it
        html = await page.content()
        assert str(alice.id) not in html and cookie["value"] not in html
        # Signing out is a form POST (Origin and Sec-Fetch-Site from the browser, the CSRF token
        # from the form): the session is gone, the page offers signing in again.
        await page.click("header .who button")
        await page.locator("header .who a").wait_for(timeout=10_000)
        assert page.url == url
        assert (await who.text_content()).strip() == "Sign in with Discord"
        assert await tafel.bot.store.fetch("SELECT * FROM web_sessions") == []
        assert not errors, errors
    finally:
        await tafel.stop()
