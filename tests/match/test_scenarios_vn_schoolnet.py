"""RULES.md section 4.3 (S-01 .. S-06, S-12) and the worked example of section 2.2.

RULES.md: 4.3, 2.2
"""

from __future__ import annotations

import pytest


def test_S01_lead_any_tile(sc):
    rec = sc.load("S-01")
    p2 = rec["hands"][0]["deal"]["hands"][2]
    assert "6-6" in p2 and "2-1" in p2
    to_move, legal = sc.legal_set(rec)
    assert to_move == 2
    assert legal == set(p2)


def test_S02_must_play_may_not_draw(sc):
    rec = sc.load("S-02")
    assert sc.legal_set(rec) == (0, {"6-2@L"})
    errors = sc.errors()
    for bad in ("draw", "pass"):
        with pytest.raises((errors.IllegalMoveError, errors.RecordError)):
            sc.replay(sc.with_moves(rec, [bad]))


def test_S03_domino_settlement(sc):
    out = sc.replay(sc.load("S-03"))
    sc.check_hand(out["hands"][0], termination="domino", winner=0, pips=[0, 12, 7, 0],
                  delta=[19, -12, -7, 0])


def test_S04_forced_block(sc):
    rec = sc.load("S-04")
    # P1 cannot play, P0 can: not blocked, so P1 passes.
    assert sc.legal_set(sc.prefix(rec, 0)) == (1, {"pass"})
    assert sc.legal_set(sc.prefix(rec, 1)) == (0, {"5-5@L", "5-5@R"})
    for last in ("5-5@L", "5-5@R"):
        out = sc.replay(sc.with_moves(rec, ["pass", last]))
        assert len(out["hands"]) == 1
        sc.check_hand(out["hands"][0], termination="blocked", blocker=None, gai=None, winner=0,
                      ranking=[0, 1], pips=[3, 9], delta=[9, -9])
        assert out["to_move"] is None
    # The same ending reached from earlier in the hand: P1 places 6-4, P0 places 5-4, P1
    # passes, P0 places 5-5. Both earlier placements are outside the horizon (their players
    # acted again), and P0's last one was not avoidable, so the block is still forced.
    rec = sc.load("S-04-b")
    assert sc.legal_set(sc.prefix(rec, 0)) == (1, {"6-4@R"})
    assert sc.legal_set(sc.prefix(rec, 2)) == (1, {"pass"})
    assert sc.legal_set(sc.prefix(rec, 3)) == (0, {"5-5@L", "5-5@R"})
    out = sc.replay(rec)
    assert len(out["hands"]) == 1
    sc.check_hand(out["hands"][0], termination="blocked", blocker=None, gai=None, winner=0,
                  ranking=[0, 1], pips=[3, 9], delta=[9, -9])


def test_S05_deliberate_block_gai(sc):
    rec = sc.load("S-05")
    assert sc.legal_set(sc.prefix(rec, 0)) == (2, {"5-5@L", "6-4@R", "6-1@R"})
    assert sc.legal_set(sc.prefix(rec, 1)) == (3, {"6-5@L", "6-5@R"})
    out = sc.cli_json("replay", str(sc.path("S-05")))
    assert len(out["hands"]) == 1
    sc.check_hand(out["hands"][0], termination="blocked", winner=3, blocker=3, gai=2,
                  ranking=[3, 1, 0, 2], pips=[20, 10, 22, 0], delta=[0, 0, -104, 104], house=0)


def test_S05_last_placer_mode(sc):
    # S-05 under the option blocker_mode=last_placer (2.2.2): P3 made the final placement and
    # had a different legal placement, 6-5@L (ends 6|6, P0 can play 6-6), after which the hand
    # would not be immediately blocked. So P3 is the blocker in this mode too, and the
    # settlement of table 2.2.4 is the same as in S-05.
    rec = sc.with_options(sc.load("S-05"), blocker_mode="last_placer")
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="blocked", winner=3, blocker=3, gai=2,
                  pips=[20, 10, 22, 0], delta=[0, 0, -104, 104])


def test_S06_deliberate_block_no_gai(sc):
    rec = sc.load("S-06")
    assert sc.legal_set(sc.prefix(rec, 0)) == (2, {"5-5@L"})
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="blocked", winner=3, blocker=3, gai=None,
                  ranking=[3, 2, 0, 1], pips=[20, 22, 10, 0], delta=[-40, -44, -20, 104])


def test_S12_draw_until_playable(sc):
    rec = sc.load("S-12")
    for n in range(3):
        assert sc.legal_set(sc.prefix(rec, n)) == (0, {"draw"}), n
    assert sc.legal_set(sc.prefix(rec, 3)) == (0, {"5-1@R"})
    errors = sc.errors()
    with pytest.raises((errors.IllegalMoveError, errors.RecordError)):
        sc.replay(sc.with_moves(rec, ["draw", "draw", "draw", "pass"]))
    out = sc.replay(rec)
    assert out["hands"] == []
    assert out["to_move"] == 1
    v = sc.view(rec, 0)
    assert sc.tileset(v["hand"]) == sc.tileset(["2-1", "4-3", "0-0", "2-2"])
    assert v["boneyard"] == 1
    assert sc.line_ends(v["layout"]) == (6, 1)


def test_W22_worked_example_gai(sc):
    # Section 2.2 worked example (= S-05): P2 pays P3 2*(20+10+22) = 104, nobody else pays.
    out = sc.replay(sc.load("S-05"))
    sc.check_hand(out["hands"][0], winner=3, blocker=3, gai=2, delta=[0, 0, -104, 104])


# --- beyond section 4: the two "K != W" rows of table 2.2.4 --------------------------------


def test_extra_S224_blocker_loses_with_gai(sc):
    # S-05's position with P0 {4-4, 0-0} and P3 {6-6, 6-5}: P3 still blocks deliberately
    # (6-5@L leaves 6|6 and P2 can play), but P0 (8) beats P3 (12). P2 set it up (it held 6-4
    # and 6-1 besides 5-5), so K pays U the whole 8 + 10 + 22 = 40.
    out = sc.replay(sc.load("X-S-224-c"))
    sc.check_hand(out["hands"][0], termination="blocked", winner=0, blocker=3, gai=2,
                  pips=[8, 10, 22, 12], delta=[0, 0, 40, -40])


def test_extra_S224_blocker_loses_no_gai(sc):
    # As above with P1 and P2's tiles as in S-06 (P2's only play was 5-5): K pays each other
    # player that player's own pips.
    out = sc.replay(sc.load("X-S-224-d"))
    sc.check_hand(out["hands"][0], termination="blocked", winner=0, blocker=3, gai=None,
                  pips=[8, 22, 10, 12], delta=[8, 22, 10, -40])
