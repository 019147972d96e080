"""What one seat's view proves, and full hand states consistent with it.

``resample(view, rng)`` is OpenSpiel's ``ResampleFromInfostate``: a complete ``HandState``
that the seat of ``view`` cannot tell from the real one. Its public part (the layout, the turn
bookkeeping, scores, penalties, escrow) is rebuilt here from the view's public history, and
its hidden part (the other seats' hands, the boneyard) is dealt at random among the tiles the
seat cannot see, honouring every fact that history proves. ``legal_moves`` and
``game.advance`` continue such a state exactly as they would the real hand, which is what the
AI's search needs; the AI never builds a state itself.

Everything is computed from a ``View`` alone (own hand, counts, boneyard size and the public
history), never from the real ``HandState``. The public history is replayed from the layout
where it begins (``View.start``: an empty table for a dealt hand, the tiles already down for a
record's ``start`` position), so that the open ends are known at every pass and draw
(``infer``):

* A forced draw or pass by seat P (RULES.md 1.4, "must play if able") proves that P held no
  tile with a legal placement at that moment. Tiles P drew *afterwards* are not covered, so
  each such fact is a ``Constraint`` with an ``allowance``: the number of later draws by P,
  the most tiles of the forbidden set P can hold now. With allowance 0 it is a hard fact.
* A forced first lead (the highest double, else the highest tile, RULES.md per variant)
  proves that no seat was dealt a higher double or tile. Only the view says whether the lead
  was forced (``HistoryStart.forced_lead``): a later hand may be led freely, and a start
  position may hand the lead to a seat the rule would not have chosen.

Voluntary moves prove nothing and are skipped: draws under ``voluntary_draw``, a pass after
drawing under ``drawn_tile_optional``, and Mexican Train's optional stop during a
``first_turn_multi`` turn.

A start position may also leave tiles out of play (docs/DECISIONS.md E-13): the tiles nobody
can see are then more than the other hands and the boneyard hold; nobody can tell which are
out, so a resampled state keeps as many of the remaining unseen tiles as the view's boneyard
count, at random, and leaves the others out.

Known approximations, both invisible to the seat: each leaver's own charge is not public
(it counts their doubles), only the escrow's total, so the total is split evenly among the
leavers (it is a constant for the seats still playing); and vn_schoolnet's blocker look-back
needs the positions before earlier placements, which a view does not give, so a resampled
vn_schoolnet state is its own ``base`` (the look-back replays from there, not from the deal;
in the other variants nothing replays and ``base`` is None), and a block already certain
before the state was resampled is scored as a forced block.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..hand.layout import Layout, TrainLayout, layout_class, touch_options
from ..hand.moves import DRAW, LEAD, LEAVE, PAIR, PASS, Move
from ..hand.state import (
    LEAD_PHASE,
    PLAY_PHASE,
    HandChance,
    HandState,
    MatchContext,
    blank_state,
)
from ..rules.ruleset import Ruleset
from ..tiles import Tile, full_set, is_double, shuffle
from .view import View


@dataclass(frozen=True)
class Constraint:
    """Seat ``seat`` holds at most ``allowance`` tiles of ``forbidden`` now."""

    seat: int
    forbidden: frozenset[Tile]
    allowance: int


@dataclass
class Knowledge:
    """The public facts of a hand as one seat sees them, plus the replayed turn bookkeeping.

    ``hard[p]`` are tiles seat ``p`` certainly does not hold; ``soft`` are the constraints
    weakened by later draws. ``voids[p]`` are numbers for which ``p`` holds no tile (every
    unseen tile carrying the number is in ``hard[p]``). The fields from ``drew`` on are the
    values of the ``HandState`` slots of the same names as the engine would have them now
    (tests/play/test_resample.py compares them with real states), which ``resample`` puts on the
    states it builds.
    """

    rs: Ruleset
    n: int
    seat: int
    layout: Layout
    hand: list[Tile]
    unknown: list[Tile]
    counts: list[int]
    boneyard: int
    hard: list[set[Tile]]
    soft: list[Constraint]
    voids: list[set[int]]
    drew: int = 0
    last_placer: int | None = None
    passes_in_row: int = 0
    first_turn_open: list[bool] = field(default_factory=list)
    played_this_turn: bool = False
    extra_play: bool = False
    turns: list[tuple[int, Move | None]] = field(default_factory=list)
    leader: int | None = None
    leavers: list[int] = field(default_factory=list)
    # The public history as (seat, Move), read once: the moves of every resampled state.
    history: list[tuple[int, Move]] = field(default_factory=list)
    # Where the history starts, as a state ``view.history_start`` reads (layout, seat to
    # move, seats): built once by ``resample`` and shared by every state it builds.
    origin: HandState | None = field(default=None, repr=False, compare=False)
    # The deal's per-seat order key (``_deal_order``) and the public part of the last view
    # resampled with this knowledge (``_public_copy``), each computed once: a search deals
    # thousands of worlds from one view, and rebuilding them per world was a sixth of a late
    # Mexican Train decision (DECISIONS E-107). Nothing above is changed after ``infer``.
    order: list[tuple[int, int]] | None = field(default=None, repr=False, compare=False)
    public: tuple[View, HandState] | None = field(default=None, repr=False, compare=False)


def layout_from_json(rs: Ruleset, n: int, data: dict[str, Any]) -> Layout:
    """The layout object of a view's layout JSON (``View.layout``, ``HistoryStart.layout``),
    read by the layout classes' own readers so that end ids and spinners are the engine's."""
    return layout_class(rs).from_view(rs, n, data)


def _end_value(layout: Layout, end: str) -> int:
    if isinstance(layout, TrainLayout):
        return layout.value(end)
    return dict(layout.ends())[end]


def place_on(layout: Layout, rs: Ruleset, seat: int, tile: Tile, end: str,
             touch: int | None) -> None:
    """Place a tile as the engine does (the touching half defaults to the only possible one)."""
    if touch is None:
        touch = touch_options(tile, _end_value(layout, end), rs.blank_wild)[0]
    layout.place(tile, end, touch, seat)


def playable_tiles(layout: Layout, tiles: list[Tile], seat: int, own_train_only: bool) -> set[Tile]:
    """Tiles of ``tiles`` that ``seat`` could place now (a subset of the engine's options).

    ``own_train_only``: Mexican Train's first_turn_multi continuation, where only the seat's
    own train may be used.
    """
    out = set()
    mine = f"T{seat}"
    for t in tiles:
        opts = layout.options(t, seat)
        if own_train_only:
            opts = [o for o in opts if o[0] == mine]
        if opts:
            out.add(t)
    return out


def _senior(t: Tile) -> tuple[int, ...]:
    """Kozel's senior order: by high half, then low half (RULES.md 1.8)."""
    return (t[0], t[1])


def lead_forbidden(rs: Ruleset, tile: Tile) -> set[Tile]:
    """Tiles no seat was dealt, given that ``tile`` was the forced first lead."""
    rule = rs.first_lead_rule
    top = rs.max_pip
    doubles = [(d, d) for d in range(top + 1)]
    if rule.opener != "double":
        return set()
    order = rule.double_values(top)
    if is_double(tile):
        return {(d, d) for d in order[:order.index(tile[0])]}
    key: Callable[[Tile], tuple[int, ...]] = _senior if rule.by_seniority else rs.tile_rank
    higher = {t for t in full_set(top) if key(t) > key(tile)}
    return set(doubles) | higher


def _next_mover(v: View, idx: int) -> int | None:
    """Who moves after history entry ``idx``: the next entry's seat, or the seat to move."""
    if idx + 1 < len(v.history):
        return v.history[idx + 1][0]
    return v.to_move


def infer(v: View) -> Knowledge:
    """Replay the public history of ``v`` and collect everything it proves."""
    rs, n, me = v.rs, v.players, v.seat
    replay = _Replay(v)
    for idx, (p, entry) in enumerate(v.history):
        replay.move(idx, p, entry)
    if replay.cur is not None and replay.cur != v.to_move:
        replay.first_open[replay.cur] = False
        replay.placed, replay.turn_draws, replay.extra = False, [], False
    hand = list(v.hand)
    seen = set(hand) | set(replay.layout.placed())
    unknown = [t for t in replay.universe if t not in seen]
    counts = list(v.counts)
    hard, soft = _constraints(replay, unknown, counts, me)
    voids: list[set[int]] = []
    for q in range(n):
        voids.append({x for x in range(rs.max_pip + 1)
                      if all(t in hard[q] for t in unknown if x in t)})
    return Knowledge(
        rs=rs, n=n, seat=me, layout=replay.layout, hand=hand, unknown=unknown, counts=counts,
        boneyard=v.boneyard, hard=hard, soft=soft, voids=voids, drew=len(replay.turn_draws),
        last_placer=v.last_placer, passes_in_row=replay.passes,
        first_turn_open=replay.first_open, played_this_turn=replay.placed,
        extra_play=replay.extra, turns=replay.turns, leader=v.start.to_move,
        leavers=replay.leavers, history=replay.history,
    )


class _Replay:
    """The public history of a view replayed move by move (``move``): the layout as it grew,
    what each draw and pass proved (``events``: seat or -1 for every seat, the tiles it
    cannot hold, and the history index from which its draws weaken that), each seat's draws,
    and the turn bookkeeping a ``HandState`` keeps (the current seat's turn, its draws,
    Mexican Train's first turns and extra plays, passes in a row, finished turns, leavers)."""

    def __init__(self, v: View) -> None:
        rs, n = v.rs, v.players
        self.v, self.rs = v, rs
        self.layout = layout_from_json(rs, n, v.start.layout)
        self.events: list[tuple[int, frozenset[Tile], int]] = []
        self.draw_index: list[list[int]] = [[] for _ in range(n)]
        self.first_open = [rs.first_turn_multi] * n
        self.trains = rs.layout_kind.trains
        self.universe = full_set(rs.max_pip)
        self.cur: int | None = None
        self.placed = False
        self.turn_draws: list[int] = []
        self.extra = False
        self.passes = 0
        self.turns: list[tuple[int, Move | None]] = []
        self.leavers: list[int] = []
        self.history: list[tuple[int, Move]] = []

    def move(self, idx: int, p: int, entry: Any) -> None:
        """Replay history entry ``idx``: seat ``p``'s move ``entry``."""
        text = str(entry)
        move = Move.parse(text)
        self.history.append((p, move))
        if p != self.cur:
            if self.cur is not None:
                self.first_open[self.cur] = False
            self.cur, self.placed, self.turn_draws, self.extra = p, False, [], False
        if text == DRAW:
            self.drew(idx, p)
        elif text == PASS:
            self.passed(idx, p)
        elif text == LEAVE:
            self.leavers.append(p)
            self.turns.append((p, None))
        elif move.kind == LEAD:
            self.layout.lead(move.tile, p)
            if idx == 0 and self.v.start.forced_lead:
                self.events.append((-1, frozenset(lead_forbidden(self.rs, move.tile)), 0))
            self.turns.append((p, move))
        else:
            self.placement(idx, p, move)

    def drew(self, idx: int, p: int) -> None:
        """A draw: unless drawing was voluntary, the seat held nothing playable."""
        rs = self.rs
        if not rs.voluntary_draw:
            own_only = self.trains and self.placed and self.first_open[p]
            since = idx if rs.drawn_tile_optional else idx + 1
            self.events.append((p, frozenset(
                playable_tiles(self.layout, self.universe, p, own_only)), since))
        self.turn_draws.append(idx)
        self.draw_index[p].append(idx)

    def passed(self, idx: int, p: int) -> None:
        """A pass: unless it ends a first-turn run of tiles, the seat held nothing playable."""
        if not (self.trains and self.placed and self.first_open[p]):
            if self.rs.drawn_tile_optional and self.turn_draws:
                since = self.turn_draws[0]
            else:
                since = idx + 1
            self.events.append((p, frozenset(
                playable_tiles(self.layout, self.universe, p, False)), since))
        # Only a pass that ends a first-turn run of tiles is no failure; a pass after a
        # double the player could not satisfy counts, and sets the marker.
        if not (self.placed and not self.extra):
            self.passes += 1
            if isinstance(self.layout, TrainLayout):
                self.layout.markers.add(p)
        self.turns.append((p, None))

    def placement(self, idx: int, p: int, move: Move) -> None:
        """A tile (or kozel's pair) placed after the lead."""
        place_on(self.layout, self.rs, p, move.tile, move.end, move.touch)
        if move.kind == PAIR:
            place_on(self.layout, self.rs, p, move.tile2, move.end2, None)
        self.passes = 0
        self.placed = True
        self.turn_draws = []  # the engine counts draws afresh after a placement
        if not self.trains:
            self.turns.append((p, move))
            return
        self.extra = is_double(move.tile)
        # A turn ends with a tile that is not a double, unless first_turn_multi lets the seat
        # go on along its own train (it moves again next: hand/state.py's
        # _after_train_placement).
        goes_on = (self.first_open[p] and move.end == f"T{p}"
                   and _next_mover(self.v, idx) == p)
        if not self.extra and not goes_on:
            self.turns.append((p, move))


def _constraints(replay: _Replay, unknown: list[Tile], counts: list[int], me: int
                 ) -> tuple[list[set[Tile]], list[Constraint]]:
    """What the replay's events prove about the unseen tiles: for each seat, the tiles it
    certainly does not hold (``hard``: nothing drawn since the event), and the constraints
    later draws weaken (``soft``: at most as many of those tiles as it drew since)."""
    n = len(counts)
    hard: list[set[Tile]] = [set() for _ in range(n)]
    soft: list[Constraint] = []
    unknown_set = set(unknown)
    for p, forbidden, since in replay.events:
        seats = range(n) if p == -1 else (p,)
        for q in seats:
            if q == me or counts[q] == 0:
                continue
            relevant = forbidden & unknown_set
            if not relevant:
                continue
            allowance = min(counts[q], sum(1 for i in replay.draw_index[q] if i >= since))
            if allowance == 0:
                hard[q] |= relevant
            else:
                soft.append(Constraint(q, frozenset(relevant), allowance))
    return hard, soft


def _greedy_deal(k: Knowledge, rng: random.Random) -> list[list[Tile]] | None:
    """Deal the unseen tiles honouring the hard constraints, most constrained seat first."""
    pool = k.unknown[:]
    shuffle(pool, rng)
    hands: list[list[Tile]] = [[] for _ in range(k.n)]
    counts, hard = k.counts, k.hard
    left = set(pool)
    # Seats with the fewest spare candidates pick first, ties at random (one number per seat,
    # drawn in seat order); the boneyard takes anything.
    rand = rng.random
    seats = [p for _, _, p in sorted([(spare, rand(), p) for spare, p in _deal_order(k)])]
    for p in seats:
        # The first ``counts[p]`` tiles of the pool still left and allowed to the seat.
        need, banned = counts[p], hard[p]
        chosen: list[Tile] = []
        for t in pool:
            if t in left and t not in banned:
                chosen.append(t)
                if len(chosen) == need:
                    break
        else:
            return None
        hands[p] = chosen
        left.difference_update(chosen)
    return hands


def _deal_order(k: Knowledge) -> list[tuple[int, int]]:
    """The seats ``_greedy_deal`` deals to, in seat order, each as (its spare candidates,
    seat): a seat's candidates are the unseen tiles not in its hard set, less the tiles it
    must take. They do not depend on the deal, so they are counted once per knowledge."""
    if k.order is None:
        size, unknown = len(k.unknown), set(k.unknown)
        k.order = [(size - len(unknown.intersection(k.hard[p])) - k.counts[p], p)
                   for p in range(k.n) if p != k.seat and k.counts[p] > 0]
    return k.order


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
            held = owner[slot]
            if held is None or augment(held, seen):
                owner[slot] = t
                return True
        return False

    for t in range(len(pool)):
        if not augment(t, set()):
            return None
    hands: list[list[Tile]] = [[] for _ in range(k.n)]
    for slot, held in enumerate(owner):
        if slots[slot] != -1:
            assert held is not None  # there are as many slots as tiles, and each got one
            hands[slots[slot]].append(pool[held])
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

def _origin(k: Knowledge, v: View) -> HandState:
    """The state where the history begins, as far as ``view.history_start`` reads it."""
    if k.origin is None:
        o = blank_state(k.rs, k.n, MatchContext(v.hand_number, k.leader, None,
                                                list(v.start.seated)), random.Random(0))
        o.layout = layout_from_json(k.rs, k.n, v.start.layout)
        o.to_move = v.start.to_move
        k.origin = o
    return k.origin


def public_state(v: View, rng: random.Random, k: Knowledge | None = None) -> HandState:
    """A ``HandState`` with the public part of the hand of ``v`` filled in and no hidden tile
    dealt: every hand and the boneyard empty. ``resample`` deals them.

    Starts from ``game.blank_state`` (every slot set), then sets what the view and the
    replayed history (``infer``) say. ``rng`` seeds the state's own chance (vn_iwin's
    reshuffle after a leave).
    """
    k = k or infer(v)
    rs, n = k.rs, k.n
    ctx = MatchContext(v.hand_number, k.leader, list(v.match_totals) or [0] * n,
                       list(v.seated))
    s = blank_state(rs, n, ctx, rng)
    s.layout = k.layout.copy()
    s.to_move = v.to_move if v.to_move is not None else k.seat
    s.phase = LEAD_PHASE if v.leading else PLAY_PHASE
    s.forced_lead = None
    if v.leading:
        leads = [m for m in v.legal if m.kind == LEAD]
        if len(leads) == 1 and len(v.hand) > 1:
            s.forced_lead = leads[0].tile
    elif v.start.forced_lead and k.history:
        # The lead the rule forced stays on the state (``view.history_start`` reads it).
        s.forced_lead = k.history[0][1].tile
    s.drew = k.drew
    s.history = list(k.history)  # moves are frozen values: shared, the list is the state's
    s.last_placer = k.last_placer
    s.passes_in_row = k.passes_in_row
    s.escrow = v.escrow
    # Each leaver's own charge is not public (it counts their doubles); only the total is.
    # It is a constant for the seats still playing, so any split among leavers will do.
    if k.leavers and v.escrow:
        share, rest = divmod(v.escrow, len(k.leavers))
        for i, p in enumerate(k.leavers):
            s.escrow_by[p] += share + (1 if i < rest else 0)
    s.transfers = list(v.penalties)
    s.points = list(v.points)
    s.extra_play = k.extra_play
    s.first_turn_open = list(k.first_turn_open)
    s.played_this_turn = k.played_this_turn
    s.turns = list(k.turns)
    s.origin = _origin(k, v)
    return s


def _public_copy(v: View, k: Knowledge) -> HandState:
    """A fresh copy of ``public_state(v, ..., k)``, built once per view and knowledge
    (``Knowledge.public``) and copied for every world: nothing in it depends on the deal but
    the state's chance, which ``resample`` sets."""
    if k.public is None or k.public[0] is not v:
        k.public = (v, public_state(v, random.Random(0), k))
    return k.public[1].copy()


def resample(v: View, rng: random.Random, knowledge: Knowledge | None = None,
             hidden: list[list[Tile]] | None = None) -> HandState:
    """A complete hand state consistent with ``v`` (OpenSpiel's ``ResampleFromInfostate``).

    The seat's own hand is the view's; the unseen tiles go to the other seats in the counts
    the view shows and to the boneyard, every hard fact of ``infer`` held and the soft ones as
    far as 24 tries can (``deal_hidden``); the public part is ``public_state``. So
    ``view(resample(v, rng), v.seat) == v``. The same ``rng`` state gives the same state.
    ``knowledge`` passes ``infer(v)`` when the caller has it already (the AI's search
    resamples one view many times). ``hidden``: the other seats' hands, a ``deal_hidden``
    the caller drew and chose (``ai.inference``), instead of a fresh one. Raises ValueError
    for a hand that is over.
    """
    if v.to_move is None:
        raise ValueError("the hand is over: there is nothing hidden left to resample")
    k = knowledge or infer(v)
    s = _public_copy(v, k)
    # The state's own chance, seeded from ``rng`` (its reshuffle seed is the first number of
    # a generator with this seed, as ``public_state`` would draw it; the generator is made
    # only if the state needs it).
    s.chance = HandChance(int(rng.random() * 2**53))
    hands = deal_hidden(k, rng) if hidden is None else [list(h) for h in hidden]
    hands[k.seat] = list(k.hand)
    dealt = {t for h in hands for t in h}
    rest = [t for t in k.unknown if t not in dealt]
    shuffle(rest, rng)
    s.hands = hands  # every list is new: dealt above, or copied from ``hidden``
    s.boneyard = rest[:v.boneyard]
    if k.rs.blocker_mode:
        # The earliest position play can be replayed from: this one. Only vn_schoolnet's
        # look-back replays (``blocker.LookBack``); elsewhere the copy would cost every
        # world of the AI's search for nothing, so ``base`` stays None there.
        s.base = s.copy()
    return s
