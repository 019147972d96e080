"""A compact playout kernel for line layouts: the fast unchecked path of the engine.

Random simulation and AI playouts play many thousands of hands, so the common case, a line
with two ends (vn_traditional, vn_iwin, kozel, block, draw, vn_schoolnet without its blocker
search), has a representation of its own here: each hand is a bit mask over tile ids, the
layout is its two end values, and the legal placements of a hand are two AND operations.

It implements exactly the rules of ``hand/state.py`` for those rulesets (same legal move sets, same
draw policies, the block check at the start of every turn, vn_iwin pass penalties, kozel
pairs) and hands the final position to the same ``settle`` functions. Nothing here is
checked: moves come from the kernel's own legal lists. tests/play/test_line_playout.py replays the
kernel's games through the checked engine and demands identical results.

Use ``supports(rs)`` to know whether a ruleset can run here; ``simulate`` falls back to the
general path otherwise (trees, trains, ``blank_wild``, and vn_schoolnet, whose blocker rules
need the full history of the hand).
"""

from __future__ import annotations

import random
from collections.abc import Callable
from math import floor  # int() of the non-negative draws here, quicker to call

from ..hand.moves import DRAW, PASS, PLACE
from ..hand.result import HandResult, Termination
from ..hand.state import OVER_PHASE, HandState, MatchContext, deal, determine_lead
from ..rules.ruleset import DRAW_UNTIL, NONE, Ruleset
from ..settlement.settle import SETTLEMENTS
from ..tiles import Tile, full_set, shuffle


class Tables:
    """Per-set lookup tables: tile ids, the mask of tiles showing each number, halves."""

    def __init__(self, max_pip: int) -> None:
        self.tiles: list[Tile] = full_set(max_pip)
        self.index = {t: i for i, t in enumerate(self.tiles)}
        self.mask = [0] * (max_pip + 1)
        for i, (a, b) in enumerate(self.tiles):
            self.mask[a] |= 1 << i
            self.mask[b] |= 1 << i
        self.high = [t[0] for t in self.tiles]
        self.low = [t[1] for t in self.tiles]
        self.total = [t[0] + t[1] for t in self.tiles]  # less one half: the other half
        self.double_bits = [1 << i for i, (a, b) in enumerate(self.tiles) if a == b]
        self.double_of = {a: 1 << i for i, (a, b) in enumerate(self.tiles) if a == b}
        self.ids = tuple(range(len(self.tiles)))
        self.bits = [1 << i for i in self.ids]
        # Tiles of every 8-bit chunk of a mask, to turn a hand mask back into tiles quickly.
        self.chunks = [[[self.tiles[base + j] for j in range(8) if v >> j & 1
                         and base + j < len(self.tiles)] for v in range(256)]
                       for base in range(0, len(self.tiles), 8)]

        # Each chunk's pips (both halves of every tile, 0-0 as 0) and the mask of the
        # doubles: a hand mask's face pips and doubles without its tiles (E-105).
        self.pip_chunks = [[sum(a + b for a, b in chunk) for chunk in chunks]
                           for chunks in self.chunks]
        self.doubles = sum(self.double_bits)

    def face_pips(self, mask: int) -> int:
        """The sum of both halves of every tile of a hand mask (0-0 counts 0 here)."""
        total = 0
        for chunk in self.pip_chunks:
            if not mask:
                break
            total += chunk[mask & 255]
            mask >>= 8
        return total

    def tiles_of(self, mask: int) -> list[Tile]:
        """The tiles of a hand mask, lowest id first."""
        out: list[Tile] = []
        for chunk in self.chunks:
            if not mask:
                break
            out += chunk[mask & 255]
            mask >>= 8
        return out


_TABLES: dict[int, Tables] = {}


def tables(max_pip: int) -> Tables:
    """The (cached) tables of the double-``max_pip`` set."""
    t = _TABLES.get(max_pip)
    if t is None:
        t = _TABLES[max_pip] = Tables(max_pip)
    return t


def supports(rs: Ruleset) -> bool:
    """Whether ``rs`` can be played by this kernel (a plain line; no blocker search)."""
    return (rs.layout_kind.line and not rs.blank_wild and not rs.blocker_mode
            and not rs.end_count_scoring)


def _bits(mask: int) -> list[int]:
    """Tile ids in ``mask``, lowest first."""
    out = []
    while mask:
        low = mask & -mask
        out.append(low.bit_length() - 1)
        mask ^= low
    return out


