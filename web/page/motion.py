"""Motion: the table's animations, planned from two `state` answers, then played frame by frame.

Pure computation, shared by the MicroPython UI and pytest (CPython): no imports but `math` and
its frame player (motion_frames.py), no classes, no recursion, nothing that depends on the order of a dict. As lichess's chessground
plans its piece animations from the change of position, `plan` compares the previous and the
new snapshot (their placed tiles, from `geometry.table`) and reads the new snapshot's events
(who played, drew, passed, scored; how the hand ended); it never reads the page back.

    items = plan(prev, new, table_prev, table_new, seats, now_ms, speed, options)
    frame(items, now_ms)  -> the drawing instructions of this frame (a list of dicts)
    sounds(items, now_ms) -> the names of the sounds whose item started since the last call
    done(items, now_ms)   -> True once everything has ended (then open the summary, etc.)
    finish(items)         -> every item jumps to its end (a snapshot arrived mid-animation)
    covered(items)        -> {key: True} of the table tiles `frame` draws while the plan runs

Everything is computed in `plan` (start and end rects, texts, sounds); `frame`
(motion_frames.py) only eases a number per item and writes it into the item's own instruction
dict (allocated in `plan` and reused every frame), so that a frame costs a few hundred
bytecodes at most.

Times are milliseconds on the page's clock (`performance.now()` or the requestAnimationFrame
timestamp); rects are dicts {x, y, w, h} in the coordinates the page draws in (the table
canvas's CSS pixels; a rect outside it, such as the hand below the canvas, is fine when the
animation layer covers more than the table).
"""

import math

from motion_frames import CODES, E_IN_OUT, E_LINEAR, E_OUT
# Played by the page as motion.frame, motion.sounds, ...: see motion_frames.py.
from motion_frames import K_SLIDE, covered, done, end_ms, finish, frame, sounds  # noqa: F401
from pace import timings
# The page's pace, asked of motion too (motion.timings, motion.next_move_at): see pace.py.
from pace import effective_speed, next_move_at  # noqa: F401 - re-exported

# --------------------------------------------------------------------------- small helpers


def tile_key(text):
    """A tile's key on the table from its notation ("4-6", "6-4"): high half first ("6-4"),
    as `geometry.tile_key`; None for anything else."""
    parts = str(text).split("-")
    if len(parts) != 2:
        return None
    try:
        a = int(parts[0])
        b = int(parts[1])
    except ValueError:
        return None
    if a < b:
        a, b = b, a
    return str(a) + "-" + str(b)


def move_keys(move):
    """The keys of the tiles a `played` event's move put down: "6-4@L:4" -> ["6-4"], a kozel
    pair "6-6@L+5-5@R" -> ["6-6", "5-5"], a lead "6-6" -> ["6-6"]."""
    out = []
    for part in str(move or "").split("+"):
        key = tile_key(part.split("@")[0])
        if key is not None:
            out.append(key)
    return out


def _halves(text):
    parts = str(text).split("-")
    try:
        return int(parts[0]), int(parts[1])
    except (ValueError, IndexError):
        return 0, 0


def _rect(x, y, w, h):
    return {"x": float(x), "y": float(y), "w": float(w), "h": float(h)}


def _centre(r):
    return r["x"] + r["w"] / 2.0, r["y"] + r["h"] / 2.0


def _at(cx, cy, w, h):
    """A w x h rect centred on (cx, cy)."""
    return _rect(cx - w / 2.0, cy - h / 2.0, w, h)


def _spot(seats, name):
    """seats[name] (a seat number also found under its text, as JSON object keys are)."""
    if not seats:
        return None
    r = seats.get(name)
    if r is None and not isinstance(name, str):
        r = seats.get(str(name))
    return r


