"""Moves that change a hand, and the hand settled when a move ends it.

``step(state, move)`` is the one checked way to change a state: it checks the move and returns
a new state and the events it caused. ``apply_unchecked`` is the fast path for playouts and
replays: it applies, in place, a move that came from ``legal_moves`` of that same state.
Both settle the hand when the move ends it (``settle.hand_result``) and add a ``HandEnded``
event; ``game.advance``, which they run, stops at the end of the hand. That order keeps the
imports one way: ``game`` knows nothing of settlement, ``settle`` (with the vn_schoolnet
blocker search) reads finished ``game`` states, and this module joins them.
"""

from __future__ import annotations

from ..hand.events import Event, HandEnded
from ..hand.moves import Move
from ..hand.state import OVER_PHASE, HandState, advance, check_move
from ..settlement.settle import hand_result


def apply_unchecked(s: HandState, move: Move) -> list[Event]:
    """Apply a move known to be legal, in place, and settle the hand if it ends.

    Calling it with a move that ``legal_moves(s)`` does not list corrupts the state.
    """
    events = advance(s, move)
    if s.phase == OVER_PHASE:
        events.append(HandEnded(hand_result(s)))
    return events


def step(s: HandState, move: Move | str, seat: int | None = None
         ) -> tuple[HandState, list[Event]]:
    """Check ``move`` against the rules and return the next state and the events it caused.

    ``seat``, when given, is who claims to move: a move out of turn is refused. Raises
    IllegalMoveError, whose message names the move and why it is not legal here.
    """
    move = check_move(s, move, seat)
    nxt = s.copy()
    events = apply_unchecked(nxt, move)
    return nxt, events
