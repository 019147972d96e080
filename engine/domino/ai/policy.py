"""Move choice without search: the baselines, the beginner and the heuristic player.

``score_move`` is the heuristic of the ``medium`` level, read from a seat's knowledge: shed
heavy tiles (what the losers pay in every variant), put doubles down early (they fit only one
number, and vn_iwin charges for each one left in hand), keep the numbers in hand varied and
tiles that fit the new ends (a hand that can follow does not draw or pass), leave ends that an
opponent is known to lack (never ones the partner lacks), and in all_fives take the points on
offer. The weights (``WEIGHTS``) favour going out over shedding pips: in arena runs that won
more hands in every target variant. The ``rollout_move`` policy used inside the searches is a cheaper cousin that
reads the HandState of a sampled world.
"""

from __future__ import annotations

import random

from ..hand.layout import Arm, Layout, LineLayout, TrainLayout, TreeLayout, touch_options
from ..hand.moves import DRAW, LEAD, LEAVE, PAIR, PASS, PLACE, Move
from ..hand.state import HandState
from ..play.resample import Knowledge, place_on
from ..rules.ruleset import Ruleset
from ..tiles import Tile
from .evaluate import side_of

PLACING = (LEAD, PLACE, PAIR)

# Weights of the medium heuristic (``score_move``), tuned in arena runs against easy and greedy.
WEIGHTS = {
    "pip": 0.2,  # per pip shed
    "double": 4.0,  # per double put down
    "double_iwin": 6.0,  # where doubles left in hand are charged (vn_iwin: half a stake each)
    "numbers": 0.5,  # per distinct number still in hand
    "follow": 3.0,  # per tile in hand that fits the new ends
    "block_next": 8.0,  # the next seat is known to lack every new end
    "block_other": 3.0,  # a later seat is
    "fives": 0.6,  # per all_fives point scored at once
    "marker": 2.0,  # Mexican Train: playing on one's own marked train clears the marker
}

# Where a variant's own rules turn a weight round, its changes (data, as the level table in
# ``levels`` is). Doubles: a double unlocks its number for everyone (RULES.md 2.4), so putting
# one down helps the others, and a blocked hand is won on the lowest pips: there the
# heuristic keeps its doubles and sheds weight. Paired duplicate deals, 3 players, 800 deals
# each, medium against greedy per seat and hand: the default weights -2.00 (SE 0.24), these
# +1.04 (0.18) (docs/DECISIONS.md E-41).
VARIANT_WEIGHTS: dict[str, dict[str, float]] = {
    "doubles": {"pip": 0.5, "double": -8.0, "follow": 0.5, "numbers": 0.0},
}


def weights_for(rs: Ruleset) -> dict[str, float]:
    """The heuristic's weights in the variant of ``rs``: ``WEIGHTS`` with the variant's
    changes (``VARIANT_WEIGHTS``)."""
    changes = VARIANT_WEIGHTS.get(rs.id)
    return WEIGHTS if changes is None else {**WEIGHTS, **changes}


def playable(legal: list[Move]) -> list[Move]:
    """The moves worth choosing among: never ``leave`` (quitting the table is not a way to
    play a hand), and no voluntary draw or pass while a tile can be placed."""
    places = [m for m in legal if m.kind in PLACING]
    if places:
        return places
    rest = [m for m in legal if m.kind != LEAVE]
    return rest or list(legal)


def move_tiles(m: Move) -> tuple[Tile, ...]:
    """The tiles a move puts on the table."""
    if m.kind == PAIR:
        return (m.tile, m.tile2)
    if m.kind in (LEAD, PLACE):
        return (m.tile,)
    return ()


def move_weight(rs: Ruleset, m: Move) -> int:
    """Pips a move sheds, under the variant's pip values."""
    return sum(rs.pip(t) for t in move_tiles(m))


def heaviest(rs: Ruleset, legal: list[Move]) -> Move:
    """"Bota gorda": the heaviest placement (the first listed among equals)."""
    moves = playable(legal)
    best = moves[0]
    for m in moves[1:]:
        if move_weight(rs, m) > move_weight(rs, best):
            best = m
    return best


