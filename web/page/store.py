"""The page's one store: what the worker last said, and the few choices of the player that
are not the engine's (the tile selected, the seat shown in pass-and-play, the settings).

One-way flow (DESIGN.md "The web app"): a worker message goes into the store (`take_state`),
then `emit()` asks the page to render from the store. The render modules (setup, table,
seats, hand, summary dialog, log) read the store and write the page; nothing reads the page
back into the store. Input handlers only change the player's choices here or send intents.

Also the small page helpers every module uses (`byid`, `tr`, `esc`, `on`, `spawn`,
`download_record`).
Kept plain for MicroPython: no dataclasses, no typing.
"""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy

import i18n
import textfmt

S = {
    "lang": "en",
    "catalog": None,       # the `variants` answer
    "variant_ids": [],
    "engine": None,        # the worker proxy once it answered `ready`
    "engine_state": "sw",  # sw | boot | ready | failed
    "boot_started": 0,
    "manifest": None,
    "state": None,         # the last `state` (answers and pushed states)
    "moves": [],           # the state's legal moves, structured
    "log": [],             # (event, seats, viewer, hand_number) of the match, oldest first
    "selected": None,      # a tile (canonical notation) whose ends are shown
    "busy": 0,             # intents sent and not yet answered
    "pending": None,       # an intent waiting for the engine (a start before ready)
    "shown_seat": None,    # pass-and-play: the human seat whose tiles may be shown
    "screen": "menu",
    "msg_id": 0,
    "setup": {},           # the setup form's current choices
    "names": [],           # typed names of the seats (pass-and-play), "" for the default
    "hint": None,          # (state_id, the engine's hint answer) of the last hint asked for
    "hint_closed": None,   # the state_id whose hint box the player closed
    "saved": None,         # the public summary of the match the worker has saved, or None
    "result_closed": None,  # the state_id whose end-of-hand dialog the player closed
    "leave_open": False,   # the "leave the table" confirmation is open
    "geo": None,           # the table's geometry for the current state and canvas size
    "drag": None,          # a tile being dragged: {"tile", "x", "y", "moved"}
    "settings": {"speed": "normal", "sort": "none", "sound": True, "motion": True,
                 "keep": 100},
    "last_match": None,    # the last new_match intent (for a rematch)
    "protocol": 1,         # the worker's protocol version (its `ready` answer)
    "table_ready": False,  # the table's modules are compiled (after the menu)
    "history": None,       # the last `history` answer of the worker (the list shown)
    "history_error": "",   # why the history could not be read or changed, in words
    "history_clear": False,  # the "delete all" confirmation is open
    "history_report": "",  # what the latest export or import of the history file did, in words
    "stats": None,         # the last `history_stats` answer of the worker (the figures shown)
    "stats_error": "",     # why the statistics could not be counted, in words
    "pending_lesson": None,  # the lesson a deep link asked for, opened once the engine is up
    "stats_game": "",      # the game whose statistics are shown ("variant/standing")
}

_renderers = []
_proxies = []  # keep handler proxies alive


def on_render(fn):
    """Register the page's renderer (app.render)."""
    _renderers.append(fn)


def emit():
    """The store changed: render the page from it."""
    for fn in _renderers:
        fn()


def byid(name):
    return document.getElementById(name)


def tr(key, **values):
    return i18n.t(S["lang"], key, **values)


