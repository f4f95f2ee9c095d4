"""Playing Grey Star books: random games keep every promise, and `grognard grey-star play` / `check` /
the menu work as a reader uses them (answers on standard input, saved after every move, undo).
Sources: "issue #4" (the Action Chart rules) and 001_2055bbb054c2d265.txt (combat)."""

from __future__ import annotations

import json
import re
from pathlib import Path

from grognard.engine.conformance import check_game
from grognard.gamebook.load import load_book
from grognard.gamebook.runner import GamebookGame
from grognard.systems.grey_star.books import BOOKS
from grognard.systems.grey_star.ruleset import GS_RULES
from tests.cli.helpers import grognard
from tests.gamebook.helpers import continue_from_menu, menu_choice, saved_games

DATA = Path(__file__).parent / "data"
TRIAL = DATA / "trial.toml"
ENDS = {"victory", "death", "ended", "stuck"}


def test_random_games_of_the_fixture_book_keep_every_promise() -> None:
    """Random adventures with creation rolled and chosen (issue #4: three random numbers, five Magicks, a
    gift), fights of two creatures (001_2055bbb054c2d265.txt:5-12), evasion (:14-18): ENDURANCE never
    above its start, the carrying limits, JSON round trips and exact replays."""
    ref = str(TRIAL.resolve())
    report = check_game(GamebookGame(GS_RULES, load_book(TRIAL), ref), {"book": ref}, seed=5, games=300)
    assert report.finished == 300
    assert set(report.outcomes) <= ENDS and report.outcomes["victory"] and report.outcomes["death"]


def test_the_books_table_and_the_shortfall_option_in_randomsaved_games() -> None:
    """issue #4: the random number table option (the book's digits) and the shortfall option."""
    ref = str(TRIAL.resolve())
    options = {"book": ref, "table": "book", "shortfall": "endurance"}
    report = check_game(GamebookGame(GS_RULES, load_book(TRIAL), ref), options, seed=6, games=100)
    assert report.finished == 100


def test_registered_gamebook_game_loads_its_book_from_the_option() -> None:
    """The registry's gamebook game (no book attached) rebuilds saved games from the `book` option."""
    from grognard.engine.registry import get_game

    game = get_game("grey-star", "gamebook")
    report = check_game(game, {"book": str(TRIAL.resolve())}, seed=9, games=40, system="grey-star")
    assert report.finished == 40


def test_random_games_of_the_sample_book() -> None:
    """2,000 random adventures through the shipped sample book, every rule of issue #4 and
    001_2055bbb054c2d265.txt in play. The book is named as a reader names it, so its saved states name it
    too (given by its path, every state would carry the book's whole text; the fixture book's test above
    covers carried books)."""
    report = check_game(GamebookGame(GS_RULES), {"book": "sample"}, seed=2, games=2_000, max_moves=3_000)
    assert report.finished == 2_000
    assert set(report.outcomes) <= ENDS and report.outcomes["victory"] > 0 and report.outcomes["death"] > 0


def test_sample_is_shipped_and_sound() -> None:
    """`sample` names the shipped book; `grognard grey-star check sample` finds nothing wrong with it."""
    assert "sample" in BOOKS.all()
    ran = grognard("grey-star", "check", "sample")
    assert ran.code == 0, ran.out + ran.err
    assert "no problems found" in ran.out


def test_check_lists_the_broken_books_problems(tmp_path: Path) -> None:
    """`check` lists each problem with its section and field, status 1 (issue #4: the three scores)."""
    ran = grognard("gs", "check", str(DATA / "broken.toml"), "--json", home=tmp_path)
    assert ran.code == 1
    fields = {(p["section"], p["field"]) for p in json.loads(ran.out)["problems"]}
    assert ("1", "effects[1]") in fields and ("1", "choices[2].target") in fields and ("2", "fight") in fields


def test_unknown_book_is_one_line_with_status_2(tmp_path: Path) -> None:
    """A book that is neither a file nor a shipped name is a user error naming it."""
    ran = grognard("grey-star", "play", "no-such-book", home=tmp_path)
    assert ran.code == 2
    lines = ran.err.strip().splitlines()
    assert len(lines) == 1 and "no-such-book" in lines[0] and "sample" in lines[0]


