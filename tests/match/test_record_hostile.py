"""Hostile records (issue 11): every field is checked once, where the JSON is read, and a bad
one is a RecordError (or OptionError, TileError, IllegalMoveError: the engine's own errors)
that names the field, never a hang, a crash of another kind or a silently wrong position.

Each test reproduces one finding of the hostile-input campaign; all of them failed before
``domino.rules.schema`` (a hang, a TypeError, an IndexError, an OverflowError, a ValueError, or a
record that was accepted).

RULES.md: none (RECORD.md's fields, checked where the JSON is read)
"""

from __future__ import annotations

import copy
import json

import pytest

from domino.errors import DominoError, RecordError
from domino.hand.moves import Move
from domino.match import record as rec
from domino.rules import schema
from domino.tiles import parse_tile

IWIN_START = {
    "format": "domino-record", "version": 1, "variant": "vn_iwin",
    "options": {"players": 4, "stake": 1000, "table": "casual"}, "seed": 1, "match": {},
    "hands": [{"start": {"hands": [["2-0"], ["6-6", "5-1"], ["3-1"], ["6-2"]],
                         "boneyard": [], "line": ["3|5", "5|4"], "to_move": 1,
                         "last_placer": 0},
               "moves": ["pass", "3-1@L"]}],
}

KOZEL_START = {
    "format": "domino-record", "version": 1, "variant": "kozel", "options": {"players": 2},
    "seed": 1, "match": {},
    "hands": [{"start": {"hands": [["4-4", "2-2"], ["6-6", "5-0"]], "boneyard": [],
                         "line": ["4|1", "1|3", "3|4"], "to_move": 0},
               "moves": []}],
}

TRAINS_START = {
    "format": "domino-record", "version": 1, "variant": "mexican_train",
    "options": {"players": 3}, "seed": 1, "match": {},
    "hands": [{"start": {"hands": [["12-11", "3-3"], ["10-4"], ["8-1", "2-0"]],
                         "boneyard": ["7-7"],
                         "layout": {"kind": "trains", "engine": 12,
                                    "trains": [{"id": "T0", "owner": 0, "marker": False,
                                                "tiles": [[12, 5]]}],
                                    "unsatisfied": []},
                         "to_move": 0},
               "moves": []}],
}


def refused(record: dict, *words: str, kind: type[DominoError] = RecordError) -> str:
    """Replay ``record`` and return the error message, which must name every word."""
    with pytest.raises(kind) as info:
        rec.replay(record)
    message = str(info.value)
    for word in words:
        assert word in message, message
    return message


def with_start(base: dict, **fields: object) -> dict:
    record = copy.deepcopy(base)
    record["hands"][0]["start"].update(fields)
    return record


def test_the_bases_replay():
    for base in (IWIN_START, KOZEL_START, TRAINS_START):
        rec.replay(copy.deepcopy(base))


# --- item 1: a hang, and a crash when the same position is blocked ----------------------------

def test_nobody_seated_is_refused_not_a_hang():
    record = with_start(IWIN_START, seated=[False] * 4)
    refused(record, "hand 1", "start.seated")


def test_nobody_seated_in_a_blocked_position_is_refused():
    record = with_start(IWIN_START, seated=[False] * 4, hands=[["2-0"], ["1-1"], ["3-1"], []],
                        line=["6|6"], boneyard=[])
    refused(record, "start.seated")


# --- item 3: vn_iwin blocked at the start with nobody who placed last ---------------------------

def test_iwin_blocked_at_start_needs_last_placer():
    blocked = {"hands": [["2-0"], ["1-1"], ["3-1"], ["0-0"]], "line": ["6|6"], "to_move": 0}
    record = with_start(IWIN_START, **blocked)
    del record["hands"][0]["start"]["last_placer"]
    record["hands"][0]["moves"] = []
    refused(record, "hand 1", "start.last_placer")
    record["hands"][0]["start"]["last_placer"] = 2
    out = rec.replay(record)
    assert out["hands"][0]["termination"] == "blocked"
    assert out["hands"][0]["blocker"] == 2


# --- item 4: numbers JSON allows and Python does not -------------------------------------------

