"""The rules of a Fighting Fantasy fight as data: phases, actions, end labels, Luck adjustments, the
creatures and section rules (`Creature`, `FightRules`, `FightSpec`), the state key, what the moves read of a
fight's state (`FightFields`), and the cached tables the fight's transitions read (see `fight` and
`fight_moves`).
"""

from __future__ import annotations

from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from typing import Protocol, TypeAlias

from grognard.engine.game import GameState, Move, Result
from grognard.systems.fighting_fantasy.attack import parse_label, round_outcomes, together_outcomes
from grognard.systems.fighting_fantasy.checks import luck_outcomes

START = "start"
ROUND = "round"
ASK_LUCK = "luck?"
LUCK = "luck"
PHASES = (START, ROUND, ASK_LUCK, LUCK)
FLEE = "flee"

FIGHT = "fight"
ESCAPE = "escape"
DRINK = "drink"
TEST_LUCK = "luck"
NO_LUCK = "no-luck"
LUCK_ACTIONS = (TEST_LUCK, NO_LUCK)

WIN = "win"
DEAD = "dead"
ESCAPED = "escaped"
HERO_FLOOR = "hero-floor"
HERO_WOUNDS = "hero-wounds"
ROUNDS_OVER = "rounds-over"
ENDS = (WIN, DEAD, ESCAPED, HERO_FLOOR, HERO_WOUNDS, ROUNDS_OVER)

LUCKY_HIT_EXTRA = 2
"""A lucky wound: 2 more points off the creature (000_13d85f0bd5b613c5.txt:92-94)."""
UNLUCKY_HIT_BACK = 1
"""An unlucky wound: 1 point restored to the creature (000_13d85f0bd5b613c5.txt:95-98)."""
LUCKY_HURT_BACK = 1
"""Lucky when wounded: 1 STAMINA restored (000_13d85f0bd5b613c5.txt:100-103)."""
UNLUCKY_HURT_EXTRA = 1
"""Unlucky when wounded: 1 more STAMINA lost (000_13d85f0bd5b613c5.txt:104-105)."""


@dataclass(frozen=True, slots=True)
class Creature:
    """A creature as a section prints it: name, SKILL, STAMINA, and the damage of its wound (2 as a rule)."""

    name: str
    skill: int
    stamina: int
    damage: int = 2


@dataclass(frozen=True, slots=True)
class FightRules:
    """What a section says about this fight.

    `together`: several creatures attack at once (else one after another). `can_escape`: the section offers
    to flee; the fleeing wound is `escape_damage` where the section gives one, else the wound of the
    creature fled from (`escape_wound`). `hero_damage`: the hero's wound (2 as a rule).
    `skill_modifier`: added to the hero's SKILL for this fight only. `max_rounds`: the fight stops after
    that many Attack Rounds ("rounds-over"). `hero_floor`: it stops when the hero's STAMINA is at or below
    it ("hero-floor"; 0 means death only). `creature_floor`: a creature is beaten at or below it.
    `hero_wounds` / `creature_wounds`: it stops when the hero has been wounded / has wounded that many
    times ("hero-wounds" / "win"; 0 means never). `use_luck`: False never offers a Luck test (the odds of
    fighting without Luck). `drink`: the potion may be taken between rounds.
    """

    together: bool = False
    can_escape: bool = False
    escape_damage: int | None = None
    hero_damage: int = 2
    skill_modifier: int = 0
    max_rounds: int = 0
    hero_floor: int = 0
    creature_floor: int = 0
    hero_wounds: int = 0
    creature_wounds: int = 0
    use_luck: bool = True
    drink: bool = True


@dataclass(frozen=True, slots=True)
class FightSpec:
    """The fixed facts of a fight: the creatures, the section's rules, the hero's Initial scores and bonus.

    `weapon_bonus` is the SKILL bonus of the one weapon in use (000_13d85f0bd5b613c5.txt:112-115).
    """

    creatures: tuple[Creature, ...]
    rules: FightRules
    initial_skill: int
    initial_stamina: int
    initial_luck: int
    weapon_bonus: int = 0
    potion: str = ""


Key: TypeAlias = tuple[
    int, int, int, tuple[int, ...], int, int, str, int, tuple[str, ...], tuple[int, int, int]
]
"""A fight state without its spec: the fields after `spec`, in order (`FightState.odds_key`)."""


class FightFields(Protocol):
    """A fight's state as its moves (`fight_moves`) and its round's rules (`fight_view`) read it:
    `fight.FightState` is one. Named here, below both, so neither imports the state's module, which
    imports them."""

    @property
    def spec(self) -> FightSpec: ...

    @property
    def skill(self) -> int: ...

    @property
    def stamina(self) -> int: ...

    @property
    def luck(self) -> int: ...

    @property
    def foes(self) -> tuple[int, ...]: ...

    @property
    def luck_cap(self) -> int: ...

    @property
    def measures(self) -> int: ...

    @property
    def phase(self) -> str: ...

    @property
    def target(self) -> int: ...

    @property
    def pending(self) -> tuple[str, ...]: ...

    @property
    def counts(self) -> tuple[int, int, int]: ...

    def odds_state(self, key: Key) -> GameState:
        """The state of this fight with `key` (`FightState.odds_state`)."""


