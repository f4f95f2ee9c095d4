"""Exact combat odds (16:4, 16:10, 17:2): a single combat as an engine State, solved by `engine.odds`.

`combat_odds(strength, enemy)` gives (p_win, p_standoff, p_lose) for a character of that Strength (or
Craft, with `psychic`) against a creature of that score: each side rolls one die and adds its score, and
the totals are compared by the rules' own `combat.classify` (the higher wins, equal is a stand-off), the
comparison the real dice and the chance node's table use. `bonus` is added to the character (a weapon, a
spell), `enemy_bonus` to the creature (the Runes); `enemy_dice=0` for a side that adds no die (an ability,
8:1).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from fractions import Fraction

from grognard.engine.dice.core import DieRoll, Rng, Roll
from grognard.engine.errors import UsageError
from grognard.engine.game import CHANCE, TERMINAL, Actor, GameState, Move, Outcome, Result
from grognard.engine.odds.solver import solve
from grognard.i18n import gettext
from grognard.systems.talisman.combat import classify

SIXTH = Fraction(1, 6)


@dataclass(frozen=True, slots=True)
class CombatOddsState(GameState):
    """One combat: the character's die, then the creature's; `mine`/`theirs` once thrown (0: not yet)."""

    score: int
    enemy: int
    enemy_dice: int = 1
    mine: int = 0
    theirs: int = 0
    done: bool = False

    def actor(self) -> Actor:
        """CHANCE until both dice are thrown, then TERMINAL."""
        return TERMINAL if self.done else CHANCE

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        return [(v, SIXTH) for v in range(1, 7)]

    def _apply(self, move: Move) -> CombatOddsState:
        if self.mine == 0:
            return CombatOddsState(
                self.score, self.enemy, self.enemy_dice, int(move), 0, self.enemy_dice == 0
            )
        return CombatOddsState(self.score, self.enemy, self.enemy_dice, self.mine, int(move), True)

    def roll(self, rng: Rng) -> tuple[Outcome, tuple[Roll, ...]]:
        """Throw the die for whichever side is next."""
        value = rng.randint(1, 6)
        return value, (Roll("1d6", (DieRoll("d6", 6, value),), value),)

    def result(self) -> Result:
        """ "win", "standoff" or "lose" for the character (player 0)."""
        label = classify(self.score + self.mine, self.enemy + self.theirs)
        return Result(label, (0,) if label == "win" else ())


def combat_odds(
    strength: int,
    enemy: int,
    psychic: bool = False,
    bonus: int = 0,
    enemy_bonus: int = 0,
    enemy_dice: int = 1,
) -> tuple[Fraction, Fraction, Fraction]:
    """(p_win, p_standoff, p_lose), exact, for one combat (Psychic Combat when `psychic`: the same
    arithmetic on Craft, 17:2)."""
    if strength < 0 or enemy < 0:
        raise UsageError(
            gettext("scores must not be negative (got %(strength)s against %(enemy)s)")
            % {"strength": strength, "enemy": enemy}
        )
    if enemy_dice not in (0, 1):
        raise UsageError(gettext("enemy_dice must be 0 or 1, not %(dice)s") % {"dice": enemy_dice})
    del psychic
    solution = solve(CombatOddsState(strength + bonus, enemy + enemy_bonus, enemy_dice), exact=True)
    probs = solution.outcome_probabilities()
    return (
        Fraction(probs.get("win", 0)),
        Fraction(probs.get("standoff", 0)),
        Fraction(probs.get("lose", 0)),
    )
