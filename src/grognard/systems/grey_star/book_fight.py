"""A gamebook section's fight: one or several creatures fought one after another, each a `CombatState`.

Grey Star fights the creatures of a section in the order the book lists them; his ENDURANCE and
WILLPOWER (and a round limit, if the section sets one) carry from one to the next. The fight ends when he
falls, evades, runs out of rounds, or the last creature falls. The decisions and the random numbers are
those of the combat under way (001_2055bbb054c2d265.txt:5-12); evasion (:14-18) is offered spending 0 or
1 WILLPOWER only (a larger spend while evading only wastes WILLPOWER: docs/rulings/grey-star.md).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll
from grognard.engine.game import TERMINAL, Action, Actor, GameState, Move, Outcome, Result
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.combat_moves import parse_action


@dataclass(frozen=True)
class Enemy:
    """A creature of a section's fight: its name, COMBAT SKILL and ENDURANCE."""

    name: str
    combat_skill: int
    endurance: int


@dataclass(frozen=True)
class BookFight(GameState):
    """A section's fight: `enemies` in order, `index` the one being fought, `combat` that combat.

    Player 0 is Grey Star. The state is terminal when `combat` is over (the last creature fallen, or
    Grey Star dead, evaded or out of rounds).
    """

    combat: CombatState
    enemies: tuple[Enemy, ...]
    index: int = 0
    evade_wait: int = 0
    """Rounds to fight before evasion opens (the text's "you may evade after N rounds")."""
    rounds: int = 0
    """Rounds fought so far in this fight."""
    evade_if: str = ""
    """When evasion, once open, may be taken: "" always; "ahead" while Grey Star's ENDURANCE is above the
    enemy's; "first-round" when he lost less ENDURANCE than the enemy in the first round (books 3-4)."""
    first_round_ahead: bool = False
    """Whether Grey Star lost less ENDURANCE than the enemy in the fight's first round."""

    @property
    def waiting(self) -> bool:
        """True while evasion, offered by the text, is not open yet (or not now, by its condition)."""
        if self.rounds < self.evade_wait:
            return True
        if self.evade_if == "ahead":
            return self.combat.endurance <= self.combat.enemy_endurance
        if self.evade_if == "first-round":
            return self.rounds < 1 or not self.first_round_ahead
        return False

    @property
    def enemy(self) -> Enemy:
        """The creature being fought now."""
        return self.enemies[self.index]

    @property
    def over(self) -> bool:
        """True when the fight has ended."""
        return self.combat.phase == "over"

    @property
    def end(self) -> str:
        """How the fight ended: "win", "dead", "evaded" or "rounds-over" ("" while it goes on)."""
        return self.combat.outcome if self.over else ""

    def actor(self) -> Actor:
        """Grey Star at a decision, CHANCE for a random number, TERMINAL once the fight is over."""
        return TERMINAL if self.over else self.combat.actor()

    def _actions(self) -> Sequence[Action]:
        actions = list(self.combat.legal_actions())
        closed = self.waiting
        return [a for a in actions if not parse_action(a)[1] or (parse_action(a)[0] <= 1 and not closed)]

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return self.combat.chance_outcomes()

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """The real random number of the combat under way, read on the Combat Results Table."""
        return self.combat.roll(rng)

    def _apply(self, move: Move) -> BookFight:
        combat = self.combat.apply(move)
        assert isinstance(combat, CombatState)
        rounds = self.rounds + (1 if self.combat.phase == "round" else 0)  # a random number ends a round
        base = self
        if self.rounds == 0 and rounds == 1:
            lost = self.combat.endurance - combat.endurance
            dealt = self.combat.enemy_endurance - combat.enemy_endurance
            base = replace(self, first_round_ahead=lost < dealt)
        if combat.outcome == "win" and base.index + 1 < len(base.enemies):
            if combat.rounds_left == 0:
                return replace(base, combat=replace(combat, outcome="rounds-over"), rounds=rounds)
            nxt = base.enemies[base.index + 1]
            fresh = replace(
                combat,
                enemy_skill=nxt.combat_skill,
                enemy_endurance=nxt.endurance,
                phase="decide",
                outcome="",
            )
            return replace(base, combat=fresh, index=base.index + 1, rounds=rounds)
        return replace(base, combat=combat, rounds=rounds)

    def result(self) -> Result:
        """The result of the combat that ended the fight (a win only once the last creature fell)."""
        return self.combat.result()

    def invariants(self) -> list[str]:
        """The combat's invariants, and the creature fought matching `index`."""
        bad = self.combat.invariants()
        if not 0 <= self.index < len(self.enemies):
            bad.append(f"creature index {self.index} outside the {len(self.enemies)} of the fight")
        elif not self.over and self.combat.enemy_skill != self.enemy.combat_skill:
            bad.append("the combat's enemy is not the creature being fought")
        if self.combat.outcome == "win" and self.index != len(self.enemies) - 1:
            bad.append("a win before the last creature fell")
        return bad

    def describe(self) -> str:
        """One line: the creature fought (and how many) and the combat."""
        count = f" ({self.index + 1} of {len(self.enemies)})" if len(self.enemies) > 1 else ""
        return f"{self.enemy.name}{count}: {self.combat.describe()}"
