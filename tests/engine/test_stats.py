"""The Wilson interval against published values (Newcombe 1998, Statistics in Medicine 17:857-872,
Table I, method 3: the score interval without continuity correction)."""

from __future__ import annotations

import pytest

from grognard.engine.stats import Share, wilson


@pytest.mark.parametrize(
    ("k", "n", "low", "high"),
    [(81, 263, 0.2553, 0.3662), (15, 148, 0.0624, 0.1605), (0, 20, 0.0, 0.1611), (1, 29, 0.0061, 0.1718)],
)
def test_wilson_matches_newcombes_table(k: int, n: int, low: float, high: float) -> None:
    got = wilson(k, n)
    assert got == pytest.approx((low, high), abs=5e-5)


def test_wilson_is_symmetric_and_inside_the_unit_interval() -> None:
    for n in (1, 7, 40):
        for k in range(n + 1):
            low, high = wilson(k, n)
            assert 0.0 <= low <= k / n <= high <= 1.0
            other = wilson(n - k, n)
            assert (1 - other[1], 1 - other[0]) == pytest.approx((low, high))
    assert wilson(10, 10)[1] == 1.0 and wilson(0, 10)[0] == 0.0


def test_wilson_refuses_impossible_counts_and_knows_nothing_of_no_games() -> None:
    with pytest.raises(ValueError, match="successes=5"):
        wilson(5, 4)
    with pytest.raises(ValueError):
        wilson(-1, 4)
    assert wilson(0, 0) == (0.0, 1.0)


def test_a_share_prints_its_count_rate_and_interval() -> None:
    share = Share(14, 20)
    assert str(share) == "14/20 = 70.0% (95%: 48.1%-85.5%)"
    assert share.to_json() == {"count": 14, "games": 20, "rate": 0.7, "low": 0.481, "high": 0.8545}
    assert Share(0, 0).rate == 0.0
