"""The match history's entries: what the engine worker keeps of every match, and how it reads
them back (plain Python: the worker runs it under Pyodide, pytest under CPython).

The worker stores one entry per match in its IndexedDB (store `history`, the entry's `id` as
key, the entry as JSON text): a finished match when it ends, an unfinished one when another
match replaces it (marked `finished: false`). An entry carries the match's record (RECORD.md),
so that it can be exported or reviewed, and a public summary to list it by.

Schema: every entry says its version (`v`, now 2; version 2 added `results`: every finished
hand's termination, winner and change per seat, as the protocol's state `history` gives them,
for the statistics; an entry of version 1 gets them by replaying its record, or null when the
record does not replay). A friends' match's entry may also hold `names` (one per seat, ""
for none: DECISIONS W-75), optional in version 2, so that earlier entries need no upgrade;
the players' names are not part of the record (RECORD.md has none). `read_entry` upgrades an entry of an older
version to the current one, step by step (`UPGRADES`), and refuses, with the reason, one it
cannot read: not JSON, not an object, a version newer than this page knows, a missing or
mistyped field, or contents no match can hold (`check_contents`: a total that is not a
number, more seats than players, a list longer than the variant's table, a stored text larger
than `MAX_ENTRY_CHARS`). The worker then sets that entry aside (key `aside/<id>`, with the reason) and
reports it; one bad entry never hides the others.

The store is bounded: `to_trim` names the entries beyond the player's `keep` setting, the
oldest first, so that the worker deletes them before it writes a new one.

The history file moves the history to another device: `export_file` writes every entry with
its record under a format name and version (`FILE_FORMAT`, `FILE_VERSION`); `read_file` checks
a file and `merge` plans its import: entries new to the store are added, an id already kept is
kept once (the later save wins), an entry that cannot be read is set aside with its reason,
and the player's `keep` setting bounds the result (the oldest go first).
"""

import json

from domino.rules import schema

SCHEMA_VERSION = 2
KEEP_CHOICES = (20, 50, 100, 500)
KEEP_DEFAULT = 100
ASIDE_PREFIX = "aside/"

# The fields of a current entry and the JSON types they hold.
FIELDS = {
    "v": int, "id": str, "saved_at": int, "started_at": int, "variant": str, "players": int,
    "seats": list, "hands": int, "finished": bool, "match": dict, "standing": str,
    "better": str, "viewer": int, "record": dict, "results": list,
}
# Fields that may also be null: `results` of a version-1 entry whose record does not replay.
NULLABLE = ("results",)
# What the history list is sent of an entry (`summary`): only these fields, and of `match` only
# the totals and the facts of its end (Match.summary), each bounded by `check_contents`.
SUMMARY_FIELDS = ("v", "id", "saved_at", "started_at", "variant", "players", "seats", "hands",
                  "finished", "match", "standing", "better", "viewer", "names")
MATCH_TOTALS = ("scores", "balances", "records")  # a number per seat (or per team)
MATCH_SEATS = ("goat", "winners")  # seats
MATCH_FLAGS = ("open",)  # a yes or no per seat
# A stored entry's text beyond this is refused before it is parsed: the record's own limit
# (RECORD.md) and room for the rest of the entry.
MAX_ENTRY_CHARS = schema.MAX_RECORD_CHARS + 500_000
# The bounds of the entry's own fields: a real entry never comes near them.
MAX_ID_CHARS = 100
MAX_WORD_CHARS = 40  # a variant id, a standing, a hand's termination
MAX_TIME = 2**53  # ms since 1970, as exact in JavaScript
MAX_HANDS = schema.MAX_HANDS  # a match stops there
MAX_AMOUNT = schema.MAX_AMOUNT  # a score, balance or record
# A friends' match's entry may name its players (`names`, DECISIONS W-75): one per seat, ""
# for a computer or a friend who gave none, each at most as long as a name the lobby takes.
MAX_NAME_CHARS = 24


def hand_results(history):
    """The `results` of an entry from a state's `history` (one item per finished hand):
    each hand's termination, winner (a seat, a list of seats, or null) and change per seat."""
    return [{"termination": h.get("termination"), "winner": h.get("winner"),
             "delta": list(h.get("delta") or [])} for h in history or []]


