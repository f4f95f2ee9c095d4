"""Climbing out of a pit after a failed jump (line 132 of 004_24cd6f974fe6a1ee.txt).

Line 130: a hero who falls into a pit is stuck there for the rest of his turn and, while in it, attacks
and defends with one die fewer (`effects.hero_attack_dice`, the "pit" effect); on his next turn he climbs
out if a square beside it is free. Line 132: "If either a normal or length-wise jump fails, the character
must roll a 5 or 6 on a single red die to climb out." We read that for any failed jump over a pit or a
long pit (the rulings): the hero who fell is marked "pit|climb". On each of his turns, instead of
rolling to move, he may `climb`: one red die, a 5 or 6 (3 or more with Human Resistance, which adds 2 to
a red die against a trap, line 315) and he is out of the trap's grip and rolls to move as usual;
otherwise he stays in the pit this turn (he may still act, one die down). A hero who stumbled on a hidden
pit climbs out freely, as line 130 says.
"""

from __future__ import annotations

from dataclasses import replace
from fractions import Fraction

from grognard.engine.dice.core import Rng, Roll, red_dice
from grognard.systems.heroquest.model.edits import note, with_hero
from grognard.systems.heroquest.model.events import said
from grognard.systems.heroquest.model.feature_hooks import CHANCES, HERO_ACTIONS, Chance, HeroAction
from grognard.systems.heroquest.model.state import Pending, QuestState

HELD = "pit|climb"
"""The effect on a hero who fell into a pit after a failed jump: he must roll to climb out."""

LOOSE = "pit|here"
"""The effect on a hero in a pit who may climb out by moving (line 130)."""

NEED = 5
"""The red die's least face that climbs out (line 132)."""

RESISTANCE = 2
"""What Human Resistance adds to a red die against a trap (line 315)."""


def held(state: QuestState, i: int) -> bool:
    """True while hero `i` must roll to climb out of a pit before he moves."""
    return HELD in state.heroes[i].effects


def after_failed_jump(state: QuestState, i: int, kind: str) -> QuestState:
    """Hero `i` failed a jump over a pit or long pit and fell in: he must roll to climb out (line 132)."""
    fig = state.heroes[i]
    if kind not in ("pit", "long-pit") or fig.status not in ("active", "dying") or LOOSE not in fig.effects:
        return state
    effects = tuple(HELD if e == LOOSE else e for e in fig.effects)
    state = with_hero(state, i, replace(fig, effects=effects))
    return note(
        state, said("move.must-roll-or-more", hero=i, hero_name=state.hero_of(i).name, least=_least(state, i))
    )


def climb_actions(state: QuestState, i: int) -> list[str]:
    """`climb` in place of the movement roll, while hero `i` is held in a pit and has not rolled."""
    turn = state.turn
    return ["climb"] if held(state, i) and not turn.rolled and not turn.stopped else []


def climb(state: QuestState, i: int) -> QuestState:
    """Hero `i` tries to climb out: the red die to roll."""
    return replace(state, pending=Pending("climb", who=i, need=_least(state, i)))


def _least(state: QuestState, i: int) -> int:
    bonus = RESISTANCE if state.hero_of(i).knows_skill("Human Resistance") else 0
    return max(1, NEED - bonus)


def climb_outcomes(p: Pending) -> list[tuple[str, Fraction]]:
    """Out on `need` or more on one red die, else still in."""
    out = Fraction(7 - p.need, 6)
    return [(k, q) for k, q in (("out", out), ("in", 1 - out)) if q]


def climb_throw(p: Pending, rng: Rng) -> tuple[str, tuple[Roll, ...]]:
    """The red die thrown."""
    roll = red_dice(rng, 1)
    return ("out" if roll.total >= p.need else "in"), (roll,)


def climb_result(state: QuestState, p: Pending, move: str) -> QuestState:
    """Out: the pit no longer holds him and he rolls to move as usual. In: no move this turn."""
    fig = state.heroes[p.who]
    name = state.hero_of(p.who).name
    if move == "out":
        effects = tuple(LOOSE if e == HELD else e for e in fig.effects)
        state = with_hero(state, p.who, replace(fig, effects=effects))
        return note(state, said("move.gets-hold-edge-pit", hero=p.who, hero_name=name))
    state = replace(state, turn=replace(state.turn, rolled=True, moves=0, stopped=True))
    return note(state, said("move.slips-back-into-pit", hero=p.who, hero_name=name))


CHANCES.add(
    "climb",
    Chance(
        lambda state, p: list(climb_outcomes(p)),
        lambda state, p, move: climb_result(state, p, str(move)),
        lambda state, p, rng: climb_throw(p, rng),
    ),
)


HERO_ACTIONS.add(
    "climb",
    HeroAction(
        0,
        lambda state, i, free: climb_actions(state, i),
        lambda state, i, arg: climb(state, i),
        takes_action=False,
        holds=held,
    ),
)
