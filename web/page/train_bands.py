"""Mexican Train's layout (web/page/geometry.py's part for the `trains` kind).

The engine (hub) double on top, then one band per train: a label slot (owner, marker) and the
train's tiles in lines that wrap within the band; bands in one to three columns. Pure
computation, as geometry.py.
"""

from boxes import (FIT_MIN_UNIT, HIT, MAX_UNIT, TRAIN_MAX_UNIT, TRAIN_MIN_UNIT, first_fit,
                   rect_of, unit_levels)


def _train_dims(u, cols, width, margin, label_w):
    """Sizes of the train bands at unit `u` in `cols` columns."""
    col_gap = max(16.0, 0.6 * u)
    col_w = (width - 2.0 * margin - (cols - 1) * col_gap) / cols
    return {"col_gap": col_gap, "col_w": col_w, "room": col_w - label_w,
            "line_gap": 0.2 * u, "band_gap": 0.4 * u, "hub_h": u}


def _band_lines(tiles, u, room, lead=0.0, start=0):
    """Break a train (plus the slot of its next tile) into lines of at most `room` pixels.

    `start`: the index of the first tile drawn (the earlier ones are folded behind a chip
    that takes `lead` px at the start of the first line, W-113). Returns (positions,
    doubles): for each item from `start` on its (line, x offset), and for each line whether
    it holds a double (a double lies across the line, so the line is 2 units tall).
    """
    positions = []
    doubles = [False]
    line = 0
    x = lead
    n = len(tiles)
    for i in range(start, n + 1):
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


# A chip is a tap target: at least this many CSS px a side (WCAG 2.2's target size, W-117).
CHIP_PX = 24.0


def chip_width(u):
    """The room (px) a folded train's "+n" chip takes at the start of its band's first line
    at unit `u`: the chip (room for "+24" in a 12 px font, at least CHIP_PX) and 4 px
    before the first tile shown."""
    return max(CHIP_PX + 6.0, 1.2 * u)


def chip_rect(x0, top, line_h, u):
    """The chip's rect at the start of a band's first line (left `x0`, top `top`, `line_h`
    px tall): at least CHIP_PX a side, centred on the line; where the line is shorter
    (tiles under 48 px) it reaches (CHIP_PX - line_h) / 2 px into the gaps around the line,
    which `_trains_at` keeps at least that wide, so it never touches a tile, a label or
    another chip."""
    h = max(CHIP_PX, u)
    return rect_of(x0, top + line_h / 2.0 - h / 2.0, max(CHIP_PX, chip_width(u) - 4.0), h)


def new_fold(lines, whole, memo, flat=False, inline=False, tight=0):
    """How `_trains_at` folds the bands (W-113, W-118): each band at most `lines` lines
    (`more`: {train id: lines} for the trains given one more), the train `whole` never
    folded (its chip tapped, W-114), `memo` {(train id, unit, room, lines, flat, lead): the
    first tile shown} shared by the sizes tried, with `flat` no double before a train's
    last tile stays on its line (a double makes its line two units tall), with `inline`
    the hub lies at the start of the first band's line, not on a row of its own (W-125),
    with `tight` 1 the bands lie as close as a band's own lines and the table's top and
    foot keep TIGHT_MARGIN px (W-130), and with `tight` SNUG each gap between two bands is
    only as wide as the chips on its two lines reach into it (W-150). A dict, not a class:
    the page's MicroPython has no dataclasses."""
    return {"lines": lines, "whole": whole, "more": {}, "memo": memo, "flat": flat,
            "inline": inline, "tight": tight}


# The table's top and foot margin (px) of `new_fold`'s `tight` layout (W-130): a chip under
# 48 px tiles reaches (CHIP_PX - u) / 2 = 2 px above the first line at 40 px tiles.
TIGHT_MARGIN = 4.0
# `new_fold`'s `tight` for the snug layout, the very last before a scroll (W-150): the gap
# between two bands is a fifth of a unit (a band's own lines' gap) where no chip reaches
# into it, and it may go one size under the 40 px floor, to SNUG_MIN_UNIT (tiles 36 px).
SNUG = 2
SNUG_MIN_UNIT = FIT_MIN_UNIT - 2.0