def _places(table):
    """(tiles by key, ends, unit, width, height) of a `geometry.table` answer; also accepts
    a list of placed tiles or a dict {key: placed tile}."""
    by_key = {}
    ends = []
    unit = None
    width = None
    height = None
    tiles = None
    if table is None:
        tiles = []
    elif isinstance(table, list):
        tiles = table
    elif isinstance(table.get("tiles"), list):
        tiles = table["tiles"]
        ends = table.get("ends") or []
        unit = table.get("unit")
        width = table.get("width")
        height = table.get("height")
    else:
        for key in table:
            by_key[key] = table[key]
    if tiles is not None:
        for t in tiles:
            key = t.get("key") or tile_key(str(t.get("a")) + "-" + str(t.get("b")))
            by_key[key] = t
    if not unit:
        for key in by_key:
            t = by_key[key]
            unit = min(t["w"], t["h"])
            break
    return by_key, ends, float(unit or 16.0), width, height


def _winners(result):
    w = (result or {}).get("winner")
    if w is None:
        return []
    if isinstance(w, list):
        return w
    return [w]


def transfers(delta):
    """Money (or points) moving at the end of a hand: [(payer, payee, amount)], a seat or None
    for the pot (the table: the house's tax, points that come from nowhere). For every seat,
    what it receives less what it pays is its `delta`. The biggest amounts meet first (ties by
    seat), so that a few arrows tell the hand: at most one per seat, plus the pot's."""
    pay = []
    get = []
    for seat in range(len(delta)):
        d = delta[seat]
        if d < 0:
            pay.append([-d, seat])
        elif d > 0:
            get.append([d, seat])
    pay.sort(key=lambda e: (-e[0], e[1]))
    get.sort(key=lambda e: (-e[0], e[1]))
    out = []
    i = 0
    j = 0
    while i < len(pay) and j < len(get):
        m = min(pay[i][0], get[j][0])
        out.append((pay[i][1], get[j][1], m))
        pay[i][0] -= m
        get[j][0] -= m
        if pay[i][0] == 0:
            i += 1
        if get[j][0] == 0:
            j += 1
    while i < len(pay):
        out.append((pay[i][1], None, pay[i][0]))
        i += 1
    while j < len(get):
        out.append((None, get[j][1], get[j][0]))
        j += 1
    return out


def seat_spots(players, viewer, width, height, unit=16.0):
    """Where the seats sit around a `width` x `height` table when the page has no better
    rects: the viewer at the bottom edge, the others counter-clockwise (right, top, left) on
    the edges, the boneyard in the top-left corner, the viewer's hand just below the table,
    the table's centre (the pot). Returns the `seats` dict `plan` takes."""
    w = 4.0 * unit
    h = 2.0 * unit
    out = {}
    n = max(1, int(players))
    for k in range(n):
        seat = (int(viewer or 0) + k) % n
        ang = math.pi / 2.0 - 2.0 * math.pi * k / n
        c = math.cos(ang)
        s = math.sin(ang)
        m = max(abs(c), abs(s))
        cx = width / 2.0 + c / m * (width / 2.0 - w / 2.0)
        cy = height / 2.0 + s / m * (height / 2.0 - h / 2.0)
        out[seat] = _at(cx, cy, w, h)
    out["boneyard"] = _rect(4.0, 4.0, 2.0 * unit, 2.0 * unit)
    out["hand"] = _rect(0.0, height, width, 4.0 * unit)
    out["table"] = _rect(0.0, 0.0, width, height)
    return out


# --------------------------------------------------------------------------- items


def _item(kind, t0, dur, sound, out, ease=E_LINEAR):
    dur = float(dur)
    return {"kind": kind, "k": CODES[kind], "t0": float(t0), "dur": dur,
            "t1": float(t0) + dur, "ease": ease, "sound": sound, "sounded": False,
            "out": out, "end": False, "hold": False, "pre": False}


