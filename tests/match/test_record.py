"""Records (RECORD.md): golden files, move checking on replay, mid-hand starts, malformed input.

Golden records live in tests/data/golden/. ``NAME.json`` is a domino-record and
``NAME.expected.json`` what ``record.replay`` printed when it was written. The records were made
by playing seeded matches with the engine (random legal moves) and exporting them with
``Match.to_record()``; ``all_fives_3p`` has its first hand written as a ``start`` with an empty
layout so that the seat that leads "by lot" is fixed by ``to_move``. The ``start_*`` records
are positions written by hand from RULES.md section 4 (C-06, AF-04) and a constructed
Mexican Train position.

Hand-checked against RULES.md (the working is in the tests below):
* vn_traditional_4p: hand 1 (domino, money by rank) and hand 2 (block, 4B per loser, 0-0 = 13,
  ranking chain tie-break);
* vn_iwin_4p: hand 1 (failed block, pass penalties, thúi bò, 3 % tax on every credit);
* all_fives_3p: every end count of the hand and the domino bonus;
* kozel_4p_match: the records opening at 13 and the goat;
* kozel_pairs_match: Kozel in pairs, one record per team, fish and domino, the goats;
* start_line_vn_iwin_C06: RECORD.md's own example output.
The other expected files (block, draw, doubles, mexican_train) are regression snapshots; the
property tests check the invariants of those variants.

RULES.md: 1.9, 2.1, 2.5, 3.3, 3.4, 4 (golden records; RECORD.md)
"""

from __future__ import annotations

import copy
import json
import re
from pathlib import Path

import pytest

from domino import (
    IllegalMoveError,
    Match,
    OptionError,
    RecordError,
    UnknownVariantError,
)
from domino.hand.events import Scored
from domino.match import record as rec

GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"
NAMES = sorted(p.name[:-5] for p in GOLDEN.glob("*.json") if not p.name.endswith(".expected.json"))


