"""Each row of the end-of-hand table says in one short line why it is what it is
(web/page/summary.py `why`, issue 25): School@net's blocker and setter, kozel's records that
stay closed under 13 or open, a blocked tie in Block won on the lightest tile or scoring
nothing, iWin's pass penalties; the line is in the table a player sees.

RULES.md: 2.2.4, 2.3, 2.5, 3.1
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
    state = hand_end("draw", 12, {"players": 2}, ["human", "ai"])
    assert state["hand_result"]["termination"] == "domino"
    assert [summary.why(lang, state, s) for s in range(2)] == ["", ""]
