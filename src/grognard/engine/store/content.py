"""Carried content stored once: how a stored snapshot refers to the content a game carries.

A game started from a file of the player's own carries the file's text in an option (`engine.embedded`),
and a system's state may hold that option's value (a gamebook's state names its book by it). Written
into every snapshot, the whole book would be written again with each move. So the store keeps each
carried text once, in its `contents` table under its SHA-256, and a snapshot holds in its place a
reference, one line:

    grognard-content-ref sha256=<64 hex digits> name=<the file's path when the game began>

`carried_out` swaps every carried value in a state's JSON for its reference (and says which texts to
keep); `carried_in` puts them back, each text checked against its hash. Only whole JSON strings are
swapped; everything else is left as it is. Saved-game files hold the state with the content in place,
so they stay self-contained.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable
from typing import Any

from grognard.engine.embedded import PREFIX

REF_PREFIX = "grognard-content-ref "
"""How a reference to carried content kept in the store's `contents` table begins."""


def _split(value: str) -> tuple[str, str, str] | None:
    """The hash, name and text of a carried value, or None when it is not well formed."""
    head, sep, text = value.partition("\n")
    fields = head[len(PREFIX) :].split(" ", 1)
    well_formed = len(fields) == 2 and fields[0].startswith("sha256=") and fields[1].startswith("name=")
    if not sep or not well_formed:
        return None
    sha = fields[0][len("sha256=") :]
    if len(sha) != 64 or any(c not in "0123456789abcdef" for c in sha):
        return None
    return sha, fields[1][len("name=") :], text


def carried_out(data: Any) -> tuple[Any, dict[str, str]]:
    """`data` with every carried value (whose text matches its hash) replaced by a reference, and the
    texts to keep by their SHA-256. A value whose text does not match its hash is left in place."""
    kept: dict[str, str] = {}

    def swap(value: Any) -> Any:
        if isinstance(value, str):
            if not value.startswith(PREFIX):
                return value
            parts = _split(value)
            if parts is None:
                return value
            sha, name, text = parts
            if hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest() != sha:
                return value
            kept[sha] = text
            return f"{REF_PREFIX}sha256={sha} name={name}"
        if isinstance(value, list):
            return [swap(v) for v in value]
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        return value

    return swap(data), kept


def refers(text: str) -> bool:
    """True when a stored snapshot's text may hold a reference (a cheap test before parsing)."""
    return REF_PREFIX in text


def carried_in(data: Any, body: Callable[[str], str | None]) -> Any:
    """`data` with every reference replaced by the carried value it stands for; `body(sha256)` gives the
    stored text. A `ValueError` when a text is missing or does not match its hash."""

    def swap(value: Any) -> Any:
        if isinstance(value, str):
            if not value.startswith(REF_PREFIX):
                return value
            fields = value[len(REF_PREFIX) :].split(" ", 1)
            if len(fields) != 2 or not fields[0].startswith("sha256=") or not fields[1].startswith("name="):
                raise ValueError(f"a content reference that is not well formed: {value[:120]!r}")
            sha, name = fields[0][len("sha256=") :], fields[1][len("name=") :]
            text = body(sha)
            if text is None:
                raise ValueError(f"the carried content {sha[:16]}... ({name}) is missing")
            if hashlib.sha256(text.encode("utf-8", "surrogatepass")).hexdigest() != sha:
                raise ValueError(f"the carried content {sha[:16]}... ({name}) does not match its hash")
            return f"{PREFIX}sha256={sha} name={name}\n{text}"
        if isinstance(value, list):
            return [swap(v) for v in value]
        if isinstance(value, dict):
            return {k: swap(v) for k, v in value.items()}
        return value

    return swap(data)
