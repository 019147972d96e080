"""The web review's worker side (web/worker/reviewing.py): the positions of a finished hand as the
page draws them, only finished hands offered, the judging in steps with structured moves, the
same verdict twice, the kept verdicts' keys (the record up to the hand, so that a hand
reviewed mid-match counts for the finished match; verdicts kept under the whole record moved
once) and bound, and the summary of a whole match.

RULES.md: none (the review's worker side)
"""

from __future__ import annotations

import copy
import random

import pytest
import reviewing

from domino import Match
from domino.ai.review import Review


def _record(variant="vn_traditional", players=4, seed=1, hands=1, finish_last=True):
    m = Match.new(variant, {"players": players}, seed)
    rng = random.Random(seed)
    for h in range(hands):
        last = h == hands - 1
        count = 0
        while not m.hand_over and (finish_last or not last or count < 3):
            m.play(rng.choice([x for x in m.legal() if str(x) != "leave"]))
            count += 1
        if not last:
            m.next_hand()
    return m.to_record()


def test_positions_replay_the_hand_move_by_move():
    rec = _record()
    subject = reviewing.Subject(rec)
    moves = rec["hands"][0]["moves"]
    assert subject.hands() == [{"hand": 1, "moves": len(moves)}]
    positions = subject.positions(1)
    assert len(positions) == len(moves) + 1
    for i, p in enumerate(positions):
        assert p["index"] == i and p["total"] == len(moves) and p["hand"] == 1
        assert len(p["view"]["history"]) == i  # the public history before move i + 1
        assert len(p["hands"]) == 4
        assert [len(h) for h in p["hands"]] == p["view"]["counts"]
        if i < len(moves):
            # The move played, as data: its notation, kind, tile and end (no parsing needed).
            assert p["move"]["move"] == moves[i] and p["move"]["seat"] == p["to_move"]
            if p["move"]["tile"] is not None:
                assert p["move"]["tile"] in p["hands"][p["to_move"]]
            if p["move"]["end"] is not None:
                assert [p["move"]["end"], p["move"]["open"]] in p["view"]["ends"]
        else:
            assert p["move"] is None and p["to_move"] is None
    assert positions[0]["view"]["layout"]["tiles"] == []
    assert subject.position(1, len(moves)) is positions[-1]
    with pytest.raises(ValueError, match="index"):
        subject.position(1, len(moves) + 1)
    with pytest.raises(ValueError, match="index"):
        subject.position(1, True)


def test_only_finished_hands_can_be_reviewed():
    """A hand still being played is never shown: its positions would show every seat's
    tiles and the boneyard's draws."""
    rec = _record("block", 2, 3, hands=2, finish_last=False)
    subject = reviewing.Subject(rec)
    assert [h["hand"] for h in subject.hands()] == [1]
    with pytest.raises(ValueError, match="not a finished hand"):
        subject.positions(2)
    with pytest.raises(ValueError, match="not a finished hand"):
        subject.judge(2)
    assert len(subject.positions(1)) == len(rec["hands"][0]["moves"]) + 1


def test_a_judged_hand_names_its_moves_as_data_and_is_the_same_twice():
    rec = _record("block", 2, 5, hands=2)
    subject = reviewing.Subject(rec)
    job = subject.judge(2, None, 30)
    steps = 0
    while not job.step(16):
        steps += 1
        assert not job.progress()["done"]
    assert steps > 1 and job.progress()["done"]
    doc = job.result()
    assert doc["hands"] == [2] and doc["complete"]
    assert {e["hand"] for e in doc["moves"]} == {2}
    positions = subject.positions(2)
    for e in doc["moves"]:
        assert e["played_move"] == positions[e["move"] - 1]["move"]
        assert e["best_move"]["move"] == e["best"]
        assert e["best_move"]["kind"] in ("lead", "place", "draw", "pass")
    # The engine's verdict, unchanged; seeded, so the same again (in any chunks).
    plain = Review(copy.deepcopy(rec), None, 30, hands=[2]).run()
    assert [{k: v for k, v in e.items() if k not in ("played_move", "best_move")}
            for e in doc["moves"]] == plain["moves"]
    again = reviewing.Subject(copy.deepcopy(rec)).judge(2, None, 30)
    while not again.step(1000):
        pass
    assert again.result() == doc
    kept = {"review": {k: v for k, v in doc.items()}, "at": 1}
    assert subject.usable(kept, 2, None, 30)
    assert not subject.usable(kept, 1, None, 30)
    assert not subject.usable(kept, 2, None, 31)
    assert not subject.usable({"review": dict(doc, complete=False)}, 2, None, 30)
    assert not subject.usable(None, 2, None, 30)


