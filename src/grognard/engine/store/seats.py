"""Who sits at a stored game's seats ("human", "bot", or a bot's strength, in order), as the store keeps them.

Since schema version 3 the seats are a column of the `games` table (`seats`, the kinds joined by
commas). Before, they rode at the end of the game's title as a mark (`talisman/game [seats: human,bot]`);
migration 3 moves every such mark into the column, and saved-game files still carry the mark in their
title, so files written before and after read the same (`split` on import, `mark` on export).
"""

from __future__ import annotations

import re
from collections.abc import Sequence

SEAT_KINDS = ("human", "bot", "random", "heuristic", "search")
"""What may sit at a seat: a person, the game's default bot, or a bot of a named strength: random legal
moves, the game's heuristic, or a bot that searches ahead (`engine.match.BOT_LEVELS`)."""

_MARK = re.compile(r"\s*\[seats: ([a-z,]+)\]$")


def parse(text: str) -> tuple[str, ...] | None:
    """The seats of the column's text ("human,bot"), or None when it is empty or names another kind."""
    kinds = tuple(text.split(",")) if text else ()
    return kinds if kinds and all(k in SEAT_KINDS for k in kinds) else None


def split(title: str) -> tuple[str, tuple[str, ...] | None]:
    """A title without its seats mark, and the seats the mark named (None: no valid mark)."""
    found = _MARK.search(title)
    if found is None:
        return title, None
    seats = parse(found.group(1))
    return (_MARK.sub("", title).strip(), seats) if seats is not None else (title, None)


def mark(title: str, seats: Sequence[str]) -> str:
    """The title carrying the seats mark (no mark when there are no seats)."""
    plain = _MARK.sub("", title)
    return f"{plain} [seats: {','.join(seats)}]".strip() if seats else plain
