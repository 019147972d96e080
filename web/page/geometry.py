"""Table geometry: where each tile of the layout is drawn, where its open ends are, how big.

Pure computation, shared by the MicroPython UI and pytest (CPython): no imports, no classes
beyond plain dicts and lists, no recursion, nothing that depends on the order of a dict.

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

MAX_UNIT = 44.0
MIN_UNIT = 6.0          # the absolute floor (a fixed canvas that cannot scroll)
LINE_MIN_UNIT = 16.0    # lines and trees: pips of a double-six set still countable
TRAIN_MIN_UNIT = 28.0   # Mexican Train: up to 12 pips a half ("at least 28 px on a phone")
UNIT_STEP = 2.0         # sizes come in steps, so that a new tile rarely rescales everything
MARGIN = 8.0
HIT = 44.0              # smallest side of a tap target where there is room

WORDS = {"L": "left", "R": "right", "U": "up", "D": "down"}
OPPOSITE = {"L": "R", "R": "L", "U": "D", "D": "U"}


# --------------------------------------------------------------------------- helpers


def tile_key(a, b):
    """A tile's identity on the table: its canonical notation, high half first ("6-4")."""
    return str(a) + "-" + str(b) if a >= b else str(b) + "-" + str(a)


def _hits(tile, placed):
    """True when `tile` overlaps (more than touches) any placed tile."""
    eps = 0.01
    x0 = tile["x"] + eps
    y0 = tile["y"] + eps
    x1 = tile["x"] + tile["w"] - eps
    y1 = tile["y"] + tile["h"] - eps
    for q in placed:
        if x0 < q["x"] + q["w"] and q["x"] < x1 and y0 < q["y"] + q["h"] and q["y"] < y1:
            return True
    return False


def count_overlaps(placed):
    """How many pairs of placed tiles overlap (touching does not count)."""
    total = 0
    for i in range(len(placed)):
        for j in range(i + 1, len(placed)):
            if _hits(placed[i], [placed[j]]):
                total += 1
    return total


def bounds(placed):
    """The bounding box (x0, y0, x1, y1) of placed tiles, or None when there are none."""
    if not placed:
        return None
    x0 = y0 = 1e9
    x1 = y1 = -1e9
    for p in placed:
        if p["x"] < x0:
            x0 = p["x"]
        if p["y"] < y0:
            y0 = p["y"]
        if p["x"] + p["w"] > x1:
            x1 = p["x"] + p["w"]
        if p["y"] + p["h"] > y1:
            y1 = p["y"] + p["h"]
    return (x0, y0, x1, y1)


def _levels(umin, umax):
    """The tile sizes tried, largest first: umax, then steps of UNIT_STEP, then umin."""
    out = [umax]
    u = int(umax / UNIT_STEP) * UNIT_STEP
    if u >= umax - 0.001:
        u -= UNIT_STEP
    while u > umin + 0.001:
        out.append(u)
        u -= UNIT_STEP
    if umin < umax - 0.001:
        out.append(umin)
    return out


def _level_down(u, levels):
    """The largest level not above `u`, or None when `u` is below them all."""
    for lvl in levels:
        if lvl <= u + 0.001:
            return lvl
    return None


def _first_fit(levels, fits):
    """The first (largest) level at which `fits(level)` holds, assuming that once a level
    fits every smaller one does: a binary search. The last level when none fits."""
    lo = 0
    hi = len(levels) - 1
    while lo < hi:
        mid = (lo + hi) // 2
        if fits(levels[mid]):
            hi = mid
        else:
            lo = mid + 1
    return lo


def _anchor_at(lo, hi, size, margin):
    """Where the table's fixed point (at 0, its extent lo..hi around it) goes along a side of
    `size`: the middle, moved as little as needed to keep everything inside the margins; at
    the top (left) margin when it does not fit."""
    c = size / 2.0
    if c + hi > size - margin:
        c = size - margin - hi
    if c + lo < margin:
        c = margin - lo
    return c


def _rect(x, y, w, h):
    return {"x": x, "y": y, "w": w, "h": h}


