"""The table geometry's entry point, `geometry.table` (web/page/geometry.py), on real games.

Layouts come from hands of every variant played with seeded random legal moves; each is laid
out in the table boxes of the screens the app targets, and the result is checked: no tile
overlaps another, everything lies inside the width, the height needed is reported, every
open end of the view has exactly one slot with a tap target of its own, directions match
where the slots lie, Mexican Train stays readable. Timings live in benchmarks, not here.

RULES.md: 1.3, 2.4, 3.3, 3.4 (spinners and trains on the table)
"""

import ast
import random
from pathlib import Path

import geometry
import pytest
import spinner_tree
from datakit import random_line
from micropython_runner import needs_micropython, run_micropython

from domino import Match, view

ROOT = Path(__file__).resolve().parents[2]

# Screens (width x height) and the table box on each: 55% of the height on a portrait phone,
# the full height beside the hand in landscape (with or without the hand taking width).
BOXES = [(320, 312), (390, 464), (844, 390), (560, 390), (1366, 768), (1000, 768),
         (1920, 1080)]

VARIANTS = [
    ("vn_traditional", {}), ("vn_traditional", {"blank_wild": True}), ("vn_schoolnet", {}),
    ("vn_iwin", {}), ("doubles", {}), ("kozel", {}), ("block", {}), ("draw", {}),
    ("all_fives", {}), ("all_fives", {"spinners": "all"}), ("mexican_train", {}),
    ("mexican_train", {"set": "double_nine"}),
]

EPS = 0.01


def players_of(variant, options):
    if variant != "mexican_train":
        return (2, 3, 4)
    return (2, 4) if options.get("set") == "double_nine" else (2, 5, 8)


def hand_views(variant, options, players, seed):
    """Seat 0's views after every move of a hand played with random legal moves."""
    opts = dict(options)
    opts["players"] = players
    rng = random.Random(seed)
    match = Match.new(variant, opts, seed)
    out = []
    while not match.hand_over:
        match.play(rng.choice(match.legal()))
        out.append(view(match.hand, 0).to_json())
    return out


def real_views(every=3, seeds=(1, 2)):
    """(name, view) for positions of every variant: every `every`-th move and the last."""
    out = []
    for variant, options in VARIANTS:
        for players in players_of(variant, options):
            for seed in seeds:
                views = hand_views(variant, options, players, seed)
                for i, v in enumerate(views):
                    if i % every == every - 1 or i == len(views) - 1:
                        out.append((f"{variant}{options or ''}/{players}/{seed}/{i}", v))
    return out


VIEWS = real_views()


def lay(v, width, height, **extra):
    options = {"ends": v["ends"], "anchor": geometry.line_anchor(v)}
    options.update(extra)
    return geometry.table(v["layout"], width, height, options)


def overlap(p, q):
    return (p["x"] + EPS < q["x"] + q["w"] and q["x"] + EPS < p["x"] + p["w"]
            and p["y"] + EPS < q["y"] + q["h"] and q["y"] + EPS < p["y"] + p["h"])


def inside(p, q):
    """p lies within q."""
    return (p["x"] >= q["x"] - EPS and p["y"] >= q["y"] - EPS
            and p["x"] + p["w"] <= q["x"] + q["w"] + EPS
            and p["y"] + p["h"] <= q["y"] + q["h"] + EPS)


def layout_keys(layout):
    """The canonical notation of every tile on the table."""
    kind = layout.get("kind")
    if kind == "line":
        pairs = layout["tiles"]
    elif kind == "tree":
        pairs = ([layout["lead"]] if layout.get("lead") else []) + [
            t for arm in layout["arms"] for t in arm["tiles"]]
    else:
        pairs = [[layout["engine"], layout["engine"]]] + [
            t for train in layout["trains"] for t in train["tiles"]]
    return sorted(geometry.tile_key(a, b) for a, b in pairs)


