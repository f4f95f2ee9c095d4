"""The `grognard` command itself: version, systems, and the one-line error contract."""

from __future__ import annotations

import json

import pytest
import typer

from grognard import __version__
from grognard.cli import main
from tests.cli.helpers import grognard


def test_version_prints_the_package_version() -> None:
    ran = grognard("--version")
    assert ran.code == 0
    assert ran.out.strip() == f"grognard {__version__}"


def test_unknown_command_is_one_line_on_stderr_with_status_2() -> None:
    ran = grognard("no-such-command")
    assert ran.code == 2
    assert ran.out == ""
    lines = ran.err.strip().splitlines()
    assert len(lines) == 1
    assert "no-such-command" in lines[0]
    assert "Traceback" not in ran.err


def test_unknown_option_is_one_line_on_stderr_with_status_2() -> None:
    ran = grognard("systems", "--bogus")
    assert ran.code == 2
    assert len(ran.err.strip().splitlines()) == 1
    assert "--bogus" in ran.err


def test_systems_json_lists_registered_systems() -> None:
    ran = grognard("systems", "--json", toys=True)
    assert ran.code == 0, ran.err
    rows = json.loads(ran.out)
    toy = next(r for r in rows if r["id"] == "toy")
    assert toy["games"] == ["duel"]
    assert set(toy) >= {"id", "name", "rules", "rulebook", "playable"}
    talisman = next(r for r in rows if r["id"] == "talisman")
    assert talisman["rules"] == "Talisman, 2nd edition"


def test_systems_table_names_each_system() -> None:
    ran = grognard("systems", toys=True)
    assert ran.code == 0, ran.err
    listed = json.loads(grognard("systems", "--json", toys=True).out)
    for row in listed:
        assert row["id"] in ran.out
    assert "duel" in ran.out


def _broken_app() -> typer.Typer:
    app = typer.Typer()

    @app.command()
    def boom() -> None:
        raise RuntimeError("the dice fell off the table")

    return app


def test_a_bug_is_one_line_with_status_70_and_the_traceback_on_demand(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """An unexpected exception (a bug, not a user error) is one line naming it, exit status 70; with
    GROGNARD_TRACEBACK set it propagates with its traceback."""
    monkeypatch.setattr(main, "_build", _broken_app)
    monkeypatch.delenv("GROGNARD_TRACEBACK", raising=False)
    with pytest.raises(SystemExit) as ended:
        main.run([])
    assert ended.value.code == main.INTERNAL_ERROR == 70
    lines = capsys.readouterr().err.strip().splitlines()
    assert len(lines) == 1 and "internal error: RuntimeError: the dice fell off the table" in lines[0]
    monkeypatch.setenv("GROGNARD_TRACEBACK", "1")
    with pytest.raises(RuntimeError, match="fell off"):
        main.run([])
