"""A force of soldiers or outlaws met outdoors: its numbers, composition, arms, armour and shields.

Charts K (composition by terrain), L (numbers) and M (arms, armour, shields), seed 002 lines 927-1000.
Readings of the damaged or silent parts are in docs/rulings/adventures-in-fantasy.md ("Encounter
procedure" sections).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field

from grognard.engine.dice.core import Rng, roll_dice
from grognard.engine.errors import ContentError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.steps import Step, cite, d10, percent_check, roll_on

NEVER_IN_TERRAINS = ("desert", "swamp", "water")
"""Where longbowmen, pikemen and plate-armoured lancers are never found (lines 965, 976, 982, 989)."""

TROOPS_TABLE = {
    "clear": "troops-clear",
    "city": "troops-city",
    "mountain": "troops-mountain",
    "forest": "troops-woods",
    "swamp": "troops-swamp",
    "desert": "troops-desert",
    "water": "troops-water",
    "other": "troops-general",
}
"""Chart K's row for each encounter terrain (forest is Chart K's woods, other its general row)."""

NO_SHIELD_WEAPONS = frozenset({"Missile", "Pike", "Bow"})
"""Troops that never carry a shield (line 993); mounted bowmen count as missile troops."""

MAX_REROLLS = 50
"""A safety bound on rolling again for troops barred from a terrain."""


@dataclass(frozen=True)
class Troop:
    """One part of a force: mounted or on foot, how many, and their weapon, armour and shield."""

    mounted: bool
    number: int
    weapon: str
    armour: str
    shield: bool

    def text(self) -> str:
        """The troop in a few words: "40 mounted Sword, Chainmail, shield"."""
        kind = "mounted" if self.mounted else "foot"
        shield = "shield" if self.shield else "no shield"
        return f"{self.number} {kind}: {self.weapon}, {self.armour}, {shield}"


@dataclass(frozen=True)
class Force:
    """A force of soldiers or outlaws: its total, the troops it splits into and every step rolled."""

    number: int
    troops: tuple[Troop, ...]
    boats: bool
    steps: tuple[Step, ...] = field(default=())


def _multiplier(dice_text: str, table: str) -> int:
    found = re.fullmatch(r"\s*1d10\s*x\s*(\d+)\s*", dice_text)
    if not found:
        raise ContentError(
            table, "result.dice", gettext("expected '1d10 x N', got {text}").format(text=repr(dice_text))
        )
    return int(found.group(1))


def _share_bounds(text: str, table: str) -> tuple[int, int]:
    found = re.fullmatch(r"\s*(\d+)\s*-\s*(\d+)\s*%\s*", text)
    if not found:
        raise ContentError(
            table, "result.foot_share", gettext("expected 'low-high%', got {text}").format(text=repr(text))
        )
    return int(found.group(1)), int(found.group(2))


def _never_here(value: object, terrain: str) -> bool:
    return isinstance(value, str) and terrain in [t.strip() for t in value.split(",")]


def _roll_allowed(rng: Rng, table: str, label: str, terrain: str) -> tuple[list[Step], dict[str, object]]:
    """Roll `table`, rolling again while the row is one the book says is never found in `terrain`."""
    steps: list[Step] = []
    for _ in range(MAX_REROLLS):
        step, row = roll_on(rng, table, label)
        fields: dict[str, object] = {} if isinstance(row.result, str) else dict(row.result)
        if _never_here(fields.get("never_in"), terrain):
            steps.append(
                Step(
                    step.label,
                    f"{step.result} (never in {terrain}: roll again)",
                    step.source,
                    step.table,
                    step.roll,
                    step.row,
                )
            )
            continue
        steps.append(step)
        return steps, fields
    raise ContentError(table, "rows", gettext("every roll is barred in {terrain}").format(terrain=terrain))


def roll_troop(rng: Rng, mounted: bool, number: int, terrain: str) -> tuple[Troop, list[Step]]:
    """Chart M for one part of a force: weapon, armour for it, shield for the armour (lines 955-998)."""
    mode = "mounted" if mounted else "dismounted"
    steps, arms = _roll_allowed(rng, f"arms-{mode}", f"{mode} troops: weapon", terrain)
    more, armour = _roll_allowed(rng, str(arms["then"]), f"{mode} troops: armour", terrain)
    steps += more
    weapon = str(armour.get("weapon", arms["weapon"]))
    worn = str(armour["armour"])
    shield = False
    if str(arms["weapon"]) in NO_SHIELD_WEAPONS:
        steps.append(
            Step(f"{mode} troops: shield", "no shield (never with missile or pike troops)", cite(993))
        )
    else:
        step, row = roll_on(rng, f"shield-{mode}-{worn.lower()}", f"{mode} troops: shield")
        steps.append(step)
        shield = row.text == "shield"
    return Troop(mounted, number, weapon, worn, shield), steps


def foot_count(total: int, share: int) -> int:
    """How many of a mixed force of `total` are on foot at `share` percent, rounded half up."""
    return (total * share + 50) // 100


def roll_force(rng: Rng, terrain: str) -> Force:
    """Chart L for the numbers, Chart K for the composition, Chart M for each part's equipment."""
    steps: list[Step] = []
    step, row = roll_on(rng, "soldier-numbers", "numbers (Chart L)")
    steps.append(step)
    factor = _multiplier(str(row.field("dice")), "soldier-numbers")
    size = d10(rng)
    number = size.total * factor
    steps.append(Step(f"number: 1d10 x {factor}", str(number), row.source, roll=size))

    table = TROOPS_TABLE[terrain]
    step, row = roll_on(rng, table, "composition (Chart K)")
    steps.append(step)
    kind = str(row.field("force"))
    if kind == "mixed":
        low, high = _share_bounds(str(row.field("foot_share")), table)
        share_roll = roll_dice(rng, 1, high - low + 1, modifier=low - 1)
        foot = foot_count(number, share_roll.total)
        steps.append(
            Step(
                f"share on foot ({low}-{high}%)",
                f"{share_roll.total}%: {foot} foot, {number - foot} mounted",
                row.source,
                roll=share_roll,
            )
        )
        parts = [(True, number - foot), (False, foot)]
    else:
        parts = [(kind == "all mounted", number)]

    boats = False
    boats_chance = row.field("boats_chance")
    if isinstance(boats_chance, int) and any(not m and n for m, n in parts):
        per_boat = row.field("per_boat")
        yes = "the foot are in boats" + (f" ({per_boat} to a boat)" if per_boat else "")
        step, boats = percent_check(rng, "boats", boats_chance, row.source, yes, "not in boats")
        steps.append(step)

    troops: list[Troop] = []
    for mounted, count in parts:
        if count <= 0:
            continue
        troop, more = roll_troop(rng, mounted, count, terrain)
        troops.append(troop)
        steps += more
    return Force(number, tuple(troops), boats, tuple(steps))