def check_table(name, v, t, width, height):
    tiles = t["tiles"]
    # Every tile of the layout, once, under its own key; none overlaps another.
    assert sorted(p["key"] for p in tiles) == layout_keys(v["layout"]), name
    assert geometry.count_overlaps(tiles) == 0, name
    # Inside the width; inside the height the table reports (the box, or taller: it scrolls).
    assert t["height"] == pytest.approx(max(height, t["needed"])), name
    assert t["fits"] == (t["needed"] <= height + EPS), name
    for p in tiles:
        assert p["x"] >= -EPS and p["x"] + p["w"] <= width + EPS, (name, p)
        assert p["y"] >= -EPS and p["y"] + p["h"] <= t["height"] + EPS, (name, p)
        assert {p["w"], p["h"]} == {t["unit"], 2 * t["unit"]}, (name, p)
    if tiles and t["kind"] != "trains":
        box = geometry.bounds(tiles)
        assert box[3] - box[1] <= t["needed"] + EPS, name
    # Every open end of the view, in its order, once, with its number.
    assert [[e["id"], e["value"]] for e in t["ends"]] == [list(e) for e in v["ends"]], name
    canvas = {"x": 0, "y": 0, "w": width, "h": t["height"]}
    for i, e in enumerate(t["ends"]):
        hit = e["hit"]
        assert inside(hit, canvas), (name, e)
        assert hit["w"] > 0 and hit["h"] > 0, (name, e)
        for f in t["ends"][i + 1:]:
            assert not overlap(hit, f["hit"]), (name, e, f)
        assert e["dir"] in ("left", "right", "up", "down"), name
        if not e["blocked"]:
            # A slot is room for a tile: on the canvas, clear of every tile and other slot,
            # inside its own tap target.
            assert inside(e, canvas), (name, e)
            assert not any(overlap(e, p) for p in tiles), (name, e)
            assert inside(e, hit), (name, e)
            for f in t["ends"]:
                assert f is e or f["blocked"] or not overlap(e, f), (name, e, f)
            assert {e["w"], e["h"]} == {t["unit"], 2 * t["unit"]} or e["w"] == e["h"], (name, e)
        if e["tile"] is not None:
            tip = tiles[e["tile"]]
            assert tip["end"], (name, e)
            if not e["blocked"]:
                check_direction(name, e, tip, t["kind"] != "trains")
                if t["kind"] != "trains" or e["dir"] == "right":
                    # The half of the tile next to the slot shows the end's number.
                    assert half_next_to(tip, e) == e["value"], (name, e, tip)


def half_next_to(tip, rect):
    """The number on the half of `tip` nearest to `rect`."""
    cx, cy = rect["x"] + rect["w"] / 2, rect["y"] + rect["h"] / 2
    if tip["vertical"]:
        first = (tip["x"] + tip["w"] / 2, tip["y"] + tip["h"] / 4)
        second = (tip["x"] + tip["w"] / 2, tip["y"] + 3 * tip["h"] / 4)
    else:
        first = (tip["x"] + tip["w"] / 4, tip["y"] + tip["h"] / 2)
        second = (tip["x"] + 3 * tip["w"] / 4, tip["y"] + tip["h"] / 2)
    d1 = (first[0] - cx) ** 2 + (first[1] - cy) ** 2
    d2 = (second[0] - cx) ** 2 + (second[1] - cy) ** 2
    return tip["a"] if d1 < d2 else tip["b"]


def check_direction(name, e, tip, touching):
    """The slot lies on the side of its tile that its direction names (and, in lines and
    trees, touches it)."""
    d = e["dir"]
    if d == "right":
        gap = e["x"] - (tip["x"] + tip["w"])
    elif d == "left":
        gap = tip["x"] - (e["x"] + e["w"])
    elif d == "down":
        gap = e["y"] - (tip["y"] + tip["h"])
    else:
        gap = tip["y"] - (e["y"] + e["h"])
    assert gap >= -EPS, (name, e, tip)
    if touching:
        assert gap <= EPS, (name, e, tip)
        # ...and shares an edge with it, not only a corner.
        if d in ("left", "right"):
            assert min(e["y"] + e["h"], tip["y"] + tip["h"]) - max(e["y"], tip["y"]) > EPS
        else:
            assert min(e["x"] + e["w"], tip["x"] + tip["w"]) - max(e["x"], tip["x"]) > EPS


@pytest.mark.parametrize("width, height", BOXES)
def test_real_layouts_of_every_variant(width, height):
    kinds = set()
    for name, v in VIEWS:
        t = lay(v, width, height)
        check_table(name, v, t, width, height)
        kinds.add(t["kind"])
        if t["kind"] in ("line", "tree") and t["tiles"]:
            # Readable: never below the smallest size (the table grows taller instead).
            assert t["unit"] >= geometry.LINE_MIN_UNIT, name
    assert kinds == {"line", "tree", "trains"}


