"""RULES.md section 4.6 (K-01 .. K-10: K-08 .. K-10 are Kozel in pairs, the option
``partnership``) and the worked example of section 2.5.

RULES.md: 4.6, 2.5
"""

from __future__ import annotations

import pytest


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


def test_K08_pairs_deal_and_knock(sc):
    # 7 tiles each, market 0.
    for seed in (1, 2, 3):
        v = sc.new_view("kozel", {"players": 4, "partnership": True}, seed)
        assert sc.counts(v) == [7] * 4, seed
        assert v["boneyard"] == 0, seed
    # L=3 | R=5 and P1 holds no 3 and no 5: the only legal move is pass; no draw exists.
    rec = sc.load("K-08")
    assert sc.line_ends(sc.view(sc.prefix(rec, 0), 1)["layout"]) == (3, 5)
    assert sc.legal_set(sc.prefix(rec, 0)) == (1, {"pass"})
    out = sc.replay(rec)
    assert out["hands"] == []
    assert out["to_move"] == 2
    # There is no market in pairs: a start position that lists spare tiles still only knocks
    # (docs/DECISIONS.md E-45), though 5-0 would fit the right end.
    spare = sc.with_start(sc.prefix(rec, 0), 0, boneyard=["5-0"])
    assert sc.legal_set(spare) == (1, {"pass"})


def test_K09_pairs_domino(sc):
    # Records {P0,P2} = 0 (closed), {P1,P3} = 90; P1 goes out; P0 {6-6}, P2 {0-0,1-0}, P3 {2-1}.
    out = sc.replay(sc.load("K-09"))
    assert len(out["hands"]) == 1
    # {P0,P2} records 12 + 26 = 38 (it opens); {P1,P3} nothing (P3's 3 is not counted). A
    # team's record shows on both its seats (RECORD.md), in delta, records and open alike.
    sc.check_hand(out["hands"][0], termination="domino", winner=[1, 3], pips=[12, 0, 26, 3],
                  delta=[38, 0, 38, 0])
    match = out["match"]
    assert match["records"] == [38, 90, 38, 90]
    assert match["open"] == [True, True, True, True]
    assert match["over"] is False and "goat" not in match


def test_K10_pairs_fish_and_the_goats(sc):
    # Records {P0,P2} = 38, {P1,P3} = 90; fish with P0 {4-2}, P2 {3-1}, P1 {5-4}, P3 {0-0} (25).
    rec = sc.load("K-10")
    out = sc.replay(rec)
    assert len(out["hands"]) == 1
    sc.check_hand(out["hands"][0], termination="blocked", pips=[6, 9, 4, 25],
                  delta=[10, 34, 10, 34])
    match = out["match"]
    assert match["records"] == [48, 124, 48, 124]
    assert match["over"] is True
    assert match["goat"] == [1, 3]
    # With fish_lowest_exempt: {P0,P2} records nothing (38), {P1,P3} -> 124, same goats.
    out = sc.replay(sc.with_options(rec, fish_lowest_exempt=True))
    sc.check_hand(out["hands"][0], termination="blocked", delta=[0, 34, 0, 34])
    assert out["match"]["records"] == [38, 124, 38, 124]
    assert out["match"]["goat"] == [1, 3]


# --- beyond section 4: Kozel in pairs, the other cases RULES.md 2.5 states ------------------


def test_extra_pairs_fish_equal_totals_both_record(sc):
    # fish_lowest_exempt with equal team totals: both record (RULES.md 2.5). K-10 with P3
    # holding 1-1 (2): {P0,P2} = 6 + 4 = 10, {P1,P3} = 9 + 2 = 11; with 1-0 (1): 10 and 10.
    rec = sc.with_options(sc.load("K-10"), fish_lowest_exempt=True)
    out = sc.replay(sc.with_start(rec, 0, hands=[["6-5", "4-2"], ["5-4"], ["3-1"], ["1-0"]]))
    sc.check_hand(out["hands"][0], termination="blocked", pips=[6, 9, 4, 1],
                  delta=[10, 10, 10, 10])
    assert out["match"]["records"] == [48, 100, 48, 100]
    assert out["match"]["over"] is False
    out = sc.replay(sc.with_start(rec, 0, hands=[["6-5", "4-2"], ["5-4"], ["3-1"], ["1-1"]]))
    sc.check_hand(out["hands"][0], termination="blocked", delta=[0, 11, 0, 11])


def test_extra_pairs_both_teams_past_101(sc):
    # Both teams pass 101 in one hand: the higher record loses; equal records are co-goats.
    rec = sc.load("K-10")
    rec["match"]["records"] = [95, 90, 95, 90]
    out = sc.replay(rec)  # 95 + 10 = 105, 90 + 34 = 124
    assert out["match"]["records"] == [105, 124, 105, 124]
    assert out["match"]["goat"] == [1, 3]
    rec["match"]["records"] = [114, 90, 114, 90]
    out = sc.replay(rec)  # 114 + 10 = 124 = 90 + 34
    assert out["match"]["records"] == [124, 124, 124, 124]
    assert out["match"]["goat"] == [0, 1, 2, 3]


def test_extra_pairs_closed_team_record_ignores_under_13(sc):
    # K-09 with P2 holding {1-0} only: {P0,P2} = 12 + 1 = 13 opens; with {0-0} out of P2's
    # hand and P0 {5-5}: 10 + 1 = 11 < 13 is not recorded while the record is closed.
    rec = sc.load("K-09")
    out = sc.replay(sc.with_start(rec, 0, hands=[["6-6"], ["3-3"], ["1-0"], ["2-1"]]))
    sc.check_hand(out["hands"][0], termination="domino", delta=[13, 0, 13, 0])
    out = sc.replay(sc.with_start(rec, 0, hands=[["5-5"], ["3-3"], ["1-0"], ["2-1"]]))
    sc.check_hand(out["hands"][0], termination="domino", pips=[10, 0, 1, 3], delta=[0, 0, 0, 0])
    assert out["match"]["open"] == [False, True, False, True]


def test_extra_pairs_partners_share_one_record(sc):
    # One record per team: a match state whose partners' records differ is no legal record.
    rec = sc.load("K-09")
    rec["match"]["records"] = [0, 90, 0, 80]
    with pytest.raises(sc.errors().RecordError, match="partners 1 and 3"):
        sc.replay(rec)
    rec["match"]["records"] = [0, 90, 0, 90]
    rec["match"]["open"] = [True, True, False, True]
    with pytest.raises(sc.errors().RecordError, match="partners 0 and 2"):
        sc.replay(rec)


def test_extra_pairs_need_four_players(sc):
    for players in (2, 3):
        with pytest.raises(sc.errors().OptionError):
            sc.ruleset("kozel", {"players": players, "partnership": True})


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
