"""Settlement: what a finished hand changes in money, scores or records.

One small function per settlement kind, chosen by ``Ruleset.settlement``. Each returns a
``HandResult`` with the fields RECORD.md's ``replay`` prints: termination, winner, blocker,
gai, ranking, pips, delta and house. ``delta`` is everything the hand changed for each seat
(pass penalties, doubles penalties, escrow, net of tax).
"""

from __future__ import annotations

from typing import Any

from ..errors import RecordError
from ..hand.result import (
    HandResult as HandResult,  # (its home was here: still importable)
    Termination,
    Winner,
)
from ..hand.state import HandState
from ..rules.ruleset import SETTLEMENT_KINDS, Ruleset
from ..tiles import Tile, is_double
from .by_counts import (
    by_chain,
    chain_key as chain_key,  # (its home was here: still importable)
    kozel_by_pips,
    pips_ranking,
    sole_lowest,
    traditional_by_counts,
)
from .schoolnet_blocker import LookBack, find_blocker, gai_of


def round5(points: int) -> int:
    """All Fives: round to the nearest multiple of 5 (remainders 1-2 down, 3-4 up)."""
    return (points + 2) // 5 * 5


def round_half_up(numerator: int, denominator: int) -> int:
    """Integer rounding of numerator/denominator, halves up (non-negative inputs)."""
    return (2 * numerator + denominator) // (2 * denominator)


def tax(gross: int, permille: int) -> int:
    """vn_iwin house tax on one credit: round_half_up(gross x rate) (RULES.md 2.3)."""
    return round_half_up(gross * permille, 1000)


def settle(s: HandState, termination: Termination, winner: int | None, by_default: bool = False
           ) -> HandResult:
    """Settle the finished hand ``s`` with the function its ruleset names."""
    return SETTLEMENTS[s.rs.settlement](s, termination, winner, by_default)


def hand_result(s: HandState) -> HandResult:
    """The result of the ended hand ``s``: settled on first asking, then kept on the state.

    ``game`` ends a hand without settling it (it records the termination and the winner);
    whoever takes the result (``play.apply_unchecked``, the match, a playout) asks here.
    """
    if s.result is None:
        assert s.termination is not None, "the hand has not ended"
        s.result = settle(s, s.termination, s.winner, s.by_default)
    return s.result


# --- helpers -------------------------------------------------------------------------------

def _seated(s: HandState) -> list[int]:
    return [p for p in range(s.n) if s.seated[p]]


def _chain_order(s: HandState, seats: list[int]) -> list[int]:
    return sorted(seats, key=lambda p: (chain_key(s.rs, s.hands[p]), p))


def _pips(s: HandState) -> list[int]:
    return [s.rs.pips(h) for h in s.hands]


def _team_of(s: HandState, seat: int) -> list[int]:
    teams = s.rs.teams(s.n)
    if not teams:
        return [seat]
    return next(t for t in teams if seat in t)


def _sides(s: HandState) -> list[list[int]]:
    """The scoring sides: teams with partnerships, else each seated player alone."""
    return s.rs.teams(s.n) or [[p] for p in _seated(s)]


def _winner_value(s: HandState, side: list[int]) -> Winner:
    return list(side) if len(side) > 1 else side[0]


def _block_winner_side(s: HandState, pips: list[int]) -> list[int] | None:
    """The side with the lowest pips after a block, or None on an unbroken tie.

    Vietnamese variants break ties with the ranking chain (a team through its best member);
    block and draw may use ``tie_rule = lightest_tile``; otherwise a tie scores nothing.
    """
    sides = _sides(s)
    totals = [sum(pips[p] for p in side) for side in sides]
    low = min(totals)
    tied = [side for side, t in zip(sides, totals, strict=True) if t == low]
    if len(tied) == 1:
        return tied[0]
    rs = s.rs
    if rs.rank_chain:
        return min(tied, key=lambda side: min(chain_key(rs, s.hands[p]) for p in side))
    if rs.tie_rule == "lightest_tile":
        def lightest(side: list[int]) -> tuple[int, ...]:
            tiles = [t for p in side for t in s.hands[p]]
            return min((rs.tile_rank(t) for t in tiles), default=(-1,))
        keys = [lightest(side) for side in tied]
        best = min(keys)
        if keys.count(best) == 1:
            return tied[keys.index(best)]
    return None


