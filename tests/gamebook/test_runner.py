"""The runner: creation, effects, once, conditions, pay, flags, visited, tests, fights, endings."""

from __future__ import annotations

from fractions import Fraction

import pytest

from grognard.engine.dice.core import Rng
from grognard.engine.errors import ContentError, RulesError
from grognard.engine.game import CHANCE, TERMINAL
from grognard.engine.odds.solver import solve
from grognard.engine.session import Session, random_policy
from grognard.gamebook.runner import GamebookGame, GamebookState
from tests.gamebook.helpers import CAVE, book, cave, start, walk
from tests.gamebook.toy import TOY_RULES, ToySheet


def test_creation_is_chance_then_a_choice_then_the_start() -> None:
    state = GamebookGame(TOY_RULES, cave(), "cave").new_initial_state({"book": "cave"})
    assert state.actor() is CHANCE
    assert dict(state.chance_outcomes()) == {v: Fraction(1, 6) for v in range(5, 11)}
    state = walk(state, 7, 3)
    assert state.actor() == 0
    assert list(state.legal_actions()) == ["charm:gold", "charm:sight"]
    state = walk(state, "charm:gold")
    assert state.section == "1"
    assert state.phase == "choose"
    assert state.sheet == ToySheet(
        hp=6, luck=3, initial_hp=7, gold=3, provisions=2, items=("Torch", "Rope"), charm="gold"
    )


def test_once_effects_apply_on_the_first_visit_only() -> None:
    state = walk(start(cave(), hp=10), "choice:1", "choice:1")
    assert state.section == "1"
    assert state.sheet.items.count("Rope") == 1
    assert state.sheet.hp == 8
    assert state.visited == ("1", "2")


def test_paying_choice_spends_and_hides_when_unaffordable() -> None:
    state = start(cave())
    assert "choice:1" in state.legal_actions()
    state = walk(state, "choice:1")
    assert state.sheet.gold == 1
    assert "Key" in state.sheet.items
    state = walk(state, "choice:1")
    assert "choice:1" not in state.legal_actions()


def test_power_condition_shows_a_choice() -> None:
    assert "choice:3" not in start(cave(), charm="charm:gold").legal_actions()
    assert "choice:3" in start(cave(), charm="charm:sight").legal_actions()


def test_eating_is_a_reader_action_once_per_visit() -> None:
    state = walk(start(cave(), hp=8), "eat")
    assert (state.sheet.hp, state.sheet.provisions) == (8, 1)
    assert "eat" not in state.legal_actions()
    assert state.label("eat") == "Eat a meal (+2 HP)"
    assert state.label("choice:2") == "Enter the cave"


def test_a_fight_is_forwarded_and_won_into_the_next_section() -> None:
    state = walk(start(cave(), hp=10, luck=4), "choice:2")
    assert state.phase == "fight"
    assert list(state.legal_actions()) == ["attack", "flee"]
    assert state.label("attack") == "Attack"
    state = walk(state, "attack")
    assert dict(state.chance_outcomes()) == {"hit": Fraction(4, 6), "hurt": Fraction(2, 6)}
    state = walk(state, "hurt")
    assert state.fight is not None
    state = walk(state, "attack", "hit")
    assert state.fight is None
    assert state.section == "4"
    assert state.sheet.hp == 7
    assert "goblin-dead" in state.flags
    assert state.phase == "test"
    assert dict(state.chance_outcomes()) == {"lucky": Fraction(4, 6), "unlucky": Fraction(2, 6)}


def test_unlucky_branch_rolls_dice_for_its_effect_then_reads_on() -> None:
    state = walk(start(cave(), hp=10, luck=4), "choice:2", "attack", "hit", "unlucky")
    assert state.sheet.luck == 3
    assert state.phase == "effects"
    assert dict(state.chance_outcomes()) == {-v: Fraction(1, 6) for v in range(1, 7)}
    state = walk(state, -4)
    assert state.sheet.hp == 5
    assert list(state.legal_actions()) == ["choice:1"]


def test_lucky_branch_goes_to_its_target() -> None:
    state = walk(start(cave(), hp=10, luck=4), "choice:2", "attack", "hit", "lucky")
    assert state.section == "5"
    assert state.sheet.luck == 3


def test_fleeing_goes_to_the_escape_section() -> None:
    state = walk(start(cave(), hp=10), "choice:2", "flee")
    assert state.section == "1"
    assert state.phase == "choose"


def test_dying_in_a_fight_ends_the_adventure() -> None:
    state = walk(start(cave(), hp=5), "choice:2", "attack", "hurt", "attack", "hurt")
    assert state.actor() is TERMINAL
    result = state.result()
    assert result.outcome == "death"
    assert result.winners == ()
    assert result.resource("HP") == 0


