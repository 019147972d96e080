"""The engine worker's entry point (runs in Pyodide, inside a web worker created by the UI).

It keeps the match's master (`domino.master.Master` over the engine's session): the page's
JSON messages go to it as the hosting device's (seated as LOCAL), and a friend's device, whose
messages the page relays as `peer_message` (issue 24), as that device's seat; every update for
a friend comes back as a `peer` envelope that the page's JavaScript forwards unread. Page and worker talk over one ordered path, the worker's own `postMessage` both ways
(the one channel, below): each message of the page carries an `id` and its answer echoes it;
what the worker starts itself (the computers' moves) comes as updates on the same path, in the
order the master made them. `handle` stays exported for tests and tools.

A computer's search runs in chunks (`Session.handle_steps`) and the worker's event loop is free
between two chunks (Pyodide's `asyncio.sleep(0)` is a new browser task), so a message the page
sends meanwhile is answered at once: an `undo` while the computer thinks cancels its search.

The worker also keeps the resumable match, as a game server keeps its games: the page never
holds the record, whose deal shows every seat's tiles and the boneyard's order (the next
draws), and so no answer carries what the seat the page serves cannot know. After every
`state` answer the worker saves the match in its own IndexedDB (database `domino`, store
`saves`; localStorage does not exist in workers): one save per match, written from the move
log (web/worker/save_log.py: the record's head once per hand, one row per move, a small state row),
so two tabs never overwrite each other's match, and a Web Lock per match tells each tab which
saves another tab is playing. The save is taken when the state is answered (the next message
may change the match) and written once the answer has gone, the latest queued save last: a
write never delays an answer and a failed one never breaks it; its outcome is reported in the
next answers instead, so a storage failure is never silent. What the worker
adds to the protocol:

- every `state` answer gets `save`: `{"ok": true | false | null (no write has finished yet),
  "error": why the latest finished write failed, else null, "state_id": the state that write
  saved, "summary": this state's public summary, "match": the match's id, kept by a resume}`;
  the summary is what the page may keep and show before the worker is up: `{"variant",
  "players", "seats", "hand_number", "moves" (in this hand), "hand_over", "match_over", "saved_at" (ms since 1970)}`;
- the `ready` answer to `hello` gets `saved` (the summary of the newest save that no other
  tab is playing, or null), `set_aside`
  (null, or why a saved match that could not be read was just set aside) and `save` (`{"ok",
  "error"}`: whether the storage could be read), and `saves`, every save no other tab plays
  as the menu lists them (`[{"id", "summary", "offered"}]`, newest first, at most 20); intent
  `saves` answers `{"type": "saves", "saves": [...]}` again when the menu is shown;
- intent `resume` (optional `save`, an id of `saves`; without it, the save `ready` offered):
  load that save and answer the `state` that
  `load_record` would give for it, with the saved seats. No saved match, or another tab took
  it meanwhile: error `no_save`. A save whose seats are damaged but whose record loads is
  resumed with the default seats (the player first, computers at the others) and its answer
  says `seats_reset: true` (issue 28); a save that
  cannot be read or replayed is set aside (key `set_aside`, never offered again) and answered
  with the error `bad_save`;
- `new_match` with `keep_saved: true` (a deep link the player chose to start although a match
  was in progress, issue 28) leaves the saved matches where they are, resumable, instead of
  moving them to the history; the next match started without it moves them as usual;
- intent `forget_save` (optional `save`, as for `resume`): delete that save (writes still queued are
  dropped first); answers `{"type": "forgotten"}`. Storage errors answer the error `save_failed`.

The worker also reviews moves (web/worker/worker_review.py, web/worker/reviewing.py, DECISIONS W-10):
`review_open` (`source`
"match", the session's match, or "entry", a history entry) makes a record the one under
review and answers `review_opened` with its finished hands and a `review` token;
`review_position` (`review`, `hand`, `index`) answers the table before a move with every
hand face up (a finished hand only: all its tiles were shown at its end); `review` (`review`,
`hand`, optional `seats` and `budget`) answers `review_result` with the engine's verdict
(each move's played and best moves as data), judged in steps with the event loop free between
them and `review_progress` posted as an update, or at once from the store `reviews`
when it was judged before (`cached: true`); `review_cancel` stops the judging (its `review`
answers the error `cancelled`), and so does a new `review` or `review_open`. It keeps the
match history and counts its statistics (web/worker/worker_history.py, web/worker/history.py,
web/worker/match_stats.py: the `history*` intents), and answers the lessons' `lesson_open` and
`lesson_position` (web/worker/worker_lesson.py, web/worker/lessoning.py; docs/LESSONS.md).

What the worker compiles before its `ready` answer is only what `hello` and a first
`new_match` need: this file, its storage (web/worker/worker_db.py), its saves
(web/worker/worker_saves.py, web/worker/save_log.py) and the engine's protocol. The
review, the history and the statistics are compiled on their first use, or once the worker is
idle after `ready` (`IDLE_COMPILE`, one module per browser task), and so is the engine's AI
(`warm_up`). `INTENTS` maps each worker-level intent to its handler here, `LAZY_INTENTS` to
the module that handles it (`async def handle(data, worker)`, `worker` being `_context()`).

The worker also runs the match: after every answer that leaves a computer to move it plays
the computers' moves itself (`Master.advance`, over `Session.advance_steps`) and posts each one's `state` as an
update as soon as it is made (with its `save`, as above); the `ready` answer says `push:
true`. The page shows them at its own speed from a queue; nothing depends on when a message
arrives. An intent answered meanwhile (an `undo` while a computer thinks) stops the run; a
state it replaced is never posted. No BroadcastChannel: a channel any page of the origin can
open by name is one any page can read and forge states on (issue 23).
"""

