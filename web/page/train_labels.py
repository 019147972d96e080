"""Mexican Train's train labels on the table (web/page/table.py's part): each train named as
the band names its owner, in the longest form the label column holds (DECISIONS W-99), all in
one font size, and the marker beside it. The forms' widths are measured here for the
geometry (`label_need`); what is drawn is written to the canvas's `data-labels` for tests.
"""

import json

import textfmt
import dom
from dom import byid
from store import S, esc, keep_for_viewer, tr

# A train label's font at its largest (draw_label shrinks it to 9 px where it must).
LABEL_FONT = "600 12px system-ui, sans-serif"
# Text widths measured at LABEL_FONT, by text: the labels' forms change only with the
# language and the names.
_widths = {}


def label_forms(state, width):
    """Mexican Train: {train id: the forms of its label, longest first}: "You" on your train,
    the Mexican train's short name, the owner's name as the band's seats shorten it
    (textfmt.seat_forms: "Computer 2", "Comp. 2", "C2"; W-99) on a table `width` px wide;
    {} for other layouts."""
    layout = (state.get("view") or {}).get("layout") or {}
    out = {}
    for train in layout.get("trains") or []:
        owner = train.get("owner")
        if owner is None:
            forms = [tr("train.mexican_short")]
        elif owner == state["viewer"]:
            forms = [tr("game.you")]
        else:
            forms = textfmt.seat_forms(S["lang"], owner, state["seats"], state["viewer"],
                                       S["names"])
        # A phone's table (under 600 px) names a computer at most by its middle form, as the
        # band does on phones (W-95): "Comp. 2", never "Computer 2" in a label column that
        # would take a tile's room from every train.
        if width < 600 and len(forms) > 2:
            forms = forms[1:]
        out[train.get("id")] = forms
    return out


def label_widths(forms):
    """{train id: [the width of each form at LABEL_FONT, px]} for geometry's `label_need`."""
    ctx = None
    out = {}
    for train_id, texts in forms.items():
        widths = []
        for text in texts:
            if text not in _widths:
                if ctx is None:
                    ctx = byid("table").getContext("2d")
                    ctx.font = LABEL_FONT
                _widths[text] = float(ctx.measureText(text).width)
            widths.append(_widths[text])
        out[train_id] = widths
    return out


def label_room(lab):
    """The width a train label's text may take in its slot (px)."""
    return max(10.0, float(lab["w"]) - 4)


def label_size(ctx, text, room, top=12):
    """The largest font size from `top` down to 9 px at which `text` fits `room`, else 9."""
    size = top
    while True:
        ctx.font = "600 " + str(size) + "px system-ui, sans-serif"
        if float(ctx.measureText(text).width) <= room or size <= 9:
            return size
        size -= 1


def draw_labels(ctx, canvas, state, geo):
    """Every train's label, all in one font size (the largest at which each fits, not under
    10 px: a label that needs less shrinks alone); their texts and sizes in the canvas's
    `data-labels` for tests (never read back by the page)."""
    labels = geo.get("labels") or []
    # A big table's labels grow with its tiles (the geometry's `label_px`, W-132).
    top = int(geo.get("label_px") or 12)
    for lab in labels:
        top = min(top, label_size(ctx, label_text(lab, state, geo), label_room(lab), top))
    drawn = []
    for lab in labels:
        drawn.append(draw_label(ctx, lab, state, geo, max(10, top)))
    canvas.setAttribute("data-labels", json.dumps(drawn))
    name_band(state, drawn)


def name_band(state, drawn):
    """The band names a computer no longer than its train's label does (W-104): app.css
    reads `data-names` on the band (`band_names` of the labels `drawn`); no labels, no cap.
    The band outlives a match, so a table without trains must clear what one with trains
    set (table.paint calls this on an empty table too)."""
    names = band_names(state, drawn)
    band = byid("seats-top")
    if names:
        band.setAttribute("data-names", names)
    else:
        band.removeAttribute("data-names")


def band_names(state, drawn):
    """The longest form the band may name a computer in, as its train's label is drawn
    (`drawn`: draw_label's rows): "short" where the labels read "C2", "mid" where they read
    "Comp. 2" and the whole name is longer, "" where they name computers whole or there are
    no trains. The labels' form is one for every train (the geometry's `label_level`), so
    the first computer's label tells it; the band's seats then show that form, or a shorter
    one where even that does not fit (app.css), and a player reads one name for a computer
    on its seat and on its train (issue 25)."""
    lang = S["lang"]
    for text, _, _, _, owner in drawn:
        if owner is None or owner == state["viewer"] or \
                not textfmt.is_ai(state["seats"][owner]):
            continue
        forms = textfmt.seat_forms(lang, owner, state["seats"], state["viewer"], S["names"])
        if text == forms[0]:
            return ""
        if text == forms[-1]:
            return "short"
        return "mid"
    return ""


