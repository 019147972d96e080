"""The one channel between page and engine worker (web/worker/worker.py): everything the worker
sends goes through its own `postMessage`, in the order the master made it.

The worker runs in a child CPython with stand-ins for the browser modules it imports (`js`,
`pyodide.ffi`, PyScript's `polyscript.xworker`); the page's messages go in through
`xworker.onmessage`, exactly as PyScript delivers them, and every envelope the worker posts
is recorded. There is no BroadcastChannel in the stand-in `js`: a worker that opened one
would fail here.

RULES.md: none (the worker's channel)
"""

import functools
import json
import re
from pathlib import Path

from workerkit import PRELUDE, run_child

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web"

CHILD = PRELUDE + r"""
def answer(msg_id):
    found = [json.loads(e["text"]) for e in posted if e["kind"] == "answer" and e["id"] == msg_id]
    assert len(found) == 1, (msg_id, len(found))
    return found[0]

def last_state():
    states = [json.loads(e["text"]) for e in posted]
    return [s for s in states if s.get("type") == "state"][-1]

async def main():
    import worker
    send({"type": "hello", "id": 1})
    await settle()
    ready = answer(1)
    v = ready["protocol"]
    send({"type": "new_match", "v": v, "id": 2, "variant": "draw", "options": {"players": 4},
          "seats": ["human", "ai:easy", "ai:easy", "ai:easy"], "seed": 5})
    await settle()
    state = answer(2)
    for _ in range(40):
        if state["to_move_kind"] == "human" or state["hand_over"]:
            break
        await settle()
        state = last_state()
    played = None
    msg_id = 3
    while not state["hand_over"] and msg_id < 12:
        before = len(posted)
        move = state["moves"][0]["move"]
        send({"type": "play", "v": v, "id": msg_id, "state_id": state["state_id"], "move": move})
        await settle()
        played = answer(msg_id)
        state = last_state()
        msg_id += 1
        if sum(1 for e in posted[before:] if json.loads(e["text"]).get("ai")) >= 2:
            break  # the computers moved after the answer: enough to look at
    # Undo for the state the player saw (its own move's answer), the computers having moved.
    send({"type": "undo", "v": v, "id": 50, "state_id": played["state_id"]})
    await settle()
    print(json.dumps({"ready": ready, "posted": posted, "undo": answer(50),
                      "played": played}))

asyncio.run(main())
"""


@functools.cache
def _run_child() -> dict:
    return run_child(CHILD)


def test_answers_and_updates_come_in_the_masters_order_on_one_path():
    seen = _run_child()
    posted = seen["posted"]
    assert seen["ready"]["type"] == "ready" and seen["ready"]["push"] is True
    assert {e["kind"] for e in posted} == {"answer", "update"}
    # Every state on the path, answers and updates alike, in increasing state_id: the order
    # the master made them, with nothing overtaking.
    ids = [json.loads(e["text"]).get("state_id") for e in posted]
    ids = [i for i in ids if i is not None]
    assert ids == sorted(ids) and len(ids) == len(set(ids)), ids
    updates = [json.loads(e["text"]) for e in posted if e["kind"] == "update"]
    assert updates, "the computers' moves came as updates"
    for update in updates:
        if update["type"] == "state":
            assert update["pushed"] is True and "id" not in update
            assert update["ai"] is not None and update["ai"]["level"] == "easy"
    # Each answer echoes its message's id and is not itself an update.
    answers = [e for e in posted if e["kind"] == "answer"]
    assert [e["id"] for e in answers] == sorted(e["id"] for e in answers)
    for e in answers:
        assert json.loads(e["text"]).get("id") == e["id"]


def test_an_undo_names_the_state_the_player_saw():
    """The page shows the computers' moves at its own pace: the undo it sends names the state
    its player saw, older than the worker's, and is taken (not ``stale_state``)."""
    seen = _run_child()
    undo = seen["undo"]
    assert undo["type"] == "state", undo
    assert undo["events"][0]["type"] == "undone"
    assert undo["to_move_kind"] == "human"
    assert undo["state_id"] > seen["played"]["state_id"]


def test_no_page_of_the_origin_can_listen_in():
    """Nothing in web/ opens a BroadcastChannel: a channel any page of the origin can open by
    name is one any page can read the states on, and forge them (issue 23)."""
    pattern = re.compile(r"new\s+BroadcastChannel|BroadcastChannel\s*\.\s*new|"
                         r"BroadcastChannel\s*\(")
    found = [str(path.relative_to(ROOT)) for path in sorted(WEB.rglob("*"))
             if path.suffix in (".py", ".js", ".html")
             and pattern.search(path.read_text(encoding="utf-8"))]
    assert found == []
