"""Helpers for tests that run on both store backends: raw SQL beside the store, and its URL."""

from __future__ import annotations

import sqlite3

from grognard.engine.store.factory import SqliteStore
from grognard.engine.store.sql import SqlStore


def url_of(store: SqlStore) -> str:
    """The URL (or SQLite path) another process opens the same store with (`store.open_url`)."""
    if isinstance(store, SqliteStore):
        return str(store.path)
    return str(store.url)  # type: ignore[attr-defined]


def raw(store: SqlStore, sql: str, *args: object) -> list[tuple[object, ...]]:
    """Run SQL (with `?` placeholders) on the store's database through a separate connection."""
    if isinstance(store, SqliteStore):
        conn = sqlite3.connect(store.path)
        try:
            rows = conn.execute(sql, args).fetchall()
            conn.commit()
            return rows
        finally:
            conn.close()
    import psycopg

    with psycopg.connect(url_of(store), autocommit=True) as pg:
        cur = pg.execute(sql.replace("?", "%s"), args or None)
        return [tuple(r) for r in cur.fetchall()] if cur.description else []
