"""The protocol's messages (DESIGN.md "One channel"): its version and limits, how an intent's
text and fields are read and checked, the errors that refuse one, and the pure pieces of a
``state`` answer (``move_entry``, ``history``, ``json_safe``). The session (``domino.session``)
is built on them; its docstring documents the whole protocol.
"""

from __future__ import annotations

import json
import random
from typing import Any

from ..errors import DominoError, IllegalMoveError, OptionError, RecordError, UnknownVariantError
from ..hand.moves import LEAVE, Move
from ..match.match import Match
from ..rules import schema
from ..rules.schema import describe
from ..tiles import tile_str

# The computer levels a seat may name (``domino.ai.LEVELS``, which a test ties this to). The
# AI itself (a third of the engine's code) is imported when a computer first moves or a hint
# is asked for, so that a session answers ``hello`` without compiling it (a browser worker
# compiles every module it imports: ``warm_up`` does it once the page is served).
AI_LEVELS = ("easy", "medium", "hard", "expert")


def warm_up() -> None:
    """Import what a session imports on first use (the AI), ahead of that use."""
    from .. import ai  # noqa: F401 - imported for its compilation

PROTOCOL_VERSION = 2
# The longest message text read (checked before parsing): a record at its limit fits twice
# over, so that it fits even sent as an escaped JSON string.
MAX_MESSAGE_CHARS = 2 * schema.MAX_RECORD_CHARS + 100_000
# An ``id`` is echoed only if it is a short string or a whole number JavaScript holds exactly.
MAX_ID_CHARS = 100
MAX_ID = 2**53 - 1
# A new_match's options: at most this many, each value a JSON scalar, a name this long at most.
MAX_OPTIONS = 64
MAX_OPTION_CHARS = 40
# Every intent the session answers (``ai_move`` runs in steps, the others at once).
INTENTS = ("hello", "variants", "new_match", "play", "ai_move", "next_hand", "hint", "undo",
           "export_record", "load_record")
# A plain "ai" seat plays at this level.
DEFAULT_AI_LEVEL = "medium"
# Intents that change the game must name the state they were sent for.
STATEFUL_INTENTS = ("play", "ai_move", "next_hand", "hint", "undo")
# ``View.to_json`` keys a ``state`` answer leaves out of its ``view``, each with the field of
# the answer that carries it (one home per fact: "A state answer carries no field twice").
VIEW_FIELDS_ELSEWHERE = {"variant": "variant", "players": "players",
                         "hand_number": "hand_number", "to_move": "to_move", "legal": "moves",
                         "seat": "viewer", "result": "hand_result"}
# ``Match.summary`` keys a ``state`` answer leaves out of its ``match``, likewise.
MATCH_FIELDS_ELSEWHERE = {"over": "match_over", "hand_number": "hand_number"}
# The fields of every ``moves`` entry, always all present (null where they do not apply).
MOVE_FIELDS = ("move", "kind", "tile", "end", "open", "touch", "tile2", "end2", "open2",
               "cost")


def json_safe(value: Any) -> Any:
    """``value`` with tuples as lists, dict keys as strings and anything else JSON cannot hold
    as its ``str``: what the page receives of ``HandResult.details``."""
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, dict):
        return {str(k): json_safe(v) for k, v in value.items()}
    if isinstance(value, (list, tuple)):
        return [json_safe(v) for v in value]
    return str(value)


def history(match: Match) -> list[dict[str, Any]]:
    """Every finished hand of the match, oldest first, for the scoreboard: its number,
    termination, winner and ``delta`` (what the hand changed for each seat; kozel: what was
    recorded)."""
    first = match.hand_number - len(match.entries) + 1
    return [{"hand_number": first + i, "termination": r.termination,
             "winner": json_safe(r.winner), "delta": list(r.delta)}
            for i, r in enumerate(match.results)]


def move_entry(move: Move, ends: dict[str, int], leave_cost: int | None = None) -> dict[str, Any]:
    """One legal move as the page receives it: the notation to send back in ``play``
    (opaque to the page), its kind, and what it puts where: the tile, the engine's end id
    and the number showing on that end now (``ends``: ``view.ends`` as a dict), the touching
    half when the notation names it (``blank_wild``), and a kozel pair's second tile, end
    and number; a leave's ``leave_cost``. Every key of ``MOVE_FIELDS`` is present; those that
    do not apply are null."""
    def tile(value: Any) -> str | None:
        return None if value is None else tile_str(value)

    return {"move": str(move), "kind": move.kind, "tile": tile(move.tile), "end": move.end,
            "open": None if move.end is None else ends[move.end], "touch": move.touch,
            "tile2": tile(move.tile2), "end2": move.end2,
            "open2": None if move.end2 is None else ends[move.end2],
            "cost": leave_cost if move.kind == LEAVE else None}


class ProtocolError(Exception):
    """An intent the session refuses; ``code`` is the machine-readable reason."""

    def __init__(self, code: str, message: str) -> None:
        super().__init__(message)
        self.code = code
        self.message = message


class MessageError(DominoError):
    """A message, or one of its fields, that the protocol cannot read: answered with
    ``bad_message``. The checkers of ``domino.rules.schema`` raise it when given it as ``err``."""


class EngineBug(Exception):
    """The engine contradicted itself (the computer chose a move the rules refuse): answered
    with ``internal``, never with the engine's message, which would name the computer's
    tiles."""


