"""The engine worker's entry point (runs in Pyodide, inside a web worker created by the UI).

It forwards the page's JSON messages to the protocol of the engine wheel, which owns the game
session; `__export__` makes `handle` callable from the page as `await engine.handle(text)`.

A computer's search runs in chunks (`Session.handle_steps`) and the worker's event loop is free
between two chunks (Pyodide's `asyncio.sleep(0)` is a new browser task), so a message the page
sends meanwhile is answered at once: an `undo` while the computer thinks cancels its search.

The worker also keeps the resumable match, as a game server keeps its games: the page never
holds the record, whose deal shows every seat's tiles and the boneyard's order (the next
draws), and so no answer carries what the seat the page serves cannot know. After every
`state` answer the worker writes `{"record": the session's match.to_record(), "seats",
"summary"}` into its own IndexedDB (database `domino`, store `saves`, key `match`;
localStorage does not exist in workers). The save is taken when the state is answered (the
next message may change the match) and written once the answer has gone, the latest queued
save last: a write never delays an answer and a failed one never breaks it; its outcome is
reported in the next answers instead, so a storage failure is never silent. What the worker
adds to the protocol:

- every `state` answer gets `save`: `{"ok": true | false | null (no write has finished yet),
  "error": why the latest finished write failed, else null, "state_id": the state that write
  saved, "summary": this state's public summary}`; the summary is what the page may keep and
  show before the worker is up: `{"variant", "players", "seats", "hand_number", "moves" (moves
  played in the current hand), "hand_over", "match_over", "saved_at" (ms since 1970)}`;
- the `ready` answer to `hello` gets `saved` (the saved match's summary, or null), `set_aside`
  (null, or why a saved match that could not be read was just set aside) and `save` (`{"ok",
  "error"}`: whether the storage could be read);
- intent `resume` (no fields): load the saved match and answer the `state` that `load_record`
  would give for it, with the saved seats. No saved match: error `no_save`. A save that
  cannot be read or replayed is set aside (key `set_aside`, never offered again) and answered
  with the error `bad_save`;
- intent `forget_save` (no fields): delete the saved match (writes still queued are dropped
  first); answers `{"type": "forgotten"}`. Storage errors answer the error `save_failed`.

The worker also reviews moves (web/worker_review.py, web/reviewing.py, DECISIONS W-10):
`review_open` (`source`
"match", the session's match, or "entry", a history entry) makes a record the one under
review and answers `review_opened` with its finished hands and a `review` token;
`review_position` (`review`, `hand`, `index`) answers the table before a move with every
hand face up (a finished hand only: all its tiles were shown at its end); `review` (`review`,
`hand`, optional `seats` and `budget`) answers `review_result` with the engine's verdict
(each move's played and best moves as data), judged in steps with the event loop free between
them and `review_progress` posted on the push channel, or at once from the store `reviews`
when it was judged before (`cached: true`); `review_cancel` stops the judging (its `review`
answers the error `cancelled`), and so does a new `review` or `review_open`. It keeps the
match history and counts its statistics (web/worker_history.py, web/history.py,
web/match_stats.py: the `history*` intents), and answers the lessons' `lesson_open` and
`lesson_position` (web/worker_lesson.py, web/lessoning.py; docs/LESSONS.md).

What the worker compiles before its `ready` answer is only what `hello` and a first
`new_match` need: this file, its storage (web/worker_db.py) and the engine's protocol. The
review, the history and the statistics are compiled on their first use, or once the worker is
idle after `ready` (`IDLE_COMPILE`, one module per browser task), and so is the engine's AI
(`warm_up`). `INTENTS` maps each worker-level intent to its handler here, `LAZY_INTENTS` to
the module that handles it (`async def handle(data, worker)`, `worker` being `_context()`).

The worker also runs the match: `hello` may name a BroadcastChannel (`channel`, a string);
the `ready` answer then says `push: true` (when the engine has `Session.advance_steps`), and
after every answer that leaves a computer to move the worker plays the computers' moves
itself and posts each pushed `state` text on that channel (with its `save`, as above), at most
one every `pace_ms` milliseconds (any message may carry `pace_ms`, 0 to 5000: the page's speed
setting; at least MIN_PACE_MS, so that a pushed state never overtakes the answer that started
the run). An intent answered meanwhile (an `undo` while a computer thinks) stops the run; a
state it replaced is never posted. Without a channel the page asks for each computer move
(`ai_move`), as before. BroadcastChannel because the link PyScript makes to a named worker
answers calls but cannot carry messages the worker starts (measured: BROWSER.md).
"""

