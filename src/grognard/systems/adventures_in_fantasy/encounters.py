"""Encounters: a room of the underworld by level (Chart F) and a day outdoors by terrain (Tables H-N).

`underworld_encounter(rng, level)` and `outdoor_encounter(rng, terrain, alignment)` are pure: they roll
through the given `Rng` and return every step (dice, table row, source line) with what was met. The
readings of what the book leaves open are in docs/rulings/adventures-in-fantasy.md, "Encounter
procedure".
"""

from __future__ import annotations

import math
from dataclasses import dataclass, field
from fractions import Fraction
from typing import Literal, TypeAlias

from grognard.engine.dice.core import Rng, roll_dice
from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.forces import Force, roll_force
from grognard.systems.adventures_in_fantasy.steps import Step, cite, d20_one_to_ten, percent_check, roll_on

TERRAINS = ("desert", "mountain", "forest", "clear", "city", "water", "swamp", "other")
"""The outdoor terrains: Table H's seven columns, and swamp (read with the water column)."""

ALIGNMENTS = ("law", "neutral", "chaos")
"""The three alignments of the hostility table."""

Alignment: TypeAlias = Literal["law", "neutral", "chaos"]

UNDERWORLD_LEVELS = 6
"""Chart F prints six levels; deeper levels use the seventh chance and the sixth level's creatures."""

NIGHT_CHANCE = 30
"""The % chance that an outdoor encounter happens at night (line 1144)."""

MAGIC_USER_LEVELS = 10
"""A magic-user met at random is level 1-10 (line 1876)."""

HORSEMANSHIP_CHANCE = 40
"""The % chance that a magic-user met at random has mastered Horsemanship I (line 1874)."""

ARTIFACT_PER_LEVEL = 5
"""Per level of the magic-user, a 5% chance of a magical artifact, for him and each warrior (1876-1878)."""

ARTIFACTS = ("amulet", "amulet", "talisman", "talisman", "talisman", "miscellaneous magic artifact")
"""The artifact by a d6: 1-2 amulet, 3-5 talisman, 6 miscellaneous (line 1876)."""

HITS_PER_SQUARE = 15
SQUARE_FT = 5
"""A room needs a 5 ft by 5 ft square for every 15 hit points of its creatures (line 731)."""

SPECIAL_CREATURES = {
    "desert": "special-creatures-desert",
    "mountain": "special-creatures-mountains",
    "forest": "special-creatures-forest",
}
"""The Special Creatures table for each terrain; every other terrain uses the Other list."""


def table_terrain(terrain: str) -> str:
    """The column of Tables H, I and N read for `terrain`: swamp is read as Water (Swamp)."""
    return "water" if terrain == "swamp" else terrain


def check_terrain(terrain: str) -> str:
    """`terrain` lower-cased, or a `UsageError` naming it and the terrains."""
    key = terrain.strip().lower()
    if key not in TERRAINS:
        raise UsageError(
            gettext("terrain {terrain} is not one of: {terrains}").format(
                terrain=repr(terrain), terrains=", ".join(TERRAINS)
            )
        )
    return key


def check_alignment(alignment: str) -> Alignment:
    """`alignment` as law, neutral or chaos (lawful, chaotic accepted), or a `UsageError`."""
    key = alignment.strip().lower()
    key = {"lawful": "law", "chaotic": "chaos"}.get(key, key)
    if key == "law":
        return "law"
    if key == "neutral":
        return "neutral"
    if key == "chaos":
        return "chaos"
    raise UsageError(
        gettext("alignment {alignment} is not one of: law, neutral, chaos").format(alignment=repr(alignment))
    )


@dataclass(frozen=True)
class UnderworldEncounter:
    """A room of the underworld: occupied or not, and if so by what, with the number multiplier."""

    level: int
    occupied: bool
    creature: str | None
    multiplier: int
    steps: tuple[Step, ...]


def underworld_encounter(rng: Rng, level: int) -> UnderworldEncounter:
    """Chart F: the basic chance for the level, then the creature (lines 803-815)."""
    if level < 1:
        raise UsageError(gettext("underworld level {level} must be 1 or deeper").format(level=level))
    steps: list[Step] = []
    chance_table = (
        f"underworld-chance-level-{level}" if level <= UNDERWORLD_LEVELS else "underworld-chance-deeper"
    )
    step, row = roll_on(rng, chance_table, f"is the level {level} room occupied?")
    steps.append(step)
    if row.text != "occupied":
        return UnderworldEncounter(level, False, None, 1, tuple(steps))
    step, row = roll_on(rng, f"underworld-level-{min(level, UNDERWORLD_LEVELS)}", "what lurks there")
    steps.append(step)
    multiplier = int(str(row.field("multiplier", 1)))
    if multiplier > 1:
        steps.append(Step("number met", f"the basic number times {multiplier}", cite(813)))
    return UnderworldEncounter(level, True, str(row.field("creature")), multiplier, tuple(steps))


