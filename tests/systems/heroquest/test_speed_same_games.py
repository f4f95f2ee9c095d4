"""The speed work on HeroQuest games changes no game: seeded bot games give what they gave before it.

`data/speed_same_games.json` was first written before any optimisation, by the code of commit 1c9755d,
and written again when the speed work was merged with the rules changes made beside it (the merged
main's games before and after the speed work compared identical): the summary of
`simulate(quest, None, 6, seed=s)` for every shipped quest and seeds 1 and 2, and three seeded bot games
in full (every move, a digest of the move records with their dice, a digest of the final state's JSON).
Every optimisation must leave all of it identical. A change of play is no optimisation: when the bots
stopped taking the monster Hask (id "hask") for a hero, the salt crypt's seed-1 summary was written
again (its mean turns 23.5 -> 23.333; every other summary and game unchanged). When the dice of the
heroes' order were named by the thrower's name ("Elf Wizard: 2 red dice", not "hero 2: ..."), the three
games' record digests were written again, after checking that the old digests come back when the names
are put back (moves, dice and final states unchanged); and again when an attack's and a defence's
throws were named and counted what they count ("Defend: 2 combat dice ... white shields = 1"), the
moves and final states checked unchanged. Issue 34 changed the bots' play (no attack with no dice, a
leader no longer waiting for companions ahead of him, a hero one blow from death holding back in a
standoff): every summary and game was written again (the goblin cellar's seed-5 game 2 was the 58-round
stall), each summary now with its win rate and outcome rates with their 95% intervals (`win_rate`,
`outcome_rates`). Written again when a search for doors or traps left its mark in the state and the
bots stopped searching for doors where a search had looked (issue 34): a skipped search shifts the dice
of every later move, so all eight summaries and the three games changed (the salt crypt's seed-4 game
makes the same moves; its final state holds the marks). Written again when a spare fighter who can reach
a monster striking a companion in need (a spell-caster, or one down to half his Body) went to it rather
than to another monster (issue 34): the salt crypt's seed-1 summary (mean turns 27.5 -> 25.167, hero
deaths 13 -> 16) and the Rimebound Hold's (2 wins of 6 -> 1, deaths 18 -> 20) changed; the other six
summaries and the three games did not.
"""

from __future__ import annotations

import hashlib
import json
from pathlib import Path
from typing import Any

import pytest

from grognard.engine.serial import canonical, to_data
from grognard.systems.heroquest.content.quest_setup import SHIPPED_QUESTS
from grognard.systems.heroquest.simulate import party_for, play_session, simulate
from tests.systems.heroquest.same_games import said_as_text

RECORDED: dict[str, Any] = json.loads((Path(__file__).parent / "data" / "speed_same_games.json").read_text())


def _digest(data: object) -> str:
    return hashlib.sha256(canonical(data).encode()).hexdigest()


def test_the_record_covers_every_shipped_quest() -> None:
    """Every shipped quest has its two recorded summaries (a quest added later gets recorded too)."""
    assert sorted(RECORDED["summaries"]) == sorted(f"{q}:{s}" for q in SHIPPED_QUESTS for s in (1, 2))


@pytest.mark.parametrize("seed", (1, 2))
@pytest.mark.parametrize("quest", SHIPPED_QUESTS)
def test_simulated_quests_are_the_recorded_ones(quest: str, seed: int) -> None:
    """Six bot games of each shipped quest come to the recorded wins, rounds, deaths and outcomes."""
    assert simulate(quest, None, 6, seed=seed).to_data() == RECORDED["summaries"][f"{quest}:{seed}"]


@pytest.mark.parametrize("game", RECORDED["games"], ids=lambda g: f"{g['quest']}:{g['seed']}:{g['index']}")
def test_seeded_games_make_the_recorded_moves(game: dict[str, Any]) -> None:
    """A seeded bot game makes the recorded moves, throws the recorded dice and ends in the recorded state."""
    quest = game["quest"]
    options = {"quest": quest, "heroes": party_for(quest), "gm": "auto", "order": "roll", "rounds": 60}
    session = play_session(options, game["seed"], game["index"])
    assert [m.move for m in session.moves] == game["moves"]
    assert _digest([to_data(m) for m in session.moves]) == game["records_sha256"]
    assert _digest(said_as_text(session.current)) == game["final_sha256"]
