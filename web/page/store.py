"""The page's one store: what the worker last said, and the few choices of the player that
are not the engine's (the tile selected, the seat shown in pass-and-play, the settings).

One-way flow (DESIGN.md "The web app"): a worker message goes into the store (`take_state`),
then `emit()` asks the page to render from the store. The render modules (setup, table,
seats, hand, summary dialog, log) read the store and write the page; nothing reads the page
back into the store. Input handlers only change the player's choices here or send intents.

Pure Python: no `pyscript`, no `js` (the page's DOM helpers are web/page/dom.py), so tests
drive the store on CPython; `tr` and `esc` are the words and escaping every module uses.
Kept plain for MicroPython: no dataclasses, no typing.
"""

import i18n
import screens
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
    "match_serial": 0,     # counts the matches taken (`take_state`'s fresh ones): which match
                           # the table's memories are of (the kept hub, the drawing kept)
    "match_id": None,      # the match's own id from its save (the worker's history id, the
                           # same across a resume), None when its states carry none
    "moves": [],           # the state's legal moves, structured
    "log": [],             # (event, seats, viewer, hand_number) of the match, oldest first
    "selected": None,      # a tile (canonical notation) whose ends are shown
    "busy": 0,             # intents sent and not yet answered
    "pending": None,       # an intent waiting for the engine (a start before ready)
    "shown_seat": None,    # pass-and-play: the human seat whose tiles may be shown
    "msg_id": 0,
    "setup": {},           # the setup form's current choices
    "auto_resume": False,  # start-up returns to the saved match's table once the engine is up
    "manual": None,        # the state_id of an undo's answer: its forced draw is the player's tap
    "menu": {"variant": None, "length": "normal", "by_variant": {}},  # quickstart.read_memory
    "names": [],           # typed names of the seats (pass-and-play), "" for the default
    "hint": None,          # (state_id, the engine's hint answer) of the last hint asked for
    "hint_closed": None,   # the state_id whose hint box the player closed
    "saved": None,         # the public summary of the match the worker has saved, or None
    "saves": [],           # every saved match no other tab plays: {"id", "summary", "offered"}
    "result_closed": None,  # the state_id whose end-of-hand dialog the player closed
    "leave_open": False,   # the "leave the table" confirmation is open
    "geo": None,           # the table's geometry for the current state and canvas size
    "drag": None,          # a tile being dragged: {"tile", "x", "y", "moved"}
    "settings": {"speed": "normal", "sort": "none", "sound": True, "motion": True,
                 "keep": 100, "theme": "felt"},
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
    "friends": None,       # play with friends: {"role", "seat", "away": [bool per seat]}
    "friends_code": None,  # a friends' table this page was opened for (`#friends=`)
}

_renderers = []


def on_render(fn):
    """Register the page's renderer (app.render)."""
    _renderers.append(fn)


def emit():
    """The store changed: render the page from it."""
    for fn in _renderers:
        fn()


def tr(key, **values):
    return i18n.t(S["lang"], key, **values)


