"""Hostile stored data in the worker (issues 27 and 28): a tampered history row, a save whose
stored summary is huge, a save whose seats are damaged. The worker runs in a child CPython
with the in-memory store of test_worker_saves (`load`); whatever is stored, the page gets
bounded data and a way on, and one damaged row never hides the others.

RULES.md: none (how the worker keeps matches and the history)
"""

import json

from test_worker_saves import NEW, PLAY, load, saves


def _history_rows(store):
    return {k.split("|", 1)[1]: v for k, v in store.items() if k.startswith("history|")}


def test_a_tampered_history_row_is_set_aside_and_the_others_listed():
    played = load(script=[NEW, "settle", PLAY, "settle", dict(NEW, variant="block"), "settle"])
    rows = _history_rows(played["store"])
    assert len(rows) == 1
    (key, text), = rows.items()
    good = json.loads(text)
    store = dict(played["store"])
    for n in range(3):
        store["history|good-" + str(n)] = json.dumps(dict(good, id="good-" + str(n)))
    store["history|" + key] = json.dumps(dict(good, match={"balances": ["x", 1]}))
    store["history|huge"] = json.dumps(dict(good, id="huge", seats=["ai"] * 100_000))
    listed = load(store=store, script=[{"type": "history", "v": 2, "id": 2}])["answers"][1]
    assert listed["type"] == "history"
    assert sorted(e["id"] for e in listed["entries"]) == ["good-0", "good-1", "good-2"]
    assert sorted(a["id"] for a in listed["set_aside"]) == sorted([key, "huge"])
    assert all(len(e["seats"]) == e["players"] for e in listed["entries"])


def test_a_huge_stored_summary_never_reaches_the_page_and_the_save_resumes():
    first = load(script=[NEW, "settle", PLAY, "settle"])
    store = dict(first["store"])
    (state_key,) = [k for k in store if k.startswith("saves|state:")]
    row = json.loads(store[state_key])
    row["summary"]["seats"] = ["human"] * 200_000
    row["summary"]["junk"] = "x" * 1_000_000
    store[state_key] = json.dumps(row)
    second = load(store=store, script=[{"type": "resume", "v": 2, "id": 2}])
    ready, resumed = second["answers"]
    assert len(json.dumps(ready)) < 2_000
    assert ready["saved"]["variant"] == "draw" and "junk" not in ready["saved"]
    assert resumed["type"] == "state"


def test_a_save_whose_seats_are_damaged_resumes_with_default_seats_and_says_so():
    first = load(script=[NEW, "settle", PLAY, "settle"])
    store = dict(first["store"])
    (head_key,) = [k for k in store if k.startswith("saves|match:")]
    head = json.loads(store[head_key])
    head["seats"] = ["robot"] * 50
    store[head_key] = json.dumps(head)
    second = load(store=store, script=[{"type": "resume", "v": 2, "id": 2}, "settle"])
    resumed = second["answers"][1]
    assert resumed["type"] == "state", resumed
    assert resumed["seats"] == ["human", "ai"] and resumed["seats_reset"] is True
    assert saves(second["store"]) == [head_key.split("|", 1)[1]]  # not set aside
    assert json.loads(second["store"][head_key])["seats"] == ["human", "ai"]  # written anew
    assert "saves|set_aside" not in second["store"]


def test_a_set_aside_row_is_said_in_bounded_words():
    store = {"history|aside/" + "k" * 5000: json.dumps({"text": "", "error": "e" * 100_000})}
    listed = load(store=store, script=[{"type": "history", "v": 2, "id": 2}])["answers"][1]
    (aside,) = listed["set_aside"]
    assert len(aside["id"]) <= 100 and len(aside["error"]) <= 200