import asyncio
import importlib
import json
import types

import js
import worker_db as db

from domino.session import PROTOCOL_VERSION, Session, warm_up

_session = Session(ai_time_limit=2.5)

# The latest save waiting to be written (text, state_id) and the task writing saves.
_queue = {"text": None, "state_id": None, "task": None}
# The outcome of the latest write that finished.
_status = {"ok": None, "error": None, "state_id": None}
# The match in the session, as the history will keep it (web/worker_history.py).
_match = {"id": None, "started_at": None, "over": False}
# The history's state shared with web/worker_history.py: `keep`, the latest `history_keep` a
# message carried (history.keep_of checks it there); `error`, why the latest history write
# failed, else None.
_hist = {"keep": None, "error": None}


def _queue_save(text, state_id):
    """Queue `text` as the saved match; only the latest queued save is written."""
    _queue["text"] = text
    _queue["state_id"] = state_id
    task = _queue["task"]
    if task is None or task.done():
        _queue["task"] = asyncio.ensure_future(_write_queued())


async def _write_queued():
    """Write queued saves, the latest last, recording each outcome in `_status`."""
    while _queue["text"] is not None:
        text, state_id = _queue["text"], _queue["state_id"]
        _queue["text"] = None
        try:
            await db.write([(db.SAVE_KEY, text)], [])
            _status.update(ok=True, error=None, state_id=state_id)
        except Exception as exc:  # noqa: BLE001 - reported in the next answers
            _status.update(ok=False, error=db.why(exc), state_id=state_id)


async def _settle_writes(drop=False):
    """Wait until the queued saves are written (or, with `drop`, dropped)."""
    if drop:
        _queue["text"] = None
    task = _queue["task"]
    if task is not None and not task.done():
        await task


# --------------------------------------------------------------------------- compiled later
#
# The modules of the intents no first answer needs, imported on their first use; once the
# page has its `ready` answer the worker compiles them while idle, one per browser task (so
# that a message the page sends meanwhile waits for one of them at most), after the AI.

IDLE_COMPILE = ("reviewing", "worker_review", "history", "worker_history", "match_stats")
IDLE_DELAY_S = 0.05  # the pause before each step: the page's answer goes first


def _context():
    """What a module compiled later reaches of this one (its `worker` argument)."""
    return types.SimpleNamespace(session=_session, answer=_answer, error=_error, post=_post,
                                 hist=_hist)


def _later(name):
    """The module `name` of IDLE_COMPILE, compiled now if it was not yet."""
    return importlib.import_module(name)


def _idle_compile(steps):
    """Compile the next of `steps` (the AI first, then IDLE_COMPILE's modules), then the
    rest in later tasks."""
    if not steps:
        return
    step = steps[0]
    if step == "ai":
        warm_up()
    else:
        _later(step)
    asyncio.get_event_loop().call_later(IDLE_DELAY_S, _idle_compile, steps[1:])


# --------------------------------------------------------------------------- the save


def _new_id():
    return str(int(js.Date.now())) + "-" + str(int(js.Math.random() * 1000000000))


def _begin_match(saved=None):
    """A match entered the session: its history id (a resumed match keeps its own)."""
    saved = saved or {}
    _match.update(id=saved.get("history_id") or _new_id(),
                  started_at=saved.get("started_at") or int(js.Date.now()),
                  over=bool((saved.get("summary") or {}).get("match_over")))