@pytest.mark.parametrize("value", [float("inf"), float("-inf"), float("nan"), 1.5,
                                   pytest.param(10**5000, id="5001-digits"),
                                   "Infinity", "１０００", "٣", "1e3", [], {}])
def test_whole_number_option_refused(value):
    record = copy.deepcopy(IWIN_START)
    record["options"]["stake"] = value
    with pytest.raises(DominoError):
        rec.replay(record)


@pytest.mark.parametrize("text", ['{"stake": Infinity}', '{"stake": -Infinity}',
                                  '{"stake": NaN}'])
def test_non_finite_json_numbers_refused(text):
    record = json.dumps(IWIN_START).replace('{"players": 4, "stake": 1000, "table": "casual"}',
                                            text)
    with pytest.raises(RecordError, match="not valid JSON"):
        rec.load(record)


def test_trains_engine_infinity():
    record = copy.deepcopy(TRAINS_START)
    record["hands"][0]["start"]["layout"]["engine"] = float("inf")
    refused(record, "start.layout.engine")


def test_numbers_over_python_digit_limit():
    text = json.dumps(IWIN_START).replace('"seed": 1', '"seed": ' + "9" * 5000)
    with pytest.raises(RecordError):
        rec.load(text)
    record = with_start(IWIN_START, hands=[["9" * 5000 + "-1"], ["6-6", "5-1"], ["3-1"],
                                           ["6-2"]])
    refused(record, "start.hands[0][0]")


@pytest.mark.parametrize("tile", ["²-1", "６-１", "٣-١", "1-²", " 6-1 x", "006-1", "6--1"])
def test_tiles_are_ascii_digits(tile):
    record = with_start(IWIN_START, hands=[[tile], ["6-6", "5-1"], ["3-1"], ["6-2"]])
    refused(record, "start.hands[0][0]")
    with pytest.raises(DominoError):
        parse_tile(tile)
    with pytest.raises(DominoError):
        Move.parse(tile + "@L")


@pytest.mark.parametrize("item", ["²|1", "3|５", "3|", "|5", 35, None, ["3", "5"]])
def test_line_tiles_are_ascii_digits(item):
    record = with_start(IWIN_START, line=[item, "5|4"])
    refused(record, "start.line[0]")


# --- item 5: wrong types and shapes --------------------------------------------------------------

@pytest.mark.parametrize("value", ["abcd", [True, False, True], [1, 0], 4, None, {"0": True}])
def test_match_open_shape(value):
    record = copy.deepcopy(KOZEL_START)
    record["match"] = {"open": value}
    refused(record, "match.open")


@pytest.mark.parametrize("value", ["yes", [True] * 3, [True] * 5, [1, 1, 1, 1], 4])
def test_start_seated_shape(value):
    record = with_start(IWIN_START, seated=value)
    refused(record, "start.seated")


@pytest.mark.parametrize("value", [True, False, -1, 4, "1", 1.0])
def test_match_leader_is_a_seat(value):
    record = copy.deepcopy(IWIN_START)
    record["match"] = {"leader": value}
    refused(record, "match.leader")


def test_legal_never_names_a_boolean_seat():
    record = copy.deepcopy(IWIN_START)
    record["match"] = {"leader": True}
    with pytest.raises(RecordError):
        rec.legal(record)


@pytest.mark.parametrize("text", ["0-0@L:0+5-5@R", "5-5@L+0-0@R:0", "1-1@L:1+5-5@R",
                                  "5-5@L+1-1@R:1"])
def test_kozel_pair_never_takes_a_touching_half(text):
    """A pair of doubles has no touching half to choose: ``:0`` was accepted, ``:1`` not."""
    with pytest.raises(DominoError):
        Move.parse(text)


def test_match_open_of_four_letters():
    record = copy.deepcopy(KOZEL_START)
    record["options"]["players"] = 4
    record["hands"][0]["start"]["hands"] = [["4-4"], ["2-2"], ["6-6"], ["5-0"]]
    rec.replay(copy.deepcopy(record))
    record["match"] = {"open": "abcd"}
    refused(record, "match.open")


@pytest.mark.parametrize("key, value", [
    ("scores", [0, 0, 0]), ("balances", "0"), ("records", [0, 0, True, 0]),
    ("balances", [10**16, 0, 0, 0]), ("hand_number", 0), ("hand_number", True),
    ("hand_number", 1.0), ("colour", 1)])
