"""The review screen: every move of a finished hand on the table, forward and back (buttons,
the arrow keys, Home and End, a slider), with every hand face up or as one seat saw it, and
the expert's verdict on each move: the value of the move played and of the best move, the
loss in the variant's unit, the mark; the best move shown on the table; a summary per seat.

The worker holds the record and the engine (web/worker/reviewing.py): `review_open` names the hands,
`review_position` sends the table before a move (the page keeps the positions it has seen),
`review` judges a hand in the worker, with progress (`review_progress`, through
`link.on_progress`) and a Cancel; a hand judged before answers at once. Moves arrive as data
(tile, end id, the number on that end), never as notation to read. The table is drawn by
`table.paint` over `geometry.table`, as at the game.

A whole match (from the match result and from the history; DECISIONS W-16) is the same screen
with every finished hand judged in turn: the hands kept before first (at once), then the others
in order, one `review` at a time with `match: true`, so that the worker's answers carry the
match summary per seat; the progress counts the match's moves, Cancel stops the hand being
judged and the ones after it. Forward at the end of a hand goes to the next hand's first
position, Back at the first position to the previous hand's end; the slider, Home and End stay
within the hand shown (the hand list moves between hands).
"""

import i18n
import link
import position_view
import review_nav
import review_words
import screens
import store
import textfmt
import dom
from dom import byid, set_html, spawn
from store import S, esc, tr

PLAYED = "#f59e0b"  # the move played, as the table outlines the last placement


def blank():
    return {"info": None, "hand": None, "index": 0, "positions": {}, "results": {},
            "status": "idle", "judged": 0, "total": 0, "seen": -1, "error": "",
            "back": "menu", "geo": None, "whole": False, "match": None, "job": None,
            "remote": None}


R = blank()


# --------------------------------------------------------------------------- opening


async def open_review(message, back, hand=None, whole=False):
    """Open the review of the record `message` names (`review_open`), at `hand` (default the
    last finished hand), coming from the screen `back`; `whole`: every hand of the match is
    judged in turn (else only the hand shown)."""
    R.clear()
    R.update(blank())
    R["back"] = back
    R["whole"] = whole
    for box in ("result", "export-confirm", "leave-confirm"):
        byid(box).hidden = True
    screens.show(screens.REVIEW)
    render()
    answer = await link.send(message)
    if answer.get("type") != "review_opened":
        R["error"] = tr("review.unavailable", why=i18n.error_reason(
            S["lang"], answer.get("code"), answer.get("message", "")))
        render()
        return
    R["info"] = answer
    _names_of_friends(answer)
    hands = [h["hand"] for h in answer.get("hands") or []]
    if not hands:
        R["error"] = tr("review.no_hand")
        render()
        return
    if hand not in hands:
        hand = hands[-1]
    if whole:
        R["status"] = "judging"  # judge_all starts as soon as the first position is shown
    await go_hand(hand)
    byid("review-next").focus()
    if whole:
        spawn(judge_all())


def open_match(event=None):
    """From the end-of-hand summary (and the match result): the session's match."""
    state = S["state"]
    hand = state.get("hand_number") if state is not None else None
    spawn(open_review({"type": "review_open", "source": "match"}, screens.GAME,
                      hand))


def open_whole_match(event=None):
    """From the match result: the session's whole match, from its first hand."""
    spawn(open_review({"type": "review_open", "source": "match"}, screens.GAME,
                      1, True))


def open_entry(entry_id):
    """From the history: one kept match, whole, from its first hand."""
    spawn(open_review({"type": "review_open", "source": "entry", "entry": entry_id},
                      screens.HISTORY, 1, True))


def leave():
    """The screen is left: the judging under way is cancelled (the worker is free again)."""
    spawn(cancel())
    if R["remote"] is not None:  # the table's own naming again (a friends' entry changed it)
        textfmt.set_remote_seats(R["remote"])
        R["remote"] = None


def _names_of_friends(info):
    """A friends' match from the history (its entry keeps the table's `names`, DECISIONS
    W-75): each player was alone at a device, so the review names the viewer "You" and the
    others by the names they gave, as the history list does, until the screen is left."""
    if not isinstance(info.get("names"), list):
        return
    seats = info.get("seats") or []
    viewer = info.get("viewer") or 0
    R["remote"] = textfmt.remote_seats()
    others = []
    for seat in range(len(seats)):
        if seats[seat] == "human" and seat != viewer:
            others.append(seat)
    textfmt.set_remote_seats(others)


