"""Table geometry: where each tile of the layout is drawn, where its open ends are, how big.

Pure computation, shared by the MicroPython UI and pytest (CPython): no imports but its own
parts, no classes beyond plain dicts and lists, no recursion, nothing that depends on the
order of a dict. Its parts: boxes.py (rects and sizes), line_layout.py, spinner_tree.py and
train_bands.py (one kind of layout each); the page and the tests import only this module.

The entry point is `table(layout_json, width, height, options)` (see its docstring): it
places every tile, gives each open end a slot (where a tile played there goes: the glow and
the tap or drop target), chooses the tile size, and says how tall the table must be.

- A line grows both ways from a tile held still (the lead): its right side runs right to the
  edge, turns down and runs back, its left side runs left, turns up and runs back (a snake,
  one side the other's half-turn). Rows use the whole width; the tiles shrink down to a
  readable minimum, then the table grows taller instead.
- A tree (spinners) draws the `L`/`R` arms as a row through the lead, cross arms across their
  spinner; on a narrow table an arm that reaches the edge turns along it.
- Mexican Train draws the engine (hub) double on top, then one band per train: a label slot
  (owner, marker) and the train's tiles in lines that wrap within the band.

A double lies across the direction of its line ("crosswise"), as at a real table. Units:
CSS pixels of the canvas; `unit` is the size of a half tile (a tile is 2 x 1 units).
"""

from boxes import (FIT_MIN_UNIT, HIT, LINE_MIN_UNIT, MARGIN, MAX_UNIT, MIN_UNIT, TRAIN_MAX_UNIT,
                   TRAIN_MIN_UNIT, WORDS, anchor_at, hits, rect_of, tile_key, unit_levels)
# Read as geometry.bounds and geometry.count_overlaps by the page's drawing and the tests.
from boxes import bounds, count_overlaps  # noqa: F401 - re-exported
from line_layout import table_line
from spinner_tree import table_tree
from train_bands import table_trains


def _line_ends(layout):
    """A line's open ends (id, value) read from its JSON."""
    tiles = layout.get("tiles") or []
    return [("L", tiles[0][0]), ("R", tiles[-1][1])] if tiles else []


def _tree_ends(layout):
    """A spinner tree's open ends (id, value) read from its JSON."""
    lead = layout.get("lead")
    if not lead:
        return []
    out = []
    arms = layout.get("arms") or []
    tiles_of = {}
    for arm in arms:
        tiles_of[arm["id"]] = arm.get("tiles") or []
    for arm in arms:
        if arm.get("open") is False:
            continue
        tiles = arm.get("tiles") or []
        arm_id = arm["id"]
        parent = arm.get("parent")
        if tiles:
            value = tiles[-1][1]
        elif parent:
            host = tiles_of.get(parent[0]) or []
            index = parent[1]
            value = host[index][1] if 0 <= index < len(host) else lead[0]
        elif arm_id == "R":
            value = lead[1]
        else:
            value = lead[0]
        out.append((arm_id, value))
    return out


def _train_ends(layout):
    """Mexican Train's open ends (train id, value): each train's last tile, else the engine."""
    engine = layout.get("engine")
    out = []
    for train in layout.get("trains") or []:
        tiles = train.get("tiles") or []
        out.append((train.get("id"), tiles[-1][1] if tiles else engine))
    return out


def _lay_line(layout_json, ends, width, height, margin, umin, umax, options):
    return table_line(layout_json, ends, width, height, margin, umin, umax,
                      options.get("anchor"))


def _lay_tree(layout_json, ends, width, height, margin, umin, umax, options):
    return table_tree(layout_json, ends, width, height, margin, umin, umax)


def _lay_trains(layout_json, ends, width, height, margin, umin, umax, options):
    return table_trains(layout_json, ends, width, height, margin, umin, umax,
                        options.get("label_w"), options.get("columns"),
                        options.get("viewer"), options.get("label_need"),
                        bool(options.get("fold")), options.get("whole"),
                        bool(options.get("hub")), options.get("keep_columns") or 0)


