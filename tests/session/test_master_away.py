"""The master when a friend's device goes away (issue 24): a computer stands in for its seat
at the host's word until a device joins that seat again, and gives it back at the seat's next
turn; the host removes a friend's device; quick reactions go to every device, rate-limited.

RULES.md: none (the master's protocol across devices; DECISIONS W-65 to W-67)
"""

import json

import pytest
from test_master import SEATS, check_private, decoded, run_computers, started
from test_session import notations

from domino.master import LOCAL, REACTION_BURST, REACTION_WINDOW, Master


def play_until(master, seat, limit=60):
    """Play the host's seat 0 (its first legal move) and the computers until `seat` is to
    move; False when the hand ended first."""
    session = master.session
    for _ in range(limit):
        run_computers(master)
        match = session.match
        if match.hand_over:
            return False
        if match.to_move == seat:
            return True
        assert match.to_move == 0, match.to_move  # only the host's seat is left to play
        state = session.state_for(0)
        check_private(master, master.submit("host", json.dumps({
            "type": "play", "state_id": state["state_id"], "move": notations(state)[0]})))
    raise AssertionError("the seat never came to move")


def away_at_its_turn(seed):
    """A started match (seed `seed`) whose friend's seat 2 is to move, its device away."""
    master = started(seed=seed)
    master.join("guest", 2)
    if not play_until(master, 2):
        pytest.skip("the hand ended before the friend's turn")
    return master


def test_a_computer_plays_an_away_friends_seat_and_its_moves_stay_the_friends():
    master = away_at_its_turn(seed=11)
    session = master.session
    # Nothing moves the friend's seat before the host chooses.
    assert run_computers(master) == []
    assert master.stand_in(2, "easy") is True
    assert session.seats == SEATS  # still a human seat: the record and the save say so
    state = session.state_for(2)
    assert state["to_move_kind"] == "ai" and state["moves"] == []
    pushed = run_computers(master)
    assert pushed, "the computer played the friend's seat"
    moved = [a for d, a in decoded(pushed) if d == "guest"]
    assert moved[0]["events"][0]["seat"] == 2
    assert session.match.moves_of_hand()[-1][0] == 2 or session.match.to_move != 2
    # The host's page never plays nor shows that seat.
    assert master.host_seats() == [0]
    assert master.shown == 0


def test_the_away_device_cannot_move_while_the_computer_plays_for_it():
    master = away_at_its_turn(seed=11)
    session = master.session
    state = session.state_for(2)  # what the friend saw before it went away
    master.stand_in(2)
    before = session.state_id
    move = notations(state)[0]
    refused = dict(decoded(master.submit("guest", json.dumps({
        "type": "play", "state_id": state["state_id"], "move": move, "id": 4}))))
    assert refused["guest"]["code"] == "not_your_turn"
    hint = dict(decoded(master.submit("guest", json.dumps({
        "type": "hint", "state_id": state["state_id"], "id": 6}))))
    assert hint["guest"]["code"] == "not_your_turn"
    refused = dict(decoded(master.submit("host", json.dumps({
        "type": "play", "state_id": state["state_id"], "move": move, "id": 5}))))
    assert refused["host"]["code"] in ("not_your_turn", "not_your_seat")
    assert session.state_id == before


def test_a_friend_coming_back_at_its_turn_gets_its_seat_after_the_computers_move():
    master = away_at_its_turn(seed=11)
    master.stand_in(2)
    master.leave("guest")  # its page reloaded: a new link, a new device name
    back = dict(decoded(master.join("guest-again", 2)))
    # Its seat is to move and the computer is at it: that move is the computer's.
    assert back["guest-again"]["to_move_kind"] == "ai"
    assert master.returning == {2}
    pushed = run_computers(master)
    assert pushed and decoded(pushed)[0][1]["events"][0]["seat"] == 2
    assert master.session.stand_ins == {} and master.returning == set()
    # From then on the seat is the friend's: at its next turn it is asked for a move.
    if play_until(master, 2):
        mine = master.session.state_for(2)
        assert mine["to_move_kind"] == "human" and mine["moves"]
        answer = dict(decoded(master.submit("guest-again", json.dumps({
            "type": "play", "state_id": mine["state_id"], "move": notations(mine)[0]}))))
        assert answer["guest-again"]["type"] == "state"