import asyncio
import importlib
import json
import types

import js
import save_log
import worker_saves
import worker_db as db

from domino.master import LOCAL, Master
from domino.session import PROTOCOL_VERSION, Session, warm_up

_session = Session(ai_time_limit=2.5)
# The match's master (engine/domino/master.py): every intent that may change the match goes
# through it, the page's as the hosting device's (`PAGE`, seated as LOCAL: the human seats no
# friend's device holds), a friend's as that device's; it answers each device with what its
# seat may see, in the order it made the states.
_master = Master(_session)
PAGE = "page"
_master.join(PAGE, LOCAL)
# What the worker refused of the friends' devices, by device and reason (issue 24: counted,
# never a crash or a stall).
_refused = {}

# The latest save waiting to be written (what `_write` needs) and the task writing saves.
_queue = {"item": None, "task": None, "last": None}
# The outcome of the latest write that finished.
_status = {"ok": None, "error": None, "state_id": None}
# What is stored of this tab's match: its id, hands and moves by hand (None: nothing yet), and
# rows to delete with the first write (a save of the earlier builds, once written anew).
_written = {"id": None, "hands": 0, "moves": None, "drop": []}
# The match in the session, as the history will keep it; `release` frees its Web Lock.
_match = {"id": None, "started_at": None, "over": False, "release": None, "names": None}
# The save the `ready` answer offered (its id), for `resume` and `forget_save`; `_bad`, why
# a save of the earlier builds could not be read (set aside by `ready`).
_offer = {"id": None}
_bad = {}
# The history's state shared with web/worker/worker_history.py: `keep`, the latest `history_keep` a
# message carried (history.keep_of checks it there); `error`, why the latest history write
# failed, else None.
_hist = {"keep": None, "error": None}


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
                                 hist=_hist, master=_master, page=PAGE, for_page=_for_page,
                                 send=_send, computers_after=_computers_after,
                                 refused=_refused, queue=_queue, queue_save=_queue_save,
                                 match=_match)


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
#
# One save per match (web/worker/save_log.py: a head, a row per move, a state row), written from the
# move log: each write puts the moves not yet stored and the small state row. The worker holds
# a Web Lock (`LOCK_PREFIX` + the match's id) for the match it plays, so another tab neither
# offers nor retires that save; a save whose lock nobody holds is free: the newest free one is
# offered after a reload, the others go into the history when a match replaces them.

