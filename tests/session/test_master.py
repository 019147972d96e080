"""The master of a match for several devices (domino.master): each device's intents for its
seat, and the ordered updates addressed to each device, holding only what its seat may see.

RULES.md: none (the master's protocol)
"""

import json
import random

import pytest
from test_session import notations, tiles_named
from test_session_seats import hidden_from

from domino.master import LOCAL, Master

SEATS = ["human", "ai:easy", "human", "ai:easy"]


def started(variant="draw", seed=5):
    master = Master()
    master.join("host", LOCAL)
    updates = master.submit("host", json.dumps({
        "type": "new_match", "variant": variant, "options": {"players": 4}, "seed": seed,
        "seats": SEATS, "id": 1}))
    assert [d for d, _ in updates] == ["host"]
    return master


def decoded(updates):
    return [(device, json.loads(text)) for device, text in updates]


def check_private(master, updates):
    """No update names a tile its device's seat may not see, and none but the host's holds
    the deal number (every hand could be dealt again from it)."""
    for device, text in updates:
        seat = master.devices[device]
        if seat != LOCAL and json.loads(text).get("type") == "state":
            assert json.loads(text)["seed"] is None, device
        if seat == LOCAL:
            seat = master.shown
            assert seat in master.host_seats()  # never a guest's view on the host's page
        leaked = tiles_named(text) & hidden_from(master.session, seat)
        assert not leaked, (device, sorted(leaked))


def run_computers(master):
    out = []
    for step in master.advance():
        if step is not None:
            check_private(master, step)
            out += step
    return out


def test_every_device_gets_every_state_as_its_seat_sees_it():
    master = started()
    assert decoded(master.join("guest", 2))[0][1]["view"]["hand"] == [
        f"{a}-{b}" for a, b in sorted(master.session.match.hand.hands[2], reverse=True)]
    master.join("watcher", None)
    walker = random.Random(3)
    states = 0
    for _ in range(200):
        if master.session.match.hand_over:
            break
        pushed = run_computers(master)
        for device in ("host", "guest", "watcher"):
            mine = [a for d, a in decoded(pushed) if d == device]
            assert [a["state_id"] for a in mine] == sorted(a["state_id"] for a in mine)
        states += len(pushed)
        if master.session.match.hand_over:
            break
        to_move = master.session.match.to_move
        device = "host" if to_move == 0 else "guest"
        state = master.session.state_for(to_move)
        updates = master.submit(device, json.dumps({
            "type": "play", "state_id": state["state_id"], "id": 9,
            "move": walker.choice(notations(state))}))
        check_private(master, updates)
        got = dict(decoded(updates))
        assert got[device]["id"] == 9 and got[device]["pushed"] is False
        others = {d: a for d, a in got.items() if d != device}
        assert sorted(others) == sorted({"host", "guest", "watcher"} - {device})
        for answer in others.values():
            assert answer["pushed"] is True and "id" not in answer
            assert answer["state_id"] == got[device]["state_id"]
        assert got["watcher"]["view"]["hand"] == [] and got["watcher"]["moves"] == []
    assert states > 4


def test_a_device_speaks_only_for_its_own_seat_and_a_refusal_changes_nothing():
    master = started()
    master.join("guest", 2)
    master.join("watcher", None)
    run_computers(master)
    session = master.session
    before = session.match.snapshot()
    state_id = session.state_id
    to_move = session.match.to_move
    other = "guest" if to_move == 0 else "host"
    state = session.state_for(to_move)
    move = notations(state)[0]
    # The device whose seat is not to move.
    refused = decoded(master.submit(other, json.dumps({
        "type": "play", "state_id": state_id, "move": move, "id": 3})))
    assert [d for d, _ in refused] == [other]
    assert refused[0][1]["code"] == "not_your_turn"
    # A guest naming another seat; a spectator playing; a guest starting a match.
    for device, message, code in [
            ("guest", {"type": "play", "state_id": state_id, "move": move, "seat": 0},
             "not_your_seat"),
            ("watcher", {"type": "play", "state_id": state_id, "move": move}, "spectator"),
            ("guest", {"type": "new_match", "variant": "block", "options": {"players": 2}},
             "host_only"),
            ("stranger", {"type": "hello"}, "not_joined")]:
        answer = decoded(master.submit(device, json.dumps(dict(message, id=4))))
        assert answer == [(device, answer[0][1])] and answer[0][1]["code"] == code, answer
        assert answer[0][1]["id"] == 4
    assert session.match.snapshot() == before and session.state_id == state_id