def _view_ends(layout):
    """The open ends (id, value) read from the layout JSON (the view's `ends` are exact)."""
    kind = layout.get("kind")
    out = []
    if kind == "line":
        tiles = layout.get("tiles") or []
        if tiles:
            out = [("L", tiles[0][0]), ("R", tiles[-1][1])]
    elif kind == "tree":
        lead = layout.get("lead")
        if not lead:
            return []
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
    elif kind == "trains":
        engine = layout.get("engine")
        for train in layout.get("trains") or []:
            tiles = train.get("tiles") or []
            out.append((train.get("id"), tiles[-1][1] if tiles else engine))
    return out


# --------------------------------------------------------------------------- lines


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


def _table_line(layout, ends, width, height, margin, umin, umax, anchor):
    tiles = layout.get("tiles") or []
    if not tiles:
        return None
    if anchor is None or not 0 <= anchor < len(tiles):
        anchor = (len(tiles) - 1) // 2
    half = (width - 2.0 * margin) / 2.0
    room = height - 2.0 * margin
    levels = _levels(umin, umax)
    done = {}

    def attempt(u):
        placed, slots = _line_place(tiles, anchor, u, half)
        every = placed + [slots["L"][0], slots["R"][0]]
        box = bounds(every)
        done[u] = (placed, slots, box)
        return box[3] - box[1] <= room + 0.01

    u = levels[_first_fit(levels, attempt)]
    if u not in done:
        attempt(u)
    placed, slots, box = done[u]
    found = []
    for end_id, value in ends:
        if end_id in slots:
            rect, direction, index = slots[end_id]
            found.append((end_id, value, rect, direction, index, True))
    return {"unit": u, "placed": placed, "slots": found, "box": box}


# --------------------------------------------------------------------------- trees


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


def _inside(tile, box):
    """True when `tile` lies within `box` (x0, y0, x1, y1); always true without a box."""
    if box is None:
        return True
    return (tile["x"] >= box[0] - 0.01 and tile["y"] >= box[1] - 0.01
            and tile["x"] + tile["w"] <= box[2] + 0.01 and tile["y"] + tile["h"] <= box[3] + 0.01)


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


# Extra side choices tried when the usual ones overlap (few layouts need them).
EXTRA_VARIANTS = 60
BOUNDED_EXTRA = 8    # the same at the smallest size with arms turning at the edges
ARM_BUDGET = 400  # candidate placements tried per arm before giving up on a clean layout


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


def _truncate(items, size):
    """Drop the items after the first `size` (plain pops: MicroPython-safe)."""
    while len(items) > size:
        items.pop()


def _lay_arm(pairs, point, direction, previous, placed, unit, order, box):
    """Lay one arm's tiles (appended to `placed`), each straight on where it fits, else bent.

    A tile fits where it overlaps nothing placed and stays inside `box` (None: anywhere).
    When a tile fits nowhere, the arm backs up and bends an earlier tile the other way (a
    depth-first search without recursion, bounded by ARM_BUDGET); if that finds nothing, the
    greedy placement is kept even though it does not fit. Returns (the arm's tiles, whether
    they fit, the state after the last tile: (end point, direction, last tile)).
    """
    n = len(pairs)
    if n == 0:
        return [], True, (point, direction, previous)
    base = len(placed)
    # stack[i]: (candidates of tile i, index of the one in use, state before tile i)
    stack = []
    state = (point, direction, previous)
    budget = ARM_BUDGET
    i = 0
    pending = None
    while i < n:
        if pending is None:
            pending = (_candidates(pairs[i], state[0], state[1], state[2], unit, order), 0,
                       state)
        cands, k, before = pending
        # The next candidate that fits (checked only when reached: straight on usually does).
        while k < len(cands) and not (_inside(cands[k][0], box)
                                      and not _hits(cands[k][0], placed)):
            k += 1
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
        return placed[base:], True, state
    # No clean layout: the greedy one (straight, else the first bend that fits, else the
    # first that stays inside, else straight).
    _truncate(placed, base)
    state = (point, direction, previous)
    for pair in pairs:
        options = _candidates(pair, state[0], state[1], state[2], unit)
        pick = None
        for other in options:
            if _inside(other[0], box) and not _hits(other[0], placed):
                pick = other
                break
        if pick is None:
            for other in options:
                if not _hits(other[0], placed):
                    pick = other
                    break
        if pick is None:
            pick = options[0]
        tile, end, turn = pick
        tile["dir"] = turn
        placed.append(tile)
        state = (end, turn, tile)
    return placed[base:], False, state


