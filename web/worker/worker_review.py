"""The engine worker's move review (web/worker/reviewing.py, DECISIONS W-10): compiled on first use
(or once the worker is idle after `ready`), never before the worker's first answer.

A record under review is the session's match or a match of the history. Its hands are judged
one at a time by the engine's Review, in steps of about CHUNK_S seconds with the event loop
free between them (so a `review_cancel`, a position or any other message is answered
meanwhile), progress posted on the push channel; a verdict is kept in the IndexedDB store
`reviews` under the identity of the record up to that hand (`Subject.key`), so that reopening
it is instant, also from a longer record of the same match. A review of a whole match is the
page asking for each hand in turn with `match: true`: each answer then also carries the match
summary over the hands answered since `review_open` (`reviewing.match_totals`).

`worker` is the entry point's context (web/worker/worker.py `_context`): its `session`, `answer`,
`error` and `post` (a message on the push channel, when the page named one).
"""

import asyncio
import json
import time

import js
import reviewing
import worker_db as db

from domino.errors import DominoError

INTENTS = ("review_open", "review_position", "review", "review_cancel")
CHUNK_S = 0.025  # seconds of judging between two yields to the event loop
CHUNK_EVALS = 16  # evaluations per Review.step within a chunk
PROGRESS_MS = 100  # at most one progress message this often

_rev = {"subject": None, "token": 0, "serial": 0, "seats": [], "viewer": 0, "docs": {}}


async def _kept_index():
    text = await db.get(reviewing.INDEX_KEY, db.REVIEWS)
    try:
        index = json.loads(text) if text is not None else {}
    except ValueError:
        index = {}
    return index if isinstance(index, dict) else {}


async def _kept_review(key):
    """The verdict kept under `key` ({"review", "at"}), or None (also when unreadable)."""
    try:
        text = await db.get(key, db.REVIEWS)
        return json.loads(text) if text is not None else None
    except Exception:  # noqa: BLE001 - judged again, and kept again
        return None


async def with_accuracy(entries):
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
            keys = reviewing.kept_keys(record, len(record["hands"]), index)
            docs = []
            for key in keys:
                kept = await _kept_review(key)
                if isinstance(kept, dict):
                    docs.append(kept.get("review"))
            viewer = entry.get("viewer") or 0
            share = reviewing.seat_accuracy(docs, viewer)
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
        trim = reviewing.to_trim(index)
        for old in trim:
            index.pop(old, None)
        await db.write([(key, json.dumps({"review": doc, "at": now})),
                        (reviewing.INDEX_KEY, json.dumps(index))], trim, db.REVIEWS)
        return None
    except Exception as exc:  # noqa: BLE001 - said in the answer
        return db.why(exc)


async def _upgrade_kept(subject, hands, index):
    """Move the verdicts of `hands` kept under the whole record's identity (before a hand's
    key was the record up to it) to their keys now, once; never fatal (a verdict not moved
    is judged again when asked). Returns the index as it is kept now."""
    for hand in hands:
        key, old = subject.key(hand), subject.legacy_key(hand)
        if key in index or old not in index or key == old:
            continue
        try:
            moved = subject.upgrade(await _kept_review(old), hand)
            at = index.pop(old)
            rows = []
            if moved is not None:
                index[key] = at
                rows.append((key, json.dumps(moved)))
            rows.append((reviewing.INDEX_KEY, json.dumps(index)))
            await db.write(rows, [old], db.REVIEWS)
        except Exception:  # noqa: BLE001 - the store failed: judged again when asked
            return index
    return index


async def _entry_record(entry_id):
    """The history entry `entry_id`, or None when there is none or it cannot be read."""
    import history

    text = await db.get(str(entry_id), db.HISTORY)
    try:
        return history.read_entry(text) if text is not None else None
    except ValueError:
        return None


