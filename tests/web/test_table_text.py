"""The table's words (web/page/textfmt.py): where seats sit, standings in the variant's unit,
hand and round numbers, ends named as the table shows them, log lines.

RULES.md: 1.11, 2.5 (standings in the variant's unit)
"""



import textfmt

from domino.rules.ruleset import get_ruleset, reading


def test_the_band_of_opponents_runs_clockwise_from_your_left():
    assert textfmt.others(4, 0) == [1, 2, 3]
    assert textfmt.others(2, 1) == [0]
    assert textfmt.others(4, 2) == [3, 0, 1]
    for n in range(2, 9):
        assert sorted(textfmt.others(n, n - 1) + [n - 1]) == list(range(n))


def state(variant, match, **extra):
    """A state answer's fields that the table's words read, ``reading`` as the engine gives it."""
    options = extra.pop("options", {})
    out = {"variant": variant, "seats": ["human", "ai", "ai", "ai"], "viewer": 0,
           "options": options, "match": match, "hand_over": False,
           "reading": reading(get_ruleset(variant, {"players": 4, **options})),
           "view": {"points": extra.pop("points", [0, 0, 0, 0])}, "hand_number": 1}
    out.update(extra)
    return out


def test_standing_in_the_variants_unit():
    money = state("vn_traditional", {"balances": [3000, -1000, -1000, -1000]})
    assert textfmt.standing("en", money, 0) == ("Money", "+3,000 coins")
    assert textfmt.standing("vi", money, 1) == ("Tiền", "\u22121.000 xu")
    kozel = state("kozel", {"records": [14, 0, 5, 0], "open": [True, False, False, False]})
    assert textfmt.standing("en", kozel, 0) == ("Record", "14 (open)")
    assert textfmt.standing("en", kozel, 2) == ("Record", "5 (not open)")
    # Kozel in pairs: each seat shows its team's one record (RECORD.md), named as the team's.
    pairs = state("kozel", {"records": [14, 0, 14, 0], "open": [True, False, True, False]},
                  options={"partnership": True})
    assert textfmt.standing("en", pairs, 2) == ("Team record", "14 (open)")
    assert textfmt.standing("vi", pairs, 1) == ("Sổ của đội", "0 (chưa mở sổ)")
    assert textfmt.standing("ru", pairs, 3)[0] == "Запись команды"
    fives = state("all_fives", {"scores": [20, 5]}, points=[10, 0])
    assert textfmt.standing("en", fives, 0) == ("Points", "30")
    train = state("mexican_train", {"scores": [12, 40, 0, 3]})
    assert textfmt.standing("en", train, 1) == ("Total", "40")


def test_round_k_of_13_and_hands():
    train = state("mexican_train", {"scores": [0] * 4}, options={"set": "double_twelve"})
    assert textfmt.hand_text("en", train) == "Round 1 of 13"
    assert textfmt.hand_text("en", state("kozel", {}, hand_number=3)) == "Hand 3"


def test_ends_and_log_lines_use_the_tables_words():
    assert textfmt.end_words("en", "up", 6) == "up, on 6"
    event = {"type": "played", "seat": 1, "move": "6-4@N", "dir": "up", "on": 6}
    line = textfmt.log_text("en", event, ["human", "ai"], 0)
    assert line == "Computer 2 played 6-4 (up, on 6)"
    assert "train of You" not in textfmt.end_label("en", "T0", ["human", "ai"], 0)
    assert textfmt.tiles_text("en", 1) == "1 tile"
    undone = textfmt.log_text("en", {"type": "undone", "seat": 0, "moves": 1}, ["human", "ai"], 0)
    assert "1 moves" not in undone


def test_teams_only_for_partners():
    # Kozel is recorded per player (RULES.md 2.5): no teams, whatever the player count ...
    assert textfmt.teams(state("kozel", {}, players=4)) is None
    # ... unless it is played in pairs (its option partnership).
    pairs = state("kozel", {}, players=4, options={"partnership": True})
    assert textfmt.teams(pairs) == [[0, 2], [1, 3]]
    assert textfmt.teams(state("draw", {}, players=4)) is None
    assert textfmt.teams(state("draw", {}, players=4, options={"partnership": True})) is not None


