"""The re-layering of HeroQuest (issue 11) changes no game: the seeded games of `same_games` (bot games
and random-action games of every shipped quest, with either game master) make the recorded moves, throw
the recorded dice and end in the recorded states (`data/relayer_same_games.json`, written before the
refactor). `test_speed_same_games` pins the plain `simulate` games beside these. The record digests of
the 88 games that roll the heroes' order were written again when those dice were named by the thrower's
name instead of "hero N", after checking that each old digest comes back with the old names put back; and
again for all 104 when an attack's and a defence's throws were named ("Attack: 3 combat dice", "Defend: 2
combat dice" counting the blocking shields) and a rest counted its black shields, after checking that
every other part of every summary (moves, outcome, round, final state) is unchanged. The bot games were
written again when issue 34 changed the bots' play (`test_speed_same_games`); and again when a search for
doors or traps left its mark in the state (`traps.search_mark`, read by the bots so that none searches
for doors where a search has looked): the random and "stay" games were checked to make the same moves
and come to the same outcomes (only the final states' digests moved, 77 of their 80), the bot games
changed play (a repeated search skipped; the dice of the later moves with it)."""

from __future__ import annotations

import json
from typing import Any

import pytest

from tests.systems.heroquest.same_games import PATH, VARIANTS, play, specs, summary

RECORDED: list[dict[str, Any]] = json.loads(PATH.read_text())["games"]


def test_the_record_covers_every_game_of_the_set() -> None:
    """Every quest, variant and seed of the set is recorded (a quest added later gets recorded too)."""
    assert [{k: g[k] for k in ("quest", "variant", "seed")} for g in RECORDED] == specs()
    assert {g["variant"] for g in RECORDED} == set(VARIANTS)
    assert {g["outcome"] for g in RECORDED} >= {"won", "lost", "retreated", "timeout"}


@pytest.mark.parametrize("game", RECORDED, ids=lambda g: f"{g['quest']}:{g['variant']}:{g['seed']}")
def test_seeded_games_are_the_recorded_ones(game: dict[str, Any]) -> None:
    """Same seed, same moves, same dice, same outcome and final state."""
    spec = {k: game[k] for k in ("quest", "variant", "seed")}
    played = summary(play(spec))
    assert played["moves"] == game["moves"]
    assert played == {k: game[k] for k in played}
