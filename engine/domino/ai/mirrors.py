"""Mirror moves: two placements of one tile that no rule tells apart (docs/DECISIONS.md E-24,
E-70). The move review (``domino.ai.review``) calls the move played the best when the expert's
choice is its mirror image: their estimates differ by sampling noise alone, and a player must
not be told that one of two identical moves was worse.
"""

from __future__ import annotations

from ..hand.layout import TreeLayout, layout_class
from ..hand.moves import PLACE, Move
from ..play.view import View
from ..rules.ruleset import Ruleset


def mirrored(v: View, a: Move, b: Move) -> bool:
    """Whether ``a`` and ``b`` put the same tile, by the same half, on two ends that no rule
    tells apart: the two layouts after them are mirror images, so neither move can be worse
    than the other and their estimates differ by sampling noise alone (E-24, E-70).

    On a line: two ends that show the same number (RECORD.md lists both ``6-1@L`` and
    ``6-1@R`` after ``6-6``; a line's left and right differ only in notation). On a tree
    (``hand.layout.TreeLayout``): two open arms that show the same number and that the rules
    treat alike (``_twin_arms``). Never on trains: a train belongs to a seat."""
    if a.kind != PLACE or b.kind != PLACE or a.tile != b.tile or a.touch != b.touch:
        return False
    kind = v.rs.layout_kind
    if kind.line:
        ends = dict(v.ends)
        return a.end in ends and b.end in ends and ends[a.end] == ends[b.end]
    if kind.trains:
        return False
    layout = layout_class(v.rs).from_view(v.rs, v.players, v.layout)
    assert isinstance(layout, TreeLayout)  # (neither a line nor trains)
    return _twin_arms(v.rs, layout, a.end, b.end)


def _twin_arms(rs: Ruleset, layout: TreeLayout, x: str, y: str) -> bool:
    """Whether open arms ``x`` and ``y`` of a tree are interchangeable under the rules of
    ``rs`` (RULES.md 1.3, 2.4, 3.3): a tile placed on either leaves layouts that differ only
    in the arms' names.

    Where every side of every double is open at once and nothing counts the ends (doubles,
    RULES.md 2.4: geometry is ignored), an arm matters only by the number it shows (a
    number's lock is the board's, not the arm's), and, in ``spinner_only``, whether its tip
    is a double. Where cross sides open later and the ends are counted (All Fives, RULES.md
    3.3: a spinner's cross sides open once both its line sides are covered; an arm counts its
    tip, a double twice, an empty cross side nothing, the lead double's free line sides once),
    an arm with tiles matters by its tip (its number, whether a double) and whether a tile
    on it would open a spinner's closed cross sides; an empty arm by what it grows from.
    Two arms with tiles that show the same tip and open nothing are twins (a line side and a
    cross side alike); two empty ones only when they are the same spinner's same kind of
    side."""
    arms = layout.arms
    if x == y or x not in arms or y not in arms:
        return x == y
    p, q = arms[x], arms[y]
    if not (p.open and q.open and p.value == q.value):
        return False
    if not layout.cross_after_line and not rs.end_count_scoring:
        return layout.unlock_mode != "spinner_only" or p.tip_is_double == q.tip_is_double
    if p.tiles and q.tiles:
        return (p.tip_is_double == q.tip_is_double
                and not _opens_cross_arms(layout, p.id) and not _opens_cross_arms(layout, q.id))
    return (not p.tiles and not q.tiles and p.cross == q.cross and p.parent == q.parent
            and p.origin == q.origin and p.origin_double == q.origin_double)


def _opens_cross_arms(layout: TreeLayout, arm_id: str) -> bool:
    """Whether a tile on arm ``arm_id`` may open a spinner's closed cross sides: the arm
    carries a spinner whose cross sides are still closed (they open once the arm grows past
    it, ``TreeLayout._open_cross_arms``), or it is a line side of the lead while a cross side
    of the lead is closed."""
    for arm in layout.arms.values():
        if not arm.cross or arm.open:
            continue
        if arm.parent is None and arm_id in ("L", "R"):
            return True
        if arm.parent is not None and arm.parent[0] == arm_id:
            return True
    return False


__all__ = ["mirrored"]