def on_back(event):
    """Back to the screen the review was opened from (the table only while a match is
    there; else the menu), drawn again."""
    back = R["back"]
    if back == screens.GAME and S["state"] is None:
        back = screens.MENU
    screens.show(back)
    screens.current("render")
    store.emit()


# --------------------------------------------------------------------------- positions


async def go_hand(hand, index=0):
    """Show position `index` of `hand`. Reviewing one hand, the judging follows the hand
    shown; reviewing the whole match, it goes on through the hands in its own order."""
    if R["status"] == "judging" and not R["whole"]:
        await cancel()
    R["hand"] = hand
    R["index"] = index
    if not R["whole"]:
        R["status"] = "judged" if hand in R["results"] else "idle"
    await fetch(hand, index)
    if R["hand"] == hand and R["index"] == index:
        render()
    if not R["whole"] and hand not in R["results"]:
        spawn(judge(hand))
    await prefetch(hand, index)


async def fetch(hand, index):
    """The position `index` of `hand`, from the worker unless it was seen before."""
    return await position_view.fetch_position(R, "review", review_nav.key(hand, index), {"hand": hand, "index": index})


def step(delta):
    """One move forward (+1) or back (-1); across the end of a hand reviewing a whole
    match (review_nav.step_to)."""
    to = review_nav.step_to(R, delta)
    if to is None:
        return
    if to[0] != R["hand"]:
        spawn(go_hand(to[0], to[1]))
    else:
        go(to[1])


def go(index):
    """Show position `index` of the hand (clamped)."""
    if R["info"] is None or R["hand"] is None:
        return
    index = review_nav.clamp(R, index)
    R["index"] = index
    if review_nav.key(R["hand"], index) in R["positions"]:
        render()
        spawn(prefetch(R["hand"], index))
    else:
        spawn(show(R["hand"], index))


async def show(hand, index):
    await fetch(hand, index)
    if R["hand"] == hand and R["index"] == index:
        render()
    await prefetch(hand, index)


async def prefetch(hand, index):
    """The next position too, so that stepping forward never waits."""
    if index + 1 <= review_nav.total(R) and review_nav.key(hand, index + 1) not in R["positions"]:
        await fetch(hand, index + 1)


# --------------------------------------------------------------------------- judging


async def judge(hand):
    info = R["info"]
    if info is None:
        return
    R["status"] = "judging"
    R["judged"] = 0
    R["total"] = 0
    # The progress and the move's words only: the table shown does not change (a second
    # drawing of it in the same task would hold the page up on a long Mexican Train).
    render_status()
    render_progress()
    render_move(R["positions"].get(review_nav.key(R["hand"], R["index"])))
    answer = await link.send({"type": "review", "review": info["review"], "hand": hand})
    if answer.get("type") == "review_result":
        R["results"][hand] = answer
        if R["hand"] == hand:
            R["status"] = "judged"
    elif answer.get("code") == "cancelled":
        if R["hand"] == hand and R["status"] == "judging":
            R["status"] = "cancelled"
    else:
        R["status"] = "failed"
        R["error"] = tr("review.unavailable", why=i18n.error_reason(
            S["lang"], answer.get("code"), answer.get("message", "")))
    if R["info"] is info:
        render()


def match_moves():
    """The moves of every hand of the record, and those of the hands judged (the hand
    being judged counted by its progress): the whole match's progress."""
    moves = 0
    done = 0.0
    for h in (R["info"] or {}).get("hands") or []:
        moves += h["moves"]
        if h["hand"] in R["results"]:
            done += h["moves"]
        elif h["hand"] == R["job"] and R["total"]:
            done += h["moves"] * R["judged"] / R["total"]
    return moves, done


async def judge_all():
    """Reviewing a whole match: every hand not judged yet, the kept ones first (at once),
    then the others in order, until all are judged or the judging is cancelled."""
    info = R["info"]
    if info is None:
        return
    hands = [h["hand"] for h in info.get("hands") or []]
    kept = [h for h in hands if h in (info.get("kept") or [])]
    R["status"] = "judging"
    R["error"] = ""
    R["judged"] = 0
    R["total"] = 0
    render_status()
    render_progress()
    render_move(R["positions"].get(review_nav.key(R["hand"], R["index"])))
    for hand in kept + [h for h in hands if h not in kept]:
        if R["info"] is not info or R["status"] != "judging":
            return
        if hand in R["results"]:
            continue
        R["job"] = hand
        R["judged"] = 0
        R["total"] = 0
        render_progress()
        answer = await link.send({"type": "review", "review": info["review"], "hand": hand,
                                  "match": True})
        if R["info"] is not info:
            return
        R["job"] = None
        if answer.get("type") == "review_result":
            R["results"][hand] = answer
            R["match"] = answer.get("match")
            if hand == R["hand"]:
                render()
            else:
                render_progress()
            continue
        if answer.get("code") != "cancelled":
            R["status"] = "failed"
            R["error"] = tr("review.unavailable", why=i18n.error_reason(
                S["lang"], answer.get("code"), answer.get("message", "")))
        elif R["status"] == "judging":
            R["status"] = "cancelled"
        render()
        return
    if R["status"] == "judging":
        R["status"] = "judged"
    render()


