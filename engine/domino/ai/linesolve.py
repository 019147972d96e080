"""Exact solutions of line-layout worlds on bit masks: the searches' fast endgame solver.

A sampled world is a perfect-information position, and near the end of a hand the search
solves it exactly (``search._solve``, through ``legal_moves`` and ``game.advance``). On a
plain line (the layouts ``domino.play.line_playout`` plays: vn_traditional, vn_iwin, kozel, block, draw)
the same solve runs here on the kernel's representation: every hand is a bit mask over tile
ids, the layout is its two end values, and a move is an XOR that is undone on the way back,
so a node costs a few microseconds instead of a state copy. That makes exact solves cheap
enough to start much earlier in a hand.

The rules are the engine's, exactly as ``fast.playout_ids`` plays them: placements on either
end, kozel's pair of doubles, drawing by the variant's policy down to the reserve,
passes with vn_iwin's half-stake penalty to the last placer, the block check at the start of
a turn, and seats that have left (vn_iwin) skipped. Finished positions are settled by the
engine's own settlement (``settle_lean``: vn_iwin's without the summary's items, E-86; most
of vn_iwin's from the masks' pips, counts and doubles, ``iwin_by_counts``, E-105), so
the values are those of ``search._solve`` (alpha-beta for two sides) and
``search._solve_maxn`` (max^n, every seat for its own side, ties to the first move in the
same heavy-first order); tests/ai/test_linesolve.py compares them on random worlds.

The search's playouts on such a line are ``lineplay``'s.

Worlds this module cannot represent (``applicable`` is False) stay with the general solver:
trees and trains, ``blank_wild``, vn_schoolnet's blocker search, voluntary or optional
draws, all_fives-style end counting.
"""

from __future__ import annotations

import math
from collections.abc import Callable
from typing import Any, overload

from ..hand.layout import LineLayout
from ..hand.result import HandResult, Termination
from ..hand.state import OVER_PHASE, PLAY_PHASE, HandState
from ..play import line_playout as fast
from ..rules.ruleset import DRAW_UNTIL, NONE, Ruleset
from ..settlement.settle import COUNT_SETTLEMENTS, COUNTS_ONLY, PIP_SETTLEMENTS, settle_lean


class SolveLimit(Exception):
    """An exact solve ran past its node limit (the caller falls back to a playout)."""


def supported(rs: Ruleset) -> bool:
    """Whether worlds of ``rs`` can be solved here: a plain line under rules the kernel has,
    every draw forced."""
    return (rs.layout_kind.line and fast.supports(rs) and not rs.voluntary_draw
            and not rs.drawn_tile_optional)


def applicable(s: HandState) -> bool:
    """Whether ``s`` can be solved here: ``supported`` rules, the lead made."""
    line: LineLayout = s.layout  # type: ignore[assignment]  # read only once ``supported``
    return s.phase == PLAY_PHASE and supported(s.rs) and bool(line.tiles)


_ORDER: dict[tuple[int, int], tuple[list[int], list[int]]] = {}


def _order(s: HandState) -> tuple[list[int], list[int]]:
    """Tile weights (pips under the variant's values) and a rank that sorts heavy first,
    lower tile id first among equals: the general solver's order when hands are sorted."""
    rs = s.rs
    key = (rs.max_pip, rs.zero_double_value)
    got = _ORDER.get(key)
    if got is None:
        tiles = fast.tables(rs.max_pip).tiles
        weight = [rs.pip(t) for t in tiles]
        ranked = sorted(range(len(tiles)), key=lambda i: (-weight[i], i))
        rank = [0] * len(tiles)
        for r, i in enumerate(ranked):
            rank[i] = r
        got = _ORDER[key] = (weight, rank)
    return got


# A node's value: one float for the maximizing side (alpha-beta), or one float per side
# (max^n). One recursion serves both modes with no test of the type at each node, so inside
# it the values are Any; the overloads of ``solve`` give callers the precise type.
_Value = Any


@overload
def solve(s: HandState, value: Callable[[HandResult], float],
          maximizing: Callable[[int], bool], node_limit: int, nodes: list[int],
          mover_index: None = None, shared: dict[Any, Any] | None = None,
          blend: float = 0.0, own_blend: float = 0.0,
          settled: dict[Any, Any] | None = None) -> float: ...


@overload
def solve(s: HandState, value: Callable[[HandResult], list[float]],
          maximizing: None, node_limit: int, nodes: list[int],
          mover_index: dict[int, int], shared: dict[Any, Any] | None = None,
          blend: float = 0.0, own_blend: float = 0.0,
          settled: dict[Any, Any] | None = None) -> list[float]: ...


