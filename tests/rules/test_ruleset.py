"""Unit tests of the rules registry, options, move notation, tile sets and the seeded shuffle.

Every expectation is taken from RULES.md, RECORD.md or docs/ENGINE_API.md, never from the
engine's own tables.

RULES.md: 0.2, 1.1, 1.8, 2.5, 3.4 (notation, tile sets, tile order, the registry's options)
"""

from __future__ import annotations

import random

import pytest

from domino import (
    VARIANTS,
    IllegalMoveError,
    Match,
    Move,
    OptionError,
    UnknownVariantError,
    full_set,
    get_ruleset,
    parse_tile,
    tile_str,
    variants_catalog,
)
from domino.rules.ruleset import options_from_text
from domino.tiles import shuffle

IDS = ["vn_traditional", "vn_schoolnet", "vn_iwin", "doubles", "kozel", "block", "draw",
       "all_fives", "mexican_train"]

PLAYERS = {v: (2, 4) for v in IDS} | {"mexican_train": (2, 8)}

# RULES.md, option by option: name -> (type, default, allowed values or (min, max)).
# "ANY" marks a default the rules leave to the engine (stake amounts, max_hands, hand_size).
ANY = object()
RULES_OPTIONS = {
    "vn_traditional": {
        "partnership": ("bool", False, None),
        "blank_wild": ("bool", False, None),
        "scoring_mode": ("choice", "bet_multiplier", {"bet_multiplier", "points"}),
        "drawn_tile_optional": ("bool", False, None),
        "stake": ("int", ANY, None),
        "max_hands": ("int", ANY, None),
    },
    "vn_schoolnet": {
        "blocker_mode": ("choice", "round_horizon", {"round_horizon", "last_placer"}),
        "stake": ("int", ANY, None),
        "max_hands": ("int", ANY, None),
    },
    "vn_iwin": {
        "stake": ("int", ANY, None),
        "table": ("choice", "casual", {"casual", "high_roller", "vip"}),
    },
    "doubles": {
        "unlock_mode": ("choice", "number", {"number", "spinner_only"}),
    },
    "kozel": {
        "zero_double_rule": ("choice", "always", {"always", "only_if_sole_tile"}),
        "later_hands_lead": ("choice", ANY, {"previous_winner_any_tile"}),
        "lead_double": ("choice", ANY, {"lowest_from_1_1"}),
        "fish_lowest_exempt": ("bool", False, None),
        "partnership": ("bool", False, None),  # 2.5: Kozel in pairs, 4 players
    },
    "block": {
        "partnership": ("bool", False, None),
        "hand_size": ("int", ANY, None),
        "tie_rule": ("choice", ANY, {"lightest_tile"}),
    },
    "draw": {
        "partnership": ("bool", False, None),
        "hand_size": ("int", ANY, None),
        "tie_rule": ("choice", ANY, {"lightest_tile"}),
        "reserve": ("choice", ANY, {"classic"}),
        "voluntary_draw": ("bool", False, None),
    },
    "all_fives": {
        "partnership": ("bool", False, None),
        "spinners": ("choice", "first", {"none", "first", "all"}),
        "deal": ("choice", ANY, {"7/5"}),
        "blocked_minus_own": ("bool", False, None),
        "target": ("choice", 200, {61, 100, 150, 200, 250}),
    },
    "mexican_train": {
        "hand_size": ("int", ANY, None),
        "double_blank_value": ("choice", 0, {0, 50}),
        "allow_double_chain": ("bool", False, None),
        "first_turn_multi": ("bool", False, None),
    },
}


def catalog_by_id() -> dict:
    return {v["id"]: v for v in variants_catalog()["variants"]}


# --- registry ------------------------------------------------------------------------------

def test_registry_ids():
    assert sorted(VARIANTS) == sorted(IDS)
    assert sorted(catalog_by_id()) == sorted(IDS)


@pytest.mark.parametrize("variant", IDS)
def test_every_id_resolves(variant):
    rs = get_ruleset(variant, {})
    assert rs.id == variant
    assert get_ruleset(variant.upper(), {}).id == variant
    assert get_ruleset(f"  {variant} ", {}).id == variant