def _slide(key, src, dst, t0, dur, sound, pre, seat, tile=None):
    """A table tile from rect `src` to rect `dst` (its place), drawn as the placed tile
    `tile` (its halves and direction; default `dst`)."""
    if tile is None:
        tile = dst
    out = {"kind": "tile", "key": key, "x": src["x"], "y": src["y"], "w": src["w"],
           "h": src["h"], "a": tile.get("a"), "b": tile.get("b"),
           "vertical": tile.get("vertical", False), "face": True, "alpha": 1.0}
    it = _item("slide", t0, dur, sound, out, E_OUT)
    it["key"] = key
    it["seat"] = seat
    it["cause"] = "relayout" if pre else "play"
    it["from"] = _rect(src["x"], src["y"], src["w"], src["h"])
    it["to"] = _rect(dst["x"], dst["y"], dst["w"], dst["h"])
    it["hold"] = True  # drawn at its place until the whole plan ends
    it["pre"] = pre    # drawn at its old place before it starts (a tile already on the table)
    it["was"] = src if pre else None  # that tile as it lay (its halves: motion_frames._turns)
    return it


def _text_item(kind, t0, dur, sound, text, x, y, size, style):
    out = {"kind": "text", "style": style, "text": text, "x": x, "y": y, "alpha": 1.0,
           "size": size}
    it = _item(kind, t0, dur, sound, out)
    it["text"] = text
    it["x0"] = x
    it["y0"] = y
    return it


def _say(options, key, args):
    say = options.get("say")
    if say is None:
        return key
    try:
        return str(say(key, args))
    except Exception:  # noqa: BLE001 - a catalogue slip must not stop the game
        return key


def _amount(options, value):
    fmt = options.get("amount")
    if fmt is not None:
        try:
            return str(fmt(value))
        except Exception:  # noqa: BLE001
            pass
    return str(value)


def plan(prev, new, table_prev, table_new, seats, now_ms, speed="normal", options=None):
    """The animation items that take the table from snapshot `prev` to snapshot `new`.

    - `prev`, `new`: `state` answers (dicts); `prev` None for the first state of a match (or
      after a reload): nothing is animated then, the table simply appears.
    - `table_prev`, `table_new`: `geometry.table(...)` of each snapshot's `view.layout` (at
      the current canvas size), or their tiles (a list) or {key: placed tile}.
    - `seats`: where things sit on screen, {seat number (or its text): rect, "boneyard": rect,
      "hand": rect of the viewer's hand, "table": rect (optional: the pot and the banner's
      place; default the table's box)}; optional "hand_tiles": {key: rect} (where each of the
      viewer's tiles is, else slots across "hand" in the order of the previous view's hand),
      "reveal_unit" (half-tile size of the hands shown at the end). `seat_spots` makes one.
    - `now_ms`: when the plan starts; `speed`: "slow", "normal", "fast", "instant" or "off"
      (`effective_speed`): "off" (or {"motion": False} in `options`) plans no motion at all
      (no slide, draw, reveal, money), but the same sounds in the same order (as `cue`
      items) and the same knock badges, score texts and announcements, shown still.
    - `options`: {"say": f(key, args) -> text (i18n; args {"seats": [...]}: the goat(s), the
      seat knocking), "amount": f(value) -> text (money / points formatting), "motion":
      False (no motion at this speed's pace)}; without them texts are the catalogue keys and
      plain numbers.

    Returns the items in the order they start (a list of dicts). Every item has `kind`
    ("slide", "draw", "knock", "score", "money", "announce", "reveal", "marker", "cue"),
    `t0`/`t1`/`dur` (ms), `sound` (a sound.py name or None, played when it starts: see
    `sounds`) and `out`, the dict `frame` updates and returns (None for a cue). Also, by kind:
    slide `key`, `seat`, `cause` ("play"; "relayout": a tile that moved because the table
    was laid out again; "undo": a tile taken back, going to its player and then gone),
    `from`, `to`; draw `seat`, `face`; knock `seat`, `label`; score and
    money `text` (money `payer`, `payee`, `amount`: None for the pot); announce `name`
    ("block", "triet", "fish", "round_over", "goat") and `text`; reveal `seat`, `tiles`.
    """
    options = options or {}
    seats = seats or {}
    still = speed == "off" or options.get("motion") is False
    tm = timings(speed, not still)
    events = new.get("events") or []
    new_hand = prev is None or prev.get("hand_number") != new.get("hand_number")
    for ev in events:
        if ev.get("type") == "hand_started":
            new_hand = True
    if prev is None:
        # Nothing to compare with (first state, resume): the table appears as it is.
        return []
    for name in ("variant", "seed", "players"):
        if prev.get(name) != new.get(name):
            return []  # another match (a new match, a record loaded): nothing moved
    places, ends, unit, width, height = _places(table_new)
    old = {}
    if not new_hand:
        old = _places(table_prev)[0]
    area = _spot(seats, "table")
    if area is None:
        area = _rect(0.0, 0.0, width or 320.0, height or 240.0)
    items = []
    t = float(now_ms)
    played = {}
    for ev in events:
        if ev.get("type") == "played":
            for key in move_keys(ev.get("move")):
                played[key] = ev.get("seat")
    if not still:
        _relaid(items, old, places, played, t, tm)
        _taken_back(items, old, places, prev, new, seats, unit, t, tm)
    _events(items, events, prev, new, table_new, (places, ends, unit), seats, area, t, tm,
            still, options)
    return items


