"""The gamebook commands: check, a scripted playthrough saved after every move, continuing, Twee."""

from __future__ import annotations

import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest
from typer.testing import CliRunner

from grognard.engine.store.factory import open_store
from grognard.gamebook.load import load_book
from grognard.gamebook.seat_view import roll_words
from tests.gamebook.helpers import CAVE, cave
from tests.gamebook.toy_cli import app

ROOT = Path(__file__).resolve().parents[2]
SCRIPT = ["2", "s", "u", "2", "3", "1"] + ["1"] * 40


@pytest.fixture
def home(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    monkeypatch.setenv("GROGNARD_HOME", str(tmp_path / "home"))
    monkeypatch.setenv("COLUMNS", "120")
    return tmp_path / "home"


def run(*args: str, stdin: str = "") -> tuple[int, str]:
    result = CliRunner().invoke(app, list(args), input=stdin)
    if result.exception is not None and not isinstance(result.exception, SystemExit):
        assert type(result.exception).__name__ == "InputEnded", result.exception
    return result.exit_code, result.output


def test_check_passes_a_sound_book(home: Path) -> None:
    code, output = run("check", str(CAVE))
    assert code == 0
    assert "no problems found" in output


def test_check_lists_every_problem_and_fails(home: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        CAVE.read_text().replace("target = 9", "target = 99").replace('item = "Key"', 'item = "Keys"')
    )
    code, output = run("check", str(bad))
    assert code == 1
    assert "section 8, test.ranges[1].target: no section '99'" in output
    assert "section 9: unreachable from the start section 1" in output
    assert "unknown item 'Keys'" in output
    code, output = run("check", "--json", str(bad))
    data = json.loads(output)
    assert code == 1 and data["ok"] is False
    assert {"section": "8", "field": "test.ranges[1].target", "message": "no section '99'"} in data[
        "problems"
    ]


def test_check_lists_load_errors_too(home: Path, tmp_path: Path) -> None:
    bad = tmp_path / "bad.toml"
    bad.write_text(
        CAVE.read_text().replace('ending = "victory"', 'ending = "glory"').replace("eat = true", "eat = 1")
    )
    code, output = run("check", str(bad))
    assert code == 1
    assert "section 6, ending:" in output
    assert "section 1, eat:" in output


def test_scripted_playthrough_is_shown_saved_and_repeatable(home: Path) -> None:
    _, output = run("play", str(CAVE), "--seed", "7", stdin="\n".join(SCRIPT) + "\n")
    assert re.search(r"HP: 1d6 \(\d\) \+ 4 = \d+\n", output)  # what the roll was for, its die and modifier
    assert "Adventure Sheet" in output
    assert "Undone: back to your previous decision" in output
    assert "You stand at the mouth of a cave." in output
    assert "The runes say: the pool is deep." in output
    assert "A fight begins." in output
    assert "odds: hit on 3+" in output
    with open_store() as store:
        [summary] = store.summaries()
        session = store.load(summary.id)
    assert session.seed == 7
    assert session.replay() == session.current
    for record in session.moves:
        for roll in record.rolls:  # every roll shown with its faces: in words, or as its dice
            assert roll_words(roll) in output or roll.render() in output, roll
    again = run("play", str(CAVE), "--seed", "7", stdin="\n".join(SCRIPT) + "\n")[1]
    assert again == output


def test_a_saved_game_continues(home: Path) -> None:
    run("play", str(CAVE), "--seed", "3", stdin="1\n2\nq\n")
    with open_store() as store:
        [summary] = store.summaries()
        before = store.load(summary.id)
    assert before.current.section == "3"  # type: ignore[attr-defined]
    code, output = run("play", str(CAVE), "--game", summary.id, stdin="s\nq\n")
    assert code == 0
    assert "A goblin leaps at you!" in output
    assert f"Saved as game {summary.id}" in output
    with open_store() as store:
        assert store.load(summary.id).moves == before.moves


def test_twee_export_and_import_commands(home: Path, tmp_path: Path) -> None:
    twee = tmp_path / "cave.twee"
    assert run("twee-export", str(CAVE), "-o", str(twee))[0] == 0
    assert load_book(twee) == cave()
    back = tmp_path / "back.toml"
    assert run("twee-import", str(twee), "-o", str(back))[0] == 0
    assert load_book(back) == cave()


def test_the_real_command_plays_from_standard_input(tmp_path: Path) -> None:
    env = dict(os.environ, GROGNARD_HOME=str(tmp_path), GROGNARD_PLUGINS="tests.gamebook.toy_cli")
    env["PYTHONPATH"] = str(ROOT)
    proc = subprocess.run(
        [sys.executable, "-m", "grognard", "toy-gb", "play", str(CAVE), "--seed", "1"],
        input="1\n2\n1\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert proc.returncode == 0, proc.stderr
    assert "A goblin leaps at you!" in proc.stdout
    assert "standard input ended" in proc.stderr
    bad = subprocess.run(
        [sys.executable, "-m", "grognard", "toy-gb", "play", str(CAVE), "--seed", "1"],
        input="9\n",
        capture_output=True,
        text=True,
        env=env,
        cwd=ROOT,
        timeout=120,
    )
    assert bad.returncode == 2
    assert "answer '9' is not a number" in bad.stderr
