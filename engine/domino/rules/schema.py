"""The one validation layer for what reaches the engine from outside: records and messages.

Every field of a ``domino-record`` (RECORD.md) is checked here once, where the JSON is read,
for its type and its range, and the error names the field (``start.seated: ...``; the record
reader puts ``hand 2, `` in front). The rules code behind it (``game``, ``layout``, ``match``)
receives values of the right type and range and checks only what the rules say (tiles that
match, a lead that is allowed, a position that can occur).

The checkers at the top (``whole``, ``seat``, ``obj``, ...) are shared with the worker's
protocol, which passes its own error class as ``err``.

Limits: a real match never comes near them, a hostile record meets them at once.

=====================  =========================================================
``MAX_RECORD_CHARS``   characters of record text (checked before JSON is parsed)
``MAX_DEPTH``          nesting of arrays and objects in any JSON text read
``MAX_HANDS``          hands in one record
``MAX_HAND_MOVES``     moves in one hand
``MAX_MOVES``          moves in one record, all hands together
``MAX_AMOUNT``         size of a score, balance, record or option number
``SEED_RANGE``         the seeds a record or a match may name
``MAX_INT_DIGITS``     digits of an integer in record text (checked before it is
                       converted: twice the longest any field takes, a seed's 20)
=====================  =========================================================

Record text is read by ``parse_record``: strict JSON as ``parse_json`` reads it, and also no
key twice in one object (JSON readers disagree on which one counts: Python's keeps the last,
others the first) and no integer longer than ``MAX_INT_DIGITS`` (docs/DECISIONS.md E-31).
"""

from __future__ import annotations

import json
import math
import re
from typing import Any

from ..errors import DominoError, RecordError
from ..tiles import TILE_TEXT, Tile, make_tile

MAX_RECORD_CHARS = 4_000_000
MAX_DEPTH = 64
MAX_HANDS = 1_000
# A hand of the largest table (Mexican Train, double-twelve, 8 players: 91 tiles) has at most
# 91 placements, as many draws, and a pass after each draw or between them: about 2,000 moves.
MAX_HAND_MOVES = 5_000
MAX_MOVES = 50_000
MAX_AMOUNT = 10**15
SEED_RANGE = (-(2**63), 2**64 - 1)
# 2**64 - 1 has 20 digits and MAX_AMOUNT 16: a number twice as long is no field's, and a number
# this short converts in no time (Python refuses over 4,300 digits with a message of its own,
# and converting digits costs time that grows with the square of their count).
MAX_INT_DIGITS = 40
# A move in notation is at most about 20 characters (``12-12@L+11-11@R``).
MAX_MOVE_CHARS = 40

ErrorClass = type[DominoError]

_LINE_TILE = re.compile(r"([0-9]{1,2})\|([0-9]{1,2})")
_ARM_ID = re.compile(r"[A-Z][0-9]{0,3}")
_TRAIN_ID = re.compile(r"T[0-9]{1,2}|MX")


# --- checkers ---------------------------------------------------------------------------------

def _fail(err: ErrorClass, where: str, message: str) -> DominoError:
    return err(f"{where}: {message}" if where else message)


def describe(value: Any) -> str:
    """A short, safe description of a bad value for an error message (never the whole of a
    huge value: a message must stay one readable line)."""
    if isinstance(value, bool):
        return "true" if value else "false"
    if value is None:
        return "null"
    if isinstance(value, int):
        if abs(value) < 10**30:
            return str(value)
        # str() of a number over 4,300 digits raises; its size is enough to say what it is.
        return f"a number of about {int(value.bit_length() * 0.30103) + 1} digits"
    if isinstance(value, float):
        return repr(value)
    if isinstance(value, str):
        return repr(value) if len(value) <= 40 else repr(value[:37] + "...")
    if isinstance(value, list):
        return f"a list of {len(value)}"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


_PLAIN_NAME = re.compile(r"[A-Za-z0-9_]{1,40}")


