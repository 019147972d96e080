"""Each row of the end-of-hand table says in one short line why it is what it is
(web/page/summary.py `why`, issue 25): School@net's blocker and setter, kozel's records that
stay closed under 13 or open, a blocked tie in Block won on the lightest tile or scoring
nothing, iWin's pass penalties; and in every variant settled on pips, what going out or the
fewest pips at a block scored (less one's own, rounded to 5, a partner's), vn_traditional's
places and stakes (a double blank counting 13), School@net's pips paid. The line is in the
table a player sees.

RULES.md: 2.1, 2.2.1, 2.2.4, 2.3, 2.4, 2.5, 3.1, 3.2, 3.3, 3.4
"""

import pytest
import summary
from test_summary_words import LANGS, hand_end, schoolnet_block


def test_schoolnet_a_lost_block_says_who_pays_and_who_collects():
    lost = schoolnet_block(False)  # seat 2 blocked and lost, seat 0 set it up
    assert summary.why("en", lost, 2) == \
        "Made the block and lost: pays the setter the whole amount"
    assert summary.why("en", lost, 0) == "Set up the block: collects the whole amount"
    assert summary.why("vi", lost, 0) == "Gài triệt: ăn toàn bộ"
    assert summary.why("en", lost, 3) == ""
    won = schoolnet_block(True)
    assert summary.why("en", won, 0) == "Set up the block: pays the blocker for everyone"
    # Without a setter the losing blocker pays each player their own pips.
    alone = schoolnet_block(False)
    alone["hand_result"]["gai"] = None
    assert summary.why("en", alone, 2) == "Made the block and lost: pays everyone their pips"
    assert summary.why("en", alone, 1) == "Receives their own pips from the blocker"
    assert "Thua triệt" in summary.why("vi", alone, 2)


def test_kozel_says_why_points_were_not_recorded():
    """Seed 1: seat 2 went out; seat 1 records 38 (its record opens); seats 3 and 4 hold 9 and
    10 points, under 13 with their records closed: nothing recorded."""
    state = hand_end("kozel", 1, {"players": 4}, ["ai:easy"] * 4)
    details = state["hand_result_details"]
    assert details["hand_points"] == [38, 0, 9, 10] and details["recorded"] == [38, 0, 0, 0]
    assert summary.why("en", state, 0) == "Record opened: 38 recorded"
    assert summary.why("en", state, 1) == "Went out: records nothing"
    assert summary.why("en", state, 2) == "9 not recorded: the record opens at 13"
    assert summary.why("ru", state, 3) == "10 не записано: запись открывается с 13"
    assert summary.why("vi", state, 2) == "9 điểm không ghi: sổ mở từ 13 điểm"
    assert 'class="why">9 not recorded' in summary.hand_table("en", state)


@pytest.mark.parametrize("rule", ["lightest_tile", "none"])
def test_a_blocked_tie_in_block_says_how_it_was_decided(rule):
    """Seed 123: the hand blocks with 6 pips in each hand."""
    state = hand_end("block", 123, {"players": 2, "tie_rule": rule}, ["human", "ai"])
    assert state["hand_result"]["pips"] == [6, 6]
    if rule == "lightest_tile":
        assert summary.why("en", state, 1) == "Tied on 6 pips: won on the lightest tile"
        assert summary.why("en", state, 0) == "Tied on 6 pips: lost on the lightest tile"
        assert summary.why("ru", state, 0) == "Ничья: 6 очков, младший камень у соперника"
    else:
        assert summary.why("en", state, 0) == "Tied for the lowest on 6 pips: nobody scores"


def test_iwin_rows_say_the_pass_penalties():
    state = hand_end("vn_iwin", 1, {"players": 4}, ["ai:easy"] * 4)
    items = [i for i in state["hand_result_details"]["items"] if i["kind"] == "pass"]
    assert items
    for seat in range(4):
        paid = -sum(i["amount"] for i in items if i["seat"] == seat and i["amount"] < 0)
        got = sum(i["amount"] for i in items if i["seat"] == seat and i["amount"] > 0)
        line = summary.why("en", state, seat)
        if paid and got:
            assert line == f"Passes: paid {paid:,}, received {got:,}"
        elif paid:
            assert line == f"Paid {paid:,} for passing"
        elif got:
            assert line == f"Received {got:,} for others' passes"
        else:
            assert line == ""


