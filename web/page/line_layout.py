"""A line's layout (web/page/geometry.py's part for the `line` kind).

A line grows both ways from a tile held still (the lead): its right side runs right to the
edge, turns down and runs back, its left side runs left, turns up and runs back (a snake, one
side the other's half-turn). Rows use the whole width; the tiles shrink down to a readable
minimum, then the table grows taller instead. Pure computation, as geometry.py.
"""

from boxes import bounds, first_fit, OPPOSITE, unit_levels


def _line_arm(pairs, start, fwd, back, unit, lead_double, out):
    """Snake one side of a line in "arm space": from x = `start` on the lead's row (centre
    y = 0) towards +x, rows turning downwards, each row between x = -back and x = fwd.

    `pairs` are the side's tiles outward, as (touching half, exposed half); their tiles are
    appended to `out`. Returns the slot (a tile rect where one more non-double tile would go),
    the direction it grows in ("R", "L" or "D") and the number of turns. A row that cannot
    take the next tile turns down at its last unit: a tile there lies upright under that unit,
    and the next row runs back from beside its lower half. A double there lies across the
    way down (flat, under the row's last two units, W-52), so that a double is crosswise at
    a turn too, and the line goes on down from it.
    """
    x = start
    direction = 1
    centre = 0.0
    count = 1               # the lead is in the first row
    turns = 0
    last_double = lead_double
    column = None           # going down at a turn: [column x, next free y, a double's x]
    n = len(pairs)
    for i in range(n + 1):
        if i < n:
            t, e = pairs[i][0], pairs[i][1]
        else:
            t, e = -1, -2   # the slot: room for one more tile, not a double
        double = t == e
        length = unit if double else 2.0 * unit
        if column is None:
            reach = length
            if double and i + 1 <= n:
                # A double needs room for the next tile after it too: a double that would end
                # its row lies flat at the turn instead, or the line would go down through it.
                nxt = pairs[i + 1] if i + 1 < n else (-1, -2)
                reach += unit if nxt[0] == nxt[1] else 2.0 * unit
            if direction == 1:
                fits = x + reach <= fwd + 0.01
            else:
                fits = x - reach >= -back - 0.01
            if not fits and count > 0:
                turns += 1
                col_x = x - unit if direction == 1 else x
                flat_x = x - 2.0 * unit if direction == 1 else x
                column = [col_x, centre + (unit if last_double else unit / 2.0), flat_x]
                direction = -direction
                count = 0
                last_double = False
        if column is not None:
            if double:
                tile = {"x": column[2], "y": column[1], "w": 2.0 * unit, "h": unit,
                        "a": t, "b": e, "vertical": False}
                column[1] += unit
                out.append(tile)
                continue
            tile = {"x": column[0], "y": column[1], "w": unit, "h": 2.0 * unit,
                    "a": t, "b": e, "vertical": True}
            centre = max(centre + 2.0 * unit, column[1] + 1.5 * unit)
            x = column[0] if direction == -1 else column[0] + unit
            column = None
            if i == n:
                return tile, "D", turns
            out.append(tile)
            continue
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
            return tile, ("R" if direction == 1 else "L"), turns
        out.append(tile)
        count += 1
        last_double = double
    return None, "R", turns  # not reached


def _reach(pairs, start, unit):
    """How far one side of a line reaches from the lead's centre, its slot included, when it
    runs straight (a double, crosswise, takes one unit; a tile two)."""
    x = start + 2.0 * unit
    for t, e in pairs:
        x += unit if t == e else 2.0 * unit
    return x


def _limits(left, right, start, unit, half):
    """(fwd, back) of the right side and of the left side in arm space: half the width each,
    but while the whole line runs straight within the width a short side leaves the rest to
    the other, so that the line does not turn while there is room (the lead then sits off
    the centre, and the line pans as a whole as it grows). Once it cannot, each side turns
    at its half, as before: one rearrangement, never one per tile."""
    reach_l = _reach(left, start, unit)
    reach_r = _reach(right, start, unit)
    if reach_l + reach_r <= 2.0 * half + 0.01:
        return (2.0 * half - reach_l, reach_l), (2.0 * half - reach_r, reach_r)
    return (half, half), (half, half)