def playout(rs: Ruleset, hands: list[list[Tile]], boneyard: list[Tile], leader: int,
            forced: Tile | None, chooser: random.Random, record: list[str] | None = None
            ) -> HandResult:
    """Play one hand from its deal with uniformly random legal moves; return its result.

    The move lists are the engine's (``@L`` and ``@R`` both listed when the ends agree, draws
    and passes as moves, kozel pairs), so the game is the same random game the checked API
    would play, only without the copying and checking. ``record``, if a list, receives the
    moves in RECORD.md notation.
    """
    index = tables(rs.max_pip).index
    hm = [0] * rs.players
    for seat, hand in enumerate(hands):
        for t in hand:
            hm[seat] |= 1 << index[t]
    return playout_ids(rs, hm, [len(h) for h in hands], [1 << index[t] for t in boneyard],
                       leader, None if forced is None else index[forced], chooser, record)


class Setup:
    """What the kernel reads of a ruleset on every hand, read once (``setup``)."""

    __slots__ = ("rs", "tb", "n", "each", "policy", "reserve", "pairs", "penalty", "half",
                 "optional", "voluntary", "settle", "plan", "final")

    def __init__(self, rs: Ruleset) -> None:
        self.rs = rs  # kept, so that the id it is cached under stays this ruleset's
        self.tb = tables(rs.max_pip)
        self.n = rs.players
        self.each = rs.tiles_each(rs.players)
        self.policy = rs.draw_policy
        self.reserve = rs.reserve_for(rs.players)
        self.pairs = rs.pair_of_doubles
        self.penalty = rs.pass_penalty
        self.half = rs.stake // 2
        self.optional = rs.drawn_tile_optional
        self.voluntary = rs.voluntary_draw
        self.settle = SETTLEMENTS[rs.settlement]
        self.plan = lead_plan(rs)
        # The state a finished hand is settled from: what no hand changes is set here once
        # (every seat seated, no all_fives points, no escrow: the kernel plays none of them).
        s = self.final = HandState.__new__(HandState)
        s.rs, s.n = rs, self.n
        s.seated = [True] * self.n
        s.points = [0] * self.n
        s.escrow, s.escrow_by = 0, [0] * self.n
        s.phase = OVER_PHASE


_SETUPS: dict[int, Setup] = {}


def setup(rs: Ruleset) -> Setup:
    """The (cached) ``Setup`` of ``rs``."""
    found = _SETUPS.get(id(rs))
    if found is None or found.rs is not rs:
        if len(_SETUPS) >= 256:  # rulesets made one by one (a tool trying every option)
            _SETUPS.clear()
        found = _SETUPS[id(rs)] = Setup(rs)
    return found


def playout_ids(rs: Ruleset, hm: list[int], count: list[int], bone: list[int], leader: int,
                forced: int | None, chooser: random.Random, record: list[str] | None = None
                ) -> HandResult:
    """``playout`` on the kernel's own representation: hand masks, counts, and the boneyard
    as the bits of its tiles (``1 << id``), drawn from the front."""
    return _play(setup(rs), hm[:], count, bone, leader, forced, chooser, record)


def _play(su: Setup, hm: list[int], count: list[int], bone: list[int], leader: int,
          forced: int | None, chooser: random.Random, record: list[str] | None) -> HandResult:
    """``playout_ids``'s work, changing ``hm`` and ``count`` in place: the lead, the turns
    (``_undrawable_turns`` where nothing can ever be drawn and a turn is one placement or a
    pass, else ``_turns``), then the settlement (``_settled``)."""
    tb = su.tb
    rnd = chooser.random
    transfers: list[tuple[int, int, int]] = []
    p = leader
    if forced is not None:
        lead = forced
    else:
        options = _bits(hm[p])
        lead = options[floor(rnd() * len(options))]
    hm[p] ^= 1 << lead
    count[p] -= 1
    left, right = tb.high[lead], tb.low[lead]
    if record is not None:
        record.append(f"{left}-{right}")
    reserve = su.reserve if su.policy != NONE else len(bone)
    end: _End
    if count[p] == 0:
        end = ("domino", p, p, 1, 0)
    elif (record is None and not (su.voluntary or su.optional) and not su.pairs
          and len(bone) <= reserve):
        end = _undrawable_turns(su, hm, p, left, right, rnd, transfers)
    else:
        end = _turns(su, hm, count, bone, reserve, p, left, right, rnd, transfers, record)
    return _settled(su, hm, bone, transfers, end)


# How the turns end: the termination, the winner, the last placer, the moves made (the lead
# included) and how many tiles were drawn from the boneyard.
_End = tuple[Termination, "int | None", int, int, int]