def solve(s: HandState, value: Callable[[HandResult], Any],
          maximizing: Callable[[int], bool] | None, node_limit: int, nodes: list[int],
          mover_index: dict[int, int] | None = None, shared: dict[Any, Any] | None = None,
          blend: float = 0.0, own_blend: float = 0.0, settled: dict[Any, Any] | None = None
          ) -> float | list[float]:
    """The exact value of world ``s`` (which ``applicable`` accepts and is not over).

    With ``maximizing`` (two sides): alpha-beta, ``value`` returning one number for the side
    that maximizes. Without it (three or more sides): max^n, ``value`` returning one number
    per side and ``mover_index[seat]`` naming the side each seat plays for.
    ``nodes[0]`` counts decision nodes (positions with more than one move, as in
    ``search._solve``) and settled end positions; past ``node_limit`` it raises
    ``SolveLimit`` (checked at decision nodes). max^n keeps each decision node's value by
    position and, where a position is reached again, counts the decision nodes a second
    search of it would count (E-115): the same values, counts and give-ups, fewer nodes
    visited (a third fewer in kozel with 4 players).

    ``shared``: the end positions' values kept across solves, for a caller that solves
    several positions of one world with one ``value`` (the search: every candidate move in
    each world) and empties it for the next world. The solves of one world often end in the
    same positions, and settling is much of a solve's time. An end position is keyed by all
    the settlement reads (every hand, the boneyard, how it ended, the last placer, every
    pass penalty, points, escrow and the seats), so a value found there is the value
    ``settle`` would give. The count of ``nodes`` is unchanged by it (an end position is
    counted once per solve, as without it), so a search spends its budget as before. (Kept
    across worlds, the values were found again less often than their keys cost.)

    ``settled``: the values of settlements made from the masks' pips (kozel) or pips and
    counts (``settle.COUNTS_ONLY``: vn_traditional without partners), kept by those alone
    (and how the hand ended, who went out), for a caller that solves many worlds with one
    ``value`` under one set of rules and seats (the search: a decision). Those settlements
    read nothing else, so a value found there is the one settling would give; about half of
    vn_traditional's settled end positions in a decision share their pips and counts with an
    earlier one (kozel's pips: a tenth, E-115). It changes no node count: it is asked only
    where settling was.

    ``blend`` (two sides only; 0: off, the exact alpha-beta value): a model of an opponent
    who does not see the maximizing side's tiles. In a sampled world alpha-beta lets the
    other side answer every move knowing the deciding seat's hand and play perfectly
    against it; with ``blend`` each of the other side's positions is worth ``(1 - blend)``
    times its best reply plus ``blend`` times the mean over its replies (a player who
    misses the best reply some of the time). ``own_blend`` does the same for the
    maximizing side's own later moves (``max`` in place of ``min``): a seat that will not
    see the other's tiles either, so a line that needs a later guess is not valued as if
    the guess were always right. Either value needs every reply's exact value, so no
    cut-offs: each position is searched once, its value kept by position for the rest of
    the solve (a transposition table), and every position counts as a node.
    """
    world = _World(s)
    # A tile fitting both ends of a line that shows one number gives the same position on
    # either end, up to swapping the ends: alpha-beta tries it once. max^n keeps both, since
    # its tie-breaks follow the move order, which swapped ends change.
    twin_ends = maximizing is not None
    leaf = _leaf_of(s, world, value, nodes, shared, settled)
    moves_of = _moves_of(s, world, twin_ends)
    if (blend or own_blend) and maximizing is not None:
        node = _blended_of(world, leaf, moves_of, maximizing, node_limit, nodes, blend,
                           own_blend)
    else:
        node = _node_of(world, leaf, moves_of, maximizing, mover_index, node_limit, nodes)
    line: LineLayout = s.layout  # type: ignore[assignment]  # ``applicable``: a line
    result: float | list[float] = node(s.to_move, line.left, line.right, 0, s.drew,
                                       s.last_placer, -math.inf, math.inf)
    return result


