"""The game log: the store's events in words, for whoever holds the device now (in
pass-and-play another player's drawn tiles are left out), newest first."""

import textfmt
import tree_turn
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
    event, seats, viewer, hand = entry
    current, lang, knock, names, turned = context
    if current is not None and viewer != current:
        event = textfmt.seen_by(event, current)
        viewer = current
    # A line rebuilt from the hand's history names a tree's arm where it lies now: only the
    # hand on the table can be turned (turned[1] is its number).
    text = textfmt.log_text(lang, event, seats, viewer, S["names"], knock,
                            turned[0] and hand == turned[1])
    html = ""
    if text:
        notation = textfmt.log_notation(event)
        attrs = ""
        if notation:
            attrs = ' title="' + esc(notation) + '" data-notation="' + esc(notation) + '"'
        html = "<li" + attrs + ">" + esc(text) + "</li>"
    _lines[i] = (entry, context, html)
    return html


# The turn the log was last written with (`turned_now`), for `follow_turn`.
_shown = {"turned": None}


def turned_now():
    """(True, the hand's number) where the game's tree lies turned, else (False, None): what
    the lines rebuilt from the history of the hand on the table name their arms by (a new
    hand laid as usual changes nothing, so the log's kept lines stay kept)."""
    state = S["state"]
    if state is None or not tree_turn.is_turned(state):
        return (False, None)
    return (True, state.get("hand_number", 1))


def follow_turn():
    """Write the log again where the table's tree turned since it was last written: the
    table is drawn after the log (a frame later where its screen was hidden, W-116), so a
    resumed hand's first draw decides the turn its rebuilt lines must name."""
    if _shown["turned"] is not None and _shown["turned"] != turned_now():
        render()


def render():
    html = []
    entries = S["log"]
    start = max(0, len(entries) - SHOWN)
    state = S["state"]
    current = state["viewer"] if state is not None else None
    lang = S["lang"]
    knock = textfmt.word(state, "pass") == "knock"
    context = (current, lang, knock, tuple(S["names"]), turned_now())
    _shown["turned"] = context[4]
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