def _reach(chip, line_h, u):
    """How far (px) a band's chip (`chip` True) reaches above and below its first line,
    `line_h` px tall, at unit `u` (`chip_rect`: at least CHIP_PX tall, centred)."""
    return max(0.0, (max(CHIP_PX, u) - line_h) / 2.0) if chip else 0.0


def hub_lead(u):
    """The room (px) the hub takes at the start of the first band's line when it lies
    there (`new_fold`'s `inline`, W-125): the tile and a gap that sets it apart from the
    train that follows it."""
    return 2.0 * u + max(4.0, 0.3 * u)


def _lines_of(tiles, u, room, lead, start):
    """How many lines a train takes drawn from tile `start` on (the chip first when `lead`)."""
    return len(_band_lines(tiles, u, room, lead, start)[1])


def fold_start(tiles, u, room, lines, flat=False, hub=0.0):
    """The index of the first tile a train shows when its band may take at most `lines`
    lines of `room` px at unit `u` (W-113): 0 when the whole train fits them, else the
    earliest tile such that the chip, the tiles from it on and the slot of the next tile
    fit, and never past the last tile (the open end and the tile it grows from stay in
    view). With `flat`, also past any double but the last tile (W-118). `hub`: the room the
    hub takes before the chip on the first line (W-125). A train's line count only grows
    with the tiles shown (greedy breaking is optimal, and adding an item never saves a
    line), so a binary search finds it."""
    n = len(tiles)
    if lines is None or n < 2:
        return 0
    least = 0
    if flat:
        for i in range(n - 1):
            if tiles[i][0] == tiles[i][1]:
                least = i + 1
    if least == 0 and _lines_of(tiles, u, room, hub, 0) <= lines:
        return 0
    lead = hub + chip_width(u)
    lo = max(1, least)
    hi = max(lo, n - 1)
    while lo < hi:
        mid = (lo + hi) // 2
        if _lines_of(tiles, u, room, lead, mid) <= lines:
            hi = mid
        else:
            lo = mid + 1
    return lo


def _trains_at(trains, u, cols, width, margin, label_w, build, spread=(0.0, 0.0), fold=None):
    """Lay the bands out at unit `u` in `cols` columns; returns the height needed, or with
    `build` (height, bands) where each band is (train, x, y, positions, line tops, line
    heights, band height, column width, first tile shown, whether it has a chip). `spread`
    (added gap, shift down) spends a table's spare height: a wider gap below the hub and
    between bands, the whole block moved down. `fold` (`new_fold`), or None: each band takes
    at most that many lines, its older tiles folded behind a chip (`fold_start`, W-113); the
    train shown whole keeps its chip, to fold it again (W-117)."""
    d = _train_dims(u, cols, width, margin, label_w)
    vmargin = margin
    if fold is not None:
        # Folded bands are a line or two each: a narrower gap between them (the spread gives
        # any spare height back) lets one more band, or a band's double, into a phone's table;
        # never narrower than two chips reach into it (`chip_rect`).
        d["band_gap"] = max(0.25 * u, CHIP_PX - u)
        if fold.get("tight"):
            # The last resort before a scroll (W-130): bands as close as a band's lines.
            d["band_gap"] = max(d["line_gap"], CHIP_PX - u)
            vmargin = min(margin, TIGHT_MARGIN)
    snug = fold is not None and fold.get("tight") == SNUG
    if snug:
        # W-150: a line's gap, widened below where two chips reach into it.
        d["band_gap"] = d["line_gap"]
    d["band_gap"] += spread[0]
    # The hub lies over the first column only: the others start at the top, beside it, and
    # the hub counts as a band of the first column when the bands are shared out (W-101).
    per_col = (len(trains) + cols) // cols if cols > 1 else len(trains)
    inline = fold is not None and fold.get("inline")
    top = vmargin + spread[1] + (0.0 if inline else d["hub_h"] + d["band_gap"])
    bottom = top
    bands = []
    first = 0
    below = 0.0
    for c in range(cols):
        y = top if c == 0 else vmargin + spread[1]
        x = margin + c * (d["col_w"] + d["col_gap"])
        last = min(len(trains), first + (per_col - 1 if c == 0 and cols > 1 else per_col))
        for r in range(first, last):
            train = trains[r]
            tiles = train.get("tiles") or []
            start = 0
            chip = False
            # The hub at the start of the first band's line (W-125).
            hub = hub_lead(u) if inline and r == 0 else 0.0
            hides = 0
            if fold is not None:
                chip = train.get("id") == fold["whole"]
                # The train shown whole: how many tiles its chip folds away again (W-126).
                hides = _start_of(train, u, d["room"], fold, hub)
                if not chip:
                    start = hides
                    chip = start > 0
            positions, doubles = _band_lines(tiles, u, d["room"],
                                             hub + (chip_width(u) if chip else 0.0), start)
            above = _reach(chip, 2.0 * u if doubles[0] else u, u)
            if snug and r > first:
                y += max(0.0, below + above - d["line_gap"])
            below = above if len(doubles) == 1 else 0.0  # the chip is on the first line
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
                bands.append((train, x, y, positions, tops, heights, h, d["col_w"], start,
                              chip, hub, hides))
            y += h + d["band_gap"]
        first = last
        if y - d["band_gap"] > bottom:
            bottom = y - d["band_gap"]
    needed = bottom + vmargin
    if build:
        return needed, bands
    return needed