def esc(text):
    text = str(text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def on(element, event, handler):
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    element.addEventListener(event, proxy)


# The HTML last written into each element by `set_html`, by element id.
_html = {}


def set_html(element_id, html):
    """Write `html` into the element only when it differs from what was written there last:
    an unchanged hand keeps its elements, so a tile being dragged keeps its pointer capture
    and its focus when a state or the end of an animation renders the page again. Every
    write to these elements goes through here, so that the record of them stays true."""
    if _html.get(element_id) == html:
        return
    _html[element_id] = html
    byid(element_id).innerHTML = html


def spawn(coro):
    asyncio.create_task(coro)


def download_record(record):
    """Offer a record as a file, named after its variant and seed."""
    name = ("domino-" + str(record.get("variant", "match")) + "-" + str(record.get("seed", ""))
            + ".json")
    window.dominoBoot.download(name, json.dumps(record))


def show_error(text):
    banner = byid("error-banner")
    if text:
        banner.textContent = text
        banner.hidden = False
    else:
        banner.hidden = True


# --------------------------------------------------------------------------- the state


def legal_moves(state):
    """The state's legal moves as the engine sends them (data: `moves`)."""
    moves = state.get("moves")
    return moves if isinstance(moves, list) else []


def moves_by_tile(moves):
    """({tile: [move, ...]}, [moves that place no single tile: draw, pass, leave, pairs])."""
    by_tile = {}
    others = []
    for m in moves:
        tile = m.get("tile")
        if tile is None or m.get("kind") == "pair":
            others.append(m)
            continue
        tile = textfmt.canonical_tile(str(tile))
        if tile not in by_tile:
            by_tile[tile] = []
        by_tile[tile].append(m)
    return by_tile, others


def view_of(state):
    return state.get("view") or {}


def take_state(answer, fresh):
    """Store a `state` (an answer or a pushed state). `fresh`: a new match, a loaded record
    or a resumed save, whose log is rebuilt from the view's history."""
    old = S["state"]
    S["state"] = answer
    S["moves"] = legal_moves(answer)
    S["selected"] = None
    S["drag"] = None
    S["leave_open"] = False
    if fresh:
        S["log"] = []
        S["shown_seat"] = None
        S["result_closed"] = None
    if old is not None and old.get("hand_number") != answer.get("hand_number"):
        S["result_closed"] = None
    take_log(answer, fresh)


# --------------------------------------------------------------------------- the log
#
# The log keeps the events of the states received; each move of the hand's public history
# is one `played`, `drew`, `passed` or `left` event. When the history is shorter than the
# moves logged for the hand (an undo) the undone moves leave the log; when it is longer
# (a resumed or imported match) the missing moves are written from the history.

MOVE_EVENTS = ("played", "drew", "passed", "left")


def history_event(entry):
    """A log event for one entry `[seat, notation]` of the view's history."""
    seat, notation = entry[0], str(entry[1])
    if notation == "draw":
        return {"type": "drew", "seat": seat}
    if notation == "pass":
        return {"type": "passed", "seat": seat}
    if notation == "leave":
        return {"type": "left", "seat": seat}
    return {"type": "played", "seat": seat, "move": notation}


def take_log(state, fresh):
    view = view_of(state)
    hand = state.get("hand_number", 1)
    seats = state.get("seats") or []
    viewer = state.get("viewer", 0)
    history = view.get("history") or []
    log = S["log"]
    events = state.get("events") or []
    new_moves = 0
    for event in events:
        if event.get("type") == "hand_started":
            log.append((event, seats, viewer, event.get("hand_number", hand)))
        elif event.get("type") in MOVE_EVENTS:
            new_moves += 1
    at = []
    for i in range(len(log)):
        if log[i][3] == hand and log[i][0].get("type") in MOVE_EVENTS:
            at.append(i)
    expected = len(history) - new_moves
    if expected >= 0 and len(at) > expected:
        # An undo: the moves beyond the history leave the log (and what followed them).
        del log[at[expected]:]
    elif len(at) < expected:
        # A resumed or imported hand: its moves so far, from the public history.
        if not any_started(log, hand):
            log.append(({"type": "hand_started", "hand_number": hand}, seats, viewer, hand))
        for entry in history[len(at):expected]:
            log.append((history_event(entry), seats, viewer, hand))
    for event in events:
        if event.get("type") != "hand_started":
            log.append((where_played(event), seats, viewer, hand))
    if len(log) > 600:
        del log[:len(log) - 600]


def where_played(event):
    """A `played` event with the direction and number of its end as the table showed them
    when it was played (`S["geo"]` is still the previous position's), for the log."""
    if event.get("type") != "played" or S["geo"] is None:
        return event
    move = str(event.get("move", ""))
    if "+" in move or "@" not in move:
        return event
    end_id = move.split("@", 1)[1].split(":", 1)[0]
    for end in S["geo"]["ends"]:
        if end["id"] == end_id:
            out = dict(event)
            out["dir"] = end["dir"]
            out["on"] = end["value"]
            return out
    return event


def any_started(log, hand):
    for entry in log:
        if entry[0].get("type") == "hand_started" and entry[3] == hand:
            return True
    return False