def load(name: str) -> dict:
    return rec.load((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def expected(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.expected.json").read_text(encoding="utf-8"))


def first_hands(record: dict, k: int) -> dict:
    out = copy.deepcopy(record)
    out["hands"] = out["hands"][:k]
    return out


# --- golden records ------------------------------------------------------------------------

def test_golden_files_exist():
    assert len(NAMES) >= 8
    for name in NAMES:
        assert (GOLDEN / f"{name}.expected.json").exists(), name


@pytest.mark.parametrize("name", NAMES)
def test_golden_replays_to_expected(name):
    record = load(name)
    assert record["format"] == "domino-record" and record["version"] == 1
    assert rec.replay(copy.deepcopy(record)) == expected(name)


@pytest.mark.parametrize("name", NAMES)
def test_golden_round_trip(name):
    """from_record -> to_record keeps every hand entry; dump/load keeps the text."""
    record = load(name)
    m = Match.from_record(copy.deepcopy(record))
    again = m.to_record()
    assert again["hands"] == record["hands"]
    assert again["variant"] == record["variant"]
    assert rec.load(rec.dump(again)) == again
    assert rec.replay(rec.load(rec.dump(again))) == expected(name)


def test_hand_checked_vn_traditional_4p():
    """Hand 1: P1 holds 6-6 and must lead it. P3 goes out. Left: P0 {4-4, 6-3} = 17,
    P1 {3-2, 3-3} = 11, P2 {5-5, 6-5} = 21. Worst loser P2 pays 3B, P0 2B, P1 1B; P3 +6B
    (RULES.md 2.1, 4 players, B = 1000).
    Hand 2: P3, the winner, leads any tile (1-1). Blocked with L = R = 6 and all seven
    6-tiles on the line. P0 {2-1, 2-2} = 7, P1 {2-0, 5-2} = 9, P2 {0-0, 4-1, 5-3} = 13+5+8 = 26,
    P3 {3-2, 4-0} = 9. P0 wins: +4B x 3; everyone else -4B. P1 and P3 tie on pips and tile
    count; P1's top tile 5-2 is higher than P3's 3-2, so P3 ranks above P1."""
    record = load("vn_traditional_4p")
    assert record["hands"][0]["moves"][0] == "6-6"
    assert "6-6" in record["hands"][0]["deal"]["hands"][1]
    out = rec.replay(copy.deepcopy(record))
    h1, h2 = out["hands"]
    assert h1["termination"] == "domino" and h1["winner"] == 3
    assert h1["pips"] == [17, 11, 21, 0]
    assert h1["delta"] == [-2000, -1000, -3000, 6000]
    assert h1["ranking"] == [3, 1, 0, 2]
    assert record["hands"][1]["moves"][0] == "1-1"
    assert "1-1" in record["hands"][1]["deal"]["hands"][3]
    assert h2["termination"] == "blocked" and h2["winner"] == 0
    assert h2["pips"] == [7, 9, 26, 9]
    assert h2["delta"] == [12000, -4000, -4000, -4000]
    assert h2["ranking"] == [0, 3, 1, 2]
    assert out["match"]["balances"] == [10000, -5000, -7000, 2000]


def test_hand_checked_vn_iwin_4p_failed_block():
    """Hand 1 (B = 1000, casual 3 %). Passes: move 9 P0 (last placer P3), move 15 P2 (last
    placer P1), move 16 P3 (P1), move 20 P3 (P2): each pays 500. P0 places last (6-4@R)
    and blocks: P0 {5-5} 10, P1 {1-1} 2, P2 {0-0, 5-0} 5, P3 {4-0, 4-4, 5-4} 21. P1 ranks
    first, so the block fails: P0 pays 3000, 1000 to each other seat. Thúi bò to P1: P0, P2,
    P3 hold one double each, 500 apiece. Credits taxed one by one (500 -> 485, 1000 -> 970):
    P0 -500 -3000 -500 = -4000; P1 970 (two passes) + 970 + 1455 = 3395;
    P2 485 + 970 - 500 - 500 = 455; P3 485 + 970 - 1000 - 500 = -45; house 7x15 + 3x30 = 195."""
    record = load("vn_iwin_4p")
    moves = record["hands"][0]["moves"]
    assert [i + 1 for i, mv in enumerate(moves) if mv == "pass"] == [9, 15, 16, 20]
    h1 = rec.replay(first_hands(record, 1))["hands"][0]
    assert h1["termination"] == "blocked"
    assert h1["blocker"] == 0 and h1["winner"] == 1
    assert h1["pips"] == [10, 2, 5, 21]
    assert h1["ranking"] == [1, 2, 0, 3]
    assert h1["delta"] == [-4000, 3395, 455, -45]
    assert h1["house"] == 195
    assert sum(h1["delta"]) == -h1["house"]


def test_hand_checked_all_fives_end_scoring():
    """Lead 4-4 (spinner, counts 8). 4-2@L: 2 + 8 = 10, P1 +10. Then 9, 13, 12, 7, 4 (cross
    sides count once they carry a tile). 1-1@N: 1 + 2 + 2 = 5, P2 +5. 5-4@S: 1+2+2+5 = 10,
    P0 +10. Then 8, 13 (5-5 at S counts 10), 16, 19, 21, 24. 6-6@L: 12+6+2+10 = 30, P1 +30.
    Then 29, and 6-0@L (17) takes P0 out. P1 keeps 3-2 (5), P2 keeps 1-0 (1): 6 rounds to 5.
    Totals: P0 10 + 5 = 15, P1 40, P2 5."""
    record = load("all_fives_3p")
    m = Match.from_record({**copy.deepcopy(record), "hands": [
        {**record["hands"][0], "moves": []}]})
    scored = []
    for i, mv in enumerate(record["hands"][0]["moves"], start=1):
        for ev in m.play(mv):
            if isinstance(ev, Scored):
                scored.append((i, ev.seat, ev.points))
    assert scored == [(2, 1, 10), (9, 2, 5), (10, 0, 10), (17, 1, 30)]
    out = m.hand_result.to_json()
    assert out["termination"] == "domino" and out["winner"] == 0
    assert out["pips"] == [0, 5, 1]
    assert out["delta"] == [15, 40, 5]


def test_hand_checked_kozel_match():
    """Hand points [0,5,8,53] -> recorded [0,0,0,53] (only 53 >= 13 opens a record);
    [6,21,7,0] -> [0,21,0,0]; [2,0,76,17] -> [0,0,76,17]; [0,8,5,15] -> all count for the
    open P1..P3; [0,3,28,54]. Records 0, 32, 109, 139: P2 and P3 pass 101, the highest (P3)
    is the goat."""
    out = rec.replay(load("kozel_4p_match"))
    assert [h["pips"] for h in out["hands"]] == [
        [0, 5, 8, 53], [6, 21, 7, 0], [2, 0, 76, 17], [0, 8, 5, 15], [0, 3, 28, 54]]
    assert [h["delta"] for h in out["hands"]] == [
        [0, 0, 0, 53], [0, 21, 0, 0], [0, 0, 76, 17], [0, 8, 5, 15], [0, 3, 28, 54]]
    assert out["match"]["over"] is True
    assert out["match"]["records"] == [0, 32, 109, 139]
    assert out["match"]["goat"] == [3]


def left_in_hand(entry: dict) -> list[list[tuple[int, int]]]:
    """Each seat's tiles at the end of a dealt hand: its deal less every tile the moves put
    down (each tile exists once, so whoever played it, it is gone)."""
    played = set()
    for move in entry["moves"]:
        for part in move.split("+"):
            if part not in ("pass", "draw"):
                a, b = (int(x) for x in part.split("@")[0].split("-"))
                played.add((max(a, b), min(a, b)))
    hands = []
    for tiles in entry["deal"]["hands"]:
        pairs = [tuple(int(x) for x in t.split("-")) for t in tiles]
        hands.append([(max(a, b), min(a, b)) for a, b in pairs
                      if (max(a, b), min(a, b)) not in played])
    return hands


def test_hand_checked_kozel_pairs_match():
    """Kozel in pairs (RULES.md 2.5), each hand worked out from its deal and moves: hand
    points (0-0 = 25), each team's total, nothing for the team that went out, each team's own
    total after a fish, records opening at 13; shown on both partners (RECORD.md). Hands 1
    and 2 are fish, 3 to 5 dominoes; {P0,P2} reaches 119 in hand 5: P0 and P2 are the goats."""
    record = load("kozel_pairs_match")
    out = rec.replay(copy.deepcopy(record))
    teams = [[0, 2], [1, 3]]
    records, opened = [0, 0], [False, False]
    assert len(out["hands"]) == len(record["hands"]) == 5
    for entry, hand in zip(record["hands"], out["hands"], strict=True):
        left = left_in_hand(entry)
        pips = [sum(a + b for a, b in h) + (25 if (0, 0) in h else 0) for h in left]
        assert hand["pips"] == pips
        out_seats = [p for p in range(4) if not left[p]]
        totals = [sum(pips[p] for p in team) for team in teams]
        if out_seats:
            assert hand["termination"] == "domino"
            recorded = [0 if out_seats[0] in team else total
                        for team, total in zip(teams, totals, strict=True)]
        else:
            assert hand["termination"] == "blocked"
            recorded = list(totals)
        for t in (0, 1):
            if not opened[t] and recorded[t] < 13:
                recorded[t] = 0
            elif recorded[t]:
                opened[t] = True
            records[t] += recorded[t]
        assert hand["delta"] == [recorded[0], recorded[1], recorded[0], recorded[1]]
    assert [h["termination"] for h in out["hands"]] == ["blocked"] * 2 + ["domino"] * 3
    assert out["match"]["records"] == [records[0], records[1], records[0], records[1]]
    assert records[0] >= 101 > records[1]
    assert out["match"]["over"] is True and out["match"]["goat"] == [0, 2]


def test_record_md_example_c06():
    """RECORD.md's example: the C-06 position, P3 plays 6-5@R and the hand is blocked."""
    out = rec.replay(load("start_line_vn_iwin_C06"))
    assert out["hands"] == [{
        "termination": "blocked", "winner": 3, "blocker": 3, "gai": None,
        "ranking": [3, 2, 0, 1], "pips": [20, 22, 10, 0],
        "delta": [-3000, -2000, -2000, 6790], "house": 210}]
    assert out["match"]["over"] is False
    assert out["to_move"] is None and out["legal"] == []


# --- replay checks every move --------------------------------------------------------------

def illegal_in(m: Match) -> str:
    """A move in notation that is not legal for the seat to move."""
    legal = {str(x) for x in m.legal()}
    for cand in ("pass", "draw", "6-6@Q"):
        if cand not in legal:
            return cand
    raise AssertionError("every candidate is legal")


LABEL = re.compile(r'^hand (\d+), move (\d+) "([^"]*)": (.+)$')


@pytest.mark.parametrize("name", NAMES)
def test_tampered_move_names_hand_move_and_reason(name):
    record = load(name)
    for h_index, entry in enumerate(record["hands"], start=1):
        moves = entry["moves"]
        stride = 1 if len(moves) <= 60 else 7
        for mv_index in sorted(set(range(1, len(moves) + 1, stride)) | {len(moves)}):
            if mv_index < 1 or mv_index > len(moves):
                continue
            prefix = copy.deepcopy(record)
            prefix["hands"] = prefix["hands"][:h_index]
            prefix["hands"][-1]["moves"] = moves[:mv_index - 1]
            m = Match.from_record(prefix)
            bad = illegal_in(m)
            tampered = copy.deepcopy(record)
            tampered["hands"][h_index - 1]["moves"][mv_index - 1] = bad
            with pytest.raises(IllegalMoveError) as info:
                Match.from_record(tampered)
            msg = str(info.value)
            match = LABEL.match(msg)
            assert match, msg
            assert match.group(1) == str(h_index) and match.group(2) == str(mv_index), msg
            assert match.group(3) == bad
            assert match.group(4).strip(), msg


def test_tamper_reason_wrong_end():
    """RECORD.md's form: 'hand 1, move 2 "5-5@L": the left end shows 6'."""
    record = load("vn_traditional_4p")
    record["hands"][0]["moves"][1] = "5-5@L"  # P2 holds 5-5; the lead 6-6 shows 6 both ends
    with pytest.raises(IllegalMoveError) as info:
        rec.replay(record)
    assert str(info.value) == 'hand 1, move 2 "5-5@L": the left end shows 6'


def test_tamper_reason_tile_not_held_in_hand_2():
    record = load("vn_traditional_4p")
    record["hands"][1]["moves"][0] = "6-6"  # P3 leads hand 2 but does not hold 6-6
    with pytest.raises(IllegalMoveError) as info:
        rec.replay(record)
    msg = str(info.value)
    assert msg.startswith('hand 2, move 1 "6-6": ')
    assert "does not hold 6-6" in msg


def test_tamper_reason_must_play():
    record = load("vn_traditional_4p")
    record["hands"][0]["moves"][1] = "pass"  # P2 holds 6-4, 6-5: it must play
    with pytest.raises(IllegalMoveError) as info:
        rec.replay(record)
    msg = str(info.value)
    assert msg.startswith('hand 1, move 2 "pass": ') and "must play" in msg


def test_bad_notation_is_named():
    record = load("vn_traditional_4p")
    record["hands"][0]["moves"][2] = "6-5@"
    with pytest.raises(IllegalMoveError) as info:
        rec.replay(record)
    assert str(info.value).startswith('hand 1, move 3 "6-5@": ')


def test_cut_record_reports_position_and_legal():
    record = load("vn_traditional_4p")
    cut = first_hands(record, 1)
    cut["hands"][0]["moves"] = cut["hands"][0]["moves"][:1]  # after the lead 6-6 by P1
    out = rec.replay(cut)
    assert out["hands"] == []
    assert out["to_move"] == 2
    # P2 holds 1-1, 5-5, 1-0, 6-4, 5-3, 6-5, 3-1: 6-4 and 6-5 fit either end.
    assert sorted(out["legal"]) == ["6-4@L", "6-4@R", "6-5@L", "6-5@R"]
    assert rec.legal(cut) == {"to_move": 2, "legal": out["legal"]}


# --- mid-hand start positions --------------------------------------------------------------

def test_start_line_position():
    record = load("start_line_vn_iwin_C06")
    record["hands"][0]["moves"] = []
    out = rec.replay(copy.deepcopy(record))
    assert out["to_move"] == 3
    assert sorted(out["legal"]) == ["6-5@L", "6-5@R", "leave"]
    m = Match.from_record(record)
    assert m.to_record()["hands"][0]["start"] == record["hands"][0]["start"]
    layout = m.hand.layout.to_json()
    assert layout["kind"] == "line"
    assert layout["tiles"][0] == [5, 5] and layout["tiles"][-1] == [3, 6]


def test_start_tree_position_af04():
    """AF-04: lead 4-4 (spinner), 4-1 on the east line side; hand {6-4}: only 6-4 on the
    west line side; neither cross side is open yet."""
    record = load("start_tree_all_fives_AF04")
    out = rec.replay(copy.deepcopy(record))
    assert out["to_move"] == 0
    assert out["legal"] == ["6-4@L"]
    m = Match.from_record(copy.deepcopy(record))
    m.play("6-4@L")
    ends = dict(m.hand.layout.ends())
    assert ends["L"] == 6 and ends["R"] == 1 and ends["N"] == 4 and ends["S"] == 4
    # the cross sides are open now that both line sides carry a tile
    assert sorted(str(y) for y in m.legal()) == ["1-1@R", "6-6@L"]


def test_start_trains_position():
    """Own train (tip 5), a marked train of P1 (tip 3), the empty Mexican train (engine 9);
    P2's unmarked train (tip 8) is closed to P0."""
    record = load("start_trains_mexican")
    out = rec.replay(copy.deepcopy(record))
    assert out["to_move"] == 0
    assert sorted(out["legal"]) == ["3-0@T1", "5-1@T0", "9-7@MX"]
    m = Match.from_record(copy.deepcopy(record))
    assert m.to_record()["hands"][0]["start"] == record["hands"][0]["start"]
    m.play("9-7@MX")
    layout = m.hand.layout.to_json()
    trains = {t["id"]: t for t in layout["trains"]}
    assert trains["MX"]["tiles"] == [[9, 7]]
    assert trains["T1"]["marker"] is True
    assert m.to_move == 1


def test_start_trains_unsatisfied_double():
    record = load("start_trains_mexican")
    start = record["hands"][0]["start"]
    start["layout"]["trains"][2]["tiles"] = [[9, 8], [8, 8]]
    start["layout"]["unsatisfied"] = ["T2"]
    start["hands"][0] = ["5-1", "8-3", "9-7"]
    out = rec.replay(record)
    assert out["legal"] == ["8-3@T2"]


# --- malformed records ---------------------------------------------------------------------

def base() -> dict:
    return load("vn_traditional_4p")


def test_not_json():
    with pytest.raises(RecordError):
        rec.load("this is not json")
    with pytest.raises(RecordError):
        rec.load("[1, 2, 3]")


def test_truncated_json():
    text = (GOLDEN / "vn_traditional_4p.json").read_text(encoding="utf-8")
    for cut in (1, len(text) // 3, len(text) // 2, len(text) - 5):
        with pytest.raises(RecordError):
            rec.load(text[:cut])


@pytest.mark.parametrize("change", [
    {"format": "pgn"}, {"format": None}, {"version": 2}, {"version": "1"}, {"version": None},
    {"hands": []}, {"hands": "none"}, {"options": []}, {"match": 5}, {"seed": "x"},
])
def test_bad_header(change):
    record = base()
    record.update(change)
    with pytest.raises(RecordError):
        rec.replay(record)


@pytest.mark.parametrize("key", ["format", "version", "variant", "hands"])
def test_missing_key(key):
    record = base()
    del record[key]
    with pytest.raises(RecordError):
        rec.replay(record)


def test_record_not_an_object():
    with pytest.raises(RecordError):
        rec.replay([1, 2])


@pytest.mark.parametrize("variant", ["chess", "", "vn", 5])
def test_unknown_variant(variant):
    record = base()
    record["variant"] = variant
    with pytest.raises(UnknownVariantError):
        rec.replay(record)


@pytest.mark.parametrize("options", [
    {"players": 5}, {"players": 1}, {"players": "four"}, {"players": 4, "colour": "red"},
    {"players": 4, "stake": 0}, {"players": 4, "scoring_mode": "fun"},
    {"players": 2, "partnership": True},
])
def test_bad_options(options):
    record = base()
    record["options"] = options
    with pytest.raises(OptionError):
        rec.replay(record)


def test_bad_match_state():
    for match in ({"balances": [1, 2]}, {"leader": 9}, {"hand_number": "x"},
                  {"balances": "x"}):
        record = base()
        record["match"] = match
        with pytest.raises(RecordError):
            rec.replay(record)


def _deal(record: dict) -> dict:
    return record["hands"][0]["deal"]


@pytest.mark.parametrize("tile", ["7-7", "6-x", "66", "", 42, None, [6, 6]])
def test_nonexistent_tile(tile):
    record = base()
    _deal(record)["hands"][0][0] = tile
    with pytest.raises(RecordError) as info:
        rec.replay(record)
    assert str(info.value).startswith("hand 1")


def test_tile_twice():
    record = base()
    _deal(record)["hands"][1][0] = _deal(record)["hands"][0][0]
    with pytest.raises(RecordError, match="twice"):
        rec.replay(record)


def test_tile_twice_across_hand_and_boneyard():
    record = load("draw_3p_classic")
    _deal(record)["boneyard"][0] = _deal(record)["hands"][2][3]
    with pytest.raises(RecordError, match="twice"):
        rec.replay(record)


def test_wrong_number_of_hands():
    record = base()
    _deal(record)["hands"] = _deal(record)["hands"][:3]
    with pytest.raises(RecordError):
        rec.replay(record)
    record = base()
    _deal(record)["hands"].append([])
    with pytest.raises(RecordError):
        rec.replay(record)


def test_deal_with_a_hand_of_the_wrong_size():
    """A deal is a fresh deal (RECORD.md): 7 tiles each in vn_traditional, the rest the
    boneyard. A hand of 6 tiles (its 7th moved to the boneyard) is not such a deal."""
    record = base()
    deal = _deal(record)
    deal["boneyard"] = [deal["hands"][0].pop()]
    with pytest.raises(RecordError) as info:
        rec.replay(record)
    assert str(info.value).startswith("hand 1")


def test_deal_missing_a_tile():
    """Every tile of the set is in a deal, once: dropping one is malformed."""
    record = base()
    _deal(record)["hands"][0].pop()
    with pytest.raises(RecordError) as info:
        rec.replay(record)
    assert str(info.value).startswith("hand 1")


@pytest.mark.parametrize("hand_entry", [
    "deal", 5, {"deal": []}, {"deal": {"boneyard": []}}, {"deal": {"hands": "x"}},
])
def test_malformed_hand_entry(hand_entry):
    record = base()
    record["hands"][0] = hand_entry
    with pytest.raises(RecordError):
        rec.replay(record)


def test_moves_not_a_list():
    record = base()
    record["hands"][0]["moves"] = "6-6"
    with pytest.raises(RecordError):
        rec.replay(record)


def test_move_after_the_hand_ended():
    record = base()
    record["hands"][0]["moves"].append("pass")
    with pytest.raises(RecordError) as info:
        rec.replay(record)
    n = len(record["hands"][0]["moves"])
    assert str(info.value).startswith(f'hand 1, move {n} "pass"')


def test_hand_after_an_unfinished_hand():
    record = base()
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:5]
    with pytest.raises(RecordError):
        rec.replay(record)


def test_hand_after_the_match_ended():
    record = load("kozel_4p_match")
    record["hands"].append({"moves": []})
    with pytest.raises(RecordError):
        rec.replay(record)


@pytest.mark.parametrize("start_change", [
    {"to_move": 4}, {"to_move": -1}, {"to_move": "0"}, {"to_move": True},
    {"hands": [["4-4", "6-6"]]}, {"line": ["5|5", "4|0"]}, {"line": ["5-5"]},
    {"line": "5|5"}, {"boneyard": ["9-9"]}, {"hands": "x"},
    {"line": ["5|5", "5|0", "0|1", "1|1", "1|2", "2|2", "2|4", "4|0", "0|6", "6|2", "2|5",
              "5|1", "1|3", "3|3", "3|4", "4|5", "5|3", "3|6", "6|5"]},
])
def test_malformed_line_start(start_change):
    record = load("start_line_vn_iwin_C06")
    record["hands"][0]["start"].update(start_change)
    record["hands"][0]["moves"] = []
    with pytest.raises(RecordError):
        rec.replay(record)


def test_start_missing_keys():
    for key in ("hands", "to_move"):
        record = load("start_line_vn_iwin_C06")
        del record["hands"][0]["start"][key]
        with pytest.raises(RecordError):
            rec.replay(record)


@pytest.mark.parametrize("layout", [
    {"kind": "line", "tiles": []},
    {"kind": "tree", "lead": [4, 4], "arms": [{"id": "Z", "parent": None, "tiles": [[4, 1]]}]},
    {"kind": "tree", "lead": [4, 4], "arms": [{"id": "R", "parent": None, "tiles": [[3, 1]]}]},
    {"kind": "tree", "lead": "4-4", "arms": []},
    {"kind": "tree", "lead": [4, 4], "arms": [{"id": "R", "parent": None, "tiles": [[4, 4]]}]},
])
def test_malformed_tree_start(layout):
    record = load("start_tree_all_fives_AF04")
    record["hands"][0]["start"]["layout"] = layout
    with pytest.raises(RecordError):
        rec.replay(record)


@pytest.mark.parametrize("change", [
    lambda lay: lay.update(kind="tree"),
    lambda lay: lay["trains"].append({"id": "T7", "owner": 7, "marker": False, "tiles": []}),
    lambda lay: lay["trains"][0].update(tiles=[[8, 5]]),
    lambda lay: lay.update(unsatisfied=["T0"]),
    lambda lay: lay.update(engine="nine"),
])
def test_malformed_trains_start(change):
    record = load("start_trains_mexican")
    change(record["hands"][0]["start"]["layout"])
    with pytest.raises(RecordError):
        rec.replay(record)


# --- the ``match`` key: a record may start in the middle of a match -------------------------

@pytest.mark.parametrize("name", ["kozel_4p_match", "block_2p_match", "vn_traditional_4p",
                                  "vn_iwin_4p", "doubles_3p", "mexican_train_3p"])
def test_record_starting_mid_match(name):
    """RECORD.md: ``match`` is the match state before the first listed hand. Cutting a record
    after k hands and writing the state of the match then into ``match`` replays the rest to
    the same hands and the same end."""
    record = load(name)
    full = rec.replay(copy.deepcopy(record))
    for k in range(1, len(record["hands"])):
        head = Match.from_record(first_hands(record, k))
        state = head.summary()
        match = {"hand_number": state["hand_number"] + 1, "leader": state["leader"]}
        for key in ("scores", "balances", "records", "open"):
            if key in state:
                match[key] = state[key]
        tail = copy.deepcopy(record)
        tail["match"] = match
        tail["hands"] = tail["hands"][k:]
        out = rec.replay(tail)
        assert out["hands"] == full["hands"][k:]
        assert out["match"] == full["match"]


def _low_high(tile: str) -> str:
    a, b = tile.split("-")
    return f"{b}-{a}"


@pytest.mark.parametrize("name", ["vn_traditional_4p", "kozel_4p_match", "mexican_train_3p"])
def test_reader_accepts_low_half_first(name):
    """RECORD.md: a tile is written high half first; the reader also accepts 4-6."""
    record = load(name)
    for entry in record["hands"]:
        deal = entry["deal"]
        deal["hands"] = [[_low_high(t) for t in h] for h in deal["hands"]]
        deal["boneyard"] = [_low_high(t) for t in deal["boneyard"]]
        moves = []
        for mv in entry["moves"]:
            if "-" in mv:
                tile, at, rest = mv.partition("@")
                mv = _low_high(tile) + at + rest
            moves.append(mv)
        entry["moves"] = moves
    assert rec.replay(record) == expected(name)


@pytest.mark.parametrize("name", ["block_2p_match", "kozel_4p_match", "doubles_3p",
                                  "vn_iwin_4p", "mexican_train_3p"])
def test_later_hands_dealt_from_the_seed(name):
    """RECORD.md: a hand after the first may omit its deal; it is then dealt from ``seed``
    (the exported record wrote the same deals out, so it replays the same)."""
    record = load(name)
    for entry in record["hands"][1:]:
        del entry["deal"]
    assert rec.replay(record) == expected(name)


def test_start_with_a_seat_that_left():
    """vn_iwin start position after P1 left (match/record.py documents ``seated``): P1 is skipped."""
    record = load("start_line_vn_iwin_C06")
    start = record["hands"][0]["start"]
    start["hands"] = [["4-4", "6-6"], [], ["3-2", "2-0", "3-0", "6-4", "4-1", "6-1"],
                      ["0-0", "6-5"]]
    start["seated"] = [True, False, True, True]
    start["to_move"] = 0
    record["hands"][0]["moves"] = ["6-6@R"]
    out = rec.replay(record)
    assert out["to_move"] == 2
    assert sorted(out["legal"]) == ["6-1@R", "6-4@R", "leave"]


# --- any position written as a ``start`` replays to the same position ------------------------

START_CONFIGS = [
    ("doubles", {"players": 2}), ("doubles", {"players": 3, "unlock_mode": "spinner_only"}),
    ("all_fives", {"players": 2}), ("all_fives", {"players": 3, "spinners": "all"}),
    ("all_fives", {"players": 2, "spinners": "none"}),
    ("mexican_train", {"players": 3}), ("mexican_train", {"players": 5}),
    ("vn_traditional", {"players": 3, "blank_wild": True}), ("kozel", {"players": 2}),
    ("vn_iwin", {"players": 4}), ("draw", {"players": 2}),
]


def _start_of(m: Match) -> dict:
    h = m.hand
    lay = h.layout.to_json()
    start = {"hands": [[f"{a}-{b}" for a, b in hand] for hand in h.hands],
             "boneyard": [f"{a}-{b}" for a, b in h.boneyard], "to_move": m.to_move}
    if lay["kind"] == "line":
        start["line"] = [f"{a}|{b}" for a, b in lay["tiles"]]
    else:
        start["layout"] = lay
    return start


@pytest.mark.parametrize("variant, options", START_CONFIGS)
def test_position_written_as_start_replays(variant, options):
    import random

    for seed in range(6):
        rng = random.Random(seed)
        m = Match.new(variant, dict(options), seed=seed)
        cut = rng.randrange(2, 40)
        played = 0
        while not m.hand_over and played < cut:
            m.play(rng.choice([x for x in m.legal() if x.kind != "leave"]))
            played += 1
        history = [(a, str(b)) for a, b in m.hand.history]
        if m.hand_over or (history and history[-1][0] == m.to_move):
            continue  # only whole turns: a start cannot say what was drawn this turn
        record = {"format": "domino-record", "version": 1, "variant": variant,
                  "options": dict(options), "seed": seed, "match": {},
                  "hands": [{"start": _start_of(m), "moves": []}]}
        if variant == "vn_iwin":
            record["hands"][0]["start"]["last_placer"] = m.hand.last_placer
        again = Match.from_record(rec.load(rec.dump(record)))
        assert again.to_move == m.to_move
        assert [str(x) for x in again.legal()] == [str(x) for x in m.legal()]
        assert again.hand.layout.to_json() == m.hand.layout.to_json()
        for _ in range(30):
            if m.hand_over:
                break
            move = rng.choice([x for x in m.legal() if x.kind != "leave"])
            m.play(move)
            again.play(str(move))
            assert [str(x) for x in again.legal()] == [str(x) for x in m.legal()]
            assert again.hand.layout.to_json() == m.hand.layout.to_json()
            assert again.hand.hands == m.hand.hands
        assert again.hand_over == m.hand_over


def test_tree_start_keeps_the_first_spinner():
    """all_fives: lead 6-1; 3-3 went down on the right arm first (so it is the spinner, its
    cross arms N/S hang at ["R", 1]); 6-6 came later on the left arm. 3-5 covers the spinner's
    second line side, so N and S are open and show 3 (RULES.md 3.3). P0 holds 6-5 and 3-2:
    legal are 6-5 on L (6-6 shows 6) and R (5), and 3-2 on N and S."""
    layout = {"kind": "tree", "lead": [6, 1], "arms": [
        {"id": "L", "parent": None, "tiles": [[6, 6]]},
        {"id": "R", "parent": None, "tiles": [[1, 3], [3, 3], [3, 5]]},
        {"id": "N", "parent": ["R", 1], "tiles": []},
        {"id": "S", "parent": ["R", 1], "tiles": []}]}
    record = {"format": "domino-record", "version": 1, "variant": "all_fives",
              "options": {"players": 2}, "seed": 1, "match": {},
              "hands": [{"start": {"hands": [["6-5", "3-2"], ["4-4", "2-0", "5-0"]],
                                   "boneyard": [], "layout": layout, "to_move": 0},
                         "moves": []}]}
    m = Match.from_record(copy.deepcopy(record))
    arms = {a["id"]: a for a in m.hand.layout.to_json()["arms"]}
    assert arms["N"]["parent"] == ["R", 1] and arms["S"]["parent"] == ["R", 1]
    assert sorted(str(x) for x in m.legal()) == ["3-2@N", "3-2@S", "6-5@L", "6-5@R"]


def test_tree_start_keeps_the_order_of_later_spinners():
    """doubles: every double is a spinner, and X1, X2, ... name the cross arms of later
    spinners in the order they open (docs/ENGINE_API.md). Here 2-2 (on R) opened X1/X2 before
    4-4 (on L) opened X3/X4; the engine's own layout JSON must read back as it was written."""
    layout = {"kind": "tree", "lead": [6, 6], "arms": [
        {"id": "L", "parent": None, "tiles": [[6, 4], [4, 4]]},
        {"id": "R", "parent": None, "tiles": [[6, 2], [2, 2]]},
        {"id": "N", "parent": None, "tiles": []},
        {"id": "S", "parent": None, "tiles": []},
        {"id": "X1", "parent": ["R", 1], "tiles": [[2, 1]]},
        {"id": "X2", "parent": ["R", 1], "tiles": []},
        {"id": "X3", "parent": ["L", 1], "tiles": [[4, 0]]},
        {"id": "X4", "parent": ["L", 1], "tiles": []}]}
    record = {"format": "domino-record", "version": 1, "variant": "doubles",
              "options": {"players": 2}, "seed": 1, "match": {},
              "hands": [{"start": {"hands": [["5-2", "3-1"], ["5-5", "3-0"]],
                                   "boneyard": [], "layout": layout, "to_move": 0},
                         "moves": []}]}
    m = Match.from_record(copy.deepcopy(record))
    arms = {a["id"]: a for a in m.hand.layout.to_json()["arms"]}
    assert arms["X1"]["parent"] == ["R", 1] and arms["X1"]["tiles"] == [[2, 1]]
    assert arms["X3"]["parent"] == ["L", 1] and arms["X3"]["tiles"] == [[4, 0]]
    # Open ends: L 4, R 2, N 6, S 6, X1 1, X2 2, X3 0, X4 4. 2 is unlocked (2-2 is down), so
    # 5-2 fits R and X2; 1 is locked (1-1 is not down), so 3-1 may not go on X1.
    assert sorted(str(x) for x in m.legal()) == ["5-2@R", "5-2@X2"]


def _trains_record(options: dict, hands: list, trains: list, moves: list) -> dict:
    return {"format": "domino-record", "version": 1, "variant": "mexican_train",
            "options": {"players": 2, "set": "double_nine", **options}, "seed": 1, "match": {},
            "hands": [{"start": {"hands": hands, "boneyard": ["6-6", "4-4"],
                                 "layout": {"kind": "trains", "engine": 9, "trains": trains,
                                            "unsatisfied": []},
                                 "to_move": 0}, "moves": moves}]}


def _trains(t0: list, mx: list) -> list:
    return [{"id": "T0", "owner": 0, "marker": False, "tiles": t0},
            {"id": "T1", "owner": 1, "marker": False, "tiles": []},
            {"id": "MX", "owner": None, "marker": False, "tiles": mx}]


@pytest.mark.parametrize("multi", [False, True])
def test_double_on_the_mexican_train_must_be_satisfied(multi):
    """RULES.md 3.4: the player who places a double takes another play, which must satisfy it,
    and must play if able. P0 (first turn) lays 8-8 on the Mexican train and holds 8-3:
    the only legal move is 8-3@MX, with or without first_turn_multi (which only lets a player
    lay several tiles on their own train on their first turn)."""
    record = _trains_record({"first_turn_multi": multi}, [["8-8", "8-3", "5-1"], ["7-7", "2-0"]],
                            _trains([], [[9, 8]]), ["8-8@MX"])
    out = rec.replay(record)
    assert out["to_move"] == 0
    assert out["legal"] == ["8-3@MX"]


def test_allow_double_chain_queues_doubles():
    """RULES.md 3.4 allow_double_chain: the extra play may be another double on any legal
    train; the oldest unsatisfied double is satisfied first; the next player faces it."""
    hands = [["8-8", "8-3", "5-5", "2-1"], ["7-7", "5-0", "6-2"]]
    trains = _trains([[9, 5]], [[9, 8]])
    steps = [([], 0, ["5-5@T0", "8-3@MX", "8-8@MX"]),
             (["8-8@MX"], 0, ["5-5@T0", "8-3@MX"]),
             (["8-8@MX", "5-5@T0"], 0, ["8-3@MX"]),
             (["8-8@MX", "5-5@T0", "8-3@MX"], 1, ["5-0@T0"])]
    for moves, to_move, legal in steps:
        out = rec.replay(_trains_record({"allow_double_chain": True}, hands, trains, moves))
        assert (out["to_move"], sorted(out["legal"])) == (to_move, legal), moves
    plain = rec.replay(_trains_record({}, hands, trains, ["8-8@MX"]))
    assert plain["legal"] == ["8-3@MX"]


@pytest.mark.parametrize("mode", ["bet_multiplier", "points"])
def test_vn_traditional_ranking_uses_the_chain(mode):
    """RULES.md 1.9 (A-6): Vietnamese ranking is pips, then fewer tiles, then the lower top
    tile, in either scoring mode. P1 goes out; P0 {4-1, 1-0} and P2 {6-0} both hold 6 pips;
    P2 has fewer tiles, so the ranking is P1, P2, P0. Money: P0 -2B, P2 -1B, P1 +3B. Points:
    P1 scores 6 + 6 = 12."""
    record = {"format": "domino-record", "version": 1, "variant": "vn_traditional",
              "options": {"players": 3, "scoring_mode": mode, "stake": 10}, "seed": 1,
              "match": {},
              "hands": [{"start": {"hands": [["4-1", "1-0"], ["3-2"], ["6-0"]], "boneyard": [],
                                   "line": ["5|3"], "to_move": 1}, "moves": ["3-2@R"]}]}
    out = rec.replay(record)["hands"][0]
    assert out["termination"] == "domino" and out["winner"] == 1
    assert out["ranking"] == [1, 2, 0]
    assert out["delta"] == ([-20, 30, -10] if mode == "bet_multiplier" else [0, 12, 0])
