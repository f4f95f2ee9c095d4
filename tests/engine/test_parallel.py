"""Bulk runs on several processes give the same results, in the same order, as on one."""

from __future__ import annotations

from functools import partial

import pytest

from grognard.engine.dice import Rng
from grognard.engine.errors import UsageError
from grognard.engine.parallel import check_workers, default_workers, run_indexed


def seeded_sum(seed: int, index: int) -> tuple[int, int]:
    """A seeded piece of work: the index and three dice of its own RNG."""
    rng = Rng(f"{seed}:{index}")
    return index, sum(rng.randint(1, 6) for _ in range(3))


@pytest.mark.parametrize("workers", [2, 3])
def test_results_are_the_same_and_in_order_whatever_the_workers(workers: int) -> None:
    one = list(run_indexed(partial(seeded_sum, 9), 40, 1))
    many = list(run_indexed(partial(seeded_sum, 9), 40, workers))
    assert many == one
    assert [i for i, _ in many] == list(range(40))


def test_workers_are_checked() -> None:
    assert check_workers(None) == default_workers() >= 1
    for bad in (0, -1, 257):
        with pytest.raises(UsageError, match="worker"):
            list(run_indexed(partial(seeded_sum, 1), 3, bad))


def test_talisman_simulate_is_the_same_on_two_workers() -> None:
    from grognard.systems.talisman.simulate import simulate

    one = simulate(["heuristic", "random"], 4, seed=5, max_turns=30, workers=1)
    two = simulate(["heuristic", "random"], 4, seed=5, max_turns=30, workers=2)
    assert two.to_json() == one.to_json()
    assert two.records == one.records


def test_heroquest_simulate_is_the_same_on_two_workers() -> None:
    from grognard.systems.heroquest.simulate import simulate

    one = simulate("the-goblin-cellar", "barbarian,elf-wizard", 3, seed=5, rounds=6, workers=1)
    two = simulate("the-goblin-cellar", "barbarian,elf-wizard", 3, seed=5, rounds=6, workers=2)
    assert two.to_data() == one.to_data()
    assert one.games == 3
