"""The lesson screen (issue 13, docs/LESSONS.md): a guided hand of one variant, played move
by move on the table, forward and back (buttons, the arrow keys), with what the lesson says
at each step, what it points at highlighted (tiles, ends, seats), and at a "try" step the
learner's own move: a tile of the hand, then its end (a glowing end of the table or a button
naming it, as at the game), answered right or wrong with the lesson's words.

The stepper is the review's (position_view.py): the worker replays the lesson's record
(web/worker/lessoning.py: `lesson_open`, `lesson_position`, the review's positions plus the
learner's legal moves as data) and the table is drawn by `position_view.paint_table`; the seats
and the moves in words are the review's too. What to say, whether a move is right and where
the stepper may go are `lessonplan`'s (web/page/lessonplan.py, fetched on the first
lesson with the lesson's file): this module never decides a rule.
"""

import json

import i18n
import link
import loading
import screens
import position_view
import deeplink
import textfmt
import dom
from dom import byid, set_html, spawn
from store import S, esc, tr

FOCUS = "#f472b6"  # what a step points at, on the table and in the hands
PLAN = {"module": None}


def blank():
    return {"lesson": None, "variant": None, "info": None, "index": 0, "positions": {},
            "passed": [], "feedback": None, "hint": None, "selected": None, "error": "",
            "geo": None, "geos": {}}


L = blank()


# --------------------------------------------------------------------------- opening


async def plan():
    """lessonplan, fetched from ./page/ and imported on the first lesson."""
    if PLAN["module"] is None:
        path = "lessonplan" + loading.SUFFIX  # bytecode or source, as the build made it
        await dom.fetch_file("./page/" + path, path)
        import lessonplan

        PLAN["module"] = lessonplan
    return PLAN["module"]


def fail(why):
    L["error"] = tr("lesson.unavailable", why=why)
    render()


async def open_lesson(variant):
    """Open the lesson of `variant`: its file and its record in the worker, at the deal.
    A game the catalogue does not have has no lesson: the menu stays, with a note."""
    if S["variant_ids"] and variant not in S["variant_ids"]:
        dom.show_link_notes([deeplink.NOTE_LESSON], add=True)
        return
    L.clear()
    L.update(blank())
    L["variant"] = variant
    screens.show(screens.LESSON)
    render()
    try:
        lp = await plan()
        lesson = lp.load(await dom.fetch_text("./lessons/" + variant + ".json"))
    except Exception as exc:  # noqa: BLE001 - said on the screen
        dom.warn("lesson: " + str(exc))
        fail(tr("reason.bad_lesson"))
        return
    answer = await link.send({"type": "lesson_open", "record": lesson["record"],
                              "seat": lesson["seat"]})
    if answer.get("type") != "lesson_opened" or L["variant"] != variant:
        if L["variant"] == variant:
            fail(i18n.error_reason(S["lang"], answer.get("code"), answer.get("message", "")))
        return
    seat = lesson["seat"]
    players = int(answer.get("players") or 0)
    answer["seats"] = ["human" if s == seat else "ai" for s in range(players)]
    answer["viewer"] = seat
    L["lesson"] = lesson
    L["info"] = answer
    await show(0)
    byid("lesson-next").focus()
    settle_focus()


def leave(event=None):
    L["selected"] = None
    screens.show(screens.MENU)
    node = byid("lesson-open")
    if node is not None and not node.disabled:
        node.focus()


def play_match(event=None):
    """From the end of the lesson: the menu, with the lesson's game chosen."""
    variant = L["variant"]
    if variant and variant in S["variant_ids"]:
        S["setup"]["variant"] = variant
        S["setup"]["options"] = {}
        screens.call(screens.MENU, "render_setup")
    leave()
    byid("start").focus()


# --------------------------------------------------------------------------- positions


def total():
    return int((L["info"] or {}).get("moves") or 0)


