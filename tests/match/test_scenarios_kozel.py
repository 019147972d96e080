"""RULES.md section 4.6 (K-01 .. K-07) and the worked example of section 2.5.

RULES.md: 4.6, 2.5
"""

from __future__ import annotations


def test_K01_deal(sc):
    for n, each, market in ((2, 7, 14), (3, 5, 13), (4, 5, 8)):
        for seed in (1, 2, 3):
            v = sc.new_view("kozel", {"players": n}, seed)
            assert sc.counts(v) == [each] * n, (n, seed)
            assert v["boneyard"] == market, (n, seed)


def test_K02_no_double_lead_senior_order(sc):
    rec = sc.load("K-02")
    assert sc.legal(rec) == {"to_move": 0, "legal": ["6-1"]}
    # Cross-check: vn_iwin leads the same deal with the highest pip total, P1's 5-4.
    assert sc.legal(sc.with_variant(rec, "vn_iwin")) == {"to_move": 1, "legal": ["5-4"]}


def test_K03_pair_of_doubles(sc):
    rec = sc.load("K-03")
    assert sc.legal_set(sc.prefix(rec, 0)) == (0, {"2-2@L", "5-5@R", "2-2@L+5-5@R"})
    out = sc.replay(rec)
    assert out["hands"] == []
    # Ends are still L=2 | R=5: P1 {5-0, 4-3} can only play 5-0 on the right.
    assert out["to_move"] == 1
    assert set(out["legal"]) == {"5-0@R"}
    v = sc.view(rec, 0)
    assert sc.tileset(v["hand"]) == sc.tileset(["3-1"])
    assert sc.line_ends(v["layout"]) == (2, 5)


def test_K04_pair_to_go_out(sc):
    out = sc.replay(sc.load("K-04"))
    assert len(out["hands"]) == 1
    # P1 holds {6-6, 4-3} = 19 >= 13: recorded (the record opens).
    sc.check_hand(out["hands"][0], termination="domino", winner=0, pips=[0, 19], delta=[0, 19])
    assert out["to_move"] is None


def test_K05_pair_not_available(sc):
    assert sc.legal_set(sc.load("K-05")) == (0, {"4-4@L", "4-4@R"})
    assert sc.legal_set(sc.load("K-05-b")) == (0, {"2-2@L"})


def test_K06_market_draw_until_playable(sc):
    rec = sc.load("K-06")
    for n in range(3):
        assert sc.legal_set(sc.prefix(rec, n)) == (0, {"draw"}), n
    assert sc.legal_set(sc.prefix(rec, 3)) == (0, {"5-0@L"})
    out = sc.replay(rec)
    assert out["hands"] == []
    assert out["to_move"] == 1
    v = sc.view(rec, 0)
    assert sc.tileset(v["hand"]) == sc.tileset(["3-1", "4-4", "1-1", "6-6"])
    assert v["boneyard"] == 0
    assert sc.line_ends(v["layout"]) == (0, 2)


def test_K07_hand_points(sc):
    always = sc.ruleset("kozel", {})
    assert always.pips([(0, 0), (2, 1)]) == 28
    assert always.pips([(0, 0)]) == 25
    sole = sc.ruleset("kozel", {"zero_double_rule": "only_if_sole_tile"})
    assert sole.pips([(0, 0), (2, 1)]) == 3
    assert sole.pips([(0, 0)]) == 25


def test_W25_worked_example_fish_and_goat(sc):
    # Records P0 = 0 (closed), P1 = 40, P2 = 95; fish with P0 {0-0} 25, P1 {2-1} 3, P2 {4-2} 6.
    out = sc.replay(sc.load("W-25"))
    assert len(out["hands"]) == 1
    sc.check_hand(out["hands"][0], termination="blocked", pips=[25, 3, 6], delta=[25, 3, 6])
    match = out["match"]
    assert match["over"] is True
    assert match["goat"] == [2]
    assert match["records"] == [25, 43, 101]


# --- beyond section 4: the opening 13 (A-25) ------------------------------------------------


def test_extra_kozel_opening_13(sc):
    # K-04 with P1 holding {4-3} = 7: a closed record does not record a hand under 13 ...
    rec = sc.with_start(sc.load("K-04"), 0, hands=[["2-2", "5-5"], ["4-3"]])
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="domino", winner=0, pips=[0, 7], delta=[0, 0])
    # ... while an open record adds it.
    rec["match"] = {"hand_number": 3, "records": [0, 20], "open": [False, True]}
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="domino", winner=0, pips=[0, 7], delta=[0, 7])
    assert out["match"]["records"] == [0, 27]
