"""A Dutch person inside Discord's frame (the stand-in of ``tests.e2e.discord_frame``) sees every
part of the table page in Dutch: their own part (its title, whose turn, the moves, what a move
answers) and every picture, as the page first loads and as the game moves on. Inside the frame the
site's language cookie (SameSite=Lax) is neither kept nor sent: each request names the language."""

from __future__ import annotations

from locales import tr
from table.alt_text import plain
from table.text import who
from tests.e2e.discord_frame import DISCORD, PROXY, activity_frame, frame_address, frame_query, in_discord
from tests.web.conftest import BOB, GUILD

# Counts the player's part shown (play.js's "tafelbot:plan" after each answer put in place).
COUNT_PARTS = "document.addEventListener('tafelbot:plan', () => { window.parts = (window.parts || 0) + 1; }, true);"


async def dutch_part(frame, site, game_id: int) -> None:
    """Everything in the player's part is the Dutch text, and every picture is drawn in Dutch."""
    row = await site.service.get(game_id)
    spec = site.service.spec(row.game)
    state = site.service.state_of(row)
    bob = next(i for i, s in enumerate(row.seats) if s.user_id == BOB.user_id)
    to_move = sorted(spec.engine.to_move(state))
    has_hand = spec.render_hand is not None and row.game != "duvelen"
    assert await frame.locator("#own-title").text_content() == tr(
        "nl", "web-play-title" if has_hand else "web-play-moves"
    )
    lines = await frame.locator("#play .play-line").all_text_contents()
    if bob in to_move:
        assert lines == [tr("nl", "controls-your-turn")]
        view = spec.engine.view(state, bob)
        labels = {a: spec.action_label(view, a, locale="nl") for a in spec.engine.offered_actions(state, bob)}
        buttons = frame.locator("#play .moves ul:not([hidden]) button[data-action]")
        shown = {await b.get_attribute("data-action"): await b.text_content() for b in await buttons.all()}
        assert shown == labels
        if has_hand:
            assert await frame.locator("#moves-title").text_content() == tr("nl", "web-play-moves")
    else:
        waiting = who(row.seats, to_move, mention=False, lang="nl")
        assert lines == [plain(tr("nl", "controls-waiting", players=waiting))]
    # Names as typed ("Alice <b>&amp;"): no backslash Discord's markdown needed.
    alts = await frame.eval_on_selector_all("#play img", "(all) => all.map((img) => img.alt)")
    assert not [text for text in lines + alts if "\\" in text or "!." in text]
    pictures = await frame.eval_on_selector_all("img", "(all) => all.map((img) => img.getAttribute('src'))")
    drawn = [src for src in pictures if not src.startswith("/seat/")]
    assert drawn and all(src.endswith("?lang=nl") for src in drawn), drawn


async def bobs_turn(site, game_id: int) -> bool:
    row = await site.service.get(game_id)
    bob = next(i for i, s in enumerate(row.seats) if s.user_id == BOB.user_id)
    return bob in site.service.spec(row.game).engine.to_move(site.service.state_of(row))


async def test_a_dutch_persons_part_and_pictures_stay_dutch_inside_discords_frame(browser, site, discord):
    game_id = await site.new_game("hindmost", channel=1)  # a table in English; Alice moves first
    discord.add_user(BOB.user_id, BOB.name, locale="nl")  # Bob's Discord is in Dutch
    await browser.add_init_script(COUNT_PARTS)
    instance = discord.activities.launch(BOB.user_id, GUILD, 1).instance_id
    page, reached, errors = await in_discord(
        browser, site, f"{DISCORD}/channels/{GUILD}/1", frame_address(instance, 1), discord.code_for(BOB.user_id)
    )
    table = f"{PROXY}{await site.address(game_id)}".replace(PROXY + "/t/", PROXY + "/activity/t/")
    frame = activity_frame(page)
    await frame.wait_for_url(f"{table}?lang=nl&{frame_query(instance, 1)}")
    assert await frame.locator("html").get_attribute("lang") == "nl"
    await frame.wait_for_function("() => window.parts >= 1")  # play.js asked for the part once
    await dutch_part(frame, site, game_id)  # waiting for Alice

    while not await bobs_turn(site, game_id):
        await site.move(game_id)  # Alice moves: the stream's news brings Bob's turn
    version = (await site.service.get(game_id)).version
    await frame.wait_for_function(f"() => document.getElementById('play').dataset.version === '{version}'")
    await dutch_part(frame, site, game_id)
    before = await frame.evaluate("window.parts")
    await frame.locator("#play button[data-action]").first.click()  # Bob's move
    await frame.wait_for_function(f"() => window.parts > {before}")
    await frame.wait_for_function("() => document.querySelector('#play .play-note').textContent !== ''")
    assert int(await frame.locator("#play").get_attribute("data-version")) > version
    assert await frame.locator("#play .play-note").text_content() == tr("nl", "played-ok")
    await dutch_part(frame, site, game_id)
    assert not errors, errors


async def test_a_game_without_a_hand_says_your_moves_in_dutch_inside_discords_frame(browser, site, discord):
    game_id = await site.new_game("trackgammon", channel=1)
    discord.add_user(BOB.user_id, BOB.name, locale="nl")
    await browser.add_init_script(COUNT_PARTS)
    instance = discord.activities.launch(BOB.user_id, GUILD, 1).instance_id
    page, _reached, errors = await in_discord(
        browser, site, f"{DISCORD}/channels/{GUILD}/1", frame_address(instance, 1), discord.code_for(BOB.user_id)
    )
    frame = activity_frame(page)
    await frame.wait_for_function("() => window.parts >= 1")
    await dutch_part(frame, site, game_id)  # "Jouw zetten", not "Jouw hand en zetten"
    assert await frame.locator("#play figure.hand").count() == 0
    assert not errors, errors
