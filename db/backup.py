"""``tafelbot backup FILE``: a consistent copy of the SQLite database, also while the bot runs.

SQLite's online backup API (``sqlite3.Connection.backup``) copies every page inside one read
transaction, so the copy is the database as it was at one moment even while the bot keeps
writing (in WAL mode readers never block the writer). No ``sqlite3`` program is needed. The copy
is written beside its destination under a temporary name, turned into a single self-contained
file (journal mode DELETE), checked with ``PRAGMA integrity_check``, and only then renamed into
place, so a failed backup never leaves a half-written file behind.
"""

from __future__ import annotations

import os
import sqlite3
from dataclasses import dataclass
from pathlib import Path

DEFAULT_DATABASE = "data/tafelbot.sqlite3"


class BackupError(Exception):
    """A backup that cannot be made; the message says what to do."""


@dataclass(frozen=True)
class BackupReport:
    source: Path
    target: Path
    size: int


def database_location(given: str | None = None, env: dict[str, str] | None = None) -> str:
    """The database the bot uses: ``--db``, else ``TAFELBOT_DB``, else the default file."""
    env = dict(os.environ) if env is None else env
    return given or env.get("TAFELBOT_DB") or DEFAULT_DATABASE


def backup(source: str | Path, target: str | Path, *, force: bool = False) -> BackupReport:
    if str(source).startswith(("postgresql://", "postgres://")):
        raise BackupError(
            "The database is PostgreSQL: back it up with pg_dump, e.g. pg_dump --format=custom "
            '--file=tafelbot.dump "$TAFELBOT_DB".'
        )
    src, dst = Path(source), Path(target)
    if not src.is_file():
        raise BackupError(f"There is no database at {src} (set TAFELBOT_DB or pass --db).")
    if dst.exists() and not force:
        raise BackupError(f"{dst} exists already; choose another name or add --force to replace it.")
    if dst.exists() and dst.resolve() == src.resolve():
        raise BackupError("The backup cannot replace the database itself.")
    if not dst.parent.is_dir():
        raise BackupError(f"The folder {dst.parent} does not exist.")
    partial = dst.with_name(f".{dst.name}.partial-{os.getpid()}")
    try:
        _copy(src, partial)
        os.replace(partial, dst)
    finally:
        partial.unlink(missing_ok=True)
    return BackupReport(src, dst, dst.stat().st_size)


def _copy(src: Path, partial: Path) -> None:
    # A plain connection that only reads; busy_timeout covers the moment a checkpoint holds a lock.
    reader = sqlite3.connect(src, timeout=30)
    try:
        copy = sqlite3.connect(partial)
        try:
            reader.backup(copy)  # all pages in one step: one read transaction, one moment in time
            copy.execute("PRAGMA journal_mode=DELETE")  # one self-contained file, no -wal beside it
            problems = [row[0] for row in copy.execute("PRAGMA integrity_check")]
            if problems != ["ok"]:
                raise BackupError("The copy failed its integrity check: " + "; ".join(problems[:5]))
        finally:
            copy.close()
    except sqlite3.Error as error:
        raise BackupError(f"The backup failed: {error}") from error
    finally:
        reader.close()
