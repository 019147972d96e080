"""The review's navigation on CPython (web/page/review_nav.py, issue 23): stepping through a
hand, across hands when a whole match is reviewed (DECISIONS W-16), Home/End's clamping.

RULES.md: none (the page's review navigation)
"""

import review_nav


def review(hand, index, whole, hands=((1, 5), (2, 3), (4, 0))):
    """The review's store as review_view keeps it: the record's hands and their moves."""
    return {"info": {"hands": [{"hand": h, "moves": n} for h, n in hands]},
            "hand": hand, "index": index, "whole": whole}


def test_a_step_moves_one_position_within_the_hand():
    assert review_nav.step_to(review(1, 2, False), 1) == (1, 3)
    assert review_nav.step_to(review(1, 2, True), -1) == (1, 1)


def test_one_hand_reviewed_stays_within_it_at_its_ends():
    assert review_nav.step_to(review(1, 5, False), 1) == (1, 5)
    assert review_nav.step_to(review(2, 0, False), -1) == (2, 0)


def test_a_whole_match_crosses_to_the_next_hand_start_and_the_previous_hand_end():
    assert review_nav.step_to(review(1, 5, True), 1) == (2, 0)
    assert review_nav.step_to(review(2, 0, True), -1) == (1, 5)
    # A hand of no moves (4) is crossed like any other; the last hand's end stays.
    assert review_nav.step_to(review(2, 3, True), 1) == (4, 0)
    assert review_nav.step_to(review(4, 0, True), -1) == (2, 3)
    assert review_nav.step_to(review(4, 0, True), 1) == (4, 0)
    assert review_nav.step_to(review(1, 0, True), -1) == (1, 0)


def test_keys_totals_and_clamping():
    r = review(2, 1, True)
    assert review_nav.key(2, 1) == "2:1" and review_nav.total(r) == 3
    assert review_nav.total(r, 1) == 5 and review_nav.total(r, 9) == 0
    assert review_nav.clamp(r, 99) == 3 and review_nav.clamp(r, -4) == 0
    assert review_nav.neighbour(r, 1) == 4 and review_nav.neighbour(r, -1) == 1
    assert review_nav.neighbour(review(2, 1, False), 1) is None


def test_nothing_shown_goes_nowhere():
    assert review_nav.step_to({"info": None, "hand": None, "index": 0, "whole": False}, 1) is None
