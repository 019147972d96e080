"""The search's tree playout and max^n solve play as the engine's loops (DECISIONS E-109).

``treeplay.playout`` replaces, on a tree of spinners (Doubles), the playout loop of
``legal_moves``, ``policy.rollout_move`` and ``advance``: for the same random stream it must
make the same moves, end the hand the same way and leave the same hands, boneyard and tree
(arms, spinners and their names), at every player count and under both unlock modes, from
positions part-way through a hand (draws, passes, blocked hands). ``treeplay.solve_maxn``
replaces ``search._solve_maxn`` there: the same values for every side and the same nodes
counted, and the same give-up past the node limit. A search with the same seed then
chooses the same move with the same figures (tests/ai/test_doubles_pinned.py). Rules it
does not play (All Fives: cross sides that open later, end counting) stay with the engine.

RULES.md: 2.4 (every double a spinner, the locks, draw one with a reserve, the end)
"""

from __future__ import annotations

import pytest
from linekit import assert_same_tree_end, both_playouts, random_positions

from domino.ai import search, treeplay
from domino.ai.evaluate import Utility, sides_of
from domino.ai.linesolve import SolveLimit
from domino.rules.ruleset import get_ruleset

CASES = [{"players": n} for n in (2, 3, 4)] + [
    {"players": n, "unlock_mode": "spinner_only"} for n in (2, 4)]


@pytest.mark.parametrize("options", CASES)
def test_tree_playout_plays_as_the_engine(options: dict) -> None:
    rs = get_ruleset("doubles", options)
    assert treeplay.supported(rs)
    ends = {"domino": 0, "blocked": 0}
    drew = 0
    for i, s in enumerate(random_positions(rs, 21 + options["players"], 60, (0, 16),
                                           keep=treeplay.applicable)):
        for greed in (0.0, 0.6, 1.0):
            a, b = both_playouts(s, i, greed, treeplay.playout)
            assert_same_tree_end(a, b)
            ends[a.termination] += 1
            drew += len(b.boneyard) < len(s.boneyard)
    assert drew and ends["domino"]
    if options["players"] < 4:  # (four players' hands rarely block: 2 tiles to draw)
        assert ends["blocked"]


@pytest.mark.parametrize("options", [{"players": 3}, {"players": 4},
                                     {"players": 4, "unlock_mode": "spinner_only"}])
def test_tree_solve_is_the_engines(options: dict) -> None:
    rs = get_ruleset("doubles", options)
    n = options["players"]
    sides = sides_of(rs, n)
    index = {p: j for j, side in enumerate(sides) for p in side}
    positions = random_positions(
        rs, 5 + n, 80, (2, 20),
        keep=lambda s: treeplay.applicable(s)
        and sum(len(h) for h in s.hands) + s.drawable() <= 14)
    aborted = solved = 0
    # Each side's Utility, and a coarse value (1 for scoring the hand, else 0) under which
    # many moves tie: ties keep the first move of the same order (twins left out, heaviest
    # first), or another side's values come out otherwise.
    coarse = [lambda r, q=side[0]: float(r.delta[q] > 0) for side in sides]
    for s in positions:
        for utilities in ([Utility(rs, n, side[0], 1, match_totals=[7] * n) for side in sides],
                          coarse):
            got = []
            for solve in (search._solve_maxn, treeplay.solve_maxn):
                nodes = [0]
                world = s.copy()
                try:
                    got.append((solve(world, utilities, index, 60, nodes), nodes[0]))
                except SolveLimit:
                    got.append(("limit", nodes[0]))
            assert got[1] == got[0]
            aborted += got[0][0] == "limit"
            solved += got[0][0] != "limit" and got[0][1] > 1
    assert aborted and solved > 40, (aborted, solved)


def test_all_fives_stays_with_the_engine() -> None:
    """All Fives' cross sides open later and its ends are counted: not played here."""
    assert not treeplay.supported(get_ruleset("all_fives", {"players": 3}))
    assert treeplay.supported(get_ruleset("doubles", {"players": 3}))
