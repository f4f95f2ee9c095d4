"""The one play loop (`cli.play_loop.ViewLoop`) behind `games play` and every system's `play` command: the
same keys everywhere (s sheet, m map or board, o odds, u undo, ? help, q quit), scripted through
standard input, with each system's board or map drawn from the view."""

from __future__ import annotations

import re
from pathlib import Path

from tests.cli.helpers import grognard

KEYS = "(s/m/o/u/?/q)"
HELP = "s the sheet, m the map or board, o the odds of this decision, u undo to your previous decision"


def test_a_fight_is_played_with_the_common_keys(tmp_path: Path) -> None:
    made = grognard(
        "games", "new", "ff", "fight", "--option", "enemies=Orc:7/6", "--seed", "2", home=tmp_path
    )
    assert made.code == 0, made.err
    game_id = made.out.strip()
    ran = grognard("games", "play", game_id, stdin="?\ns\nm\no\n" + "1\n" * 60, home=tmp_path)
    assert ran.code == 0, ran.err
    assert HELP in ran.out and KEYS in ran.out
    assert ran.out.count("Orc: SKILL 7, STAMINA 4/6") >= 3  # before the decision, on s and on m
    assert "In this fight:" in ran.out  # s shows the values in the fight
    assert "Odds: win " in ran.out and "Test your Luck on this wound" in ran.out  # o, by label
    assert "Orc's: 2d6 (" in ran.out  # the dice of the rounds before the first decision, in words
    shown = grognard("games", "show", game_id, "--json", home=tmp_path)
    assert '"status": "over"' in shown.out


def test_undo_and_quit_keep_the_game(tmp_path: Path) -> None:
    made = grognard("games", "new", "gs", "gamebook", "--option", "book=sample", "--seed", "1", home=tmp_path)
    game_id = made.out.strip()
    ran = grognard("games", "play", game_id, stdin="1\n1\nu\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "Undone: back to your previous decision (1 move taken back)." in ran.out
    assert f"Saved as game {game_id}. Continue with: grognard games play {game_id}" in ran.out
    bad = grognard("games", "play", game_id, stdin="99\n", home=tmp_path)
    assert bad.code == 2 and "not a number from 1 to" in bad.err


def test_grey_star_willpower_is_one_question_with_the_odds_of_each_amount(tmp_path: Path) -> None:
    made = grognard(
        "games", "new", "gs", "combat", "--option", "willpower=3", "--option", "enemy_endurance=30",
        "--seed", "4", home=tmp_path,
    )  # fmt: skip
    game_id = made.out.strip()
    ran = grognard("games", "play", game_id, stdin="1\n" * 80, home=tmp_path)
    assert ran.code == 0, ran.err
    assert "How much WILLPOWER [0-3]: " in ran.out
    assert "Spend 3 WILLPOWER this round: win " in ran.out  # the odds of each amount, before the question
    assert "Spend 1 WILLPOWER this round" in ran.out
    assert "  Grey Star: COMBAT SKILL " in ran.out and "ENDURANCE 30" in ran.out  # both sides every round


def test_the_gamebook_loop_has_the_common_keys(tmp_path: Path) -> None:
    ran = grognard("ff", "play", "sample", "--seed", "1", stdin="?\no\n1\nm\ns\nu\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert KEYS in ran.out and HELP in ran.out
    assert "No odds for this decision." in ran.out
    assert ran.out.count("Section 1 — ") == 2  # on arrival and on m
    assert "Undone: back to your previous decision" in ran.out
    assert "Adventure Sheet" in ran.out and "  SKILL " in ran.out
    assert "Saved as game 1. Continue with: grognard ff play sample --game 1" in ran.out


def test_the_talisman_loop_has_the_common_keys(tmp_path: Path) -> None:
    ran = grognard(
        "talisman", "play", "--players", "warrior:human,wizard:bot", "--seed", "11",
        stdin="?\ns\nm\no\n1\n1\nu\nq\n", home=tmp_path,
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert KEYS in ran.out and HELP in ran.out
    assert ran.out.count("Outer Region:") >= 2  # at the start and on m
    assert "Wizard (Seat 2) — evil, on the " in ran.out and " (secret)" in ran.out  # s: cards, Spells secret
    assert "Move clockwise 2 spaces to the Oasis: draw 2 cards" in ran.out  # where a move ends
    assert "Warrior (Seat 1) draws: Hag — " in ran.out  # a drawn card with its text
    assert "Wizard (Seat 2) (bot) ends on the " in ran.out  # where the bot ended
    assert "Craft counters 5 -> 6" in ran.out  # every change is shown
    assert "Undone: back to your previous decision" in ran.out
    assert "Continue with: grognard talisman play --game 1" in ran.out


def test_the_heroquest_loop_has_the_common_keys_and_draws_walls_and_doors(tmp_path: Path) -> None:
    ran = grognard(
        "hq", "play", "the-goblin-cellar", "--seed", "3", "--heroes", "barbarian",
        stdin="?\ns\nm\no\n1\n1\nu\nq\n", home=tmp_path,
    )  # fmt: skip
    assert ran.code == 0, ran.err
    assert KEYS in ran.out and HELP in ran.out
    assert "+-+" in ran.out and "|" in ran.out and "D" in ran.out  # walls and a closed door on the map
    assert "| - walls  D closed / d open door" in ran.out  # m: the map with its legend
    assert "1 Human Barbarian (active): Body" in ran.out  # s: the heroes by the number the map shows
    assert "No odds for this decision." in ran.out
    assert "Undone: back to your previous decision" in ran.out
    assert "Continue with: grognard heroquest play the-goblin-cellar --game 1" in ran.out


def test_heroquest_defence_counts_the_blocking_shields(tmp_path: Path) -> None:
    ran = grognard("hq", "play", "--seed", "1", "--bots", home=tmp_path)
    assert ran.code == 0, ran.err
    defences = re.findall(r" defends: \[[^]]*\] = (\d+) (white|black) shields?", ran.out)
    assert {colour for _, colour in defences} == {"white", "black"}
    assert "(s)" not in ran.out  # "1 white shield", "2 black shields"
    assert "The quest is won!" in ran.out or "lost" in ran.out


def test_undo_before_any_move_is_one_line_in_words(tmp_path: Path) -> None:
    """Undo with nothing to undo says so in words (no seat number) and the game goes on (issue 30)."""
    made = grognard("games", "new", "gs", "gamebook", "--option", "book=sample", "--seed", "1", home=tmp_path)
    ran = grognard("games", "play", made.out.strip(), stdin="u\nq\n", home=tmp_path)
    assert ran.code == 0, ran.err
    assert "You have made no move yet, so there is no decision to undo." in ran.out
    assert "seat 0" not in ran.out.lower()
