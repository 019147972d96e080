"""Table geometry: where each tile of the layout is drawn on the canvas.

Pure computation, shared by the MicroPython UI and pytest (CPython): no imports, no classes
beyond plain dicts and lists, no recursion deeper than the layout.

A placed tile is a dict `{"x", "y", "w", "h", "a", "b", "vertical"}`: its rectangle in canvas
pixels and the pips shown in its first half (left, or top when vertical) and second half.
A double lies across the direction of its line ("crosswise"), as at a real table.

- A line (`{"kind": "line", "tiles": [[a, b], ...]}`) snakes: rows run left to right, then
  right to left, joined at the edge by a tile turned downwards, with the tile size chosen as
  large as fits the canvas.
- A tree (spinners) draws the `L`/`R` arms as a row through the lead, `N`/`S` as columns
  through the first spinner; arms of later spinners go up or down from their spinner.
- Trains draw one row per train, each starting from the engine double on the left.
"""

MAX_UNIT = 44.0
MIN_UNIT = 6.0
TRAIN_MIN_UNIT = 20.0


def _tile(x, y, along, a, b, unit, vertical, reverse):
    """One tile placed along a horizontal (or vertical) path, its first half at (x, y)."""
    double = a == b
    if double:
        # Crosswise: across the path.
        if vertical:
            return {"x": x, "y": y, "w": 2 * unit, "h": unit, "a": a, "b": b, "vertical": False}
        return {"x": x, "y": y, "w": unit, "h": 2 * unit, "a": a, "b": b, "vertical": True}
    first, second = (b, a) if reverse else (a, b)
    if vertical:
        return {"x": x, "y": y, "w": unit, "h": 2 * unit, "a": first, "b": second, "vertical": True}
    return {"x": x, "y": y, "w": 2 * unit, "h": unit, "a": first, "b": second, "vertical": False}


def _snake(tiles, unit, left, right):
    """Lay a line along a snake between x = `left` and x = `right`, rows 2 units apart.

    Returns (placed, rows) with y measured from the first row's centre. A row that cannot take
    the next tile ends with that tile turned downwards under the row's last unit; the next row
    runs back from beside the turn tile's lower half. A double is never turned: it starts the
    next row instead, right under the last tile's end (crosswise, as always).
    """
    placed = []
    x = left
    direction = 1
    row = 0
    centre = 0.0
    count_in_row = 0
    last_double = False
    for pair in tiles:
        a, b = pair[0], pair[1]
        double = a == b
        length = unit if double else 2 * unit
        if direction == 1:
            fits = x + length <= right + 0.01
        else:
            fits = x - length >= left - 0.01
        if not fits and count_in_row > 0:
            col_x = x - unit if direction == 1 else x
            if not double:
                drop = unit if last_double else unit / 2.0
                placed.append(_tile(col_x, centre + drop, "v", a, b, unit, True, False))
            row += 1
            centre = row * 2.0 * unit
            direction = -direction
            if double:
                # No turn tile: the double starts the next row right under the last unit.
                x = col_x + unit if direction == -1 else col_x
            else:
                x = col_x if direction == -1 else col_x + unit
            count_in_row = 0
            last_double = False
            if not double:
                continue
        y = centre - unit if double else centre - unit / 2.0
        if direction == 1:
            placed.append(_tile(x, y, "h", a, b, unit, False, False))
            x += length
        else:
            x -= length
            placed.append(_tile(x, y, "h", a, b, unit, False, True))
        count_in_row += 1
        last_double = double
    return placed, row + 1


def layout_line(tiles, width, height, margin=8.0):
    """Place a line layout in a canvas of `width` x `height` pixels (see the module doc).

    The tile size is the largest (up to MAX_UNIT) at which the snake fits the canvas; the
    drawing is centred.
    """
    if not tiles:
        return []
    unit = MAX_UNIT
    while True:
        placed, rows = _snake(tiles, unit, margin, width - margin)
        if rows * 2 * unit <= height - 2 * margin or unit <= MIN_UNIT:
            break
        unit -= 1.0
    return _center(placed, width, height)