def _events(items, events, prev, new, table_new, placed, seats, area, t, tm, still, options):
    """The items of the new snapshot's events from `t` on, one after the other: moves played,
    draws, passes, points scored, markers set, then the hand's end. `placed`: the new
    table's (places, ends, unit), as `_places` gives them."""
    places, ends, unit = placed
    acx, acy = _centre(area)
    viewer = new.get("viewer")
    shown = prev.get("viewer")
    last_place = None
    for ev in events:
        kind = ev.get("type")
        seat = ev.get("seat")
        if kind == "played":
            t, last_place = _played(items, ev, places, last_place, shown, prev, seats, unit, t,
                                    tm, still)
        elif kind == "drew":
            items.append(_draw(ev, seat, viewer, seats, unit, t, tm, still))
            t += tm["draw"]
        elif kind == "passed" or kind == "left":
            label = "move.pass" if kind == "passed" else "move.leave"
            items.append(_knock(seat, label, seats, unit, t, tm["knock"], still, options))
            t += tm["knock"] * 0.5
            if kind == "passed" and not any(e.get("type") == "hand_ended" for e in events):
                # vn_iwin's pass penalty, paid as it happens (RULES.md 2.3).
                moved = balance_change(prev.get("match"), new.get("match"))
                if moved is not None and any(moved):
                    t = _flows(items, moved, seats, unit, area, t, tm, still, options)
        elif kind == "scored":
            x, y = _ends_centre(ends, places, last_place, acx, acy)
            items.append(_score(ev, x, y, unit, t, tm, still, options))
            t += tm["score"] * 0.4
        elif kind == "marker":
            box = _marker_box(table_new, seat)
            if box is not None and not still:
                items.append(_marker(seat, box, t, tm))
    for ev in events:
        if ev.get("type") == "hand_ended":
            t = _hand_end(items, ev.get("result") or {}, (prev, new), seats, unit, area, t,
                          tm, still, options, viewer)


def _relaid(items, old, places, played, t, tm):
    """Slides of the tiles already on the table that the new layout moved (a rescale, a new
    row), in the order of their keys."""
    keys = []
    for key in places:
        if key in old and key not in played:
            keys.append(key)
    keys.sort()
    for key in keys:
        a = old[key]
        b = places[key]
        if (abs(a["x"] - b["x"]) > 0.5 or abs(a["y"] - b["y"]) > 0.5
                or abs(a["w"] - b["w"]) > 0.5 or abs(a["h"] - b["h"]) > 0.5):
            items.append(_slide(key, a, b, t, tm["slide"], None, True, None))


