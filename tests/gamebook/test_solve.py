"""The book solver (`gamebook.solve`): its figures on small books worked out by hand, cycles, the state
abstraction, floats against exact figures, the reports, the look-ups a reader makes, and the command line.

The solver is checked against an independent oracle on generated books in `test_solve_oracle.py`."""

from __future__ import annotations

import json
from fractions import Fraction
from pathlib import Path

import pytest

from grognard.engine.errors import OddsError
from grognard.engine.game import CHANCE
from grognard.gamebook.load import load_book
from grognard.gamebook.model import Book
from grognard.gamebook.runner import GamebookGame, GamebookState
from grognard.gamebook.solve import BookSolution, solve_book
from grognard.gamebook.solve_state import Liveness
from grognard.systems.fighting_fantasy.books import BOOKS as FF_BOOKS
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from grognard.systems.fighting_fantasy.solve_view import FightingFantasySheetView
from tests.cli.helpers import grognard
from tests.gamebook.helpers import HEAD, book
from tests.gamebook.test_solve_oracle import generated_book
from tests.gamebook.toy import TOY_RULES

FF_HEAD = """
[book]
title = "The Pit and the Rat"
system = "fighting-fantasy"
start = "1"
"""

FF_BOOK = """
[sections.1]
choices = [{ text = "Fight the rat", target = 2 }, { text = "Leap the pit", target = 3 }]

[sections.2]
fight = { creatures = [{ name = "RAT", SKILL = 5, STAMINA = 4 }], win = "4" }

[sections.3]
test = { kind = "luck", branches = { lucky = { target = "4" }, unlucky = { target = "5" } } }

[sections.4]
ending = "victory"

[sections.5]
ending = "death"
"""


def toy(sections: str, start_gold: int = 0) -> Book:
    """A toy-system book of these sections."""
    return book(sections, HEAD + (f"start_effects = [{{ gold = {start_gold} }}]\n" if start_gold else ""))


def after_creation(b: Book, hp: int = 8, luck: int = 4, charm: str = "charm:gold") -> GamebookState:
    """The toy book's state once the sheet is made."""
    state = GamebookGame(TOY_RULES, b, "test").new_initial_state({"book": "test"})
    for move in (hp, luck, charm):
        state = state.apply(move)  # type: ignore[assignment]
    return state


# -- figures by hand ----------------------------------------------------------------------------------


def test_a_luck_test_against_a_sure_way_is_worth_the_better_of_the_two() -> None:
    b = toy(
        """
[sections.1]
choices = [{ text = "Test your luck", target = 2 }, { text = "Walk round", target = 3 }]
[sections.2]
test = { kind = "luck", branches = { lucky = { target = "4" }, unlucky = { target = "5" } } }
[sections.3]
choices = [{ text = "On", target = 5 }, { text = "Lever", target = 4, condition = { power = "Sight" } }]
[sections.4]
ending = "victory"
[sections.5]
ending = "death"
"""
    )
    solved = solve_book(TOY_RULES, b, exact=True)
    # LUCK 1d6: lucky with LUCK/6; the charm of Sight opens the lever (a sure win): every reader takes it.
    assert solved.p_win == 1
    assert solved.best_action(after_creation(b, charm="charm:sight")) == "choice:2"
    gold = after_creation(b, luck=4)
    assert solved.value_of(gold) == Fraction(4, 6)
    assert solved.action_values(gold) == {"choice:1": Fraction(4, 6), "choice:2": 0}
    endings = {(e.section, e.outcome): e for e in solved.endings()}
    assert endings[("4", "victory")].p_best == 1
    # Choosing at random: either charm; then the test or the walk; on the walk, the lever or not.
    lucky = Fraction(sum(range(1, 7)), 36)
    sight = (lucky + Fraction(1, 2)) / 2
    gold = (lucky + 0) / 2
    assert solved.p_win_random == (sight + gold) / 2


