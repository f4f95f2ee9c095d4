"""`grognard talisman` as a user runs it: play with bots and people, saved games, undo, the odds, the
simulation, bad input, and the players' guide listing every rule."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grognard.systems.talisman.odds import combat_odds
from tests.cli.helpers import ROOT, Ran, grognard
from tests.seeds import Rulebook

RULEBOOK = Rulebook("003_1ead471cbf19a248.txt")
GUIDE = ROOT / "docs" / "systems" / "talisman.md"


@pytest.fixture(autouse=True)
def _front_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """Load the Talisman front end as a plugin too, so the tests hold whether or not `cli.main` imports it."""
    monkeypatch.setenv("GROGNARD_PLUGINS", "grognard.cli.systems.talisman")


def talisman(*args: str, stdin: str = "", home: Path | None = None) -> Ran:
    """Run `grognard talisman ARGS`."""
    return grognard("talisman", *args, stdin=stdin, home=home)


def games(home: Path) -> list[dict[str, object]]:
    """The saved games as `grognard games list --json` shows them."""
    ran = grognard("games", "list", "--json", home=home)
    assert ran.code == 0, ran.err
    data: list[dict[str, object]] = json.loads(ran.out)
    return data


def test_bots_play_to_the_turn_cap_and_the_game_is_saved(tmp_path: Path) -> None:
    """Three bots play to a small cap: the board, every die and draw are shown, the game is saved."""
    ran = talisman(
        "play",
        "--players",
        "warrior:bot,wizard:random,troll:bot",
        "--seed",
        "4",
        "--max-turns",
        "9",
        home=tmp_path,
    )
    assert ran.code == 0, ran.err
    assert "Outer Region" in ran.out and "*Warrior (1)*" in ran.out
    assert not re.search(r"\bp\d\b", ran.out)  # no engine seat names: "Warrior (Seat 1)"
    assert re.search(r"rolls to move: 1d6: \[\d\] = \d", ran.out)
    assert "draws" in ran.out and "(bot)" in ran.out
    assert "stopped unfinished at the turn cap (9 turns)" in ran.out
    saved = games(tmp_path)
    assert len(saved) == 1 and saved[0]["system"] == "talisman" and saved[0]["status"] != "in progress"
    assert saved[0]["title"] == "Talisman: 2 bots, 1 random bot"
    again = talisman(
        "play",
        "--players",
        "warrior:bot,wizard:random,troll:bot",
        "--seed",
        "4",
        "--max-turns",
        "9",
        home=tmp_path,
    )
    assert again.out.split("\n", 1)[1] == ran.out.split("\n", 1)[1]


def test_a_scripted_person_plays_undoes_and_continues(tmp_path: Path) -> None:
    """A person on stdin: the card, the board, a move, undo, quit; then the saved game continues."""
    first = talisman(
        "play",
        "--players",
        "warrior:human,wizard:bot",
        "--seed",
        "11",
        stdin="s\nm\n1\n1\nu\nq\n",
        home=tmp_path,
    )
    assert first.code == 0, first.err
    assert "Warrior (Seat 1) — neutral, on " in first.out and "Strength 4 (4 counters)" in first.out
    assert "Spells: 2 (secret)" in first.out or "Spells: 1 (secret)" in first.out
    assert "Undone: back to your previous decision" in first.out
    assert "Saved as game 1. Continue with: grognard talisman play --game 1" in first.out
    saved = games(tmp_path)
    assert saved[0]["id"] == "1" and saved[0]["title"] == "Talisman: 1 player, 1 bot"
    moves = saved[0]["moves"]
    later = talisman("play", "--game", "1", stdin="q\n", home=tmp_path)
    assert later.code == 0, later.err
    assert "Game 1: Warrior (Seat 1) (a player here), Wizard (Seat 2) (a bot)" in later.out
    assert games(tmp_path)[0]["moves"] == moves


def test_each_line_names_the_character_of_its_time_and_says_what_happened(tmp_path: Path) -> None:
    """A seat whose character died and was replaced keeps its old name in the lines before the new one is
    dealt; a roll on a space's table is followed by what it did, never "branch 2" (issue 34)."""
    ran = talisman(
        "play",
        "--players",
        "warrior:bot,wizard:bot,druid:bot,minstrel:bot",
        "--seed",
        "11",
        "--max-turns",
        "160",
        home=tmp_path,
    )
    assert ran.code == 0, ran.err
    dealt = ran.out.index("Seat 4 is dealt: Thief")
    before, after = ran.out[:dealt], ran.out[dealt:]
    assert "Minstrel (Seat 4) dies" in before and "Thief (Seat 4)" not in before
    assert "Thief (Seat 4) rolls to move" in after and "Minstrel (Seat 4)" not in after
    assert "branch" not in ran.out.replace("from a branch", "") and not re.search(r"\bp\d\b", ran.out)
    assert re.search(r"combat between characters: 1d6 \(\w+\): \[\d\] = \d; 1d6 \(\w+\)", ran.out)


def test_undo_takes_back_the_bots_moves_too(tmp_path: Path) -> None:
    """After a person's decision the bot and the dice move on; undo drops all of it."""
    ran = talisman("play", "--players", "human,bot", "--seed", "3", stdin="1\n1\n", home=tmp_path)
    assert ran.code == 0
    moved = games(tmp_path)[0]["moves"]
    ran = talisman("play", "--game", "1", stdin="u\nq\n", home=tmp_path)
    assert "Undone" in ran.out
    assert isinstance(moved, int) and games(tmp_path)[0]["moves"] < moved


