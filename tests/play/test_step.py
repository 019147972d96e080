"""The layers that issue 12 (item 2) separated: ``game`` ends a hand, ``settle`` settles it,
``play`` joins them; the public names of docs/ENGINE_API.md still work.

RULES.md: 1.7, 1.10 (a hand ends, then is settled once)
"""

from __future__ import annotations

import random

import pytest

import domino
from domino import HandEnded, Match, get_ruleset
from domino.hand.state import MatchContext, advance, legal_moves, new_hand
from domino.match import record
from domino.play.step import apply_unchecked, step
from domino.settlement.settle import hand_result


def _play_out(s, apply) -> list:
    rng = random.Random(5)
    events = []
    while not s.over:
        legal = [m for m in legal_moves(s) if m.kind != "leave"]
        events += apply(s, legal[int(rng.random() * len(legal))])
    return events


def test_advance_ends_a_hand_without_settling_it_and_apply_unchecked_settles_it():
    rs = get_ruleset("vn_schoolnet", {"players": 4})
    raw = new_hand(rs, MatchContext(), random.Random(3))
    settled = raw.copy()
    raw_events = _play_out(raw, advance)
    events = _play_out(settled, apply_unchecked)
    assert raw.over and raw.result is None and raw.termination == settled.termination
    assert not any(isinstance(e, HandEnded) for e in raw_events)
    assert isinstance(events[-1], HandEnded) and events[-1].result is settled.result
    # Settling the raw end later gives the same result, once, and keeps it.
    assert hand_result(raw).to_json() == settled.result.to_json()
    assert hand_result(raw) is raw.result


def test_the_public_names_still_work():
    assert domino.step is step and domino.apply_unchecked is apply_unchecked
    m = Match.new("block", {"players": 2}, seed=4)
    while not m.hand_over:
        m.play(m.legal()[0])
    again = record.replay_match(m.to_record())
    assert again.summary() == Match.from_record(m.to_record()).summary() == m.summary()


def test_step_copies_and_settles():
    rs = get_ruleset("block", {"players": 2})
    s = new_hand(rs, MatchContext(), random.Random(1))
    while True:
        nxt, events = step(s, legal_moves(s)[0])
        assert nxt is not s
        if nxt.over:
            assert isinstance(events[-1], HandEnded) and nxt.result is not None
            assert not s.over
            break
        s = nxt


def test_match_play_checks_a_move_that_legal_did_not_list_for_this_position():
    """``Match.play`` skips listing the moves again only for a move ``legal`` listed for the
    very position it is played in: after a move applied to the hand from outside, a stale
    listing is never trusted, and an illegal move is still refused with its reason."""
    from domino import Match
    from domino.errors import IllegalMoveError
    from domino.play.step import apply_unchecked

    m = Match.new("block", {"players": 2}, seed=3)
    first = m.legal()
    first.append("not a move")  # the caller's list is its own
    assert "not a move" not in m.legal()
    apply_unchecked(m.hand, m.legal()[0])  # moved from outside the match
    with pytest.raises(IllegalMoveError):
        m.play(first[0])  # listed for the position before: now illegal (its tile is gone)
    move = m.legal()[0]
    m.play(move)
    assert m.entries[-1]["moves"][-1] == str(move)
    with pytest.raises(IllegalMoveError):
        m.play(move, seat=m.to_move ^ 1 if m.to_move is not None else 0)


def test_get_ruleset_gives_the_same_ruleset_for_the_same_options_and_tells_true_from_1():
    from domino.errors import OptionError
    from domino.rules.ruleset import get_ruleset

    a = get_ruleset("block", {"players": 4, "partnership": True})
    assert get_ruleset("block", {"partnership": True, "players": 4}) is a
    with pytest.raises(OptionError):
        get_ruleset("block", {"players": 4, "partnership": 1})
    assert get_ruleset("block", {"players": 4, "partnership": True}) is a
