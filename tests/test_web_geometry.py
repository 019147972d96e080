"""The web UI's pure modules (web/ui/geometry.py, textfmt.py, i18n.py) under CPython.

They run under MicroPython on the page; here the same code is checked for layout overlaps,
canvas bounds, formatting and the message catalogue.
"""

import random
import sys
from pathlib import Path

import pytest

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "web" / "ui"))

import geometry  # noqa: E402
import i18n  # noqa: E402
import textfmt  # noqa: E402


def random_line(rng, length):
    """A plausible line: consecutive tiles match, doubles sprinkled in."""
    tiles = []
    value = rng.randrange(7)
    for _ in range(length):
        if rng.random() < 0.25:
            tiles.append([value, value])
            continue
        nxt = rng.randrange(7)
        tiles.append([value, nxt])
        value = nxt
    return tiles


def overlap(p, q):
    eps = 0.01
    return (p["x"] + eps < q["x"] + q["w"] and q["x"] + eps < p["x"] + p["w"]
            and p["y"] + eps < q["y"] + q["h"] and q["y"] + eps < p["y"] + p["h"])


@pytest.mark.parametrize("width, height", [(390, 380), (1080, 400), (320, 200), (700, 700)])
@pytest.mark.parametrize("length", [1, 5, 13, 28])
def test_line_tiles_never_overlap_and_stay_on_the_canvas(width, height, length):
    rng = random.Random(length * 1000 + width)
    for _ in range(20):
        tiles = random_line(rng, length)
        placed = geometry.layout_line(tiles, width, height)
        assert len(placed) == len(tiles)
        for i, p in enumerate(placed):
            for q in placed[i + 1:]:
                assert not overlap(p, q), (p, q)
        box = geometry.bounds(placed)
        assert box[0] >= -0.01 and box[2] <= width + 0.01
        if placed[0]["w"] > geometry.MIN_UNIT * 2 or placed[0]["h"] > geometry.MIN_UNIT * 2:
            assert box[1] >= -0.01 and box[3] <= height + 0.01


def test_doubles_lie_crosswise_and_halves_follow_the_line():
    tiles = [[6, 5], [5, 5], [5, 1]]
    placed = geometry.layout_line(tiles, 800, 300)
    first, double, last = placed
    assert not first["vertical"] and first["w"] == 2 * first["h"]
    assert double["vertical"] and double["h"] == 2 * double["w"]
    # Left to right: 6|5, then 5-5 across, then 5|1, each touching the next.
    assert (first["a"], first["b"]) == (6, 5)
    assert (last["a"], last["b"]) == (5, 1)
    assert first["x"] + first["w"] == pytest.approx(double["x"])
    assert double["x"] + double["w"] == pytest.approx(last["x"])


def test_a_long_line_snakes_into_several_rows_and_turns_back():
    tiles = random_line(random.Random(3), 24)
    placed = geometry.layout_line(tiles, 390, 500)
    rows = sorted({round(p["y"] + p["h"] / 2) for p in placed if not p["vertical"]})
    assert len(rows) >= 2
    # In the second row the line runs right to left: its tiles show their touching half right.
    second_row = [p for p in placed if not p["vertical"] and round(p["y"] + p["h"] / 2) == rows[1]]
    xs = [p["x"] for p in second_row]
    assert xs == sorted(xs, reverse=True)


def test_tree_layout_places_every_arm():
    layout = {"kind": "tree", "lead": [5, 5], "arms": [
        {"id": "L", "parent": None, "tiles": [[5, 3], [3, 1]]},
        {"id": "R", "parent": None, "tiles": [[5, 6]]},
        {"id": "N", "parent": None, "tiles": [[5, 2]]},
        {"id": "S", "parent": None, "tiles": [[5, 0], [0, 0]]},
    ]}
    placed, rows = geometry.layout(layout, 600, 500)
    assert rows == []
    assert len(placed) == 7
    for i, p in enumerate(placed):
        for q in placed[i + 1:]:
            assert not overlap(p, q), (p, q)


def test_train_layout_has_one_row_per_train():
    layout = {"kind": "trains", "engine": 12, "trains": [
        {"id": "T0", "owner": 0, "marker": False, "tiles": [[12, 3], [3, 3]]},
        {"id": "T1", "owner": 1, "marker": True, "tiles": []},
        {"id": "MX", "owner": None, "marker": False, "tiles": [[12, 7]]},
    ], "unsatisfied": []}
    placed, rows = geometry.layout(layout, 600, 400)
    assert [r["id"] for r in rows] == ["T0", "T1", "MX"]
    assert rows[1]["marker"] is True
    assert len(placed) == 1 + 3  # the engine double and three tiles


