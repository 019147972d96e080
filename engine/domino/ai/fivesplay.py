"""The search's playouts on All Fives' tree (one spinner whose cross sides open later, the
ends counted after every placement), without the engine's legal lists and moves.

Through the engine (``search.rollout``) every turn of a playout builds the legal list of
``Move`` objects (``state.legal_moves``: ``TreeLayout.options`` walks every arm for every
tile in hand), every greedy pick places each candidate on a copy of its arm to count the
ends (``policy._fast_count``), and the block check once nothing can be drawn asks every
seat the same way: in All Fives that was 75-85% of the expert's slowest decisions (cProfile
of the 8 slowest of 4 hands at 2, 3 and 4 players: ``rollout`` 3.2-5.2 s of 4.1-6.9 s,
``legal_moves`` and ``TreeLayout.options`` most of it; docs/DECISIONS.md E-112).

``playout`` plays the same moves for the same random numbers, as ``treeplay.playout`` does on
Doubles' tree (E-109): the placements in ``legal_moves``' order (tile by tile in hand
order, and for each tile the open arms in the layout's order showing one of its numbers),
one number drawn for the greed test and one more for a random pick only when two or more
placements are open, else ``rollout_move``'s heaviest (half the pips, 4 for a double, 3 for
each other tile in hand showing the number left exposed, twice the count when the ends
then total a multiple of 5; the first among equals); a drawn tile goes to the end of the
hand (draw until playable); a pass ends the turn. After each placement the ends are counted
(RULES.md 3.3: each arm its tip, a double twice, an empty cross side nothing, the lead
double's free line sides once) and a multiple of 5 is scored by the placer's side; reaching
the target ends the hand ("target"), as going out does ("domino"); the hand is blocked when
nothing can be drawn and no seated seat can place. What fits is counted by number (the
open arms showing each), kept up to date as tiles are placed, and so is the count of the
ends. The tiles are placed by the layout's own ``TreeLayout.place`` (the same arms, the
same cross sides opening), so the end position is the engine's; the move history is not
kept (settlement reads the hands, the points scored, who is seated and how the hand ended).

The exact solves stay with the engine (``search._solve``, ``_solve_maxn``): in the slowest
decisions, early in a hand, there are none.
"""

from __future__ import annotations

import random

from ..hand.layout import Arm, TreeLayout
from ..hand.state import PLAY_PHASE, HandState
from ..rules.ruleset import Ruleset
from ..tiles import Tile
from .treeplay import run


def supported(rs: Ruleset) -> bool:
    """Whether ``playout`` plays worlds of ``rs``: a tree whose ends are counted (All Fives,
    any spinner rule), no locks, no voluntary or optional draw, nobody leaving, no pass
    penalty, no pair of doubles, no wild blanks, no blocker look-back."""
    return (
        not rs.layout_kind.line
        and not rs.layout_kind.trains
        and rs.end_count_scoring
        and rs.unlock_mode is None
        and not rs.voluntary_draw
        and not rs.drawn_tile_optional
        and not rs.leave_allowed
        and not rs.pass_penalty
        and not rs.pair_of_doubles
        and not rs.blank_wild
        and not rs.blocker_mode
    )


def applicable(s: HandState) -> bool:
    """Whether ``playout`` can play ``s``: ``supported`` rules, the lead made, a tree."""
    return s.phase == PLAY_PHASE and isinstance(s.layout, TreeLayout) and supported(s.rs)


def _worth(arm: Arm) -> int:
    """What ``arm`` adds to the count of the ends (``TreeLayout.count_ends``): its tip, a
    double twice; an empty cross side nothing; an empty line side of a double lead nothing
    here (the lead counts once for both, ``_Ends.count``), of another lead its number."""
    if arm.tiles:
        t, e = arm.tiles[-1]
        return 2 * e if t == e else e
    return 0 if arm.cross or arm.origin_double else arm.origin


