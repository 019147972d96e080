"""The engine worker as the master of a match with a friend's device (issue 24's groundwork):
the hosting page relays the friend's messages (`peer_join`, `peer_message`, `peer_leave`) and
each update for the friend comes back as a `peer` envelope the page forwards unread.

The worker runs in a child CPython with the browser stand-ins of tests/workerkit.py. A
two-player Draw match, both seats human: the page plays seat 0, a friend's device seat 1.
Every envelope is recorded, so the tests look at all the friend was sent.

RULES.md: none (the worker's master and its relay)
"""

import functools
import json

from workerkit import PRELUDE, run_child

CHILD = PRELUDE + r"""
def page_states():
    texts = [json.loads(e["text"]) for e in posted if e["kind"] != "peer"]
    return [s for s in texts if s.get("type") == "state"]

def friend_texts():
    return [json.loads(e["text"]) for e in posted if e["kind"] == "peer" and e["device"] == "g1"]

async def main():
    import worker
    send({"type": "hello", "id": 1})
    await settle()
    v = 2
    send({"type": "new_match", "v": v, "id": 2, "variant": "draw", "options": {"players": 2},
          "seats": ["human", "human"], "seed": 5})
    await settle()
    send({"type": "peer_join", "v": v, "id": 3, "device": "g1", "seat": 1})
    await settle()
    state = page_states()[-1]
    refusals = []
    # The friend tries what is not theirs: another seat's move, a new match, a huge message.
    send({"type": "peer_message", "v": v, "device": "g1", "text": json.dumps(
        {"type": "play", "v": v, "id": 900, "seat": 0, "state_id": state["state_id"],
         "move": state["moves"][0]["move"]})})
    send({"type": "peer_message", "v": v, "device": "g1", "text": json.dumps(
        {"type": "new_match", "v": v, "id": 901, "variant": "block",
         "options": {"players": 2}, "seats": ["human", "human"]})})
    send({"type": "peer_message", "v": v, "device": "g1", "text": "x" * 20000})
    send({"type": "peer_message", "v": v, "device": "g9", "text": "{}", "id": 4})
    await settle()
    refused_state = page_states()[-1]["state_id"]
    msg_id, friend_id = 10, 100
    while not state["hand_over"] and msg_id < 80:
        if state["to_move"] == 0:
            send({"type": "play", "v": v, "id": msg_id, "state_id": state["state_id"],
                  "move": state["moves"][0]["move"]})
            msg_id += 1
        else:
            seen = [t for t in friend_texts() if t.get("type") == "state"][-1]
            send({"type": "peer_message", "v": v, "device": "g1", "text": json.dumps(
                {"type": "play", "v": v, "id": friend_id, "state_id": seen["state_id"],
                 "move": seen["moves"][0]["move"]})})
            friend_id += 1
        await settle()
        state = page_states()[-1]
    send({"type": "peer_leave", "v": v, "id": 90, "device": "g1"})
    await settle()
    print(json.dumps({"posted": posted, "refused_state": refused_state,
                      "refused": worker._refused}))

asyncio.run(main())
"""


@functools.cache
def _run_child() -> dict:
    return run_child(CHILD)


def _friend(seen: dict) -> list[dict]:
    return [json.loads(e["text"]) for e in seen["posted"]
            if e["kind"] == "peer" and e.get("device") == "g1"]


def _page(seen: dict) -> list[dict]:
    return [json.loads(e["text"]) for e in seen["posted"] if e["kind"] != "peer"]


def test_the_friend_plays_its_seat_and_both_see_every_state_in_order():
    seen = _run_child()
    page = [s for s in _page(seen) if s.get("type") == "state"]
    friend = [s for s in _friend(seen) if s.get("type") == "state"]
    assert page[-1]["hand_over"], "the hand was played to its end by the page and the friend"
    # Both devices saw the same states, in the order the master made them.
    page_ids = [int(s["state_id"]) for s in page]
    friend_ids = [int(s["state_id"]) for s in friend]
    assert friend_ids == sorted(friend_ids) and len(set(friend_ids)) == len(friend_ids)
    assert set(friend_ids) <= set(page_ids) and friend_ids[-1] == page_ids[-1]
    # The friend's own moves were answered to it with the id it gave.
    answered = [s for s in friend if s.get("id") is not None]
    assert answered and all(isinstance(s["id"], int) and s["id"] >= 100 for s in answered)
    # The page never received the friend's texts as its own: no page state has the
    # friend's viewer.
    assert {s["viewer"] for s in page} == {0}


def test_the_friend_sees_only_its_own_tiles_and_never_the_deal_number():
    seen = _run_child()
    friend = [s for s in _friend(seen) if s.get("type") == "state"]
    page = {s["state_id"]: s for s in _page(seen) if s.get("type") == "state"}
    for state in friend:
        assert state["viewer"] == 1 and state["seed"] is None
        mine = set(state["view"]["hand"])
        host = page[state["state_id"]]["view"]["hand"]
        if not state["hand_over"]:
            text = json.dumps(state)
            assert not mine & set(host)
            assert not [tile for tile in host if f'"{tile}"' in text], \
                "the friend was sent a tile of the host's hand"


def test_what_the_friend_may_not_do_is_refused_counted_and_changes_nothing():
    seen = _run_child()
    codes = [t.get("code") for t in _friend(seen) if t.get("type") == "error"]
    assert "not_your_seat" in codes and "host_only" in codes and "too_large" in codes
    assert seen["refused"]["g1"]["not_your_seat"] == 1
    assert seen["refused"]["g1"]["host_only"] == 1
    assert seen["refused"]["g1"]["too_large"] == 1
    # A device that never joined is refused to the page that relayed for it.
    not_joined = [t for t in _page(seen) if t.get("id") == 4]
    assert not_joined and not_joined[0]["code"] == "not_joined"
    # The refusals made no state: the page's latest state before the hand was played is the
    # one after the friend joined (state 1: the deal).
    assert int(seen["refused_state"]) == 1


def test_after_leaving_the_friend_gets_nothing_more():
    seen = _run_child()
    posted = seen["posted"]
    left = next(i for i, e in enumerate(posted)
                if e["kind"] == "answer" and json.loads(e["text"]).get("type") == "left")
    assert not [e for e in posted[left:] if e["kind"] == "peer"]