class _World:
    """A world on the kernel's representation, as the solve's nodes change it: each seat's
    hand as a bit mask (``hm``, changed and restored in place), the boneyard as tile ids, the
    next seated player after each seat, the pass penalties paid so far (``transfers``, pushed
    and popped), and the rules the nodes read."""

    __slots__ = ("tb", "hm", "bone", "nb", "reserve", "until", "pairs", "penalty", "half",
                 "seated", "in_play", "nxt", "transfers")

    def __init__(self, s: HandState) -> None:
        rs, n = s.rs, s.n
        tb = self.tb = fast.tables(rs.max_pip)
        index, bits = tb.index, tb.bits
        hm = self.hm = [0] * n
        for p, hand in enumerate(s.hands):
            for t in hand:
                hm[p] |= bits[index[t]]
        self.bone = [index[t] for t in s.boneyard]
        self.nb = len(self.bone)
        self.reserve = rs.reserve_for(n) if rs.draw_policy != NONE else self.nb
        self.until = rs.draw_policy == DRAW_UNTIL
        self.pairs = rs.pair_of_doubles
        self.penalty = rs.pass_penalty
        self.half = rs.stake // 2
        seated = self.seated = list(s.seated)
        self.in_play = [p for p in range(n) if seated[p]]
        nxt = self.nxt = [0] * n
        for p in range(n):
            q = (p + 1) % n
            while not seated[q]:
                q = (q + 1) % n
            nxt[p] = q
        self.transfers: list[tuple[int, int, int]] = []


def _leaf_of(s: HandState, world: _World, value: Callable[[HandResult], Any], nodes: list[int],
             shared: dict[Any, Any] | None = None, settled: dict[Any, Any] | None = None
             ) -> Callable[[Termination, int | None, int, int | None], _Value]:
    """The value of an end position of the solve, settled by the engine's ``settle_lean``
    (vn_iwin's, vn_traditional's and kozel's from the masks where they can be,
    ``_from_masks_of``) and kept by position (hands, boneyard top, how it ended, penalties
    paid); with ``shared``, kept there too, under everything else the settlement reads of
    the start position (its boneyard, points, penalties, escrow and seats)."""
    rs, n = s.rs, s.n
    hm, bone, transfers, seated, tb = world.hm, world.bone, world.transfers, world.seated, world.tb
    tiles_of = tb.tiles_of
    base_transfers = list(s.transfers)
    cache: dict[tuple[Any, ...], _Value] = {}
    known: dict[tuple[Any, ...], _Value] = {}
    if shared is not None:
        start = (tuple(s.boneyard), tuple(base_transfers), tuple(s.points), s.escrow,
                 tuple(s.escrow_by), tuple(seated))
        known = shared.setdefault(start, {})
    from_masks = _from_masks_of(s, world, value, settled)

    def leaf(termination: Termination, winner: int | None, top: int, lp: int | None
             ) -> _Value:
        key = (tuple(hm), top, termination, winner, lp, tuple(transfers))
        got = cache.get(key)
        if got is not None:
            return got
        # Settling costs about as much as a node: it counts towards the limit too.
        nodes[0] += 1
        got = known.get(key)
        if got is not None:
            cache[key] = got
            return got
        if from_masks is not None:
            got = from_masks(termination, winner, lp)
            if got is not None:
                cache[key] = known[key] = got
                return got
        f = HandState.__new__(HandState)
        f.rs, f.n = rs, n
        f.hands = [tiles_of(h) for h in hm]
        f.boneyard = [tb.tiles[i] for i in bone[top:]]
        f.seated = seated
        f.points = list(s.points)
        f.transfers = base_transfers + transfers
        f.last_placer = lp
        f.escrow, f.escrow_by = s.escrow, list(s.escrow_by)
        f.phase = OVER_PHASE
        f.termination = termination
        got = cache[key] = known[key] = value(settle_lean(f, termination, winner))
        return got

    return leaf


