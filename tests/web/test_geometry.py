"""The web UI's pure modules (web/page/geometry.py, textfmt.py, i18n.py) under CPython.

They run under MicroPython on the page; here the same code is checked for layout overlaps,
canvas bounds, formatting and the message catalogue.

RULES.md: 1.3 (the layout's ends as the table draws them)
"""

import random
import re
from pathlib import Path

import deeplink
import geometry
import i18n
import pytest
import textfmt
from datakit import random_line

i18n.load_all()  # the page loads a language when it is first used; these tests compare all


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
    lead = (len(tiles) - 1) // 2  # without a history, the middle tile holds still
    centre = placed[lead]["y"] + placed[lead]["h"] / 2
    # Rows: the tiles lying flat but doubles (a double lies flat where the line goes down).
    rows = sorted({round(p["y"] + p["h"] / 2) for p in placed
                   if not p["vertical"] and p["a"] != p["b"]})
    assert len(rows) >= 3
    # The right side turns down at the edge and runs back right to left under the lead's
    # row: its tiles show their touching half on the right.
    below = min(r for r in rows if r > centre + 1)
    row = [(p, tiles[i]) for i, p in enumerate(placed)
           if i > lead and not p["vertical"] and p["a"] != p["b"]
           and round(p["y"] + p["h"] / 2) == below]
    assert len(row) >= 2
    xs = [p["x"] for p, _tile in row]
    assert xs == sorted(xs, reverse=True)
    for p, tile in row:
        assert (p["a"], p["b"]) == (tile[1], tile[0])


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
    link = deeplink.parse_deep_link("#variant=kozel&players=4&seed=7&seats=human,ai:hard,ai,ai"
                                   "&opt.zero_zero_only_last=true&opt.target=101&opt.mode=x%20y")
    assert link == {"variant": "kozel", "seed": 7, "seats": ["human", "ai:hard", "ai", "ai"],
                    "options": {"players": 4, "zero_zero_only_last": True, "target": 101,
                                "mode": "x y"}}
    assert deeplink.parse_deep_link("") is None
    assert deeplink.parse_deep_link("#players=4") is None
    assert deeplink.parse_deep_link("#variant=draw")["seed"] is None


def test_seat_names():
    seats = ["human", "ai", "ai:hard", "ai"]
    assert textfmt.seat_name("en", 0, seats, 0) == "You"
    assert textfmt.seat_name("vi", 0, seats, 0) == "Bạn"
    assert textfmt.seat_name("en", 2, seats, 0) == "Computer 3"
    two_humans = ["human", "human"]
    assert textfmt.seat_name("en", 1, two_humans, 1) == "Player 2"


def test_catalogue_is_complete_in_both_languages():
    assert set(i18n.catalogue("en")) == set(i18n.catalogue("vi"))
    assert set(i18n.VARIANT_TEXT["en"]) == set(i18n.VARIANT_TEXT["vi"])
    for key in i18n.catalogue("en"):
        # Every placeholder of the English text is in the Vietnamese one.
        for part in i18n.catalogue("en")[key].split("{")[1:]:
            name = part.split("}")[0]
            assert "{" + name + "}" in i18n.catalogue("vi")[key], key
    assert i18n.t("vi", "game.boneyard", n=3) == "Khay dự bị: 3"
    assert i18n.t("xx", "menu.start") == "Start"
    assert i18n.t("en", "no.such.key") == "no.such.key"
    assert i18n.detect(["vi-VN", "en"]) == "vi"
    assert i18n.detect(["fr-FR", "en-US"]) == "en"
    assert i18n.detect(["fr"]) == "en"


def test_every_refusal_code_of_the_engine_has_a_reason_in_both_languages():
    """The protocol's error codes a player can meet are explained in the page's language;
    the engine's English detail only follows in brackets."""
    from domino import session as protocol

    listed = protocol.__doc__.split("with the codes")[1].split("internal``")[0]
    codes = re.findall(r"``(\w+)``", listed) + ["internal"]
    assert "bad_option" in codes and "bad_record" in codes
    shown = set(codes) - {"bad_message", "unknown_intent", "stale_state", "cancelled",
                          "undo_unavailable", "nothing_to_undo"}
    for code in shown:
        assert "reason." + code in i18n.catalogue("en"), code
    assert i18n.error_reason("vi", "bad_record", "line 1") == (
        "tệp không phải là biên bản domino hợp lệ")  # no engine English in a banner
    assert i18n.error_reason("en", "bad_seats", "") == "the seats do not match the players"
    assert i18n.error_reason("en", "no_such_code", "as is") == "the game refused this"


