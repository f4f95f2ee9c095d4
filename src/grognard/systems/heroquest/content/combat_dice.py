"""HeroQuest combat dice: exact distributions of an attack, the chance it kills, and the attack as a State.

Line 84 of the rulebook: the attacker rolls white combat dice (base Attack, the weapon and any modifiers);
every skull is a hit; a hero or a hero's ally stops a hit with each white shield on its defend dice, a
monster with each black shield; giving up the action adds one defend die. The combat die has three
skulls, two white shields and one black shield (`engine.dice.core.HQ_COMBAT_FACES`), so a die is a skull
with probability 1/2 and a blocking shield with 1/3 (hero) or 1/6 (monster).

Everything here is exact (`Fraction`), by convolution of binomials; `AttackState` is the same attack as
an engine `GameState` (attack roll, then defend roll) that `engine.odds` solves and that rolls the real
dice through the seeded RNG in play.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import cache
from math import comb
from typing import Literal, TypeAlias

from grognard.engine.dice.core import HQ_COMBAT_FACES, Rng, Roll, heroquest_combat_dice
from grognard.engine.errors import RulesError, UsageError
from grognard.engine.game import CHANCE, TERMINAL, Actor, GameState, Move, Outcome, Result
from grognard.i18n import gettext

Defender: TypeAlias = Literal["hero", "monster"]
"""Who defends: a hero or a hero's ally (white shields block) or a monster (black shields block)."""

DEFENDERS: tuple[Defender, ...] = ("hero", "monster")
"""Both kinds of defender."""

Distribution: TypeAlias = dict[int, Fraction]
"""A number (skulls, shields, damage) to its exact probability; the probabilities sum to 1."""

MAX_COMBAT_DICE = 60
"""The most dice one roll may use here; far above any legal roll, it keeps the arithmetic small."""

MAX_ATTACKS = 12
"""The most attacks one turn may count here: far above what any hero, skill or spell of the rules gives
(two or three), and small enough that their exact damage (a convolution per attack) stays quick."""

SKULL = Fraction(HQ_COMBAT_FACES.count("skull"), len(HQ_COMBAT_FACES))
"""The chance one combat die shows a skull: 3 faces of 6."""


def shield_face(defender: Defender) -> str:
    """The face that blocks a hit for `defender` (line 84): white shield for heroes, black for monsters."""
    if defender == "hero":
        return "white shield"
    if defender == "monster":
        return "black shield"
    raise UsageError(
        gettext("defender {defender!r} is not one of {value}").format(
            defender=defender, value=list(DEFENDERS)
        )
    )


def block_chance(defender: Defender) -> Fraction:
    """The chance one defend die blocks a hit: 2/6 for a hero, 1/6 for a monster."""
    face = shield_face(defender)
    return Fraction(HQ_COMBAT_FACES.count(face), len(HQ_COMBAT_FACES))


def _check_dice(count: int, what: str) -> None:
    if not 0 <= count <= MAX_COMBAT_DICE:
        raise UsageError(
            gettext("{what} dice {count} is outside 0-{MAX_COMBAT_DICE}").format(
                what=what, count=count, MAX_COMBAT_DICE=MAX_COMBAT_DICE
            )
        )


@cache
def binomial(count: int, chance: Fraction) -> Distribution:
    """How many of `count` dice succeed, each with probability `chance`."""
    _check_dice(count, "the number of")
    miss = 1 - chance
    return {k: comb(count, k) * chance**k * miss ** (count - k) for k in range(count + 1)}


def skulls(count: int) -> Distribution:
    """The number of skulls among `count` combat dice."""
    _check_dice(count, "attack")
    return binomial(count, SKULL)


def shields(count: int, defender: Defender) -> Distribution:
    """The number of blocking shields among `count` defend dice of `defender`."""
    _check_dice(count, "defend")
    return binomial(count, block_chance(defender))


def attack_dice(base_attack: int, weapon: int = 0, modifiers: int = 0) -> int:
    """Line 84: base Attack + the weapon's extra dice + modifiers, never below 0."""
    return max(0, base_attack + weapon + modifiers)


def defend_dice(
    base_defend: int, armour: int = 0, modifiers: int = 0, *, gave_up_action: bool = False
) -> int:
    """Line 84: base Defend + armour + modifiers, and one more die for giving up the turn's action."""
    return max(0, base_defend + armour + modifiers + (1 if gave_up_action else 0))


@cache
def damage(attack: int, defend: int, defender: Defender) -> Distribution:
    """Body points lost to one attack of `attack` dice against `defend` dice: hits less blocks, >= 0."""
    hits, blocks = skulls(attack), shields(defend, defender)
    out: Distribution = {}
    for h, ph in hits.items():
        for b, pb in blocks.items():
            d = max(0, h - b)
            out[d] = out.get(d, Fraction(0)) + ph * pb
    return {d: out[d] for d in sorted(out)}


def convolve(first: Mapping[int, Fraction], second: Mapping[int, Fraction]) -> Distribution:
    """The distribution of the sum of two independent numbers."""
    out: Distribution = {}
    for a, pa in first.items():
        for b, pb in second.items():
            out[a + b] = out.get(a + b, Fraction(0)) + pa * pb
    return {d: out[d] for d in sorted(out)}


