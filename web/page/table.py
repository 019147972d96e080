"""The table: the layout drawn on the canvas from `geometry.table`, the ends a selected (or
dragged) tile fits glowing, and taps or drops on those ends.

The geometry of the current state and canvas size is kept in the store (`S["geo"]`), so the
hand's end buttons and the log name an end as the table shows it ("up, on 6"). Which ends a
tile fits comes from the state's legal moves (their `end` ids), never from the tiles.
"""

import json

import geometry
import logview
import screens
import table_frame
import textfmt
import train_labels
import tree_turn
import dom
from dom import byid
from store import S, tr

GLOW = "#38bdf8"


def compute():
    """The geometry of the current layout for the canvas's box (kept in `S["geo"]`)."""
    state = S["state"]
    wrap = byid("table-wrap")
    t = dom.span_start()
    width = float(wrap.clientWidth)  # lays the page out with what the render just wrote
    height = float(wrap.clientHeight)
    dom.span("table.box", t)
    if state is None or width <= 0 or height <= 0:
        S["geo"] = None
        return None
    # A selected tile whose ends lie further apart than the table's box is tall zooms the
    # table out until they are in view together (DECISIONS W-70).
    targets = [m["end"] for m in glowing()]
    forms = train_labels.label_forms(state, width)
    # While a selected tile's ends glow, a train shown whole folds again (W-126): the folded
    # table holds every target in view; Cancel shows the train whole again.
    whole = None if targets else train_labels.whole_train(state)
    need = train_labels.label_widths(forms) if forms else None
    view = state.get("view") or {}
    # A spinner tree on a wide table may lie turned a quarter where its tiles are then
    # bigger, remembered for the hand (tree_turn.py, W-155).
    kind = geometry.kind_of(view.get("layout"))
    geo = train_labels.hub_layout(state, lambda hub, keep: tree_turn.lay(
        state, width, height, kind, lambda turn: geometry.view_table(
            view, width, height, state.get("viewer"), targets, need, True, whole, hub, keep,
            turn), geometry.MAX_UNIT), (width, height))
    geo["label_forms"] = forms
    S["geo"] = geo
    return geo


def end_of(end_id):
    """The geometry's end with this id, or None."""
    geo = S["geo"]
    if geo is None:
        return None
    for end in geo["ends"]:
        if end["id"] == end_id:
            return end
    return None


def end_name(move):
    """How the table shows a move's end: "up, on 6" (with the train's owner on Mexican
    Train), else the engine's name of it."""
    end_id = move.get("end")
    if end_id is None:
        return ""
    state = S["state"]
    end = end_of(end_id)
    value = move.get("open")
    if end is not None and value is None:
        value = end["value"]
    where = textfmt.end_words(S["lang"], end["dir"] if end is not None else None, value) \
        if value is not None else ""
    if str(end_id).startswith("T") or end_id == "MX":
        base = textfmt.end_label(S["lang"], end_id, state["seats"], state["viewer"], S["names"])
        return base + (", " + where if where else "")
    if not where:
        return textfmt.end_label(S["lang"], end_id, state["seats"], state["viewer"], S["names"])
    return where


def glowing():
    """The moves whose ends glow: those of the selected or dragged tile."""
    tile = None
    if S["drag"] is not None and S["drag"].get("moved"):
        tile = S["drag"]["tile"]
    elif S["selected"] is not None:
        tile = S["selected"]
    if tile is None:
        return []
    out = []
    for m in S["moves"]:
        if m.get("tile") is not None and textfmt.canonical_tile(str(m["tile"])) == tile \
                and m.get("end") is not None:
            out.append(m)
    return out


# The animation under way: its items (motion.plan), the state and geometry it started
# from, the offscreen canvas holding the still table.
_anim = {"items": None, "state": None, "state_id": None, "off": None,
         "running": False, "failed": False, "ratio": 1.0}


