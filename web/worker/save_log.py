"""The saved matches, as rows of the worker's store `saves`: one save per match, written from the
move log incrementally (pure Python: the worker runs it in Pyodide, tests on CPython).

A match's save is three kinds of rows, all keyed by its id (the history's id for it):

- `match:<id>`, the head: the record without its moves (variant, options, seed, starting
  state, every hand's deal or start), the seats, the history id and start time. Rewritten
  only when a hand is dealt.
- `move:<id>:<hand>:<index>`, one row per move (its notation), hand and index zero-padded so
  that the rows sort in play order. A new move is one new row; an undo deletes the rows it
  took back.
- `state:<id>`, the latest public summary (what the menu shows) and the public part of the
  latest state (what the history keeps of it), and, from version 2 of the row, the computers
  standing in for away friends at a friends' table (`stand_ins`, seat -> level; DECISIONS
  W-74): small, rewritten with every state and when a computer starts or stops standing in.
  A row without a version (the earlier builds) has no stand-ins.

So a move costs a few hundred bytes of writes, not the whole match encoded again. Every
match started has its own rows, so two tabs playing two matches never overwrite each other
(the worker holds a Web Lock per match it plays: web/worker/worker.py). A save of the earlier builds,
one row `match` holding the whole save, is still read (`legacy`).
"""

import json

from domino.rules import schema
from domino.session import parse_seats

HEAD = "match:"
MOVE = "move:"
STATE = "state:"
LEGACY_KEY = "match"  # earlier builds: the one save, whole, under this key
FORMAT = "domino-save"


def head_key(match_id):
    return HEAD + match_id


def state_key(match_id):
    return STATE + match_id


def move_key(match_id, hand, index):
    """The row of move `index` (0-based) of hand `hand` (0-based) of the match."""
    return MOVE + match_id + ":" + str(hand).rjust(4, "0") + ":" + str(index).rjust(5, "0")


def move_prefix(match_id):
    return MOVE + match_id + ":"


def match_id_of(key):
    """The match id of a state row's key, else None."""
    return key[len(STATE):] if key.startswith(STATE) else None


def head(record, seats, history_id, started_at, names=None):
    """The head row's value: `record` without its moves; `names`, a friends' table's names
    per seat (DECISIONS W-75), when given (a head without them has none)."""
    bare = dict(record)
    bare["hands"] = [{k: v for k, v in hand.items() if k != "moves"}
                     for hand in record.get("hands") or []]
    out = {"format": FORMAT, "version": 2, "record": bare, "seats": list(seats),
           "history_id": history_id, "started_at": started_at}
    if names:
        out["names"] = list(names)
    return out


def clean_names(given):
    """A friends' table's names as the save and the history keep them (DECISIONS W-75): a
    list of at most MAX_PLAYERS texts of at most 24 characters (the lobby's own bound), else
    None."""
    if not isinstance(given, list) or not 0 < len(given) <= MAX_PLAYERS:
        return None
    return [n[:24] if isinstance(n, str) else "" for n in given]


def plan(match_id, moves, written):
    """The rows to put and delete so that the stored moves become `moves` (a list, one per
    hand, of the hand's notations), given the moves `written` before (same shape, or None for
    a match not written yet). Returns (puts, deletes): puts as (key, text) pairs, only the
    moves not already stored; deletes the keys of stored moves no longer played (an undo),
    and of hands no longer in the match."""
    written = written or []
    puts = []
    deletes = []
    for hand in range(max(len(moves), len(written))):
        new = moves[hand] if hand < len(moves) else []
        old = written[hand] if hand < len(written) else []
        same = 0
        while same < len(new) and same < len(old) and new[same] == old[same]:
            same += 1
        for index in range(same, len(new)):
            puts.append((move_key(match_id, hand, index), new[index]))
        for index in range(len(new), len(old)):
            deletes.append(move_key(match_id, hand, index))
    return puts, deletes


# A state row's text beyond this is not read (a real one is a few kilobytes: the public part of
# a state with every finished hand's result); its save is offered without a summary.
MAX_STATE_CHARS = 1_000_000
MAX_PLAYERS = 8  # the most any variant seats (Mexican Train)


def _count(value, most):
    """`value` when it is an int from 0 to `most` (not a bool), else None."""
    if isinstance(value, bool) or not isinstance(value, int) or not 0 <= value <= most:
        return None
    return value


def clean_summary(summary):
    """The public summary a save may show on the menu, rebuilt field by field from what is
    stored: only the known fields, each of its type and bounded (the seats one per player,
    or null when they are not), so that a damaged or tampered row can neither break the
    page nor fill its heap. Unknown or bad fields are left out."""
    if not isinstance(summary, dict):
        return {}
    out = {}
    variant = summary.get("variant")
    if isinstance(variant, str) and len(variant) <= 40:
        out["variant"] = variant
    players = _count(summary.get("players"), MAX_PLAYERS)
    if players is not None and players >= 2:
        out["players"] = players
        try:
            out["seats"] = parse_seats(summary.get("seats"), players)
        except Exception:  # noqa: BLE001 - any refusal: the seats are not shown
            out["seats"] = None
    for name, most in (("hand_number", schema.MAX_HANDS + 1),
                       ("moves", schema.MAX_HAND_MOVES), ("saved_at", 2**53)):
        value = _count(summary.get(name), most)
        if value is not None:
            out[name] = value
    for name in ("hand_over", "match_over"):
        if isinstance(summary.get(name), bool):
            out[name] = summary[name]
    return out