LOCK_PREFIX = "domino-match:"


def _new_id():
    return str(int(js.Date.now())) + "-" + str(int(js.Math.random() * 1000000000))


def _begin_match(saved=None, release=None, names=None):
    """A match entered the session: its history id (a resumed match keeps its own) and its
    Web Lock (`release`, when the caller took it; otherwise taken now); `names`, a friends'
    table's names per seat (a resumed match keeps its own: DECISIONS W-75)."""
    saved = saved or {}
    old = _match["release"]
    _offer["id"] = None  # the menu's Continue now means this match
    match_id = saved.get("history_id") or _new_id()
    _match.update(id=match_id, started_at=saved.get("started_at") or int(js.Date.now()),
                  over=bool((saved.get("summary") or {}).get("match_over")), release=release,
                  names=save_log.clean_names(saved.get("names") if saved else names))
    if old is not None and old is not release:
        old()  # the match this tab played before is free now (retired, or never saved)
    if release is None:
        asyncio.ensure_future(_own(match_id))
    if saved.get("record"):
        # What is stored already: the next write puts only what follows.
        moves = [list(h.get("moves") or []) for h in saved["record"].get("hands") or []]
        legacy = saved.get("legacy", False)
        _written.update(id=None if legacy else match_id, hands=len(moves), moves=moves,
                        drop=[save_log.LEGACY_KEY] if legacy else [])


async def _own(match_id):
    """Take the Web Lock of a new match (its id is new: no other tab can hold it)."""
    try:
        release = await db.hold(LOCK_PREFIX + match_id)
    except Exception:  # noqa: BLE001 - without locks, saves are still one per match
        return
    if release is not None and _match["id"] == match_id and _match["release"] is None:
        _match["release"] = release
    elif release is not None:
        release()


def _queue_save(item):
    """Queue `item` (what `_write` needs) as the match's save; only the latest is written:
    it holds every move of the ones before it."""
    _queue["item"] = item
    _queue["last"] = item
    task = _queue["task"]
    if task is None or task.done():
        _queue["task"] = asyncio.ensure_future(_write_queued())


async def _write_queued():
    """Write queued saves, the latest last, recording each outcome in `_status`."""
    while _queue["item"] is not None:
        item = _queue["item"]
        _queue["item"] = None
        try:
            await _write(item)
            _status.update(ok=True, error=None, state_id=item["state_id"])
        except Exception as exc:  # noqa: BLE001 - reported in the next answers
            _status.update(ok=False, error=db.why(exc), state_id=item["state_id"])


async def _write(item):
    """Store the match's new moves and state row (and its head when a hand was dealt), in one
    transaction; `_written` then says what is stored."""
    match_id = item["id"]
    snapshot = item["snapshot"]
    moves = [list(hand[2]) for hand in snapshot.hands]
    fresh = _written["id"] != match_id
    puts, deletes = save_log.plan(match_id, moves, None if fresh else _written["moves"])
    state = save_log.state_row(item["summary"], item["public"], item["stand_ins"])
    puts.append((save_log.state_key(match_id), state))
    if fresh or _written["hands"] != len(moves):
        head = save_log.head(snapshot.to_record(), item["seats"], match_id,
                             item["started_at"], item["names"])
        puts.append((save_log.head_key(match_id), json.dumps(head)))
    drop = list(_written["drop"]) if fresh else []
    await db.write(puts, deletes + drop)
    _written.update(id=match_id, hands=len(moves), moves=moves, drop=[])


async def _settle_writes(drop=False):
    """Wait until the queued saves are written (or, with `drop`, dropped)."""
    if drop:
        _queue["item"] = None
    task = _queue["task"]
    if task is not None and not task.done():
        await task


def _record_finished(answer):
    """A match that has just ended goes into the history (once)."""
    if _match["id"] is None or _match["over"] or not answer.get("match_over"):
        return
    _match["over"] = True
    save = {"record": _session.match.to_record(), "seats": list(_session.seats),
            "names": _match["names"]}
    _later("worker_history").record_finished(_match["id"], save, answer,
                                             _match["started_at"], _context())


