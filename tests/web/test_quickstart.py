"""The menu's one-tap start (web/page/quickstart.py, issue 25 "The first minute"): a tile's
match is the game's defaults or the last choices of that game, its length chosen up front and
ending in every game (the Vietnamese money games included, so that they reach the
statistics), and the memory read back from storage whatever it holds.

RULES.md: 2.5, 3.1 (the match ends: kozel's goat at 101, the points targets)
"""

import json
import random

import pytest
import quickstart

from domino.match.match import Match
from domino.rules.ruleset import get_ruleset, variants_catalog

CATALOG = {v["id"]: v for v in variants_catalog()["variants"]}
EMPTY = quickstart.read_memory("")


@pytest.mark.parametrize("vid", sorted(CATALOG))
@pytest.mark.parametrize("length", quickstart.LENGTHS)
def test_every_tile_starts_a_match_the_engine_accepts_and_that_ends(vid, length):
    intent = quickstart.quick_intent(CATALOG[vid], EMPTY, length)
    options = dict(intent["options"])
    players = options["players"]
    rs = get_ruleset(vid, options)  # the engine takes the options as they are
    assert len(intent["seats"]) == players == CATALOG[vid]["players"]["default"]
    assert intent["seats"][0] == "human" and all(s.startswith("ai") for s in intent["seats"][1:])
    assert "seed" not in intent
    key, n = quickstart.length_words(CATALOG[vid], options)
    assert key != "quick.no_end" and n > 0
    # A total or a number of hands ends every such match.
    assert rs.max_hands > 0 or rs.target or rs.rounds


def test_the_vietnamese_money_games_end_after_the_chosen_hands():
    entry = CATALOG["vn_traditional"]
    hands = [quickstart.quick_intent(entry, EMPTY, n)["options"]["max_hands"]
             for n in quickstart.LENGTHS]
    assert hands == [5, 10, 20]
    assert quickstart.length_words(entry, {"max_hands": 10}) == ("quick.hands", 10)
    # The engine's own default has no end: the menu never sends it.
    assert quickstart.length_words(entry, {}) == ("quick.no_end", None)


def test_a_vietnamese_match_of_five_hands_is_over_after_five():
    intent = quickstart.quick_intent(CATALOG["vn_iwin"], EMPTY, "short")
    match = Match.new("vn_iwin", dict(intent["options"]), seed=3)
    rng = random.Random(3)
    hands = 1
    while True:
        while not match.hand_over:
            moves = sorted(match.legal(), key=str)
            match.play(moves[int(rng.random() * len(moves))])
        if match.over:
            break
        match.next_hand()
        hands += 1
    assert hands == 5


def test_kozel_and_the_points_games_say_their_fixed_end():
    kozel = CATALOG["kozel"]
    assert quickstart.length_options(kozel, "long") == {}
    assert quickstart.length_words(kozel, {}) == ("quick.goat_at", 101)
    assert quickstart.length_words(CATALOG["block"], {}) == ("quick.to_points", 100)
    assert quickstart.length_words(CATALOG["mexican_train"], {}) == ("quick.hands", 13)


def test_all_fives_targets_follow_the_length():
    entry = CATALOG["all_fives"]
    targets = [quickstart.length_options(entry, n)["target"] for n in quickstart.LENGTHS]
    assert targets == [100, 200, 250]
    assert quickstart.length_words(entry, {"target": 100}) == ("quick.to_points", 100)


def test_the_last_choices_of_a_game_come_back_without_its_length():
    entry = CATALOG["kozel"]
    started = {"type": "new_match", "variant": "kozel",
               "options": {"players": 3, "fish_lowest_exempt": True},
               "seats": ["human", "ai:hard", "ai:easy"]}
    memory = quickstart.remember(EMPTY, started)
    memory = quickstart.read_memory(json.dumps(memory))  # through storage
    assert memory["variant"] == "kozel"
    again = quickstart.quick_intent(entry, memory, "normal")
    assert again["options"] == {"players": 3, "fish_lowest_exempt": True}
    assert again["seats"] == ["human", "ai:hard", "ai:easy"]
    # Another game keeps its defaults.
    block = quickstart.quick_intent(CATALOG["block"], memory, "normal")
    assert block["options"] == {"players": 2}
    # A custom match's length is not carried to the tiles.
    vn = {"type": "new_match", "variant": "vn_traditional",
          "options": {"players": 4, "max_hands": 0, "stake": 500}, "seats": ["human"] + ["ai"] * 3}
    memory = quickstart.remember(memory, vn)
    options = quickstart.quick_intent(CATALOG["vn_traditional"], memory, "short")["options"]
    assert options["max_hands"] == 5 and options["stake"] == 500


@pytest.mark.parametrize("text", ["", "nonsense", "[1, 2]", "null",
                                  json.dumps({"variant": 5, "length": "huge",
                                              "by_variant": {"kozel": {"players": 99,
                                                                       "seats": ["bot"],
                                                                       "options": {"x": 1,
                                                                       "partnership": "yes"}}}})])
def test_whatever_storage_holds_the_tiles_start_valid_matches(text):
    memory = quickstart.read_memory(text)
    assert memory["length"] in quickstart.LENGTHS
    intent = quickstart.quick_intent(CATALOG["kozel"], memory, memory["length"])
    assert intent["options"] == {"players": 4}
    assert intent["seats"] == ["human", "ai:medium", "ai:medium", "ai:medium"]
    get_ruleset("kozel", intent["options"])


@pytest.mark.parametrize("index", range(len(CATALOG)))
def test_each_card_draws_its_own_domino_with_its_pips(index):
    svg = quickstart.face_svg(index)
    a, b = quickstart.FACES[index]
    assert svg.startswith("<svg") and svg.endswith("</svg>")
    assert svg.count("<circle") == a + b
    assert len({quickstart.face_svg(i) for i in range(len(CATALOG))}) == len(CATALOG)


@pytest.mark.parametrize("lang", ["vi", "en", "ru"])
def test_the_menu_names_break_only_where_the_catalogue_says(lang):
    """A game's name on a menu tile may break inside a long word only at the catalogue's points
    ("тради-ционное"), as a soft hyphen, and never inside its parenthesis ("(All Fives)": its
    spaces no-break spaces, W-120): the name reads the same, and every hint names a word
    that a game's name has (a stale hint would silently stop breaking)."""
    import i18n

    hints = i18n.t(lang, "quick.breaks").split()
    names = [i18n.variant_name(lang, vid) for vid in sorted(CATALOG)]
    for hint in hints:
        assert any(hint.replace("-", "") in name for name in names), hint
    for name in names:
        shown = quickstart.soft_breaks(name, " ".join(hints))
        assert shown.replace("\u00ad", "").replace("\u00a0", " ") == name
        if "(" in name:
            inside = shown[shown.index("("):shown.index(")")]
            assert " " not in inside and inside.count("\u00a0") == name.count(" ", name.index("(")), shown
        for word in shown.split():
            # Each piece a break leaves is a syllable or more, never a lone letter.
            assert all(len(piece.strip("()")) >= 2 for piece in word.split("\u00ad")), word
    if lang == "ru":
        shown = quickstart.soft_breaks(i18n.variant_name(lang, "vn_traditional"), " ".join(hints))
        assert shown == "Вьет\u00adнам\u00adское (тради\u00adционное)"
        shown = quickstart.soft_breaks(i18n.variant_name(lang, "all_fives"), " ".join(hints))
        assert shown == "Все пятёр\u00adки (All\u00a0Fives)"
