"""The Activity behind the stand-in of Discord's proxy as Discord documents it
(``tests.e2e.discord_frame``): the ``/.proxy/`` prefix maps as the path without it, Discord's
content security policy holds inside the frame, and everyone reaches the site from the proxy's one
address: two people at one table, each in their own language, both play."""

from __future__ import annotations

from tests.e2e.discord_frame import (
    DISCORD,
    DISCORD_CSP,
    PROXY,
    PROXY_ADDRESS,
    activity_frame,
    frame_query,
    handshakes,
    in_discord,
    phone_browser,
    until,
)
from tests.web.conftest import ALICE, BOB, GUILD


async def test_the_activity_works_under_the_proxy_prefix_and_discords_policy(browser, site, discord):
    game_id = await site.new_game("nim", channel=1)
    instance = discord.activities.launch(ALICE.user_id, GUILD, 1).instance_id
    query = frame_query(instance, 1)
    page, reached, errors = await in_discord(
        browser, site, f"{DISCORD}/channels/{GUILD}/1", f"{PROXY}/.proxy/?{query}", discord.code_for(ALICE.user_id)
    )
    frame = activity_frame(page)
    token = (await site.address(game_id)).rsplit("/", 1)[1]
    await frame.wait_for_url(f"{PROXY}/activity/t/{game_id}/{token}?lang=en&{query}")
    await frame.wait_for_selector("#play .play-line")
    await handshakes(page, 2)
    assert reached[0][1] == "/"  # /.proxy/ reached the site's own first page
    # Discord's policy holds in the frame: another site cannot be asked, the proxy and Discord's API can.
    blocked = await frame.evaluate("""() => fetch('https://example.org/x').then(() => 'fetched', (e) => 'refused')""")
    assert blocked == "refused"
    policy = await frame.evaluate("() => fetch(location.href).then((a) => a.headers.get('content-security-policy'))")
    assert policy.endswith(f", {DISCORD_CSP}") and "frame-ancestors" in policy  # Discord's beside the site's
    errors[:] = [e for e in errors if "example.org" not in e]  # the refusal the browser logs
    assert not errors, errors


async def test_two_people_behind_the_proxys_one_address_play_in_their_own_languages(browser, site, discord, tmp_path):
    game_id = await site.new_game("nim", channel=1)
    discord.add_user(BOB.user_id, BOB.name, locale="nl")
    site.app.settings.trust_forwarded = True  # the site behind a proxy: it sees the proxy's address
    seen: list[str] = []
    for budget in (site.app.budget, site.app.person_budget):
        budget.take = lambda payer, take=budget.take: (seen.append(payer), take(payer))[1]
    token = (await site.address(game_id)).rsplit("/", 1)[1]
    frames = {}
    async with phone_browser(tmp_path / "bob") as second:
        for person, context, lang in ((ALICE, browser, "en"), (BOB, second, "nl")):
            own = discord.activities.launch(person.user_id, GUILD, 1).instance_id
            page, _reached, errors = await in_discord(
                context,
                site,
                f"{DISCORD}/channels/{GUILD}/1",
                f"{PROXY}/?{frame_query(own, 1)}",
                discord.code_for(person.user_id),
            )
            frame = activity_frame(page)
            await frame.wait_for_url(f"{PROXY}/activity/t/{game_id}/{token}?lang={lang}&{frame_query(own, 1)}")
            await frame.wait_for_selector("#play .play-line")
            assert await frame.locator("html").get_attribute("lang") == lang
            frames[person.user_id] = (frame, errors)
        for _turn in range(2):  # whoever is to move taps a move; the other's page follows
            row = await site.service.get(game_id)
            mover = row.seats[min(site.service.spec("nim").engine.to_move(site.service.state_of(row)))].user_id
            frame, errors = frames[mover]
            await frame.wait_for_function(f"() => document.getElementById('play').dataset.version === '{row.version}'")
            await frame.locator("#play button[data-action]").first.click()
            await until(lambda v=row.version: moved(site, game_id, v))
        for _frame, errors in frames.values():
            assert not errors, errors
    # Everyone came from the proxy's one address: whatever paid from the budget was a person's
    # session or that address, never another.
    assert all(payer.startswith("person:") or payer == PROXY_ADDRESS for payer in seen), set(seen)


async def moved(site, game_id: int, version: int) -> bool:
    return (await site.service.get(game_id)).version > version