def draw(then=None):
    """Draw the table, then call `then()`: now, or after the next frame (table_frame.py)."""
    table_frame.draw(draw_now, then)


def draw_now():
    """Draw the table now (`draw`): its geometry for the box it has, the animation from the
    state drawn before, else the still table."""
    canvas = byid("table")
    state = S["state"]
    prev_state = _anim["state"]
    prev_geo = S["geo"]
    t = dom.span_start()
    geo = compute()
    dom.span("table.compute", t)
    train_labels.place_chips(geo)
    if geo is None:
        return
    logview.follow_turn()
    width = geo["width"]
    height = geo["height"]
    canvas.style.height = str(int(height)) + "px"
    ratio = dom.pixel_ratio()
    if int(canvas.width) != int(width * ratio) or int(canvas.height) != int(height * ratio):
        canvas.width = int(width * ratio)
        canvas.height = int(height * ratio)
    ctx = canvas.getContext("2d")
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
    canvas.setAttribute("aria-label", tr("game.table") + ": " + str(len(geo["tiles"])))
    # The half-tile size drawn and each tile's rect (CSS px) with its halves: for tests and
    # tools, never read back by the page.
    canvas.setAttribute("data-unit", str(geo["unit"]))
    canvas.setAttribute("data-zoomed", "1" if geo.get("zoomed") else "0")
    canvas.setAttribute("data-apart", "1" if geo.get("apart") else "0")
    canvas.setAttribute("data-turned", "1" if geo.get("turned") else "0")
    rects = []
    for p in geo["tiles"]:
        rects.append([round(p["x"]), round(p["y"]), round(p["w"]), round(p["h"]), p["a"], p["b"]])
    canvas.setAttribute("data-tiles", json.dumps(rects))
    if _anim["state_id"] != state["state_id"]:
        if _anim["items"] is not None:
            motion_finish()  # a snapshot arrived mid-animation: the old one ends at once
        _anim["state"] = state
        _anim["state_id"] = state["state_id"]
        plan_motion(prev_state, state, prev_geo, geo)
    spots_at_next_frame()
    if _anim["items"] is not None:
        off = offscreen(width, height, ratio)
        octx = off.getContext("2d")
        octx.setTransform(ratio, 0, 0, ratio, 0, 0)
        paint(octx, canvas, state, geo, covered())
        if not _anim["running"]:
            _anim["running"] = True
            mark_moving(True)
            request_frame()
        return
    t = dom.span_start()
    paint(ctx, canvas, state, geo, None)
    dom.span("table.paint", t)