@pytest.mark.parametrize("width, height", BOXES)
def test_mexican_train_is_readable(width, height):
    checked = 0
    for name, v in VIEWS:
        layout = v["layout"]
        if layout.get("kind") != "trains":
            continue
        t = lay(v, width, height)
        unit = t["unit"]
        # Every tile at least 28 px on its short side, on a phone too: the table scrolls.
        assert unit >= geometry.TRAIN_MIN_UNIT, name
        # The hub is a real double: two square halves showing the engine's number.
        hubs = [p for p in t["tiles"] if p["engine"]]
        assert len(hubs) == 1, name
        hub = hubs[0]
        assert hub["a"] == hub["b"] == layout["engine"], name
        assert (hub["w"], hub["h"]) in ((2 * unit, unit), (unit, 2 * unit)), name
        # One label per train: its owner and marker, a name rect and a marker square in the
        # band, clear of the tiles; every tile of the train inside its band.
        assert [lab["id"] for lab in t["labels"]] == [tr["id"] for tr in layout["trains"]]
        start = 1
        for lab, train in zip(t["labels"], layout["trains"], strict=True):
            assert lab["owner"] == train["owner"] and lab["marker"] == train["marker"], name
            band = lab["band"]
            # The Mexican train (no owner) never carries a marker: it has no square.
            box = lab["marker_box"]
            assert (box is None) == (train["owner"] is None), name
            box = box or {"x": -1e9, "y": -1e9, "w": 0.0, "h": 0.0}
            assert inside(lab, band) and (train["owner"] is None or inside(box, band)), name
            assert not overlap(lab, box), name
            own = t["tiles"][start:start + len(train["tiles"])]
            start += len(train["tiles"])
            assert [p["key"] for p in own] == [geometry.tile_key(a, b) for a, b in
                                               train["tiles"]], name
            for p in own:
                assert inside(p, band), (name, p, band)
            for p in t["tiles"]:
                assert not overlap(p, lab) and not overlap(p, box), name
            slot = next(e for e in t["ends"] if e["id"] == train["id"])
            assert inside(slot, band), name
            # A train grows left to right, its touching half first.
            for p, (a, b) in zip(own, train["tiles"], strict=True):
                assert (p["a"], p["b"]) == (a, b), name
        for i, lab in enumerate(t["labels"]):
            for other in t["labels"][i + 1:]:
                assert not overlap(lab["band"], other["band"]), name
        checked += 1
    assert checked > 20


def test_mexican_train_at_390_px_is_never_below_28_px_and_wraps():
    """A long train wraps into further lines of its band instead of hiding older tiles."""
    tiles = [[12, 11], [11, 10], [10, 9], [9, 8], [8, 7], [7, 6], [6, 5], [5, 4], [4, 3],
             [3, 2], [2, 1], [1, 0]]
    layout = {"kind": "trains", "engine": 12, "trains": [
        {"id": "T0", "owner": 0, "marker": False, "tiles": tiles},
        {"id": "T1", "owner": 1, "marker": True, "tiles": [[12, 6], [6, 6]]},
        {"id": "MX", "owner": None, "marker": False, "tiles": [[12, 7]]},
    ], "unsatisfied": ["T1"]}
    t = geometry.table(layout, 390, 300)
    assert t["unit"] >= 28 and len(t["tiles"]) == 1 + 12 + 2 + 1
    rows = sorted({round(p["y"]) for p in t["tiles"][1:13]})
    assert len(rows) >= 3
    assert t["tiles"][12]["key"] == "1-0" and t["tiles"][12]["end"]
    ends = dict((e["id"], e) for e in t["ends"])
    assert ends["T0"]["value"] == 0 and ends["T1"]["value"] == 6 and ends["MX"]["value"] == 7
    assert ends["T1"]["tile"] == 14 and t["tiles"][14]["key"] == "6-6"
    # The 6-6 lies across its line, as a double does.
    assert t["tiles"][14]["vertical"] and t["tiles"][14]["h"] == 2 * t["unit"]
    marked = [lab for lab in t["labels"] if lab["marker"]]
    assert [lab["id"] for lab in marked] == ["T1"]


def test_an_empty_train_grows_from_the_hub():
    layout = {"kind": "trains", "engine": 9, "trains": [
        {"id": "T0", "owner": 0, "marker": False, "tiles": []},
        {"id": "T1", "owner": 1, "marker": False, "tiles": []},
        {"id": "MX", "owner": None, "marker": False, "tiles": []},
    ], "unsatisfied": []}
    t = geometry.table(layout, 390, 464)
    assert [(e["id"], e["value"], e["tile"], e["dir"]) for e in t["ends"]] == [
        ("T0", 9, None, "right"), ("T1", 9, None, "right"), ("MX", 9, None, "right")]
    assert len(t["tiles"]) == 1 and t["tiles"][0]["engine"] and t["fits"]
    # Plenty of room: the tiles grow beyond the smallest size.
    assert t["unit"] > geometry.TRAIN_MIN_UNIT