# The layout kinds the page draws, by the layout JSON's `kind` (the engine's LayoutKind
# names, E-37), and what each one is: how its open ends are read, how it is laid out
# (line_layout, spinner_tree, train_bands), the smallest half-tile it shrinks to, whether it
# is held still at its lead (a line), and whether it is laid in bands from the top rather
# than centred (Mexican Train), and whether the page may lay it turned a quarter on a wide
# table (`view_table`'s `turn`, W-155). `kind_of` is the one place the name is read.
KINDS = {
    "line": {"name": "line", "ends": _line_ends, "lay_out": _lay_line,
             "min_unit": LINE_MIN_UNIT, "anchored": True, "banded": False, "turns": False},
    "tree": {"name": "tree", "ends": _tree_ends, "lay_out": _lay_tree,
             "min_unit": LINE_MIN_UNIT, "anchored": False, "banded": False, "turns": True},
    "trains": {"name": "trains", "ends": _train_ends, "lay_out": _lay_trains,
               "min_unit": TRAIN_MIN_UNIT, "max_unit": TRAIN_MAX_UNIT, "anchored": False,
               "banded": True, "turns": False},
}


def kind_of(layout_json):
    """The row of KINDS that a layout JSON is, or None (no layout, or a kind the page does
    not know)."""
    if not layout_json:
        return None
    return KINDS.get(layout_json.get("kind"))


def _view_ends(layout):
    """The open ends (id, value) read from the layout JSON (the view's `ends` are exact)."""
    kind = kind_of(layout)
    return kind["ends"](layout) if kind is not None else []


# --------------------------------------------------------------------------- the table


def _separate(ends):
    """Shrink the hit rects of ends until no two overlap: each pair is cut between their
    slots, along the axis on which the slots lie furthest apart."""
    for i in range(len(ends)):
        for j in range(i + 1, len(ends)):
            p, q = ends[i], ends[j]
            hp, hq = p["hit"], q["hit"]
            if not hits(hp, [hq]):
                continue
            gx = max(q["x"] - (p["x"] + p["w"]), p["x"] - (q["x"] + q["w"]))
            gy = max(q["y"] - (p["y"] + p["h"]), p["y"] - (q["y"] + q["h"]))
            if gx >= gy:
                lo, hi = (p, q) if p["x"] + p["w"] / 2.0 <= q["x"] + q["w"] / 2.0 else (q, p)
                cut = (lo["x"] + lo["w"] + hi["x"]) / 2.0
                h = lo["hit"]
                h["w"] = max(0.0, min(h["x"] + h["w"], cut) - h["x"])
                h = hi["hit"]
                right = h["x"] + h["w"]
                h["x"] = max(h["x"], cut)
                h["w"] = max(0.0, right - h["x"])
            else:
                lo, hi = (p, q) if p["y"] + p["h"] / 2.0 <= q["y"] + q["h"] / 2.0 else (q, p)
                cut = (lo["y"] + lo["h"] + hi["y"]) / 2.0
                h = lo["hit"]
                h["h"] = max(0.0, min(h["y"] + h["h"], cut) - h["y"])
                h = hi["hit"]
                bottom = h["y"] + h["h"]
                h["y"] = max(h["y"], cut)
                h["h"] = max(0.0, bottom - h["y"])


def _empty(kind, width, height):
    return {"kind": kind, "unit": 0.0, "width": width, "height": height, "needed": 0.0,
            "fits": True, "tiles": [], "ends": [], "labels": [], "columns": 1}


