"""The command line facing a busy, damaged or hostile store: one true line and exit 2, nothing lost."""

from __future__ import annotations

import copy
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

from grognard.engine.store import savefile
from grognard.engine.store.factory import STORE_FILE, SqliteStore, open_store
from tests.cli.helpers import ROOT, grognard
from tests.toys import played_duel


def one_line_refusal(err: str, *fragments: str) -> None:
    lines = err.strip().splitlines()
    assert len(lines) == 1, err
    assert lines[0].startswith("grognard: error: "), err
    assert "internal error" not in err and "Traceback" not in err
    for fragment in fragments:
        assert fragment in lines[0], (fragment, err)


def test_games_undo_from_another_terminal_is_not_reverted_by_an_open_play(tmp_path: Path) -> None:
    started = grognard("ff", "play", "sample", "--seed", "1", stdin="1\nq\n", home=tmp_path)
    assert started.code == 0, started.err
    env = dict(os.environ, GROGNARD_HOME=str(tmp_path), PYTHONPATH=str(ROOT), PYTHONUNBUFFERED="1")
    env["COLUMNS"] = "120"
    play = subprocess.Popen(
        [sys.executable, "-m", "grognard", "ff", "play", "sample", "--game", "1"],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        env=env,
        cwd=ROOT,
    )
    assert play.stdout is not None
    try:
        while "1." not in (line := play.stdout.readline()):
            assert line, "the play stopped before offering a choice"
        undone = grognard("games", "undo", "1", home=tmp_path)
        assert undone.code == 0, undone.err
        after_undo = json.loads(grognard("games", "show", "1", "--json", home=tmp_path).out)["moves"]
        _, err = play.communicate("1\n1\nq\n", timeout=120)
    finally:
        play.kill()
    assert play.returncode == 2
    one_line_refusal(err, "changed elsewhere", "load the game again")
    shown = json.loads(grognard("games", "show", "1", "--json", home=tmp_path).out)
    assert shown["moves"] == after_undo


def test_an_empty_database_file_is_reported_as_damaged(tmp_path: Path) -> None:
    (tmp_path / STORE_FILE).write_bytes(b"")
    ran = grognard("games", "list", home=tmp_path)
    assert ran.code == 2
    assert "No saved games" not in ran.out
    one_line_refusal(ran.err, "damaged", "games recover")


def test_backup_then_recover_from_the_command_line(tmp_path: Path) -> None:
    home = tmp_path / "home"
    with open_store(home) as s:
        ids = [s.create(played_duel(seed, 3)) for seed in range(3)]
    copy_path = tmp_path / "copy.sqlite3"
    ran = grognard("games", "backup", str(copy_path), home=home, toys=True)
    assert ran.code == 0, ran.err
    assert "3 saved games" in ran.out
    again = grognard("games", "backup", str(copy_path), home=home, toys=True)
    assert again.code == 2
    new = tmp_path / "new.sqlite3"
    ran = grognard("games", "recover", str(new), "--from", str(copy_path), home=home, toys=True)
    assert ran.code == 0, ran.err
    assert "Recovered 3 game(s) whole" in ran.out
    with SqliteStore(new) as recovered:
        assert [g.id for g in sorted(recovered.summaries(), key=lambda g: int(g.id))] == ids


def _exported(tmp_path: Path) -> dict[str, Any]:
    with open_store(tmp_path / "source") as s:
        gid = s.create(played_duel(5, 3))
        return savefile.to_data(s.export_game(gid))


def _write(tmp_path: Path, data: dict[str, Any], name: str = "game.json") -> Path:
    path = tmp_path / name
    path.write_text(json.dumps(data), encoding="utf-8")
    return path


def test_dice_the_seed_did_not_throw_are_refused_unless_trusted(tmp_path: Path) -> None:
    data = _exported(tmp_path)
    chance = next(m for m in data["moves"] if m["rolls"])
    chance["rolls"][0]["expression"] = "1d6 (edited)"
    path = _write(tmp_path, data)
    ran = grognard("games", "import", str(path), home=tmp_path / "home", toys=True)
    assert ran.code == 2
    one_line_refusal(ran.err, "the seed throws", "--trust-dice")
    trusted = grognard("games", "import", str(path), "--trust-dice", home=tmp_path / "home", toys=True)
    assert trusted.code == 0, trusted.err