def test_one_device_per_seat_and_only_human_seats():
    master = started()
    master.join("guest", 2)
    with pytest.raises(ValueError):
        master.join("other", 2)
    with pytest.raises(ValueError):
        master.join("other", 1)  # a computer's seat
    master.leave("guest")
    assert master.join("other", 2)  # free again


def test_an_undo_from_a_guest_takes_back_its_own_move_only():
    master = started(seed=11)
    master.join("guest", 2)
    session = master.session
    for _ in range(30):
        run_computers(master)
        if session.match.hand_over or session.match.to_move == 2:
            break
        state = session.state_for(0)
        master.submit("host", json.dumps({"type": "play", "state_id": state["state_id"],
                                          "move": notations(state)[0]}))
    assert session.match.to_move == 2
    state = session.state_for(2)
    played = dict(decoded(master.submit("guest", json.dumps({
        "type": "play", "state_id": state["state_id"], "move": notations(state)[0]}))))
    assert played["guest"]["type"] == "state"
    assert played["guest"]["undo"] is True  # its own move, nothing of another human's since
    back = dict(decoded(master.submit("guest", json.dumps({
        "type": "undo", "state_id": played["guest"]["state_id"], "id": 5}))))
    assert back["guest"]["type"] == "state" and back["guest"]["events"][0]["seat"] == 2
    assert back["host"]["pushed"] is True and back["host"]["state_id"] == back["guest"]["state_id"]


def test_a_guest_may_not_export_the_record_nor_drive_the_computers():
    master = started()
    master.join("guest", 2)
    session = master.session
    before = session.match.snapshot()
    for message in ({"type": "export_record", "reveal": True}, {"type": "ai_move"},
                    {"type": "review_open", "source": "match"}):
        answer = decoded(master.submit("guest", json.dumps(dict(message, id=7))))
        assert answer == [("guest", answer[0][1])]
        assert answer[0][1]["type"] == "error" and answer[0][1]["code"] == "host_only"
        assert "record" not in answer[0][1]
    assert session.match.snapshot() == before


def test_a_new_match_seats_the_friends_before_its_first_state():
    """With `devices`, the friends are seated before the first state: every seed's first
    state reaches them, and the host's page never shows a friend's seat (even when a
    friend is to lead)."""
    for seed in range(6):
        master = Master()
        master.join("host", LOCAL)
        master.join("old", None)
        updates = master.submit("host", json.dumps({
            "type": "new_match", "variant": "draw", "options": {"players": 4}, "seed": seed,
            "seats": ["human", "human", "ai:easy", "human"], "id": 1,
            "devices": {"amy": 1, "bob": 3}}))
        assert sorted(d for d, _ in updates) == ["amy", "bob", "host"]
        assert master.devices == {"host": LOCAL, "amy": 1, "bob": 3}
        check_private(master, updates)
        got = dict(decoded(updates))
        assert got["host"]["viewer"] == 0 and got["host"]["id"] == 1
        assert got["amy"]["viewer"] == 1 and got["bob"]["viewer"] == 3
        assert got["amy"]["seed"] is None
        run_computers(master)


def test_a_new_match_refuses_bad_devices_and_seats_only_human_seats():
    master = started()
    for devices in ({"amy": 1, "bob": 1}, {"amy": "1"}, ["amy"], {"local": 2}, {"": 2}):
        answer = decoded(master.submit("host", json.dumps({
            "type": "new_match", "variant": "draw", "options": {"players": 4}, "seed": 3,
            "seats": SEATS, "id": 2, "devices": devices})))
        assert answer[0][1]["code"] == "bad_message", devices
    master.submit("host", json.dumps({
        "type": "new_match", "variant": "draw", "options": {"players": 4}, "seed": 3,
        "seats": SEATS, "devices": {"amy": 1, "bob": 2}}))
    assert master.devices == {"host": LOCAL, "bob": 2}  # seat 1 is a computer's


def test_a_reopened_match_seats_the_friends_before_its_first_state():
    """A host reopening its saved match (`load_record` with `devices`): the friends' seats
    are held by their devices (away until they come back), never shown on the host's page."""
    master = started(seed=4)
    record = json.loads(master.submit("host", json.dumps(
        {"type": "export_record", "reveal": True}))[0][1])["record"]
    fresh = Master()
    fresh.join("host", LOCAL)
    updates = fresh.submit("host", json.dumps({
        "type": "load_record", "record": record, "seats": SEATS, "id": 3,
        "devices": {"away-2": 2}}))
    assert sorted(d for d, _ in updates) == ["away-2", "host"]
    assert fresh.host_seats() == [0]
    check_private(fresh, updates)