def test_match_fields(key, value):
    record = copy.deepcopy(IWIN_START)
    record["match"] = {key: value}
    refused(record, "match")


# --- item 6: last_placer out of range ----------------------------------------------------------

@pytest.mark.parametrize("value", [4, 7, -1, -4, True, "0", 0.0])
def test_last_placer_is_a_seat(value):
    record = with_start(IWIN_START, last_placer=value)
    refused(record, "start.last_placer")


# --- item 9: positions that cannot occur ---------------------------------------------------------

def test_a_seat_in_the_hand_holds_tiles():
    record = with_start(IWIN_START, hands=[[], ["6-6", "5-1"], ["3-1"], ["6-2"]])
    refused(record, "start.hands[0]")


def test_a_seat_that_left_is_not_to_move():
    record = with_start(IWIN_START, hands=[["2-0"], [], ["3-1"], ["6-2"]],
                        seated=[True, False, True, True], boneyard=["6-6", "5-1"])
    refused(record, "start.to_move")


def test_a_seat_that_left_holds_nothing():
    record = with_start(IWIN_START, seated=[True, True, True, False])
    refused(record, "start.hands[3]")


def test_nobody_leaves_in_other_variants():
    record = with_start(KOZEL_START, seated=[True, False], hands=[["4-4", "2-2"], []])
    refused(record, "start.seated")


def test_a_leave_is_a_real_start():
    record = with_start(IWIN_START, hands=[["2-0"], ["6-6", "5-1"], ["3-1"], []],
                        seated=[True, True, True, False], boneyard=["6-2"])
    record["hands"][0]["moves"] = []
    out = rec.replay(record)
    assert out["to_move"] == 1 and "leave" in out["legal"]


# --- the shape of a record ---------------------------------------------------------------------

@pytest.mark.parametrize("path, value, word", [
    (("version",), True, "version"),
    (("version",), 1.0, "version"),
    (("seed",), 2**64, "seed"),
    (("seed",), True, "seed"),
    (("surprise",), 1, "surprise"),
    (("hands", 0, "extra"), 1, "extra"),
    (("hands", 0, "moves"), "pass", "moves"),
    (("hands", 0, "moves", 0), 7, "move 1"),
    (("hands", 0, "moves", 0), "x" * 500, "move 1"),
    (("hands", 0, "start", "boneyard"), "6-6", "start.boneyard"),
    (("hands", 0, "start", "to_move"), True, "start.to_move"),
    (("hands", 0, "start", "layout"), {"kind": "tree"}, "start.layout"),
    (("hands", 0, "start", "hands", 0), "2-0", "start.hands[0]"),
])
def test_fields_named_in_errors(path, value, word):
    record = copy.deepcopy(IWIN_START)
    target = record
    for key in path[:-1]:
        target = target[key]
    target[path[-1]] = value
    refused(record, word)


def test_errors_name_the_hand():
    record = copy.deepcopy(IWIN_START)
    first = record["hands"][0]
    record["hands"] = [{"deal": 5}, first]
    message = refused(record, "hand 1")
    assert "deal" in message


@pytest.mark.parametrize("layout, word", [
    ({"kind": "trains", "engine": 12, "trains": [{"id": "T9", "tiles": []}]}, "T9"),
    ({"kind": "trains", "engine": 12, "trains": [{"id": "T0", "tiles": [[12, 13]]}]},
     "trains[0].tiles[0][1]"),
    ({"kind": "trains", "engine": 12, "trains": [{"id": "T0", "tiles": [[True, 5]]}]},
     "trains[0].tiles[0][0]"),
    ({"kind": "trains", "engine": 12, "trains": [{"id": "T0", "marker": 1}]},
     "trains[0].marker"),
    ({"kind": "trains", "engine": 12, "trains": "T0"}, "start.layout.trains"),
    ({"kind": "trains", "engine": 12, "unsatisfied": [5]}, "unsatisfied[0]"),
    ({"kind": "line"}, "start.layout.kind"),
    ({"kind": "trains", "engine": 12, "trains": [{"id": "T0"}, {"id": "T0"}]}, "T0"),
])
def test_trains_layout_fields(layout, word):
    record = with_start(TRAINS_START, layout=layout)
    refused(record, word)