def _public(state):
    """What a history entry reads from a state besides the record (`history`: the finished
    hands' results, for the statistics)."""
    return {k: state.get(k)
            for k in ("variant", "players", "match", "reading", "viewer", "history")}


def _record_finished(answer, save):
    """A match that has just ended goes into the history (once), from its `save`."""
    if _match["id"] is None or _match["over"] or not answer.get("match_over"):
        return
    _match["over"] = True
    _later("worker_history").record_finished(_match["id"], save, answer,
                                             _match["started_at"], _context())


async def _retire():
    """Before another match replaces the saved one, keep the saved one in the history
    (unfinished unless it ended); a match without a move is not kept, and the history's
    code is compiled only when there is one to keep."""
    try:
        await _settle_writes()
        text = await db.get(db.SAVE_KEY)
        if text is None:
            return
        saved = json.loads(text)
        summary = saved.get("summary") or {}
        if not summary.get("moves") and (summary.get("hand_number") or 1) <= 1:
            return
    except Exception as exc:  # noqa: BLE001 - reported in the next `history` answer
        _hist["error"] = db.why(exc)
        return
    await _later("worker_history").retire(saved, _new_id, _public, _context())


def _summary(state):
    """The public summary of a `state` answer: nothing any seat could not see."""
    return {"variant": state.get("variant"), "players": state.get("players"),
            "seats": state.get("seats"), "hand_number": state.get("hand_number"),
            "moves": len((state.get("view") or {}).get("history") or []),
            "hand_over": bool(state.get("hand_over")),
            "match_over": bool(state.get("match_over")), "saved_at": int(js.Date.now())}


def _with_save(text):
    """The answer `text`, with the save of a `state` queued and reported in it (other answers
    unchanged)."""
    try:
        answer = json.loads(text)
    except (TypeError, ValueError):
        return text
    if not isinstance(answer, dict) or answer.get("type") != "state":
        return text
    try:
        summary = _summary(answer)
        save = {"record": _session.match.to_record(), "seats": list(_session.seats),
                "summary": summary, "public": _public(answer),
                "history_id": _match["id"], "started_at": _match["started_at"]}
        _queue_save(json.dumps(save), answer.get("state_id"))
        _record_finished(answer, save)
    except Exception as exc:  # noqa: BLE001 - the answer goes out anyway, with the failure
        answer["save"] = {"ok": False, "error": db.why(exc), "state_id": None, "summary": None}
    else:
        answer["save"] = {"ok": _status["ok"], "error": _status["error"],
                          "state_id": _status["state_id"], "summary": summary}
    return json.dumps(answer)


def _answer(data, answer):
    """A worker answer to the message `data`, in the protocol's shape (its version, and the
    message's `id` when it had one)."""
    answer["v"] = PROTOCOL_VERSION
    if data.get("id") is not None:
        answer["id"] = data["id"]
    return json.dumps(answer)


def _error(data, code, message):
    """An `error` answer of the worker, in the protocol's shape."""
    return _answer(data, {"type": "error", "code": code, "message": message})


async def _set_aside(text, why):
    """Keep a save that cannot be used under `set_aside` (with the reason), off the offer."""
    aside = json.dumps({"text": text, "error": why, "at": int(js.Date.now())})
    await db.write([(db.ASIDE_KEY, aside)], [db.SAVE_KEY])


async def _hello(data, message):
    """`ready`, with what is saved (the summary, or why an unreadable save was set aside) and
    whether states are pushed; once it has gone, the rest is compiled while idle."""
    answer = json.loads(_session.handle(message))
    if answer.get("type") != "ready":
        return json.dumps(answer)
    answer.update(saved=None, set_aside=None, save={"ok": True, "error": None})
    try:
        text = await db.get(db.SAVE_KEY)
        if text is not None:
            try:
                saved = json.loads(text)
                if not isinstance(saved, dict) or not isinstance(saved.get("record"), dict):
                    raise ValueError("no record in the saved match")
                answer["saved"] = saved.get("summary") or {}
            except ValueError as exc:
                answer["set_aside"] = str(exc)
                await _set_aside(text, str(exc))
    except Exception as exc:  # noqa: BLE001 - the page learns that nothing can be saved
        answer["save"] = {"ok": False, "error": db.why(exc)}
    answer["push"] = _open_channel(data)
    # The AI, the review, the history and the statistics are compiled once the page has its
    # answer, not before (engine ready sooner); their first use then finds them compiled.
    asyncio.get_event_loop().call_later(IDLE_DELAY_S, _idle_compile,
                                        ("ai",) + IDLE_COMPILE)
    return json.dumps(answer)


