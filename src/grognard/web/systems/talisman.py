"""The geometry of Talisman's drawn board: the Outer (24 spaces), Middle (16) and Inner (8) Regions as
three square rings of a 7 by 7 grid round the Crown of Command, as on the printed board, with the Storm
River between the Outer and Middle Regions, the Sentinel's bridge over it, and the Portal of Power in
the cliffs round the Inner Region. Every space carries its name and a short text of what it does, taken
from the board's content. Computed once; the page template draws it."""

from __future__ import annotations

import re
import textwrap
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any

from grognard.i18n import current, gettext, ngettext
from grognard.i18n import gettext as _
from grognard.systems.talisman.catalog import catalog
from grognard.systems.talisman.seat_view import seat_said
from grognard.systems.talisman.words import TASK_WORDS, said, unnamed

CELL = 120
"""The side of one space."""
RIVER = 30
"""The width of the Storm River between the Outer and Middle Regions."""
CLIFF = 14
"""The width of the cliffs between the Middle and Inner Regions."""
SIZE = 7 * CELL + 2 * RIVER + 2 * CLIFF
"""The side of the whole board."""
LINES = 4
"""Lines of short text in a space."""
WIDTH = 21
"""Characters a line of short text holds."""

_OFFSETS = {"outer": 0, "middle": 1, "inner": 2}
_START = {"outer": 0, "middle": 0, "inner": 6}
"""Where position 0 of each ring lies, counted clockwise from the ring's top-left corner: the Sentinel and
the Hills face each other across the bridge at the top-left; the Plain of Peril lies beside the Portal."""
_DRAWS = re.compile(r"^Draw \d+ Cards?\.\s*")
"""The opening of a drawing space's text (English, as the rules data writes it)."""
_CITATION = re.compile(r"\s*\(\d+:\d+(?:-\d+)?(?:,\s*\d+:\d+(?:-\d+)?)*\)")

COLOURS = ("#c0392b", "#1f5fbf", "#1e8449", "#a35f00", "#7d3c98", "#2c2c2c")
"""The tokens' colours, one per seat."""


@dataclass(frozen=True, slots=True)
class Cell:
    """One drawn space: where it lies, its name, its short text lines and its full text."""

    id: str
    name: str
    region: str
    x: int
    y: int
    size: int
    lines: tuple[str, ...]
    text: str
    feature: str


@dataclass(frozen=True, slots=True)
class Board:
    """The whole drawing: every space, the river band, the bridge and the Portal's gate."""

    size: int
    cells: tuple[Cell, ...]
    river: tuple[int, int, int]
    cliff: tuple[int, int, int]
    bridge: tuple[int, int, int, int]
    gate: tuple[int, int, int, int]


def _coordinate(index: int) -> int:
    """The left (or top) edge of grid column (or row) `index`, with the river and the cliffs between."""
    gaps = RIVER * (index >= 1) + CLIFF * (index >= 2) + CLIFF * (index >= 5) + RIVER * (index >= 6)
    return index * CELL + gaps


def ring_cells(offset: int) -> list[tuple[int, int]]:
    """The grid cells of the square ring `offset` steps in from the edge, clockwise from its top-left."""
    low, high = offset, 6 - offset
    top = [(c, low) for c in range(low, high)]
    right = [(high, r) for r in range(low, high)]
    bottom = [(c, high) for c in range(high, low, -1)]
    left = [(low, r) for r in range(high, low, -1)]
    return top + right + bottom + left


def short_text(text: str, draw: int) -> tuple[str, ...]:
    """A space's instruction in a few short lines (the full text goes into its tooltip), in the reader's
    language: a space that draws cards says how many first, the rest of its text after."""
    plain = _CITATION.sub("", gettext(text)).strip()
    if draw:
        opening = _DRAWS.match(text)
        said_opening = gettext(opening[0].strip()) if opening else ""
        rest = (
            plain[len(said_opening) :].strip() if said_opening and plain.startswith(said_opening) else plain
        )
        draws = ngettext("Draw {count} card.", "Draw {count} cards.", draw).format(count=draw)
        plain = draws + (f" {rest}" if rest else "")
    lines = textwrap.wrap(plain, WIDTH)
    if len(lines) > LINES:
        lines = lines[:LINES]
        lines[-1] = lines[-1][: WIDTH - 1].rstrip() + "…"
    return tuple(lines)


def _feature(space_id: str, bridge: bool, portal: bool, talisman: bool) -> str:
    if bridge:
        return "bridge"
    if portal:
        return "portal"
    if talisman:
        return "valley"
    if space_id == "crown-of-command":
        return "crown"
    return ""


def talisman_board() -> Board:
    """The board's drawing, from the board content of the Talisman system, in the reader's language."""
    return _board(current())


