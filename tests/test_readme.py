"""The README starts fast (issue 38): its first screen says what the bot is, links CONTRIBUTING and
gives exactly the two commands a new user needs, and its links lead somewhere."""

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
    assert "5 minutes" in FIRST_SCREEN  # how long the tests take, beside their command


def test_no_other_block_is_a_command_a_new_user_would_start_with():
    later = shell_blocks(README[len(FIRST_SCREEN) :])
    assert not [block for block in later if "python3 -m venv" in block]


def test_the_quick_start_tells_how_to_get_a_token_and_the_dev_server():
    quick = section("Quick start")
    assert "Reset Token" in quick and "DISCORD_TOKEN" in quick
    assert "TAFELBOT_DEV_GUILD" in quick and "Copy Server ID" in quick
    assert "-m pytest tests/" in quick  # a quick part of the tests
    assert '-m pytest -m "not slow"' in quick  # the quick tier


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
