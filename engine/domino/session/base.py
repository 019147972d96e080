"""What a session holds (the match, its seats, the state id, the computers' random stream)
and how an intent is made a transaction: ``Saved`` keeps it before the intent, ``restore`` puts
it back when the intent fails, ``failure`` turns what went wrong into an ``error`` answer.
"""

from __future__ import annotations

import json
import random
import traceback
from typing import TYPE_CHECKING, Any

from ..errors import DominoError, IllegalMoveError, OptionError, RecordError, UnknownVariantError
from ..hand.events import Event
from ..match.match import DecisionPoint, Match
from .protocol import (
    DEFAULT_AI_LEVEL,
    PROTOCOL_VERSION,
    MessageError,
    ProtocolError,
    parse_seats,
)

if TYPE_CHECKING:
    from ..ai import Agent



class Saved:
    """What an intent may change in a session, kept before it runs so that a failed intent
    can put everything back (``Session.restore``): the match's history as a value
    (``Match.snapshot``), never a copy of its attributes."""

    __slots__ = ("match", "snapshot", "seats", "state_id", "points", "shown", "viewer",
                 "ai_rng", "rng_state", "agents", "seed_chosen", "stand_ins")

    def __init__(self, session: SessionBase) -> None:
        match = session.match
        self.match = match
        self.snapshot = match.snapshot() if match is not None else None
        self.seats = list(session.seats)
        self.state_id = session.state_id
        self.points = dict(session.points)
        self.shown = session.shown
        self.viewer = session.viewer
        self.ai_rng = session.ai_rng
        self.rng_state = session.ai_rng.getstate()
        self.agents = dict(session.agents)
        self.seed_chosen = session.seed_chosen
        self.stand_ins = dict(session.stand_ins)