async def fetch(index):
    """Position `index` of the lesson's hand, from the worker unless it was seen before."""
    return await position_view.fetch_position(L, "lesson", index, {"index": index})


async def show(index):
    """Show position `index` (the last move's words need the one before it too)."""
    lesson = L["lesson"]
    await fetch(index)
    if index > 0:
        await fetch(index - 1)
    if L["lesson"] is not lesson:
        return
    L["index"] = index
    L["selected"] = None
    if L["feedback"] is not None and L["feedback"]["at"] != index:
        L["feedback"] = None
    if L["hint"] is not None and L["hint"] != index:
        L["hint"] = None
    render()
    settle_focus()
    if index + 1 <= total():
        await fetch(index + 1)  # stepping forward never waits


def settle_focus():
    """Keep the keyboard's focus on the screen when the control it was on went away or
    was disabled (Next at a try, a tile played, the hint shown): on the first tile to play
    at a try, Start again at the end, else Next."""
    active = dom.focused()
    screen = byid("lesson")
    if active is not None and screen.contains(active) and not active.matches(":disabled") \
            and active.offsetParent is not None:
        return
    if pending() is not None:
        node = dom.query("#lesson-hand .tile.playable")
    elif L["index"] >= total():
        node = byid("lesson-again")
    else:
        node = byid("lesson-next")
    if node is not None:
        node.focus()


def go(index):
    """Show position `index` if the lesson lets the stepper go there."""
    lesson = L["lesson"]
    if lesson is None:
        return
    if not PLAN["module"].can_go(lesson, L["index"], int(index), L["passed"]):
        return
    spawn(show(int(index)))


def pending():
    """The try step the learner is to play now, or None."""
    if L["lesson"] is None:
        return None
    return PLAN["module"].pending_try(L["lesson"], L["index"], L["passed"])


def play(move):
    """The learner's move at a try (one of the position's `moves`, as data): right, the
    stepper goes on (the record's move is played); wrong, the lesson says why."""
    step = pending()
    if step is None:
        return
    lp = PLAN["module"]
    ok, said = lp.check_try(L["lesson"], L["index"], move["move"])
    L["selected"] = None
    if ok:
        L["passed"].append(step["id"])
        L["feedback"] = {"at": L["index"] + 1, "ok": True, "texts": None}
        go(L["index"] + 1)
    else:
        L["feedback"] = {"at": L["index"], "ok": False, "texts": said}
        render()
        settle_focus()


# --------------------------------------------------------------------------- input


def moves_now():
    """The learner's moves of the pending try, by tile ({tile: [move, ...]})."""
    p = L["positions"].get(L["index"])
    if pending() is None or p is None:
        return {}
    out = {}
    for m in p.get("moves") or []:
        if m.get("tile") is None:
            continue
        tile = textfmt.canonical_tile(str(m["tile"]))
        out.setdefault(tile, []).append(m)
    return out


def find_move(notation):
    for tile_moves in moves_now().values():
        for m in tile_moves:
            if m["move"] == notation:
                return m
    return None


def on_click(event):
    target = event.target.closest("button")
    if target is None:
        return
    tid = str(target.id)
    if tid == "lesson-back":
        leave()
    elif tid == "lesson-prev":
        go(L["index"] - 1)
    elif tid == "lesson-next":
        go(L["index"] + 1)
    elif tid == "lesson-hint":
        L["hint"] = L["index"]
        render()
        settle_focus()
    elif tid == "lesson-again":
        spawn(open_lesson(L["variant"]))
    elif tid == "lesson-play":
        play_match()
    elif target.hasAttribute("data-move"):
        m = find_move(str(target.getAttribute("data-move")))
        if m is not None:
            play(m)
    elif target.hasAttribute("data-cancel"):
        L["selected"] = None
        render()
        node = dom.query("#lesson-hand .tile.playable")
        if node is not None:
            node.focus()
    elif target.hasAttribute("data-tile"):
        tile = str(target.getAttribute("data-tile"))
        L["selected"] = None if L["selected"] == tile else tile
        render()
        if L["selected"] is not None:
            first = dom.query("#lesson-choice [data-move]")
            if first is not None:
                first.focus()


