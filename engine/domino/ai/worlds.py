"""Sampled worlds: complete ``HandState``s consistent with what one seat knows.

A world deals the unseen tiles (the full set less the seat's own hand and the layout) to the
other seats, in the counts the view shows, and the rest to the boneyard, respecting every
constraint of ``knowledge.infer``. A record's start position may leave tiles out of play
(docs/DECISIONS.md E-13); nobody can tell which, so a world keeps as many of the remaining
unseen tiles as the view's boneyard count, at random, and leaves the others out. The state
starts from the engine's ``game.blank_state`` and takes the public facts of the hand from the
view (the layout replayed from where its history starts), so ``legal_moves`` and
``game.advance`` continue it exactly as they would the real hand.

Known approximation: vn_schoolnet's blocker search reads snapshots of the positions before
recent placements; a world has none for placements made before it was sampled, so a block
that was already certain before the seat's decision is scored as a forced block.
"""

from __future__ import annotations

import random

from ..game import LEAD_PHASE, PLAY_PHASE, HandState, MatchContext
from ..game import blank_state as engine_blank_state
from ..moves import LEAD, Move
from ..tiles import Tile, shuffle
from ..view import View
from .knowledge import Knowledge, infer


def blank_state(k: Knowledge, v: View, rng: random.Random) -> HandState:
    """A HandState with the public part of the hand filled in and no hidden tiles dealt yet.

    Starts from the engine's own ``game.blank_state`` (every slot set), then copies in what
    the view and the replayed history say about the hand so far.
    """
    rs, n = k.rs, k.n
    ctx = MatchContext(v.hand_number, k.leader, list(v.match_scores) or [0] * n,
                       list(v.seated))
    s = engine_blank_state(rs, n, ctx, rng)
    s.layout = k.layout.copy()
    s.to_move = v.to_move if v.to_move is not None else k.seat
    s.phase = LEAD_PHASE if v.leading else PLAY_PHASE
    s.forced_lead = None
    if v.leading:
        leads = [m for m in v.legal if m.kind == LEAD]
        if len(leads) == 1 and len(v.hand) > 1:
            s.forced_lead = leads[0].tile
    s.drew = k.drew
    s.history = [(p, Move.parse(str(m))) for p, m in v.history]
    s.last_placer = k.last_placer
    s.passes_in_row = k.passes_in_row
    s.escrow = v.escrow
    # Each leaver's own charge is not public (it counts their doubles); only the total is.
    # It is a constant for the seats still playing, so any split among leavers will do.
    if k.leavers and v.escrow:
        share, rest = divmod(v.escrow, len(k.leavers))
        for i, p in enumerate(k.leavers):
            s.escrow_by[p] += share + (1 if i < rest else 0)
    s.transfers = [tuple(t) for t in v.penalties]
    s.points = list(v.points)
    s.extra_play = k.extra_play
    s.first_turn_open = list(k.first_turn_open)
    s.played_this_turn = k.played_this_turn
    s.turns = list(k.turns)
    return s


def _greedy_deal(k: Knowledge, rng: random.Random) -> list[list[Tile]] | None:
    """Deal the unseen tiles honouring the hard constraints, most constrained seat first."""
    pool = k.unknown[:]
    shuffle(pool, rng)
    hands: list[list[Tile]] = [[] for _ in range(k.n)]
    seats = [p for p in range(k.n) if p != k.seat and k.counts[p] > 0]
    left = set(pool)
    # Seats with the fewest spare candidates pick first; the boneyard takes anything.
    seats.sort(key=lambda p: (sum(1 for t in pool if t not in k.hard[p]) - k.counts[p],
                              rng.random()))
    for p in seats:
        allowed = [t for t in pool if t in left and t not in k.hard[p]]
        if len(allowed) < k.counts[p]:
            return None
        chosen = allowed[:k.counts[p]]
        hands[p] = chosen
        left.difference_update(chosen)
    return hands


def _matching_deal(k: Knowledge, rng: random.Random) -> list[list[Tile]] | None:
    """An exact (augmenting-path) assignment of unseen tiles to seat slots and the boneyard.

    Used when the greedy deal keeps failing; returns None only if the constraints cannot
    all hold (which a correct inference never produces).
    """
    pool = k.unknown[:]
    shuffle(pool, rng)
    slots: list[int] = []  # seat of each slot; -1 is the boneyard
    for p in range(k.n):
        if p != k.seat:
            slots.extend([p] * k.counts[p])
    slots.extend([-1] * (len(pool) - len(slots)))
    if len(slots) != len(pool):
        return None
    order = list(range(len(slots)))
    shuffle(order, rng)
    owner: list[int | None] = [None] * len(slots)  # tile index in each slot

    def fits(t: int, slot: int) -> bool:
        p = slots[slot]
        return p == -1 or pool[t] not in k.hard[p]

    def augment(t: int, seen: set[int]) -> bool:
        for slot in order:
            if slot in seen or not fits(t, slot):
                continue
            seen.add(slot)
            if owner[slot] is None or augment(owner[slot], seen):
                owner[slot] = t
                return True
        return False

    for t in range(len(pool)):
        if not augment(t, set()):
            return None
    hands: list[list[Tile]] = [[] for _ in range(k.n)]
    for slot, t in enumerate(owner):
        if slots[slot] != -1:
            hands[slots[slot]].append(pool[t])
    return hands


def deal_hidden(k: Knowledge, rng: random.Random, attempts: int = 24) -> list[list[Tile]]:
    """Hidden hands for every other seat, consistent with ``k`` (soft constraints by rejection).

    If no attempt satisfies the soft constraints the last hard-consistent deal is used: the
    soft constraints only bound what later draws may have brought.
    """
    fallback = None
    for _ in range(attempts):
        hands = _greedy_deal(k, rng)
        if hands is None:
            continue
        fallback = hands
        if all(len(c.forbidden.intersection(hands[c.seat])) <= c.allowance for c in k.soft):
            return hands
    if fallback is None:
        fallback = _matching_deal(k, rng)
    if fallback is None:
        # Inconsistent facts (for example a hand position edited by hand): deal freely.
        pool = k.unknown[:]
        shuffle(pool, rng)
        fallback = [[] for _ in range(k.n)]
        pos = 0
        for p in range(k.n):
            if p != k.seat:
                fallback[p] = pool[pos:pos + k.counts[p]]
                pos += k.counts[p]
    return fallback


def sample_world(v: View, rng: random.Random, k: Knowledge | None = None) -> HandState:
    """One complete hand consistent with ``v``: own hand as seen, hidden tiles sampled."""
    k = k or infer(v)
    s = blank_state(k, v, random.Random(int(rng.random() * 2**53)))
    hands = deal_hidden(k, rng)
    hands[k.seat] = list(k.hand)
    dealt = {t for h in hands for t in h}
    rest = [t for t in k.unknown if t not in dealt]
    shuffle(rest, rng)
    s.hands = [list(h) for h in hands]
    s.boneyard = rest[:v.boneyard]
    return s
