"""`grognard grey-star`: the table and the odds on the command line (the issue's CLI contract)."""

from __future__ import annotations

import json
from pathlib import Path

from typer.testing import CliRunner

from grognard.cli.systems.grey_star import app
from grognard.engine.errors import UsageError
from grognard.systems.grey_star.combat import CombatState
from grognard.systems.grey_star.odds import advise
from tests.cli.helpers import grognard

runner = CliRunner()


def test_crt_json_gives_the_worked_example() -> None:
    # The worked example: ratio -5, random number 6, 2 WILLPOWER: enemy 10, Grey Star 4.
    ran = runner.invoke(app, ["crt", "--ratio", "-5", "--random", "6", "--willpower", "2", "--json"])
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output)
    assert (data["enemy_loss"], data["grey_star_loss"]) == (10, 4)


def test_crt_json_k_stays_k_under_a_multiplier() -> None:
    ran = runner.invoke(app, ["crt", "--ratio", "12", "--random", "0", "--willpower", "5", "--json"])
    data = json.loads(ran.output)
    assert (data["enemy_loss"], data["grey_star_loss"]) == ("K", 0)
    ran = runner.invoke(app, ["crt", "--ratio", "-12", "--random", "1", "--json"])
    assert json.loads(ran.output)["grey_star_loss"] == "K"


def test_crt_text_names_both_losses() -> None:
    ran = runner.invoke(app, ["crt", "--ratio", "0", "--random", "1"])
    assert ran.exit_code == 0
    assert "Enemy loses 3; Grey Star loses 5." in ran.output


def test_crt_bad_random_number_is_a_usage_error_naming_it() -> None:
    ran = runner.invoke(app, ["crt", "--ratio", "0", "--random", "12"])
    assert isinstance(ran.exception, UsageError) and "12" in str(ran.exception)


def test_odds_json_keys_and_values_agree_with_the_advice() -> None:
    args = [
        "odds",
        "--combat-skill",
        "14",
        "--endurance",
        "8",
        "--willpower",
        "4",
        "--enemy",
        "16/10",
        "--json",
    ]
    ran = runner.invoke(app, args)
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output)
    advice = advise(CombatState(14, 8, 4, 16, 10))
    assert data["p_win_optimal"] == round(float(advice.p_win_optimal), 12)
    assert data["best_first_spend"] == advice.best_first_spend
    assert data["p_win_spend_one"] == round(float(advice.p_win_spend_one), 12) == 0.784
    assert [s["spend"] for s in data["spends"]] == [0, 1, 2, 3, 4]
    assert set(data["spends"][0]) >= {
        "spend",
        "p_win",
        "expected_willpower_spent",
        "expected_endurance_lost",
        "utility",
    }


def test_odds_worth_and_evasion_options_reach_the_advice() -> None:
    args = ["odds", "--combat-skill", "4", "--endurance", "12", "--willpower", "0", "--enemy", "18/40",
            "--can-evade", "--endurance-worth", "0.1", "--json"]  # fmt: skip
    data = json.loads(runner.invoke(app, args).output)
    assert data["best_action"] == "evade:0" and data["best_evades"] is True


def test_odds_text_output() -> None:
    ran = runner.invoke(app, ["odds", "--combat-skill", "14", "--endurance", "8", "--willpower", "2",
                              "--enemy", "16/10"])  # fmt: skip
    assert ran.exit_code == 0, ran.output
    assert "Chance of winning with the best spending" in ran.output and "spend:2" in ran.output


def test_odds_bad_enemy_names_the_value() -> None:
    ran = runner.invoke(app, ["odds", "--combat-skill", "14", "--endurance", "8", "--willpower", "2",
                              "--enemy", "16-10"])  # fmt: skip
    assert isinstance(ran.exception, UsageError) and "16-10" in str(ran.exception)
    ran = runner.invoke(app, ["odds", "--combat-skill", "14", "--endurance", "8", "--willpower", "2",
                              "--enemy", "16/10", "--table", "dice"])  # fmt: skip
    assert isinstance(ran.exception, UsageError) and "dice" in str(ran.exception)