def _slot_at(state, value, placed, box):
    """Where a (non-double) tile played on an arm whose tip is `state` would go.

    Returns (rect, direction letter, quality): quality 2 for the first of its candidates
    (straight on, else bent) that is free and inside the box; 1 when only a stub of one unit
    straight on is free (the table has less room there than a tile needs); 0 when nothing is:
    the rect is then the tip itself (the half of the last tile, or of the spinner, at the
    arm's end)."""
    cands = _candidates((value, -1), state[0], state[1], state[2], 1.0)
    for c in cands:
        if _inside(c[0], box) and not _hits(c[0], placed):
            return c[0], c[2], 2
    direction = state[1]
    px, py = state[0]
    if direction == "R":
        stub = _rect(px, py - 0.5, 1.0, 1.0)
    elif direction == "L":
        stub = _rect(px - 1.0, py - 0.5, 1.0, 1.0)
    elif direction == "D":
        stub = _rect(px - 0.5, py, 1.0, 1.0)
    else:
        stub = _rect(px - 0.5, py - 1.0, 1.0, 1.0)
    if _inside(stub, box) and not _hits(stub, placed):
        return stub, direction, 1
    tip = state[2]
    x, y, w, h = tip["x"], tip["y"], tip["w"], tip["h"]
    if direction == "R" and w > 1.0:
        x, w = x + w - 1.0, 1.0
    elif direction == "L" and w > 1.0:
        w = 1.0
    elif direction == "D" and h > 1.0:
        y, h = y + h - 1.0, 1.0
    elif direction == "U" and h > 1.0:
        h = 1.0
    return _rect(x, y, w, h), direction, 0


def _tree_place(layout, ends_map, flip, box):
    """Lay a spinner tree out at unit 1 around the centre of its lead (at (0, 0)).

    Arms grow from the lead (`L` left, `R` right); cross arms grow from their spinner across
    its arm (`N`/first up, `S`/second down on a horizontal arm; left and right on a vertical
    one). Doubles lie across their arm. Once every tile lies, each open end (`ends_map`:
    id -> value) gets a slot, clear of the tiles and of the slots before it. `flip` 1 swaps
    the sides of the cross arms of later spinners (`X..`), 2 of every cross arm, 3 and more a
    pseudo-random choice of them. `box` bounds every tile (None: unbounded).

    Returns (tiles, slots, clean, blocked): tiles in arm order (the lead first), slots as
    (end id, rect, direction letter, neighbour tile, free), clean when no tile overlaps
    another or leaves the box, blocked how short of room the slots are (1 for a stub, 2 for none).
    """
    lead = layout["lead"]
    if lead[0] == lead[1]:
        lead_tile = {"x": -0.5, "y": -1.0, "w": 1.0, "h": 2.0, "vertical": True}
    else:
        lead_tile = {"x": -1.0, "y": -0.5, "w": 2.0, "h": 1.0, "vertical": False}
    lead_tile["a"], lead_tile["b"] = lead[0], lead[1]
    # Tiles and reserved slots together: every arm keeps clear of both.
    placed = [lead_tile]
    slots = []
    clean_all = True
    blocked = 0
    arm_dir = {}
    arm_rects = {}
    seen_parents = {}
    arm_no = -1
    later = []
    for arm in layout.get("arms") or []:
        arm_no += 1
        arm_id = arm["id"]
        parent = arm.get("parent")
        pairs = arm.get("tiles") or []
        if arm_id in ("L", "R") and not parent:
            if arm_id == "L":
                direction, point = "L", (lead_tile["x"], 0.0)
            else:
                direction, point = "R", (lead_tile["x"] + lead_tile["w"], 0.0)
            rects, clean, state = _lay_arm(pairs, point, direction, lead_tile, placed, 1.0,
                                           _bends(flip, arm_no), box)
            arm_dir[arm_id] = direction
        else:
            spinner = lead_tile
            if parent:
                host_id, index = parent[0], parent[1]
                host = arm_rects.get(host_id) or []
                spinner = host[index] if 0 <= index < len(host) else lead_tile
                host_dir = spinner.get("dir", arm_dir.get(host_id, "R"))
            else:
                host_id, host_dir = "lead", "R"
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
            free = [k for k in order if k not in used]
            order = free or order
            # The arm takes its usual side of the spinner unless it only fits on the other.
            k = order[0]
            for k in order:
                base = len(placed)
                rects, clean, state = _lay_arm(pairs, sides[k][1], sides[k][0], spinner,
                                               placed, 1.0, _bends(flip, arm_no), box)
                if clean or k == order[-1]:
                    break
                _truncate(placed, base)
            if not clean and len(order) > 1:
                _truncate(placed, len(placed) - len(rects))
                k = order[0]
                rects, clean, state = _lay_arm(pairs, sides[k][1], sides[k][0], spinner,
                                               placed, 1.0, _bends(flip, arm_no), box)
            seen_parents[key] = used + [k]
            arm_dir[arm_id] = sides[k][0]
        arm_rects[arm_id] = rects
        if not clean:
            clean_all = False
        if arm_id in ends_map:
            later.append((arm_id, state))
    # The slots of the open ends, once every tile lies (in the order of the arms).
    tiles = placed[:]
    for arm_id, state in later:
        rect, turn, quality = _slot_at(state, ends_map[arm_id], placed, box)
        blocked += 2 - quality
        if quality:
            placed.append(rect)
        slots.append((arm_id, rect, turn, state[2], quality > 0))
    return tiles, slots, clean_all, blocked