def _start_of(train, u, room, fold, hub=0.0):
    """The first tile `fold` shows of `train` at unit `u` in bands `room` px wide, `hub` px
    of its first line taken by the hub (`fold_start`, remembered in the fold's memo: each
    size is tried more than once)."""
    lines = fold["more"].get(train.get("id"), fold["lines"])
    seen = (train.get("id"), u, room, lines, fold["flat"], hub)
    start = fold["memo"].get(seen)
    if start is None:
        start = fold_start(train.get("tiles") or [], u, room, lines, fold["flat"], hub)
        fold["memo"][seen] = start
    return start


# The bands go back to fewer columns within a round only for tiles this many times as large
# (W-157): every band moves when the columns change.
KEEP_GAIN = 1.15


def _size_and_columns(trains, width, height, margin, umin, umax, label_ws, columns, fold=None,
                      keep=0):
    """The unit and the number of columns to lay the bands in: `columns` when given, else
    1, 2 or 3, whichever fits the height at the largest size (else needs the least height),
    of those whose columns hold three tiles a line at the smallest size; but never fewer
    than `keep` (the columns drawn last in the round) unless fewer hold tiles KEEP_GAIN
    times as large (W-157). `label_ws`: the label column's width, or {columns: (width, form
    level)}."""
    # The columns are chosen among sizes up to MAX_UNIT, as on every table; a big table then
    # grows the tiles in those columns up to `umax` (W-132), so that a tile's extra size never
    # trades one column for two (the bands would move between columns as the trains grow).
    cap = umax if umin >= MAX_UNIT - 0.001 else min(umax, MAX_UNIT)
    levels = unit_levels(umin, cap)
    best = kept = None
    # A desktop's wide table chooses among two and three columns only (W-140).
    for cols in ((columns,) if columns else range(least_columns(width, len(trains), height,
                                                                margin), 4)):
        label_w = _label_w_of(label_ws, cols)
        if cols > 1 and cols > len(trains) and not columns:
            break
        d = _train_dims(umin, cols, width, margin, label_w)
        if cols > 1 and d["room"] < 6.0 * umin and not columns:
            # Each column keeps room for three tiles a line at the smallest size: a landscape
            # phone's 532 px table holds two such columns, every train of eight players in
            # view (W-94); narrower, one column.
            break

        def fits(u, cols=cols, label_w=label_w):
            return _trains_at(trains, u, cols, width, margin, label_w, False, (0.0, 0.0),
                              fold) <= height + 0.01

        u = levels[first_fit(levels, fits)]
        need = _trains_at(trains, u, cols, width, margin, label_w, False, (0.0, 0.0), fold)
        ok = need <= height + 0.01
        score = (0 if ok else 1, -u if ok else need, cols)
        if cols == keep and ok:
            kept = (score, u, cols)
        if best is None or score < best[0]:
            best = (score, u, cols)
    if kept is not None and best[2] < keep and best[1] < KEEP_GAIN * kept[1]:
        best = kept
    score, u, cols = best
    if umax > cap + 0.001 and score[0] == 0 and u >= cap - 0.001:
        label_w = _label_w_of(label_ws, cols)
        bigger = unit_levels(cap, umax)

        def grows(v, cols=cols, label_w=label_w):
            return _trains_at(trains, v, cols, width, margin, label_w, False, (0.0, 0.0),
                              fold) <= height + 0.01

        u = bigger[first_fit(bigger, grows)]
    return u, cols