def _from_masks_of(s: HandState, world: _World, value: Callable[[HandResult], Any],
                   settled: dict[Any, Any] | None
                   ) -> Callable[[Termination, int | None, int | None], _Value] | None:
    """The value of the world's end position from its masks alone, or None (no such
    settlement): vn_iwin's and vn_traditional's from each mask's pips, count and doubles
    (E-105, E-114; the function's None where a tie in the ranking chain needs the tiles),
    kozel's from the pips alone (E-113). Those of pips (and counts) alone are kept by those
    in ``settled`` (``solve``'s, E-115)."""
    rs, hm, transfers, seated, tb = s.rs, world.hm, world.transfers, world.seated, world.tb
    by_counts = COUNT_SETTLEMENTS.get(rs.settlement)
    by_pips = PIP_SETTLEMENTS.get(rs.settlement)
    if not by_counts and not by_pips:
        return None
    base_transfers = list(s.transfers)
    face, twins = tb.face_pips, tb.doubles
    zero, sole = rs.zero_double_value, rs.zero_double_sole_only
    zero_bit = tb.bits[tb.index[(0, 0)]]
    escrow, escrow_by = s.escrow, list(s.escrow_by)
    memo: dict[tuple[Any, ...], _Value] = {}
    keep = settled is not None and (by_pips is not None or rs.settlement in COUNTS_ONLY)
    if keep:
        assert settled is not None
        memo = settled.setdefault((rs.settlement, tuple(seated)), {})

    def from_masks(termination: Termination, winner: int | None, lp: int | None) -> _Value:
        pips = [face(h) for h in hm]
        if zero:  # rs.pips: 0-0 adds its value where it counts
            pips = [x + zero if h & zero_bit and (not sole or h.bit_count() == 1) else x
                    for x, h in zip(pips, hm, strict=True)]
        counts = None if by_pips else [h.bit_count() for h in hm]
        mkey: tuple[Any, ...] = ()
        if keep:
            mkey = ((termination, winner, *pips) if counts is None
                    else (termination, winner, *pips, *counts))
            got = memo.get(mkey)
            if got is not None:
                return got
        done: HandResult | None
        if by_pips:
            done = by_pips(rs, seated, pips, termination, winner)
        else:
            assert by_counts is not None and counts is not None
            done = by_counts(rs, seated, pips, counts, [(h & twins).bit_count() for h in hm],
                             base_transfers + transfers, escrow, escrow_by, termination,
                             winner, lp)
            if done is None:
                return None
        got = value(done)
        if keep:
            memo[mkey] = got
        return got

    return from_masks


# Placements by (the hand's tiles that fit an end, the two ends), for a set, 0-0's value,
# twin-end rule and pair rule: a function of those alone, so they are kept from solve to
# solve (a decision's solves ask for the same few thousand again and again), up to
# ``KEPT_MOVES`` of them, for one such set of rules at a time: another's (an earlier match's
# variant, a benchmark's earlier rows) is dropped, as it would only lengthen the garbage
# collector's passes over the process's objects (E-115). Tuples, which the collector stops
# tracking, not lists.
_Placements = tuple[tuple[int, int, int], ...]
_KEPT: dict[tuple[int, int, bool, bool], dict[int, _Placements]] = {}
KEPT_MOVES = 50_000


def _moves_of(s: HandState, world: _World, twin_ends: bool
              ) -> Callable[[int, int, int], _Placements]:
    """A seat's placements in a solve's node, in the general solver's order (kept in
    ``_KEPT``: the lists are shared, callers only read them)."""
    tb = world.tb
    index, mask_of, double_of = tb.index, tb.mask, tb.double_of
    bits, high, low = tb.bits, tb.high, tb.low
    weight, rank = _order(s)
    pairs = world.pairs
    rules = (s.rs.max_pip, s.rs.zero_double_value, twin_ends, pairs)
    kept = _KEPT.get(rules)
    if kept is None or len(kept) > KEPT_MOVES:
        _KEPT.clear()
        kept = _KEPT[rules] = {}
    get = kept.get
    width = s.rs.max_pip.bit_length()

    def moves_of(h: int, left: int, right: int) -> _Placements:
        """Placements as the child positions they make: (the tiles' mask, which the seat's
        hand loses, the new left end, the new right end), heavy first. They depend on the
        tiles of the hand that show an end's number alone, which with the two ends key
        the kept list (one int: the tiles, then each end in a field of ``width`` bits)."""
        fit = h & (mask_of[left] | mask_of[right])
        key = (fit << width | left) << width | right
        got = get(key)
        if got is None:
            got = kept[key] = placements(fit, left, right)
        return got

    def placements(h: int, left: int, right: int) -> _Placements:
        ml = h & mask_of[left]
        mr = h & mask_of[right] if left != right or not twin_ends else 0
        both = ml | mr
        ids = []
        while both:
            b = both & -both
            ids.append(b.bit_length() - 1)
            both ^= b
        if len(ids) > 1:
            ids.sort(key=rank.__getitem__)
        out = []
        shed = []  # each placement's pips, for a pair's place among them
        for i in ids:
            if ml >> i & 1:
                out.append((bits[i], (low[i] if high[i] == left else high[i]), right))
                shed.append(weight[i])
            if mr >> i & 1:
                out.append((bits[i], left, (low[i] if high[i] == right else high[i])))
                shed.append(weight[i])
        if pairs and left != right and h & double_of[left] and h & double_of[right]:
            w = weight[index[(left, left)]] + weight[index[(right, right)]]
            at = len(out)
            while at and shed[at - 1] < w:
                at -= 1
            out.insert(at, (double_of[left] | double_of[right], left, right))
        return tuple(out)

    return moves_of


