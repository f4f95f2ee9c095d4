"""`grognard aif experience reputation` and `rank`: the standing calculators, on the rules code the kept
campaign uses. Book: 002_8449cbd1010a37a5.txt."""

from __future__ import annotations

import json
from typing import Any

from typer.testing import CliRunner

from grognard.cli.systems.aif_campaign import experience_app
from grognard.engine.errors import UsageError

runner = CliRunner()


def run(*args: str) -> Any:
    ran = runner.invoke(experience_app, [*args, "--json"])
    assert ran.exit_code == 0, (ran.output, ran.exception)
    return json.loads(ran.output)


def test_the_group_offers_what_its_help_promises() -> None:
    """The `experience` help names reputation and rank: both are commands of the group."""
    shown = runner.invoke(experience_app, ["--help"], env={"COLUMNS": "120"})
    assert "reputation, rank" in shown.output
    for name in ("warrior", "magic", "fees", "vacancy", "reputation", "rank"):
        assert runner.invoke(experience_app, [name, "--help"]).exit_code == 0, name


def test_lies_found_out_halve_the_experience_line_1817() -> None:
    """Found out, reputation falls to half the actual experience, and then only verified gains count
    (002_8449cbd1010a37a5.txt:1817)."""
    found = run("reputation", "--value", "10", "--found-out", "--experience", "8")
    assert found["reputation"] == "4" and found["verified_only"]
    boast = run("reputation", "--value", "4", "--verified-only", "--gain", "5")
    assert boast["reputation"] == "4"
    deed = run("reputation", "--value", "4", "--verified-only", "--gain", "1/2", "--verified")
    assert deed["reputation"] == "9/2"
    assert run("reputation", "--value", "3", "--gain", "5")["reputation"] == "8"


def test_a_knight_gaining_levels_line_1842() -> None:
    """A Knight of status 10 goes to 11 with one level, 15 with five, and rises one rank a year
    (002_8449cbd1010a37a5.txt:1842)."""
    one = run("rank", "--position", "Knight", "--status", "10", "--levels", "1")
    assert one["status_after"] == 11 and not one["promoted"] and one["rank"] == "Knight"
    five = run("rank", "--position", "Knight", "--status", "10", "--levels", "5")
    assert five["status_after"] == 15 and five["promoted"] and five["rank"] == "Baron"
    again = run("rank", "--position", "Knight", "--status", "10", "--levels", "5", "--promoted-this-year")
    assert not again["promoted"] and "already promoted" in again["reason"]


def test_omar_must_be_a_knight_before_a_baron_line_1848() -> None:
    """Omar, a Squire of status 9, earns a Baron's status 15 but must hold Knight first, and with no
    Knight's place open stays a Squire (002_8449cbd1010a37a5.txt:1848)."""
    shut = run("rank", "--position", "Squire", "--status", "9", "--levels", "6", "--no-vacancy")
    assert shut["status_after"] == 15 and shut["sought"] == "Knight" and not shut["promoted"]
    assert shut["rank"] == "Squire"
    opened = run("rank", "--position", "Squire", "--status", "9", "--levels", "6")
    assert opened["promoted"] and opened["rank"] == "Knight"


def test_al_haza_keeps_his_rank_line_1860() -> None:
    """Al-Haza, a Lawful magician Knight whose status rose from 10 to 20, remains a Knight
    (002_8449cbd1010a37a5.txt:1860)."""
    held = run("rank", "--position", "Knight", "--status", "20", "--magician", "--alignment", "law")
    assert not held["promoted"] and held["rank"] == "Knight" and held["source"].endswith(":1860")
    chaotic = run("rank", "--position", "Knight", "--status", "20", "--magician", "--alignment", "chaos")
    assert chaotic["promoted"] and chaotic["rank"] == "Baron"


def test_bad_values_are_usage_errors_naming_them() -> None:
    for args, named in (
        (["rank", "--position", "Emperor", "--status", "3"], "'Emperor'"),
        (["rank", "--position", "Knight", "--status", "3", "--alignment", "good"], "'good'"),
        (["reputation", "--gain", "lots"], "'lots'"),
    ):
        ran = runner.invoke(experience_app, args)
        assert isinstance(ran.exception, UsageError) and named in str(ran.exception), args
