"""Playing Fighting Fantasy books: random games keep every promise, and `grognard ff play` / `check` /
the menu work as a reader uses them (answers on standard input, saved after every move, undo)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from grognard.engine.conformance import check_game
from grognard.gamebook.load import load_book
from grognard.gamebook.runner import GamebookGame
from grognard.systems.fighting_fantasy.books import BOOKS
from grognard.systems.fighting_fantasy.ruleset import FF_RULES
from tests.cli.helpers import grognard
from tests.gamebook.helpers import continue_from_menu, menu_choice, saved_games

DATA = Path(__file__).parent / "data"
TRIAL = DATA / "trial.toml"
ENDS = {"victory", "death", "stuck"}


def test_random_games_of_the_fixture_book_keep_every_promise() -> None:
    """Hundreds of random adventures: STAMINA 0 is death (000_13d85f0bd5b613c5.txt:51-53), scores stay
    within their Initial values (:7-11), JSON round trips and replays are exact."""
    ref = str(TRIAL.resolve())
    game = GamebookGame(FF_RULES, load_book(TRIAL), ref)
    report = check_game(game, {"book": ref}, seed=5, games=300)
    assert report.finished == 300
    assert set(report.outcomes) <= ENDS and report.outcomes["victory"] and report.outcomes["death"]


def test_registered_gamebook_game_loads_its_book_from_the_option() -> None:
    """The registry's gamebook game (no book attached) rebuilds saved games from the `book` option, with a
    potion chosen at creation (000_13d85f0bd5b613c5.txt:151-161)."""
    from grognard.engine.registry import get_game

    game = get_game("fighting-fantasy", "gamebook")
    report = check_game(game, {"book": str(TRIAL.resolve())}, seed=9, games=60, system="fighting-fantasy")
    assert report.finished == 60


def test_random_games_of_the_sample_book() -> None:
    """1,500 random adventures through the shipped sample book, every rule of 000_13d85f0bd5b613c5.txt:1-161
    in play; each game is checked move by move (invariants, JSON round trips, an exact replay). The book
    is named as a reader names it (`ff play sample`), so its saved states name it too: given by its path,
    every state would carry the book's whole text (the fixture book's test above covers carried books)."""
    report = check_game(GamebookGame(FF_RULES), {"book": "sample"}, seed=2, games=1_500, max_moves=2_000)
    assert report.finished == 1_500
    assert set(report.outcomes) <= ENDS and report.outcomes["victory"] > 0


def test_sample_is_shipped_and_sound() -> None:
    """`sample` names the shipped book; `grognard ff check sample` finds nothing wrong with it
    (its fights follow 000_13d85f0bd5b613c5.txt:22-63)."""
    assert "sample" in BOOKS.all()
    ran = grognard("ff", "check", "sample")
    assert ran.code == 0, ran.out + ran.err
    assert "no problems found" in ran.out


def test_check_lists_the_broken_books_problems(tmp_path: Path) -> None:
    """`check` lists each problem with its section and field, status 1 (unknown stat: the three scores
    are SKILL, STAMINA and LUCK, 000_13d85f0bd5b613c5.txt:1-3)."""
    ran = grognard("ff", "check", str(DATA / "broken.toml"), "--json", home=tmp_path)
    assert ran.code == 1
    data = json.loads(ran.out)
    fields = {(p["section"], p["field"]) for p in data["problems"]}
    assert ("1", "effects[1]") in fields and ("1", "choices[2].target") in fields and ("2", "fight") in fields


def test_unknown_book_is_one_line_with_status_2(tmp_path: Path) -> None:
    """A book that is neither a file nor a shipped name is a user error naming it (the pages of a book,
    000_13d85f0bd5b613c5.txt:22)."""
    ran = grognard("ff", "play", "no-such-book", home=tmp_path)
    assert ran.code == 2
    lines = ran.err.strip().splitlines()
    assert len(lines) == 1 and "no-such-book" in lines[0] and "sample" in lines[0]


def test_scripted_play_is_saved_after_every_move_and_undo_works(tmp_path: Path) -> None:
    """A whole adventure from standard input: creation rolls and the potion
    (000_13d85f0bd5b613c5.txt:151-161), the sheet on `s`, `u` undoing a choice, Luck tests with their odds
    (:72-82), fights with advice; the same seed and answers give the same adventure."""
    answers = ["2", "s", "1", "u", "1", *["1"] * 60]
    ran = grognard("ff", "play", str(TRIAL), "--seed", "4", stdin="\n".join(answers) + "\n", home=tmp_path)
    assert ran.code == 0, ran.err
    out = ran.out
    assert re.search(r"  SKILL: 1d6 \(\d\) \+ 6 = \d+\n", out)  # which score, its die and what is added
    assert "Potion: - -> Strength, 2 measure(s)" in out
    assert "Adventure Sheet" in out and "Undone: back to your previous decision" in out
    assert out.count("Section 1 — The Gate") == 2
    assert "Odds with the best play: win" in out
    assert "Victory!" in out or "You have died." in out
    games = saved_games(tmp_path)
    assert len(games) == 1
    saved = games[0]
    assert saved["system"] == "fighting-fantasy" and saved["game"] == "gamebook"
    assert saved["status"] == "over" and saved["seed"] == 4
    again = grognard("ff", "play", str(TRIAL), "--seed", "4", stdin="\n".join(answers) + "\n", home=tmp_path)
    assert again.out == out
    assert len(saved_games(tmp_path)) == 2


def test_quit_and_continue_a_saved_game(tmp_path: Path) -> None:
    """`q` saves and names the game; `--game ID` continues it where it stopped, with the same dice."""
    first = grognard("ff", "play", str(TRIAL), "--seed", "8", stdin="1\n2\nq\n", home=tmp_path)
    assert first.code == 0, first.err
    gid = str(saved_games(tmp_path)[0]["id"])
    assert f"Saved as game {gid}. Continue with: grognard ff play {TRIAL} --game {gid}" in first.out
    moves = saved_games(tmp_path)[0]["moves"]
    rest = grognard("ff", "play", str(TRIAL), "--game", gid, stdin="1\n" * 60, home=tmp_path)
    assert rest.code == 0, rest.err
    assert "Victory!" in rest.out or "You have died." in rest.out
    after = saved_games(tmp_path)[0]
    assert after["status"] == "over" and int(str(after["moves"])) > int(str(moves))


def test_play_the_sample_by_name_from_the_menu(tmp_path: Path) -> None:
    """The menu offers the sample adventure and continues a saved one (000_13d85f0bd5b613c5.txt:1-20: the
    reader keeps one Adventure Sheet through the book)."""
    number = menu_choice(tmp_path, "Fighting Fantasy: Play the sample adventure")
    ran = grognard(stdin=f"{number}\n1\nq\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "The Heartflame" in ran.out or "Section 1" in ran.out
    games = saved_games(tmp_path)
    assert len(games) == 1 and games[0]["status"] != "over"
    assert games[0]["options"]["book"] == "sample"  # type: ignore[index]
    resumed = continue_from_menu(ran.out, tmp_path)
    assert resumed.code == 0, resumed.err
    assert "Saved as game 1." in resumed.out


def test_fight_odds_tool_in_the_menu(tmp_path: Path) -> None:
    """Tools -> Fight odds prints the chance of winning with the best Luck policy (:27-53, :84-107)."""
    tools = menu_choice(tmp_path, "Tools")
    tool = menu_choice(tmp_path, r"Fight odds \(Fighting Fantasy\)", f"{tools}\n")
    ran = grognard(stdin=f"{tools}\n{tool}\n10/20/9\nOrc:9/12\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Win, best Luck policy" in ran.out


def test_play_options_are_saved_and_a_saved_game_refuses_new_ones(tmp_path: Path) -> None:
    """`play --luck-worth/--stamina-worth` are kept with the game (its export shows them); `--game` with
    an option is refused (status 2); the "continue" hint names the shipped book when resumed."""
    first = grognard("ff", "play", "sample", "--seed", "3", "--luck-worth", "0.5", stdin="q\n", home=tmp_path)
    assert first.code == 0, first.err
    gid = str(saved_games(tmp_path)[0]["id"])
    exported = tmp_path / "game.json"
    assert grognard("games", "export", gid, str(exported), home=tmp_path).code == 0
    assert '"luck_worth": 0.5' in exported.read_text(encoding="utf-8")
    refused = grognard("ff", "play", "sample", "--game", gid, "--stamina-worth", "1", home=tmp_path)
    assert refused.code == 2 and "keeps the options it was started with" in refused.err
    negative = grognard("ff", "play", "sample", "--luck-worth", "-1", home=tmp_path)
    assert negative.code == 2 and "--luck-worth" in negative.err


def test_a_saved_game_of_a_shipped_book_moves_to_another_copy(tmp_path: Path) -> None:
    """A game of the shipped sample names its book `sample`, not a path, so its export imports and plays
    on another clone or install; a game saved by an older version under another copy's absolute path
    still finds the shipped book (docs/formats/saved-game.md, "Books")."""
    first = grognard("ff", "play", "sample", "--seed", "3", stdin="1\nq\n", home=tmp_path / "a")
    assert first.code == 0, first.err
    gid = str(saved_games(tmp_path / "a")[0]["id"])
    exported = tmp_path / "game.json"
    assert grognard("games", "export", gid, str(exported), home=tmp_path / "a").code == 0
    data = json.loads(exported.read_text(encoding="utf-8"))
    assert data["options"]["book"] == "sample"
    elsewhere = "/elsewhere/src/grognard/systems/fighting_fantasy/data/books/sample.toml"
    data["options"]["book"] = elsewhere
    data["state"]["book"] = elsewhere
    moved = tmp_path / "moved.json"
    moved.write_text(json.dumps(data), encoding="utf-8")
    for file in (exported, moved):
        home = tmp_path / file.stem
        imported = grognard("games", "import", str(file), home=home)
        assert imported.code == 0, imported.err
        again = grognard("ff", "play", "sample", "--game", gid, stdin="q\n", home=home)
        assert again.code == 0, again.err
    unknown = grognard("ff", "play", str(TRIAL), "--game", gid, stdin="q\n", home=tmp_path / "moved")
    assert unknown.code == 2 and "plays the book" in unknown.err


def test_twee_commands_take_a_shipped_books_name(tmp_path: Path) -> None:
    """`twee-export sample` exports the shipped book; importing it gives a book `check` accepts."""
    twee = tmp_path / "sample.twee"
    assert grognard("ff", "twee-export", "sample", "-o", str(twee), home=tmp_path).code == 0
    assert ":: StoryTitle" in twee.read_text(encoding="utf-8")
    back = tmp_path / "back.toml"
    assert grognard("ff", "twee-import", str(twee), "-o", str(back), home=tmp_path).code == 0
    assert load_book(back) == load_book(BOOKS.path("sample"))
    missing = grognard("ff", "twee-export", "no-such-book", home=tmp_path)
    assert missing.code == 2 and "shipped: sample" in missing.err