# A table at least this wide (px) lays four trains or more in two columns or more from the
# first turn (W-140): each of two columns then holds a label and five tiles of 120 px a line
# (1920x1080's table is 1590-1638 px wide; 1366x768's 1036-1084 would hold three a line).
DESK_WIDTH = 1490.0
# A table at least this wide (1366x768's, 1036-1084 px; W-151) lays its bands in two columns
# or more from the first turn where one column's first turn cannot hold the largest tiles.
MID_DESK_WIDTH = 1000.0


def least_columns(width, count, height=None, margin=8.0):
    """The fewest columns of bands `_size_and_columns` chooses among for `count` trains on a
    table `width` px wide: 2 on a big desktop's table (DESK_WIDTH px or more) with four trains
    or more (three players or more; two players' three trains grow long and keep their long
    lines), else 1 (W-140). In one column a 1920x1080 table's bands were lines of 13 tiles
    that the trains filled only late in a round, the felt right of them empty, and the
    tiles shrank to 88-100 px as the bands stacked; in two, each column's lines hold five
    tiles of 120 px, the second column beside the first, the tiles as large or larger
    through a round. The table's width and the number of trains alone decide it, so no band
    moves between columns in a round (W-132). On a narrower desktop table (MID_DESK_WIDTH px
    or more, `height` px tall) the same where one column of `count` bands, one line each as
    at the first turn, does not fit TRAIN_MAX_UNIT's tiles (1366x768 with five players or
    more): in one column their tiles were 88-104 px, the felt right of their lines empty,
    and the bands moved between one and two columns as the trains grew (W-151). Where one
    column holds 120 px tiles (four players or fewer there) it keeps its long lines: in two
    each line would hold two tiles and the next one's slot (W-140)."""
    if count > 3 and width >= DESK_WIDTH:
        return 2
    if count > 3 and width >= MID_DESK_WIDTH and height is not None:
        empty = [{} for _ in range(count)]
        if _trains_at(empty, TRAIN_MAX_UNIT, 1, width, margin, 0.0, False) > height + 0.01:
            return 2
    return 1


def _label_w_of(label_ws, cols):
    """The label column's width for `cols` columns: `label_ws` is a width, or {columns:
    (width, form level)} (`_size_and_columns`)."""
    if isinstance(label_ws, dict):
        return label_ws[cols][0] if cols in label_ws else label_ws[1][0]
    return label_ws


def band_order(trains, viewer):
    """The trains in the order of their bands: the `viewer`'s own, the Mexican train, then
    the others clockwise from the viewer (DECISIONS W-53): the two trains a tile most often
    fits lie side by side at the top, in view together on a phone's short table. Without a
    viewer (None), the layout's order."""
    if viewer is None:
        return trains
    first = []
    rest = []
    for train in trains:
        owner = train.get("owner")
        if owner == viewer or owner is None:
            first.append(train)
        else:
            rest.append(train)
    if len(first) == 2 and first[0].get("owner") is None:
        first.reverse()
    count = len(trains)
    for i in range(1, len(rest)):  # insertion sort by seat after the viewer's (no key=)
        j = i
        while j > 0 and (rest[j - 1]["owner"] - viewer) % count > \
                (rest[j]["owner"] - viewer) % count:
            rest[j - 1], rest[j] = rest[j], rest[j - 1]
            j -= 1
    return first + rest


