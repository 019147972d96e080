"""The engine worker's match history and its statistics: compiled on first use (or once the
worker is idle after `ready`), never before the worker's first answer.

Every match is kept in the IndexedDB store `history` (web/worker/history.py): a finished one when it
ends, an unfinished one when another match replaces it (a new match, a record, the saved match
resumed). The save carries the match's history id, so that a resumed match stays one entry.

`worker` is the entry point's context (web/worker/worker.py `_context`): its `answer` and `error`,
and `hist`, the history's shared state (`keep`: the latest `history_keep` a message carried,
unchecked; `error`: why the latest write of the history failed, else None).
"""

import asyncio
import json

import history
import js
import worker_db as db

from domino.session import PROTOCOL_VERSION, Session

INTENTS = ("history", "history_record", "history_delete", "history_clear",
           "history_stats", "history_export", "history_import", "history_add")
# A friends' match kept by a guest's device (`history_add`): its entry's id, one per match.
FRIENDS_PREFIX = "friends-"

_lock = {"lock": None}


def _keep(worker):
    """The player's `keep` setting (history.keep_of: the default until a message says)."""
    return history.keep_of(worker.hist["keep"])


def _locked():
    if _lock["lock"] is None:
        _lock["lock"] = asyncio.Lock()
    return _lock["lock"]


async def entries():
    """The readable entries, newest first, and the set-aside ones ({id, error}); an entry
    that cannot be read is moved to `aside/<id>` with the reason, and one of an older schema
    is stored again in its upgraded form (its upgrade replays the record: once only)."""
    kept = []
    aside = []
    upgraded = []
    for key, text in await db.items(db.HISTORY):
        key = str(key)
        if key.startswith(history.ASIDE_PREFIX):
            try:
                why = json.loads(text).get("error")
            except (TypeError, ValueError, AttributeError):
                why = "unreadable"
            # Bounded as every field the page is sent: a tampered row's reason may be huge.
            aside.append({"id": key[len(history.ASIDE_PREFIX):][:history.MAX_ID_CHARS],
                          "error": str(why)[:200]})
            continue
        try:
            entry, older = history.read_stored(text)
            kept.append(entry)
            if older:
                upgraded.append((key, json.dumps(entry)))
                await asyncio.sleep(0)  # a replay each: other messages are answered between
        except ValueError as exc:
            put = json.dumps({"text": text if isinstance(text, str) else None,
                              "error": str(exc), "at": int(js.Date.now())})
            await db.write([(history.ASIDE_PREFIX + key, put)], [key], db.HISTORY)
            aside.append({"id": key[:history.MAX_ID_CHARS], "error": str(exc)[:200]})
    if upgraded:
        await db.write(upgraded, [], db.HISTORY)
    kept.sort(key=lambda e: (-e["saved_at"], e["id"]))
    return kept, aside


async def put(entry, worker):
    """Store `entry` (replacing the one with its id), first deleting the oldest entries
    beyond the player's `keep` setting; True once it is stored."""
    async with _locked():
        try:
            kept, _aside = await entries()
            others = [e for e in kept if e["id"] != entry["id"]]
            await db.write([(entry["id"], json.dumps(entry))],
                           history.to_trim(others, _keep(worker)), db.HISTORY)
            worker.hist["error"] = None
        except Exception as exc:  # noqa: BLE001 - reported in the next `history` answer
            worker.hist["error"] = db.why(exc)
            return False
    return True


def record_finished(entry_id, save, answer, started_at, worker):
    """A match that has just ended goes into the history, from its `save`."""
    try:
        entry = history.make_entry(entry_id, save["record"], save["seats"], answer, True,
                                   started_at, js.Date.now(), save.get("names"))
    except Exception as exc:  # noqa: BLE001 - reported in the next `history` answer
        worker.hist["error"] = db.why(exc)
        return
    asyncio.ensure_future(put(entry, worker))


def _replayed(saved, public):
    """The public part of a state for a save written before saves carried it."""
    probe = Session()
    answer = json.loads(probe.handle(json.dumps({
        "type": "load_record", "record": saved["record"], "seats": saved.get("seats"),
        "v": PROTOCOL_VERSION})))
    if answer.get("type") != "state":
        raise ValueError(answer.get("message", "the saved match cannot be replayed"))
    return public(answer)


async def retire(saved, new_id, public, worker):
    """Keep the saved match `saved` (a save with moves) in the history, unfinished unless it
    ended: another match is about to replace it. `new_id()` names an entry whose save has no
    id; `public(state)` is what a save keeps of a state. True once it is kept."""
    try:
        summary = saved.get("summary") or {}
        state = saved.get("public")
        if not state or "history" not in state:  # a save from before saves carried it
            state = _replayed(saved, public)
        now = js.Date.now()
        entry = history.make_entry(saved.get("history_id") or new_id(), saved["record"],
                                   saved.get("seats") or [], state,
                                   bool(summary.get("match_over")),
                                   saved.get("started_at") or summary.get("saved_at") or now,
                                   now, saved.get("names"))
    except Exception as exc:  # noqa: BLE001 - reported in the next `history` answer
        worker.hist["error"] = db.why(exc)
        return False
    return await put(entry, worker)