def _center(placed, width, height):
    """Shift placed tiles so that their bounding box sits in the middle of the canvas."""
    box = bounds(placed)
    dx = (width - (box[2] - box[0])) / 2.0 - box[0]
    dy = (height - (box[3] - box[1])) / 2.0 - box[1]
    for p in placed:
        p["x"] += dx
        p["y"] += dy
    return placed


def _along(px, py, direction, a, b, unit):
    """A tile laid from point (px, py) in `direction` ("L", "R", "U", "D"), its touching half
    `a` first. Returns (tile, end point): the arm continues from the end point."""
    double = a == b
    length = unit if double else 2 * unit
    if direction == "R":
        if double:
            tile = {"x": px, "y": py - unit, "w": unit, "h": 2 * unit, "vertical": True}
        else:
            tile = {"x": px, "y": py - unit / 2.0, "w": 2 * unit, "h": unit, "vertical": False}
        tile["a"], tile["b"] = a, b
        return tile, (px + length, py)
    if direction == "L":
        if double:
            tile = {"x": px - unit, "y": py - unit, "w": unit, "h": 2 * unit, "vertical": True}
        else:
            tile = {"x": px - 2 * unit, "y": py - unit / 2.0, "w": 2 * unit, "h": unit,
                    "vertical": False}
        tile["a"], tile["b"] = b, a
        return tile, (px - length, py)
    if direction == "D":
        if double:
            tile = {"x": px - unit, "y": py, "w": 2 * unit, "h": unit, "vertical": False}
        else:
            tile = {"x": px - unit / 2.0, "y": py, "w": unit, "h": 2 * unit, "vertical": True}
        tile["a"], tile["b"] = a, b
        return tile, (px, py + length)
    if double:
        tile = {"x": px - unit, "y": py - unit, "w": 2 * unit, "h": unit, "vertical": False}
    else:
        tile = {"x": px - unit / 2.0, "y": py - 2 * unit, "w": unit, "h": 2 * unit,
                "vertical": True}
    tile["a"], tile["b"] = b, a
    return tile, (px, py - length)


STEP = {"R": (1, 0), "L": (-1, 0), "D": (0, 1), "U": (0, -1)}
TURNS = {"R": ("U", "D"), "L": ("D", "U"), "U": ("L", "R"), "D": ("R", "L")}


def _hits(tile, placed):
    """True when `tile` overlaps (more than touches) any placed tile."""
    eps = 0.01
    for q in placed:
        if (tile["x"] + eps < q["x"] + q["w"] and q["x"] + eps < tile["x"] + tile["w"]
                and tile["y"] + eps < q["y"] + q["h"] and q["y"] + eps < tile["y"] + tile["h"]):
            return True
    return False


def count_overlaps(placed):
    """How many pairs of placed tiles overlap (touching does not count)."""
    total = 0
    for i in range(len(placed)):
        if _hits(placed[i], placed[i + 1:]):
            for q in placed[i + 1:]:
                if _hits(placed[i], [q]):
                    total += 1
    return total


def _swapped(flip, arm_no):
    """Variants from 3 on swap the sides of a pseudo-random choice of cross arms."""
    if flip < 3:
        return False
    h = (flip * 2654435761 + (arm_no + 1) * 40503) % 4294967296
    return (h >> 13) & 1 == 1


def _bends(flip, arm_no):
    """Variants from 3 on also change, arm by arm, which way an arm bends first (0, 1 or 2,
    see _candidates)."""
    if flip < 3:
        return 0
    h = (flip * 2246822519 + (arm_no + 7) * 3266489917) % 4294967296
    return (h >> 11) % 3


# Extra side choices layout_tree tries when the usual ones overlap (few layouts need them).
EXTRA_VARIANTS = 60


