"""The `grognard` command itself: version, systems, and the one-line error contract."""

from __future__ import annotations

import json

from grognard import __version__
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
    assert set(toy) >= {"id", "name", "rulebook", "playable"}


def test_systems_table_names_each_system() -> None:
    ran = grognard("systems", toys=True)
    assert ran.code == 0, ran.err
    listed = json.loads(grognard("systems", "--json", toys=True).out)
    for row in listed:
        assert row["id"] in ran.out
    assert "duel" in ran.out
