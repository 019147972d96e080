"""The bit-mask line solver against the general exact solver, on random worlds.

``linesolve.solve`` must give exactly the value of ``search._solve`` (alpha-beta, two sides)
and of ``search._solve_maxn`` (max^n, three or more sides) on every line variant it accepts:
draws under both policies, vn_iwin's pass penalties, kozel's pair of doubles, seats that
have left. max^n breaks ties by move order, so the general solver here lists each hand's
tiles in tile-id order, the order the bit-mask solver uses.

RULES.md: 1.7, 1.10 (the exact solver settles as the engine does)
"""

from __future__ import annotations

import hashlib
import random

import pytest
from linekit import line_worlds

from domino.ai import linesolve, search
from domino.ai.evaluate import Utility, sides_of
from domino.ai.policy import playable
from domino.hand.moves import LEAVE, Move
from domino.hand.state import MatchContext, legal_moves, new_hand
from domino.play import line_playout as fast
from domino.play.step import apply_unchecked
from domino.rules.ruleset import get_ruleset

CASES = [
    ("block", {"players": 2}),
    ("block", {"players": 3}),
    ("block", {"players": 4, "partnership": True}),
    ("draw", {"players": 2}),
    ("draw", {"players": 4}),
    ("vn_traditional", {"players": 2}),
    ("vn_traditional", {"players": 4}),
    ("vn_iwin", {"players": 3}),
    ("vn_iwin", {"players": 4}),
    ("kozel", {"players": 4}),
    ("kozel", {"players": 2}),
    # Kozel's end positions settled from the masks' pips (E-113): in pairs, 0-0 only as the
    # sole tile, the fish's lowest exempt.
    ("kozel", {"players": 4, "partnership": True}),
    ("kozel", {"players": 3, "zero_double_rule": "only_if_sole_tile"}),
    ("kozel", {"players": 4, "partnership": True, "fish_lowest_exempt": True}),
    ("kozel", {"players": 2, "fish_lowest_exempt": True}),
]


def _case_id(variant: str, options: dict) -> str:
    rest = "".join(f"-{k}" for k in options if k not in ("players", "partnership"))
    return f"{variant}-{options['players']}p{'-team' if options.get('partnership') else ''}{rest}"


def _sorted_legal(s):
    index = fast.tables(s.rs.max_pip).index
    s.hands[s.to_move].sort(key=index.__getitem__)
    return legal_moves(s)


def _worlds(rs, seed: int, count: int, leave: bool = False):
    """Positions part-way through random hands (some with a seat gone, if ``leave``), each
    hand in the line kernel's tile order."""

    def gone(s, rng):
        apply_unchecked(s, playable(legal_moves(s))[0])
        if not s.over and rs.leave_allowed:
            apply_unchecked(s, Move(LEAVE))

    index = fast.tables(rs.max_pip).index
    for s in line_worlds(rs, seed, count, (0, 24), prepare=gone if leave else None):
        for hand in s.hands:
            hand.sort(key=index.__getitem__)
        yield s


def agrees_with_reference(rs, s, sides, budget: int) -> bool:
    """Solve ``s`` with the bit-mask line solver and with the general exact solver (at most
    ``budget`` nodes) and assert they agree; False when the general solver gives up (the
    position is not compared)."""
    n = rs.players
    if len(sides) == 2:
        u = Utility(rs, n, s.to_move, 1)
        try:
            want = search._solve(s.copy(), u, budget, [0])
        except search._Abort:
            return False
        got = linesolve.solve(s, u, u.maximizing, 10**6, [0])
    else:
        us = [Utility(rs, n, side[0], 1) for side in sides]
        index = {p: i for i, side in enumerate(sides) for p in side}
        try:
            want = search._solve_maxn(s.copy(), us, index, budget, [0])
        except search._Abort:
            return False
        got = linesolve.solve(s, lambda r, us=us: [x(r) for x in us], None, 10**6, [0], index)
    assert got == want, (rs.name, s.hands, s.boneyard)
    return True


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[_case_id(v, o) for v, o in CASES])
def test_line_solver_matches_general_solver(variant, options, monkeypatch):
    monkeypatch.setattr(search, "legal_moves", _sorted_legal)
    rs = get_ruleset(variant, options)
    n = rs.players
    sides = sides_of(rs, n)
    compared = 0
    for s in _worlds(rs, seed=len(variant) * 7 + n, count=14):
        compared += agrees_with_reference(rs, s, sides, 3000)
    assert compared >= 5


def test_line_solver_after_a_leave(monkeypatch):
    """vn_iwin with a seat gone: the turn skips it, the block check ignores it."""
    monkeypatch.setattr(search, "legal_moves", _sorted_legal)
    rs = get_ruleset("vn_iwin", {"players": 4})
    sides = sides_of(rs, 4)
    compared = 0
    for s in _worlds(rs, seed=3, count=10, leave=True):
        assert not all(s.seated)
        us = [Utility(rs, 4, side[0], 1, s.seated) for side in sides]
        index = {p: i for i, side in enumerate(sides) for p in side}
        try:
            want = search._solve_maxn(s.copy(), us, index, 3000, [0])
        except search._Abort:
            continue
        got = linesolve.solve(s, lambda r, us=us: [x(r) for x in us], None, 10**6, [0], index)
        assert got == want
        compared += 1
    assert compared >= 5