def _tree_at_unit(layout, unit, flip=0):
    """Lay a spinner tree out around (0, 0) with tiles of `unit` (see layout_tree).

    `flip` 1 swaps the sides of the cross arms of later spinners (`X..`), 2 of every cross
    arm, 3 and more a pseudo-random choice of them: layout_tree tries these in turn and keeps
    the tidiest.
    """
    lead = layout["lead"]
    double = lead[0] == lead[1]
    if double:
        lead_tile = {"x": -unit / 2.0, "y": -unit, "w": unit, "h": 2 * unit, "vertical": True}
    else:
        lead_tile = {"x": -unit, "y": -unit / 2.0, "w": 2 * unit, "h": unit, "vertical": False}
    lead_tile["a"], lead_tile["b"] = lead[0], lead[1]
    placed = [lead_tile]
    # For every arm: the direction it grows in and the rectangles of its tiles.
    arm_dir = {}
    arm_rects = {}
    seen_parents = {}
    arm_no = -1
    for arm in layout.get("arms", []):
        arm_no += 1
        arm_id = arm["id"]
        parent = arm.get("parent")
        spinner = lead_tile
        if arm_id == "L" and not parent:
            direction, point = "L", (lead_tile["x"], 0.0)
        elif arm_id == "R" and not parent:
            direction, point = "R", (lead_tile["x"] + lead_tile["w"], 0.0)
        else:
            if parent:
                host_id, index = parent[0], parent[1]
                rects = arm_rects.get(host_id, [])
                spinner = rects[index] if 0 <= index < len(rects) else lead_tile
                host_dir = spinner.get("dir", arm_dir.get(host_id, "R"))
            else:
                host_id, host_dir, spinner = "lead", "R", lead_tile
            key = str(host_id) + ":" + str(parent[1] if parent else -1)
            used = seen_parents.get(key) or []
            first = not used
            if flip == 2 or (flip == 1 and arm_id.startswith("X")) or _swapped(flip, arm_no):
                first = not first
            cx = spinner["x"] + spinner["w"] / 2.0
            cy = spinner["y"] + spinner["h"] / 2.0
            if host_dir in ("L", "R"):
                sides = [("U", (cx, spinner["y"])), ("D", (cx, spinner["y"] + spinner["h"]))]
            else:
                sides = [("L", (spinner["x"], cy)), ("R", (spinner["x"] + spinner["w"], cy))]
            order = [0, 1] if first else [1, 0]
            order = [k for k in order if k not in used] or order
            # The arm takes its usual side of the spinner unless it only fits on the other.
            rects = None
            for k in order:
                base = len(placed)
                rects, clean = _lay_arm(arm.get("tiles", []), sides[k][1], sides[k][0],
                                        spinner, placed, unit, _bends(flip, arm_no))
                if clean or k == order[-1]:
                    break
                _truncate(placed, base)
            if not clean and len(order) > 1:
                _truncate(placed, len(placed) - len(rects))
                k = order[0]
                rects, clean = _lay_arm(arm.get("tiles", []), sides[k][1], sides[k][0],
                                        spinner, placed, unit, _bends(flip, arm_no))
            seen_parents[key] = used + [k]
            arm_dir[arm_id] = sides[k][0]
            arm_rects[arm_id] = rects
            continue
        arm_dir[arm_id] = direction
        rects, _clean = _lay_arm(arm.get("tiles", []), point, direction, lead_tile, placed, unit,
                                 _bends(flip, arm_no))
        arm_rects[arm_id] = rects
    return placed


def _truncate(items, size):
    """Drop the items after the first `size` (plain pops: MicroPython-safe)."""
    while len(items) > size:
        items.pop()


def _candidates(pair, point, direction, previous, unit, order=0):
    """Where the next tile of an arm may go: straight on, or bent round a corner over the
    last tile's end (either way). Each is (tile, end point, direction); `order` 1 tries the
    bends the other way round, 2 tries them before going straight."""
    out = []
    tile, end = _along(point[0], point[1], direction, pair[0], pair[1], unit)
    out.append((tile, end, direction))
    # Half the last tile's size across the arm (a spinner may lie along the arm it starts).
    across = (previous["h"] if direction in ("L", "R") else previous["w"]) / 2.0
    for turn in TURNS[direction]:
        bx = point[0] - STEP[direction][0] * unit / 2.0 + STEP[turn][0] * across
        by = point[1] - STEP[direction][1] * unit / 2.0 + STEP[turn][1] * across
        other, other_end = _along(bx, by, turn, pair[0], pair[1], unit)
        out.append((other, other_end, turn))
    if order == 1:
        return [out[0], out[2], out[1]]
    if order == 2:
        return [out[1], out[2], out[0]]
    return out