def test_every_alias_resolves():
    aliases = variants_catalog()["aliases"]
    assert aliases, "the catalogue lists no aliases"
    for alias, target in aliases.items():
        assert target in IDS, (alias, target)
        assert get_ruleset(alias, {}).id == target
        assert Match.new(alias, {}, seed=1).to_record()["variant"] == target


@pytest.mark.parametrize("name", ["chess", "", "vn", "kozel2", "all-fives"])
def test_unknown_variant(name):
    with pytest.raises(UnknownVariantError):
        get_ruleset(name, {})


def test_unknown_variant_not_a_string():
    with pytest.raises(UnknownVariantError):
        get_ruleset(None, {})  # type: ignore[arg-type]


# --- the catalogue -------------------------------------------------------------------------

@pytest.mark.parametrize("variant", IDS)
def test_catalog_players(variant):
    entry = catalog_by_id()[variant]
    lo, hi = PLAYERS[variant]
    players = entry["players"]
    assert (players["min"], players["max"]) == (lo, hi)
    assert lo <= players["default"] <= hi
    assert isinstance(entry["name"], str) and entry["name"]
    assert entry["partnership"] == ("partnership" in RULES_OPTIONS[variant])


@pytest.mark.parametrize("variant", IDS)
def test_catalog_lists_every_rules_option(variant):
    options = {o["name"]: o for o in catalog_by_id()[variant]["options"]}
    for name, (kind, default, allowed) in RULES_OPTIONS[variant].items():
        assert name in options, f"{variant} lacks option {name!r} of RULES.md"
        opt = options[name]
        assert opt["type"] == kind, (name, opt)
        if default is not ANY:
            assert opt["default"] == default, (name, opt)
        if kind == "choice" and allowed:
            assert allowed <= set(opt["choices"]), (name, opt)
        if kind == "bool":
            assert isinstance(opt["default"], bool)


def test_mexican_train_set_option():
    """RULES.md 3.4: double-twelve by default, double-nine as an option (2-4 players)."""
    options = {o["name"]: o for o in catalog_by_id()["mexican_train"]["options"]}
    sets = [o for o in options.values() if o["type"] == "choice"
            and any("nine" in str(c) for c in o["choices"])]
    assert sets, "no option selects the double-nine set"
    rs = get_ruleset("mexican_train", {sets[0]["name"]: next(
        c for c in sets[0]["choices"] if "nine" in str(c)), "players": 4})
    assert rs.max_pip == 9
    with pytest.raises(OptionError):
        get_ruleset("mexican_train", {sets[0]["name"]: next(
            c for c in sets[0]["choices"] if "nine" in str(c)), "players": 5})


def test_kozel_partnership_option():
    """RULES.md 2.5: Kozel in pairs deals 7 tiles each (all 28), so there is no market, and
    partners sit opposite; the individual game keeps 5 tiles each and its market."""
    pairs = get_ruleset("kozel", {"players": 4, "partnership": True})
    assert pairs.tiles_each(4) * 4 == 28
    assert pairs.teams(4) == [[0, 2], [1, 3]]
    assert pairs.draw_policy == "none"
    alone = get_ruleset("kozel", {"players": 4})
    assert (alone.tiles_each(4), alone.teams(4)) == (5, None)
    assert alone.draw_policy == "draw_until_playable"
    assert "partnership" in {o["name"] for o in catalog_by_id()["kozel"]["options"]}


def test_an_option_that_brings_an_unknown_field_is_refused():
    """``OptionSpec.also`` is checked with the registry: a misspelt field or an unknown name
    for a named field would otherwise be a silent no-op or another rule."""
    from dataclasses import replace

    from domino.rules.ruleset import KOZEL, OptionSpec, _check_registry

    for also in ({True: {"hand_size_s": {4: 7}}}, {True: {"draw_policy": "knock"}}):
        spec = OptionSpec("partnership", "bool", False, "", sets="partnership", also=also)
        with pytest.raises(ValueError, match="partnership"):
            _check_registry((replace(KOZEL, option_specs=(spec,)),))


