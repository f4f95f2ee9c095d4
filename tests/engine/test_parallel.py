"""Bulk runs on several processes or on a Dask cluster give the same results, in the same order, as on one."""

from __future__ import annotations

import json
import socket
import sys
import time
from collections.abc import Iterator
from functools import partial

import pytest

from grognard.engine import parallel
from grognard.engine.dice.core import Rng
from grognard.engine.errors import UsageError
from grognard.engine.parallel import check_workers, current_cluster, default_workers, on_cluster, run_indexed


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


@pytest.fixture(scope="module")
def cluster() -> Iterator[str]:
    """A Dask `LocalCluster` of two single-thread workers on a loopback TCP port: its scheduler address."""
    from distributed import LocalCluster

    with LocalCluster(
        n_workers=2, threads_per_worker=1, processes=False, protocol="tcp", dashboard_address=":0"
    ) as local:
        yield str(local.scheduler_address)


def test_a_cluster_gives_the_local_results_in_order(cluster: str) -> None:
    one = list(run_indexed(partial(seeded_sum, 9), 70, 1))
    with on_cluster(cluster):
        assert current_cluster() == cluster
        remote = list(run_indexed(partial(seeded_sum, 9), 70, 4))
    assert current_cluster() is None
    assert remote == one
    assert [i for i, _ in remote] == list(range(70))


def worker_of(index: int) -> str:
    """The address of the Dask worker computing this index (a `ValueError` outside a Dask worker)."""
    from distributed import get_worker

    return str(get_worker().address)


def test_the_games_run_on_the_cluster_s_workers(cluster: str) -> None:
    from distributed import Client

    with Client(cluster, set_as_default=False) as client:
        workers = set(client.nthreads())
    with on_cluster(cluster):
        where = list(run_indexed(worker_of, 40))
    assert set(where) <= workers and len(where) == 40


def test_an_error_in_a_game_on_the_cluster_reaches_the_caller(cluster: str) -> None:
    with on_cluster(cluster), pytest.raises(UsageError, match="workers=0"):
        list(run_indexed(partial(refuse_at, 5), 9))


def refuse_at(bad: int, index: int) -> int:
    """The index, except at `bad`, where a `UsageError` is raised (a game refusing its input)."""
    if index == bad:
        check_workers(0)
    return index


def test_talisman_simulate_on_the_cluster_prints_the_local_results(cluster: str) -> None:
    from tests.cli.helpers import grognard

    args = ("talisman", "simulate", "--players", "3", "--games", "5", "--seed", "7", "--max-turns", "40")
    local = grognard(*args, "--workers", "1", "--json")
    remote = grognard(*args, "--cluster", cluster, "--json")
    assert local.code == remote.code == 0, remote.err
    assert json.loads(remote.out) == json.loads(local.out)
    assert json.loads(local.out)["games"] == 5


def test_heroquest_simulate_on_the_cluster_is_the_local_run(cluster: str) -> None:
    from grognard.systems.heroquest.simulate import simulate

    one = simulate("the-goblin-cellar", "barbarian,elf-wizard", 3, seed=5, rounds=6, workers=1)
    with on_cluster(cluster):
        remote = simulate("the-goblin-cellar", "barbarian,elf-wizard", 3, seed=5, rounds=6)
    assert remote.to_data() == one.to_data()


def test_an_unreachable_scheduler_is_one_line_within_the_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT", 1.0)
    with socket.socket() as sock:  # a loopback port that nothing listens on
        sock.bind(("127.0.0.1", 0))
        port = sock.getsockname()[1]
    start = time.monotonic()
    with on_cluster(f"tcp://127.0.0.1:{port}"), pytest.raises(UsageError, match="no Dask scheduler answered"):
        list(run_indexed(partial(seeded_sum, 1), 3))
    assert time.monotonic() - start < 30


def test_a_scheduler_without_workers_is_one_line_within_the_timeout(monkeypatch: pytest.MonkeyPatch) -> None:
    from distributed import LocalCluster

    monkeypatch.setattr(parallel, "CONNECT_TIMEOUT", 1.0)
    with (
        LocalCluster(n_workers=0, processes=False, protocol="tcp", dashboard_address=":0") as empty,
        on_cluster(str(empty.scheduler_address)),
        pytest.raises(UsageError, match="no workers"),
    ):
        list(run_indexed(partial(seeded_sum, 1), 3))


def test_a_missing_dask_says_which_extra_to_install(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(sys.modules, "distributed", None)  # import distributed now raises ImportError
    with on_cluster("tcp://127.0.0.1:8786"), pytest.raises(UsageError, match=r"grognard\[cluster\]"):
        list(run_indexed(partial(seeded_sum, 1), 3))


@pytest.mark.parametrize(
    "bad", ["", "localhost:8786", "http://host:8786", "tcp://host", "tcp://host:0", "tcp://h:99999"]
)
def test_a_cluster_address_is_checked(bad: str) -> None:
    with pytest.raises(UsageError, match="tcp://HOST:PORT"), on_cluster(bad):
        pass


def test_the_command_line_refuses_workers_with_a_cluster_and_a_bad_address() -> None:
    from tests.cli.helpers import grognard

    both = grognard("hq", "simulate", "the-goblin-cellar", "--workers", "2", "--cluster", "tcp://127.0.0.1:1")
    assert both.code == 2 and both.err.count("\n") == 1 and "not both" in both.err
    bad = grognard("talisman", "simulate", "--cluster", "somewhere")
    assert bad.code == 2 and bad.err.count("\n") == 1 and "tcp://HOST:PORT" in bad.err