def _points_ranking(s: HandState, pips: list[int], first: list[int] | None) -> list[int]:
    if not s.rs.rank_chain:
        return pips_ranking(s.seated, pips, first)
    rest = [p for p in range(s.n) if s.seated[p] and (not first or p not in first)]
    if len(rest) > 1:
        rest = _chain_order(s, rest)
    return first + rest if first else rest


# --- vn_traditional ------------------------------------------------------------------------

def settle_vn_traditional(s: HandState, termination: Termination, winner: int | None,
                          by_default: bool = False) -> HandResult:
    """Money by rank after a domino, 4B per loser after a block; partnership at 2B/4B."""
    rs, n, b = s.rs, s.n, s.rs.stake
    pips = _pips(s)
    teams = rs.teams(n)
    if not teams:
        done = traditional_by_counts(rs, s.seated, pips, [len(h) for h in s.hands], [],
                                     [], 0, [], termination, winner, None, hands=s.hands)
        assert done is not None, "with the hands the ranking chain breaks every tie"
        return done
    if termination == "domino":  # the winning side takes 2B from each loser, 4B after a block
        assert winner is not None, "a domino names who went out"
        side, unit, leader = _team_of(s, winner), 2 * b, winner
        chain = [winner] + _chain_order(s, [p for p in range(n) if p != winner])
    else:
        found = _block_winner_side(s, pips)
        assert found is not None, "the ranking chain breaks every tie"
        side, unit, leader = found, 4 * b, _chain_order(s, found)[0]
        chain = _chain_order(s, list(range(n)))
    delta = [unit if p in side else -unit for p in range(n)]
    return HandResult(termination, list(side), None, None, _team_ranking(s, side, chain), pips,
                      delta, 0, leader)


def _team_ranking(s: HandState, side: list[int], ranking: list[int]) -> list[int]:
    return [p for p in ranking if p in side] + [p for p in ranking if p not in side]


# --- points: block, draw, doubles, vn_traditional in points mode ---------------------------

def settle_points(s: HandState, termination: Termination, winner: int | None,
                  by_default: bool = False) -> HandResult:
    """The winner scores the opponents' pips (less their own after a block, where the
    variant says so); partners' pips are added and both partners get the team's points."""
    rs, n, seated = s.rs, s.n, s.seated
    pips = [rs.pips(h) for h in s.hands]
    # The pips of the seats still at the table (every seat, unless one has left).
    at_table = pips if False not in seated else [v for p, v in enumerate(pips) if seated[p]]
    teams = rs.teams(n)
    side: list[int] | None
    if termination == "domino":
        assert winner is not None, "a domino names who went out"
        side = next(t for t in teams if winner in t) if teams else [winner]
    elif teams:
        side = _block_winner_side(s, pips)
    else:
        # Without partners the lowest hand wins a block; a tie goes to the tie rule.
        low = min(at_table)
        if at_table.count(low) == 1:
            seat = pips.index(low)
            while not seated[seat]:  # a seat that left may hold as few pips: not a winner
                seat = pips.index(low, seat + 1)
            side = [seat]
        else:
            side = _block_winner_side(s, pips)
    if side is None:
        ranking = _points_ranking(s, pips, None)
        return HandResult(termination, None, None, None, ranking, pips, [0] * n, 0, None)
    delta = [0] * n
    leader: int | None
    if len(side) == 1:
        leader = side[0]
        own = pips[leader]
        first = side
    else:
        own = sum([pips[p] for p in side])
        leader = winner if termination == "domino" else min(side, key=lambda p: (pips[p], p))
        first = sorted(side, key=lambda p: (p != leader, p))
    points = sum(at_table) - own
    if termination != "domino" and rs.blocked_minus_own:
        points -= own
    for p in side:
        delta[p] = points
    ranking = _points_ranking(s, pips, first)
    return HandResult(termination, _winner_value(s, side), None, None, ranking, pips, delta, 0,
                      leader)


# --- all_fives -----------------------------------------------------------------------------

