"""Behaviour unchanged by the re-layering (issue 11): the recorded seeded games (`relayer_games.GAMES`:
heuristic, mixed and uniformly random bots, 2 to 6 players) are played again and must give the same
moves, the same dice faces and the same results, move for move."""

from __future__ import annotations

import json

import pytest

from tests.systems.talisman.relayer_games import DATA, GAMES, record

RECORDED = json.loads(DATA.read_text())


def test_every_game_is_recorded() -> None:
    keys = [(g["players"], g["policy"], g["seed"], g["max_turns"]) for g in RECORDED]
    assert keys == list(GAMES)
    assert {g["players"] for g in RECORDED} == {2, 3, 4, 5, 6}
    assert {g["policy"] for g in RECORDED} == {"heuristic", "mixed", "random"}


@pytest.mark.parametrize("index", range(len(GAMES)))
def test_same_seed_same_moves_dice_and_outcome(index: int) -> None:
    expected = RECORDED[index]
    played = json.loads(json.dumps(record(*GAMES[index])))
    for n, (want, got) in enumerate(zip(expected["moves"], played["moves"], strict=False)):
        assert got == want, f"game {GAMES[index]}: move {n} differs"
    assert len(played["moves"]) == len(expected["moves"])
    assert played == expected
