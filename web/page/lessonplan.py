"""Lessons (docs/LESSONS.md): read a `domino-lesson` file and answer what a stepper asks.

Pure Python for both MicroPython (the page) and CPython (the tests): plain functions and
dicts, no dataclasses, no typing at run time. The stepper walks the lesson's record move by
move (as the review screen does) and asks, at each position, which steps to show and, at a
"try" step, whether the learner's move is right. It needs no knowledge of the variant: every
fact a step teaches was checked against the engine when the lesson was made
(tests/web/test_lessons.py).

Positions: the position `p` of a hand is the table after its first `p` moves (0 = the deal).
A step is tied to a move index `k` of the record's hand (from 0): "before" move k shows at
position k, before the move is played; "after" move k shows at position k + 1; "end" shows
when the hand is over. A "try" step is a "before" step at which the learner plays move k.
"""

import json

FORMAT = "domino-lesson"
VERSION = 1
LANGS = ("vi", "en", "ru")
FALLBACK = "en"
WHENS = ("before", "after", "end")
LESSON_KEYS = ("format", "version", "variant", "id", "title", "summary", "seat", "show",
               "record", "steps")
SHOWS = ("seat", "all")
STEP_KEYS = ("id", "hand", "at", "when", "say", "focus", "try")
FOCUS_KEYS = ("tiles", "ends", "seats")
TRY_KEYS = ("accept", "wrong", "hint", "wrong_moves")
MAX_CHARS = 1000000


def _fail(where, why):
    raise ValueError(where + ": " + why)


def _is_int(x):
    return isinstance(x, int) and not isinstance(x, bool)


def _texts(value, where):
    """A {vi, en, ru} dict of non-empty strings."""
    if not isinstance(value, dict):
        _fail(where, "must be an object with vi, en and ru texts")
    for lang in LANGS:
        t = value.get(lang)
        if not isinstance(t, str) or not t.strip():
            _fail(where, "lacks a " + lang + " text")
    for key in value:
        if key not in LANGS:
            _fail(where, "has an unknown language " + repr(key))
    return value


def _strings(value, where):
    if not isinstance(value, list):
        _fail(where, "must be a list")
    for x in value:
        if not isinstance(x, str) or not x:
            _fail(where, "must hold non-empty strings")
    return value


def _moves(record, hand):
    hands = record.get("hands")
    if not isinstance(hands, list) or not hands:
        _fail("record", "has no hands")
    if not _is_int(hand) or hand < 0 or hand >= len(hands):
        _fail("step", "names hand " + repr(hand) + ", which the record does not have")
    h = hands[hand]
    if not isinstance(h, dict) or not isinstance(h.get("moves"), list):
        _fail("record", "hand " + str(hand + 1) + " has no move list")
    return h["moves"]


def _check_step(lesson, i, step):
    where = "step " + str(i + 1)
    if not isinstance(step, dict):
        _fail(where, "must be an object")
    for key in step:
        if key not in STEP_KEYS:
            _fail(where, "has an unknown key " + repr(key))
    if step.get("when") not in WHENS:
        _fail(where, "'when' must be one of before, after, end")
    hand = step.get("hand", 0)
    moves = _moves(lesson["record"], hand)
    if step["when"] == "end":
        if "at" in step:
            _fail(where, "an end step has no move index")
    else:
        k = step.get("at")
        if not _is_int(k) or k < 0 or k >= len(moves):
            _fail(where, "move index " + repr(k) + " is not a move of hand " + str(hand + 1))
    _texts(step.get("say"), where + ", say")
    focus = step.get("focus", {})
    if not isinstance(focus, dict):
        _fail(where, "focus must be an object")
    for key in focus:
        if key not in FOCUS_KEYS:
            _fail(where, "focus has an unknown key " + repr(key))
    _strings(focus.get("tiles", []), where + ", focus.tiles")
    _strings(focus.get("ends", []), where + ", focus.ends")
    seats = focus.get("seats", [])
    if not isinstance(seats, list) or not all(_is_int(s) and s >= 0 for s in seats):
        _fail(where, "focus.seats must list seats")
    if "try" in step:
        _check_try(step, moves, where)


def _check_try(step, moves, where):
    t = step["try"]
    if step["when"] != "before":
        _fail(where, "a try step comes before its move")
    if not isinstance(t, dict):
        _fail(where, "try must be an object")
    for key in t:
        if key not in TRY_KEYS:
            _fail(where, "try has an unknown key " + repr(key))
    right = moves[step["at"]]
    accept = _strings(t.get("accept", [right]), where + ", try.accept")
    if right not in accept:
        _fail(where, "try.accept must hold the record's move " + repr(right))
    _texts(t.get("wrong"), where + ", try.wrong")
    _texts(t.get("hint"), where + ", try.hint")
    wrong_moves = t.get("wrong_moves", {})
    if not isinstance(wrong_moves, dict):
        _fail(where, "try.wrong_moves must be an object")
    for move in wrong_moves:
        if move in accept:
            _fail(where, "try.wrong_moves names a right move " + repr(move))
        _texts(wrong_moves[move], where + ", try.wrong_moves " + move)