def field_name(name: Any) -> str:
    """A key of the input as an error names it: as it is when it is a plain name, else quoted
    and cut short, so that no key can break the one-line error (a newline in a key would let
    a record write a second ``error:`` line of its own)."""
    if isinstance(name, str) and _PLAIN_NAME.fullmatch(name):
        return name
    return describe(name)


def whole(value: Any, where: str, lo: int | None = None, hi: int | None = None,
          err: ErrorClass = RecordError) -> int:
    """``value`` as a whole number in ``[lo, hi]``; booleans and floats are refused (JSON's
    ``true`` is not 1, and ``2.0`` is not a count)."""
    if not isinstance(value, int) or isinstance(value, bool):
        raise _fail(err, where, f"must be a whole number, not {describe(value)}")
    if (lo is not None and value < lo) or (hi is not None and value > hi):
        if lo is not None and hi is not None:
            span = f"from {lo} to {hi}"
        elif lo is not None:
            span = f"at least {lo}"
        else:
            span = f"at most {hi}"
        raise _fail(err, where, f"must be a whole number {span}, not {describe(value)}")
    return value


def amount(value: Any, where: str, err: ErrorClass = RecordError) -> int:
    """A score, balance or record: a whole number no larger than ``MAX_AMOUNT`` either way."""
    return whole(value, where, -MAX_AMOUNT, MAX_AMOUNT, err)


def seat(value: Any, where: str, n: int, err: ErrorClass = RecordError) -> int:
    """A seat number, 0 to ``n - 1``."""
    if not isinstance(value, int) or isinstance(value, bool) or not 0 <= value < n:
        raise _fail(err, where, f"must be a seat from 0 to {n - 1}, not {describe(value)}")
    return value


def optional_seat(value: Any, where: str, n: int, err: ErrorClass = RecordError) -> int | None:
    """A seat number or null."""
    return None if value is None else seat(value, where, n, err)


def flag(value: Any, where: str, err: ErrorClass = RecordError) -> bool:
    """A JSON ``true`` or ``false`` (not 0, 1 or a string)."""
    if not isinstance(value, bool):
        raise _fail(err, where, f"must be true or false, not {describe(value)}")
    return value


def text(value: Any, where: str, max_len: int, err: ErrorClass = RecordError) -> str:
    """A string of at most ``max_len`` characters."""
    if not isinstance(value, str):
        raise _fail(err, where, f"must be a string, not {describe(value)}")
    if len(value) > max_len:
        raise _fail(err, where, f"must be at most {max_len} characters, not {len(value)}")
    return value


def obj(value: Any, where: str, err: ErrorClass = RecordError,
        keys: tuple[str, ...] | None = None) -> dict[str, Any]:
    """A JSON object; with ``keys``, one that holds no other key (a misspelt key is an error,
    not silently ignored)."""
    if not isinstance(value, dict):
        raise _fail(err, where, f"must be an object, not {describe(value)}")
    if keys is not None:
        unknown = sorted(str(k) for k in value if k not in keys)
        if unknown:
            raise _fail(err, where, f"unknown key {describe(unknown[0])} "
                                    f"(known: {', '.join(keys)})")
    return value


def array(value: Any, where: str, err: ErrorClass = RecordError, max_len: int | None = None,
          length: int | None = None) -> list[Any]:
    """A JSON array, of exactly ``length`` or at most ``max_len`` items."""
    if not isinstance(value, list):
        raise _fail(err, where, f"must be a list, not {describe(value)}")
    if length is not None and len(value) != length:
        raise _fail(err, where, f"must list {length} entries, not {len(value)}")
    if max_len is not None and len(value) > max_len:
        raise _fail(err, where, f"must list at most {max_len} entries, not {len(value)}")
    return value


def flags(value: Any, where: str, n: int, err: ErrorClass = RecordError) -> list[bool]:
    """A list of ``n`` booleans (one per seat)."""
    items = array(value, where, err, length=n)
    return [flag(x, f"{where}[{i}]", err) for i, x in enumerate(items)]


