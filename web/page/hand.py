"""Your side of the table: your tiles (sortable), the ends a selected tile fits as buttons
named as the table shows them, and the moves that place no single tile (draw, pass, a kozel
pair), the hint, and vn_iwin's "leave the table" as a small control behind a confirmation.
The hint's box shows the move review's figures for every sensible move (the engine's
`hint` answer): its value in the variant's unit, its loss against the best, its mark.

HTML text from the store's state; the legal moves are the state's (`S["moves"]`).
"""

import geometry
import store
import table
import textfmt
from dom import byid, set_html
from store import S, esc, moves_by_tile, tr


def pips_html(value, options=None):
    """The pips of one half of a tile in a hand, coloured as the table draws them: one colour
    per number on double-nine and double-twelve sets, where 10-12 pips are hard to count at a
    glance (black on double-six sets). `options` are the match's (default: the game's state's;
    the lesson and the review pass their record's)."""
    if options is None:
        state = S["state"]
        options = state.get("options") if state else None
    colour = geometry.pip_colour(value, geometry.max_pip_of(options))
    fill = "" if colour == geometry.PIP_BLACK else ";background:" + colour
    out = []
    for fx, fy in geometry.pip_points(value):
        out.append('<span class="pip" style="left:' + str(int(fx * 100)) + "%;top:"
                   + str(int(fy * 100)) + "%" + fill + '"></span>')
    return "".join(out)


MARKS = ("inaccuracy", "mistake", "blunder")
# From this many tiles on, a landscape phone lays your hand with the tight band's tiles: its
# column holds seven of the usual size a row (app.css `.hand.long`, W-103).
LONG = 8
# From this many tiles on, a phone lays your hand in two rows of whole tiles, each tile's tap
# target its slot (app.css `#hand.rows`, W-133): one row of a fan left the tiles you can play
# 13-23 px to tap (under WCAG's 24) where many could be played. Shorter hands keep W-127's one
# row; a tablet or a desktop lays a long hand in one row of whole tiles (W-142).
ROWS = 15


def current_hint():
    """The engine's `hint` answer for the state shown, or None."""
    hint = S["hint"]
    state = S["state"]
    if hint is None or state is None or hint[0] != state["state_id"]:
        return None
    return hint[1]


def end_choice_html(tile, moves, where_of, hint=None):
    """The buttons that play `tile` at each end of `moves` (`where_of(move)` names the end
    as the table shows it), the `hint` move marked, and a Cancel: the game's and the
    lesson's end choice alike. The Cancel comes right after the question, on its line (on a
    small phone the panel then fits two ends without scrolling, W-122), and so in that
    order for the keyboard too."""
    html = ["<span>" + esc(tr("game.choose_end", tile=tile)) + "</span>",
            '<button type="button" data-cancel="1">' + esc(tr("game.cancel")) + "</button>"]
    for m in moves:
        where = where_of(m)
        cls = "primary hinted" if hint is not None and m["move"] == hint else "primary"
        html.append('<button type="button" class="' + cls + '" data-move="' + esc(m["move"])
                    + '" data-end="' + esc(m.get("end") or "") + '" aria-label="'
                    + esc(tr("move.play_at", tile=tile, end=where)) + '">' + esc(where)
                    + "</button>")
    return "".join(html)


def hinted_move():
    hint = current_hint()
    return None if hint is None else hint.get("move")


def move_label(state, m):
    """A legal move of the state in the words of its button."""
    kind = m.get("kind")
    if kind in ("draw", "pass"):
        if kind == "pass" and textfmt.word(state, "pass") == "knock":
            return tr("move.knock")
        return tr("move." + kind)
    if kind == "leave":
        return tr("move.leave")
    if kind == "pair":
        return pair_label(m)
    tile = textfmt.canonical_tile(str(m.get("tile")))
    where = table.end_name(m)
    return tr("move.play_at", tile=tile, end=where) if where else tr("move.play", tile=tile)


