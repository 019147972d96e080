"""One hand: the deal, the lead, legal moves, and moves applied up to the end of the hand.

``HandState`` holds everything about a hand in play, hidden information included; it never
leaves the engine except through ``view``. ``check_move`` says whether a move is legal and
``advance`` applies a legal move in place, trusting that it came from ``legal_moves`` of that
same state. A move that ends the hand leaves its ``termination`` and ``winner`` on the state;
settling it is the next layer's job (``domino.play.step``: ``step`` and ``apply_unchecked``, and
``domino.settlement.settle``), so that this module needs nothing above it and the blocker search of
vn_schoolnet can play look-ahead moves here without settling them.

The turn procedure is RULES.md 1.6: the block check runs at the start of every turn (1.7),
``draw`` and ``pass`` are explicit moves allowed only by the draw policy (1.5), and a player
who can place must place (1.4).
"""

from __future__ import annotations

import random
from typing import Any

from ..errors import IllegalMoveError, RecordError
from ..rules import schema
from ..rules.ruleset import DRAW_UNTIL, NONE, Ruleset
from ..tiles import Tile, full_set, is_double, shuffle, tile_str
from .events import Drew, Event, Left, MarkerSet, Passed, Played, Scored

# ``HandState`` and its parts live in hand_state.py, the interned moves in moves.py; both are
# still importable from here, where most of the engine has always taken them.
from .hand_state import (
    HAND_STATE_SLOTS as HAND_STATE_SLOTS,
    LEAD_PHASE as LEAD_PHASE,
    LIST as LIST,
    LISTS as LISTS,
    OVER_PHASE as OVER_PHASE,
    OWN_COPY as OWN_COPY,
    PLAY_PHASE as PLAY_PHASE,
    SHARED as SHARED,
    HandChance as HandChance,
    HandState as HandState,
    MatchContext as MatchContext,
    _blank_state,
    blank_state as blank_state,
    engine_for_round as engine_for_round,
)
from .layout import LineLayout, TrainLayout, layout_class, touch_options
from .moves import (
    _LINE_MOVES,
    DRAW,
    DRAW_MOVE,
    LEAD,
    LEAVE,
    LEAVE_MOVE,
    PAIR,
    PASS,
    PASS_MOVE,
    PLACE,
    Move,
    _line_moves,
    lead_move,
    notation as notation,
    place_move,
)
from .result import Termination as Termination  # (its home was here: still importable)

# --- dealing and the lead ------------------------------------------------------------------

def deal(rs: Ruleset, ctx: MatchContext, rng: random.Random) -> tuple[list[list[Tile]], list[Tile]]:
    """Shuffle the set and deal ``tiles_each`` to every seated player; the rest is the boneyard.

    Mexican Train takes the round's engine out before shuffling (RULES.md 3.4). A variant
    that redeals when no double is dealt (``doubles``) deals again from the same RNG.
    """
    n = rs.players
    seated = ctx.seated or [True] * n
    tiles = full_set(rs.max_pip)
    engine = rs.layout_kind.engine(rs.max_pip, rs.rounds, ctx.hand_number)
    if engine is not None:
        tiles.remove((engine, engine))
    each = rs.tiles_each(n)
    while True:
        pool = tiles[:]
        shuffle(pool, rng)
        hands: list[list[Tile]] = []
        pos = 0
        for seat in range(n):
            if seated[seat]:
                hands.append(pool[pos:pos + each])
                pos += each
            else:
                hands.append([])
        boneyard = pool[pos:]
        if not rs.redeal_without_double or any(is_double(t) for h in hands for t in h):
            return hands, boneyard


def _highest_double(hands: list[list[Tile]], order: list[int]) -> tuple[int, Tile] | None:
    for d in order:
        for seat, hand in enumerate(hands):
            if (d, d) in hand:
                return seat, (d, d)
    return None


