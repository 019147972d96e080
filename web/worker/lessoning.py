"""Lessons as the engine worker serves them (docs/LESSONS.md; plain Python: the worker runs it
under Pyodide, pytest under CPython).

A lesson's record is stepped through as the review steps through a finished hand, so its
positions are the review's (`reviewing.Subject.positions`: the table, every seat's tiles,
the seat to move and the move played there as data). What a lesson adds is the learner's
turn: at a position where the learner's seat is to move, the legal moves as the page reads
them (`protocol.move_entry`: tile, end id, the number on that end, the notation to hand back
opaque), so that at a "try" step the page lets the learner play and never decides what is
legal. The page asks `lessonplan.check_try` whether the chosen move is right; the rest of the
lesson stays the record's.

The worker's protocol (web/worker/worker.py dispatches these two intents here):

- `lesson_open` (`record`: the lesson's domino-record, `seat`: the learner's seat): answers
  `lesson_opened` with a `lesson` token and what the page needs to name and draw the tables
  (`describe()` of the review, its one hand's number and move count);
- `lesson_position` (`lesson`: the token, `index`: moves played, 0 to the hand's count):
  answers `lesson_position`, the review's position with `moves`, the learner's legal moves
  when the learner is to move there (else an empty list).

A record the engine cannot replay, or a hand that is not over, raises ValueError or the
engine's DominoError; the worker answers them with the error `bad_lesson`.
"""

import reviewing
from domino.hand.state import legal_moves
from domino.session import move_entry
from domino.play.view import view

INTENTS = ("lesson_open", "lesson_position")
# The moves a learner makes at a try: placements only (leaving an iWin table is no lesson).
TRIED = ("place", "lead", "pair")


class Stale(Exception):
    """A position asked for a lesson that is no longer the open one."""


class Lesson(reviewing.Subject):
    """A lesson's record, its first hand stepped through from the learner's seat."""

    def __init__(self, record, seat):
        super().__init__(record)
        if isinstance(seat, bool) or not isinstance(seat, int) \
                or not 0 <= seat < self.match.players:
            raise ValueError("seat: must be a seat of the record")
        self.seat = seat
        hands = self.hands()
        if not hands or hands[0]["hand"] != 1:
            raise ValueError("the lesson's hand is not played to its end")
        self.hand = 1
        self._moves = None

    def learner_moves(self):
        """{position: the learner's legal moves there as data}, for every position where
        the learner is to move (computed once, by one replay of the hand)."""
        if self._moves is None:
            out = {}
            count = [0]

            def collect(state, move):
                index = count[0]
                count[0] += 1
                if move is None or state.to_move != self.seat:
                    return
                ends = {end: number for end, number in
                        view(state, self.seat).to_json()["ends"]}
                out[index] = [move_entry(m, ends) for m in legal_moves(state)
                              if m.kind in TRIED]

            for _ in self._replay(self.hand, collect):
                pass
            self._moves = out
        return self._moves

    def step(self, index):
        """Position `index` of the hand with the learner's `moves` there."""
        position = dict(self.position(self.hand, index))
        position["moves"] = self.learner_moves().get(index, [])
        return position


_open = {"lesson": None, "token": 0}


def answer(data):
    """The answer (a dict, without the protocol's version and id) to a lesson intent."""
    kind = data.get("type")
    if kind == "lesson_open":
        record = data.get("record")
        if not isinstance(record, dict):
            raise ValueError("record: must be a domino-record object")
        lesson = Lesson(record, data.get("seat"))
        _open["token"] += 1
        _open["lesson"] = lesson
        info = lesson.describe()
        info.update(type="lesson_opened", lesson=_open["token"], seat=lesson.seat,
                    hand=lesson.hand, moves=lesson.hands()[0]["moves"])
        return info
    if kind == "lesson_position":
        lesson = _open["lesson"]
        if lesson is None or data.get("lesson") != _open["token"]:
            raise Stale("another lesson is open")
        return dict(lesson.step(data.get("index")), type="lesson_position",
                    lesson=_open["token"])
    raise ValueError("type: not a lesson intent")
