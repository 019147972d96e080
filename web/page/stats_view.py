"""The statistics screen: what the worker counted over the match history (web/worker/match_stats.py,
the answer `history_stats`), for one game at a time: a table of the figures by the computers'
level, a chart of the latest matches (the running balance where the game plays for money,
else the seat's total at the end of each), and a chart of the matches won by level.

The figures are the worker's; this module only writes them in the player's language and
unit (textfmt) and draws the charts (charts.py). The history screen's export and import of
the history file live in history_view.
"""

import charts
import i18n
import link
import textfmt
from dom import byid, set_html
from store import S, esc, tr


def _pct(won, played):
    return int(round(100.0 * won / played)) if played else 0


def _level_name(level):
    if level == "all":
        return tr("stats.all")
    if level in ("mixed", "people"):
        return tr("stats.level." + level)
    return tr("level." + level)


def _decimal(n, lang):
    """A number with at most one decimal, as the language writes it: 12,5 or 12.5."""
    tenths = int(round(abs(n) * 10))
    text = textfmt.amount(tenths // 10, lang)
    if tenths % 10:
        text += ("." if lang == "en" else ",") + str(tenths % 10)
    return "\u2212" + text if n < 0 and tenths else text


def _value(game, n, signed=False):
    """A total in the game's unit: money with its unit and sign, else points."""
    if n is None:
        return "—"
    if game.get("standing") == "money":
        return textfmt.money_text(S["lang"], int(round(n)), signed)
    return _decimal(n, S["lang"])


def groups_of(game):
    """The columns: every level together, then each level; one level alone needs no total."""
    levels = list(game["levels"])
    return levels if len(levels) == 1 else [game["all"]] + levels


def rows(game):
    """The figures' rows: (label, [text per column of groups_of]); only the rows that mean
    something for the game's standing."""
    groups = groups_of(game)
    standing = game.get("standing")
    out = [(tr("stats.matches"),
            [tr("stats.of", won=g["won"], played=g["matches"], pct=_pct(g["won"], g["matches"]))
             for g in groups])]
    hands = []
    for g in groups:
        text = tr("stats.of", won=g["hands_won"], played=g["hands"],
                  pct=_pct(g["hands_won"], g["hands"]))
        if g["hands_unknown"]:
            text = tr("stats.hands_unknown", text=text, n=g["hands_unknown"])
        hands.append(text)
    out.append((tr("stats.hands"), hands))
    if standing == "money":
        out.append((tr("stats.money"), [_value(game, g["total"], True) for g in groups]))
        out.append((tr("stats.avg_money"), [_value(game, g["average"], True) for g in groups]))
    elif standing == "record":
        out.append((tr("stats.goats"), [str(g["goats"]) for g in groups]))
        out.append((tr("stats.avg_record"), [_value(game, g["average"]) for g in groups]))
    elif standing == "cost":
        out.append((tr("stats.avg_cost"), [_value(game, g["average"]) for g in groups]))
    else:
        out.append((tr("stats.avg_points"), [_value(game, g["average"]) for g in groups]))
    if game.get("better") != "lower":
        out.append((tr("stats.best_hand"),
                    [_value(game, g["best_hand"], standing == "money") for g in groups]))
    out.append((tr("stats.streak"), [str(g["streak"]) for g in groups]))
    out.append((tr("stats.best_streak"), [str(g["best_streak"]) for g in groups]))
    accuracy = []
    for g in groups:
        if g["reviewed"]:
            accuracy.append(tr("stats.accuracy_n", pct=int(round(100 * g["accuracy"])),
                               n=g["reviewed"]))
        else:
            accuracy.append(tr("stats.no_reviews"))
    out.append((tr("stats.accuracy"), accuracy))
    return out


def table_html(game):
    groups = groups_of(game)
    head = ['<th scope="col">' + esc(tr("stats.figure")) + "</th>"]
    for g in groups:
        head.append('<th scope="col">' + esc(_level_name(g["level"])) + "</th>")
    body = []
    for label, cells in rows(game):
        body.append("<tr><th scope=\"row\">" + esc(label) + "</th>"
                    + "".join("<td>" + esc(c) + "</td>" for c in cells) + "</tr>")
    name = i18n.variant_name(S["lang"], game["variant"])
    return ('<div class="stats-scroll" tabindex="0" role="region" aria-labelledby="'
            'stats-caption"><table class="stats-table"><caption id="stats-caption">'
            + esc(name) + "</caption><thead><tr>" + "".join(head) + "</tr></thead><tbody>"
            + "".join(body) + "</tbody></table></div>")


def _legend():
    return ('<span class="legend"><span class="swatch won"></span> ' + esc(tr("stats.legend_won"))
            + ' <span class="swatch lost"></span> ' + esc(tr("stats.legend_lost")) + "</span>")


def results_html(game):
    series = game["series"]
    values = [p["value"] for p in series]
    won = [bool(p["won"]) for p in series]
    money = game.get("standing") == "money"
    title = tr("stats.chart_balance" if money else "stats.chart_results")
    if game.get("better") == "lower":
        title += " (" + tr("stats.lower_better") + ")"
    if money:
        running = 0
        for v in values:
            running += v
        last = _value(game, running, True)
    else:
        last = _value(game, values[-1] if values else None)
    said = tr("stats.chart_said", chart=title, won=sum(1 for w in won if w), n=len(won),
              last=last)

    def label(v):
        if money:
            return textfmt.amount(int(v), S["lang"], True)
        return textfmt.amount(int(v), S["lang"])

    return ("<figcaption>" + esc(title) + " " + _legend() + "</figcaption>"
            + charts.results_chart(values, won, said, label, running=money)
            + '<p class="chart-note">' + esc(tr("stats.chart_order")) + "</p>")


def levels_html(game):
    title = tr("stats.chart_levels")
    rows_ = [(_level_name(g["level"]), g["won"], g["matches"]) for g in game["levels"]]
    said = title + ": " + "; ".join(
        r[0] + " " + tr("stats.of", won=r[1], played=r[2], pct=_pct(r[1], r[2]))
        for r in rows_)
    return "<figcaption>" + esc(title) + "</figcaption>" + charts.winrate_chart(rows_, said)


def _game_key(game):
    return game["variant"] + "/" + game["standing"]


def render():
    """The statistics screen from the store."""
    answer = S["stats"]
    status = byid("stats-status")
    notes = []
    if S["stats_error"]:
        notes.append(S["stats_error"])
    games = []
    if answer is not None:
        stats = answer.get("stats") or {}
        games = stats.get("games") or []
        if stats.get("unfinished"):
            notes.append(tr("stats.unfinished", n=stats["unfinished"]))
        if answer.get("set_aside"):
            notes.append(tr("history.aside", n=answer["set_aside"], why="…"))
    elif not S["stats_error"]:
        notes.append(tr("stats.loading"))
    status.textContent = " ".join(notes)
    status.hidden = not notes
    byid("stats-empty").hidden = answer is None or bool(games)
    byid("stats-body").hidden = not games
    if not games:
        return
    keys = [_game_key(g) for g in games]
    if S["stats_game"] not in keys:
        S["stats_game"] = keys[0]
    options = []
    for g in games:
        key = _game_key(g)
        name = i18n.variant_name(S["lang"], g["variant"])
        if len([k for k in keys if k.split("/")[0] == g["variant"]]) > 1:
            name += " (" + tr("standing." + ("total" if g["standing"] == "cost"
                                              else g["standing"])) + ")"
        sel = " selected" if key == S["stats_game"] else ""
        options.append('<option value="' + esc(key) + '"' + sel + ">"
                       + esc(tr("stats.game_n", game=name, n=g["all"]["matches"]))
                       + "</option>")
    set_html("stats-game", "".join(options))
    game = games[keys.index(S["stats_game"])]
    set_html("stats-table", table_html(game))
    set_html("stats-results", results_html(game))
    set_html("stats-levels", levels_html(game))


def reset():
    """Nothing counted yet: the screen says so until the worker answers (never the figures
    of an earlier visit)."""
    S["stats"] = None
    S["stats_error"] = ""
    render()


async def open_screen():
    try:
        answer = await link.send({"type": "history_stats"})
    except Exception as exc:  # noqa: BLE001 - said on the screen
        answer = {"type": "error", "code": "history_failed", "message": str(exc)}
    if answer.get("type") == "history_stats":
        S["stats"] = answer
    else:
        why = i18n.error_reason(S["lang"], answer.get("code"), answer.get("message", ""))
        S["stats_error"] = tr("history.unavailable", why=why)
    render()


def on_game(event):
    S["stats_game"] = str(event.target.value)
    render()