@lru_cache(maxsize=4)
def _board(language: str) -> Board:
    """The board's drawing with its words in `language` (the language in force when it is made)."""
    cat = catalog()
    cells: list[Cell] = []
    for region, offset in _OFFSETS.items():
        places = ring_cells(offset)
        for position, space_id in enumerate(cat.rings[region]):
            column, row = places[(position + _START[region]) % len(places)]
            space = cat.spaces[space_id]
            cells.append(
                Cell(
                    id=space_id,
                    name=said(space_id),
                    region=region,
                    x=_coordinate(column),
                    y=_coordinate(row),
                    size=CELL,
                    lines=short_text(space.text, space.draw),
                    text=gettext(space.text),
                    feature=_feature(
                        space_id, space.bridge is not None, space.portal is not None, space.talisman_needed
                    ),
                )
            )
    for space_id in cat.rings["crown"]:
        space = cat.spaces[space_id]
        cells.append(
            Cell(
                id=space_id,
                name=said(space_id),
                region="crown",
                x=_coordinate(3),
                y=_coordinate(3),
                size=CELL,
                lines=short_text(space.text, 0),
                text=gettext(space.text),
                feature="crown",
            )
        )
    river_at = CELL + RIVER // 2
    cliff_at = _coordinate(2) - CLIFF // 2
    by_id = {c.id: c for c in cells}
    sentinel, hills = by_id.get("sentinel"), by_id.get("hills")
    bridge = (0, 0, 0, 0)
    if sentinel is not None and hills is not None:
        bridge = (sentinel.x + CELL - 22, sentinel.y + CELL - 22, hills.x + 22, hills.y + 22)
    portal = next((c for c in cells if c.feature == "portal"), None)
    gate = (0, 0, 0, 0)
    if portal is not None:
        gate = (portal.x + CELL, portal.y + CELL // 4, CLIFF, CELL // 2)
    return Board(
        size=SIZE,
        cells=tuple(cells),
        river=(river_at, SIZE - 2 * river_at, RIVER),
        cliff=(cliff_at, SIZE - 2 * cliff_at, CLIFF),
        bridge=bridge,
        gate=gate,
    )


def card_name(card_id: str) -> str:
    """A Talisman card's printed name (an Object, a Follower, an Enemy kept as a trophy), in the reader's
    language."""
    return said(card_id)


def who(seat: int, public: Mapping[str, Any], viewer: Sequence[int], first: bool = False) -> str:
    """A seat as the board and sheets say it to the one looking: "you" for a seat of theirs (`viewer`),
    else its character ("Elf"), or "the second player" before the characters are dealt; `first`: to
    begin a sentence."""
    heroes = public.get("heroes") or []
    if seat in viewer:
        said = _("you")
    elif 0 <= seat < len(heroes) and heroes[seat].get("character_name"):
        said = gettext(str(heroes[seat]["character_name"]))
    else:
        said = gettext(unnamed(seat))
    return said[:1].upper() + said[1:] if first else said


def turn_line(public: Mapping[str, Any], viewer: Sequence[int]) -> str:
    """The board's line of whose turn it is and what it is busy with: "Turn 3 · your turn, as the Elf ·
    choosing which way to move"."""
    parts = [_("Turn {number}").format(number=public.get("turn", 0))]
    heroes = public.get("heroes") or []
    current = public.get("current")
    if isinstance(current, int) and 0 <= current < len(heroes):
        name = heroes[current].get("character_name")
        if current in viewer:
            parts.append(
                _("your turn, as the {character}").format(character=gettext(name)) if name else _("your turn")
            )
        else:
            parts.append(_("{player} is playing").format(player=who(current, public, viewer, first=True)))
    doing = TASK_WORDS.get(str(public.get("task") or ""), "")
    if doing:
        parts.append(gettext(doing))
    return " · ".join(parts)


def character_said(name: str) -> str:
    """A character's printed name ("Warrior") in the reader's language; the state keeps it English."""
    return gettext(name) if name else name


def abilities(character_id: str) -> str:
    """A Character card's Special Abilities in words (its card text), "" for none or no character."""
    character = catalog().characters.get(character_id)
    if character is None:
        return ""
    if character.text:
        return gettext(character.text)
    return " ".join(gettext(a.text) for a in character.abilities if a.text)


def winners_line(public: Mapping[str, Any], viewer: Sequence[int]) -> str:
    """Who won, to the one looking: "You win", "Elf wins", "Elf and Troll win"."""
    winners = [int(w) for w in public.get("winners") or []]
    if len(winners) == 1 and winners[0] in viewer:
        return _("You win")
    said = f" {_('and')} ".join(who(w, public, viewer) for w in winners)
    plural = len(winners) > 1 or any(w in viewer for w in winners)
    line = (_("{players} win") if plural else _("{player} wins")).format(players=said, player=said)
    return line[:1].upper() + line[1:]


TEMPLATE_GLOBALS = {
    "talisman_board": talisman_board,
    "token_colours": COLOURS,
    "talisman_who": who,
    "talisman_turn": turn_line,
    "talisman_winners": winners_line,
    "talisman_abilities": abilities,
}
"""What Talisman's templates call: the drawn board, the seats' token colours, a seat said to the one
looking, the line of whose turn it is, who won and a character's Special Abilities."""
TEMPLATE_FILTERS = {"talisman_name": card_name, "talisman_seats": seat_said, "talisman_said": character_said}
"""Talisman's filters: a card's printed name, a roll's thrower named as the character, and a character's
name in the reader's language."""
