"""The bit-mask line solver against the general exact solver on many small endgames (issue 23:
the fast kernels checked against the reference on 10,000 random hands per variant in CI):
positions late in random hands, where the general solver is cheap, ``ENDGAMES_PER_VARIANT``
per line variant, shared between its cases.

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

# One endgame of each random hand, at least this many per variant, shared between its cases.
ENDGAMES_PER_VARIANT = 10_000
# Cases whose endgames cost the general solver most (two or three players with a boneyard to
# draw from: 7-40 ms each, against 1-3 ms) take this fixed share; the variant's other case
# takes the rest.
SHARES = {("kozel", 2): 1_000, ("draw", 2): 1_000, ("vn_traditional", 2): 2_000,
          ("vn_iwin", 3): 3_000}


def endgames_for(variant: str, players: int) -> int:
    """How many endgames the case (variant, players) compares."""
    if (variant, players) in SHARES:
        return SHARES[(variant, players)]
    others = [o["players"] for v, o in CASES if v == variant]
    shared = sum(SHARES.get((variant, n), 0) for n in others)
    rest = sum(1 for n in others if (variant, n) not in SHARES)
    return -(-(ENDGAMES_PER_VARIANT - shared) // rest)
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


def test_every_variant_compares_at_least_its_endgames():
    for variant in {v for v, _ in CASES}:
        total = sum(endgames_for(v, o["players"]) for v, o in CASES if v == variant)
        assert total >= ENDGAMES_PER_VARIANT, variant


@pytest.mark.parametrize(("variant", "options"), CASES, ids=[
    f"{v}-{o['players']}p{'-team' if o.get('partnership') else ''}" for v, o in CASES])
def test_line_solver_matches_general_solver_on_endgames(variant, options, monkeypatch):
    monkeypatch.setattr(search, "legal_moves", _sorted_legal)
    rs = get_ruleset(variant, options)
    n = rs.players
    sides = sides_of(rs, n)
    count = endgames_for(variant, n)
    compared = 0
    for s in _endgames(rs, seed=1000 + len(variant) * 7 + n, count=count):
        compared += agrees_with_reference(rs, s, sides, 5_000)
    # Positions the general solver cannot finish cheaply (a long boneyard) are skipped.
    assert compared >= count // 2, compared
