"""The end-of-hand summary: what the dialog shows, built as HTML text from a `state` answer.

Pure and plain (runs under MicroPython on the page and under CPython in pytest): it reads the
state's `hand_result`, `hand_result_details`, `hands`, `history` and `match`, and returns
strings; app.py only puts them into the dialog.
"""

import i18n
import textfmt

ITEM_KINDS = ("rank", "block", "pass", "doubles", "escrow", "leave")


def esc(text):
    text = str(text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def as_list(value):
    """A winner field (a seat, a list of seats, or None) as a list of seats."""
    if value is None:
        return []
    if isinstance(value, list):
        return value
    return [value]


def totals_of(summary):
    """The match totals of a summary: balances, scores or kozel records (or None)."""
    for key in ("balances", "scores", "records"):
        if summary.get(key) is not None:
            return summary[key]
    return None


class Namer:
    """Seat names in one language for one state."""

    def __init__(self, lang, state, names=None):
        self.lang = lang
        self.seats = state.get("seats") or []
        self.viewer = state.get("viewer", 0)
        self.typed = names  # pass-and-play names typed in the setup form, one per seat

    def name(self, seat):
        return textfmt.seat_name(self.lang, seat, self.seats, self.viewer, self.typed)

    def names(self, seats):
        # "Bạn và Máy 3", "You and Computer 3": one subject, as the glossary's grammar asks.
        return i18n.join_names(self.lang, [self.name(s) for s in seats])

    def short(self, seat):
        return textfmt.seat_short(self.lang, seat, self.seats, self.viewer, self.typed)

    def said(self, key, seat):
        """The message `key` about one seat: its `_you` form for the viewer ("Вы вышли!", not
        "Вы: выход!"), since a Russian verb or a Vietnamese "Bạn" agrees with the viewer."""
        if textfmt.is_you(seat, self.seats, self.viewer):
            return i18n.t(self.lang, key + "_you")
        return i18n.t(self.lang, key, name=self.name(seat))


def went_out(state, winners):
    """The seat that went out of a hand won by a domino: with partners the winner is the whole
    team, but only one of them played the last tile (the team member with no tile left, else
    the first of the ranking)."""
    hands = state.get("hands") or []
    out = [s for s in winners if s < len(hands) and isinstance(hands[s], list) and not hands[s]]
    if len(out) == 1:
        return out[0]
    ranking = (state.get("hand_result") or {}).get("ranking") or []
    if ranking and ranking[0] in winners:
        return ranking[0]
    return winners[0]


def headline(lang, state, names=None):
    """The sentences under the title: how the hand ended, who won, who blocked, who opened."""
    t = i18n.t
    result = state.get("hand_result") or {}
    details = state.get("hand_result_details") or {}
    kind = textfmt.reading_of(state).get("result")
    nm = Namer(lang, state, names)
    term = result.get("termination")
    winners = as_list(result.get("winner"))
    lines = []
    if term == "domino" and winners:
        lines.append(nm.said("result.domino", went_out(state, winners)))
    elif term == "blocked":
        fish = textfmt.word(state, "blocked") == "fish"
        lines.append(t(lang, "result.fish" if fish else "result.blocked"))
    elif term == "round_over":
        lines.append(t(lang, "result.round_over"))
    elif term == "target":
        lines.append(t(lang, "result.target", name=nm.names(winners)))
    if winners:
        lines.append(t(lang, "result.winner", name=nm.names(winners)))
    else:
        lines.append(t(lang, "result.no_winner"))
    blocker = result.get("blocker")
    if term == "blocked" and kind == "blocker":  # vn_schoolnet: the blocker and the setter
        if blocker is None:
            lines.append(t(lang, "result.forced_block"))
        else:
            key = "result.blocker_won" if blocker in winners else "result.blocker_lost"
            lines.append(nm.said(key, blocker))
            gai = result.get("gai")
            if gai is not None:
                # The setter pays the blocker for everyone when the block wins, and collects
                # the whole amount from the blocker when it loses (School@net).
                key = "result.gai_pays" if blocker in winners else "result.gai_collects"
                lines.append(nm.said(key, gai))
    elif term == "blocked" and kind == "payments" and blocker is not None:  # vn_iwin
        key = "result.blocker_won" if blocker in winners else "result.blocker_lost"
        lines.append(nm.said(key, blocker))
    if kind == "record" and details.get("opened"):
        lines.append(t(lang, "result.opened", name=nm.names(details["opened"])))
    if result.get("house"):
        lines.append(t(lang, "result.house", n=textfmt.amount(result["house"], lang)))
    return lines


def columns(result_kind):
    """The per-seat columns of the hand table after the player column, by what the hand's
    result shows (the state's ``reading.result``): kozel's record, all_fives' points scored
    during the hand and its bonus, else pips and the change."""
    if result_kind == "record":
        return ["pips", "hand_points", "recorded", "total"]
    if result_kind == "fives":
        return ["pips", "during_hand", "bonus", "delta", "total"]
    return ["pips", "delta", "total"]


def cell(lang, col, seat, state):
    """(text, css class) of one cell of the hand table."""
    result = state.get("hand_result") or {}
    details = state.get("hand_result_details") or {}
    summary = state.get("match") or {}

    def pick(values):
        if values is None or seat >= len(values):
            return None
        return values[seat]

    if col == "pips":
        value = pick(result.get("pips"))
        return ("" if value is None else str(value)), ""
    if col == "total":
        value = pick(totals_of(summary))
        if value is None:
            return "", ""
        text = textfmt.amount(value, lang)
        if summary.get("open") is not None:  # a record that opens (kozel)
            opened = pick(summary.get("open"))
            text += " " + i18n.t(lang, "result.open" if opened else "result.closed")
        return text, "total"
    if col == "hand_points":
        value = pick(details.get("hand_points"))
    elif col == "recorded":
        value = pick(details.get("recorded"))
    elif col == "during_hand":
        value = pick(details.get("during_hand"))
    elif col == "bonus":
        winners = as_list(result.get("winner"))
        value = details.get("bonus", 0) if seat in winners else 0
    else:
        value = pick(result.get("delta"))
    if value is None:
        return "", ""
    if textfmt.reading_of(state).get("better") == "lower":  # points count against you
        return textfmt.amount(value, lang, True), "penalty" if value > 0 else ""
    cls = "plus" if value > 0 else ("minus" if value < 0 else "")
    return textfmt.amount(value, lang, True), cls


def _why_blocker(state, seat, winners):
    """(key, values) of a School@net block's row (RULES.md 2.2.4), or None."""
    result = state.get("hand_result") or {}
    blocker = result.get("blocker")
    gai = result.get("gai")
    if blocker is None:
        return None
    won = blocker in winners
    if seat == blocker:
        if won:
            return ("why.block_won_gai" if gai is not None else "why.block_won"), {}
        return ("why.block_lost_gai" if gai is not None else "why.block_lost"), {}
    if seat == gai:
        return ("why.gai_pays" if won else "why.gai_collects"), {}
    if gai is None:
        return ("why.pays_blocker" if won else "why.paid_by_blocker"), {}
    return None


def _why_record(state, seat, winners):
    """(key, values) of a kozel row: why points were or were not recorded (RULES.md 2.5)."""
    details = state.get("hand_result_details") or {}
    points = (details.get("hand_points") or [])
    recorded = (details.get("recorded") or [])
    if seat >= len(points) or seat >= len(recorded):
        return None
    if seat in (details.get("opened") or []):
        return "why.record_opened", {"n": recorded[seat]}
    if points[seat] > 0 and recorded[seat] == 0:
        opens = textfmt.reading_of(state).get("opens_at")
        if opens and points[seat] < opens and not _open(state, seat):
            return "why.record_closed", {"n": points[seat], "opens": opens}
        return "why.not_recorded", {"n": points[seat]}
    if seat in winners and recorded[seat] == 0:
        return "why.records_nothing", {}
    return None


def _open(state, seat):
    opened = (state.get("match") or {}).get("open")
    return isinstance(opened, list) and seat < len(opened) and bool(opened[seat])


def _why_tie(state, seat, winners):
    """(key, values) of a blocked points hand where the lowest pips tie (RULES.md 3.1): won on
    the lightest tile, or nobody scores."""
    result = state.get("hand_result") or {}
    pips = result.get("pips") or []
    if result.get("termination") != "blocked" or seat >= len(pips) or not pips:
        return None
    low = min(pips)
    tied = [s for s in range(len(pips)) if pips[s] == low]
    if len(tied) < 2 or seat not in tied or len(winners) > 1:
        return None
    if not winners:
        return "why.tie_nobody", {"n": low}
    return ("why.tie_won" if seat in winners else "why.tie_lost"), {"n": low}


def _why_passes(lang, state, seat):
    """(key, values) of a vn_iwin row with pass penalties (RULES.md 2.3): what the seat paid
    for its passes and was paid for others'."""
    details = state.get("hand_result_details") or {}
    paid = got = 0
    for item in details.get("items") or []:
        if item.get("kind") == "pass" and item.get("seat") == seat:
            amount = item.get("amount") or 0
            if amount < 0:
                paid -= amount
            else:
                got += amount
    if paid and got:
        return "why.passes_both", {"paid": textfmt.amount(paid, lang),
                                   "got": textfmt.amount(got, lang)}
    if paid:
        return "why.passes_paid", {"n": textfmt.amount(paid, lang)}
    if got:
        return "why.passes_got", {"n": textfmt.amount(got, lang)}
    return None


def why(lang, state, seat):
    """One short line saying why a row of the hand table is what it is (issue 25), or "":
    a School@net blocker's or setter's payment, a kozel record still closed or just opened,
    a blocked tie broken by the lightest tile (or scoring nothing), iWin's pass penalties."""
    result = state.get("hand_result") or {}
    reading = textfmt.reading_of(state)
    kind = reading.get("result")
    winners = as_list(result.get("winner"))
    found = None
    if kind == "blocker" and result.get("termination") == "blocked":
        found = _why_blocker(state, seat, winners)
    elif kind == "record":
        found = _why_record(state, seat, winners)
    elif kind == "payments":
        found = _why_passes(lang, state, seat)
    elif reading.get("standing") == "points":
        found = _why_tie(state, seat, winners)
    if found is None and kind in ("plain", "fives", "blocker"):
        found = _why_plain(state, seat, winners, reading)
    if found is None:
        return ""
    return i18n.t(lang, found[0], **found[1])


def _opponents(state, seat):
    """The seats playing against `seat`: the other team with partners, else everyone else."""
    n = len(state.get("seats") or [])
    groups = textfmt.teams(state)
    if groups is not None:
        for group in groups:
            if seat in group:
                return [s for s in range(n) if s not in group]
    return [s for s in range(n) if s != seat]


def _why_plain(state, seat, winners, reading):
    """(key, values) of a row of a hand settled on pips (RULES.md 2.1, 2.2.1, 2.4, 3.1-3.4):
    the points scored by going out or by the fewest pips at a block (less one's own, or
    rounded to 5 in All Fives), a partner's going out, vn_traditional's places and stakes,
    School@net's pips paid; None where the figures say it themselves."""
    result = state.get("hand_result") or {}
    pips = result.get("pips") or []
    delta = result.get("delta") or []
    if seat >= len(pips) or seat >= len(delta):
        return None
    if reading.get("standing") == "money":
        return _why_money(state, seat, winners, reading)
    blocked = result.get("termination") == "blocked"
    if reading.get("standing") == "cost":  # Mexican Train: your pips count against you
        return ("why.out_cost", {}) if not blocked and pips[seat] == 0 else None
    if seat not in winners or delta[seat] <= 0:
        return None
    others = 0
    for s in _opponents(state, seat):
        others += pips[s] if s < len(pips) else 0
    own = pips[seat]
    groups = textfmt.teams(state)
    if groups is not None:
        own = 0
        for s in range(len(pips)):
            if s not in _opponents(state, seat):
                own += pips[s]
    bonus = (state.get("hand_result_details") or {}).get("bonus")
    if not blocked and pips[seat] > 0 and groups is not None:
        return "why.partner_out", {}
    if bonus is not None and bonus != others:
        return ("why.block_rounds" if blocked else "why.out_rounds"), {"pips": others,
                                                                       "n": bonus}
    if not blocked:
        return "why.out_scores", {}
    if own and delta[seat] == others - own:
        return "why.block_minus", {"others": others, "own": own}
    return "why.block_fewest", {}


def _why_money(state, seat, winners, reading):
    """(key, values) of a money row settled on pips: vn_traditional's places (the worst
    loser pays most; a double blank counts 13) and its block's 4 stakes (RULES.md 2.1),
    School@net's pips paid to the winner (2.2.1)."""
    result = state.get("hand_result") or {}
    pips = result.get("pips") or []
    delta = result.get("delta") or []
    blocked = result.get("termination") == "blocked"
    won = seat in winners
    if reading.get("result") == "blocker":  # School@net: pips x stake a point
        if result.get("blocker") is not None:
            return None  # a blocker's block: `_why_blocker` says what there is to say
        if won:
            return ("why.forced_collects" if blocked else "why.collects_pips"), {}
        return "why.pays_pips", {}
    stake = (state.get("options") or {}).get("stake") or 0
    if textfmt.teams(state) is not None or not stake or delta[seat] % stake:
        return None
    times = abs(delta[seat]) // stake
    if blocked:
        if won:
            return "why.block_collects", {"k": times // max(1, len(pips) - 1)}
        return "why.block_pays", {"k": times}
    if won:
        return "why.out_collects", {}
    ranking = result.get("ranking") or []
    place = ranking.index(seat) + 1 if seat in ranking else None
    if place is None:
        return None
    hands = state.get("hands") or []
    held = hands[seat] if seat < len(hands) and hands[seat] else []
    if pips[seat] >= 13 and "0-0" in [textfmt.canonical_tile(str(t)) for t in held]:
        return "why.place_blank", {"place": place, "n": pips[seat], "k": times}
    return "why.place_pays", {"place": place, "n": pips[seat], "k": times}


def hand_table(lang, state, names=None):
    """The table of the hand: one row per seat (in rank order where the variant ranks)."""
    result = state.get("hand_result") or {}
    reading = textfmt.reading_of(state)
    nm = Namer(lang, state, names)
    n = len(state.get("seats") or [])
    ranked = bool(reading.get("ranked"))
    order = list(range(n))
    ranking = result.get("ranking") or []
    if ranked and ranking:
        order = [s for s in ranking if 0 <= s < n] + [s for s in range(n) if s not in ranking]
    cols = columns(reading.get("result"))
    head = []
    if ranked:
        head.append('<th scope="col">' + esc(i18n.t(lang, "result.place")) + "</th>")
    head.append('<th scope="col" class="name">' + esc(i18n.t(lang, "result.seat")) + "</th>")
    for col in cols:
        head.append('<th scope="col">' + esc(i18n.t(lang, "result.col." + col)) + "</th>")
    rows = []
    hands = state.get("hands") or []
    winners = as_list(result.get("winner"))
    for place, seat in enumerate(order):
        left = ""
        if seat < len(hands) and hands[seat]:
            tiles = ["<span>" + esc(tile) + "</span>" for tile in hands[seat]]
            left = '<br><small class="left-tiles">' + " ".join(tiles) + "</small>"
        reason = why(lang, state, seat)
        if reason:
            left += '<br><small class="why">' + esc(reason) + "</small>"
        tr_cls = ' class="winner"' if seat in winners else ""
        row = ["<tr" + tr_cls + ' data-seat="' + str(seat) + '">']
        if ranked:
            row.append('<td class="place">' + str(place + 1) + "</td>")
        row.append('<th scope="row">' + esc(nm.name(seat)) + left + "</th>")
        for col in cols:
            text, cls = cell(lang, col, seat, state)
            attr = ' class="' + cls + '"' if cls else ""
            row.append("<td" + attr + ' data-col="' + col + '">' + esc(text) + "</td>")
        row.append("</tr>")
        rows.append("".join(row))
    return ("<thead><tr>" + "".join(head) + "</tr></thead><tbody>" + "".join(rows)
            + "</tbody>")


def payments(items):
    """vn_iwin payment items as rows `(kind, payer, payee, amount, tax)`: a debit followed by
    the matching credit (a pass, doubles in hand) makes one row; a payment into or out of the
    pot (place payouts, block stakes and shares, a leave and its escrow) has None on the pot's
    side. The rows' credits less tax and debits add up to the hand's delta."""
    rows = []
    i = 0
    while i < len(items):
        item = items[i]
        amount = item.get("amount", 0)
        nxt = items[i + 1] if i + 1 < len(items) else None
        if (amount < 0 and nxt is not None and nxt.get("kind") == item.get("kind")
                and nxt.get("amount", 0) == -amount and nxt.get("seat") == item.get("other")
                and nxt.get("other") == item.get("seat")):
            rows.append((item.get("kind"), item.get("seat"), nxt.get("seat"), -amount,
                         nxt.get("tax", 0)))
            i += 2
            continue
        # A payment into or out of the pot: the seat on the other side is listed in its own
        # row (a block's stakes, place payouts), so the pot stands on this row's other side.
        if amount < 0:
            rows.append((item.get("kind"), item.get("seat"), None, -amount, 0))
        else:
            rows.append((item.get("kind"), None, item.get("seat"), amount, item.get("tax", 0)))
        i += 1
    return rows


def items_html(lang, state, names=None):
    """vn_iwin: every payment of the hand (what for, who pays, who receives, the gross
    amount and the tax taken from the credit), then the house's total."""
    details = state.get("hand_result_details") or {}
    items = details.get("items")
    if not items:
        return ""
    nm = Namer(lang, state, names)
    t = i18n.t
    out = ['<table class="items"><caption>' + esc(t(lang, "result.items")) + "</caption>"
           "<thead><tr>"]
    for key in ("result.item.kind", "result.item.payer", "result.item.payee",
                "result.item.amount", "result.item.tax"):
        out.append('<th scope="col">' + esc(t(lang, key)) + "</th>")
    out.append("</tr></thead><tbody>")
    pot = t(lang, "result.item.pot")

    def who(seat, cls):
        # Short seat labels ("К2", full name in the title), as the scoreboard: a payer and a
        # payee per row, "Компьютер 2" twice, made the table wider than a 320-px phone.
        if seat is None:
            return '<td class="' + cls + '">' + esc(pot) + "</td>"
        return ('<td class="' + cls + '" title="' + esc(nm.name(seat)) + '">'
                + esc(nm.short(seat)) + "</td>")

    for kind, payer, payee, amount, tax in payments(items):
        out.append('<tr data-kind="' + esc(kind) + '"><td>'
                   + esc(t(lang, "result.kind." + str(kind))) + "</td>"
                   + who(payer, "minus") + who(payee, "plus") + "<td>"
                   + esc(textfmt.amount(amount, lang)) + "</td><td>"
                   + esc(textfmt.amount(tax, lang) if tax else "") + "</td></tr>")
    house = (state.get("hand_result") or {}).get("house", 0)
    out.append('</tbody><tfoot><tr><th scope="row" colspan="4">'
               + esc(t(lang, "result.house_total")) + "</th><td>"
               + esc(textfmt.amount(house, lang)) + "</td></tr></tfoot></table>")
    return "".join(out)


def scoreboard_html(lang, state, names=None):
    """The match so far: one row per finished hand (its delta), then the totals."""
    history = state.get("history") or []
    if not history:
        return ""
    nm = Namer(lang, state, names)
    n = len(state.get("seats") or [])
    t = i18n.t
    over = bool(state.get("match_over") or (state.get("match") or {}).get("over"))
    caption = t(lang, "result.scoreboard_final" if over else "result.scoreboard")
    out = ['<table class="scoreboard"><caption>' + esc(caption)
           + '</caption><thead><tr><th scope="col">' + esc(t(lang, "result.hand")) + "</th>"]
    for seat in range(n):
        out.append('<th scope="col" title="' + esc(nm.name(seat)) + '">' + esc(nm.short(seat))
                   + "</th>")
    out.append("</tr></thead><tbody>")
    for entry in history:
        delta = entry.get("delta") or []
        winners = as_list(entry.get("winner"))
        out.append('<tr><th scope="row">' + str(entry.get("hand_number", "")) + "</th>")
        for seat in range(n):
            value = delta[seat] if seat < len(delta) else 0
            cls = ' class="winner"' if seat in winners else ""
            out.append("<td" + cls + ">" + esc(textfmt.amount(value, lang, True)) + "</td>")
        out.append("</tr>")
    out.append('</tbody><tfoot><tr><th scope="row">' + esc(t(lang, "result.total")) + "</th>")
    totals = totals_of(state.get("match") or {})
    for seat in range(n):
        if totals is not None and seat < len(totals):
            value = totals[seat]
        else:
            value = 0
            for entry in history:
                delta = entry.get("delta") or []
                value += delta[seat] if seat < len(delta) else 0
        out.append("<td>" + esc(textfmt.amount(value, lang)) + "</td>")
    out.append("</tr></tfoot></table>")
    return "".join(out)


def match_text(lang, state, names=None):
    """The match result once it is over: the winners, or kozel's goat(s)."""
    summary = state.get("match") or {}
    if not (state.get("match_over") or summary.get("over")):
        return ""
    nm = Namer(lang, state, names)
    text = i18n.t(lang, "result.match_over")
    goat = as_list(summary.get("goat"))
    winners = as_list(summary.get("winners"))
    if goat:
        key = "result.goat" if len(goat) == 1 else "result.goats"
        if len(goat) == 1 and nm.name(goat[0]) == i18n.t(lang, "game.you"):
            key = "result.goat_you"
        text += " " + i18n.t(lang, key, name=nm.names(goat))
    elif winners:
        text += " " + i18n.t(lang, "result.match_winner", name=nm.names(winners))
    return text


def build(lang, state, names=None):
    """Everything the dialog shows, as a dict of strings: `title`, `text` (plain text),
    `table` (the hand table's inner HTML), `items`, `scoreboard` (HTML) and `match`; seats
    are named by ``names`` where a pass-and-play player typed one."""
    return {
        "title": i18n.t(lang, "result.title", n=state.get("hand_number", 1)),
        "text": " ".join(headline(lang, state, names)),
        "table": hand_table(lang, state, names),
        "items": items_html(lang, state, names),
        "scoreboard": scoreboard_html(lang, state, names),
        "match": match_text(lang, state, names),
    }
