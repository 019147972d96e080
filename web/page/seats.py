"""The seats: you under the table, the others in one band of compact seats (DECISIONS
W-50): along the top of a phone held upright, beside the table on a landscape phone or a
wide screen, so that the table keeps the rest of the screen.

Each seat shows its name, its level (a computer), its tiles face down with their count, its
standing in the variant's unit with a label, a team mark when partners play, and whose turn
it is on the seat itself (with a "thinking" sign for a computer). Built as HTML text from
the store's state; nothing here reads the page.
"""

import faces
import geometry
import textfmt
from dom import byid, set_html
from store import S, esc, tr

# At most this many face-down tiles drawn for a seat (the count says the rest).
MAX_BACKS = 12
# From this many opponents on, each of their seats is one line shorter (no tile backs).
MANY = 4
# From this many opponents on, the band's seats are tight (and four a row on a phone held
# upright that is wide enough): seven seats took a third of a 320x568 screen (W-87).
CROWD = 6
# From this many opponents on, a small phone held upright (under 385 px) sets the band four a
# row of tight seats and your tiles narrower, so that the table keeps half the screen
# (W-93, W-98; app.css reads the class `tight`): four opponents are then one row, not two.
# A table of trains (Mexican Train) is tight with any number of opponents: its hands of 15
# tiles left a 320x568 table 0.40 of the screen with three opponents (W-109).
TIGHT = 4


def seat_name(seat):
    """The seat's name: a typed pass-and-play name, else "You" / "Computer 2" / "Player 3"."""
    state = S["state"]
    return textfmt.seat_name(S["lang"], seat, state["seats"], state["viewer"], S["names"])


def standing_html(lang, state, seat):
    """A seat's standing (its label, then its amount: the value with a note in brackets after
    it), or ""."""
    stand = textfmt.standing(lang, state, seat)
    if stand is None:
        return ""
    value = stand[1]
    note = ""
    if value.endswith(")") and " (" in value:
        note = value[value.index(" (") + 1:]
        value = value[:value.index(" (")]
    # The amount (the value with its note) before the label in what a narrow seat keeps: the
    # label goes first, then the note, never the value (app.css, W-97).
    return ('<div class="standing"><span class="label">' + esc(stand[0])
            + '</span> <span class="amount"><span class="value">' + esc(value) + "</span>"
            + (' <span class="note">' + esc(note) + "</span>" if note else "")
            + "</span></div>")


def name_label(seat, name, where):
    """The seat's name as HTML. A seat of the band also carries the short label the table's
    trains use ("C2"): a narrow seat shows that, not "Compu…" five times over (app.css's
    container query picks one; the seat's aria-label keeps the full name for screen readers)."""
    label = esc(name)
    if where != "top":
        return label
    state = S["state"]
    short = textfmt.seat_short(S["lang"], seat, state["seats"], state["viewer"], S["names"])
    if short == name:
        return label
    # A computer's name is the catalogue's, of a known length in each language: app.css lets
    # it stand whole down to the width it needs there ("Máy 2" nearly always).
    computer = textfmt.is_ai(state["seats"][seat])
    full = "name-full computer" if computer else "name-full"
    # A computer's middle form ("Comp. 2", W-95) for a band too narrow for its whole name but
    # not for a word: a landscape phone's seats (app.css).
    mid = tr("game.computer_mid", n=seat + 1) if computer else ""
    return ('<span class="' + full + '">' + label + '</span><span class="name-short" '
            'aria-hidden="true">' + esc(short) + "</span>"
            + ('<span class="name-mid" aria-hidden="true">' + esc(mid) + "</span>"
               if mid and mid != name else ""))