def number_met(basic: int, multiplier: int) -> int:
    """The number met where Chart F prints a small multiplier after the range (line 813)."""
    return basic * multiplier


@dataclass(frozen=True)
class Civilians:
    """Civilian J: merchants, a wagon train or peasants, with their numbers, guards and value."""

    kind: str
    number: int
    guards: int
    value_gp: int


@dataclass(frozen=True)
class OutdoorEncounter:
    """A day in one terrain: whether anything is met, what, and the full breakdown, step by step.

    `kind` is Outlaw, Soldier, Civilians, Magical or Other creature (None when nothing is met);
    `alignment` is the force's alignment where the book fixes it (None when the area's is unknown);
    `creature` names an other or special creature; `deployment` is the non-player force's deployment.
    """

    terrain: str
    met: bool
    kind: str | None = None
    alignment: str | None = None
    force: Force | None = None
    civilians: Civilians | None = None
    creature: str | None = None
    night: bool = False
    deployment: str | None = None
    steps: tuple[Step, ...] = field(default=())


def _outlaw_alignment(rng: Rng, area: Alignment | None, steps: list[Step]) -> str | None:
    if area is None:
        steps.append(Step("outlaw alignment", "other than the area's (give the area's alignment)", cite(869)))
        return None
    if area == "law":
        steps.append(Step("outlaw alignment", "chaos (in a lawful area)", cite(869)))
        return "chaos"
    if area == "chaos":
        steps.append(Step("outlaw alignment", "neutral (other than chaos, never lawful)", cite(939)))
        return "neutral"
    step, lawful = percent_check(rng, "outlaw alignment in a neutral area", 50, cite(869), "law", "chaos")
    steps.append(step)
    return "law" if lawful else "chaos"


def _civilians(rng: Rng, steps: list[Step]) -> Civilians:
    step, row = roll_on(rng, "civilians", "civilians (Civilian J)")
    steps.append(step)
    kind = str(row.field("encounter"))

    def size(label: str, times: int) -> int:
        thrown = d20_one_to_ten(rng)
        value = thrown.total * times
        steps.append(Step(label, str(value), cite(873), roll=thrown))
        return value

    if kind == "Merchants":
        return Civilians(
            kind, size("merchants", 1), size("soldiers guarding them", 1), size("GP per merchant", 10)
        )
    if kind == "Wagon train":
        return Civilians(kind, size("wagons", 1), size("guards", 10), size("convoy value in GP", 100))
    return Civilians(kind, size("peasants", 10), 0, 0)


@dataclass(frozen=True)
class Escort:
    """What a magic-user's level gives his company: the warriors' level and each one's artifact chance."""

    level: int
    warrior_level: int
    artifact_chance: int


def escort(level: int) -> Escort:
    """A level `level` magic-user's warriors are half his level rounded up, and he and each of them
    have a 5% per level of his chance of an artifact (level 7: level 4 warriors, 35%; lines 1876-1878)."""
    if level < 1:
        raise UsageError(gettext("magic-user level {level} is below 1").format(level=level))
    return Escort(level, math.ceil(Fraction(level, 2)), min(100, ARTIFACT_PER_LEVEL * level))


def _artifact(rng: Rng, who: str, chance: int, steps: list[Step]) -> None:
    step, has = percent_check(rng, f"{who}: a magical artifact?", chance, cite(1876), "yes", "no")
    steps.append(step)
    if has:
        thrown = roll_dice(rng, 1, 6)
        steps.append(
            Step(f"{who}'s artifact (1-2, 3-5, 6)", ARTIFACTS[thrown.total - 1], cite(1876), roll=thrown)
        )


