"""Each seat's state (``Session.state_for``): the master addresses every state to each seat,
and a seat's state holds only what that seat may see; a spectator sees no hand.

RULES.md: none (the worker protocol)
"""

import json
import random

import pytest
from test_session import ask, new_match, notations, tiles_named

from domino.session import Session

SEATINGS = [
    ("vn_traditional", ["human", "ai:easy", "human", "ai:easy"]),
    ("kozel", ["human", "human", "ai:easy", "ai:easy"]),
    ("draw", ["human", "ai:easy", "human"]),
    ("mexican_train", ["human", "ai:easy", "ai:easy", "human"]),
    ("all_fives", ["human", "human"]),
]


def hidden_from(session, seat):
    """The tiles `seat` (None: a spectator) may not know while the hand is played."""
    hand = session.match.hand
    if session.match.hand_over:
        return set()
    hidden = set(hand.boneyard)
    for other, tiles in enumerate(hand.hands):
        if other != seat:
            hidden |= set(tiles)
    return hidden


@pytest.mark.parametrize("variant, seats", SEATINGS, ids=[v for v, _ in SEATINGS])
def test_every_seat_and_a_spectator_see_only_their_own(variant, seats):
    walker = random.Random(variant)
    session = Session()
    state = new_match(session, variant=variant, players=len(seats), seed=17, seats=seats)
    checked = 0
    for _ in range(400):
        if state["hand_over"]:
            break
        for seat in list(range(len(seats))) + [None]:
            mine = session.state_for(seat)
            text = json.dumps(mine)
            assert not tiles_named(text) & hidden_from(session, seat), (seat, text[:300])
            assert mine["state_id"] == state["state_id"] and mine["viewer"] == seat
            for key in ("to_move", "to_move_kind", "hand_number", "match", "history"):
                assert mine[key] == state[key], key
            own = session.match.hand.hands[seat] if seat is not None else []
            assert sorted(mine["view"]["hand"]) == sorted(f"{a}-{b}" for a, b in own)
            if seat == state["to_move"] and state["to_move_kind"] == "human":
                assert notations(mine) == notations(state) and mine["moves"]
            else:
                assert mine["moves"] == []
            # A drawn tile is shown to the drawer alone.
            for event in mine["events"]:
                if event["type"] == "drew":
                    assert ("tile" in event) == (event["seat"] == seat), (seat, event)
            checked += 1
        # The viewer's own state is the answer it got (but `undo`: the answer says whether an
        # undo without a seat would be taken, a seat's state whether that seat's would).
        if state["viewer"] is not None:
            again = session.state_for(state["viewer"])
            skip = ("pushed", "ai", "v", "id", "undo")
            assert {k: v for k, v in again.items() if k not in skip} == {
                k: v for k, v in state.items() if k not in skip}
            mine = session.undo_point(state["viewer"]) is not None
            assert again["undo"] is mine
        if state["to_move_kind"] == "human":
            state = ask(session, type="play", state_id=state["state_id"],
                        seat=state["to_move"], move=walker.choice(notations(state)))
        else:
            state = ask(session, type="ai_move", state_id=state["state_id"])
        assert state["type"] == "state", state
    assert checked > 20


def test_a_seat_out_of_range_is_refused_and_no_match_has_no_state():
    session = Session()
    with pytest.raises(Exception) as refused:
        session.state_for(0)
    assert getattr(refused.value, "code", None) == "no_match"
    new_match(session, variant="block", players=2, seed=3, seats=["human", "human"])
    with pytest.raises(Exception) as refused:
        session.state_for(5)
    assert "seat" in str(refused.value)
