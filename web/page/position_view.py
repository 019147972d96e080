"""A recorded position on a table, as the review and the lesson show it: the position fetched
from the worker and kept, the table painted as at the game, the seats with their tiles face
up, and the moves and ends in words. Each function takes the screen's own store (`src`: the
review's `R`, the lesson's `L`, with the record's `info`, the positions kept and the table's
geometry drawn last), so neither screen imports the other (issue 23).
Kept plain for MicroPython: no dataclasses, no typing.
"""

import dom
import i18n
import link
import textfmt
from store import S, esc, tr


async def fetch_position(state, kind, k, fields):
    """The position kept as `k` in `state["positions"]` (the review's R, the lesson's L), else
    asked of the worker as `<kind>_position` (`review_position`, `lesson_position`) with the
    record `state["info"][kind]` and `fields`, and kept; on an error, None, and
    `state["error"]` says why (`review.unavailable`, `lesson.unavailable`)."""
    if k in state["positions"] or state["info"] is None:
        return state["positions"].get(k)
    message = {"type": kind + "_position", kind: state["info"][kind]}
    message.update(fields)
    answer = await link.send(message)
    if answer.get("type") != message["type"]:
        state["error"] = tr(kind + ".unavailable", why=i18n.error_reason(
            S["lang"], answer.get("code"), answer.get("message", "")))
        return None
    state["positions"][k] = answer
    return answer


def name_of(seat, src):
    """A seat's name; `src` is the screen's store with the record's `info` (the review's
    `R`, the lesson's `L`)."""
    info = src["info"] or {}
    return textfmt.seat_name(S["lang"], seat, info.get("seats") or [], info.get("viewer") or 0,
                             names_of(info))


def names_of(info):
    """The players' names a review or a lesson uses: a friends' history entry's own
    (DECISIONS W-75), else the page's (the menu's typed names, or the table's)."""
    given = info.get("names")
    return given if isinstance(given, list) else S["names"]


def end_of(end_id, src):
    """The end `end_id` of the table drawn last (`src["geo"]`), or None."""
    geo = src["geo"]
    if geo is None or end_id is None:
        return None
    for end in geo["ends"]:
        if end["id"] == end_id:
            return end
    return None


def where_words(end_id, value, src):
    """An end as the table shows it ("left, on 6"; a train's owner first)."""
    info = src["info"] or {}
    end = end_of(end_id, src)
    where = textfmt.end_words(S["lang"], end["dir"] if end is not None else None, value)
    if str(end_id).startswith("T") or end_id == "MX":
        return textfmt.end_label(S["lang"], end_id, info.get("seats") or [],
                                 info.get("viewer") or 0, names_of(info)) + ", " + where
    return where


def move_words(m, src):
    """A move in words, from its data (never its notation)."""
    if m is None:
        return ""
    kind = m.get("kind")
    if kind in ("draw", "pass", "leave"):
        return tr(textfmt.move_key(kind, (src["info"] or {}).get("reading")))
    tile = textfmt.canonical_tile(str(m.get("tile")))
    if kind == "lead" or m.get("end") is None:
        return tr("review.move_lead", tile=tile)
    text = tr("review.move_on", tile=tile, end=where_words(m["end"], m.get("open"), src))
    if kind == "pair" and m.get("tile2"):
        text += " + " + tr("review.move_on", tile=textfmt.canonical_tile(str(m["tile2"])),
                           end=where_words(m.get("end2"), m.get("open2"), src))
    return text


def seats_html(p, seats, seen, mark, focus, src):
    """The seats of position `p` as the review and the lesson show them: each seat's tiles
    face up (`seen`: -1 for every seat, else that seat only; the others' counts), the seat
    to move outlined; `mark(seat, tile)` gives a tile's extra class and its words for a
    screen reader, `focus` the seats a lesson points at."""
    counts = (p.get("view") or {}).get("counts") or []
    hands = p.get("hands") or []
    html = []
    for seat in seats:
        tiles = hands[seat] if seat < len(hands) else []
        cls = "review-seat" + (" to-move" if p.get("to_move") == seat else "") \
            + (" focus" if seat in focus else "")
        name = name_of(seat, src)
        part = ['<div class="' + cls + '" role="group" aria-label="' + esc(name)
                + '" data-seat="' + str(seat) + '"><b>' + esc(name) + "</b> "]
        count = counts[seat] if seat < len(counts) else len(tiles)
        if seen in (-1, seat):
            part.append('<span class="open-hand">')
            for tile in tiles:
                t = textfmt.canonical_tile(str(tile))
                extra, note = mark(seat, t)
                part.append('<span class="mini' + extra + '">' + esc(t)
                            + ('<span class="sr-only"> (' + esc(note) + ")</span>"
                               if note else "") + "</span>")
            part.append("</span>")
        else:
            part.append('<span class="seat-count">' + esc(textfmt.tiles_text(S["lang"], count))
                        + "</span>")
        part.append("</div>")
        html.append("".join(part))
    return "".join(html)


def table_of(state, width, height, place):
    """The geometry of `state`'s table in a box `width` x `height`, laid as the game's is: a
    spinner tree on a wide box turned a quarter where its tiles are then much bigger, the way
    it lies remembered for the hand at `place` ((name, key of the hand), tree_turn.lay,
    W-158), so that stepping through a hand does not turn it back and forth."""
    import geometry
    import tree_turn

    view = state["view"]
    viewer = state.get("viewer")
    return tree_turn.lay(state, width, height, geometry.kind_of(view.get("layout")),
                         lambda turn: geometry.view_table(view, width, height, viewer,
                                                          turn=turn),
                         geometry.MAX_UNIT, place)


def paint_table(canvas, wrap, state, glow, empty, place):
    """Size `canvas` to its box `wrap` and paint the table of `state` (a position as the
    table's drawing reads a state; its `state_id` tells the positions apart) as at the game,
    the ends of the moves `glow` glowing; `empty`: the words on an empty table; `place`: the
    table's memory of the hand (`table_of`). Returns (geometry, context), or (None, None)
    when the box has no size yet. The review and the lesson draw their tables with it."""
    import table

    width = float(wrap.clientWidth)
    height = float(wrap.clientHeight)
    if width <= 0 or height <= 0:
        return None, None
    geo = table_of(state, width, height, place)
    # The half-tile size and whether the tree lies turned: for tests and tools, never read
    # back by the page.
    canvas.setAttribute("data-unit", str(geo["unit"]))
    canvas.setAttribute("data-turned", "1" if geo.get("turned") else "0")
    ratio = dom.pixel_ratio()
    canvas.style.height = str(int(geo["height"])) + "px"
    if int(canvas.width) != int(geo["width"] * ratio) \
            or int(canvas.height) != int(geo["height"] * ratio):
        canvas.width = int(geo["width"] * ratio)
        canvas.height = int(geo["height"] * ratio)
    ctx = canvas.getContext("2d")
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
    table.paint(ctx, canvas, state, geo, None, glow, empty)
    return geo, ctx


def outline(ctx, box, colour, dash):
    """A box of the table (an end, a tile) outlined in `colour`, dashed when `dash`."""
    ctx.save()
    ctx.strokeStyle = colour
    ctx.lineWidth = 3
    if dash:
        ctx.setLineDash([5, 3])
    ctx.beginPath()
    ctx.roundRect(box["x"] - 2, box["y"] - 2, box["w"] + 4, box["h"] + 4,
                  min(box["w"], box["h"]) * 0.2)
    ctx.stroke()
    ctx.restore()