def _undrawable_turns(su: Setup, hm: list[int], p: int, left: int, right: int,
                      rnd: Callable[[], float], transfers: list[tuple[int, int, int]]) -> _End:
    """The turns after the lead when nothing can ever be drawn and a turn is one placement
    or a pass: ``_turns`` with everything else left out (it runs for block, and for every
    table whose boneyard is all reserve). Same moves, same random numbers, same order."""
    tb = su.tb
    mask_of, total, n = tb.mask, tb.total, su.n
    penalty, half = su.penalty, su.half
    last_placer = p
    moves = 1
    while True:
        p = p + 1 if p + 1 < n else 0
        h = hm[p]
        ml = h & mask_of[left]
        mr = h & mask_of[right]
        if ml or mr:
            moves += 1
            nl = ml.bit_count()
            pick = floor(rnd() * (nl + mr.bit_count()))
            # The pick-th move of the list [L moves..., R moves...]; the tile's other half
            # becomes the end.
            if pick < nl:
                while pick:
                    ml &= ml - 1
                    pick -= 1
                bit = ml & -ml
                left = total[bit.bit_length() - 1] - left
            else:
                pick -= nl
                while pick:
                    mr &= mr - 1
                    pick -= 1
                bit = mr & -mr
                right = total[bit.bit_length() - 1] - right
            h ^= bit
            hm[p] = h
            last_placer = p
            if not h:
                return "domino", p, p, moves, 0
            continue
        # The block check (RULES.md 1.7), else a pass (inline: passes are frequent here).
        ends = mask_of[left] | mask_of[right]
        for other in hm:
            if other & ends:
                break
        else:
            return "blocked", None, last_placer, moves, 0
        moves += 1
        if penalty and last_placer != p:
            transfers.append((p, last_placer, half))


def _blocked(hm: list[int], ends: int) -> bool:
    """Whether no hand holds a tile that fits ``ends`` (the masks of both ends)."""
    for other in hm:
        if other & ends:
            return False
    return True


def _turns(su: Setup, hm: list[int], count: list[int], bone: list[int], reserve: int, p: int,
           left: int, right: int, rnd: Callable[[], float],
           transfers: list[tuple[int, int, int]], record: list[str] | None) -> _End:
    """The turns after the lead under every rule of the kernel: draws by the policy down to
    the reserve, voluntary and optional draws (``_choice_with_draws``), kozel's pair of
    doubles, pass penalties, and each move written to ``record`` when one is kept."""
    mask_of, high, low, double_of = su.tb.mask, su.tb.high, su.tb.low, su.tb.double_of
    n, policy, pairs, penalty, half = su.n, su.policy, su.pairs, su.penalty, su.half
    extras = su.voluntary or su.optional
    last_placer, moves, top, nb = p, 1, 0, len(bone)
    while True:
        p = p + 1 if p + 1 < n else 0
        drew = 0
        lmask, rmask = mask_of[left], mask_of[right]
        while True:
            h = hm[p]
            ml, mr = h & lmask, h & rmask
            if not (ml or mr) and not drew and nb - top - reserve <= 0 and _blocked(
                    hm, lmask | rmask):
                # Start of turn: nobody can place and nothing can be drawn (RULES.md 1.7).
                return "blocked", None, last_placer, moves, top
            moves += 1
            if ml or mr:
                nl = ml.bit_count()
                k = nl + mr.bit_count()
                pair = 0
                if pairs and left != right and h & double_of[left] and h & double_of[right]:
                    pair = 1
                    k += 1
                if extras:
                    kind, pick = _choice_with_draws(su, rnd, k, nb - top - reserve > 0 and (
                        policy == DRAW_UNTIL or drew == 0), drew)
                else:
                    kind, pick = PLACE, floor(rnd() * k)
            else:
                kind = DRAW if nb - top - reserve > 0 and (
                    policy == DRAW_UNTIL or drew == 0) else PASS
            if kind == PLACE:
                # The pick-th move of the list [L moves..., R moves..., pair].
                if pick >= k - pair:
                    hm[p] ^= double_of[left] | double_of[right]
                    count[p] -= 2
                    if record is not None:
                        record.append(f"{left}-{left}@L+{right}-{right}@R")
                else:
                    if pick < nl:
                        bits, end = ml, 0
                    else:
                        bits, end = mr, 1
                        pick -= nl
                    while pick:
                        bits &= bits - 1
                        pick -= 1
                    bit = bits & -bits
                    t = bit.bit_length() - 1
                    hm[p] ^= bit
                    count[p] -= 1
                    if record is not None:
                        record.append(f"{high[t]}-{low[t]}@{'LR'[end]}")
                    if end == 0:
                        left = low[t] if high[t] == left else high[t]
                    else:
                        right = low[t] if high[t] == right else high[t]
                last_placer = p
                if count[p] == 0:
                    return "domino", p, p, moves, top
                break
            if kind == DRAW:
                hm[p] |= bone[top]
                top += 1
                count[p] += 1
                drew += 1
                if record is not None:
                    record.append("draw")
                continue
            if penalty and last_placer != p:
                transfers.append((p, last_placer, half))
            if record is not None:
                record.append("pass")
            break