async def cancel():
    if R["status"] == "judging":
        R["status"] = "cancelled"
        render_status()
        render_progress()
        render_move(R["positions"].get(review_nav.key(R["hand"], R["index"])))
        await link.send({"type": "review_cancel"})


def on_progress(message):
    info = R["info"]
    judging = R["job"] if R["whole"] else R["hand"]
    if info is None or message.get("review") != info.get("review") \
            or message.get("hand") != judging or R["status"] != "judging":
        return
    R["judged"] = message.get("judged") or 0
    R["total"] = message.get("total") or 0
    render_progress()


# --------------------------------------------------------------------------- input


def on_click(event):
    target = event.target.closest("button")
    if target is None:
        return
    tid = str(target.id)
    if tid == "review-first":
        go(0)
    elif tid == "review-prev":
        step(-1)
    elif tid == "review-next":
        step(1)
    elif tid == "review-last":
        go(review_nav.total(R))
    elif tid == "review-cancel":
        spawn(cancel())
        byid("review-judge").focus()
    elif tid == "review-judge" and R["hand"] is not None:
        spawn(judge_all() if R["whole"] else judge(R["hand"]))
    elif tid == "review-back":
        on_back(event)
    elif target.hasAttribute("data-review-hand"):
        spawn(go_hand(int(str(target.getAttribute("data-review-hand"))),
                      int(str(target.getAttribute("data-review-move"))) - 1))
    elif target.hasAttribute("data-review-move"):
        go(int(str(target.getAttribute("data-review-move"))) - 1)


def on_change(event):
    target = event.target
    tid = str(target.id)
    if tid == "review-slider":
        go(int(str(target.value)))
    elif tid == "review-hand":
        spawn(go_hand(int(str(target.value))))
    elif tid == "review-seen":
        R["seen"] = int(str(target.value))
        render()


def on_key(event):
    """Left and Right step back and forward (across hands reviewing a whole match), Home
    and End go to the hand's ends (a select or the slider keeps its own keys), Escape goes
    back."""
    k = str(event.key)
    if k == "Escape":
        on_back(event)
        return
    name = str(event.target.tagName).lower() if event.target is not None else ""
    if name in ("input", "select", "textarea") or event.ctrlKey or event.metaKey \
            or event.altKey:
        return
    if k in ("ArrowLeft", "ArrowRight"):
        event.preventDefault()
        step(-1 if k == "ArrowLeft" else 1)
    elif k in ("Home", "End"):
        event.preventDefault()
        go(0 if k == "Home" else review_nav.total(R))


# --------------------------------------------------------------------------- words


def as_state():
    """The position as the table's drawing reads a state."""
    info = R["info"] or {}
    p = R["positions"].get(review_nav.key(R["hand"], R["index"])) or {}
    return {"options": info.get("options"), "view": p.get("view") or {},
            "seats": info.get("seats") or [], "viewer": info.get("viewer") or 0,
            "reading": info.get("reading"), "state_id": R["index"]}


def entry_at(hand, move):
    result = R["results"].get(hand)
    if result is None:
        return None
    for e in (result.get("result") or {}).get("moves") or []:
        if e["hand"] == hand and e["move"] == move:
            return e
    return None


# --------------------------------------------------------------------------- render


def render_progress():
    box = byid("review-progress-box")
    judging = R["status"] == "judging"
    box.hidden = not judging
    bar = byid("review-progress")
    if R["whole"]:
        moves, done = match_moves()
        pct = int(100 * done / moves) if moves else 0
        hands = (R["info"] or {}).get("hands") or []
        text = tr("review.judging_match", hand=R["job"] or "…", judged=R["judged"],
                  total=R["total"] or "…",
                  done=sum(1 for h in hands if h["hand"] in R["results"]), hands=len(hands))
    else:
        pct = int(100 * R["judged"] / R["total"]) if R["total"] else 0
        text = tr("review.judging", judged=R["judged"], total=R["total"] or "…")
    bar.value = pct
    byid("review-progress-text").textContent = text
    judge_button = byid("review-judge")
    judge_button.hidden = R["status"] not in ("cancelled", "failed", "idle") \
        or R["info"] is None or R["hand"] is None