def seat_html(seat, where):
    state = S["state"]
    lang = S["lang"]
    seats = state["seats"]
    view = state.get("view") or {}
    counts = view.get("counts") or []
    seated = view.get("seated") or []
    over = bool(state.get("hand_over"))
    to_move = state.get("to_move")
    kind = seats[seat] if seat < len(seats) else "human"
    cls = "seat seat-" + where
    status = ""
    away = (S["friends"] or {}).get("away") or []
    standin = (S["friends"] or {}).get("standin") or []
    if seat < len(seated) and not seated[seat]:
        cls += " left-table"
        status = tr("seat.left")
    elif seat < len(standin) and standin[seat]:
        cls += " standin"  # a computer plays the friend's seat for now (W-65)
        status = tr("friends.standin")
    elif seat < len(away) and away[seat]:
        cls += " away"  # a friend's device dropped: its seat waits for it (issue 24)
        status = tr("friends.away")
    elif seat == to_move and not over:
        cls += " to-move"
        if textfmt.is_ai(kind):
            cls += " thinking"
            status = tr("seat.thinking")
        elif where != "bottom":
            status = tr("seat.to_play")
    groups = textfmt.teams(state)
    team = ""
    if groups is not None:
        for i in range(len(groups)):
            if seat in groups[i]:
                cls += " team-" + str(i)
                team = '<span class="team">' + esc(tr("seat.team", n=i + 1)) + "</span>"
    count = counts[seat] if seat < len(counts) else 0
    level = textfmt.seat_level(kind)
    name = seat_name(seat)
    parts = ['<div class="' + cls + '" data-seat="' + str(seat) + '" role="group" aria-label="'
             + esc(name) + '">']
    # dir=auto: a typed name (already between FSI and PDI) keeps its own direction.
    face = "" if level is None else faces.face_svg(level)  # drawn, one per level (issue 25)
    parts.append('<div class="seat-head">' + face + '<b class="seat-name" dir="auto">'
                 + name_label(seat, name, where) + "</b>")
    if level is not None:
        # The level's nickname, the level itself in its tooltip and for screen readers.
        parts.append('<span class="level" title="' + esc(tr("level." + level)) + '">'
                     + esc(tr("persona." + level)) + '<span class="sr-only"> ('
                     + esc(tr("level." + level)) + ")</span></span>")
    parts.append(team + "</div>")
    if where != "bottom":
        hands = state.get("hands") if over else None
        if hands is not None and seat < len(hands) and hands[seat] is not None:
            parts.append('<div class="open-hand" role="group" aria-label="'
                         + esc(tr("seat.shown")) + '">')
            for tile in hands[seat]:
                parts.append('<span class="mini">' + esc(textfmt.canonical_tile(str(tile)))
                             + "</span>")
            parts.append("</div>")
        else:
            shown = min(count, MAX_BACKS)
            parts.append('<div class="backs" aria-hidden="true">' + "<i></i>" * shown
                         + ("<em>+</em>" if count > shown else "") + "</div>")
    parts.append('<div class="seat-count">' + esc(textfmt.tiles_text(lang, count)) + "</div>")
    if where != "bottom":
        # The count as a small pile before the standing: a seat of the band on a phone shows
        # it instead of the tile backs and the words (app.css), which screen readers keep.
        parts.append('<span class="count-badge" aria-hidden="true"><i></i>' + str(count)
                     + "</span>")
    parts.append(standing_html(lang, state, seat))
    parts.append('<div class="seat-status">' + esc(status) + "</div>")
    parts.append("</div>")
    return "".join(parts)


def is_tight(state, opponents):
    """Whether the band is tight (and the table's parts with it, app.css `tight`,
    `tight-band`): from TIGHT opponents on, and at a table of trains with any number (its
    long hands, W-109). Fixed through a match: the layout's kind and the seats never change."""
    if opponents >= TIGHT:
        return True
    kind = geometry.kind_of((state.get("view") or {}).get("layout"))
    return opponents > 0 and kind is not None and kind["banded"]


def render():
    """Fill the band of opponents, your own seat and the table's line (hand, boneyard)."""
    state = S["state"]
    players = len(state["seats"])
    # A match of computers only (benchmarks, a watched match) has no viewer: its seat 0
    # sits where you would, the others in the band as usual.
    viewer = state["viewer"]
    if viewer is None:
        viewer = 0
    others = textfmt.others(players, viewer)
    html = []
    for seat in others:
        html.append(seat_html(seat, "top"))
    band = byid("seats-top")
    set_html("seats-top", "".join(html))
    band.hidden = not html
    # Columns of the band: across the top of a phone, up to three seats a row (four seats in
    # two rows); beside the table, one column, two from four seats on (app.css reads these).
    n = len(others)
    band.style.setProperty("--cols-top", str(n if n <= 3 else (2 if n == 4 else 3)))
    band.style.setProperty("--cols-side", "1" if n <= 3 else "2")
    band.classList.toggle("many", n >= MANY)
    # Six or seven opponents on a phone held upright: tight seats, four a row where the
    # phone is wide enough for every status whole, so the band is two rows (DECISIONS W-87).
    band.classList.toggle("crowd", n >= CROWD)
    tight = is_tight(state, n)
    band.classList.toggle("tight", tight)
    # A tight band's seats a row on a small phone held upright: all of them up to four.
    band.style.setProperty("--cols-tight", str(min(n, 4)))
    # The table's parts follow a tight band through a class of the table's screen (app.css,
    # W-98, W-102), not `.game:has(.seats-top.tight)`: with those rules in force (a phone
    # held upright under 600 px), Chromium 156 left the menu's custom form laid out stale
    # after its seats changed (0 px tall, its selects unusable) until some restyle.
    byid("game").classList.toggle("tight-band", tight)
    set_html("seats-bottom", seat_html(viewer, "bottom"))
    view = state.get("view") or {}
    info = [esc(textfmt.hand_text(S["lang"], state))]
    # all_fives: the count of the ends, which scores when it is a multiple of five.
    if view.get("end_count") is not None and view.get("ends"):
        info.append('<span class="end-count">' + esc(tr("game.end_count", n=view["end_count"]))
                    + "</span>")
    boneyard = view.get("boneyard")
    pile = byid("boneyard")
    if boneyard is not None and (boneyard or view.get("drawable")):
        pile.hidden = False
        word = "game.market" if textfmt.word(state, "boneyard") == "market" else "game.boneyard"
        set_html("boneyard", '<span class="pile" aria-hidden="true">' + "<i></i>" * min(boneyard, 4)
                 + "</span><span>" + esc(tr(word, n=boneyard)) + "</span>")
    else:
        pile.hidden = True
    set_html("table-info", " · ".join(info))