def test_a_line_variant_takes_no_layout_field():
    record = with_start(KOZEL_START, layout={"kind": "tree"})
    refused(record, "start.layout")


# --- item 11: limits a real match never reaches --------------------------------------------------

def test_too_many_hands_is_refused_before_replay():
    record = copy.deepcopy(IWIN_START)
    record["hands"] = record["hands"] * (schema.MAX_HANDS + 1)
    refused(record, "hands", str(schema.MAX_HANDS))


def test_too_many_moves_in_a_hand():
    record = copy.deepcopy(IWIN_START)
    record["hands"][0]["moves"] = ["pass"] * (schema.MAX_HAND_MOVES + 1)
    refused(record, "moves", str(schema.MAX_HAND_MOVES))


def test_too_many_moves_in_a_record():
    record = copy.deepcopy(IWIN_START)
    per_hand = schema.MAX_MOVES // 20 + 1
    record["hands"] = [{"moves": ["pass"] * per_hand} for _ in range(20)]
    refused(record, str(schema.MAX_MOVES))


def test_oversized_text_is_refused_before_parsing():
    text = '{"format": "domino-record", "pad": "' + "x" * schema.MAX_RECORD_CHARS + '"}'
    with pytest.raises(RecordError, match="limit"):
        rec.load(text)


def test_deep_nesting_is_refused():
    text = "[" * 100_000 + "]" * 100_000
    with pytest.raises(RecordError, match="nested"):
        rec.load(text)
    nested: list = []
    for _ in range(200):
        nested = [nested]
    record = copy.deepcopy(IWIN_START)
    record["options"]["stake"] = nested
    with pytest.raises(RecordError):
        rec.replay(record)


def test_brackets_inside_strings_are_not_nesting():
    record = copy.deepcopy(IWIN_START)
    text = json.dumps(record).replace('"seed": 1', '"seed": 1, "note": "' + "[" * 500 + '"')
    data = rec.load(text)
    assert data["note"] == "[" * 500


def test_invalid_utf8_bytes():
    with pytest.raises(RecordError, match="UTF-8"):
        rec.load(b"\xff\xfe{}")


def test_messages_stay_one_short_line():
    record = copy.deepcopy(IWIN_START)
    record["options"]["stake"] = "9" * 100_000
    with pytest.raises(DominoError) as info:
        rec.replay(record)
    assert len(str(info.value)) < 300
    record["options"]["stake"] = 10**5000
    with pytest.raises(DominoError) as info:
        rec.replay(record)
    assert len(str(info.value)) < 300
    record = copy.deepcopy(IWIN_START)
    record["hands"][0]["start"]["hands"][0] = ["7" * 100_000]
    with pytest.raises(RecordError) as info:
        rec.replay(record)
    assert len(str(info.value)) < 300


def test_no_field_or_move_forges_a_second_error_line():
    """A key or a move holding a newline is quoted in the error, which stays one line (the
    CLI's contract: one ``error:`` line)."""
    record = copy.deepcopy(IWIN_START)
    record["options"]["x\nerror: forged"] = None
    message = refused(record, "options.")
    assert "\n" not in message
    record = copy.deepcopy(IWIN_START)
    record["hands"][0]["moves"] = ["6-6@L\nerror: forged"]
    with pytest.raises(DominoError) as info:
        rec.replay(record)
    assert "\n" not in str(info.value) and "move 1" in str(info.value)
    with pytest.raises(DominoError) as info:
        rec.replay({"x\nerror: forged": float("inf")})
    assert "\n" not in str(info.value)


# --- issue 27: no link or file can break the page ----------------------------------------------
# Item 1: an option's value in a record has its JSON type; text forms belong to the CLI's flags
# and the web link's parser only (``ruleset.options_from_text``).

