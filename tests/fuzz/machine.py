"""The fuzz suite's state machine: random people doing random things to the real bot.

Rules open tables of every registered game (random and malformed options), run the lobby and game
commands as random users (seated players, strangers, the host, a moderator), type legal, illegal
and very long actions, ask for autocompletion, press any button on any message the user can see
(the current board or a stale one) and send forged button ids. ``FuzzWorld.interact`` checks the
invariants after every step; ``advance`` plays the game forward as the person to move would, so
games reach their live phases and their end.
"""

from __future__ import annotations

import os
import tempfile
from pathlib import Path

from hypothesis import strategies as st
from hypothesis.stateful import RuleBasedStateMachine, invariant, rule

from tests.conformance import action_command, checks_of
from tests.fuzz.world import GAMES, TOTALS, FuzzWorld

LOBBY_COMMANDS = ("join", "leave", "add-computer", "remove-computer", "start", "cancel", "board", "hand", "resign")
NAMES = st.sampled_from(
    ["<@1>", "@everyone", "@here", "**bold**", "`code`", "🎲🃏", "<@&123>", "||spoiler||", "a" * 100, ""]
)
HUGE = st.sampled_from(["99999999999999999999999", "9" * 18, "0", "-1", "1e9", "", " ", "١٢"])
JUNK_ACTIONS = st.one_of(
    st.text(max_size=30),
    st.sampled_from(["", " ", "undo", "stop", "turn", "done", "keep:1:a", "!resign", "!quiet", "JK+7H", "1f1", "3-1"]),
    st.builds(lambda n, c: c * n, st.integers(1000, 6000), st.sampled_from(["x", "<@1>", "@everyone ", "🃏"])),
    NAMES,
)


def options_for(game: str):
    """Options a person might type, mostly short games, sometimes out of range (the client refuses):
    the game's own ``GameChecks.fuzz_options`` (``tests/conformance.py``), else its short game."""
    checks = checks_of(game)
    return checks.fuzz_options() if checks.fuzz_options is not None else st.just(dict(checks.short_game))


# Game ids 1..12 are the tables a case opens (ids count from 1 in a fresh database), so forged
# ids often name a real game: another game's buttons, a version long gone.
GAME_ID = st.integers(0, 12).map(str) | st.sampled_from([str(10**18), str(2**63)]) | HUGE


def forged_ids():
    gid = GAME_ID
    return st.one_of(
        st.builds(lambda g, op: f"tb:lobby:{g}:{op}", gid, st.sampled_from(["join", "start", "cancel", "explode", ""])),
        st.builds(lambda g: f"tb:hand:{g}", gid),
        st.builds(lambda g, v, a: f"tb:act:{g}:{v}:{a}", gid, HUGE | st.integers(0, 50).map(str), JUNK_ACTIONS),
        st.builds(lambda g, v, gr, p: f"tb:nav:{g}:{v}:{gr}:{p}", gid, HUGE, HUGE, HUGE),
        st.sampled_from(["tb:", "tb:act:1:0:", "tb:::", "tb:hand:", "tb:x:1", "tb:lobby:1:join:extra"]),
        st.text(max_size=100).map(lambda t: "tb:" + t),
    )