def determine_lead(rs: Ruleset, hands: list[list[Tile]], ctx: MatchContext,
                   rng: random.Random | HandChance) -> tuple[int, Tile | None]:
    """Who leads this hand, and the tile they must lead (None: any tile). RULES.md per variant:
    the ruleset's ``LaterLead`` after the first hand, else its ``FirstLead``."""
    n = len(hands)
    later = rs.later_lead_rule
    if ctx.hand_number > 1 and not later.repeat_first:
        # The match names the leader (the previous winner, or the next seat in rotation).
        if ctx.leader is not None:
            return ctx.leader, None
        if later.without_leader == "seat0":
            return 0, None
        if later.without_leader == "lot":
            return _random_seat(ctx, n, rng), None
    rule = rs.first_lead_rule
    if rule.opener == "first_player":
        first = 0 if rs.first_player == "seat0" else _random_seat(ctx, n, rng)
        return first, None
    if rule.opener == "lot":
        return _random_seat(ctx, n, rng), None
    found = _highest_double(hands, rule.double_values(rs.max_pip))
    if found is not None:
        return found
    if rule.redeals:
        raise RecordError("no double was dealt; this variant redeals such a hand")
    senior = rule.by_seniority
    best: tuple[tuple[int, ...], int, Tile] | None = None
    for seat, hand in enumerate(hands):
        for t in hand:
            # Kozel's senior order is by high half, then low half (RULES.md 1.8).
            key = (t[0], t[1]) if senior else rs.tile_rank(t)
            if best is None or key > best[0]:
                best = (key, seat, t)
    if best is None:
        raise RecordError("nobody holds a tile to lead")
    return best[1], best[2]


def _random_seat(ctx: MatchContext, n: int, rng: random.Random | HandChance) -> int:
    seated = [s for s in range(n) if not ctx.seated or ctx.seated[s]]
    return seated[int(rng.random() * len(seated))]


def new_hand(rs: Ruleset, ctx: MatchContext | None = None, rng: random.Random | None = None,
             hands: list[list[Tile]] | None = None, boneyard: list[Tile] | None = None,
             play_rng: random.Random | HandChance | None = None) -> HandState:
    """Deal a hand with ``rng`` (or take the given deal) and set up its lead.

    ``play_rng`` drives what chance remains once the tiles are dealt (a lead by lot, vn_iwin's
    reshuffle after a leave); it defaults to ``rng``. A match passes a separate stream so that
    a recorded deal replays to the same lead as the seeded deal it came from.
    """
    ctx = ctx or MatchContext()
    rng = rng or random.Random(0)
    play_rng = play_rng or rng
    if hands is None:
        hands, boneyard = deal(rs, ctx, rng)
        # A deal made here is a shuffle of the whole set, every tile once: nothing to check.
        s = _blank_state(rs, rs.players, ctx, play_rng, hands, boneyard)
    else:
        s = _blank_state(rs, rs.players, ctx, play_rng)
        s.hands = [list(h) for h in hands]
        s.boneyard = list(boneyard or [])
        _check_tiles(s)
    if rs.redeal_without_double and not any(is_double(t) for h in s.hands for t in h):
        # Nobody holds a double: the deal is void and the tiles are dealt again (RULES.md 2.4).
        s.hands, s.boneyard = deal(rs, ctx, rng)
    s.start_hands = [h[:] for h in s.hands]
    seat, tile = determine_lead(rs, s.hands, ctx, play_rng)
    s.to_move, s.forced_lead = seat, tile
    s.leader = seat
    if rs.layout_kind.trains:  # the engine is the lead
        s.phase = PLAY_PHASE
        _start_turn(s, [])
    s.origin = s.copy()
    s.base = s.origin
    return s


def _check_tiles(s: HandState) -> None:
    """Every tile exists in the set and appears once across hands, boneyard and layout."""
    valid = set(full_set(s.rs.max_pip))
    seen: set[Tile] = set()
    for where, tiles in [(f"hand of P{i}", h) for i, h in enumerate(s.hands)] + [
            ("boneyard", s.boneyard), ("layout", s.layout.placed())]:
        for t in tiles:
            if t not in valid:
                raise RecordError(f"{where}: no tile {tile_str(t)} in a double-{s.rs.max_pip} set")
            if t in seen:
                raise RecordError(f"{where}: tile {tile_str(t)} appears twice")
            seen.add(t)