def _taken_back(items, old, places, prev, new, seats, unit, t, tm):
    """Slides of the tiles taken back (an undo): each returns to whoever played it, and goes."""
    gone = []
    for key in old:
        if key not in places:
            gone.append(key)
    gone.sort()
    owners = _placers(prev)
    viewer = new.get("viewer")
    for key in gone:
        a = old[key]
        seat = owners.get(key)
        back = _source(seat, key, viewer, new, seats, a, unit)
        if back is not None:
            it = _slide(key, a, back, t, tm["slide"], None, False, seat, a)
            it["cause"] = "undo"
            it["hold"] = False
            items.append(it)


def _played(items, ev, places, last_place, shown, prev, seats, unit, t, tm, still):
    """The slides of a move's tiles from the seat to their places (a pair one after the
    other), or their cues without motion. Returns (when the next event starts, the place of
    the last tile placed)."""
    seat = ev.get("seat")
    keys = move_keys(ev.get("move"))
    start = t
    for i in range(len(keys)):
        key = keys[i]
        dst = places.get(key)
        if dst is not None:
            last_place = dst
        src = _source(seat, key, shown, prev, seats, dst, unit)
        if still or dst is None or src is None:
            items.append(_item("cue", start, 0, "tile", None))
        else:
            items.append(_slide(key, src, dst, start, tm["slide"], "tile", False, seat))
        if i + 1 < len(keys):
            start += tm["pair_gap"]
    return start + tm["slide"], last_place


def _score(ev, x, y, unit, t, tm, still, options):
    """The points a move scored, rising from the open ends (still without motion), signed
    once: the page's formatter may sign the amount itself (issue 25: "++5")."""
    text = _amount(options, ev.get("points", 0))
    if not text.startswith(("+", "-", "\u2212")):
        text = "+" + text
    it = _text_item("score", t, tm["score"], "score", text, x, y, max(14.0, unit * 1.1), "score")
    it["seat"] = ev.get("seat")
    it["rise"] = 0.0 if still else max(24.0, unit * 2.0)
    it["hold_text"] = still
    return it


def _marker(seat, box, t, tm):
    """Mexican Train's marker set on a seat's train: a ring growing from its box."""
    cx, cy = _centre(box)
    out = {"kind": "ring", "x": cx, "y": cy, "r": 0.0, "alpha": 1.0, "seat": seat}
    it = _item("marker", t, tm["marker"], None, out, E_OUT)
    it["seat"] = seat
    it["r1"] = max(box["w"], box["h"]) * 1.2
    return it


def _source(seat, key, shown, prev, seats, dst, unit):
    """Where a tile played by `seat` comes from: the viewer's hand when the hand on screen was
    that seat's, else the seat's place; None when the page gave no rect for it."""
    if dst is None:
        return None
    w = dst["w"]
    h = dst["h"]
    if seat is not None and seat == shown:
        tiles = seats.get("hand_tiles") or {}
        r = tiles.get(key)
        if r is not None:
            cx, cy = _centre(r)
            return _at(cx, cy, w, h)
        hand = seats.get("hand")
        if hand is not None:
            order = ((prev or {}).get("view") or {}).get("hand") or []
            index = -1
            for i in range(len(order)):
                if tile_key(order[i]) == key:
                    index = i
            cx, cy = _centre(hand)
            if index >= 0 and len(order) > 0:
                cx = hand["x"] + (index + 0.5) * hand["w"] / len(order)
            return _at(cx, cy, w, h)
    r = _spot(seats, seat)
    if r is None:
        return None
    cx, cy = _centre(r)
    return _at(cx, cy, w * 0.75, h * 0.75)


def _placers(state):
    """{tile key: the seat that placed it} from a state's public history."""
    out = {}
    history = ((state or {}).get("view") or {}).get("history") or []
    for entry in history:
        for key in move_keys(entry[1]):
            out[key] = entry[0]
    return out


