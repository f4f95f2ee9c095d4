"""The melee as a game State: exact odds against an independent hand recursion, and random melees played.

The hand recursions below take the hit chances and damage dice straight from the book's numbers (Combat
Matrix N: human vs human 40%, line 1550; damage 1d6, line 1592), not from the code under test.
"""

from __future__ import annotations

from collections.abc import Callable
from fractions import Fraction
from functools import cache

import pytest

from grognard.engine.conformance import check_game
from grognard.engine.dice.core import Rng
from grognard.engine.errors import RulesError, UsageError
from grognard.engine.game import CHANCE, TERMINAL, OptionValue
from grognard.engine.odds.solver import solve
from grognard.systems.adventures_in_fantasy.combat import Fighter
from grognard.systems.adventures_in_fantasy.melee import (
    MELEE_GAME,
    MeleeRules,
    MeleeState,
    start_melee,
)

Dist = dict[int, Fraction]
Table = tuple[dict[str, Fraction], Fraction, Fraction]


def blow(chance: int) -> Dist:
    """One blow by hand: a miss, or 1-6 points."""
    p = Fraction(chance, 100)
    out: Dist = {0: 1 - p}
    for face in range(1, 7):
        out[face] = p / 6
    return out


def plus(a: Dist, b: Dist) -> Dist:
    out: Dist = {}
    for x, p in a.items():
        for y, q in b.items():
            out[x + y] = out.get(x + y, Fraction(0)) + p * q
    return out


def add(into: dict[str, Fraction], label: str, p: Fraction) -> None:
    into[label] = into.get(label, Fraction(0)) + p


def simultaneous(da: Dist, db: Dist, ha: int, hb: int) -> Table:
    """Outcome probabilities and expected hit points left when both strike at once."""

    @cache
    def value(a: int, b: int) -> Table:
        out: dict[str, Fraction] = {}
        left_a = left_b = Fraction(0)
        stay = da[0] * db[0]
        for x, px in da.items():
            for y, py in db.items():
                if x == 0 and y == 0:
                    continue
                p = px * py / (1 - stay)
                na, nb = a - y, b - x
                if na <= 0 or nb <= 0:
                    label = "both-fall" if na <= 0 and nb <= 0 else "a-wins" if nb <= 0 else "b-wins"
                    add(out, label, p)
                    left_a += p * max(0, na)
                    left_b += p * max(0, nb)
                else:
                    sub, sa, sb = value(na, nb)
                    for k, v in sub.items():
                        add(out, k, p * v)
                    left_a += p * sa
                    left_b += p * sb
        return out, left_a, left_b

    return value(ha, hb)


def a_first(da: Dist, db: Dist, ha: int, hb: int) -> dict[str, Fraction]:
    """Outcome probabilities when A always strikes first and a felled B does not answer."""

    @cache
    def value(a: int, b: int) -> dict[str, Fraction]:
        out: dict[str, Fraction] = {}
        stay = da[0] * db[0]
        for x, px in da.items():
            if x >= b:
                add(out, "a-wins", px / (1 - stay))
                continue
            for y, py in db.items():
                if x == 0 and y == 0:
                    continue
                p = px * py / (1 - stay)
                if a - y <= 0:
                    add(out, "b-wins", p)
                else:
                    for k, v in value(a - y, b - x).items():
                        add(out, k, p * v)
        return out

    return value(ha, hb)


def exact(state: MeleeState) -> dict[str, Fraction]:
    solution = solve(state, exact=True)
    return {k: Fraction(v) for k, v in solution.outcome_probabilities().items() if v}


def test_simultaneous_melee_matches_the_hand_recursion() -> None:
    # Both men take 10 hits whole (no size modifier); A is down to 7, B to 9.
    state = start_melee(Fighter(name="A", hit_points=7, size=10), Fighter(name="B", hit_points=9, size=10))
    solution = solve(state, exact=True)
    hand, left_a, left_b = simultaneous(blow(40), blow(40), 7, 9)
    assert exact(state) == hand
    resources = solution.expected_resources()
    assert (resources["a-hit-points"], resources["b-hit-points"]) == (left_a, left_b)
    assert sum(hand.values()) == 1 and hand["both-fall"] > 0