def test_scripted_play_is_saved_after_every_move_and_undo_works(tmp_path: Path) -> None:
    """A whole adventure from standard input: the three random numbers shown (issue #4), five Magicks and
    a gift chosen, the Action Chart on `s`, `u` undoing a choice, a fight with its odds at every round
    (001_2055bbb054c2d265.txt:5-12); the same seed and answers give the same adventure."""
    answers = ["1"] * 6 + ["s", "3", "u", "3", *["1"] * 80]
    stdin = "\n".join(answers) + "\n"
    ran = grognard("grey-star", "play", str(TRIAL), "--seed", "4", stdin=stdin, home=tmp_path)
    assert ran.code == 0, ran.err
    out = ran.out
    assert re.search(r"COMBAT SKILL: random number \d \+ 10 = 1\d\n", out)
    assert re.search(r"WILLPOWER: random number \d \+ 20 = 2\d\n", out)
    assert "Action Chart" in out or "Adventure Sheet" in out
    assert "Undone: back to your previous decision" in out and out.count("Section 1 — The Gate") >= 2
    assert "with the best spending; best now:" in out and "spending 1 WILLPOWER every round" in out
    assert "Victory!" in out or "You have died." in out or "Your adventure ends here." in out
    games = saved_games(tmp_path)
    assert len(games) == 1
    saved = games[0]
    assert saved["system"] == "grey-star" and saved["game"] == "gamebook"
    assert saved["status"] == "over" and saved["seed"] == 4
    again = grognard("grey-star", "play", str(TRIAL), "--seed", "4", stdin=stdin, home=tmp_path)
    assert again.out == out


def test_quit_and_continue_a_saved_game(tmp_path: Path) -> None:
    """`q` saves and names the game; `--game ID` continues it where it stopped, with the same options."""
    first = grognard(
        "gs", "play", str(TRIAL), "--seed", "8", "--table", "book", stdin="1\n1\nq\n", home=tmp_path
    )
    assert first.code == 0, first.err
    gid = str(saved_games(tmp_path)[0]["id"])
    assert f"Saved as game {gid}. Continue with: grognard grey-star play {TRIAL} --game {gid}" in first.out
    assert re.search(r"COMBAT SKILL: random number \d \(table row \d+ column \d+\) \+ 10 = 1\d", first.out)
    moves = saved_games(tmp_path)[0]["moves"]
    rest = grognard("gs", "play", str(TRIAL), "--game", gid, stdin="1\n" * 120, home=tmp_path)
    assert rest.code == 0, rest.err
    after = saved_games(tmp_path)[0]
    assert after["status"] == "over" and int(str(after["moves"])) > int(str(moves))
    assert after["options"]["table"] == "book"  # type: ignore[index]


