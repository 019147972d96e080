"""The review's words (web/page/review_view.py): the expert's verdict on one move, a seat's row
of a summary and the summary's head, every figure in the variant's unit.

Each function takes the review's store `R` (review_view.R: its results, the hand shown, the
judging status), as position_view does, so that the screen's module stays the only one that
holds it. A table module, fetched after the menu.
"""

import position_view
import textfmt
from store import S, esc, tr

MARKS = ("inaccuracy", "mistake", "blunder")


def unit(R):
    result = R["results"].get(R["hand"])
    return ((result or {}).get("result") or {}).get("unit") or "points"


def figure(value, R, signed=True):
    """A value in the variant's unit: money in whole units, others to a tenth."""
    return textfmt.estimate(value, unit(R), S["lang"], signed)


# What an unmarked verdict says (DECISIONS E-61), by `textfmt.unmarked`'s answer.
UNMARKED_WORDS = {"none": "review.mark_none", "as_good": "review.mark_as_good",
                  "small": "review.mark_small", "close": "review.mark_close"}


def verdict_html(entry, R):
    """The expert's verdict on one move."""
    if entry is None:
        if R["status"] == "judging":
            return '<p class="review-verdict pending">' + esc(tr("review.pending")) + "</p>"
        return '<p class="review-verdict pending">' + esc(tr("review.not_judged")) + "</p>"
    if entry.get("forced"):
        return '<p class="review-verdict forced">' + esc(tr("review.forced")) + "</p>"
    mark = entry.get("mark")
    same = entry.get("best") == entry.get("played")
    parts = ['<dl class="review-figures">']
    parts.append("<div><dt>" + esc(tr("review.value")) + "</dt><dd>"
                 + esc(figure(entry.get("value"), R)) + "</dd></div>")
    if same:
        parts.append("<div><dt>" + esc(tr("review.best")) + "</dt><dd>"
                     + esc(tr("review.best_played")) + "</dd></div>")
    else:
        parts.append("<div><dt>" + esc(tr("review.best")) + '</dt><dd class="best">'
                     + esc(position_view.move_words(entry.get("best_move"), R)) + " · "
                     + esc(figure(entry.get("best_value"), R)) + "</dd></div>")
    parts.append("<div><dt>" + esc(tr("review.loss")) + "</dt><dd>"
                 + esc(figure(entry.get("loss"), R, False)) + "</dd></div>")
    parts.append("</dl>")
    style = textfmt.unmarked(entry) if mark not in MARKS else mark
    if mark in MARKS:
        label = tr("review.mark_" + mark)
    else:
        label = tr(UNMARKED_WORDS[style])
    if style == "as_good":
        style = "none"  # drawn as a good move
    elif style == "small":
        style = "close"  # drawn muted, as a loss within the noise
    parts.append('<p><span class="review-mark mark-' + esc(style) + '">' + esc(label)
                 + '</span> <span class="review-unit">'
                 + esc(tr("review.unit_" + unit(R).replace(" ", "_"))) + "</span></p>")
    parts.append(says_html(entry, R))
    return "".join(parts)


def says_html(entry, R):
    """What the move played and the best do, in words (DECISIONS E-62), as a list; "" when
    neither can be named."""
    rows = []
    for key, field in (("review.says_played", "says"), ("review.says_best", "best_says")):
        words = [textfmt.says_text(S["lang"], item, position_view.name_of(item["seat"], R)
                                   if "seat" in item else None)
                 for item in (entry.get(field) or [])]
        words = [w for w in words if w]
        if words:
            rows.append("<li><b>" + esc(tr(key)) + ":</b> " + esc("; ".join(words)) + "</li>")
    return '<ul class="review-says">' + "".join(rows) + "</ul>" if rows else ""


def summary_row(t, worst, name, R):
    """One seat's row of a summary table: moves judged, accuracy, total loss, the worst
    moves (`worst`: their buttons' HTML)."""
    return ("<tr><th scope=\"row\">" + esc(name) + "</th><td>"
            + esc(tr("review.judged_of", judged=t["judged"], n=t["decisions"]))
            + "</td><td>" + esc(str(int(round(t["accuracy"] * 100))) + "%")
            + "</td><td>" + esc(figure(t["total_loss"], R, False)) + "</td><td>"
            + ("".join(worst) if worst else esc(tr("review.none"))) + "</td></tr>")


def summary_head(caption, R):
    return ("<caption>" + esc(caption) + " "
            + esc(tr("review.unit_" + unit(R).replace(" ", "_"))) + "</caption><thead><tr>"
            + '<th scope="col">' + esc(tr("review.col_player")) + "</th>"
            + '<th scope="col">' + esc(tr("review.col_judged")) + "</th>"
            + '<th scope="col">' + esc(tr("review.col_accuracy")) + "</th>"
            + '<th scope="col">' + esc(tr("review.col_loss")) + "</th>"
            + '<th scope="col">' + esc(tr("review.col_worst")) + "</th></tr></thead>")
