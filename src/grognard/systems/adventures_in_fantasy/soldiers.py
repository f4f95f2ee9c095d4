"""Soldiers met on a journey: the force's arms and armour, then its hostility to the party.

A day's encounter that meets soldiers (`journey`) is followed by two chance nodes of the campaign:

- the force (`force_outcomes`, `roll_force_kit`): its numbers (Chart L), its composition by terrain
  (Chart K) and each part's weapon, armour and shield (Chart M), :927-1000, thrown with
  `forces.roll_force`; the outcome names each part's kit ("foot soldier (Spear, Chainmail, shield)"),
  which `creatures.creature` reads as a man of that armour for the melee;
- their reaction (`meeting_outcomes`, `roll_meeting`): their alignment (the area's, :871, :1094; the
  campaign keeps no area's alignment, so it is rolled as a wizard's, a third each), their deployment
  (1d20, :1098-1102) and their hostility to the party (the Basic Hostility Table and its deployment
  modifiers, two d20 read 01-100, :1079-1086). The outcome is "ALIGNMENT:DEPLOYMENT:hostile" or
  "...:peaceful".

The exact chances count every row the dice can reach, rows barred from the terrain rolled again as
`forces` does (:965); readings are in docs/rulings/adventures-in-fantasy.md, "Campaign: soldiers met".
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Sequence
from fractions import Fraction
from functools import cache

from grognard.engine.content import Row, parse_dice
from grognard.engine.dice.core import Rng, Roll, percentile, roll_dice
from grognard.engine.errors import UsageError
from grognard.i18n import gettext
from grognard.systems.adventures_in_fantasy.action_text import ForcePart, Reaction
from grognard.systems.adventures_in_fantasy.encounters import ALIGNMENTS, Alignment, check_alignment
from grognard.systems.adventures_in_fantasy.forces import (
    NO_SHIELD_WEAPONS,
    TROOPS_TABLE,
    Force,
    Troop,
    foot_count,
    roll_force,
)
from grognard.systems.adventures_in_fantasy.hostility import (
    DEPLOYMENTS,
    Side,
    hostility_odds,
    roll_deployment,
)
from grognard.systems.adventures_in_fantasy.steps import cite
from grognard.systems.adventures_in_fantasy.tables import get_rollable

SOLDIERS = "Soldiers"
"""The day's outcome when soldiers are met (`journey.KIND_LABELS`)."""

FIGHT_NAMES = ("soldiers", "soldier", "men")
"""What `fight:I:...` may call the soldiers met: a man of the force's first part."""

PARTS = ("mounted", "foot")

AND = " and "

HOSTILE = "hostile"
PEACEFUL = "peaceful"

ALIGNMENT_DIE = 6
"""The soldiers' alignment when the area's is not known: 1-2 law, 3-4 neutral, 5-6 chaos, as the book
gives a wizard's (:1094; ruling "Campaign: soldiers met")."""

FORCE_SOURCE = cite("927-1000")
MEETING_SOURCE = cite("1076-1102")


def troop_label(troop: Troop) -> str:
    """One part of a force as the foe a man fights: "foot soldier (Spear, Chainmail, shield)"."""
    part = "mounted" if troop.mounted else "foot"
    shield = "shield" if troop.shield else "no shield"
    return f"{part} soldier ({troop.weapon}, {troop.armour}, {shield})"


def force_label(force: Force) -> str:
    """The force's kit: each part's label, joined by " and " (the mounted part first)."""
    return AND.join(troop_label(t) for t in force.troops)


def troops_of(label: str) -> tuple[str, ...]:
    """The parts of a force's kit, as `force_label` wrote them."""
    return tuple(label.split(AND)) if label else ()


