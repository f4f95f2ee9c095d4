"""`grognard games`: list, show, undo, export, import and delete, run as a user would."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from grognard.engine.session import Session
from grognard.engine.store.factory import open_store
from tests.cli.helpers import Ran, grognard
from tests.toys import DuelGame


def played(seed: int, decisions: int | None = None) -> Session:
    """A toy duel that rerolls a low first die and keeps otherwise, for `decisions` player moves."""
    session = Session.new("toy", DuelGame(), {"hp": 3, "rerolls": 1}, seed)
    session.advance()
    made = 0
    while not session.is_over() and (decisions is None or made < decisions):
        actions = session.current.legal_actions()
        session.play("reroll" if "reroll" in actions and made % 2 == 0 else "keep")
        session.advance()
        made += 1
    return session


def saved(home: Path, *sessions: Session) -> list[str]:
    """Save the sessions into the store under `home`; returns their ids."""
    with open_store(home) as store:
        return [store.save(s, title=f"duel {s.seed}") for s in sessions]


def one_error_line(ran: Ran) -> str:
    """The single stderr line of a failed command (status 2, no traceback)."""
    assert ran.code == 2, (ran.out, ran.err)
    lines = ran.err.strip().splitlines()
    assert len(lines) == 1, ran.err
    assert "Traceback" not in ran.err
    return lines[0]


def test_list_json_matches_the_store(tmp_path: Path) -> None:
    sessions = [played(1, 2), played(2)]
    ids = saved(tmp_path, *sessions)
    ran = grognard("games", "list", "--json", toys=True, home=tmp_path)
    assert ran.code == 0, ran.err
    rows = {r["id"]: r for r in json.loads(ran.out)}
    assert set(rows) == set(ids)
    for gid, s in zip(ids, sessions, strict=True):
        assert rows[gid]["moves"] == len(s.moves)
        assert rows[gid]["status"] == ("over" if s.is_over() else "in play")
        assert (rows[gid]["system"], rows[gid]["game"], rows[gid]["seed"]) == ("toy", "duel", s.seed)


def test_list_table_shows_each_game(tmp_path: Path) -> None:
    ids = saved(tmp_path, played(41, 1), played(42, 1))
    ran = grognard("games", "list", toys=True, home=tmp_path)
    assert ran.code == 0, ran.err
    for gid, seed in zip(ids, (41, 42), strict=True):
        assert any(
            line.split("│")[1].strip() == gid and f"duel {seed}" in line
            for line in ran.out.splitlines()
            if line.count("│") > 2
        )


def test_list_with_no_games(tmp_path: Path) -> None:
    ran = grognard("games", "list", "--json", home=tmp_path)
    assert (ran.code, json.loads(ran.out)) == (0, [])
    assert "No saved games" in grognard("games", "list", home=tmp_path).out


def test_show_json_has_every_move_roll_and_the_state(tmp_path: Path) -> None:
    session = played(7, 3)
    (gid,) = saved(tmp_path, session)
    ran = grognard("games", "show", gid, "--json", toys=True, home=tmp_path)
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert [(m["move"], m["player"]) for m in data["log"]] == [(m.move, m.player) for m in session.moves]
    assert [m["dice"] for m in data["log"]] == [[r.render() for r in m.rolls] for m in session.moves]
    assert data["state"] == DuelGame().state_to_json(session.current)
    assert data["describe"] == session.current.describe()
    assert (data["seed"], data["options"], data["moves"]) == (7, session.options, len(session.moves))


def test_show_prints_options_seed_rolls_and_state(tmp_path: Path) -> None:
    session = played(8, 2)
    (gid,) = saved(tmp_path, session)
    ran = grognard("games", "show", gid, "--verify", toys=True, home=tmp_path)
    assert ran.code == 0, ran.err
    text = ran.out
    assert "hp=3, rerolls=1" in text
    assert "seed     8" in text
    assert session.current.describe() in text
    rendered = [r.render() for m in session.moves for r in m.rolls]
    assert rendered
    log_lines = [line for line in text.splitlines() if "d6" in line]
    assert [next(r for r in rendered if r in line) for line in log_lines] == rendered


@pytest.mark.parametrize("command", ["show", "undo", "export", "delete"])
def test_an_unknown_id_is_one_line_and_status_2(tmp_path: Path, command: str) -> None:
    saved(tmp_path, played(1, 1))
    extra = [str(tmp_path / "out.json")] if command == "export" else []
    line = one_error_line(grognard("games", command, "404", *extra, toys=True, home=tmp_path))
    assert "404" in line


def test_undo_takes_back_to_the_previous_decision(tmp_path: Path) -> None:
    session = played(9, 3)
    (gid,) = saved(tmp_path, session)
    ran = grognard("games", "undo", gid, toys=True, home=tmp_path)
    assert ran.code == 0, ran.err
    dropped = session.undo()
    assert f"took back {dropped} move" in ran.out
    with open_store(tmp_path) as store:
        loaded = store.load(gid, verify=True)
    assert loaded.moves == session.moves
    assert loaded.current == session.current


def test_undo_with_no_player_move_is_a_user_error(tmp_path: Path) -> None:
    (gid,) = saved(tmp_path, played(3, 0))
    assert "no player move" in one_error_line(grognard("games", "undo", gid, toys=True, home=tmp_path))


def test_export_then_import_through_the_command_line(tmp_path: Path) -> None:
    (gid,) = saved(tmp_path, played(12, 4))
    file = tmp_path / "game.json"
    ran = grognard("games", "export", gid, str(file), toys=True, home=tmp_path)
    assert ran.code == 0, ran.err
    assert json.loads(file.read_text(encoding="utf-8"))["format"] == "grognard-saved-game"
    assert "already exists" in one_error_line(
        grognard("games", "export", gid, str(file), toys=True, home=tmp_path)
    )
    assert grognard("games", "export", gid, str(file), "--force", toys=True, home=tmp_path).code == 0
    ran = grognard("games", "import", str(file), "--check-dice", toys=True, home=tmp_path)
    assert ran.code == 0, ran.err
    with open_store(tmp_path) as store:
        ids = [s.id for s in store.summaries()]
        assert len(ids) == 2
        new_id = next(i for i in ids if i != gid)
        assert f"as game {new_id}" in ran.out
        assert store.export_game(new_id) == store.export_game(gid)


def test_importing_a_corrupt_file_changes_nothing(tmp_path: Path) -> None:
    (gid,) = saved(tmp_path, played(12, 2))
    file = tmp_path / "game.json"
    assert grognard("games", "export", gid, str(file), toys=True, home=tmp_path).code == 0
    data = json.loads(file.read_text(encoding="utf-8"))
    data["state"]["hp"] = [9, 9]
    file.write_text(json.dumps(data), encoding="utf-8")
    line = one_error_line(grognard("games", "import", str(file), toys=True, home=tmp_path))
    assert str(file) in line and "does not match" in line
    missing = one_error_line(
        grognard("games", "import", str(tmp_path / "gone.json"), toys=True, home=tmp_path)
    )
    assert "gone.json" in missing
    with open_store(tmp_path) as store:
        assert [s.id for s in store.summaries()] == [gid]


def test_delete_asks_first_unless_told_yes(tmp_path: Path) -> None:
    first, second = saved(tmp_path, played(1, 1), played(2, 1))
    one_error_line(grognard("games", "delete", first, stdin="n\n", toys=True, home=tmp_path))
    assert grognard("games", "delete", first, stdin="y\n", toys=True, home=tmp_path).code == 0
    ran = grognard("games", "delete", second, "--yes", toys=True, home=tmp_path)
    assert ran.code == 0, ran.err
    assert f"Deleted game {second}" in ran.out
    with open_store(tmp_path) as store:
        assert store.summaries() == []


def test_a_game_of_a_system_not_installed_is_a_user_error(tmp_path: Path) -> None:
    (gid,) = saved(tmp_path, played(5, 1))
    listed = grognard("games", "list", "--json", home=tmp_path)
    assert [r["id"] for r in json.loads(listed.out)] == [gid]
    line = one_error_line(grognard("games", "show", gid, home=tmp_path))
    assert "toy" in line