# Through the real `grognard` command: these pass once grognard.cli.systems.grey_star is imported by the CLI.


def test_grognard_grey_star_crt_json() -> None:
    ran = grognard("grey-star", "crt", "--ratio", "-5", "--random", "6", "--willpower", "2", "--json")
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert (data["enemy_loss"], data["grey_star_loss"]) == (10, 4)


def test_grognard_gs_alias_odds_json() -> None:
    ran = grognard("gs", "odds", "--combat-skill", "14", "--endurance", "8", "--willpower", "4",
                   "--enemy", "16/10", "--json")  # fmt: skip
    assert ran.code == 0, ran.err
    assert 0 < json.loads(ran.out)["p_win_optimal"] <= 1


def test_grognard_grey_star_bad_input_is_one_line_status_2() -> None:
    ran = grognard("grey-star", "odds", "--combat-skill", "14", "--endurance", "8", "--willpower", "4",
                   "--enemy", "sixteen")  # fmt: skip
    assert ran.code == 2
    assert len(ran.err.strip().splitlines()) == 1 and "sixteen" in ran.err


def test_odds_refuses_worths_that_are_not_finite_or_below_zero() -> None:
    """`odds --willpower-worth/--endurance-worth` (issue #4, Odds) take numbers of 0 or more: nan, inf,
    -inf and negatives are one-line errors with status 2, naming the flag and the value."""
    base = ["gs", "odds", "--combat-skill", "14", "--endurance", "8", "--willpower", "4", "--enemy", "16/10"]
    for flag, value in (
        ("--willpower-worth", "nan"),
        ("--willpower-worth", "inf"),
        ("--endurance-worth", "-inf"),
        ("--endurance-worth", "-0.5"),
    ):
        ran = grognard(*base, flag, value)
        assert ran.code == 2, (flag, value, ran.out)
        assert len(ran.err.strip().splitlines()) == 1 and flag in ran.err


def test_odds_budget_option_limits_and_raises_the_positions_explored() -> None:
    """`odds --budget N`: a fight over N positions is a one-line error naming the option; the default
    solves the audit's large fight (CS 19, ENDURANCE 27, WILLPOWER 24 against 24/45, 22,897 positions;
    001_2055bbb054c2d265.txt:5-12)."""
    base = [
        "gs",
        "odds",
        "--combat-skill",
        "19",
        "--endurance",
        "27",
        "--willpower",
        "24",
        "--enemy",
        "24/45",
    ]
    small = grognard(*base, "--budget", "1000", "--json")
    assert small.code == 2 and len(small.err.strip().splitlines()) == 1
    assert "--budget" in small.err and "1,000" in small.err
    assert grognard(*base, "--budget", "0").code == 2
    ran = grognard(*base, "--json")
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert data["states"] == 22_897 and data["best_first_spend"] == 5
    assert 0 <= data["p_win_optimal"] <= 1 and data["expected_willpower_spent"] >= 0


def test_odds_exact_gives_fractions() -> None:
    """`odds --exact` (docs/rulings/grey-star.md): every figure a Fraction "p/q", the same as the solver's."""
    args = ["odds", "--combat-skill", "15", "--endurance", "12", "--willpower", "4", "--enemy", "14/8"]
    ran = CliRunner().invoke(app, [*args, "--exact", "--json"])
    assert ran.exit_code == 0, ran.output
    data = json.loads(ran.output)
    expected = advise(CombatState(15, 12, 4, 14, 8), exact=True)
    p = expected.p_win_optimal
    assert data["p_win_optimal"] == f"{p.numerator}/{p.denominator}"  # type: ignore[union-attr]
    assert all("/" in str(row["p_win"]) for row in data["spends"])


def test_a_saved_game_refuses_a_seed(tmp_path: Path) -> None:
    """`play --game ID --seed N`: a saved game keeps its seed (docs/systems/grey-star.md)."""
    ran = grognard("grey-star", "play", "sample", "--game", "1", "--seed", "7", home=tmp_path)
    assert ran.code == 2
    assert ran.err.strip().splitlines() == [
        "grognard: error: --seed: a saved game keeps the seed it was started with"
    ]