def test_trains_on_a_tall_table_spread_over_it_instead_of_packing_into_the_top():
    layout = {"kind": "trains", "engine": 12, "trains": [
        {"id": f"T{p}", "owner": p, "marker": False, "tiles": [[12, 5], [5, 5]] if p == 1 else []}
        for p in range(5)] + [{"id": "MX", "owner": None, "marker": False, "tiles": []}],
        "unsatisfied": []}
    # At the tile size of a table that cannot grow them (a big table's tiles grow first up to
    # TRAIN_MAX_UNIT, W-132, and then spread what height is left), in one column (a table
    # this wide lays them in two from the first turn, W-140).
    most = {"max_unit": geometry.MAX_UNIT, "columns": 1}
    tall = geometry.table(layout, 1330, 760, most)
    packed = geometry.table(layout, 1330, tall["needed"], most)  # no spare height to spend
    assert tall["unit"] == packed["unit"] and tall["needed"] == packed["needed"]
    hub = tall["tiles"][0]
    bottom = max(lab["band"]["y"] + lab["band"]["h"] for lab in tall["labels"])
    # The block sits in the middle of the table (the same room above and below) ...
    assert abs(hub["y"] - (tall["height"] - bottom)) < 1.0
    assert hub["y"] > packed["tiles"][0]["y"] + 50.0
    # ... its bands further apart than packed, but never more than half a tile's width.
    def gaps(t):
        bands = [lab["band"] for lab in t["labels"]]
        return [b["y"] - (a["y"] + a["h"]) for a, b in zip(bands, bands[1:], strict=False)]
    for g, p in zip(gaps(tall), gaps(packed), strict=True):
        assert p < g <= p + 0.5 * tall["unit"] + 1e-6
    # Every tile keeps its place relative to its own band's label.
    for t in (packed, tall):
        label = next(lab for lab in t["labels"] if lab["id"] == "T1")
        tile = next(x for x in t["tiles"] if x["a"] == 12 and x["b"] == 5)
        assert label["band"]["y"] <= tile["y"] < label["band"]["y"] + label["band"]["h"]


def test_wide_screens_use_two_columns_of_bands_when_that_fits_better():
    name, v = [(n, v) for n, v in VIEWS if n.startswith("mexican_train/8/")][-1]
    auto = lay(v, 1366, 768)
    one = lay(v, 1366, 768, columns=1)
    two = lay(v, 1366, 768, columns=2)
    three = lay(v, 1366, 768, columns=3)
    assert auto["unit"] == max(one["unit"], two["unit"], three["unit"])
    if two["unit"] > max(one["unit"], three["unit"]):
        assert auto["columns"] == 2
    check_table(name, v, two, 1366, 768)
    # On a phone, one column.
    assert lay(v, 390, 464)["columns"] == 1


def test_a_long_line_snakes_instead_of_shrinking():
    """28 tiles on a 320 px phone: rows rather than tiny tiles."""
    rng = random.Random(4)
    for _ in range(30):
        tiles = random_line(rng, 28)
        t = geometry.table({"kind": "line", "tiles": tiles}, 320, 312)
        assert t["unit"] >= geometry.LINE_MIN_UNIT
        rows = {round(p["y"] + p["h"] / 2) for p in t["tiles"] if not p["vertical"]}
        assert len(rows) >= 3
        assert geometry.count_overlaps(t["tiles"]) == 0


def test_a_line_too_long_for_the_box_keeps_its_size_and_asks_for_height():
    tiles = random_line(random.Random(9), 28)
    t = geometry.table({"kind": "line", "tiles": tiles}, 320, 120)
    assert t["unit"] == geometry.LINE_MIN_UNIT and not t["fits"]
    assert t["needed"] > 120 and t["height"] == t["needed"]
    box = geometry.bounds(t["tiles"])
    assert box[1] >= 0 and box[3] <= t["height"] + EPS
    # With a lower minimum (a canvas that cannot scroll) it shrinks instead.
    small = geometry.table({"kind": "line", "tiles": tiles}, 320, 120, {"min_unit": 6})
    assert small["fits"] and small["unit"] < geometry.LINE_MIN_UNIT




def straight(table):
    """Whether a line's tiles all lie on one row (doubles crosswise on it)."""
    return len({round(p["y"] + p["h"] / 2) for p in table["tiles"]}) == 1


