"""The exact endgame solve searches one of each pair of mirror-image placements
(``ai.search.untwinned``, DECISIONS E-78): the same tile by the same half on two twin arms of
a tree leaves positions that differ only in the arms' names, so the solve's value is the
same as the full search's, on fewer nodes.

RULES.md: 2.4, 3.3 (doubles' and All Fives' trees: which arms the rules tell apart)
"""

from __future__ import annotations

import random

import pytest

from domino import Match
from domino.ai import search
from domino.ai.levels import expert_config
from domino.hand.layout import TreeLayout
from domino.hand.state import legal_moves
from domino.play.view import view


def _positions(variant: str, players: int, seeds: range, tiles: int) -> list[Match]:
    """Random hands' positions with a choice once at most ``tiles`` are left to play."""
    out = []
    for seed in seeds:
        m = Match.new(variant, {"players": players}, seed=seed)
        rng = random.Random(seed)
        while m.hand is not None and not m.hand.over:
            s = m.hand
            legal = m.legal()
            if (sum(len(h) for h in s.hands) + s.drawable() <= tiles
                    and len([x for x in legal if x.kind == "place"]) > 1):
                out.append(m.hand.copy())
            m.play(rng.choice(legal))
    return out


@pytest.mark.parametrize("variant,players", [("doubles", 2), ("doubles", 4),
                                             ("all_fives", 2), ("all_fives", 3)])
def test_a_solve_without_twins_has_the_full_solves_value(variant, players, monkeypatch):
    # Two players: alpha-beta (``_solve``); three or four: max^n (``_solve_maxn``; in
    # doubles ``treeplay.solve_maxn``, E-109), the value for the seat to move, against the
    # engine's solve of every placement.
    positions = _positions(variant, players, range(10 if players == 4 else 20), 10)
    assert len(positions) >= 15
    fewer = 0
    for s in positions:
        v = view(s, s.to_move)
        srch = search.Search(v, legal_moves(s), random.Random(0), expert_config(v.rs))
        runs = []
        for untwin in (True, False):
            if not untwin:
                monkeypatch.setattr(search, "untwinned", lambda s, legal: legal)
                srch._tree = False  # the engine's solve (treeplay has twins built in)
            nodes = [0]
            runs.append((srch._general_solve(s.copy(), 10**6, nodes), nodes[0]))
            monkeypatch.undo()
        (with_value, with_nodes), (full_value, full_nodes) = runs
        assert with_value == full_value
        assert with_nodes <= full_nodes
        fewer += with_nodes < full_nodes
    assert fewer >= 5  # twins do occur in these solves, and are skipped


def test_untwinned_keeps_one_of_each_twin_and_every_other_move():
    # Doubles, 6-6 led (a spinner: four open sides showing 6): 6-3 on any side is one move.
    for seed in range(200):
        m = Match.new("doubles", {"players": 2}, seed=seed)
        s = m.hand
        lead = [x for x in m.legal() if x.kind == "lead" and x.tile[0] == x.tile[1]]
        if not lead:
            continue
        m.play(lead[0])
        s = m.hand
        assert isinstance(s.layout, TreeLayout)
        legal = list(m.legal())
        kept = search.untwinned(s, legal)
        places = [x for x in legal if x.kind == "place"]
        if len({x.tile for x in places}) < len(places):
            assert len(kept) < len(legal)
            assert {x.tile for x in kept if x.kind == "place"} == {x.tile for x in places}
            assert [x for x in legal if x.kind != "place"] == [x for x in kept
                                                                if x.kind != "place"]
            return
    pytest.fail("no doubles hand with a double lead and a tile for two sides")
