"""How good a finished hand is for one seat, read from the variant's own settlement.

The search never scores a hand itself: it plays a world to its end through the engine, whose
``settle`` produces the ``HandResult``, and this module turns that result's ``delta`` into one
number for the deciding seat's side (its team with partnerships, else the seat alone):

* money variants (vn_traditional, vn_schoolnet, vn_iwin): the side's money, penalties, tax and
  blocker rules included, exactly as settled;
* points races (block, draw, doubles, all_fives, vn_traditional in points mode): the side's
  points less the average of the other sides' points;
* records (kozel): penalty points to avoid; a closed record opens only with a hand of
  ``record_opens_at`` (13) or more (RULES.md 2.5), so a smaller total records nothing, and a
  record reaching the ruleset's ``target`` (101) makes the goat. Records are read from ``View.match_totals``, which carries them in kozel: a record is
  open exactly when it is above 0, since it opens with 13 or more. Only without them (a view
  that has no standing) is every record taken as closed in the first hand and open later.
  Utility is the others' average recorded points less one's own (a tenth of the raw total
  breaks ties), less a heavy penalty for becoming the goat;
* cost (mexican_train): pips left in hand: the others' average less one's own.

Which of these applies is the ruleset's ``standing`` (``rules.STANDINGS``).

A search may also value the hand's outcome itself (``win_bonus``): that many units more when
the side wins the hand (the result's ``winner``, RULES.md's winner of the hand) and that many
less when another side does, nothing for a tied block. Where a player is counted by hands
won, a large bonus makes the search play for the win first and for the points second.
"""

from __future__ import annotations

from collections.abc import Callable

from ..hand.result import HandResult
from ..rules.ruleset import STANDINGS, Ruleset


def sides_of(rs: Ruleset, n: int) -> list[list[int]]:
    """The scoring sides: the two teams with partnerships, else each seat alone."""
    return rs.teams(n) or [[p] for p in range(n)]


def side_of(rs: Ruleset, n: int, seat: int) -> list[int]:
    """The seats whose results the agent at ``seat`` plays for."""
    return next(s for s in sides_of(rs, n) if seat in s)


GOAT_PENALTY = 60.0  # in penalty points: losing the match outweighs any single hand


def _recorded(rs: Ruleset, points: int, is_open: bool, record: int) -> float:
    """What a hand's penalty points cost a record: what is recorded (RULES.md 2.5), a tenth of
    the raw total to break ties, and the goat's penalty if the record reaches the target."""
    recorded = points if is_open or points >= rs.record_opens_at else 0
    value = recorded + 0.1 * points
    if record and rs.target and record + recorded >= rs.target:
        value += GOAT_PENALTY
    return value


class Utility:
    """Scores finished hands for the side of ``seat`` (see the module docstring)."""

    def __init__(self, rs: Ruleset, n: int, seat: int, hand_number: int,
                 seated: tuple[bool, ...] | list[bool] | None = None,
                 match_totals: tuple[int, ...] | list[int] | None = None,
                 win_bonus: float = 0.0) -> None:
        self.rs, self.n, self.seat = rs, n, seat
        self.win_bonus = win_bonus
        self.hand_number = hand_number
        self.side = side_of(rs, n, seat)
        seated = list(seated) if seated else [True] * n
        others = [s for s in sides_of(rs, n) if seat not in s]
        self.others = [s for s in others if any(seated[p] for p in s)] or others
        self.kind = rs.standing  # money, record, cost or points (rules.STANDINGS)
        self._value = VALUES[rs.standing]
        self.records = [0] * n
        self.open = [hand_number > 1] * n
        if rs.standing_rule.keeps_records and match_totals and len(match_totals) == n:
            # All zero in a later hand means every record is still closed (no hand of 13 or
            # more yet), not unknown.
            self.records = list(match_totals)
            self.open = [r > 0 for r in self.records]

    def __call__(self, result: HandResult) -> float:
        """The value of ``result`` for this side (larger is better)."""
        value = self._value(self, result.delta)
        if self.win_bonus:
            winner = result.winner
            if winner is not None:
                won = (winner in self.side if isinstance(winner, int)
                       else self.seat in winner)
                value += self.win_bonus if won else -self.win_bonus
        return value

    def _money(self, d: list[int]) -> float:
        return float(sum(d[p] for p in self.side))

    def _points(self, d: list[int]) -> float:
        own = d[self.side[0]]
        if not self.others:
            return float(own)
        return own - sum(d[s[0]] for s in self.others) / len(self.others)

    def _records(self, d: list[int]) -> float:
        own = self._record(self.seat, d)
        rest = [self._record(s[0], d) for s in self.others]
        return (sum(rest) / len(rest) if rest else 0.0) - own

    def _cost(self, d: list[int]) -> float:
        own = d[self.seat]
        rest = [d[s[0]] for s in self.others]
        return (sum(rest) / len(rest) if rest else 0.0) - own

    def _record(self, seat: int, delta: list[int]) -> float:
        return _recorded(self.rs, delta[seat], self.open[seat], self.records[seat])

    def maximizing(self, seat: int) -> bool:
        """Whether ``seat`` plays for this side (the endgame solver's max player)."""
        return seat in self.side


def side_values(utilities: list[Utility]) -> Callable[[HandResult], list[float]]:
    """The values of a result for several sides at once, ``[u(result) for u in
    utilities]`` (the max^n solve's leaf), with the same floats. Where every side keeps a
    record under one standing (kozel), each seat's record is worked out once instead of
    once per side."""
    if utilities and all(u.kind == "money" and not u.win_bonus and len(u.side) == 1
                         for u in utilities):
        # Every side one seat, valued by its money (vn_iwin): each value is that seat's
        # delta as a float, what ``_money``'s sum of one integer gives (E-105).
        own = [u.side[0] for u in utilities]

        def money(r: HandResult) -> list[float]:
            d = r.delta
            return [float(d[q]) for q in own]

        return money
    first = utilities[0] if utilities else None
    if (first is None or first.kind != "record"
            or any(u.win_bonus or u.kind != "record" or u.rs is not first.rs
                   or u.open != first.open or u.records != first.records
                   for u in utilities)):
        return lambda r: [u(r) for u in utilities]
    record = first._record
    plan = [(u.seat, [s[0] for s in u.others]) for u in utilities]
    seats = sorted({u.seat for u in utilities} | {q for _, rest in plan for q in rest})

    def values(r: HandResult) -> list[float]:
        d = r.delta
        rec = {q: record(q, d) for q in seats}
        out = []
        for own, rest in plan:
            vals = [rec[q] for q in rest]
            out.append((sum(vals) / len(vals) if vals else 0.0) - rec[own])
        return out

    return values


# How a hand's delta is valued, by the ruleset's standing (every name of rules.STANDINGS).
VALUES: dict[str, Callable[[Utility, list[int]], float]] = {
    "money": Utility._money,
    "points": Utility._points,
    "record": Utility._records,
    "cost": Utility._cost,
}
if set(VALUES) != set(STANDINGS):
    raise ImportError(f"evaluate.VALUES {sorted(VALUES)} and rules.STANDINGS differ")