def test_typed_names_reach_the_log_the_ends_and_the_summary():
    """Pass-and-play names typed in the setup form name their seats everywhere a seat is named:
    the log, a train's end and the end-of-hand summary; computers and the lone "You" keep the
    catalogue's names, and a blank entry falls back to "Player 2"."""
    import summary

    seats = ["human", "human", "ai"]
    names = ["Lan", "  ", "ignored for a computer"]
    played = {"type": "played", "seat": 0, "move": "6-6"}
    # A typed name is shown between FSI and PDI (textfmt.isolate).
    assert textfmt.log_text("en", played, seats, 1, names) == "\u2068Lan\u2069 led 6-6"
    passed = {"type": "passed", "seat": 1}
    assert textfmt.log_text("en", passed, seats, 1, names) == "Player 2 passed"
    assert textfmt.seat_name("en", 2, seats, 1, names) == "Computer 3"
    assert textfmt.end_label("vi", "T0", seats, 1, names) == \
        textfmt.i18n.t("vi", "end.T", name="\u2068Lan\u2069")
    assert textfmt.seat_short("en", 0, ["human", "human"], 1, ["Alexandra Petrova", ""]) == \
        "\u2068Alexand…\u2069"
    # One human among computers is "You", whatever was typed.
    assert textfmt.seat_name("en", 0, ["human", "ai"], 0, ["Lan", ""]) == "You"
    over = {"variant": "block", "seats": ["human", "human"], "viewer": 0, "options": {},
            "hand_number": 1, "hand_over": True, "match": {"scores": [12, 0]},
            "hand_result": {"termination": "domino", "winner": 1, "delta": [0, 12]},
            "hand_result_details": {}, "history": [], "view": {"points": [0, 0]},
            "hands": [["6-6"], []]}
    parts = summary.build("en", over, ["Lan", "Minh"])
    assert "Minh" in parts["text"] and "Player 2" not in parts["text"]
    assert "Minh" in parts["table"] and "Lan" in parts["table"]
    assert "Player 2" in summary.build("en", over)["text"]


def test_a_kozel_pass_is_a_knock_in_the_log():
    passed = {"type": "passed", "seat": 1}
    seats = ["human", "ai", "ai", "ai"]
    kozel = textfmt.word(state("kozel", {}), "pass") == "knock"
    draw = textfmt.word(state("draw", {}), "pass") == "knock"
    assert kozel and not draw
    assert textfmt.log_text("en", passed, seats, 0, None, kozel) == "Computer 2 knocked"
    assert textfmt.log_text("ru", passed, seats, 0, None, kozel).endswith("пас (стук)")
    assert textfmt.log_text("en", passed, seats, 0, None, draw) == "Computer 2 passed"


def test_the_page_never_tells_variants_apart_by_their_ids():
    """What a variant's results and words are comes from the state's ``reading`` (issue 12):
    no module of web/page compares the variant with an id (the menu's default choice of game,
    vn_traditional when it is offered, is a membership test of the list, not of a variant)."""
    import ast
    from pathlib import Path

    from domino import variants_catalog

    ids = {entry["id"] for entry in variants_catalog()["variants"]} | {"mexican", "iwin"}
    found = []
    for path in sorted((Path(__file__).resolve().parents[2] / "web" / "page").glob("*.py")):
        tree = ast.parse(path.read_text(encoding="utf-8"))
        # Module constants such as RANKED = ("vn_traditional", ...) compared by name.
        named = {target.id: node.value for node in tree.body if isinstance(node, ast.Assign)
                 for target in node.targets if isinstance(target, ast.Name)}
        for node in ast.walk(tree):
            if isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute) \
                    and node.func.attr in ("startswith", "endswith") and node.args \
                    and isinstance(node.args[0], ast.Constant) \
                    and str(node.args[0].value).rstrip("_") in {"vn", "mexican", "kozel"}:
                found.append(f"{path.name}:{node.lineno} {node.args[0].value}")
            if not isinstance(node, ast.Compare):
                continue
            parts = [node.left, *node.comparators]
            # "draw" and "block" are also move kinds and words: only a comparison with
            # something named for the variant counts.
            if not any("variant" in ast.unparse(part) for part in parts):
                continue
            for part in parts:
                if isinstance(part, ast.Name) and part.id in named:
                    part = named[part.id]
                values = part.elts if isinstance(part, (ast.Tuple, ast.List, ast.Set)) else [part]
                for value in values:
                    if isinstance(value, ast.Constant) and value.value in ids:
                        found.append(f"{path.name}:{node.lineno} {value.value}")
    assert found == [], found


def test_estimates_in_the_variants_unit():
    # Money in whole units, grouped as each language writes amounts; others to a tenth.
    assert textfmt.estimate(1234.4, "money", "vi") == "+1.234"
    assert textfmt.estimate(-500.0, "money", "en", False) == "\u2212500"
    assert textfmt.estimate(2.26, "points", "ru") == "+2,3"
    assert textfmt.estimate(-3.46, "pips", "en") == "\u22123.5"
    assert textfmt.estimate(4.0, "penalty points", "en", False) == "4"
    assert textfmt.estimate(0.0, "points", "en", False) == "0"
    assert textfmt.estimate(None, "points", "en") == "\u2013"
