"""`grognard ff odds`: directly through the Typer app, and as a user runs it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grognard.cli.systems.ff import app
from grognard.engine.errors import UsageError
from grognard.systems.fighting_fantasy.fight import start_fight
from grognard.systems.fighting_fantasy.fight_rules import Creature
from grognard.systems.fighting_fantasy.odds import fight_odds
from grognard.systems.fighting_fantasy.sheet import AdventureSheet
from tests.cli.helpers import grognard

ARGS = ["odds", "--hero", "10/20/9", "--enemy", "9/12"]


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
