"""The game log: the store's events in words, for whoever holds the device now (in
pass-and-play another player's drawn tiles are left out), newest first."""

import textfmt
from store import S, byid, esc, set_html

SHOWN = 80


def render():
    html = []
    entries = S["log"]
    start = max(0, len(entries) - SHOWN)
    state = S["state"]
    current = state["viewer"] if state is not None else None
    lang = S["lang"]
    knock = textfmt.word(state, "pass") == "knock"
    shown = 0
    for i in range(len(entries) - 1, start - 1, -1):
        event, seats, viewer, _hand = entries[i]
        if current is not None and viewer != current:
            event = textfmt.seen_by(event, current)
            viewer = current
        text = textfmt.log_text(lang, event, seats, viewer, S["names"], knock)
        if text:
            shown += 1
            notation = textfmt.log_notation(event)
            attrs = ""
            if notation:
                attrs = ' title="' + esc(notation) + '" data-notation="' + esc(notation) + '"'
            html.append("<li" + attrs + ">" + esc(text) + "</li>")
    log = byid("log")
    log.setAttribute("start", str(shown))
    set_html("log", "".join(html))