def _draw(ev, seat, viewer, seats, unit, t, tm, still):
    """A tile from the boneyard to the drawing seat (face up only for the viewer's own)."""
    tile = ev.get("tile")
    face = tile is not None and seat == viewer
    bone = _spot(seats, "boneyard")
    if seat == viewer and seats.get("hand") is not None:
        dest = seats.get("hand")
    else:
        dest = _spot(seats, seat)
    if still or bone is None or dest is None:
        return _item("cue", t, 0, "draw", None)
    a, b = _halves(tile) if face else (None, None)
    w = unit
    h = 2.0 * unit
    bx, by = _centre(bone)
    dx, dy = _centre(dest)
    src = _at(bx, by, w, h)
    dst = _at(dx, dy, w, h)
    out = {"kind": "tile", "key": None, "x": src["x"], "y": src["y"], "w": w, "h": h,
           "a": a, "b": b, "vertical": True, "face": face, "alpha": 1.0}
    it = _item("draw", t, tm["draw"], "draw", out, E_OUT)
    it["seat"] = seat
    it["face"] = face
    it["from"] = src
    it["to"] = dst
    return it


def _knock(seat, label, seats, unit, t, dur, still, options):
    """A seat shakes and shows a badge (a pass: the knock on the table; a leave)."""
    r = _spot(seats, seat)
    text = _say(options, label, {"seats": [seat]})
    if r is None:
        r = _rect(0.0, 0.0, 0.0, 0.0)
    out = {"kind": "knock", "seat": seat, "x": r["x"], "y": r["y"], "w": r["w"], "h": r["h"],
           "dx": 0.0, "alpha": 1.0, "text": text}
    it = _item("knock", t, dur, "knock", out)
    it["seat"] = seat
    it["label"] = label
    it["text"] = text
    it["x0"] = r["x"]
    it["amp"] = 0.0 if still else max(3.0, unit * 0.3)
    it["hold_text"] = still
    return it


def _ends_centre(ends, places, last, acx, acy):
    """Where a score rises from: the middle of the open ends' slots, else of the tiles an end
    grows from, else the tile just played, else the table's centre."""
    rects = ends
    if not rects:
        rects = []
        for key in places:
            if places[key].get("end"):
                rects.append(places[key])
    if not rects and last is not None:
        rects = [last]
    if not rects:
        return acx, acy
    x0 = y0 = 1.0e9
    x1 = y1 = -1.0e9
    for r in rects:
        if r["x"] < x0:
            x0 = r["x"]
        if r["y"] < y0:
            y0 = r["y"]
        if r["x"] + r["w"] > x1:
            x1 = r["x"] + r["w"]
        if r["y"] + r["h"] > y1:
            y1 = r["y"] + r["h"]
    return (x0 + x1) / 2.0, (y0 + y1) / 2.0


def _marker_box(table, seat):
    """Mexican Train: the marker square of `seat`'s train in a `geometry.table` answer."""
    if not isinstance(table, dict):
        return None
    for label in table.get("labels") or []:
        if label.get("owner") == seat:
            return label.get("marker_box") or label
    return None


def _reveal_rects(tiles, centre, ru, area):
    """A row of upright tiles centred on `centre`, shrunk and kept within `area`."""
    n = len(tiles)
    gap = ru * 0.25
    span = n * ru + (n - 1) * gap
    if span > area["w"] and span > 0:
        ru = ru * area["w"] / span
        gap = ru * 0.25
        span = n * ru + (n - 1) * gap
    x = centre[0] - span / 2.0
    x = max(area["x"], min(x, area["x"] + area["w"] - span))
    y = centre[1] - ru
    out = []
    for i in range(n):
        a, b = _halves(tiles[i])
        out.append({"x": x + i * (ru + gap), "y": y, "w": ru, "h": 2.0 * ru, "a": a, "b": b,
                    "vertical": True, "key": tile_key(tiles[i])})
    return out


def balance_change(prev_match, new_match):
    """Money that changed hands between two states of one match (each seat's change of
    `match.balances`), or None where the match keeps no balances: vn_iwin's pass penalties
    are paid at once, so the end of its hand moves only what is left of the hand's delta."""
    if not isinstance(prev_match, dict) or not isinstance(new_match, dict):
        return None
    a, b = prev_match.get("balances"), new_match.get("balances")
    if not isinstance(a, list) or not isinstance(b, list) or len(a) != len(b):
        return None
    return [b[i] - a[i] for i in range(len(b))]


