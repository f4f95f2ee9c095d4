"""Which chaos spells a monster knows (lines 102-104, 543, 607 onwards): the list a quest gives, checked,
or our default from the monster's level.

Chaos spells are for "enemy wizards and creatures"; "unless otherwise specified, the same level
restrictions apply" (line 543). A monster casts only with Magic points (line 162: one a cast), so one
whose level has no Magic knows no spell; like a hero (line 104) it holds no more spells than its Mind
points, and a mummy, without Mind, retains one (line 727). Where a quest gives no list the monster knows
the chaos spells of its level or lower, highest level first and in the book's order within a level, as
many as it may hold. A quest's own list is the game master specifying otherwise: it may name a spell
above the monster's level (Summon Wolves, level 9, is above every printed caster). See the rulings. This
module reads only the catalogue, so the quest loader can use it.
"""

from __future__ import annotations

from collections.abc import Sequence

from grognard.engine.errors import GrognardError
from grognard.systems.heroquest.content import catalog as hq


def spell_key(spell: hq.Spell) -> str:
    """How a chaos spell is named in play: "chaos/key"."""
    return f"{spell.school}/{spell.key}"


def chaos_spells() -> list[hq.Spell]:
    """Every chaos spell, in the book's order (lines 545-593)."""
    return sorted((s for s in hq.catalog().spells.values() if s.school == "chaos"), key=lambda s: s.source)


def capacity(kind: str, level: int) -> int:
    """How many chaos spells a monster of `kind` at `level` holds: its Mind (line 104), one for a mummy
    (line 727), none without Magic (line 162)."""
    entry = hq.monster(kind)
    line = entry.at(level)
    if line.magic <= 0:
        return 0
    return 1 if entry.key == "mummy" else line.mind


def default_spells(kind: str, level: int) -> tuple[str, ...]:
    """The chaos spells a monster knows when its quest is silent: those of its level or lower, highest
    level first, in the book's order within a level, up to its `capacity`."""
    limit = capacity(kind, level)
    usable = [s for s in chaos_spells() if (s.level or 0) <= level]
    usable.sort(key=lambda s: (-(s.level or 0), s.source))
    return tuple(spell_key(s) for s in usable[:limit])


def spell_list(kind: str, level: int, names: Sequence[str] | None) -> tuple[str, ...]:
    """The spells ("chaos/key") of a monster: the quest's `names` (checked by `list_problems`) or the
    default."""
    if names is None:
        return default_spells(kind, level)
    return tuple(spell_key(hq.spell(n, "chaos")) for n in names)


def list_problems(kind: str, level: int, names: Sequence[str]) -> list[str]:
    """Why a quest's spell list is wrong for a monster of `kind` at `level` (empty when it is right):
    a name that is not a chaos spell, a list longer than it may hold, a spell named twice."""
    out: list[str] = []
    try:
        limit = capacity(kind, level)
    except GrognardError as exc:
        return [str(exc)]
    if names and limit == 0:
        return [f"a level-{level} {kind} has no Magic points, so it casts no spells (line 162)"]
    if len(names) > limit:
        out.append(f"a level-{level} {kind} holds at most {limit} spells (its Mind, line 104)")
    seen: set[str] = set()
    for name in names:
        try:
            spell = hq.spell(name, "chaos")
        except GrognardError as exc:
            out.append(str(exc))
            continue
        if spell.key in seen:
            out.append(f"{spell.name} is listed twice")
        seen.add(spell.key)
    return out
