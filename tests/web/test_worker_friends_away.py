"""The engine worker when a friend's device goes away (issue 24): the hosting page says a
computer plays the friend's seat (`peer_stand_in`) and the worker's computers move it at
once; the friend's device coming back (`peer_join` with its seat) gets its seat again; the
host removes a device (`peer_remove`); reactions reach every device and a flood of them is
refused and counted while the match goes on.

The worker runs in a child CPython with the browser stand-ins of tests/workerkit.py: a
two-player Draw match, both seats human, the page at seat 0 and a friend's device at seat 1.

RULES.md: none (the worker's master and its relay; DECISIONS W-65 to W-67)
"""

import functools
import json

from workerkit import PRELUDE, run_child

CHILD = PRELUDE + r"""
def page_states():
    texts = [json.loads(e["text"]) for e in posted if e["kind"] != "peer"]
    return [s for s in texts if s.get("type") == "state"]

def texts_of(device):
    return [json.loads(e["text"]) for e in posted if e["kind"] == "peer" and e["device"] == device]

def mark(name):
    marks[name] = len(posted)

marks = {}

async def play_host_until(seat, limit=40):
    # The page plays seat 0 (its first legal move) until `seat` is to move or the hand ends.
    for i in range(limit):
        state = page_states()[-1]
        if state["hand_over"] or state["to_move"] == seat:
            return state
        if state["to_move"] == 0:
            send({"type": "play", "v": 2, "id": 500 + len(posted), "state_id": state["state_id"],
                  "move": state["moves"][0]["move"]})
        await settle()
    return page_states()[-1]

async def main():
    import worker
    v = 2
    send({"type": "hello", "id": 1})
    await settle()
    send({"type": "new_match", "v": v, "id": 2, "variant": "draw", "options": {"players": 2},
          "seats": ["human", "human"], "seed": 5})
    await settle()
    send({"type": "peer_join", "v": v, "device": "g1", "seat": 1})
    await settle()
    # Reactions: the friend's and the page's reach both; a flood of the friend's is refused.
    for i in range(6):
        send({"type": "peer_message", "v": v, "device": "g1", "text": json.dumps(
            {"type": "react", "v": v, "id": 300 + i, "reaction": "hurry"})})
    send({"type": "react", "v": v, "id": 3, "reaction": "thanks"})
    await settle()
    # The friend goes away at its turn; the page lets a computer play its seat.
    state = await play_host_until(1)
    mark("stand_in")
    send({"type": "peer_stand_in", "v": v, "seat": 1, "level": "easy"})
    await settle()
    mark("stood")
    # The friend comes back on a new link, then plays its own seat to the end of the hand.
    send({"type": "peer_leave", "v": v, "device": "g1"})
    send({"type": "peer_join", "v": v, "device": "g2", "seat": 1})
    await settle()
    mark("back")
    friend_id = 700
    for i in range(80):
        state = page_states()[-1]
        if state["hand_over"]:
            break
        if state["to_move"] == 0:
            send({"type": "play", "v": v, "id": 600 + i, "state_id": state["state_id"],
                  "move": state["moves"][0]["move"]})
        else:
            seen = [t for t in texts_of("g2") if t.get("type") == "state"][-1]
            if seen["moves"]:
                send({"type": "peer_message", "v": v, "device": "g2", "text": json.dumps(
                    {"type": "play", "v": v, "id": friend_id, "state_id": seen["state_id"],
                     "move": seen["moves"][0]["move"]})})
                friend_id += 1
        await settle()
    mark("hand_over")
    # The page removes the friend: nothing more for it, a computer plays its seat.
    send({"type": "peer_remove", "v": v, "id": 9, "device": "g2", "level": "easy"})
    send({"type": "peer_remove", "v": v, "id": 10, "device": "g2"})
    await settle()
    mark("removed")
    send({"type": "next_hand", "v": v, "id": 11, "state_id": page_states()[-1]["state_id"]})
    await settle()
    await play_host_until(None)
    print(json.dumps({"posted": posted, "marks": marks, "refused": worker._refused,
                      "seats": worker._session.seats}))

asyncio.run(main())
"""


@functools.cache
def _run_child() -> dict:
    return run_child(CHILD)


def _texts(seen: dict, device: str | None, start: str | None = None,
           end: str | None = None) -> list[dict]:
    """The texts posted for `device` (None: the page's own) between two marks."""
    posted = seen["posted"][seen["marks"][start] if start else 0:
                            seen["marks"][end] if end else None]
    return [json.loads(e["text"]) for e in posted
            if (e["kind"] == "peer" and e.get("device") == device)
            or (device is None and e["kind"] != "peer")]


def test_reactions_reach_every_device_and_a_flood_is_refused_and_counted():
    seen = _run_child()
    friend = [t for t in _texts(seen, "g1") if t.get("type") in ("reaction", "error")]
    page = [t for t in _texts(seen, None) if t.get("type") == "reaction"]
    answered = [t for t in friend if isinstance(t.get("id"), int) and 300 <= t["id"] < 310]
    assert [t["type"] for t in answered] == ["reaction"] * 3 + ["error"] * 3
    assert {t["code"] for t in answered if t["type"] == "error"} == {"flood"}
    assert seen["refused"]["g1"]["flood"] == 3
    assert [(t["seat"], t["reaction"]) for t in page] == [(1, "hurry")] * 3 + [(0, "thanks")]
    assert [t for t in friend if t.get("reaction") == "thanks"][0]["seat"] == 0


def test_a_computer_plays_the_away_friends_seat_at_once():
    seen = _run_child()
    states = [t for t in _texts(seen, None, "stand_in", "stood") if t.get("type") == "state"]
    assert states, "deal 5 comes to the friend's turn before its end"
    assert states[0]["events"][0]["seat"] == 1 and states[0]["ai"]["level"] == "easy"
    assert seen["seats"] == ["human", "human"]  # still a friend's seat in the save


def test_the_friend_back_on_a_new_link_plays_its_own_seat_again():
    seen = _run_child()
    back = [t for t in _texts(seen, "g2", "back", "hand_over") if t.get("type") == "state"]
    answered = [t for t in back if isinstance(t.get("id"), int) and t["id"] >= 700]
    assert answered, "the friend's own moves were taken after it came back"
    assert all(t["type"] == "state" for t in answered)
    page = [t for t in _texts(seen, None, "back", "hand_over") if t.get("type") == "state"]
    assert page[-1]["hand_over"]


def test_a_removed_friend_gets_nothing_more_and_a_computer_plays_its_seat():
    seen = _run_child()
    answers = {t.get("id"): t for t in _texts(seen, None, "hand_over", "removed")}
    assert answers[9] == {"type": "removed", "device": "g2", "seat": 1, "v": 2, "id": 9}
    assert answers[10]["type"] == "error" and answers[10]["code"] == "bad_seat"
    assert not _texts(seen, "g2", "removed")
    later = [t for t in _texts(seen, None, "removed") if t.get("type") == "state"]
    assert any(t.get("ai") and t["ai"]["seat"] == 1 for t in later), \
        "a computer moved the removed friend's seat in the next hand"