def start_position(rs: Ruleset, start: dict[str, Any], ctx: MatchContext,
                   rng: random.Random | HandChance) -> HandState:
    """A hand from a RECORD.md ``start`` position (hands, boneyard, layout, to_move).

    ``domino.rules.schema.start`` checks every field's type and range; this builds the position
    and refuses what the rules make impossible (tiles twice or not in the set, a layout whose
    tiles do not match, a vn_iwin block at the start with nobody who placed last)."""
    checked = schema.start(start, rs.players, rs.max_pip, rs.layout, rs.leave_allowed)
    hands = checked["hands"]
    to_move = checked["to_move"]
    s = _blank_state(rs, rs.players, ctx, rng)
    s.hands, s.boneyard = hands, checked["boneyard"]
    s.start_hands = [h[:] for h in hands]
    if rs.layout_kind.line:  # RECORD.md's ``line``
        s.layout = LineLayout.from_pairs(checked["line"], rs.blank_wild)
    elif checked["layout"] is not None:  # the engine's own ``layout`` field
        s.layout = layout_class(rs).from_view(rs, rs.players, checked["layout"])
    s.seated = checked["seated"]
    s.last_placer = checked["last_placer"]
    _check_tiles(s)
    s.to_move = to_move
    s.leader = to_move
    if s.layout.empty:
        s.phase = LEAD_PHASE
        if ctx.hand_number == 1 or rs.later_lead_rule.repeat_first:
            try:
                seat, tile = determine_lead(rs, hands, ctx, rng)
            except RecordError:
                seat, tile = to_move, None
            s.forced_lead = tile if seat == to_move else None
    else:
        s.phase = PLAY_PHASE
        _start_turn(s, [])
    s.origin = s.copy()
    s.base = s.origin
    return s


# --- legal moves ---------------------------------------------------------------------------

def _tile_options(s: HandState, tile: Tile, seat: int) -> list[tuple[str, int]]:
    lay = s.layout
    if s.extra_play and s.rs.allow_double_chain and isinstance(lay, TrainLayout):
        # The extra play after a double: satisfy the oldest double, or lay another double
        # on any train the seat may use (option allow_double_chain).
        # The trains open to a double are those the seat could use with no double waiting,
        # read from the layout without changing it (legal-move generation never mutates).
        out = lay.options(tile, seat)
        if is_double(tile):
            out += [o for o in lay.options(tile, seat, lay.open_targets(seat)) if o not in out]
        return out
    if (s.first_turn_open[seat] and s.played_this_turn and isinstance(lay, TrainLayout)
            and not lay.unsatisfied):
        # first_turn_multi: further tiles of the first turn go on the player's own train.
        return [o for o in lay.options(tile, seat) if o[0] == f"T{seat}"]
    return lay.options(tile, seat)




def placements(s: HandState, seat: int) -> list[Move]:
    """Every legal placement for ``seat`` (kozel pairs included), in a stable order."""
    lay = s.layout
    if type(lay) is LineLayout and not lay.blank_wild:
        out: list[Move] = []
        left, right = lay.left, lay.right
        line = _LINE_MOVES
        try:
            for tile in s.hands[seat]:
                a, b = tile
                if a == left or b == left:
                    out.append(line[tile][0])
                if a == right or b == right:
                    out.append(line[tile][1])
        except KeyError:  # a set larger than double-12 (a ruleset of one's own)
            _line_moves(s.rs.max_pip)
            return placements(s, seat)
        if s.rs.pair_of_doubles and lay.tiles and left != right:
            hand = s.hands[seat]
            if (left, left) in hand and (right, right) in hand:
                out.append(Move(PAIR, (left, left), "L", None, (right, right), "R"))
        return out
    out = []
    # A train layout outside the extra play and the first-turn run: every tile goes on the
    # same trains, listed once for the whole hand.
    trains = lay if (type(lay) is TrainLayout and not s.extra_play
                     and not (s.first_turn_open[seat] and s.played_this_turn
                              and not lay.unsatisfied)) else None
    targets = trains.targets(seat) if trains is not None else None
    for tile in s.hands[seat]:
        opts = (trains.options(tile, seat, targets) if trains is not None
                else _tile_options(s, tile, seat))
        if not opts:
            continue
        by_end: dict[str, list[int]] = {}
        for end, touch in opts:
            by_end.setdefault(end, []).append(touch)
        for end, touches in by_end.items():
            if len(touches) == 1:
                out.append(place_move(tile, end))
            else:
                out.extend(Move(PLACE, tile, end, t) for t in touches)
    if s.rs.pair_of_doubles and isinstance(s.layout, LineLayout) and s.layout.tiles:
        x, y = s.layout.left, s.layout.right
        hand = s.hands[seat]
        if x != y and (x, x) in hand and (y, y) in hand:
            out.append(Move(PAIR, (x, x), "L", None, (y, y), "R"))
    return out


def has_placement(s: HandState, seat: int) -> bool:
    """Whether ``seat`` could place a tile now (used by the block check)."""
    lay = s.layout
    if isinstance(lay, LineLayout) and not lay.blank_wild:
        left, right = lay.left, lay.right
        for a, b in s.hands[seat]:
            if a == left or b == left or a == right or b == right:
                return True
        return False
    return any(_tile_options(s, t, seat) for t in s.hands[seat])


