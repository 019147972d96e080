"""The few statistics the measurements share: Wilson intervals and means with standard errors.

Arena win rates, the AI's paired comparisons of candidate moves and the benchmarks' paired
differences all report a figure with its uncertainty; they compute it here, one way.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

Z95 = 1.959963984540054


def wilson(wins: int, n: int, z: float = Z95) -> list[float]:
    """The Wilson score interval of ``wins`` successes in ``n`` trials ([0, 1] when n = 0),
    rounded to four places. Sound for small ``n`` and for rates near 0 or 1, where the
    normal approximation is not."""
    if n == 0:
        return [0.0, 1.0]
    p = wins / n
    denom = 1 + z * z / n
    centre = (p + z * z / (2 * n)) / denom
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / denom
    return [round(max(0.0, centre - half), 4), round(min(1.0, centre + half), 4)]


def mean_se_of(n: int, mean: float, m2: float) -> tuple[float, float]:
    """`mean_se` from running statistics: the count, the mean and the sum of squared
    deviations from it (Welford's M2), for a search that extends them value by value."""
    if n == 0:
        return 0.0, math.inf
    if n == 1:
        return mean, math.inf
    return mean, math.sqrt(max(0.0, m2) / (n - 1) / n)


def mean_se(values: Sequence[float]) -> tuple[float, float]:
    """The mean of ``values`` and its standard error (sample variance over n). With fewer
    than two values the error is unknown: infinite (and the mean 0 when there are none)."""
    n = len(values)
    if n == 0:
        return 0.0, math.inf
    mean = sum(values) / n
    if n == 1:
        return mean, math.inf
    var = sum((x - mean) ** 2 for x in values) / (n - 1)
    return mean, math.sqrt(var / n)