class _Ends:
    """The tree's arms as ``playout`` reads them, in the layout's order: each arm's number
    (``values``), whether it is open (``opened``), what it adds to the count (``worth``), and
    by number the open arms showing it (``count``)."""

    __slots__ = ("lay", "arms", "values", "opened", "worth", "total", "lead", "side",
                 "bare", "count", "closed")

    def __init__(self, lay: TreeLayout, width: int) -> None:
        self.lay = lay
        self.arms: list[Arm] = []
        self.values: list[int] = []
        self.opened: list[bool] = []
        self.worth: list[int] = []
        self.side: list[bool] = []  # the lead's line sides
        self.count = [0] * width
        self.closed: list[int] = []  # closed arms, by index
        self.total = 0
        a, b = lay.lead_tile or (0, 1)
        # The lead double's free line sides count its pips once (RULES.md 3.3).
        self.lead = a if a == b else -1
        self.bare = 0  # the lead's line sides without a tile
        for arm in lay.arms.values():
            self._add(arm)

    def _add(self, arm: Arm) -> None:
        i = len(self.arms)
        self.arms.append(arm)
        self.values.append(arm.value)
        self.opened.append(arm.open)
        worth = _worth(arm)
        self.worth.append(worth)
        self.total += worth
        side = arm.parent is None and not arm.cross
        self.side.append(side)
        self.bare += side and not arm.tiles
        if arm.open:
            self.count[arm.value] += 1
        else:
            self.closed.append(i)

    def ends(self) -> int:
        """The count of the ends now (``TreeLayout.count_ends``)."""
        return self.total + (2 * self.lead if self.lead >= 0 and self.bare else 0)

    def after(self, i: int, other: int, double: bool) -> int:
        """The count of the ends once a tile exposing ``other`` (a double or not) is on arm
        ``i`` (the layout unchanged: ``policy._fast_count``)."""
        total = self.total - self.worth[i] + (2 * other if double else other)
        bare = self.bare - (self.side[i] and not self.arms[i].tiles)
        return total + (2 * self.lead if self.lead >= 0 and bare else 0)

    def fits(self, t: Tile) -> int:
        """How many placements tile ``t`` has."""
        a, b = t
        count = self.count
        return count[a] if a == b else count[a] + count[b]

    def nth(self, t: Tile, j: int) -> int:
        """The index of the ``j``-th open arm (from 0, in the layout's order) where ``t``
        fits: ``TreeLayout.options``' order."""
        a, b = t
        opened = self.opened
        for i, v in enumerate(self.values):
            if (v == a or v == b) and opened[i]:
                if not j:
                    return i
                j -= 1
        raise AssertionError("fewer placements than counted")

    def place(self, t: Tile, i: int, seat: int) -> int:
        """Put ``t`` on arm ``i`` through the layout (``TreeLayout.place``), bring the counts
        up to date (the arm's new number and worth, a spinner's new cross sides, closed ones
        that open) and return the count of the ends."""
        lay, arm = self.lay, self.arms[i]
        old = self.values[i]
        other = t[1] if t[0] == old else t[0]
        bare = self.side[i] and not arm.tiles
        known = len(lay.arms)
        lay.place(t, arm.id, old, seat)
        count = self.count
        count[old] -= 1
        count[other] += 1
        self.values[i] = other
        worth = 2 * other if t[0] == t[1] else other
        self.total += worth - self.worth[i]
        self.worth[i] = worth
        self.bare -= bare
        if len(lay.arms) != known:
            for new in list(lay.arms.values())[known:]:
                self._add(new)
        if self.closed:
            arms, opened = self.arms, self.opened
            for j in [j for j in self.closed if arms[j].open]:
                self.closed.remove(j)
                opened[j] = True
                count[self.values[j]] += 1
        return self.ends()


def _greedy(ends: _Ends, hand: list[Tile], base: dict[Tile, float], width: int
            ) -> tuple[Tile, int]:
    """``rollout_move``'s heaviest placement, as (tile, arm index): a tile's score less its
    follow bonus (``base``), plus 3 for each other tile in hand showing the number it
    leaves exposed, plus twice the count of the ends after it when that is a multiple of 5;
    the first of the best in ``legal_moves``' order. Every score is a small multiple of a
    half, so the sums are the same floats as ``rollout_move``'s."""
    showing = [0] * width
    for a, b in hand:
        showing[a] += 1
        if a != b:
            showing[b] += 1
    values, opened = ends.values, ends.opened
    best: tuple[Tile, int] | None = None
    top = -1e9
    for t in hand:
        if not ends.fits(t):
            continue
        a, b = t
        double = a == b
        for i, v in enumerate(values):
            if (v == a or v == b) and opened[i]:
                other = b if a == v else a
                score = base[t] + 3.0 * (showing[other] - 1)
                count = ends.after(i, other, double)
                if count and count % 5 == 0:
                    score += 2.0 * count
                if score > top:
                    best, top = (t, i), score
    assert best is not None  # the caller counted two placements or more
    return best


def playout(s: HandState, rng: random.Random, greed: float) -> int:
    """Play All Fives world ``s`` (``applicable``) to its end in place, exactly as
    ``search.Search._playout``'s loop of ``legal_moves``, ``rollout_move`` and ``advance``
    plays it (the same moves for the same draws of ``rng``, the same points scored), and
    return the moves made (placements, draws and passes, as that loop counts them)."""
    return run(s, rng, greed, _Ends(s.layout, s.rs.max_pip + 1), _greedy)  # type: ignore[arg-type]
