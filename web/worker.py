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

The worker also reviews moves (web/reviewing.py, DECISIONS W-10): `review_open` (`source`
"match", the session's match, or "entry", a history entry) makes a record the one under
review and answers `review_opened` with its finished hands and a `review` token;
`review_position` (`review`, `hand`, `index`) answers the table before a move with every
hand face up (a finished hand only: all its tiles were shown at its end); `review` (`review`,
`hand`, optional `seats` and `budget`) answers `review_result` with the engine's verdict
(each move's played and best moves as data), judged in steps with the event loop free between
them and `review_progress` posted on the push channel, or at once from the store `reviews`
when it was judged before (`cached: true`); `review_cancel` stops the judging (its `review`
answers the error `cancelled`), and so does a new `review` or `review_open`.

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
import json
import time

import history
import js
import match_stats
from pyodide.ffi import create_proxy

from domino.errors import DominoError
from domino.session import PROTOCOL_VERSION, Session, warm_up

_session = Session(ai_time_limit=2.5)


def _reviewing():
    """web/reviewing.py, imported on the first review: it imports the engine's AI, which the
    worker compiles only after its `ready` answer (`_warm_up`), so that the engine is ready
    sooner."""
    import reviewing

    return reviewing


def _warm_up():
    """Compile what the first computer move and the first review need, once the page has its
    `ready` answer."""
    warm_up()
    _reviewing()

DB_NAME = "domino"
# Version 1 had the store `saves` only; version 2 adds `history`, version 3 `reviews` (an
# older database is upgraded in place: its saved match and its history stay).
DB_VERSION = 3
STORE = "saves"
HISTORY = "history"
REVIEWS = "reviews"
SAVE_KEY = "match"
ASIDE_KEY = "set_aside"
# Opening the database may wait for another page's connection ("blocked"): never for long.
OPEN_TIMEOUT_S = 5.0

# A JS promise for one IndexedDB request or transaction: it resolves with the request's result
# on the event `done` and rejects with the target's error on `error` or `abort`.
_settled = js.Function.new("target", "done", """
  return new Promise((resolve, reject) => {
    target.addEventListener(done, () => resolve(target.result), { once: true });
    const fail = () => reject(target.error || new Error("the storage request was aborted"));
    target.addEventListener("error", fail, { once: true });
    target.addEventListener("abort", fail, { once: true });
  });""")

_db = {"conn": None, "lock": None, "proxies": []}
# The latest save waiting to be written (text, state_id) and the task writing saves.
_queue = {"text": None, "state_id": None, "task": None}
# The outcome of the latest write that finished.
_status = {"ok": None, "error": None, "state_id": None}


def _why(exc):
    """A storage failure in words (a DOMException's name and message)."""
    text = str(exc)
    return text if text else type(exc).__name__


async def _database():
    """The open IndexedDB connection (opened, and the store created, on first use)."""
    if _db["lock"] is None:
        _db["lock"] = asyncio.Lock()
    async with _db["lock"]:
        if _db["conn"] is not None:
            return _db["conn"]
        request = js.indexedDB.open(DB_NAME, DB_VERSION)

        def upgrade(event):
            for name in (STORE, HISTORY, REVIEWS):
                if not request.result.objectStoreNames.contains(name):
                    request.result.createObjectStore(name)

        proxy = create_proxy(upgrade)
        request.onupgradeneeded = proxy
        try:
            conn = await asyncio.wait_for(_settled(request, "success"), OPEN_TIMEOUT_S)
        except asyncio.TimeoutError:
            raise RuntimeError("the storage did not open (another page holds it)") from None
        finally:
            request.onupgradeneeded = None
            proxy.destroy()

        def closing(event):
            # Another page opens a newer version: let it, and reopen on the next use.
            conn.close()
            _forget_connection()

        for old in _db["proxies"]:
            old.destroy()  # the handler of a connection closed before
        watch = create_proxy(closing)
        conn.onversionchange = watch
        _db["conn"] = conn
        _db["proxies"] = [watch]
        return conn


def _forget_connection():
    """Drop the connection (closed, or failing): the next request opens a new one."""
    _db["conn"] = None


async def _get(key, name=STORE):
    """The text stored under `key` in the store `name`, or None."""
    conn = await _database()
    try:
        request = conn.transaction(name, "readonly").objectStore(name).get(key)
        value = await _settled(request, "success")
    except Exception:
        _forget_connection()
        raise
    return value if isinstance(value, str) else None


async def _write(puts, deletes, name=STORE):
    """Store the (key, text) pairs of `puts` and delete the keys of `deletes` in the store
    `name`, in one transaction, and wait until it is committed."""
    conn = await _database()
    try:
        tx = conn.transaction(name, "readwrite")
        store = tx.objectStore(name)
        for key, text in puts:
            store.put(text, key)
        for key in deletes:
            store.delete(key)
        await _settled(tx, "complete")
    except Exception:
        _forget_connection()
        raise


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
            await _write([(SAVE_KEY, text)], [])
            _status.update(ok=True, error=None, state_id=state_id)
        except Exception as exc:  # noqa: BLE001 - reported in the next answers
            _status.update(ok=False, error=_why(exc), state_id=state_id)


async def _settle_writes(drop=False):
    """Wait until the queued saves are written (or, with `drop`, dropped)."""
    if drop:
        _queue["text"] = None
    task = _queue["task"]
    if task is not None and not task.done():
        await task


# --------------------------------------------------------------------------- history
#
# Every match is kept in the store `history` (web/history.py): a finished one when it ends,
# an unfinished one when another match replaces it (a new match, a record, the saved match
# resumed). The save carries the match's history id, so that a resumed match stays one entry.

_match = {"id": None, "started_at": None, "over": False}
_hist = {"keep": history.KEEP_DEFAULT, "error": None, "lock": None}


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


async def _history_items():
    """Every stored entry as (key, text), in one read transaction."""
    conn = await _database()
    try:
        store = conn.transaction(HISTORY, "readonly").objectStore(HISTORY)
        # Both promises first: the second request's success may come while the first is
        # awaited, and a listener added after it would wait forever.
        keys = _settled(store.getAllKeys(), "success")
        values = _settled(store.getAll(), "success")
        keys = (await keys).to_py()
        values = (await values).to_py()
    except Exception:
        _forget_connection()
        raise
    return list(zip(keys, values, strict=True))


async def _history_entries():
    """The readable entries, newest first, and the set-aside ones ({id, error}); an entry
    that cannot be read is moved to `aside/<id>` with the reason, and one of an older schema
    is stored again in its upgraded form (its upgrade replays the record: once only)."""
    entries = []
    aside = []
    upgraded = []
    for key, text in await _history_items():
        key = str(key)
        if key.startswith(history.ASIDE_PREFIX):
            try:
                why = json.loads(text).get("error")
            except (TypeError, ValueError, AttributeError):
                why = "unreadable"
            aside.append({"id": key[len(history.ASIDE_PREFIX):], "error": str(why)})
            continue
        try:
            entry, older = history.read_stored(text)
            entries.append(entry)
            if older:
                upgraded.append((key, json.dumps(entry)))
                await asyncio.sleep(0)  # a replay each: other messages are answered between
        except ValueError as exc:
            kept = json.dumps({"text": text if isinstance(text, str) else None,
                               "error": str(exc), "at": int(js.Date.now())})
            await _write([(history.ASIDE_PREFIX + key, kept)], [key], HISTORY)
            aside.append({"id": key, "error": str(exc)})
    if upgraded:
        await _write(upgraded, [], HISTORY)
    entries.sort(key=lambda e: (-e["saved_at"], e["id"]))
    return entries, aside


async def _put_history(entry):
    """Store `entry` (replacing the one with its id), first deleting the oldest entries
    beyond the player's `keep` setting."""
    if _hist["lock"] is None:
        _hist["lock"] = asyncio.Lock()
    async with _hist["lock"]:
        try:
            entries, _aside = await _history_entries()
            others = [e for e in entries if e["id"] != entry["id"]]
            await _write([(entry["id"], json.dumps(entry))],
                         history.to_trim(others, _hist["keep"]), HISTORY)
            _hist["error"] = None
        except Exception as exc:  # noqa: BLE001 - reported in the next `history` answer
            _hist["error"] = _why(exc)


def _record_finished(answer, save):
    """A match that has just ended goes into the history (once), from its `save`."""
    if _match["id"] is None or _match["over"] or not answer.get("match_over"):
        return
    _match["over"] = True
    try:
        entry = history.make_entry(_match["id"], save["record"], save["seats"], answer, True,
                                   _match["started_at"], js.Date.now())
    except Exception as exc:  # noqa: BLE001 - reported in the next `history` answer
        _hist["error"] = _why(exc)
        return
    asyncio.ensure_future(_put_history(entry))


def _replayed(saved):
    """The public part of a state for a save written before saves carried it."""
    probe = Session()
    answer = json.loads(probe.handle(json.dumps({
        "type": "load_record", "record": saved["record"], "seats": saved.get("seats"),
        "v": PROTOCOL_VERSION})))
    if answer.get("type") != "state":
        raise ValueError(answer.get("message", "the saved match cannot be replayed"))
    return _public(answer)


async def _retire():
    """Before another match replaces the saved one, keep the saved one in the history
    (unfinished unless it ended); a match without a move is not kept."""
    try:
        await _settle_writes()
        text = await _get(SAVE_KEY)
        if text is None:
            return
        saved = json.loads(text)
        summary = saved.get("summary") or {}
        if not summary.get("moves") and (summary.get("hand_number") or 1) <= 1:
            return
        state = saved.get("public")
        if not state or "history" not in state:  # a save from before saves carried it
            state = _replayed(saved)
        now = js.Date.now()
        entry = history.make_entry(saved.get("history_id") or _new_id(), saved["record"],
                                   saved.get("seats") or [], state,
                                   bool(summary.get("match_over")),
                                   saved.get("started_at") or summary.get("saved_at") or now,
                                   now)
    except Exception as exc:  # noqa: BLE001 - reported in the next `history` answer
        _hist["error"] = _why(exc)
        return
    await _put_history(entry)


async def _import(data):
    """`history_import`: merge the history file `text` into the store (history.merge); answers
    the list with `imported`: the merge's report, or `{"error": code, "message"}` for a file
    that cannot be imported at all."""
    try:
        incoming = history.read_file(data.get("text"))
    except history.FileError as exc:
        return {"error": exc.code, "message": str(exc)}
    if _hist["lock"] is None:
        _hist["lock"] = asyncio.Lock()
    async with _hist["lock"]:
        entries, _aside = await _history_entries()
        plan = history.merge(entries, incoming, _hist["keep"])
        now = int(js.Date.now())
        puts = [(e["id"], json.dumps(e)) for e in plan["put"]]
        for ident, text, why in plan["aside"]:
            puts.append((history.ASIDE_PREFIX + ident,
                         json.dumps({"text": text, "error": why, "at": now})))
        await _write(puts, plan["delete"], HISTORY)
    return plan["report"]


async def _history_intent(data):
    """`history` (the list; with `trim`, the entries beyond the `history_keep` setting are
    deleted first), `history_record` (one entry's record, `entry`: its id),
    `history_delete` (`entry`; answers the list), `history_clear` (answers the empty
    list), `history_stats` (the statistics of the kept entries, match_stats.compute),
    `history_export` (the history file, history.export_file, as `text`) and `history_import`
    (`text`: a history file; answers the list with the import's report, `imported`).
    (`id` is the message's own, as in the protocol.)"""
    kind = data["type"]
    imported = None
    try:
        if kind in ("history_stats", "history_export"):
            entries, aside = await _history_entries()
            if kind == "history_export":
                text = json.dumps(history.export_file(entries, js.Date.now()))
                return _answer(data, {"type": "history_file", "text": text,
                                      "count": len(entries)})
            await _with_accuracy(entries)
            return _answer(data, {"type": "history_stats",
                                  "stats": match_stats.compute(entries),
                                  "set_aside": len(aside)})
        if kind == "history_import":
            imported = await _import(data)
        elif kind == "history_record":
            text = await _get(str(data.get("entry")), HISTORY)
            try:
                entry = history.read_entry(text) if text is not None else None
            except ValueError:
                entry = None  # the list sets it aside, with the reason
            if entry is None:
                return _error(data, "no_entry", "no match of the history has this id")
            return _answer(data, {"type": "history_record", "entry": entry["id"],
                                  "record": entry["record"]})
        if kind == "history_delete":
            await _write([], [str(data.get("entry"))], HISTORY)
        elif kind == "history_clear":
            keys = [str(key) for key, _ in await _history_items()]
            await _write([], keys, HISTORY)
        entries, aside = await _history_entries()
        if data.get("trim"):  # the player lowered the setting: the oldest go now
            extra = history.beyond(entries, _hist["keep"])
            if extra:
                await _write([], extra, HISTORY)
                entries = [e for e in entries if e["id"] not in extra]
    except Exception as exc:  # noqa: BLE001 - the page says that the history is unavailable
        return _error(data, "history_failed", "the history could not be read: " + _why(exc))
    return _answer(data, {"type": "history", "entries": [history.summary(e) for e in entries],
                          "set_aside": aside, "keep": _hist["keep"],
                          "error": _hist["error"], "imported": imported})


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
        answer["save"] = {"ok": False, "error": _why(exc), "state_id": None, "summary": None}
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
    await _write([(ASIDE_KEY, aside)], [SAVE_KEY])


async def _hello(message):
    """`ready`, with what is saved: the summary, or why an unreadable save was set aside."""
    answer = json.loads(_session.handle(message))
    if answer.get("type") != "ready":
        return json.dumps(answer)
    answer.update(saved=None, set_aside=None, save={"ok": True, "error": None})
    try:
        text = await _get(SAVE_KEY)
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
        answer["save"] = {"ok": False, "error": _why(exc)}
    return json.dumps(answer)


async def _resume(data):
    """The saved match, loaded as `load_record` would load it, with the saved seats."""
    if data.get("v", PROTOCOL_VERSION) != PROTOCOL_VERSION:
        return _session.handle(json.dumps(data))  # the protocol's own version refusal
    try:
        await _settle_writes()
        text = await _get(SAVE_KEY)
    except Exception as exc:  # noqa: BLE001 - storage unavailable
        return _error(data, "no_save", "the saved match could not be read: " + _why(exc))
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


async def _forget(data):
    """Delete the saved match."""
    try:
        await _settle_writes(drop=True)
        await _write([], [SAVE_KEY])
    except Exception as exc:  # noqa: BLE001 - reported
        return _error(data, "save_failed", "the saved match could not be deleted: " + _why(exc))
    return _answer(data, {"type": "forgotten"})


# --------------------------------------------------------------------------- the review
#
# A record under review (web/reviewing.py): the session's match or a match of the history.
# Its hands are judged one at a time by the engine's Review, in steps of about CHUNK_S
# seconds with the event loop free between them (so a `review_cancel`, a position or any
# other message is answered meanwhile), progress posted on the push channel; a verdict is
# kept in the store `reviews` under its record's identity and hand, so that reopening it is
# instant.

_rev = {"subject": None, "token": 0, "serial": 0, "seats": [], "viewer": 0}
CHUNK_S = 0.025  # seconds of judging between two yields to the event loop
CHUNK_EVALS = 16  # evaluations per Review.step within a chunk
PROGRESS_MS = 100  # at most one progress message this often
REVIEW_INTENTS = ("review_open", "review_position", "review", "review_cancel")


async def _kept_index():
    text = await _get(_reviewing().INDEX_KEY, REVIEWS)
    try:
        index = json.loads(text) if text is not None else {}
    except ValueError:
        index = {}
    return index if isinstance(index, dict) else {}


async def _kept_review(key):
    """The verdict kept under `key` ({"review", "at"}), or None (also when unreadable)."""
    try:
        text = await _get(key, REVIEWS)
        return json.loads(text) if text is not None else None
    except Exception:  # noqa: BLE001 - judged again, and kept again
        return None


async def _with_accuracy(entries):
    """Give each entry whose hands were reviewed the accuracy of the seat it was played from
    (`accuracy`: {seat: share}, which match_stats reads), from the verdicts kept in the
    store `reviews`; an entry without a kept verdict, or a failing store, gets none."""
    try:
        index = await _kept_index()
        if not index:
            return
        for entry in entries:
            record = entry.get("record")
            if not isinstance(record, dict) or not isinstance(record.get("hands"), list):
                continue
            keys = _reviewing().kept_keys(record, len(record["hands"]), index)
            docs = []
            for key in keys:
                kept = await _kept_review(key)
                if isinstance(kept, dict):
                    docs.append(kept.get("review"))
            viewer = entry.get("viewer") or 0
            share = _reviewing().seat_accuracy(docs, viewer)
            if share is not None:
                entry["accuracy"] = {str(viewer): share}
    except Exception:  # noqa: BLE001 - the statistics then say "no reviews yet"
        return


async def _keep_review(key, doc):
    """Keep a verdict, the oldest beyond reviewing.REVIEWS_KEPT deleted; never fatal (the
    answer says whether it was kept)."""
    try:
        now = int(js.Date.now())
        index = await _kept_index()
        index[key] = now
        trim = _reviewing().to_trim(index)
        for old in trim:
            index.pop(old, None)
        await _write([(key, json.dumps({"review": doc, "at": now})),
                      (_reviewing().INDEX_KEY, json.dumps(index))], trim, REVIEWS)
        return None
    except Exception as exc:  # noqa: BLE001 - said in the answer
        return _why(exc)


def _post(message):
    if _push["channel"] is not None:
        message["v"] = PROTOCOL_VERSION
        message["pushed"] = True
        _push["channel"].postMessage(json.dumps(message))


async def _review_open(data):
    """`review_open`: `source` "match" (the session's match) or "entry" (`entry`: a history
    entry's id)."""
    source = data.get("source")
    if source == "entry":
        text = await _get(str(data.get("entry")), HISTORY)
        try:
            entry = history.read_entry(text) if text is not None else None
        except ValueError:
            entry = None
        if entry is None:
            return _error(data, "no_entry", "no match of the history has this id")
        record, seats, viewer = entry["record"], entry["seats"], entry["viewer"]
    elif source == "match":
        if _session.match is None:
            return _error(data, "no_match", "no match is being played")
        record = _session.match.to_record()
        seats, viewer = list(_session.seats), _session.viewer
    else:
        return _error(data, "bad_message", "source: must be \"match\" or \"entry\"")
    try:
        subject = _reviewing().Subject(record)
        info = subject.describe()
    except DominoError as exc:
        return _error(data, "bad_record", str(exc))
    _rev["serial"] += 1  # a review under way is cancelled
    _rev["token"] += 1
    _rev.update(subject=subject, seats=seats, viewer=viewer)
    try:
        index = await _kept_index()
    except Exception:  # noqa: BLE001 - nothing kept is known: judged when asked
        index = {}
    kept = [h["hand"] for h in info["hands"]
            if _reviewing().cache_key(subject.id, h["hand"]) in index]
    info.update(type="review_opened", review=_rev["token"], seats=seats, viewer=viewer,
                kept=kept)
    return _answer(data, info)


def _whole(value, name, low, high):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(name + ": must be a whole number from " + str(low) + " to "
                         + str(high))
    return value


async def _review_judge(data, subject):
    """`review`: the verdict of hand `hand` (`seats`, `budget` optional: every seat, the
    expert's budget), kept or judged now."""
    hand = _whole(data.get("hand"), "hand", 1, 10**6)
    seats = data.get("seats")
    budget = data.get("budget")
    if seats is not None and not isinstance(seats, list):
        raise ValueError("seats: must be a list of seats")
    key = _reviewing().cache_key(subject.id, hand)
    started = time.perf_counter()
    kept = await _kept_review(key)
    if kept is not None and subject.usable(kept, hand, seats, budget):
        return _answer(data, {"type": "review_result", "review": _rev["token"], "hand": hand,
                              "cached": True, "kept": True, "keep_error": None,
                              "result": subject.annotated(kept["review"]),
                              "ms": round((time.perf_counter() - started) * 1000)})
    job = subject.judge(hand, seats, budget)
    _rev["serial"] += 1
    serial = _rev["serial"]
    token = _rev["token"]
    posted = 0.0
    while True:
        begun = time.perf_counter()
        done = False
        while not done and time.perf_counter() - begun < CHUNK_S:
            done = job.step(CHUNK_EVALS)
        if done:
            break
        now = time.perf_counter()
        if (now - posted) * 1000 >= PROGRESS_MS:
            posted = now
            _post(dict(job.progress(), type="review_progress", review=token, hand=hand))
        await asyncio.sleep(0)
        if _rev["serial"] != serial:
            return _error(data, "cancelled", "the review was cancelled")
    _post(dict(job.progress(), type="review_progress", review=token, hand=hand))
    doc = job.review.result()
    ms = round((time.perf_counter() - started) * 1000)
    why = await _keep_review(key, doc)
    return _answer(data, {"type": "review_result", "review": token, "hand": hand,
                          "cached": False, "kept": why is None, "keep_error": why,
                          "result": subject.annotated(doc), "ms": ms})


async def _review_intent(data):
    """`review_open`, `review_position` (`review`: the token of review_opened, `hand`,
    `index`), `review` (`review`, `hand`, ...) and `review_cancel`."""
    kind = data["type"]
    if kind == "review_cancel":
        _rev["serial"] += 1
        return _answer(data, {"type": "review_cancelled"})
    if kind == "review_open":
        try:
            return await _review_open(data)
        except Exception as exc:  # noqa: BLE001 - the storage failed
            return _error(data, "history_failed", "the match could not be read: " + _why(exc))
    subject = _rev["subject"]
    if subject is None or data.get("review") != _rev["token"]:
        return _error(data, "stale_review", "another record is under review")
    try:
        if kind == "review_position":
            hand = _whole(data.get("hand"), "hand", 1, 10**6)
            position = subject.position(hand, data.get("index"))
            return _answer(data, dict(position, type="review_position", review=_rev["token"]))
        return await _review_judge(data, subject)
    except (ValueError, TypeError, DominoError) as exc:  # a field of the wrong kind
        return _error(data, "bad_review", str(exc))


# The lessons' positions (web/lessoning.py, imported on the first lesson).
LESSON_INTENTS = ("lesson_open", "lesson_position")


def _lesson_intent(data):
    """`lesson_open` and `lesson_position`: answered by web/lessoning.py."""
    import lessoning

    try:
        return _answer(data, lessoning.answer(data))
    except lessoning.Stale as exc:
        return _error(data, "stale_lesson", str(exc))
    except (ValueError, TypeError, KeyError, DominoError) as exc:
        return _error(data, "bad_lesson", str(exc))


HISTORY_INTENTS = ("history", "history_record", "history_delete", "history_clear",
                   "history_stats", "history_export", "history_import")
# Intents whose state starts another match in the session.
NEW_MATCH = ("new_match", "load_record")


def _intent(message):
    """The message decoded, when it is a worker-level intent (else None: the protocol's)."""
    try:
        data = json.loads(message)
    except (TypeError, ValueError):
        return None  # the protocol answers `bad_message`
    if isinstance(data, dict):
        _note_pace(data)
        keep = data.get("history_keep")
        if keep is not None:
            _hist["keep"] = history.keep_of(keep)
        if data.get("type") in ("hello", "resume", "forget_save") + HISTORY_INTENTS \
                + REVIEW_INTENTS + LESSON_INTENTS:
            return data
    return None


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


def _starts_match(message):
    """Whether the message asks for another match (its answer replaces the saved one)."""
    try:
        data = json.loads(message)
    except (TypeError, ValueError):
        return False
    return isinstance(data, dict) and data.get("type") in NEW_MATCH


async def handle(message):
    """Answer one JSON message of the protocol (or of the worker) with one JSON answer."""
    data = _intent(message)
    if data is not None:
        if data["type"] == "hello":
            answer = json.loads(await _hello(message))
            answer["push"] = _open_channel(data)
            # The AI is compiled once the page has its answer, not before (engine ready
            # sooner); a computer's first move then finds it compiled.
            asyncio.get_event_loop().call_later(0.05, _warm_up)
            return json.dumps(answer)
        if data["type"] == "resume":
            text = await _resume(data)
            _kick(text)
            return text
        if data["type"] in HISTORY_INTENTS:
            return await _history_intent(data)
        if data["type"] in REVIEW_INTENTS:
            return await _review_intent(data)
        if data["type"] in LESSON_INTENTS:
            return _lesson_intent(data)
        return await _forget(data)
    starts = _starts_match(message)
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