def _tree_variant(layout, ends_map, flip, box):
    """One tree variant and its score (smaller is better)."""
    tiles, slots, clean, blocked = _tree_place(layout, ends_map, flip, box)
    every = tiles + [s[1] for s in slots]
    bx = bounds(every)
    bw = max(bx[2] - bx[0], 1.0)
    bh = max(bx[3] - bx[1], 1.0)
    overlaps = 0 if clean else max(1, count_overlaps(tiles))
    return {"tiles": tiles, "slots": slots, "clean": clean, "blocked": blocked, "box": bx,
            "bw": bw, "bh": bh, "overlaps": overlaps, "flip": flip}


# The last trees laid out: (key, (flip, half width of the bounds or None, unit, centred)).
# The search for the best variant is the one costly step of `table`; the page asks for the
# same table again and again (every render, a drag starting, animations), so its outcome
# is kept and the variant it chose is laid again at once (the same answer, computed anew).
_TREE_MEMO = []
TREE_MEMO_SIZE = 6


def _tree_key(layout, ends, width, height, margin, umin, umax):
    parts = [str(layout.get("lead")), str(width), str(height), str(margin), str(umin),
             str(umax), str(ends)]
    for arm in layout.get("arms") or []:
        parts.append(str(arm.get("id")) + str(arm.get("parent")) + str(arm.get("tiles")))
    return "|".join(parts)


def _table_tree(layout, ends, width, height, margin, umin, umax):
    if not layout.get("lead"):
        return None
    ends_map = {}
    for end_id, value in ends:
        ends_map[end_id] = value
    key = _tree_key(layout, ends, width, height, margin, umin, umax)
    for k, decision in _TREE_MEMO:
        if k == key:
            flip, half, unit, centred = decision
            box = None if half is None else (-half, -1e9, half, 1e9)
            v = _tree_variant(layout, ends_map, flip, box)
            v["unit"] = unit
            return _tree_result(v, ends, centred)
    v, centred = _tree_search(layout, ends_map, width, height, margin, umin, umax)
    _TREE_MEMO.insert(0, (key, (v["flip"], v.get("half"), v["unit"], centred)))
    _truncate(_TREE_MEMO, TREE_MEMO_SIZE)
    return _tree_result(v, ends, centred)