def potion_helps(spec: FightSpec, skill: int, stamina: int, measures: int) -> bool:
    """True when drinking the potion now would change a score (and the section lets the reader drink)."""
    if not spec.rules.drink or measures <= 0:
        return False
    if spec.potion == "skill":
        return skill < spec.initial_skill
    if spec.potion == "strength":
        return stamina < spec.initial_stamina
    return spec.potion == "fortune"


def escape_wound(spec: FightSpec, foes: tuple[int, ...]) -> int:
    """The wound the hero takes as he flees: "the creature automatically gets in one wound on you"
    (000_13d85f0bd5b613c5.txt:57-59), so the creature's own wound (`Creature.damage`: the rule's "2
    STAMINA points" unless the book prints another) unless the section sets `escape_damage`. One after
    another it is
    the creature being fought (the first still standing); several at once, one wound in all, the
    heaviest of those standing (docs/rulings/fighting-fantasy.md, "Escape")."""
    rules = spec.rules
    if rules.escape_damage is not None:
        return rules.escape_damage
    floor = rules.creature_floor
    standing = [c.damage for c, left in zip(spec.creatures, foes, strict=True) if left > floor]
    if not standing:
        return spec.creatures[0].damage
    return max(standing) if rules.together else standing[0]


@cache
def round_split(hero_skill: int, creature_skill: int) -> tuple[tuple[str, ...], tuple[Fraction, ...]]:
    """`round_outcomes` as a tuple of labels and a tuple of probabilities, shared by every state."""
    outcomes = round_outcomes(hero_skill, creature_skill)
    return tuple(label for label, _ in outcomes), tuple(p for _, p in outcomes)


@cache
def together_split(
    hero_skill: int, skills: tuple[tuple[int, int], ...], target: int
) -> tuple[tuple[str, ...], tuple[Fraction, ...]]:
    """`together_outcomes` as a tuple of labels and a tuple of probabilities, shared by every state."""
    outcomes = together_outcomes(hero_skill, skills, target)
    return tuple(label for label, _ in outcomes), tuple(p for _, p in outcomes)


@cache
def luck_split(luck: int) -> tuple[tuple[str, ...], tuple[Fraction, ...]]:
    """`luck_outcomes` as a tuple of labels and a tuple of probabilities, shared by every state."""
    outcomes = luck_outcomes(luck)
    return tuple(label for label, _ in outcomes), tuple(p for _, p in outcomes)


def fight_end(
    rules: FightRules, stamina: int, counts: tuple[int, int, int], fled: bool, alive: tuple[int, ...]
) -> str:
    """How the fight ends after a settled round, or "" when it goes on."""
    rounds, dealt, taken = counts
    if stamina <= 0:
        return DEAD
    if rules.hero_floor and stamina <= rules.hero_floor:
        return HERO_FLOOR
    if rules.hero_wounds and taken >= rules.hero_wounds:
        return HERO_WOUNDS
    if fled:
        return ESCAPED
    if not alive or (rules.creature_wounds and dealt >= rules.creature_wounds):
        return WIN
    if rules.max_rounds and rounds >= rules.max_rounds:
        return ROUNDS_OVER
    return ""


def fight_result(phase: str, skill: int, stamina: int, luck: int, measures: int = 0) -> Result:
    """How a fight that ended with `phase` ends for the reader: the LUCK, STAMINA and SKILL he keeps, and
    the measures of potion left ("POTION"); a dead reader keeps no LUCK, STAMINA or potion."""
    if phase == DEAD:
        return Result(DEAD, (), (("LUCK", 0), ("STAMINA", 0), ("SKILL", skill), ("POTION", 0)))
    winners = (0,) if phase == WIN else ()
    kept = (("LUCK", luck), ("STAMINA", stamina), ("SKILL", skill), ("POTION", measures))
    return Result(phase, winners, kept)


def has_outcome(outcomes: tuple[tuple[str, Fraction], ...], move: Move) -> bool:
    """True when `move` is one of the labels of `outcomes`."""
    return any(label == move for label, _ in outcomes)


@cache
def parsed(label: str) -> tuple[str, tuple[int, ...]]:
    """`parse_label`, cached: an Attack Round label's core result and the creatures that wounded."""
    return parse_label(label)


@cache
def hit_index(event: str) -> int:
    """The creature of a pending "hit:N" wound, or -1 for any other event."""
    return int(event[4:]) if event.startswith("hit:") else -1


@cache
def hit_event(i: int) -> tuple[str]:
    """The pending events of a wound dealt to creature `i`: `("hit:i",)`."""
    return (f"hit:{i}",)


@cache
def hurt_event(i: int) -> tuple[str]:
    """The pending events of a wound taken from creature `i`: `("hurt:i",)`."""
    return (f"hurt:{i}",)