@pytest.mark.parametrize("variant", IDS)
def test_catalog_entries_are_well_formed(variant):
    for opt in catalog_by_id()[variant]["options"]:
        assert {"name", "type", "default", "description"} <= set(opt)
        assert opt["description"]
        if opt["type"] == "choice":
            assert opt["default"] in opt["choices"]
        elif opt["type"] == "int":
            assert opt["min"] <= opt["default"] <= opt["max"]
        else:
            assert opt["type"] == "bool" and isinstance(opt["default"], bool)


@pytest.mark.parametrize("variant", IDS)
def test_every_catalog_value_is_accepted(variant):
    entry = catalog_by_id()[variant]
    for opt in entry["options"]:
        players = entry["players"]["default"]
        if opt["name"] == "partnership":
            players = 4
        values: list = []
        if opt["type"] == "bool":
            values = [False, True]
        elif opt["type"] == "choice":
            values = list(opt["choices"])
        else:
            values = [opt["min"], opt["default"]]
            players = entry["players"]["min"]
        for value in values:
            rs = get_ruleset(variant, {opt["name"]: value, "players": players})
            assert dict(rs.option_values())[opt["name"]] == value


@pytest.mark.parametrize("variant", IDS)
def test_defaults_match_an_empty_option_set(variant):
    entry = catalog_by_id()[variant]
    rs = get_ruleset(variant, {})
    assert rs.players == entry["players"]["default"]
    chosen = dict(rs.option_values())
    for opt in entry["options"]:
        assert chosen[opt["name"]] == opt["default"]


# --- option errors -------------------------------------------------------------------------

@pytest.mark.parametrize("variant, options", [
    ("vn_traditional", {"players": 5}),
    ("vn_traditional", {"players": 1}),
    ("kozel", {"players": 0}),
    ("mexican_train", {"players": 9}),
    ("mexican_train", {"players": 1}),
    ("block", {"players": "two"}),
    ("block", {"players": 2.5}),
    ("block", {"players": True}),
    ("vn_traditional", {"colour": "red"}),
    ("doubles", {"partnership": True, "players": 4}),
    ("vn_traditional", {"partnership": True, "players": 3}),
    ("block", {"partnership": True, "players": 2}),
    ("kozel", {"partnership": True, "players": 3}),
    ("kozel", {"partnership": 1, "players": 4}),
    ("vn_traditional", {"blank_wild": "maybe"}),
    ("vn_traditional", {"blank_wild": 2}),
    ("vn_traditional", {"scoring_mode": "fun"}),
    ("vn_traditional", {"stake": 0}),
    ("vn_traditional", {"stake": -5}),
    ("vn_traditional", {"stake": "lots"}),
    ("vn_traditional", {"stake": 1.5}),
    ("vn_iwin", {"table": "gold"}),
    ("vn_schoolnet", {"blocker_mode": "oracle"}),
    ("doubles", {"unlock_mode": "spinner"}),
    ("kozel", {"zero_double_rule": "never"}),
    ("all_fives", {"target": 300}),
    ("all_fives", {"spinners": "some"}),
    ("draw", {"reserve": "3"}),
    ("mexican_train", {"double_blank_value": 25}),
    ("block", {"hand_size": 14, "players": 4}),
    ("mexican_train", {"hand_size": 20, "players": 8}),
])
def test_option_errors(variant, options):
    with pytest.raises(OptionError):
        get_ruleset(variant, options)


def test_option_error_through_match_new():
    with pytest.raises(OptionError):
        Match.new("kozel", {"players": 5}, seed=1)


