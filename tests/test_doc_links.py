"""Every relative link in the README, CONTRIBUTING and docs/ leads somewhere (issue 46: the README
moved most of its text to docs/, and a link or an anchor left pointing at the old place would be a
dead end). An anchor is checked against the target's headings, slugged as GitHub does."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parent.parent
PAGES = [ROOT / "README.md", ROOT / "CONTRIBUTING.md", *sorted((ROOT / "docs").glob("*.md"))]
FENCE = re.compile(r"^```.*?^```", re.M | re.S)
LINK = re.compile(r"\[[^\]]*\]\(([^)\s]+)\)")


def prose(text: str) -> str:
    """The page without its code blocks and inline code (a link shown as code is not a link)."""
    return re.sub(r"`[^`\n]*`", "", FENCE.sub("", text))


def slug(heading: str) -> str:
    """GitHub's anchor for a heading: lower case, punctuation dropped, spaces to hyphens."""
    # Code and bold marks go; an underscore stays (GitHub keeps it: ``key_ai.py`` in a heading).
    text = re.sub(r"[`*]|\[([^\]]*)\]\([^)]*\)", r"\1", heading.strip()).lower()
    return re.sub(r"[^\w\- ]", "", text).replace(" ", "-")


def anchors(page: Path) -> set[str]:
    found: set[str] = set()
    for heading in re.findall(r"^#{1,6} (.+)$", FENCE.sub("", page.read_text(encoding="utf-8")), re.M):
        name, count = slug(heading), 1
        while name in found:  # GitHub numbers a repeated heading's anchor
            name, count = f"{slug(heading)}-{count}", count + 1
        found.add(name)
    return found


def dead_links(page: Path) -> list[str]:
    dead = []
    for target in LINK.findall(prose(page.read_text(encoding="utf-8"))):
        if re.match(r"[a-z]+:", target):
            continue  # https:, mailto: — not ours to check offline
        path, _, anchor = target.partition("#")
        linked = (page.parent / path).resolve() if path else page
        if not linked.exists():
            dead.append(f"{target}: no such file")
        elif anchor and linked.suffix == ".md" and anchor not in anchors(linked):
            dead.append(f"{target}: no such heading in {linked.name}")
    return dead


@pytest.mark.parametrize("page", PAGES, ids=lambda page: page.relative_to(ROOT).as_posix())
def test_every_relative_link_and_anchor_resolves(page):
    assert dead_links(page) == []


def test_the_check_finds_a_dead_file_and_a_dead_anchor(tmp_path):
    (tmp_path / "docs").mkdir()
    (tmp_path / "docs" / "ops.md").write_text("# Running it\n\n## Moving to PostgreSQL\n", encoding="utf-8")
    page = tmp_path / "README.md"
    page.write_text(
        "## Quick start\n[a](docs/ops.md#moving-to-postgresql) [b](#quick-start) `[c](gone.md)`\n"
        "[d](docs/gone.md) [e](docs/ops.md#backups) [f](#running-the-tests) [g](https://x.org/#y)\n",
        encoding="utf-8",
    )
    assert dead_links(page) == [
        "docs/gone.md: no such file",
        "docs/ops.md#backups: no such heading in ops.md",
        "#running-the-tests: no such heading in README.md",
    ]


def test_headings_are_slugged_as_github_does():
    assert slug("Shards: several bot processes") == "shards-several-bot-processes"
    assert slug("Discord's rate limits") == "discords-rate-limits"
    assert slug("Watching in the browser: the web companion") == "watching-in-the-browser-the-web-companion"