def test_pip_points_count_the_value():
    for value in range(13):
        points = geometry.pip_points(value)
        assert len(points) == value
        for x, y in points:
            assert 0 < x < 1 and 0 < y < 1
        assert len(set(points)) == value


def test_amounts_and_moves():
    assert textfmt.amount(1234567, "vi") == "1.234.567"
    assert textfmt.amount(-3000, "en") == "\u22123,000"
    assert textfmt.amount(6000, "en", signed=True) == "+6,000"
    assert textfmt.amount(0, "en", signed=True) == "0"
    assert textfmt.split_move("6-5@R") == ("6-5", "R")
    assert textfmt.split_move("5-0@L:5") == ("5-0", "L")
    assert textfmt.split_move("draw") == ("draw", None)
    by_tile, others = textfmt.group_moves(["6-5@L", "6-5@R", "4-4@L", "draw", "2-2@L+5-5@R"])
    assert by_tile == {"6-5": ["6-5@L", "6-5@R"], "4-4": ["4-4@L"]}
    assert others == ["draw", "2-2@L+5-5@R"]
    assert textfmt.canonical_tile("4-6") == "6-4"


def test_deep_links():
    link = textfmt.parse_deep_link("#variant=kozel&players=4&seed=7&seats=human,ai:hard,ai,ai"
                                   "&opt.zero_zero_only_last=true&opt.target=101&opt.mode=x%20y")
    assert link == {"variant": "kozel", "seed": 7, "seats": ["human", "ai:hard", "ai", "ai"],
                    "options": {"players": 4, "zero_zero_only_last": True, "target": 101,
                                "mode": "x y"}}
    assert textfmt.parse_deep_link("") is None
    assert textfmt.parse_deep_link("#players=4") is None
    assert textfmt.parse_deep_link("#variant=draw")["seed"] is None


def test_seat_names():
    seats = ["human", "ai", "ai:hard", "ai"]
    assert textfmt.seat_name("en", 0, seats, 0) == "You"
    assert textfmt.seat_name("vi", 0, seats, 0) == "Bạn"
    assert textfmt.seat_name("en", 2, seats, 0) == "Computer 3"
    two_humans = ["human", "human"]
    assert textfmt.seat_name("en", 1, two_humans, 1) == "Player 2"


def test_catalogue_is_complete_in_both_languages():
    assert set(i18n.EN) == set(i18n.VI)
    assert set(i18n.VARIANT_TEXT["en"]) == set(i18n.VARIANT_TEXT["vi"])
    for key in i18n.EN:
        # Every placeholder of the English text is in the Vietnamese one.
        for part in i18n.EN[key].split("{")[1:]:
            name = part.split("}")[0]
            assert "{" + name + "}" in i18n.VI[key], key
    assert i18n.t("vi", "game.boneyard", n=3) == "Nọc: 3"
    assert i18n.t("xx", "menu.start") == "Start"
    assert i18n.t("en", "no.such.key") == "no.such.key"
    assert i18n.detect(["vi-VN", "en"]) == "vi"
    assert i18n.detect(["fr-FR", "en-US"]) == "en"
    assert i18n.detect(["fr"]) == "en"


def test_catalogue_names_every_engine_variant():
    from domino.rules import variants_catalog

    for entry in variants_catalog()["variants"]:
        assert entry["id"] in i18n.VARIANT_TEXT["en"]
        assert entry["id"] in i18n.VARIANT_TEXT["vi"]


def test_long_trains_show_their_newest_tiles_at_a_readable_size():
    tiles = [[12, 11], [11, 10], [10, 9], [9, 8], [8, 7], [7, 6], [6, 5], [5, 4], [4, 3],
             [3, 2], [2, 1], [1, 0]]
    layout = {"kind": "trains", "engine": 12, "trains": [
        {"id": "T0", "owner": 0, "marker": False, "tiles": tiles},
        {"id": "MX", "owner": None, "marker": False, "tiles": [[12, 7]]},
    ], "unsatisfied": []}
    placed, rows = geometry.layout(layout, 390, 300)
    assert rows[0]["hidden"] > 0 and rows[1]["hidden"] == 0
    shown = [p for p in placed if not p.get("engine") and p["y"] < rows[1]["y"] - 10]
    assert len(shown) == len(tiles) - rows[0]["hidden"]
    # The newest tile (the open end) is among those shown, and everything stays on canvas.
    assert (shown[-1]["a"], shown[-1]["b"]) == (1, 0)
    for p in placed:
        assert p["x"] + p["w"] <= 390 + 0.01
        assert min(p["w"], p["h"]) >= geometry.TRAIN_MIN_UNIT * 0.75 - 0.01


