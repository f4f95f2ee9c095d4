"""When a force that has been found arrives on the battle map, by its deployment (lines 1104-1132).

Deployed, in ambush or hiding: the whole force is there from the start. Searching or foraging: 5% at
the contact point at once, 30% on turn 20 in six groups, the rest on turn 40 in thirteen groups, each
group from a random direction. Marching: up to 700 men at the start and 350 more each turn after the
first. The direction die is lost from the book except its note "(1 or 0, roll over)" (line 1120);
ruling "Arrival directions" reads a d10 whose 2-9 are the eight points of the compass.
"""

from __future__ import annotations

from dataclasses import dataclass

from grognard.engine.dice.core import Rng, Roll, roll_dice
from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.hostility import check_deployment
from grognard.systems.adventures_in_fantasy.steps import Step, cite

DIRECTIONS = ("north", "north-east", "east", "south-east", "south", "south-west", "west", "north-west")
"""The compass points a d10 of 2-9 gives, in order (ruling "Arrival directions")."""

IMMEDIATE_SHARE = 5
"""Percent of a searching or foraging force at the contact point at once (line 1116)."""
SECOND_WAVE_SHARE = 30
"""Percent arriving on turn 20, in six groups (line 1116)."""
SECOND_WAVE_TURN, SECOND_WAVE_GROUPS = 20, 6
"""The second wave: its turn and its number of groups (line 1116)."""
THIRD_WAVE_TURN, THIRD_WAVE_GROUPS = 40, 13
"""The rest: its turn and its number of groups (line 1122)."""
MARCH_START, MARCH_PER_TURN = 700, 350
"""A marching column: up to 700 men at the start, 350 more per turn after the first (line 1132)."""
MAX_REROLLS = 100
"""A safety bound on rolling the direction die again."""


@dataclass(frozen=True)
class Arrival:
    """A group arriving: on which turn (0 = at the start), how many men, and from where."""

    turn: int
    men: int
    where: str
    roll: Roll | None = None


def split(total: int, groups: int) -> list[int]:
    """`total` men in `groups` groups as even as can be, the larger groups first."""
    size, extra = divmod(total, groups)
    return [size + (1 if i < extra else 0) for i in range(groups)]


def share(total: int, percent: int) -> int:
    """`percent` of `total`, rounded half up."""
    return (total * percent + 50) // 100


def direction(rng: Rng) -> tuple[str, list[Roll]]:
    """A random direction: a d10, rolled again on 1 or 0 (10); 2-9 give the eight compass points."""
    rolls: list[Roll] = []
    for _ in range(MAX_REROLLS):
        thrown = roll_dice(rng, 1, 10)
        rolls.append(thrown)
        if 2 <= thrown.total <= 9:
            return DIRECTIONS[thrown.total - 2], rolls
    raise UsageError(gettext("no direction after 100 rolls"))  # pragma: no cover - probability 0.2**100


def arrivals(rng: Rng, deployment: str, men: int, turns: int = 5) -> tuple[list[Arrival], list[Step]]:
    """The force's arrivals on the map; a marching column is shown for its first `turns` turns."""
    key = check_deployment(deployment)
    if men < 1:
        raise UsageError(gettext("a force of {men} men cannot arrive").format(men=men))
    steps: list[Step] = []
    if key in ("deployed", "ambush", "hiding"):
        steps.append(
            Step(key, f"all {men} on the map from the start", cite(1106 if key == "deployed" else 1110))
        )
        return [Arrival(0, men, "in position")], steps
    if key == "marching":
        result: list[Arrival] = []
        left = men
        for turn in range(max(1, turns)):
            step_men = min(left, MARCH_START if turn == 0 else MARCH_PER_TURN)
            if step_men <= 0:
                break
            result.append(Arrival(turn, step_men, "the column's end nearest the board edge"))
            left -= step_men
        steps.append(
            Step("marching", f"up to {MARCH_START} at the start, {MARCH_PER_TURN} per turn", cite(1132))
        )
        return result, steps
    first = share(men, IMMEDIATE_SHARE)
    second = share(men, SECOND_WAVE_SHARE)
    third = men - first - second
    result = [Arrival(0, first, "at the contact point")] if first else []
    steps.append(
        Step(
            key,
            f"{first} at once, {second} on turn {SECOND_WAVE_TURN}, {third} on turn {THIRD_WAVE_TURN}",
            cite(1116),
        )
    )
    for turn, total, groups, line in (
        (SECOND_WAVE_TURN, second, SECOND_WAVE_GROUPS, 1116),
        (THIRD_WAVE_TURN, third, THIRD_WAVE_GROUPS, 1122),
    ):
        for size in split(total, groups):
            if size == 0:
                continue
            where, rolls = direction(rng)
            for thrown in rolls:
                seen = DIRECTIONS[thrown.total - 2] if 2 <= thrown.total <= 9 else "roll again"
                steps.append(Step(f"turn {turn}: {size} men arrive from", seen, cite(line), roll=thrown))
            result.append(Arrival(turn, size, where, rolls[-1]))
    return result, steps


CONCENTRATION_TURNS = 5
"""Turns of delay for each group that joins another before arriving (optional rule, line 1124)."""


def concentration_delay(groups: int, into: int) -> int:
    """The optional rule: turns of delay to concentrate `groups` arriving groups into `into` groups.

    Each five turns of delay lets one group join another (line 1124), so the delay is five turns for each
    group merged away.
    """
    if not 1 <= into <= groups:
        raise UsageError(
            gettext("cannot concentrate {groups} groups into {into}").format(groups=groups, into=into)
        )
    return CONCENTRATION_TURNS * (groups - into)