def hint_mark(entry, best):
    """(css class, words) of a hint row's verdict: the best, a mark, within the noise, or
    as good as the best."""
    mark = entry.get("mark")
    if entry.get("forced"):
        return "none", tr("hint.forced")
    if best:
        return "best", tr("hint.best")
    if mark in MARKS:
        return mark, tr("review.mark_" + mark)
    # As the review reads it (textfmt.unmarked, DECISIONS E-61), in a hint's few words.
    kind = textfmt.unmarked(entry)
    if kind == "none":
        return "none", tr("review.mark_none")
    if kind == "as_good":
        return "none", tr("hint.as_good")
    return "close", tr("hint.small" if kind == "small" else "hint.close")


def hint_says(state, entry):
    """What a hint's move does, in words (DECISIONS E-62), under its name; "" if nothing."""
    words = []
    for item in entry.get("says") or []:
        name = None
        if "seat" in item:
            name = textfmt.seat_name(S["lang"], item["seat"], state["seats"], state["viewer"],
                                     S["names"])
        text = textfmt.says_text(S["lang"], item, name)
        if text:
            words.append(text)
    if not words:
        return ""
    return '<span class="hint-says">' + esc("; ".join(words)) + "</span>"


def hint_html(state, hint):
    """The hint's figures as a table, the best first (the engine's order)."""
    lang = S["lang"]
    unit = hint.get("unit") or "points"
    by_move = {}
    for m in S["moves"]:
        by_move[m["move"]] = m
    rows = []
    for i, entry in enumerate(hint.get("ranking") or []):
        m = by_move.get(entry.get("move"))
        if m is None:
            continue
        best = i == 0
        style, words = hint_mark(entry, best)
        rows.append('<tr class="' + ("best" if best else "") + '" data-hint-move="'
                    + esc(entry["move"]) + '"><th scope="row">' + esc(move_label(state, m))
                    + hint_says(state, entry) + "</th><td>" + esc(textfmt.estimate(entry.get("value"), unit, lang))
                    + "</td><td>"
                    + esc(textfmt.estimate(entry.get("loss") if not best else 0, unit, lang,
                                           False))
                    + '</td><td><span class="review-mark mark-' + esc(style) + '">'
                    + esc(words) + "</span></td></tr>")
    return ('<div class="hint-head"><h2 id="hint-title">' + esc(tr("hint.title")) + "</h2>"
            + '<button type="button" class="ghost small" data-hint-close="1">'
            + esc(tr("hint.close_box")) + "</button></div>"
            + '<div class="hint-scroll"><table class="hint-table"><thead><tr>'
            + '<th scope="col">' + esc(tr("hint.col_move")) + "</th>"
            + '<th scope="col">' + esc(tr("hint.col_value")) + "</th>"
            + '<th scope="col">' + esc(tr("hint.col_loss")) + "</th>"
            + '<th scope="col">' + esc(tr("hint.col_mark")) + "</th>"
            + "</tr></thead><tbody>" + "".join(rows) + "</tbody></table></div>"
            + '<p class="review-unit">' + esc(tr("review.unit_" + unit.replace(" ", "_")))
            + "</p>")


def render_hint(state, human):
    box = byid("hint-box")
    hint = current_hint() if human else None
    if hint is None or S.get("hint_closed") == state.get("state_id"):
        box.hidden = True
        set_html("hint-box", "")
        return
    set_html("hint-box", hint_html(state, hint))
    box.hidden = False


def sorted_hand(tiles):
    """The hand in the order the player chose: as dealt, by number or by pips."""
    mode = S["settings"].get("sort")
    keyed = []
    for i in range(len(tiles)):
        tile = textfmt.canonical_tile(str(tiles[i]))
        a, b = [int(x) for x in tile.split("-")]
        if mode == "number":
            key = (-a, -b, i)
        elif mode == "pips":
            key = (-(a + b), -a, i)
        else:
            key = (i,)
        keyed.append((key, tile))
    keyed.sort()
    return [k[1] for k in keyed]