def settle_all_fives(s: HandState, termination: Termination, winner: int | None,
                     by_default: bool = False) -> HandResult:
    """Points scored during the hand, plus the end bonus rounded to the nearest 5."""
    rs = s.rs
    pips = _pips(s)
    delta = s.points[:]
    bonus = 0
    side: list[int] | None
    if termination == "target" or termination == "domino":
        assert winner is not None, "the target and a domino name their seat"
        side = _team_of(s, winner)
        if termination == "domino":
            bonus = round5(sum(pips[p] for p in _seated(s) if p not in side))
    else:
        side = _block_winner_side(s, pips)
        if side is not None:
            opponents = sum(pips[p] for p in _seated(s) if p not in side)
            own = sum(pips[p] for p in side)
            bonus = round5(opponents - own if rs.blocked_minus_own else opponents)
    if side is not None:
        for p in side:
            delta[p] += bonus
    # The next hand is led by whoever went out; after a block, by lot (leader None).
    leader = winner if termination == "domino" else None
    ranking = _points_ranking(s, pips, side)
    return HandResult(termination, _winner_value(s, side) if side else None, None, None,
                      ranking, pips, delta, 0, leader, {"bonus": bonus,
                                                        "during_hand": s.points[:]})


# --- kozel ---------------------------------------------------------------------------------

def settle_kozel(s: HandState, termination: Termination, winner: int | None,
                 by_default: bool = False) -> HandResult:
    """The hand points each side records (RULES.md 2.5), by ``kozel_by_pips``."""
    return kozel_by_pips(s.rs, s.seated, _pips(s), termination, winner)


# --- mexican_train -------------------------------------------------------------------------

def settle_mexican(s: HandState, termination: Termination, winner: int | None,
                   by_default: bool = False) -> HandResult:
    """Every player adds the pips left in hand to their total."""
    pips = _pips(s)
    win = sole_lowest(pips, termination, winner)
    ranking = _points_ranking(s, pips, [win] if win is not None else None)
    return HandResult(termination, win, None, None, ranking, pips, pips[:], 0, None)


# --- vn_schoolnet --------------------------------------------------------------------------

def settle_schoolnet(s: HandState, termination: Termination, winner: int | None,
                     by_default: bool = False) -> HandResult:
    """Losers pay their pips; a deliberate blocker wins double or pays (RULES.md 2.2.4)."""
    n, k = s.n, s.rs.stake
    pips = _pips(s)
    delta = [0] * n
    if termination == "domino":
        assert winner is not None, "a domino names who went out"
        for p in range(n):
            if p != winner:
                delta[p] -= pips[p]
                delta[winner] += pips[p]
        ranking = [winner] + _chain_order(s, [p for p in range(n) if p != winner])
        return HandResult(termination, winner, None, None, ranking, pips,
                          [d * k for d in delta], 0, winner)
    ranking = _chain_order(s, list(range(n)))
    w = ranking[0]
    look = LookBack(s)  # one replay of the hand's last positions for both searches
    blocker = find_blocker(s, look)
    gai = gai_of(s, blocker, look) if blocker is not None else None
    others = sum(pips[p] for p in range(n) if p != blocker)
    if blocker is None:
        for p in range(n):
            if p != w:
                delta[p] -= pips[p]
                delta[w] += pips[p]
    elif blocker == w:
        if gai is None:
            for p in range(n):
                if p != blocker:
                    delta[p] -= 2 * pips[p]
                    delta[blocker] += 2 * pips[p]
        else:
            delta[gai] -= 2 * others
            delta[blocker] += 2 * others
    elif gai is None:
        for p in range(n):
            if p != blocker:
                delta[blocker] -= pips[p]
                delta[p] += pips[p]
    else:
        delta[blocker] -= others
        delta[gai] += others
    return HandResult(termination, w, blocker, gai, ranking, pips, [d * k for d in delta], 0, w)


# --- vn_iwin -------------------------------------------------------------------------------

IWIN_DOMINO = {4: (2, 1, -1, -2), 3: (3, -1, -2), 2: (2, -2)}  # in half stakes, by rank