def test_node_limit_raises_and_counts():
    rs = get_ruleset("draw", {"players": 2})
    s = next(_worlds(rs, seed=1, count=1))
    u = Utility(rs, 2, s.to_move, 1)
    nodes = [0]
    with pytest.raises(linesolve.SolveLimit):
        linesolve.solve(s, u, u.maximizing, 3, nodes)
    assert nodes[0] == 4


def test_applicable_only_to_plain_lines():
    assert linesolve.supported(get_ruleset("block", {"players": 2}))
    assert linesolve.supported(get_ruleset("kozel", {"players": 4}))
    assert not linesolve.supported(get_ruleset("all_fives", {"players": 2}))
    assert not linesolve.supported(get_ruleset("vn_schoolnet", {"players": 4}))
    assert not linesolve.supported(get_ruleset("mexican_train", {"players": 4}))
    rs = get_ruleset("block", {"players": 2})
    s = new_hand(rs, MatchContext(), random.Random(1))
    assert not linesolve.applicable(s)  # the lead is not made yet


@pytest.mark.parametrize(("variant", "players"),
                         [("vn_traditional", 2), ("vn_traditional", 3), ("vn_traditional", 4),
                          ("kozel", 2), ("kozel", 4)])
def test_settlements_kept_across_worlds_change_no_value_or_node(variant, players):
    """E-115: a decision's end positions settled from pips (kozel) or pips and counts
    (vn_traditional) are kept by those across its worlds (``solve``'s ``settled``); every
    world's value and node count is the one it has solved alone.

    RULES.md: 1.9, 2.1, 2.5 (the ranking chain, vn_traditional's and kozel's settlements)
    """
    rs = get_ruleset(variant, {"players": players})
    sides = sides_of(rs, players)
    settled: dict = {}
    solved = 0
    for s in _worlds(rs, seed=5 * players + len(variant), count=40):
        if len(sides) == 2:
            u = Utility(rs, players, 0, 1)
            args: tuple = (u, u.maximizing)
            index = None
        else:
            us = [Utility(rs, players, side[0], 1) for side in sides]
            index = {p: i for i, side in enumerate(sides) for p in side}
            args = (lambda r, us=us: [x(r) for x in us], None)
        alone, kept = [0], [0]
        try:
            want = linesolve.solve(s.copy(), *args, 20_000, alone, index)
        except linesolve.SolveLimit:  # a large world: the same give-up, at the same node
            with pytest.raises(linesolve.SolveLimit):
                linesolve.solve(s.copy(), *args, 20_000, kept, index, settled=settled)
            assert kept == alone
            continue
        got = linesolve.solve(s.copy(), *args, 20_000, kept, index, settled=settled)
        assert (got, kept[0]) == (want, alone[0]), (rs.name, s.hands, s.boneyard)
        solved += 1
    assert settled and solved >= 5


# Recorded from main's code (eb3b8fd, before E-115's kept decision nodes) with this test's
# worlds and limits: 504 solves, 279 of them past their limit.
MAXN_MAIN = "59dd33045924fdf3b3ef9f2fd27d207cfd17068f"


def test_max_n_values_nodes_and_give_ups_are_mains():
    """E-115: max^n keeps its decision nodes' values and counts the nodes under a repeated
    one; every value, every give-up and the node count where each solve ends are main's, at
    limits from 5 to 20,000 nodes (a digest of them all).

    RULES.md: 1.7, 1.9 (the end of a hand, the ranking chain)
    """
    out = []
    for variant, players in [("kozel", 4), ("kozel", 3), ("vn_traditional", 3), ("vn_iwin", 4),
                             ("vn_traditional", 4), ("draw", 4)]:
        rs = get_ruleset(variant, {"players": players})
        sides = sides_of(rs, players)
        us = [Utility(rs, players, side[0], 1) for side in sides]
        index = {p: i for i, side in enumerate(sides) for p in side}
        for s in _worlds(rs, seed=3, count=12):
            for limit in (5, 20, 60, 200, 1000, 5000, 20000):
                nodes = [0]
                try:
                    v = linesolve.solve(s.copy(), lambda r, us=us: [x(r) for x in us], None,
                                        limit, nodes, index)
                except linesolve.SolveLimit:
                    v = "limit"
                out.append((variant, limit, repr(v), nodes[0]))
    assert len(out) == 504 and sum(o[2] == "'limit'" for o in out) == 279
    assert hashlib.sha1(repr(out).encode()).hexdigest() == MAXN_MAIN