def esc(text):
    text = str(text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


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


def forced_draw():
    """The draw the page makes for the player, or None (issue 25, DECISIONS W-57): when the
    player shown is to move and the only move the rules leave is to draw (Draw, kozel's
    market, the drawing Vietnamese games), the tile is drawn for them at the speed setting
    instead of asking for a tap per tile. Leaving the table is no move of the hand. Not on
    the state an undo returned to (the player took that draw back: it is theirs to make), nor
    behind pass-and-play's hand-over screen (`shown_seat`)."""
    state = S["state"]
    if state is None or state.get("hand_over") or state.get("to_move_kind") != "human":
        return None
    viewer = state.get("viewer")
    if state.get("to_move") != viewer or state.get("state_id") == S["manual"]:
        return None
    humans = 0
    for kind in state.get("seats") or []:
        if not textfmt.is_ai(kind):
            humans += 1
    if humans > 1 and S["shown_seat"] != viewer:
        return None
    left = [m for m in S["moves"] if m.get("kind") != "leave" and m.get("move") != "leave"]
    if len(left) == 1 and left[0].get("kind") == "draw":
        return left[0].get("move")
    return None


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
    match = (answer.get("save") or {}).get("match")
    if fresh:
        # A new match, a record opened, a resume, a friends' table joined: no memory of the
        # table before (the kept hub, W-136; the drawing kept, W-138) applies to it, even
        # where its round, engine and trains look the same; but a resume of the match whose
        # table the page drew last is known by its id (`match_id`: the drawing kept, W-147).
        S["match_serial"] += 1
        S["match_id"] = match
        S["log"] = []
        S["shown_seat"] = None
        S["result_closed"] = None
    elif match:
        S["match_id"] = match  # a state saved under another id is another match's
    if old is not None and old.get("hand_number") != answer.get("hand_number"):
        S["result_closed"] = None
    take_log(answer, fresh)


# --------------------------------------------------------------------------- the reducer
#
# An answer of the worker goes into the store through `reduce`, which changes only `S` and
# returns what the page's adapter (link.accept) must do besides rendering: the adapter shows
# the error banner's words, passes the state's save to the saved match's summary, forgets a
# deep link and renders. Pure, so tests play whole hands through it on CPython.

# Intents whose state starts the log afresh (a new match, a record, the saved match).
FRESH = ("new_match", "load_record", "resume")
# Errors that say an intent was overtaken, not that something is wrong: a newer state (or an
# undo) came first, or the hand ended before an undo was taken.
QUIET = ("stale_state", "cancelled", "nothing_to_undo", "undo_unavailable")


def keep_for_viewer(memory, viewer, match, entry, match_of):
    """Keep `entry` as `viewer`'s in `memory`: a table's memory by viewer (pass-and-play's
    seats each see their own table) of the match the store counts `match` (`match_serial`),
    every other match's entry forgotten (`match_of(entry)`: the match an entry is of). The
    kept hub (W-136), the kept columns (W-157) and the turned tree (W-155) are such memories."""
    for seat in list(memory.keys()):
        if match_of(memory[seat]) != match:
            del memory[seat]
    memory[viewer] = entry


def reduce(answer, message):
    """Take the worker's `answer` to `message` (or a pushed one: `{"type": "push"}`) into the
    store. Returns None when the answer changes nothing (a state older than the one shown, a
    quiet refusal, anything but a state or an error), else what the adapter does:
    `{"state": bool, "fresh": bool, "error": words ("" clears the banner), "save": the
    state's save or None, "forget_link": bool, "forget_saved": bool}`."""
    kind = answer.get("type")
    intent = message.get("type")
    out = {"state": False, "fresh": intent in FRESH, "error": "", "save": None,
           "forget_link": bool(message.get("deep_link")), "forget_saved": False}
    if kind == "state":
        state = S["state"]
        if state is not None and answer.get("state_id", 0) <= state.get("state_id", 0) \
                and intent not in FRESH:
            return None  # stale: an older answer arriving late
        if intent == "new_match":
            S["last_match"] = dict(message)
        take_state(answer, out["fresh"])
        if intent == "undo":
            S["manual"] = answer.get("state_id")  # taken back: not drawn again at once
        if intent != "push":
            screens.show(screens.GAME)  # a pushed state leaves the menu open if the player went there
        out["state"] = True
        out["save"] = answer.get("save")
        if intent == "resume" and answer.get("seats_reset"):
            out["error"] = tr("error.seats_reset")  # the worker could not read who sat where
        return out
    if kind != "error":
        return None
    code = answer.get("code")
    if code in QUIET:
        return None
    why = i18n.error_reason(S["lang"], code, answer.get("message", ""))
    out["error"] = tr("error.engine", message=why)
    if intent == "load_record":
        out["error"] = tr("error.record", message=why)
    if intent == "resume":
        # Nothing saved, or a save the worker could not replay (it set it aside).
        out["forget_saved"] = True
        out["error"] = tr("error.save_missing") if code == "no_save" else tr("error.save_corrupt")
    if message.get("deep_link"):
        out["error"] = tr("error.deeplink", message=why)
        screens.show(screens.MENU)
    return out


# --------------------------------------------------------------------------- the log
#
# The log keeps the events of the states received; each move of the hand's public history
# is one `played`, `drew`, `passed` or `left` event. When the history is shorter than the
# moves logged for the hand (an undo) the undone moves leave the log; when it is longer
# (a resumed or imported match) the missing moves are written from the history.

MOVE_EVENTS = ("played", "drew", "passed", "left")


def history_event(entry):
    """A log event for one entry `[seat, notation]` of the view's history; a draw of the
    viewer's own is `[seat, "draw", tile]`, and its line names the tile as the live one did."""
    seat, notation = entry[0], str(entry[1])
    if notation == "draw":
        if len(entry) > 2 and entry[2]:
            return {"type": "drew", "seat": seat, "tile": entry[2]}
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
