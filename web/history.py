"""The match history's entries: what the engine worker keeps of every match, and how it reads
them back (plain Python: the worker runs it under Pyodide, pytest under CPython).

The worker stores one entry per match in its IndexedDB (store `history`, the entry's `id` as
key, the entry as JSON text): a finished match when it ends, an unfinished one when another
match replaces it (marked `finished: false`). An entry carries the match's record (RECORD.md),
so that it can be exported or reviewed, and a public summary to list it by.

Schema: every entry says its version (`v`, now 1). `read_entry` upgrades an entry of an older
version to the current one, step by step (`UPGRADES`), and refuses, with the reason, one it
cannot read: not JSON, not an object, a version newer than this page knows, a missing or
mistyped field. The worker then sets that entry aside (key `aside/<id>`, with the reason) and
reports it; one bad entry never hides the others.

The store is bounded: `to_trim` names the entries beyond the player's `keep` setting, the
oldest first, so that the worker deletes them before it writes a new one.
"""

import json

SCHEMA_VERSION = 1
KEEP_CHOICES = (20, 50, 100, 500)
KEEP_DEFAULT = 100
ASIDE_PREFIX = "aside/"

# The fields of a current entry and the JSON types they hold.
FIELDS = {
    "v": int, "id": str, "saved_at": int, "started_at": int, "variant": str, "players": int,
    "seats": list, "hands": int, "finished": bool, "match": dict, "standing": str,
    "better": str, "viewer": int, "record": dict,
}


# An upgrade for each older version, to the next one (`{1: from_v1}` once version 2 exists:
# each takes an entry of its version and returns the entry of the next).
UPGRADES = {}


def make_entry(entry_id, record, seats, state, finished, started_at, now):
    """The entry of a match from its record, its seats (kinds and levels) and its latest
    `state` answer, saved at `now` (ms since 1970)."""
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
    }


def read_entry(text):
    """The current form of a stored entry's text; ValueError (with the reason) for one that
    cannot be read."""
    try:
        entry = json.loads(text)
    except (TypeError, ValueError):
        raise ValueError("not JSON") from None
    if not isinstance(entry, dict):
        raise ValueError("not an object")
    version = entry.get("v")
    if not isinstance(version, int) or isinstance(version, bool) or version < 1:
        raise ValueError("no schema version")
    if version > SCHEMA_VERSION:
        raise ValueError("schema version " + str(version) + " is newer than this page's "
                         + str(SCHEMA_VERSION))
    while entry["v"] < SCHEMA_VERSION:
        entry = UPGRADES[entry["v"]](entry)
    for name, kind in FIELDS.items():
        value = entry.get(name)
        if not isinstance(value, kind) or (kind is int and isinstance(value, bool)):
            raise ValueError("field " + name + " is missing or not " + kind.__name__)
    if not entry["id"] or entry["id"].startswith(ASIDE_PREFIX):
        raise ValueError("bad id")
    return entry


def summary(entry):
    """What the history list shows of an entry: everything but the record."""
    return {k: v for k, v in entry.items() if k != "record"}


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