def test_kept_verdicts_are_keyed_by_record_and_hand_and_bounded():
    rec = _record()
    subject = reviewing.Subject(rec)
    assert reviewing.cache_key(subject.id, 3) == subject.id + "#3"
    assert subject.id.startswith("sha256:")
    index = {"a#1": 5, "b#1": 1, "c#2": 3}
    assert reviewing.to_trim(index, 2) == ["b#1"]
    assert reviewing.to_trim(index, 3) == []
    assert reviewing.to_trim(index, 0) == ["b#1", "c#2", "a#1"]


def test_describe_names_the_variant_and_its_reading():
    subject = reviewing.Subject(_record("mexican_train", 4, 2))
    d = subject.describe()
    assert d["variant"] == "mexican_train" and d["players"] == 4
    assert d["options"]["set"] in ("double_twelve", "double_nine")
    assert d["reading"]["standing"] == "cost" and d["record"] == subject.id


def test_a_matchs_accuracy_is_read_from_the_verdicts_kept_for_its_hands():
    """The statistics' accuracy of a match: over every kept verdict of its hands, the share
    of the seat's judged moves without a mistake or a blunder."""
    def doc(seat, judged, mistakes, blunders):
        return {"totals": [{"seat": seat, "judged": judged, "mistakes": mistakes,
                            "blunders": blunders, "accuracy": 0.0},
                           {"seat": seat + 1, "judged": 9, "mistakes": 9, "blunders": 0}]}

    assert reviewing.seat_accuracy([doc(0, 6, 1, 0), doc(0, 4, 0, 1)], 0) == 0.8
    assert reviewing.seat_accuracy([doc(0, 6, 1, 0)], 2) is None  # that seat never judged
    assert reviewing.seat_accuracy([], 0) is None
    # Unreadable verdicts and impossible counts are skipped, never fatal.
    assert reviewing.seat_accuracy([None, {"totals": "x"}, doc(0, 2, 3, 0), doc(0, 5, 0, 0)],
                                   0) == 1.0
    rec = {"format": "domino-record", "hands": [{}, {}]}
    rid = reviewing.record_id(rec)
    index = {reviewing.cache_key(rid, 2): 1, reviewing.cache_key("other", 1): 1}
    assert reviewing.kept_keys(rec, 2, index) == [reviewing.cache_key(rid, 2)]


def _judged(subject, hand, budget=30):
    job = subject.judge(hand, None, budget)
    while not job.step(1000):
        pass
    return job.result()


def test_a_hand_reviewed_mid_match_is_found_again_in_the_finished_match():
    """Issue 13's weakness: a review opened at the end-of-hand summary was keyed by that
    mid-match record, so the finished match (more hands) never found it again."""
    full = _record("block", 2, 5, hands=3)
    mid = reviewing.upto(full, 1)  # the record at hand 1's summary
    assert mid["hands"] == full["hands"][:1] and mid["seed"] == full["seed"]
    early, late = reviewing.Subject(mid), reviewing.Subject(full)
    assert early.key(1) == late.key(1) and early.key(1) != late.legacy_key(1)
    assert late.key(2) != late.key(1) and late.key(3) == late.legacy_key(3)
    # What the statistics read for the finished match finds the mid-match verdict.
    index = {early.key(1): 1}
    assert reviewing.kept_keys(full, 3, index) == [early.key(1)]
    # The verdict judged mid-match is the finished match's: usable as it is, same figures.
    doc = _judged(early, 1)
    assert late.usable({"review": doc}, 1, None, 30)
    assert _judged(late, 1) == doc
    # A record with another hand 1 (another deal) does not find it.
    other = reviewing.Subject(_record("block", 2, 6, hands=3))
    assert other.key(1) != early.key(1)


