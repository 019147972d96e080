"""The page's side of the one channel (web/page/inbox.py): what goes into the store, in which
order, and when, for each text the worker posts.

RULES.md: none (the page's channel to the worker)
"""

import importlib.util
from pathlib import Path

_SPEC = importlib.util.spec_from_file_location(
    "inbox", Path(__file__).resolve().parents[2] / "web" / "page" / "inbox.py")
inbox = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(inbox)


def state(state_id, **fields):
    return dict({"type": "state", "state_id": state_id}, **fields)


def test_an_intents_answer_goes_in_at_once_and_the_computers_moves_wait_their_turn():
    box = inbox.Inbox()
    play = {"type": "play", "id": 7}
    box.expect(7, play, take=True)
    assert box.receive("answer", 7, state(10)) == [(state(10), play)]
    assert box.answer(7) == state(10) and box.answer(7) is None
    for state_id in (11, 12, 13):
        assert box.receive("update", -1, state(state_id, ai={"seat": 1})) == []
    # Shown one by one, each after the pause since the state before it.
    item, wait = box.due(now=1000, shown_at=900, pause=550)
    assert item is None and wait == 450
    item, wait = box.due(now=1450, shown_at=900, pause=550)
    assert item[0]["state_id"] == 11 and wait == 0
    item, wait = box.due(now=1460, shown_at=1450, pause=550)
    assert item is None and wait == 540
    assert [a["state_id"] for a, _ in box.queue] == [12, 13]
    assert box.due(now=9999, shown_at=0, pause=0)[0][0]["state_id"] == 12


def test_an_undo_overtakes_the_computers_states_queued_before_it():
    box = inbox.Inbox()
    for state_id in (21, 22):
        box.receive("update", -1, state(state_id))
    box.receive("update", -1, {"type": "error", "code": "internal", "pushed": True})
    undo = {"type": "undo", "id": 8}
    box.expect(8, undo, take=True)
    taken = box.receive("answer", 8, state(23))
    # The pushed error keeps its place; the older states are dropped; the undo goes in.
    assert [a.get("state_id", a.get("code")) for a, _ in taken] == ["internal", 23]
    assert box.queue == []


def test_an_error_answer_leaves_the_queue_alone():
    box = inbox.Inbox()
    box.receive("update", -1, state(31))
    box.expect(9, {"type": "play", "id": 9}, take=True)
    taken = box.receive("answer", 9, {"type": "error", "code": "illegal_move"})
    assert [a["code"] for a, _ in taken] == ["illegal_move"]
    assert [a["state_id"] for a, _ in box.queue] == [31]


def test_answers_nobody_waits_for_and_answers_not_taken():
    box = inbox.Inbox()
    assert box.receive("answer", 5, state(1)) == []  # never sent, or answered twice
    box.expect(6, {"type": "hint", "id": 6})
    assert box.receive("answer", 6, {"type": "hint", "move": "6-6"}) == []
    assert box.answer(6) == {"type": "hint", "move": "6-6"}
    assert box.queue == []


def test_other_updates_go_in_at_once():
    box = inbox.Inbox()
    progress = {"type": "review_progress", "done": 3}
    assert box.receive("update", -1, progress) == [(progress, {"type": "update"})]
    assert box.due(now=0, shown_at=0, pause=0) == (None, 0)