async def _free(saves):
    """The saves of `saves` that no other tab plays (this tab's own match included)."""
    held = await db.held()
    return [(i, s) for i, s in saves
            if i == worker_saves.LEGACY or i == _match["id"] or LOCK_PREFIX + i not in held]


async def _retire():
    """Before another match replaces this tab's, keep every free save in the history
    (unfinished unless it ended) and delete it; a match without a move is only deleted. The
    history's code is compiled only when there is one to keep; a save the history could not
    take stays (offered again)."""
    try:
        await _settle_writes()
        free = await _free(await worker_saves.stored(_bad))
    except Exception as exc:  # noqa: BLE001 - reported in the next `history` answer
        _hist["error"] = db.why(exc)
        return
    for match_id, summary in free:
        try:
            if summary.get("moves") or (summary.get("hand_number") or 1) > 1:
                saved = await worker_saves.read(match_id)
                kept = await _later("worker_history").retire(saved, _new_id, save_log.public,
                                                             _context())
                if not kept:
                    continue
            await worker_saves.delete(match_id)
        except Exception as exc:  # noqa: BLE001 - reported in the next `history` answer
            _hist["error"] = db.why(exc)
    _written.update(id=None, hands=0, moves=None, drop=[])


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
        summary = save_log.summary(answer, int(js.Date.now()))
        _queue_save({"id": _match["id"], "snapshot": _session.match.snapshot(),
                     "seats": list(_session.seats), "started_at": _match["started_at"],
                     "names": _match["names"],
                     "summary": summary, "public": save_log.public(answer),
                     "stand_ins": dict(_session.stand_ins),
                     "state_id": answer.get("state_id")})
        _record_finished(answer)
    except Exception as exc:  # noqa: BLE001 - the answer goes out anyway, with the failure
        answer["save"] = {"ok": False, "error": db.why(exc), "state_id": None, "summary": None}
    else:
        answer["save"] = {"ok": _status["ok"], "error": _status["error"],  # match: W-147
                          "state_id": _status["state_id"], "summary": summary, "match": _match["id"]}
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


async def _hello(data, message):
    """`ready`, with what is saved (the summary of the newest save no other tab plays, or why
    an unreadable save was set aside); once it has gone, the rest is compiled while idle."""
    answer = json.loads(_for_page(_master.submit(PAGE, message)))
    if answer.get("type") != "ready":
        return json.dumps(answer)
    answer.update(saved=None, saves=[], set_aside=None, save={"ok": True, "error": None})
    try:
        free = await _free(await worker_saves.stored(_bad))
        offer = save_log.newest(free)
        _offer["id"] = offer
        if offer is not None:
            answer["saved"] = dict(free)[offer]
        answer["saves"] = worker_saves.listing(free, offer)
        why = _bad.pop("legacy", None)
        if why is not None:  # a save of the earlier builds that cannot be read
            answer["set_aside"] = why
            await worker_saves.set_aside(worker_saves.LEGACY, why)
    except Exception as exc:  # noqa: BLE001 - the page learns that nothing can be saved
        answer["save"] = {"ok": False, "error": db.why(exc)}
    answer["push"] = True  # the computers' moves come as updates, always
    # The AI, the review, the history and the statistics are compiled once the page has its
    # answer, not before (engine ready sooner); their first use then finds them compiled.
    asyncio.get_event_loop().call_later(IDLE_DELAY_S, _idle_compile,
                                        ("ai",) + IDLE_COMPILE)
    return json.dumps(answer)