ARM_BUDGET = 400  # candidate placements tried per arm before giving up on a clean layout


def _lay_arm(pairs, point, direction, previous, placed, unit, order=0):
    """Lay one arm's tiles (appended to `placed`), each straight on where it fits, else bent.

    When a tile fits nowhere, the arm backs up and bends an earlier tile the other way (a
    depth-first search without recursion, bounded by ARM_BUDGET); if that finds nothing, the
    greedy placement is kept even though it overlaps. Returns (the arm's tiles, whether they
    fit without overlapping)."""
    n = len(pairs)
    if n == 0:
        return [], True
    base = len(placed)
    # stack[i]: (candidates of tile i, index of the one in use, state before tile i)
    stack = []
    state = (point, direction, previous)
    budget = ARM_BUDGET
    i = 0
    pending = None
    while i < n:
        if pending is None:
            cands = [c for c in _candidates(pairs[i], state[0], state[1], state[2], unit,
                                            order) if not _hits(c[0], placed)]
            pending = (cands, 0, state)
        cands, k, before = pending
        if k < len(cands) and budget > 0:
            budget -= 1
            tile, end, turn = cands[k]
            tile["dir"] = turn
            placed.append(tile)
            stack.append((cands, k, before))
            state = (end, turn, tile)
            pending = None
            i += 1
            continue
        if not stack or budget <= 0:
            break
        # Back up one tile and try its next candidate.
        placed.pop()
        cands, k, before = stack.pop()
        pending = (cands, k + 1, before)
        state = before
        i -= 1
    if i == n:
        return placed[base:], True
    # No clean layout: the greedy one (straight, else the first bend that fits, else straight).
    _truncate(placed, base)
    state = (point, direction, previous)
    for pair in pairs:
        options = _candidates(pair, state[0], state[1], state[2], unit)
        tile, end, turn = options[0]
        if _hits(tile, placed):
            for other in options[1:]:
                if not _hits(other[0], placed):
                    tile, end, turn = other
                    break
        tile["dir"] = turn
        placed.append(tile)
        state = (end, turn, tile)
    return placed[base:], False


def layout_tree(layout, width, height, margin=8.0):
    """Place a spinner layout: arms grow from the lead (`L` left, `R` right), cross arms grow
    from their spinner across its arm (`N`/first up, `S`/second down on a horizontal arm; left
    and right on a vertical one). Doubles lie across their arm. Scaled to fit and centred."""
    if not layout.get("lead"):
        return []
    best = None
    for flip in range(3 + EXTRA_VARIANTS):
        if flip >= 3 and best[0][0] == 0:
            break  # the usual side choices already give a clean layout
        probe = _tree_at_unit(layout, 1.0, flip)
        box = bounds(probe)
        score = (count_overlaps(probe), (box[2] - box[0]) * (box[3] - box[1]))
        if best is None or score < best[0]:
            best = (score, flip, probe)
    flip, probe = best[1], best[2]
    box = bounds(probe)
    bw = max(box[2] - box[0], 1.0)
    bh = max(box[3] - box[1], 1.0)
    unit = min(MAX_UNIT, (width - 2 * margin) / bw, (height - 2 * margin) / bh)
    if unit < MIN_UNIT:
        unit = MIN_UNIT
    placed = _tree_at_unit(layout, unit, flip)
    return _center(placed, width, height)


