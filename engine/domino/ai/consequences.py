"""What a move does that can be named from the position and the move alone (issue 26: "A
verdict in numbers only teaches little"), for the move review and the hint to say in words.

A consequence is named only when it is certain from what the mover knows (its ``Knowledge``:
its own tiles, the layout, what every seat's passes and draws showed) and the move, never from
an estimate or a hidden hand:

* ``scores``: the points a placement scores at once (All Fives: the ends add up to a multiple
  of 5, RULES.md 3.3), ``{"says": "scores", "points": n}``;
* ``shut_out``: after the move every open end shows a number another seat is known to lack
  (it passed on it, RULES.md 1.7), with nothing left to draw, so that seat must pass:
  ``{"says": "shut_out", "seat": q, "partner": whether q is the mover's partner, "penalty":
  whether the pass pays the mover a pass penalty (vn_iwin, RULES.md 2.3)}``;
* ``double_dead``: the move closes the last end showing a number while every other tile of
  that number is already laid, so the mover's double of it can never be played and is caught
  at the end (vn_iwin's thúi bò, where doubles left in hand are charged):
  ``{"says": "double_dead", "tile": "d-d"}``;
* ``keeps_zero``: the mover could play 0-0 now and keeps it, where 0-0 counts extra in hand
  (kozel's 25 penalty points, vn_traditional's 13): ``{"says": "keeps_zero", "value": v}``.

The page words each one from its catalogue (vi/en/ru). Pure Python, no estimate: the same
position and move always give the same list.
"""

from __future__ import annotations

from typing import Any

from ..hand.layout import TrainLayout
from ..hand.moves import Move
from ..play.resample import Knowledge
from ..rules.ruleset import NONE
from .evaluate import side_of
from .policy import PLACING, fives_points, layout_after, move_tiles


def consequences(k: Knowledge, move: Move, legal: list[Move]) -> list[dict[str, Any]]:
    """The consequences of ``move`` (one of ``legal``) that the seat of ``k`` can name for
    certain, in a fixed order (see the module docstring); [] for a draw, a pass or ``leave``."""
    if move.kind not in PLACING:
        return []
    rs = k.rs
    out: list[dict[str, Any]] = []
    points = fives_points(k.layout, rs, move)
    if points:
        out.append({"says": "scores", "points": points})
    rest = [t for t in k.hand if t not in move_tiles(move)]
    if not rest:
        return out  # the mover goes out: the hand ends with this move
    after = layout_after(k, move)
    if not isinstance(after, TrainLayout):
        out.extend(_shut_out(k, after.ends()))
        if rs.settlement_kind.doubles_left_cost:
            out.extend(_dead_doubles(k, move, rest, after.ends()))
    zero = (0, 0)
    if (rs.zero_double_value and zero in rest
            and any(zero in move_tiles(m) for m in legal if m.kind in PLACING)):
        out.append({"says": "keeps_zero", "value": rs.zero_double_value})
    return out


def _shut_out(k: Knowledge, ends: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """The seats that must pass after the move: every end shows a number they lack, and
    nothing is left to draw (a blank that matches anything makes no one certain to pass)."""
    rs = k.rs
    numbers = {value for _, value in ends}
    drawable = 0 if rs.draw_policy == NONE else k.boneyard - rs.reserve_for(k.n)
    if not numbers or drawable > 0 or rs.blank_wild:
        return []
    team = side_of(rs, k.n, k.seat)
    out = []
    for step in range(1, k.n):
        q = (k.seat + step) % k.n
        if k.counts[q] > 0 and numbers <= k.voids[q]:
            out.append({"says": "shut_out", "seat": q, "partner": q in team and q != k.seat,
                        "penalty": rs.pass_penalty})
    return out


def _dead_doubles(k: Knowledge, move: Move, rest: list[tuple[int, int]],
                  ends: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """The mover's doubles the move leaves unplayable: no end shows their number after it,
    and no tile of that number but the double is still to be laid (in the mover's hand or
    unseen), while before the move an end showed it."""
    before = {value for _, value in k.layout.ends()}
    showing = {value for _, value in ends}
    out = []
    for d, e in rest:
        if d != e or d in showing or d not in before:
            continue
        live = [t for t in rest + list(k.unknown) if d in t and t != (d, d)]
        if not live:
            out.append({"says": "double_dead", "tile": f"{d}-{d}"})
    return out


__all__ = ["consequences"]