def test_lion_against_man_matches_the_hand_recursion() -> None:
    # Lion vs human 70%, human vs lion 55% (lines 1550, 1552); equal sizes, dexterity and experience.
    lion = Fighter(name="lion", body="lion", hit_points=10)
    man = Fighter(name="man", hit_points=10)
    hand, _, _ = simultaneous(blow(70), blow(55), 10, 10)
    assert exact(start_melee(lion, man)) == hand


def test_two_weapons_strike_twice_a_turn() -> None:
    horace = Fighter(name="Horace", hit_points=6, size=10, two_weapons="dagger")
    guard = Fighter(name="guard", hit_points=8, size=10)
    hand, _, _ = simultaneous(plus(blow(40), blow(20)), blow(40), 6, 8)
    assert exact(start_melee(horace, guard)) == hand


def test_first_strike_is_not_answered() -> None:
    pike = Fighter(name="pike", hit_points=6, reach="very long")
    knife = Fighter(name="knife", hit_points=6, reach="short")
    rules = MeleeRules(place="outdoors or large room")
    # Table Q: the pike's printed +10 is taken off (30%), the knife's -10 added (50%).
    hand = a_first(blow(30), blow(50), 6, 6)
    got = exact(start_melee(pike, knife, rules))
    assert got == hand and "both-fall" not in got


def test_stamina_tires_and_exhausts_line_162() -> None:
    # A has stamina 10: two fresh turns, ten turns at half (20%), then exhausted; B is not tracked.
    tired = Fighter(name="A", hit_points=12, stamina=10)
    fresh = Fighter(name="B", hit_points=12)

    @cache
    def value(a: int, b: int, turn: int) -> dict[str, Fraction]:
        if turn >= 12:
            return {"a-exhausted": Fraction(1)}
        da = blow(40 if turn < 2 else 20)
        db = blow(40)
        out: dict[str, Fraction] = {}
        for x, px in da.items():
            for y, py in db.items():
                na, nb = a - y, b - x
                if na <= 0 or nb <= 0:
                    label = "both-fall" if na <= 0 and nb <= 0 else "a-wins" if nb <= 0 else "b-wins"
                    add(out, label, px * py)
                else:
                    for k, v in value(na, nb, turn + 1).items():
                        add(out, k, px * py * v)
        return out

    got = exact(start_melee(tired, fresh, MeleeRules(stamina=True)))
    assert got == value(12, 12, 0)
    assert got["a-exhausted"] > 0


def test_downhill_charge_strikes_twice_on_the_first_turn_line_1708() -> None:
    charger = Fighter(name="A", hit_points=5, downhill=True)
    other = Fighter(name="B", hit_points=5)
    rest, _, _ = simultaneous(blow(40), blow(40), 5, 5)
    first = plus(blow(40), blow(40))
    hand: dict[str, Fraction] = {}
    for x, px in first.items():
        for y, py in blow(40).items():
            na, nb = 5 - y, 5 - x
            if na <= 0 or nb <= 0:
                add(hand, "both-fall" if na <= 0 and nb <= 0 else "a-wins" if nb <= 0 else "b-wins", px * py)
            else:
                for k, v in simultaneous(blow(40), blow(40), na, nb)[0].items():
                    add(hand, k, px * py * v)
    got = exact(start_melee(charger, other))
    assert got == hand and got != rest


def test_float_and_exact_agree_with_every_optional_rule() -> None:
    a = Fighter(name="A", hit_points=14, strength=80, armour=("chainmail", "helmet"), two_weapons="dagger")
    b = Fighter(name="B", body="reptile", hit_points=16, hit_dice=4, armour=("leather",))
    rules = MeleeRules(hit_location=True, strength=True, armour=True, place="corridor", swamp=True)
    state = start_melee(a, b, rules)
    fast = solve(state).outcome_probabilities()
    slow = solve(state, exact=True).outcome_probabilities()
    assert sum(slow.values()) == 1
    for label, p in slow.items():
        assert abs(fast[label] - float(p)) < 1e-9


