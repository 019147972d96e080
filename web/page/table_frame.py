"""When the game's table is drawn: at once, or, for its first draw since the game screen was
hidden (or ever), in a browser task after the next frame (DECISIONS W-116).

Reading the table's box in the render's task made the browser's first style and layout of the
whole game screen part of that task (13 ms of a 32 ms task on a quiet machine, 100-200 ms of
wall under load); at the frame the browser lays the screen out anyway, and the draw after it
reads a box already laid out. Meanwhile the canvas shows the table drawn last where that is
this match's table for this viewer (the return from the review or the menu, a resume of the
same match: the same table, no blank frame, W-138, W-147; drawn for another window size, it
is scaled evenly to its box, never stretched, its chips hidden, W-148), else it is blank, its
chips gone with it (an earlier match's table and chips, another seat's in pass-and-play, stay
out of sight; the felt shows); the geometry is unknown meanwhile (no motion is planned from a
table the player did not see).
Also where the table pans (`follow`): to a selected tile's glowing ends, and to the open end
of a Mexican train shown whole (W-53, W-126).
Kept plain for MicroPython: no dataclasses, no typing.
"""

import dom
import screens
import train_labels
from dom import byid
from store import S

# A draw waiting for the next frame: what to call once it is drawn, and whether its task is
# on its way; `shown`: whether the game screen has been laid out with the table drawn since
# it was last hidden.
_later = {"pending": False, "then": None, "task": False, "shown": False}


def on_screen_shown(old, name):
    """Another screen replaced the game's (the menu, the hand-over, the review): its next
    draw waits for the frame that lays it out again (`draw`)."""
    if name != screens.GAME:
        _later["shown"] = False


screens.on_show(on_screen_shown)


def draw(draw_now, then=None):
    """Call `draw_now()` (table.draw_now), then `then()` (what reads the table just drawn:
    the end buttons, the state said shown); after the next frame when the game screen has not
    been laid out since it was shown. A draw made now replaces one waiting, and calls its
    `then` if it has none of its own."""
    if not _later["shown"]:
        _later["shown"] = True
        _later["pending"] = True
        dom.root_data("drawing", "1")  # tests wait for the table drawn, not only rendered
        _later["then"] = then
        S["geo"] = None
        if _drawn["key"] is None or _drawn["key"] != drawing_key():
            blank()
        elif _drawn["resized"]:
            _fit(True)
        if not _later["task"]:
            _later["task"] = True
            dom.spawn(_draw_after_frame(draw_now))
        return
    waiting = _settle()
    draw_now()
    _drawn_now()
    if then is not None:
        then()
    elif waiting is not None:
        waiting()


async def _draw_after_frame(draw_now):
    await dom.after_frame()
    _later["task"] = False
    if not _later["pending"]:
        return  # drawn meanwhile
    then = _settle()
    if S["state"] is None or not screens.showing(screens.GAME):
        return  # the player left the table meanwhile
    t = dom.span_start()
    draw_now()
    _drawn_now()
    dom.span("table", t)
    if then is not None:
        then()


def _settle():
    """No draw waits any more (`html[data-drawing]` cleared with it): returns what was to be
    called once it was drawn (None when none waited)."""
    then = _later["then"] if _later["pending"] else None
    _later["pending"] = False
    _later["then"] = None
    dom.root_data("drawing", "")
    return then


def draw_pending():
    """Whether a draw waits for the next frame (`draw`)."""
    return _later["pending"]


async def drawn():
    """Return once no draw waits for the next frame: the page's pump takes no other state
    before the one shown is drawn (link.pump)."""
    while _later["pending"]:
        await dom.after_frame()


# What the canvas shows (`drawing_key` of the table drawn last, None once blanked): a first
# draw after the game screen was hidden keeps it for the frame it waits when it is this
# match's table for this viewer (W-138); `resized`: the window changed size since it was
# drawn, and `fit`: the canvas then shows it scaled evenly to its box for that frame (W-148).
_drawn = {"key": None, "resized": False, "fit": False}