def test_the_chance_from_the_start_is_the_average_over_the_starting_rolls() -> None:
    b = generated_book(3)
    solved = solve_book(TOY_RULES, b, exact=True)
    by_luck = solved.by_start_score()["LUCK"]
    assert set(by_luck) == set(range(1, 7))
    assert sum(by_luck.values()) / 6 == solved.p_win
    by_hp = solved.by_start_score()["HP"]
    assert sum(by_hp.values()) / 6 == solved.p_win


def test_the_endings_share_all_the_probability_under_either_play() -> None:
    solved = solve_book(TOY_RULES, generated_book(7), exact=True)
    endings = solved.endings()
    assert sum(e.p_best for e in endings) == 1
    assert sum(e.p_random for e in endings) == 1
    assert sum(e.p_best for e in endings if e.outcome == "victory") == solved.p_win
    assert sum(e.p_random for e in endings if e.outcome == "victory") == solved.p_win_random


# -- cycles -------------------------------------------------------------------------------------------

LOOP = """
[sections.1]
choices = [{ text = "To the gate", target = 2 }, { text = "Wait", target = 1 }]
[sections.2]
choices = [{ text = "Back", target = 1 }, { text = "Roll", target = 3 }]
[sections.3]
test = { kind = "roll", ranges = [
  { max = 2, target = 1 }, { min = 3, max = 5, target = 4 }, { min = 6, target = 5 },
] }
[sections.4]
ending = "victory"
[sections.5]
ending = "death"
"""


def test_a_loop_where_nothing_changes_is_solved_exactly() -> None:
    solved = solve_book(TOY_RULES, toy(LOOP), exact=True)
    # A 1 or 2 sends the reader back unchanged, so he rolls until 3-6: he wins 3 times in 4.
    assert solved.p_win == Fraction(3, 4)
    # At random he may walk back and forth, but ends the same way: only the roll decides.
    assert solved.p_win_random == Fraction(3, 4)
    assert solved.sections()["1"].best == "To the gate"


def test_a_book_that_can_never_end_is_refused() -> None:
    endless = toy(
        """
[sections.1]
choices = [{ text = "On", target = 2 }]
[sections.2]
choices = [{ text = "Back", target = 1 }, { text = "Door", target = 3, condition = { item = "Key" } }]
[sections.3]
ending = "victory"
"""
    )
    with pytest.raises(OddsError, match="can never end"):
        solve_book(TOY_RULES, endless, exact=True)


def test_a_loop_that_gains_without_end_is_refused_past_the_budget() -> None:
    growing = toy(
        """
[sections.1]
effects = [{ gold = 1 }]
choices = [{ text = "Again", target = 1 }, { text = "Done", target = 2 }]
[sections.2]
ending = "victory"
"""
    )
    with pytest.raises(OddsError, match="more than 500 states"):
        solve_book(TOY_RULES, growing, budget=500)


# -- the state abstraction ----------------------------------------------------------------------------


def test_a_flag_no_section_ahead_reads_is_not_part_of_the_state() -> None:
    plain = """
[sections.1]
effects = [{ flag = "EXTRA" }]
choices = [{ text = "A", target = 2 }, { text = "B", target = 2, effects = [{ flag = "seen" }] }]
[sections.2]
choices = [{ text = "On", target = 3 }, { text = "Secret", target = 4, condition = { flag = "seen" } }]
[sections.3]
effects = [{ flag = "late" }]
choices = [{ text = "On", target = 4 }]
[sections.4]
ending = "victory"
"""
    liveness = Liveness(toy(plain))
    assert ("flag", "seen") in liveness.at("1")
    assert ("flag", "seen") not in liveness.at("3")
    assert ("flag", "EXTRA") not in liveness.at("1")
    with_flags = solve_book(TOY_RULES, toy(plain), exact=True)
    without = solve_book(TOY_RULES, toy(plain.replace('effects = [{ flag = "late" }]', "")), exact=True)
    assert with_flags.states == without.states
    assert with_flags.p_win == 1


