"""Playing a game through the fake Discord the way a person does: buttons only."""

from __future__ import annotations


async def open_table(fake, tafel, channel, game, host, *, join=(), computers=0, options=None):
    """``/game new``, others press Join, the host presses Add computer and Start."""
    new = await fake.slash(host, channel, game, "new", options=options or {})
    lobby = new.message
    assert not new.ephemeral and lobby.embeds

    def button(op):
        return next(b["custom_id"] for b in lobby.buttons() if b["custom_id"].endswith(f":{op}"))

    for user in join:
        await fake.click(user, lobby, button("join"))
    for _ in range(computers):
        await fake.click(host, lobby, button("add-computer"))
    await fake.click(host, lobby, button("start"))
    row = await tafel.bot.store.open_game_in_channel(channel)
    assert row is not None and row.status == "active"
    return row.id


async def people_to_move(tafel, game_id):
    """The people who may act now (the test's own knowledge, to drive the right person)."""
    await tafel.settle()
    row = await tafel.bot.store.get_game(game_id)
    if row.status != "active":
        return row, []
    engine = tafel.bot.table_service.spec(row.game).engine
    seats = sorted(engine.to_move(engine.load(row.state)))
    return row, [s for s in seats if row.seats[s].human]


def normal_move(spec, state, seat: int, version: int) -> str:
    """The move the normal computer would make for ``seat`` (people who play it end a game two
    people would otherwise drag out: random Trackgammon takes thousands of moves)."""
    from table.levels import level_of

    legal = spec.engine.legal_actions(state, seat)
    return spec.choose(spec.engine.view(state, seat), legal, version, None, level_of(None))


async def press_a_move(fake, user, message, game_id, pick=0, *, wanted=None):
    """On a private controls message: open groups and pages until a move button shows, press it;
    ``wanted``: that action where it shows (a button or a select menu's option), the groups
    looked through for it first."""
    for depth in range(5):
        if wanted is not None:
            hit = [b for b in message.buttons() if b["custom_id"].endswith(f":{wanted}")]
            hit = [b for b in hit if b["custom_id"].startswith(f"tb:act:{game_id}:")]
            if hit:
                reply = await fake.click(user, message, hit[0]["custom_id"])
                return await confirmed(fake, user, reply, game_id)
            for menu in message.selects():
                if menu["custom_id"].startswith(f"tb:pick:{game_id}:") and wanted in [
                    o["value"] for o in menu["options"]
                ]:
                    return await fake.select(user, message, menu["custom_id"], [wanted])
            groups = [
                b for b in message.buttons() if b["custom_id"].startswith(f"tb:nav:{game_id}:") and not b["disabled"]
            ]
            if groups and depth < 3:
                message = (await fake.click(user, message, groups[(pick + depth) % len(groups)]["custom_id"])).message
                continue
        acts = [b for b in message.buttons() if b["custom_id"].startswith(f"tb:act:{game_id}:")]
        # Never take a move back: a person who keeps undoing never finishes.
        acts = [b for b in acts if not b["custom_id"].endswith(":undo")] or acts
        # One move at a time, as before whole turns were offered (Manöver's green buttons).
        acts = [b for b in acts if "," not in b["custom_id"].split(":", 4)[4]] or acts
        if acts:
            reply = await fake.click(user, message, acts[pick % len(acts)]["custom_id"])
            assert reply.ephemeral
            return await confirmed(fake, user, reply, game_id)
        menus = [m for m in message.selects() if m["custom_id"].startswith(f"tb:pick:{game_id}:")]
        if menus:  # many actions: a select menu is one pick
            menu = menus[pick % len(menus)]
            options = [o["value"] for o in menu["options"]]
            reply = await fake.select(user, message, menu["custom_id"], [options[pick % len(options)]])
            assert reply.ephemeral
            return reply
        groups = [b for b in message.buttons() if b["custom_id"].startswith(f"tb:nav:{game_id}:") and not b["disabled"]]
        assert groups, f"no move and no group button on {message.buttons()}"
        reply = await fake.click(user, message, groups[pick % len(groups)]["custom_id"])
        message = reply.message
    raise AssertionError("no move button after opening five levels")


async def confirmed(fake, user, reply, game_id):
    """An action that asked "are you sure?" (Duvelen's Done): yes."""
    sure = [b for b in reply.message.buttons() if b["custom_id"].startswith(f"tb:sure:{game_id}:")]
    if not sure:
        return reply
    return await fake.click(user, reply.message, sure[0]["custom_id"])


async def play_to_the_end(fake, tafel, channel, game_id, users, *, limit=3000):
    """Every person to move presses "My hand / play" on the latest board and then a move."""
    for step in range(limit):
        row, seats = await people_to_move(tafel, game_id)
        if row.status != "active":
            return row
        seat = seats[0]
        user = users[row.seats[seat].user_id]
        board = fake.last_public(channel)
        controls = await fake.click(user, board, f"tb:hand:{game_id}")
        assert controls.ephemeral
        await press_a_move(fake, user, controls.message, game_id, pick=step)
    raise AssertionError(f"game {game_id} did not end within {limit} moves")


def ever_showed(message, filename: str) -> bool:
    """Whether a message carried ``filename`` now or in any earlier version (edits replace files)."""
    if any(name == filename for name, _ in message.files):
        return True
    return any(a.get("filename") == filename for version in message.versions for a in version.get("attachments") or [])


def private_pictures(fake, filename: str = "hand.png"):
    return [m for m in fake.all_messages() if ever_showed(m, filename)]
