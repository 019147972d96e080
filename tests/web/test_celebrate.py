"""A won hand and a won match are celebrated (web/page/celebrate.py, issue 25): only a win of
a player at this device, the match's over the hand's, and a burst that spreads around the
centre.

RULES.md: none (the page's celebration)
"""

import math

import celebrate
from test_summary_words import hand_end


def test_a_hand_won_here_is_celebrated_and_a_computers_win_is_not():
    state = hand_end("draw", 12, {"players": 2}, ["human", "ai"])
    winner = state["history"][-1]["winner"]
    assert state["hand_over"] and not state.get("match_over")
    assert celebrate.winner(state) == ("hand" if winner == 0 else None)
    swapped = dict(state, seats=["ai", "human"])
    assert celebrate.winner(swapped) == ("hand" if winner == 1 else None)
    # Pass and play: whoever of the players here won.
    assert celebrate.winner(dict(state, seats=["human", "human"])) == "hand"
    assert celebrate.winner(dict(state, hand_over=False)) is None


def test_the_match_won_outranks_the_hand():
    state = {"hand_over": True, "match_over": True, "seats": ["human", "ai:hard"],
             "match": {"winners": [0]}, "history": [{"winner": 0}]}
    assert celebrate.winner(state) == "match"
    lost = dict(state, match={"winners": [1]}, history=[{"winner": 0}])
    assert celebrate.winner(lost) == "hand"  # the last hand, not the match
    assert celebrate.winner(dict(lost, history=[{"winner": [1]}])) is None


def test_a_burst_spreads_evenly_and_the_match_is_bigger():
    for kind in ("hand", "match"):
        pieces = celebrate.burst(kind)
        assert len(pieces) == celebrate.PIECES[kind]
        assert abs(sum(dx for dx, _, _, _ in pieces)) < 1 and abs(sum(dy for _, dy, _, _ in pieces)) < 1
        angles = sorted(math.atan2(dy, dx) for dx, dy, _, _ in pieces)
        assert len(set(round(a, 3) for a in angles)) == len(pieces)
    assert celebrate.DURATION_MS["match"] > celebrate.DURATION_MS["hand"]
    assert celebrate.html("hand").count("<span") == celebrate.PIECES["hand"]
