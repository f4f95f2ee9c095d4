"""The moves of a Fighting Fantasy fight: each gives the key of the next state, built only when needed.

`FightState._apply` and the solver's `FightState.odds_expand` both call these functions, so the rules
code stays single (see docs/decisions.md, "Exact odds"). A key of None is the state itself.
"""

from __future__ import annotations

from grognard.engine.game import Move
from grognard.gamebook.action_text import number_in
from grognard.systems.fighting_fantasy.attack import EVEN, HIT
from grognard.systems.fighting_fantasy.checks import LUCKY, luck_after_test
from grognard.systems.fighting_fantasy.fight_rules import (
    ASK_LUCK,
    DRINK,
    ESCAPE,
    FIGHT,
    FLEE,
    LUCK,
    LUCKY_HIT_EXTRA,
    LUCKY_HURT_BACK,
    NO_LUCK,
    ROUND,
    START,
    TEST_LUCK,
    UNLUCKY_HIT_BACK,
    UNLUCKY_HURT_EXTRA,
    FightFields,
    Key,
    escape_wound,
    fight_end,
    hit_event,
    hit_index,
    hurt_event,
    parsed,
    potion_helps,
)
from grognard.systems.fighting_fantasy.fight_view import round_rules

ROUND_PHASES = (ROUND, ASK_LUCK, LUCK)
"""The phases `fight_view` plays in a fight it covers."""


def key_after(state: FightFields, move: Move) -> Key | None:
    """The key of the state after `move` at `state` (None: the state itself, after a stand-off).

    In a fight `fight_view` covers, the Attack Round and its Luck test are read from the round's layer
    (the rules the solver's position view expands); everything else goes step by step here.
    """
    if state.phase in ROUND_PHASES:
        rules = round_rules(state)
        if rules is not None:
            return rules.key_after(state, move)
    return step_after(state, move)


def step_after(state: FightFields, move: Move) -> Key | None:
    """`key_after` step by step, for any fight: the round's wounds, each Luck question, then `settle`."""
    phase = state.phase
    if phase == ROUND:
        return after_round(state, str(move))
    if phase == LUCK:
        return after_luck(state, move == LUCKY)
    if move == TEST_LUCK:
        return key_at(state, LUCK, state.target)
    if move == NO_LUCK:
        return settle(
            state, state.stamina, state.luck, state.foes, state.pending[1:], state.pending[0] == FLEE
        )
    if move == ESCAPE:
        stamina = state.stamina - escape_wound(state.spec, state.foes)
        return settle(state, stamina, state.luck, state.foes, (FLEE,), True)
    if move == DRINK:
        return drink(state)
    target = state.target if move == FIGHT else number_in(str(move))
    return key_at(state, ROUND, target)


def key_at(state: FightFields, phase: str, target: int) -> Key:
    """The key of `state` moved to `phase` against creature `target`, all else unchanged."""
    return (
        state.skill,
        state.stamina,
        state.luck,
        state.foes,
        state.luck_cap,
        state.measures,
        phase,
        target,
        state.pending,
        state.counts,
    )


def after_round(state: FightFields, label: str) -> Key | None:
    """The key after the Attack Round result `label` (None: a stand-off that repeats the state)."""
    spec = state.spec
    rules = spec.rules
    core, hurters = parsed(label)
    rounds, dealt, taken = state.counts
    if rules.max_rounds:
        rounds += 1
    elif core == EVEN and not hurters:
        return None
    stamina = state.stamina
    foes = state.foes
    target = state.target
    pending: tuple[str, ...] = ()
    if core == HIT:
        left = foes[target] - rules.hero_damage
        foes = (left,) if len(foes) == 1 else (*foes[:target], left, *foes[target + 1 :])
        pending = hit_event(target)
        if rules.creature_wounds:
            dealt += 1
    elif core != EVEN:
        hurters = (target, *hurters)
    for j in hurters:
        stamina -= spec.creatures[j].damage
        pending += hurt_event(j)
        if rules.hero_wounds:
            taken += 1
    return settle(state, stamina, state.luck, foes, pending, False, (rounds, dealt, taken))


def after_luck(state: FightFields, lucky: bool) -> Key:
    """The key after the Luck test on the wound at the head of `pending`."""
    event = state.pending[0]
    stamina, foes = state.stamina, state.foes
    i = hit_index(event)
    if i >= 0:
        cap = state.spec.creatures[i].stamina
        left = foes[i] - LUCKY_HIT_EXTRA if lucky else min(cap, foes[i] + UNLUCKY_HIT_BACK)
        foes = (left,) if len(foes) == 1 else (*foes[:i], left, *foes[i + 1 :])
    elif lucky:
        stamina = min(state.spec.initial_stamina, stamina + LUCKY_HURT_BACK)
    else:
        stamina -= UNLUCKY_HURT_EXTRA
    return settle(state, stamina, luck_after_test(state.luck), foes, state.pending[1:], event == FLEE)


def settle(
    state: FightFields,
    stamina: int,
    luck: int,
    foes: tuple[int, ...],
    pending: tuple[str, ...],
    fled: bool,
    counts: tuple[int, int, int] | None = None,
    skill: int | None = None,
    luck_cap: int | None = None,
    measures: int | None = None,
) -> Key:
    """The one state that follows: the next Luck question, the end of the fight, or the next round."""
    spec = state.spec
    rules = spec.rules
    counts = state.counts if counts is None else counts
    skill = state.skill if skill is None else skill
    luck_cap = state.luck_cap if luck_cap is None else luck_cap
    measures = state.measures if measures is None else measures
    floor = rules.creature_floor
    if pending and luck > 0 and rules.use_luck:
        while pending and (i := hit_index(pending[0])) >= 0 and foes[i] <= floor:
            pending = pending[1:]
        if pending:
            target = state.target
            return (skill, stamina, luck, foes, luck_cap, measures, ASK_LUCK, target, pending, counts)
    if stamina < 0:
        stamina = 0
    if len(foes) == 1:
        if foes[0] < 0:
            foes = (0,)
        alive: tuple[int, ...] = (0,) if foes[0] > floor else ()
    else:
        foes = tuple(f if f > 0 else 0 for f in foes)
        alive = tuple(i for i, left in enumerate(foes) if left > floor)
    phase = fight_end(rules, stamina, counts, fled, alive)
    target = state.target
    if not phase:
        if target not in alive:
            target = alive[0]
        choose = (
            rules.can_escape
            or (rules.together and len(alive) > 1)
            or (spec.potion != "" and potion_helps(spec, skill, stamina, measures))
        )
        phase = START if choose else ROUND
    return (skill, stamina, luck, foes, luck_cap, measures, phase, target, (), counts)


def drink(state: FightFields) -> Key:
    """The key after drinking one measure of the potion."""
    spec = state.spec
    skill, stamina, luck, cap = state.skill, state.stamina, state.luck, state.luck_cap
    if spec.potion == "skill":
        skill = spec.initial_skill
    elif spec.potion == "strength":
        stamina = spec.initial_stamina
    else:
        cap += 1
        luck = cap
    return settle(
        state, stamina, luck, state.foes, (), False, skill=skill, luck_cap=cap, measures=state.measures - 1
    )
