"""What the tests that pin the expert's searches to main's share (tests/ai/test_*_pinned.py):
the decisions of hands played by ``hard``, a short digest of
the expert's search at each, and the comparison with the digests recorded from main's code.

A speed-up that must change no result (DECISIONS E-105, E-109, E-112 to E-114) is pinned this way: the same
seeded searches give the same move, every candidate's mean and evaluations, the budget used,
the worlds and the solves.
"""

from __future__ import annotations

import hashlib
import random
from collections.abc import Iterable, Iterator
from typing import Any

from domino import Match
from domino.ai import get_agent
from domino.ai.policy import playable
from domino.hand.moves import Move
from domino.hand.state import legal_moves
from domino.play.view import View, view


def hard_decisions(variant: str, deals: Iterable[tuple[dict[str, Any], int, int, int]]
                   ) -> Iterator[tuple[View, list[Move]]]:
    """Every other decision with a choice of hands played by ``hard``: for each deal
    (options, match seed, the hand's random seed, hard's seed), one hand from its start."""
    for options, seed, hand_seed, agent_seed in deals:
        hard = get_agent("hard", seed=agent_seed)
        m = Match.new(variant, options, seed=seed)
        rng = random.Random(hand_seed)
        turn = 0
        while not m.hand.over:
            s = m.hand
            moves = playable(legal_moves(s))
            v = view(s, s.to_move)
            if len(moves) > 1 and turn % 2 == 0:
                yield v, moves
            turn += 1
            m.play(hard.choose(v, legal_moves(s), rng))


def search_digest(v: View, moves: list[Move], budget: int | None = None) -> str:
    """The expert's search (at ``budget``, else its own), its choice and figures, as a short
    hash."""
    search = get_agent("expert", budget=budget).start(v, moves)
    best = search.run()
    text = repr((str(best), [(str(m), round(x, 9), n) for m, x, n in search.ranking()],
                 search.used, search.worlds, search.solved))
    return hashlib.sha1(text.encode()).hexdigest()[:10]


def assert_as_main(got: list[str], main: list[str]) -> None:
    """The digests ``got`` are main's, one by one."""
    assert len(got) == len(main)
    changed = [i for i, (a, b) in enumerate(zip(got, main, strict=True)) if a != b]
    assert not changed, f"{len(changed)} of {len(main)} searches differ: {changed}"


def deal_digests(variant: str, deals: list[tuple[dict[str, Any], int]], first_seed: int
                 ) -> list[str]:
    """The expert's search digests (its own budget) at ``hard_decisions`` of ``variant`` for
    ``deals``, each (options, hands): the i-th deal's hands from match seed
    ``first_seed + 10 * i``, hard seeded ``i``."""
    spread = [(options, first_seed + 10 * i + h, h, i) for i, (options, hands) in
              enumerate(deals) for h in range(hands)]
    return [search_digest(v, moves) for v, moves in hard_decisions(variant, spread)]