def render_status():
    status = byid("review-status")
    note = R["error"]
    if not note and R["status"] == "cancelled":
        note = tr("review.cancelled")
    if not note and R["info"] is None:
        note = tr("review.loading")
    status.textContent = note
    status.hidden = not note


def render():
    """The review screen from `R`."""
    info = R["info"]
    render_status()
    render_progress()
    body = byid("review-body")
    body.hidden = info is None or R["hand"] is None
    if info is None or R["hand"] is None:
        return
    lang = S["lang"]
    title = i18n.variant_name(lang, info.get("variant"))
    byid("review-title").textContent = tr("review.title", game=title)
    hands = []
    for h in info.get("hands") or []:
        sel = " selected" if h["hand"] == R["hand"] else ""
        hands.append('<option value="' + str(h["hand"]) + '"' + sel + ">"
                     + esc(tr("review.hand_n", n=h["hand"])) + "</option>")
    set_html("review-hand", "".join(hands))
    seen = ['<option value="-1"' + (" selected" if R["seen"] == -1 else "") + ">"
            + esc(tr("review.seen_all")) + "</option>"]
    for seat in range(int(info.get("players") or 0)):
        sel = " selected" if R["seen"] == seat else ""
        seen.append('<option value="' + str(seat) + '"' + sel + ">"
                    + esc(textfmt.seen_label(S["lang"], seat, info.get("seats") or [],
                                             info.get("viewer") or 0,
                                             position_view.names_of(info)))
                    + "</option>")
    set_html("review-seen", "".join(seen))
    n = review_nav.total(R)
    slider = byid("review-slider")
    slider.max = str(n)
    slider.value = str(R["index"])
    slider.setAttribute("aria-valuetext", tr("review.step", i=min(R["index"] + 1, n), n=n)
                        if R["index"] < n else tr("review.end"))
    byid("review-first").disabled = R["index"] == 0
    byid("review-prev").disabled = R["index"] == 0 and review_nav.neighbour(R, -1) is None
    byid("review-next").disabled = R["index"] >= n and review_nav.neighbour(R, 1) is None
    byid("review-last").disabled = R["index"] >= n
    p = R["positions"].get(review_nav.key(R["hand"], R["index"]))
    draw(p)
    render_seats(p)
    render_move(p)
    render_summary()
    render_match()


def entry_now():
    p = R["positions"].get(review_nav.key(R["hand"], R["index"]))
    if p is None or p.get("move") is None:
        return None
    return entry_at(R["hand"], R["index"] + 1)


def render_move(p):
    n = review_nav.total(R)
    if p is None:
        set_html("review-move", '<p class="review-step">' + esc(tr("review.loading")) + "</p>")
        return
    move = p.get("move")
    if move is None:
        end = tr("review.end")
        if review_nav.neighbour(R, 1) is not None:
            end += " " + tr("review.next_hand", n=review_nav.neighbour(R, 1))
        set_html("review-move", '<p class="review-step">' + esc(end) + "</p>")
        return
    head = tr("review.step", i=R["index"] + 1, n=n)
    if R["whole"]:
        head += " · " + tr("review.hand_n", n=R["hand"])
    view = p.get("view") or {}
    if view.get("boneyard") or view.get("drawable"):
        word = "game.market" if textfmt.word(as_state(), "boneyard") == "market" \
            else "game.boneyard"
        head += " · " + tr(word, n=view.get("boneyard") or 0)
    line = tr("review.played", name=position_view.name_of(move.get("seat"), R), move=position_view.move_words(move, R))
    html = ['<p class="review-step">' + esc(head) + "</p>",
            '<p class="review-played"><span class="swatch played" aria-hidden="true"></span>'
            + esc(line) + "</p>"]
    html.append(review_words.verdict_html(entry_now(), R))
    set_html("review-move", "".join(html))


def render_seats(p):
    info = R["info"]
    move = (p or {}).get("move") or {}
    entry = entry_now()
    best = (entry or {}).get("best_move") or {}
    if entry is None or entry.get("forced") or entry.get("best") == entry.get("played"):
        best = {}

    def mark(seat, tile):
        """The move played and the expert's best among the tiles of the seat to move."""
        extra = ""
        note = ""
        if p.get("to_move") != seat:
            return extra, note
        if move.get("tile") is not None and textfmt.canonical_tile(str(move["tile"])) == tile:
            extra += " played"
            note = tr("review.tile_played")
        if best.get("tile") is not None and textfmt.canonical_tile(str(best["tile"])) == tile:
            extra += " best"
            note = tr("review.tile_best")
        return extra, note

    seats = range(int(info.get("players") or 0))
    set_html("review-seats", position_view.seats_html(p, seats, R["seen"], mark, [], R) if p else "")