def _flows(items, delta, seats, unit, area, t, tm, still, options):
    """The money (or points) moving between the seats for `delta`, each amount once, from
    the payer to the payee (the pot for none); returns when they have moved."""
    pot = _centre(area)
    first = True
    for payer, payee, amount in transfers(delta):
        sound = "score" if first else None
        first = False
        a = pot if payer is None else _centre(_spot(seats, payer) or area)
        b = pot if payee is None else _centre(_spot(seats, payee) or area)
        text = _amount(options, amount)
        if still:
            it = _item("cue", t, 0, sound, None)
        else:
            it = _text_item("money", t, tm["money"], sound, text, a[0], a[1],
                            max(14.0, unit * 0.9), "money")
            it["x1"] = b[0]
            it["y1"] = b[1]
            it["ease"] = E_IN_OUT
            t += tm["money_gap"]
        it["payer"] = payer
        it["payee"] = payee
        it["amount"] = amount
        it["text"] = text
        items.append(it)
    if not first and not still:
        t += tm["money"] - tm["money_gap"]
    return t


def _hand_end(items, result, states, seats, unit, area, t, tm, still, options, viewer):
    """The end of a hand (`states`: the snapshots before and after): every hand turned face
    up, the block / fish / triệt (or the goat) announced, the money or points moving between
    the seats, then a win or lose cue."""
    prev, new = states
    hands = new.get("hands") or []
    ru = seats.get("reveal_unit") or max(8.0, min(unit * 0.6, 14.0))
    start = t
    for seat in range(len(hands)):
        tiles = hands[seat] or []
        r = _spot(seats, seat)
        if seat == viewer and seats.get("hand") is not None:
            r = seats.get("hand")
        if not tiles or r is None or still:
            continue
        rects = _reveal_rects(tiles, _centre(r), ru, area)
        out = {"kind": "hand", "seat": seat, "tiles": rects, "sx": 1.0, "face": False,
               "alpha": 1.0}
        it = _item("reveal", start, tm["reveal"], None, out)
        it["seat"] = seat
        it["tiles"] = rects
        it["hold"] = True
        items.append(it)
        start += tm["reveal_gap"]
    if start > t:
        t = start - tm["reveal_gap"] + tm["reveal"]
    # A blocked hand is announced in the table's word: a fish (kozel), a triệt, a block.
    blocked = ((new.get("reading") or {}).get("words") or {}).get("blocked") or "block"
    term = result.get("termination")
    names = []
    if term == "blocked":
        names.append((blocked, "result.fish" if blocked == "fish" else "result.blocked", {}))
    elif term == "round_over":
        names.append(("round_over", "result.round_over", {}))
    summary = new.get("match") or {}
    goat = summary.get("goat")
    if new.get("match_over") and goat:
        if not isinstance(goat, list):
            goat = [goat]
        key = "result.goat" if len(goat) == 1 else "result.goats"
        names.append(("goat", key, {"seats": goat}))
    for name, key, args in names:
        text = _say(options, key, args)
        out = {"kind": "banner", "name": name, "text": text, "x": area["x"] + area["w"] / 2.0,
               "y": area["y"] + area["h"] / 2.0, "alpha": 1.0, "scale": 1.0}
        it = _item("announce", t, tm["announce"], None, out)
        it["name"] = name
        it["text"] = text
        it["still"] = still
        items.append(it)
        t += tm["announce"] * 0.6
    delta = result.get("delta") or []
    moved = balance_change(prev.get("match"), new.get("match"))
    if moved is not None:
        delta = moved  # what the passes of the hand paid has moved already (`_events`)
    t = _flows(items, delta, seats, unit, area, t, tm, still, options)
    winners = _winners(result)
    sound = None
    if viewer is not None and winners:
        sound = "win" if viewer in winners else "lose"
    items.append(_item("cue", t, tm["hold"], sound, None))
    return t + tm["hold"]


# --------------------------------------------------------------------------- playing
