"""The fast melee odds (`melee_odds`) against the state-by-state solve of the same melee (`engine.odds`).

Both read the same rules code (`melee.plan`, `melee.turn_damage`); the oracle is the generic solver
playing `MeleeState` move by move. Exact figures must be equal as fractions, floats within rounding.
The melee rules pinned: simultaneous blows and Table Q's first strike (002_8449cbd1010a37a5.txt:1566,
:1686), stamina and fatigue (:162), the downhill charge (:1708), two weapons, hit location and armour.
"""

from __future__ import annotations

from fractions import Fraction

from hypothesis import given, settings
from hypothesis import strategies as st

from grognard.engine.game import CHANCE
from grognard.engine.odds.solver import solve
from grognard.systems.adventures_in_fantasy.combat import REACHES, parse_fighter, table_q_places
from grognard.systems.adventures_in_fantasy.damage import BODY_TYPES
from grognard.systems.adventures_in_fantasy.melee import (
    A_WINS,
    B_EXHAUSTED,
    MeleeRules,
    MeleeState,
    plan,
    start_melee,
)
from grognard.systems.adventures_in_fantasy.melee_odds import melee_odds


@st.composite
def fighters(draw: st.DrawFn, stamina: bool) -> str:
    parts = [
        f"body={draw(st.sampled_from(BODY_TYPES))}",
        f"hp={draw(st.integers(1, 7))}",
        f"dex={draw(st.integers(5, 95))}",
    ]
    if stamina:
        parts.append(f"stamina={draw(st.integers(0, 16))}")
    if draw(st.booleans()):
        parts.append(f"reach={draw(st.sampled_from(REACHES))}")
    if draw(st.integers(0, 4)) == 0:
        parts.append("two=dagger")
    if draw(st.integers(0, 4)) == 0:
        parts.append("downhill")
    if draw(st.integers(0, 3)) == 0:
        parts.append(f"armour={draw(st.sampled_from(['leather', 'chain', 'plate+helmet']))}")
    if draw(st.integers(0, 3)) == 0:
        parts.append(f"str={draw(st.integers(10, 99))}")
    return ",".join(parts)


@st.composite
def melees(draw: st.DrawFn) -> MeleeState:
    stamina = draw(st.booleans())
    rules = MeleeRules(
        hit_location=draw(st.booleans()),
        strength=draw(st.booleans()),
        armour=draw(st.booleans()),
        stamina=stamina,
        place=draw(st.sampled_from(["", *table_q_places()])),
        swamp=draw(st.integers(0, 5)) == 0,
    )
    a = parse_fighter(draw(fighters(stamina)), "A")
    b = parse_fighter(draw(fighters(stamina)), "B")
    return start_melee(a, b, rules)


def _agree(state: MeleeState, exact: bool) -> None:
    oracle = solve(state, exact=exact)
    fast = melee_odds(state, exact=exact)
    outcomes, expected = oracle.outcome_probabilities(), oracle.expected_resources()
    if exact:
        assert fast.outcomes == outcomes and fast.expected == expected
        assert all(isinstance(p, Fraction) for p in fast.outcomes.values())
        assert sum(fast.outcomes.values()) == 1
    else:
        assert set(fast.outcomes) == set(outcomes)
        assert all(abs(fast.outcomes[k] - outcomes[k]) < 1e-12 for k in outcomes)
        assert all(abs(fast.expected[k] - expected[k]) < 1e-9 for k in expected)


@settings(max_examples=60, deadline=None)
@given(melees())
def test_fast_odds_equal_the_state_by_state_solve_exactly(state: MeleeState) -> None:
    """Every end's probability and the expected hit points, as exact fractions (lines 1566-1742)."""
    _agree(state, exact=True)


@settings(max_examples=60, deadline=None)
@given(melees())
def test_fast_odds_agree_with_the_state_by_state_solve_in_floats(state: MeleeState) -> None:
    """The same in floats, within rounding."""
    _agree(state, exact=False)


@settings(max_examples=40, deadline=None)
@given(melees(), st.lists(st.integers(0, 1000), min_size=1, max_size=12))
def test_fast_odds_from_a_state_inside_the_melee(state: MeleeState, picks: list[int]) -> None:
    """From any reachable state (the second striker about to answer, a later turn, the end), the fast
    odds equal the oracle's figures at that state."""
    oracle = solve(state, exact=True)
    for pick in picks:
        if state.actor() is not CHANCE:
            break
        outcomes = [o for o, p in state.chance_outcomes() if p]
        state = state.apply(outcomes[pick % len(outcomes)])
    at = oracle.at(state)
    fast = melee_odds(state, exact=True)
    assert fast.outcomes == {k: v for k, v in at.outcome_probabilities.items() if v}
    assert fast.expected == at.expected_resources


def test_a_stamina_fight_with_hit_location_matches_the_solver() -> None:
    """A fight that runs past fatigue into exhaustion (line 162) with the Hit Location Chart and armour."""
    a = parse_fighter("body=human,hp=12,dex=60,stamina=25,armour=chain", "A")
    b = parse_fighter("body=lion,hp=11,stamina=15", "B")
    state = start_melee(a, b, MeleeRules(hit_location=True, armour=True, strength=True, stamina=True))
    assert plan(state.spec).horizon > 5
    _agree(state, exact=True)
    fast = melee_odds(state)
    assert fast.outcomes[A_WINS] > 0 and B_EXHAUSTED in fast.outcomes


def test_progress_is_reported_turn_by_turn() -> None:
    """The turns before the last fatigue change are reported as they are carried forward (line 162)."""
    a = parse_fighter("hp=6,stamina=20", "A")
    b = parse_fighter("hp=6,stamina=10", "B")
    state = start_melee(a, b, MeleeRules(stamina=True))
    seen: list[tuple[int, int]] = []
    melee_odds(state, progress=lambda done, todo: seen.append((done, todo)))
    todo = plan(state.spec).horizon
    assert seen[0] == (0, todo) and seen[-1] == (todo, todo) and len(seen) == todo + 1