def amounts(value: Any, where: str, n: int, err: ErrorClass = RecordError) -> list[int]:
    """A list of ``n`` amounts (one per seat)."""
    items = array(value, where, err, length=n)
    return [amount(x, f"{where}[{i}]", err) for i, x in enumerate(items)]


def tile(value: Any, where: str, max_pip: int, err: ErrorClass = RecordError) -> Tile:
    """A tile written ``"6-4"`` (or ``"4-6"``), ASCII digits only, both halves in the set."""
    if isinstance(value, str):
        found = TILE_TEXT.fullmatch(value.strip())
        if found:
            a, b = int(found.group(1)), int(found.group(2))
            if a <= max_pip and b <= max_pip:
                return make_tile(a, b)
            raise _fail(err, where, f"no tile {describe(value)} in a double-{max_pip} set")
    raise _fail(err, where, f"must be a tile such as \"6-4\", not {describe(value)}")


def tiles(value: Any, where: str, max_pip: int, err: ErrorClass = RecordError) -> list[Tile]:
    """A list of tiles, no longer than the set."""
    size = (max_pip + 1) * (max_pip + 2) // 2
    items = array(value, where, err, max_len=size)
    return [tile(x, f"{where}[{i}]", max_pip, err) for i, x in enumerate(items)]


def pip(value: Any, where: str, max_pip: int, err: ErrorClass = RecordError) -> int:
    """One half's number, 0 to ``max_pip``."""
    return whole(value, where, 0, max_pip, err)


# --- JSON text ---------------------------------------------------------------------------------

def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text_value: str) -> float:
    # 1e400 reads as infinity: no more a JSON number than Infinity itself.
    number = float(text_value)
    if not math.isfinite(number):
        raise ValueError(f"{text_value[:20]} is too large a number")
    return number


class _Refused(Exception):
    """What a hook of the JSON reader found wrong (said after ``what``: "has the key x
    twice"); ``parse_json`` turns it into the caller's error class."""


