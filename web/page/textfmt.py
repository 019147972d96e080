"""Formatting and small pure helpers of the UI: amounts, seat names, seat kinds, log lines (deep
links: deeplink.py).

Runs under MicroPython and CPython (pytest covers it). No `{:,}` format spec (MicroPython
lacks it), no urllib (absent in MicroPython): everything is spelled out by hand.
"""

import i18n

LEVELS = ("easy", "medium", "hard", "expert")
SEAT_KINDS = ("human", "ai:easy", "ai:medium", "ai:hard", "ai:expert")


def group_digits(n, sep):
    """`1234567` -> `1.234.567` with `sep` between groups of three digits."""
    digits = str(abs(int(n)))
    groups = []
    while len(digits) > 3:
        groups.insert(0, digits[-3:])
        digits = digits[:-3]
    groups.insert(0, digits)
    out = sep.join(groups)
    return "-" + out if int(n) < 0 else out


def amount(n, lang, signed=False):
    """An amount of points or money, grouped as each language writes it (GLOSSARY.md):
    Vietnamese 12.000, English 12,000, Russian 12 000."""
    sep = i18n.DIGIT_SEP.get(lang, ",")
    text = group_digits(n, sep)
    if signed and int(n) > 0:
        return "+" + text
    if int(n) < 0:
        return "\u2212" + text[1:]
    return text