def _peek_count(layout: Layout, rs: Ruleset, tile: Tile, end: str, touch: int | None) -> int:
    """all_fives: the open-end count right after placing ``tile`` (layout left unchanged)."""
    lay = layout.copy()
    place_on(lay, rs, -1, tile, end, touch)
    return lay.count_ends()


def fives_points(layout: Layout, rs: Ruleset, m: Move) -> int:
    """Points the move scores at once in all_fives (0 elsewhere, or if it scores nothing)."""
    if not rs.end_count_scoring or m.kind not in (LEAD, PLACE):
        return 0
    if m.kind == LEAD:
        count = m.tile[0] + m.tile[1]
    else:
        count = _peek_count(layout, rs, m.tile, m.end, m.touch)
    return count if count and count % 5 == 0 else 0


def layout_after(k: Knowledge, m: Move) -> Layout:
    """The layout once ``m`` is laid by the knowing seat (a copy: ``k`` is unchanged)."""
    lay = k.layout.copy()
    if m.kind == LEAD:
        lay.lead(m.tile, k.seat)
    else:
        place_on(lay, k.rs, k.seat, m.tile, m.end, m.touch)
        if m.kind == PAIR:
            place_on(lay, k.rs, k.seat, m.tile2, m.end2, None)
    return lay


def _can_use(lay: Layout, seat: int, t: Tile) -> bool:
    return bool(lay.options(t, seat))


def score_move(k: Knowledge, m: Move) -> float:
    """The medium level's estimate of a move (larger is better); see the module docstring."""
    rs = k.rs
    if m.kind not in PLACING:
        return -1000.0 if m.kind == LEAVE else -100.0
    tiles = move_tiles(m)
    w = weights_for(rs)
    score = w["pip"] * sum(rs.pip(t) for t in tiles)
    double_bonus = w["double_iwin"] if rs.settlement_kind.doubles_left_cost else w["double"]
    score += double_bonus * sum(1 for t in tiles if t[0] == t[1])
    rest = [t for t in k.hand if t not in tiles]
    if not rest:
        return score + 1000.0  # going out ends the hand in every variant
    numbers = {x for t in rest for x in t}
    score += w["numbers"] * len(numbers)
    lay = layout_after(k, m)
    # Tiles left that can still be played on the new ends: a hand that keeps following.
    score += w["follow"] * sum(1 for t in rest if _can_use(lay, k.seat, t))
    if not isinstance(lay, TrainLayout):
        ends = {v for _, v in lay.ends()}
        team = side_of(rs, k.n, k.seat)
        for step in range(1, k.n):
            q = (k.seat + step) % k.n
            if k.counts[q] == 0 or not ends:
                continue
            shut_out = ends <= k.voids[q]
            if not shut_out:
                continue
            weight = w["block_next"] if step == 1 else w["block_other"]
            score += -weight if q in team else weight
    else:
        before = k.layout
        assert isinstance(before, TrainLayout)  # the same kind as the layout after the move
        if m.end == f"T{k.seat}" and k.seat in lay.markers | before.markers:
            score += w["marker"]
    score += w["fives"] * fives_points(k.layout, rs, m)
    return score


def medium_move(k: Knowledge, legal: list[Move], rng: random.Random) -> Move:
    """The best move by ``score_move``; ties broken at random."""
    moves = playable(legal)
    if len(moves) == 1:
        return moves[0]
    scored = [(score_move(k, m), i) for i, m in enumerate(moves)]
    top = max(s for s, _ in scored)
    best = [i for s, i in scored if s >= top - 1e-9]
    return moves[best[int(rng.random() * len(best))]]


def easy_move(k: Knowledge, legal: list[Move], rng: random.Random, care: float = 0.55,
              fives: float = 0.6) -> Move:
    """A beginner: takes points in plain sight (all_fives) with chance ``fives``, and with
    chance ``care`` thinks: likes to put a double down and to expose a number it still
    holds, so it can follow; otherwise plays whatever fits first to the eye. It never weighs
    tiles nor reads what the others lack. The chances are the level table's
    (``levels.Level``)."""
    moves = playable(legal)
    if len(moves) == 1:
        return moves[0]
    rs = k.rs
    if rs.end_count_scoring and rng.random() < fives:
        scoring = [(fives_points(k.layout, rs, m), i) for i, m in enumerate(moves)]
        top = max(scoring)
        if top[0] > 0:
            return moves[top[1]]
    if rng.random() < care:
        best, best_score = moves[0], -1.0
        for m in moves:
            tiles = move_tiles(m)
            rest = [t for t in k.hand if t not in tiles]
            score = 3.0 * sum(1 for t in tiles if t[0] == t[1])
            for x in _exposed(k, m):
                score += sum(1 for t in rest if x in t)
            score += 0.01 * rng.random()
            if score > best_score:
                best, best_score = m, score
        return best
    return moves[int(rng.random() * len(moves))]