def test_ranges_fold_totals_and_visited_hides_a_choice() -> None:
    state = walk(start(cave(), hp=10, charm="charm:sight"), "choice:3", "choice:1", "attack", "hit", "lucky")
    assert state.section == "5"
    assert "choice:3" not in state.legal_actions()
    state = walk(state, "choice:2")
    assert dict(state.chance_outcomes()) == {
        "range:1": Fraction(2, 6),
        "range:2": Fraction(3, 6),
        "range:3": Fraction(1, 6),
    }
    state = walk(state, "range:2")
    assert state.section == "5"
    assert state.sheet.gold == 4
    state = walk(state, "choice:2", "range:3")
    assert state.actor() is TERMINAL
    assert state.result().outcome == "victory"
    assert state.result().winners == (0,)


def test_real_rolls_map_to_the_same_outcomes() -> None:
    state = walk(
        start(cave(), hp=10, charm="charm:sight"),
        "choice:3",
        "choice:1",
        "attack",
        "hit",
        "lucky",
        "choice:2",
    )
    seen = set()
    for seed in range(40):
        outcome, rolls = state.roll(Rng(seed))
        total = rolls[0].total
        seen.add(outcome)
        assert outcome == ("range:1" if total <= 2 else "range:2" if total <= 5 else "range:3")
    assert seen == {"range:1", "range:2", "range:3"}


def test_no_open_choice_is_stuck_and_conditional_effects_are_skipped() -> None:
    b = book(
        """
[sections.1]
effects = [{ stat = "HP", add = "-2d6", when = { item = "Anvil" } }, { gold = 1, when = { item = "Torch" } }]
choices = [{ text = "Unlock", target = "2", condition = { item = "Key" } }]
[sections.2]
ending = "victory"
[book.items.Key]
[book.items.Anvil]
"""
    )
    state = start(b)
    assert state.sheet.gold == 1
    assert state.actor() is TERMINAL
    assert state.result().outcome == "stuck"


def test_set_and_clear_flags_and_endings_after_effects() -> None:
    b = book(
        """
[sections.1]
effects = [{ flag = "a" }, { flag = "b" }, { clear_flag = "a" }]
[[sections.1.choices]]
text = "A"
target = "2"
condition = { flag = "a" }
[[sections.1.choices]]
text = "B"
target = "3"
condition = { all = [{ flag = "b" }, { not = { flag = "a" } }] }
[sections.2]
ending = "victory"
[sections.3]
effects = [{ stat = "HP", add = -3 }]
ending = "death"
"""
    )
    state = start(b, hp=8)
    assert state.flags == frozenset({"b"})
    assert list(state.legal_actions()) == ["choice:2"]
    state = walk(state, "choice:2")
    assert state.result().outcome == "death"
    assert state.result().resource("HP") == 5


def test_illegal_moves_are_refused() -> None:
    state = start(cave())
    with pytest.raises(RulesError):
        state.apply("choice:9")
    with pytest.raises(RulesError):
        state.apply("attack")


def test_solver_gives_exact_odds_of_a_book() -> None:
    b = book(
        """
[sections.1]
fight = { creatures = [{ name = "ORC", POWER = 3 }], win = "2" }
[sections.2]
ending = "victory"
"""
    )
    game = GamebookGame(TOY_RULES, b, "t")
    state = game.new_initial_state({"book": "t"})
    solution = solve(state, exact=True)
    # HP 1d6+4 is 5..10: an attack hits on 3+ (2/3); each miss costs 2 HP.
    win = Fraction(0)
    for hp in range(5, 11):
        lives = (hp + 1) // 2
        win += Fraction(1, 6) * (1 - Fraction(1, 3) ** lives)
    assert solution.win_probability() == win


def test_the_game_loads_its_book_from_the_option_and_checks_the_system() -> None:
    game = GamebookGame(TOY_RULES)
    state = game.new_initial_state({"book": str(CAVE)})
    assert state.play.book == cave()
    assert game.state_from_json(game.state_to_json(state)) == state
    ff_book = book('[sections.1]\nending = "ended"\n', '[book]\ntitle = "T"\nsystem = "ff"\nstart = "1"\n')
    with pytest.raises(ContentError, match=r"book\.system"):
        GamebookGame(TOY_RULES, ff_book, "x").new_initial_state({"book": "x"})


def test_random_playthroughs_round_trip_and_replay() -> None:
    game = GamebookGame(TOY_RULES, cave(), "cave")
    outcomes = set()
    for seed in range(60):
        session = Session.new("toy-gb", game, {"book": "cave"}, seed)
        rng = Rng(seed)
        for _ in range(300):
            state = session.current
            assert isinstance(state, GamebookState)
            assert state.invariants() == []
            assert game.state_from_json(game.state_to_json(state)) == state
            if session.is_over():
                break
            if state.actor() is CHANCE:
                session.roll()
            else:
                session.play(random_policy(state, rng))
        assert session.is_over()
        assert session.replay() == session.current
        outcomes.add(session.current.result().outcome)
    assert outcomes == {"victory", "death"}
