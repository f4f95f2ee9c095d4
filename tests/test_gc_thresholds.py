"""The test processes collect garbage less often (`tests/conftest.py`, `collect_less`)."""

from __future__ import annotations

import gc
import os

from tests.conftest import GC_THRESHOLDS, collect_less


def test_the_thresholds_are_raised_unless_the_defaults_are_asked_for() -> None:
    if os.environ.get("GROGNARD_TEST_GC") == "default":
        assert gc.get_threshold() != GC_THRESHOLDS
    else:
        assert gc.get_threshold() == GC_THRESHOLDS


def test_asking_for_the_defaults_leaves_the_collector_alone() -> None:
    before = gc.get_threshold()
    assert collect_less({"GROGNARD_TEST_GC": "default"}) == before
    assert gc.get_threshold() == before