def paint(ctx, canvas, state, geo, skip, glow=None, empty="game.empty_table"):
    """The still table: its tiles (but those in `skip`, drawn by the animation), the last
    placement outlined, the glowing ends (`glow`: these moves' ends instead of the selected
    tile's; the review shows its own), the words `empty` on an empty table."""
    width = geo["width"]
    height = geo["height"]
    ctx.clearRect(0, 0, width, height)
    tiles = geo["tiles"]
    if not tiles:
        canvas.setAttribute("data-glow", "[]")
        train_labels.name_band(state, [])  # a new hand: no train caps the band's names
        ctx.fillStyle = "#d1fae5"
        ctx.font = "16px system-ui, sans-serif"
        ctx.textAlign = "center"
        # Wrapped onto as many lines as the table's width needs (a phone's table is narrow).
        lines = wrap_words(ctx, tr(empty), width - 16)
        top = height / 2 - (len(lines) - 1) * 10
        for i in range(len(lines)):
            ctx.fillText(lines[i], width / 2, top + i * 20)
        return
    max_pip = geometry.max_pip_of(state.get("options"))
    train_labels.draw_labels(ctx, canvas, state, geo)
    recent = textfmt.last_placed((state.get("view") or {}).get("history"))
    ratio = dom.pixel_ratio()
    for p in tiles:
        if skip is not None and p["key"] in skip:
            continue
        draw_tile_fast(ctx, p, max_pip, ratio)
        if p["key"] in recent and not p.get("engine"):
            ctx.strokeStyle = "#f59e0b"
            ctx.lineWidth = 2.5
            ctx.beginPath()
            ctx.roundRect(p["x"] - 1.5, p["y"] - 1.5, p["w"] + 3, p["h"] + 3,
                          min(p["w"], p["h"]) * 0.18)
            ctx.stroke()
    marks = []
    for m in (glowing() if glow is None else glow):
        end = None
        for e in geo["ends"]:
            if e["id"] == m["end"]:
                end = e
        if end is not None:
            draw_glow(ctx, end, geo["unit"])
            hit = end["hit"]
            marks.append({"move": m["move"], "end": m["end"], "x": hit["x"], "y": hit["y"],
                          "w": hit["w"], "h": hit["h"]})
    # Where the glowing ends are (CSS px in the canvas): for tests and tools; the page
    # itself never reads it back.
    canvas.setAttribute("data-glow", json.dumps(marks))
    if canvas.id == "table":
        # Targets further apart than the table is tall even zoomed out (W-100): the first
        # is brought into view, the end choice's buttons reach every one.
        shown = marks[:1] if geo.get("apart") else marks
        # A train shown whole that makes the table scroll (W-114): its open end is brought
        # into view (W-126); with targets glowing the train is folded (`compute`).
        opened = None if shown else train_labels.whole_train(state)
        end = table_frame.opened_end(geo, opened)
        if end is not None:
            shown = shown + [end]
        table_frame.follow(shown, opened)


def wrap_words(ctx, text, width):
    """Split `text` into lines no wider than `width` pixels in the context's font."""
    lines = []
    line = ""
    for word in text.split(" "):
        trial = word if not line else line + " " + word
        if line and float(ctx.measureText(trial).width) > width:
            lines.append(line)
            line = word
        else:
            line = trial
    if line:
        lines.append(line)
    return lines


def draw_glow(ctx, end, unit):
    ctx.save()
    ctx.shadowColor = GLOW
    ctx.shadowBlur = 12
    ctx.fillStyle = "#38bdf855"
    ctx.strokeStyle = GLOW
    ctx.lineWidth = 2.5
    ctx.beginPath()
    ctx.roundRect(end["x"] + 1, end["y"] + 1, end["w"] - 2, end["h"] - 2,
                  min(end["w"], end["h"]) * 0.2)
    ctx.fill()
    ctx.stroke()
    ctx.restore()
    ctx.fillStyle = "#0c4a6e"
    ctx.font = "700 " + str(int(max(11, unit * 0.8))) + "px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillText(str(end["value"]), end["x"] + end["w"] / 2, end["y"] + end["h"] / 2)
    ctx.textBaseline = "alphabetic"


# Tiles drawn once into small canvases of their own, by face, size and pixel ratio: a still
# Mexican Train table has about a hundred tiles of up to 24 pips, and drawing each pip on
# every paint took most of a frame; a drawn tile is one `drawImage`.
_sprites = {}
SPRITES_KEPT = 600
SPRITE_PAD = 2  # device px around a tile, for its edge and its shadow


