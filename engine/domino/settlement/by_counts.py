"""The settlements a search's end positions can be settled by from each hand's pips and tile
count alone, without the hand's tiles (E-113, E-114): vn_traditional's money without
partners, kozel's points, and the ranking chain they need (RULES.md 1.9). ``settle``'s own
settlements of those variants are made of the same functions, given the hands, so each rule
is stated once. A line solve's hands are bit masks, whose pips and counts are a few
look-ups (``ai.linesolve``).
"""

from __future__ import annotations

from ..hand.result import HandResult, Termination
from ..rules.ruleset import Ruleset
from ..tiles import Tile


def chain_key(rs: Ruleset, hand: list[Tile]) -> tuple[int, int, tuple[int, ...]]:
    """RULES.md 1.9 ranking chain, smaller is better: pips, tile count, highest tile."""
    top = max((rs.tile_rank(t) for t in hand), default=(-1,))
    return (rs.pips(hand), len(hand), top)


def by_chain(rs: Ruleset, seats: list[int], pips: list[int], counts: list[int],
             hands: list[list[Tile]] | None) -> list[int] | None:
    """``settle._chain_order`` of ``seats`` from their pips and tile counts; where two of them have
    the same of both the highest tile decides, which needs ``hands`` (else None)."""
    keys = [(pips[p], counts[p], p) for p in seats]
    if len({k[:2] for k in keys}) == len(keys):
        keys.sort()
        return [k[2] for k in keys]
    if hands is None:
        return None
    return sorted(seats, key=lambda p: (chain_key(rs, hands[p]), p))


def pips_ranking(seated: list[bool], pips: list[int], first: list[int] | None) -> list[int]:
    """``first``, then the other seated seats by pips (the lower first), then seat."""
    rest = [p for p in range(len(pips)) if seated[p] and (not first or p not in first)]
    if len(rest) > 1:
        rest.sort(key=lambda p: (pips[p], p))
    return first + rest if first else rest


def sole_lowest(pips: list[int], termination: Termination, winner: int | None) -> int | None:
    """Who wins a hand settled by pips alone: who went out, else the one seat with the fewest
    (a tie: nobody)."""
    if termination == "domino":
        return winner
    low = min(pips)
    return pips.index(low) if pips.count(low) == 1 else None


def traditional_by_counts(rs: Ruleset, seated: list[bool], pips: list[int], counts: list[int],
                          doubles: list[int], transfers: list[tuple[int, int, int]],
                          escrow: int, escrow_by: list[int], termination: Termination,
                          winner: int | None, last_placer: int | None,
                          by_default: bool = False, hands: list[list[Tile]] | None = None
                          ) -> HandResult | None:
    """``settle_vn_traditional`` without partners from each hand's pips and tile count (the
    arguments are ``iwin_by_counts``'s; no doubles, transfers or escrow count here): for a
    line solve's bit masks (E-114, as E-105). None for a partnership, or where two seats
    ranked have the same pips and count and ``hands`` are not given (the highest tile
    decides, RULES.md 1.9): the caller then settles with the hand state."""
    n, b = len(seated), rs.stake
    if rs.teams(n):
        return None
    delta = [0] * n
    if termination == "domino":
        assert winner is not None, "a domino names who went out"
        rest = by_chain(rs, [p for p in range(n) if p != winner], pips, counts, hands)
        if rest is None:
            return None
        for i, p in enumerate(reversed(rest)):  # the worst loser pays (n-1)B, the next (n-2)B
            delta[p] = -(n - 1 - i) * b
        delta[winner] = -sum(delta)
        ranking = [winner] + rest
    else:  # a block: the best by the ranking chain takes 4B from each
        chain = by_chain(rs, list(range(n)), pips, counts, hands)
        if chain is None:
            return None
        ranking = chain
        delta = [4 * b * (n - 1) if p == ranking[0] else -4 * b for p in range(n)]
    return HandResult(termination, ranking[0], None, None, ranking, list(pips), delta, 0,
                      ranking[0])


def kozel_by_pips(rs: Ruleset, seated: list[bool], pips: list[int], termination: Termination,
                  winner: int | None) -> HandResult:
    """Kozel's settlement from each hand's points (``Ruleset.pips``: 0-0 as its rule says;
    the match opens records at 13). A side is a player, or with ``partnership`` a team
    (``_kozel_pairs``). After a domino the side that went out records nothing; after a fish
    every side records its own total, and with ``fish_lowest_exempt`` every player tied for
    the fewest points records nothing."""
    if rs.teams(len(pips)):
        return _kozel_pairs(rs, seated, pips, termination, winner)
    points = pips[:]
    if termination != "domino" and rs.fish_lowest_exempt:
        low = min(pips)
        points = [0 if v == low else v for v in pips]
    win = sole_lowest(pips, termination, winner)
    ranking = pips_ranking(seated, pips, [win] if win is not None else None)
    return HandResult(termination, win, None, None, ranking, pips, points, 0, win,
                      {"hand_points": points[:]})


def _kozel_pairs(rs: Ruleset, seated: list[bool], pips: list[int], termination: Termination,
                 winner: int | None) -> HandResult:
    """Kozel in pairs (RULES.md 2.5): a team's hand total is the sum of its players' hand
    points, shown on both partners (``delta`` and ``details["hand_points"]``), as the team's
    one record is (RECORD.md). After a domino the team of the player who went out records
    nothing; after a fish each team records its own total, and with ``fish_lowest_exempt``
    the team strictly lower than the other records nothing (equal totals: both record).
    Who wins and who leads next: docs/DECISIONS.md E-46."""
    teams = rs.teams(len(pips))
    assert teams is not None, "pairs are four players in two teams"
    totals = [sum(pips[p] for p in team) for team in teams]
    win_team: list[int] | None
    if termination == "domino":
        assert winner is not None, "a domino names who went out"
        win_team = next(t for t in teams if winner in t)
        exempt = win_team
        leader: int | None = winner
    else:
        low = min(totals)
        win_team = teams[totals.index(low)] if totals.count(low) == 1 else None
        exempt = win_team if win_team and rs.fish_lowest_exempt else []
        # Where the previous winner leads: the winning team's player with the lower hand.
        leader = min(win_team, key=lambda p: (pips[p], p)) if win_team else None
    points = [0] * len(pips)
    for team, total in zip(teams, totals, strict=True):
        for p in team:
            points[p] = 0 if team == exempt else total
    first = sorted(win_team, key=lambda p: (p != leader, p)) if win_team else None
    ranking = pips_ranking(seated, pips, first)
    return HandResult(termination, list(win_team) if win_team else None, None, None, ranking,
                      pips, points, 0, leader, {"hand_points": points[:]})