def _choice_with_draws(su: Setup, rnd: Callable[[], float], k: int, can_draw: bool, drew: int
                       ) -> tuple[str, int]:
    """The random move of a seat that can place where drawing may be chosen too: one of its
    ``k`` placements, a voluntary draw (when ``can_draw``) or, after drawing, a pass in place
    of playing the drawn tile. Returns the move's kind and, for a placement, its index."""
    vol = 1 if su.voluntary and can_draw else 0
    pick = floor(rnd() * (k + vol + (1 if su.optional and drew else 0)))
    if pick >= k:
        return (DRAW if vol and pick == k else PASS), pick
    return PLACE, pick


def _settled(su: Setup, hm: list[int], bone: list[int], transfers: list[tuple[int, int, int]],
             end: _End) -> HandResult:
    """The result of the playout's final position. The settlement functions read the hands,
    seats, penalties, last placer and escrow of the final position, and keep none of it: the
    setup's own final state is filled in."""
    termination, winner, last_placer, moves, top = end
    tb = su.tb
    s = su.final
    s.hands = [tb.tiles_of(h) for h in hm]
    s.boneyard = bone[top:]  # type: ignore[assignment]  # tile bits: settling never reads them
    s.transfers = transfers
    s.last_placer = last_placer
    s.termination = termination
    result = su.settle(s, termination, winner, False)
    result.details["moves"] = moves
    return result


class LeadPlan:
    """How a first hand's lead is found on masks: by lot, or the first double dealt in the
    rule's order, else the highest tile dealt in ``order`` (by tile rank, or kozel's senior
    order: RULES.md 1.8)."""

    __slots__ = ("by_lot", "doubles", "order")

    def __init__(self, by_lot: bool, doubles: list[int], order: list[int]) -> None:
        self.by_lot, self.doubles, self.order = by_lot, doubles, order


def lead_plan(rs: Ruleset) -> LeadPlan | None:
    """The mask lead of ``rs``'s first hand (kept in its ``Setup``); None where it cannot be
    found on masks (a redeal without doubles, Mexican Train's engine)."""
    rule = rs.first_lead_rule
    plan = None
    if rule.opener == "lot":
        plan = LeadPlan(True, [], [])
    elif rule.opener == "double" and not rule.redeals:
        tb = tables(rs.max_pip)
        ids = range(len(tb.tiles))
        if rule.by_seniority:
            order = sorted(ids, key=lambda i: tb.tiles[i], reverse=True)
        else:
            order = sorted(ids, key=lambda i: rs.tile_rank(tb.tiles[i]), reverse=True)
        doubles = [tb.index[(v, v)] for v in rule.double_values(rs.max_pip)]
        plan = LeadPlan(False, doubles, order)
    return plan


def random_hand(rs: Ruleset, rng: random.Random, chooser: random.Random,
                ctx: MatchContext | None = None, record: list[str] | None = None) -> HandResult:
    """Deal a hand exactly as ``game.new_hand`` does and play it out at random.

    A first hand is dealt on tile bits (the same Fisher-Yates over the same list length gives
    the same tiles as ``game.deal``) and its lead found on masks; later hands, whose lead
    depends on the match, go through ``game.deal`` and ``determine_lead``.
    """
    su = setup(rs)
    n = su.n
    plan = su.plan if ctx is None or ctx.hand_number == 1 else None
    if plan is not None:
        tb = su.tb
        # The set's tiles as bits (``1 << id``), shuffled as ``game.deal`` shuffles the tiles:
        # the same swaps, so the same tiles in the same places.
        pool = list(tb.bits)
        shuffle(pool, rng)
        each = su.each
        hm = [0] * n
        dealt = 0
        for seat in range(n):
            # Distinct powers of two: their sum is their union.
            m = sum(pool[seat * each:(seat + 1) * each])
            hm[seat] = m
            dealt |= m
        bone = pool[n * each:]
        forced = None
        if plan.by_lot:
            leader = int(rng.random() * n)
        else:
            for i in plan.doubles:
                if dealt >> i & 1:
                    forced = i
                    break
            else:
                forced = next(i for i in plan.order if dealt >> i & 1)
            bit = 1 << forced
            leader = 0
            while not hm[leader] & bit:
                leader += 1
        return _play(su, hm, [each] * n, bone, leader, forced, chooser, record)
    ctx = ctx or MatchContext()
    hands, boneyard = deal(rs, ctx, rng)
    seat, tile = determine_lead(rs, hands, ctx, rng)
    return playout(rs, hands, boneyard, seat, tile, chooser, record)
