"""How good a finished hand is for one seat, read from the variant's own settlement.

The search never scores a hand itself: it plays a world to its end through the engine, whose
``settle`` produces the ``HandResult``, and this module turns that result's ``delta`` into one
number for the deciding seat's side (its team with partnerships, else the seat alone):

* money variants (vn_traditional, vn_schoolnet, vn_iwin): the side's money, penalties, tax and
  blocker rules included, exactly as settled;
* points races (block, draw, doubles, all_fives, vn_traditional in points mode): the side's
  points less the average of the other sides' points;
* kozel: penalty points to avoid; a closed record opens only with a hand of 13 or more
  (RULES.md 2.5), so a smaller total records nothing, and a record reaching 101 makes the
  goat. Records are read from ``View.match_scores``, which carries them in kozel: a record is
  open exactly when it is above 0, since it opens with 13 or more. Only without them (a view
  that has no standing) is every record taken as closed in the first hand and open later.
  Utility is the others' average recorded points less one's own (a tenth of the raw total
  breaks ties), less a heavy penalty for becoming the goat;
* mexican_train: pips left in hand, a cost: the others' average less one's own.
"""

from __future__ import annotations

from ..rules import Ruleset
from ..settle import HandResult


def sides_of(rs: Ruleset, n: int) -> list[list[int]]:
    """The scoring sides: the two teams with partnerships, else each seat alone."""
    return rs.teams(n) or [[p] for p in range(n)]


def side_of(rs: Ruleset, n: int, seat: int) -> list[int]:
    """The seats whose results the agent at ``seat`` plays for."""
    return next(s for s in sides_of(rs, n) if seat in s)


GOAT_PENALTY = 60.0  # in penalty points: losing the match outweighs any single hand


def _kozel_recorded(points: int, is_open: bool, record: int) -> float:
    recorded = points if is_open or points >= 13 else 0
    value = recorded + 0.1 * points
    if record and record + recorded >= 101:
        value += GOAT_PENALTY
    return value


class Utility:
    """Scores finished hands for the side of ``seat`` (see the module docstring)."""

    def __init__(self, rs: Ruleset, n: int, seat: int, hand_number: int,
                 seated: tuple[bool, ...] | list[bool] | None = None,
                 match_scores: tuple[int, ...] | list[int] | None = None) -> None:
        self.rs, self.n, self.seat = rs, n, seat
        self.hand_number = hand_number
        self.side = side_of(rs, n, seat)
        seated = list(seated) if seated else [True] * n
        others = [s for s in sides_of(rs, n) if seat not in s]
        self.others = [s for s in others if any(seated[p] for p in s)] or others
        self.kind = ("money" if rs.money else "kozel" if rs.settlement == "kozel"
                     else "cost" if rs.settlement == "mexican" else "points")
        self.records = [0] * n
        self.open = [hand_number > 1] * n
        if self.kind == "kozel" and match_scores and len(match_scores) == n:
            # All zero in a later hand means every record is still closed (no hand of 13 or
            # more yet), not unknown.
            self.records = list(match_scores)
            self.open = [r > 0 for r in self.records]

    def __call__(self, result: HandResult) -> float:
        """The value of ``result`` for this side (larger is better)."""
        d = result.delta
        kind = self.kind
        if kind == "money":
            return float(sum(d[p] for p in self.side))
        if kind == "points":
            own = d[self.side[0]]
            if not self.others:
                return float(own)
            return own - sum(d[s[0]] for s in self.others) / len(self.others)
        if kind == "kozel":
            own = self._kozel(self.seat, d)
            rest = [self._kozel(s[0], d) for s in self.others]
            return (sum(rest) / len(rest) if rest else 0.0) - own
        own = d[self.seat]
        rest = [d[s[0]] for s in self.others]
        return (sum(rest) / len(rest) if rest else 0.0) - own

    def _kozel(self, seat: int, delta: list[int]) -> float:
        return _kozel_recorded(delta[seat], self.open[seat], self.records[seat])

    def maximizing(self, seat: int) -> bool:
        """Whether ``seat`` plays for this side (the endgame solver's max player)."""
        return seat in self.side