def test_catalogue_names_every_engine_variant():
    from domino.rules.ruleset import variants_catalog

    for entry in variants_catalog()["variants"]:
        assert entry["id"] in i18n.VARIANT_TEXT["en"]
        assert entry["id"] in i18n.VARIANT_TEXT["vi"]


def test_long_trains_wrap_instead_of_hiding_tiles():
    tiles = [[12, 11], [11, 10], [10, 9], [9, 8], [8, 7], [7, 6], [6, 5], [5, 4], [4, 3],
             [3, 2], [2, 1], [1, 0]]
    layout = {"kind": "trains", "engine": 12, "trains": [
        {"id": "T0", "owner": 0, "marker": False, "tiles": tiles},
        {"id": "MX", "owner": None, "marker": False, "tiles": [[12, 7]]},
    ], "unsatisfied": []}
    placed, rows = geometry.layout(layout, 390, 300)
    assert [r["hidden"] for r in rows] == [0, 0]
    assert len(placed) == 1 + len(tiles) + 1
    # Every tile is drawn, the open end (1-0) included, on the canvas and not overlapping.
    assert (placed[len(tiles)]["a"], placed[len(tiles)]["b"]) == (1, 0)
    assert geometry.count_overlaps(placed) == 0
    for p in placed:
        assert p["x"] + p["w"] <= 390 + 0.01 and p["y"] + p["h"] <= 300 + 0.01
    # Readable in the page's scrolling table: at least 28 px.
    t = geometry.table(layout, 390, 300)
    assert t["unit"] >= geometry.TRAIN_MIN_UNIT


def test_log_lines_follow_the_language():
    seats = ["human", "ai", "ai"]
    played = {"type": "played", "seat": 1, "move": "6-5@R"}
    assert textfmt.log_text("en", played, seats, 0) == "Computer 2 played 6-5 on the right end"
    assert textfmt.log_text("vi", played, seats, 0) == "Máy 2 đánh 6-5 vào đầu phải"
    assert textfmt.log_notation(played) == "6-5@R"
    lead = {"type": "played", "seat": 0, "move": "6-6"}
    assert textfmt.log_text("en", lead, seats, 0) == "You led 6-6"
    wild = {"type": "played", "seat": 2, "move": "0-5@L:5"}
    assert textfmt.log_text("en", wild, seats, 0) == "Computer 3 played 5-0 on the left end"
    pair = {"type": "played", "seat": 2, "move": "2-2@L+5-5@R"}
    assert textfmt.log_text("en", pair, seats, 0) == "Computer 3 played the pair 2-2 and 5-5"
    train = {"type": "played", "seat": 1, "move": "12-4@T0"}
    assert textfmt.log_text("en", train, seats, 0) == "Computer 2 played 12-4 on your train"
    assert textfmt.log_text("en", {"type": "played", "seat": 0, "move": "9-9@MX"}, seats, 0) == \
        "You played 9-9 on the Mexican train"
    assert textfmt.log_text("en", {"type": "drew", "seat": 0}, seats, 0) == "You drew a tile"
    assert textfmt.log_text("en", {"type": "drew", "seat": 0, "tile": "2-3"}, seats, 0) == \
        "You drew 3-2"
    assert textfmt.log_notation({"type": "drew", "seat": 0}) == "draw"
    passed = {"type": "passed", "seat": 2}
    assert textfmt.log_text("en", passed, seats, 0) == "Computer 3 passed"
    assert textfmt.log_text("vi", passed, seats, 0) == "Máy 3 bỏ lượt"
    assert textfmt.log_notation(passed) == "pass"
    assert textfmt.log_text("en", {"type": "hand_started", "hand_number": 3}, seats, 0) == \
        "Hand 3 dealt"
    assert textfmt.log_text("en", {"type": "scored", "seat": 0, "points": 10}, seats, 0) == \
        "You scored 10 points"
    assert textfmt.log_text("en", {"type": "marker", "seat": 0}, seats, 0) == \
        "Your train is open to everyone"
    assert textfmt.log_text("en", {"type": "marker", "seat": 1}, seats, 0) == \
        "The train of Computer 2 is open to everyone"
    assert textfmt.log_text("en", {"type": "something_new"}, seats, 0) is None
    assert textfmt.log_notation({"type": "hand_ended"}) == ""


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
    from domino.rules.ruleset import variants_catalog

    for entry in variants_catalog()["variants"]:
        for option in entry["options"]:
            name = option["name"]
            assert name in i18n.OPTION_TEXT["en"], name
            assert name in i18n.OPTION_TEXT["vi"] and i18n.OPTION_TEXT["vi"][name][1], name
    assert i18n.option_label("vi", "stake") == "Tiền cược"
    assert i18n.option_description("en", "brand_new", "engine text") == "engine text"
    assert i18n.option_label("en", "brand_new") == "brand new"