# A label's text keeps this much room around it in its slot: 2 px before it, 4 after, and the
# 6 px gap and 2 px before the band's tiles (table_trains' label rects).
LABEL_PAD = 14.0
# A label's form counts as fitting when it does at this share of its 12 px measure: the
# drawing shrinks the font to 11 px first (table.draw_label).
LABEL_SHRINK = 11.0 / 12.0
# Up to this many trains (four players), one column's label may leave its lines room for three
# tiles, not four (W-110): each band has the table's height for a second line sooner.
FEW_TRAINS = 5
# A train label's font (px): LABEL_PX as measured (train_labels.LABEL_FONT), on a table 600 px
# wide or more up to LABEL_MAX_PX, .4 of the unit, so that a big table's labels grow with its
# tiles (W-132): 17 px beside 88 px tiles, 20 px from 100 px tiles.
LABEL_PX = 12
LABEL_MAX_PX = 20
# A table at least this wide (px) is a big screen's: its labels' base column is 76 px, not 56,
# its labels' font grows with the tiles, and its tiles up to TRAIN_MAX_UNIT (W-132).
WIDE_TABLE = 600.0


def label_px(u, width):
    """The train labels' font size (px) at unit `u` on a table `width` px wide: LABEL_PX on a
    phone's table (under 600 px), else .4 of the unit within LABEL_PX..LABEL_MAX_PX."""
    if width < WIDE_TABLE:
        return LABEL_PX
    return int(max(LABEL_PX, min(LABEL_MAX_PX, 0.4 * u)))


def _label_width(trains, label_need, u, cols, width, margin, umin, base, scale=1.0):
    """The width of the label column and the form of the names in it (W-99): the longest form
    (the lowest level of `label_need`: train id -> the widths of its label's forms at 12 px,
    longest first) in which every label fits whole, in a column that leaves each band's
    lines room for four tiles at the smallest size `umin` (three in two or three columns, as
    W-94 keeps them, or among FEW_TRAINS trains, W-110); else `base` and the shortest form.
    Width, columns and the number of trains alone decide it, never how long the trains are,
    so a label keeps its form through a round. `scale`: the font drawn over LABEL_PX.
    Returns (width, level)."""
    levels = 0
    for train in trains:
        levels = max(levels, len(label_need.get(train.get("id")) or []))
    mark = min(0.5 * u, 18.0)
    col_w = _train_dims(umin, cols, width, margin, base)["col_w"]
    # Three tiles a line in one column too where FEW_TRAINS or fewer share it (W-110): the
    # middle form ("Comp. 2") then fits a 320 px table, as it does the band's three seats.
    tiles = 4.0 if cols == 1 and len(trains) > FEW_TRAINS else 3.0
    cap = col_w - tiles * 2.0 * umin
    for level in range(levels):
        want = base
        for train in trains:
            forms = label_need.get(train.get("id")) or []
            if forms:
                text = scale * LABEL_SHRINK * forms[min(level, len(forms) - 1)]
                want = max(want, text + LABEL_PAD + (0.0 if train.get("owner") is None else mark))
        if want <= max(base, cap) + 0.01:
            return want, level
    return base, max(0, levels - 1)


def _widened(trains, label_need, width, height, margin, umin, umax, columns, base, fold=None,
             keep=0):
    """`_size_and_columns` with the label column widened for its names (`_label_width`, W-99):
    returns (unit, columns, label width, form level)."""
    # The column count decides the label's room: each count its own width, measured at the
    # readable size (TRAIN_MIN_UNIT), not `umin`: a table zoomed out to a tile's far-apart
    # targets (W-100) names the trains as before; at a larger unit the label's font shrinks
    # by a pixel or two rather than the form changing with the unit.
    widths = {}
    for cols in (1, 2, 3):
        widths[cols] = _label_width(trains, label_need, TRAIN_MIN_UNIT, cols, width, margin,
                                    TRAIN_MIN_UNIT, base)
    u, cols = _size_and_columns(trains, width, height, margin, umin, umax, widths, columns,
                                fold, keep)
    label_w, level = widths[cols] if cols in widths else (base, None)
    # At the unit drawn, the marker's square is larger, and on a big table the font (W-132):
    # the column takes those pixels too where the same form still fits and the bands grow no
    # taller.
    if level is not None:
        wider, same = _label_width(trains, label_need, u, cols, width, margin, TRAIN_MIN_UNIT,
                                   base, label_px(u, width) / float(LABEL_PX))
        limit = max(height, _trains_at(trains, u, cols, width, margin, label_w, False,
                                       (0.0, 0.0), fold))
        if same == level and wider > label_w and \
                _trains_at(trains, u, cols, width, margin, wider, False, (0.0, 0.0),
                           fold) <= limit + 0.01:
            label_w = wider
    return u, cols, label_w, level