def on_canvas_click(event):
    """A tap on a glowing end plays the selected tile there."""
    sel = L["selected"]
    if sel is None:
        return
    rect = byid("lesson-table").getBoundingClientRect()
    x = float(event.clientX) - float(rect.left)
    y = float(event.clientY) - float(rect.top)
    for m in moves_now().get(sel) or []:
        end = position_view.end_of(m.get("end"), L)
        if end is None:
            continue
        hit = end["hit"]
        if hit["x"] <= x <= hit["x"] + hit["w"] and hit["y"] <= y <= hit["y"] + hit["h"]:
            play(m)
            return


def on_key(event):
    """Left and Right step back and forward; Escape puts a chosen tile back, else leaves."""
    k = str(event.key)
    if k == "Escape":
        if L["selected"] is not None:
            L["selected"] = None
            render()
        else:
            leave()
        return
    name = str(event.target.tagName).lower() if event.target is not None else ""
    if name in ("input", "select", "textarea") or event.ctrlKey or event.metaKey \
            or event.altKey:
        return  # the language's select keeps its own keys
    if k == "ArrowLeft":
        event.preventDefault()
        go(L["index"] - 1)
    elif k == "ArrowRight":
        event.preventDefault()
        go(L["index"] + 1)


# --------------------------------------------------------------------------- render


def lang_text(texts):
    return PLAN["module"].text(texts, S["lang"])


def as_state(p):
    """The position as the table's drawing reads a state."""
    info = L["info"] or {}
    return {"options": info.get("options"), "view": (p or {}).get("view") or {},
            "seats": info.get("seats") or [], "viewer": info.get("viewer") or 0,
            "reading": info.get("reading"), "state_id": L["index"]}


def render():
    """The lesson screen from `L`."""
    status = byid("lesson-status")
    note = L["error"]
    if not note and L["info"] is None:
        note = tr("lesson.loading")
    status.textContent = note
    status.hidden = not note
    p = L["positions"].get(L["index"])
    body = byid("lesson-body")
    body.hidden = L["info"] is None or p is None
    if body.hidden:
        return
    lesson = L["lesson"]
    # The position shown, for tests and tools (the page never reads it back).
    body.setAttribute("data-index", str(L["index"]))
    byid("lesson-title").textContent = tr("lesson.title", title=lang_text(lesson["title"]))
    focus = PLAN["module"].focus_at(lesson, L["index"])
    render_seats(p, focus)
    draw(p, focus)
    render_say(p, focus)
    render_hand(p, focus)
    render_nav()


def render_seats(p, focus):
    info = L["info"]
    seat = info["viewer"]
    others = [s for s in range(int(info.get("players") or 0)) if s != seat]
    tiles = focus["tiles"]

    def mark(owner, tile):
        if tile in tiles:
            return " focus", tr("lesson.tile_focus")
        return "", ""

    seen = -1 if L["lesson"].get("show") == "all" else seat
    set_html("lesson-seats", position_view.seats_html(p, others, seen, mark, focus["seats"], L))


