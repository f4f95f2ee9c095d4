"""`grognard ff odds`: directly through the Typer app, and as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from typer.testing import CliRunner

from grognard.cli.systems.ff import app
from grognard.engine.errors import UsageError
from grognard.systems.fighting_fantasy.fight import FightState, start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature, FightRules
from grognard.systems.fighting_fantasy.odds import book_endings, fight_objective, fight_odds, without_escape
from grognard.systems.fighting_fantasy.sheet import AdventureSheet
from tests.cli.helpers import grognard

ARGS = ["odds", "--hero", "10/20/9", "--enemy", "9/12"]
FLEE = ["odds", "--hero", "10/20/9", "--enemy", "11/14", "--can-escape"]
"""A creature stronger than the hero, in a section that offers to flee: escaping at once is best."""


def _flee_state() -> FightState:
    return start_fight(AdventureSheet.new(10, 20, 9), [Creature("c", 11, 14)], FightRules(can_escape=True))


def _json(args: list[str]) -> dict[str, Any]:
    ran = CliRunner().invoke(app, [*args, "--json"])
    assert ran.exit_code == 0, ran.output
    data: dict[str, Any] = json.loads(ran.output)
    return data


def test_odds_json_through_the_app() -> None:
    """Combat with Luck (000_13d85f0bd5b613c5.txt:27-53, :84-107) as the command line reports it."""
    ran = CliRunner().invoke(app, [*ARGS, "--json"])
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output)
    expected = fight_odds(start_fight(AdventureSheet.new(10, 20, 9), [Creature("c", 9, 12)]))
    assert data["p_win_optimal_luck"] == pytest.approx(expected.p_win_optimal_luck)
    assert data["p_win_without_luck"] == pytest.approx(expected.p_win_without_luck)
    assert data["expected_luck"] == pytest.approx(expected.expected_luck)
    assert data["expected_stamina"] == pytest.approx(expected.expected_stamina)


def test_odds_table_through_the_app() -> None:
    """The same figures as a table (000_13d85f0bd5b613c5.txt:27-53)."""
    ran = CliRunner().invoke(app, ARGS)
    assert ran.exit_code == 0, ran.output
    assert "Win, best Luck policy" in ran.output


def test_bad_hero_is_a_usage_error_naming_it() -> None:
    """SKILL, STAMINA and LUCK are three scores (000_13d85f0bd5b613c5.txt:1-3); two is refused."""
    ran = CliRunner().invoke(app, ["odds", "--hero", "10/20", "--enemy", "9/12"])
    assert isinstance(ran.exception, UsageError)
    assert "10/20" in str(ran.exception)


def test_odds_as_a_user_runs_them() -> None:
    """`grognard ff odds --json` in a subprocess (needs the front end wired into the CLI)."""
    ran = grognard("ff", *ARGS[0:], "--json", "--together", "--enemy", "8/6")
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert 0 < data["p_win_without_luck"] <= data["p_win_optimal_luck"] <= 1


def test_bad_enemy_is_one_line_with_status_2() -> None:
    """A bad creature (SKILL/STAMINA, 000_13d85f0bd5b613c5.txt:28-30) is one line on stderr, status 2."""
    ran = grognard("ff", "odds", "--hero", "10/20/9", "--enemy", "nine/12")
    assert ran.code == 2
    lines = ran.err.strip().splitlines()
    assert len(lines) == 1 and "nine/12" in lines[0]


def test_a_fight_past_the_budget_names_the_budget_option_and_the_option_exists() -> None:
    """Two creatures together (000_13d85f0bd5b613c5.txt:27-53): past `--budget` the error says how to
    raise it; with a budget large enough the same fight is solved."""
    fight = ["odds", "--hero", "10/20/9", "--enemy", "7/6", "--enemy", "6/5", "--together", "--json"]
    small = grognard("ff", *fight, "--budget", "100")
    assert small.code == 2
    lines = small.err.strip().splitlines()
    assert len(lines) == 1 and "100 positions" in lines[0] and "--budget" in lines[0]
    ran = CliRunner().invoke(app, [*fight, "--budget", "200000"])
    assert ran.exit_code == 0, ran.output
    assert 0 < json.loads(ran.output)["p_win_optimal_luck"] <= 1
    zero = CliRunner().invoke(app, [*fight, "--budget", "0"])
    assert isinstance(zero.exception, UsageError) and "--budget" in str(zero.exception)


def test_a_saved_game_refuses_a_seed(tmp_path: Path) -> None:
    """`ff play --game ID --seed N`: a saved game keeps its seed (docs/systems/fighting-fantasy.md)."""
    ran = grognard("ff", "play", "sample", "--game", "1", "--seed", "7", home=tmp_path)
    assert ran.code == 2
    assert ran.err.strip().splitlines() == [
        "grognard: error: --seed: a saved game keeps the seed it was started with"
    ]


def test_where_escaping_is_best_the_best_move_and_the_fight_on_chance_are_printed() -> None:
    """Running away costs the creature's one wound (000_13d85f0bd5b613c5.txt:55-63) and leads on in the
    book, so it counts as a win: from a stronger creature the best play flees at once and wins nothing.
    The table says so in words, with the chance of a win for a reader who fights it out."""
    ran = CliRunner().invoke(app, FLEE)
    assert ran.exit_code == 0, ran.output
    text = " ".join(ran.output.split())
    assert "Best first move: escape (out alive 1.000000, worth 1.000000 where a win is 1)" in text
    assert "An escape counts as a win here (a way out of the fight)" in text
    fought_out = fight_odds(without_escape(_flee_state())).p_win_optimal_luck
    assert 0.5 < fought_out < 0.9
    assert f"Win, fighting it out (never fleeing) │ {fought_out:.6f}" in text
    data = _json(FLEE)
    assert data["best_start"] == "escape"
    assert data["p_win_optimal_luck"] == 0
    assert data["p_win_fighting_on"] == pytest.approx(fought_out)
    assert data["p_alive"] == 1 and data["escape_worth"] == 1
    assert data["outcome_probabilities"]["escaped"] == 1
    assert data["expected_stamina"] == 18  # the creature's own wound of 2 as the hero flees


def test_escape_worth_zero_gives_the_figures_of_an_escape_counted_as_a_loss() -> None:
    """`--escape-worth 0`: an escape worth nothing, as the odds counted it before escapes were a way out;
    the best play then fights it out, and its chance of a win is the fight-on chance."""
    data = _json([*FLEE, "--escape-worth", "0"])
    old = fight_odds(_flee_state(), fight_objective(endings={}))
    assert data["p_win_optimal_luck"] == pytest.approx(old.p_win_optimal_luck)
    assert data["p_win_optimal_luck"] == pytest.approx(data["p_win_fighting_on"])
    assert data["p_win_without_luck"] == pytest.approx(old.p_win_without_luck)
    assert data["best_start"] == "fight" and data["escape_worth"] == 0
    assert data["p_alive"] == pytest.approx(old.p_win_optimal_luck)
    ran = CliRunner().invoke(app, [*FLEE, "--escape-worth", "0"])
    assert "Best first move: fight" in ran.output
    assert "An escape counts as a loss here (--escape-worth 0)." in ran.output


def test_escape_worth_is_a_percentage_of_a_win() -> None:
    """`--escape-worth 50`: an escape counts half a win (a book's `worth` table in percent)."""
    data = _json([*FLEE, "--escape-worth", "50"])
    half = fight_odds(_flee_state(), fight_objective(endings={**book_endings(), "escaped": 0.5}))
    assert data["utility"] == pytest.approx(half.utility)
    assert data["p_win_optimal_luck"] == pytest.approx(half.p_win_optimal_luck)
    assert 0 < data["p_win_optimal_luck"] < data["p_win_fighting_on"]
    assert data["escape_worth"] == 0.5
    ran = CliRunner().invoke(app, [*FLEE, "--escape-worth", "50"])
    assert "An escape counts as 50% of a win here (--escape-worth 50)." in ran.output


def test_escape_worth_needs_an_escape_and_no_worth_is_below_zero() -> None:
    """An escape's worth where none is offered would change nothing: refused, as is a worth below 0."""
    alone = CliRunner().invoke(app, [*ARGS, "--escape-worth", "50"])
    assert isinstance(alone.exception, UsageError) and "--can-escape" in str(alone.exception)
    for option in ("--escape-worth", "--potion-worth"):
        below = CliRunner().invoke(app, [*FLEE, option, "-1"])
        assert isinstance(below.exception, UsageError) and f"{option} -1.0 is below 0" in str(below.exception)


def test_potion_worth_gives_each_measure_kept_its_worth() -> None:
    """`--potion-worth`: two measures (000_13d85f0bd5b613c5.txt:156-158), each kept worth that much; the
    advice then keeps a measure it would drink for a little more chance of winning."""
    args = ["odds", "--hero", "10/20/9", "--enemy", "11/14", "--potion", "fortune"]
    state = start_fight(AdventureSheet.new(10, 20, 9, "fortune"), [Creature("c", 11, 14)])
    worth = _json([*args, "--potion-worth", "0.05"])
    expected = fight_odds(state, fight_objective(potion_worth=0.05))
    assert worth["utility"] == pytest.approx(expected.utility)
    assert worth["p_win_optimal_luck"] == pytest.approx(expected.p_win_optimal_luck)
    free = _json(args)
    assert worth["p_win_optimal_luck"] < free["p_win_optimal_luck"]
    assert worth["best_start"] == "fight" and worth["p_win_fighting_on"] is None


def test_play_passes_the_potion_worth_with_the_other_worths(monkeypatch: pytest.MonkeyPatch) -> None:
    """`ff play --potion-worth`: kept with the game's options like `--luck-worth` (the ruleset's
    `potion_worth`); below 0 is refused."""
    seen: list[dict[str, object]] = []
    monkeypatch.setattr("grognard.cli.systems.ff.play_book", lambda *args: seen.append(dict(args[-1])))
    ran = CliRunner().invoke(app, ["play", "sample", "--potion-worth", "0.2", "--luck-worth", "0.02"])
    assert ran.exit_code == 0, ran.output
    assert seen == [{"luck_worth": 0.02, "potion_worth": 0.2}]
    below = CliRunner().invoke(app, ["play", "sample", "--potion-worth", "-0.1"])
    assert isinstance(below.exception, UsageError) and "--potion-worth" in str(below.exception)
