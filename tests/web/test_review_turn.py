"""The review's and the lessons' tables lay a spinner tree as the game's does (DECISIONS W-158,
W-155): on a wide box, turned a quarter where its tiles are then at least 1.3 times as big,
remembered per hand at each place apart from the game's table. Driven in CPython through
`position_view.table_of` with the fake `dom` of test_page_fake_dom, on the positions the
worker's review gives of seeded Doubles hands (web/worker/reviewing.py).

RULES.md: 1.3 (doubles across the line, the layout's ends as the table draws them)
"""

from __future__ import annotations

import random
from collections.abc import Iterator

import pytest
import reviewing
from test_page_fake_dom import FakeDom, fresh, installed
from test_tree_turn import GAIN, PHONE_SIDE, READABLE, hand_states, laid, page

from domino import Match

UNDER_TEST = ("train_labels", "tree_turn", "table", "position_view")


@pytest.fixture
def dom() -> Iterator[FakeDom]:
    yield from installed(FakeDom(), UNDER_TEST)


def review_positions(seed: int) -> list[dict]:
    """The positions of a seeded four-player Doubles hand as the review's `as_state` gives
    them to its table (the step's index telling them apart)."""
    match = Match.new("doubles", {"players": 4}, seed)
    rng = random.Random(seed)
    while not match.hand_over:
        match.play(rng.choice(match.legal()))
    subject = reviewing.Subject(match.to_record())
    return [{"options": None, "view": p["view"], "seats": ["human"] * 4, "viewer": 0,
             "reading": None, "state_id": p["index"]} for p in subject.positions(1)]


def turning_hand() -> list[dict]:
    """A hand whose last position, in a phone held on its side, has tiles at least GAIN times
    as big turned as laid (both fitting)."""
    for seed in range(1, 40):
        states = review_positions(seed)
        usual, turned = laid(states[-1], PHONE_SIDE), laid(states[-1], PHONE_SIDE, True)
        if usual["fits"] and turned["fits"] and turned["unit"] >= GAIN * usual["unit"]:
            return states
    raise AssertionError("no Doubles hand to turn")


def test_the_review_turns_its_tree_as_the_game_does_and_keeps_it_for_the_hand(
    dom: FakeDom,
) -> None:
    """Issue 25 ("the board gets the screen"), the review and the lessons too: main's review
    drew a Doubles hand's tree as laid in every box, small in a landscape one. Stepped through
    a hand forwards, backwards and forwards again, the review's table lies turned where its
    tiles are then at least 1.3 times as big (a turned table always fits, with readable
    tiles), turns only by that rule (never at a redraw of the same step), and ends the hand
    turned where the turn pays there; its memory is its own: the game's table of another
    hand, drawn between the steps, keeps its own way, and a lesson's memory starts afresh."""
    p = page(dom)
    position_view = fresh("position_view")
    states = turning_hand()
    place = ("review", ("r1", 1))

    def draw(state: dict) -> dict:
        return position_view.table_of(state, PHONE_SIDE[0], PHONE_SIDE[1], place)

    game = hand_states("doubles", 4, 2)[-1]
    p.S["match_serial"] += 1
    game_turned = bool(p.draw(game, PHONE_SIDE).get("turned"))
    turned = False
    flips = 0
    order = list(range(len(states))) + list(range(len(states) - 2, -1, -1)) \
        + list(range(1, len(states)))
    for i in order:
        geo = draw(states[i])
        now = bool(geo.get("turned"))
        if now != turned:
            flips += 1
            other = laid(states[i], PHONE_SIDE, turned)
            size = other["unit"] if other["fits"] else other["unit"] / 2
            forced = turned and (not other["fits"] or other["unit"] < READABLE)
            assert forced or geo["unit"] >= GAIN * size - 1e-9, (i, geo["unit"], size)
        if now:
            assert geo["fits"] and geo["unit"] >= READABLE
            assert (geo["width"], geo["height"]) == PHONE_SIDE
        assert bool(draw(states[i]).get("turned")) == now, "a redraw turned the review's table"
        turned = now
        assert p.tree_turn.is_turned(game) == game_turned, "the review moved the game's memory"
    assert turned, "the review left the hand's last position as laid where turned pays"
    assert flips <= 6, f"the review's table turned {flips} times in three passes"
    last = draw(states[-1])
    assert last["unit"] >= GAIN * laid(states[-1], PHONE_SIDE)["unit"] - 1e-9
    # A lesson remembers apart: its first draw compares afresh and keeps its own way.
    lesson = position_view.table_of(states[-1], PHONE_SIDE[0], PHONE_SIDE[1],
                                    ("lesson", ("doubles", "l1")))
    assert lesson.get("turned") and draw(states[-1]).get("turned")
    # Upright (a portrait box) the review lays the tree as main did.
    upright = position_view.table_of(states[-1], PHONE_SIDE[1], PHONE_SIDE[0], place)
    assert not upright.get("turned")
    assert upright["tiles"] == laid(states[-1], (PHONE_SIDE[1], PHONE_SIDE[0]))["tiles"]
