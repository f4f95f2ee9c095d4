"""Mercenaries as the game master's enemies (line 953 of 004_24cd6f974fe6a1ee.txt): played as monsters.

A quest places a Crossbowman, Halberdier, Scout or Swordsman as it places a monster (`monster = "Scout"`,
level as for monsters: the placement's, else its `monster_kinds` entry's, else the table's lowest).
`catalog.monster` finds him through `catalog.foe`, a `Monster` built from his mercenary table: the
same numbers by level (lines 957-1003), his arms as monster weapons of no extra dice (the table counts
them, line 955), no armour and no spells (Magic 0). From then on the monster machinery plays him:
`monster_kit` reads his kit (`default_weapon` and `default_skills` when the quest is silent), the game
master moves and attacks with him, he defends on black shields, and a hero who kills him earns the lower
of his table's Attack and Defend, one more for the killing blow (line 345), as for any monster.

His rules as an enemy: the Crossbowman holds his crossbow, so every attack is a shot at his table's
Attack at any hero in sight (line 957, as the bow of lines 359-373); the Halberdier's halberd strikes
corner to corner and he has Sweep Attack (line 969); the Scout's trap skills (line 981) do nothing for a
monster; the Swordsman has no other rule (line 993).
"""

from __future__ import annotations

from grognard.systems.heroquest.content import catalog as hq

_HELD = {"crossbowman": "Crossbow", "halberdier": "Halberd"}
"""What an enemy mercenary holds when his quest names no weapon."""


def default_weapon(kind: str) -> str:
    """The weapon an enemy mercenary of `kind` holds when his quest names none ("" for any monster)."""
    return _HELD.get(hq.key_of(kind), "") if hq.foe(kind) is not None else ""


def default_skills(kind: str) -> tuple[str, ...]:
    """The skills an enemy mercenary of `kind` uses when his quest names none (() for any monster)."""
    return hq.FOE_SKILLS.get(hq.key_of(kind), ()) if hq.foe(kind) is not None else ()
