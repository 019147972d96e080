"""The rectangles and sizes every table layout shares (web/page/geometry.py's parts).

Pure computation, as geometry.py: no imports, no classes beyond plain dicts and lists, no
recursion, nothing that depends on the order of a dict. Units: CSS pixels of the canvas;
`unit` is the size of a half tile (a tile is 2 x 1 units); a rect is {x, y, w, h}.
"""

MAX_UNIT = 44.0
MIN_UNIT = 6.0          # the absolute floor (a fixed canvas that cannot scroll)
LINE_MIN_UNIT = 16.0    # lines and trees: pips of a double-six set still countable
TRAIN_MIN_UNIT = 28.0   # Mexican Train: up to 12 pips a half ("at least 28 px on a phone")
FIT_MIN_UNIT = 20.0     # a table zoomed out to a tile's far-apart targets: tiles 40 px (W-100)
TRAIN_MAX_UNIT = 60.0   # Mexican Train on a big table: tiles up to 120 px (W-132)
UNIT_STEP = 2.0         # sizes come in steps, so that a new tile rarely rescales everything
MARGIN = 8.0
HIT = 44.0              # smallest side of a tap target where there is room

WORDS = {"L": "left", "R": "right", "U": "up", "D": "down"}
OPPOSITE = {"L": "R", "R": "L", "U": "D", "D": "U"}



def tile_key(a, b):
    """A tile's identity on the table: its canonical notation, high half first ("6-4")."""
    return str(a) + "-" + str(b) if a >= b else str(b) + "-" + str(a)


def hits(tile, placed):
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
            if hits(placed[i], [placed[j]]):
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


def unit_levels(umin, umax):
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


def level_down(u, levels):
    """The largest level not above `u`, or None when `u` is below them all."""
    for lvl in levels:
        if lvl <= u + 0.001:
            return lvl
    return None


def first_fit(levels, fits):
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


def anchor_at(lo, hi, size, margin):
    """Where the table's fixed point (at 0, its extent lo..hi around it) goes along a side of
    `size`: the middle, moved as little as needed to keep everything inside the margins; at
    the top (left) margin when it does not fit."""
    c = size / 2.0
    if c + hi > size - margin:
        c = size - margin - hi
    if c + lo < margin:
        c = margin - lo
    return c


def rect_of(x, y, w, h):
    return {"x": x, "y": y, "w": w, "h": h}


def truncate(items, size):
    """Drop the items after the first `size` (plain pops: MicroPython-safe)."""
    while len(items) > size:
        items.pop()