def check(lesson):
    """Validate a lesson already read from JSON; return it, or raise ValueError."""
    if not isinstance(lesson, dict):
        _fail("lesson", "must be a JSON object")
    for key in lesson:
        if key not in LESSON_KEYS:
            _fail("lesson", "has an unknown key " + repr(key))
    if lesson.get("format") != FORMAT:
        _fail("lesson", "format must be " + repr(FORMAT))
    if lesson.get("version") != VERSION:
        _fail("lesson", "version " + repr(lesson.get("version")) + " is not supported")
    for key in ("variant", "id"):
        if not isinstance(lesson.get(key), str) or not lesson[key]:
            _fail("lesson", key + " must be a non-empty string")
    _texts(lesson.get("title"), "title")
    _texts(lesson.get("summary"), "summary")
    record = lesson.get("record")
    if not isinstance(record, dict) or record.get("format") != "domino-record":
        _fail("record", "must be a domino-record")
    if record.get("variant") != lesson["variant"]:
        _fail("record", "is not a record of " + lesson["variant"])
    players = (record.get("options") or {}).get("players")
    seat = lesson.get("seat")
    if not _is_int(seat) or seat < 0 or (_is_int(players) and seat >= players):
        _fail("lesson", "seat must be a seat of the record")
    if lesson.get("show", "seat") not in SHOWS:
        _fail("lesson", "show must be 'seat' or 'all'")
    steps = lesson.get("steps")
    if not isinstance(steps, list) or not steps:
        _fail("lesson", "has no steps")
    ids = []
    for i, step in enumerate(steps):
        _check_step(lesson, i, step)
        sid = step.get("id", str(i))
        if sid in ids:
            _fail("step " + str(i + 1), "repeats the id " + repr(sid))
        ids.append(sid)
    return lesson


def load(text):
    """Read and validate a lesson's JSON text; raise ValueError with a reason."""
    if not isinstance(text, str):
        _fail("lesson", "must be text")
    if len(text) > MAX_CHARS:
        _fail("lesson", "is too long")
    try:
        data = json.loads(text)
    except ValueError:
        _fail("lesson", "is not valid JSON")
    return check(data)


def moves(lesson, hand=0):
    """The record's moves of one hand, in notation."""
    return lesson["record"]["hands"][hand]["moves"]


def steps_at(lesson, move_index, when, hand=0):
    """The steps tied to move `move_index` ("before" / "after"), or the end of the hand
    ("end", move_index ignored), in the lesson's order."""
    out = []
    for step in lesson["steps"]:
        if step.get("hand", 0) != hand or step["when"] != when:
            continue
        if when == "end" or step.get("at") == move_index:
            out.append(step)
    return out


def steps_for_position(lesson, position, hand=0):
    """What a stepper shows at position `position` (moves played so far): the steps after
    the move just played, then those before the next move, then the end steps if the hand's
    last move has been played."""
    out = []
    if position > 0:
        out += steps_at(lesson, position - 1, "after", hand)
    n = len(moves(lesson, hand))
    if position < n:
        out += steps_at(lesson, position, "before", hand)
    else:
        out += steps_at(lesson, None, "end", hand)
    return out


def try_at(lesson, move_index, hand=0):
    """The try step for move `move_index`, or None: the learner plays that move."""
    for step in steps_at(lesson, move_index, "before", hand):
        if "try" in step:
            return step
    return None


def check_try(lesson, move_index, move, hand=0):
    """(ok, texts): whether `move` (notation) is right at the try step of `move_index`, and
    what to say ({vi, en, ru}: the wrong move's own text, else the try's "wrong" text; None
    when right). Raises ValueError when there is no try step there."""
    step = try_at(lesson, move_index, hand)
    if step is None:
        _fail("lesson", "has no try step at move " + str(move_index))
    t = step["try"]
    accept = t.get("accept", [moves(lesson, hand)[move_index]])
    if move in accept:
        return True, None
    return False, t.get("wrong_moves", {}).get(move, t["wrong"])


def hint(step):
    """The hint texts of a try step."""
    return step["try"]["hint"]


def text(texts, lang):
    """One language of a {vi, en, ru} dict (a step's "say" or any text dict), falling back
    to English; a step itself may be given for its "say"."""
    if isinstance(texts, dict) and "say" in texts:
        texts = texts["say"]
    value = texts.get(lang)
    if isinstance(value, str) and value:
        return value
    return texts.get(FALLBACK, "")


def focus_at(lesson, position, hand=0):
    """What the steps shown at `position` point at, together: {"tiles", "ends", "seats"},
    each in the order the steps name them, without repeats."""
    out = {"tiles": [], "ends": [], "seats": []}
    for step in steps_for_position(lesson, position, hand):
        focus = step.get("focus") or {}
        for key in FOCUS_KEYS:
            for item in focus.get(key, []):
                if item not in out[key]:
                    out[key].append(item)
    return out


def pending_try(lesson, position, passed, hand=0):
    """The try step the learner still has to play at `position` (`passed`: the ids of the
    tries already played right), or None. While it is pending the stepper does not go on."""
    if position >= len(moves(lesson, hand)):
        return None
    step = try_at(lesson, position, hand)
    if step is None or step["id"] in passed:
        return None
    return step


def can_go(lesson, position, target, passed, hand=0):
    """Whether the stepper may show `target` from `position`: any position back, forward
    only up to the hand's end and never past a pending try."""
    n = len(moves(lesson, hand))
    if target < 0 or target > n:
        return False
    for p in range(position, target):
        if pending_try(lesson, p, passed, hand) is not None:
            return False
    return True