async def _resume(data, message):
    """The saved match, loaded as `load_record` would load it, with the saved seats; the
    computers then move if one is to."""
    text = await _resumed(data)
    _kick(text)
    return text


async def _resumed(data):
    """The answer to `resume`: the saved match's state, or why there is none (a save that
    cannot be replayed is set aside)."""
    if data.get("v", PROTOCOL_VERSION) != PROTOCOL_VERSION:
        return _session.handle(json.dumps(data))  # the protocol's own version refusal
    try:
        await _settle_writes()
        text = await db.get(db.SAVE_KEY)
    except Exception as exc:  # noqa: BLE001 - storage unavailable
        return _error(data, "no_save", "the saved match could not be read: " + db.why(exc))
    if text is None:
        return _error(data, "no_save", "no match is saved")
    try:
        saved = json.loads(text)
        if not isinstance(saved, dict) or not isinstance(saved.get("record"), dict):
            raise ValueError("no record in the saved match")
    except ValueError as exc:
        why = str(exc)
    else:
        message = {"type": "load_record", "record": saved["record"],
                   "seats": saved.get("seats"), "v": PROTOCOL_VERSION}
        if data.get("id") is not None:
            message["id"] = data["id"]
        answer = _session.handle(json.dumps(message))
        refused = json.loads(answer)
        if refused.get("type") != "error":
            _begin_match(saved)
            return _with_save(answer)
        why = refused.get("message", "")
    try:
        await _set_aside(text, why)
    except Exception:  # noqa: BLE001 - it is refused all the same
        pass
    return _error(data, "bad_save", "the saved match could not be replayed and was set "
                                    "aside: " + why)


async def _forget(data, message):
    """Delete the saved match."""
    try:
        await _settle_writes(drop=True)
        await db.write([], [db.SAVE_KEY])
    except Exception as exc:  # noqa: BLE001 - reported
        return _error(data, "save_failed",
                      "the saved match could not be deleted: " + db.why(exc))
    return _answer(data, {"type": "forgotten"})


# --------------------------------------------------------------------------- pushed states
#
# The worker runs the match: after an answer whose computer seat is to move, it drives
# `Session.advance_steps()` and posts each computer move's `state` on the BroadcastChannel
# the page named in `hello` (`channel`), at most one every `pace_ms` (the page's speed
# setting, sent with any message). Without a channel (or with an engine that has no
# `advance_steps`) the page asks for each computer move itself (`ai_move`).

_push = {"channel": None, "pace_ms": 550, "last": 0.0, "task": None}
# The least pause before a pushed state, so that it reaches the page after the answer
# that started the run.
MIN_PACE_MS = 20
MAX_PACE_MS = 5000


def _note_pace(data):
    pace = data.get("pace_ms")
    if isinstance(pace, (int, float)) and not isinstance(pace, bool) \
            and 0 <= pace <= MAX_PACE_MS:
        _push["pace_ms"] = pace


def _open_channel(data):
    """`hello`'s `channel`: the name of the BroadcastChannel pushed states go to."""
    name = data.get("channel")
    if not isinstance(name, str) or not name or len(name) > 100:
        return False
    if not hasattr(_session, "advance_steps"):
        return False
    if _push["channel"] is not None:
        _push["channel"].close()
    _push["channel"] = js.BroadcastChannel.new(name)
    return True


def _post(message):
    """Post a message the worker starts (a review's progress) on the push channel, if any."""
    if _push["channel"] is not None:
        message["v"] = PROTOCOL_VERSION
        message["pushed"] = True
        _push["channel"].postMessage(json.dumps(message))