def table(layout_json, width, height, options=None):
    """Place the whole table in a box of `width` x `height` CSS pixels.

    `layout_json` is the view's `layout`. `options` (a dict, every key optional):
    - `ends`: the view's `ends`, [[id, value], ...]: the open ends and their numbers, exact
      (which ends are open is the engine's to say); else they are read from the layout.
    - `anchor`: for a line, the index in `tiles` of the tile to hold still (the lead, see
      `line_anchor(view)`); else the middle tile.
    - `min_unit`, `max_unit`: the range of half-tile sizes (defaults: LINE_MIN_UNIT or
      TRAIN_MIN_UNIT, and MAX_UNIT, TRAIN_MAX_UNIT for trains); `margin` (MARGIN); `label_w`: the width of a train's
      label column (default 56 px below 600 px of width, else 76 px); `columns`: the
      number of columns of bands (default: 1, 2 or 3, whichever fits best; `keep_columns`:
      see view_table's `keep`); `viewer`: the seat whose band comes first (the Mexican
      train's next); `label_need`: {train id: [its label's forms' widths at 12 px, longest
      first]}: without `label_w`, the label column widens for the longest form leaving the
      bands as tall (train_bands._label_width, W-99); `fold`, `whole`: see view_table.

    Returns a dict:
    - `kind` ("line", "tree", "trains" or None), `unit` (half-tile size in px), `width`;
    - `height`: the height to draw at, `max(height, needed)`; `needed`: the height the
      table needs; `fits`: whether it fits the box (else the box must scroll);
    - `tiles`: [{x, y, w, h, a, b, vertical, key, end, engine}], `a` shown in the left (top)
      half, `key` the tile's canonical notation ("6-4": stable while it stays on the table),
      `end` true when an open end grows from it, `engine` true for the Mexican Train hub;
    - `ends`: [{id, value, x, y, w, h, vertical, dir, tile, hit, blocked}] in the order of
      the view's ends: the engine's end id, its open number, the slot (x, y, w, h; vertical
      when taller than wide) where a non-double tile played there would lie, `dir` the way
      it grows on screen ("left", "right", "up", "down"; the slot lies on that side of its
      tile), `tile` the index in `tiles` of the tile it grows from (None for an empty train,
      which grows from the hub), `hit` {x, y, w, h} the tap and drop target (the slot grown
      to at least HIT px a side, cut back where it would overlap another end's target).
      Where a crowded spinner tree has no room for a whole tile, the slot is a one-unit
      square (a stub) next to the tip; `blocked` is true when not even that is free: the
      slot is then the tip half of the tile itself. Either way the tile, once played,
      makes the layout rearrange;
    - `labels` (trains): [{id, owner, marker, x, y, w, h, marker_box, band, hidden, chip,
      open, hides, foot}] (train_bands.table_trains); `folded`: the trains were folded
      (W-113); `hub_inline`: the hub lies on the first band's line (W-125);
    - `columns`: the number of columns of train bands;
    - `label_level`: with `label_need`, the index of the form every train label is drawn in
      (else None: the shortest); `label_px` (trains): their font's size at most (W-132).
    Every call builds new dicts: the caller may keep or change them.
    """
    options = options or {}
    margin = float(options.get("margin", MARGIN))
    width = float(width)
    height = float(height)
    kind = kind_of(layout_json)
    if kind is None:
        return _empty(layout_json.get("kind") if layout_json else None, width, height)
    ends = options.get("ends")
    if ends is None:
        ends = kind["ends"](layout_json)
    umax = float(options.get("max_unit", kind.get("max_unit", MAX_UNIT)))
    umin = min(umax, float(options.get("min_unit", kind["min_unit"])))
    res = kind["lay_out"](layout_json, ends, width, height, margin, umin, umax, options)
    if res is None:
        return _empty(kind["name"], width, height)
    if kind["banded"]:
        dx = dy = 0.0
        needed = res["needed"]
    else:
        box = res["box"]
        dx = anchor_at(box[0], box[2], width, margin)
        dy = anchor_at(box[1], box[3], height, margin)
        needed = box[3] - box[1] + 2.0 * margin
    canvas_h = max(height, needed)
    tiles = []
    for p in res["placed"]:
        tiles.append({"x": p["x"] + dx, "y": p["y"] + dy, "w": p["w"], "h": p["h"],
                      "a": p["a"], "b": p["b"], "vertical": p["vertical"],
                      "key": tile_key(p["a"], p["b"]), "end": False,
                      "engine": bool(p.get("engine"))})
    out_ends = _open_ends(res["slots"], tiles, dx, dy, width, canvas_h)
    labels = res.get("labels") or []
    return {"kind": kind["name"], "unit": res["unit"], "width": width, "height": canvas_h,
            "needed": needed, "fits": needed <= height + 0.01, "tiles": tiles,
            "ends": out_ends, "labels": labels, "columns": res.get("columns", 1),
            "label_level": res.get("label_level"), "folded": bool(res.get("folded")),
            "hub_inline": bool(res.get("hub_inline")), "label_px": res.get("label_px")}