def _half_turn(tile):
    """Turn a rect a half-turn about (0, 0): the left side is the right side's image."""
    tile["x"] = -(tile["x"] + tile["w"])
    tile["y"] = -(tile["y"] + tile["h"])
    tile["a"], tile["b"] = tile["b"], tile["a"]


def _line_place(tiles, anchor, unit, half):
    """The line at `unit` around the centre of tile `anchor` (at (0, 0)).

    Returns (placed, slots, turns): placed in the layout's order (tiles[0], the left end,
    first); slots {"L": (rect, direction letter, neighbour index), "R": ...}; turns the
    number of corners the line takes."""
    lead = tiles[anchor]
    lead_double = lead[0] == lead[1]
    if lead_double:
        lead_tile = {"x": -unit / 2.0, "y": -unit, "w": unit, "h": 2.0 * unit,
                     "a": lead[0], "b": lead[1], "vertical": True}
    else:
        lead_tile = {"x": -unit, "y": -unit / 2.0, "w": 2.0 * unit, "h": unit,
                     "a": lead[0], "b": lead[1], "vertical": False}
    start = lead_tile["w"] / 2.0
    r_pairs = []
    for i in range(anchor + 1, len(tiles)):
        r_pairs.append((tiles[i][0], tiles[i][1]))
    l_pairs = []
    for i in range(anchor - 1, -1, -1):
        l_pairs.append((tiles[i][1], tiles[i][0]))
    r_lim, l_lim = _limits(l_pairs, r_pairs, start, unit, half)
    right = []
    r_slot, r_dir, r_turns = _line_arm(r_pairs, start, r_lim[0], r_lim[1], unit, lead_double,
                                       right)
    left = []
    l_slot, l_dir, l_turns = _line_arm(l_pairs, start, l_lim[0], l_lim[1], unit, lead_double,
                                       left)
    placed = []
    for i in range(len(left) - 1, -1, -1):
        _half_turn(left[i])
        placed.append(left[i])
    _half_turn(l_slot)
    placed.append(lead_tile)
    for p in right:
        placed.append(p)
    slots = {"L": (l_slot, OPPOSITE[l_dir], 0), "R": (r_slot, r_dir, len(placed) - 1)}
    return placed, slots, l_turns + r_turns


# Tiles shrink down to this many px a half (40 px long) to keep a line straight, or to turn
# fewer corners, before it snakes: larger on a larger table (see `straight_floor`).
STRAIGHT_MIN = 20.0


def straight_floor(width, height, umin):
    """The smallest half-tile size a line shrinks to in order to turn fewer corners: 20 px
    on a phone, a twentieth of the table's shorter side on a larger one (DECISIONS W-51)."""
    return max(umin, STRAIGHT_MIN, min(width, height) / 20.0)


def _straighter(levels, at, done, attempt, floor):
    """The level to draw at, from `levels[at]` (the largest that fits the height): the largest
    level, down to `floor`, at which the line turns no more corners than it would at `floor`
    (straight while the width holds it, then as few rows as it can). Levels below `at` fit
    the height too (tiles only shrink)."""
    low = at
    while low + 1 < len(levels) and levels[low + 1] >= floor - 0.001:
        low += 1
    if low == at:
        return at
    attempt(levels[low])
    fewest = done[levels[low]][3]
    for i in range(at, low):
        attempt(levels[i])
        if done[levels[i]][3] <= fewest:
            return i
    return low


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
        if u not in done:
            placed, slots, turns = _line_place(tiles, anchor, u, half)
            every = placed + [slots["L"][0], slots["R"][0]]
            done[u] = (placed, slots, bounds(every), turns)
        box = done[u][2]
        return box[3] - box[1] <= room + 0.01

    at = first_fit(levels, attempt)
    attempt(levels[at])
    at = _straighter(levels, at, done, attempt, straight_floor(width, height, umin))
    u = levels[at]
    placed, slots, box, _ = done[u]
    found = []
    for end_id, value in ends:
        if end_id in slots:
            rect, direction, index = slots[end_id]
            found.append((end_id, value, rect, direction, index, True))
    return {"unit": u, "placed": placed, "slots": found, "box": box}