def test_choice_labels():
    assert set(i18n.CHOICE_TEXT["en"]) == set(i18n.CHOICE_TEXT["vi"])
    assert i18n.choice_label("vi", "points") == "điểm đến 100"
    assert i18n.choice_label("en", 50) == "50"


def test_a_double_at_a_turn_lies_across_the_way_down():
    """RULES.md 1.3 (doubles crosswise; "bò đặt dọc" in the Vietnamese rules): a double that
    no longer fits its row lies flat under the row's end, across the line going down, and
    the line goes on down from it and back (W-52). It used to stand upright under the end,
    in line with the way down."""
    tiles = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 5], [5, 6], [6, 1]]
    # 1-2 held still in the middle with 44 px units (the line is too long to run straight
    # across 660 px, so each side has its half, W-51): 2-3, 3-4, 4-5 fill the right half
    # of its row (7.3 units from the middle), the 5-5 no longer fits.
    placed = geometry.table({"kind": "line", "tiles": tiles}, 660, 400,
                            {"anchor": 0, "min_unit": 44})["tiles"]
    assert placed[0]["w"] == 88
    last_of_row, double, down, back = placed[3], placed[4], placed[5], placed[6]
    assert not double["vertical"] and double["w"] == 88 and double["h"] == 44
    # Flat under the row's last two units, flush with its end.
    assert double["y"] == pytest.approx(last_of_row["y"] + last_of_row["h"])
    assert double["x"] + double["w"] == pytest.approx(last_of_row["x"] + last_of_row["w"])
    # The line goes down from it (5-6 upright, 5 on top), then back leftwards.
    assert down["vertical"] and down["y"] == pytest.approx(double["y"] + double["h"])
    assert (down["a"], down["b"]) == (5, 6)
    assert back["x"] + back["w"] == pytest.approx(down["x"])
    assert (back["a"], back["b"]) == (1, 6)
    assert geometry.count_overlaps(placed) == 0


# --- the end-of-hand summary (web/page/summary.py) on real protocol states -------------------

import json  # noqa: E402

import summary  # noqa: E402

from domino.rules.ruleset import get_ruleset, reading  # noqa: E402
from domino.session import Session  # noqa: E402


def protocol_states(variant, players, seed, hands, **options):
    """The hand-over states of a match played by computers through the protocol."""
    session = Session()
    options["players"] = players

    def ask(**message):
        return json.loads(session.handle(json.dumps(message)))

    state = ask(type="new_match", variant=variant, options=options, seed=seed,
                seats=["human"] + ["ai"] * (players - 1))
    out = []
    for _ in range(400 * hands):
        if state["hand_over"]:
            out.append(state)
            if state["match_over"] or len(out) == hands:
                return out
            state = ask(type="next_hand", state_id=state["state_id"])
        elif state["to_move_kind"] == "human":
            first = state["moves"][0]["move"] if "moves" in state else state["legal"][0]
            state = ask(type="play", state_id=state["state_id"], move=first)
        else:
            state = ask(type="ai_move", state_id=state["state_id"])
    return out


def body_rows(html):
    return re.findall(r"<tr[^>]*>(.*?)</tr>", html.split("<tbody>")[1].split("</tbody>")[0])


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_summary_vn_iwin_itemises_payments_and_tax(lang):
    states = protocol_states("vn_iwin", 4, 3, 3)
    state = states[-1]
    parts = summary.build(lang, state)
    details = state["hand_result_details"]
    rows = summary.payments(details["items"])
    assert len(body_rows(parts["items"])) == len(rows)
    net = [0, 0, 0, 0]
    for _kind, payer, payee, amount, tax in rows:
        if payer is not None:
            net[payer] -= amount
        if payee is not None:
            net[payee] += amount - tax
    assert net == state["hand_result"]["delta"]
    for item in details["items"]:
        assert i18n.t(lang, "result.kind." + item["kind"]) in parts["items"]
    assert i18n.t(lang, "result.house_total") in parts["items"]
    assert textfmt.amount(state["hand_result"]["house"], lang) in parts["items"]
    # Rows in rank order, with a place column.
    rows = body_rows(parts["table"])
    assert len(rows) == 4
    ranking = state["hand_result"]["ranking"]
    for place, (row, seat) in enumerate(zip(rows, ranking, strict=True)):
        assert '<td class="place">' + str(place + 1) in row
        assert textfmt.seat_name(lang, seat, state["seats"], state["viewer"]) in row
    # The scoreboard: one row per hand, then the balances.
    board = parts["scoreboard"]
    assert len(body_rows(board)) == len(states)
    assert "<tfoot>" in board
    for value in state["match"]["balances"]:
        assert textfmt.amount(value, lang) in board.split("<tfoot>")[1]