async def _resume(data, message):
    """The save `ready` offered, loaded as `load_record` would load it, with the saved seats
    (the computers then move if one is to); a save that cannot be replayed is set aside, and
    one another tab took meanwhile is refused (`no_save`)."""
    if data.get("v", PROTOCOL_VERSION) != PROTOCOL_VERSION:
        return _session.handle(json.dumps(data))  # the protocol's own version refusal
    try:
        offer = _offered(data)
    except ValueError as exc:
        return _error(data, "bad_message", str(exc))
    if offer is None:
        return _error(data, "no_save", "no match is saved")
    own = offer == _match["id"]  # this tab's own match (the player went to the menu)
    release = _match["release"] if own else None
    try:
        await _settle_writes()
        if offer != worker_saves.LEGACY and not own:
            release = await db.hold(LOCK_PREFIX + offer)
            if release is None:
                return _error(data, "no_save", "the saved match is open in another tab")
        saved = await worker_saves.read(offer)
    except ValueError as exc:
        return await _refuse_save(data, offer, str(exc), None if own else release)
    except Exception as exc:  # noqa: BLE001 - none saved, or storage unavailable
        if release is not None and not own:
            release()
        why = str(exc) if isinstance(exc, LookupError) else db.why(exc)
        return _error(data, "no_save", "the saved match could not be read: " + why)
    message = {"type": "load_record", "record": saved["record"],
               "seats": saved.get("seats"), "v": PROTOCOL_VERSION}
    if data.get("id") is not None:
        message["id"] = data["id"]
    friends = data.get("devices") is not None  # a friends' table reopened (W-43, W-74)
    if friends:
        message.update(devices=data["devices"], stand_ins=saved.get("stand_ins") or {})
    answer = _for_page(_master.submit(PAGE, json.dumps(message)))
    refused = json.loads(answer)
    reset = refused.get("type") == "error" and refused.get("code") == "bad_seats"
    if reset:
        # Damaged seats, a record that may be fine: the match goes on with the default seats
        # (the player at the first, computers at the others), and the answer says so.
        message["seats"] = None
        answer = _for_page(_master.submit(PAGE, json.dumps(message)))
        refused = json.loads(answer)
    if refused.get("type") == "error" and message.pop("stand_ins", None):
        # Stand-ins the master does not take (a damaged row): the table reopens without them.
        refused = json.loads(_for_page(_master.submit(PAGE, json.dumps(message))))
    if refused.get("type") == "error":
        return await _refuse_save(data, offer, refused.get("message", ""), release)
    _offer["id"] = None
    _begin_match(saved, release)
    if friends:  # the page's table says which friends' seats a computer plays (W-74)
        refused["stand_ins"] = {str(s): v for s, v in _session.stand_ins.items()}
    if reset:
        refused["seats_reset"] = True
        _written["hands"] = -1  # the head is written anew, with the seats now played
    answer = json.dumps(refused) if friends or reset else answer
    return _with_save(answer)


async def _refuse_save(data, offer, why, release):
    """A save that cannot be replayed: set aside, and `bad_save` answered."""
    try:
        await worker_saves.set_aside(offer, why)
    except Exception:  # noqa: BLE001 - it is refused all the same
        pass
    if release is not None:
        release()
    _offer["id"] = None
    return _error(data, "bad_save", "the saved match could not be replayed and was set "
                                    "aside: " + why)


def _offered(data):
    """The save `resume` and `forget_save` mean: the one the message names (`save`), else the
    one `ready` offered, else this tab's own match (the player went to the menu during it)."""
    named = worker_saves.chosen(data)
    if named is not None:
        return named
    return _offer["id"] if _offer["id"] is not None else _match["id"]


async def _saves(data, message):
    """The menu's list of saved matches (`saves`), as `ready` gives it, read afresh."""
    try:
        await _settle_writes()
        free = await _free(await worker_saves.stored(_bad))
    except Exception as exc:  # noqa: BLE001 - reported
        return _error(data, "save_failed", "the saved matches could not be read: " + db.why(exc))
    return _answer(data, {"type": "saves", "saves": worker_saves.listing(free, _offered({}))})


async def _forget(data, message):
    """Delete the save `_offered` names (one another tab plays is refused: `no_save`)."""
    try:
        target = _offered(data)
    except ValueError as exc:
        return _error(data, "bad_message", str(exc))
    try:
        await _settle_writes(drop=target == _match["id"] or data.get("save") is None)
        if data.get("save") is not None and target not in dict(
                await _free(await worker_saves.stored(_bad))):
            return _error(data, "no_save", "no such match is saved, or another tab plays it")
        if target is not None:
            await worker_saves.delete(target)
        if target == _match["id"]:
            _written.update(id=None, hands=0, moves=None, drop=[])  # written anew if played on
        _offer["id"] = None
    except Exception as exc:  # noqa: BLE001 - reported
        return _error(data, "save_failed",
                      "the saved match could not be deleted: " + db.why(exc))
    return _answer(data, {"type": "forgotten"})


