"""The model of the other side's play in the exact line solve (``SearchConfig.opponent_blend``).

With ``blend`` the bit-mask solve values each of the other side's positions as
``(1 - blend)`` times its best reply plus ``blend`` times the mean over its replies, and the
deciding side's as its best move. Here it is compared with a plain recursion through the
engine's own moves (``legal_moves``, ``advance``, ``hand_result``) on random worlds of
two-player block and draw, and the search is checked to use it only when the option is on.

RULES.md: 1.7, 3.1 (the solve settles as the engine does)
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from linekit import line_worlds

from domino.ai import linesolve
from domino.ai.evaluate import Utility
from domino.ai.levels import expert_config
from domino.ai.policy import playable
from domino.ai.search import Search
from domino.hand.moves import PLACE
from domino.hand.state import MatchContext, advance, legal_moves, new_hand
from domino.play.step import apply_unchecked
from domino.play.view import view
from domino.rules.ruleset import get_ruleset
from domino.settlement.settle import hand_result


def _worlds(rs, seed: int, count: int, plies: tuple[int, int], most: int = 28):
    """Positions part-way through random hands, after ``plies`` random moves, with at most
    ``most`` tiles left in hands and to draw."""
    return line_worlds(rs, seed, count, plies,
                       keep=lambda s: sum(len(h) for h in s.hands) + s.drawable() <= most)


def _distinct(s, legal):
    """``legal`` less a placement that gives the same position as one before it: on a line
    whose two ends show one number a tile fits both, and either end makes one position
    up to swapping the ends (the solve tries it once)."""
    line = s.layout
    if line.left != line.right:
        return legal
    seen, out = set(), []
    for m in legal:
        if m.kind == PLACE:
            if m.tile in seen:
                continue
            seen.add(m.tile)
        out.append(m)
    return out


def reference(s, u: Utility, blend: float, own: float = 0.0) -> float:
    """The blended value of ``s`` by the engine's moves: the deciding side's ``(1 - own)``
    max plus ``own`` mean over its moves, the other side's ``(1 - blend)`` min plus
    ``blend`` mean over its replies."""
    while True:
        if s.over:
            return u(hand_result(s))
        legal = playable(legal_moves(s))
        if len(legal) != 1:
            break
        advance(s, legal[0])
    values = []
    for m in _distinct(s, legal):
        child = s.copy()
        advance(child, m)
        values.append(reference(child, u, blend, own))
    if u.maximizing(s.to_move):
        return (1 - own) * max(values) + own * sum(values) / len(values)
    return (1 - blend) * min(values) + blend * sum(values) / len(values)


@pytest.mark.parametrize("variant", ["block", "draw"])
@pytest.mark.parametrize(("blend", "own"), [(0.0, 0.0), (0.3, 0.0), (1.0, 0.0), (0.5, 0.4)])
def test_blended_solve_matches_the_engines_recursion(variant, blend, own):
    rs = get_ruleset(variant, {"players": 2})
    for s in _worlds(rs, seed=5, count=4, plies=(6, 30), most=8):
        u = Utility(rs, 2, s.to_move, 1)
        want = reference(s.copy(), u, blend, own)
        got = linesolve.solve(s.copy(), u, u.maximizing, 10**6, [0], blend=blend, own_blend=own)
        assert got == pytest.approx(want, abs=1e-9), (s.hands, s.boneyard)


def test_blend_only_raises_the_deciding_sides_value():
    """Each reply of the other side counts at least its best (the least): the blended value
    is never below alpha-beta's, and it grows with ``blend``."""
    rs = get_ruleset("block", {"players": 2})
    raised = 0
    for s in _worlds(rs, seed=9, count=12, plies=(1, 6)):
        u = Utility(rs, 2, s.to_move, 1)
        exact = linesolve.solve(s.copy(), u, u.maximizing, 10**6, [0])
        low = linesolve.solve(s.copy(), u, u.maximizing, 10**6, [0], blend=0.2)
        high = linesolve.solve(s.copy(), u, u.maximizing, 10**6, [0], blend=0.6)
        assert exact - 1e-9 <= low <= high + 1e-9
        raised += high > exact + 1e-9
    assert raised >= 6


def test_blended_solve_counts_nodes_and_stops_at_its_limit():
    rs = get_ruleset("block", {"players": 2})
    s = next(_worlds(rs, seed=2, count=1, plies=(1, 2)))
    u = Utility(rs, 2, s.to_move, 1)
    nodes = [0]
    linesolve.solve(s.copy(), u, u.maximizing, 10**6, nodes, blend=0.5)
    assert nodes[0] > 10
    with pytest.raises(linesolve.SolveLimit):
        linesolve.solve(s.copy(), u, u.maximizing, nodes[0] // 2, [0], blend=0.5)


def _first_decision(seed: int):
    """A two-player block view with a choice of several moves, early in a hand."""
    rs = get_ruleset("block", {"players": 2})
    rng = random.Random(seed)
    while True:
        s = new_hand(rs, MatchContext(), rng)
        apply_unchecked(s, playable(legal_moves(s))[0])
        legal = playable(legal_moves(s))
        if len(legal) >= 3:
            return view(s, s.to_move), legal


def test_search_uses_the_model_only_when_asked():
    """Off (the default, every level): the search's values are alpha-beta's. On: the same
    worlds (the same seed) valued by the blended solve, never lower."""
    rs = get_ruleset("block", {"players": 2})
    base = expert_config(rs)
    assert base.opponent_blend == 0.0
    on = dataclasses.replace(base, opponent_blend=0.5, prune=False, evaluations=60)
    off = dataclasses.replace(base, prune=False, evaluations=60)
    v, legal = _first_decision(4)
    a = Search(v, legal, random.Random(1), off)
    b = Search(v, legal, random.Random(1), on)
    a.run()
    b.run()
    pairs = [
        (x, y)
        for c in range(len(a.candidates))
        for x, y in zip(a.values[c], b.values[c], strict=False)
    ]
    assert pairs
    assert all(y >= x - 1e-9 for x, y in pairs)
    assert any(y > x + 1e-9 for x, y in pairs)
    assert not any(math.isnan(y) for _, y in pairs)