async def _add(data, worker):
    """`history_add` (issue 24, DECISIONS W-68): a friends' match this device played as a
    guest, from the host's `record` and `seats` (its `match_record` answer), seen from this
    device's `viewer` seat: replayed here, every move checked (the host's word is not taken
    for it), and kept as a finished match, one entry per match (its deal number names it).
    `names`: the table's names, one per seat (DECISIONS W-75)."""
    record, seats, viewer = data.get("record"), data.get("seats"), data.get("viewer")
    state = _replayed({"record": record, "seats": seats}, lambda answer: answer)
    players = int(state.get("players") or 0)
    if not state.get("match_over"):
        raise ValueError("the match is not over")
    if not isinstance(viewer, int) or isinstance(viewer, bool) or not 0 <= viewer < players:
        raise ValueError("viewer: a seat of the match")
    state["viewer"] = viewer
    now = js.Date.now()
    entry = history.make_entry(FRIENDS_PREFIX + str(record.get("seed")), record, seats, state,
                               True, now, now, data.get("names"))
    if not await put(entry, worker):
        raise ValueError(worker.hist["error"] or "not stored")
    return entry["id"]


async def _import(data, worker):
    """`history_import`: merge the history file `text` into the store (history.merge); answers
    the list with `imported`: the merge's report, or `{"error": code, "message"}` for a file
    that cannot be imported at all."""
    try:
        incoming = history.read_file(data.get("text"))
    except history.FileError as exc:
        return {"error": exc.code, "message": str(exc)}
    async with _locked():
        kept, _aside = await entries()
        plan = history.merge(kept, incoming, _keep(worker))
        now = int(js.Date.now())
        puts = [(e["id"], json.dumps(e)) for e in plan["put"]]
        for ident, text, why in plan["aside"]:
            puts.append((history.ASIDE_PREFIX + ident,
                         json.dumps({"text": text, "error": why, "at": now})))
        await db.write(puts, plan["delete"], db.HISTORY)
    return plan["report"]


async def _stats(data, worker, kept, aside):
    """`history_stats`: the statistics of the kept entries (match_stats, compiled here on
    first use), each entry with its seat's accuracy from the review's kept verdicts."""
    import match_stats
    import worker_review

    await worker_review.with_accuracy(kept)
    return worker.answer(data, {"type": "history_stats", "stats": match_stats.compute(kept),
                                "set_aside": len(aside)})


async def handle(data, worker):
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
            kept, aside = await entries()
            if kind == "history_export":
                text = json.dumps(history.export_file(kept, js.Date.now()))
                return worker.answer(data, {"type": "history_file", "text": text,
                                            "count": len(kept)})
            return await _stats(data, worker, kept, aside)
        if kind == "history_import":
            imported = await _import(data, worker)
        elif kind == "history_add":
            try:
                added = await _add(data, worker)
            except (ValueError, TypeError, AttributeError) as exc:
                return worker.error(data, "bad_record", str(exc)[:300])
            return worker.answer(data, {"type": "history_added", "entry": added})
        elif kind == "history_record":
            text = await db.get(str(data.get("entry")), db.HISTORY)
            try:
                entry = history.read_entry(text) if text is not None else None
            except ValueError:
                entry = None  # the list sets it aside, with the reason
            if entry is None:
                return worker.error(data, "no_entry", "no match of the history has this id")
            return worker.answer(data, {"type": "history_record", "entry": entry["id"],
                                        "record": entry["record"]})
        if kind == "history_delete":
            await db.write([], [str(data.get("entry"))], db.HISTORY)
        elif kind == "history_clear":
            keys = [str(key) for key, _ in await db.items(db.HISTORY)]
            await db.write([], keys, db.HISTORY)
        kept, aside = await entries()
        if data.get("trim"):  # the player lowered the setting: the oldest go now
            extra = history.beyond(kept, _keep(worker))
            if extra:
                await db.write([], extra, db.HISTORY)
                kept = [e for e in kept if e["id"] not in extra]
    except Exception as exc:  # noqa: BLE001 - the page says that the history is unavailable
        return worker.error(data, "history_failed",
                            "the history could not be read: " + db.why(exc))
    return worker.answer(data, {"type": "history", "entries": [history.summary(e) for e in kept],
                                "set_aside": aside, "keep": _keep(worker),
                                "error": worker.hist["error"], "imported": imported})

