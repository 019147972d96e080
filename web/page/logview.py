"""The game log: the store's events in words, for whoever holds the device now (in
pass-and-play another player's drawn tiles are left out), newest first."""

import textfmt
from dom import byid, set_html
from store import S, esc

SHOWN = 80
# The line last written for each entry of the log, by position: (entry, context, html). A
# line is written again only when its entry or what it is read in (the player holding the
# device, the language, the names) changed: a long Mexican Train hand has 80 lines to show
# after every move, and writing them all each time cost a frame of the animation.
_lines = {}


def _line(i, entry, context):
    kept = _lines.get(i)
    if kept is not None and kept[0] is entry and kept[1] == context:
        return kept[2]
    event, seats, viewer, _hand = entry
    current, lang, knock, names = context
    if current is not None and viewer != current:
        event = textfmt.seen_by(event, current)
        viewer = current
    text = textfmt.log_text(lang, event, seats, viewer, S["names"], knock)
    html = ""
    if text:
        notation = textfmt.log_notation(event)
        attrs = ""
        if notation:
            attrs = ' title="' + esc(notation) + '" data-notation="' + esc(notation) + '"'
        html = "<li" + attrs + ">" + esc(text) + "</li>"
    _lines[i] = (entry, context, html)
    return html


def render():
    html = []
    entries = S["log"]
    start = max(0, len(entries) - SHOWN)
    state = S["state"]
    current = state["viewer"] if state is not None else None
    lang = S["lang"]
    knock = textfmt.word(state, "pass") == "knock"
    context = (current, lang, knock, tuple(S["names"]))
    shown = 0
    for i in range(len(entries) - 1, start - 1, -1):
        line = _line(i, entries[i], context)
        if line:
            shown += 1
            html.append(line)
    for i in [i for i in _lines if i >= len(entries)]:
        del _lines[i]  # an undo or a new match shortened the log
    log = byid("log")
    log.setAttribute("start", str(shown))
    set_html("log", "".join(html))
