"""The search's playouts on a plain line (vn_traditional, vn_iwin, kozel, block, draw): the
moves of the engine's loop of ``legal_moves``, ``policy.rollout_move`` and ``advance``, in the
same order for the same random numbers, without its Move objects and events (DECISIONS E-84).
Split from ``linesolve`` (the line's exact solves, E-115), which names the rules both serve
(``linesolve.supported``).
"""

from __future__ import annotations

import random

from ..hand.layout import LineLayout
from ..hand.result import Termination
from ..hand.state import OVER_PHASE, HandState
from ..rules.ruleset import DRAW_UNTIL, NONE, Ruleset
from ..tiles import Tile, full_set

_ROLLOUT_SCORES: dict[tuple[int, int], dict[Tile, float]] = {}


def _rollout_scores(rs: Ruleset) -> dict[Tile, float]:
    """``policy.rollout_move``'s score of each tile before the follow bonus (half its pips
    under the variant's values, 4 more for a double), by the set and 0-0's value."""
    key = (rs.max_pip, rs.zero_double_value)
    got = _ROLLOUT_SCORES.get(key)
    if got is None:
        got = _ROLLOUT_SCORES[key] = {t: 0.5 * rs.pip(t) + (4.0 if t[0] == t[1] else 0.0)
                                      for t in full_set(rs.max_pip)}
    return got


def _places(hand: list[Tile], left: int, right: int, pairs: bool) -> list[tuple[Tile, int]]:
    """The placements, in ``legal_moves``' order: (tile, end) with end 0 left, 1 right, and
    2 for kozel's pair of doubles (left's double on the left, right's on the right)."""
    places: list[tuple[Tile, int]] = []
    for t in hand:
        a, b = t
        if a == left or b == left:
            places.append((t, 0))
        if a == right or b == right:
            places.append((t, 1))
    if pairs and left != right and (left, left) in hand and (right, right) in hand:
        places.append(((left, left), 2))
    return places


def _greedy(places: list[tuple[Tile, int]], hand: list[Tile], left: int, right: int,
            base: dict[Tile, float], width: int) -> tuple[Tile, int]:
    """``rollout_move``'s greedy choice: pips shed, a double down, and 3 for each other
    tile in hand showing the number exposed; the first of equals. Every score is a small
    multiple of a half, so the sums are the same floats as rollout_move's."""
    showing = [0] * width  # tiles in hand showing each number (its own tile too)
    for a, b in hand:
        showing[a] += 1
        if b != a:
            showing[b] += 1
    best, best_score = places[0], -1e9
    for m in places:
        u0, e = m
        score = base[u0]
        if e == 2:
            score += base[(right, right)]
        else:
            touch = left if e == 0 else right
            score += 3.0 * (showing[u0[1] if u0[0] == touch else u0[0]] - 1)
        if score > best_score:
            best, best_score = m, score
    return best


def _stuck(hands: list[list[Tile]], seated: list[bool], n: int, p: int, left: int,
           right: int) -> bool:
    """The block check at the start of ``p``'s turn: no seated player, ``p`` first, holds a
    tile that fits either end (RULES.md 1.7)."""
    for j in range(n):
        q = p + j if p + j < n else p + j - n
        if seated[q]:
            for a, b in hands[q]:
                if a == left or b == left or a == right or b == right:
                    return False
    return True


def playout(s: HandState, rng: random.Random, greed: float) -> int:
    """Play line world ``s`` (``supported`` rules, the lead made) to its end in place,
    exactly as ``search.Search._playout``'s loop of ``legal_moves``, ``rollout_move`` and
    ``advance`` plays it (the same moves for the same draws of ``rng``), and return the
    moves made. Why a loop of its own: the playouts are much of the expert's time on a
    line, and here a move costs no Move object, no legal list and no event. It keeps what
    settlement reads (hands, boneyard, line, last placer, pass penalties, how the hand
    ended), not the move history, and the engine's order: placements tile by tile in hand
    order, the left end before the right, kozel's pair of doubles last; a drawn tile to the
    hand's end; the block check at the start of each turn once nothing can be drawn."""
    rs, n = s.rs, s.n
    hands, bone, seated = s.hands, s.boneyard, s.seated
    lay: LineLayout = s.layout  # type: ignore[assignment]  # a plain line (``supported``)
    tiles, left, right = lay.tiles, lay.left, lay.right
    base = _rollout_scores(rs)
    reserve = rs.reserve_for(n) if rs.draw_policy != NONE else len(bone)
    until, pairs, penalty, half = rs.draw_policy == DRAW_UNTIL, rs.pair_of_doubles, \
        rs.pass_penalty, rs.stake // 2
    p, drew, lp, passes, moves = s.to_move, s.drew, s.last_placer, s.passes_in_row, 0
    rand, width = rng.random, rs.max_pip + 1
    places: list[tuple[Tile, int]] | None = None
    while True:
        hand = hands[p]
        if places is None:
            places = _places(hand, left, right, pairs)
        k = len(places)
        moves += 1
        if not k:
            if len(bone) - reserve > 0 and (until or drew == 0):
                hand.append(bone.pop(0))
                drew += 1
                places = None
                continue
            passes += 1
            if penalty and lp is not None and lp != p:
                # vn_iwin: the passer pays half a stake to the most recent placer.
                s.transfers.append((p, lp, half))
        else:
            if k == 1:
                t, end = places[0]
            elif rand() >= greed:
                t, end = places[int(rand() * k)]
            else:
                t, end = _greedy(places, hand, left, right, base, width)
            hand.remove(t)
            if end == 2:
                tiles.insert(0, t)
                hand.remove((right, right))
                tiles.append((right, right))
            elif end == 0:
                other = t[1] if t[0] == left else t[0]
                tiles.insert(0, (other, left))
                left = other
            else:
                other = t[1] if t[0] == right else t[0]
                tiles.append((right, other))
                right = other
            lp, passes = p, 0
            if not hand:
                termination: Termination = "domino"
                break
        # The next seated player's turn; once nothing can be drawn, the block check.
        p = p + 1 if p + 1 < n else 0
        while not seated[p]:
            p = p + 1 if p + 1 < n else 0
        drew = 0
        places = None
        if len(bone) <= reserve:
            # The block check asks first whether ``p`` holds a tile that fits, which is
            # whether it has a placement: those placements are its turn's (E-105).
            places = _places(hands[p], left, right, pairs)
            if not places and _stuck(hands, seated, n, p, left, right):
                termination = "blocked"
                break
    lay.left, lay.right = left, right
    s.to_move, s.last_placer, s.passes_in_row, s.drew = p, lp, passes, drew
    s.phase, s.termination, s.by_default = OVER_PHASE, termination, False
    s.winner = p if termination == "domino" else None
    return moves
