"""The picture cache: bounded by bytes, one drawing per picture even when asked twice at once."""

from __future__ import annotations

import asyncio

import pytest

from render.spots import Spot, spot
from table.picture_cache import SPOT_BYTES, Drawing, PictureCache, PictureKey
from table.pictures import Painter


def key(version: int, viewer: int | None = None, language: str = "en") -> PictureKey:
    return PictureKey(7, version, viewer, language, "render.x.render_board", ("Ann", "Bob"))


def test_the_least_recently_used_pictures_go_first_when_the_bytes_run_out():
    cache = PictureCache(max_bytes=30)
    cache.put(key(1), b"a" * 10)
    cache.put(key(2), b"b" * 10)
    cache.put(key(3), b"c" * 10)
    assert cache.get(key(1)) == b"a" * 10  # now the most recently used
    cache.put(key(4), b"d" * 10)
    assert cache.get(key(2)) is None
    assert [cache.get(key(v)) is not None for v in (1, 3, 4)] == [True, True, True]
    assert cache.bytes == 30 and len(cache) == 3


def test_a_picture_larger_than_the_whole_cache_is_not_kept():
    cache = PictureCache(max_bytes=5)
    cache.put(key(1), b"x" * 6)
    assert cache.get(key(1)) is None and cache.bytes == 0


def test_viewer_language_and_version_are_part_of_the_key():
    cache = PictureCache()
    cache.put(key(1, viewer=0), b"seat 0")
    assert cache.get(key(1, viewer=1)) is None
    assert cache.get(key(1, viewer=None)) is None
    assert cache.get(key(1, viewer=0, language="nl")) is None
    assert cache.get(key(2, viewer=0)) is None
    assert cache.get(key(1, viewer=0)) == b"seat 0"


async def test_two_callers_asking_at_once_get_one_drawing():
    cache, drawn, release = PictureCache(), [], asyncio.Event()

    async def draw() -> Drawing:
        drawn.append(1)
        await release.wait()
        return Drawing(b"png")

    first = asyncio.create_task(cache.get_or_draw(key(1), draw))
    second = asyncio.create_task(cache.get_or_draw(key(1), draw))
    await asyncio.sleep(0)
    release.set()
    assert await first == await second == Drawing(b"png")
    assert len(drawn) == 1
    assert await cache.get_or_draw(key(1), draw) == Drawing(b"png") and len(drawn) == 1


async def test_a_failed_drawing_is_not_kept_and_the_next_ask_draws_again():
    cache, calls = PictureCache(), []

    async def broken() -> Drawing:
        calls.append(1)
        raise OSError("font missing")

    with pytest.raises(OSError):
        await cache.get_or_draw(key(1), broken)
    with pytest.raises(OSError):
        await cache.get_or_draw(key(1), broken)
    assert len(calls) == 2 and cache.get(key(1)) is None


async def test_when_the_first_caller_is_cancelled_the_waiting_one_draws_itself():
    cache, started = PictureCache(), asyncio.Event()

    async def slow() -> Drawing:
        started.set()
        await asyncio.Event().wait()  # until cancelled
        return Drawing(b"never")

    async def quick() -> Drawing:
        return Drawing(b"png")

    first = asyncio.create_task(cache.get_or_draw(key(1), slow))
    await started.wait()
    second = asyncio.create_task(cache.get_or_draw(key(1), quick))
    await asyncio.sleep(0)
    first.cancel()
    assert await second == Drawing(b"png")
    with pytest.raises(asyncio.CancelledError):
        await first


def _render(view, *, names, locale):
    return f"{view['n']}:{','.join(names)}:{locale}".encode()


async def test_the_painter_draws_a_keyed_picture_once_and_an_unkeyed_one_every_time():
    painter = Painter(0)
    k = PictureKey(1, 3, None, "en", "tests._render", ("Ann",))
    first = await painter.paint(_render, {"n": 1}, key=k, names=["Ann"], locale="en")
    again = await painter.paint(_render, {"n": 2}, key=k, names=["Ann"], locale="en")
    assert first == again == b"1:Ann:en"  # the key says it is the same picture
    assert (painter.cache.hits, painter.cache.misses) == (1, 1)
    assert await painter.paint(_render, {"n": 2}, names=["Ann"], locale="en") == b"2:Ann:en"


def _spotted(view, *, names, locale):
    spot(f"cell:{view['n']}", (1, 2, 3, 4))
    return b"board"


async def test_a_keyed_picture_keeps_the_spots_of_its_own_drawing():
    """Whoever asks first (Discord's board), the places to tap come with that one drawing."""
    painter = Painter(0)
    k = PictureKey(1, 3, None, "en", "tests._spotted", ("Ann",))
    assert await painter.paint(_spotted, {"n": 1}, key=k, names=["Ann"], locale="en") == b"board"
    found = await painter.drawing(_spotted, {"n": 2}, key=k, names=["Ann"], locale="en")
    assert found == Drawing(b"board", (Spot("cell:1", (1.0, 2.0, 3.0, 4.0)),))
    assert painter.cache.misses == 1  # drawn once, for both


def test_spots_count_towards_the_bytes_kept():
    cache = PictureCache(max_bytes=SPOT_BYTES + 10)
    cache.put(key(1), b"x" * 10, (Spot("a", (0, 0, 1, 1)),))
    assert cache.bytes == SPOT_BYTES + 10
    cache.put(key(2), b"y")
    assert cache.get(key(1)) is None and cache.get(key(2)) == b"y"
