"""Checking long games on a sample: the costly checks on a seeded share of moves and games, every move's
node and invariants still checked, dice from one stream per game."""

from __future__ import annotations

import itertools
from collections.abc import Mapping

import pytest

from grognard.engine.conformance import ConformanceError, check_game, is_sampled, play_one
from grognard.engine.game import OptionValue
from grognard.engine.session import Session
from tests.engine.test_conformance import RaceGame, RaceState
from tests.toys import DuelGame


def test_the_sample_is_the_seeded_share() -> None:
    """One item in `every`, the same ones for the same seed, other ones for another seed; 1 means all."""
    picked = [i for i in range(200) if is_sampled(7, i, 10)]
    assert len(picked) == 20 and all(b - a == 10 for a, b in itertools.pairwise(picked))
    assert picked == [i for i in range(200) if is_sampled(7, i, 10)]
    offsets = {next(i for i in range(10) if is_sampled(seed, i, 10)) for seed in range(30)}
    assert len(offsets) > 3
    assert all(is_sampled(3, i, 1) for i in range(20))


def test_invariants_and_nodes_are_still_checked_on_every_move() -> None:
    """A broken invariant or a bad chance node is caught though the JSON checks run on 1 move in 1000."""
    for flaw, reason in (("invariant", "invariants broken"), ("short", "sum to 5/6, not 1")):
        with pytest.raises(ConformanceError, match=reason):
            check_game(RaceGame(), {"flaw": flaw}, seed=5, games=20, full_every=1000, replay_every=1000)


def test_costly_checks_run_only_on_the_sample() -> None:
    """The JSON round trip runs on the sampled moves and always on the last state, so a state that does
    not round-trip is caught however sparse the sample; a nondeterministic apply is caught when its move
    is sampled (or by a replay) and goes unseen when neither happens."""
    for every in (3, 10**6):
        with pytest.raises(ConformanceError, match="round-trip"):
            check_game(RaceGame(), {"flaw": "json"}, seed=5, games=20, full_every=every)
    with pytest.raises(ConformanceError, match="not deterministic"):
        check_game(
            RaceGame(), {"flaw": "nondeterministic"}, seed=5, games=20, full_every=2, replay_every=10**6
        )
    report = check_game(
        RaceGame(), {"flaw": "nondeterministic"}, seed=5, games=5, full_every=10**6, replay_every=10**6
    )
    assert report.finished == 5


def test_replays_are_sampled_by_game() -> None:
    """With `replay_every` the recorded moves are replayed for the sampled games only."""

    class Drifting(RaceGame):
        calls = 0

        def new_initial_state(self, options: Mapping[str, OptionValue]) -> RaceState:
            Drifting.calls += 1
            return RaceState(total=Drifting.calls % 2)

    sampled = [i for i in range(6) if is_sampled(1, i, 3)]
    assert len(sampled) == 2
    with pytest.raises(ConformanceError, match="replaying") as caught:
        check_game(Drifting(), seed=1, games=6, replay_every=3)
    assert caught.value.game_index == sampled[0]


def test_fast_dice_play_whole_games_that_replay() -> None:
    """Dice from one stream per game: the games end, the dice are recorded, the replay is identical, and
    the run is reproducible."""
    first = check_game(DuelGame(), {"hp": 3, "rerolls": 2}, seed=11, games=60, fast_dice=True)
    again = check_game(DuelGame(), {"hp": 3, "rerolls": 2}, seed=11, games=60, fast_dice=True)
    assert first == again and first.finished == 60 and first.chance_moves > 0
    session = play_one(DuelGame(), {"hp": 3, "rerolls": 2}, 11, 0, fast_dice=True)
    resumed = Session(session.system, session.game, dict(session.options), session.seed, moves=session.moves)
    assert resumed.replay() == session.current


def test_first_game_index_continues_a_run() -> None:
    """`first` plays the later games of the same run (chunks of one run add up to the whole)."""
    whole = check_game(RaceGame(), seed=3, games=40)
    a = check_game(RaceGame(), seed=3, games=20)
    b = check_game(RaceGame(), seed=3, games=20, first=20)
    assert a.moves + b.moves == whole.moves and a.decisions + b.decisions == whole.decisions