def draw(p, focus):
    """The table of the position: the ends of the chosen tile glowing, the tiles and ends
    the step points at outlined."""
    glow = []
    sel = L["selected"]
    if sel is not None:
        for m in moves_now().get(sel) or []:
            if m.get("end") is not None:
                glow.append(m)
    canvas = byid("lesson-table")
    geo, ctx = position_view.paint_table(canvas, byid("lesson-wrap"), as_state(p), glow,
                                       "review.empty_table",
                                       ("lesson", (L["variant"], (L["lesson"] or {}).get("id"))))
    if geo is None:
        return
    L["geo"] = geo
    L["geos"][L["index"]] = geo
    pointed = []
    for t in geo["tiles"]:
        if t.get("a") is None or t.get("b") is None:
            continue
        name = textfmt.canonical_tile(str(t["a"]) + "-" + str(t["b"]))
        if name in focus["tiles"]:
            position_view.outline(ctx, t, FOCUS, False)
            pointed.append(name)
    ends = []
    for end_id in focus["ends"]:
        end = position_view.end_of(end_id, L)
        if end is not None:
            mark_end(ctx, end, geo["unit"], end_id in [m["end"] for m in glow])
            ends.append(position_view.where_words(end_id, end["value"], L))
    label = tr("game.table_tiles", n=len(geo["tiles"]))
    last = last_move()
    if last is not None:
        label += ". " + last_words()
    if pointed:
        label += ". " + tr("lesson.focus_tiles", tiles=", ".join(pointed))
    if ends:
        label += ". " + tr("lesson.focus_ends", ends="; ".join(ends))
    canvas.setAttribute("aria-label", label)
    canvas.setAttribute("data-focus", json.dumps({"tiles": pointed, "ends": focus["ends"]}))


def mark_end(ctx, end, unit, glowing):
    """An end the step points at: outlined, with the number it shows (a glowing end of the
    chosen tile shows it already)."""
    position_view.outline(ctx, end, FOCUS, False)
    if glowing:
        return
    ctx.save()
    ctx.fillStyle = "#f472b633"
    ctx.beginPath()
    ctx.roundRect(end["x"] + 1, end["y"] + 1, end["w"] - 2, end["h"] - 2,
                  min(end["w"], end["h"]) * 0.2)
    ctx.fill()
    ctx.fillStyle = "#fce7f3"
    ctx.font = "700 " + str(int(max(11, unit * 0.8))) + "px system-ui, sans-serif"
    ctx.textAlign = "center"
    ctx.textBaseline = "middle"
    ctx.fillText(str(end["value"]), end["x"] + end["w"] / 2, end["y"] + end["h"] / 2)
    ctx.restore()


def last_move():
    """The move that led to the position shown (the one before it), as data."""
    if L["index"] == 0:
        return None
    before = L["positions"].get(L["index"] - 1)
    return (before or {}).get("move")


def last_words():
    """The last move in words: its end named as the table showed it before the move (the
    geometry drawn then; the number alone when that table was not drawn)."""
    last = last_move()
    src = {"info": L["info"], "geo": L["geos"].get(L["index"] - 1)}
    return tr("lesson.last") + ": " + tr(
        "review.played", name=position_view.name_of(last.get("seat"), L),
        move=position_view.move_words(last, src))


