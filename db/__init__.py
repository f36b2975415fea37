"""Persistence: one SQLite file through aiosqlite (see ../shared/design.md, Persistence)."""

from db.store import ChannelBusy, DatabaseTooNew, GameRow, ResultRow, Seat, StaleVersion, Store

__all__ = ["ChannelBusy", "DatabaseTooNew", "GameRow", "ResultRow", "Seat", "StaleVersion", "Store"]