def _unique_keys(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    """An object of the JSON text, refused if it holds a key twice."""
    out: dict[str, Any] = {}
    for key, value in pairs:
        if key in out:
            raise _Refused(f"has the key {field_name(key)} twice in one object")
        out[key] = value
    return out


def _short_int(text_value: str) -> int:
    """An integer of the JSON text, refused before it is converted if it has more than
    ``MAX_INT_DIGITS`` digits."""
    digits = len(text_value) - text_value.startswith("-")
    if digits > MAX_INT_DIGITS:
        raise _Refused(f"holds a number of {digits} digits; no field takes one of more than "
                       f"{MAX_INT_DIGITS} (a seed, the longest, has at most 20)")
    return int(text_value)


def parse_json(text_value: Any, what: str, max_chars: int, err: ErrorClass = RecordError, *,
               unique_keys: bool = False, short_ints: bool = False) -> Any:
    """Parse JSON text strictly: at most ``max_chars`` characters (checked before parsing),
    no ``NaN`` or ``Infinity`` (Python's reader accepts them; JSON has no such numbers), no
    number too long for Python to convert, no nesting deeper than ``MAX_DEPTH``. With
    ``unique_keys``, no object holds a key twice; with ``short_ints``, no integer has more
    than ``MAX_INT_DIGITS`` digits (both for records: ``parse_record``)."""
    if isinstance(text_value, (bytes, bytearray)):
        try:
            text_value = bytes(text_value).decode("utf-8")
        except UnicodeDecodeError:
            raise err(f"{what} is not UTF-8 text") from None
    if not isinstance(text_value, str):
        raise err(f"{what} must be text")
    if len(text_value) > max_chars:
        raise err(f"{what} has {len(text_value)} characters; the limit is {max_chars}")
    if _too_deep(text_value):
        raise err(f"{what} is nested more than {MAX_DEPTH} levels deep")
    try:
        return json.loads(text_value, parse_constant=_no_constant, parse_float=_finite_float,
                          object_pairs_hook=_unique_keys if unique_keys else None,
                          parse_int=_short_int if short_ints else None)
    except _Refused as exc:
        raise err(f"{what} {exc}") from None
    except json.JSONDecodeError as exc:
        raise err(f"{what} is not valid JSON (line {exc.lineno}, column {exc.colno}: "
                  f"{exc.msg})") from None
    except (ValueError, RecursionError) as exc:
        raise err(f"{what} is not valid JSON: {exc}") from None


def parse_record(text_value: Any, err: ErrorClass = RecordError) -> Any:
    """Parse record text (``str``, or ``bytes`` of UTF-8): ``parse_json`` with the record's
    limits, ``MAX_RECORD_CHARS`` characters, no key twice in one object and no integer over
    ``MAX_INT_DIGITS`` digits. What every reader of record text calls (``record.load``, so
    the CLI; E-31)."""
    return parse_json(text_value, "the record", MAX_RECORD_CHARS, err, unique_keys=True,
                      short_ints=True)


def _too_deep(text_value: str) -> bool:
    """Whether brackets outside strings nest deeper than ``MAX_DEPTH`` (a cheap scan, so that
    a hostile text never reaches the recursive parser)."""
    if text_value.count("[") + text_value.count("{") <= MAX_DEPTH:
        return False
    depth = 0
    in_string = False
    escaped = False
    for ch in text_value:
        if in_string:
            if escaped:
                escaped = False
            elif ch == "\\":
                escaped = True
            elif ch == '"':
                in_string = False
        elif ch == '"':
            in_string = True
        elif ch in "[{":
            depth += 1
            if depth > MAX_DEPTH:
                return True
        elif ch in "]}":
            depth -= 1
    return False


def check_json_value(value: Any, where: str, err: ErrorClass = RecordError) -> None:
    """A value built in Python (not parsed from text) holds only JSON: no NaN or infinite
    float, no nesting beyond ``MAX_DEPTH``, string keys. The error names the path."""
    stack: list[tuple[Any, tuple[str | int, ...]]] = [(value, ())]
    while stack:
        item, path = stack.pop()
        problem = None
        if len(path) > MAX_DEPTH:
            problem = f"is nested more than {MAX_DEPTH} levels deep"
        elif isinstance(item, float) and not math.isfinite(item):
            problem = f"{describe(item)} is not a JSON number"
        elif isinstance(item, list):
            stack.extend((x, (*path, i)) for i, x in enumerate(item))
        elif isinstance(item, dict):
            for key, x in item.items():
                if not isinstance(key, str):
                    problem = "object keys must be strings"
                    break
                stack.append((x, (*path, key)))
        elif not (item is None or isinstance(item, (bool, int, float, str))):
            problem = f"{describe(item)} is not JSON"
        if problem:
            raise _fail(err, _path_text(path) or where, problem)


def _path_text(path: tuple[str | int, ...]) -> str:
    """A key path as the errors write fields: ``hands[0].start.layout.engine``."""
    out = ""
    for key in path:
        if isinstance(key, int):
            out += f"[{key}]"
        else:
            out += f".{field_name(key)}" if out else field_name(key)
    return out


# --- records -----------------------------------------------------------------------------------

RECORD_KEYS = ("format", "version", "variant", "options", "seed", "match", "hands")
MATCH_KEYS = ("hand_number", "scores", "balances", "records", "open", "leader")
HAND_KEYS = ("deal", "start", "moves")
DEAL_KEYS = ("hands", "boneyard")
START_KEYS = ("hands", "boneyard", "line", "layout", "to_move", "last_placer", "seated")
FORMAT = "domino-record"
VERSION = 1


def record_header(value: Any) -> dict[str, Any]:
    """The top level of a record: its keys, format, version, variant, options, seed, match and
    the list of hands, with the limits on hands and moves. Returns the record."""
    record = obj(value, "", RecordError, RECORD_KEYS)
    if record.get("format") != FORMAT:
        raise RecordError(f"format must be {FORMAT!r}")
    version = record.get("version")
    if not isinstance(version, int) or isinstance(version, bool) or version != VERSION:
        raise RecordError(f"unsupported record version {describe(version)} "
                          f"(this engine reads version {VERSION})")
    for key in ("variant", "hands"):
        if key not in record:
            raise RecordError(f"record lacks {key!r}")
    # The variant's type and name are checked by the registry (UnknownVariantError).
    options = obj(record.get("options", {}), "options")
    for name, value in options.items():
        option_value(value, f"options.{field_name(name)}")
    whole(record.get("seed", 0), "seed", *SEED_RANGE)
    obj(record.get("match", {}), "match", RecordError, MATCH_KEYS)
    hands = array(record["hands"], "hands", max_len=MAX_HANDS)
    if not hands:
        raise RecordError("hands must be a non-empty list")
    total = 0
    for index, entry in enumerate(hands, start=1):
        where = f"hand {index}"
        obj(entry, where, RecordError, HAND_KEYS)
        if "deal" in entry and "start" in entry:
            raise RecordError(f"{where}: a hand has a deal or a start position, not both")
        moves = array(entry.get("moves", []), f"{where}, moves", max_len=MAX_HAND_MOVES)
        for m_index, move in enumerate(moves, start=1):
            text(move, f"{where}, move {m_index}", MAX_MOVE_CHARS)
        total += len(moves)
        if total > MAX_MOVES:
            raise RecordError(f"the record holds more than {MAX_MOVES} moves")
    return record


def option_value(value: Any, where: str) -> Any:
    """An option's value as JSON gives it: true/false, a JSON integer no larger than
    ``MAX_AMOUNT``, or a short string. Nothing else: not ``2.0`` for 2 (a JSON integer is
    written without a point); the ruleset then checks that the value has the option's own
    type (``"yes"`` is no boolean, ``"4"`` no count: docs/DECISIONS.md E-31)."""
    if isinstance(value, bool):
        return value
    if isinstance(value, int):
        return amount(value, where)
    if isinstance(value, str):
        return text(value, where, 40)
    raise RecordError(f"{where}: must be true, false, a whole number or a name, "
                      f"not {describe(value)}")


def match_state(state: Any, n: int, teams: list[list[int]] | None = None) -> dict[str, Any]:
    """RECORD.md's ``match`` (the match before the first listed hand), checked and with
    every key filled in: ``hand_number``, ``scores``, ``balances``, ``records``, ``open``
    and ``leader``. With ``teams`` (kozel in pairs) each team keeps one record, shown on
    both its seats (RECORD.md), so partners' ``records`` and ``open`` must agree."""
    if not state and type(state) is dict or state is None:
        # A match from its start (nothing to check): what every key defaults to below.
        return {"hand_number": 1, "leader": None, "open": [False] * n, "scores": [0] * n,
                "balances": [0] * n, "records": [0] * n}
    state = obj(state, "match", RecordError, MATCH_KEYS)
    out: dict[str, Any] = {
        "hand_number": whole(state.get("hand_number", 1), "match.hand_number", 1, 10**6),
        "leader": optional_seat(state.get("leader"), "match.leader", n),
        "open": (flags(state["open"], "match.open", n) if "open" in state else [False] * n),
    }
    for key in ("scores", "balances", "records"):
        value = state.get(key)
        out[key] = [0] * n if value is None else amounts(value, f"match.{key}", n)
    for team in teams or []:
        for key in ("records", "open"):
            if len({out[key][p] for p in team}) > 1:
                raise RecordError(f"match.{key}: partners {' and '.join(map(str, team))} "
                                  "share one record, but theirs differ")
    return out


def deal(value: Any, n: int, max_pip: int) -> tuple[list[list[Tile]], list[Tile]]:
    """A fresh deal: ``hands`` (one list of tiles per seat) and ``boneyard``."""
    value = obj(value, "deal", RecordError, DEAL_KEYS)
    if "hands" not in value:
        raise RecordError("deal lacks 'hands'")
    hands = array(value["hands"], "deal.hands", length=n)
    out = [tiles(h, f"deal.hands[{i}]", max_pip) for i, h in enumerate(hands)]
    return out, tiles(value.get("boneyard", []), "deal.boneyard", max_pip)


def start(value: Any, n: int, max_pip: int, layout_kind: str, leave_allowed: bool
          ) -> dict[str, Any]:
    """A start position (RECORD.md ``start``), every field checked and parsed: ``hands`` and
    ``boneyard`` as tiles, ``line`` as oriented pairs (line layouts) or ``layout`` as checked
    JSON (trees, trains), ``to_move``, ``last_placer`` (a seat or None) and ``seated``.

    What makes a position impossible is refused here too: a seat still in the hand with no
    tile (it would have gone out), a seat out of the hand (vn_iwin, after a leave) holding
    tiles or to move, fewer than two seats in the hand."""
    value = obj(value, "start", RecordError, START_KEYS)
    for key in ("hands", "to_move"):
        if key not in value:
            raise RecordError(f"start position lacks {key!r}")
    hands = array(value["hands"], "start.hands", length=n)
    out: dict[str, Any] = {
        "hands": [tiles(h, f"start.hands[{i}]", max_pip) for i, h in enumerate(hands)],
        "boneyard": tiles(value.get("boneyard", []), "start.boneyard", max_pip),
        "to_move": seat(value["to_move"], "start.to_move", n),
        "last_placer": optional_seat(value.get("last_placer"), "start.last_placer", n),
    }
    if layout_kind == "line":
        if "layout" in value:
            raise RecordError("start.layout: this variant's layout is a line: give 'line'")
        out["line"] = line(value.get("line", []), max_pip)
    else:
        if "line" in value:
            raise RecordError(f"start.line: this variant's layout is a {layout_kind} "
                              "layout: give 'layout'")
        layout = value.get("layout")
        if layout is not None:
            layout = (tree_layout(layout, max_pip) if layout_kind == "tree"
                      else trains_layout(layout, n, max_pip))
        out["layout"] = layout
    seated = value.get("seated")
    if seated is None:
        seated = [True] * n
    else:
        seated = flags(seated, "start.seated", n)
        if not all(seated) and not leave_allowed:
            raise RecordError("start.seated: nobody leaves the table in this variant")
    if sum(seated) < 2:
        raise RecordError("start.seated: a hand in play needs at least two seats in it")
    for p in range(n):
        if seated[p] and not out["hands"][p]:
            raise RecordError(f"start.hands[{p}]: a seat in the hand holds at least one tile "
                              "(with none it would have gone out)")
        if not seated[p] and out["hands"][p]:
            raise RecordError(f"start.hands[{p}]: a seat that left holds no tiles")
    if not seated[out["to_move"]]:
        raise RecordError(f"start.to_move: seat {out['to_move']} has left the hand")
    out["seated"] = seated
    return out


def line(value: Any, max_pip: int) -> list[tuple[int, int]]:
    """RECORD.md's ``line``: oriented tiles ``"a|b"`` from left to right (ASCII digits)."""
    size = (max_pip + 1) * (max_pip + 2) // 2
    items = array(value, "start.line", max_len=size)
    out = []
    for i, item in enumerate(items):
        found = _LINE_TILE.fullmatch(item.strip()) if isinstance(item, str) else None
        if not found:
            raise RecordError(f"start.line[{i}]: must be an oriented tile such as \"6|4\", "
                              f"not {describe(item)}")
        a, b = int(found.group(1)), int(found.group(2))
        if a > max_pip or b > max_pip:
            raise RecordError(f"start.line[{i}]: no tile {item!r} in a double-{max_pip} set")
        out.append((a, b))
    return out


def _pairs(value: Any, where: str, max_pip: int) -> list[tuple[int, int]]:
    """A layout's tiles as (touching, exposed) pairs of pips."""
    size = (max_pip + 1) * (max_pip + 2) // 2
    items = array(value, where, max_len=size)
    out = []
    for i, pair in enumerate(items):
        pair = array(pair, f"{where}[{i}]", length=2)
        out.append((pip(pair[0], f"{where}[{i}][0]", max_pip),
                    pip(pair[1], f"{where}[{i}][1]", max_pip)))
    return out


def _layout_id(spec: dict[str, Any], at: str, pattern: re.Pattern[str], max_len: int,
               what: str) -> str:
    """The ``id`` of an arm or a train: present, a short string, and a name of that kind."""
    if "id" not in spec:
        raise RecordError(f"{at}: lacks 'id'")
    name = text(spec["id"], f"{at}.id", max_len)
    if not pattern.fullmatch(name):
        raise RecordError(f"{at}.id: not {what}: {describe(name)}")
    return name


def tree_layout(value: Any, max_pip: int) -> dict[str, Any]:
    """A tree layout's JSON (``TreeLayout.to_json``): ``kind``, ``lead``, ``arms`` with
    ``id``, ``parent`` ([host arm, index of the double on it] or null), ``open`` and
    ``tiles``. Returned with the same shape, every value checked."""
    where = "start.layout"
    value = obj(value, where, RecordError, ("kind", "lead", "arms"))
    if value.get("kind") != "tree":
        raise RecordError(f"{where}.kind: must be \"tree\" for this variant")
    lead = value.get("lead")
    if lead is not None:
        lead = array(lead, f"{where}.lead", length=2)
        lead = [pip(lead[0], f"{where}.lead[0]", max_pip),
                pip(lead[1], f"{where}.lead[1]", max_pip)]
    arms = []
    for i, arm in enumerate(array(value.get("arms") or [], f"{where}.arms", max_len=200)):
        at = f"{where}.arms[{i}]"
        arm = obj(arm, at, RecordError, ("id", "parent", "open", "tiles"))
        arm_id = _layout_id(arm, at, _ARM_ID, 4, "an arm name")
        parent = arm.get("parent")
        if parent is not None:
            parent = array(parent, f"{at}.parent", length=2)
            host = text(parent[0], f"{at}.parent[0]", 4)
            parent = [host, whole(parent[1], f"{at}.parent[1]", 0, 200)]
        if "open" in arm:
            flag(arm["open"], f"{at}.open")
        arms.append({"id": arm_id, "parent": parent,
                     "tiles": _pairs(arm.get("tiles") or [], f"{at}.tiles", max_pip)})
    return {"kind": "tree", "lead": lead, "arms": arms}


def trains_layout(value: Any, n: int, max_pip: int) -> dict[str, Any]:
    """A trains layout's JSON (``TrainLayout.to_json``): ``kind``, ``engine``, ``trains``
    with ``id``, ``owner``, ``marker`` and ``tiles``, and ``unsatisfied``. Returned with the
    same shape, every value checked."""
    where = "start.layout"
    value = obj(value, where, RecordError, ("kind", "engine", "trains", "unsatisfied"))
    if value.get("kind") != "trains":
        raise RecordError(f"{where}.kind: must be \"trains\" for this variant")
    if "engine" not in value:
        raise RecordError(f"{where}: lacks 'engine'")
    engine = pip(value["engine"], f"{where}.engine", max_pip)
    trains = []
    for i, spec in enumerate(array(value.get("trains", []), f"{where}.trains", max_len=n + 1)):
        at = f"{where}.trains[{i}]"
        spec = obj(spec, at, RecordError, ("id", "owner", "marker", "tiles"))
        key = _layout_id(spec, at, _TRAIN_ID, 3, "a train name")
        if spec.get("owner") is not None:
            optional_seat(spec["owner"], f"{at}.owner", n)
        marker = flag(spec.get("marker", False), f"{at}.marker")
        trains.append({"id": key, "marker": marker,
                       "tiles": _pairs(spec.get("tiles", []), f"{at}.tiles", max_pip)})
    unsatisfied = [text(k, f"{where}.unsatisfied[{i}]", 3) for i, k in
                   enumerate(array(value.get("unsatisfied", []), f"{where}.unsatisfied",
                                   max_len=n + 1))]
    return {"kind": "trains", "engine": engine, "trains": trains, "unsatisfied": unsatisfied}