def _rows(name: str, terrain: str = "") -> list[tuple[Row, Fraction]]:
    """Each row of a one-die table with its exact chance; rows barred from `terrain` are rolled again,
    so the others share their chance (:965)."""
    table = get_rollable(name)
    count, sides = parse_dice(table.dice)
    assert count == 1, f"{name}: one die expected"
    weights: Counter[int] = Counter()
    rows: dict[int, Row] = {}
    for number in range(1, sides + 1):
        row = table.lookup(number)
        barred = not isinstance(row.result, str) and terrain in _terrains(row.field("never_in"))
        if not barred:
            weights[id(row)] += 1
            rows[id(row)] = row
    total = sum(weights.values())
    return [(rows[k], Fraction(n, total)) for k, n in weights.items()]


def _terrains(value: object) -> list[str]:
    return [t.strip() for t in value.split(",")] if isinstance(value, str) else []


@cache
def kit_outcomes(mounted: bool, terrain: str) -> tuple[tuple[str, Fraction], ...]:
    """The exact chance of each kit of one part of a force in `terrain` (Chart M, :955-998)."""
    mode = "mounted" if mounted else "dismounted"
    odds: dict[str, Fraction] = {}
    for arms, p in _rows(f"arms-{mode}", terrain):
        for armour, q in _rows(str(arms.field("then")), terrain):
            weapon = str(armour.field("weapon", arms.field("weapon")))
            worn = str(armour.field("armour"))
            if str(arms.field("weapon")) in NO_SHIELD_WEAPONS:
                shields = [(False, Fraction(1))]
            else:
                shields = [(r.text == "shield", s) for r, s in _rows(f"shield-{mode}-{worn.lower()}")]
            for shield, s in shields:
                label = troop_label(Troop(mounted, 1, weapon, worn, shield))
                odds[label] = odds.get(label, Fraction(0)) + p * q * s
    return tuple(sorted(odds.items()))


def _parts(number: int, row: Row) -> list[tuple[Fraction, tuple[bool, ...]]]:
    """The parts of a force of `number` with a composition row: each list of mounted flags (mounted
    first, a part of none left out) with its chance."""
    kind = str(row.field("force"))
    if kind != "mixed":
        return [(Fraction(1), (kind == "all mounted",))]
    low, high = (int(x) for x in str(row.field("foot_share")).rstrip("% ").split("-"))
    shares = range(low, high + 1)
    out: dict[tuple[bool, ...], Fraction] = {}
    for share in shares:
        foot = foot_count(number, share)
        kept = tuple(m for m, n in ((True, number - foot), (False, foot)) if n > 0)
        out[kept] = out.get(kept, Fraction(0)) + Fraction(1, len(shares))
    return [(p, kept) for kept, p in out.items()]


@cache
def force_outcomes(terrain: str) -> tuple[tuple[str, Fraction], ...]:
    """The exact chance of each kit of a force of soldiers met in `terrain` (Charts L, K and M as
    `forces.roll_force` throws them); the outcomes sum to 1."""
    found: dict[str, Fraction] = {}
    for numbers, p in _rows("soldier-numbers"):
        factor = int(str(numbers.field("dice")).rsplit("x", 1)[1])
        for face in range(1, 11):
            number = face * factor
            for row, q in _rows(TROOPS_TABLE[terrain]):
                for r, parts in _parts(number, row):
                    combos: list[tuple[str, Fraction]] = [("", p * q * r / 10)]
                    for mounted in parts:
                        combos = [
                            (label + (AND if label else "") + kit, chance * s)
                            for label, chance in combos
                            for kit, s in kit_outcomes(mounted, terrain)
                        ]
                    for label, chance in combos:
                        found[label] = found.get(label, Fraction(0)) + chance
    return tuple(sorted(found.items()))


def roll_force_kit(rng: Rng, terrain: str) -> tuple[str, tuple[Roll, ...]]:
    """Throw the force (`forces.roll_force`, every die shown) and name its kit."""
    force = roll_force(rng, terrain)
    rolls = tuple(
        Roll(f"{s.label}: {s.result}", s.roll.dice, s.roll.total, s.roll.detail)
        for s in force.steps
        if s.roll
    )
    return force_label(force), rolls


# ---------------------------------------------------------------------------------------------------
# Their reaction