# --------------------------------------------------------------------------- the one channel
#
# Everything the worker sends the page goes, in the order it is made, through one path: the
# worker's own `postMessage` (PyScript's `xworker.postMessage`, or a plain worker's, `_port`),
# as `{"kind": "answer", "id", "text"}` for the answer to the page's message `id` and
# `{"kind": "update", "text"}` for what the worker starts itself (a computer's move, a
# review's progress, a failed save). The page sends its messages on the same worker
# (`onmessage`). The page plays the updates at its own pace (the speed setting): the worker
# posts each as soon as it is made.

_out = {"post": None}  # posts one envelope to the page (set by `_listen`)
_run = {"task": None}  # the computers' moves being played


try:
    # PyScript delivers each of the page's messages to `xworker.onmessage`, looking the name
    # `xworker` up among this module's globals: it must be imported here, under that name.
    from polyscript import xworker
except ImportError:  # not under PyScript (a test of this module): nothing is wired
    xworker = None


def _port():
    """The worker's end of the channel: PyScript's `xworker`, else the plain worker's own
    scope that web/worker/snapshot.mjs names `dominoChannel` (W-61), else None (a test)."""
    return xworker if xworker is not None else getattr(js, "dominoChannel", None)


def _listen():
    """Take the page's messages from the channel's `onmessage` and post to it with its
    `postMessage` (`_port`)."""
    port = _port()
    if port is None:
        return
    from pyodide.ffi import create_proxy, to_js

    def on_message(event):
        asyncio.ensure_future(serve(str(event.data)))

    def post(kind, msg_id, text, device=None):
        envelope = {"kind": kind, "id": msg_id, "text": text}
        if device is not None:
            envelope["device"] = device
        port.postMessage(to_js(envelope, dict_converter=js.Object.fromEntries))

    _out["post"] = post
    port.onmessage = create_proxy(on_message)


def _send(kind, msg_id, text, device=None):
    """Post one envelope: an `answer` to the page's message `msg_id`, an `update` the worker
    started, or (`peer`) a text for the friend's `device`, which the page relays unread."""
    post = _out["post"]
    if post is not None and text is not None:
        post(kind, msg_id, text, device)


def _post(message):
    """Post a message the worker starts (a review's progress) to the page."""
    message["v"] = PROTOCOL_VERSION
    message["pushed"] = True
    _send("update", None, json.dumps(message))


def _kick(data, text):
    """Start the computers' moves after the answer `text` to the message `data`, when it is
    an intent's state (KICKS) that leaves a computer to move."""
    if data is not None and data.get("type") in KICKS:
        _computers_after(text)


def _computers_after(text):
    """Start the computers' moves when the state `text` leaves a computer to move."""
    if text is None:
        return
    try:
        answer = json.loads(text)
    except (TypeError, ValueError):
        return
    if not isinstance(answer, dict) or answer.get("type") != "state":
        return
    if answer.get("to_move_kind") != "ai" or answer.get("hand_over"):
        return
    _run["task"] = asyncio.ensure_future(_advance())


async def _advance():
    """Drive the session's computer moves, posting each pushed state as it is made; an intent
    answered between two search chunks (an undo) stops the run (`advance_steps`)."""
    for step in _master.advance():
        if step is None:
            await asyncio.sleep(0)
            continue
        _send("update", None, _for_page(step, save=True))
    # The last write's outcome, once it is known: a failure is never silent, even when no
    # answer follows (the human is to move).
    await _settle_writes()
    if _status["ok"] is False:
        _send("update", None, json.dumps({
            "type": "saved", "pushed": True, "v": PROTOCOL_VERSION,
            "save": {"ok": False, "error": _status["error"], "state_id": _status["state_id"],
                     "summary": None}}))


