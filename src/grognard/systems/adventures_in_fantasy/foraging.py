"""Foraging for the animals and hunting for rations (BASIC GAME FORAGING, lines 1191-1235).

Foraging for animals rolls the `forage-*` table of the terrain (a d10; ruling "Foraging die"). Hunting
rolls two d20 read 01-100 against the terrain's chance from the `hunting-*` table plus an explicit
education modifier; food found is 1-5 rations (`hunting-rations`), tripled for a Forester (line 455),
and in a city it must pass a roll against Health. In the desert both work only at an oasis.
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, percentile
from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.steps import Step, chance_of, cite, percent_check, roll_on
from grognard.systems.adventures_in_fantasy.tables import get_rollable

FORAGE_TERRAINS = ("open", "forest", "mountain", "swamp", "city", "desert")
"""The terrains of the foraging section."""

FORAGE_TABLE = {
    "open": "forage-open-forest",
    "forest": "forage-open-forest",
    "mountain": "forage-mountain-swamp",
    "swamp": "forage-mountain-swamp",
    "city": "forage-city",
    "desert": "forage-city",
}
"""The foraging table of each terrain (the desert only at an oasis)."""
HUNT_TABLE = {
    "open": "hunting-open",
    "forest": "hunting-forest",
    "mountain": "hunting-mountain",
    "swamp": "hunting-swamp",
    "city": "hunting-city",
    "desert": "hunting-desert-oasis",
}
"""The hunting table of each terrain (the desert only at an oasis)."""
FORESTER_FACTOR = 3
"""A Forester forages at three times the normal effectiveness (line 455): three times the rations."""


def check_forage_terrain(terrain: str) -> str:
    """The terrain lower-cased (clear is open), or a `UsageError` naming it."""
    key = terrain.strip().lower()
    key = {"clear": "open", "mountains": "mountain", "woods": "forest"}.get(key, key)
    if key not in FORAGE_TERRAINS:
        raise UsageError(
            gettext("foraging terrain {terrain} is not one of: {terrains}").format(
                terrain=repr(terrain), terrains=", ".join(FORAGE_TERRAINS)
            )
        )
    return key


@dataclass(frozen=True)
class Foraging:
    """Foraging for the animals: the chance, its exact probability, and (once rolled) the outcome."""

    terrain: str
    possible: bool
    probability: Fraction
    fed: bool | None = None
    steps: tuple[Step, ...] = field(default=())


@dataclass(frozen=True)
class Modifier:
    """A modifier applied to the hunting chance: what, by how much, and where the book says so."""

    name: str
    value: int
    source: str


@dataclass(frozen=True)
class Hunting:
    """Hunting for rations: the chance with each modifier, its exact probability, and what was found."""

    terrain: str
    possible: bool
    base: int
    modifiers: tuple[Modifier, ...]
    chance: int
    probability: Fraction
    found: bool | None = None
    rations: int = 0
    steps: tuple[Step, ...] = field(default=())


def _no_oasis(terrain: str, oasis: bool) -> bool:
    return terrain == "desert" and not oasis


def forage(rng: Rng, terrain: str, oasis: bool = False) -> Foraging:
    """Forage for the animals in `terrain` (in the desert only at an oasis, as in a city)."""
    key = check_forage_terrain(terrain)
    if _no_oasis(key, oasis):
        step = Step("foraging in the desert", "nothing away from an oasis", cite(1209))
        return Foraging(key, False, Fraction(0), False, (step,))
    table = get_rollable(FORAGE_TABLE[key])
    probability = sum((p for row, p in table.chances() if row.text == "animals fed"), Fraction(0))
    step, row = roll_on(rng, table.name, "foraging for the animals")
    return Foraging(key, True, probability, row.text == "animals fed", (step,))


def _base_chance(table: str) -> tuple[int, str]:
    for row in get_rollable(table).rows:
        if row.text == "food found":
            return row.high, row.source
    raise UsageError(  # pragma: no cover - data is checked
        gettext("table {table} has no 'food found' row").format(table=table)
    )


def hunting_odds(terrain: str, bonus: int = 0, oasis: bool = False) -> Hunting:
    """The chance of finding food: the terrain's figure plus `bonus` (education), held within 0-100."""
    key = check_forage_terrain(terrain)
    if _no_oasis(key, oasis):
        step = Step("hunting in the desert", "nothing away from an oasis", cite(1231))
        return Hunting(key, False, 0, (), 0, Fraction(0), steps=(step,))
    table = HUNT_TABLE[key]
    base, source = _base_chance(table)
    steps = [Step(f"{key}: food found on", f"01-{base:02d}", source, table)]
    modifiers: list[Modifier] = []
    chance = base
    if bonus:
        modifiers.append(Modifier("education", bonus, cite(1211)))
        chance = max(0, min(100, base + bonus))
        steps.append(Step(f"education modifier {bonus:+d}%", f"{chance}%", cite(1211)))
    return Hunting(key, True, base, tuple(modifiers), chance, chance_of(chance), steps=tuple(steps))


def hunt(
    rng: Rng,
    terrain: str,
    bonus: int = 0,
    forester: bool = False,
    health: int | None = None,
    oasis: bool = False,
) -> Hunting:
    """Hunt for rations: the roll, then 1-5 rations (x3 for a Forester), and in a city a Health roll."""
    odds = hunting_odds(terrain, bonus, oasis)
    if not odds.possible:
        return replace(odds, found=False)
    steps = list(odds.steps)
    thrown = percentile(rng)
    found = thrown.total <= odds.chance
    steps.append(
        Step(
            f"hunting roll (food on {odds.chance}% or less)",
            "food found" if found else "nothing",
            cite(1211),
            roll=thrown,
        )
    )
    rations = 0
    if found:
        step, row = roll_on(rng, "hunting-rations", "rations found")
        steps.append(step)
        rations = int(str(row.field("rations")))
        if forester:
            rations *= FORESTER_FACTOR
            steps.append(Step("Forester: three times as effective", f"{rations} rations", cite(455)))
        if odds.terrain == "city":
            if health is None:
                steps.append(Step("garbage", "roll against the eater's Health before eating", cite(1235)))
            else:
                if not 0 <= health <= 100:
                    raise UsageError(gettext("health {health} must be 0-100").format(health=health))
                step, fit = percent_check(
                    rng, "roll against Health", health, cite(1235), "fit to eat", "spoiled"
                )
                steps.append(step)
                if not fit:
                    rations = 0
    return Hunting(
        odds.terrain,
        True,
        odds.base,
        odds.modifiers,
        odds.chance,
        odds.probability,
        found,
        rations,
        tuple(steps),
    )
