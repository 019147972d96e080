"""RULES.md section 4.4 (I-01 .. I-08, I-15, I-16) and the worked example of section 2.3.

B = 1000; casual table (3%) unless stated.

RULES.md: 4.4, 2.3
"""

from __future__ import annotations


def test_I01_no_double_lead(sc):
    assert sc.legal(sc.load("I-01")) == {"to_move": 0, "legal": ["6-3"]}


def test_I02_highest_double_66_undealt(sc):
    assert sc.legal(sc.load("I-02")) == {"to_move": 0, "legal": ["5-5"]}


def test_I03_later_hands_any_tile(sc):
    rec = sc.load("I-03")
    p2 = rec["hands"][0]["deal"]["hands"][2]
    assert "6-6" in p2
    assert sc.legal_set(rec) == (2, set(p2))


def test_I04_4p_domino_ranking_thui_bo_tax(sc):
    out = sc.cli_json("replay", str(sc.path("I-04")))
    assert len(out["hands"]) == 1
    sc.check_hand(out["hands"][0], termination="domino", winner=0, blocker=None, gai=None,
                  ranking=[0, 1, 3, 2], pips=[0, 12, 12, 12],
                  delta=[1940, -15, -1000, -1000], house=75)


def test_I05_3p_domino_vip(sc):
    out = sc.replay(sc.load("I-05"))
    sc.check_hand(out["hands"][0], termination="domino", winner=2, ranking=[2, 0, 1],
                  pips=[8, 15, 0], delta=[-500, -1500, 1948], house=52)


def test_I06_2p_domino_high_roller(sc):
    out = sc.replay(sc.load("I-06"))
    sc.check_hand(out["hands"][0], termination="domino", winner=1, ranking=[1, 0],
                  pips=[13, 0], delta=[-2000, 1944], house=56)


def test_I07_pass_penalty(sc):
    rec = sc.load("I-07")
    # After P0's 5-4@R the ends are L=3 | R=4; P1 {6-6, 5-1} cannot play but P2 can.
    assert sc.legal_set(sc.prefix(rec, 1)) == (1, {"pass"})
    after_pass = sc.prefix(rec, 2)
    assert sc.legal_set(after_pass) == (2, {"3-1@L"})
    # Played out (P2 goes out with 3-1), the hand's delta includes that penalty:
    # ranking P2, P0 (2), P3 (8), P1 (18); rank +1000/+500/-500/-1000; thui bo P1 -500 -> P2;
    # pass P1 -500 -> P0; tax 3% on every credit.
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="domino", winner=2, ranking=[2, 0, 3, 1],
                  pips=[2, 18, 0, 8], delta=[970, -2000, 1455, -500], house=75)
    # The penalty is settled immediately (RULES.md 2.3): P1 -500, P0 +485 (500 less 3% tax),
    # before the hand ends.
    assert sc.match(after_pass).summary()["balances"] == [485, -500, 0, 0]


def test_I08_everyone_passes_back_to_placer(sc):
    rec = sc.load("I-08")
    for n, seat in ((1, 1), (2, 2), (3, 3)):
        assert sc.legal_set(sc.prefix(rec, n)) == (seat, {"pass"}), n
    after = sc.prefix(rec, 4)
    assert sc.legal_set(after) == (0, {"4-1@R"})
    # P0 goes out with 4-1: ranking P0, P3 (4), P2 (6), P1 (12); thui bo P1 and P3 each pay
    # 500 to P0; P3's +500 for 2nd place is taxed too; the three passes pay P0 500 each.
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="domino", winner=0, ranking=[0, 3, 2, 1],
                  pips=[0, 12, 6, 4], delta=[3395, -2000, -1000, -515], house=120)
    # Settled immediately: after the three passes, gross 1500 to P0, net 1455.
    assert sc.match(after).summary()["balances"] == [1455, -500, -500, -500]


def test_I15_tax_tiers(sc):
    rec = sc.load("I-15")
    for table, net, house in (("casual", 970, 30), ("high_roller", 972, 28), ("vip", 974, 26)):
        out = sc.replay(sc.with_options(rec, table=table))
        sc.check_hand(out["hands"][0], winner=1, delta=[-1000, net], house=house)


def test_I16_autoplay_while_disconnected(sc):
    rec = sc.load("I-16")
    assert sc.legal_set(rec) == (0, {"6-1@L", "6-1@R", "2-1@R"})
    assert str(sc.autoplay(rec)) == "6-1@L"


def test_W23_worked_example(sc):
    # Section 2.3 worked example (= I-04).
    out = sc.replay(sc.load("I-04"))
    sc.check_hand(out["hands"][0], ranking=[0, 1, 3, 2], delta=[1940, -15, -1000, -1000],
                  house=75)


# --- beyond section 4 -------------------------------------------------------------------


def test_extra_iwin_failed_block(sc):
    # C-06's position with P0 {4-4, 0-0} and P3 {6-6, 6-5}: P3 places last and blocks, but
    # ranks 3rd (P0 8, P2 10, P3 12, P1 22). Failure: P3 pays 3B, 1000 gross to each other
    # player (970 net, A-18); thui bo: P3's 6-6 pays 500 to P0 (1st).
    out = sc.replay(sc.load("X-I-failed-block"))
    sc.check_hand(out["hands"][0], termination="blocked", winner=0, blocker=3, gai=None,
                  ranking=[0, 2, 3, 1], pips=[8, 22, 10, 12],
                  delta=[1455, 970, 970, -3500], house=105)


def test_extra_iwin_start_last_placer(sc):
    # I-07 written as a start just after P0's placement, with "last_placer": 0 in the start:
    # P1's pass pays P0, and the hand settles exactly as I-07.
    rec = sc.load("X-I-07-last-placer")
    assert sc.legal_set(sc.prefix(rec, 0)) == (1, {"pass"})
    out = sc.replay(rec)
    sc.check_hand(out["hands"][0], termination="domino", winner=2, ranking=[2, 0, 3, 1],
                  pips=[2, 18, 0, 8], delta=[970, -2000, 1455, -500], house=75)
