"""The engine worker's review glue (web/worker/worker_review.py) over a store in memory: verdicts
kept under the whole record's identity (before DECISIONS W-16) are moved to their hand's key
when the record's review opens, a review opened mid-match is found by the finished match (its
statistics' accuracy too), and the answers of a whole match's review carry its summary.

The worker runs in Pyodide; here in CPython with stand-ins for the browser modules it imports
(`js`, `pyodide.ffi`) and for its IndexedDB (`worker_db`'s get and write).

RULES.md: none (the review's storage in the worker)
"""

from __future__ import annotations

import asyncio
import json
import random
import sys
import time
import types

import pytest

from domino import Match
from domino.ai.review import Review


def _record(seed=5, hands=3):
    m = Match.new("block", {"players": 2}, seed)
    rng = random.Random(seed)
    for h in range(hands):
        while not m.hand_over:
            m.play(rng.choice([x for x in m.legal() if str(x) != "leave"]))
        if h < hands - 1:
            m.next_hand()
    return m.to_record()


class Store:
    """IndexedDB's stores in memory, as worker_db's get and write use them."""

    def __init__(self):
        self.stores: dict[str, dict[str, str]] = {}

    async def get(self, key, name="match"):
        return self.stores.get(name, {}).get(key)

    async def write(self, puts, deletes, name="match"):
        store = self.stores.setdefault(name, {})
        for key, text in puts:
            store[key] = text
        for key in deletes:
            store.pop(key, None)


class Worker:
    """The entry point's context: what the handlers answer and post."""

    def __init__(self, session=None):
        self.session = session
        self.posted: list[dict] = []

    def answer(self, data, body):
        return body

    def error(self, data, code, message):
        return {"type": "error", "code": code, "message": message}

    def post(self, message):
        self.posted.append(message)


@pytest.fixture
def wr(monkeypatch):
    """worker_review with stand-in browser modules and a store in memory."""
    js = types.ModuleType("js")
    js.Date = types.SimpleNamespace(now=lambda: time.time() * 1000)
    js.Function = types.SimpleNamespace(new=lambda *args: (lambda target, done: None))
    ffi = types.ModuleType("pyodide.ffi")
    ffi.create_proxy = lambda fn: fn
    pyodide = types.ModuleType("pyodide")
    pyodide.ffi = ffi
    for name, module in (("js", js), ("pyodide", pyodide), ("pyodide.ffi", ffi)):
        monkeypatch.setitem(sys.modules, name, module)
    for name in ("worker_review", "worker_db"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import worker_review

    store = Store()
    monkeypatch.setattr(worker_review.db, "get", store.get)
    monkeypatch.setattr(worker_review.db, "write", store.write)
    worker_review.store = store
    yield worker_review
    for name in ("worker_review", "worker_db"):
        sys.modules.pop(name, None)


class Session:
    def __init__(self, record):
        self.match = Match.from_record(record)
        self.seats = ["human", "ai"]
        self.viewer = 0


def _open(wr, record):
    return asyncio.run(wr.handle({"type": "review_open", "source": "match"},
                                 Worker(Session(record))))


def _judge(wr, opened, hand, match=False):
    data = {"type": "review", "review": opened["review"], "hand": hand, "budget": 30}
    if match:
        data["match"] = True
    return asyncio.run(wr.handle(data, Worker()))


def test_a_verdict_kept_under_the_whole_record_is_moved_once(wr):
    import reviewing

    full = _record()
    subject = reviewing.Subject(full)
    legacy = Review(full, None, 30, hands=[2]).run()  # as a history review kept it before
    store = wr.store.stores.setdefault("reviews", {})
    store[subject.legacy_key(2)] = json.dumps({"review": legacy, "at": 3})
    store[reviewing.INDEX_KEY] = json.dumps({subject.legacy_key(2): 3})
    opened = _open(wr, full)
    assert opened["type"] == "review_opened" and opened["kept"] == [2]
    index = json.loads(store[reviewing.INDEX_KEY])
    assert index == {subject.key(2): 3}
    assert subject.legacy_key(2) not in store
    # Shown at once, with the figures kept, named by the record up to hand 2.
    answer = _judge(wr, opened, 2)
    assert answer["cached"] is True
    assert answer["result"]["moves"] == subject.annotated(legacy)["moves"]
    assert answer["result"]["record"] == reviewing.record_id(reviewing.upto(full, 2))
    # Opened again: nothing left to move.
    assert _open(wr, full)["kept"] == [2]
    assert json.loads(store[reviewing.INDEX_KEY]) == {subject.key(2): 3}


def test_a_hand_reviewed_mid_match_counts_for_the_finished_match(wr):
    full = _record()
    mid = dict(full, hands=full["hands"][:1])  # the record at hand 1's summary
    opened = _open(wr, mid)
    first = _judge(wr, opened, 1)
    assert first["cached"] is False and first["kept"] is True
    # The finished match finds it: kept, shown at once, the same verdict.
    opened = _open(wr, full)
    assert opened["kept"] == [1]
    again = _judge(wr, opened, 1)
    assert again["cached"] is True and again["result"] == first["result"]
    # And its statistics read it: the accuracy of the seat the match was played from.
    entry = {"record": full, "viewer": 0}
    asyncio.run(wr.with_accuracy([entry]))
    seat = [t for t in first["result"]["totals"] if t["seat"] == 0][0]
    assert entry["accuracy"] == {"0": seat["accuracy"]}


def test_a_whole_matchs_answers_carry_its_summary(wr):
    import reviewing

    full = _record()
    opened = _open(wr, full)
    answers = [_judge(wr, opened, hand, match=True) for hand in (3, 1, 2)]
    assert [a["match"]["hands"] for a in answers] == [[3], [1, 3], [1, 2, 3]]
    docs = [a["result"] for a in sorted(answers, key=lambda a: a["hand"])]
    assert answers[-1]["match"]["totals"] == reviewing.match_totals(docs)
    assert answers[-1]["match"]["unit"] == "points"
    assert "match" not in _judge(wr, opened, 1)  # a one-hand review asks for none
    # Reopened: a summary of the hands answered since, from the kept verdicts.
    opened = _open(wr, full)
    assert _judge(wr, opened, 2, match=True)["match"]["hands"] == [2]
