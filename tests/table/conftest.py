"""Fixtures of the table platform's tests."""

import pytest

from db import Store
from table.service import TableService
from table.spec import GameSpec
from tests import nim


@pytest.fixture
async def service(tmp_path):
    """A table service on a fresh SQLite file, with the toy game Nim."""
    store = await Store.open(tmp_path / "t.sqlite3")
    spec = GameSpec("nim", nim.ENGINE, nim.render_board, nim.action_label, nim.choose)
    yield TableService(store, {"nim": spec})
    await store.close()