def drawing_key():
    """What a drawing of the game's table depends on besides the state's moves: the match (its
    own id where its save names it, so a resume of the match drawn last keeps its table,
    W-147; else as the store counts them, W-136), the viewer, the language and the theme;
    None without a state."""
    state = S["state"]
    if state is None:
        return None
    match = S["match_id"]
    if match is None:
        match = S["match_serial"]
    return (match, state.get("viewer"), S["lang"], S["settings"].get("theme"))


def drawn_key():
    """`drawing_key` once the table is drawn, None where `draw_now` drew nothing (no box)."""
    return None if S["geo"] is None else drawing_key()


def on_resize(event=None):
    """The window changed size: the drawing on the canvas was made for another box (called by
    app.py's listener of the window's resize, whatever screen shows). Kept, it is shown again
    scaled evenly, never stretched, until the next draw (`_fit`)."""
    _drawn["resized"] = True


def _drawn_now():
    """A draw was made for the box the table has now: what it shows, and no scaling."""
    _drawn["key"] = drawn_key()
    _drawn["resized"] = False
    if _drawn["fit"]:
        _fit(False)


def _fit(on):
    """The canvas's drawing scaled evenly to the table's box (`object-fit: contain`: a
    drawing made for another window size, shown for the frame before the first draw, W-148)
    or, `on` False, filling it as every draw made for that box does. The chips are placed
    for the drawing's own size: gone meanwhile. One style write, no read of the layout."""
    _drawn["fit"] = on
    byid("table").style.objectFit = "contain" if on else ""
    if on:
        train_labels.place_chips(None)


def blank():
    """Clear the canvas and the trains' chips over it (a table drawn for an earlier match, or
    for another seat's view, stays out of sight; the felt shows)."""
    _drawn["key"] = None
    if _drawn["fit"]:
        _fit(False)
    canvas = byid("table")
    ctx = canvas.getContext("2d")
    ctx.setTransform(1, 0, 0, 1, 0, 0)
    ctx.clearRect(0, 0, int(canvas.width), int(canvas.height))
    train_labels.place_chips(None)


# The glowing ends last brought into view (their moves), so that a redraw of the same
# selection leaves the table where the player scrolled it.
_followed = {"moves": None}


def opened_end(geo, train_id):
    """The tap target of the open end of the train `train_id` shown whole, as a mark
    (`follow`), or None (no such train, or it fits the table's box)."""
    if train_id is None or geo.get("fits"):
        return None
    for end in geo["ends"]:
        if end["id"] == train_id:
            hit = end["hit"]
            return {"move": "whole", "x": hit["x"], "y": hit["y"], "w": hit["w"],
                    "h": hit["h"]}
    return None


def follow(marks, opened=None):
    """Pan the table to the glowing ends of a new selection (a tall Mexican Train table
    scrolls), and to the open end of a train just shown whole (`opened`, its id, W-126): a
    hidden box over them is scrolled into view, as little as needed (DECISIONS W-53).
    Nothing is read back from the page."""
    key = str(opened) + ":" + ",".join([m["move"] for m in marks])
    if key == _followed["moves"]:
        return
    _followed["moves"] = key
    box = byid("table-focus")
    if not marks:
        # Nothing to keep in view: the hidden box must not hold the table's scroll area
        # open below a train folded again (W-126).
        box.style.top = "0px"
        box.style.height = "0px"
        return
    x0 = y0 = 1e9
    x1 = y1 = -1e9
    for m in marks:
        x0 = min(x0, m["x"])
        y0 = min(y0, m["y"])
        x1 = max(x1, m["x"] + m["w"])
        y1 = max(y1, m["y"] + m["h"])
    # Whole pixels that cover the marks (rounding in would leave a pixel of one outside).
    left = int(x0)
    top = int(y0)
    box.style.left = str(left) + "px"
    box.style.top = str(top) + "px"
    box.style.width = str(int(x1 - left + 0.999)) + "px"
    box.style.height = str(int(y1 - top + 0.999)) + "px"
    dom.scroll_to(box)
