"""A ``state`` answer (the session's docstring lists its fields): the position as one seat
sees it, every fact in one place only, for the viewer (``state``) or for any other seat or a
spectator (``state_for``).
"""

from __future__ import annotations

from typing import Any

from ..hand.events import Event
from ..hand.state import leave_charge
from ..play.view import SPECTATOR, view
from ..rules import schema
from ..rules.ruleset import reading
from .base import SessionBase
from .protocol import (
    MATCH_FIELDS_ELSEWHERE,
    VIEW_FIELDS_ELSEWHERE,
    MessageError,
    ProtocolError,
    history,
    json_safe,
    move_entry,
)


class States(SessionBase):
    """The session's ``state`` answers."""

    def events_json(self, events: list[Event]) -> list[dict[str, Any]]:
        """Events as the viewer of the next state may see them (kept as they are too, for
        ``state_for`` to show each seat what it may see of them)."""
        self.events = list(events)
        viewer = self.next_viewer()
        return [event.to_json(viewer) for event in events]

    def next_viewer(self) -> int:
        """The human whose view is shown: the human to move, else the last one shown."""
        match = self.match
        seat = match.to_move if match is not None else None
        if seat is not None and self.seats[seat] == "human":
            return seat
        return self.viewer

    def state(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        """A ``state`` answer for the current position (see the module doc), as the viewer
        (``next_viewer``) sees it; ``state_for`` gives the same state as another seat sees
        it."""
        match = self.current()
        self.viewer = self.next_viewer()
        self.state_id += 1
        here = match.point
        if self.points and next(reversed(self.points.values())).hands != here.hands:
            self.points.clear()  # kept for the current hand only
        self.points[self.state_id] = here
        # The events as given (JSON), and as the engine made them when they came through
        # ``events_json`` (protocol events such as ``undone`` are the same for every seat).
        self.shown = (events, self.events)
        self.events = []
        return self.render(self.viewer, events, self.lone_human())

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The latest state as ``seat`` sees it (None: a spectator, who sees no hand): the
        same ``state_id``, position and events as the answer the viewer got, with that
        seat's own tiles only, the events as that seat may see them (another's drawn tile
        hidden), and ``moves`` only when that seat is a human to move. The master sends each
        device its seat's state (issue 24); no one outside the session builds one."""
        if self.match is None or self.state_id == 0:
            raise ProtocolError("no_match", "no match is being played")
        if seat is not None:
            seat = schema.whole(seat, "seat", 0, len(self.seats) - 1, MessageError)
        given, made = self.shown
        if made:
            # A spectator is no seat: -1 sees only what every seat sees.
            events = [event.to_json(SPECTATOR if seat is None else seat) for event in made]
        else:
            events = given
        return self.render(seat, events, seat)

    def render(self, seat: int | None, events: list[dict[str, Any]],
               undoer: int | None) -> dict[str, Any]:
        """The state of the current position as ``seat`` sees it (None: a spectator): every
        fact in one place only, the view and the match summary without what the answer's
        own fields say (``VIEW_FIELDS_ELSEWHERE``, ``MATCH_FIELDS_ELSEWHERE``). ``undo``
        says whether ``undoer``'s undo would be taken now (the viewer's answer asks for the
        lone human's: an undo without a seat)."""
        match = self.current()
        hand = match.hand
        assert hand is not None  # (a match deals its first hand as it starts)
        to_move = match.to_move
        kind = None if to_move is None else (
            "ai" if self.computer_plays(to_move) else "human")
        v = view(hand, SPECTATOR if seat is None else seat).to_json()
        ends = {end: number for end, number in v["ends"]}
        moves = []
        if kind == "human" and to_move is not None and to_move == seat:
            cost = leave_charge(hand, to_move)
            moves = [move_entry(m, ends, cost) for m in match.legal()]
        for key in VIEW_FIELDS_ELSEWHERE:
            del v[key]
        summary = match.summary()
        for key in MATCH_FIELDS_ELSEWHERE:
            del summary[key]
        hand_over = match.hand_over
        result = match.hand_result
        out: dict[str, Any] = {
            "type": "state",
            "state_id": self.state_id,
            "pushed": False,
            "variant": match.rs.id,
            "options": match.rs.option_values(),
            "reading": reading(match.rs),
            "seed": match.seed if self.seed_chosen else None,
            "seed_chosen": self.seed_chosen,
            "players": match.players,
            "seats": list(self.seats),
            "viewer": seat,
            "view": v,
            "to_move": to_move,
            "to_move_kind": kind,
            "moves": moves,
            "events": events,
            "ai": None,
            "undo": self.undo_point(undoer) is not None,
            "hand_number": match.hand_number,
            "hand_over": hand_over,
            "hand_result": result.to_json() if result is not None else None,
            "hand_result_details": json_safe(result.details) if result is not None else None,
            "hands": None,
            "history": history(match),
            "match": summary,
            "match_over": match.over,
        }
        if hand_over:
            out["hands"] = [[f"{a}-{b}" for a, b in sorted(h, reverse=True)]
                            for h in hand.hands]
        return out
