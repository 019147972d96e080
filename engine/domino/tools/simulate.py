"""Random whole hands: the engine's speed measure and a source of random positions.

``simulate`` plays hands with uniformly random legal moves through the fast unchecked paths:
the line kernel of ``play/line_playout.py`` where the ruleset allows, else ``legal_moves`` +
``apply_unchecked`` (no copying). The
``leave`` move of vn_iwin is not a way of playing a hand and is never chosen here.
"""

from __future__ import annotations

import hashlib
import random
import time
from collections import Counter
from typing import Any

from ..hand.moves import LEAVE
from ..hand.state import MatchContext, advance, legal_moves, new_hand
from ..match.match import hand_rng
from ..play.line_playout import random_hand, supports
from ..rules.ruleset import Ruleset, get_ruleset
from ..settlement.settle import hand_result

_KEYS = ("termination", "winner", "blocker", "gai", "ranking", "pips", "delta", "house")


def _general_hand(rs: Ruleset, seed: int, i: int, chooser: random.Random) -> dict[str, Any]:
    """One random hand through ``legal_moves`` + ``apply_unchecked`` (any variant): its kernel
    ``game.advance``, with the hand settled once at its end."""
    state = new_hand(rs, MatchContext(), hand_rng(seed, i + 1))
    moves = 0
    while not state.over:
        legal = legal_moves(state)
        if len(legal) > 1 and legal[-1].kind == LEAVE:
            legal = legal[:-1]
        advance(state, legal[int(chooser.random() * len(legal))])
        moves += 1
    result = hand_result(state).to_json()
    result["moves"] = moves
    return result


def simulate(variant: str, options: dict[str, Any] | None = None, games: int = 100,
             seed: int = 0) -> dict[str, Any]:
    """Play ``games`` random hands of ``variant``; return counts, speed and a checksum.

    Deals come from one ``random.Random(seed + 1)`` (the kernel) or from ``hand_rng(seed, i)``
    and moves from one ``random.Random(seed)``, so the same arguments give the same checksum
    on any Python.
    """
    rs = get_ruleset(variant, options)
    chooser = random.Random(seed)
    hands: list[tuple[Any, ...]] = []  # each hand's fields (``_KEYS``), hashed at the end
    moves_total = 0
    start = time.perf_counter()
    kernel = supports(rs)
    dealer = random.Random(seed + 1)
    if kernel:
        for _ in range(games):
            outcome = random_hand(rs, dealer, chooser)
            moves_total += outcome.details["moves"]
            # The fields of ``_KEYS``, read from the result itself (its ``to_json`` would
            # copy them into a dict first): the same values, so the same text is hashed.
            hands.append((outcome.termination, outcome.winner, outcome.blocker, outcome.gai,
                          outcome.ranking, outcome.pips, outcome.delta, outcome.house))
    else:
        for i in range(games):
            result = _general_hand(rs, seed, i, chooser)
            moves_total += result.pop("moves")
            hands.append(tuple(result[k] for k in _KEYS))
    terminations = Counter(fields[0] for fields in hands)
    # The hash of each hand's ``repr`` one after another (what updating it hand by hand
    # would give).
    checksum = hashlib.sha256("".join(map(repr, hands)).encode()).hexdigest()[:16]
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
        "path": "line kernel" if kernel else "apply_unchecked",
        "terminations": dict(sorted(terminations.items())),
        "checksum": checksum,
    }