def _tree_search(layout, ends_map, width, height, margin, umin, umax):
    """The tree variant to draw and whether the lead is held at the middle (arms turning
    at the edges): the natural cross when it is readable, else arms turning."""
    room_w = width - 2.0 * margin
    room_h = height - 2.0 * margin
    levels = _levels(umin, umax)
    # 1. The natural cross, scaled to fit: the usual side choices, then extra ones only
    #    while every variant so far overlaps.
    best = None
    for flip in range(3 + EXTRA_VARIANTS):
        if best is not None and best[0][0] == 0 and (best[0][1] == 0 or flip >= 3):
            break  # the first variant that is clean with room at every end (stable)
        v = _tree_variant(layout, ends_map, flip, None)
        fit = min(umax, room_w / v["bw"], room_h / v["bh"])
        lvl = _level_down(fit, levels)
        v["unit"] = lvl if lvl is not None else fit
        score = (v["overlaps"], v["blocked"], -v["unit"], flip)
        if best is None or score < best[0]:
            best = (score, v)
    natural = best[1]
    width_fit = room_w / natural["bw"]
    height_fit = room_h / natural["bh"]
    readable = natural["overlaps"] == 0 and natural["unit"] >= umin - 0.001
    if readable and (natural["unit"] >= umax - 0.001 or height_fit <= width_fit):
        return natural, False
    if natural["overlaps"] == 0 and not readable and width_fit >= umin - 0.001:
        # Too tall even at the smallest size, but not too wide: drawn at that size, taller
        # than the box (turning arms would make it taller still).
        natural["unit"] = umin
        return natural, False
    # 2. The width limits the size: arms turn at the table's edge. The largest size at which
    #    the tree then fits the height, else the smallest (and the table grows taller).
    tried = {}

    def bounded(u, flips):
        half = room_w / (2.0 * u)
        box = (-half, -1e9, half, 1e9)
        found = tried.get(u)
        start = 0 if found is None else found[1]
        best_here = None if found is None else found[0]
        for flip in range(start, flips):
            if best_here is not None and best_here["overlaps"] == 0 \
                    and best_here["bh"] * u <= room_h + 0.01 and best_here["blocked"] == 0:
                break
            v = _tree_variant(layout, ends_map, flip, box)
            v["unit"] = u
            v["half"] = half
            if best_here is None or (v["overlaps"], v["blocked"], v["bh"]) < (
                    best_here["overlaps"], best_here["blocked"], best_here["bh"]):
                best_here = v
        tried[u] = (best_here, max(start, flips))
        return best_here

    # Turning arms must not cost an end its room where the natural cross has it.
    room_for = natural["blocked"] if readable else 1000

    def fits(u):
        v = bounded(u, 3)
        return v["overlaps"] == 0 and v["bh"] * u <= room_h + 0.01 and v["blocked"] <= room_for

    # Turning arms makes a tree no shorter, and its tiles need their area.
    count = len(natural["tiles"]) + len(natural["slots"])
    cap = min(height_fit, (room_w * room_h / (2.0 * count)) ** 0.5)
    candidates = []
    for lvl in levels:
        if readable and lvl <= natural["unit"] + 0.001:
            break
        if lvl <= cap + 0.001 or lvl <= umin + 0.001:
            candidates.append(lvl)
    if readable:
        # Only worth it if it beats the natural size.
        if candidates:
            u = candidates[_first_fit(candidates, fits)]
            if fits(u):
                return bounded(u, 3), True
        return natural, False
    u = candidates[_first_fit(candidates, fits)]
    v = bounded(u, 3)
    if v["overlaps"] > 0:
        v = bounded(u, 3 + BOUNDED_EXTRA)
    if v["overlaps"] > 0 and natural["overlaps"] == 0:
        # Last resort: the natural cross, shrunk below the readable size to fit the width.
        natural["unit"] = max(MIN_UNIT, min(umax, width_fit))
        return natural, False
    return v, True