def test_the_lead_holds_still_while_the_line_grows():
    """Tiles played at either end leave every tile already down where it was, or move them
    all alike (while the size stays): a line that runs straight past the middle pans sideways
    as a whole (W-51), so that an animation only slides the new tile in and pans the rest."""
    for seed in range(6):
        views = hand_views("draw", {}, 2, seed)
        for width, height in ((390, 464), (844, 390), (1920, 1080)):
            before = None
            for v in views:
                t = lay(v, width, height)
                if before is not None and before["unit"] == t["unit"]:
                    old = {p["key"]: p for p in before["tiles"]}
                    shifts = {(round(p["x"] - old[p["key"]]["x"], 6),
                               round(p["y"] - old[p["key"]]["y"], 6))
                              for p in t["tiles"] if p["key"] in old}
                    # At most one shift for everything, sideways only while the line was one
                    # straight row; and one rearrangement when it stops being one (it turns
                    # where its halves meet), which is animated as a rescale is.
                    was_straight = straight(before)
                    assert len(shifts) <= 1 or was_straight, shifts
                    if any(dx != 0 for dx, _dy in shifts):
                        assert was_straight, shifts
                    elif t["fits"] and before["fits"] and \
                            abs(t["needed"] - before["needed"]) < EPS:
                        assert shifts <= {(0, 0)}
                before = t


def test_line_anchor_follows_the_left_end():
    v = {"layout": {"kind": "line", "tiles": [[5, 4], [4, 6], [6, 6], [6, 2]]},
         "history": [[0, "6-6"], [1, "6-4@L"], [0, "6-2@R"], [1, "5-4@L"]],
         "start": {"layout": {"kind": "line", "tiles": []}}}
    assert geometry.line_anchor(v) == 2
    # Pairs (kozel) and blank-wild plays count tile by tile.
    v["history"] = [[0, "6-6"], [1, "1-1@L+5-5@R"], [0, "0-4@L:4"]]
    assert geometry.line_anchor(v) == 2
    # A history that starts mid-hand starts from the middle of its line.
    v["start"] = {"layout": {"kind": "line", "tiles": [[5, 4], [4, 6], [6, 6]]}}
    v["history"] = [[0, "6-2@R"]]
    assert geometry.line_anchor(v) == 1
    for _name, real in VIEWS:
        layout = real["layout"]
        if layout.get("kind") == "line" and not real["start"]["layout"]["tiles"]:
            lead = real["history"][0][1]
            pair = layout["tiles"][geometry.line_anchor(real)]
            assert geometry.tile_key(pair[0], pair[1]) == geometry.tile_key(
                *[int(x) for x in lead.split("-")])


def test_directions_name_the_end_as_the_table_shows_it():
    # A line that turns: its right end ends up on a lower row, growing leftwards.
    tiles = [[1, 2], [2, 3], [3, 4], [4, 5], [5, 6], [6, 0], [0, 1], [1, 3], [3, 5], [5, 0]]
    t = geometry.table({"kind": "line", "tiles": tiles}, 320, 400, {"anchor": 0})
    ends = {e["id"]: e for e in t["ends"]}
    assert ends["L"]["dir"] == "left" and ends["L"]["tile"] == 0
    assert ends["R"]["tile"] == len(tiles) - 1
    lead = t["tiles"][0]
    assert ends["R"]["y"] > lead["y"] + lead["h"]
    assert ends["R"]["dir"] in ("left", "down")
    # A tree: the cross arms of the lead spinner grow up and down.
    layout = {"kind": "tree", "lead": [5, 5], "arms": [
        {"id": "L", "parent": None, "open": True, "tiles": []},
        {"id": "R", "parent": None, "open": True, "tiles": [[5, 2]]},
        {"id": "N", "parent": None, "open": True, "tiles": []},
        {"id": "S", "parent": None, "open": False, "tiles": []},
    ]}
    t = geometry.table(layout, 700, 500)
    assert [(e["id"], e["value"], e["dir"]) for e in t["ends"]] == [
        ("L", 5, "left"), ("R", 2, "right"), ("N", 5, "up")]
    # The view's ends are the ones the table offers (S is closed here, then open).
    t = geometry.table(layout, 700, 500, {"ends": [["S", 5], ["R", 2]]})
    assert [(e["id"], e["dir"]) for e in t["ends"]] == [("S", "down"), ("R", "right")]


def test_tap_targets_are_at_least_44_px_where_there_is_room():
    t = geometry.table({"kind": "line", "tiles": [[6, 6]]}, 390, 464)
    for e in t["ends"]:
        assert e["hit"]["w"] >= 44 and e["hit"]["h"] >= 44
    # Small tiles: the target is larger than the slot.
    tiles = random_line(random.Random(2), 28)
    t = geometry.table({"kind": "line", "tiles": tiles}, 320, 150)
    assert t["unit"] < 22
    for e in t["ends"]:
        assert e["hit"]["w"] >= 44 and e["hit"]["h"] >= 44
        assert inside(e, e["hit"])


def test_an_empty_table():
    for layout in (None, {"kind": "line", "tiles": []}, {"kind": "tree", "lead": None,
                                                          "arms": []}):
        t = geometry.table(layout, 390, 464)
        assert t["tiles"] == [] and t["ends"] == [] and t["fits"]