def _exposed(k: Knowledge, m: Move) -> tuple[int, ...]:
    """The numbers a move leaves showing on its end(s)."""
    if m.kind == LEAD:
        return m.tile
    if m.kind == PAIR:
        return ()  # a pair of doubles leaves both ends as they were
    if m.kind != PLACE:
        return ()
    lay = k.layout
    value = lay.value(m.end) if isinstance(lay, TrainLayout) else dict(lay.ends()).get(m.end)
    touch = m.touch if m.touch is not None else value
    t = m.tile
    return (t[1] if t[0] == touch else t[0],)


def rollout_move(s: HandState, legal: list[Move], rng: random.Random, greed: float) -> Move:
    """The playout policy inside searches: with probability ``greed`` the best placement by a
    quick score (pips shed, a double down, tiles left in hand that match the number exposed,
    and in all_fives the points on offer), otherwise a uniformly random sensible move."""
    n = len(legal)
    if n == 1:
        return legal[0]
    places = [m for m in legal if m.kind in PLACING]
    if not places:
        for m in legal:
            if m.kind in (DRAW, PASS):
                return m
        return legal[0]
    if len(places) == 1:
        return places[0]
    if rng.random() >= greed:
        return places[int(rng.random() * len(places))]
    rs = s.rs
    lay = s.layout
    hand = s.hands[s.to_move]
    kind = rs.layout_kind
    # What the loop reads of a line or a tree, taken once (and typed by the layout's class).
    left = right = -1
    arms = _NO_ARMS
    if isinstance(lay, LineLayout):
        left, right = lay.left, lay.right
    elif isinstance(lay, TreeLayout):
        arms = lay.arms
    fives = rs.end_count_scoring
    best, best_score = places[0], -1e9
    for m in places:
        t = m.tile
        score = 0.5 * rs.pip(t) + (4.0 if t[0] == t[1] else 0.0)
        if m.kind == PAIR:
            score += 0.5 * rs.pip(m.tile2) + 4.0
        elif m.kind == PLACE and not kind.trains:
            if kind.line:
                value = left if m.end == "L" else right
            else:
                value = arms[m.end].value
            touch = m.touch if m.touch is not None else value
            exposed = t[1] if t[0] == touch else t[0]
            for u in hand:
                if u != t and (u[0] == exposed or u[1] == exposed):
                    score += 3.0
            if fives:
                count = _fast_count(s, m)
                if count and count % 5 == 0:
                    score += 2.0 * count
        if score > best_score:
            best, best_score = m, score
    return best


_NO_ARMS: dict[str, Arm] = {}  # (never changed)


def _fast_count(s: HandState, m: Move) -> int:
    """The all_fives count after ``m`` by placing and undoing on the arm (no copy)."""
    lay = s.layout
    t = m.tile
    if isinstance(lay, LineLayout):
        value = lay.left if m.end == "L" else lay.right
        touch = m.touch if m.touch is not None else touch_options(t, value, s.rs.blank_wild)[0]
        other = t[1] if t[0] == touch else t[0]
        if m.end == "L":
            lay.tiles.insert(0, (other, touch))
            count = lay.count_ends()
            lay.tiles.pop(0)
        else:
            lay.tiles.append((touch, other))
            count = lay.count_ends()
            lay.tiles.pop()
        return count
    if isinstance(lay, TreeLayout):
        arm = lay.arms[m.end]
        touch = arm.value
        other = t[1] if t[0] == touch else t[0]
        arm.tiles.append((touch, other))
        count = lay.count_ends()
        arm.tiles.pop()
        return count
    return 0