def _magic_user(rng: Rng, steps: list[Step]) -> str:
    thrown = roll_dice(rng, 1, 6)
    alignment = ALIGNMENTS[(thrown.total - 1) // 2]
    steps.append(
        Step("magic-user's alignment (1-2 law, 3-4 neutral, 5-6 chaos)", alignment, cite(1094), roll=thrown)
    )
    thrown = roll_dice(rng, 1, MAGIC_USER_LEVELS)
    company = escort(thrown.total)
    steps.append(Step("magic-user's level (1-10)", str(company.level), cite(1876), roll=thrown))
    step, _ = percent_check(
        rng,
        "Horsemanship I (no other physical or weapon skill)",
        HORSEMANSHIP_CHANCE,
        cite(1874),
        "yes",
        "no",
    )
    steps.append(step)
    _artifact(rng, "the magic-user", company.artifact_chance, steps)
    thrown = roll_dice(rng, 1, 6)
    warriors = (thrown.total + 1) // 2
    steps.append(
        Step(
            f"warriors with him (1-3, a d6 halved up), level {company.warrior_level} each",
            str(warriors),
            cite(1878),
            roll=thrown,
        )
    )
    for n in range(1, warriors + 1):
        _artifact(rng, f"warrior {n}", company.artifact_chance, steps)
    return alignment


def minimum_room(total_hit_points: int) -> int:
    """The side in feet of the smallest square room for creatures of `total_hit_points`: a 5 ft square
    per 15 hit points (rounded up), laid out as a square of whole 5 ft squares (six creatures of 5 hit
    points: 10 ft by 10 ft, line 731; ruling "Underworld: room size")."""
    if total_hit_points < 1:
        raise UsageError(gettext("hit points {hits} must be at least 1").format(hits=total_hit_points))
    squares = math.ceil(Fraction(total_hit_points, HITS_PER_SQUARE))
    return SQUARE_FT * math.isqrt(squares - 1) + SQUARE_FT


def site_chance(places: int, permanent: int = 0) -> int:
    """The % chance of a creature at any one place of an area (method B): 100 divided by the places
    where an encounter could be, less the permanent ones, rounded half up (thirteen places: 8%, lines
    1353-1359; ruling "Bleakwood: the chance per place")."""
    open_places = places - permanent
    if permanent < 0 or open_places < 1:
        raise UsageError(
            gettext("{places} places less {permanent} permanent leaves none to roll for").format(
                places=places, permanent=permanent
            )
        )
    return math.floor(Fraction(100, open_places) + Fraction(1, 2))


def _other_creature(rng: Rng, terrain: str, steps: list[Step]) -> str:
    column = table_terrain(terrain)
    step, row = roll_on(rng, f"other-creatures-{column}", "other creature (Table N)")
    steps.append(step)
    name = str(row.field("creature", row.text))
    if row.field("reconstructed") is True:
        note = 'the book\'s column is lost here; row rebuilt (ruling "Table N, the lost column")'
        steps.append(Step("reconstructed", note, row.source))
    if name == "Special":
        special = SPECIAL_CREATURES.get(column, "special-creatures-other")
        step, row = roll_on(rng, special, "special creature")
        steps.append(step)
        name = row.text
    return name


def outdoor_encounter(
    rng: Rng, terrain: str, area: str | None = None, *, soldiers_force: bool = True
) -> OutdoorEncounter:
    """Tables H-N for one day in `terrain`; `area` is the predominant alignment of the area, if known.

    Steps: the base chance (H), the type (H), then the chart for the type: a force of outlaws or
    soldiers (K, L, M), civilians (J), or special (I: soldiers, a magic-user or an other creature, N);
    for any encounter, night (30%, line 1144) and, for a force, its deployment (line 1098).
    With `soldiers_force` False a force of soldiers is left unrolled (no K, L, M, deployment): the
    campaign throws it as chance nodes of its own (`soldiers`).
    """
    terrain = check_terrain(terrain)
    aligned = None if area is None else check_alignment(area)
    column = table_terrain(terrain)
    steps: list[Step] = []
    step, row = roll_on(rng, f"outdoor-chance-{column}", "is anything met today? (Table H)")
    steps.append(step)
    if row.text != "encounter":
        return OutdoorEncounter(terrain, False, steps=tuple(steps))
    step, row = roll_on(rng, f"outdoor-general-{column}", "type of encounter (Table H)")
    steps.append(step)
    kind = row.text
    if kind == "Special":
        step, row = roll_on(rng, f"outdoor-special-{column}", "special (Table I)")
        steps.append(step)
        kind = row.text

    force: Force | None = None
    civilians: Civilians | None = None
    creature: str | None = None
    alignment: str | None = None
    if kind == "Outlaw":
        alignment = _outlaw_alignment(rng, aligned, steps)
        force = roll_force(rng, terrain)
    elif kind == "Soldier":
        alignment = aligned
        steps.append(Step("soldiers' alignment", aligned or "the area's", cite(871)))
        force = roll_force(rng, terrain) if soldiers_force else None
    elif kind == "Civilians":
        civilians = _civilians(rng, steps)
    elif kind == "Magical":
        alignment = _magic_user(rng, steps)
    else:
        creature = _other_creature(rng, terrain, steps)
    if force is not None:
        steps.extend(force.steps)

    step, night = percent_check(rng, "at night", NIGHT_CHANCE, cite(1144), "at night", "by day")
    steps.append(step)
    deployment: str | None = None
    if force is not None:
        step, row = roll_on(rng, "deployment", "the force's deployment")
        steps.append(step)
        deployment = row.text
    return OutdoorEncounter(
        terrain, True, kind, alignment, force, civilians, creature, night, deployment, tuple(steps)
    )
