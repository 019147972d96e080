"""A spinner tree's layout (web/page/geometry.py's part for the `tree` kind).

The `L`/`R` arms are drawn as a row through the lead, cross arms across their spinner; on a
narrow table an arm that reaches the edge turns along it. Several variants (which side of its
spinner each cross arm takes, which way an arm bends first) are laid at unit 1 and the best
one scaled; the search's outcome is remembered. Pure computation, as geometry.py.
"""

from boxes import (bounds, count_overlaps, first_fit, hits, level_down, MIN_UNIT, rect_of,
                   truncate, unit_levels)


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
                                      and not hits(cands[k][0], placed)):
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
    truncate(placed, base)
    state = (point, direction, previous)
    for pair in pairs:
        options = _candidates(pair, state[0], state[1], state[2], unit)
        pick = None
        for other in options:
            if _inside(other[0], box) and not hits(other[0], placed):
                pick = other
                break
        if pick is None:
            for other in options:
                if not hits(other[0], placed):
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
        if _inside(c[0], box) and not hits(c[0], placed):
            return c[0], c[2], 2
    direction = state[1]
    px, py = state[0]
    if direction == "R":
        stub = rect_of(px, py - 0.5, 1.0, 1.0)
    elif direction == "L":
        stub = rect_of(px - 1.0, py - 0.5, 1.0, 1.0)
    elif direction == "D":
        stub = rect_of(px - 0.5, py, 1.0, 1.0)
    else:
        stub = rect_of(px - 0.5, py - 1.0, 1.0, 1.0)
    if _inside(stub, box) and not hits(stub, placed):
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
    return rect_of(x, y, w, h), direction, 0


def _lay_cross_arm(arm, arm_no, flip, lead_tile, placed, arm_rects, arm_dir,
                   seen_parents, box):
    """Lay a cross arm across its spinner (the lead, or the tile `arm["parent"]` names)
    on the side `flip` gives it, else on the other where only that one is clean. Notes
    the side taken in `seen_parents` and the arm's direction in `arm_dir`; returns what
    `_lay_arm` returns."""
    arm_id = arm["id"]
    parent = arm.get("parent")
    pairs = arm.get("tiles") or []
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
        truncate(placed, base)
    if not clean and len(order) > 1:
        truncate(placed, len(placed) - len(rects))
        k = order[0]
        rects, clean, state = _lay_arm(pairs, sides[k][1], sides[k][0], spinner,
                                       placed, 1.0, _bends(flip, arm_no), box)
    seen_parents[key] = used + [k]
    arm_dir[arm_id] = sides[k][0]
    return rects, clean, state


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
            rects, clean, state = _lay_cross_arm(arm, arm_no, flip, lead_tile, placed,
                                                 arm_rects, arm_dir, seen_parents, box)
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


def table_tree(layout, ends, width, height, margin, umin, umax):
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
    truncate(_TREE_MEMO, TREE_MEMO_SIZE)
    return _tree_result(v, ends, centred)


def _natural_cross(layout, ends_map, room_w, room_h, umax, levels):
    """The best unbounded variant (arms never turn at an edge), at the largest level that
    fits the room: the usual side choices, then extra ones only while every variant so far
    overlaps."""
    best = None
    for flip in range(3 + EXTRA_VARIANTS):
        if best is not None and best[0][0] == 0 and (best[0][1] == 0 or flip >= 3):
            break  # the first variant that is clean with room at every end (stable)
        v = _tree_variant(layout, ends_map, flip, None)
        fit = min(umax, room_w / v["bw"], room_h / v["bh"])
        lvl = level_down(fit, levels)
        v["unit"] = lvl if lvl is not None else fit
        score = (v["overlaps"], v["blocked"], -v["unit"], flip)
        if best is None or score < best[0]:
            best = (score, v)
    return best[1]


def _tree_search(layout, ends_map, width, height, margin, umin, umax):
    """The tree variant to draw and whether the lead is held at the middle (arms turning
    at the edges): the natural cross when it is readable, else arms turning."""
    room_w = width - 2.0 * margin
    room_h = height - 2.0 * margin
    levels = unit_levels(umin, umax)
    # 1. The natural cross, scaled to fit.
    natural = _natural_cross(layout, ends_map, room_w, room_h, umax, levels)
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
            u = candidates[first_fit(candidates, fits)]
            if fits(u):
                return bounded(u, 3), True
        return natural, False
    u = candidates[first_fit(candidates, fits)]
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
        by_id[end_id] = (rect_of(rect["x"] * u, rect["y"] * u, rect["w"] * u, rect["h"] * u),
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
