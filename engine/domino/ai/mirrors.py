"""Mirror moves: two placements of one tile that no rule tells apart (docs/DECISIONS.md E-24,
E-70). The move review (``domino.ai.review``) calls the move played the best when the expert's
choice is its mirror image: their estimates differ by sampling noise alone, and a player must
not be told that one of two identical moves was worse.
"""

from __future__ import annotations

from typing import Any

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
    in the arms' names (they are of one ``arm_classes`` class)."""
    if x == y or x not in layout.arms or y not in layout.arms:
        return x == y
    classes = arm_classes(rs, layout)
    return x in classes and classes.get(x) == classes.get(y)


def arm_classes(rs: Ruleset, layout: TreeLayout) -> dict[str, tuple[Any, ...]]:
    """Each open arm of a tree that has a twin under the rules of ``rs``, by its class: two
    open arms of one class are interchangeable (RULES.md 1.3, 2.4, 3.3), a tile placed on
    either leaves layouts that differ only in the arms' names. An arm that is no other's
    twin is left out.

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
    plain = not layout.cross_after_line and not rs.end_count_scoring
    opening = set() if plain else _opening_arms(layout)
    classes: dict[str, tuple[Any, ...]] = {}
    seen: dict[tuple[Any, ...], int] = {}
    for arm in layout.arms.values():
        if not arm.open:
            continue
        key: tuple[Any, ...]
        if plain:
            key = (arm.value, layout.unlock_mode != "spinner_only" or arm.tip_is_double)
        elif arm.tiles:
            if arm.id in opening:
                continue
            key = (True, arm.value, arm.tip_is_double)
        else:
            key = (False, arm.cross, arm.parent, arm.origin, arm.origin_double)
        classes[arm.id] = key
        seen[key] = seen.get(key, 0) + 1
    return {a: k for a, k in classes.items() if seen[k] > 1}


def _opening_arms(layout: TreeLayout) -> set[str]:
    """The arms a tile on which may open a spinner's closed cross sides: an arm carrying a
    spinner whose cross sides are still closed (they open once the arm grows past it,
    ``TreeLayout._open_cross_arms``), and the lead's line sides while a cross side of the
    lead is closed."""
    out: set[str] = set()
    for arm in layout.arms.values():
        if not arm.cross or arm.open:
            continue
        if arm.parent is None:
            out.update(("L", "R"))
        else:
            out.add(arm.parent[0])
    return out


__all__ = ["arm_classes", "mirrored"]
