"""Hostility: will two forces that have found each other fight? (Basic Hostility Table, lines 1076-1102.)

Each force's chance of being hostile is read from the `hostility` chart by its alignment (row) and the
other's (column), then its deployment's modifier from `hostility-modifiers` is added, held within
0-100 (ruling "Hostility axes"). Each force rolls two d20 read 01-100; one hostile force is enough for a
fight (line 1062). Chaotic and lawful magic-users always fight; two lawful ones never do (line 1088).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, percentile
from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.charts import Chart
from grognard.systems.adventures_in_fantasy.encounters import Alignment, check_alignment
from grognard.systems.adventures_in_fantasy.steps import Step, chance_of, cite, roll_on
from grognard.systems.adventures_in_fantasy.tables import get_table

DEPLOYMENTS = ("deployed", "ambush", "hiding", "searching", "foraging", "marching")
"""The deployments of a force (line 1078), as the deployment table and the modifiers name them."""


def check_deployment(deployment: str) -> str:
    """`deployment` lower-cased ("defending" is deployed, "ambushing" ambush), or a `UsageError`."""
    key = deployment.strip().lower()
    key = {"defending": "deployed", "ambushing": "ambush", "in ambush": "ambush"}.get(key, key)
    if key not in DEPLOYMENTS:
        raise UsageError(
            gettext("deployment {deployment} is not one of: {deployments}").format(
                deployment=repr(deployment), deployments=", ".join(DEPLOYMENTS)
            )
        )
    return key


def roll_deployment(rng: Rng) -> tuple[Step, str]:
    """The deployment of a non-player force: 1d20 on the `deployment` table (line 1098)."""
    step, row = roll_on(rng, "deployment", "deployment (1d20)")
    return step, row.text.lower()


@dataclass(frozen=True)
class Side:
    """One force meeting another: its alignment, its deployment, and whether it is a magic-user."""

    alignment: Alignment
    deployment: str = "marching"
    magic_user: bool = False

    @classmethod
    def of(cls, alignment: str, deployment: str = "marching", magic_user: bool = False) -> Side:
        """A side from user text, each value checked."""
        return cls(check_alignment(alignment), check_deployment(deployment), magic_user)


@dataclass(frozen=True)
class SideChance:
    """One side's chance of hostility: the chart's figure, the deployment modifier, and the result."""

    side: Side
    base: int
    modifier: int
    chance: int
    probability: Fraction
    rule: str
    roll: Roll | None = None
    hostile: bool | None = None


@dataclass(frozen=True)
class Hostility:
    """Both sides' chances, the exact probability of a fight, and (once rolled) the rolls and the outcome."""

    first: SideChance
    second: SideChance
    fight_probability: Fraction
    fight: bool | None = None
    steps: tuple[Step, ...] = field(default=())

    @property
    def peace_probability(self) -> Fraction:
        """The exact probability that neither side is hostile."""
        return 1 - self.fight_probability


def _chart(name: str) -> Chart:
    entry = get_table(name)
    assert isinstance(entry, Chart), name
    return entry


def _side_chance(side: Side, other: Side) -> tuple[SideChance, list[Step]]:
    steps: list[Step] = []
    who = f"{side.alignment} ({side.deployment})"
    if side.magic_user and other.magic_user:
        pair = {side.alignment, other.alignment}
        if pair == {"law", "chaos"}:
            steps.append(
                Step(f"{who} magic-user against a {other.alignment} one", "always hostile", cite(1088))
            )
            return SideChance(side, 100, 0, 100, Fraction(1), "magic-users of law and chaos"), steps
        if pair == {"law"}:
            steps.append(Step(f"{who} magic-user against a lawful one", "never hostile", cite(1088)))
            return SideChance(side, 0, 0, 0, Fraction(0), "lawful magic-users"), steps
    chart = _chart("hostility")
    base = chart.cell(side.alignment, other.alignment)
    mods = _chart("hostility-modifiers")
    modifier = mods.cell(side.deployment, "modifier")
    assert isinstance(base, int) and isinstance(modifier, int)
    chance = max(0, min(100, base + modifier))
    steps.append(
        Step(f"{side.alignment} against {other.alignment}", f"{base}%", chart.row(side.alignment).source)
    )
    steps.append(
        Step(
            f"deployment modifier: {side.deployment}",
            f"{modifier:+d}% -> {chance}%",
            mods.row(side.deployment).source,
        )
    )
    return SideChance(side, base, modifier, chance, chance_of(chance), "table"), steps


def hostility_odds(first: Side, second: Side) -> Hostility:
    """Each side's chance of hostility and the exact probability that they fight, before any roll."""
    a, steps_a = _side_chance(first, second)
    b, steps_b = _side_chance(second, first)
    fight = 1 - (1 - a.probability) * (1 - b.probability)
    return Hostility(a, b, fight, None, (*steps_a, *steps_b))


def _roll_side(rng: Rng, side: SideChance) -> tuple[SideChance, Step]:
    thrown = percentile(rng)
    hostile = thrown.total <= side.chance
    label = f"{side.side.alignment} ({side.side.deployment}) hostile on {side.chance}% or less"
    step = Step(label, "hostile" if hostile else "not hostile", cite(1079), roll=thrown)
    return replace(side, roll=thrown, hostile=hostile), step


def hostility(rng: Rng, first: Side, second: Side) -> Hostility:
    """Roll each side's hostility; one hostile side brings on a fight between both (line 1062)."""
    odds = hostility_odds(first, second)
    a, step_a = _roll_side(rng, odds.first)
    b, step_b = _roll_side(rng, odds.second)
    fight = bool(a.hostile or b.hostile)
    verdict = Step(
        "a fight?", "yes: one hostile side is enough" if fight else "no: neither is hostile", cite(1062)
    )
    return replace(odds, first=a, second=b, fight=fight, steps=(*odds.steps, step_a, step_b, verdict))
