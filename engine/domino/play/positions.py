"""Positions written as RECORD.md ``start`` fields: the inverse of ``game.start_position``.

``start_of(state)`` writes the position of a hand in play as a ``start`` (the hands, the
boneyard top first, ``line`` or ``layout``, ``to_move``, and ``last_placer`` and ``seated``
where they matter), which ``start_position`` reads back to the same position: the same
hands, boneyard order, layout and seat to move, hence the same legal moves, and the same
play from there on. It lets any position of a game become a record of its own (a puzzle, a
test vector, a bug report). A start holds the hand only: the match around it (hand number,
scores, balances, kozel records) is the record's ``match``.

A start position is the beginning of a turn with nothing of the hand's past but the table.
What it cannot express, so that ``start_of`` refuses it (``inexpressible`` says why):

* a hand that is over;
* the middle of a turn: tiles drawn in this turn (under ``draw_one`` the pass that must
  follow would become a draw), Mexican Train's extra play after a double, a
  ``first_turn_multi`` run of tiles in progress;
* Mexican Train ``first_turn_multi`` once a seat's first turn is over: a start gives every
  seat its first turn again;
* Mexican Train passes in a row: a start counts them from none, and they end the round once
  the boneyard is empty;
* a hand still to be led, unless it is the first hand and nobody has left yet: a start reads
  the lead rule afresh from the hands it holds (``determine_lead``), and only the first hand
  (or a variant whose later hands lead as the first) is led by that rule.

What it does not carry, though the play from it is the same (``not_carried`` lists them):

* the public history before it, and what that history proved about the hidden hands;
* all_fives points already scored in the hand, vn_iwin pass penalties and leave charges of
  the hand so far: a start begins the hand's account at zero, so the hand's ``delta`` leaves
  them out (and all_fives' target is then reached later than in the real hand);
* vn_schoolnet: the turns before it, which the blocker search looks back on, so a block
  within a round of the start may be judged forced;
* the chance left in the hand: vn_iwin's reshuffle after a leave is drawn afresh;
* who led the hand: a start names the seat to move as the leader, which decides who leads
  the next hand where the lead rotates.
"""

from __future__ import annotations

from typing import Any

from ..errors import DominoError
from ..hand.state import LEAD_PHASE, HandState
from ..tiles import tile_str


class PositionError(DominoError, ValueError):
    """A position that a RECORD.md ``start`` cannot express (see the module docstring)."""


def inexpressible(s: HandState) -> str | None:
    """Why a ``start`` cannot express the position ``s`` exactly, or None if it can."""
    rs = s.rs
    if s.over:
        return "the hand is over"
    if s.drew:
        return f"P{s.to_move} has drawn in this turn"
    if s.extra_play or s.played_this_turn:
        return f"P{s.to_move} is in the middle of a turn"
    if rs.layout_kind.trains:
        if rs.first_turn_multi and not all(s.first_turn_open[p] for p in s.seats_in_play()):
            return "a seat's first turn is over (first_turn_multi)"
        if s.passes_in_row:
            return "passes in a row count towards the end of the round"
    if s.phase == LEAD_PHASE:
        later = s.hand_number > 1 and not rs.later_lead_rule.repeat_first
        if later or s.history:
            return "the lead of a later hand, or after a leave, is not the lead rule's"
    return None


def not_carried(s: HandState) -> list[str]:
    """What of the hand so far a ``start`` of ``s`` leaves behind, though the play from it is
    the same: ``history``, ``points`` (all_fives), ``penalties`` and ``escrow`` (vn_iwin),
    ``blocker_turns`` (vn_schoolnet). Empty when the start carries the whole hand."""
    out = []
    if s.history:
        out.append("history")
        if s.rs.blocker_mode:
            out.append("blocker_turns")
    if any(s.points):
        out.append("points")
    if s.transfers:
        out.append("penalties")
    if s.escrow:
        out.append("escrow")
    return out


def start_of(s: HandState) -> dict[str, Any]:
    """The RECORD.md ``start`` of the position ``s``, which ``game.start_position`` reads back
    to the same position; raises PositionError for a position it cannot express."""
    reason = inexpressible(s)
    if reason is not None:
        raise PositionError(f"no start position can express this one: {reason}")
    out: dict[str, Any] = {
        "hands": [[tile_str(t) for t in hand] for hand in s.hands],
        "boneyard": [tile_str(t) for t in s.boneyard],
    }
    out.update(s.layout.record_fields())
    out["to_move"] = s.to_move
    if s.last_placer is not None:
        # vn_iwin: a pass pays the most recent placer, and a block is the last placer's.
        out["last_placer"] = s.last_placer
    if not all(s.seated):
        out["seated"] = list(s.seated)
    return out
