"""`grognard games play ID`: one play loop for every game, on the driver and the view, with the common
keys (s, m, o, u, ?, q), scripted through standard input."""

from __future__ import annotations

from pathlib import Path

from tests.cli.helpers import grognard


def test_a_fight_is_played_with_the_common_keys(tmp_path: Path) -> None:
    made = grognard(
        "games", "new", "ff", "fight", "--option", "enemies=Orc:7/6", "--seed", "2", home=tmp_path
    )
    assert made.code == 0, made.err
    game_id = made.out.strip()
    ran = grognard("games", "play", game_id, stdin="?\ns\nm\no\n" + "1\n" * 60, home=tmp_path)
    assert ran.code == 0, ran.err
    assert "u undo to your previous decision" in ran.out  # ?
    assert "name Orc, skill 7" in ran.out  # s and m show the fight, both sides
    assert "Odds: win " in ran.out and "Test your Luck on this wound" in ran.out  # o, by label
    assert "the game is over" in ran.out
    shown = grognard("games", "show", game_id, "--json", home=tmp_path)
    assert '"status": "over"' in shown.out


def test_undo_and_quit_keep_the_game(tmp_path: Path) -> None:
    made = grognard("games", "new", "gs", "gamebook", "--option", "book=sample", "--seed", "1", home=tmp_path)
    game_id = made.out.strip()
    ran = grognard("games", "play", game_id, stdin="1\n1\nu\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Took back" in ran.out
    assert f"Saved as game {game_id}" in ran.out
    bad = grognard("games", "play", game_id, stdin="99\n", home=tmp_path)
    assert bad.code == 2 and "not a number from 1 to" in bad.err


def test_grey_star_willpower_is_one_question_with_the_odds_of_each_amount(tmp_path: Path) -> None:
    made = grognard(
        "games",
        "new",
        "gs",
        "combat",
        "--option",
        "willpower=3",
        "--option",
        "enemy_endurance=30",
        "--seed",
        "4",
        home=tmp_path,
    )
    game_id = made.out.strip()
    ran = grognard("games", "play", game_id, stdin="1\n" * 80, home=tmp_path)
    assert ran.code == 0, ran.err
    assert "How much [0-3]: " in ran.out
    assert "  3: win " in ran.out and "(Spend 3 WILLPOWER this round" in ran.out
    assert "Spend 1 WILLPOWER this round" in ran.out


def test_the_gamebook_loop_has_the_common_keys(tmp_path: Path) -> None:
    ran = grognard("ff", "play", "sample", "--seed", "1", stdin="?\no\n1\nm\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "(s/m/o/u/?/q)" in ran.out
    assert "o the odds of this decision" in ran.out
    assert "No odds for this decision." in ran.out
    assert ran.out.count("Section 1 — ") == 2  # m shows the section again