def render_summary():
    result = R["results"].get(R["hand"])
    box = byid("review-summary")
    if result is None:
        box.hidden = True
        return
    box.hidden = False
    doc = result.get("result") or {}
    rows = []
    for t in doc.get("totals") or []:
        worst = []
        for w in t.get("worst") or []:
            e = entry_at(R["hand"], w["move"])
            label = tr("review.worst", i=w["move"],
                       loss=review_words.figure(w["loss"], R, False))
            if w.get("mark") in review_words.MARKS:
                label += " · " + tr("review.mark_" + w["mark"])
            worst.append('<button type="button" class="ghost small" data-review-move="'
                         + str(w["move"]) + '" aria-label="'
                         + esc(label + ": " + position_view.move_words((e or {}).get("played_move"), R))
                         + '">' + esc(label) + "</button>")
        name = position_view.name_of(t["seat"], R)
        rows.append(review_words.summary_row(t, worst, name, R))
    head = review_words.summary_head(tr("review.summary", n=R["hand"]), R)
    set_html("review-summary-table", head + "<tbody>" + "".join(rows) + "</tbody>")
    # The worker's own time for the verdict, for tests and tools (never read back).
    box.setAttribute("data-worker-ms", str(result.get("ms")))
    byid("review-cached").textContent = tr("review.cached") if result.get("cached") \
        else tr("review.judged_in",
                s=review_words.figure(float(result.get("ms") or 0) / 1000.0, R, False))


def render_match():
    """The whole match's summary per seat, once every hand is judged: each seat's moves
    judged, accuracy, total loss and the match's worst three moves (each opens its move)."""
    box = byid("review-match")
    match = R["match"]
    hands = [h["hand"] for h in (R["info"] or {}).get("hands") or []]
    if not R["whole"] or match is None or match.get("hands") != hands:
        box.hidden = True
        return
    box.hidden = False
    rows = []
    for t in match.get("totals") or []:
        worst = []
        for w in t.get("worst") or []:
            label = tr("review.worst_hand", hand=w["hand"], i=w["move"],
                       loss=review_words.figure(w["loss"], R, False))
            if w.get("mark") in review_words.MARKS:
                label += " · " + tr("review.mark_" + w["mark"])
            worst.append('<button type="button" class="ghost small" data-review-hand="'
                         + str(w["hand"]) + '" data-review-move="' + str(w["move"])
                         + '" aria-label="' + esc(label + ": "
                                                  + position_view.move_words(w.get("played_move"), R))
                         + '">' + esc(label) + "</button>")
        name = position_view.name_of(t["seat"], R)
        rows.append(review_words.summary_row(t, worst, name, R))
    set_html("review-match-table",
             review_words.summary_head(tr("review.match_summary", n=len(hands)), R)
             + "<tbody>" + "".join(rows) + "</tbody>")


def draw(p):
    """The table of the position: the layout as at the game, the end of the move played
    outlined, the end of the best move glowing."""
    if p is None:
        return
    entry = entry_now()
    best = None
    if entry is not None and not entry.get("forced") and entry.get("best") != entry.get("played"):
        best = entry.get("best_move")
    glow = []
    if best is not None and best.get("end") is not None:
        glow.append(best)
    canvas = byid("review-table")
    # The review remembers how its tree lies per hand, apart from the game's table (W-158).
    info = R["info"] or {}
    geo, ctx = position_view.paint_table(canvas, byid("review-wrap"), as_state(), glow,
                                         "review.empty_table",
                                         ("review", (info.get("review"), R["hand"])))
    if geo is None:
        return
    R["geo"] = geo
    move = p.get("move")
    end = position_view.end_of(move.get("end"), R) if move is not None else None
    if end is not None:
        position_view.outline(ctx, end, PLAYED, True)
    label = tr("game.table_tiles", n=len(geo["tiles"]))
    if move is not None:
        label += ". " + tr("review.played", name=position_view.name_of(move.get("seat"), R),
                           move=position_view.move_words(move, R))
    if best is not None:
        label += ". " + tr("review.best") + ": " + position_view.move_words(best, R)
    canvas.setAttribute("aria-label", label)
    byid("review-legend").hidden = move is None or move.get("end") is None and best is None
    byid("review-legend-best").hidden = best is None


def on_resize():
    if screens.showing(screens.REVIEW) and R["info"] is not None:
        render()


def focus_first():
    node = dom.query("#review-next")
    if node is not None:
        node.focus()
