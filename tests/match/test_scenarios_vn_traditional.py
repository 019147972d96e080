"""RULES.md section 4.2 (T-01 .. T-08) and the worked examples of section 2.1.

RULES.md: 4.2, 2.1
"""

from __future__ import annotations


def test_T01_opening_lead_66_in_boneyard(sc):
    out = sc.cli_json("legal", str(sc.path("T-01")))
    assert out == {"to_move": 0, "legal": ["5-5"]}
    assert sc.legal(sc.load("T-01")) == out
    rec = sc.with_moves(sc.load("T-01"), ["5-5"])
    assert sc.replay(rec)["to_move"] == 1


def test_T02_opening_lead_no_doubles(sc):
    assert sc.legal(sc.load("T-02")) == {"to_move": 0, "legal": ["6-3"]}


def test_T03_pip_value_00_is_13(sc):
    rs = sc.ruleset("vn_traditional", {})
    assert rs.pips([(0, 0), (2, 1)]) == 16
    assert rs.pips([(0, 0)]) == 13
    assert rs.pips([(6, 6)]) == 12
    assert rs.pip((0, 0)) == 13


def test_T04_4p_domino_settlement(sc):
    out = sc.replay(sc.load("T-04"))
    assert len(out["hands"]) == 1
    # Worst first P2 (13), P1 (12), P3 (10).
    sc.check_hand(out["hands"][0], termination="domino", winner=0, ranking=[0, 3, 1, 2],
                  pips=[0, 12, 13, 10], delta=[60, -20, -30, -10], house=0)
    # Hand 2 is led by P0 with any tile.
    assert out["to_move"] == 0
    assert set(out["legal"]) == {"6-6", "6-5", "6-4", "6-3", "6-2", "6-1", "6-0"}


def test_T05_loser_tie_by_tile_count(sc):
    out = sc.replay(sc.load("T-05"))
    sc.check_hand(out["hands"][0], termination="domino", winner=0, ranking=[0, 1, 2, 3],
                  pips=[0, 7, 7, 9], delta=[60, -10, -20, -30])


def test_T06_loser_tie_by_highest_tile(sc):
    out = sc.replay(sc.load("T-06"))
    sc.check_hand(out["hands"][0], termination="domino", winner=0, ranking=[0, 2, 1, 3],
                  pips=[0, 7, 7, 9], delta=[60, -20, -10, -30])


def test_T07_3p_domino(sc):
    out = sc.replay(sc.load("T-07"))
    sc.check_hand(out["hands"][0], termination="domino", winner=1, ranking=[1, 2, 0],
                  pips=[20, 0, 5], delta=[-20, 30, -10])


def test_T08_2p_domino(sc):
    out = sc.replay(sc.load("T-08"))
    sc.check_hand(out["hands"][0], termination="domino", winner=0, delta=[10, -10])


def test_W21a_worked_example_domino(sc):
    # Section 2.1 worked example (domino), the same deal as T-04.
    out = sc.replay(sc.load("T-04"))
    sc.check_hand(out["hands"][0], winner=0, pips=[0, 12, 13, 10], delta=[60, -20, -30, -10])


def test_W21b_worked_example_blocked_00_is_13(sc):
    # Section 2.1 worked example on F-BLOCKED-19: P2 wins because 0-0 counts 13.
    out = sc.replay(sc.load("W-21b"))
    sc.check_hand(out["hands"][0], termination="blocked", winner=2, ranking=[2, 3, 0, 1],
                  pips=[20, 22, 10, 13], delta=[-40, -40, 120, -40], house=0)


# --- beyond section 4: the partnership option (A-7) ---------------------------------------


def test_extra_partnership_domino(sc):
    # T-04 with partnerships: P0 goes out, so {P0, P2} win; 2B to and from every player.
    rec = sc.prefix(sc.with_options(sc.load("T-04"), partnership=True), 1, hand=0)
    rec["hands"] = rec["hands"][:1]
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="domino", winner=[0, 2],
                  delta=[20, -20, 20, -20])


def test_extra_partnership_blocked(sc):
    # F-BLOCKED-19 with partnerships: {P0, P2} 20 + 10 = 30 beat {P1, P3} 22 + 13 = 35; 4B.
    out = sc.replay(sc.with_options(sc.load("W-21b"), partnership=True))
    sc.check_hand(out["hands"][0], termination="blocked", winner=[0, 2],
                  delta=[40, -40, 40, -40])