def tile_html(tile, moves, selected, hint, where_of=None, options=None, focus=None):
    """A tile of a hand, the game's and the lesson's alike: a button that plays it with
    `moves` (one move: at its end; more: the end choice opens, `selected` when open), else
    the tile shown, disabled. `hint`: the hinted move; `where_of(move)` names the end of a
    single move (default: as the table shows it); `options`: the pips' colours (pips_html);
    `focus`: the words of a tile the lesson points at (outlined), or None."""
    a, b = [int(x) for x in tile.split("-")]
    cls = "tile"
    attrs = ' data-tile="' + tile + '"'
    label = tile
    if focus is not None:
        cls += " focus"
        label += " (" + focus + ")"
    if moves:
        cls += " playable"
        if hint is not None and hint in [m["move"] for m in moves]:
            cls += " hinted"
        if len(moves) == 1:
            move = moves[0]
            where = table.end_name(move) if where_of is None else where_of(move)
            if where:
                label = tr("move.play_at", tile=tile, end=where)
            else:
                label = tr("move.play", tile=tile)
            attrs += ' data-move="' + esc(move["move"]) + '"'
        else:
            label = tr("move.play", tile=tile) + " \u2026"
            attrs += (' aria-haspopup="true" aria-expanded="' + ("true" if selected else "false")
                      + '"')
        if selected:
            cls += " selected"
    else:
        attrs += " disabled"
    return ('<button type="button" class="' + cls + '"' + attrs + ' aria-label="' + esc(label)
            + '"><span class="half">' + pips_html(a, options) + '</span><span class="half">'
            + pips_html(b, options) + "</span></button>")


def pair_label(move):
    a = move.get("tile")
    b = move.get("tile2")
    if a is None or b is None:
        parts = str(move["move"]).split("+")
        a = textfmt.split_move(parts[0])[0]
        b = textfmt.split_move(parts[1])[0] if len(parts) > 1 else ""
    return tr("move.pair", a=textfmt.canonical_tile(str(a)), b=textfmt.canonical_tile(str(b)))


def fan_counts(playable, top=6):
    """The custom properties app.css lays your hand's fan with (W-119), from `playable` (for
    each tile in the order shown, whether it can be played): `--n` the tiles; of the tiles but
    the last (each of which the next may cover) `--p` and `--q` how many can and cannot be
    played; `--lp` 1 when the last can; and, as CSS cannot test for zero, `--ip`, `--iq` one
    over `--p` and `--q` (0 for none). These lay the fan; the tiles' size is read from the
    number of tiles and the set's highest number `top` alone (`size_counts`), so that the
    hand keeps its size when your turn starts and ends (W-127)."""
    n = len(playable)
    p = 0
    for can in playable[:-1]:
        if can:
            p += 1
    q = max(0, n - 1 - p)
    last = 1 if n and playable[-1] else 0
    out = {"--n": str(n), "--p": str(p), "--q": str(q), "--lp": str(last),
           "--ip": _inverse(p), "--iq": _inverse(q)}
    out.update(size_counts(n, top))
    return out


def size_counts(n, top=6):
    """The counts app.css sizes a hand of `n` tiles by, whatever can be played (W-127): of the
    tiles but the last, `--szp` that can be played and `--szq` the others, the last not, and
    `--sziw` one over the room the others and the last take in tile widths (.6 `--szq` + 1).
    `--szp` is the share of a set of 0 to `top` that carries one of two numbers (two open ends):
    13 of 28 tiles of a double-six set, 25 of 91 of a double-twelve; so about what a long hand
    can play at once (Draw's 22 tiles: 10, 12 at most in the seeds searched; Mexican Train's
    16: 4, 7 at most). More, and the others show less of themselves (down to W-119's floor);
    fewer, and they show more."""
    share = (2 * top + 1) / ((top + 1) * (top + 2) / 2)
    sp = min(max(0, n - 1), int(share * max(0, n - 1) + 0.5))
    sq = max(0, n - 1 - sp)
    return {"--szp": str(sp), "--szq": str(sq), "--sziw": _inverse(0.6 * sq + 1)}