def test_verdicts_kept_under_the_whole_record_are_moved_once():
    """Before, a hand's verdict was kept under the whole record's identity: it is still
    counted by the statistics, and moved to the hand's key with the same figures."""
    full = _record("block", 2, 5, hands=3)
    subject = reviewing.Subject(full)
    legacy = Review(copy.deepcopy(full), None, 30, hands=[2]).run()  # as kept before
    assert legacy["record"] == subject.id
    assert not subject.usable({"review": legacy}, 2, None, 30)
    index = {subject.legacy_key(2): 7}
    assert reviewing.kept_keys(full, 3, index) == [subject.legacy_key(2)]
    moved = subject.upgrade({"review": legacy, "at": 7}, 2)
    assert moved["at"] == 7 and subject.usable(moved, 2, None, 30)
    assert moved["review"]["moves"] == legacy["moves"]
    assert moved["review"]["totals"] == legacy["totals"]
    assert {k: v for k, v in moved["review"].items() if k != "record"} \
        == {k: v for k, v in legacy.items() if k != "record"}
    # Only a complete verdict of that hand of this record is moved.
    assert subject.upgrade({"review": legacy}, 1) is None
    assert subject.upgrade({"review": dict(legacy, complete=False)}, 2) is None
    assert subject.upgrade({"review": dict(legacy, record="sha256:x")}, 2) is None
    assert subject.upgrade(None, 2) is None
    # Both keys kept: the hand's own wins.
    both = {subject.legacy_key(2): 1, subject.key(2): 2}
    assert reviewing.kept_keys(full, 3, both) == [subject.key(2)]


def test_a_matchs_summary_sums_its_hands():
    full = _record("block", 2, 5, hands=3)
    subject = reviewing.Subject(full)
    docs = [_judged(subject, h) for h in (1, 2, 3)]
    totals = reviewing.match_totals(docs)
    assert [t["seat"] for t in totals] == [0, 1]
    for t in totals:
        per_hand = [x for d in docs for x in d["totals"] if x["seat"] == t["seat"]]
        assert t["hands"] == 3
        for name in ("decisions", "judged", "forced", "inaccuracies", "mistakes", "blunders"):
            assert t[name] == sum(x[name] for x in per_hand), name
        assert abs(t["total_loss"] - sum(x["total_loss"] for x in per_hand)) < 0.011
        judged = [e for d in docs for e in d["moves"]
                  if e["seat"] == t["seat"] and not e["forced"]]
        bad = sum(1 for e in judged if e["mark"] in ("mistake", "blunder"))
        assert t["accuracy"] == (round(1 - bad / len(judged), 4) if judged else 1.0)
        # The worst three of the match: the largest losses of all its hands, each with its
        # hand, its move and the move played as data (the page names it in words).
        losses = sorted((-e["loss"], e["hand"], e["move"]) for e in judged if e["loss"] > 0)
        assert [(-w["loss"], w["hand"], w["move"]) for w in t["worst"]] == losses[:3]
        for w in t["worst"]:
            assert w["played_move"] == subject.positions(w["hand"])[w["move"] - 1]["move"]


def test_a_matchs_summary_by_hand_figures():
    def doc(hand, seat, judged, mistakes, loss, worst):
        return {"moves": [], "totals": [{
            "seat": seat, "decisions": judged + 1, "judged": judged, "forced": 1,
            "inaccuracies": 0, "mistakes": mistakes, "blunders": 0, "total_loss": loss,
            "worst": [{"hand": hand, "move": m, "loss": v, "mark": None} for m, v in worst]}]}

    totals = reviewing.match_totals([doc(1, 0, 4, 1, 3.5, [(2, 3.0), (5, 0.5)]),
                                     doc(2, 0, 6, 1, 9.25, [(1, 6.0), (4, 3.0), (3, 0.25)]),
                                     None, doc(3, 0, 0, 0, 0.0, [])])
    assert len(totals) == 1
    t = totals[0]
    assert (t["hands"], t["decisions"], t["judged"], t["forced"], t["mistakes"]) \
        == (3, 13, 10, 3, 2)
    assert t["accuracy"] == 0.8 and t["total_loss"] == 12.75
    # Ties in loss: the earlier hand, then the earlier move.
    assert [(w["hand"], w["move"]) for w in t["worst"]] == [(2, 1), (1, 2), (2, 4)]
    assert reviewing.match_totals([]) == []
    assert reviewing.match_totals([doc(1, 1, 0, 0, 0.0, [])])[0]["accuracy"] == 1.0
