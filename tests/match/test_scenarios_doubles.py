"""RULES.md section 4.5 (D-01 .. D-03, D-07 .. D-11) and the worked example of section 2.4.

RULES.md: 4.5, 2.4
"""

from __future__ import annotations


def test_D01_deal(sc):
    for n, each, boneyard, drawable in ((2, 8, 12, 10), (3, 6, 10, 8), (4, 6, 4, 2)):
        for seed in (1, 2, 3):
            v = sc.new_view("doubles", {"players": n}, seed)
            assert sc.counts(v) == [each] * n, (n, seed)
            assert v["boneyard"] == boneyard, (n, seed)
            assert v["drawable"] == drawable, (n, seed)


def test_D02_no_double_dealt_redeal(sc):
    rec = sc.load("D-02")
    dealt = rec["hands"][0]["deal"]["hands"]
    assert not any(a == b for h in dealt for a, b in (t.split("-") for t in h))
    out = sc.replay(rec)
    # The deal is voided with no moves: no hand ended, and the new deal's lead is a double
    # (none of the voided hands holds one).
    assert out["hands"] == []
    assert out["to_move"] is not None
    assert len(out["legal"]) == 1
    a, b = out["legal"][0].split("-")
    assert a == b
    v = sc.view(rec, out["to_move"])
    assert out["legal"][0] in {f"{x}-{y}" for x, y in sorted(sc.tileset(v["hand"]))}
    assert sc.tileset(v["hand"]) != sc.tileset(dealt[out["to_move"]])


def test_D03_lead_highest_double_in_hand(sc):
    assert sc.legal(sc.load("D-03")) == {"to_move": 1, "legal": ["4-4"]}


def test_D07_draw_one_must_play(sc):
    rec = sc.load("D-07")
    assert sc.legal_set(sc.prefix(rec, 0)) == (1, {"draw"})
    # 6-2 drawn: 6 is unlocked (6-6 is down), 4 equivalent placements on the free sides.
    assert sc.legal_set(rec) == (1, {"6-2@L", "6-2@R", "6-2@N", "6-2@S"})
    # Variant: 0-0 drawn, no end shows 0: keep it and pass.
    rec = sc.load("D-07-b")
    assert sc.legal_set(sc.prefix(rec, 1)) == (1, {"pass"})
    out = sc.replay(rec)
    assert out["hands"] == []
    assert out["to_move"] == 2
    v = sc.view(rec, 1)
    assert sc.tileset(v["hand"]) == sc.tileset(["2-1", "4-0", "0-0"])
    assert v["boneyard"] == 3


def test_D08_boneyard_at_two(sc):
    rec = sc.load("D-08")
    assert sc.legal_set(rec) == (1, {"pass"})
    out = sc.replay(sc.with_moves(rec, ["pass"]))
    assert out["to_move"] == 2
    assert sc.view(sc.with_moves(rec, ["pass"]), 1)["boneyard"] == 2


def test_D09_domino_scoring(sc):
    out = sc.replay(sc.load("D-09"))
    sc.check_hand(out["hands"][0], termination="domino", winner=0, pips=[0, 15, 1],
                  delta=[16, 0, 0])


def test_D10_blocked_scoring(sc):
    out = sc.replay(sc.load("D-10"))
    sc.check_hand(out["hands"][0], termination="blocked", winner=1, pips=[10, 7, 12],
                  delta=[0, 22, 0])
    # Tie for lowest (7, 7, 12): nobody scores.
    out = sc.replay(sc.load("D-10-b"))
    sc.check_hand(out["hands"][0], termination="blocked", winner=None, pips=[7, 7, 12],
                  delta=[0, 0, 0])


def test_D11_match_end(sc):
    out = sc.replay(sc.load("D-11"))
    sc.check_hand(out["hands"][0], winner=0, delta=[16, 0, 0])
    assert out["match"]["over"] is True
    assert out["match"]["winners"] == [0]
    assert out["match"]["scores"] == [111, 0, 0]
    assert out["to_move"] is None
    assert out["legal"] == []


def test_W24_worked_example_two_hands(sc):
    # Section 2.4: P0 scores 16 by going out; a hand later the block (10, 7, 12) gives P1 22.
    out = sc.replay(sc.load("W-24"))
    assert len(out["hands"]) == 2
    sc.check_hand(out["hands"][0], termination="domino", winner=0, delta=[16, 0, 0])
    sc.check_hand(out["hands"][1], termination="blocked", winner=1, delta=[0, 22, 0])
    assert out["match"]["over"] is False