# --------------------------------------------------------------------------- friends' devices
#
# A friend's device reaches the master through the hosting page, which carries its messages
# as opaque text (`peer_join`, `peer_message`, `peer_leave` from the page, answered by
# web/worker/worker_friends.py) and each update for it back (`{"kind": "peer", "device",
# "text"}` on the channel, never read by the page's MicroPython).


def _for_page(updates, save=False):
    """The hosting page's text among one step's `updates` (each other device's is relayed
    through the page at once, in order); with `save`, a state of the page's is saved."""
    mine = None
    for device, text in updates:
        if device == PAGE:
            mine = _with_save(text) if save else text
        else:
            _send("peer", None, text, device)
    return mine


# --------------------------------------------------------------------------- dispatch

# The worker's own intents: type -> `async handler(data, message)` of this file ...
INTENTS = {"hello": _hello, "resume": _resume, "forget_save": _forget, "saves": _saves}
# The hosting page's intents for friends' devices (its JavaScript relays them).
PEER_INTENTS = ("peer_join", "peer_leave", "peer_message", "peer_stand_in", "peer_remove")
# ... and type -> the module compiled on first use whose `async handle(data, worker)`
# answers it (a new entry here is all another intent needs).
LAZY_INTENTS = {
    "history": "worker_history", "history_record": "worker_history",
    "history_delete": "worker_history", "history_clear": "worker_history",
    "history_stats": "worker_history", "history_export": "worker_history",
    "history_import": "worker_history", "history_add": "worker_history",
    "review_open": "worker_review", "review_position": "worker_review",
    "review": "worker_review", "review_cancel": "worker_review",
    "lesson_open": "worker_lesson", "lesson_position": "worker_lesson",
    "peer_join": "worker_friends", "peer_leave": "worker_friends",
    "peer_message": "worker_friends", "peer_stand_in": "worker_friends",
    "peer_remove": "worker_friends",
}
# Intents whose state starts another match in the session.
NEW_MATCH = ("new_match", "load_record")
# Intents after whose state the computers move, if one is to.
KICKS = ("new_match", "load_record", "resume", "play", "undo", "next_hand")


def _decoded(message):
    """The message as a dict (None when it is not one: the protocol answers it), with the
    settings every message may carry noted."""
    try:
        data = json.loads(message)
    except (TypeError, ValueError):
        return None  # the protocol answers `bad_message`
    if not isinstance(data, dict):
        return None
    keep = data.get("history_keep")
    if keep is not None:
        _hist["keep"] = keep
    return data


async def serve(message):
    """Answer one message of the page on the channel, then start the computers' moves if one
    is to move: its answer goes out before the first of them."""
    data = _decoded(message)
    text = await _dispatch(data, message)
    relayed = data is not None and data.get("type") in PEER_INTENTS and data.get("id") is None
    if not relayed:  # a friend's message relayed by the page's JavaScript wants no answer
        _send("answer", data.get("id") if data is not None else None, text)
    _kick(data, text)


async def handle(message):
    """Answer one JSON message of the protocol (or of the worker) with one JSON answer
    (tests and tools; the page's messages come through `serve`)."""
    data = _decoded(message)
    text = await _dispatch(data, message)
    _kick(data, text)
    return text


async def _dispatch(data, message):
    """The answer to one decoded message (None when the session gave none)."""
    kind = data.get("type") if data is not None else None
    if kind in INTENTS:
        return await INTENTS[kind](data, message)
    if kind in LAZY_INTENTS:
        return await _later(LAZY_INTENTS[kind]).handle(data, _context())
    starts = kind in NEW_MATCH
    if starts:  # a friends' table's names (W-75) are the worker's to keep, not the engine's
        names, message = save_log.clean_names(data.pop("names", None)), json.dumps(data)
    if starts and not data.get("keep_saved"):
        await _retire()
    for updates in _master.submit_steps(PAGE, message):
        if updates is not None:
            answer = _for_page(updates)
            if starts and json.loads(answer).get("type") == "state":
                _begin_match(names=names)
            return _with_save(answer)
        await asyncio.sleep(0)
    return None


_listen()

__export__ = ["handle"]
