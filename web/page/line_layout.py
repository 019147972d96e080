"""A line's layout (web/page/geometry.py's part for the `line` kind).

A line grows both ways from a tile held still (the lead): its right side runs right to the
edge, turns down and runs back, its left side runs left, turns up and runs back (a snake, one
side the other's half-turn). Rows use the whole width; the tiles shrink down to a readable
minimum, then the table grows taller instead. Pure computation, as geometry.py.
"""

from boxes import bounds, first_fit, OPPOSITE, unit_levels


def _line_arm(pairs, start, half, unit, lead_double, out):
    """Snake one side of a line in "arm space": from x = `start` on the lead's row (centre
    y = 0) towards +x, rows turning downwards, each row between x = -half and x = half.

    `pairs` are the side's tiles outward, as (touching half, exposed half); their tiles are
    appended to `out`. Returns the slot (a tile rect where one more non-double tile would go)
    and the direction it grows in ("R", "L" or "D"). A row that cannot take the next tile
    ends with that tile turned downwards under the row's last unit, and the next row runs
    back from beside the turn tile's lower half. A double is never turned: it starts the next
    row, right under the end of the row above (crosswise, as always).
    """
    x = start
    direction = 1
    centre = 0.0
    count = 1               # the lead is in the first row
    last_double = lead_double
    n = len(pairs)
    for i in range(n + 1):
        if i < n:
            t, e = pairs[i][0], pairs[i][1]
        else:
            t, e = -1, -2   # the slot: room for one more tile, not a double
        double = t == e
        length = unit if double else 2.0 * unit
        if direction == 1:
            fits = x + length <= half + 0.01
        else:
            fits = x - length >= -half - 0.01
        if not fits and count > 0:
            col_x = x - unit if direction == 1 else x
            drop = unit if last_double else unit / 2.0
            direction = -direction
            count = 0
            last_double = False
            if not double:
                tile = {"x": col_x, "y": centre + drop, "w": unit, "h": 2.0 * unit,
                        "a": t, "b": e, "vertical": True}
                centre += max(2.0 * unit, drop + 1.5 * unit)
                x = col_x if direction == -1 else col_x + unit
                if i == n:
                    return tile, "D"
                out.append(tile)
                continue
            centre += 2.0 * unit
            x = col_x + unit if direction == -1 else col_x
        if double:
            y, w, h, vertical = centre - unit, unit, 2.0 * unit, True
        else:
            y, w, h, vertical = centre - unit / 2.0, 2.0 * unit, unit, False
        if direction == 1:
            tile = {"x": x, "y": y, "w": w, "h": h, "a": t, "b": e, "vertical": vertical}
            x += length
        else:
            x -= length
            tile = {"x": x, "y": y, "w": w, "h": h, "a": e, "b": t, "vertical": vertical}
        if i == n:
            return tile, ("R" if direction == 1 else "L")
        out.append(tile)
        count += 1
        last_double = double
    return None, "R"  # not reached


def _half_turn(tile):
    """Turn a rect a half-turn about (0, 0): the left side is the right side's image."""
    tile["x"] = -(tile["x"] + tile["w"])
    tile["y"] = -(tile["y"] + tile["h"])
    tile["a"], tile["b"] = tile["b"], tile["a"]


def _line_place(tiles, anchor, unit, half):
    """The line at `unit` around the centre of tile `anchor` (at (0, 0)).

    Returns (placed, slots): placed in the layout's order (tiles[0], the left end, first);
    slots {"L": (rect, direction letter, neighbour index), "R": ...}."""
    lead = tiles[anchor]
    lead_double = lead[0] == lead[1]
    if lead_double:
        lead_tile = {"x": -unit / 2.0, "y": -unit, "w": unit, "h": 2.0 * unit,
                     "a": lead[0], "b": lead[1], "vertical": True}
    else:
        lead_tile = {"x": -unit, "y": -unit / 2.0, "w": 2.0 * unit, "h": unit,
                     "a": lead[0], "b": lead[1], "vertical": False}
    start = lead_tile["w"] / 2.0
    right = []
    pairs = []
    for i in range(anchor + 1, len(tiles)):
        pairs.append((tiles[i][0], tiles[i][1]))
    r_slot, r_dir = _line_arm(pairs, start, half, unit, lead_double, right)
    left = []
    pairs = []
    for i in range(anchor - 1, -1, -1):
        pairs.append((tiles[i][1], tiles[i][0]))
    l_slot, l_dir = _line_arm(pairs, start, half, unit, lead_double, left)
    placed = []
    for i in range(len(left) - 1, -1, -1):
        _half_turn(left[i])
        placed.append(left[i])
    _half_turn(l_slot)
    placed.append(lead_tile)
    for p in right:
        placed.append(p)
    slots = {"L": (l_slot, OPPOSITE[l_dir], 0), "R": (r_slot, r_dir, len(placed) - 1)}
    return placed, slots


def table_line(layout, ends, width, height, margin, umin, umax, anchor):
    tiles = layout.get("tiles") or []
    if not tiles:
        return None
    if anchor is None or not 0 <= anchor < len(tiles):
        anchor = (len(tiles) - 1) // 2
    half = (width - 2.0 * margin) / 2.0
    room = height - 2.0 * margin
    levels = unit_levels(umin, umax)
    done = {}

    def attempt(u):
        placed, slots = _line_place(tiles, anchor, u, half)
        every = placed + [slots["L"][0], slots["R"][0]]
        box = bounds(every)
        done[u] = (placed, slots, box)
        return box[3] - box[1] <= room + 0.01

    u = levels[first_fit(levels, attempt)]
    if u not in done:
        attempt(u)
    placed, slots, box = done[u]
    found = []
    for end_id, value in ends:
        if end_id in slots:
            rect, direction, index = slots[end_id]
            found.append((end_id, value, rect, direction, index, True))
    return {"unit": u, "placed": placed, "slots": found, "box": box}