def label_text(lab, state, geo=None):
    """A train label's text: its owner named in the form the geometry chose for every label
    (`label_level` of `label_forms`, W-99), else the shortest ("C2")."""
    owner = lab.get("owner")
    forms = ((geo or {}).get("label_forms") or {}).get(lab.get("id"))
    level = (geo or {}).get("label_level")
    if forms and level is not None:
        return forms[min(level, len(forms) - 1)]
    if owner is None:
        return tr("train.mexican_short")
    if owner == state["viewer"]:
        return tr("game.you")
    return textfmt.seat_short(S["lang"], owner, state["seats"], state["viewer"], S["names"])


def draw_label(ctx, lab, state, geo=None, top=12):
    """A train's label in its slot (`label_text`, at most `top` px) and its marker. Returns
    [text, font px, its width, the room for it (px), the owner's seat] as drawn."""
    owner = lab.get("owner")
    text = label_text(lab, state, geo)
    ctx.fillStyle = "#fde68a" if lab.get("marker") else "#d1fae5"
    ctx.textAlign = "left"
    ctx.textBaseline = "middle"
    # A label too wide for its slot gets a smaller font, then is cut: never squeezed glyphs.
    room = label_room(lab)
    size = label_size(ctx, text, room, top)
    # A typed name is cut a character at a time, never inside one, and stays isolated
    # (textfmt.seat_short: FSI name PDI); the other labels are short words.
    n = textfmt.SHORT_NAME
    while n > 1 and text.startswith(textfmt.FSI) \
            and float(ctx.measureText(text).width) > room:
        n -= 1
        text = textfmt.seat_short(S["lang"], owner, state["seats"], state["viewer"],
                                  S["names"], n)
    while len(text) > 2 and not text.startswith(textfmt.FSI) \
            and float(ctx.measureText(text).width) > room:
        text = text[:-2] + "…"
    ctx.fillText(text, lab["x"] + 2, lab["y"] + lab["h"] / 2)
    box = lab.get("marker_box")
    if lab.get("marker") and box:
        ctx.fillStyle = "#f59e0b"
        ctx.beginPath()
        ctx.arc(box["x"] + box["w"] / 2, box["y"] + box["h"] / 2, min(box["w"], box["h"]) / 3,
                0, 6.2832)
        ctx.fill()
    ctx.textBaseline = "alphabetic"
    return [text, size, int(float(ctx.measureText(text).width) + 0.5), int(room), owner]


# The train the player unfolded by tapping its chip (W-114), for the state it was tapped in:
# the next state folds it again; `focus`: the train whose chip takes the keyboard's focus
# once the chips are written again (its chip was tapped, W-117).
_unfold = {"train": None, "state_id": None, "focus": None}
# What `place_chips` last wrote on the canvas for tests (W-117): written only when it changes.
_written = {"data-ends": None, "data-markers": None}


# Where the hub went to the first band's line in a round (W-125), by viewer (pass-and-play's
# seats each see their own table): that round (the match, as the store counts them, its hand
# number and engine) and how many tiles its trains held then; it stays there for the rest of
# the round (W-130). Keyed by the match, so that a new match (a record, a resume, a friends'
# table) that reaches the same round and tile count lays its hub out afresh (W-136).
_hub = {}


def _round_of(state):
    """The round `state` is in (its match, viewer, hand number and engine), and how many
    tiles its trains hold."""
    layout = (state.get("view") or {}).get("layout") or {}
    count = 0
    for train in layout.get("trains") or []:
        count += len(train.get("tiles") or [])
    return (S["match_serial"], state.get("viewer"), state.get("hand_number"),
            layout.get("engine")), count


def _match_of(kept):
    """The match a round's memory (`_hub`'s, `_columns`') is of: its round's first part."""
    return kept[0][0]


def hub_kept(state):
    """Whether the hub stays on the first band's line (W-130): it went there earlier in this
    round of this match, in this viewer's table, and no undo took the trains back to before
    that."""
    if state is None:
        return False
    key, count = _round_of(state)
    kept = _hub.get(key[1])
    return kept is not None and kept[0] == key and count >= kept[1]


def note_hub(state, geo):
    """Remember that the table of `state` laid the hub on the first band's line (`geo`'s
    `hub_inline`), so that it stays there when a double is answered (W-130): moving back
    to its row is a jump of the whole table for a player who has just played."""
    if state is None or geo is None or not geo.get("hub_inline") or geo.get("zoomed") \
            or hub_kept(state):
        return  # a zoom to far-apart targets (W-100) lasts one selection: not remembered
    key, count = _round_of(state)
    keep_for_viewer(_hub, key[1], key[0], (key, count), _match_of)


