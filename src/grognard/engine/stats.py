"""Shares with their 95% intervals: the Wilson score interval the balance lab reports every rate with.

`wilson(k, n)` is the interval of a share of `k` successes in `n` trials (Wilson, 1927): unlike the
normal approximation it stays inside [0, 1] and keeps its coverage for small `n` and shares near 0 or 1.
`Share` carries the count, the games and the interval, and prints itself as "14/20 = 70.0% (48.1-85.5%)".
"""

from __future__ import annotations

import math
from dataclasses import dataclass

Z95 = 1.959963984540054
"""The standard normal quantile of a two-sided 95% interval."""


def wilson(successes: int, trials: int, z: float = Z95) -> tuple[float, float]:
    """The Wilson score interval (low, high) of `successes` in `trials` at `z` (95% by default); (0, 1)
    when there are no trials. A count outside 0..trials is a `ValueError` naming it."""
    if trials < 0 or not 0 <= successes <= max(trials, 0):
        raise ValueError(f"successes={successes}, trials={trials}: need 0 <= successes <= trials")
    if trials == 0:
        return 0.0, 1.0
    p = successes / trials
    z2 = z * z
    centre = (p + z2 / (2 * trials)) / (1 + z2 / trials)
    half = z * math.sqrt(p * (1 - p) / trials + z2 / (4 * trials * trials)) / (1 + z2 / trials)
    low = 0.0 if successes == 0 else max(0.0, centre - half)
    return low, 1.0 if successes == trials else min(1.0, centre + half)


@dataclass(frozen=True)
class Share:
    """`count` of `games` with its 95% Wilson interval."""

    count: int
    games: int

    @property
    def rate(self) -> float:
        """The share itself (0 when there were no games)."""
        return self.count / self.games if self.games else 0.0

    @property
    def interval(self) -> tuple[float, float]:
        """The 95% Wilson interval of the share."""
        return wilson(self.count, self.games)

    def to_json(self) -> dict[str, float | int]:
        """The share as JSON-safe data: count, games, rate and the interval's ends (rounded to 4 places)."""
        low, high = self.interval
        return {
            "count": self.count,
            "games": self.games,
            "rate": round(self.rate, 4),
            "low": round(low, 4),
            "high": round(high, 4),
        }

    def __str__(self) -> str:
        low, high = self.interval
        return f"{self.count}/{self.games} = {self.rate:.1%} (95%: {low:.1%}-{high:.1%})"