def test_log_lines_follow_the_language():
    seats = ["human", "ai"]
    played = {"type": "played", "seat": 1, "move": "6-5@R"}
    assert textfmt.log_text("en", played, seats, 0) == "Computer 2 played 6-5@R"
    assert textfmt.log_text("vi", played, seats, 0) == "Máy 2 đánh 6-5@R"
    assert textfmt.log_text("en", {"type": "drew", "seat": 0}, seats, 0) == "You drew a tile"
    assert textfmt.log_text("en", {"type": "hand_started", "hand_number": 3}, seats, 0) == \
        "Hand 3 dealt"
    assert textfmt.log_text("en", {"type": "scored", "seat": 0, "points": 10}, seats, 0) == \
        "You: +10 points"
    assert textfmt.log_text("en", {"type": "something_new"}, seats, 0) is None


DOUBLES_LAYOUT = {"kind": "tree", "lead": [6, 6], "arms": [
    {"id": "L", "parent": None, "tiles": [[6, 0], [0, 0], [0, 3]]},
    {"id": "R", "parent": None, "tiles": [[6, 2], [2, 2], [2, 5]]},
    {"id": "N", "parent": None, "tiles": [[6, 1], [1, 1]]},
    {"id": "S", "parent": None, "tiles": [[6, 4], [4, 4], [4, 5]]},
    {"id": "X1", "parent": ["L", 1], "tiles": []},
    {"id": "X2", "parent": ["L", 1], "tiles": []},
    {"id": "X5", "parent": ["S", 1], "tiles": [[4, 3], [3, 3]]},
    {"id": "X6", "parent": ["S", 1], "tiles": []},
    {"id": "X7", "parent": ["X5", 1], "tiles": [[3, 2]]},
    {"id": "X9", "parent": ["N", 1], "tiles": []},
    {"id": "X10", "parent": ["N", 1], "tiles": [[1, 4]]},
]}


def test_every_spinner_arm_is_drawn_from_its_spinner():
    placed, _rows = geometry.layout(DOUBLES_LAYOUT, 700, 500)
    assert len(placed) == 1 + 3 + 3 + 2 + 3 + 2 + 1 + 1
    for i, p in enumerate(placed):
        for q in placed[i + 1:]:
            assert not overlap(p, q), (p, q)
    box = geometry.bounds(placed)
    assert box[0] >= 0 and box[1] >= 0 and box[2] <= 700 and box[3] <= 500
    # X5 grows sideways from the 4-4 spinner of the vertical S arm: its 4-3 touches the
    # spinner's side, level with it, with the 4 next to the spinner.
    spinner = next(p for p in placed if (p["a"], p["b"]) == (4, 4))
    x5 = next(p for p in placed if {p["a"], p["b"]} == {3, 4})
    assert not x5["vertical"]
    assert x5["y"] + x5["h"] / 2 == pytest.approx(spinner["y"] + spinner["h"] / 2)
    if x5["x"] < spinner["x"]:
        assert x5["x"] + x5["w"] == pytest.approx(spinner["x"]) and x5["b"] == 4
    else:
        assert x5["x"] == pytest.approx(spinner["x"] + spinner["w"]) and x5["a"] == 4


def test_every_engine_option_has_a_label_in_both_languages():
    from domino.rules import variants_catalog

    for entry in variants_catalog()["variants"]:
        for option in entry["options"]:
            name = option["name"]
            assert name in i18n.OPTION_TEXT["en"], name
            assert name in i18n.OPTION_TEXT["vi"] and i18n.OPTION_TEXT["vi"][name][1], name
    assert i18n.option_label("vi", "stake") == "Tiền cược"
    assert i18n.option_description("en", "stake", "engine text") == "engine text"
    assert i18n.option_label("en", "brand_new") == "brand new"


def test_choice_labels():
    assert set(i18n.CHOICE_TEXT["en"]) == set(i18n.CHOICE_TEXT["vi"])
    assert i18n.choice_label("vi", "points") == "điểm đến 100"
    assert i18n.choice_label("en", 50) == "50"


def test_a_double_that_does_not_fit_starts_the_next_row_under_the_end():
    tiles = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 5], [5, 6]]
    placed = geometry.layout_line(tiles, 370, 340)
    last_of_row, double, after = placed[3], placed[4], placed[5]
    assert double["vertical"] and double["y"] > last_of_row["y"] + last_of_row["h"] - 0.01
    # Right under the end of the row above, and the line runs back leftwards from it.
    assert double["x"] + double["w"] == pytest.approx(last_of_row["x"] + last_of_row["w"])
    assert after["x"] + after["w"] == pytest.approx(double["x"])
