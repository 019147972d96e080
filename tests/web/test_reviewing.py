"""The web review's worker side (web/reviewing.py): the positions of a finished hand as the
page draws them, only finished hands offered, the judging in steps with structured moves, the
same verdict twice, and the kept verdicts' keys and bound.

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