def _tree_result(v, ends, centred):
    u = v["unit"]
    placed = []
    index_of = {}
    for i in range(len(v["tiles"])):
        t = v["tiles"][i]
        placed.append({"x": t["x"] * u, "y": t["y"] * u, "w": t["w"] * u, "h": t["h"] * u,
                       "a": t["a"], "b": t["b"], "vertical": t["vertical"]})
        index_of[id(t)] = i
    by_id = {}
    for end_id, rect, turn, previous, free in v["slots"]:
        by_id[end_id] = (_rect(rect["x"] * u, rect["y"] * u, rect["w"] * u, rect["h"] * u),
                         turn, index_of.get(id(previous), 0), free)
    found = []
    for end_id, value in ends:
        if end_id in by_id:
            rect, turn, index, free = by_id[end_id]
            found.append((end_id, value, rect, turn, index, free))
    bx = v["box"]
    box = (bx[0] * u, bx[1] * u, bx[2] * u, bx[3] * u)
    if centred:
        box = (min(box[0], -box[2]), box[1], max(box[2], -box[0]), box[3])
    return {"unit": u, "placed": placed, "slots": found, "box": box}


# --------------------------------------------------------------------------- trains


def _train_dims(u, cols, width, margin, label_w):
    """Sizes of the train bands at unit `u` in `cols` columns."""
    col_gap = max(16.0, 0.6 * u)
    col_w = (width - 2.0 * margin - (cols - 1) * col_gap) / cols
    return {"col_gap": col_gap, "col_w": col_w, "room": col_w - label_w,
            "line_gap": 0.2 * u, "band_gap": 0.4 * u, "hub_h": u}


def _band_lines(tiles, u, room):
    """Break a train (plus the slot of its next tile) into lines of at most `room` pixels.

    Returns (positions, doubles): for each item its (line, x offset), and for each line
    whether it holds a double (a double lies across the line, so the line is 2 units tall).
    """
    positions = []
    doubles = [False]
    line = 0
    x = 0.0
    n = len(tiles)
    for i in range(n + 1):
        double = i < n and tiles[i][0] == tiles[i][1]
        length = u if double else 2.0 * u
        if x + length > room + 0.01 and x > 0.01:
            line += 1
            x = 0.0
            doubles.append(False)
        positions.append((line, x))
        if double:
            doubles[line] = True
        x += length
    return positions, doubles


def _trains_at(trains, u, cols, width, margin, label_w, build, spread=(0.0, 0.0)):
    """Lay the bands out at unit `u` in `cols` columns; returns the height needed, or with
    `build` (height, bands) where each band is (train, x, y, positions, line tops, line
    heights, band height, column width). `spread` (added gap, shift down) spends a table's
    spare height: a wider gap below the hub and between bands, the whole block moved down."""
    d = _train_dims(u, cols, width, margin, label_w)
    d["band_gap"] += spread[0]
    per_col = (len(trains) + cols - 1) // cols
    top = margin + spread[1] + d["hub_h"] + d["band_gap"]
    bottom = top
    bands = []
    for c in range(cols):
        y = top
        x = margin + c * (d["col_w"] + d["col_gap"])
        for r in range(c * per_col, min(len(trains), (c + 1) * per_col)):
            train = trains[r]
            positions, doubles = _band_lines(train.get("tiles") or [], u, d["room"])
            tops = []
            heights = []
            h = 0.0
            for k in range(len(doubles)):
                if k:
                    h += d["line_gap"]
                tops.append(y + h)
                heights.append(2.0 * u if doubles[k] else u)
                h += heights[k]
            if build:
                bands.append((train, x, y, positions, tops, heights, h, d["col_w"]))
            y += h + d["band_gap"]
        if y - d["band_gap"] > bottom:
            bottom = y - d["band_gap"]
    needed = bottom + margin
    if build:
        return needed, bands
    return needed