class SessionBase:
    """What a session holds, and the helpers every family of its intents uses."""

    def __init__(self, ai_time_limit: float | None = None) -> None:
        """``ai_time_limit`` caps each computer decision in seconds (the web worker sets one
        so that the player never waits long); without it the AI's budget alone bounds its
        work, so a seeded session replays exactly (tests)."""
        self.match: Match | None = None
        self.seats: list[str] = []
        self.state_id = 0
        self.viewer = 0
        self.ai_rng = random.Random(0)
        self.ai_time_limit = ai_time_limit
        self.agents: dict[int, Agent] = {}
        # Whether the match's seed was chosen by the intent that started it (shown in its
        # states) or is secret (E-35).
        self.seed_chosen = False
        # The traceback of the last ``internal`` answer, for the worker's console (the
        # answer itself names the kind of exception only).
        self.last_internal: str | None = None
        # Increases with every ``advance_steps`` call: an older run sees it changed and
        # stops, so that at most one run plays the computers' moves.
        self.advance_serial = 0
        # The engine's events since the last state (``events_json``), and the last state's
        # events as given and as made (``state_for``).
        self.events: list[Event] = []
        self.shown: tuple[list[dict[str, Any]], list[Event]] = ([], [])
        # Where the match stood at each state of the current match (state id -> point), for
        # an ``undo`` sent for a state the page was still showing while the computers had
        # moved on (``seen_before_computers``).
        self.points: dict[int, DecisionPoint] = {}
        # Human seats a computer plays for now, at a level (seat -> level): a friend's seat
        # whose device went away, once the host let a computer play it until the friend is
        # back (domino.master, DECISIONS W-65). The seat stays human in ``seats`` (its record,
        # its save, an undo's rule that no one takes back a player's move); only who moves it
        # changes. A new match starts with none.
        self.stand_ins: dict[int, str] = {}

    def moved_on(self, saved: Saved) -> bool:
        """Whether an intent has changed the session since ``saved`` was taken (a new state,
        another match, a new random stream)."""
        return (self.state_id != saved.state_id or self.match is not saved.match
                or self.ai_rng is not saved.ai_rng)

    def restore(self, saved: Saved, refusal: bool = False) -> None:
        """Put the session back as it was when ``saved`` was taken (once: the saved copies
        become the session's own). The match is replayed to its snapshot, in place, so that
        whoever holds the match object (a suspended search) still holds the session's match;
        a ``refusal`` (an intent checked and refused before it changed anything, as nearly
        all are) is replayed only if its history moved. Anything else (a bug half-way through
        a move may have changed the hand without its record) is always replayed."""
        self.match = saved.match
        if saved.match is not None and saved.snapshot is not None and (
                not refusal or saved.match.snapshot() != saved.snapshot):
            try:
                saved.match.restore(saved.snapshot)
            except Exception:  # noqa: BLE001 - the intent is answered all the same
                # Replaying moves the engine took before failed: the engine itself is broken.
                # The match is dropped rather than left half-changed; the page is told why.
                self.last_internal = traceback.format_exc()
                self.match = None
        self.seats = saved.seats
        self.state_id = saved.state_id
        self.points = saved.points
        self.shown = saved.shown
        self.events = []
        self.viewer = saved.viewer
        self.ai_rng = saved.ai_rng
        self.ai_rng.setstate(saved.rng_state)
        self.agents = saved.agents
        self.seed_chosen = saved.seed_chosen
        self.stand_ins = saved.stand_ins

    @staticmethod
    def encode(answer: dict[str, Any], msg_id: str | int | None) -> str:
        """The answer as strict JSON text (``NaN`` or ``Infinity`` raise: the page's
        ``JSON.parse`` would refuse them), with the protocol version and the message's id."""
        answer["v"] = PROTOCOL_VERSION
        if msg_id is not None:
            answer["id"] = msg_id
        return json.dumps(answer, allow_nan=False)

    @staticmethod
    def error(code: str, message: str) -> dict[str, Any]:
        """An ``error`` answer."""
        return {"type": "error", "code": code, "message": message}

    def failure(self, exc: Exception) -> dict[str, Any]:
        """The ``error`` answer for what went wrong while handling a message: a refused
        intent keeps its code, an engine error gets the code of its kind, anything else is
        ``internal``, named by its kind only (its text may name hidden tiles; the traceback
        goes to ``last_internal``)."""
        if isinstance(exc, ProtocolError):
            return self.error(exc.code, exc.message)
        kinds = ((MessageError, "bad_message"), (UnknownVariantError, "unknown_variant"),
                 (OptionError, "bad_option"), (RecordError, "bad_record"),
                 (IllegalMoveError, "illegal_move"), (DominoError, "bad_message"))
        for kind, code in kinds:
            if isinstance(exc, kind):
                return self.error(code, str(exc))
        self.last_internal = "".join(traceback.format_exception(exc))
        return self.error("internal", f"the worker met an unexpected {type(exc).__name__} "
                                      "(a bug); nothing was changed")

    # --- helpers -------------------------------------------------------------------------

    def start(self, match: Match, seats: Any, seed_chosen: bool = False) -> None:
        """Install a new match with its seats; the state id keeps increasing across matches.
        ``seed_chosen``: its seed may be shown (E-35)."""
        self.points.clear()
        self.seed_chosen = seed_chosen
        self.seats = parse_seats(seats, match.players)
        self.match = match
        self.ai_rng = random.Random(f"domino-ai:{match.seed}")
        self.agents = {}
        self.stand_ins = {}
        humans = [s for s, kind in enumerate(self.seats) if kind == "human"]
        self.viewer = humans[0] if humans else 0

    def lone_human(self) -> int | None:
        """The human seat when exactly one seat is human (a player against the computer)."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def humans(self) -> list[int]:
        """The human seats."""
        return [seat for seat, kind in enumerate(self.seats) if kind == "human"]

    def undo_point(self, seat: int | None) -> DecisionPoint | None:
        """The decision an ``undo`` for ``seat`` goes back to: just before that seat's last
        move in the current hand, if no other human seat has moved since; None when there is
        nothing to undo (no such seat, the hand is over, or that seat has not moved)."""
        match = self.match
        if match is None or match.hand is None or seat is None or match.hand_over:
            return None
        moves = match.moves_of_hand()
        for index in range(len(moves) - 1, -1, -1):
            mover = moves[index][0]
            if mover == seat:
                return DecisionPoint(match.point.hands, index)
            if self.seats[mover] == "human":
                return None  # another player's move followed: theirs to keep
        return None

    def computer_plays(self, seat: int) -> bool:
        """Whether a computer moves for ``seat``: a computer seat, or a human seat a computer
        stands in for (``stand_ins``)."""
        return self.seats[seat] != "human" or seat in self.stand_ins

    def level(self, seat: int) -> str:
        """The AI level of a computer seat (a plain ``ai`` seat plays at the default level),
        or of the computer standing in for a human seat."""
        if seat in self.stand_ins:
            return self.stand_ins[seat]
        kind = self.seats[seat]
        return kind[3:] if kind.startswith("ai:") else DEFAULT_AI_LEVEL

    def current(self) -> Match:
        """The match being played (the state id check already refused a missing one)."""
        if self.match is None:
            raise ProtocolError("no_match", "no match is being played")
        return self.match

    @staticmethod
    def seat_to_move(match: Match) -> int:
        """The seat to move, or an error when the hand is over."""
        seat = match.to_move
        if seat is None:
            raise ProtocolError("hand_not_over" if not match.hand_over else "not_your_turn",
                                "nobody is to move: the hand is over")
        return seat