def render_say(p, focus):
    """What the lesson says here: how far the hand is, the last move, the answer to the
    learner's move and the hint first (they are what changed), then the steps' words, the
    learner's turn, the end."""
    lp = PLAN["module"]
    lesson = L["lesson"]
    n = total()
    index = L["index"]
    html = ['<p class="lesson-progress">' + esc(tr("lesson.progress", i=index, n=n))]
    view = p.get("view") or {}
    if view.get("boneyard") or view.get("drawable"):
        word = "game.market" if textfmt.word(as_state(p), "boneyard") == "market" \
            else "game.boneyard"
        html.append(" · " + esc(tr(word, n=view.get("boneyard") or 0)))
    html.append("</p>")
    if last_move() is not None:
        html.append('<p class="lesson-last">' + esc(last_words()) + "</p>")
    feedback = L["feedback"]
    step = pending()
    if feedback is not None and feedback["at"] == index:
        if feedback["ok"]:
            html.append('<p class="lesson-feedback right">' + esc(tr("lesson.right")) + "</p>")
        elif step is not None:
            html.append('<p class="lesson-feedback wrong"><b>' + esc(tr("lesson.wrong"))
                        + "</b> " + esc(lang_text(feedback["texts"])) + " "
                        + esc(tr("lesson.try_again")) + "</p>")
    if step is not None and L["hint"] == index:
        html.append('<p class="lesson-hint"><b>' + esc(tr("lesson.hint")) + ":</b> "
                    + esc(lang_text(lp.hint(step))) + "</p>")
    for shown in lp.steps_for_position(lesson, index):
        html.append('<p class="lesson-text" data-step="' + esc(shown["id"]) + '">'
                    + esc(lang_text(shown["say"])) + "</p>")
    names = [position_view.name_of(s, L) for s in focus["seats"]]
    if names:
        html.append('<p class="sr-only">' + esc(tr("lesson.focus_seats",
                                                    names=", ".join(names))) + "</p>")
    if step is not None:
        html.append('<p class="lesson-prompt">' + esc(tr("lesson.your_turn")) + "</p>")
    if index >= n:
        html.append('<p class="lesson-feedback done">' + esc(tr("lesson.finished")) + "</p>")
    if focus["tiles"] or focus["ends"] or focus["seats"]:
        html.append('<p class="lesson-legend"><span class="swatch focus" aria-hidden="true">'
                    + "</span>" + esc(tr("lesson.focus")) + "</p>")
    set_html("lesson-say", "".join(html))
    box = byid("lesson-say")
    key = str(index) + ":" + str(feedback is not None) + ":" + str(L["hint"])
    if box.getAttribute("data-shown") != key:
        box.setAttribute("data-shown", key)
        box.scrollTop = 0  # new words are read from their beginning


def tile_html(tile, tile_moves, focus):
    """A tile of the learner's hand: a button to play at a try (with `tile_moves`), else a
    tile shown (disabled), outlined when the step points at it (hand.tile_html)."""
    import hand

    return hand.tile_html(
        tile, tile_moves, L["selected"] == tile, None,
        where_of=lambda m: position_view.where_words(m["end"], m.get("open"), L)
        if m.get("end") is not None else "",
        options=(L["info"] or {}).get("options") or {},
        focus=tr("lesson.tile_focus") if tile in focus else None)


def render_hand(p, focus):
    import hand

    seat = L["info"]["viewer"]
    hands = p.get("hands") or []
    tiles = hands[seat] if seat < len(hands) else []
    by_tile = moves_now()
    html = ['<span class="lesson-you" aria-hidden="true">'
            + esc(position_view.name_of(seat, L)) + "</span>"]
    for tile in tiles:
        t = textfmt.canonical_tile(str(tile))
        html.append(tile_html(t, by_tile.get(t), focus["tiles"]))
    set_html("lesson-hand", "".join(html))
    box = byid("lesson-hand")
    cls = "hand lesson-hand" + (" focus" if seat in focus["seats"] else "") \
        + (" to-move" if pending() is not None else "")
    box.className = cls
    choice = byid("lesson-choice")
    sel = L["selected"]
    if sel is not None and len(by_tile.get(sel) or []) > 1:
        set_html("lesson-choice", hand.end_choice_html(
            sel, by_tile[sel], lambda m: position_view.where_words(m["end"], m.get("open"), L)
            if m.get("end") is not None else sel))
        choice.hidden = False
    else:
        choice.hidden = True
        set_html("lesson-choice", "")


def render_nav():
    n = total()
    index = L["index"]
    at_end = index >= n
    waiting = pending() is not None
    byid("lesson-prev").disabled = index == 0
    nxt = byid("lesson-next")
    nxt.hidden = at_end
    nxt.disabled = waiting
    nxt.title = tr("lesson.wait_try") if waiting else ""
    byid("lesson-hint").hidden = not waiting or L["hint"] == index
    byid("lesson-again").hidden = not at_end
    byid("lesson-play").hidden = not at_end


def on_resize():
    if screens.showing(screens.LESSON) and L["info"] is not None:
        render()