def _can_draw(s: HandState) -> bool:
    rs = s.rs
    if rs.draw_policy == NONE or s.drawable() <= 0:
        return False
    return rs.draw_policy == DRAW_UNTIL or s.drew == 0


def legal_moves(s: HandState) -> list[Move]:
    """Every distinct legal move of the seat to move (RECORD.md: both ends listed)."""
    if s.phase == OVER_PHASE:
        return []
    seat = s.to_move
    rs = s.rs
    if s.phase == LEAD_PHASE:
        if s.forced_lead is not None:
            moves = [lead_move(s.forced_lead)]
        else:
            moves = [lead_move(t) for t in s.hands[seat]]
    else:
        moves = placements(s, seat)
        if moves:
            if rs.voluntary_draw and _can_draw(s):
                moves.append(DRAW_MOVE)
            if (rs.drawn_tile_optional and s.drew) or (
                    s.played_this_turn and s.first_turn_open[seat] and not s.extra_play):
                moves.append(PASS_MOVE)
        elif _can_draw(s):
            moves = [DRAW_MOVE]
        else:
            moves = [PASS_MOVE]
    if rs.leave_allowed and len(s.seats_in_play()) > 1:
        moves.append(LEAVE_MOVE)
    return moves


# --- applying moves ------------------------------------------------------------------------

def check_move(s: HandState, move: Move | str, seat: int | None = None) -> Move:
    """Parse ``move`` and make sure it is legal in ``s`` (for ``seat``, if given).

    Raises IllegalMoveError naming the move and the reason; returns the parsed move.
    """
    if not isinstance(move, Move):
        move = Move.parse(move)
    if s.phase == OVER_PHASE:
        raise IllegalMoveError(f"{move}: the hand is over")
    if seat is not None and seat != s.to_move:
        raise IllegalMoveError(f"{move}: out of turn, P{s.to_move} is to move, not P{seat}")
    legal = legal_moves(s)
    if move not in legal:
        raise IllegalMoveError(f"{move}: {explain_illegal(s, move, legal)}")
    return move


def explain_illegal(s: HandState, move: Move, legal: list[Move]) -> str:
    """A short reason why ``move`` is not in ``legal`` (for error messages)."""
    seat = s.to_move
    hand = s.hands[seat]
    if move.kind in (LEAD, PLACE, PAIR):
        for t in (move.tile, move.tile2):
            if t is not None and t not in hand:
                return f"P{seat} does not hold {tile_str(t)}"
    if move.kind == LEAD:
        if s.phase != LEAD_PHASE:
            return "the hand has already been led"
        # With no tile forced any tile held may be led, and the test above answered.
        assert s.forced_lead is not None
        return f"P{seat} must lead {tile_str(s.forced_lead)}"
    if s.phase == LEAD_PHASE:
        return f"P{seat} must lead first"
    if move.kind == PLACE:
        ends = dict(s.layout.ends())
        if move.end not in ends:
            return f"there is no open end {move.end}"
        if any(m.kind in (PLACE, PAIR) and m.tile == move.tile and m.end == move.end
               for m in legal):
            return "give the touching half as one of " + ", ".join(
                str(m) for m in legal if m.tile == move.tile and m.end == move.end)
        side = {"L": "left end", "R": "right end"}.get(move.end, f"end {move.end}")
        return f"the {side} shows {ends[move.end]}" if ends[move.end] not in move.tile else (
            f"{tile_str(move.tile)} may not be placed on {move.end} here")
    if move.kind == PAIR:
        return "that pair of doubles does not fit both ends"
    if move.kind == DRAW:
        if placements(s, seat) and not s.rs.voluntary_draw:
            return f"P{seat} can place a tile and must play"
        return "nothing may be drawn"
    if move.kind == PASS:
        if placements(s, seat):
            return f"P{seat} can place a tile and must play"
        return f"P{seat} must draw first"
    return "not allowed in this variant"