def layout_trains(layout, width, height, margin=8.0, label_w=58.0):
    """Place Mexican Train rows: the engine double, then one row per train.

    Returns (tiles, rows): `rows` holds for each train `{"id", "owner", "marker", "x", "y",
    "hidden"}`, where the UI writes its label and draws the marker. Tiles stay at least
    TRAIN_MIN_UNIT pixels wide so their pips remain countable; a train too long for the
    canvas shows its newest tiles (the open end), and `hidden` says how many older ones are
    left out.
    """
    trains = layout.get("trains", [])
    engine = layout.get("engine")
    count = len(trains)
    longest = 0
    for train in trains:
        total = 0
        for pair in train.get("tiles", []):
            total += 0.75 if pair[0] == pair[1] else 2
        if total > longest:
            longest = total
    unit = MAX_UNIT * 0.8
    while unit > TRAIN_MIN_UNIT and ((longest + 3) * unit + label_w > width - 2 * margin
                                     or count * 1.6 * unit > height - 2 * margin):
        unit -= 1.0
    pitch = 1.6 * unit if count else unit
    top = max(margin, (height - count * pitch) / 2.0)
    placed = []
    rows = []
    engine_x = margin + label_w
    start_x = engine_x + 1.4 * unit
    room = width - margin - start_x
    if engine is not None:
        placed.append({"x": engine_x, "y": top, "w": unit,
                       "h": max(2 * unit, count * pitch - 0.6 * unit),
                       "a": engine, "b": engine, "vertical": True, "engine": True})
    for r in range(count):
        train = trains[r]
        y = top + r * pitch
        tiles = train.get("tiles", [])
        # Keep the newest tiles that fit.
        used = 0.0
        first = len(tiles)
        while first > 0:
            pair = tiles[first - 1]
            length = 0.75 * unit if pair[0] == pair[1] else 2 * unit
            if used + length > room - (unit if first < len(tiles) else 0):
                break
            used += length
            first -= 1
        rows.append({"id": train.get("id"), "owner": train.get("owner"),
                     "marker": bool(train.get("marker")), "x": margin, "y": y + unit / 2.0,
                     "hidden": first})
        pos = start_x
        for i in range(first, len(tiles)):
            a, b = tiles[i][0], tiles[i][1]
            if a == b:
                placed.append({"x": pos, "y": y - unit * 0.25, "w": unit * 0.75,
                               "h": unit * 1.5, "a": a, "b": b, "vertical": True})
                pos += unit * 0.75
            else:
                placed.append({"x": pos, "y": y, "w": 2 * unit, "h": unit, "a": a, "b": b,
                               "vertical": False})
                pos += 2 * unit
    return placed, rows


def layout(layout_json, width, height):
    """Dispatch on the layout kind; returns (tiles, train_rows)."""
    if not layout_json:
        return [], []
    kind = layout_json.get("kind")
    if kind == "line":
        return layout_line(layout_json.get("tiles", []), width, height), []
    if kind == "tree":
        return layout_tree(layout_json, width, height), []
    if kind == "trains":
        return layout_trains(layout_json, width, height)
    return [], []


# Pip positions on a 3x3 grid (column, row), for the faces 0..12 (double-twelve sets).
PIP_GRID = {
    0: [],
    1: [(1, 1)],
    2: [(0, 0), (2, 2)],
    3: [(0, 0), (1, 1), (2, 2)],
    4: [(0, 0), (2, 0), (0, 2), (2, 2)],
    5: [(0, 0), (2, 0), (1, 1), (0, 2), (2, 2)],
    6: [(0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2)],
}


def pip_points(value):
    """Pip centres for a face value as fractions (0..1) of the half's box.

    Faces up to 6 use the usual patterns; 7..12 use a 3x4 grid filled row by row, so every
    value of a double-twelve set is distinct and countable.
    """
    if value in PIP_GRID:
        out = []
        for c, r in PIP_GRID[value]:
            out.append((0.22 + 0.28 * c, 0.22 + 0.28 * r))
        return out
    out = []
    cols = 3
    rows = (value + cols - 1) // cols
    for i in range(value):
        c = i % cols
        r = i // cols
        out.append((0.2 + 0.3 * c, 0.14 + (0.72 / max(1, rows - 1)) * r if rows > 1 else 0.5))
    return out


def bounds(placed):
    """The bounding box (x0, y0, x1, y1) of placed tiles, or None when there are none."""
    if not placed:
        return None
    x0 = y0 = 1e9
    x1 = y1 = -1e9
    for p in placed:
        x0 = min(x0, p["x"])
        y0 = min(y0, p["y"])
        x1 = max(x1, p["x"] + p["w"])
        y1 = max(y1, p["y"] + p["h"])
    return (x0, y0, x1, y1)