def test_a_friend_coming_back_when_not_to_move_gets_its_seat_at_once():
    master = started(seed=11)
    master.join("guest", 2)
    master.stand_in(2)
    run_computers(master)  # the computers, the one standing in too, up to the host's turn
    assert master.session.match.to_move == 0
    master.join("guest", 2)
    assert master.session.stand_ins == {} and master.returning == set()


def test_only_a_friends_seat_may_be_played_by_a_computer():
    master = started()
    master.join("guest", 2)
    for seat, level in ((0, "easy"), (1, "easy"), (7, "easy"), (2, "genius"), ("2", "easy"),
                        (True, "easy")):
        with pytest.raises(ValueError):
            master.stand_in(seat, level)
    assert master.session.stand_ins == {}
    with pytest.raises(ValueError):
        Master().stand_in(2)  # no match


def test_a_new_match_at_the_table_has_no_computer_standing_in():
    master = started()
    master.join("guest", 2)
    master.stand_in(2)
    master.submit("host", json.dumps({
        "type": "new_match", "variant": "draw", "options": {"players": 4}, "seed": 9,
        "seats": SEATS, "devices": {"guest": 2}}))
    assert master.session.stand_ins == {} and master.devices["guest"] == 2


def test_the_host_removes_a_friend_and_a_computer_plays_its_seat():
    master = started(seed=11)
    master.join("guest", 2)
    master.join("watcher", None)
    master.remove("guest", "hard")
    assert "guest" not in master.devices
    assert master.session.stand_ins == {2: "hard"} and master.host_seats() == [0]
    sent = []
    for _ in range(40):
        match = master.session.match
        if match.hand_over:
            break
        pushed = run_computers(master)
        sent += [d for d, _ in pushed]
        if match.to_move == 0:
            state = master.session.state_for(0)
            updates = master.submit("host", json.dumps({
                "type": "play", "state_id": state["state_id"], "move": notations(state)[0]}))
            sent += [d for d, _ in updates]
    assert "guest" not in sent and "watcher" in sent
    assert any(seat == 2 for seat, _ in master.session.match.moves_of_hand()) or \
        master.session.match.hand_over
    answer = decoded(master.submit("guest", json.dumps({"type": "hello", "id": 1})))
    assert answer[0][1]["code"] == "not_joined"
    with pytest.raises(ValueError):
        master.remove("guest")  # gone already
    with pytest.raises(ValueError):
        master.remove("host")  # the host's page is no friend's device


# --------------------------------------------------------------------------- reactions


class Clock:
    def __init__(self):
        self.now = 100.0

    def __call__(self):
        return self.now


def reacting():
    clock = Clock()
    master = Master(clock=clock)
    master.join("host", LOCAL)
    master.submit("host", json.dumps({
        "type": "new_match", "variant": "draw", "options": {"players": 4}, "seed": 5,
        "seats": SEATS, "devices": {"guest": 2}}))
    master.join("watcher", None)
    return master, clock


def test_a_reaction_goes_to_every_device_with_its_senders_seat():
    master, _ = reacting()
    before = master.session.state_id
    got = dict(decoded(master.submit("guest", json.dumps(
        {"type": "react", "reaction": "well_played", "id": 8}))))
    assert sorted(got) == ["guest", "host", "watcher"]
    assert got["guest"] == {"type": "reaction", "seat": 2, "reaction": "well_played",
                            "v": got["guest"]["v"], "id": 8}
    assert got["host"]["seat"] == 2 and got["host"]["pushed"] is True
    assert "id" not in got["watcher"]
    mine = dict(decoded(master.submit("host", json.dumps({"type": "react", "reaction": "wow"}))))
    assert mine["guest"]["seat"] == 0 and mine["host"]["reaction"] == "wow"
    assert master.session.state_id == before  # a reaction changes nothing


def test_reactions_beyond_the_rate_are_refused_and_the_table_plays_on():
    master, clock = reacting()
    codes = []
    for i in range(REACTION_BURST + 3):
        answer = decoded(master.submit("guest", json.dumps(
            {"type": "react", "reaction": "hurry", "id": i})))
        codes.append(answer[0][1].get("code"))
        if answer[0][1].get("code") == "flood":
            assert [d for d, _ in answer] == ["guest"]  # no one else hears a refused one
    assert codes == [None] * REACTION_BURST + ["flood"] * 3
    # Another device has its own rate; and once the window has passed, the guest may again.
    assert decoded(master.submit("host", json.dumps(
        {"type": "react", "reaction": "oops"})))[0][1]["type"] == "reaction"
    clock.now += REACTION_WINDOW
    assert decoded(master.submit("guest", json.dumps(
        {"type": "react", "reaction": "hurry"})))[0][1]["type"] == "reaction"
    # The match goes on meanwhile.
    run_computers(master)
    assert master.session.state_id >= 1