def _open_ends(slots, tiles, dx, dy, width, canvas_h):
    """`table`'s `ends`: each slot moved by (dx, dy), its tap target grown to HIT px a side
    within the canvas (moved inwards at its edges) and cut back from its neighbours' (`_separate`); the tile it grows from
    marked `end`."""
    out_ends = []
    for end_id, value, rect, turn, index, free in slots:
        x, y, w, h = rect["x"] + dx, rect["y"] + dy, rect["w"], rect["h"]
        hw = max(HIT, w)
        hh = max(HIT, h)
        # Centred on the slot, moved (not cut) to stay inside the canvas where it can.
        hx = max(0.0, min(x + w / 2.0 - hw / 2.0, width - hw))
        hy = max(0.0, min(y + h / 2.0 - hh / 2.0, canvas_h - hh))
        hit = rect_of(hx, hy, min(hw, width - hx), min(hh, canvas_h - hy))
        if index is not None and 0 <= index < len(tiles):
            tiles[index]["end"] = True
        out_ends.append({"id": end_id, "value": value, "x": x, "y": y, "w": w, "h": h,
                         "vertical": h > w, "dir": WORDS[turn], "tile": index, "hit": hit,
                         "blocked": not free})
    _separate(out_ends)
    return out_ends


def line_anchor(view):
    """The index in `view["layout"]["tiles"]` of the tile a line holds still: its lead, found
    from the public history (each tile played on the left end pushes the lead one place to
    the right). A history that starts mid-hand (`view["start"]`) starts from the middle tile
    of its starting line."""
    tiles = (view.get("layout") or {}).get("tiles") or []
    if not tiles:
        return 0
    start = (view.get("start") or {}).get("layout") or {}
    base = len(start.get("tiles") or [])
    anchor = base // 2 if base else 0
    for entry in view.get("history") or []:
        if len(entry) < 2:
            continue
        for part in str(entry[1]).split("+"):
            at = part.find("@")
            if at >= 0 and part[at + 1:at + 2] == "L":
                anchor += 1
    return min(max(anchor, 0), len(tiles) - 1)


def view_table(view, width, height, viewer=None, targets=None, label_need=None, fold=False,
               whole=None, hub=False, keep=0, turn=False):
    """`table` for a seat's view (or a review's position): its layout, its open ends, and a
    line held still at its lead (`line_anchor`), Mexican Train's bands from `viewer`'s train
    (else the view's `seat`). The game's table and the review's draw through this one call,
    so both place the same position alike.

    `targets`: the end ids a selected tile fits. When the table is taller than its box and
    those ends lie further apart than the box is tall (no scroll shows them together), the
    table is laid out again a step smaller at a time, down to FIT_MIN_UNIT (tiles 40 px
    long), until they are no further apart than the box is tall: the page then pans to them
    (table.follow). The result carries `zoomed` True, and `apart` True when even at
    FIT_MIN_UNIT they lie further apart (the page shows the first, the end choice's buttons
    reach every one); else it is `table`'s own, without the keys (DECISIONS W-70, W-100).
    `label_need`: the widths of the train labels' forms (see `table`). `fold`: Mexican
    Train's trains too long for the box fold their older tiles behind a chip, but the train
    `whole` (an id) (train_bands._folded, W-113): the game's table folds; the review and
    the lessons show every tile. `hub`: the hub stays on the first band's line where the
    trains fold (it went there earlier in the round, W-130; the result's `hub_inline`).
    `keep`: the columns of train bands drawn last in the round (`table`'s `keep_columns`),
    kept unless fewer hold much larger tiles (train_bands.KEEP_GAIN, W-157).
    `turn`: a layout kind that turns (a spinner tree) is laid in the box turned a quarter
    (`height` x `width`) and the result turned back (`turned`, W-155): its long axis lies
    along the box's long side. Never zoomed; the caller takes it only where it `fits`."""
    layout = view.get("layout")
    options = {"ends": view.get("ends"), "label_need": label_need, "fold": fold,
               "whole": whole, "hub": hub, "keep_columns": keep}
    kind = kind_of(layout)
    if turn and kind is not None and kind["turns"]:
        return turned(table(layout, height, width, options))
    if kind is not None and kind["anchored"]:
        options["anchor"] = line_anchor(view)
    if kind is not None and kind["banded"]:
        options["viewer"] = viewer if viewer is not None else view.get("seat")
    geo = table(layout, width, height, options)
    if geo["fits"] or not targets or targets_span(geo, targets) <= float(height) + 0.01:
        return geo
    # Zoom out only as far as the targets need (the rest of the table scrolls), never below
    # tiles of 40 px: the largest step at which they fit the box's height together.
    zoomed = None
    for u in unit_levels(FIT_MIN_UNIT, geo["unit"])[1:]:
        options["min_unit"] = u
        options["max_unit"] = u
        zoomed = table(layout, width, height, options)
        zoomed["zoomed"] = True
        # 2 px to spare: the box's height is read rounded, the pan box whole pixels.
        if targets_span(zoomed, targets) <= float(height) - 2.0:
            return zoomed
    if zoomed is None:  # already at the floor (a line at its readable 16 px): pan only
        geo["apart"] = True
        return geo
    zoomed["apart"] = True
    return zoomed