def draw_tile_fast(ctx, p, max_pip, ratio):
    """`draw_tile` from a cached image of the tile, placed on whole device pixels (so the
    image is copied, never resampled)."""
    w, h = p["w"], p["h"]
    if w < 2 or h < 2:
        return
    face = p.get("face", True) and p.get("a") is not None and p.get("b") is not None
    key = (p.get("a"), p.get("b"), face, p["vertical"], int(w * ratio * 4), int(h * ratio * 4),
           max_pip, ratio, S["settings"].get("theme"))
    sprite = _sprites.get(key)
    if sprite is None:
        if len(_sprites) >= SPRITES_KEPT:
            _sprites.clear()  # sizes of an earlier table or window
        t = dom.span_start()
        sprite = dom.create("canvas")
        sprite.width = int((w + 1.5) * ratio) + 2 * SPRITE_PAD + 1
        sprite.height = int((h + 2) * ratio) + 2 * SPRITE_PAD + 1
        sctx = sprite.getContext("2d")
        sctx.setTransform(ratio, 0, 0, ratio, SPRITE_PAD, SPRITE_PAD)
        draw_tile(sctx, {"x": 0, "y": 0, "w": w, "h": h, "a": p.get("a"), "b": p.get("b"),
                         "face": face, "vertical": p["vertical"]}, max_pip)
        _sprites[key] = sprite
        dom.span("sprite", t)
    dx = (round(p["x"] * ratio) - SPRITE_PAD) / ratio
    dy = (round(p["y"] * ratio) - SPRITE_PAD) / ratio
    ctx.drawImage(sprite, dx, dy, int(sprite.width) / ratio, int(sprite.height) / ratio)


# The tiles' colours by table theme (settings.THEMES): face, edge and line, back, its edge,
# and the edge's width.
TILE_THEMES = {
    "felt": ("#faf6ea", "#57534e", "#7c2d12", "#fde68a", 1),
    "night": ("#f8fafc", "#475569", "#7c2d12", "#fde68a", 1),
    "contrast": ("#ffffff", "#000000", "#000000", "#ffffff", 2),
}


def tile_theme():
    return TILE_THEMES.get(S["settings"].get("theme"), TILE_THEMES["felt"])


def draw_tile(ctx, p, max_pip):
    x, y, w, h = p["x"], p["y"], p["w"], p["h"]
    if w < 2 or h < 2:
        return
    ctx.fillStyle = "#00000055"
    ctx.fillRect(x + 1.5, y + 2, w, h)
    face = p.get("face", True) and p.get("a") is not None and p.get("b") is not None
    colours = tile_theme()
    ctx.fillStyle = colours[0] if face else colours[2]
    ctx.strokeStyle = colours[1] if face else colours[3]
    ctx.lineWidth = colours[4]
    ctx.beginPath()
    ctx.roundRect(x + 0.5, y + 0.5, w - 1, h - 1, min(w, h) * 0.14)
    ctx.fill()
    ctx.stroke()
    if not face:
        return
    ctx.fillStyle = colours[1]
    size = min(w, h)
    if p["vertical"]:
        ctx.fillRect(x + size * 0.15, y + h / 2 - 0.5, w - size * 0.3, 1)
        halves = ((p["a"], x, y, w, h / 2), (p["b"], x, y + h / 2, w, h / 2))
    else:
        ctx.fillRect(x + w / 2 - 0.5, y + size * 0.15, 1, h - size * 0.3)
        halves = ((p["a"], x, y, w / 2, h), (p["b"], x + w / 2, y, w / 2, h))
    for value, hx, hy, hw, hh in halves:
        ctx.fillStyle = geometry.pip_colour(value, max_pip)
        radius = geometry.pip_radius(size, value)
        for fx, fy in geometry.pip_points(value):
            ctx.beginPath()
            ctx.arc(hx + fx * hw, hy + fy * hh, radius, 0, 6.2832)
            ctx.fill()


def move_at(x, y, tile):
    """The legal move of `tile` whose end's target holds the point (canvas CSS px), or
    None."""
    best = None
    for m in S["moves"]:
        if m.get("tile") is None or m.get("end") is None:
            continue
        if textfmt.canonical_tile(str(m["tile"])) != tile:
            continue
        end = end_of(m["end"])
        if end is None:
            continue
        hit = end["hit"]
        if hit["x"] <= x <= hit["x"] + hit["w"] and hit["y"] <= y <= hit["y"] + hit["h"]:
            best = m
            break
    return best