def test_combat_odds_json_are_the_engines() -> None:
    """combat-odds --json: p_win, p_standoff, p_lose, exactly the engine's."""
    for args, expected in (
        (("--strength", "5", "--enemy", "3"), combat_odds(5, 3)),
        (("--strength", "4", "--enemy", "6", "--psychic"), combat_odds(4, 6, psychic=True)),
    ):
        ran = talisman("combat-odds", *args, "--json")
        assert ran.code == 0, ran.err
        data = json.loads(ran.out)
        assert (data["p_win"], data["p_standoff"], data["p_lose"]) == tuple(float(p) for p in expected)
        assert data["exact"]["p_win"] == str(expected[0])
    text = talisman("combat-odds", "--strength", "3", "--enemy", "3")
    assert "win" in text.out and "15/36" not in text.out and "5/12" in text.out


def test_simulate_json(tmp_path: Path) -> None:
    """simulate --json: games, finished, wins by character, mean_turns."""
    ran = talisman(
        "simulate",
        "--players",
        "3",
        "--bots",
        "random",
        "--games",
        "2",
        "--seed",
        "1",
        "--max-turns",
        "20",
        "--json",
    )
    assert ran.code == 0, ran.err
    data = json.loads(ran.out)
    assert data["games"] == 2 and data["finished"] == 0 and data["wins"] == {}
    assert data["mean_turns"] == 20 and data["bots"] == ["random"] * 3
    text = talisman("simulate", "--bots", "heuristic", "--games", "1", "--max-turns", "10")
    assert text.code == 0 and "finished" in text.out


@pytest.mark.parametrize(
    "args",
    [
        ("play", "--players", "warrior:human"),
        ("play", "--players", "warrior:human,wizard:wizard"),
        ("play", "--players", "gnome:human,wizard:bot"),
        ("play", "--players", "warrior:human,bot"),
        ("play", "--game", "99"),
        ("simulate", "--players", "9"),
        ("simulate", "--bots", "clever"),
        ("simulate", "--games", "0"),
        ("combat-odds", "--strength", "-1", "--enemy", "3"),
        ("combat-odds", "--strength", "x", "--enemy", "3"),
    ],
)
def test_bad_input_is_one_line_and_status_2(tmp_path: Path, args: tuple[str, ...]) -> None:
    """A user error prints one line on stderr and exits with status 2."""
    ran = talisman(*args, home=tmp_path)
    assert ran.code == 2, (ran.code, ran.out, ran.err)
    assert len(ran.err.strip().splitlines()) == 1 and "Traceback" not in ran.err


def test_a_bad_answer_from_a_script_stops_cleanly(tmp_path: Path) -> None:
    """A script answering out of range stops with one line and status 2; the game is saved."""
    ran = talisman("play", "--players", "human,bot", "--seed", "2", stdin="7\n", home=tmp_path)
    assert ran.code == 2 and "not a number from 1 to" in ran.err
    assert len(games(tmp_path)) == 1


def test_the_guide_lists_every_numbered_rule_with_module_and_test() -> None:
    """docs/systems/talisman.md: one row per rule of the rulebook, naming a module and a test that exist."""
    rules = re.findall(r"^(\d+:\d+)\s", RULEBOOK.read_text(encoding="utf-8"), re.MULTILINE)
    guide = GUIDE.read_text(encoding="utf-8")
    rows = dict(re.findall(r"^\| (\d+:\d+) \| (.+) \|$", guide, re.MULTILINE))
    assert set(rules) == set(rows)
    tests = "\n".join(
        p.read_text(encoding="utf-8") for p in (ROOT / "tests/systems/talisman").glob("test_*.py")
    )
    for rule, row in rows.items():
        modules = re.findall(r"`(\w+)\.py`", row)
        named = re.findall(r"`(test_\w+)`", row)
        assert modules and named, rule
        for module in modules:
            assert (ROOT / "src/grognard/systems/talisman" / f"{module}.py").exists(), (rule, module)
        for test in named:
            assert f"def {test}(" in tests, (rule, test)


def test_a_game_saved_before_the_store_kept_seats_is_continued_with_the_seats_its_title_names(
    tmp_path: Path,
) -> None:
    """The seats of a game saved by an older grognard are read from its title ("p1 random"); a game saved
    now keeps them in the store and its title is words."""
    from grognard.cli.systems.talisman import saved_kinds, start, title_for
    from grognard.engine.store.factory import open_store

    with open_store(tmp_path) as store:
        old, _ = start("human,random,bot", 3, None, None, store)
        store.create(old, "Talisman (p0 human, p1 random, p2 heuristic)")
        assert saved_kinds(store, str(old.game_id), 3) == ["human", "random", "heuristic"]
        new, kinds = start("bot,human", 3, None, None, store)
        store.create(new, title_for(kinds), ["bot", "human"])
        assert saved_kinds(store, str(new.game_id), 2) == ["heuristic", "human"]
        assert store.summary(str(new.game_id)).title == "Talisman: 1 player, 1 bot"