# The columns of bands the game's table drew last in a round, by viewer (W-157): that round
# (as `_round_of`), the table's box, how many tiles its trains held then, and the columns.
# A later draw of the round keeps them unless fewer columns hold much larger tiles: every
# band moves when the columns change.
_columns = {}


def columns_kept(state, box):
    """The columns of bands drawn last in `state`'s round at this box (w, h), or 0: none yet,
    another box (a resize lays the bands out afresh), or an undo took the trains back."""
    if state is None:
        return 0
    key, count = _round_of(state)
    kept = _columns.get(key[1])
    if kept is None or kept[0] != key or kept[1] != box or count < kept[2]:
        return 0
    return kept[3]


def note_columns(state, box, geo):
    """Remember the columns of the table of `state` drawn at `box` (a zoom to far-apart
    targets lasts one selection, W-100: not remembered)."""
    if state is None or geo is None or geo.get("zoomed"):
        return
    key, count = _round_of(state)
    keep_for_viewer(_columns, key[1], key[0], (key, box, count, geo.get("columns") or 1),
                    _match_of)


# The tile size (unit, px) of the game's table drawn last, whatever its match or seat.
_last = {"unit": None}


def hub_layout(state, lay, box=None):
    """The game's table of `state`: `lay(hub)` (geometry.view_table with its `hub`), the hub
    kept on the first band's line where it went earlier in the round (W-130) unless the
    table's tiles change size in this draw whether it stays or not (the layout with it kept
    and the layout laid out afresh both have another unit than the table drawn last): every
    tile moves then anyway, so the table is laid out afresh (the hub back on its row where
    that fits, W-118, W-125) and your train's first line gets back the room the hub took
    (46 px at 40 px tiles, 64 px at 56 px), where keeping it would have cost that room for
    the rest of the round with nothing to hold still (W-136). Where the fresh layout keeps
    the tile size the hub stays: its move would be the only one, the jump W-130 removed.
    `lay(hub, keep)` is also given the columns of bands drawn last in the round at `box`
    (the table's width and height), to keep (W-157)."""
    kept = hub_kept(state)
    keep = columns_kept(state, box)
    geo = lay(kept, keep)
    last = _last["unit"]
    if kept and last is not None and geo["unit"] != last:
        fresh = lay(False, keep)
        if fresh["unit"] != last:
            geo = fresh
            _hub.pop(_round_of(state)[0][1], None)
    note_hub(state, geo)
    note_columns(state, box, geo)
    _last["unit"] = geo["unit"]
    return geo


def whole_train(state):
    """The id of the train shown whole at the game's table (its chip tapped in this state),
    or None."""
    if state is None or _unfold["state_id"] != state.get("state_id"):
        return None
    return _unfold["train"]


def chip_box():
    """The layer over the table that holds the folded trains' chips (made once, in the
    table's scrolled box so that the chips scroll with the canvas)."""
    layer = byid("train-chips")
    if layer is None:
        layer = dom.create("div")
        layer.id = "train-chips"
        layer.className = "train-chips"
        byid("table-wrap").appendChild(layer)
        dom.on(layer, "click", on_chip)
    return layer


def chip_html(lab, name):
    """One train's chip (`lab`: its label from the geometry, `name`: its label's text): "+n"
    over its folded tiles, or on the train shown whole "−", which folds it again (W-117);
    its aria-label says which and how many tiles ("Comp. 2: show 12 earlier tiles", "Comp. 2:
    hide 12 earlier tiles", W-126) and `aria-expanded` whether it is whole."""
    chip = lab["chip"]
    n = lab["hidden"]
    opened = bool(lab.get("open"))
    label = tr("train.unfolded", n=lab.get("hides") or 0, name=name) if opened else \
        tr("train.folded", n=n, name=name)
    return ('<button type="button" class="train-chip' + (" marked" if lab.get("marker") else "")
            + (" open" if opened else "") + '" data-fold="' + esc(lab["id"])
            + '" data-hidden="' + str(n) + '" aria-expanded="' + ("true" if opened else "false")
            + '" aria-label="' + esc(label) + '" style="left:' + str(round(chip["x"]))
            + "px;top:" + str(round(chip["y"])) + "px;width:" + str(round(chip["w"]))
            + "px;height:" + str(round(chip["h"])) + 'px">'
            + ("\u2212" if opened else "+" + str(n)) + "</button>")


