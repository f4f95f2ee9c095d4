"""The conformance checker passes the toy duel and catches each kind of broken game."""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

import pytest

from grognard.engine.conformance import (
    ConformanceError,
    check_game,
    check_registered,
    game_seed,
    play_one,
)
from grognard.engine.game import (
    CHANCE,
    TERMINAL,
    Action,
    Actor,
    Game,
    GameInfo,
    GameState,
    Move,
    OptionInfo,
    OptionValue,
    Outcome,
    Result,
)
from grognard.engine.serial import from_data, to_data
from grognard.engine.session import Session
from tests.toys import DuelGame, register_toys

HALF = Fraction(1, 2)
_TICKS = itertools.count()


@dataclass(frozen=True)
class RaceState(GameState):
    """A small race to 6: player 0 steps one or two, then a coin adds 0 or 1. `flaw` breaks one promise."""

    total: int = 0
    phase: str = "decide"
    flaw: str = ""

    def actor(self) -> Actor:
        if self.total >= 6:
            return TERMINAL
        return 0 if self.phase == "decide" else CHANCE

    def _actions(self) -> Sequence[Action]:
        if self.flaw == "empty" and self.total >= 3:
            return ()
        if self.flaw == "duplicate":
            return ("one", "two", "one")
        if self.flaw == "loop":
            return ("stay",)
        return ("one", "two")

    def _outcomes(self) -> Sequence[tuple[Outcome, Fraction]]:
        if self.flaw == "short" and self.total >= 2:
            return [(0, HALF), (1, Fraction(1, 3))]
        if self.flaw == "float":
            return [(0, 0.5), (1, 0.5)]  # type: ignore[list-item]
        if self.flaw == "same-outcome":
            return [(0, HALF), (0, HALF)]
        return [(0, HALF), (1, HALF)]

    def _apply(self, move: Move) -> RaceState:
        if self.flaw == "crash" and self.total >= 4:
            raise KeyError("boom")
        if self.phase == "decide":
            step = {"one": 1, "two": 2, "stay": 0}[str(move)]
            if self.flaw == "nondeterministic":
                step += next(_TICKS) % 2
            return replace(self, total=self.total + step, phase="coin")
        gain = 0 if self.flaw == "loop" else int(move)
        return replace(self, total=self.total + gain, phase="decide")

    def result(self) -> Result:
        return Result("home", (0,), (("total", self.total),))

    def invariants(self) -> list[str]:
        if self.flaw == "invariant" and self.total >= 4:
            return ["total passed 3"]
        return []


class RaceGame(Game):
    """The race as a game; the `flaw` option chooses what is broken."""

    info = GameInfo(
        id="race",
        name="Race to six",
        options=(OptionInfo("flaw", "which promise to break", ""),),
    )

    def new_initial_state(self, options: Mapping[str, OptionValue]) -> RaceState:
        return RaceState(flaw=str(options.get("flaw", "")))

    def state_to_json(self, state: GameState) -> Any:
        data = to_data(state)
        if isinstance(state, RaceState) and state.flaw == "json" and state.total >= 3:
            data["total"] -= 1
        if isinstance(state, RaceState) and state.flaw == "not-json":
            data["extra"] = {1, 2}
        return data

    def state_from_json(self, data: Any) -> RaceState:
        data = dict(data)
        data.pop("extra", None)
        return from_data(RaceState, data)


def _failure(flaw: str, **kwargs: Any) -> ConformanceError:
    with pytest.raises(ConformanceError) as caught:
        check_game(RaceGame(), {"flaw": flaw}, seed=5, games=20, **kwargs)
    err = caught.value
    assert isinstance(err, AssertionError)
    assert err.game_id == "race"
    assert err.seed == 5
    assert 0 <= err.game_index < 20
    text = str(err)
    assert f"race (seed 5, game {err.game_index}, move {err.move_number})" in text
    assert "RaceState(" in text
    return err