def _sized(trains, label_need, width, height, margin, umin, umax, label_w, columns, widen,
           fold, keep=0):
    """The unit, columns, label width and label form level of the bands (`_widened` or
    `_size_and_columns`), folded by `fold` (see `_trains_at`)."""
    if widen:
        return _widened(trains, label_need, width, height, margin, umin, umax, columns,
                        label_w, fold, keep)
    u, cols = _size_and_columns(trains, width, height, margin, umin, umax, label_w, columns,
                                fold, keep)
    return u, cols, label_w, None


# A band folds to at most this many lines before the fold gives up trying more (W-113).
FOLD_MOST_LINES = 8


def _folded(trains, label_need, width, height, margin, umin, umax, label_w, columns, widen,
            hub=False, keep=0):
    """The fold of trains too long for the table (W-113), at the readable size `umin` (a
    larger tile would only fold more away): the most lines every band may keep such that
    all fit the height, then one line more for the trains that hide the most, one at a
    time while they still fit; the older tiles of longer trains folded behind a chip.
    Where even one line a band does not fit, one line a band with no double before a
    train's last tile (`flat`: a double's line is two units tall) at the largest size down
    to FIT_MIN_UNIT (tiles 40 px) at which it fits (W-118: seven or eight players at
    320x568, early in a round with nothing to fold too); then the hub on the first band's
    line (W-125), then the bands and the table's margins tight (W-130), then the gaps only
    what the chips need, down to 36 px tiles (SNUG, W-150); the table scrolls only if that
    does not fit either. With `hub` the hub lies on the first band's line in
    every layout tried (it went there earlier in the round and stays, W-130). Every train
    folds here: `table_trains` then shows one whole.
    Returns (fold, unit, columns, label width, level, needed)."""
    best = None
    memo = {}
    for lines in range(1, FOLD_MOST_LINES + 1):
        fold = new_fold(lines, None, memo, False, hub)
        u, cols, lw, level = _sized(trains, label_need, width, height, margin, umin, umin,
                                    label_w, columns, widen, fold, keep)
        need = _trains_at(trains, u, cols, width, margin, lw, False, (0.0, 0.0), fold)
        if need > height + 0.01:
            break
        best = (fold, u, cols, lw, level, need)
    if best is None:
        # One line a band, flat; where even that overflows at 40 px tiles (eight players at
        # 320x568 with three trains ending in a double), the hub leaves its row for the start
        # of the first band's line (W-125); with four such trains the bands and the table's
        # margins are tight too (W-130); with five the gaps only as wide as the chips need
        # and the tiles one size under 40 px (W-150), kept only where that fits; else the
        # layout that needs the least height at 40 px tiles or more.
        # A hub kept on the first band's line (W-130) is never tried on its own row.
        tries = ((True, 0), (True, 1), (True, SNUG)) if hub else \
            ((False, 0), (True, 0), (True, 1), (True, SNUG))
        for inline, tight in tries:
            fold = new_fold(1, None, memo, True, inline, tight)
            floor = SNUG_MIN_UNIT if tight == SNUG else FIT_MIN_UNIT
            u, cols, lw, level = _sized(trains, label_need, width, height, margin,
                                        min(umin, floor), umin, label_w, columns,
                                        widen, fold, keep)
            need = _trains_at(trains, u, cols, width, margin, lw, False, (0.0, 0.0), fold)
            if need <= height + 0.01:
                return fold, u, cols, lw, level, need
            if tight != SNUG and (best is None or need < best[5]):
                best = (fold, u, cols, lw, level, need)
        return best
    fold, u, cols, lw, level, need = best
    room = _train_dims(u, cols, width, margin, lw)["room"]
    order = []
    for train in trains:
        hidden = fold_start(train.get("tiles") or [], u, room, fold["lines"])
        if hidden:
            order.append((hidden, train.get("id")))
    order.sort()
    more = fold["more"]
    for i in range(len(order) - 1, -1, -1):  # the train hiding the most first
        more[order[i][1]] = fold["lines"] + 1
        wider = _trains_at(trains, u, cols, width, margin, lw, False, (0.0, 0.0), fold)
        if wider > height + 0.01:
            more.pop(order[i][1])
        else:
            need = wider
    return fold, u, cols, lw, level, need