def settle_iwin(s: HandState, termination: Termination, winner: int | None,
                by_default: bool = False) -> HandResult:
    """Rank payouts or the blocker's bet, pass penalties, thúi bò, escrow, and tax.

    ``details["items"]`` lists every payment for the end-of-hand summary: ``kind`` (rank,
    block, pass, doubles, escrow, leave), ``seat``, signed gross ``amount``, the ``tax``
    taken from it (credits only) and the ``other`` seat where there is one.
    """
    rs, n = s.rs, s.n
    half = rs.stake // 2
    seated = _seated(s)
    book = _Ledger(n, rs.tax_permille)
    # Pass penalties were incurred during the hand; each is its own credit.
    for src, dst, amount in s.transfers:
        book.pay(src, dst, amount, "pass")
    for p in range(n):
        book.debit(p, s.escrow_by[p], "leave")
    ranking, first, blocker = _iwin_outcome(s, termination, winner, by_default, seated, book)
    if not by_default:
        # Thúi bò: everyone below 1st pays half a stake per double still in hand.
        for p in seated:
            if p != first:
                doubles = sum(1 for t in s.hands[p] if is_double(t))
                book.pay(p, first, doubles * half, "doubles")
    if s.escrow:
        if termination == "blocked" and blocker != first:
            for p, share in _split(s.escrow, [p for p in ranking if p != blocker]):
                book.credit(p, share, "escrow")
        else:
            book.credit(first, s.escrow, "escrow")
    ranking = ranking + [p for p in range(n) if p not in ranking]
    return HandResult(termination, first, blocker, None, ranking, _pips(s), book.delta,
                      book.house, first, {"items": book.items})


class _Ledger:
    """A vn_iwin hand's payments: each seat's net ``delta``, the ``house``'s tax and the
    ``items`` listed for the end-of-hand summary. Every credit is taxed on its own (RULES.md
    2.3), never netted against debits."""

    def __init__(self, n: int, tax_permille: int) -> None:
        self.delta = [0] * n
        self.house = 0
        self.items: list[dict[str, Any]] = []
        self.tax_permille = tax_permille

    def credit(self, seat: int, amount: int, kind: str, other: int | None = None) -> None:
        if amount <= 0:
            return
        t = tax(amount, self.tax_permille)
        self.delta[seat] += amount - t
        self.house += t
        self.items.append({"kind": kind, "seat": seat, "amount": amount, "tax": t,
                           "other": other})

    def debit(self, seat: int, amount: int, kind: str, other: int | None = None) -> None:
        if amount <= 0:
            return
        self.delta[seat] -= amount
        self.items.append({"kind": kind, "seat": seat, "amount": -amount, "tax": 0,
                           "other": other})

    def pay(self, src: int, dst: int, amount: int, kind: str) -> None:
        self.debit(src, amount, kind, dst)
        self.credit(dst, amount, kind, src)


def _iwin_outcome(s: HandState, termination: Termination, winner: int | None,
                  by_default: bool, seated: list[int], book: _Ledger
                  ) -> tuple[list[int], int, int | None]:
    """How a vn_iwin hand ended, paid into ``book``: the rank payouts of a domino, or the
    blocker's bet; returns the ranking of the seated players, the first and the blocker."""
    b = s.rs.stake
    half, m = b // 2, len(seated)
    if by_default:
        assert winner is not None, "the last seat seated wins by default"
        return [winner], winner, None
    if termination == "domino":
        assert winner is not None, "a domino names who went out"
        ranking = [winner] + _chain_order(s, [p for p in seated if p != winner])
        for seat, units in zip(ranking, IWIN_DOMINO[m], strict=True):
            if units > 0:
                book.credit(seat, units * half, "rank")
            else:
                book.debit(seat, -units * half, "rank")
        return ranking, winner, None
    blocker = s.last_placer
    if blocker is None:
        # RULES.md 2.3: the blocker is the player who placed the last tile. Only a start
        # position blocked before anyone moves can leave that unknown; it must say who.
        raise RecordError("start.last_placer: a vn_iwin position blocked at its start "
                          "needs the seat that placed the last tile (the blocker)")
    ranking = _chain_order(s, seated)
    first = ranking[0]
    if blocker == first:
        book.credit(blocker, 2 * b * (m - 1), "block")
        for p in seated:
            if p != blocker:
                book.debit(p, 2 * b, "block", blocker)
    else:
        book.debit(blocker, 3 * b, "block")
        for p, share in _split(3 * b, [p for p in ranking if p != blocker]):
            book.credit(p, share, "block", blocker)
    return ranking, first, blocker


