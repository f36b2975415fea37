"""The command line (``tafelbot`` and its subcommands ``simulate``, ``migrate-db``, ``backup``,
``web``, ``sync``): parses the arguments and hands each command to the module that does it."""

from __future__ import annotations

import argparse
import asyncio
import logging
import os
import sys
from pathlib import Path

from startup.config import ConfigError, environment, load_config
from startup.running import run, run_loop
from table.registry import GAME_KEYS
from web.activity_config import ActivityConfigError, activity_config
from web.config import WebConfigError, web_config


def backup_command(file: str, *, db: str | None, force: bool) -> int:
    from db.backup import BackupError, backup, database_location

    if db is None:
        try:
            from dotenv import load_dotenv

            load_dotenv(override=False)  # TAFELBOT_DB may be set in .env, as for the bot itself
        except ImportError:  # pragma: no cover - python-dotenv is a dependency
            pass
    try:
        report = backup(database_location(db), file, force=force)
    except BackupError as error:
        print(f"tafelbot backup: {error}", file=sys.stderr)
        return 1
    print(f"Backed up {report.source} to {report.target} ({report.size / 1024:.0f} KB, integrity ok).")
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="tafelbot", description="A Discord bot that hosts tabletop games.")
    sub = parser.add_subparsers(dest="command")
    sim = sub.add_parser(
        "simulate",
        help="play a whole game between computer players and save the pictures",
        description="Play a whole game between computer players (no Discord, no database) and write the "
        "picture after every move to a folder: move-0000.png is the start, then one per move.",
    )
    sim.add_argument("game", choices=GAME_KEYS, help="which game to play")
    sim.add_argument("--players", type=int, default=None, help="number of players (default: the game's minimum + 1)")
    sim.add_argument(
        "--seed",
        type=int,
        default=1,
        help="deals the cards and rolls the dice: the same seed plays the same game (default: 1)",
    )
    sim.add_argument(
        "--out", default="out", help="folder for the pictures (default: ./out); it must be empty, see --clear"
    )
    sim.add_argument(
        "--clear",
        action="store_true",
        help="first delete the pictures of an earlier simulate run in the --out folder (other files are never deleted)",
    )
    sim.add_argument("--gif", action="store_true", help="also write an animated replay.gif of the whole game")
    sim.add_argument(
        "--locale", default="en", choices=("en", "nl"), help="language of the words on the pictures (default: en)"
    )
    copy = sub.add_parser(
        "migrate-db",
        help="copy a whole database between SQLite and PostgreSQL (stop the bot first)",
        description="Copy every game, move log, result, rating and setting from SOURCE to the empty TARGET, "
        "then compare row counts and checksums. Each is a SQLite file path or a postgresql:// URL.",
    )
    copy.add_argument("source", help="the database to copy (e.g. data/tafelbot.sqlite3)")
    copy.add_argument("target", help="an empty database (e.g. postgresql://tafelbot@localhost/tafelbot)")
    bak = sub.add_parser("backup", help="copy the database to FILE (safe while the bot runs)")
    bak.add_argument("file", help="the copy to write (a new file)")
    bak.add_argument("--db", default=None, help="the database (default: $TAFELBOT_DB or data/tafelbot.sqlite3)")
    bak.add_argument("--force", action="store_true", help="replace FILE if it exists")
    sub.add_parser(
        "sync",
        help="send the command list to Discord now, even if unchanged, and exit",
        description="Send the slash commands to Discord (to TAFELBOT_DEV_GUILD if set, else globally) whether "
        "or not they changed since the last sync, then exit. The bot itself syncs at start-up only when they changed.",
    )
    sub.add_parser(
        "web",
        help="serve the web companion on its own (PostgreSQL; several may run behind a proxy)",
        description="Serve the read-only web pages (TAFELBOT_WEB_URL, TAFELBOT_WEB_PORT) from the PostgreSQL "
        "database in TAFELBOT_DB, learning of moves through LISTEN/NOTIFY. No DISCORD_TOKEN needed.",
    )
    args = parser.parse_args(argv)

    if args.command == "web":
        return web_command()

    if args.command == "backup":
        return backup_command(args.file, db=args.db, force=args.force)

    if args.command == "migrate-db":
        return migrate_db_command(args.source, args.target)

    if args.command == "simulate":
        from table.progress import ProgressBar
        from table.simulate import OutFolderInUse, prepare_out, simulate
        from table.spec import load_spec

        engine = load_spec(args.game).engine
        if args.players is not None and not engine.min_players <= args.players <= engine.max_players:
            # argparse's own answer to bad input (usage, the reason, exit code 2), not a traceback
            sim.error(
                f"argument --players: {args.game} is played by {engine.min_players} to {engine.max_players} "
                f"players, not {args.players}"
            )
        try:
            prepare_out(Path(args.out), clear=args.clear)
        except OutFolderInUse as error:
            print(f"tafelbot simulate: {error}", file=sys.stderr)
            return 2
        logging.basicConfig(level=logging.INFO, format="%(message)s")
        bar = ProgressBar(f"{args.game}: drawing")
        try:
            summary = simulate(
                args.game,
                players=args.players,
                seed=args.seed,
                out=Path(args.out),
                gif=args.gif,
                locale=args.locale,
                progress=bar.update,
            )
        finally:
            bar.close()
        print(summary)
        return 0
    try:
        config = load_config()
    except ConfigError as error:
        print(f"tafelbot: {error}", file=sys.stderr)
        return 2
    if args.command == "sync":
        return run(config, only_sync=True)
    return run(config)


def web_command(env: dict[str, str] | None = None) -> int:
    """``tafelbot web``: the pages served by a process of their own (PostgreSQL only)."""
    from web.serve import run_separate

    if env is None:
        env = environment()
    logging.basicConfig(
        level=env.get("TAFELBOT_LOG_LEVEL", "INFO").upper(), format="%(asctime)s %(levelname)-7s %(name)s: %(message)s"
    )
    processes = env.get("TAFELBOT_RENDER_PROCESSES", "auto").strip().lower()
    render_processes = int(processes) if processes.isdigit() else (1 if (os.cpu_count() or 1) > 1 else 0)
    try:
        config = web_config(env)
        activity = activity_config(env, config)
        database = env.get("TAFELBOT_DB", "data/tafelbot.sqlite3")
        run_loop(run_separate(database, config, render_processes=render_processes, activity=activity))
    except (WebConfigError, ActivityConfigError) as error:
        print(f"tafelbot web: {error}", file=sys.stderr)
        return 2
    except KeyboardInterrupt:
        pass
    return 0


def migrate_db_command(source: str, target: str) -> int:
    from db import DatabaseTooNew, DatabaseUnavailable, StoreInUse
    from db.transfer import TransferError, migrate_db

    try:
        checks = asyncio.run(migrate_db(source, target))
    except (TransferError, StoreInUse, DatabaseTooNew, DatabaseUnavailable, OSError) as error:
        print(f"tafelbot migrate-db: {error}", file=sys.stderr)
        return 1
    for check in checks:
        print(f"{check.table:<16} {check.rows:>8} rows  sha256 {check.checksum[:16]}")
    print(f"Copied {sum(c.rows for c in checks)} rows; counts and checksums match.")
    return 0