def canvas_point(client_x, client_y):
    """A viewport point in the canvas's CSS px."""
    rect = byid("table").getBoundingClientRect()
    return float(client_x) - float(rect.left), float(client_y) - float(rect.top)


def over_canvas(client_x, client_y):
    rect = byid("table-wrap").getBoundingClientRect()
    return float(rect.left) <= float(client_x) <= float(rect.right) \
        and float(rect.top) <= float(client_y) <= float(rect.bottom)


# --------------------------------------------------------------------------- motion
#
# Planned by motion.py from the previous and the new snapshot and the new state's events
# (never from the page); played here frame by frame over the still table, which is drawn
# once into an offscreen canvas without the tiles the animation moves.


def motion_on():
    return S["settings"].get("motion") and not _anim["failed"]


def motion_speed():
    speed = S["settings"].get("speed")
    if not motion_on() or speed == "instant":
        return "off"
    return speed if speed in ("slow", "normal", "fast") else "normal"


def plan_motion(prev, new, prev_geo, geo):
    import motion

    _anim["items"] = None
    if prev is None or prev_geo is None or not screens.showing(screens.GAME):
        return
    speed = motion_speed()
    if speed == "off":
        return
    state = S["state"]
    spots = motion.seat_spots(len(state["seats"]), state["viewer"], geo["width"],
                              geo["height"], geo["unit"] or 16.0)
    # Where the seats, the boneyard and your tiles stood on the screen before this state was
    # rendered (measured after the previous draw), so that a tile leaves its seat or your hand.
    measured = _spots["rects"]
    if measured is not None and _spots["size"] == (geo["width"], geo["height"]):
        for key in measured:
            spots[key] = measured[key]
    try:
        items = motion.plan(prev, new, prev_geo, geo, spots, dom.now(),
                            speed, {"say": say, "amount": say_amount})
    except Exception as exc:  # noqa: BLE001 - the table is drawn still instead
        stop_motion(exc)
        return
    if items:
        _anim["items"] = items


# The screen rects of the seats, the boneyard and your tiles in the canvas's CSS px, measured
# at the frame after each draw (the layout is the page's; the plan only reads these numbers).
_spots = {"rects": None, "size": None, "pending": False}


def spots_at_next_frame():
    """Measure the spots (`measure_spots`) at the next animation frame, not in the draw's
    task: there the page's elements were just written, and reading their rects laid the page
    out once more before the rest of the render wrote again (DECISIONS W-107). At the frame
    the browser lays it out anyway, and the next plan (a later state) reads the rects of the
    page as it was shown."""
    if not _spots["pending"]:
        _spots["pending"] = True
        dom.next_frame(spots_now)


def spots_now(timestamp=None):
    """The frame's measure of the spots for the geometry drawn last."""
    _spots["pending"] = False
    geo = S["geo"]
    if geo is None:
        return
    t = dom.span_start()
    try:
        measure_spots(geo)
    except Exception:  # noqa: BLE001 - the plan falls back to the edges of the table
        _spots["rects"] = None
    dom.span("table.spots", t)


def _canvas_rect(el, origin, width, height):
    """The rect of element `el` relative to the canvas, its centre kept inside the canvas so
    that a tile from a seat beside the table enters at the table's edge nearest to it."""
    r = el.getBoundingClientRect()
    w = float(r.width)
    h = float(r.height)
    if w <= 0 or h <= 0:
        return None
    cx = min(max(float(r.left) - origin[0] + w / 2.0, 0.0), width)
    cy = min(max(float(r.top) - origin[1] + h / 2.0, 0.0), height)
    return {"x": cx - w / 2.0, "y": cy - h / 2.0, "w": w, "h": h}