async def _review_open(data, worker):
    """`review_open`: `source` "match" (the session's match) or "entry" (`entry`: a history
    entry's id)."""
    source = data.get("source")
    if source == "entry":
        entry = await _entry_record(data.get("entry"))
        if entry is None:
            return worker.error(data, "no_entry", "no match of the history has this id")
        record, seats, viewer = entry["record"], entry["seats"], entry["viewer"]
        names = entry.get("names")  # a friends' match's (DECISIONS W-75)
    elif source == "match":
        session = worker.session
        if session.match is None:
            return worker.error(data, "no_match", "no match is being played")
        record = session.match.to_record()
        seats, viewer = list(session.seats), session.viewer
        names = None
    else:
        return worker.error(data, "bad_message", "source: must be \"match\" or \"entry\"")
    try:
        subject = reviewing.Subject(record)
        info = subject.describe()
    except DominoError as exc:
        return worker.error(data, "bad_record", str(exc))
    _rev["serial"] += 1  # a review under way is cancelled
    _rev["token"] += 1
    _rev.update(subject=subject, seats=seats, viewer=viewer, docs={})
    hands = [h["hand"] for h in info["hands"]]
    try:
        index = await _upgrade_kept(subject, hands, await _kept_index())
    except Exception:  # noqa: BLE001 - nothing kept is known: judged when asked
        index = {}
    kept = [hand for hand in hands if subject.key(hand) in index]
    info.update(type="review_opened", review=_rev["token"], seats=seats, viewer=viewer,
                kept=kept)
    if names is not None:
        info["names"] = names
    return worker.answer(data, info)


def _whole(value, name, low, high):
    if isinstance(value, bool) or not isinstance(value, int) or not low <= value <= high:
        raise ValueError(name + ": must be a whole number from " + str(low) + " to "
                         + str(high))
    return value


async def _review_judge(data, subject, worker):
    """`review`: the verdict of hand `hand` (`seats`, `budget` optional: every seat, the
    expert's budget), kept or judged now."""
    hand = _whole(data.get("hand"), "hand", 1, 10**6)
    seats = data.get("seats")
    budget = data.get("budget")
    if seats is not None and not isinstance(seats, list):
        raise ValueError("seats: must be a list of seats")
    key = subject.key(hand)
    started = time.perf_counter()
    kept = await _kept_review(key)
    if kept is not None and subject.usable(kept, hand, seats, budget):
        return worker.answer(data, _with_match(data, {
            "type": "review_result", "review": _rev["token"], "hand": hand, "cached": True,
            "kept": True, "keep_error": None, "result": subject.annotated(kept["review"]),
            "ms": round((time.perf_counter() - started) * 1000)}))
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
            worker.post(dict(job.progress(), type="review_progress", review=token, hand=hand))
        await asyncio.sleep(0)
        if _rev["serial"] != serial:
            return worker.error(data, "cancelled", "the review was cancelled")
    worker.post(dict(job.progress(), type="review_progress", review=token, hand=hand))
    doc = job.review.result()
    ms = round((time.perf_counter() - started) * 1000)
    why = await _keep_review(key, doc)
    return worker.answer(data, _with_match(data, {
        "type": "review_result", "review": token, "hand": hand, "cached": False,
        "kept": why is None, "keep_error": why, "result": subject.annotated(doc), "ms": ms}))


def _with_match(data, answer):
    """The answer to `review`; with `match: true` in the request (the review of a whole
    match), it also carries `match`: the summary per seat over every hand answered since
    `review_open` with the same seats and budget (`hands`: their numbers)."""
    if data.get("match") is not True:
        return answer
    docs = _rev["docs"]
    ask = (json.dumps(data.get("seats")), data.get("budget"))
    if any(kept[0] != ask for kept in docs.values()):
        docs.clear()  # other seats or another budget: a summary of one kind only
    docs[answer["hand"]] = (ask, answer["result"])
    hands = sorted(docs)
    answer["match"] = {"hands": hands, "unit": answer["result"].get("unit"),
                       "totals": reviewing.match_totals([docs[h][1] for h in hands])}
    return answer


async def handle(data, worker):
    """`review_open`, `review_position` (`review`: the token of review_opened, `hand`,
    `index`), `review` (`review`, `hand`, `seats`, `budget`, `match`: true to have the
    match summary in the answer) and `review_cancel`."""
    kind = data["type"]
    if kind == "review_cancel":
        _rev["serial"] += 1
        return worker.answer(data, {"type": "review_cancelled"})
    if kind == "review_open":
        try:
            return await _review_open(data, worker)
        except Exception as exc:  # noqa: BLE001 - the storage failed
            return worker.error(data, "history_failed",
                                "the match could not be read: " + db.why(exc))
    subject = _rev["subject"]
    if subject is None or data.get("review") != _rev["token"]:
        return worker.error(data, "stale_review", "another record is under review")
    try:
        if kind == "review_position":
            hand = _whole(data.get("hand"), "hand", 1, 10**6)
            position = subject.position(hand, data.get("index"))
            return worker.answer(data, dict(position, type="review_position",
                                            review=_rev["token"]))
        return await _review_judge(data, subject, worker)
    except (ValueError, TypeError, DominoError) as exc:  # a field of the wrong kind
        return worker.error(data, "bad_review", str(exc))