def test_summary_kozel_records_and_goat():
    states = protocol_states("kozel", 3, 3, 60)
    state = states[-1]
    assert state["match_over"] and isinstance(state["match"]["goat"], list)
    parts = summary.build("en", state)
    goat = state["match"]["goat"]
    names = [textfmt.seat_name("en", s, state["seats"], state["viewer"]) for s in goat]
    assert ", ".join(names) in parts["match"] and "goat" in parts["match"]
    assert "Recorded" in parts["table"] and "Points" in parts["table"]
    assert "(open)" in parts["table"] or "(closed)" in parts["table"]
    opened = [s for st in states for s in st["hand_result_details"]["opened"]]
    assert opened, "somebody opened a record"
    first = next(st for st in states if st["hand_result_details"]["opened"])
    assert "Record opened this hand" in summary.build("en", first)["text"]
    vi = summary.build("vi", state)
    assert "con dê" in vi["match"]


def test_summary_all_fives_shows_points_in_play_and_bonus():
    state = protocol_states("all_fives", 2, 5, 1)[0]
    parts = summary.build("en", state)
    assert "In play" in parts["table"] and "End bonus" in parts["table"]
    details = state["hand_result_details"]
    winner = state["hand_result"]["winner"]
    if winner is not None and details["bonus"]:
        assert textfmt.amount(details["bonus"], "en", True) in parts["table"]


def test_summary_match_winners_are_a_list():
    states = protocol_states("vn_traditional", 2, 9, 2, max_hands=2)
    state = states[-1]
    assert state["match_over"]
    text = summary.build("en", state)["match"]
    assert "The match is over." in text and "Match won by" in text
    assert summary.build("en", states[0])["match"] == ""


def test_payments_pair_debits_with_their_credits():
    items = [
        {"kind": "pass", "seat": 1, "amount": -500, "tax": 0, "other": 0},
        {"kind": "pass", "seat": 0, "amount": 500, "tax": 15, "other": 1},
        {"kind": "block", "seat": 2, "amount": 6000, "tax": 180, "other": None},
        {"kind": "block", "seat": 0, "amount": -2000, "tax": 0, "other": 2},
        {"kind": "doubles", "seat": 3, "amount": -500, "tax": 0, "other": 2},
        {"kind": "doubles", "seat": 2, "amount": 500, "tax": 15, "other": 3},
    ]
    assert summary.payments(items) == [
        ("pass", 1, 0, 500, 15), ("block", None, 2, 6000, 180), ("block", 0, None, 2000, 0),
        ("doubles", 3, 2, 500, 15)]


def schoolnet_state(blocker, gai, winner):
    return {
        "variant": "vn_schoolnet", "seats": ["human", "ai", "ai", "ai"], "viewer": 0,
        "reading": reading(get_ruleset("vn_schoolnet", {"players": 4})),
        "hand_number": 2, "hand_over": True,
        "hand_result": {"termination": "blocked", "winner": winner, "blocker": blocker,
                        "gai": gai, "ranking": [3, 1, 0, 2], "pips": [20, 10, 22, 0],
                        "delta": [0, 0, -104, 104], "house": 0},
        "hand_result_details": {}, "hands": [["4-4", "6-6"], [], [], []],
        "history": [{"hand_number": 1, "termination": "domino", "winner": 0,
                     "delta": [19, -12, -7, 0]},
                    {"hand_number": 2, "termination": "blocked", "winner": 3,
                     "delta": [0, 0, -104, 104]}],
        "match": {"over": False, "balances": [19, -12, -111, 104]},
    }


