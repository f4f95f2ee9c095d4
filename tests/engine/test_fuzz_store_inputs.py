"""Property tests: dice notation and saved-game files, generated and mutated, give a result or a clean
error within a time bound (docs/reliability.md has the figures of a longer run)."""

from __future__ import annotations

import json
import random
import time
from pathlib import Path

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from tests.engine.fuzz_inputs import (
    ALPHABET,
    DICE_CORPUS,
    exported_game,
    flip_bytes,
    mutate,
    mutate_json,
    try_dice,
    try_saved_game,
)

BOUND = 2.0
"""Seconds one input may take (far above the milliseconds they take; a quadratic reader blows it)."""


def timed(run: object) -> tuple[str, float]:
    began = time.perf_counter()
    outcome = run()  # type: ignore[operator]
    return outcome, time.perf_counter() - began


@settings(max_examples=300, deadline=None)
@given(st.sampled_from(DICE_CORPUS), st.integers(0, 2**32), st.integers(1, 12))
def test_mutated_dice_notation_gives_a_roll_or_a_dice_error_in_time(
    base: str, seed: int, rounds: int
) -> None:
    text = mutate(base, random.Random(seed), rounds)
    outcome, seconds = timed(lambda: try_dice(text))
    assert outcome in ("ok", "clean")
    assert seconds < BOUND, (text, seconds)


@settings(max_examples=200, deadline=None)
@given(st.text(alphabet=ALPHABET, max_size=400))
def test_generated_dice_notation_gives_a_roll_or_a_dice_error_in_time(text: str) -> None:
    outcome, seconds = timed(lambda: try_dice(text))
    assert outcome in ("ok", "clean")
    assert seconds < BOUND, (text, seconds)


@pytest.fixture(scope="module")
def game_text(tmp_path_factory: pytest.TempPathFactory) -> str:
    return exported_game(tmp_path_factory.mktemp("export"))


def test_the_unmutated_export_imports(game_text: str, tmp_path: Path) -> None:
    assert try_saved_game(game_text, tmp_path / "game.json") == "ok"


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**32), st.integers(1, 6))
def test_mutated_saved_game_text_imports_or_is_refused_in_time(
    game_text: str, tmp_path: Path, seed: int, rounds: int
) -> None:
    text = mutate(game_text, random.Random(seed), rounds)
    outcome, seconds = timed(lambda: try_saved_game(text, tmp_path / "game.json"))
    assert outcome in ("ok", "clean")
    assert seconds < BOUND


@settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**32), st.integers(1, 8))
def test_saved_games_with_flipped_bits_import_or_are_refused_in_time(
    game_text: str, tmp_path: Path, seed: int, flips: int
) -> None:
    data = flip_bytes(game_text.encode(), random.Random(seed), flips)
    outcome, seconds = timed(lambda: try_saved_game(data, tmp_path / "game.json"))
    assert outcome in ("ok", "clean")
    assert seconds < BOUND


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(st.integers(0, 2**32), st.integers(1, 4))
def test_saved_games_with_changed_values_import_or_are_refused_in_time(
    game_text: str, tmp_path: Path, seed: int, changes: int
) -> None:
    rng = random.Random(seed)
    data: object = json.loads(game_text)
    for _ in range(changes):
        data = mutate_json(data, rng)
    outcome, seconds = timed(lambda: try_saved_game(json.dumps(data), tmp_path / "game.json"))
    assert outcome in ("ok", "clean")
    assert seconds < BOUND