def turn_damage(attacks: Sequence[tuple[int, int]], defender: Defender) -> Distribution:
    """Body points lost to several attacks in one turn, each given as (attack dice, defend dice)."""
    if len(attacks) > MAX_ATTACKS:
        raise UsageError(
            gettext("{attacks_count} attacks in one turn is more than {MAX_ATTACKS}").format(
                attacks_count=len(attacks), MAX_ATTACKS=MAX_ATTACKS
            )
        )
    if sum(a for a, _ in attacks) > MAX_COMBAT_DICE:
        raise UsageError(
            gettext("more than {MAX_COMBAT_DICE} attack dice in one turn").format(
                MAX_COMBAT_DICE=MAX_COMBAT_DICE
            )
        )
    total: Distribution = {0: Fraction(1)}
    for attack, defend in attacks:
        total = convolve(total, damage(attack, defend, defender))
    return total


def mean(distribution: Mapping[int, Fraction]) -> Fraction:
    """The expected value of a distribution."""
    return sum((k * p for k, p in distribution.items()), Fraction(0))


def at_least(distribution: Mapping[int, Fraction], amount: int) -> Fraction:
    """The chance a distribution's number is `amount` or more."""
    return sum((p for k, p in distribution.items() if k >= amount), Fraction(0))


def kill_chance(attack: int, defend: int, defender: Defender, body: int, attacks: int = 1) -> Fraction:
    """The chance that `attacks` attacks this turn take a target with `body` Body points to 0 (line 158)."""
    if body < 1:
        raise UsageError(gettext("body {body} is below 1: the target is already dead").format(body=body))
    if not 1 <= attacks <= MAX_ATTACKS:
        raise UsageError(
            gettext("attacks {attacks} is not 1-{MAX_ATTACKS}").format(
                attacks=attacks, MAX_ATTACKS=MAX_ATTACKS
            )
        )
    return at_least(turn_damage([(attack, defend)] * attacks, defender), body)


def all_skulls_chance(attack: int) -> Fraction:
    """The chance every attack die is a skull (the Battle Axe's concussion, line 369); 0 with no dice."""
    return SKULL**attack if attack > 0 else Fraction(0)


def more_skulls_chance(first: int, second: int) -> Fraction:
    """The chance `first` combat dice show more skulls than `second` (spell cross-training, line 605)."""
    a, b = skulls(first), skulls(second)
    return sum((pa * pb for x, pa in a.items() for y, pb in b.items() if x > y), Fraction(0))


# ---------------------------------------------------------------------------------------------------
# The attack as a game State: attack roll, then defend roll.


@dataclass(frozen=True)
class AttackState(GameState):
    """One attack: a chance node for the skulls, one for the blocking shields, then the damage.

    Outcomes are counts (skulls, then shields that block). The result is labelled by the damage dealt
    ("0", "1", ...), wins for the attacker (player 0) when the damage reaches `body`, and carries the
    resources `damage` and `body` (the target's Body left). `body` 0 means "not asked": no kill counted.
    """

    attack: int
    defend: int
    defender: Defender
    body: int = 0
    hits: int | None = None
    blocked: int | None = None

    def __post_init__(self) -> None:
        _check_dice(self.attack, "attack")
        _check_dice(self.defend, "defend")
        shield_face(self.defender)
        if self.body < 0:
            raise UsageError(gettext("body {body} is below 0").format(body=self.body))

    @property
    def dealt(self) -> int:
        """The damage dealt so far (0 until the defend roll is in)."""
        if self.hits is None or self.blocked is None:
            return 0
        return max(0, self.hits - self.blocked)

    def actor(self) -> Actor:
        """CHANCE until both rolls are in, then TERMINAL."""
        return TERMINAL if self.blocked is not None else CHANCE

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        dist = skulls(self.attack) if self.hits is None else shields(self.defend, self.defender)
        return [(k, p) for k, p in dist.items() if p]

    def _apply(self, move: Move) -> AttackState:
        if not isinstance(move, int):
            raise RulesError(move, self, gettext("an outcome is a number of dice"))
        if self.hits is None:
            return AttackState(self.attack, self.defend, self.defender, self.body, move, None)
        return AttackState(self.attack, self.defend, self.defender, self.body, self.hits, move)

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Throw the real combat dice: the attacker's at the first node, the defender's at the second."""
        if self.hits is None:
            thrown = heroquest_combat_dice(rng, self.attack, purpose="Attack")
            return thrown.total, (thrown,)
        thrown = heroquest_combat_dice(rng, self.defend, shield_face(self.defender), "Defend")
        return thrown.total, (thrown,)

    def result(self) -> Result:
        """The damage as the outcome label; the attacker wins when the target's Body is gone."""
        if self.blocked is None:
            raise RulesError("result", self, gettext("the attack is not over"))
        killed = self.body > 0 and self.dealt >= self.body
        left = max(0, self.body - self.dealt)
        return Result(str(self.dealt), (0,) if killed else (), (("damage", self.dealt), ("body", left)))

    def describe(self) -> str:
        """One line: the dice and what has been rolled."""
        return (
            f"{self.attack} attack dice against {self.defend} {self.defender} defend dice; "
            f"skulls {self.hits}, blocked {self.blocked}"
        )


@dataclass(frozen=True)
class AttackRoll:
    """An attack rolled for real: both throws (every face kept) and the damage."""

    attack_roll: Roll
    defend_roll: Roll
    hits: int
    blocked: int
    defender: Defender

    @property
    def damage(self) -> int:
        """Hits not blocked."""
        return max(0, self.hits - self.blocked)


def roll_attack(rng: Rng, attack: int, defend: int, defender: Defender) -> AttackRoll:
    """Throw `attack` combat dice, then the defender's `defend` dice, through `rng`, every face kept."""
    first_node = AttackState(attack, defend, defender)
    hits, (first,) = first_node.roll(rng)
    blocked, (second,) = first_node.apply(hits).roll(rng)
    assert isinstance(hits, int) and isinstance(blocked, int)
    return AttackRoll(first, second, hits, blocked, defender)
