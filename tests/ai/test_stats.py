"""The shared statistics: Wilson intervals and means with standard errors.

RULES.md: none (intervals)
"""

import math
import statistics

import pytest

from domino.ai.stats import mean_se, wilson


def test_mean_se_matches_the_textbook_formula():
    values = [3.0, -1.0, 4.0, 1.5, -5.0, 9.0, 2.0]
    mean, se = mean_se(values)
    assert mean == pytest.approx(statistics.fmean(values))
    assert se == pytest.approx(statistics.stdev(values) / math.sqrt(len(values)))


def test_mean_se_with_too_few_values_has_an_unknown_error():
    assert mean_se([]) == (0.0, math.inf)
    assert mean_se([2.5]) == (2.5, math.inf)
    assert mean_se([1.0, 1.0]) == (1.0, 0.0)


def test_wilson_is_the_arenas_interval():
    from domino.tools.arena import wilson as arena_wilson

    assert arena_wilson is wilson
    lo, hi = wilson(0, 10)
    assert lo == 0.0 and 0.25 < hi < 0.35  # the interval stays sound at a rate of 0
