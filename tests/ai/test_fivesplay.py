"""The search's All Fives playout plays as the engine's loop (DECISIONS E-112).

``fivesplay.playout`` replaces, on All Fives' tree, the playout loop of ``legal_moves``,
``policy.rollout_move`` and ``advance``: for the same random stream it must make the same
moves (the greedy pick's count of the ends included), score the same points, end the hand
the same way (a domino, a block, the target reached mid-hand) and leave the same hands,
boneyard and tree (arms, the cross sides opened, spinners and their names), at every player
count, in pairs, under each spinner rule, from positions part-way through a hand. A search
with the same seed then chooses the same move with the same figures
(tests/ai/test_all_fives_pinned.py).

RULES.md: 3.3 (the spinner's cross sides, the count, draws, the target reached mid-hand)
"""

from __future__ import annotations

import pytest
from linekit import assert_same_tree_end, both_playouts, random_positions

from domino.ai import fivesplay, treeplay
from domino.hand.state import HandState
from domino.rules.ruleset import get_ruleset

CASES = [{"players": n} for n in (2, 3, 4)] + [
    {"players": 4, "partnership": True}, {"players": 3, "spinners": "all"},
    {"players": 2, "spinners": "none"}, {"players": 2, "deal": "7/5"}]


def _positions(options: dict) -> list[HandState]:
    """Positions part-way through hands; every third a match near its target, so that a
    count reached mid-hand ends it."""
    rs = get_ruleset("all_fives", options)
    positions = random_positions(rs, 31 + options["players"], 60, (1, 16),
                                 keep=fivesplay.applicable)
    for i, s in enumerate(positions):
        if i % 3 == 0:
            s.match_totals = [rs.target - 15] * s.n
    return positions


@pytest.mark.parametrize("options", CASES)
def test_fives_playout_plays_as_the_engine(options: dict) -> None:
    assert fivesplay.supported(get_ruleset("all_fives", options))
    ends = {"domino": 0, "blocked": 0, "target": 0}
    drew = scored = opened = 0
    for i, s in enumerate(_positions(options)):
        for greed in (0.0, 0.6, 1.0):
            a, b = both_playouts(s, i, greed, fivesplay.playout)
            assert_same_tree_end(a, b)
            assert b.points == a.points
            ends[a.termination] += 1
            drew += len(b.boneyard) < len(s.boneyard)
            scored += b.points != s.points
            opened += sum(x.open for x in b.layout.arms.values()) > sum(
                x.open for x in s.layout.arms.values())
    assert drew and scored and ends["domino"] and ends["target"], (ends, drew)
    assert opened or options.get("spinners") == "none"  # (Muggins has no cross sides)
    if options["players"] < 4:  # (four players' hands of five rarely block)
        assert ends["blocked"]


def test_only_counted_trees_play_here() -> None:
    """Doubles (locks, no count) stays with ``treeplay``; lines and trains elsewhere."""
    assert not fivesplay.supported(get_ruleset("doubles", {"players": 3}))
    assert not treeplay.supported(get_ruleset("all_fives", {"players": 3}))
    for variant in ("kozel", "block", "mexican_train"):
        assert not fivesplay.supported(get_ruleset(variant, {}))