@pytest.mark.parametrize("message, device, code", [
    ({"type": "react", "reaction": "<script>"}, "guest", "bad_message"),
    ({"type": "react", "reaction": ["wow"]}, "guest", "bad_message"),
    ({"type": "react"}, "guest", "bad_message"),
    ({"type": "react", "reaction": "wow"}, "watcher", "spectator"),
    ({"type": "react", "reaction": "wow"}, "nobody", "not_joined"),
])
def test_a_reaction_that_is_not_one_of_ours_is_refused(message, device, code):
    master, _ = reacting()
    answer = decoded(master.submit(device, json.dumps(dict(message, id=3))))
    assert answer == [(device, answer[0][1])] and answer[0][1]["code"] == code


def test_no_reaction_before_a_match():
    master = Master()
    master.join("host", LOCAL)
    answer = decoded(master.submit("host", json.dumps({"type": "react", "reaction": "wow"})))
    assert answer[0][1]["code"] == "no_match"


def test_a_guest_gets_the_record_only_once_the_match_is_over():
    master = started()
    master.join("guest", 2)
    asked = decoded(master.submit("guest", json.dumps({"type": "match_record", "id": 4})))
    assert asked == [("guest", asked[0][1])] and asked[0][1]["code"] == "reveals_hands"
    assert "record" not in asked[0][1] and str(master.session.match.seed) not in json.dumps(
        asked[0][1])


def reopened(record, stand_ins, devices=None):
    """A fresh master (the host's page reloaded) loading `record` with the friend's seat 2
    held by its stand-in device and the saved `stand_ins`; (master, the host's answer)."""
    fresh = Master()
    fresh.join("host", LOCAL)
    message = {"type": "load_record", "record": record, "seats": SEATS, "id": 3,
               "devices": {"away-2": 2} if devices is None else devices}
    if stand_ins is not None:
        message["stand_ins"] = stand_ins
    updates = fresh.submit("host", json.dumps(message))
    return fresh, dict(decoded(updates))["host"]


def test_a_reopened_match_gives_the_saved_stand_ins_back_until_the_friend_returns():
    """DECISIONS W-74: the host reopens its table from its save after a reload; the computer
    that played the away friend's seat plays it again at once (its level kept), and the
    friend's device joining the seat gets it back, as before the reload."""
    master = away_at_its_turn(seed=11)
    record = json.loads(master.submit("host", json.dumps(
        {"type": "export_record", "reveal": True}))[0][1])["record"]
    fresh, answer = reopened(record, {"2": "easy"})
    assert fresh.session.stand_ins == {2: "easy"}
    assert answer["type"] == "state" and answer["to_move_kind"] == "ai"  # the computer moves
    before = len(fresh.session.match.moves_of_hand())
    pushed = run_computers(fresh)
    assert pushed and decoded(pushed)[0][1]["ai"]["level"] == "easy"
    assert fresh.session.match.moves_of_hand()[before][0] == 2  # the friend's seat moved
    # The friend comes back with its seat token: the seat is its own again.
    fresh.leave("away-2")
    fresh.join("guest", 2)
    assert fresh.session.stand_ins == {}
    # Without stand-ins (a save of the earlier builds) the seat waits for its friend.
    plain, answer = reopened(record, None)
    assert plain.session.stand_ins == {} and answer["to_move_kind"] == "human"
    # A seat no friend's device holds stays the host's page's: nothing stands in for it.
    other, _ = reopened(record, {"2": "easy"}, devices={})
    assert other.session.stand_ins == {}


@pytest.mark.parametrize("stand_ins", [[2], {"2": "grandmaster"}, {"x": "easy"},
                                       {str(i): "easy" for i in range(17)}])
def test_bad_stand_ins_are_refused_and_change_nothing(stand_ins):
    master = started(seed=11)
    record = json.loads(master.submit("host", json.dumps(
        {"type": "export_record", "reveal": True}))[0][1])["record"]
    fresh, answer = reopened(record, stand_ins)
    assert answer["type"] == "error" and answer["code"] == "bad_message"
    assert fresh.session.match is None
    # Only a load_record carries them.
    refused = master.submit("host", json.dumps({"type": "hint", "stand_ins": {"2": "easy"}}))
    assert json.loads(refused[0][1])["code"] == "bad_message"