def _label(train, x, y, label_w, mark, tops, heights, band_h, col_w, start, chip, u, hub=0.0,
           hides=0):
    """A band's label for `table_trains`: the owner's name's rect, the marker's square, the
    band, the tiles folded away and the chip's rect (None without a chip; `open` on the
    train shown whole, whose chip folds it again, W-117, `hides` the tiles it would fold,
    W-126), after the hub where it starts the band's line (`hub` px, W-125)."""
    gap = 6.0
    first_h = heights[0]
    return {
        "id": train.get("id"), "owner": train.get("owner"),
        "marker": bool(train.get("marker")),
        # The Mexican train (no owner) is always open and never carries a marker: its
        # label takes the marker's room too.
        "x": x, "y": y, "h": first_h,
        "w": label_w - gap - 2.0 - (0.0 if train.get("owner") is None else mark),
        "marker_box": None if train.get("owner") is None else
        rect_of(x + label_w - gap - mark, y + first_h / 2.0 - mark / 2.0, mark, mark),
        "band": rect_of(x, y, col_w, band_h), "hidden": start,
        "chip": chip_rect(x + label_w + hub, tops[0], first_h, u) if chip else None,
        "open": chip and not start, "hides": hides if chip and not start else start}


def _foot_chip(lab, x0, tops, heights, u, height):
    """The rect of a second "−" chip for the train shown whole (`lab` open, its tiles from
    `x0`, its lines at `tops` with `heights`) where the pan to its open end (W-126) cannot
    keep its first chip in view: from that chip's top to the foot of its last line (and the
    open end's HIT px tap target) is more than the table's `height`. It lies in the label
    column left of the last line, which holds no label, so the fold control is under the
    player's eyes at the open end too (W-131); else None."""
    chip = lab.get("chip")
    if not lab.get("open") or chip is None or len(tops) < 2:
        return None
    foot = tops[-1] + max(heights[-1], HIT) / 2.0 + heights[-1] / 2.0
    if foot - chip["y"] <= height + 0.01:
        return None
    h = max(CHIP_PX, u)
    w = chip["w"]
    # 6 px clear of the tiles (the label's own gap), and of a slot's tap target there.
    return rect_of(x0 - 6.0 - w, tops[-1] + heights[-1] / 2.0 - h / 2.0, w, h)


def _hub_tile(bands, x, y, u, engine):
    """The hub (the engine double) as a placed tile at (`x`, `y`), or at the start of the
    first band's line where it lies there (`bands[0]`'s hub room, W-125)."""
    if bands:
        # A band is `_trains_at`'s tuple: (train, x, y, positions, tops, heights, band_h,
        # col_w, start, chip, hub, hides); the hub sits centred on its first line.
        tops, heights, hub = bands[0][4], bands[0][5], bands[0][10]
        if hub:
            y = tops[0] + heights[0] / 2.0 - u / 2.0
    return {"x": x, "y": y, "w": 2.0 * u, "h": u, "a": engine, "b": engine,
            "vertical": False, "engine": True}


def _place_band(placed, tiles, start, positions, tops, heights, x0, u):
    """Append a band's tiles from `start` on to `placed` (a double across its line), at
    `positions` on its lines (`tops`, `heights`) from `x0`; returns the slot of its next
    tile: (rect, the way it grows, the index in `placed` of the tile it grows from)."""
    last = None
    slot = None
    for i in range(start, len(tiles) + 1):
        line, off = positions[i - start]
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
            rect = rect_of(x0 + off, cy - u / 2.0, 2.0 * u, u)
            if last is None:
                slot = (rect, "R", None)
            else:
                slot = (rect, "R" if last[1] == line else "D", last[0])
    return slot