def test_play_the_sample_by_name_from_the_menu(tmp_path: Path) -> None:
    """The menu offers the sample adventure and continues a saved one."""
    number = menu_choice(tmp_path, "Lone Wolf: Grey Star the Wizard: Play the sample adventure")
    ran = grognard(stdin=f"{number}\n1\nq\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    games = saved_games(tmp_path)
    assert len(games) == 1 and games[0]["status"] != "over" and games[0]["system"] == "grey-star"
    assert games[0]["options"]["book"] == "sample"  # type: ignore[index]
    resumed = continue_from_menu(ran.out, tmp_path)
    assert resumed.code == 0, resumed.err
    assert "Saved as game 1." in resumed.out


def test_combat_odds_tool_in_the_menu(tmp_path: Path) -> None:
    """Tools -> Combat odds prints the chance of winning with the best WILLPOWER spending
    (001_2055bbb054c2d265.txt:5-12)."""
    tools = menu_choice(tmp_path, "Tools")
    tool = menu_choice(tmp_path, r"Combat odds \(Grey Star\)", f"{tools}\n")
    ran = grognard(stdin=f"{tools}\n{tool}\n15\n12\n6\n14/8\nn\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Chance of winning with the best spending" in ran.out


def test_options_are_checked(tmp_path: Path) -> None:
    """A table that is not uniform or book is a user error (issue #4: the random number table option)."""
    ran = grognard("gs", "play", "sample", "--table", "dice", home=tmp_path)
    assert ran.code == 2 and "--table 'dice'" in ran.err


def test_play_options_are_saved_and_a_saved_game_refuses_new_ones(tmp_path: Path) -> None:
    """issue #4's options (`--table book`) and the advice's worths are kept with the game (its export shows
    them); `--game` with an option is refused (status 2)."""
    first = grognard(
        "gs",
        "play",
        "sample",
        "--seed",
        "3",
        "--table",
        "book",
        "--willpower-worth",
        "0.02",
        stdin="q\n",
        home=tmp_path,
    )
    assert first.code == 0, first.err
    gid = str(saved_games(tmp_path)[0]["id"])
    exported = tmp_path / "game.json"
    assert grognard("games", "export", gid, str(exported), home=tmp_path).code == 0
    text = exported.read_text(encoding="utf-8")
    assert '"table": "book"' in text and '"willpower_worth": 0.02' in text
    refused = grognard("gs", "play", "sample", "--game", gid, "--shortfall", "endurance", home=tmp_path)
    assert refused.code == 2 and "keeps the options it was started with" in refused.err


def test_twee_commands_take_a_shipped_books_name(tmp_path: Path) -> None:
    """`twee-export sample` exports the shipped book; importing it back gives the same book."""
    twee = tmp_path / "sample.twee"
    assert grognard("grey-star", "twee-export", "sample", "-o", str(twee), home=tmp_path).code == 0
    back = tmp_path / "back.toml"
    assert grognard("grey-star", "twee-import", str(twee), "-o", str(back), home=tmp_path).code == 0
    assert load_book(back) == load_book(BOOKS.path("sample"))


def test_dagger_with_staff_flag_adds_the_daggers_one_to_the_staff(tmp_path: Path) -> None:
    """issue #4: the Jewelled Dagger gives +1 COMBAT SKILL when it is the weapon used; "an option lets it
    be used together with the Staff". Same seed and answers (the Dagger chosen as the gift), with and
    without `--dagger-with-staff`: the first fight's Combat Ratio is 1 higher with it, and the option is
    saved with the game."""
    stdin = "1\n" * 40
    plain = grognard("gs", "play", str(TRIAL), "--seed", "4", stdin=stdin, home=tmp_path / "a")
    both = grognard(
        "gs", "play", str(TRIAL), "--seed", "4", "--dagger-with-staff", stdin=stdin, home=tmp_path / "b"
    )
    assert plain.code == 0 and both.code == 0, plain.err + both.err
    ratio = re.compile(r"Combat Ratio ([+-]\d+) spending WILLPOWER, ([+-]\d+) spending none")
    first_plain = ratio.search(plain.out)
    first_both = ratio.search(both.out)
    assert first_plain is not None and first_both is not None
    assert int(first_both[1]) == int(first_plain[1]) + 1
    assert int(first_both[2]) == int(first_plain[2]) + 1
    assert saved_games(tmp_path / "b")[0]["options"]["dagger_with_staff"] is True  # type: ignore[index]


def test_play_refuses_worths_that_are_not_finite_or_below_zero(tmp_path: Path) -> None:
    """The advice's worths (issue #4, Odds: "each point kept worth X and Y") must be numbers of 0 or
    more: nan, inf and negatives are one-line user errors (status 2); so is a budget below 1."""
    for flag, value in (
        ("--willpower-worth", "nan"),
        ("--endurance-worth", "inf"),
        ("--willpower-worth", "-1"),
    ):
        ran = grognard("gs", "play", "sample", flag, value, home=tmp_path)
        assert ran.code == 2, (flag, value, ran.err)
        assert len(ran.err.strip().splitlines()) == 1 and flag in ran.err
    ran = grognard("gs", "play", "sample", "--advice-budget", "0", home=tmp_path)
    assert ran.code == 2 and "--advice-budget 0" in ran.err


def test_advice_budget_is_for_the_session_and_past_it_the_reader_is_told_how(tmp_path: Path) -> None:
    """issue #4, Odds: "before and during every fight, the reader can see these odds". With a budget
    below the fight's size the line says how to get them; `--advice-budget` is accepted with `--game`
    (it is not one of the options the saved game keeps), so a game can be continued with a larger one."""
    small = grognard(
        "gs", "play", str(TRIAL), "--seed", "4", "--advice-budget", "10", stdin="1\n" * 40, home=tmp_path
    )
    assert small.code == 0, small.err
    assert "Odds not worked out: this fight has over 10 positions." in small.out
    assert "--game ID --advice-budget 100)" in small.out
    first = grognard("gs", "play", str(TRIAL), "--seed", "5", stdin="1\nq\n", home=tmp_path / "b")
    gid = str(saved_games(tmp_path / "b")[0]["id"])
    rest = grognard(
        "gs",
        "play",
        str(TRIAL),
        "--game",
        gid,
        "--advice-budget",
        "100000",
        stdin="1\n" * 40,
        home=tmp_path / "b",
    )
    assert first.code == 0 and rest.code == 0, rest.err
    assert "with the best spending" in rest.out