def test_duel_conforms_over_hundreds_of_games() -> None:
    report = check_game(DuelGame(), {"hp": 3, "rerolls": 2}, seed=11, games=300)
    assert report.games == report.finished == 300
    assert report.unfinished == 0
    assert sum(report.outcomes.values()) == 300
    assert set(report.outcomes) == {"win", "lose"}
    assert report.moves == report.decisions + report.chance_moves
    assert report.decisions > 0
    assert report.mean_moves == report.moves / 300
    assert report.longest >= report.mean_moves


def test_sound_race_conforms_and_the_run_is_reproducible() -> None:
    first = check_game(RaceGame(), seed=3, games=50)
    again = check_game(RaceGame(), seed=3, games=50)
    assert first == again
    assert first.outcomes == {"home": 50}
    other = check_game(RaceGame(), seed=4, games=50)
    assert other.moves != first.moves or other.decisions != first.decisions


def test_registered_games_are_found_by_id() -> None:
    register_toys()
    report = check_registered("toy", "duel", seed=2, games=10)
    assert report.finished == 10
    assert report.game_id == "duel"


def test_a_failure_can_be_reproduced_from_its_message() -> None:
    err = _failure("invariant")
    with pytest.raises(ConformanceError) as again:
        play_one(RaceGame(), {"flaw": "invariant"}, err.seed, err.game_index)
    assert (again.value.move_number, again.value.state, again.value.moves) == (
        err.move_number,
        err.state,
        err.moves,
    )
    session = Session.new("race", RaceGame(), {"flaw": "invariant"}, game_seed(err.seed, err.game_index))
    bot_moves = [m for m in err.moves if isinstance(m, str)]
    assert bot_moves
    assert session.current == RaceState(flaw="invariant")


def test_broken_invariant_is_caught() -> None:
    err = _failure("invariant")
    assert "invariants broken: ['total passed 3']" in err.reason
    assert isinstance(err.state, RaceState)
    assert err.state.total >= 4


def test_state_that_does_not_round_trip_is_caught() -> None:
    err = _failure("json")
    assert "does not round-trip through JSON" in err.reason
    assert err.state.total >= 3


def test_state_json_that_is_not_json_is_caught() -> None:
    err = _failure("not-json")
    assert "not JSON" in err.reason
    assert err.move_number == 0


def test_probabilities_not_summing_to_one_are_caught() -> None:
    err = _failure("short")
    assert "sum to 5/6, not 1" in err.reason


def test_float_probabilities_are_caught() -> None:
    assert "not an exact Fraction" in _failure("float").reason


def test_duplicate_outcomes_and_actions_are_caught() -> None:
    assert "duplicate chance outcomes" in _failure("same-outcome").reason
    assert "duplicate legal actions" in _failure("duplicate").reason


def test_nondeterministic_apply_is_caught() -> None:
    err = _failure("nondeterministic")
    assert "apply is not deterministic" in err.reason


def test_empty_action_list_is_caught() -> None:
    err = _failure("empty")
    assert "no legal actions" in err.reason
    assert err.state.total >= 3


def test_exception_in_apply_is_caught_and_chained() -> None:
    err = _failure("crash")
    assert "KeyError('boom')" in err.reason
    assert isinstance(err.__cause__, KeyError)


def test_unfinished_games_fail_unless_allowed() -> None:
    err = _failure("loop", max_moves=40)
    assert "did not end within 40 moves" in err.reason
    assert err.move_number == 40
    report = check_game(RaceGame(), {"flaw": "loop"}, seed=5, games=7, max_moves=40, allow_unfinished=True)
    assert (report.games, report.finished, report.unfinished) == (7, 0, 7)
    assert report.moves == 7 * 40
    assert report.outcomes == {}


def test_replay_that_differs_is_caught() -> None:
    """A game whose initial state changes between calls cannot be replayed from its moves."""

    class Drifting(RaceGame):
        calls = 0

        def new_initial_state(self, options: Mapping[str, OptionValue]) -> RaceState:
            Drifting.calls += 1
            return RaceState(total=Drifting.calls % 2)

    with pytest.raises(ConformanceError, match="replaying the recorded moves gives a different state"):
        check_game(Drifting(), seed=1, games=3)