@pytest.mark.parametrize("base, name, value", [
    (KOZEL_START, "fish_lowest_exempt", "yes"),
    (KOZEL_START, "fish_lowest_exempt", "on"),
    (KOZEL_START, "fish_lowest_exempt", "1"),
    (KOZEL_START, "fish_lowest_exempt", "true"),
    (KOZEL_START, "fish_lowest_exempt", 1),
    (KOZEL_START, "fish_lowest_exempt", 0),
    (IWIN_START, "players", "4"),
    (IWIN_START, "players", 4.0),
    (IWIN_START, "stake", "1000"),
    (IWIN_START, "stake", 1000.0),
    (TRAINS_START, "double_blank_value", "50"),
    (TRAINS_START, "double_blank_value", 50.0),
    (TRAINS_START, "set", True),
], ids=lambda v: repr(v) if not isinstance(v, dict) else v["variant"])
def test_option_values_have_their_json_type(base, name, value):
    record = copy.deepcopy(base)
    record["options"][name] = value
    message = refused(record, name, kind=DominoError)
    assert "\n" not in message
    # The same through the text reader.
    with pytest.raises(DominoError, match=name):
        rec.replay(rec.load(json.dumps(record)))


@pytest.mark.parametrize("base, name, value", [
    (KOZEL_START, "fish_lowest_exempt", True),
    (KOZEL_START, "fish_lowest_exempt", False),
    (IWIN_START, "players", 4),
    (IWIN_START, "stake", 2000),
    (TRAINS_START, "double_blank_value", 50),
    (TRAINS_START, "first_player", "seat0"),
], ids=lambda v: repr(v) if not isinstance(v, dict) else v["variant"])
def test_option_values_of_their_json_type_are_taken(base, name, value):
    record = copy.deepcopy(base)
    record["options"][name] = value
    rec.replay(rec.load(json.dumps(record)))


# Item 2: a key twice in one object is refused, not silently the last one.

@pytest.mark.parametrize("old, new", [
    ('"seed": 1', '"seed": 1, "seed": 2'),
    ('"players": 4', '"players": 4, "players": 3'),
    ('"to_move": 1', '"to_move": 1, "to_move": 2'),
    ('"moves": ["pass", "3-1@L"]', '"moves": ["pass", "3-1@L"], "moves": []'),
])
def test_duplicate_keys_are_refused(old, new):
    text = json.dumps(IWIN_START)
    assert old in text
    key = old.split('"')[1]
    with pytest.raises(RecordError, match=f"key {key} twice") as info:
        rec.load(text.replace(old, new, 1))
    assert "\n" not in str(info.value)


def test_duplicate_key_with_a_hostile_name_stays_one_line():
    text = '{"x\\nerror: forged": 1, "x\\nerror: forged": 2}'
    with pytest.raises(RecordError, match="twice") as info:
        rec.load(text)
    assert "\n" not in str(info.value)


# Item 3: an absurd integer is refused before it is converted, with a message of ours.

@pytest.mark.parametrize("digits", [41, 5000, 100_000])
def test_absurd_integers_are_refused_before_conversion(digits):
    text = json.dumps(IWIN_START).replace('"seed": 1', '"seed": ' + "9" * digits)
    with pytest.raises(RecordError) as info:
        rec.load(text)
    message = str(info.value)
    assert f"a number of {digits} digits" in message, message
    assert "set_int_max_str_digits" not in message and len(message) < 200
    negative = json.dumps(IWIN_START).replace('"stake": 1000', '"stake": -' + "1" * digits)
    with pytest.raises(RecordError, match=f"a number of {digits} digits"):
        rec.load(negative)


def test_a_seed_just_out_of_range_names_the_seed():
    """Up to ``schema.MAX_INT_DIGITS`` digits a number is read, and the field says why it is
    refused (the seed's range, DECISIONS E-21 and E-31)."""
    for seed in (2**64, -(2**63) - 1, 10**39):
        text = json.dumps(IWIN_START).replace('"seed": 1', f'"seed": {seed}')
        refused(rec.load(text), "seed", "from -9223372036854775808 to 18446744073709551615")
    for seed in (2**64 - 1, -(2**63)):
        text = json.dumps(IWIN_START).replace('"seed": 1', f'"seed": {seed}')
        rec.replay(rec.load(text))


def test_a_huge_seed_built_in_python_is_refused():
    record = copy.deepcopy(IWIN_START)
    record["seed"] = 10**100_000
    message = refused(record, "seed", "digits")
    assert len(message) < 200
