"""A plain-text progress bar for the command line, drawn on stderr only when that is a terminal
(so logs, pipes and CI output stay clean). No dependency: one line rewritten with a carriage return."""

from __future__ import annotations

import sys
from typing import TextIO


class ProgressBar:
    def __init__(self, label: str, *, stream: TextIO | None = None, width: int = 30) -> None:
        self.label = label
        self.stream = stream if stream is not None else sys.stderr
        self.width = width
        isatty = getattr(self.stream, "isatty", None)
        self.enabled = bool(isatty and isatty())
        self._shown = False

    def update(self, done: int, total: int) -> None:
        if not self.enabled or total <= 0:
            return
        done = min(done, total)
        filled = round(self.width * done / total)
        bar = "#" * filled + "." * (self.width - filled)
        self.stream.write(f"\r{self.label} [{bar}] {done}/{total}")
        self.stream.flush()
        self._shown = True

    def close(self) -> None:
        if self._shown:
            self.stream.write("\n")
            self.stream.flush()
            self._shown = False
