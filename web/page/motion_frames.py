"""Playing a motion plan (web/page/motion.py's `plan`) frame by frame.

`frame` only eases a number per item and writes it into the item's own instruction dict
(allocated in `plan` and reused every frame), so that a frame costs a few hundred bytecodes at
most; `sounds`, `done`, `finish`, `covered` and `end_ms` read the same items. Pure computation,
as motion.py: no imports but `math`, no classes, no recursion. Times are milliseconds on the
page's clock. The page calls these through motion (which re-exports them).
"""

import math

# Frame dispatch codes (ints: cheaper than string compares in the per-frame loop).
K_CUE = 0
K_SLIDE = 1
K_DRAW = 2
K_KNOCK = 3
K_SCORE = 4
K_MONEY = 5
K_ANNOUNCE = 6
K_REVEAL = 7
K_MARKER = 8
CODES = {"cue": K_CUE, "slide": K_SLIDE, "draw": K_DRAW, "knock": K_KNOCK, "score": K_SCORE,
         "money": K_MONEY, "announce": K_ANNOUNCE, "reveal": K_REVEAL, "marker": K_MARKER}
# Easing codes.
E_LINEAR = 0
E_OUT = 1      # ease-out cubic: fast start, soft landing (slides, draws)
E_IN_OUT = 2   # ease-in-out quadratic (money crossing the table)
FAR_PAST = -1.0e15


def frame(items, now_ms):
    """The drawing instructions at `now_ms`, in the order to draw them (each item's `out`
    dict, updated in place: keep none across frames). Instructions by `kind`:

    - "tile": {key, x, y, w, h, a, b, vertical, face, alpha}: a tile (`face` False: its back;
      `a`/`b` None when unknown); a placed tile is drawn at its place once it landed, until
      the plan is done, so the page leaves `covered(items)` out of the static table;
    - "knock": {seat, x, y, w, h, dx, alpha, text}: the seat's rect shifted by `dx` (a shake)
      and a badge `text` ("Pass");
    - "text": {style ("score" or "money"), text, x, y, alpha, size}: text centred on x, y;
    - "banner": {name, text, x, y, alpha, scale}: the announcement centred on x, y;
    - "hand": {seat, tiles [{x, y, w, h, a, b, vertical}], sx, face, alpha}: a hand turned up,
      each tile drawn scaled by `sx` across its own centre (a flip), its back until `face`;
    - "ring": {seat, x, y, r, alpha}: Mexican Train's marker set (a circle growing).
    """
    out = []
    if items and "turns" not in items[0]:
        _turns(items)  # once per plan
    for it in items:
        t0 = it["t0"]
        if now_ms < t0:
            if it["pre"]:
                out.append(it["out"])
            continue
        o = it["out"]
        if o is None:
            continue
        if it["end"]:
            if it["hold"]:
                out.append(o)
            continue
        dur = it["dur"]
        p = 1.0
        if dur > 0:
            p = (now_ms - t0) / dur
        if p >= 1.0:
            p = 1.0
            it["end"] = True
        k = it["k"]
        if k <= K_DRAW or k == K_REVEAL or k == K_MARKER:
            shown = _pose_moving(k, it, o, p, _eased(it["ease"], p))
        else:
            shown = _pose_sign(k, it, o, p, _eased(it["ease"], p))
        if shown:
            out.append(o)
    return out


def _eased(e, p):
    """Progress `p` (0 to 1) through the item's easing: linear, ease-out cubic (slides,
    draws) or ease-in-out quadratic (money crossing the table)."""
    if e == E_OUT:
        q = 1.0 - p
        return 1.0 - q * q * q
    if e == E_IN_OUT:
        if p < 0.5:
            return 2.0 * p * p
        q = 1.0 - p
        return 1.0 - 2.0 * q * q
    return p


def _pose_moving(k, it, o, p, f):
    """A moving item's instruction at progress `p` (eased `f`): a slide, a draw, a hand
    turned up, a marker's ring. Returns whether it is drawn this frame."""
    if k == K_SLIDE:
        a = it["from"]
        b = it["to"]
        turn = it.get("turn")
        if it["end"]:  # exactly at its place (a + (b - a) * 1 may miss by a bit)
            o["x"] = b["x"]
            o["y"] = b["y"]
            o["w"] = b["w"]
            o["h"] = b["h"]
            if turn:
                o["rot"] = 0.0
                o["a"], o["b"], o["vertical"] = it["halves"]
        elif turn:
            _pose_turning(a, b, o, f, turn)
        else:
            o["x"] = a["x"] + (b["x"] - a["x"]) * f
            o["y"] = a["y"] + (b["y"] - a["y"]) * f
            o["w"] = a["w"] + (b["w"] - a["w"]) * f
            o["h"] = a["h"] + (b["h"] - a["h"]) * f
        return it["hold"] or not it["end"]
    if k == K_DRAW:
        a = it["from"]
        b = it["to"]
        o["x"] = a["x"] + (b["x"] - a["x"]) * f
        o["y"] = a["y"] + (b["y"] - a["y"]) * f
        o["alpha"] = 1.0 if p < 0.75 else (1.0 - p) * 4.0
        return not it["end"]
    if k == K_REVEAL:
        if p < 0.5:
            o["sx"] = 1.0 - 2.0 * p
            o["face"] = False
        else:
            o["sx"] = 2.0 * p - 1.0
            o["face"] = True
        return True
    if k == K_MARKER:
        o["r"] = it["r1"] * f
        o["alpha"] = 1.0 - p
        return not it["end"]
    return False


