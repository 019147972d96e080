"""The master of one match for several devices: it takes each device's intents for its seat and
returns an ordered stream of updates, each addressed to one device and holding only what that
device's seat may see (boardgame.io's master and its ``playerView``).

A device joins as a seat (a human seat of the match: its own tiles, the others' counts, the
public log) or as a spectator (no hand at all), or as ``LOCAL``: the page of the device that
hosts the match, which plays every human seat no other device holds (one player, or several
passing it round: its view follows its own seat to move, as the session's viewer does). The master speaks the session's protocol (its
docstring, engine/domino/session/__init__.py) and adds these rules:

- An intent from a seat's device is sent to the session as that seat's (its ``seat`` field set
  to the device's seat): a ``seat`` naming another seat is refused with ``not_your_seat``, and
  the session refuses a ``play`` when that seat is not to move (``not_your_turn``) and an
  ``undo`` of anything but that seat's own last move (DECISIONS E-29). A spectator's device may
  only ask for what changes nothing (``hello``, ``variants``); anything else is refused with
  ``spectator``. Starting or loading a match (``new_match``, ``load_record``) is the host's:
  ``host_only`` from any other device, and so is anything but ``GUEST_INTENTS`` (a record
  export shows every hand and the deal number). A refused intent changes nothing and is
  answered to its device alone.
- The hosting device's ``new_match`` (or ``load_record``: a host reopening a saved match)
  may seat its friends' devices at once (``devices``: device -> a human seat of the new
  match, DECISIONS W-40): they are seated before the first state is made, so the host's page
  never shows a friend's seat, and every device gets the first state together; one without
  it leaves every friend's device unseated.
- After every intent that gives a new state, and after every computer move (``advance``),
  every device gets that state as its seat sees it (``Session.state_for``; a guest's or a
  spectator's without the deal number, from which every hand could be dealt again): the device that
  asked gets it as the answer to its message (its ``id``); the others get it as an update
  (``"pushed": true``, no ``id``). Updates come in the order the master made them.

- A friend's seat whose device went away may be played by a computer until a device joins it
  again (``stand_in``; the host's choice, DECISIONS W-65): the seat stays human in the
  match (its record, its save), only who moves it changes. A host reopening its table from
  its save gives the computers that stood in back with its ``load_record`` (``stand_ins``:
  seat -> level, for the seats its ``devices`` hold; W-74). The friend's device that comes
  back gets its seat at its next turn: a computer's move for it under way is finished
  first. The host may remove a friend's device (``remove``): it gets nothing more and a
  computer plays its seat (W-66).
- Quick reactions (``react``, one of ``REACTIONS``): any seated device's goes to every
  device, with its sender's seat; at most ``REACTION_BURST`` per device in any
  ``REACTION_WINDOW`` seconds, the rest refused (``flood``). They never reach the session
  and change nothing (W-67).

- Once the match is over, a friend's device may ask for its record (``match_record``), for
  its player's own history: every hand is over, so its deals show nothing that can still be
  used (W-68); before that it is refused (``reveals_hands``).

Updates are ``(device, text)`` pairs; moving them between devices (a WebRTC data channel, the
worker's ``postMessage``) is the caller's. Pure Python: tested without a browser.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable, Iterator
from typing import Any

from .session import Session
from .session.protocol import AI_LEVELS, DEFAULT_AI_LEVEL

LOCAL = "local"  # the hosting device's page: the human seats no other device holds
Update = tuple[str, str]  # (device, JSON text)

# What a spectator may ask for: nothing that changes the match or shows a hand.
SPECTATOR_INTENTS = ("hello", "variants")
# What only the hosting device may ask for.
HOST_INTENTS = ("new_match", "load_record")
# What a friend's seated device may ask for: its seat's moves, the next hand, a hint, an
# undo of its own move. Anything else (a record export, which shows every hand and the deal
# number; the engine's tools such as `ai_move`) is the host's.
GUEST_INTENTS = ("hello", "variants", "play", "next_hand", "hint", "undo", "react",
                 "match_record")
# The quick reactions a player may send (the page says each in its language, or draws it):
# a few phrases, then a few faces.
REACTIONS = ("hello", "well_played", "oops", "hurry", "thanks", "good_game",
             "laugh", "wow", "sad", "thumbs_up")
# At most REACTION_BURST reactions per device in any REACTION_WINDOW seconds (DECISIONS W-67).
REACTION_BURST = 3
REACTION_WINDOW = 10.0


class Master:
    """The authority of one match: the session, and who watches it from which device."""

    def __init__(self, session: Session | None = None,
                 clock: Callable[[], float] = time.monotonic) -> None:
        """``clock``: seconds, for the reactions' rate (a test passes its own)."""
        self.session = session if session is not None else Session()
        # device -> its seat (an int), None for a spectator, or LOCAL (the host's page).
        self.devices: dict[str, int | str | None] = {}
        self.shown: int | None = None  # the host's seat its page showed last
        # Seats whose friend came back while the computer standing in was to move for it:
        # the computer's move is finished, then the seat is the friend's again.
        self.returning: set[int] = set()
        self.clock = clock
        self.reacted: dict[str, list[float]] = {}  # device -> its recent reactions' times

    # --- who is at the table --------------------------------------------------------------

    def join(self, device: str, seat: int | str | None) -> list[Update]:
        """Seat ``device`` as ``seat`` (a human seat of the match), a spectator (None) or the
        host's page (LOCAL); returns its first update, the current state as it sees it, when
        a match is being played. Raises ValueError for a seat that is not a human seat or
        that another device holds already (one device per seat)."""
        if seat is not None and seat != LOCAL:
            seats = self.session.seats
            if not isinstance(seat, int) or isinstance(seat, bool) or not (
                    0 <= seat < len(seats)) or seats[seat] != "human":
                raise ValueError(f"seat {seat!r} is not a human seat of this match")
            taken = [d for d, s in self.devices.items() if s == seat and d != device]
            if taken:
                raise ValueError(f"seat {seat} is held by another device")
        self.devices[device] = seat
        if isinstance(seat, int) and seat in self.session.stand_ins:
            self.returning.add(seat)
            self.hand_back()
        if self.session.match is None or self.session.state_id == 0:
            return []
        return [(device, self.encode(self.seen_by(seat)))]

    def leave(self, device: str) -> None:
        """``device`` no longer gets updates (its seat stays the match's)."""
        self.devices.pop(device, None)

    # --- a friend away: a computer plays the seat ------------------------------------------

    def stand_in(self, seat: int, level: str = DEFAULT_AI_LEVEL) -> bool:
        """A computer at ``level`` plays the friend's seat ``seat`` (a human seat another
        device holds, or one a computer plays already) until a device joins that seat again.
        Returns whether a computer is now to move (the caller then drives ``advance``).
        Raises ValueError for another seat, an unknown level, or no match."""
        session = self.session
        held = [s for s in self.devices.values() if isinstance(s, int)]
        if session.match is None or not isinstance(seat, int) or isinstance(seat, bool) or not (
                0 <= seat < len(session.seats)) or session.seats[seat] != "human" or (
                seat not in held and seat not in session.stand_ins):
            raise ValueError(f"seat {seat!r} is not a friend's seat of this match")
        if level not in AI_LEVELS:
            raise ValueError(f"unknown level {level!r}")
        if session.stand_ins.get(seat) != level:
            session.agents.pop(seat, None)  # a new level, a new agent
        session.stand_ins[seat] = level
        self.returning.discard(seat)
        return session.computer_to_move() and not session.match.hand_over

    def remove(self, device: str, level: str = DEFAULT_AI_LEVEL) -> bool:
        """The host removes a friend's ``device``: it gets no more updates and a computer at
        ``level`` plays its seat (``stand_in``). Returns whether a computer is now to move.
        Raises ValueError when ``device`` holds no seat of a match."""
        seat = self.devices.get(device)
        if not isinstance(seat, int) or isinstance(seat, bool):
            raise ValueError(f"device {device!r} holds no seat")
        to_move = self.stand_in(seat, level)
        self.leave(device)
        return to_move

    def hand_back(self) -> None:
        """Give each returning friend its seat back unless the computer standing in is to
        move for it (that move is finished first: ``advance`` calls this after each)."""
        match = self.session.match
        to_move = match.to_move if match is not None else None
        for seat in list(self.returning):
            if seat != to_move:
                self.returning.discard(seat)
                self.session.stand_ins.pop(seat, None)

    # --- intents and updates --------------------------------------------------------------

    def submit(self, device: str, message: str) -> list[Update]:
        """Handle one message of ``device`` (JSON text) to the end (a computer's search
        included) and return the updates it gives, in order: the answer to ``device`` first,
        then the new state, if any, to every other device."""
        out: list[Update] | None = None
        for step in self.submit_steps(device, message):
            out = step
        assert out is not None
        return out

    def submit_steps(self, device: str, message: str) -> Iterator[list[Update] | None]:
        """``submit`` in steps (None after each chunk of a computer's search, as
        ``Session.handle_steps``), then the updates, last and once."""
        seat: Any = self.devices.get(device, ...)
        try:
            data = json.loads(message)
        except ValueError:
            data = None
        refusal = self.refusal(seat, data)
        seating: dict[str, int] | None = None
        standing: dict[int, str] = {}
        if refusal is None and seat == LOCAL and isinstance(data, dict):
            refusal, data = self.for_host(data)
            if refusal is None and data.get("type") in HOST_INTENTS:
                refusal, seating = self.seating(data.pop("devices", None))
            if refusal is None and "stand_ins" in data:
                refusal, standing = self.standing(data.pop("stand_ins"), data.get("type"))
            message = json.dumps(data)
        if refusal is not None:
            code, why = refusal
            yield [(device, self.error(data, code, why))]
            return
        if isinstance(data, dict) and data.get("type") == "react":
            yield self.react(device, seat, data)
            return
        if isinstance(data, dict) and data.get("type") == "match_record":
            yield [(device, self.match_record(data))]
            return
        if isinstance(data, dict) and isinstance(seat, int):
            data = dict(data, seat=seat)
            message = json.dumps(data)
        before = self.session.state_id
        answer = None
        for step in self.session.handle_steps(message):
            if step is None:
                yield None
            else:
                answer = step
        assert answer is not None
        if self.session.state_id == before or self.session.match is None:
            yield [(device, answer)]  # no new state: for the asker alone
            return
        if seating is not None:
            self.seat_friends(seating)
            self.restore_stand_ins(standing)
        given = json.loads(answer)
        if seat == LOCAL and not standing and given.get("viewer") == self.local_viewer():
            mine_text = answer  # the session's answer is already the host's view
        else:
            mine = self.seen_by(seat)
            mine["ai"] = given.get("ai")
            mine_text = Session.encode(mine, given.get("id"))
        updates: list[Update] = [(device, mine_text)]
        updates += self.to_others(device, pushed=True, ai=given.get("ai"))
        yield updates

    def advance(self) -> Iterator[list[Update] | None]:
        """Play the computers' moves (``Session.advance_steps``): None after each chunk of a
        search, then, after each move, its state for every device."""
        for step in self.session.advance_steps():
            if step is None:
                yield None
                continue
            self.hand_back()
            pushed = json.loads(step)
            if pushed.get("type") != "state":
                # A computer move that failed (a bug): every device is told.
                yield [(device, step) for device in self.devices]
                continue
            yield self.to_others(None, pushed=True, ai=pushed.get("ai"),
                                 made=(pushed.get("viewer"), step))

    def react(self, device: str, seat: int | str | None, data: dict[str, Any]) -> list[Update]:
        """A quick reaction of ``device``'s player: ``{"type": "reaction", "seat", "reaction"}``
        to every device (the asker's as its answer); refused ``bad_message`` when it is not
        one of ``REACTIONS``, ``flood`` beyond the rate, ``no_match`` before a match."""
        reaction = data.get("reaction")
        sender = self.local_viewer() if seat == LOCAL else seat
        if self.session.match is None or sender is None:
            return [(device, self.error(data, "no_match", "no match is being played"))]
        if not isinstance(reaction, str) or reaction not in REACTIONS:
            return [(device, self.error(data, "bad_message",
                                        f"unknown reaction {str(reaction)[:40]!r}"))]
        now = self.clock()
        recent = [t for t in self.reacted.get(device, []) if now - t < REACTION_WINDOW]
        if len(recent) >= REACTION_BURST:
            self.reacted[device] = recent
            return [(device, self.error(data, "flood", "too many reactions: wait a moment"))]
        self.reacted[device] = recent + [now]
        said = {"type": "reaction", "seat": sender, "reaction": reaction}
        msg_id = data.get("id")
        out = [(device, Session.encode(dict(said), msg_id if isinstance(msg_id, (int, str))
                                       else None))]
        for other in self.devices:
            if other != device:
                out.append((other, Session.encode(dict(said, pushed=True), None)))
        return out

    def match_record(self, data: dict[str, Any]) -> str:
        """The finished match's record and seats (``{"type": "match_record", "record",
        "seats"}``), or ``reveals_hands`` while it is being played."""
        match = self.session.match
        msg_id = data.get("id")
        if match is None or not match.over:
            return self.error(data, "reveals_hands",
                              "the match's record is given once the match is over")
        answer = {"type": "match_record", "record": match.to_record(),
                  "seats": list(self.session.seats)}
        return Session.encode(answer, msg_id if isinstance(msg_id, (int, str)) else None)

    # --- helpers ---------------------------------------------------------------------------

    def refusal(self, seat: Any, data: Any) -> tuple[str, str] | None:
        """Why the session must not see this message from a device seated as ``seat``
        (``...``: a device that never joined), or None."""
        if seat is ...:
            return "not_joined", "this device has no seat at the table"
        if not isinstance(data, dict):
            return None  # the session answers malformed messages itself
        kind = data.get("type")
        if seat is None and kind not in SPECTATOR_INTENTS:
            return "spectator", "a spectator only watches"
        if kind in HOST_INTENTS and seat != LOCAL:
            return "host_only", "only the hosting device starts or loads a match"
        if isinstance(seat, int) and kind not in GUEST_INTENTS:
            return "host_only", f"a friend's device may not ask for {str(kind)[:40]!r}"
        named = data.get("seat")
        if isinstance(seat, int) and named is not None and named != seat:
            return "not_your_seat", f"this device plays seat {seat}, not {named!r}"
        return None

    @staticmethod
    def seating(given: Any) -> tuple[tuple[str, str] | None, dict[str, int] | None]:
        """A ``new_match``'s ``devices`` read: (a refusal, None) when it is not a map of
        distinct device names to distinct seats, else (None, the map; empty when absent).
        Whether each seat is a human seat is checked once the match exists
        (``seat_friends``)."""
        if given is None:
            return None, {}
        if not isinstance(given, dict) or len(given) > 16:
            return ("bad_message", "devices must map at most 16 device names to seats"), None
        out: dict[str, int] = {}
        for device, seat in given.items():
            if (not isinstance(device, str) or not device or device == LOCAL
                    or not isinstance(seat, int) or isinstance(seat, bool)
                    or seat in out.values()):
                return ("bad_message", f"devices: {str(device)[:40]!r} -> {seat!r}"), None
            out[device] = seat
        return None, out

    @staticmethod
    def standing(given: Any, kind: Any) -> tuple[tuple[str, str] | None, dict[int, str]]:
        """A ``load_record``'s ``stand_ins`` read (a host reopening its friends' table from
        its save, DECISIONS W-74): (a refusal, {}) unless it is a map of at most 16 seats
        (numbers, or their digits as JSON keys) to AI levels and the intent is a
        ``load_record``, else (None, seat -> level)."""
        if kind != "load_record":
            return ("bad_message", "only a load_record may carry stand_ins"), {}
        if not isinstance(given, dict) or len(given) > 16:
            return ("bad_message", "stand_ins must map at most 16 seats to levels"), {}
        out: dict[int, str] = {}
        for seat, level in given.items():
            number = int(seat) if isinstance(seat, str) and seat.isdigit() and len(seat) < 3 \
                else seat
            if not isinstance(number, int) or isinstance(number, bool) or level not in AI_LEVELS:
                return ("bad_message", f"stand_ins: {str(seat)[:40]!r} -> {str(level)[:40]!r}"), {}
            out[number] = level
        return None, out

    def restore_stand_ins(self, standing: dict[int, str]) -> None:
        """The loaded match's computers standing in for away friends, as they were saved:
        each seat of ``standing`` that a friend's device of the new seating holds (its
        stand-in device, ``away-<seat>``, after a host's reload) is played by a computer at
        its level until a device joins it again, as ``stand_in`` does; other seats are
        ignored (the host's page plays them)."""
        held = {s for s in self.devices.values() if isinstance(s, int)}
        for seat, level in standing.items():
            if seat in held:
                self.session.stand_ins[seat] = level

    def seat_friends(self, seating: dict[str, int]) -> None:
        """The new match's friends' devices: every earlier friend's device leaves, each of
        ``seating`` whose seat is a human seat joins it (one that is not stays out: the host's
        page then plays that seat)."""
        for device, seat in list(self.devices.items()):
            if seat != LOCAL:
                del self.devices[device]
        self.returning.clear()  # the new match has no computer standing in
        seats = self.session.seats
        for device, seat in seating.items():
            if 0 <= seat < len(seats) and seats[seat] == "human":
                self.devices[device] = seat

    def host_seats(self) -> list[int]:
        """The human seats the hosting device plays: those no other device holds and no
        computer plays for an absent friend."""
        held = {s for s in self.devices.values() if isinstance(s, int)}
        held |= set(self.session.stand_ins)
        return [seat for seat, kind in enumerate(self.session.seats)
                if kind == "human" and seat not in held]

    def local_viewer(self) -> int | None:
        """Whose view the host's page shows: the host's seat to move, else the host's seat
        shown last (the session's own rule, ``next_viewer``, kept to the host's seats), else
        none (a spectator's view, when every human seat is another device's)."""
        mine = self.host_seats()
        to_move = self.session.match.to_move if self.session.match is not None else None
        if to_move in mine:
            self.shown = to_move
        elif self.shown not in mine:
            self.shown = mine[0] if mine else None
        return self.shown

    def for_host(self, data: dict[str, Any]) -> tuple[tuple[str, str] | None, dict[str, Any]]:
        """The host's page plays its own seats only: a ``play`` or ``hint`` while another
        device's seat is to move is ``not_your_turn``; an ``undo`` names the host's seat
        when it has one."""
        kind = data.get("type")
        mine = self.host_seats()
        match = self.session.match
        to_move = match.to_move if match is not None else None
        if kind in ("play", "hint") and to_move is not None and (
                self.session.seats[to_move] == "human" and to_move not in mine):
            return ("not_your_turn", f"seat {to_move} is another device's"), data
        if kind == "undo" and data.get("seat") is None and len(mine) == 1:
            data = dict(data, seat=mine[0])
        if data.get("seat") is not None and data.get("seat") not in mine:
            return ("not_your_seat", f"seat {data.get('seat')!r} is not the host's"), data
        return None, data

    def seen_by(self, seat: int | str | None) -> dict[str, Any]:
        """The latest state as a device seated as ``seat`` sees it. Another device than the
        host's never gets the deal number: ``Match.new(variant, options, seed)`` deals every
        hand and the boneyard again from it (``seed`` is null in its states)."""
        viewer = self.local_viewer() if seat == LOCAL else seat
        assert viewer is None or isinstance(viewer, int)
        state = self.session.state_for(viewer)
        if seat != LOCAL:
            state["seed"] = None
        return state

    def to_others(self, asker: str | None, pushed: bool, ai: Any,
                  made: tuple[Any, str] | None = None) -> list[Update]:
        """The latest state for every device but ``asker``, as updates. ``made``: the
        session's own pushed state (its viewer, its text), sent as it is to the host's page
        when that page shows the same seat (one encoding instead of two)."""
        out: list[Update] = []
        for device, seat in self.devices.items():
            if device == asker:
                continue
            if made is not None and seat == LOCAL and made[0] == self.local_viewer():
                out.append((device, made[1]))
                continue
            state = self.seen_by(seat)
            state["pushed"], state["ai"] = pushed, ai
            out.append((device, self.encode(state)))
        return out

    @staticmethod
    def encode(answer: dict[str, Any]) -> str:
        """An update: strict JSON with the protocol version (``Session.encode``), no id."""
        return Session.encode(answer, None)

    @staticmethod
    def error(data: Any, code: str, message: str) -> str:
        """A refusal of the master's own, as the session answers one (with the message's
        ``id`` when it had one)."""
        msg_id = data.get("id") if isinstance(data, dict) else None
        return Session.encode(Session.error(code, message),
                              msg_id if isinstance(msg_id, (int, str)) else None)
