"""RULES.md section 4.8: all_fives, AF-01 .. AF-08.

RULES.md: 4.8, 3.3
"""

from __future__ import annotations


def test_AF01_deal(sc):
    for n, each, boneyard in ((2, 9, 10), (3, 7, 7), (4, 5, 8)):
        for seed in (1, 2, 3):
            v = sc.new_view("all_fives", {"players": n}, seed)
            assert sc.counts(v) == [each] * n, (n, seed)
            assert v["boneyard"] == boneyard, (n, seed)


def test_AF02_lead_scores(sc):
    rec = sc.load("AF-02")
    assert sc.legal_set(rec)[0] == 0
    for lead, points in (("5-5", 10), ("6-4", 10), ("3-2", 5), ("5-0", 5), ("6-6", 0),
                         ("4-3", 0)):
        # The placer scores at once: the hand's points so far, as every seat sees them.
        assert sc.view(sc.with_moves(rec, [lead]), 1)["points"] == [points, 0], lead


def test_AF04_cross_sides_wait_for_line_sides(sc):
    assert sc.legal_set(sc.load("AF-04")) == (0, {"6-4@L"})


def test_AF06_domino_bonus_rounding(sc):
    rec = sc.load("AF-06")
    # P0 goes out with 1-0@R (ends 6 + 0 = 6: no end points); P1's pips rounded to 5.
    for p1, pips, bonus in ((["4-4", "3-1"], 12, 10), (["6-4", "3-0"], 13, 15),
                            (["2-0"], 2, 0)):
        out = sc.replay(sc.with_start(rec, 0, hands=[["1-0"], p1]))
        sc.check_hand(out["hands"][0], termination="domino", winner=0, pips=[0, pips],
                      delta=[bonus, 0])


def test_AF07_blocked_bonus(sc):
    rec = sc.load("AF-07")
    # P1's 6-5@R leaves ends 6 + 6 = 12 (no points); P0 7, P1 18.
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="blocked", winner=0, pips=[7, 18], delta=[20, 0])
    out = sc.replay(sc.with_options(rec, blocked_minus_own=True))
    sc.check_hand(out["hands"][0], termination="blocked", winner=0, pips=[7, 18], delta=[10, 0])


def test_AF08_drawn_tile_played_and_scores(sc):
    rec = sc.load("AF-08")
    assert sc.legal_set(sc.prefix(rec, 0)) == (0, {"draw"})
    assert sc.legal_set(sc.prefix(rec, 1)) == (0, {"draw"})
    assert sc.legal_set(sc.prefix(rec, 2)) == (0, {"6-1@R"})
    assert sc.view(rec, 0)["points"] == [5, 0]
    out = sc.replay(rec)
    assert out["hands"] == []
    assert out["to_move"] == 1
    v = sc.view(rec, 0)
    assert v["boneyard"] == 1
    assert sc.tileset(v["hand"]) == sc.tileset(["2-1", "5-3", "2-2"])


# --- beyond section 4: counting a spinner (3.3, A-31) -----------------------------------------


def test_extra_all_fives_spinner_count(sc):
    # Lead 5-5 is the spinner. 5-0@R: the spinner's free line side counts 10, + 0 = 10 (P0 +10).
    # 5-3@L: 3 + 0 = 3 (nothing); both line sides are now taken, so the cross sides open.
    # 5-2@N: 3 + 0 + 2 = 5 (P0 +5). P1 {4-4} and P0 {6-6} are then stuck with an empty
    # boneyard: blocked; P1 (8) scores P0's 12 rounded to 10.
    rec = sc.load("X-AF-spinner")
    assert sc.view(sc.prefix(rec, 1), 0)["points"] == [10, 0]
    assert sc.legal_set(sc.prefix(rec, 1)) == (1, {"5-3@L"})
    assert sc.view(sc.prefix(rec, 2), 0)["points"] == [10, 0]
    assert sc.legal_set(sc.prefix(rec, 2)) == (0, {"5-2@N", "5-2@S"})
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="blocked", winner=1, pips=[12, 8],
                  delta=[15, 10])