def table_trains(layout, ends, width, height, margin, umin, umax, label_w, columns,
                 viewer=None, label_need=None, fold=False, whole=None, hub=False, keep=0):
    """Mexican Train's table (see geometry.table): the hub, the trains' tiles and the slot of
    each train's next tile, one band a train (in `band_order` for `viewer`), and each band's
    label. `label_need` (train id -> the widths of its label's forms, longest first) widens
    the label column for a longer form where the bands stay as tall (`_label_width`); the
    result's `label_level` says which form to draw. With `fold`, trains too long for the
    table at the readable size fold their older tiles behind a chip (`_folded`, W-113),
    but the train `whole`; each label then says how many tiles its chip hides (`hidden`)
    and where the chip is (`chip`, None when the train has none; `open` when it is the
    train shown whole, whose chip folds it again, W-117, and `foot` a second such chip at
    its last line where the train is taller than the table, W-131). `hub`: the hub went to
    the first band's line earlier in the round and stays there where the trains fold
    (W-130); the result's `hub_inline` says where it lies. `keep`: the columns drawn last
    in the round, kept unless fewer hold much larger tiles (W-157)."""
    trains = band_order(layout.get("trains") or [], viewer)
    engine = layout.get("engine")
    if width < WIDE_TABLE:
        # A phone's table keeps MAX_UNIT: its tiles would grow only to shrink again as soon as
        # a train wraps, rescaling the whole table (W-132).
        umax = min(umax, max(umin, MAX_UNIT))
    widen = label_w is None and bool(label_need)
    base = label_w if label_w is not None else (56.0 if width < WIDE_TABLE else 76.0)
    u, cols, label_w, level = _sized(trains, label_need, width, height, margin, umin, umax,
                                     base, columns, widen, None, keep)
    folding = None
    needed = _trains_at(trains, u, cols, width, margin, label_w, False)
    if fold and needed > height + 0.01:
        folding, u, cols, label_w, level, needed = _folded(
            trains, label_need, width, height, margin, umin, umax, base, columns, widen, hub,
            keep)
    # A table taller than the trains need (a desktop, an early round) spreads them: the bands
    # draw apart, up to half a tile's width each, and the block sits in the middle, instead
    # of packing into the top with the rest of the table empty.
    spare = height - needed
    if folding is not None and whole is not None:
        # The train the player opened is drawn whole in the table laid out folded, at its
        # size: the table scrolls if the train does not fit (W-114), the bands spread as when
        # it was folded, so none above it moves and its chip stays where it was tapped, to
        # fold it again (W-117).
        folding["whole"] = whole
        needed = _trains_at(trains, u, cols, width, margin, label_w, False, (0.0, 0.0),
                            folding)
        if needed <= height + 0.01:
            spare = height - needed
    rows = (len(trains) + cols - 1) // cols
    gap = min(0.5 * u, spare / (rows + 1)) if spare > 0 and rows else 0.0
    shift = (spare - gap * rows) / 2.0 if spare > 0 else 0.0
    drawn, bands = _trains_at(trains, u, cols, width, margin, label_w, True, (gap, shift),
                              folding)
    needed = max(needed, drawn) if needed > height + 0.01 else needed
    placed = [_hub_tile(bands, margin + label_w, margin + shift, u, engine)]
    by_id = {}
    labels = []
    mark = min(0.5 * u, 18.0)
    for train, x, y, positions, tops, heights, band_h, col_w, start, chip, hub, hides in bands:
        x0 = x + label_w
        by_id[train.get("id")] = _place_band(placed, train.get("tiles") or [], start,
                                             positions, tops, heights, x0, u)
        lab = _label(train, x, y, label_w, mark, tops, heights, band_h, col_w, start, chip,
                     u, hub, hides)
        lab["foot"] = _foot_chip(lab, x0, tops, heights, u, height)
        labels.append(lab)
    found = []
    for end_id, value in ends:
        if end_id in by_id:
            rect, turn, index = by_id[end_id]
            found.append((end_id, value, rect, turn, index, True))
    return {"unit": u, "placed": placed, "slots": found, "labels": labels, "needed": needed,
            "columns": cols, "label_level": level, "folded": folding is not None,
            "hub_inline": folding is not None and bool(folding["inline"]),
            "label_px": label_px(u, width)}