def test_the_visited_mark_of_a_once_section_counts_only_on_a_cycle() -> None:
    liveness = Liveness(load_book(FF_BOOKS.path("sample"), FF_RULES.id))
    assert "1" in liveness.on_cycle and "75" not in liveness.on_cycle
    assert ("visited", "1") in liveness.at("2")  # section 1 gives its gold once, and 2 leads back to it
    assert not any(kind == "visited" for kind, *_ in liveness.at("70"))


# -- floats, budget, determinism ----------------------------------------------------------------------


def test_floats_agree_with_the_exact_figures_within_the_stated_bound() -> None:
    b = generated_book(11)
    exact = solve_book(TOY_RULES, b, exact=True)
    fast = solve_book(TOY_RULES, b, exact=False)
    assert not fast.exact and fast.error_bound > 0
    assert abs(float(exact.p_win) - float(fast.p_win)) <= fast.error_bound
    assert abs(float(exact.p_win_random) - float(fast.p_win_random)) <= fast.error_bound + 1e-12


def test_solving_twice_gives_the_same_report() -> None:
    b = generated_book(5)
    first = json.dumps(solve_book(TOY_RULES, b, exact=True).to_json())
    assert json.dumps(solve_book(TOY_RULES, b, exact=True).to_json()) == first


def test_progress_is_reported() -> None:
    seen: list[int] = []
    solved = solve_book(TOY_RULES, generated_book(5), progress=seen.append)
    assert seen and seen[-1] == solved.states


# -- Fighting Fantasy ---------------------------------------------------------------------------------


def ff(sections: str) -> Book:
    """A Fighting Fantasy book of these sections."""
    return book(sections, FF_HEAD)


def test_a_fight_is_worth_its_chance_of_winning_by_the_fight_solver() -> None:
    from grognard.engine.odds.base import Objective
    from grognard.systems.fighting_fantasy.fight import start_fight
    from grognard.systems.fighting_fantasy.fight_rules import Creature
    from grognard.systems.fighting_fantasy.odds import solve_odds
    from grognard.systems.fighting_fantasy.sheet import AdventureSheet

    solved = solve_book(FF_RULES, ff(FF_BOOK), {"hero": "7/6/7", "potion": "skill"}, exact=True)
    fight = start_fight(AdventureSheet.new(7, 6, 7, "skill"), [Creature("RAT", 5, 4)])
    alone = solve_odds(fight, Objective(), exact=True).win_probability()
    luck = sum(Fraction(w, 36) for t, w in _two_dice().items() if t <= 7)
    assert solved.p_win == max(alone, luck)
    assert 0 < solved.p_win < 1


def _two_dice() -> dict[int, int]:
    ways: dict[int, int] = {}
    for a in range(1, 7):
        for b in range(1, 7):
            ways[a + b] = ways.get(a + b, 0) + 1
    return ways


def test_the_sheet_view_of_fighting_fantasy_keeps_the_figures() -> None:
    b = ff(FF_BOOK)
    options = {"hero": "8/10/8", "potion": "fortune"}
    whole = solve_book(FF_RULES, b, options, exact=True)
    viewed = solve_book(FF_RULES, b, options, exact=True, view=FightingFantasySheetView())
    assert viewed.p_win == whole.p_win
    assert viewed.states <= whole.states


@pytest.mark.parametrize("seed", range(12))
def test_the_fighting_fantasy_view_agrees_with_the_whole_sheet_on_generated_books(seed: int) -> None:
    b = generated_book(seed, "fighting-fantasy", FF_RULES)
    options = {"hero": "7/6/5", "potion": ("skill", "strength", "fortune")[seed % 3]}
    whole = solve_book(FF_RULES, b, options, exact=True)
    viewed = solve_book(FF_RULES, b, options, exact=True, view=FightingFantasySheetView())
    assert viewed.p_win == whole.p_win
    assert viewed.p_win_random == whole.p_win_random