def _turn_of(it):
    """Which way a tile already on the table turns as it slides to a place that lies the
    other way: the whole table turned a quarter (W-155), or the line was laid out again and
    the tile now lies round a corner (W-162): +1 clockwise, -1 the other way, 0 for none,
    None for a double (either way looks alike: it follows the others, `_turns`). The way that
    brings its halves where the new place shows them (clockwise, a lying tile's left half
    comes on top, a standing tile's top half goes right)."""
    a = it["from"]
    b = it["to"]
    was = it.get("was")
    if not it["pre"] or was is None or (a["w"] > a["h"]) == (b["w"] > b["h"]):
        return 0
    if was.get("a") == was.get("b"):
        return None
    o = it["out"]
    if a["w"] > a["h"]:  # lying to standing: what comes on top, the left half or the right
        return 1 if o["a"] == was.get("a") else -1
    return 1 if o["b"] == was.get("a") else -1  # standing to lying: the top goes right


def _turns(items):
    """Note, once per plan, how each slide turns (`turn`, see `_turn_of`; a double the way
    most tiles turn, so the table turns as one) and draw a turning tile as it lay until it
    starts (its rect, halves and direction; the new ones are kept in `halves`)."""
    items[0]["turns"] = True
    ways = []
    fresh = []
    for it in items:
        if it["k"] == K_SLIDE and "turn" not in it:
            it["turn"] = _turn_of(it)
            fresh.append(it)
            if it["turn"]:
                ways.append(it["turn"])
    most = 1 if ways.count(1) >= ways.count(-1) else -1
    for it in fresh:
        if it["turn"] == 0:
            continue
        if it["turn"] is None:
            it["turn"] = most
        o = it["out"]
        was = it["was"]
        it["halves"] = (o["a"], o["b"], o["vertical"])
        o["a"], o["b"], o["vertical"] = was.get("a"), was.get("b"), was["h"] > was["w"]
        o["rot"] = 0.0


def _pose_turning(a, b, o, f, turn):
    """A turning slide at eased progress `f`: its centre and sides moved that far, drawn as
    it lay (`_turns`), turned by `rot` radians about its centre."""
    cx = a["x"] + a["w"] / 2.0 + (b["x"] + b["w"] / 2.0 - a["x"] - a["w"] / 2.0) * f
    cy = a["y"] + a["h"] / 2.0 + (b["y"] + b["h"] / 2.0 - a["y"] - a["h"] / 2.0) * f
    # b's sides the other way round: a's long side grows into b's long side.
    w = a["w"] + (b["h"] - a["w"]) * f
    h = a["h"] + (b["w"] - a["h"]) * f
    o["x"] = cx - w / 2.0
    o["y"] = cy - h / 2.0
    o["w"] = w
    o["h"] = h
    o["rot"] = turn * f * 1.5707963


def _pose_sign(k, it, o, p, f):
    """A sign's instruction at progress `p` (eased `f`): a knock's badge, a score or money
    text, an announcement (still ones only shown). Returns whether it is drawn this frame."""
    if k == K_KNOCK:
        if it["hold_text"]:
            o["dx"] = 0.0
            o["alpha"] = 1.0
        else:
            o["dx"] = it["amp"] * math.sin(p * 18.85) * (1.0 - p)
            o["alpha"] = 1.0 if p < 0.7 else (1.0 - p) / 0.3
            o["x"] = it["x0"] + o["dx"]
    elif k == K_SCORE:
        if not it["hold_text"]:
            o["y"] = it["y0"] - it["rise"] * (1.0 - (1.0 - p) * (1.0 - p))
            if p < 0.15:
                o["alpha"] = p / 0.15
            elif p > 0.7:
                o["alpha"] = (1.0 - p) / 0.3
            else:
                o["alpha"] = 1.0
    elif k == K_MONEY:
        o["x"] = it["x0"] + (it["x1"] - it["x0"]) * f
        o["y"] = it["y0"] + (it["y1"] - it["y0"]) * f
        if p < 0.1:
            o["alpha"] = p / 0.1
        elif p > 0.85:
            o["alpha"] = (1.0 - p) / 0.15
        else:
            o["alpha"] = 1.0
    elif k == K_ANNOUNCE:
        if not it["still"]:
            if p < 0.15:
                o["alpha"] = p / 0.15
                o["scale"] = 0.85 + p
            elif p > 0.8:
                o["alpha"] = (1.0 - p) / 0.2
                o["scale"] = 1.0
            else:
                o["alpha"] = 1.0
                o["scale"] = 1.0
    else:
        return False
    return not it["end"]


def sounds(items, now_ms):
    """The sounds of the items that have started by `now_ms` and were not returned before,
    in order (each sound is returned once: call it every frame and play what it gives)."""
    out = []
    for it in items:
        if it["sounded"] or now_ms < it["t0"]:
            continue
        it["sounded"] = True
        if it["sound"] is not None:
            out.append(it["sound"])
    return out


def end_ms(items):
    """When the last item ends (None for no items)."""
    end = None
    for it in items:
        if end is None or it["t1"] > end:
            end = it["t1"]
    return end


def done(items, now_ms):
    """True once every item has ended (at once for no items)."""
    for it in items:
        if now_ms < it["t1"]:
            return False
    return True


def finish(items):
    """Jump every item to its end: the next `frame` draws the end state, `done` is True, and
    the sounds not yet played are dropped (a new snapshot brings its own)."""
    for it in items:
        it["t0"] = FAR_PAST
        it["t1"] = FAR_PAST
        it["sounded"] = True
    return items


def covered(items):
    """{key: True} for the table tiles the plan draws itself: the page leaves them out of the
    static table until `done` (then draws the whole table again)."""
    out = {}
    for it in items:
        if it["k"] == K_SLIDE:
            out[it["key"]] = True
    return out
