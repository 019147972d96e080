"""Random whole hands: the engine's speed measure and a source of random positions.

``simulate`` plays hands with uniformly random legal moves through the fast unchecked path
(``legal_moves`` + ``apply_unchecked``, no copying), which is what AI playouts use. The
``leave`` move of vn_iwin is not a way of playing a hand and is never chosen here.
"""

from __future__ import annotations

import hashlib
import json
import random
import time

from .game import MatchContext, apply_unchecked, legal_moves, new_hand
from .match import hand_rng
from .moves import LEAVE
from .rules import get_ruleset


def simulate(variant: str, options: dict | None = None, games: int = 100, seed: int = 0) -> dict:
    """Play ``games`` random hands of ``variant``; return counts, speed and a checksum.

    Hand ``i`` is dealt from ``hand_rng(seed, i + 1)`` and its moves are drawn from one
    ``random.Random(seed)``, so the same arguments give the same checksum on any Python.
    """
    rs = get_ruleset(variant, options)
    chooser = random.Random(seed)
    digest = hashlib.sha256()
    terminations: dict[str, int] = {}
    moves_total = 0
    start = time.perf_counter()
    for i in range(games):
        state = new_hand(rs, MatchContext(), hand_rng(seed, i + 1))
        while not state.over:
            legal = legal_moves(state)
            if len(legal) > 1 and legal[-1].kind == LEAVE:
                legal = legal[:-1]
            apply_unchecked(state, legal[int(chooser.random() * len(legal))])
            moves_total += 1
        result = state.result.to_json()
        terminations[result["termination"]] = terminations.get(result["termination"], 0) + 1
        digest.update(json.dumps(result, sort_keys=True).encode())
    seconds = time.perf_counter() - start
    return {
        "variant": rs.id,
        "players": rs.players,
        "options": rs.option_values(),
        "games": games,
        "seed": seed,
        "seconds": round(seconds, 4),
        "games_per_second": round(games / seconds, 1) if seconds > 0 else None,
        "moves": moves_total,
        "terminations": dict(sorted(terminations.items())),
        "checksum": digest.hexdigest()[:16],
    }
