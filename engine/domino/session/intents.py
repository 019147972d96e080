"""The session's entry point and its intents: ``handle`` reads a message, checks its state
id, routes it to its ``on_...`` handler and answers, as one transaction (``base.Saved``).
"""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

from ..match.match import Match
from ..play.view import view
from ..rules import schema
from ..rules.ruleset import variants_catalog
from ..rules.schema import describe
from .base import Saved
from .computers import Computers
from .protocol import (
    MAX_OPTION_CHARS,
    PROTOCOL_VERSION,
    REFUSALS,
    STATEFUL_INTENTS,
    MessageError,
    ProtocolError,
    engine_version,
    intent_of,
    message_id,
    parse_options,
    read_message,
    record_of,
    secret_seed,
)


class Session(Computers):
    """One game session of the worker: the match, who plays each seat, and the state id."""

    # --- entry point ---------------------------------------------------------------------

    def handle(self, message: str) -> str:
        """Answer one JSON message with one JSON answer; never raises. A computer's search
        runs to its end before this returns."""
        answer = ""
        for step in self.handle_steps(message):
            if step is not None:
                answer = step
        return answer

    def handle_steps(self, message: str) -> Iterator[str | None]:
        """``handle`` in steps: None after each chunk of a computer's search, then the answer
        text (last, exactly once); never raises.

        Between two steps the caller may pass other messages to ``handle`` or
        ``handle_steps``: the web worker does, so that the page is answered while the computer
        thinks. One that changes the position (``undo``, ``new_match``, ``load_record``)
        cancels the search, whose ``ai_move`` is then answered with ``cancelled``.

        Every intent is a transaction: what the session holds is saved first (``Saved``: a
        copy of the hand state and of the match's lists, cheap beside the intent itself) and
        put back if handling raises anything, so that a failed intent changes nothing. A
        suspended search changes nothing either (it draws on a copy of the computers'
        random stream), so an intent handled between its steps saves and restores the same
        position; once such an intent has moved the game on, what it did stands and the
        search's own failure (``cancelled``) restores nothing."""
        saved: Saved | None = Saved(self)
        msg_id = None
        try:
            data = read_message(message)
            msg_id = message_id(data)
            kind = intent_of(data)
            answer: dict[str, Any] | None = None
            if kind == "ai_move":
                self.check_state_id(data)
                for answer in self.ai_move_steps():
                    if answer is None:
                        yield None
                        if saved is not None and self.moved_on(saved):
                            saved = None
            else:
                answer = self.dispatch(kind, data)
            if answer is None:
                raise ProtocolError("internal", "no answer")
            text = self.encode(answer, msg_id)
        except Exception as exc:  # noqa: BLE001 - the page gets an answer, never a hang
            if saved is not None:
                self.restore(saved, refusal=isinstance(exc, REFUSALS))
            text = self.encode(self.failure(exc), msg_id)
        yield text

    def dispatch(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        """Route one decoded intent to its handler (``ai_move``, which runs in steps, is
        routed by ``handle_steps`` to ``ai_move_steps``)."""
        handlers = {
            "hello": self.on_hello,
            "variants": self.on_variants,
            "new_match": self.on_new_match,
            "play": self.on_play,
            "next_hand": self.on_next_hand,
            "hint": self.on_hint,
            "undo": self.on_undo,
            "export_record": self.on_export_record,
            "load_record": self.on_load_record,
        }
        if kind not in handlers:
            raise ProtocolError("unknown_intent", f"unknown intent {describe(kind)}")
        if kind in STATEFUL_INTENTS:
            self.check_state_id(data, undo=kind == "undo")
        return handlers[kind](data)

    def check_state_id(self, data: dict[str, Any], undo: bool = False) -> None:
        """Refuse an intent without a match or sent for another state than the current one.
        An ``undo`` (``undo``) names the state its player saw, which may also be an earlier
        state of this hand after which only computers have moved (``seen_before_computers``):
        the page shows the computers' moves at its own pace, so the worker's position may be
        ahead of what the player saw, and taking back the player's move takes those back
        too."""
        if self.match is None:
            raise ProtocolError("no_match", "no match is being played")
        state_id = schema.whole(data.get("state_id"), "state_id", err=MessageError)
        if state_id == self.state_id or (undo and self.seen_before_computers(state_id)):
            return
        raise ProtocolError("stale_state",
                            f"state {describe(state_id)} is stale; the current state is "
                            f"{self.state_id}")

    def seen_before_computers(self, state_id: int) -> bool:
        """Whether ``state_id`` is an earlier state of the current hand after which only
        computers have moved (none from before an undo: ``points`` forgets those)."""
        match = self.current()
        point = self.points.get(state_id)
        here = match.point
        if (state_id >= self.state_id or point is None or point.hands != here.hands
                or point.moves > here.moves):
            return False
        return all(self.seats[seat] != "human" for seat, _ in match.moves_of_hand()[point.moves:])

    # --- intents -------------------------------------------------------------------------

    def on_hello(self, data: dict[str, Any]) -> dict[str, Any]:
        """The worker is up: say which protocol and engine it runs."""
        return {"type": "ready", "protocol": PROTOCOL_VERSION, "engine": engine_version()}

    def on_variants(self, data: dict[str, Any]) -> dict[str, Any]:
        """Every variant with players and options, for the setup screen."""
        catalog = variants_catalog()
        return {"type": "variants", "protocol": PROTOCOL_VERSION,
                "variants": catalog["variants"], "aliases": catalog.get("aliases", {})}

    def on_new_match(self, data: dict[str, Any]) -> dict[str, Any]:
        """Start a match: the variant's first hand is dealt from the seed, the one the
        message chose or a secret one (see "The deal number" in the module doc)."""
        variant = schema.text(data.get("variant"), "variant", MAX_OPTION_CHARS, MessageError)
        options = parse_options(data.get("options"))
        chosen = data.get("seed") is not None
        if chosen:
            seed = schema.whole(data.get("seed"), "seed", *schema.SEED_RANGE, err=MessageError)
        else:
            seed = secret_seed()
        match = Match.new(variant, options, seed)
        self.start(match, data.get("seats"), seed_chosen=chosen)
        return self.state([{"type": "hand_started", "hand_number": match.hand_number}])

    def on_play(self, data: dict[str, Any]) -> dict[str, Any]:
        """A human seat's move."""
        match = self.current()
        seat = self.seat_to_move(match)
        if self.computer_plays(seat):
            raise ProtocolError("not_your_turn", f"seat {seat} is played by the computer")
        self.check_sender(data, seat)
        move = schema.text(data.get("move"), "move", schema.MAX_MOVE_CHARS, MessageError)
        events = match.play(move)
        return self.state(self.events_json(events))

    def on_next_hand(self, data: dict[str, Any]) -> dict[str, Any]:
        """Deal the next hand once the current one is over."""
        match = self.current()
        if not match.hand_over:
            raise ProtocolError("hand_not_over", "the current hand is still being played")
        if match.over:
            raise ProtocolError("match_over", "the match is over")
        if len(match.entries) >= schema.MAX_HANDS:
            raise ProtocolError("match_over", f"the match has reached {schema.MAX_HANDS} "
                                              "hands, the most a record may hold")
        match.next_hand()
        return self.state([{"type": "hand_started", "hand_number": match.hand_number}])

    def on_hint(self, data: dict[str, Any]) -> dict[str, Any]:
        """Advice for the human to move: the move review's figures for every sensible move
        (``domino.ai.review.judge_position``: the expert's own search of the position,
        every move valued in all its worlds), so that a hint and a later review of the
        hand say the same thing.

        Answers ``{"type": "hint", "state_id", "move": the expert's choice, "unit": the
        variant's unit (``money``, ``points``, ``penalty points``, ``pips``),
        "thresholds": {"inaccuracy", "mistake", "blunder"} in that unit, "ranking":
        [{"move", "value", "loss", "loss_se", "mark", "forced", "worlds", "as_good",
        "says"}, ...]}``: the
        ``moves`` values of the state's sensible moves (never ``leave`` nor a voluntary
        draw), the expert's choice first, then by ``value`` (the seat's side's estimated
        result of the hand, higher is better), ``loss`` against the best (0 or more),
        ``mark`` null or ``inaccuracy`` / ``mistake`` / ``blunder`` (E-24), ``as_good`` (E-61)
        and ``says``, what the move does in words (``ai.consequences``, E-62). With one
        sensible move nothing is searched: its entry is ``forced`` with ``value`` null. The
        state does not change."""
        match = self.current()
        seat = self.seat_to_move(match)
        if self.computer_plays(seat):
            raise ProtocolError("not_your_turn", f"seat {seat} is played by the computer")
        legal = match.legal()
        from ..ai.review import judge_position

        hand = match.hand
        assert hand is not None  # (someone is to move)
        judged = judge_position(view(hand, seat), legal)
        return {"type": "hint", "state_id": self.state_id, "move": judged["best"],
                "unit": judged["unit"], "thresholds": judged["thresholds"],
                "ranking": judged["moves"]}

    def on_undo(self, data: dict[str, Any]) -> dict[str, Any]:
        """Take back the asking seat's last move in this hand, and the computers' moves after
        it (DECISIONS E-29): the asking seat is the intent's ``seat`` (a human seat), or the
        lone human seat when it names none. Refused when another human has moved since
        (a player never takes back someone else's move), when the seat has not moved in this
        hand, and once the hand is over.

        ``Match.undo_to`` replays the match to that decision, so scores, pass penalties and
        chance are exactly what they were then. The answer's events hold ``{"type":
        "undone", "seat", "move": the move taken back, "moves": how many moves were
        undone}``."""
        match = self.current()
        seat = self.asking_seat(data)
        if match.hand_over:
            raise ProtocolError("nothing_to_undo",
                                "the hand is over: its result stands (an undo never reaches "
                                "into a finished hand)")
        point = self.undo_point(seat)
        if point is None:
            raise ProtocolError("nothing_to_undo",
                                f"seat {seat} has no move of its own to take back in this hand "
                                "(an undo never reaches into an earlier hand, nor past another "
                                "player's move)")
        taken = match.undo_to(point)
        self.points.clear()  # the states before the undo name positions that are gone
        return self.state([{"type": "undone", "seat": seat, "move": taken[0],
                            "moves": len(taken)}])

    def on_export_record(self, data: dict[str, Any]) -> dict[str, Any]:
        """The match so far as a domino-record.

        A record writes every deal in full (RECORD.md), so in the middle of a hand it shows
        every seat's tiles and the boneyard's order: it is refused then (``reveals_hands``)
        unless the message says ``"reveal": true``. Between hands it holds nothing hidden
        but the seed, which deals every later hand: with a secret seed (E-35) it is refused
        then too until the match is over."""
        match = self.current()
        reveal = data.get("reveal")
        reveal = False if reveal is None else schema.flag(reveal, "reveal", MessageError)
        if match.hand is not None and not match.hand_over and not reveal:
            raise ProtocolError("reveals_hands",
                                "a record made while a hand is being played shows every "
                                "seat's tiles and the boneyard; send \"reveal\": true to "
                                "export it anyway")
        if not (match.over or self.seed_chosen or reveal):
            raise ProtocolError("reveals_hands",
                                "a record of a match still being played holds its secret "
                                "deal number, which deals every later hand; send "
                                "\"reveal\": true to export it anyway")
        return {"type": "record", "record": match.to_record()}

    def on_load_record(self, data: dict[str, Any]) -> dict[str, Any]:
        """Replay a record (every move checked) and continue from where it stops."""
        record = record_of(data.get("record"))
        match = Match.from_record(record)
        self.start(match, data.get("seats"))
        return self.state([{"type": "hand_started", "hand_number": match.hand_number}])

    def asking_seat(self, data: dict[str, Any]) -> int:
        """The seat an ``undo`` is asked for: its ``seat`` field (a human seat), or the lone
        human seat. Raises ProtocolError ``undo_unavailable`` when neither says."""
        if data.get("seat") is not None:
            seat = schema.whole(data.get("seat"), "seat", 0, len(self.seats) - 1,
                                MessageError)
            if self.seats[seat] != "human":
                raise ProtocolError("undo_unavailable", f"seat {seat} is a computer seat")
            return seat
        lone = self.lone_human()
        if lone is None:
            raise ProtocolError("undo_unavailable",
                                f"this match has {len(self.humans())} human seats: an undo "
                                "must name the seat that asks for it")
        return lone

    def check_sender(self, data: dict[str, Any], seat: int) -> None:
        """A move that names its ``seat`` (a remote player's) must come from the seat to
        move."""
        sender = data.get("seat")
        if sender is None:
            return
        sender = schema.whole(sender, "seat", 0, len(self.seats) - 1, MessageError)
        if sender != seat:
            raise ProtocolError("not_your_turn", f"seat {seat} is to move, not seat {sender}")