# The way an end grows once the table is turned a quarter clockwise: left is up.
TURNED_WORDS = {"left": "up", "up": "right", "right": "down", "down": "left"}


def _turn_rect(r, height):
    """Rect `r` of a table `height` px tall, turned a quarter clockwise about the table."""
    return {"x": height - r["y"] - r["h"], "y": r["x"], "w": r["h"], "h": r["w"]}


def turned(geo):
    """A table laid in a box `height` x `width` (`table`'s answer), turned a quarter clockwise
    into the box `width` x `height`: every tile, slot and tap target turned about the table,
    as a whole table turns (the page animates a turn as one, motion_frames._turns). A tile
    lying there stands here with the same half on top; a standing tile lies with its halves
    swapped (its top went right, and `a` is the left half); a double stays across its arm;
    the ends' `dir` turns too (left becomes up). `turned` is True, `needed` the box's height
    where it fits (a turned table never scrolls sideways: the caller takes it only then)."""
    height = geo["height"]
    tiles = []
    for p in geo["tiles"]:
        t = _turn_rect(p, height)
        first, second = (p["b"], p["a"]) if p["vertical"] else (p["a"], p["b"])
        t.update({"a": first, "b": second, "vertical": not p["vertical"], "key": p["key"],
                  "end": p["end"], "engine": p["engine"]})
        tiles.append(t)
    ends = []
    for e in geo["ends"]:
        end = _turn_rect(e, height)
        end.update({"id": e["id"], "value": e["value"], "vertical": e["w"] > e["h"],
                    "dir": TURNED_WORDS.get(e["dir"], e["dir"]), "tile": e["tile"],
                    "hit": _turn_rect(e["hit"], height), "blocked": e["blocked"]})
        ends.append(end)
    out = dict(geo)
    out.update({"width": height, "height": geo["width"], "tiles": tiles, "ends": ends,
                "turned": True})
    if geo["fits"]:
        out["needed"] = geo["width"]
    return out


def targets_span(geo, targets):
    """The height (px) from the top of the highest to the bottom of the lowest tap target of
    the ends `targets` (ids) in `geo`; 0 for fewer than two found."""
    top = None
    bottom = None
    found = 0
    for end in geo["ends"]:
        if end["id"] in targets:
            hit = end["hit"]
            found += 1
            top = hit["y"] if top is None else min(top, hit["y"])
            bottom = hit["y"] + hit["h"] if bottom is None else max(bottom, hit["y"] + hit["h"])
    if found < 2:
        return 0.0
    return bottom - top


# --------------------------------------------------------------------------- the old API


def layout_line(tiles, width, height, margin=8.0):
    """The tiles of a line (see `table`), shrinking down to MIN_UNIT to fit a fixed canvas."""
    return table({"kind": "line", "tiles": tiles}, width, height,
                 {"min_unit": MIN_UNIT, "margin": margin})["tiles"]


def layout_tree(layout, width, height, margin=8.0):
    """The tiles of a spinner tree (see `table`), shrinking down to MIN_UNIT to fit."""
    return table(layout, width, height, {"min_unit": MIN_UNIT, "margin": margin})["tiles"]