def _table_trains(layout, ends, width, height, margin, umin, umax, label_w, columns):
    trains = layout.get("trains") or []
    engine = layout.get("engine")
    if label_w is None:
        label_w = 56.0 if width < 600 else 76.0
    levels = _levels(umin, umax)
    best = None
    for cols in ((columns,) if columns else (1, 2, 3)):
        if cols > 1 and cols > len(trains) and not columns:
            break
        d = _train_dims(umin, cols, width, margin, label_w)
        if cols > 1 and d["room"] < 8.0 * umin and not columns:
            break  # each column keeps room for four tiles a line at the smallest size

        def fits(u, cols=cols):
            return _trains_at(trains, u, cols, width, margin, label_w, False) <= height + 0.01

        u = levels[_first_fit(levels, fits)]
        need = _trains_at(trains, u, cols, width, margin, label_w, False)
        ok = need <= height + 0.01
        score = (0 if ok else 1, -u if ok else need, cols)
        if best is None or score < best[0]:
            best = (score, u, cols)
    u, cols = best[1], best[2]
    needed = _trains_at(trains, u, cols, width, margin, label_w, False)
    # A table taller than the trains need (a desktop, an early round) spreads them: the bands
    # draw apart, up to half a tile's width each, and the block sits in the middle, instead
    # of packing into the top with the rest of the table empty.
    spare = height - needed
    rows = (len(trains) + cols - 1) // cols
    gap = min(0.5 * u, spare / (rows + 1)) if spare > 0 and rows else 0.0
    shift = (spare - gap * rows) / 2.0 if spare > 0 else 0.0
    _, bands = _trains_at(trains, u, cols, width, margin, label_w, True, (gap, shift))
    placed = []
    hub_x = margin + label_w
    placed.append({"x": hub_x, "y": margin + shift, "w": 2.0 * u, "h": u, "a": engine,
                   "b": engine, "vertical": False, "engine": True})
    by_id = {}
    labels = []
    mark = min(0.5 * u, 18.0)
    for train, x, y, positions, tops, heights, band_h, col_w in bands:
        tiles = train.get("tiles") or []
        x0 = x + label_w
        last = None
        for i in range(len(tiles) + 1):
            line, off = positions[i]
            cy = tops[line] + heights[line] / 2.0
            if i < len(tiles):
                a, b = tiles[i][0], tiles[i][1]
                if a == b:
                    placed.append({"x": x0 + off, "y": cy - u, "w": u, "h": 2.0 * u,
                                   "a": a, "b": b, "vertical": True})
                else:
                    placed.append({"x": x0 + off, "y": cy - u / 2.0, "w": 2.0 * u, "h": u,
                                   "a": a, "b": b, "vertical": False})
                last = (len(placed) - 1, line)
            else:
                rect = _rect(x0 + off, cy - u / 2.0, 2.0 * u, u)
                if last is None:
                    by_id[train.get("id")] = (rect, "R", None)
                else:
                    by_id[train.get("id")] = (rect, "R" if last[1] == line else "D", last[0])
        gap = 6.0
        first_h = heights[0]
        labels.append({
            "id": train.get("id"), "owner": train.get("owner"),
            "marker": bool(train.get("marker")),
            # The Mexican train (no owner) is always open and never carries a marker: its
            # label takes the marker's room too.
            "x": x, "y": y, "h": first_h,
            "w": label_w - gap - 2.0 - (0.0 if train.get("owner") is None else mark),
            "marker_box": None if train.get("owner") is None else
            _rect(x + label_w - gap - mark, y + first_h / 2.0 - mark / 2.0, mark, mark),
            "band": _rect(x, y, col_w, band_h)})
    found = []
    for end_id, value in ends:
        if end_id in by_id:
            rect, turn, index = by_id[end_id]
            found.append((end_id, value, rect, turn, index, True))
    return {"unit": u, "placed": placed, "slots": found, "labels": labels, "needed": needed,
            "columns": cols}


# --------------------------------------------------------------------------- the table