def _from_v1(entry):
    """Version 1 -> 2: the hands' results, replayed from the entry's record (the engine runs
    beside this module in the worker); null when the record does not replay."""
    try:
        from domino import Match
        from domino.session import history

        results = hand_results(history(Match.from_record(entry.get("record"))))
    except Exception:  # noqa: BLE001 - any failure: the results are unknown, the entry stays
        results = None
    return dict(entry, v=2, results=results)


# An upgrade for each older version, to the next one: each takes an entry of its version and
# returns the entry of the next.
UPGRADES = {1: _from_v1}


def clean_names(names, players):
    """The players' names an entry keeps: one per seat (`players`), each a text cut to
    MAX_NAME_CHARS, "" where none was given; None when no seat has a name."""
    if not isinstance(names, list):
        return None
    out = []
    for seat in range(players):
        name = names[seat] if seat < len(names) else ""
        out.append(" ".join(name.split())[:MAX_NAME_CHARS] if isinstance(name, str) else "")
    return out if any(out) else None


def make_entry(entry_id, record, seats, state, finished, started_at, now, names=None):
    """The entry of a match from its record, its seats (kinds and levels) and its latest
    `state` answer, saved at `now` (ms since 1970). `names`: a friends' match's players'
    names, one per seat (W-75), kept as `names` when any is given."""
    entry = _entry(entry_id, record, seats, state, finished, started_at, now)
    kept = clean_names(names, entry["players"])
    if kept is not None:
        entry["names"] = kept
    return entry


def _entry(entry_id, record, seats, state, finished, started_at, now):
    reading = state.get("reading") or {}
    return {
        "v": SCHEMA_VERSION, "id": entry_id, "saved_at": int(now),
        "started_at": int(started_at), "variant": str(state.get("variant")),
        "players": int(state.get("players") or len(seats)), "seats": list(seats),
        "hands": len(record.get("hands") or []), "finished": bool(finished),
        "match": dict(state.get("match") or {}),
        "standing": str(reading.get("standing") or "points"),
        "better": str(reading.get("better") or "higher"),
        "viewer": int(state.get("viewer") or 0), "record": record,
        "results": hand_results(state.get("history")),
    }


def read_entry(text):
    """The current form of a stored entry's text; ValueError (with the reason) for one that
    cannot be read."""
    return read_stored(text)[0]


def read_stored(text):
    """(the current form of a stored entry's text, whether it was upgraded from an older
    version: then the store should keep the upgraded form); ValueError as `read_entry`."""
    if isinstance(text, str) and len(text) > MAX_ENTRY_CHARS:
        raise ValueError("larger than " + str(MAX_ENTRY_CHARS) + " characters")
    try:
        entry = json.loads(text)
    except (TypeError, ValueError, RecursionError):
        raise ValueError("not JSON") from None
    if not isinstance(entry, dict):
        raise ValueError("not an object")
    version = entry.get("v")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError("no schema version")
    if version > SCHEMA_VERSION:
        raise ValueError("schema version " + str(version) + " is newer than this page's "
                         + str(SCHEMA_VERSION))
    upgraded = version < SCHEMA_VERSION
    while entry["v"] < SCHEMA_VERSION:
        entry = UPGRADES[entry["v"]](entry)
    for name, kind in FIELDS.items():
        value = entry.get(name)
        if value is None and name in NULLABLE:
            continue
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError("field " + name + " is missing or not " + kind.__name__)
    if not entry["id"] or entry["id"].startswith(ASIDE_PREFIX):
        raise ValueError("bad id")
    for hand in entry["results"] or []:
        if not isinstance(hand, dict) or not isinstance(hand.get("delta"), list):
            raise ValueError("field results holds a hand without its change per seat")
    check_contents(entry)
    return entry, upgraded


def _number(value):
    """Whether `value` is a total a match can hold: an int or a finite float (not a bool),
    within schema.MAX_AMOUNT."""
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        return False
    return -MAX_AMOUNT <= value <= MAX_AMOUNT  # NaN compares false: refused too


def _seat_list(value, players, what):
    if not isinstance(value, list) or len(value) > players \
            or not all(isinstance(s, int) and not isinstance(s, bool) and 0 <= s < players
                       for s in value):
        raise ValueError(what + " must list seats of the " + str(players) + " players")


