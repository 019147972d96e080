"""What a seat can infer from its view: the layout replayed, and which tiles each seat cannot hold.

Everything here is computed from a ``View`` alone (own hand, counts, boneyard size and the
public history), never from a ``HandState``. The public history is replayed from the layout
where it begins (``View.start``: an empty table for a dealt hand, the tiles already down for a
record's ``start`` position), so that the open ends are known at every pass and draw:

* A forced draw or pass by seat P (RULES.md 1.4, "must play if able") proves that P held no
  tile with a legal placement at that moment. Tiles P drew *afterwards* are not covered, so
  each such fact is a ``Constraint`` with an ``allowance``: the number of later draws by P,
  the most tiles of the forbidden set P can hold now. With allowance 0 it is a hard fact.
* A forced first lead (the highest double, else the highest tile, RULES.md per variant)
  proves that no seat was dealt a higher double or tile. Only the view says whether the lead
  was forced (``HistoryStart.forced_lead``): a later hand may be led freely, and a start
  position may hand the lead to a seat the rule would not have chosen.

A start position may also leave tiles out of play (docs/DECISIONS.md E-13): the tiles nobody
can see are then more than the other hands and the boneyard hold, and a sampled world leaves
the rest out (``worlds``).

Voluntary moves prove nothing and are skipped: draws under ``voluntary_draw``, a pass after
drawing under ``drawn_tile_optional``, and Mexican Train's optional stop during a
``first_turn_multi`` turn.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from ..layout import LineLayout, TrainLayout, TreeLayout, touch_options
from ..moves import DRAW, LEAD, LEAVE, PAIR, PASS, Move
from ..rules import Ruleset
from ..tiles import Tile, full_set, is_double
from ..view import View


@dataclass(frozen=True)
class Constraint:
    """Seat ``seat`` holds at most ``allowance`` tiles of ``forbidden`` now."""

    seat: int
    forbidden: frozenset
    allowance: int


@dataclass
class Knowledge:
    """The public facts of a hand as one seat sees them, plus the replayed turn bookkeeping.

    ``hard[p]`` are tiles seat ``p`` certainly does not hold; ``soft`` are the constraints
    weakened by later draws. ``voids[p]`` are numbers for which ``p`` holds no tile (every
    unseen tile carrying the number is in ``hard[p]``). The remaining fields mirror the
    engine's per-hand bookkeeping so that a sampled world continues exactly like the real hand.
    """

    rs: Ruleset
    n: int
    seat: int
    layout: Any
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
    turns: list = field(default_factory=list)
    leader: int | None = None
    leavers: list[int] = field(default_factory=list)


def layout_from_json(rs: Ruleset, n: int, data: dict) -> Any:
    """The layout object of a view's layout JSON (``View.layout``, ``HistoryStart.layout``),
    read by the layout classes' own readers so that end ids and spinners are the engine's."""
    if rs.layout == "line":
        return LineLayout.from_pairs([(a, b) for a, b in data["tiles"]], rs.blank_wild)
    if rs.layout == "tree":
        return TreeLayout.from_json(data, rs.spinners, rs.cross_after_line, rs.unlock_mode)
    return TrainLayout.from_json(data, n, rs.allow_double_chain)


def _end_value(layout: Any, end: str) -> int:
    if isinstance(layout, TrainLayout):
        return layout.value(end)
    return dict(layout.ends())[end]


def place_on(layout: Any, rs: Ruleset, seat: int, tile: Tile, end: str,
             touch: int | None) -> None:
    """Place a tile as the engine does (the touching half defaults to the only possible one)."""
    if touch is None:
        touch = touch_options(tile, _end_value(layout, end), rs.blank_wild)[0]
    layout.place(tile, end, touch, seat)


def playable_tiles(layout: Any, tiles: list[Tile], seat: int, own_train_only: bool) -> set:
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
    if rule.by_seniority:
        def key(t: Tile) -> tuple:
            return (t[0], t[1])
    else:
        key = rs.tile_rank
    higher = {t for t in full_set(top) if key(t) > key(tile)}
    return set(doubles) | higher


def infer(v: View) -> Knowledge:
    """Replay the public history of ``v`` and collect everything it proves."""
    rs, n, me = v.rs, v.players, v.seat
    layout = layout_from_json(rs, n, v.start.layout)
    hand = list(v.hand)
    events: list[tuple[int, frozenset, int]] = []  # (seat, forbidden, draws counted from index)
    draw_index: list[list[int]] = [[] for _ in range(n)]
    first_open = [rs.first_turn_multi] * n
    trains = rs.layout == "trains"
    universe = full_set(rs.max_pip)
    cur: int | None = None
    placed = False
    turn_draws: list[int] = []
    extra = False
    passes = 0
    turns: list = []
    leavers: list[int] = []
    for idx, (p, entry) in enumerate(v.history):
        text = str(entry)
        if p != cur:
            if cur is not None:
                first_open[cur] = False
            cur, placed, turn_draws, extra = p, False, [], False
        if text == DRAW:
            own_only = trains and placed and first_open[p]
            if not rs.voluntary_draw:
                since = idx if rs.drawn_tile_optional else idx + 1
                events.append((p, frozenset(playable_tiles(layout, universe, p, own_only)), since))
            turn_draws.append(idx)
            draw_index[p].append(idx)
            continue
        if text == PASS:
            voluntary = trains and placed and first_open[p]
            if not voluntary:
                if rs.drawn_tile_optional and turn_draws:
                    since = turn_draws[0]
                else:
                    since = idx + 1
                events.append((p, frozenset(playable_tiles(layout, universe, p, False)), since))
            # Only a pass that ends a first-turn run of tiles is no failure; a pass after a
            # double the player could not satisfy counts, and sets the marker.
            if not (placed and not extra):
                passes += 1
                if trains:
                    layout.markers.add(p)
            turns.append((p, None))
            continue
        if text == LEAVE:
            leavers.append(p)
            turns.append((p, None))
            continue
        move = Move.parse(text)
        if move.kind == LEAD:
            layout.lead(move.tile, p)
            if idx == 0 and v.start.forced_lead:
                events.append((-1, frozenset(lead_forbidden(rs, move.tile)), 0))
            turns.append((p, move))
        else:
            place_on(layout, rs, p, move.tile, move.end, move.touch)
            if move.kind == PAIR:
                place_on(layout, rs, p, move.tile2, move.end2, None)
            passes = 0
            placed = True
            turn_draws = []  # the engine counts draws afresh after a placement
            if trains:
                extra = is_double(move.tile)
                if not extra:
                    turns.append((p, move))
            else:
                turns.append((p, move))
    to_move = v.to_move
    if cur is not None and cur != to_move:
        first_open[cur] = False
        placed, turn_draws, extra = False, [], False
    seen = set(hand) | set(layout.placed())
    unknown = [t for t in universe if t not in seen]
    counts = list(v.counts)
    hard: list[set[Tile]] = [set() for _ in range(n)]
    soft: list[Constraint] = []
    unknown_set = set(unknown)
    for p, forbidden, since in events:
        seats = range(n) if p == -1 else (p,)
        for q in seats:
            if q == me or counts[q] == 0:
                continue
            relevant = forbidden & unknown_set
            if not relevant:
                continue
            allowance = min(counts[q], sum(1 for i in draw_index[q] if i >= since))
            if allowance == 0:
                hard[q] |= relevant
            else:
                soft.append(Constraint(q, frozenset(relevant), allowance))
    voids: list[set[int]] = []
    for q in range(n):
        mine = set()
        for x in range(rs.max_pip + 1):
            if all(t in hard[q] for t in unknown if x in t):
                mine.add(x)
        voids.append(mine)
    return Knowledge(
        rs=rs, n=n, seat=me, layout=layout, hand=hand, unknown=unknown, counts=counts,
        boneyard=v.boneyard, hard=hard, soft=soft, voids=voids, drew=len(turn_draws),
        last_placer=v.last_placer, passes_in_row=passes, first_turn_open=first_open,
        played_this_turn=placed, extra_play=extra, turns=turns, leader=v.start.to_move,
        leavers=leavers,
    )