def settle_iwin_lean(s: HandState, termination: Termination, winner: int | None,
                     by_default: bool = False) -> HandResult:
    """``settle_iwin``'s result without the itemised payments (``details`` is empty):
    the same termination, winner, blocker, ranking, pips, delta, house and next leader.

    Why: the search settles every end position of its solves and playouts and reads only the
    deltas (and the winner); building the summary's dict per payment through ``_Ledger``
    was 30-40% of a vn_iwin solve (DECISIONS E-84, E-86). The payments are the same, in the
    same order of RULES.md 2.3, summed into the deltas directly (``iwin_by_counts``);
    tests/settlement compares the two on many random finished hands. ``settle_iwin`` stays
    the authority: a record, a match and a summary are settled there."""
    rs, hands = s.rs, s.hands
    pips = [rs.pips(h) for h in hands]
    counts = [len(h) for h in hands]
    doubles = [sum(1 for a, b in h if a == b) for h in hands]
    got = iwin_by_counts(rs, s.seated, pips, counts, doubles, s.transfers, s.escrow,
                         s.escrow_by, termination, winner, s.last_placer, by_default, hands)
    assert got is not None, "with the hands, the ranking chain is always decided"
    return got


def iwin_by_counts(rs: Ruleset, seated: list[bool], pips: list[int], counts: list[int],
                   doubles: list[int], transfers: list[tuple[int, int, int]], escrow: int,
                   escrow_by: list[int], termination: Termination, winner: int | None,
                   last_placer: int | None, by_default: bool = False,
                   hands: list[list[Tile]] | None = None) -> HandResult | None:
    """``settle_iwin_lean`` from what vn_iwin's settlement reads of each hand: its pips,
    tile count and doubles (RULES.md 2.3), with the seats seated, the pass penalties paid,
    the escrow and how the hand ended. The ranking chain (RULES.md 1.9) needs the tiles
    only where two seats ranked have the same pips and count (the highest tile decides):
    without ``hands`` that case returns None, and the caller settles again with them. Why:
    a line solve's hands are bit masks, whose pips, counts and doubles are a few look-ups
    (E-105). Every amount is an integer, so the order of the sums changes nothing."""
    n = len(seated)
    b = rs.stake
    half = b // 2
    on = [p for p in range(n) if seated[p]]
    m = len(on)
    delta = [0] * n
    credits: list[tuple[int, int]] = []
    for src, dst, amount in transfers:
        if amount > 0:
            delta[src] -= amount
            credits.append((dst, amount))
    for p, amount in enumerate(escrow_by):
        if amount > 0:
            delta[p] -= amount
    blocker: int | None = None
    if by_default:
        assert winner is not None, "the last seat seated wins by default"
        ranking, first = [winner], winner
    elif termination == "domino":
        assert winner is not None, "a domino names who went out"
        rest = by_chain(rs, [p for p in on if p != winner], pips, counts, hands)
        if rest is None:
            return None
        ranking, first = [winner] + rest, winner
        for seat, units in zip(ranking, IWIN_DOMINO[m], strict=True):
            if units > 0:
                credits.append((seat, units * half))
            else:
                delta[seat] += units * half
    else:
        blocker = last_placer
        if blocker is None:
            # RULES.md 2.3: the blocker is the player who placed the last tile. Only a start
            # position blocked before anyone moves can leave that unknown; it must say who.
            raise RecordError("start.last_placer: a vn_iwin position blocked at its start "
                              "needs the seat that placed the last tile (the blocker)")
        chain = by_chain(rs, on, pips, counts, hands)
        if chain is None:
            return None
        ranking = chain
        first = ranking[0]
        if blocker == first:
            credits.append((blocker, 2 * b * (m - 1)))
            if b > 0:
                for p in on:
                    if p != blocker:
                        delta[p] -= 2 * b
        else:
            if b > 0:
                delta[blocker] -= 3 * b
            credits.extend(_split(3 * b, [p for p in ranking if p != blocker]))
    if not by_default and half > 0:
        for p in on:  # thúi bò: each double left in hand pays half a stake to the first
            if p != first and doubles[p]:
                delta[p] -= doubles[p] * half
                credits.append((first, doubles[p] * half))
    if escrow:
        if termination == "blocked" and blocker != first:
            credits.extend(_split(escrow, [p for p in ranking if p != blocker]))
        else:
            credits.append((first, escrow))
    house = _pay_credits(delta, credits, rs.tax_permille)
    if len(ranking) < n:
        ranking = ranking + [p for p in range(n) if p not in ranking]
    return HandResult(termination, first, blocker, None, ranking, list(pips), delta, house,
                      first)