def estimate(value, unit, lang, signed=True):
    """An estimate of the move review or a hint in its unit (`money`, `points`, `penalty
    points`, `pips`): money in whole units, the others to a tenth, with the language's
    separators; "–" for none."""
    if value is None:
        return "\u2013"
    if unit == "money" or abs(value - round(value)) < 0.05:
        return amount(int(round(value)), lang, signed)
    tenths = int(round(abs(value) * 10))
    text = amount(tenths // 10, lang, False) + i18n.DECIMAL_SEP.get(lang, ".") \
        + str(tenths % 10)
    if value < 0:
        return "\u2212" + text
    return ("+" + text) if signed else text


def unmarked(entry):
    """How a review's or a hint's unmarked verdict reads (DECISIONS E-61): `none` (the best,
    no loss), `as_good` (a loss the judge cannot tell from none), `small` (a loss told apart
    but below an inaccuracy), `close` (a loss of a mark's size within the estimates' noise).
    A kept verdict without `as_good` (review document version 4 or before) says `close` for
    any loss, as it did."""
    loss = entry.get("loss") or 0
    if loss <= 0:
        return "none"
    good = entry.get("as_good")
    if good:
        return "as_good"
    se = entry.get("loss_se")
    if good is False and se is not None and loss > 2 * se:
        return "small"
    return "close"


def says_text(lang, item, name):
    """One consequence of a move (the engine's `ai.consequences`, DECISIONS E-62, E-71) in the
    player's words; `name` is the name of the seat it concerns (a seat shut out), or None.
    An item this page does not know says nothing ("")."""
    kind = item.get("says")
    if kind == "scores":
        return i18n.t(lang, "says.scores", points=amount(item.get("points") or 0, lang))
    if kind == "shut_out":
        key = "says.shut_out_partner" if item.get("partner") else (
            "says.shut_out_penalty" if item.get("penalty") else "says.shut_out")
        return i18n.t(lang, key, seat=name or "")
    if kind == "double_dead":
        return i18n.t(lang, "says.double_dead", tile=canonical_tile(str(item.get("tile"))))
    if kind == "keeps_zero":
        return i18n.t(lang, "says.keeps_zero", value=amount(item.get("value") or 0, lang))
    if kind == "blocks":
        # The table's word (DECISIONS E-23): kozel's fish, else a block (triệt in Vietnamese).
        key = "says.blocks_fish" if item.get("word") == "fish" else "says.blocks"
        return i18n.t(lang, key)
    return ""


def is_ai(kind):
    """True for a computer seat: `ai` or `ai:LEVEL`."""
    return kind == "ai" or kind.startswith("ai:")


# A typed name longer than this is cut in narrow tables.
SHORT_NAME = 8

# --------------------------------------------------------------------------- typed names
# A player's typed name is kept to NAME_CLUSTERS characters as a reader counts them and
# NAME_POINTS code points in all, where it is typed and where it is read back from storage,
# and shown between the isolates FSI and PDI, so that no name turns the text around it
# (DECISIONS W-20). MicroPython has no unicodedata: a character is counted as a base code
# point with the marks, joiners and modifiers that follow it (`_joins`).
NAME_CLUSTERS = 16
NAME_POINTS = 64
NAME_SLOTS = 16  # names kept: one per seat of the largest table, with room to spare
FSI = "\u2068"
PDI = "\u2069"

# Code points that belong to the character before them: combining marks (Latin, Greek,
# Cyrillic, Vietnamese's decomposed tones, Hebrew, Arabic, the Indic scripts' signs are
# not all here), ZWNJ/ZWJ, variation selectors, emoji skin tones, tag characters.
_EXTEND = ((0x0300, 0x036F), (0x0483, 0x0489), (0x0591, 0x05BD), (0x0610, 0x061A),
           (0x064B, 0x065F), (0x0670, 0x0670), (0x06D6, 0x06DC), (0x06DF, 0x06E4),
           (0x0900, 0x0903), (0x093A, 0x094F), (0x0E31, 0x0E31), (0x0E34, 0x0E3A),
           (0x0E47, 0x0E4E), (0x1AB0, 0x1AFF), (0x1DC0, 0x1DFF), (0x200C, 0x200D),
           (0x20D0, 0x20FF), (0xFE00, 0xFE0F), (0xFE20, 0xFE2F), (0x1F3FB, 0x1F3FF),
           (0xE0020, 0xE007F), (0xE0100, 0xE01EF))


def _extends(cp):
    for lo, hi in _EXTEND:
        if lo <= cp <= hi:
            return True
    return False


def _dropped(cp):
    """Code points a name never keeps: controls, the isolates themselves (a PDI in a name
    would close the isolate it is shown in), line and paragraph separators, surrogates."""
    return cp < 0x20 or 0x7F <= cp <= 0x9F or 0x2066 <= cp <= 0x2069 \
        or cp in (0x2028, 0x2029) or 0xD800 <= cp <= 0xDFFF


def _code_points(text):
    """The code points of `text`, a surrogate pair joined into the one it encodes (MicroPython's
    json reads `\\ud83d\\ude00` as two code points), lone surrogates and controls left out."""
    out = []
    i = 0
    n = len(text)
    while i < n:
        cp = ord(text[i])
        if 0xD800 <= cp <= 0xDBFF and i + 1 < n and 0xDC00 <= ord(text[i + 1]) <= 0xDFFF:
            cp = 0x10000 + ((cp - 0xD800) << 10) + (ord(text[i + 1]) - 0xDC00)
            i += 1
        i += 1
        if not _dropped(cp):
            out.append(cp)
    return out


def name_clusters(text):
    """`text` as the characters a reader counts: each a string of a base code point and what
    joins it (marks, a ZWJ and the code point after it, two regional indicators: a flag)."""
    clusters = []
    joined = False
    for cp in _code_points(text):
        ch = chr(cp)
        flag = 0x1F1E6 <= cp <= 0x1F1FF
        if clusters and (joined or _extends(cp) or (
                flag and len(clusters[-1]) == 1 and 0x1F1E6 <= ord(clusters[-1]) <= 0x1F1FF)):
            clusters[-1] += ch
        else:
            clusters.append(ch)
        joined = cp == 0x200D
    return clusters


_clean_cache = {}


def clean_name(text, clusters=NAME_CLUSTERS):
    """A typed or stored name as the page keeps and shows it: trimmed, without controls, at
    most `clusters` characters and NAME_POINTS code points, never cut inside a character;
    "" for anything that is not text."""
    if not isinstance(text, str):
        return ""
    key = (text, clusters)
    if key in _clean_cache:
        return _clean_cache[key]
    # Enough of a very long text to fill the name: no character is longer than 32 here.
    kept = []
    points = 0
    for cluster in name_clusters(text.strip()[:NAME_POINTS * 8]):
        if len(kept) >= clusters or points + len(cluster) > NAME_POINTS:
            break
        kept.append(cluster)
        points += len(cluster)
    name = "".join(kept).strip()
    if len(_clean_cache) > 64:
        _clean_cache.clear()
    _clean_cache[key] = name
    return name


def read_names(text):
    """The typed names as storage gives them back (JSON text): a list of clean names, []
    for anything else. The same names come back as were typed, emoji included."""
    import json

    try:
        names = json.loads(text or "[]")
    except (ValueError, TypeError):
        return []
    if not isinstance(names, list):
        return []
    return [clean_name(name) for name in names[:NAME_SLOTS]]


def isolate(name):
    """`name` between FSI and PDI: text around it keeps its direction whatever the name holds."""
    return FSI + name + PDI


def short_name(name, n=SHORT_NAME):
    """A clean name cut to `n` characters with an ellipsis (never inside a character)."""
    clusters = name_clusters(name)
    if len(clusters) <= n:
        return name
    return "".join(clusters[:max(1, n - 1)]) + "\u2026"


# Play with friends (issue 24): the human seats played on other devices. This device then has
# one human, its own seat, called "You" as against the computers; the others are named.
_remote = {"seats": ()}


def set_remote_seats(seats):
    """The human seats other devices play (friends' devices), () when none."""
    _remote["seats"] = tuple(seats)


def remote_seats():
    """The human seats other devices play, as `set_remote_seats` last set them."""
    return list(_remote["seats"])


def local_humans(seats):
    """How many human seats this device plays (the others' devices' seats left out)."""
    humans = 0
    for i in range(len(seats)):
        if not is_ai(seats[i]) and i not in _remote["seats"]:
            humans += 1
    return humans


def _seat_kind(seat, seats, viewer):
    """"you" for the viewer when one human plays at this device, else "computer" or
    "player"."""
    humans = local_humans(seats)
    if seat == viewer and humans == 1 and not is_ai(seats[seat]):
        return "you"
    if seat < len(seats) and is_ai(seats[seat]):
        return "computer"
    return "player"


def is_you(seat, seats, viewer):
    """Whether the page calls `seat` "You" (the viewer when one human plays): its lines take
    the viewer's own words (`..._you` keys), since a verb agrees with "Вы" and "Bạn" is
    capitalised only at the start of a sentence."""
    return _seat_kind(seat, seats, viewer) == "you"


def seen_label(lang, seat, seats, viewer, names=None):
    """The review's choice of whose tiles are shown: "As you saw it" for the viewer (its own
    words: "Как видели вы", "Như bạn thấy"), "As Computer 2 saw it" for another seat."""
    if is_you(seat, seats, viewer):
        return i18n.t(lang, "review.seen_you")
    return i18n.t(lang, "review.seen_seat", name=seat_name(lang, seat, seats, viewer, names))


def move_key(kind, reading):
    """The catalogue key of a draw, a pass or a leave in the review's words, in the table's
    words of the variant (``reading.words``): kozel draws from the market and knocks."""
    words = (reading or {}).get("words") or {}
    if kind == "draw":
        return "review.move_draw_market" if words.get("boneyard") == "market" else \
            "review.move_draw"
    if kind == "pass":
        return "review.move_knock" if words.get("pass") == "knock" else "review.move_pass"
    return "review.move_" + str(kind)


def seat_name(lang, seat, seats, viewer, names=None):
    """How the UI names a seat: "You" for the viewer when one human plays, a typed name for a
    pass-and-play human (``names``: one per seat, "" for none), else by number."""
    kind = _seat_kind(seat, seats, viewer)
    if kind == "you":
        return i18n.t(lang, "game.you")
    typed = _typed_name(seat, names) if kind == "player" else ""
    return isolate(typed) if typed else i18n.t(lang, "game." + kind, n=seat + 1)


def _typed_name(seat, names):
    """The name typed for `seat` in the setup form, clean (`clean_name`), "" when none was."""
    if names and seat < len(names) and isinstance(names[seat], str):
        return clean_name(names[seat])
    return ""


# A spinner tree's arms on a table turned a quarter clockwise (W-155): left end up, and so on.
TURNED_ENDS = {"L": "N", "N": "R", "R": "S", "S": "L"}


def end_label(lang, end_id, seats, viewer, names=None, turned=False):
    """A localized name for an open end id (`L`, `R`, `N`, `S`, `X1`, `T2`, `MX`), a tree's
    arms named where they lie on the table (`turned`: a quarter clockwise, W-155)."""
    if turned:
        end_id = TURNED_ENDS.get(end_id, end_id)
    if end_id in ("L", "R", "N", "S", "MX"):
        return i18n.t(lang, "end." + end_id)
    if end_id.startswith("T") and end_id[1:].isdigit():
        owner = int(end_id[1:])
        if _seat_kind(owner, seats, viewer) == "you":
            return i18n.t(lang, "end.T_you")
        return i18n.t(lang, "end.T", name=seat_name(lang, owner, seats, viewer, names))
    if end_id.startswith("X") and end_id[1:].isdigit():
        return i18n.t(lang, "end.X", n=end_id[1:])
    return end_id


def split_move(notation):
    """Split a placement notation into (tile, end or None): `6-5@R` -> ("6-5", "R").

    `draw`, `pass` and `leave` give (notation, None); a kozel pair keeps its whole text.
    """
    if "+" in notation or "@" not in notation:
        return notation, None
    tile, rest = notation.split("@", 1)
    end = rest.split(":", 1)[0]
    return tile, end


def last_placed(history):
    """The tiles of the hand's most recent placement, canonical (`["6-5"]`, or both doubles
    of a kozel pair), from the view's history `[[seat, notation], ...]`; [] before any.

    The table outlines them, so that a player sees at once what the computer just played."""
    for entry in reversed(history or []):
        notation = entry[1]
        if notation in ("draw", "pass", "leave"):
            continue
        return [canonical_tile(part.split("@", 1)[0]) for part in notation.split("+")]
    return []


def group_moves(legal):
    """Group legal move notations by tile: {"6-5": ["6-5@L", "6-5@R"], ...}, plus the others.

    Returns (by_tile, others) where `others` holds `draw`, `pass`, `leave` and kozel pairs.
    """
    by_tile = {}
    others = []
    for move in legal:
        if move in ("draw", "pass", "leave") or "+" in move:
            others.append(move)
            continue
        tile, _end = split_move(move)
        key = canonical_tile(tile)
        if key not in by_tile:
            by_tile[key] = []
        by_tile[key].append(move)
    return by_tile, others


def canonical_tile(text):
    """`4-6` -> `6-4`: the high half first, as the engine writes tiles."""
    parts = text.split("-")
    if len(parts) != 2:
        return text
    a, b = int(parts[0]), int(parts[1])
    if a < b:
        a, b = b, a
    return str(a) + "-" + str(b)


def default_seats(players):
    """One human (seat 0) against computers at the medium level."""
    seats = ["human"]
    for _ in range(players - 1):
        seats.append("ai:medium")
    return seats


def seat_short(lang, seat, seats, viewer, names=None, n=SHORT_NAME):
    """A short seat label for narrow tables: "You", "C2" (computer 2), "P3" (player 3), a
    typed name cut to `n` characters (``short_name``), isolated."""
    kind = _seat_kind(seat, seats, viewer)
    if kind == "you":
        return i18n.t(lang, "game.you")
    typed = _typed_name(seat, names) if kind == "player" else ""
    if typed:
        return isolate(short_name(typed, n))
    return i18n.t(lang, "game." + kind + "_short", n=seat + 1)


def seat_forms(lang, seat, seats, viewer, names=None):
    """The forms a seat's name takes where room runs short, longest first, each a different
    text: "Computer 2", "Comp. 2", "C2" (the band's three, W-95); a typed name whole, then cut
    (``seat_short``); "Player 3", "P3"; "You" alone. The table's train labels draw the longest
    that fits (W-99), so a train is named as the band names its owner wherever there is room."""
    kind = _seat_kind(seat, seats, viewer)
    if kind == "you":
        return [i18n.t(lang, "game.you")]
    forms = [seat_name(lang, seat, seats, viewer, names)]
    if kind == "computer":
        forms.append(i18n.t(lang, "game.computer_mid", n=seat + 1))
    forms.append(seat_short(lang, seat, seats, viewer, names))
    out = []
    for form in forms:
        if form not in out:
            out.append(form)
    return out


def log_notation(event):
    """The RECORD.md notation behind a log line (`6-5@R`, `draw`, `pass`, `leave`), or ""."""
    kind = event.get("type")
    if kind == "played":
        return str(event.get("move", ""))
    if kind == "drew":
        return "draw"
    if kind in ("passed", "left"):
        return "pass" if kind == "passed" else "leave"
    return ""


def played_text(lang, name, move, seats, viewer, names=None, turned=False):
    """A placement in words: a lead, a kozel pair, or a tile on a named end (`turned`: the
    tree's table lies turned, `end_label`)."""
    if "+" in move:
        parts = move.split("+")
        first = canonical_tile(split_move(parts[0])[0])
        second = canonical_tile(split_move(parts[1])[0]) if len(parts) > 1 else ""
        return i18n.t(lang, "log.pair", name=name, a=first, b=second)
    tile, end = split_move(move)
    tile = canonical_tile(tile)
    if end is None:
        return i18n.t(lang, "log.led", name=name, tile=tile)
    return i18n.t(lang, "log.played_end", name=name, tile=tile,
                  end=end_label(lang, end, seats, viewer, names, turned))


def log_text(lang, event, seats, viewer, names=None, knock=False, turned=False):
    """One game-log line in words for a protocol event, or None for events the log does not
    show (the notation is `log_notation(event)`). A placement played live says its end as
    the table showed it then (`dir`, `on`); one rebuilt from a resumed or imported hand's
    history names its arm where it lies now (`turned`: the hand's tree lies turned)."""
    kind = event.get("type")
    seat = event.get("seat")
    name = seat_name(lang, seat, seats, viewer, names) if seat is not None else ""
    if kind == "played":
        if event.get("dir") and event.get("on") is not None:
            tile = canonical_tile(split_move(str(event.get("move", "")))[0])
            where = end_words(lang, event["dir"], event["on"])
            end = split_move(str(event.get("move", "")))[1] or ""
            if end.startswith("T") or end == "MX":
                where = end_label(lang, end, seats, viewer, names) + ", " + where
            return i18n.t(lang, "log.played_at", name=name, tile=tile, end=where)
        return played_text(lang, name, str(event.get("move", "")), seats, viewer, names,
                           turned)
    if kind == "drew":
        if event.get("tile"):
            return i18n.t(lang, "log.drew_tile", name=name, tile=canonical_tile(event["tile"]))
        return i18n.t(lang, "log.drew", name=name)
    if kind == "passed":
        # A kozel player who cannot move knocks on the table (GLOSSARY.md: "pass (kozel:
        # knock)").
        return i18n.t(lang, "log.knocked" if knock else "log.passed", name=name)
    if kind == "left":
        return i18n.t(lang, "log.left", name=name,
                      n=amount(event.get("charge", 0), lang))
    if kind == "scored":
        return i18n.t(lang, "log.points", name=name, n=event.get("points", 0))
    if kind == "marker":
        you = name == i18n.t(lang, "game.you")
        return i18n.t(lang, "log.marker_you" if you else "log.marker", name=name)
    if kind == "hand_ended":
        return i18n.t(lang, "log.hand_ended")
    if kind == "hand_started":
        return i18n.t(lang, "log.new_hand", n=event.get("hand_number", 1))
    if kind == "undone":
        return i18n.t(lang, "log.undone", name=name, n=event.get("moves", 1))
    return None


def seen_by(event, viewer):
    """`event` as `viewer` may see it: another seat's drawn tile is left out. The log keeps
    each event as the viewer of its state saw it; in pass-and-play the device then goes to
    another player, who must not read the tile the previous one drew."""
    if event.get("type") != "drew" or not event.get("tile") or event.get("seat") == viewer:
        return event
    out = {}
    for key in event:
        if key != "tile":
            out[key] = event[key]
    return out


def saved_text(lang, summary, date):
    """The menu's line about the saved match: game, players, hand, moves played, and when
    (`date`, already formatted; may be empty)."""
    variant = summary.get("variant") or ""
    moves = summary.get("moves") or 0
    key = "menu.saved"
    if moves == 0:
        key = "menu.saved_none"
    elif moves == 1:
        key = "menu.saved_one"
    if summary.get("match_over"):
        key = "menu.saved_over"
    text = i18n.t(lang, key, game=i18n.variant_name(lang, variant),
                  players=summary.get("players") or "?", hand=summary.get("hand_number") or 1,
                  moves=moves)
    if date:
        text = i18n.t(lang, "menu.saved_at", text=text, date=date)
    return text


# --------------------------------------------------------------------------- the table's words


def reading_of(state):
    """How this match's results read (the state's ``reading``, rules.reading): its standing,
    which totals are better, whether players are ranked, what the summary shows, the table's
    words and the number of rounds; the page asks these instead of testing variant ids."""
    return (state or {}).get("reading") or {}


def word(state, name):
    """The table's word for `name` in this match (``blocked``: block / triet / fish, ``pass``:
    pass / knock, ``boneyard``: boneyard / market)."""
    return (reading_of(state).get("words") or {}).get(name)


def match_of(state):
    return state.get("match") or {}


def seat_level(kind):
    """The level of a computer seat (`ai:hard` -> "hard"; plain `ai` plays at medium), or
    None for a human."""
    if not is_ai(kind):
        return None
    return kind[3:] if kind.startswith("ai:") else "medium"


def teams(state):
    """The two teams ([[0, 2], [1, 3]]) when partners play (the `partnership` option, four
    players; Kozel in pairs too, RULES.md 2.5), else None: partners sit opposite."""
    options = state.get("options") or {}
    players = state.get("players") or len(state.get("seats") or [])
    if players == 4 and options.get("partnership"):
        return [[0, 2], [1, 3]]
    return None


def money_text(lang, n, signed=True):
    """An amount of money with its unit and sign: "+3,000 coins", "−1.000 xu"."""
    return i18n.t(lang, "unit.money", n=amount(n, lang, signed))


def standing(lang, state, seat):
    """(label, value) of a seat's standing in the variant's own unit: money, points (with
    the points scored in the hand being played), kozel's record (and whether it is open; in
    pairs the team's), Mexican Train's total; None when the match keeps no standing."""
    match = match_of(state)
    if match.get("balances") is not None:
        values = match["balances"]
        if seat >= len(values):
            return None
        return i18n.t(lang, "standing.money"), money_text(lang, values[seat])
    if match.get("records") is not None:
        values = match["records"]
        if seat >= len(values):
            return None
        opened = (match.get("open") or [])
        is_open = seat < len(opened) and opened[seat]
        word = i18n.t(lang, "standing.open" if is_open else "standing.closed")
        # Kozel in pairs: one record per team, shown on both partners (RECORD.md).
        label = "standing.record" if teams(state) is None else "standing.team_record"
        return i18n.t(lang, label), amount(values[seat], lang) + " " + word
    if match.get("scores") is not None:
        values = match["scores"]
        if seat >= len(values):
            return None
        total = values[seat]
        if not state.get("hand_over"):
            during = (state.get("view") or {}).get("points") or []
            # all_fives scores during the hand; the standing counts it at once.
            if seat < len(during) and reading_of(state).get("result") == "fives":
                total += during[seat]
        key = "standing.total" if reading_of(state).get("standing") == "cost" \
            else "standing.points"
        return i18n.t(lang, key), amount(total, lang)
    return None


def hand_text(lang, state):
    """"Hand 3", or Mexican Train's "Round 1 of 13" (one round per engine double)."""
    n = state.get("hand_number", 1) or 1
    rounds = reading_of(state).get("rounds")
    if rounds:
        return i18n.t(lang, "game.round", n=n, total=rounds)
    return i18n.t(lang, "game.hand_number", n=n)


def tiles_text(lang, n):
    """"1 tile", "5 tiles" (the catalogue's plural when it has one)."""
    return i18n.t(lang, "game.tiles", n=n)


def end_words(lang, direction, value):
    """An end as the table shows it: its direction on screen and its open number ("up, on
    6"); the number alone when the direction is unknown."""
    if direction:
        return i18n.t(lang, "end.where", dir=i18n.t(lang, "dir." + direction), n=value)
    return i18n.t(lang, "end.on", n=value)


def others(players, viewer):
    """The other seats in playing order clockwise from your left: the order in which the
    band of opponents shows them (DECISIONS W-50), left to right or top to bottom."""
    out = []
    for i in range(1, players):
        out.append((viewer + i) % players)
    return out


# --------------------------------------------------------------------------- the history


def history_lines(lang, entry, date):
    """The lines of a match in the history list: what was played and when, who sat at the
    table (a computer with its level), whether it ended, and the standing of the seat the
    page played it from, in the variant's own unit ("Balance +3,000 coins")."""
    title = i18n.t(lang, "history.players", game=i18n.variant_name(lang, entry.get("variant")),
                   players=entry.get("players"))
    if date:
        title = date + " · " + title
    seats = entry.get("seats") or []
    viewer = entry.get("viewer") or 0
    names = []
    for seat in range(len(seats)):
        name = _history_name(lang, entry, seat, seats, viewer)
        level = seat_level(seats[seat])
        if level is not None:
            name += " (" + i18n.t(lang, "level." + level) + ")"
        names.append(name)
    hands = entry.get("hands") or 1
    if entry.get("finished"):
        status = i18n.t(lang, "history.finished", n=hands)
    else:
        status = i18n.t(lang, "history.unfinished", hands=hands)
    state = {"match": entry.get("match") or {}, "hand_over": True,
             "reading": {"standing": entry.get("standing"), "better": entry.get("better")}}
    if entry.get("finished"):
        best = _best_seats(entry)
        if best and len(best) < len(names):
            status += " · " + i18n.t(lang, "history.winner",
                                     name=i18n.join_names(lang, [names[s] for s in best]))
    mine = standing(lang, state, viewer)
    result = status
    if mine is not None:
        result = status + " · " + names[viewer] + ": " + mine[0] + " " + mine[1] \
            if viewer < len(names) else status
    return {"title": title, "seats": ", ".join(names), "result": result}


def _history_name(lang, entry, seat, seats, viewer):
    """A seat's name in the history list. A friends' match (its entry keeps the table's
    `names`, DECISIONS W-75) was played one player a device: its viewer is "You" and each
    other player is named by the name they gave at the table ("Player N" when none); the
    others as the table named them."""
    names = entry.get("names")
    if not isinstance(names, list):
        return seat_name(lang, seat, seats, viewer)
    if is_ai(seats[seat]):
        return i18n.t(lang, "game.computer", n=seat + 1)
    if seat == viewer:
        return i18n.t(lang, "game.you")
    typed = _typed_name(seat, names)
    return isolate(typed) if typed else i18n.t(lang, "game.player", n=seat + 1)


def _best_seats(entry):
    """The seats with the best total of a finished match (the highest balance or score, the
    lowest kozel record or Mexican Train total: the entry's `better`), or [] without totals."""
    match = entry.get("match") or {}
    for key in ("balances", "records", "scores"):  # the totals a match keeps (rules.STANDINGS)
        values = match.get(key)
        if isinstance(values, list) and values:
            best = min(values) if entry.get("better") == "lower" else max(values)
            return [i for i in range(len(values)) if values[i] == best]
    return []
