"""Positions part-way through random hands on a plain line, for the AI's line-solver tests
(tests/ai/test_linesolve.py, test_search_speed.py, test_opponent_model.py): one loop that
deals, plays random moves and keeps the positions `domino.ai.linesolve` can solve; and the
engine's own playout loop, the reference the search's fast playouts (linesolve on a line,
trainplay on trains) must play as."""

from __future__ import annotations

import random
from collections.abc import Callable, Iterator

from domino.ai import linesolve
from domino.ai.policy import playable, rollout_move
from domino.hand.state import HandState, MatchContext, advance, legal_moves, new_hand
from domino.play.step import apply_unchecked
from domino.rules.ruleset import Ruleset
from domino.settlement.settle import hand_result


def line_worlds(rs: Ruleset, seed: int, count: int, plies: tuple[int, int],
                prepare: Callable[[HandState, random.Random], None] | None = None,
                keep: Callable[[HandState], bool] | None = None) -> Iterator[HandState]:
    """``count`` positions of ``rs``: each a new hand (``prepare``d, e.g. a first move and a
    seat leaving), then ``randrange(*plies)`` random playable moves; kept when the hand
    goes on, the line solver applies and ``keep`` (if given) agrees. One random stream from
    ``seed`` for the deals, ``prepare`` and the moves, so a seed gives the same positions."""
    rng = random.Random(seed)
    made = 0
    while made < count:
        s = new_hand(rs, MatchContext(), rng)
        if prepare is not None:
            prepare(s, rng)
        for _ in range(rng.randrange(*plies)):
            if s.over:
                break
            moves = playable(legal_moves(s))
            apply_unchecked(s, moves[rng.randrange(len(moves))])
        if s.over or not linesolve.applicable(s) or (keep is not None and not keep(s)):
            continue
        made += 1
        yield s


def random_positions(rs: Ruleset, seed: int, count: int, plies: tuple[int, int],
                     keep: Callable[[HandState], bool] | None = None) -> list[HandState]:
    """``count`` positions of ``rs`` (any layout, trains too): each a new hand dealt from its
    own seed, then ``randrange(*plies)`` random legal moves (draws and passes among them);
    kept when the hand goes on and ``keep`` (if given) agrees."""
    rng = random.Random(seed)
    out: list[HandState] = []
    while len(out) < count:
        s = new_hand(rs, rng=random.Random(rng.getrandbits(32)))
        for _ in range(rng.randrange(*plies)):
            if s.over:
                break
            legal = legal_moves(s)
            advance(s, legal[int(rng.random() * len(legal))])
        if not s.over and (keep is None or keep(s)):
            out.append(s)
    return out


def both_playouts(s: HandState, seed: int, greed: float,
                  playout: Callable[[HandState, random.Random, float], int]
                  ) -> tuple[HandState, HandState]:
    """World ``s`` played out twice from copies, each on ``random.Random(seed)``: by the
    engine's loop (``engine_playout``) and by a fast ``playout``; both must play as many moves
    and draw the same numbers. Returns (the engine's end position, the fast one's), for the
    caller to compare what its kernel keeps."""
    a, b = s.copy(), s.copy()
    ra, rb = random.Random(seed), random.Random(seed)
    moves_a = engine_playout(a, ra, greed)
    moves_b = playout(b, rb, greed)
    assert moves_b == moves_a
    assert ra.random() == rb.random()  # the same numbers drawn
    return a, b


def engine_playout(s: HandState, rng: random.Random, greed: float) -> int:
    """The loop ``Search._playout`` runs through the engine (``legal_moves``, ``rollout_move``,
    ``advance``) to the hand's end; returns the moves played. The fast playouts are compared
    with it move for move, on the same random stream."""
    moves = 0
    while not s.over:
        advance(s, rollout_move(s, legal_moves(s), rng, greed))
        moves += 1
    return moves


def tree_of(s: HandState) -> tuple:
    """A spinner tree as a playout leaves it: its layout, doubles down, spinners, next cross
    side's number and every arm's id and whether it is open."""
    lay = s.layout
    return (lay.to_json(), sorted(lay.doubles_down), lay.spinners, lay.next_x,
            [(a.id, a.open) for a in lay.arms.values()])


def assert_same_tree_end(a: HandState, b: HandState) -> None:
    """The engine's playout `a` and a tree kernel's `b` from the same position and random
    numbers end in the same state: how and by whom, the turn, the hands in their order, the
    boneyard, the tree, the first turn's cross sides, the settlement's deltas."""
    assert (b.termination, b.winner, b.last_placer, b.to_move, b.drew,
            b.passes_in_row) == (a.termination, a.winner, a.last_placer, a.to_move,
                                 a.drew, a.passes_in_row)
    assert b.hands == a.hands  # the same order too (a drawn tile goes last)
    assert b.boneyard == a.boneyard
    assert tree_of(b) == tree_of(a)
    assert b.first_turn_open == a.first_turn_open
    assert hand_result(b).delta == hand_result(a).delta
