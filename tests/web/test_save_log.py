"""One save per match, written from the move log (web/worker/save_log.py, the worker's saves).

RULES.md: none (how the worker stores a match)
"""

import importlib.util
import json
import random
from pathlib import Path

import pytest

from domino import Match

# web/worker/save_log.py is a worker module (web/ is not a package): loaded from its file.
_SPEC = importlib.util.spec_from_file_location(
    "save_log", Path(__file__).resolve().parents[2] / "web" / "worker" / "save_log.py")
save_log = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(save_log)


def rows_after(writes):
    """The store after applying `writes`, a list of (puts, deletes)."""
    store = {}
    for puts, deletes in writes:
        for key in deletes:
            store.pop(key, None)
        store.update(puts)
    return store


def loaded(store, match_id, head, state=None):
    moves = [(k, v) for k, v in store.items() if k.startswith(save_log.move_prefix(match_id))]
    return save_log.load(json.dumps(head), moves, state)


def moves_of(match):
    return [list(h[2]) for h in match.snapshot().hands]


def test_each_move_is_one_row_and_the_rows_make_the_record_again():
    match = Match.new("draw", {"players": 3}, seed=4)
    rng = random.Random(4)
    written = None
    writes = []
    for _ in range(60):
        if match.over:
            break
        if match.hand_over:
            match.next_hand()
        else:
            match.play(rng.choice(match.legal()))
        moves = moves_of(match)
        puts, deletes = save_log.plan("m1", moves, written)
        assert len(puts) <= 1 and deletes == []  # one new move, nothing rewritten
        writes.append((puts, deletes))
        written = moves
    head = save_log.head(match.to_record(), ["human", "ai", "ai"], "m1", 123)
    assert all(hand.get("moves") is None for hand in head["record"]["hands"])
    saved = loaded(rows_after(writes), "m1", head)
    assert saved["record"] == match.to_record()
    assert saved["seats"] == ["human", "ai", "ai"] and saved["history_id"] == "m1"
    assert Match.from_record(saved["record"]).to_record() == match.to_record()


def test_an_undo_deletes_the_moves_it_took_back_and_a_new_line_replaces_them():
    before = [["6-6", "6-5@R", "5-5@R", "draw"]]
    puts, deletes = save_log.plan("m", [["6-6", "6-5@R"]], before)
    assert puts == [] and deletes == [save_log.move_key("m", 0, 2), save_log.move_key("m", 0, 3)]
    puts, deletes = save_log.plan("m", [["6-6", "6-4@L", "4-4@L"]], before)
    assert [k for k, _ in puts] == [save_log.move_key("m", 0, 1), save_log.move_key("m", 0, 2)]
    assert deletes == [save_log.move_key("m", 0, 3)]
    store = rows_after([save_log.plan("m", before, None), (puts, deletes)])
    head = {"record": {"hands": [{"deal": {}}]}, "seats": [], "history_id": "m"}
    assert loaded(store, "m", head)["record"]["hands"][0]["moves"] == ["6-6", "6-4@L", "4-4@L"]


def test_rows_sort_in_play_order_past_ten_moves_and_ten_hands():
    keys = [save_log.move_key("m", hand, index) for hand in (0, 2, 10) for index in (0, 9, 10)]
    assert sorted(keys) == keys


def test_a_gap_in_the_moves_or_a_bad_head_is_refused():
    head = {"record": {"hands": [{"deal": {}}]}, "seats": []}
    with pytest.raises(ValueError):
        save_log.load(json.dumps(head), [(save_log.move_key("m", 0, 1), "6-6")], None)
    with pytest.raises(ValueError):
        save_log.load(json.dumps(head), [(save_log.move_key("m", 3, 0), "6-6")], None)
    with pytest.raises(ValueError):
        save_log.load(json.dumps({"seats": []}), [], None)
    with pytest.raises(ValueError):
        save_log.load("[1, 2]", [], None)


def test_the_state_row_carries_the_summary_and_the_public_part():
    head = {"record": {"hands": [{"deal": {}}]}, "seats": ["human"]}
    state = save_log.state_row({"moves": 3, "saved_at": 9}, {"history": []})
    saved = save_log.load(json.dumps(head), [], state)
    assert saved["summary"] == {"moves": 3, "saved_at": 9} and saved["public"] == {"history": []}


def test_the_state_row_keeps_the_stand_ins_and_an_earlier_row_has_none():
    """DECISIONS W-74: the computers standing in for away friends (seat -> level) are kept
    in the state row from its version 2; a row of the earlier builds (no version) loads with
    none, and a damaged field is dropped whole, not guessed at."""
    head = {"record": {"hands": [{"deal": {}}]}, "seats": ["human", "human"]}
    state = save_log.state_row({"moves": 3}, {"history": []}, {1: "medium"})
    assert save_log.load(json.dumps(head), [], state)["stand_ins"] == {"1": "medium"}
    earlier = json.dumps({"summary": {"moves": 3}, "public": {"history": []}})
    saved = save_log.load(json.dumps(head), [], earlier)
    assert saved["stand_ins"] == {} and saved["summary"] == {"moves": 3}
    assert save_log.load(json.dumps(head), [], None)["stand_ins"] == {}
    for bad in ([1], {"1": 5}, {"x": "easy"}, {"12": "easy"}, {str(i): "easy" for i in range(9)},
                {"1": "e" * 21}):
        row = json.dumps({"version": 2, "summary": {}, "public": None, "stand_ins": bad})
        assert save_log.read_stand_ins(row) == {}, bad
    assert save_log.read_stand_ins(json.dumps({"version": 3, "stand_ins": {"1": "easy"}})) == {}


def test_the_newest_save_is_offered():
    assert save_log.newest([("a", {"saved_at": 5}), ("b", {"saved_at": 9}), ("c", {})]) == "b"
    assert save_log.newest([]) is None


def test_a_stored_summary_is_rebuilt_bounded_and_a_damaged_one_gives_way_to_the_head():
    """Issue 27: `ready` passes the stored summary to the page; only known fields, bounded."""
    clean = save_log.clean_summary({"variant": "draw", "players": 2, "seats": ["human"] * 5000,
                                    "moves": 3, "hand_over": False, "saved_at": 7,
                                    "junk": "x" * 100_000, "hand_number": "1"})
    assert clean == {"variant": "draw", "players": 2, "seats": None, "moves": 3,
                     "hand_over": False, "saved_at": 7}
    assert save_log.read_state("x" * (save_log.MAX_STATE_CHARS + 1)) == ({}, None)
    assert save_log.read_state("[" * 100_000) == ({}, None)
    head = json.dumps({"record": {"variant": "kozel", "options": {"players": 3},
                                  "hands": [{}, {}]}, "seats": ["human", "ai", "ai:hard"]})
    assert save_log.summary_from_head(head) == {
        "variant": "kozel", "players": 3, "seats": ["human", "ai", "ai:hard"], "hand_number": 2}
    assert save_log.summary_from_head("{") == {}