def row_counts(n):
    """The custom property app.css lays a hand of `n` tiles in two rows by (W-133): `--k`, the
    tiles of the first row (half, the first row the longer), the second row the rest. The tiles
    keep their order, read left to right and top to bottom, as the keyboard reaches them."""
    return {"--k": str((n + 1) // 2)}


def _inverse(count):
    """1 / count as CSS reads a number, "0" for none."""
    return "0" if count <= 0 else str(round(1.0 / count, 6))


def render():
    state = S["state"]
    view = state.get("view") or {}
    lang = S["lang"]
    human = state.get("to_move_kind") == "human" and not state.get("hand_over")
    by_tile, others = moves_by_tile(S["moves"])
    hint = hinted_move()
    html = []
    playable = []
    for tile in sorted_hand(view.get("hand") or []):
        html.append(tile_html(tile, by_tile.get(tile), S["selected"] == tile, hint))
        playable.append(bool(by_tile.get(tile)))
    hand = byid("hand")
    set_html("hand", "".join(html))
    # Your hand is one row, a fan where it is longer than the row (W-119): app.css lays the
    # tiles you can play whole and the others over each other, from these counts. A long
    # hand lies in two rows on a phone (W-133): its size is read from the number of tiles
    # alone, so it keeps it when your turn starts and ends.
    count = len(html)
    counts = fan_counts(playable, geometry.max_pip_of(state.get("options")))
    counts.update(row_counts(count))
    for name, value in counts.items():
        hand.style.setProperty(name, value)
    hand.classList.toggle("long", count >= LONG)
    hand.classList.toggle("rows", count >= ROWS)
    hand.setAttribute("aria-label", tr("game.your_hand"))
    # The ends of the selected tile, named as the table shows them.
    choice = byid("choice")
    sel = S["selected"]
    if sel is not None and sel in by_tile and len(by_tile[sel]) > 1:
        set_html("choice", end_choice_html(sel, by_tile[sel],
                                           lambda m: table.end_name(m) or m["move"], hint))
        choice.hidden = False
    else:
        choice.hidden = True
        set_html("choice", "")
    # Draw and pass on the turn's line, beside "Your turn" (W-124): among the buttons under
    # your hand they took a row more on a small phone; kozel pairs and the hint stay there.
    html = []
    turn = []
    leave = None
    forced = store.forced_draw()  # made for the player (link.draw_for_player): no button
    for m in others:
        kind = m.get("kind")
        if kind == "leave" or m["move"] == "leave":
            leave = m
            continue
        if m["move"] == forced:
            continue
        if kind in ("draw", "pass"):
            label = tr("move." + kind)
            if kind == "pass" and textfmt.word(state, "pass") == "knock":
                label = tr("move.knock")
        else:
            label = pair_label(m)
        cls = "primary hinted" if m["move"] == hint else "primary"
        (turn if kind in ("draw", "pass") else html).append(
            '<button type="button" class="' + cls + '" data-move="' + esc(m["move"])
            + '" aria-label="' + esc(label) + '">' + esc(label) + "</button>")
    if S["moves"] and human and forced is None:
        html.append('<button type="button" class="ghost" data-hint="1">' + esc(tr("game.hint"))
                    + "</button>")
    set_html("moves", "".join(html))
    set_html("turn-moves", "".join(turn))
    render_hint(state, human)
    # Leaving the table: a small control, then a confirmation that states the cost.
    leave_button = byid("leave")
    leave_button.hidden = leave is None
    box = byid("leave-confirm")
    if leave is not None and S["leave_open"]:
        # The engine states what leaving costs now (vn_iwin: B, and 2B per double in hand).
        cost = textfmt.money_text(lang, leave.get("cost") or 0, False)
        byid("leave-text").textContent = tr("leave.warning", n=cost)
        byid("leave-ok").setAttribute("data-move", leave["move"])
        byid("leave-ok").textContent = tr("leave.ok", n=cost)
        box.hidden = False
    else:
        box.hidden = True
    sort = byid("sort")
    sort.value = S["settings"].get("sort") or "none"