def party_alignment(alignments: Sequence[str]) -> Alignment:
    """The party's alignment for the hostility table: the one most of the living hold, a character of
    none counting as neutral; a tie goes to the first of them (ruling "Campaign: soldiers met")."""
    held = [check_alignment(a) if a else "neutral" for a in alignments]
    if not held:
        return "neutral"
    counts = Counter(held)
    top = max(counts.values())
    return next(a for a in held if counts[a] == top)


def _deployments() -> list[tuple[str, Fraction]]:
    return [(row.text.lower(), p) for row, p in _rows("deployment")]


def hostile_chance(soldiers: Alignment, deployment: str, party: Alignment) -> Fraction:
    """The soldiers' chance of hostility to the party: the table's figure and the deployment's modifier,
    held within 0-100% (:1081-1086)."""
    return hostility_odds(Side(soldiers, deployment), Side(party)).first.probability


@cache
def meeting_outcomes(party: Alignment) -> tuple[tuple[str, Fraction], ...]:
    """The exact chance of each reaction of soldiers met by a party of `party`'s alignment."""
    found: list[tuple[str, Fraction]] = []
    for name in ALIGNMENTS:
        alignment = check_alignment(name)
        for deployment, p in _deployments():
            hostile = hostile_chance(alignment, deployment, party)
            weight = p / 3
            for word, q in ((HOSTILE, hostile), (PEACEFUL, 1 - hostile)):
                if weight * q:
                    found.append((str(Reaction(alignment, deployment, word)), weight * q))
    return tuple(found)


def roll_meeting(rng: Rng, party: Alignment) -> tuple[str, tuple[Roll, ...]]:
    """Throw the soldiers' alignment (1d6), deployment (1d20) and hostility (two d20 read 01-100)."""
    thrown = roll_dice(rng, 1, ALIGNMENT_DIE)
    alignment = check_alignment(ALIGNMENTS[(thrown.total - 1) // 2])
    rolls = [Roll(f"the soldiers' alignment (1-2, 3-4, 5-6): {alignment}", thrown.dice, thrown.total)]
    step, deployment = roll_deployment(rng)
    assert step.roll is not None
    rolls.append(Roll(f"{step.label}: {deployment}", step.roll.dice, step.roll.total, step.roll.detail))
    chance = hostile_chance(alignment, deployment, party)
    hit = percentile(rng)
    hostile = Fraction(hit.total, 100) <= chance
    word = HOSTILE if hostile else PEACEFUL
    percent = int(chance * 100)
    rolls.append(Roll(f"hostile on {percent}% or less: {word}", hit.dice, hit.total, hit.detail))
    return str(Reaction(alignment, deployment, word)), tuple(rolls)


def read_meeting(outcome: str) -> tuple[Alignment, str, bool]:
    """A reaction's alignment, deployment and hostility, from `roll_meeting`'s outcome."""
    reaction = Reaction.parse(outcome)
    if reaction.deployment not in DEPLOYMENTS or reaction.word not in (HOSTILE, PEACEFUL):
        raise UsageError(gettext("no reaction {outcome}").format(outcome=repr(outcome)))
    return check_alignment(reaction.alignment), reaction.deployment, reaction.word == HOSTILE


def foe_of(force: str, arg: str) -> str:
    """The soldier a man fights among the force's parts: the first for "", Soldiers, Soldier or Men;
    "Soldiers:foot" or ":mounted" (or a part's whole label) for that part."""
    parts = troops_of(force)
    if not parts:
        raise UsageError(gettext("the soldiers' arms are not yet known"))
    picked = ForcePart.parse(arg.strip())
    key = picked.name.strip().casefold()
    if key in ("", *FIGHT_NAMES) and not picked.part:
        return parts[0]
    wanted = picked.part.strip().casefold() if key in FIGHT_NAMES else ""
    for label in parts:
        if label.casefold() == key or (wanted in PARTS and label.startswith(wanted)):
            return label
    raise UsageError(
        gettext("the soldiers met are {force}: fight Soldiers, Soldiers:mounted or Soldiers:foot").format(
            force=force
        )
    )