@pytest.mark.parametrize("lang", LANGS)
def test_an_ordinary_row_says_nothing_more(lang):
    """A loser's row in a Draw hand someone went out of says nothing (its 0 follows from the
    winner's line); the winner's says what it scored (RULES.md 3.2)."""
    state = hand_end("draw", 12, {"players": 2}, ["human", "ai"])
    assert state["hand_result"]["termination"] == "domino"
    winner = state["hand_result"]["winner"]
    assert summary.why(lang, state, 1 - winner) == ""
    assert summary.why(lang, state, winner) == summary.i18n.t(lang, "why.out_scores")


def test_vn_traditional_says_each_losers_place_and_stakes():
    """RULES.md 2.1, seed 1: Computer 2 went out; the losers pay 1, 2 and 3 stakes by place,
    and Computer 4's double blank counts 13, which makes it the worst loser."""
    state = hand_end("vn_traditional", 1, {"players": 4}, ["human"] + ["ai:easy"] * 3)
    assert state["hand_result"]["delta"] == [-2000, 6000, -1000, -3000]
    assert summary.why("en", state, 1) == "Went out: each loser pays by place"
    assert summary.why("en", state, 2) == "Place 2 (2 pips): pays the stake × 1"
    assert summary.why("en", state, 0) == "Place 3 (8 pips): pays the stake × 2"
    assert summary.why("en", state, 3) == \
        "Place 4: the double blank counts 13 (13 pips), pays the stake × 3"
    assert summary.why("vi", state, 0) == "Hạng 3 (8 chấm): trả 2 lần tiền cược"
    assert summary.why("ru", state, 0) == "3-е место (8 очков): платит ставку × 2"


def test_schoolnet_going_out_says_everyone_pays_their_pips():
    """RULES.md 2.2.1, seed 1: Computer 4 went out; the others pay their pips."""
    state = hand_end("vn_schoolnet", 1, {"players": 4}, ["human"] + ["ai:easy"] * 3)
    assert summary.why("en", state, 3) == "Went out: each player pays their pips"
    assert summary.why("en", state, 0) == "Pays the winner the pips in their hand"
    assert summary.why("vi", state, 0) == "Trả người thắng số chấm trên tay"


@pytest.mark.parametrize("variant,options,seed,seat,line", [
    # RULES.md 2.4: the one who went out scores the others' pips (9 + 10).
    ("doubles", {"players": 3}, 1, 2, "Went out: scores the pips left in the others' hands"),
    # RULES.md 3.1: a block scores the others' pips less the winner's own (19 - 8 = 11) ...
    ("block", {"players": 2}, 2, 0, "Fewest pips at the block: the others' 19 less its own 8"),
    # ... and with none of its own, the others' pips.
    ("block", {"players": 2}, 3, 1, "Fewest pips at the block: scores the others' pips"),
    # RULES.md 3.1, partners: seat 2 went out, its partner (you) scores with the team.
    ("block", {"players": 4, "partnership": True}, 1, 0, "Partner went out: the team scores"),
    # RULES.md 3.3: the others' 8 pips round to 10.
    ("all_fives", {"players": 2}, 1, 1, "Went out: the others' pips (8) round to 10"),
    # RULES.md 3.4: the pips count against you; going out adds nothing.
    ("mexican_train", {"players": 4}, 1, 3, "Went out: adds nothing"),
])
def test_points_hands_say_why_the_winner_scored(variant, options, seed, seat, line):
    seats = ["human"] + ["ai:easy"] * (options["players"] - 1)
    state = hand_end(variant, seed, options, seats)
    assert summary.why("en", state, seat) == line
    for lang in LANGS:
        assert summary.why(lang, state, seat), lang  # every language says it
    # A loser's row in a points hand says nothing: its zero follows from the winner's line.
    loser = next(s for s in range(options["players"]) if s not in summary.as_list(
        state["hand_result"]["winner"]) and state["hand_result"]["pips"][s])
    if variant != "mexican_train":
        assert summary.why("en", state, loser) == ""