class TafelFuzz(RuleBasedStateMachine):
    def __init__(self) -> None:
        super().__init__()
        self.folder = tempfile.TemporaryDirectory(prefix="tafel-fuzz-")
        self.world = FuzzWorld(Path(self.folder.name) / "tafel.sqlite3")
        self.game_ids: list[int] = []

    def teardown(self) -> None:
        world = self.world
        try:
            world.run(world.check_public("teardown"))
            finished = world.db.execute("SELECT count(*) FROM games WHERE status = 'finished'").fetchone()[0]
            TOTALS.games_finished += finished
            self._note_games()
            TOTALS.games_opened += len(self.game_ids)
        finally:
            world.close()
            self.folder.cleanup()

    # -- choosing people ---------------------------------------------------------------------------

    def user(self, index: int):
        return self.world.users[index % len(self.world.users)]

    def channel(self, index: int) -> int:
        return self.world.channels[index % len(self.world.channels)]

    def _named(self, rule: str, **parts) -> None:
        self.world.step_name = f"{rule}(" + ", ".join(f"{k}={v!r:.60}" for k, v in parts.items()) + ")"

    # -- rules ---------------------------------------------------------------------------------

    @rule(data=st.data(), game=st.sampled_from(GAMES), who=st.integers(0, 20), where=st.integers(0, 5))
    def open_table(self, data, game, who, where):
        options = data.draw(options_for(game))  # depends only on ``game``, drawn just before
        user, channel = self.user(who if who % 3 else 0), self.channel(where)
        self._named("open_table", game=game, user=user.name, channel=channel, options=options)
        world = self.world
        world.run(world.interact(f"/{game} new", lambda: world.fake.slash(user, channel, game, "new", options=options)))
        self._note_games()

    @rule(
        game=st.sampled_from(GAMES),
        where=st.integers(0, 5),
        joining=st.integers(0, 2),
        computers=st.integers(0, 3),
        by_command=st.booleans(),
    )
    def set_up_game(self, game, where, joining, computers, by_command):
        """A table as people really open one: the host opens it, friends join, computers fill up, start."""
        world = self.world
        channel = self.channel(where)
        if world.run(world.bot.store.open_game_in_channel(channel)) is not None:
            return
        options = dict(checks_of(game).short_game)
        host = world.people[0]
        self._named("set_up_game", game=game, channel=channel)
        world.run(world.interact(f"/{game} new", lambda: world.fake.slash(host, channel, game, "new", options=options)))
        row = world.run(world.bot.store.open_game_in_channel(channel))
        if row is None:
            return
        lobby = next(
            (
                m
                for m in world.fake.channel_messages(channel)
                if any(b["custom_id"] == f"tb:lobby:{row.id}:start" for b in m.buttons())
            ),
            None,
        )

        async def lobby_op(user, op):
            if by_command or lobby is None:
                return await world.fake.slash(user, channel, game, op)  # the ops are named as the commands
            return await world.fake.click(user, lobby, f"tb:lobby:{row.id}:{op}")

        for user in world.people[1 : 1 + joining]:
            world.run(world.interact("set up: join", lambda u=user: lobby_op(u, "join")))
        for _ in range(computers):
            world.run(world.interact("set up: add computer", lambda: lobby_op(host, "add-computer")))
        world.run(world.interact("set up: start", lambda: lobby_op(host, "start")))
        self._note_games()

    def _note_games(self) -> None:
        ids = [r[0] for r in self.world.db.execute("SELECT id FROM games ORDER BY id").fetchall()]
        self.game_ids = ids

    @rule(
        game=st.sampled_from(GAMES),
        command=st.sampled_from(LOBBY_COMMANDS),
        who=st.integers(0, 20),
        where=st.integers(0, 5),
    )
    def table_command(self, game, command, who, where):
        user, channel = self.user(who), self.channel(where)
        self._named("table_command", game=game, command=command, user=user.name, channel=channel)
        world = self.world
        world.run(world.interact(f"/{game} {command}", lambda: world.fake.slash(user, channel, game, command)))

    # Every rule draws the same things whatever the bot's state (hypothesis requires that: the
    # bot is not deterministic), and picks among what exists with ``pick % len``.
    @rule(
        game=st.sampled_from(GAMES),
        who=st.integers(0, 20),
        where=st.integers(0, 5),
        legal=st.booleans(),
        action=JUNK_ACTIONS,
        pick=st.integers(0, 10**6),
    )
    def play_command(self, game, who, where, legal, action, pick):
        world = self.world
        user, channel = self.user(who), self.channel(where)
        if legal:
            options = world.run(self._legal_actions(channel))
            if options:
                user, action = options[pick % len(options)]
        verb = action_command(game)
        self._named("play_command", game=game, user=user.name, channel=channel, action=action)
        world.run(
            world.interact(
                f"/{game} {verb}", lambda: world.fake.slash(user, channel, game, verb, options={"action": action})
            )
        )

    @rule(game=st.sampled_from(GAMES), who=st.integers(0, 20), where=st.integers(0, 5), typed=JUNK_ACTIONS)
    def autocomplete(self, game, who, where, typed):
        world = self.world
        user, channel = self.user(who), self.channel(where)
        verb = action_command(game)
        self._named("autocomplete", game=game, user=user.name, typed=typed)

        async def ask():
            choices = await world.fake.autocomplete(
                user, channel, game, verb, options={"action": typed[:100]}, focused="action"
            )
            assert len(choices) <= 25, f"{len(choices)} autocomplete choices (Discord allows 25)"
            return choices

        world.run(world.interact("autocomplete", ask))

    @rule(who=st.integers(0, 20), pick=st.integers(0, 10**6), newest=st.booleans())
    def click_seen(self, who, pick, newest):
        """Press any enabled button on any message the user can see: current or stale."""
        world = self.world
        user = self.user(who)
        buttons = [
            (m, b["custom_id"])
            for m in world.visible_messages(user)
            for b in m.buttons()
            if b["custom_id"] and not b["disabled"] and not m.loading
        ]
        if not buttons:
            return
        message, custom_id = buttons[-1 - pick % min(len(buttons), 8)] if newest else buttons[pick % len(buttons)]
        self._named("click_seen", user=user.name, message=message.id, custom_id=custom_id)
        world.run(
            world.interact(
                f"click {custom_id.split(':')[1] if ':' in custom_id else custom_id}",
                lambda: world.fake.click(user, message, custom_id),
            )
        )

    @rule(who=st.integers(0, 20), pick=st.integers(0, 10**6), forged=forged_ids())
    def forged_click(self, who, pick, forged):
        """A button id nobody made, sent as if it were on a message the user can see."""
        world = self.world
        user = self.user(who)
        messages = [m for m in world.visible_messages(user) if not m.loading]
        if not messages:
            return
        message = messages[pick % len(messages)]
        custom_id = forged[:100]
        if not custom_id:
            return
        self._named("forged_click", user=user.name, message=message.id, custom_id=custom_id)
        world.run(world.interact("forged click", lambda: _forged_click(world.fake, user, message, custom_id)))

    @rule(pick=st.integers(0, 10**6), moves=st.integers(1, 30))
    def advance(self, pick, moves):
        """The people to move press My hand and a move, as a person would: games go on and end."""
        world = self.world
        for step in range(moves):
            row = world.run(self._active_row(pick))
            if row is None:
                return
            engine = world.bot.table_service.spec(row.game).engine
            state = engine.load(row.state)
            movers = [s for s in sorted(engine.to_move(state)) if row.seats[s].human and engine.legal_actions(state, s)]
            if not movers:
                return
            seat = movers[(pick + step) % len(movers)]
            user = next(u for u in world.users if u.id == row.seats[seat].user_id)
            boards = [
                m
                for m in world.fake.channel_messages(row.channel_id)
                if any(b["custom_id"] == f"tb:hand:{row.id}" for b in m.buttons())
            ]
            if not boards:
                return
            self._named("advance/hand", game=row.game, user=user.name)
            board, hand_id = boards[-1], f"tb:hand:{row.id}"
            controls = world.run(
                world.interact("advance: my hand", lambda u=user, b=board, h=hand_id: world.fake.click(u, b, h))
            )
            if controls is None or controls.message is None:
                return
            message = controls.message
            for _ in range(4):
                acts = [
                    b for b in message.buttons() if b["custom_id"].startswith(f"tb:act:{row.id}:") and not b["disabled"]
                ]
                acts = [b for b in acts if not b["custom_id"].endswith(":undo")] or acts
                if acts:
                    custom_id = acts[(pick + step) % len(acts)]["custom_id"]
                    self._named("advance/act", game=row.game, user=user.name, custom_id=custom_id)
                    world.run(world.interact("advance: move", lambda: world.fake.click(user, message, custom_id)))  # noqa: B023
                    break
                menus = [m for m in message.selects() if m["custom_id"].startswith(f"tb:pick:{row.id}:")]
                if menus:
                    menu = menus[(pick + step) % len(menus)]
                    value = menu["options"][(pick + step) % len(menu["options"])]["value"]
                    self._named("advance/pick", game=row.game, user=user.name, value=value)
                    world.run(
                        world.interact(
                            "advance: pick",
                            lambda: world.fake.select(user, message, menu["custom_id"], [value]),  # noqa: B023
                        )
                    )
                    break
                navs = [
                    b for b in message.buttons() if b["custom_id"].startswith(f"tb:nav:{row.id}:") and not b["disabled"]
                ]
                if not navs:
                    break
                custom_id = navs[(pick + step) % len(navs)]["custom_id"]
                reply = world.run(world.interact("advance: group", lambda: world.fake.click(user, message, custom_id)))  # noqa: B023
                if reply is None or reply.message is None:
                    break
                message = reply.message

    @invariant()
    def nothing_logged(self):
        world = self.world
        errors = [r for r in world.capture.records if not world.capture.is_allowed(r)]
        if errors:
            raise world.broken(
                f"after step {world.steps}: {world.step_name}: ERROR logged: {[r.getMessage() for r in errors]}"
            )

    # -- helpers ---------------------------------------------------------------------------------

    async def _active_row(self, pick: int):
        rows = [r for r in await self.world.rows() if r.status == "active"]
        return rows[pick % len(rows)] if rows else None

    async def _legal_actions(self, channel: int) -> list:
        """(user, action) pairs someone seated could legally play now at the table in ``channel``."""
        world = self.world
        row = await world.bot.store.open_game_in_channel(channel)
        if row is None or row.status != "active":
            return []
        engine = world.bot.table_service.spec(row.game).engine
        state = engine.load(row.state)
        pairs = []
        for seat in sorted(engine.to_move(state)):
            user = next((u for u in world.users if u.id == row.seats[seat].user_id), None)
            if user is not None:
                pairs += [(user, a) for a in engine.legal_actions(state, seat)[:10]]
        return pairs


async def _forged_click(fake, user, message, custom_id: str):
    """A click on a button the bot never made (a modified client, a message from an older version
    of the bot): the interaction carries the message with that button added, as Discord would
    send it had the button been there."""
    from tests.e2e.fake.protocol import MESSAGE_COMPONENT
    from tests.e2e.fake.world import stored_components

    data = {"custom_id": custom_id, "component_type": 2}
    channel = fake.world.channel_or_error(message.channel_id)
    payload = fake._payloads.interaction_payload(MESSAGE_COMPONENT, user, channel, data, None)
    shown = message.to_dict()
    row = {"type": 1, "components": [{"type": 2, "style": 2, "label": "forged", "custom_id": custom_id}]}
    shown["components"] = stored_components([*shown.get("components", [])[:4], row])  # numbered as Discord does
    payload["message"] = shown
    record = fake._new_record(MESSAGE_COMPONENT, user, channel, payload, f"forged button {custom_id!r}")
    record.source_message = message
    return await fake._run(record, None, True)


def steps_per_case(default: int) -> int:
    return int(os.environ.get("TAFELBOT_FUZZ_STEPS", default))
