"""The statistics screen's charts, drawn as SVG text (plain Python: MicroPython on the page,
CPython under pytest; no chart library).

Each chart is one `<svg role="img">` whose `<title>` says in words what it shows, so a screen
reader reads a sentence instead of shapes; the numbers also stand in the figures' table next
to it. The drawing scales with the screen (a viewBox, width 100%); its text stays readable
from 320 px wide because the page caps the chart's width and the labels are few.
"""

WIDTH = 320
HEIGHT = 170
CHAR = 7.2   # the width of a character of the charts' 12-unit text, about
RIGHT = 8
TOP = 24    # room for the value over the highest bar
BOTTOM = 24  # room for the match numbers
WON = "#fbbf24"     # amber: a match won
LOST = "#93c5fd"    # light blue: a match not won
LINE = "#faf6ea"


def _esc(text):
    text = str(text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def _num(x):
    """A coordinate, at most one decimal."""
    value = round(x * 10) / 10
    if value == int(value):
        return str(int(value))
    return str(value)


def _scale(values):
    """(low, high) of the chart's value axis: the values' range, always with 0 in it."""
    low = min([0] + list(values))
    high = max([0] + list(values))
    if low == high:
        high = low + 1
    return low, high


# Up to this many bars, each is labelled with its value.
LABELLED = 10


def _value_text(x, y, v, label, high, low):
    """A value written just outside its mark: above a positive one, below a negative one
    (inside the plot when the mark touches its edge)."""
    below = v < 0
    ty = y + 14 if below else y - 5
    if ty < TOP - 2:
        ty = y + 14
    if ty > HEIGHT - BOTTOM + 12:
        ty = y - 5
    return ('<text class="value" x="' + _num(x) + '" y="' + _num(ty)
            + '" text-anchor="middle">' + _esc(label(v)) + "</text>")


def results_chart(values, won, title, label, running=False):
    """The latest matches, oldest first: one bar per match (the seat's total at its end,
    amber when won), or with `running` (money) the running balance over them as a line with
    a dot per match (amber when won). `label(value)` writes a value for the axis."""
    n = len(values)
    shown = list(values)
    if running:
        total = 0
        shown = []
        for v in values:
            total += v
            shown.append(total)
    low, high = _scale(shown)
    # Axis labels: the highest, zero and the lowest value; room on the left for the longest.
    marks = [high, 0, low] if low < 0 < high else [high, low]
    texts = [label(v) for v in marks]
    left = int(min(120, max(30, CHAR * max(len(t) for t in texts) + 10)))
    inner_w = WIDTH - left - RIGHT
    inner_h = HEIGHT - TOP - BOTTOM

    def y(v):
        return TOP + (high - v) * inner_h / (high - low)

    step = inner_w / max(1, n)
    parts = ['<svg class="chart" viewBox="0 0 ' + str(WIDTH) + " " + str(HEIGHT)
             + '" width="100%" role="img" aria-labelledby="' + "chart-results-title"
             + '" xmlns="http://www.w3.org/2000/svg">',
             '<title id="chart-results-title">' + _esc(title) + "</title>"]
    for i in range(len(marks)):
        v = marks[i]
        parts.append('<line x1="' + str(left) + '" x2="' + str(WIDTH - RIGHT) + '" y1="'
                     + _num(y(v)) + '" y2="' + _num(y(v)) + '" class="grid'
                     + (" zero" if v == 0 else "") + '"/>')
        parts.append('<text x="' + str(left - 4) + '" y="' + _num(y(v) + 4)
                     + '" text-anchor="end">' + _esc(texts[i]) + "</text>")
    if running:
        points = []
        for i in range(n):
            points.append(_num(left + step * (i + 0.5)) + "," + _num(y(shown[i])))
        if n > 1:
            parts.append('<polyline class="line" fill="none" stroke="' + LINE
                         + '" stroke-width="2" points="' + " ".join(points) + '"/>')
        for i in range(n):
            parts.append('<circle cx="' + _num(left + step * (i + 0.5)) + '" cy="'
                         + _num(y(shown[i])) + '" r="4" fill="' + (WON if won[i] else LOST)
                         + '" class="' + ("won" if won[i] else "lost") + '"/>')
        if n:  # the balance now, beside the last dot
            parts.append(_value_text(left + step * (n - 0.5), y(shown[-1]), shown[-1],
                                     label, high, low))
    else:
        bar = max(2.0, step * 0.7)
        for i in range(n):
            top = y(max(0, shown[i]))
            bottom = y(min(0, shown[i]))
            parts.append('<rect x="' + _num(left + step * i + (step - bar) / 2) + '" y="'
                         + _num(top) + '" width="' + _num(bar) + '" height="'
                         + _num(max(1.0, bottom - top)) + '" fill="' + (WON if won[i] else LOST)
                         + '" class="' + ("won" if won[i] else "lost") + '"/>')
            if n <= LABELLED:  # few bars: each says its value
                parts.append(_value_text(left + step * (i + 0.5), y(shown[i]), shown[i],
                                         label, high, low))
    # The match numbers under the first and the last.
    if n:
        parts.append('<text x="' + _num(left + step * 0.5) + '" y="' + str(HEIGHT - 6)
                     + '" text-anchor="middle">1</text>')
    if n > 1:
        parts.append('<text x="' + _num(left + step * (n - 0.5)) + '" y="' + str(HEIGHT - 6)
                     + '" text-anchor="middle">' + str(n) + "</text>")
    parts.append("</svg>")
    return "".join(parts)


def winrate_chart(rows, title):
    """Win rate by level: one horizontal bar per row `(label, won, played)`, its share of
    matches won written beside it ("3/5 · 60%")."""
    row_h = 30
    height = 8 + row_h * len(rows) + 6
    longest = max([len(str(r[0])) for r in rows] + [4])
    left = int(min(150, CHAR * longest + 12))
    inner_w = WIDTH - left - 70
    parts = ['<svg class="chart" viewBox="0 0 ' + str(WIDTH) + " " + str(height)
             + '" width="100%" role="img" aria-labelledby="chart-levels-title"'
             + ' xmlns="http://www.w3.org/2000/svg">',
             '<title id="chart-levels-title">' + _esc(title) + "</title>"]
    for i in range(len(rows)):
        label, won, played = rows[i]
        top = 8 + row_h * i
        share = won / played if played else 0
        parts.append('<text x="' + str(left - 6) + '" y="' + str(top + 15)
                     + '" text-anchor="end">' + _esc(label) + "</text>")
        parts.append('<rect x="' + str(left) + '" y="' + str(top + 3) + '" width="'
                     + str(inner_w) + '" height="16" class="track"/>')
        parts.append('<rect x="' + str(left) + '" y="' + str(top + 3) + '" width="'
                     + _num(max(1.0, inner_w * share) if won else 0) + '" height="16" fill="'
                     + WON + '" class="won"/>')
        parts.append('<text x="' + str(left + inner_w + 6) + '" y="' + str(top + 15) + '">'
                     + str(won) + "/" + str(played) + " · " + str(int(round(share * 100)))
                     + "%</text>")
    parts.append("</svg>")
    return "".join(parts)
