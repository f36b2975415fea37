"""A throwaway PostgreSQL server for tests and benchmarks: ``initdb`` into a temporary folder,
``pg_ctl start`` on a free port of 127.0.0.1 (and a unix socket in that folder), stopped and
removed afterwards.

``initdb`` refuses to run as root, so under root the server runs as ``nobody`` (or, where that
user is missing, a system user ``tafelbot-pg`` created here). Durability is switched off
(fsync, synchronous_commit, full_page_writes): the data is thrown away anyway, and it keeps the
tests fast. ``TAFELBOT_PG_BIN`` names the folder of the binaries if they are not in a usual place.
"""

from __future__ import annotations

import glob
import os
import pwd
import shutil
import socket
import stat
import subprocess
import tempfile
from pathlib import Path

UNPRIVILEGED_USERS = ("nobody", "tafelbot-pg")


def find_bindir() -> Path | None:
    """The folder holding ``initdb`` and ``pg_ctl``, or None if this machine has no server."""
    candidates = []
    if os.environ.get("TAFELBOT_PG_BIN"):
        candidates.append(os.environ["TAFELBOT_PG_BIN"])
    # Debian and Ubuntu keep them out of PATH, one folder per major version: newest first.
    candidates += sorted(glob.glob("/usr/lib/postgresql/*/bin"), key=_version_key, reverse=True)
    candidates += ["/usr/local/pgsql/bin", "/opt/homebrew/bin", "/usr/local/bin"]
    initdb = shutil.which("initdb")
    if initdb:
        candidates.append(str(Path(initdb).parent))
    for folder in candidates:
        if (Path(folder) / "initdb").is_file() and (Path(folder) / "pg_ctl").is_file():
            return Path(folder)
    return None


def _version_key(path: str) -> int:
    part = Path(path).parent.name
    return int(part) if part.isdigit() else 0


def _server_user() -> pwd.struct_passwd | None:
    """Who runs the server: None (ourselves) unless we are root."""
    if os.geteuid() != 0:
        return None
    for name in UNPRIVILEGED_USERS:
        try:
            return pwd.getpwnam(name)
        except KeyError:
            continue
    subprocess.run(
        ["useradd", "--system", "--no-create-home", "--shell", "/usr/sbin/nologin", UNPRIVILEGED_USERS[-1]],
        check=True,
        capture_output=True,
    )
    return pwd.getpwnam(UNPRIVILEGED_USERS[-1])


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


class PostgresServer:
    """``start()`` → ``url(database)`` … ``stop()`` (also as a context manager)."""

    def __init__(self, bindir: Path, *, durable: bool = False) -> None:
        self.bindir = bindir
        self.durable = durable  # benchmarks keep fsync on, to compare with SQLite's synchronous=FULL
        self.folder: Path | None = None
        self.port = 0
        self._user = _server_user()

    def _run(self, *args: str) -> subprocess.CompletedProcess:
        extra = {}
        if self._user is not None:
            extra = {"user": self._user.pw_uid, "group": self._user.pw_gid, "extra_groups": []}
        return subprocess.run(
            [str(self.bindir / args[0]), *args[1:]],
            check=True,
            capture_output=True,
            text=True,
            cwd=self.folder,
            env={"PATH": os.environ.get("PATH", "/usr/bin:/bin"), "LC_ALL": "C", "LANG": "C"},
            **extra,
        )

    def start(self) -> PostgresServer:
        # Not under pytest's tmp_path: that folder is private to root and the server user must enter it.
        self.folder = Path(tempfile.mkdtemp(prefix="tafelbot-pg-", dir=self._reachable_tmp()))
        if self._user is not None:
            os.chown(self.folder, self._user.pw_uid, self._user.pw_gid)
        try:
            data = str(self.folder / "data")
            self._run("initdb", "-D", data, "-U", "postgres", "-A", "trust", "--no-sync", "-E", "UTF8", "--locale=C")
            # Only 127.0.0.1 and a socket in our folder, trust for local users: nothing else can reach it.
            for attempt in range(3):
                self.port = _free_port()
                options = f"-p {self.port} -k {self.folder} -c listen_addresses=127.0.0.1 -c max_connections=200"
                if not self.durable:
                    options += " -c fsync=off -c synchronous_commit=off -c full_page_writes=off"
                try:
                    self._run("pg_ctl", "-D", data, "-l", str(self.folder / "server.log"), "-w", "-o", options, "start")
                    break
                except subprocess.CalledProcessError:
                    if attempt == 2:  # the port was taken meanwhile, three times: give up
                        raise
        except BaseException as error:
            log = self.folder / "server.log"
            detail = log.read_text(errors="replace")[-2000:] if log.exists() else ""
            if isinstance(error, subprocess.CalledProcessError):
                detail = f"{error.stderr}\n{detail}"
            self._remove()
            raise RuntimeError(f"could not start a throwaway PostgreSQL server: {detail}") from error
        return self

    def _reachable_tmp(self) -> str | None:
        """The usual temporary folder, unless the server user cannot enter it (a private TMPDIR)."""
        if self._user is None:
            return None
        base = Path(tempfile.gettempdir()).resolve()
        if all(folder.stat().st_mode & stat.S_IXOTH for folder in (base, *base.parents)):
            return None
        return "/tmp"

    def url(self, database: str = "postgres") -> str:
        return f"postgresql://postgres@127.0.0.1:{self.port}/{database}"

    def stop(self) -> None:
        if self.folder is None:
            return
        try:
            self._run("pg_ctl", "-D", str(self.folder / "data"), "-m", "immediate", "-w", "stop")
        except subprocess.CalledProcessError:
            pass  # not running (it failed to start, or was stopped already)
        finally:
            self._remove()

    def _remove(self) -> None:
        if self.folder is not None:
            shutil.rmtree(self.folder, ignore_errors=True)
            self.folder = None

    def __enter__(self) -> PostgresServer:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()