def _players_of(variant):
    """(fewest, most) players of `variant` (the engine's ruleset); ValueError if unknown."""
    from domino.rules.ruleset import REGISTRY

    rs = REGISTRY.get(variant)
    if rs is None:
        raise ValueError("unknown variant " + variant[:MAX_WORD_CHARS])
    return rs.min_players, rs.max_players


def check_contents(entry):
    """Refuse (ValueError, with the reason) an entry whose fields have the right types but
    contents no match can hold: every field is bounded where it is read, so that a tampered
    or hand-made entry can neither break the history list nor fill the page's heap: the seats
    one per player, the totals one number per seat, the results one per hand."""
    for name in ("id", "standing", "better"):
        if len(entry[name]) > (MAX_ID_CHARS if name == "id" else MAX_WORD_CHARS):
            raise ValueError("field " + name + " is too long")
    fewest, most = _players_of(entry["variant"])
    players = entry["players"]
    if not fewest <= players <= most:
        raise ValueError("field players must be " + str(fewest) + " to " + str(most))
    try:
        from domino.session import parse_seats

        parse_seats(entry["seats"], players)
    except Exception:  # noqa: BLE001 - the engine's own check of seats, any refusal
        raise ValueError("field seats must name one human or computer per player") from None
    if not 0 <= entry["viewer"] < players:
        raise ValueError("field viewer is not a seat")
    names = entry.get("names")
    if "names" in entry and (not isinstance(names, list) or len(names) != players or not all(
            isinstance(n, str) and len(n) <= MAX_NAME_CHARS for n in names)):
        raise ValueError("field names must hold a short name (or none) per player")
    if not 0 <= entry["hands"] <= MAX_HANDS:
        raise ValueError("field hands is out of range")
    for name in ("saved_at", "started_at"):
        if not 0 <= entry[name] <= MAX_TIME:
            raise ValueError("field " + name + " is out of range")
    match = entry["match"]
    for key in MATCH_TOTALS:
        if key in match and (not isinstance(match[key], list) or len(match[key]) > players
                             or not all(_number(x) for x in match[key])):
            raise ValueError("field match." + key + " must hold a number per player")
    for key in MATCH_FLAGS:
        if key in match and (not isinstance(match[key], list) or len(match[key]) > players
                             or not all(isinstance(x, bool) for x in match[key])):
            raise ValueError("field match." + key + " must hold a yes or no per player")
    for key in MATCH_SEATS:
        if key in match:
            _seat_list(match[key], players, "field match." + key)
    leader = match.get("leader")
    if leader is not None:
        _seat_list([leader], players, "field match.leader")
    if "over" in match and not isinstance(match["over"], bool):
        raise ValueError("field match.over is not a yes or no")
    hand_number = match.get("hand_number")
    if hand_number is not None and (isinstance(hand_number, bool)
                                    or not isinstance(hand_number, int)
                                    or not 0 <= hand_number <= MAX_HANDS + 1):
        raise ValueError("field match.hand_number is out of range")
    results = entry["results"]
    if results is not None:
        if len(results) > MAX_HANDS:
            raise ValueError("field results holds more hands than a match")
        for hand in results:
            delta = hand["delta"]
            if len(delta) > players or not all(_number(x) for x in delta):
                raise ValueError("field results holds a change that is not a number per seat")
            why = hand.get("termination")
            if why is not None and (not isinstance(why, str) or len(why) > MAX_WORD_CHARS):
                raise ValueError("field results holds an unknown end of a hand")
            winner = hand.get("winner")
            if winner is not None:
                _seat_list(winner if isinstance(winner, list) else [winner], players,
                           "field results' winner")


def summary(entry):
    """What the history list shows of an entry: everything but the record and the hands'
    results (the page's heap is small: 500 entries' results would fill it)."""
    out = {k: entry[k] for k in SUMMARY_FIELDS if k in entry}
    match = entry.get("match") or {}
    out["match"] = {k: match[k] for k in ("over", "hand_number", "leader") + MATCH_TOTALS
                    + MATCH_SEATS + MATCH_FLAGS if k in match}
    return out


def _oldest_beyond(entries, n):
    """The ids of the entries beyond the newest `n`, oldest first."""
    ordered = sorted(entries, key=lambda e: (e["saved_at"], e["id"]))
    return [e["id"] for e in ordered[:max(0, len(ordered) - n)]]


def to_trim(entries, keep):
    """The ids of the entries beyond the newest `keep - 1`, oldest first: deleting them makes
    room for one new entry."""
    return _oldest_beyond(entries, keep_of(keep) - 1)