def summary_from_head(head_text):
    """A summary rebuilt from a save's head (its record and seats) for a save whose state row
    is missing or damaged: the game, players, seats and hands (no moves, no time); {} for a
    head that cannot be read."""
    try:
        saved = json.loads(head_text)
        record = saved["record"]
        summary = {"variant": record.get("variant"),
                   "players": (record.get("options") or {}).get("players"),
                   "seats": saved.get("seats"), "hand_number": len(record.get("hands") or [])}
    except (TypeError, ValueError, KeyError, AttributeError, RecursionError):
        return {}
    return clean_summary(summary)


def read_state(text):
    """(summary, public) of a state row's text: the summary clean (`clean_summary`), the
    public part as stored (a history entry checks what it takes of it); ({}, None) for a row
    that is missing, too large or not JSON."""
    if not isinstance(text, str) or len(text) > MAX_STATE_CHARS:
        return {}, None
    try:
        state = json.loads(text)
    except (ValueError, RecursionError):
        return {}, None
    if not isinstance(state, dict):
        return {}, None
    public = state.get("public")
    return clean_summary(state.get("summary")), public if isinstance(public, dict) else None


STATE_VERSION = 2  # the state row's version: 2 adds `stand_ins`


def summary(state, now):
    """The public summary of a `state` answer saved at `now` (ms since 1970): nothing any
    seat could not see."""
    return {"variant": state.get("variant"), "players": state.get("players"),
            "seats": state.get("seats"), "hand_number": state.get("hand_number"),
            "moves": len((state.get("view") or {}).get("history") or []),
            "hand_over": bool(state.get("hand_over")),
            "match_over": bool(state.get("match_over")), "saved_at": now}


def public(state):
    """What a history entry reads from a state besides the record (`history`: the finished
    hands' results, for the statistics)."""
    return {k: state.get(k)
            for k in ("variant", "players", "match", "reading", "viewer", "history")}


def state_row(summary, public, stand_ins=None):
    """A state row's text: the summary, the public part of the state and the stand-ins
    (seat -> level; JSON keys are text)."""
    stand = {str(seat): level for seat, level in (stand_ins or {}).items()}
    return json.dumps({"version": STATE_VERSION, "summary": summary, "public": public,
                       "stand_ins": stand})


def read_stand_ins(text):
    """The stand-ins of a state row's text, {} for a row of the earlier builds (no
    version), one that cannot be read, or a damaged field; at most MAX_PLAYERS entries,
    each a seat (its digits, as JSON keeps it) to a level's name of at most 20 letters (the
    master checks both against the match when it loads it)."""
    if not isinstance(text, str) or len(text) > MAX_STATE_CHARS:
        return {}
    try:
        state = json.loads(text)
    except (ValueError, RecursionError):
        return {}
    if not isinstance(state, dict) or state.get("version") != STATE_VERSION:
        return {}
    stand = state.get("stand_ins")
    if not isinstance(stand, dict) or len(stand) > MAX_PLAYERS:
        return {}
    out = {}
    for seat, level in stand.items():
        if isinstance(seat, str) and seat.isdigit() and len(seat) == 1 and isinstance(
                level, str) and level.isalpha() and len(level) <= 20:
            out[seat] = level
    return out


def load(head_text, move_rows, state_text):
    """The save as the worker uses it (`{"record", "seats", "summary", "public",
    "stand_ins", "names", "history_id", "started_at"}`) from its rows: the head's text, the (key, notation) rows of
    its moves (any order) and its state row's text (None if missing). Raises ValueError for
    rows that cannot make a save."""
    saved = json.loads(head_text)
    if not isinstance(saved, dict) or not isinstance(saved.get("record"), dict):
        raise ValueError("no record in the saved match")
    record = saved["record"]
    hands = record.get("hands")
    if not isinstance(hands, list) or not all(isinstance(h, dict) for h in hands):
        raise ValueError("the saved match has no hands")
    hands = [dict(h, moves=[]) for h in hands]
    for key, notation in sorted(move_rows):
        parts = str(key).rsplit(":", 2)
        if len(parts) != 3 or not isinstance(notation, str):
            raise ValueError("a saved move cannot be read: " + str(key)[:80])
        hand, index = int(parts[1]), int(parts[2])
        if not 0 <= hand < len(hands) or index != len(hands[hand]["moves"]):
            raise ValueError("the saved moves have a gap at " + str(key)[:80])
        hands[hand]["moves"].append(notation)
    summary, public = read_state(state_text)
    return {"record": dict(record, hands=hands), "seats": saved.get("seats"),
            "summary": summary, "public": public, "stand_ins": read_stand_ins(state_text),
            "names": saved.get("names") if isinstance(saved.get("names"), list) else None,
            "history_id": saved.get("history_id"), "started_at": saved.get("started_at")}


def legacy(text):
    """A save of the earlier builds (one row, the whole save). Raises ValueError."""
    saved = json.loads(text)
    if not isinstance(saved, dict) or not isinstance(saved.get("record"), dict):
        raise ValueError("no record in the saved match")
    return saved


def newest(summaries):
    """The id of the save saved last, from (id, summary) pairs; None if there are none."""
    best = None
    best_at = None
    for match_id, summary in summaries:
        at = summary.get("saved_at") if isinstance(summary, dict) else None
        at = at if isinstance(at, (int, float)) and not isinstance(at, bool) else 0
        if best is None or at > best_at:
            best, best_at = match_id, at
    return best