def layout_trains(layout, width, height, margin=8.0, label_w=56.0):
    """Mexican Train for a fixed canvas: (tiles, rows), `rows` holding for each train
    `{"id", "owner", "marker", "x", "y", "hidden"}` (where the label is written; `hidden` is
    always 0: trains wrap instead of hiding tiles). Shrinks down to 12 px to fit."""
    t = table(layout, width, height, {"min_unit": 12.0, "margin": margin, "label_w": label_w})
    rows = []
    for lab in t["labels"]:
        rows.append({"id": lab["id"], "owner": lab["owner"], "marker": lab["marker"],
                     "x": lab["x"], "y": lab["y"] + lab["h"] / 2.0, "hidden": 0})
    return t["tiles"], rows


def layout(layout_json, width, height):
    """Dispatch on the layout kind; returns (tiles, train_rows) for a fixed canvas."""
    kind = kind_of(layout_json)
    if kind is None:
        return [], []
    if kind["banded"]:
        return layout_trains(layout_json, width, height)
    return table(layout_json, width, height, {"min_unit": MIN_UNIT, "margin": 8.0})["tiles"], []


# --------------------------------------------------------------------------- pips

# Pip positions (column, row) on a 3x3 grid for 0..9, on a 3x4 grid for 10..12: symmetric
# patterns, as on double-twelve sets, so that every value can be counted at a glance.
PIP_GRID = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
    7: [(0, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (2, 2)],
    8: [(0, 0), (1, 0), (2, 0), (0, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
    9: [(0, 0), (1, 0), (2, 0), (0, 1), (1, 1), (2, 1), (0, 2), (1, 2), (2, 2)],
}
# 10..12: outer columns of four, the middle column holding 2, 3 or 4 (row as a fraction).
PIP_TALL = {10: (0.387, 0.613), 11: (0.273, 0.5, 0.727), 12: (0.16, 0.387, 0.613, 0.84)}
TALL_ROWS = (0.16, 0.387, 0.613, 0.84)


def pip_points(value):
    """Pip centres for a face value 0..12 as fractions (0..1) of the half's box."""
    if value in PIP_GRID:
        out = []
        for c, r in PIP_GRID[value]:
            out.append((0.22 + 0.28 * c, 0.22 + 0.28 * r))
        return out
    out = []
    if value in PIP_TALL:
        for fy in TALL_ROWS:
            out.append((0.22, fy))
            out.append((0.78, fy))
        for fy in PIP_TALL[value]:
            out.append((0.5, fy))
        return out
    # Beyond a double-twelve set: rows of three.
    rows = (value + 2) // 3
    for i in range(value):
        out.append((0.2 + 0.3 * (i % 3), 0.1 + 0.8 * (i // 3 + 0.5) / rows))
    return out


def pip_radius(size, value):
    """A pip's radius in px on a half of `size` px showing `value`."""
    return max(1.2, size * (0.075 if value <= 9 else 0.068))


# One colour per number, as double-nine and double-twelve sets have them, dark enough to
# read on the ivory face (#faf6ea): contrast at least 3:1.
PIP_COLOURS = {
    1: "#0369a1",   # sky blue
    2: "#15803d",   # green
    3: "#dc2626",   # red
    4: "#7c2d12",   # brown
    5: "#1e3a8a",   # navy blue
    6: "#b45309",   # amber (the yellow of real sets, darkened)
    7: "#7e22ce",   # purple
    8: "#0f766e",   # teal
    9: "#be185d",   # pink
    10: "#4b5563",  # grey
    11: "#4d7c0f",  # olive
    12: "#1c1917",  # black
}
PIP_BLACK = "#1c1917"


def pip_colour(value, max_pip):
    """The colour of the pips of `value`: black on double-six sets, one colour per number
    on double-nine and double-twelve sets (0 has no pips)."""
    if max_pip is None or max_pip <= 6:
        return PIP_BLACK
    return PIP_COLOURS.get(value, PIP_BLACK)


def max_pip_of(options):
    """The highest number of the set a match is played with, from the state's `options`."""
    chosen = (options or {}).get("set")
    if chosen == "double_twelve":
        return 12
    if chosen == "double_nine":
        return 9
    return 6