def beyond(entries, keep):
    """The ids of the entries beyond the newest `keep`, oldest first: what goes when the
    player lowers the setting."""
    return _oldest_beyond(entries, keep_of(keep))


def keep_of(value):
    """The `keep` setting a message carries, or the default."""
    return value if value in KEEP_CHOICES else KEEP_DEFAULT


# --------------------------------------------------------------------------- the history file

FILE_FORMAT = "domino-history"
FILE_VERSION = 1
# A file larger than this is refused before it is parsed (500 long matches take about 10 MB).
MAX_FILE_CHARS = 50_000_000


def export_file(entries, now):
    """The history file of `entries` (each with its record), made at `now` (ms since 1970)."""
    ordered = sorted(entries, key=lambda e: (e["saved_at"], e["id"]))
    return {"format": FILE_FORMAT, "version": FILE_VERSION, "exported_at": int(now),
            "schema": SCHEMA_VERSION, "entries": ordered}


class FileError(ValueError):
    """A history file that cannot be imported at all; `code` names the reason for the page
    (`not_json`, `not_history`, `newer`, `too_big`)."""

    def __init__(self, code, message):
        super().__init__(message)
        self.code = code


def read_file(text):
    """The entries (still unchecked objects) of a history file's text; FileError when the
    text is not a history file this page can read."""
    if not isinstance(text, str) or len(text) > MAX_FILE_CHARS:
        raise FileError("too_big", "the file is too large")
    try:
        data = json.loads(text)
    except (ValueError, RecursionError):  # a file nested thousands deep: not a history
        raise FileError("not_json", "the file is not JSON") from None
    if not isinstance(data, dict) or data.get("format") != FILE_FORMAT \
            or not isinstance(data.get("entries"), list):
        raise FileError("not_history", "the file is not a domino history file")
    version = data.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise FileError("not_history", "the file has no version")
    if version > FILE_VERSION:
        raise FileError("newer", "the file's version " + str(version)
                        + " is newer than this page's " + str(FILE_VERSION))
    return data["entries"]


def merge(kept, incoming, keep):
    """Plan the import of a file's `incoming` entries (objects, unchecked) into the `kept`
    entries of the store, bounded by the `keep` setting. Returns a dict:

    - `put`: the entries to store (new ids, or a later save of an id already kept);
    - `delete`: the ids of kept entries that the bound pushes out (the oldest);
    - `aside`: (id, text, reason) of each incoming entry that cannot be read;
    - `report`: the counts the page tells the player: `added`, `updated`, `duplicates` (ids
      already kept with the same or a later save, or repeated in the file), `set_aside`,
      `not_kept` (read but older than everything the bound keeps), `removed` (kept entries
      pushed out), and `reasons` (the first three reasons for setting aside).
    """
    by_id = {e["id"]: e for e in kept}
    fresh = {}
    aside = []
    duplicates = 0
    for index, item in enumerate(incoming):
        text = json.dumps(item)
        try:
            entry = read_entry(text)
        except ValueError as exc:
            ident = item.get("id") if isinstance(item, dict) else None
            if not isinstance(ident, str) or not ident or ident.startswith(ASIDE_PREFIX) \
                    or len(ident) > 100:
                ident = "import-" + str(index + 1)
            aside.append((ident, text, str(exc)))
            continue
        ident = entry["id"]
        have = fresh.get(ident) or by_id.get(ident)
        if have is not None and have["saved_at"] >= entry["saved_at"]:
            duplicates += 1
            continue
        if ident in fresh:
            duplicates += 1  # a repeated id in the file: its later save stays
        fresh[ident] = entry
    union = dict(by_id)
    union.update(fresh)
    out = set(beyond(list(union.values()), keep))
    put = [e for i, e in fresh.items() if i not in out]
    added = len([e for e in put if e["id"] not in by_id])
    report = {"added": added, "updated": len(put) - added, "duplicates": duplicates,
              "set_aside": len(aside), "not_kept": len([i for i in fresh if i in out and i not in by_id]),
              "removed": len([i for i in by_id if i in out]),
              "reasons": [a[2] for a in aside[:3]], "keep": keep_of(keep)}
    return {"put": put, "delete": sorted(i for i in by_id if i in out), "aside": aside,
            "report": report}
