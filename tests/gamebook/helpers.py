"""Shared helpers for the gamebook tests: the fixture book, games and a scripted driver."""

from __future__ import annotations

import json
import re
from pathlib import Path

from grognard.engine.game import CHANCE, Outcome
from grognard.gamebook.load import load_book, parse_book
from grognard.gamebook.model import Book
from grognard.gamebook.runner import GamebookGame, GamebookState
from tests.cli.helpers import Ran, grognard
from tests.gamebook.toy import TOY_RULES

DATA = Path(__file__).parent / "data"
CAVE = DATA / "cave.toml"

HEAD = """
[book]
title = "Test"
system = "toy-gb"
start = "1"
"""


def cave() -> Book:
    """The fixture book."""
    return load_book(CAVE)


def book(sections: str, head: str = HEAD) -> Book:
    """A book from the `[book]` table above and the sections given as TOML."""
    return parse_book(head + sections)


def start(b: Book, hp: int = 8, luck: int = 4, charm: str = "charm:gold") -> GamebookState:
    """The state just past creation with the sheet HP, LUCK and charm given."""
    game = GamebookGame(TOY_RULES, b, "test")
    state = game.new_initial_state({"book": "test"})
    for move in (hp, luck, charm):
        state = state.apply(move)
    return state


def walk(state: GamebookState, *moves: Outcome) -> GamebookState:
    """Apply moves in turn, checking each is legal and each state round-trips through JSON."""
    game = GamebookGame(TOY_RULES, state.play.book, "test")
    for move in moves:
        if state.actor() is CHANCE:
            assert move in {o for o, _ in state.chance_outcomes()}, (move, state.chance_outcomes())
        else:
            assert move in state.legal_actions(), (move, state.legal_actions())
        state = state.apply(move)
        assert game.state_from_json(game.state_to_json(state)) == state
        assert state.invariants() == []
    return state


def saved_games(home: Path) -> list[dict[str, object]]:
    """The games saved under `home`, as `grognard games list --json` lists them."""
    ran = grognard("games", "list", "--json", home=home)
    assert ran.code == 0, ran.err
    games: list[dict[str, object]] = json.loads(ran.out)
    return games


def menu_choice(home: Path, entry: str, stdin: str = "q\n") -> str:
    """The number the menu gives the entry matching the pattern `entry`, after the answers in `stdin`."""
    listing = grognard(stdin=stdin, home=home)
    found = re.search(rf"(\d+)\. {entry}", listing.out)
    assert found, listing.out
    return found.group(1)


def continue_from_menu(menu_out: str, home: Path) -> Ran:
    """Choose "Continue a saved game" in the menu that printed `menu_out`, take the first saved game and
    its first choice, then quit."""
    cont = re.search(r"(\d+)\. Continue a saved game", menu_out)
    assert cont
    return grognard(stdin=f"{cont.group(1)}\n1\nq\nq\n", home=home)
