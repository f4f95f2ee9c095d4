"""Horsemanship: what a rider and his mount may do together at each level of courses 7-9.

Both rider and horse must be trained at a level for the team to have it (a level II rider on a level I
horse rides at level I). The level sets the riding speed, the share of the base hit chance in melee and
the weapons allowed in the saddle. Rulebook: 002_8449cbd1010a37a5.txt, lines 347, 351, 389-408; readings
in docs/rulings/adventures-in-fantasy.md, "Riding".
"""

from __future__ import annotations

from collections.abc import Iterable
from fractions import Fraction

from grognard.engine.errors import UsageError
from grognard.i18n import N_, gettext

LEVEL_COURSES = {7: 1, 8: 2, 9: 3}
"""Course 7 (How to ride a Horse I), 8 (Horsemanship II), 9 (Horsemanship III) and the level each gives."""

HALF = Fraction(1, 2)

BARRED = {
    0: frozenset({"bow", "shield", "lance", "dagger", "spear"}),
    1: frozenset({"bow", "shield", "lance", "dagger", "spear"}),
    2: frozenset({"bow", "lance", "dagger"}),
    3: frozenset(),
}
"""Weapons that may not be used in the saddle at each level (lines 395-396, 401-402, 406-408)."""

NEVER_MOUNTED = frozenset({"two-handed sword", "pike"})
"""Table B: the two-handed sword and the pike cannot be used mounted at any level (lines 347, 351)."""

WEAPON_NAMES = {
    "composite bow": "bow",
    "long bow": "bow",
    "longbow": "bow",
    "crossbow": "bow",
    "short bow": "bow",
    "shield (heavy)": "shield",
    "shield (light)": "shield",
    "2-hd sword": "two-handed sword",
}
"""Other names for the weapons the riding rules name."""


RIDER = N_("the rider's horsemanship level {level} is not 0-3")
HORSE = N_("the horse's horsemanship level {level} is not 0-3")
TEAM = N_("the team's horsemanship level {level} is not 0-3")
"""The refusals of a horsemanship level out of 0-3, by whose it is."""


def _level(level: int, refusal: str) -> int:
    """`level` when it is a horsemanship level 0-3, else a `UsageError` saying `refusal` (a message)."""
    if level not in (0, 1, 2, 3):
        raise UsageError(gettext(refusal).format(level=level))
    return level


def rider_level(courses: Iterable[int]) -> int:
    """The highest horsemanship level among a rider's completed course numbers (0: none)."""
    return max((LEVEL_COURSES.get(number, 0) for number in courses), default=0)


def team_level(rider: int, horse: int) -> int:
    """The level the pair rides at: the lower of the rider's and the horse's training (line 389)."""
    return min(_level(rider, RIDER), _level(horse, HORSE))


def speed_share(level: int) -> Fraction:
    """The share of the horse's normal speed: half without Horsemanship I, full with it (line 393)."""
    return HALF if _level(level, TEAM) == 0 else Fraction(1)


def melee_share(level: int) -> Fraction:
    """The share of the base hit chance (not the experience and other modifiers) in mounted melee,
    attack and defence: half at level I (line 394), full from level II (line 400). An untrained rider
    is taken to fight as at level I (ruling "Riding")."""
    return HALF if _level(level, TEAM) < 2 else Fraction(1)


def weapon_problem(weapon: str, level: int, *, knows_bow: bool = True) -> str:
    """Why `weapon` may not be used mounted at `level` ("" when it may): the barred weapons of each
    level, the two-handed sword and pike never, and from level III the bow only for a rider trained
    in it (line 406)."""
    key = weapon.strip().lower()
    key = WEAPON_NAMES.get(key, key)
    team = _level(level, TEAM)
    if key in NEVER_MOUNTED:
        return gettext("a {weapon} cannot be used mounted (Table B, lines 347, 351)").format(weapon=key)
    if key in BARRED[team]:
        return gettext("no {weapon} in the saddle at horsemanship level {level} (lines 395-408)").format(
            weapon=key, level=team
        )
    if key == "bow" and not knows_bow:
        return gettext("a bow from horseback needs the rider's bow training (line 406)")
    return ""