def test_pip_colours():
    assert {geometry.pip_colour(v, 6) for v in range(7)} == {geometry.PIP_BLACK}
    for top in (9, 12):
        colours = [geometry.pip_colour(v, top) for v in range(1, top + 1)]
        assert len(set(colours)) == top
    ivory = luminance("#faf6ea")
    for v in range(1, 13):
        colour = geometry.pip_colour(v, 12)
        assert (ivory + 0.05) / (luminance(colour) + 0.05) >= 3.0, (v, colour)
    assert geometry.max_pip_of({"set": "double_nine"}) == 9
    assert geometry.max_pip_of({"set": "double_twelve"}) == 12
    assert geometry.max_pip_of({"players": 4}) == 6


def luminance(colour):
    channels = [int(colour[i:i + 2], 16) / 255 for i in (1, 3, 5)]
    linear = [c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4 for c in channels]
    return 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2]


def test_pip_patterns_are_symmetric_and_distinct():
    for value in range(13):
        points = geometry.pip_points(value)
        assert len(set(points)) == value
        # Symmetric under a half-turn, as real pips are.
        turned = {(round(1 - x, 3), round(1 - y, 3)) for x, y in points}
        assert turned == {(round(x, 3), round(y, 3)) for x, y in points}, value


GEOMETRY = ROOT / "web" / "page" / "geometry.py"
# geometry.py and its parts (one module a layout kind, and what they share).
GEOMETRY_PARTS = ("boxes", "line_layout", "spinner_tree", "train_bands", "geometry")


def test_geometry_stays_plain_enough_for_micropython():
    """No imports but of its own parts, no f-strings, no recursion, no classes, no walrus,
    no match."""
    for name in GEOMETRY_PARTS:
        tree = ast.parse((GEOMETRY.parent / (name + ".py")).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.ImportFrom):
                assert node.module in GEOMETRY_PARTS and node.level == 0, (name, node.module)
            assert not isinstance(node, (ast.Import, ast.ClassDef, ast.JoinedStr,
                                         ast.NamedExpr, ast.Match, ast.Lambda)), (name, node)
        for fn in ast.walk(tree):
            if isinstance(fn, ast.FunctionDef):
                for node in ast.walk(fn):
                    if isinstance(node, ast.Call) and isinstance(node.func, ast.Name):
                        assert node.func.id != fn.name, "recursion in " + fn.name


@needs_micropython
def test_geometry_runs_under_micropython(tmp_path):
    """The same module under the MicroPython the page runs (through node): the same answer
    as CPython for a line, a tree and a Mexican Train table."""
    import json

    picks = []
    for kind in ("line", "tree", "trains"):
        picks.append([v for _n, v in VIEWS if v["layout"].get("kind") == kind][-1])
    cases = [[v["layout"], v["ends"], geometry.line_anchor(v)] for v in picks]
    script = (
        "import sys\n"
        'sys.path.append("/ui")\n'
        "from geometry import table\n"
        "import json as _json\n"
        "_out = []\n"
        "for _l, _e, _a in _json.loads(" + repr(json.dumps(cases)) + "):\n"
        "    _t = table(_l, 390, 464, {'ends': _e, 'anchor': _a})\n"
        "    _out.append([_t['unit'], round(_t['needed'], 3),\n"
        "                 [[p['key'], round(p['x'], 3), round(p['y'], 3)] for p in _t['tiles']],\n"
        "                 [[e['id'], e['dir'], round(e['x'], 3), round(e['y'], 3)]\n"
        "                  for e in _t['ends']]])\n"
        "print('RESULT' + _json.dumps(_out))\n")
    done = run_micropython(script, tmp_path, timeout=120, files_in={
        "/ui/" + name + ".py": GEOMETRY.parent / (name + ".py") for name in GEOMETRY_PARTS})
    line = [x for x in done.stdout.splitlines() if x.startswith("RESULT")]
    assert line, done.stdout + done.stderr
    got = json.loads(line[0][len("RESULT"):])
    for (layout, ends, anchor), answer in zip(cases, got, strict=True):
        t = geometry.table(layout, 390, 464, {"ends": ends, "anchor": anchor})
        assert answer[0] == t["unit"] and answer[1] == round(t["needed"], 3)
        assert answer[2] == [[p["key"], round(p["x"], 3), round(p["y"], 3)] for p in t["tiles"]]
        assert answer[3] == [[e["id"], e["dir"], round(e["x"], 3), round(e["y"], 3)]
                             for e in t["ends"]]


