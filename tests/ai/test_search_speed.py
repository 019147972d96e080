"""The search's speed-ups give the same values as the code they replace (DECISIONS E-84).

The search's own line playout against the engine's loop, on random worlds.

``lineplay.playout`` replaces, on a plain line, the playout loop of ``legal_moves``,
``policy.rollout_move`` and ``game.advance`` (a speed-up, DECISIONS E-84): for the same
random stream it must make the same moves, end the hand the same way and leave the same
settlement, in every line variant the search plays it in (draws under both policies,
vn_iwin's pass penalties and seats that have left, kozel's pair of doubles). A search with
the same seed then chooses the same move with the same figures.

``evaluate.side_values``, the max^n solve's values of a result for every side at once,
against each side's ``Utility``: the same floats (kozel's records, RULES.md 2.5).

RULES.md: 1.5, 1.7, 2.3, 2.5 (a playout ends, draws and pays as the engine does; records)
"""

from __future__ import annotations

import random

import pytest
from linekit import both_playouts, line_worlds

from domino.ai import lineplay, linesolve
from domino.ai.evaluate import Utility, side_values, sides_of
from domino.ai.policy import playable
from domino.hand.moves import LEAVE, Move
from domino.hand.state import legal_moves
from domino.play.step import apply_unchecked
from domino.rules.ruleset import get_ruleset
from domino.settlement.settle import HandResult, hand_result

CASES = [
    ("block", {"players": 2}),
    ("block", {"players": 4, "partnership": True}),
    ("draw", {"players": 2}),
    ("draw", {"players": 4}),
    ("vn_traditional", {"players": 4}),
    ("vn_iwin", {"players": 3}),
    ("vn_iwin", {"players": 4}),
    ("kozel", {"players": 4}),
    ("kozel", {"players": 2}),
]


def _worlds(rs, seed: int, count: int):
    """Positions part-way through random hands, some with a seat gone where one may leave."""

    def first_move(s, rng):
        apply_unchecked(s, playable(legal_moves(s))[0])
        if not s.over and rs.leave_allowed and rng.random() < 0.3:
            apply_unchecked(s, Move(LEAVE))

    return line_worlds(rs, seed, count, (0, 16), prepare=first_move)


@pytest.mark.parametrize(("variant", "options"), CASES)
def test_line_playout_plays_as_the_engine(variant: str, options: dict) -> None:
    rs = get_ruleset(variant, options)
    assert linesolve.supported(rs)
    for i, s in enumerate(_worlds(rs, 7 + len(variant), 60)):
        for greed in (0.0, 0.6, 1.0):
            a, b = both_playouts(s, i, greed, lineplay.playout)
            assert (b.termination, b.winner, b.last_placer) == (a.termination, a.winner,
                                                                a.last_placer)
            assert [sorted(h) for h in b.hands] == [sorted(h) for h in a.hands]
            assert b.hands == a.hands  # the same order too (a drawn tile goes last)
            assert b.boneyard == a.boneyard
            assert b.transfers == a.transfers
            assert b.layout.tiles == a.layout.tiles
            assert (b.layout.left, b.layout.right) == (a.layout.left, a.layout.right)
            ra_, rb_ = hand_result(a), hand_result(b)
            assert rb_.delta == ra_.delta
            assert rb_.ranking == ra_.ranking



@pytest.mark.parametrize(("variant", "players", "hand_number", "totals", "seated"), [
    ("kozel", 4, 1, None, None),
    ("kozel", 4, 2, [0, 0, 0, 0], None),
    ("kozel", 4, 3, [95, 20, 0, 14], None),
    ("kozel", 3, 2, [40, 0, 88], None),
    ("vn_iwin", 4, 1, None, [True, False, True, True]),
    ("vn_traditional", 4, 1, None, None),
])
def test_side_values_are_each_sides_utility(variant: str, players: int, hand_number: int,
                                            totals: list[int] | None,
                                            seated: list[bool] | None) -> None:
    rs = get_ruleset(variant, {"players": players})
    utilities = [Utility(rs, players, side[0], hand_number, seated, totals)
                 for side in sides_of(rs, players)]
    values = side_values(utilities)
    assert (values.__name__ == "values") == (rs.standing == "record")  # the joint path
    rng = random.Random(players * 31 + hand_number)
    for _ in range(300):
        delta = [rng.randrange(-40, 60) for _ in range(players)]
        result = HandResult("domino", 0, None, None, list(range(players)), [0] * players,
                            delta)
        assert values(result) == [u(result) for u in utilities]
