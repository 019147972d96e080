"""RULES.md section 4.7: block and draw, B-01 .. B-07.

RULES.md: 4.7, 3.1, 3.2
"""

from __future__ import annotations


def test_B01_block_deal_dead_boneyard(sc):
    for n, each in ((2, 7), (3, 5), (4, 5)):
        for seed in (1, 2, 3):
            v = sc.new_view("block", {"players": n}, seed)
            assert sc.counts(v) == [each] * n, (n, seed)
            assert v["drawable"] == 0, (n, seed)
    # A stuck player passes: the undealt tiles are never drawn.
    assert sc.legal_set(sc.load("B-01")) == (0, {"pass"})


def test_B02_block_domino(sc):
    out = sc.replay(sc.load("B-02"))
    sc.check_hand(out["hands"][0], termination="domino", winner=0, pips=[0, 14, 6],
                  delta=[20, 0, 0])


def test_B03_block_blocked(sc):
    out = sc.replay(sc.load("B-03"))
    sc.check_hand(out["hands"][0], termination="blocked", winner=0, pips=[6, 10, 9],
                  delta=[13, 0, 0])


def test_B04_block_blocked_tie(sc):
    rec = sc.load("B-04")
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="blocked", winner=None, pips=[6, 6, 9],
                  delta=[0, 0, 0])
    out = sc.replay(sc.with_options(rec, tie_rule="lightest_tile"))
    sc.check_hand(out["hands"][0], termination="blocked", winner=0, pips=[6, 6, 9],
                  delta=[9, 0, 0])


def test_B05_partnership_block(sc):
    out = sc.replay(sc.load("B-05"))
    # Team A {P0, P2} 5 + 4 = 9 beats team B {P1, P3} 3 + 10 = 13 and scores 13 - 9 = 4.
    sc.check_hand(out["hands"][0], termination="blocked", winner=[0, 2], pips=[5, 3, 4, 10],
                  delta=[4, 0, 4, 0])


def test_B06_draw_reserve(sc):
    for name in ("B-06", "B-06-b"):  # 2p with 2 tiles left; 3p with 1 tile left
        rec = sc.load(name)
        assert sc.legal_set(sc.with_options(rec, reserve="classic")) == (0, {"pass"}), name
        assert sc.legal_set(rec) == (0, {"draw"}), name


def test_B07_draw_domino(sc):
    out = sc.replay(sc.load("B-07"))
    sc.check_hand(out["hands"][0], termination="domino", winner=0, pips=[0, 12], delta=[12, 0])
