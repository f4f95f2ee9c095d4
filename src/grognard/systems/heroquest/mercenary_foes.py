"""Mercenaries as the game master's enemies (line 953 of 004_24cd6f974fe6a1ee.txt): played as monsters.

A quest places a Crossbowman, Halberdier, Scout or Swordsman as it places a monster (`monster = "Scout"`,
level as for monsters: the placement's, else its `monster_kinds` entry's, else the table's lowest).
`catalog.monster` finds him through `foe`, a `Monster` built from his mercenary table: the same numbers by
level (lines 957-1003), his arms as monster weapons of no extra dice (the table counts them, line 955),
no armour and no spells (Magic 0). From then on the monster machinery plays him: `monster_gear` reads his
kit (`default_weapon` and `default_skills` when the quest is silent), the game master moves and attacks
with him, he defends on black shields, and a hero who kills him earns the lower of his table's Attack
and Defend, one more for the killing blow (line 345), as for any monster.

His rules as an enemy: the Crossbowman holds his crossbow, so every attack is a shot at his table's
Attack at any hero in sight (line 957, as the bow of lines 359-373); the Halberdier's halberd strikes
corner to corner and he has Sweep Attack (line 969); the Scout's trap skills (line 981) do nothing for a
monster; the Swordsman has no other rule (line 993).
"""

from __future__ import annotations

from functools import lru_cache

from grognard.systems.heroquest import catalog as hq

_GEAR_NOTES = {"halberd": "diagonal two-handed"}
"""The rules of a mercenary's arms that are no hero weapon: the halberd strikes diagonally and sweeps as a
staff does (line 969; the staff is two-handed, line 361)."""

_HELD = {"crossbowman": "Crossbow", "halberdier": "Halberd"}
"""What an enemy mercenary holds when his quest names no weapon."""

_SKILLS = {"halberdier": ("Sweep Attack",)}
"""The monster skills an enemy mercenary uses when his quest names none (line 969)."""


@lru_cache(maxsize=16)
def _foe(key: str) -> hq.Monster | None:
    merc = hq.catalog().mercenaries.get(key)
    if merc is None:
        return None
    weapons = [hq.Gear(name=w, dice=0, note=_GEAR_NOTES.get(hq.key_of(w), "")) for w in merc.weapons]
    return hq.Monster(
        name=merc.name,
        text=merc.text,
        source=merc.source,
        levels=merc.levels,
        weapons=weapons,
        skills=list(_SKILLS.get(merc.key, ())),
    )


def foe(name: str) -> hq.Monster | None:
    """The mercenary `name` as a monster, or None when no mercenary is so called ("Swordsmen" finds the
    Swordsman, as line 1185 names him)."""
    key = hq.key_of(name)
    return _foe("swordsman" if key == "swordsmen" else key)


def default_weapon(kind: str) -> str:
    """The weapon an enemy mercenary of `kind` holds when his quest names none ("" for any monster)."""
    return _HELD.get(hq.key_of(kind), "") if foe(kind) is not None else ""


def default_skills(kind: str) -> tuple[str, ...]:
    """The skills an enemy mercenary of `kind` uses when his quest names none (() for any monster)."""
    return _SKILLS.get(hq.key_of(kind), ()) if foe(kind) is not None else ()