def _blocked(hm: list[int], in_play: list[int], ends: int) -> bool:
    """Whether no seated player holds a tile that fits ``ends`` (the masks of both ends)."""
    for q in in_play:
        if hm[q] & ends:
            return False
    return True


def _no_placement_of(w: _World, leaf: Callable[..., _Value], recurse: list[Callable[..., _Value]]
                     ) -> Callable[..., _Value]:
    """The solve's step for a seat with no placement: the block check, a draw, or a pass
    (the position after it is valued by ``recurse[0]``, the solve's recursion)."""
    mask_of, bits = w.tb.mask, w.tb.bits
    hm, bone, nb, reserve, until, penalty = w.hm, w.bone, w.nb, w.reserve, w.until, w.penalty
    half, in_play, nxt, transfers = w.half, w.in_play, w.nxt, w.transfers

    def no_placement(p: int, left: int, right: int, top: int, drew: int, lp: int | None,
                     alpha: float, beta: float) -> _Value:
        node = recurse[0]
        drawable = nb - top - reserve > 0
        # Start of turn with nothing to draw: the block check (RULES.md 1.7).
        if not drew and not drawable and _blocked(hm, in_play, mask_of[left] | mask_of[right]):
            return leaf("blocked", None, top, lp)
        if drawable and (until or drew == 0):
            t = bits[bone[top]]
            hm[p] |= t
            try:
                return node(p, left, right, top + 1, drew + 1, lp, alpha, beta)
            finally:
                hm[p] ^= t
        if penalty and lp is not None and lp != p:  # vn_iwin: half a stake to the placer
            transfers.append((p, lp, half))
            try:
                return node(nxt[p], left, right, top, 0, lp, alpha, beta)
            finally:
                transfers.pop()
        return node(nxt[p], left, right, top, 0, lp, alpha, beta)

    return no_placement


def _node_of(w: _World, leaf: Callable[..., _Value], moves_of: Callable[..., _Placements],
             maximizing: Callable[[int], bool] | None, mover_index: dict[int, int] | None,
             node_limit: int, nodes: list[int]) -> Callable[..., _Value]:
    """The solve's recursion: the value of the position where ``p`` is to move (``drew``
    tiles drawn this turn, ``lp`` the last placer), every name it reads a closure cell;
    alpha-beta with ``maximizing``, else max^n (``_maxn_of``)."""
    hm, nxt, inf = w.hm, w.nxt, math.inf
    maxing = maximizing if maximizing is not None else bool  # (bool: never called)
    recurse: list[Callable[..., _Value]] = []
    no_placement = _no_placement_of(w, leaf, recurse)

    def alphabeta(p: int, left: int, right: int, top: int, drew: int, lp: int | None,
                  alpha: float, beta: float) -> _Value:
        moves = moves_of(hm[p], left, right)
        if not moves:
            return no_placement(p, left, right, top, drew, lp, alpha, beta)
        if len(moves) > 1:
            nodes[0] += 1
            if nodes[0] > node_limit:
                raise SolveLimit
        q = nxt[p]
        if maxing(p):
            best = -inf
            for played, nl, nr in moves:
                hm[p] ^= played
                if hm[p]:
                    v = alphabeta(q, nl, nr, top, 0, p, alpha, beta)
                else:
                    v = leaf("domino", p, top, p)
                hm[p] ^= played
                if v > best:
                    best = v
                if best > alpha:
                    alpha = best
                if alpha >= beta:
                    break
            return best
        best = inf
        for played, nl, nr in moves:
            hm[p] ^= played
            if hm[p]:
                v = alphabeta(q, nl, nr, top, 0, p, alpha, beta)
            else:
                v = leaf("domino", p, top, p)
            hm[p] ^= played
            if v < best:
                best = v
            if best < beta:
                beta = best
            if alpha >= beta:
                break
        return best

    if maximizing is None:
        recurse.append(_maxn_of(w, leaf, moves_of, no_placement, mover_index or {}, node_limit,
                                nodes))
    else:
        recurse.append(alphabeta)
    return recurse[0]