def test_summary_schoolnet_names_blocker_and_gai():
    text = summary.build("en", schoolnet_state(3, 2, 3))["text"]
    assert "Computer 4 made the block and won it." in text
    assert "Computer 3 set up the block for the blocker and pays the blocker" in text
    assert "forced block" not in text
    forced = summary.build("en", schoolnet_state(None, None, 3))["text"]
    assert "A forced block" in forced
    vi = summary.build("vi", schoolnet_state(3, 2, 3))["text"]
    assert "Máy 4 thắng triệt." in vi and "Máy 3 gài triệt và phải đền" in vi
    parts = summary.build("en", schoolnet_state(3, 2, 3))
    assert "<span>4-4</span> <span>6-6</span>" in parts["table"]
    assert len(body_rows(parts["scoreboard"])) == 2
    assert "\u2212111" in parts["scoreboard"]


def test_every_variant_has_a_rules_page_in_both_languages():
    rules = Path(__file__).resolve().parents[2] / "web" / "rules"
    from domino import variants_catalog

    for entry in variants_catalog()["variants"]:
        text = (rules / (entry["id"] + ".html")).read_text(encoding="utf-8")
        assert '<article id="vi" lang="vi">' in text and '<article id="en" lang="en">' in text
        assert "<script" not in text
        assert i18n.variant_name("vi", entry["id"]).split(" (")[0] in text
        assert i18n.variant_name("en", entry["id"]).split(" (")[0] in text
        assert './' + entry["id"] + '.html#vi' in (rules / "index.html").read_text()


def finished_tree_layouts(variant, players, seeds, **options):
    """The layouts of finished hands of `variant` played with seeded random legal moves."""
    from domino import Match, view

    options["players"] = players
    for seed in seeds:
        rng = random.Random(seed)
        match = Match.new(variant, dict(options), seed)
        while not match.hand_over:
            match.play(rng.choice(match.legal()))
        layout = view(match.hand, 0).to_json()["layout"]
        if layout.get("kind") == "tree":
            yield seed, layout


def touches(p, q):
    """The rectangles share a stretch of edge (adjacent, not overlapping)."""
    eps = 0.01
    x_overlap = min(p["x"] + p["w"], q["x"] + q["w"]) - max(p["x"], q["x"])
    y_overlap = min(p["y"] + p["h"], q["y"] + q["h"]) - max(p["y"], q["y"])
    return (abs(x_overlap) < eps and y_overlap > eps) or (abs(y_overlap) < eps and x_overlap > eps)


@pytest.mark.parametrize("variant, options, seeds", [
    ("doubles", {}, range(120)),
    ("all_fives", {}, range(40)),
    ("all_fives", {"spinners": "all"}, range(60)),
])
def test_spinner_layouts_never_overlap(variant, options, seeds):
    """Finished hands with spinners (dense crosses of arms): no two tiles overlap, every tile
    is drawn, touches another and stays on the canvas."""
    checked = 0
    for players in (2, 3, 4):
        for seed, layout in finished_tree_layouts(variant, players, seeds, **options):
            placed = geometry.layout_tree(layout, 700, 400)
            expected = 1 + sum(len(arm["tiles"]) for arm in layout["arms"])
            assert len(placed) == expected
            for i, p in enumerate(placed):
                for q in placed[i + 1:]:
                    assert not overlap(p, q), (variant, players, seed, p, q)
            if len(placed) > 1:
                for p in placed:
                    assert any(touches(p, q) for q in placed if q is not p), (seed, p)
            box = geometry.bounds(placed)
            assert box[0] >= -0.01 and box[1] >= -0.01
            assert box[2] <= 700.01 and box[3] <= 400.01
            checked += 1
    assert checked >= len(seeds)


def test_last_placed_tiles_for_the_table_outline():
    assert textfmt.last_placed([]) == []
    assert textfmt.last_placed([[0, "6-6"]]) == ["6-6"]
    assert textfmt.last_placed([[0, "6-6"], [1, "2-6@L"], [2, "draw"], [2, "pass"]]) == ["6-2"]
    assert textfmt.last_placed([[3, "1-1@L+2-2@R"]]) == ["1-1", "2-2"]
    assert textfmt.last_placed([[0, "12-12"], [1, "12-5@T1"]]) == ["12-5"]


def test_no_page_module_compares_a_layout_kind_name():
    """A layout kind is a row of `geometry.KINDS` (issue 23, E-37): its name is read in one
    place (`geometry.kind_of`) and compared nowhere on the page."""
    import ast

    names = set(geometry.KINDS)
    found = []
    for path in sorted((Path(geometry.__file__).parent).glob("*.py")):
        for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
            if isinstance(node, ast.Compare):
                parts = [node.left, *node.comparators]
                if {p.value for p in parts if isinstance(p, ast.Constant)} & names:
                    found.append(f"{path.name}:{node.lineno}")
    assert found == []