def test_asking_again_gives_the_same_table():
    """The tree search's outcome is remembered; laying the remembered variant again gives
    exactly the first answer."""
    trees = [v for _n, v in VIEWS if v["layout"].get("kind") == "tree"][-12:]
    for v in trees:
        for width, height in ((320, 312), (1366, 768)):
            spinner_tree.truncate(spinner_tree._TREE_MEMO, 0)
            first = lay(v, width, height)
            again = lay(v, width, height)
            assert first == again
            assert again is not first and again["tiles"][0] is not first["tiles"][0]


def test_view_table_places_a_view_as_table_does_with_its_ends_and_its_lead():
    """The game's table and the review's draw a view through `view_table`: the same as
    `table` given the view's ends and, on a line, its lead as the anchor, on Mexican Train
    its seat as the viewer whose train comes first."""
    kinds = set()
    for name, v in VIEWS:
        options = {"ends": v["ends"]}
        if v["layout"].get("kind") == "line":
            options["anchor"] = geometry.line_anchor(v)
        if v["layout"].get("kind") == "trains":
            options["viewer"] = v["seat"]
        assert geometry.view_table(v, 390, 464) == geometry.table(v["layout"], 390, 464,
                                                                  options), name
        kinds.add(v["layout"].get("kind"))
    assert kinds == {"line", "tree", "trains"}
    assert geometry.view_table({}, 390, 464)["kind"] is None


def test_a_line_runs_straight_on_a_phone_while_the_width_holds_it():
    """Issue 25: on an upright phone's table (377 px wide) the line used to turn after one or
    two tiles a side. Tiles shrink to 40 px long, and a short side leaves its room to the
    other, before the line turns (W-51); it still never overlaps."""
    rng = random.Random(5)
    for length in range(1, 8):
        for _ in range(20):
            tiles = random_line(rng, length)
            anchor = rng.randrange(length)
            t = geometry.table({"kind": "line", "tiles": tiles}, 377, 569, {"anchor": anchor})
            assert straight(t), (length, anchor, tiles)
            assert 2 * t["unit"] >= 40
            assert geometry.count_overlaps(t["tiles"]) == 0
            box = geometry.bounds(t["tiles"])
            assert box[0] >= 0 and box[2] <= 377 + EPS
    # A long line snakes, with tiles no smaller than the straight run's.
    t = geometry.table({"kind": "line", "tiles": random_line(rng, 20)}, 377, 569)
    assert not straight(t) and 2 * t["unit"] >= 40


def test_a_wide_table_keeps_large_tiles_before_it_snakes():
    """On a laptop's table the straight run does not shrink tiles below a twentieth of the
    table's shorter side (over 50 px long on a 1084 x 513 table)."""
    t = geometry.table({"kind": "line", "tiles": random_line(random.Random(2), 24)}, 1084, 513)
    assert 2 * t["unit"] >= 50


# The table boxes of issue 25's six sizes at four players (e2e/test_board_size.py measures
# them): 390x844, 320x568, 844x390, 768x1024, 1366x768, 1920x1080.
BOARD_BOXES = ((377, 569), (307, 305), (532, 323), (755, 705), (1084, 513), (1638, 825))


def crosswise(double, neighbour):
    """Whether `neighbour` touches `double` on one of its long sides (across the line)."""
    if double["h"] > double["w"]:  # upright: its neighbours beside it
        return abs(neighbour["x"] + neighbour["w"] - double["x"]) < EPS \
            or abs(double["x"] + double["w"] - neighbour["x"]) < EPS
    return abs(neighbour["y"] + neighbour["h"] - double["y"]) < EPS \
        or abs(double["y"] + double["h"] - neighbour["y"]) < EPS


@pytest.mark.parametrize("variant", ["vn_traditional", "vn_schoolnet", "vn_iwin", "kozel"])
def test_doubles_lie_across_the_line_at_every_size(variant):
    """RULES.md 1.3 and the Vietnamese rules' "bò đặt dọc": a double lies across the line,
    also where the line turns (W-52); at every size, on the line's every position."""
    for seed in range(4):
        for v in hand_views(variant, {}, 4, seed):
            tiles = v["layout"]["tiles"]
            for width, height in BOARD_BOXES:
                placed = lay(v, width, height)["tiles"]
                for i, p in enumerate(placed):
                    if tiles[i][0] != tiles[i][1]:
                        continue
                    for j in (i - 1, i + 1):
                        if 0 <= j < len(placed):
                            assert crosswise(p, placed[j]), (variant, seed, width, tiles, i)