def read_message(message: Any) -> dict[str, Any]:
    """The decoded message object: its text at most ``MAX_MESSAGE_CHARS`` characters and
    ``schema.MAX_DEPTH`` levels deep (both checked before parsing), strict JSON (no ``NaN``,
    no ``Infinity``, no number too large for a float). Raises MessageError."""
    # parse_json refuses NaN, Infinity and numbers too large for a float (1e400) itself.
    data = schema.parse_json(message, "the message", MAX_MESSAGE_CHARS, MessageError)
    return schema.obj(data, "the message", MessageError)


def message_id(data: dict[str, Any]) -> str | int | None:
    """The message's ``id``, to echo in the answer: a string of at most ``MAX_ID_CHARS``
    characters or a whole number of at most ``MAX_ID`` either way (anything else could not
    be echoed as the page sent it). Raises MessageError."""
    value = data.get("id")
    if value is None:
        return None
    if isinstance(value, str):
        return schema.text(value, "id", MAX_ID_CHARS, MessageError)
    if not isinstance(value, int) or isinstance(value, bool):
        raise MessageError(f"id: must be a string or a whole number, not {describe(value)}")
    return schema.whole(value, "id", -MAX_ID, MAX_ID, MessageError)


def intent_of(data: dict[str, Any]) -> str:
    """The message's ``type``, one of ``INTENTS``; checks its ``v`` on the way."""
    version = schema.whole(data.get("v", PROTOCOL_VERSION), "v", err=MessageError)
    if version != PROTOCOL_VERSION:
        raise ProtocolError("unsupported_version",
                            f"protocol version {version}; this worker speaks {PROTOCOL_VERSION}")
    kind = data.get("type")
    if not isinstance(kind, str) or kind not in INTENTS:
        raise ProtocolError("unknown_intent", f"unknown intent {describe(kind)}")
    return kind


def parse_options(value: Any) -> dict[str, Any]:
    """Check ``new_match``'s ``options`` as far as the message goes: an object of at most
    ``MAX_OPTIONS`` short names with JSON scalar values (the ruleset then checks each name and
    value against the variant). Raises MessageError, or OptionError naming the option."""
    if value is None:
        return {}
    options = schema.obj(value, "options", MessageError)
    if len(options) > MAX_OPTIONS:
        raise OptionError(f"options: at most {MAX_OPTIONS} options, not {len(options)}")
    for name, value in options.items():
        schema.text(name, "options", MAX_OPTION_CHARS, OptionError)
        where = f"options.{name}"
        if isinstance(value, str):
            schema.text(value, where, MAX_OPTION_CHARS, OptionError)
        elif isinstance(value, int) and not isinstance(value, bool):
            schema.amount(value, where, OptionError)
        elif not (value is None or isinstance(value, (bool, float))):
            raise OptionError(f"{where}: must be true, false, a number or a name, not "
                              f"{describe(value)}")
    return options


def record_of(value: Any) -> dict[str, Any]:
    """``load_record``'s ``record``: an object, or JSON text parsed strictly; either way at
    most ``schema.MAX_RECORD_CHARS`` characters of JSON (text: checked before parsing; an
    object: its compact JSON text). Raises RecordError naming the limit."""
    limit = schema.MAX_RECORD_CHARS
    if isinstance(value, str):
        # NaN and Infinity are refused here; a number too large for a float, by the record
        # reader (``replay_match`` checks the whole record's JSON values).
        value = schema.parse_json(value, "the record", limit, RecordError)
    elif isinstance(value, dict):
        size = len(json.dumps(value, ensure_ascii=False, separators=(",", ":")))
        if size > limit:
            raise RecordError(f"the record has {size} characters of JSON; the limit is {limit}")
    return schema.obj(value, "record", RecordError)


# Exceptions an intent's checks raise before it changes anything.
REFUSALS = (ProtocolError, MessageError, IllegalMoveError, OptionError, RecordError,
            UnknownVariantError)



def secret_seed() -> int:
    """A deal number nobody can guess (E-35): 63 bits of the system's entropy
    (``os.urandom``; ``crypto.getRandomValues`` under Pyodide, so a restored memory snapshot
    of the interpreter does not repeat it), never the global ``random`` state."""
    return random.SystemRandom().getrandbits(63)


def engine_version() -> str:
    """The installed engine's version (the wheel's), or ``unknown`` when run from sources."""
    try:
        from importlib.metadata import version

        return version("domino")
    except Exception:  # noqa: BLE001 - metadata is optional when run from a source tree
        return "unknown"


def parse_seats(seats: Any, players: int) -> list[str]:
    """Check the ``seats`` field: one ``human`` / ``ai`` / ``ai:LEVEL`` per player."""
    if seats is None:
        return ["human"] + ["ai"] * (players - 1)
    if not isinstance(seats, list) or len(seats) != players:
        raise ProtocolError("bad_seats", f"seats: must list {players} entries, one per "
                                         f"player, not {describe(seats)}")
    out = []
    for index, kind in enumerate(seats):
        if kind == "human" or kind == "ai":
            out.append(kind)
        elif isinstance(kind, str) and kind.startswith("ai:") and kind[3:] in AI_LEVELS:
            out.append(kind)
        else:
            raise ProtocolError(
                "bad_seats", f"seats[{index}]: unknown seat {describe(kind)}: use human, ai "
                             "or ai:" + "|".join(AI_LEVELS))
    return out