def _maxn_of(w: _World, leaf: Callable[..., _Value], moves_of: Callable[..., _Placements],
             no_placement: Callable[..., _Value], side_of: dict[int, int], node_limit: int,
             nodes: list[int]) -> Callable[..., list[float]]:
    """max^n's recursion (``_node_of``'s without ``maximizing``: every seat for its side,
    ``side_of[seat]``; ``alpha``, ``beta`` unused)."""
    hm, nxt, transfers = w.hm, w.nxt, w.transfers
    # max^n's decision nodes searched, by everything the rest of the hand reads (as
    # ``_blended_of``'s), with their values and the decision nodes counted under them.
    table: dict[tuple[Any, ...], tuple[Any, int]] = {}
    decided = [0]  # decision nodes counted so far

    def maxn(p: int, left: int, right: int, top: int, drew: int, lp: int | None,
             alpha: float, beta: float) -> _Value:
        moves = moves_of(hm[p], left, right)
        if not moves:
            return no_placement(p, left, right, top, drew, lp, alpha, beta)
        if len(moves) > 1:
            # A decision node reached again (another order of the same moves) has the value
            # found the first time, and searching it again would count its decision nodes
            # alone (its end positions kept by ``leaf``, counted once): they are counted
            # here, and past the limit it gives up as that search would (E-115).
            key = (tuple(hm), left, right, p, top, drew, lp, tuple(transfers))
            got = table.get(key)
            if got is not None:
                if nodes[0] + got[1] > node_limit:
                    nodes[0] = max(nodes[0] + 1, node_limit + 1)
                    raise SolveLimit
                nodes[0] += got[1]
                decided[0] += got[1]
                return got[0]
            nodes[0] += 1
            if nodes[0] > node_limit:
                raise SolveLimit
            before = decided[0]
            decided[0] += 1
        else:
            key = None
        q = nxt[p]
        me = side_of[p]
        best_vec: list[float] | None = None
        for played, nl, nr in moves:
            hm[p] ^= played
            if hm[p]:
                v = maxn(q, nl, nr, top, 0, p, alpha, beta)
            else:
                v = leaf("domino", p, top, p)
            hm[p] ^= played
            if best_vec is None or v[me] > best_vec[me]:
                best_vec = v
        if key is not None:
            table[key] = (best_vec, decided[0] - before)
        return best_vec

    return maxn


def _blended_of(w: _World, leaf: Callable[..., _Value], moves_of: Callable[..., _Placements],
                maximizing: Callable[[int], bool], node_limit: int, nodes: list[int],
                blend: float, own_blend: float = 0.0) -> Callable[..., float]:
    """The blended solve's recursion (``solve``'s ``blend`` and ``own_blend``): the
    maximizing side's position is worth ``(1 - own_blend)`` times its best move plus
    ``own_blend`` times the mean of its moves, the other side's ``(1 - blend)`` times its
    best reply (the least value) plus ``blend`` times the mean of its replies. Every reply is
    searched exactly (``alpha`` and ``beta`` unused), and a position's value is kept by
    everything the rest of the hand reads (the hands, the ends, who is to move, the
    tiles drawn, the last placer, the pass penalties), so a position reached again by
    another order of the same moves costs one look-up. Positions searched and end
    positions settled count as nodes."""
    hm, nxt = w.hm, w.nxt
    recurse: list[Callable[..., float]] = []
    no_placement = _no_placement_of(w, leaf, recurse)
    transfers = w.transfers
    keep, own_keep = 1.0 - blend, 1.0 - own_blend
    table: dict[tuple[Any, ...], float] = {}

    def blended(p: int, left: int, right: int, top: int, drew: int, lp: int | None,
                alpha: float, beta: float) -> float:
        moves = moves_of(hm[p], left, right)
        if not moves:
            passed: float = no_placement(p, left, right, top, drew, lp, alpha, beta)
            return passed
        key = (tuple(hm), left, right, p, top, drew, lp, tuple(transfers))
        got = table.get(key)
        if got is not None:
            return got
        nodes[0] += 1
        if nodes[0] > node_limit:
            raise SolveLimit
        q = nxt[p]
        values: list[float] = []
        for played, nl, nr in moves:
            hm[p] ^= played
            if hm[p]:
                values.append(blended(q, nl, nr, top, 0, p, alpha, beta))
            else:
                values.append(leaf("domino", p, top, p))
            hm[p] ^= played
        if maximizing(p):
            got = (own_keep * max(values) + own_blend * sum(values) / len(values)
                   if own_blend else max(values))
        else:
            got = keep * min(values) + blend * sum(values) / len(values)
        table[key] = got
        return got

    recurse.append(blended)
    return blended