def foot_html(lab, name):
    """The second "−" chip of the train shown whole, at its last line (`lab["foot"]`, W-131):
    where the train is taller than the table and the table is panned to its open end, the
    fold control is there too. For the pointer only (no tab stop, hidden from screen
    readers): the first chip keeps the keyboard's focus and says the same."""
    foot = lab["foot"]
    return ('<button type="button" class="train-chip open foot' + (" marked" if lab.get("marker")
            else "") + '" data-fold="' + esc(lab["id"]) + '" tabindex="-1" aria-hidden="true"'
            + ' title="' + esc(tr("train.unfolded", n=lab.get("hides") or 0, name=name))
            + '" style="left:' + str(round(foot["x"])) + "px;top:" + str(round(foot["y"]))
            + "px;width:" + str(round(foot["w"])) + "px;height:" + str(round(foot["h"]))
            + 'px">\u2212</button>')


def focused_chip():
    """The train whose chip has the keyboard's focus, or None."""
    active = dom.focused()
    if active is None or active.closest("#train-chips") is None:
        return None
    train = active.getAttribute("data-fold")
    return None if train is None else str(train)


def place_chips(geo):
    """Mexican Train's chips (W-113, W-117): one button over each folded train's first line,
    "+n" the tiles folded away, and "−" on the train shown whole (a second one at its last
    line where it is taller than the table, W-131); a tap shows the train whole
    or folds it again (`on_chip`; table.draw calls this). The open ends, the markers and the
    targets of a selected tile are outside the fold, so they stay in view. The chips are
    written again only when they change (dom.set_html), and then the train whose chip had
    the keyboard's focus (or was just tapped) keeps it on its new chip. Also writes the
    canvas's `data-ends` and `data-markers` (rects in CSS px) for tests, when they change."""
    if geo is None and byid("train-chips") is None:
        return
    chip_box()
    parts = []
    markers = []
    state = S["state"]
    for lab in (geo or {}).get("labels") or []:
        box = lab.get("marker_box")
        if lab.get("marker") and box:
            markers.append([lab["id"], round(box["x"]), round(box["y"]), round(box["w"]),
                            round(box["h"])])
        if lab.get("chip") and state is not None:
            parts.append(chip_html(lab, label_text(lab, state, geo)))
            if lab.get("foot"):
                parts.append(foot_html(lab, label_text(lab, state, geo)))
    html = "".join(parts)
    if html != dom.written("train-chips") or _unfold["focus"] is not None:
        keep = _unfold["focus"] or focused_chip()
        _unfold["focus"] = None
        dom.set_html("train-chips", html)
        if keep is not None:
            chip = dom.query('#train-chips [data-fold="' + esc(keep) + '"]:not(.foot)')
            if chip is not None:
                chip.focus()
    ends = []
    for end in (geo or {}).get("ends") or []:
        ends.append([end["id"], round(end["x"]), round(end["y"]), round(end["w"]),
                     round(end["h"])])
    canvas = byid("table")
    write_data(canvas, "data-ends", json.dumps(ends))
    write_data(canvas, "data-markers", json.dumps(markers))


def write_data(canvas, name, value):
    """Set the canvas's test attribute `name` to `value` only when it changed (W-117)."""
    if _written[name] != value:
        _written[name] = value
        canvas.setAttribute(name, value)


def toggle(train_id, focus):
    """Show the train `train_id` whole, or fold it again if it is whole, until the next
    state (W-114, W-117), and draw the table; with `focus`, its chip keeps the focus."""
    state = S["state"]
    if state is None:
        return
    opened = whole_train(state) == train_id
    _unfold["train"] = None if opened else train_id
    _unfold["state_id"] = state.get("state_id")
    _unfold["focus"] = train_id if focus else None
    import table  # the table imports this module

    table.draw()


def on_chip(event):
    """A tap on a train's chip shows it whole, or folds it again (`toggle`); the focus stays
    on its chip, so a keyboard player can press it again."""
    target = event.target.closest("[data-fold]")
    if target is not None:
        toggle(str(target.getAttribute("data-fold")), True)


def on_label(x, y):
    """A tap on the canvas at (`x`, `y`) (CSS px) on the label of a train that has a chip
    (folded, or shown whole) does what its chip does (W-117); returns whether it was one."""
    geo = S["geo"]
    for lab in (geo or {}).get("labels") or []:
        chip = lab.get("chip")
        if not chip:
            continue
        mid = lab["y"] + lab["h"] / 2.0
        half = max(lab["h"], chip["h"]) / 2.0
        if lab["x"] <= x < chip["x"] and mid - half <= y <= mid + half:
            toggle(lab["id"], False)
            return True
    return False