def measure_spots(geo):
    """Measure where the seats, the boneyard and your tiles are now (for the next plan)."""
    import motion

    canvas = byid("table").getBoundingClientRect()
    origin = (float(canvas.left), float(canvas.top))
    width = geo["width"]
    height = geo["height"]
    out = {}
    for el in dom.query_all(".seat[data-seat]"):
        seat = el.getAttribute("data-seat")
        if seat is not None and str(seat).isdigit():
            rect = _canvas_rect(el, origin, width, height)
            if rect is not None:
                out[int(str(seat))] = rect
    pile = byid("boneyard")
    if not pile.hidden:
        rect = _canvas_rect(pile, origin, width, height)
        if rect is not None:
            out["boneyard"] = rect
    hand = byid("hand")
    rect = _canvas_rect(hand, origin, width, height)
    if rect is not None:
        out["hand"] = rect
    tiles = {}
    for el in dom.query_all("#hand [data-tile]"):
        rect = _canvas_rect(el, origin, width, height)
        if rect is not None:
            tiles[motion.tile_key(str(el.getAttribute("data-tile")))] = rect
    if tiles:
        out["hand_tiles"] = tiles
    _spots["rects"] = out
    _spots["size"] = (width, height)


def say(key, args):
    """motion.py's texts in the page's words (a kozel pass is a knock; "You are the goat")."""
    names = []
    state = S["state"]
    seats = (args or {}).get("seats") or []
    for seat in seats:
        names.append(textfmt.seat_name(S["lang"], seat, state["seats"], state["viewer"],
                                       S["names"]))
    if key == "move.pass" and textfmt.word(state, "pass") == "knock":
        key = "move.knock"
    if key == "result.goat" and len(seats) == 1 and seats[0] == state["viewer"] \
            and names and names[0] == tr("game.you"):
        key = "result.goat_you"
    return tr(key, name=", ".join(names), n=len(names))


def say_amount(value):
    return textfmt.amount(value, S["lang"], True)


def covered():
    import motion

    return motion.covered(_anim["items"]) if _anim["items"] is not None else {}


def offscreen(width, height, ratio):
    off = _anim["off"]
    if off is None:
        off = dom.create("canvas")
        _anim["off"] = off
    if int(off.width) != int(width * ratio) or int(off.height) != int(height * ratio):
        off.width = int(width * ratio)
        off.height = int(height * ratio)
    return off


def request_frame():
    dom.next_frame(on_frame)


def on_frame(now):
    import motion
    import sound

    items = _anim["items"]
    geo = S["geo"]
    if items is None or geo is None:
        _anim["running"] = False
        mark_moving(False)
        return
    try:
        now = float(now)
        canvas = byid("table")
        ctx = canvas.getContext("2d")
        ratio = dom.pixel_ratio()
        ctx.setTransform(1, 0, 0, 1, 0, 0)
        ctx.clearRect(0, 0, int(canvas.width), int(canvas.height))
        ctx.drawImage(_anim["off"], 0, 0)
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        max_pip = geometry.max_pip_of(S["state"].get("options"))
        for o in motion.frame(items, now):
            paint_instruction(ctx, o, max_pip)
        mark_landed(items, now)
        sound.play_all(motion.sounds(items, now))
        finished = motion.done(items, now)
    except Exception as exc:  # noqa: BLE001 - the table is drawn still instead
        stop_motion(exc)
        return
    if finished:
        _anim["items"] = None
        _anim["running"] = False
        mark_moving(False)
        # The still table, whole again. Nothing else on the page waits for the animation
        # (the summary polls `motion_running`), so the rest of the page is not rendered again.
        ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
        paint(ctx, canvas, S["state"], geo, None)
        return
    request_frame()


def mark_landed(items, now):
    """`performance.mark("domino:landed")` in the frame that first draws one of the viewer's
    own tiles at its place: benchmarks/tap_latency.py measures a tap to that frame."""
    import motion

    viewer = S["state"].get("viewer")
    for it in items:
        if it["k"] == motion.K_SLIDE and it.get("cause") == "play" and it["seat"] == viewer \
                and now >= it["t1"] and not it.get("landed"):
            it["landed"] = True
            dom.mark("domino:landed")