def test_text_option_values_are_read_by_options_from_text():
    """The CLI passes option values as text; ``options_from_text`` reads them into the
    option's type (issue 27: the ruleset itself takes JSON types only)."""
    options = options_from_text("draw", {"players": "3", "voluntary_draw": "true",
                                         "reserve": "classic"})
    assert options == {"players": 3, "voluntary_draw": True, "reserve": "classic"}
    rs = get_ruleset("draw", options)
    assert rs.players == 3
    assert dict(rs.option_values())["voluntary_draw"] is True
    assert get_ruleset("all_fives", options_from_text("all_fives", {"target": "100"})
                       ).target == 100
    for word in ("yes", "on", "1", "TRUE", " true "):
        assert options_from_text("draw", {"voluntary_draw": word}) == {"voluntary_draw": True}
    for word in ("no", "off", "0", "False"):
        assert options_from_text("draw", {"voluntary_draw": word}) == {"voluntary_draw": False}
    assert options_from_text("draw", {"reserve": "0"}) == {"reserve": "0"}
    assert options_from_text("mexican_train", {"double_blank_value": "50"}) == {
        "double_blank_value": 50}


@pytest.mark.parametrize("variant, text", [
    ("draw", {"voluntary_draw": "maybe"}), ("draw", {"voluntary_draw": "2"}),
    ("draw", {"players": "three"}), ("draw", {"players": "٣"}), ("draw", {"reserve": "3"}),
    ("draw", {"hand_size": "1.5"}), ("draw", {"hand_size": "9" * 5000}),
    ("draw", {"nope": "1"}), ("all_fives", {"target": "101"}),
])
def test_text_that_reads_as_no_value_is_refused(variant, text):
    options = options_from_text(variant, text)
    assert options == text  # passed on as it is: get_ruleset names the problem
    with pytest.raises(OptionError):
        get_ruleset(variant, options)


@pytest.mark.parametrize("variant, options", [
    ("draw", {"players": "3"}), ("draw", {"players": 3.0}), ("draw", {"players": True}),
    ("draw", {"voluntary_draw": "true"}), ("draw", {"voluntary_draw": "yes"}),
    ("draw", {"voluntary_draw": "on"}), ("draw", {"voluntary_draw": "1"}),
    ("draw", {"voluntary_draw": 1}), ("draw", {"voluntary_draw": 0}),
    ("all_fives", {"target": "100"}), ("all_fives", {"target": 100.0}),
    ("mexican_train", {"double_blank_value": "50"}),
    ("mexican_train", {"double_blank_value": False}),
    ("draw", {"reserve": 0}), ("vn_iwin", {"stake": "1000"}), ("vn_iwin", {"stake": 1000.0}),
])
def test_get_ruleset_takes_json_types_only(variant, options):
    """A value of another JSON type than the option's is refused, text forms included
    (issue 27 item 1; the CLI and the web link read text into types before)."""
    with pytest.raises(OptionError, match=next(iter(options))):
        get_ruleset(variant, options)


# --- move notation -------------------------------------------------------------------------

NOTATIONS = ["6-6", "6-5@R", "6-5@L", "5-0@L:5", "5-0@R:0", "2-2@L+5-5@R", "draw", "pass",
             "leave", "4-1@N", "4-1@S", "3-3@X1", "6-3@X12", "12-11@T3", "9-9@MX", "12-0@T7",
             "0-0", "1-0@L"]


@pytest.mark.parametrize("text", NOTATIONS)
def test_move_round_trip(text):
    move = Move.parse(text)
    assert str(move) == text
    assert Move.parse(str(move)) == move
    assert hash(Move.parse(text)) == hash(move)


@pytest.mark.parametrize("text, canonical", [
    ("4-6", "6-4"), ("4-6@R", "6-4@R"), ("0-5@L:5", "5-0@L:5"), (" draw ", "draw"),
    ("5-5@R+2-2@L", "2-2@L+5-5@R"), ("11-12@MX", "12-11@MX"),
])
def test_move_reader_accepts_other_spellings(text, canonical):
    assert str(Move.parse(text)) == canonical


def test_move_kinds():
    assert Move.parse("6-6").kind == "lead" and Move.parse("6-6").tile == (6, 6)
    place = Move.parse("5-0@L:5")
    assert (place.kind, place.tile, place.end, place.touch) == ("place", (5, 0), "L", 5)
    pair = Move.parse("2-2@L+5-5@R")
    assert pair.kind == "pair"
    assert {pair.tile, pair.tile2} == {(2, 2), (5, 5)}
    assert Move.parse("draw").kind == "draw"
    assert Move.parse("pass").kind == "pass"
    assert Move.parse("leave").kind == "leave"
    assert Move.parse("6-5@R") != Move.parse("6-5@L")
    assert Move.parse("5-0@L:5") != Move.parse("5-0@L:0")
    assert Move.parse("5-0@L") != Move.parse("5-0@L:5")


