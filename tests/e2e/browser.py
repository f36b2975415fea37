"""Headless Chromium for the browser tests: the Debian package's binary, driven with Playwright for
Python (pointed at /usr/bin/chromium; Playwright never downloads a browser here).

Importing this module skips the importing test module when Chromium is missing, with one line
saying how to install it, except under CI (``CI=true``), where a missing browser fails the run
(``.ci/run`` installs it). The ``chromium`` fixture (tests/e2e/conftest.py) launches it.
"""

from __future__ import annotations

import os
import shutil

import pytest

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
HOW = "Chromium is not installed: apt-get install chromium chromium-driver (Debian) runs the browser tests"
if not os.path.exists(CHROMIUM):
    if os.environ.get("CI") == "true":
        pytest.fail(f"CI needs the browser tests: {HOW}", pytrace=False)
    pytest.skip(HOW, allow_module_level=True)

FLAGS = [
    "--headless",
    "--no-sandbox",
    "--disable-gpu",
    "--disable-quic",
    "--no-first-run",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
]
