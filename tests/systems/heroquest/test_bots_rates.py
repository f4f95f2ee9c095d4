"""`grognard hq simulate` says each bot strength's win rate with its 95% interval (issue 34): text, JSON."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from grognard.engine.stats import wilson
from tests.cli.helpers import grognard


@pytest.mark.parametrize("level", ("heuristic", "search"))
def test_simulate_says_the_win_rate_with_its_wilson_interval(tmp_path: Path, level: str) -> None:
    args = ("hq", "simulate", "the-goblin-cellar", "--games", "3", "--seed", "5", "--bot", level)
    ran = grognard(*args, home=tmp_path)
    assert ran.code == 0, ran.err
    found = re.search(
        r"(\d+) of 3 won \(\1/3 = [\d.]+% \(95%: ([\d.]+)%-([\d.]+)%\); (\w+) heroes\)", ran.out
    )
    assert found is not None, ran.out
    low, high = wilson(int(found.group(1)), 3)
    assert (float(found.group(2)), float(found.group(3))) == (round(100 * low, 1), round(100 * high, 1))
    assert found.group(4) == level
    data = json.loads(grognard(*args, "--json", home=tmp_path).out)
    rate = data["win_rate"]
    assert (rate["count"], rate["games"]) == (data["wins"], 3) == (int(found.group(1)), 3)
    assert (rate["low"], rate["high"]) == (round(low, 4), round(high, 4))