def test_a_face_outside_its_die_is_refused_even_when_trusted(tmp_path: Path) -> None:
    data = copy.deepcopy(_exported(tmp_path))
    chance = next(m for m in data["moves"] if m["rolls"])
    chance["rolls"][0]["dice"][0]["value"] = 7
    path = _write(tmp_path, data)
    ran = grognard("games", "import", str(path), "--trust-dice", home=tmp_path / "home", toys=True)
    assert ran.code == 2
    one_line_refusal(ran.err, "a d6 showing 7 is not a face of that die")


def _gamebook_save(options: dict[str, Any]) -> dict[str, Any]:
    return {
        "format": "grognard-saved-game",
        "version": 1,
        "system": "fighting-fantasy",
        "game": "gamebook",
        "options": options,
        "seed": 1,
        "moves": [],
        "state": {},
    }


def test_a_book_path_in_an_imported_game_is_never_opened(tmp_path: Path) -> None:
    path = _write(tmp_path, _gamebook_save({"book": "/dev/zero"}))
    ran = grognard("games", "import", str(path), home=tmp_path / "home")
    assert ran.code == 2
    one_line_refusal(ran.err, "names a file on this machine")
    allowed = grognard("games", "import", str(path), "--allow-files", home=tmp_path / "home")
    assert allowed.code == 2
    one_line_refusal(allowed.err, "not a regular file")


def test_an_option_beyond_a_finite_number_is_refused_on_import(tmp_path: Path) -> None:
    path = tmp_path / "worth.json"
    text = json.dumps(_gamebook_save({"book": "sample", "luck_worth": 0.5})).replace("0.5", "1e400")
    path.write_text(text, encoding="utf-8")
    ran = grognard("games", "import", str(path), home=tmp_path / "home")
    assert ran.code == 2
    one_line_refusal(ran.err, "luck_worth", "not a finite number")


def test_a_huge_willpower_in_a_saved_combat_is_refused(tmp_path: Path) -> None:
    data = {
        "format": "grognard-saved-game",
        "version": 1,
        "system": "grey-star",
        "game": "combat",
        "options": {"willpower": 1000000000},
        "seed": 1,
        "moves": [{"move": "spend:0", "player": 0}],
        "state": {},
    }
    ran = grognard("games", "import", str(_write(tmp_path, data)), home=tmp_path / "home")
    assert ran.code == 2
    one_line_refusal(ran.err, "willpower")


def test_unbounded_counts_are_refused_at_once(tmp_path: Path) -> None:
    cases = [
        (
            (
                "hq",
                "attack",
                "--attack",
                "3",
                "--defend",
                "2",
                "--defender",
                "monster",
                "--attacks",
                "100000",
            ),
            "--attacks 100000",
        ),
        (("aif", "fight", "--a", "hp=1000000", "--b", "hp=10"), "hit_points 1000000"),
        (
            (
                "gs",
                "odds",
                "--combat-skill",
                "15",
                "--endurance",
                "25",
                "--willpower",
                "1000000000",
                "--enemy",
                "18/30",
            ),
            "--willpower 1000000000",
        ),
        (
            (
                "gs",
                "odds",
                "--combat-skill",
                "15",
                "--endurance",
                "999",
                "--willpower",
                "999",
                "--enemy",
                "18/999",
            ),
            "more than 1,000,000 positions",
        ),
    ]
    odds = (
        "gs",
        "odds",
        "--combat-skill",
        "15",
        "--endurance",
        "25",
        "--willpower",
        "20",
        "--enemy",
        "18/30",
    )
    cases.append(
        ((*odds, "--budget", "1000000000000"), "--budget 1000000000000 must be from 1 to 20,000,000")
    )
    for args, fragment in cases:
        ran = grognard(*args, home=tmp_path)
        assert ran.code == 2, (args, ran.err)
        one_line_refusal(ran.err, fragment)


def test_an_xml_file_in_an_unknown_encoding_is_one_line(tmp_path: Path) -> None:
    quest = tmp_path / "quest.xml"
    quest.write_bytes(b'<?xml version="1.0" encoding="x-nosuch"?>\n<quest name="a"><board/></quest>\n')
    ran = grognard("hq", "import", str(quest), home=tmp_path)
    assert ran.code == 2
    one_line_refusal(ran.err, "unknown encoding: x-nosuch")