def motion_finish():
    import motion

    if _anim["items"] is not None:
        motion.finish(_anim["items"])
    _anim["items"] = None


def motion_running():
    return _anim["items"] is not None


def mark_moving(moving):
    """Say on the page whether the table is animating (`html[data-table]`: "moving" or
    "still"), for tests and tools that wait until it is still."""
    dom.root_data("table", "moving" if moving else "still")


def stop_motion(exc):
    _anim["items"] = None
    _anim["running"] = False
    mark_moving(False)
    _anim["failed"] = True
    dom.warn("motion off: " + str(exc))


def paint_instruction(ctx, o, max_pip):
    kind = o["kind"]
    alpha = o.get("alpha", 1.0)
    ctx.globalAlpha = max(0.0, min(1.0, alpha if alpha is not None else 1.0))
    if kind == "tile":
        rot = o.get("rot")
        if rot:  # a tile turning as it slides (motion_frames._pose_turning), about its centre
            ctx.save()
            ctx.translate(o["x"] + o["w"] / 2.0, o["y"] + o["h"] / 2.0)
            ctx.rotate(rot)
            ctx.translate(-o["x"] - o["w"] / 2.0, -o["y"] - o["h"] / 2.0)
        draw_tile(ctx, o, max_pip)  # its size changes as it moves: no cached image
        if rot:
            ctx.restore()
    elif kind == "hand":
        sx = o.get("sx", 1.0)
        for t in o["tiles"]:
            w = t["w"] * abs(sx)
            p = {"x": t["x"] + (t["w"] - w) / 2.0, "y": t["y"], "w": w, "h": t["h"],
                 "a": t.get("a"), "b": t.get("b"), "vertical": t.get("vertical", True),
                 "face": o.get("face", True)}
            draw_tile(ctx, p, max_pip)
    elif kind == "knock":
        text = str(o.get("text") or "")
        x = o["x"] + o["w"] / 2.0
        y = o["y"] + o["h"] / 2.0
        ctx.font = "700 14px system-ui, sans-serif"
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        width = float(ctx.measureText(text).width) + 16
        ctx.fillStyle = "#1c1917dd"
        ctx.beginPath()
        ctx.roundRect(x - width / 2.0, y - 13, width, 26, 13)
        ctx.fill()
        ctx.fillStyle = "#fde68a"
        ctx.fillText(text, x, y)
    elif kind == "text":
        ctx.font = "800 " + str(int(o.get("size") or 18)) + "px system-ui, sans-serif"
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        ctx.lineWidth = 3
        ctx.strokeStyle = "#1c1917"
        ctx.strokeText(str(o["text"]), o["x"], o["y"])
        ctx.fillStyle = "#fde68a" if o.get("style") == "score" else "#bbf7d0"
        ctx.fillText(str(o["text"]), o["x"], o["y"])
    elif kind == "banner":
        scale = o.get("scale") or 1.0
        ctx.font = "800 " + str(int(22 * scale)) + "px system-ui, sans-serif"
        ctx.textAlign = "center"
        ctx.textBaseline = "middle"
        text = str(o["text"])
        width = float(ctx.measureText(text).width) + 32
        ctx.fillStyle = "#1c1917e6"
        ctx.beginPath()
        ctx.roundRect(o["x"] - width / 2.0, o["y"] - 24, width, 48, 12)
        ctx.fill()
        ctx.fillStyle = "#fde68a"
        ctx.fillText(text, o["x"], o["y"])
    elif kind == "ring":
        ctx.strokeStyle = "#f59e0b"
        ctx.lineWidth = 3
        ctx.beginPath()
        ctx.arc(o["x"], o["y"], max(0.0, o["r"]), 0, 6.2832)
        ctx.stroke()
    ctx.globalAlpha = 1.0
    ctx.textBaseline = "alphabetic"