@pytest.mark.parametrize("text", [
    "", "   ", "x", "6", "6-", "-6", "6-5@", "6-5@R:3", "6-5@R+", "6-5@R+draw",
    "13-1", "6-5-4", "6-5@L@R", "draw please", "a-b@L", None, 65,
])
def test_move_parse_errors(text):
    with pytest.raises(IllegalMoveError):
        Move.parse(text)


# --- tiles ---------------------------------------------------------------------------------

@pytest.mark.parametrize("n, count, doubles, total", [
    (6, 28, 7, 168), (9, 55, 10, 495), (12, 91, 13, 1092),
])
def test_full_set(n, count, doubles, total):
    """C-01."""
    tiles = full_set(n)
    assert len(tiles) == count == len(set(tiles))
    assert sum(1 for a, b in tiles if a == b) == doubles
    assert sum(a + b for a, b in tiles) == total
    assert all(0 <= b <= a <= n for a, b in tiles)
    assert full_set(n) == tiles  # a fixed order


def test_parse_tile_and_tile_str():
    assert parse_tile("4-6") == (6, 4) == parse_tile("6-4")
    assert tile_str((6, 4)) == "6-4"
    assert parse_tile("12-12") == (12, 12)
    for bad in ("7-7x", "6", "a-b", "-1-2"):
        with pytest.raises(ValueError):
            parse_tile(bad)
    with pytest.raises(ValueError):
        parse_tile("7-7", 6)


# --- the seeded shuffle --------------------------------------------------------------------

def test_rng_stream_is_the_documented_one():
    """The values the hand computation below was done with (random.Random(2026).random())."""
    rng = random.Random(2026)
    got = [round(rng.random(), 6) for _ in range(9)]
    assert got == [0.11912, 0.502516, 0.511823, 0.860001, 0.102637, 0.223285, 0.601031,
                   0.556559, 0.783373]


def test_shuffle_is_fisher_yates_over_random():
    """Fisher-Yates from the top, j = int(r * (i + 1)), over [0..9] with Random(2026):
    i=9 r=.119 j=1  -> 0 9 2 3 4 5 6 7 8 1
    i=8 r=.503 j=4  -> 0 9 2 3 8 5 6 7 4 1
    i=7 r=.512 j=4  -> 0 9 2 3 7 5 6 8 4 1
    i=6 r=.860 j=6  -> unchanged
    i=5 r=.103 j=0  -> 5 9 2 3 7 0 6 8 4 1
    i=4 r=.223 j=1  -> 5 7 2 3 9 0 6 8 4 1
    i=3 r=.601 j=2  -> 5 7 3 2 9 0 6 8 4 1
    i=2 r=.557 j=1  -> 5 3 7 2 9 0 6 8 4 1
    i=1 r=.783 j=1  -> unchanged
    """
    items = list(range(10))
    shuffle(items, random.Random(2026))
    assert items == [5, 3, 7, 2, 9, 0, 6, 8, 4, 1]


def test_shuffle_is_stable_for_a_seed():
    a, b = full_set(6), full_set(6)
    shuffle(a, random.Random(99))
    shuffle(b, random.Random(99))
    assert a == b and sorted(a) == sorted(full_set(6)) and a != full_set(6)


def test_seeded_deal_is_reproducible():
    one = Match.new("block", {"players": 2}, seed=7).to_record()["hands"][0]["deal"]
    two = Match.new("block", {"players": 2}, seed=7).to_record()["hands"][0]["deal"]
    three = Match.new("block", {"players": 2}, seed=8).to_record()["hands"][0]["deal"]
    assert one == two != three
    tiles = [t for h in one["hands"] for t in h] + one["boneyard"]
    assert sorted(tiles) == sorted(tile_str(t) for t in full_set(6))
    assert [len(h) for h in one["hands"]] == [7, 7]