def _kick(text):
    """Start the computers' moves after an answer that leaves a computer to move."""
    if _push["channel"] is None:
        return
    try:
        answer = json.loads(text)
    except (TypeError, ValueError):
        return
    if not isinstance(answer, dict) or answer.get("type") != "state":
        return
    if answer.get("to_move_kind") != "ai" or answer.get("hand_over"):
        return
    _push["last"] = float(js.Date.now())
    _push["task"] = asyncio.ensure_future(_advance())


async def _advance():
    """Drive the session's computer moves, posting each pushed state, paced."""
    for step in _session.advance_steps():
        if step is None:
            await asyncio.sleep(0)
            continue
        state_id = _session.state_id
        text = _with_save(step)
        wait = max(MIN_PACE_MS, _push["pace_ms"]) - (float(js.Date.now()) - _push["last"])
        if wait > 0:
            await asyncio.sleep(wait / 1000.0)
        if _session.state_id != state_id:
            return  # an intent answered meanwhile (an undo) replaced this position
        _push["channel"].postMessage(_fresh_status(text))
        _push["last"] = float(js.Date.now())
    # The last write's outcome, once it is known: a failure is never silent, even when no
    # answer follows (the human is to move).
    await _settle_writes()
    if _status["ok"] is False and _push["channel"] is not None:
        _push["channel"].postMessage(json.dumps({
            "type": "saved", "pushed": True, "v": PROTOCOL_VERSION,
            "save": {"ok": False, "error": _status["error"], "state_id": _status["state_id"],
                     "summary": None}}))


def _fresh_status(text):
    """A pushed state with the outcome of the latest finished write (it may have finished
    while the state waited for its turn)."""
    try:
        answer = json.loads(text)
        save = answer.get("save")
        if isinstance(save, dict) and save.get("summary") is not None:
            save.update(ok=_status["ok"], error=_status["error"], state_id=_status["state_id"])
            return json.dumps(answer)
    except (TypeError, ValueError):
        pass
    return text


# --------------------------------------------------------------------------- dispatch

# The worker's own intents: type -> `async handler(data, message)` of this file ...
INTENTS = {"hello": _hello, "resume": _resume, "forget_save": _forget}
# ... and type -> the module compiled on first use whose `async handle(data, worker)`
# answers it (a new entry here is all another intent needs).
LAZY_INTENTS = {
    "history": "worker_history", "history_record": "worker_history",
    "history_delete": "worker_history", "history_clear": "worker_history",
    "history_stats": "worker_history", "history_export": "worker_history",
    "history_import": "worker_history",
    "review_open": "worker_review", "review_position": "worker_review",
    "review": "worker_review", "review_cancel": "worker_review",
    "lesson_open": "worker_lesson", "lesson_position": "worker_lesson",
}
# Intents whose state starts another match in the session.
NEW_MATCH = ("new_match", "load_record")


def _decoded(message):
    """The message as a dict (None when it is not one: the protocol answers it), with the
    settings every message may carry noted."""
    try:
        data = json.loads(message)
    except (TypeError, ValueError):
        return None  # the protocol answers `bad_message`
    if not isinstance(data, dict):
        return None
    _note_pace(data)
    keep = data.get("history_keep")
    if keep is not None:
        _hist["keep"] = keep
    return data


async def handle(message):
    """Answer one JSON message of the protocol (or of the worker) with one JSON answer."""
    data = _decoded(message)
    kind = data.get("type") if data is not None else None
    if kind in INTENTS:
        return await INTENTS[kind](data, message)
    if kind in LAZY_INTENTS:
        return await _later(LAZY_INTENTS[kind]).handle(data, _context())
    starts = kind in NEW_MATCH
    if starts:
        await _retire()
    for answer in _session.handle_steps(message):
        if answer is not None:
            if starts and json.loads(answer).get("type") == "state":
                _begin_match()
            text = _with_save(answer)
            _kick(text)
            return text
        await asyncio.sleep(0)
    return None


__export__ = ["handle"]