def test_a_melee_of_40_hit_points_a_side_solves() -> None:
    a = Fighter(name="A", hit_points=40, dexterity=70, level=4)
    b = Fighter(name="B", body="lion", hit_points=40, hit_dice=5)
    solution = solve(start_melee(a, b, MeleeRules(hit_location=True)))
    assert abs(sum(solution.outcome_probabilities().values()) - 1) < 1e-9
    assert solution.states < 20_000


def test_result_and_errors() -> None:
    state = start_melee(Fighter(name="A", hit_points=1), Fighter(name="B", hit_points=1))
    assert state.actor() is CHANCE and state.striker == 0
    after_a = state.apply(1)
    assert after_a.phase == "b-strikes" and after_a.hp == (1, 0)
    end = after_a.apply(0)
    assert end.actor() is TERMINAL
    assert end.result().outcome == "a-wins" and end.result().winners == (0,)
    assert end.result().resources == (("a-hit-points", 1), ("b-hit-points", 0))
    with pytest.raises(RulesError):
        state.apply(7)
    with pytest.raises(RulesError):
        end.apply(0)
    with pytest.raises(UsageError, match="0 hit points"):
        start_melee(Fighter(hit_points=0), Fighter())
    with pytest.raises(UsageError, match="cellar"):
        start_melee(Fighter(), Fighter(), MeleeRules(place="cellar"))


def test_real_dice_map_to_a_listed_outcome() -> None:
    a = Fighter(name="A", hit_points=20, two_weapons="dagger", strength=90)
    b = Fighter(name="B", body="bird", hit_points=20, armour=("large shield",))
    state = start_melee(a, b, MeleeRules(hit_location=True, strength=True, armour=True))
    for seed in range(200):
        outcome, rolls = state.roll(Rng(seed))
        assert outcome in dict(state.chance_outcomes()) and rolls
        assert rolls[0].expression.startswith("A blow 1")


CASES: list[dict[str, OptionValue]] = [
    {},
    {
        "a": "name=A,hp=12,two=dagger,downhill,stamina=12,str=80",
        "b": "name=B,body=lion,hp=15,hd=4,armour=plate+large-shield",
        "hit_location": True,
        "armour": True,
        "strength": True,
        "stamina": True,
        "place": "door",
    },
    {
        "a": "name=A,hp=9,reach=very long,dex=80,cover",
        "b": "name=B,body=snake,hp=6,reach=short,wall",
        "place": "outdoors or large room",
        "swamp": True,
        "hit_location": True,
    },
    {"a": "name=A,hp=30,stamina=7", "b": "name=B,hp=30,stamina=9", "stamina": True},
]


@pytest.mark.parametrize("options", CASES)
def test_random_melees_keep_every_promise(options: dict[str, OptionValue]) -> None:
    report = check_game(MELEE_GAME, options, seed=5, games=300)
    assert report.finished == 300 and report.decisions == 0
    assert set(report.outcomes) <= {
        "a-wins",
        "b-wins",
        "both-fall",
        "a-exhausted",
        "b-exhausted",
        "both-exhausted",
    }


def test_random_melees_reach_the_solved_odds() -> None:
    options: dict[str, OptionValue] = {"a": "name=A,hp=6", "b": "name=B,hp=8,dex=70"}
    report = check_game(MELEE_GAME, options, seed=9, games=1500)
    odds = solve(MELEE_GAME.new_initial_state(MELEE_GAME.info.resolve_options(options)))
    for label, p in odds.outcome_probabilities().items():
        assert abs(report.outcomes[label] / 1500 - float(p)) < 0.05


def test_options_build_the_melee() -> None:
    make: Callable[[dict[str, OptionValue]], MeleeState] = MELEE_GAME.new_initial_state
    state = make({"a": "name=Ula,hp=11", "b": "name=Orm,body=reptile,hp=13", "swamp": "yes"})
    assert state.spec.a.name == "Ula" and state.spec.b.body == "reptile" and state.spec.rules.swamp
    back = MELEE_GAME.state_from_json(MELEE_GAME.state_to_json(state))
    assert back == state and hash(back) == hash(state)