def _sample_from(section: str) -> Book:
    sample = load_book(FF_BOOKS.path("sample"), FF_RULES.id)
    return sample.model_copy(update={"book": sample.book.model_copy(update={"start": section})})


def test_the_fighting_fantasy_sample_solved_from_its_last_fights() -> None:
    b = _sample_from("67")
    options = {"hero": "10/18/9", "potion": "strength"}
    solved = solve_book(FF_RULES, b, options, exact=False, view=FightingFantasySheetView())
    assert 0 < solved.p_win < 1
    # Recomputed another way: the reader's chance after each first move, weighed by how the start goes.
    state = GamebookGame(FF_RULES, b, "sample").new_initial_state({"book": "sample", **options})
    assert abs(_expected(solved, state) - float(solved.p_win)) < 1e-9
    # And the chance of the winning endings reached under the best play.
    victory = sum(float(e.p_best) for e in solved.endings() if e.outcome == "victory")
    assert abs(victory - float(solved.p_win)) < 1e-9


def _expected(solved: BookSolution, state: GamebookState) -> float:
    """The chance of winning from `state`: at a chance node the average of its outcomes' values, at a
    decision the best of its actions' (each looked up in the solution, one step on)."""
    if state.actor() is CHANCE:
        return sum(float(p) * float(solved.value_of(state.apply(o))) for o, p in state.chance_outcomes())  # type: ignore[arg-type]
    return max(float(x) for x in solved.action_values(state).values())


# -- the command line ---------------------------------------------------------------------------------


def test_solve_prints_json_with_the_chance_and_each_sections_best_choice(tmp_path: Path) -> None:
    path = tmp_path / "pit.toml"
    path.write_text(FF_HEAD + FF_BOOK, encoding="utf-8")
    ran = grognard(
        "ff", "solve", str(path), "--hero", "7/6/7", "--option", "potion=skill", "--json", home=tmp_path
    )
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert isinstance(data["p_win"], float) and 0 < data["p_win"] < 1
    assert data["exact"] is True and "/" in data["p_win_exact"]
    section = data["sections"]["1"]
    assert isinstance(section["p_win"], float)
    assert section["best"] in ("Fight the rat", "Leap the pit")
    assert data["walkthrough"]["steps"][0]["section"] == "1"
    assert {e["outcome"] for e in data["endings"]} >= {"victory", "death"}


def test_solve_prints_a_report(tmp_path: Path) -> None:
    path = tmp_path / "pit.toml"
    path.write_text(FF_HEAD + FF_BOOK, encoding="utf-8")
    ran = grognard("ff", "solve", str(path), "--hero", "7/6/7", "--option", "potion=skill", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Chance of winning with the best play" in ran.out
    assert "Fight the rat" in ran.out or "Leap the pit" in ran.out


@pytest.mark.parametrize(
    "args",
    [
        ["ff", "solve", "no-such-book.toml"],
        ["ff", "solve", "{book}", "--hero", "ten/20/9"],
        ["ff", "solve", "{book}", "--option", "colour=red"],
        ["ff", "solve", "{book}", "--budget", "0"],
        ["ff", "solve", "{book}", "--hero", "7/6/7", "--option", "potion=skill", "--budget", "3"],
        ["gs", "solve", "{bad}"],
    ],
)
def test_solve_refuses_bad_input_with_one_line_and_status_2(tmp_path: Path, args: list[str]) -> None:
    good = tmp_path / "pit.toml"
    good.write_text(FF_HEAD + FF_BOOK, encoding="utf-8")
    bad = tmp_path / "bad.toml"
    bad.write_text(
        FF_HEAD.replace("fighting-fantasy", "grey-star") + "[sections.1]\nchoices = []\n", encoding="utf-8"
    )
    ran = grognard(*[a.format(book=good, bad=bad) for a in args], home=tmp_path)
    assert ran.code == 2, ran.out + ran.err
    assert len(ran.err.strip().splitlines()) == 1, ran.err