def test_your_train_and_the_mexican_train_come_first():
    """W-53: the viewer's train, then the Mexican train, then the others clockwise from the
    viewer, so that the two trains a tile most often fits are in view together."""
    import train_bands

    trains = [{"id": "T0", "owner": 0}, {"id": "T1", "owner": 1}, {"id": "T2", "owner": 2},
              {"id": "T3", "owner": 3}, {"id": "MX", "owner": None}]
    order = [t["id"] for t in train_bands.band_order(trains, 2)]
    assert order == ["T2", "MX", "T3", "T0", "T1"]
    assert [t["id"] for t in train_bands.band_order(trains, None)] == [t["id"] for t in trains]
    t = geometry.table({"kind": "trains", "engine": 12, "trains": trains}, 307, 204,
                       {"viewer": 0})
    labels = {lab["id"]: lab["y"] for lab in t["labels"]}
    assert labels["T0"] < labels["MX"] < labels["T1"] < labels["T2"] < labels["T3"]


def test_train_labels_take_the_longest_form_that_leaves_four_tiles_a_line():
    """W-99: with `label_need` (each label's forms' widths at 12 px, longest first: "Comp. 2"
    55 px, "C2" 17 px, as Chromium measures them) the label column widens for the longest
    form whose every label fits while each band keeps room for four 56 px tiles a line (three
    in two columns); the form depends on the table's width alone, never on how far the trains
    have grown, and the tiles stay clear of the labels."""
    def layout(tiles):
        return {"kind": "trains", "engine": 12, "trains": [
            {"id": "T0", "owner": 0, "marker": False, "tiles": tiles},
            {"id": "MX", "owner": None, "marker": False, "tiles": []}] + [
            {"id": f"T{p}", "owner": p, "marker": p == 3, "tiles": []} for p in range(1, 8)],
            "unsatisfied": []}

    need = {"T0": [24.0], "MX": [56.0]}
    for p in range(1, 8):
        need[f"T{p}"] = [55.0, 17.0]
    long_train = [[12, 11], [11, 10], [10, 9], [9, 8], [8, 7], [7, 6], [6, 5], [5, 4]]
    for width, height, level in ((307, 300, 1), (377, 440, 0), (532, 323, 0), (1036, 513, 0)):
        forms = set()
        for tiles in ([], long_train[:3], long_train):
            t = geometry.table(layout(tiles), width, height, {"label_need": need})
            forms.add(t["label_level"])
            for lab in t["labels"]:
                for p in t["tiles"]:
                    assert not overlap(p, lab), (width, lab, p)
            if level == 0:  # "Comp. 2" fits whole at 10 px at least (the font shrinks to fit)
                room = min(lab["w"] for lab in t["labels"] if lab["owner"]) - 4
                assert room >= 55.0 * 10 / 12, (width, room)
            # Each band keeps room for four tiles (three in columns) at 28 px a half.
            cols = t["columns"]
            col_w = (width - 16 - (cols - 1) * max(16.0, 0.6 * 28)) / cols
            label_w = t["tiles"][0]["x"] - 8
            assert col_w - label_w >= (4 if cols == 1 else 3) * 56 - 0.01, (width, label_w)
        assert forms == {level}, (width, forms)
    # Without `label_need` the old fixed column and no level.
    assert geometry.table(layout([]), 307, 300)["label_level"] is None


def test_few_trains_keep_the_middle_form_on_a_small_phone():
    """W-110: at 320 px (a 307 px table) four players' five trains name a computer "Comp. 2"
    (each band's lines keep room for three 56 px tiles, as two or three columns do), where
    W-99's four tiles a line left room only for "C2"; five players' six trains keep "C2"
    and four tiles a line."""
    def layout(players):
        return {"kind": "trains", "engine": 12, "trains": [
            {"id": "T0", "owner": 0, "marker": False, "tiles": []},
            {"id": "MX", "owner": None, "marker": False, "tiles": []}] + [
            {"id": f"T{p}", "owner": p, "marker": p == 2, "tiles": []}
            for p in range(1, players)], "unsatisfied": []}

    for players, level, tiles in ((4, 0, 3), (3, 0, 3), (5, 1, 4), (8, 1, 4)):
        need = {"T0": [24.0], "MX": [56.0]}
        for p in range(1, players):
            need[f"T{p}"] = [55.0, 17.0]  # "Comp. 2", "C2" at 12 px (Chromium)
        t = geometry.table(layout(players), 307, 330, {"label_need": need})
        assert t["label_level"] == level, (players, t["label_level"])
        label_w = t["tiles"][0]["x"] - 8
        assert (307 - 16) - label_w >= tiles * 56 - 0.01, (players, label_w)
        if level == 0:
            room = min(lab["w"] for lab in t["labels"] if lab["owner"]) - 4
            assert room >= 55.0 * 10 / 12, (players, room)