def _separate(ends):
    """Shrink the hit rects of ends until no two overlap: each pair is cut between their
    slots, along the axis on which the slots lie furthest apart."""
    for i in range(len(ends)):
        for j in range(i + 1, len(ends)):
            p, q = ends[i], ends[j]
            hp, hq = p["hit"], q["hit"]
            if not _hits(hp, [hq]):
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
      TRAIN_MIN_UNIT, and MAX_UNIT); `margin` (MARGIN); `label_w`: the width of a train's
      label column (default 56 px below 600 px of width, else 76 px); `columns`: the
      number of columns of train bands (default: 1, 2 or 3, whichever fits best).

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
    - `labels` (trains): [{id, owner, marker, x, y, w, h, marker_box, band}]: the rect where
      the owner's name goes, the square for the marker, the band of the train;
    - `columns`: the number of columns of train bands.
    Every call builds new dicts: the caller may keep or change them.
    """
    options = options or {}
    margin = float(options.get("margin", MARGIN))
    width = float(width)
    height = float(height)
    if not layout_json:
        return _empty(None, width, height)
    kind = layout_json.get("kind")
    ends = options.get("ends")
    if ends is None:
        ends = _view_ends(layout_json)
    umax = float(options.get("max_unit", MAX_UNIT))
    default_min = TRAIN_MIN_UNIT if kind == "trains" else LINE_MIN_UNIT
    umin = min(umax, float(options.get("min_unit", default_min)))
    if kind == "line":
        res = _table_line(layout_json, ends, width, height, margin, umin, umax,
                          options.get("anchor"))
    elif kind == "tree":
        res = _table_tree(layout_json, ends, width, height, margin, umin, umax)
    elif kind == "trains":
        res = _table_trains(layout_json, ends, width, height, margin, umin, umax,
                            options.get("label_w"), options.get("columns"))
    else:
        res = None
    if res is None:
        return _empty(kind, width, height)
    if kind == "trains":
        dx = dy = 0.0
        needed = res["needed"]
    else:
        box = res["box"]
        dx = _anchor_at(box[0], box[2], width, margin)
        dy = _anchor_at(box[1], box[3], height, margin)
        needed = box[3] - box[1] + 2.0 * margin
    canvas_h = max(height, needed)
    tiles = []
    for p in res["placed"]:
        tiles.append({"x": p["x"] + dx, "y": p["y"] + dy, "w": p["w"], "h": p["h"],
                      "a": p["a"], "b": p["b"], "vertical": p["vertical"],
                      "key": tile_key(p["a"], p["b"]), "end": False,
                      "engine": bool(p.get("engine"))})
    out_ends = []
    for end_id, value, rect, turn, index, free in res["slots"]:
        x, y, w, h = rect["x"] + dx, rect["y"] + dy, rect["w"], rect["h"]
        hw = max(HIT, w)
        hh = max(HIT, h)
        hx = max(0.0, x + w / 2.0 - hw / 2.0)
        hy = max(0.0, y + h / 2.0 - hh / 2.0)
        hit = _rect(hx, hy, max(0.0, min(width, x + w / 2.0 + hw / 2.0) - hx),
                    max(0.0, min(canvas_h, y + h / 2.0 + hh / 2.0) - hy))
        if index is not None and 0 <= index < len(tiles):
            tiles[index]["end"] = True
        out_ends.append({"id": end_id, "value": value, "x": x, "y": y, "w": w, "h": h,
                         "vertical": h > w, "dir": WORDS[turn], "tile": index, "hit": hit,
                         "blocked": not free})
    _separate(out_ends)
    labels = res.get("labels") or []
    return {"kind": kind, "unit": res["unit"], "width": width, "height": canvas_h,
            "needed": needed, "fits": needed <= height + 0.01, "tiles": tiles,
            "ends": out_ends, "labels": labels, "columns": res.get("columns", 1)}


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


def view_table(view, width, height):
    """`table` for a seat's view (or a review's position): its layout, its open ends, and a
    line held still at its lead (`line_anchor`). The game's table and the review's draw
    through this one call, so both place the same position alike."""
    layout = view.get("layout")
    options = {"ends": view.get("ends")}
    if layout and layout.get("kind") == "line":
        options["anchor"] = line_anchor(view)
    return table(layout, width, height, options)


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
    if not layout_json:
        return [], []
    kind = layout_json.get("kind")
    if kind == "line":
        return layout_line(layout_json.get("tiles") or [], width, height), []
    if kind == "tree":
        return layout_tree(layout_json, width, height), []
    if kind == "trains":
        return layout_trains(layout_json, width, height)
    return [], []


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
