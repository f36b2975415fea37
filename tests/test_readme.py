"""The README starts fast (issue 38): its first screen says what the bot is, links CONTRIBUTING and
gives exactly the two commands a new user needs, and its links lead somewhere. It stays short
(issue 46): what a newcomer needs is in it, the rest in docs/, linked from it."""

import re
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
README = (ROOT / "README.md").read_text(encoding="utf-8")
FIRST_SCREEN = "\n".join(README.splitlines()[:20])
NPM = "npm ci --prefix web/activity-app && "  # bundles the Activity's script (web/static/activity.js)
RUN = NPM + "python3 -m venv .venv && .venv/bin/pip install . && DISCORD_TOKEN=your-bot-token .venv/bin/tafelbot"
# .ci/run runs this very line (with pip's -q): keep them together.
TESTS = NPM + 'python3 -m venv .venv && .venv/bin/pip install -e ".[test]" && .venv/bin/python -m pytest -n 2'


def shell_blocks(text: str) -> list[str]:
    return [block.strip() for block in re.findall(r"```sh\n(.*?)```", text, re.S)]


def section(title: str) -> str:
    start = README.index(f"\n## {title}\n")
    end = README.find("\n## ", start + 1)
    return README[start : end if end != -1 else None]


def test_the_first_screen_has_exactly_the_two_commands_and_links_contributing():
    assert shell_blocks(FIRST_SCREEN) == [RUN, TESTS]
    assert "[CONTRIBUTING.md](CONTRIBUTING.md)" in "\n".join(README.splitlines()[:8])
    assert "Discord bot" in FIRST_SCREEN and "tabletop games" in FIRST_SCREEN
    # How long the tests take, beside their command: a measured figure, saying on what.
    assert re.search(r"measured \d+(–\d+)? minutes on ", FIRST_SCREEN), FIRST_SCREEN


def test_no_other_block_is_a_command_a_new_user_would_start_with():
    later = shell_blocks(README[len(FIRST_SCREEN) :])
    assert not [block for block in later if "python3 -m venv" in block]


def test_the_quick_start_tells_how_to_get_a_token_and_the_dev_server():
    quick = section("Quick start")
    assert "Reset Token" in quick and "DISCORD_TOKEN" in quick
    assert "TAFELBOT_DEV_GUILD" in quick and "Copy Server ID" in quick
    assert "-m pytest tests/" in quick  # a quick part of the tests
    assert '-m pytest -m "not slow" -n 2' in quick  # the quick tier, in two processes (issue 46)
    assert re.search(r"measured \d+(–\d+)? minutes", quick)  # with how long it took, on what


def test_the_ci_runs_the_readmes_test_command():
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8")
    assert TESTS.replace("pip install -e", "pip install -q -e") in ci


def test_every_file_the_readme_links_exists():
    targets = re.findall(r"\]\(([^)#:]+)(?:#[^)]*)?\)", README)
    assert "docs/benchmarks.md" in targets
    for target in targets:
        assert (ROOT / target).exists(), target


def test_the_benchmark_figures_live_in_docs():
    bench = (ROOT / "docs" / "benchmarks.md").read_text(encoding="utf-8")
    assert "hard vs normal" in bench and "hard vs normal" not in README
    assert "bench/ai_strength.py" in bench and "bench/ai_strength.py" not in README


def test_the_readme_stays_short_with_the_rest_in_docs():
    """Issue 46: 936 lines were too many to find the two commands in."""
    assert len(README.splitlines()) < 250
    for doc in ("players", "operations", "web", "architecture"):
        assert f"](docs/{doc}.md)" in README, doc


def test_the_moved_sections_live_in_docs():
    """Each section that left the README is whole in its docs page (the README keeps a summary)."""
    moved = {
        "players": ["## Playing", "## Clocks, reminders and absent players", "## Tournaments (for organisers)"]
        + ["## Fitting games around your day"],
        "operations": ["## Where the data lives", "## Moving to PostgreSQL", "### Shards: several bot processes"]
        + ["## Freeing a channel", "## Backups", "## Running the bot as a service", "## Upgrading"],
        "web": ["## Watching in the browser: the web companion", "### Inside Discord: the Activity"],
        "architecture": ["# How it is built", "## Self-healing tables", "## Held to Discord's own specification"]
        + ["## Discord's rate limits"],
    }
    for doc, headings in moved.items():
        text = (ROOT / "docs" / f"{doc}.md").read_text(encoding="utf-8")
        for heading in headings:
            assert f"\n{heading}" in f"\n{text}", (doc, heading)
            if doc != "players":
                assert f"\n{heading}\n" not in README, heading


def test_the_readme_says_which_libraries_were_chosen_and_why():
    libraries = section("Libraries and why")
    for name in ("discord.py", "aiosqlite", "asyncpg", "Pillow", "fluent.runtime", "pytest-xdist"):
        assert name in libraries, name
