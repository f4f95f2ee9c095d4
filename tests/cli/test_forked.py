"""The forked command runner the tests use (`tests/cli/forked.py`) behaves as a new process would."""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from tests.cli import helpers
from tests.cli.helpers import grognard


def test_each_command_gets_fresh_dice_its_own_home_and_its_exit_status(tmp_path: Path) -> None:
    seeds = {re.search(r"seed (\d+)", grognard("roll", "3d6").out).group(1) for _ in range(3)}  # type: ignore[union-attr]
    assert len(seeds) == 3  # `random` is seeded afresh in every child, as in a new interpreter
    assert grognard("no-such-command").code == 2
    assert grognard("games", "list", home=tmp_path).code == 0


def test_standard_input_reaches_the_command_and_ends(tmp_path: Path) -> None:
    ran = grognard("ff", "play", "sample", stdin="", home=tmp_path)
    assert "standard input ended" in ran.err
    assert ran.code == 0


def test_forked_and_subprocess_runs_agree(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    forked = grognard("roll", "2d6", "--seed", "5", home=tmp_path)
    assert len(helpers.PARENTS) == 1
    monkeypatch.setenv("GROGNARD_TEST_SUBPROCESS", "1")
    started = dict(helpers.PARENTS)
    plain = grognard("roll", "2d6", "--seed", "5", home=tmp_path)
    assert (forked.code, forked.out, forked.err) == (plain.code, plain.out, plain.err)
    assert started == helpers.PARENTS
