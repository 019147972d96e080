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
  (kozel's 25 penalty points, vn_traditional's 13): ``{"says": "keeps_zero", "value": v}``;
* ``blocks``: the move closes the hand: nothing is left to draw and no seat can place a tile
  on any end after it (the mover's own tiles do not fit; no tile it has not seen fits, or every
  other seat is known to lack every number showing), so the hand ends blocked at the next
  turn's check (RULES.md 1.7: the Vietnamese triệt, kozel's fish, a block elsewhere):
  ``{"says": "blocks", "word": the table's word for it (``rules.kinds.WORDS``: ``block``,
  ``triet`` or ``fish``)}``. It takes the place of ``shut_out``: a blocked hand records no
  pass, so no pass penalty is paid (RULES.md 1.7, 2.3). Who wins the block is not named: it
  depends on the hidden hands.

The page words each one from its catalogue (vi/en/ru). Pure Python, no estimate: the same
position and move always give the same list.
"""

from __future__ import annotations

from typing import Any

from ..hand.layout import LineLayout, TrainLayout, TreeLayout
from ..hand.moves import Move
from ..play.resample import Knowledge
from ..rules.kinds import WORDS
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
        blocked = _blocks(k, rest, after)
        if blocked:
            out.append({"says": "blocks", "word": WORDS[rs.words]["blocked"]})
        else:
            out.extend(_shut_out(k, after.ends()))
        if rs.settlement_kind.doubles_left_cost:
            out.extend(_dead_doubles(k, move, rest, after.ends()))
    zero = (0, 0)
    if (rs.zero_double_value and zero in rest
            and any(zero in move_tiles(m) for m in legal if m.kind in PLACING)):
        out.append({"says": "keeps_zero", "value": rs.zero_double_value})
    return out


def _drawable(k: Knowledge) -> int:
    """Tiles still to be drawn (none where nobody draws, and never the reserve)."""
    rs = k.rs
    return 0 if rs.draw_policy == NONE else k.boneyard - rs.reserve_for(k.n)


def _blocks(k: Knowledge, rest: list[tuple[int, int]], after: LineLayout | TreeLayout) -> bool:
    """Whether the hand is certainly blocked once the move leaves ``after`` and the mover
    holds ``rest`` (RULES.md 1.7: nothing drawable and nobody can place). Another seat
    cannot place when no tile the mover has not seen fits an end (the layout's own
    ``options``: locks, a blank that matches anything), or when it is known to lack every
    number showing (a pass showed it, RULES.md 1.7)."""
    rs = k.rs
    ends = after.ends()
    if not ends or _drawable(k) > 0:
        return False
    if any(after.options(t, k.seat) for t in rest):
        return False
    if not any(after.options(t, k.seat) for t in k.unknown):
        return True
    if rs.blank_wild:
        return False
    numbers = {value for _, value in ends}
    return all(k.counts[q] == 0 or numbers <= k.voids[q]
               for q in range(k.n) if q != k.seat)


def _shut_out(k: Knowledge, ends: list[tuple[str, int]]) -> list[dict[str, Any]]:
    """The seats that must pass after the move: every end shows a number they lack, and
    nothing is left to draw (a blank that matches anything makes no one certain to pass)."""
    rs = k.rs
    numbers = {value for _, value in ends}
    if not numbers or _drawable(k) > 0 or rs.blank_wild:
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