def advance(s: HandState, move: Move) -> list[Event]:
    """Apply a move known to be legal, in place, without settling a hand it ends.

    The kernel of ``play.apply_unchecked`` and ``play.step``, which settle the hand; playouts
    that only need the result at the end (the AI's search, random simulation) and the
    vn_schoolnet blocker search (whose look-ahead must never settle) call it directly.
    Calling it with a move that ``legal_moves(s)`` does not list corrupts the state.
    """
    seat = s.to_move
    kind = move.kind
    events: list[Event]
    if kind == PLACE or kind == PAIR:
        lay = s.layout
        tile = move.tile
        if kind == PLACE and type(lay) is LineLayout and not lay.blank_wild:
            # A line without wild blanks: the tile touches with the half the end shows.
            end, touch = move.end, move.touch
            s.hands[seat].remove(tile)
            lay.place(tile, end, (lay.left if end == "L" else lay.right)
                      if touch is None else touch, seat)
        else:
            _place(s, seat, tile, move.end, move.touch)
            if kind == PAIR:
                _place(s, seat, move.tile2, move.end2, None)
        s.last_placer = seat
        s.passes_in_row = 0
        entry = (seat, move)
        s.history.append(entry)
        events = [Played(seat, move, tile)]
        if s.rs.layout_kind.trains:
            return _after_train_placement(s, seat, move, events)
        s.turns.append(entry)
        if s.hands[seat] and not s.rs.end_count_scoring:
            _next_turn(s, events)  # what _after_placement comes to here
        else:
            _after_placement(s, seat, events)
        return events
    events = []
    if kind == LEAD:
        s.hands[seat].remove(move.tile)
        s.layout.lead(move.tile, seat)
        s.phase = PLAY_PHASE
        s.last_placer = seat
        s.history.append((seat, move))
        events.append(Played(seat, move, move.tile))
        s.turns.append((seat, move))
        _after_placement(s, seat, events)
        return events
    if kind == DRAW:
        tile = s.boneyard.pop(0)
        s.hands[seat].append(tile)
        s.drew += 1
        s.history.append((seat, move))
        events.append(Drew(seat, tile))
        return events
    if kind == PASS:
        s.history.append((seat, move))
        events.append(Passed(seat))
        # A pass that only ends a first-turn run of tiles (first_turn_multi) is no failure;
        # any other pass, including one after a double the player could not satisfy, is.
        placed = s.played_this_turn and not s.extra_play
        lay = s.layout
        if isinstance(lay, TrainLayout) and not placed:
            lay.markers.add(seat)
            events.append(MarkerSet(seat))
        if not placed:
            s.passes_in_row += 1
            if s.rs.pass_penalty and s.last_placer is not None and s.last_placer != seat:
                # vn_iwin: the passer pays half a stake to the most recent placer.
                s.transfers.append((seat, s.last_placer, s.rs.stake // 2))
        s.turns.append((seat, None))
        _next_turn(s, events)
        return events
    if kind == LEAVE:
        return _leave(s, seat, events)
    raise IllegalMoveError(f"unknown move kind {kind!r}")


def _place(s: HandState, seat: int, tile: Tile, end: str, touch: int | None) -> None:
    lay = s.layout
    if touch is None and type(lay) is LineLayout and not lay.blank_wild:
        touch = lay.left if end == "L" else lay.right
    if touch is None:
        value = s.layout.value(end) if isinstance(s.layout, TrainLayout) else dict(
            s.layout.ends())[end]
        opts = touch_options(tile, value, s.rs.blank_wild)
        touch = opts[0]
    s.hands[seat].remove(tile)
    s.layout.place(tile, end, touch, seat)


def _after_placement(s: HandState, seat: int, events: list[Event]) -> None:
    """End-of-placement bookkeeping: end counting, going out, then the next turn."""
    if s.rs.end_count_scoring:
        count = s.layout.count_ends()
        if count and count % 5 == 0:
            _add_points(s, seat, count, events, "ends")
            if s.phase == OVER_PHASE:
                return
    if not s.hands[seat]:
        _end_hand(s, "domino", seat)
        return
    _next_turn(s, events)


def _add_points(s: HandState, seat: int, points: int, events: list[Event], reason: str) -> None:
    """All-fives points scored during the hand; reaching the target ends the match at once."""
    teams = s.rs.teams(s.n)
    members = next((t for t in teams if seat in t), [seat]) if teams else [seat]
    for m in members:
        s.points[m] += points
    events.append(Scored(seat, points, reason))
    target = s.rs.target
    if target and s.match_totals[seat] + s.points[seat] >= target:
        _end_hand(s, "target", seat)


def _after_train_placement(s: HandState, seat: int, move: Move, events: list[Event]) -> list[Event]:
    """Mexican Train: a double (not the last tile) earns another play; going out ends the round."""
    if not s.hands[seat]:
        s.turns.append((seat, move))
        _end_hand(s, "domino", seat)
        return events
    s.played_this_turn = True
    if is_double(move.tile):
        s.extra_play = True
        s.drew = 0
        return events
    s.extra_play = False
    if s.first_turn_open[seat] and move.end == f"T{seat}":
        if any(o[0] == f"T{seat}" for t in s.hands[seat] for o in _tile_options(s, t, seat)):
            return events
    s.turns.append((seat, move))
    _next_turn(s, events)
    return events


def _next_turn(s: HandState, events: list[Event]) -> None:
    """Pass the turn to the next seated player and run the start-of-turn block check."""
    seat = s.to_move
    s.first_turn_open[seat] = False
    n, seated = s.n, s.seated
    nxt = seat + 1 if seat + 1 < n else 0
    while not seated[nxt]:
        nxt = nxt + 1 if nxt + 1 < n else 0
    s.to_move = nxt
    _start_turn(s, events)


def _start_turn(s: HandState, events: list[Event]) -> None:
    s.drew = 0
    s.extra_play = False
    s.played_this_turn = False
    if s.phase == OVER_PHASE:
        return
    rs = s.rs
    if rs.layout_kind.trains:
        # Mexican Train ends when the boneyard is empty and every seated player passed in
        # succession (RULES.md 3.4); markers can open trains, so no position is "dead" earlier.
        if s.passes_in_row >= len(s.seats_in_play()) and not s.boneyard:
            _end_hand(s, "round_over", None)
        return
    if rs.draw_policy != NONE and len(s.boneyard) > rs.reserve_for(s.n):
        return  # a tile can be drawn (RULES.md 1.5): the hand goes on
    # Blocked unless some seated player can place; the seat to move is asked first, being
    # the one most likely to answer yes.
    n, seated, hands = s.n, s.seated, s.hands
    first = s.to_move
    lay = s.layout
    if type(lay) is LineLayout and not lay.blank_wild:
        # ``has_placement`` on a line, written out: this runs at every turn.
        left, right = lay.left, lay.right
        # The seat to move, on its own (the usual answer; a seat that has left holds nothing).
        for a, b in hands[first]:
            if a == left or b == left or a == right or b == right:
                return
        for k in range(1, n):
            seat = first + k if first + k < n else first + k - n
            if seated[seat]:
                for a, b in hands[seat]:
                    if a == left or b == left or a == right or b == right:
                        return
    else:
        for k in range(n):
            seat = first + k if first + k < n else first + k - n
            if seated[seat] and has_placement(s, seat):
                return
    _end_hand(s, "blocked", None)


def leave_charge(s: HandState, seat: int) -> int:
    """What leaving the table costs ``seat`` now (vn_iwin, RULES.md 2.3): B, and 2B more per
    double in its hand. The page shows it before the player confirms."""
    doubles = sum(1 for t in s.hands[seat] if is_double(t))
    return s.rs.stake + 2 * s.rs.stake * doubles


def _leave(s: HandState, seat: int, events: list[Event]) -> list[Event]:
    """vn_iwin: the leaver pays B + 2B per double into escrow; the tiles go to the boneyard."""
    charge = leave_charge(s, seat)
    s.escrow += charge
    s.escrow_by[seat] += charge
    s.boneyard.extend(s.hands[seat])
    s.hands[seat] = []
    # The reshuffle draws on a stream fixed by the hand's chance seed and the move number,
    # so copies of a state (AI search, step) never disturb each other's chance.
    shuffle(s.boneyard, random.Random(s.chance.seed_value() * 1_000_003 + len(s.history)))
    s.seated[seat] = False
    s.history.append((seat, Move(LEAVE)))
    events.append(Left(seat, charge))
    s.turns.append((seat, None))
    if len(s.seats_in_play()) == 1:
        _end_hand(s, "domino", s.seats_in_play()[0], by_default=True)
        return events
    if s.phase == LEAD_PHASE:
        # The next player leads any tile (RULES.md 2.3).
        s.forced_lead = None
        nxt = (seat + 1) % s.n
        while not s.seated[nxt]:
            nxt = (nxt + 1) % s.n
        s.to_move = nxt
        s.drew = 0
        return events
    _next_turn(s, events)
    return events


def _end_hand(s: HandState, termination: Termination, winner: int | None,
              by_default: bool = False) -> None:
    """The hand is over: how it ended and who went out stay on the state for settlement."""
    s.phase = OVER_PHASE
    s.termination = termination
    s.winner = winner
    s.by_default = by_default


def public_history(s: HandState) -> list[tuple[int, str]]:
    """The moves everyone saw, as (seat, notation); draws show no tile."""
    return [(seat, str(move)) for seat, move in s.history]
