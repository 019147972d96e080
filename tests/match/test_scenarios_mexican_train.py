"""RULES.md section 4.9: mexican_train, MT-01 .. MT-07.

RULES.md: 4.9, 3.4
"""

from __future__ import annotations


def test_MT01_rounds_and_deal(sc):
    for n, each in ((4, 15), (6, 12), (8, 10)):
        views = [sc.new_view("mexican_train", {"players": n}, 5, seat) for seat in range(n)]
        v = views[0]
        assert sc.counts(v) == [each] * n, n
        assert v["boneyard"] == 90 - each * n, n
        # Round 1: the 12-12 engine sits in the hub, out of every hand.
        assert v["layout"]["engine"] == 12
        assert all((12, 12) not in sc.tileset(x["hand"]) for x in views)
    # Round 13 (a record whose first hand is hand 13, dealt from the seed): engine 0-0.
    rec = sc.load("MT-01")
    views = [sc.view(rec, seat) for seat in range(4)]
    assert views[0]["layout"]["engine"] == 0
    assert sc.counts(views[0]) == [15] * 4
    assert views[0]["boneyard"] == 30
    assert all((0, 0) not in sc.tileset(x["hand"]) for x in views)
    assert sc.engine_of_round(1) == 12
    assert sc.engine_of_round(13) == 0


def test_MT04_marker_removal(sc):
    rec = sc.load("MT-04")
    to_move, legal = sc.legal_set(sc.prefix(rec, 0))
    assert to_move == 0 and "5-3@T0" in legal
    v = sc.view(rec, 1)
    trains = {t["id"]: t for t in v["layout"]["trains"]}
    assert trains["T0"]["marker"] is False
    # P0's train is private again: P1 (holding 3-1) may not play on it.
    out = sc.replay(rec)
    assert out["to_move"] == 1
    assert not any(m.endswith("@T0") for m in out["legal"])
    assert set(out["legal"]) == {"draw"}


def test_MT05_going_out_on_a_double(sc):
    out = sc.replay(sc.load("MT-05"))
    assert len(out["hands"]) == 1
    # RECORD.md: "termination is domino, blocked or (mexican_train) round_over" does not say
    # whether going out in mexican_train is "domino" or "round_over"; either ends the round.
    assert out["hands"][0]["termination"] in ("domino", "round_over")
    sc.check_hand(out["hands"][0], pips=[0, 13], delta=[0, 13])
    assert out["to_move"] is None
    assert out["legal"] == []


def test_MT06_scoring(sc):
    assert sc.ruleset("mexican_train", {}).pips([(0, 0), (12, 11)]) == 23
    assert sc.ruleset("mexican_train", {"double_blank_value": 50}).pips([(0, 0), (12, 11)]) == 73
    rec = sc.load("MT-06")
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], pips=[0, 23], delta=[0, 23])
    out = sc.replay(sc.with_options(rec, double_blank_value=50))
    sc.check_hand(out["hands"][0], pips=[0, 73], delta=[0, 73])


def test_MT07_blocked_round(sc):
    rec = sc.load("MT-07")
    for n in range(4):
        assert sc.legal_set(sc.prefix(rec, n)) == (n, {"pass"}), n
    out = sc.replay(rec)
    assert len(out["hands"]) == 1
    sc.check_hand(out["hands"][0], termination="round_over", pips=[5, 11, 7, 21],
                  delta=[5, 11, 7, 21])
    assert out["to_move"] is None
