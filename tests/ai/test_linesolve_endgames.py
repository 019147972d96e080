"""The bit-mask line solver against the general exact solver on many small endgames (issue 23:
the fast kernels checked against the reference on many random hands): positions late in
random hands, where the general solver is cheap, ``ENDGAMES`` per line case.

RULES.md: 1.7, 1.10 (the exact solver settles as the engine does)
"""

from __future__ import annotations

import random

import pytest
from test_linesolve import CASES, _sorted_legal, agrees_with_reference

from domino.ai import linesolve, search
from domino.ai.evaluate import sides_of
from domino.ai.policy import playable
from domino.hand.state import MatchContext, legal_moves, new_hand
from domino.play import line_playout as fast
from domino.play.step import apply_unchecked
from domino.rules.ruleset import get_ruleset

ENDGAMES = 150
# A position is an endgame once the seats hold this many tiles or fewer together.
TILES_LEFT = 9


def _endgames(rs, seed: int, count: int):
    """Positions of random hands once few tiles are left in the seats' hands."""
    rng = random.Random(seed)
    index = fast.tables(rs.max_pip).index
    made = 0
    while made < count:
        s = new_hand(rs, MatchContext(), rng)
        while not s.over and sum(map(len, s.hands)) > TILES_LEFT:
            moves = playable(legal_moves(s))
            apply_unchecked(s, moves[rng.randrange(len(moves))])
        if s.over or not linesolve.applicable(s):
            continue
        for hand in s.hands:
            hand.sort(key=index.__getitem__)
        made += 1
        yield s


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[
    f"{v}-{o['players']}p{'-team' if o.get('partnership') else ''}" for v, o in CASES])
def test_line_solver_matches_general_solver_on_endgames(variant, options, monkeypatch):
    monkeypatch.setattr(search, "legal_moves", _sorted_legal)
    rs = get_ruleset(variant, options)
    n = rs.players
    sides = sides_of(rs, n)
    compared = 0
    for s in _endgames(rs, seed=1000 + len(variant) * 7 + n, count=ENDGAMES):
        compared += agrees_with_reference(rs, s, sides, 5_000)
    # Positions the general solver cannot finish cheaply (a long boneyard) are skipped.
    assert compared >= ENDGAMES // 2, compared