def _pay_credits(delta: list[int], credits: list[tuple[int, int]], permille: int) -> int:
    """Add each credit to its seat's delta less its own tax (as ``tax``); the house's take."""
    house = 0
    for seat, amount in credits:
        if amount > 0:
            t = (2 * amount * permille + 1000) // 2000  # tax(): round_half_up(x rate, 1000)
            delta[seat] += amount - t
            house += t
    return house


# By ``Ruleset.settlement``, the settlements made from each hand's pips, count and doubles
# alone: a line solve settles its end positions from its bit masks with these (E-105).
COUNT_SETTLEMENTS = {"iwin": iwin_by_counts, "vn_traditional": traditional_by_counts}
# Of those, the ones that read nothing but each hand's pips and count, how the hand ended
# and who went out (vn_traditional's; not vn_iwin's, which reads doubles, penalties, escrow
# and the last placer): a search keeps their values by those alone (E-115).
COUNTS_ONLY = frozenset({"vn_traditional"})
# And those made from each hand's points alone (E-113): kozel's, the same function as
# ``settle_kozel`` of them.
PIP_SETTLEMENTS = {"kozel": kozel_by_pips}


def penalties_so_far(s: HandState) -> list[int]:
    """Net money each seat has gained or lost from vn_iwin pass penalties in this hand so far.

    Penalties are settled the moment they happen (RULES.md 2.3), so a match shows them in its
    balances before the hand ends; each credit is taxed on its own.
    """
    delta = [0] * s.n
    for src, dst, amount in s.transfers:
        delta[src] -= amount
        delta[dst] += amount - tax(amount, s.rs.tax_permille)
    return delta


def _split(amount: int, seats: list[int]) -> list[tuple[int, int]]:
    """Share ``amount`` equally; any indivisible remainder goes to the best-ranked first."""
    if not seats:
        return []
    share, rest = divmod(amount, len(seats))
    return [(p, share + (1 if i < rest else 0)) for i, p in enumerate(seats)]


SETTLEMENTS = {
    "vn_traditional": settle_vn_traditional,
    "points": settle_points,
    "all_fives": settle_all_fives,
    "kozel": settle_kozel,
    "mexican": settle_mexican,
    "schoolnet": settle_schoolnet,
    "iwin": settle_iwin,
}
# Settlements that give a search the same result without ``details`` (the summary's
# items), faster; the others are settled by their own function (``settle_lean``).
LEAN_SETTLEMENTS = {"iwin": settle_iwin_lean}


def settle_lean(s: HandState, termination: Termination, winner: int | None,
                by_default: bool = False) -> HandResult:
    """``settle``'s result with ``details`` left empty where a settlement has a lean
    version (``LEAN_SETTLEMENTS``): every other field the same. For the search, which
    values end positions by their deltas; a record, a match and a summary use ``settle``."""
    kind = s.rs.settlement
    return LEAN_SETTLEMENTS.get(kind, SETTLEMENTS[kind])(s, termination, winner, by_default)


def lean_result(s: HandState) -> HandResult:
    """The result of the ended hand ``s`` for a search: ``s.result`` if it was settled,
    else ``settle_lean`` (not kept on the state, whose result would lack its details)."""
    if s.result is not None:
        return s.result
    assert s.termination is not None, "the hand has not ended"
    return settle_lean(s, s.termination, s.winner, s.by_default)


if set(SETTLEMENTS) != set(SETTLEMENT_KINDS):
    # The rulesets name settlements from rules.SETTLEMENT_KINDS; each needs its function.
    raise ImportError(f"settle.SETTLEMENTS {sorted(SETTLEMENTS)} and rules.SETTLEMENT_KINDS "
                      f"{sorted(SETTLEMENT_KINDS)} differ")
