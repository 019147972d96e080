"""A match's history as a value: ``Match.snapshot`` / ``Match.restore`` / ``Match.undo_to``.

The session saves, restores and undoes through these alone (DECISIONS E-29): a snapshot is
the match's history (variant, options, seed, and every hand's deal and moves), restoring it
replays that history, and ``undo_to`` goes back to a named decision of the current hand.

RULES.md: none (the match's history, not a rule)
"""

from __future__ import annotations

import json
import random

import pytest

from domino import IllegalMoveError, Match
from domino.match.match import DecisionPoint

CASES = [("vn_traditional", 4), ("vn_schoolnet", 4), ("vn_iwin", 4), ("doubles", 4),
         ("kozel", 4), ("block", 2), ("draw", 3), ("all_fives", 2), ("mexican_train", 4)]


def played(variant: str, players: int, seed: int, moves: int) -> Match:
    """A match of ``variant`` after ``moves`` random legal moves, across hands as needed."""
    match = Match.new(variant, {"players": players}, seed=seed)
    rng = random.Random(seed)
    for _ in range(moves):
        if match.over:
            break
        if match.hand_over:
            match.next_hand()
            continue
        match.play(rng.choice(match.legal()))
    return match


def as_text(match: Match) -> str:
    return json.dumps(match.to_record(), sort_keys=True)


@pytest.mark.parametrize("variant, players", CASES)
def test_a_restored_snapshot_is_the_same_match(variant, players):
    """Snapshots taken along a match restore, in a fresh match, to exactly the match they
    were taken of: the same record, summary and legal moves, and the same game from there."""
    match = Match.new(variant, {"players": players}, seed=31)
    rng = random.Random(31)
    taken = []
    for _ in range(120):
        if match.over:
            break
        taken.append((match.snapshot(), as_text(match), match.summary(),
                      list(match.legal()) if not match.hand_over else None))
        if match.hand_over:
            match.next_hand()
        else:
            match.play(rng.choice(match.legal()))
    assert len({text for _, text, _, _ in taken}) == len(taken)  # every one a new position
    for snapshot, text, summary, legal in taken[::7]:
        twin = Match.new(variant, {"players": players}, seed=1)
        twin.restore(snapshot)
        assert as_text(twin) == text
        assert twin.summary() == summary
        assert twin.snapshot() == snapshot
        if legal is not None:
            assert list(twin.legal()) == legal


@pytest.mark.parametrize("variant, players", CASES)
def test_snapshots_are_equal_exactly_when_the_history_is(variant, players):
    match = played(variant, players, seed=5, moves=30)
    first = match.snapshot()
    assert match.snapshot() == first  # taking one changes nothing
    if not match.hand_over and not match.over:
        match.play(match.legal()[0])
        assert match.snapshot() != first
        assert match.snapshot().point.moves == first.point.moves + 1
    other = played(variant, players, seed=6, moves=30)
    assert other.snapshot() != first


def test_restore_works_in_place():
    """Whoever holds the match object (a suspended computer search) holds the restored one."""
    match = played("draw", 2, seed=9, moves=6)
    snapshot = match.snapshot()
    text = as_text(match)
    holder = match
    match.play(match.legal()[0])
    match.restore(snapshot)
    assert holder is match and as_text(holder) == text


def test_undo_to_takes_back_the_moves_after_the_point():
    match = played("vn_iwin", 4, seed=2, moves=0)
    points, texts = [], []
    rng = random.Random(2)
    for _ in range(6):
        points.append(match.point)
        texts.append(as_text(match))
        match.play(rng.choice(match.legal()))
    taken = match.undo_to(points[2])
    assert len(taken) == 4
    assert as_text(match) == texts[2]
    assert match.point == points[2]
    # Taking back nothing is allowed and changes nothing.
    assert match.undo_to(match.point) == [] and as_text(match) == texts[2]


def test_undo_to_refuses_other_hands_and_the_future():
    match = played("block", 2, seed=4, moves=0)
    rng = random.Random(4)
    while not match.hand_over:
        match.play(rng.choice(match.legal()))
    finished = match.snapshot()
    with pytest.raises(IllegalMoveError):
        match.undo_to(DecisionPoint(match.point.hands, 0))  # the hand's result stands
    assert match.snapshot() == finished
    match.next_hand()
    match.play(rng.choice(match.legal()))
    here = match.point
    kept = match.snapshot()
    for point in (DecisionPoint(here.hands - 1, 0), DecisionPoint(here.hands, here.moves + 1),
                  DecisionPoint(here.hands, -1)):
        with pytest.raises(IllegalMoveError):
            match.undo_to(point)
        assert match.snapshot() == kept


def test_moves_of_hand_name_each_moves_seat():
    match = played("draw", 3, seed=8, moves=0)
    seen = []
    rng = random.Random(8)
    for _ in range(5):
        seat = match.to_move
        move = rng.choice(match.legal())
        match.play(move)
        seen.append(seat)
    moves = match.moves_of_hand()
    assert [seat for seat, _ in moves] == seen
    assert [text for _, text in moves] == match.to_record()["hands"][-1]["moves"]


def test_a_snapshot_of_a_loaded_record_cut_mid_hand_restores():
    """A record loaded in the middle of a hand (the way a save is resumed) snapshots and
    restores like a match played here."""
    match = played("mexican_train", 4, seed=12, moves=25)
    loaded = Match.from_record(json.loads(as_text(match)))
    twin = Match.new("block", {"players": 2}, seed=0)
    twin.restore(loaded.snapshot())
    assert as_text(twin) == as_text(match)
