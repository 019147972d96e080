"""The computer seats' moves: the ``ai_move`` intent in steps, and ``advance_steps``, which the
worker drives to push one state after each computer move (the session's docstring, "Computer
moves").
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from ..errors import DominoError
from ..play.view import view
from .base import Saved
from .protocol import EngineBug, ProtocolError
from .states import States

if TYPE_CHECKING:
    from ..ai import Agent


class Computers(States):
    """The session's computer seats."""

    def agent(self, seat: int) -> Agent:
        """The AI of a computer seat, at the seat's level, seeded from the match seed."""
        if seat not in self.agents:
            from ..ai import get_agent

            seed = self.match.seed * 16 + seat if self.match is not None else seat
            self.agents[seat] = get_agent(self.level(seat), seed=seed,
                                          time_limit=self.ai_time_limit)
        return self.agents[seat]

    def ai_move_steps(self, alive: Callable[[], bool] | None = None
                      ) -> Iterator[dict[str, Any] | None]:
        """The ``ai_move`` intent in steps: None after each chunk of the search, then the
        ``state`` answer. If the position changed while the search was suspended (another
        message was handled meanwhile), or ``alive`` (when given) says the caller has given
        up on it, the move is dropped with the error ``cancelled``.

        ``think_ms`` counts only the time spent in this decision's own steps, not the time
        other messages took while it was suspended; ``wall_ms`` counts both, from the search's
        start to its move: the time the agent's ``time_limit`` caps (a decision whose
        ``wall_ms`` reaches the cap was ended by it, or finished in the chunk that passed it).

        The search draws on a copy of the computers' random stream, which replaces the
        session's only once the move is played: a cancelled search leaves the stream as it
        was, and a search is the same whether it runs in steps or at once."""
        match = self.current()
        seat = self.seat_to_move(match)
        if not self.computer_plays(seat):
            raise ProtocolError("not_your_turn", f"seat {seat} is a human seat")
        legal = match.legal()
        agent = self.agent(seat)
        state_id = self.state_id
        rng = random.Random()
        rng.setstate(self.ai_rng.getstate())
        busy = 0.0
        started = resumed = time.perf_counter()
        move = None
        hand = match.hand
        assert hand is not None  # (someone is to move)
        for move in agent.steps(view(hand, seat), legal, rng):
            if move is None:
                busy += time.perf_counter() - resumed
                yield None
                resumed = time.perf_counter()
                if (self.state_id != state_id or self.match is not match
                        or (alive is not None and not alive())):
                    raise ProtocolError("cancelled", "the position changed while the computer "
                                                     "was thinking; its move was dropped")
        busy += time.perf_counter() - resumed
        wall = time.perf_counter() - started
        if move is None:
            raise ProtocolError("internal", "the computer did not move")
        try:
            events = match.play(move)
        except DominoError as exc:
            # Its message would name the computer's move, and so its tiles.
            raise EngineBug("the rules refused the computer's own move") from exc
        self.ai_rng.setstate(rng.getstate())
        answer = self.state(self.events_json(events))
        limit = self.ai_time_limit
        answer["ai"] = {"seat": seat, "level": self.level(seat),
                        "think_ms": round(busy * 1000, 1), "wall_ms": round(wall * 1000, 1),
                        "time_limit_ms": None if limit is None else round(limit * 1000)}
        yield answer

    def computer_to_move(self) -> bool:
        """Whether a computer seat is to move in a hand being played."""
        match = self.match
        seat = None if match is None else match.to_move
        return seat is not None and self.computer_plays(seat)

    def advance_steps(self) -> Iterator[str | None]:
        """Play the computer seats' moves, one after another, for the worker to push to the
        page: None after each chunk of a search (the worker's event loop answers other
        messages and paces there), then one pushed ``state`` answer text (``"pushed":
        true``, no ``id``) after each computer move; never raises.

        Each move is what ``ai_move`` would play: the same agents, seeds, time limit and
        chunked search, and the same answer (its ``ai`` report and the move's ``events``), so
        a match driven by ``advance_steps`` gives the record a loop of ``ai_move`` gives.

        It stops, changing nothing more, when a human seat is to move, when the hand is over
        (nothing is to move: ``next_hand`` is the page's intent), or when the position
        changed under it: an intent handled between two steps gave a new state (``undo``,
        ``new_match``, ``load_record``, an ``ai_move``), or ``advance_steps`` was called
        again (the newer run takes over). A search stopped that way drops its move and
        leaves the computers' random stream as it was; a move already pushed stands. It
        never yields a state for a position that is not the session's current one.

        Each computer move is one transaction: if it fails (a bug), the session is put back
        as it was before that move, one pushed ``error`` answer (``"pushed": true``) is
        yielded and the run stops. With no computer to move it yields nothing, so the
        worker may start it after every answer that gives a new state."""
        self.advance_serial += 1
        serial = self.advance_serial

        def alive() -> bool:
            return self.advance_serial == serial

        while alive() and self.computer_to_move():
            saved: Saved | None = Saved(self)
            try:
                answer: dict[str, Any] | None = None
                for answer in self.ai_move_steps(alive):
                    if answer is None:
                        yield None
                        if saved is not None and self.moved_on(saved):
                            saved = None
                if answer is None:
                    raise ProtocolError("internal", "no answer")
                answer["pushed"] = True
                text = self.encode(answer, None)
            except Exception as exc:  # noqa: BLE001 - the worker gets an answer, not a crash
                if isinstance(exc, ProtocolError) and exc.code == "cancelled":
                    return  # the position changed under the search: nothing to do
                if saved is not None:
                    self.restore(saved)
                yield self.encode(dict(self.failure(exc), pushed=True), None)
                return
            pushed_id = self.state_id
            yield text
            if self.state_id != pushed_id:
                return  # an intent moved the game on while the page was shown this state

