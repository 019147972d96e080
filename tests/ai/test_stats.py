"""The shared statistics: Wilson intervals and means with standard errors.

RULES.md: none (intervals)
"""

import math
import random
import statistics

import pytest

from domino import Match, view
from domino.ai import search
from domino.ai.policy import playable
from domino.ai.stats import mean_se, mean_se_of, wilson
from domino.hand.state import legal_moves
from domino.play.step import apply_unchecked


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


def test_running_statistics_give_mean_se():
    """``mean_se_of`` (count, mean, Welford's sum of squared deviations) is ``mean_se``."""
    rng = random.Random(5)
    for n in (0, 1, 2, 3, 17, 400):
        values = [rng.gauss(3.0, 20.0) for _ in range(n)]
        count, mean, m2 = 0, 0.0, 0.0
        for x in values:
            count += 1
            delta = x - mean
            mean += delta / count
            m2 += delta * (x - mean)
        got, want = mean_se_of(count, mean, m2), mean_se(values)
        assert got[0] == pytest.approx(want[0], abs=1e-9)
        assert got[1] == pytest.approx(want[1], rel=1e-9) or got[1] == want[1] == math.inf


def test_the_search_keeps_its_statistics_as_values_come():
    """The search's running means and paired differences (kept between calls and extended
    by the values appended since: pruning asks for them every fourth world) are those of
    the whole lists, also for a candidate with fewer values (pruned) and after more come."""
    m = Match.new("mexican_train", {"players": 4}, seed=3)
    s = m.hand
    while len(playable(legal_moves(s))) < 3:
        apply_unchecked(s, playable(legal_moves(s))[0])
    v = view(s, s.to_move)
    found = search.Search(v, list(v.legal), random.Random(2), search.SearchConfig(evaluations=40))
    rng = random.Random(9)
    found.values = [[rng.uniform(-30, 30) for _ in range(n)] for n in (12, 12, 7)]
    for extra in (0, 5, 1):
        for values in found.values[:2]:
            values.extend(rng.uniform(-30, 30) for _ in range(extra))
        for c in range(3):
            assert found._mean(c) == pytest.approx(sum(found.values[c]) / len(found.values[c]))
        for c, d in ((0, 1), (2, 0), (1, 2)):
            diffs = [x - y for x, y in zip(found.values[c], found.values[d], strict=False)]
            mean, se = found._paired(c, d)
            assert mean == pytest.approx(mean_se(diffs)[0], abs=1e-9)
            assert se == pytest.approx(mean_se(diffs)[1], rel=1e-9)
