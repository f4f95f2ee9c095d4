"""Encounters: a room of the underworld by level (Chart F) and a day outdoors by terrain (Tables H-N).

`underworld_encounter(rng, level)` and `outdoor_encounter(rng, terrain, alignment)` are pure: they roll
through the given `Rng` and return every step (dice, table row, source line) with what was met. The
readings of what the book leaves open are in docs/rulings/adventures-in-fantasy.md, "Encounter
procedure".
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Literal, TypeAlias

from grognard.engine.dice import Rng, roll_dice
from grognard.engine.errors import UsageError
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
        raise UsageError(f"terrain {terrain!r} is not one of: {', '.join(TERRAINS)}")
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
    raise UsageError(f"alignment {alignment!r} is not one of: law, neutral, chaos")


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
        raise UsageError(f"underworld level {level} must be 1 or deeper")
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


def _magic_user(rng: Rng, steps: list[Step]) -> str:
    thrown = roll_dice(rng, 1, 6)
    alignment = ALIGNMENTS[(thrown.total - 1) // 2]
    steps.append(
        Step("magic-user's alignment (1-2 law, 3-4 neutral, 5-6 chaos)", alignment, cite(1094), roll=thrown)
    )
    return alignment


def _other_creature(rng: Rng, terrain: str, steps: list[Step]) -> str:
    column = table_terrain(terrain)
    step, row = roll_on(rng, f"other-creatures-{column}", "other creature (Table N)")
    steps.append(step)
    name = str(row.field("creature", row.text))
    if row.field("lost") is True:
        steps.append(Step("lost column", "the book's column is lost here: the referee chooses", row.source))
        return name
    if name == "Special":
        special = SPECIAL_CREATURES.get(column, "special-creatures-other")
        step, row = roll_on(rng, special, "special creature")
        steps.append(step)
        name = row.text
    return name


def outdoor_encounter(rng: Rng, terrain: str, area: str | None = None) -> OutdoorEncounter:
    """Tables H-N for one day in `terrain`; `area` is the predominant alignment of the area, if known.

    Steps: the base chance (H), the type (H), then the chart for the type: a force of outlaws or
    soldiers (K, L, M), civilians (J), or special (I: soldiers, a magic-user or an other creature, N);
    for any encounter, night (30%, line 1144) and, for a force, its deployment (line 1098).
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
        force = roll_force(rng, terrain)
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
