"""The JSON protocol between the web page (UI) and the engine worker (DESIGN.md "The protocol").

Plain Python, no ``js`` imports: the worker calls ``Session.handle_steps`` with the page's
message text and sends back the answer text, and tests call ``Session.handle`` the same way
without a browser. ``handle_steps`` runs a computer's search in chunks, so that the worker can
answer other messages between them (an ``undo`` sent while the computer thinks cancels the
search); ``handle`` runs it to the end.

The worker runs the match (DESIGN.md "The web app"): the page sends a human's intents and
renders what arrives; the computer seats move inside the worker, which pushes one ``state``
after each of their moves, paced for the page. ``Session.advance_steps`` is what the worker
drives for that (see "Computer moves" below). One human move against three computers is one
``play`` answered at once, then a stream of pushed states; the page never asks for a computer
move (``ai_move`` stays, for tests, benchmarks and tools that drive a match themselves).

Every message is one JSON object with a ``type`` (a string). The page may add ``id`` (echoed
in the answer: a string of at most ``MAX_ID_CHARS`` characters or a whole number of at most
``MAX_ID`` either way) and ``v`` (the protocol version it speaks, a whole number; a different
major version is refused). Fields the intent does not use are ignored. Version 2 (this one)
gave a ``state`` answer one home per fact, legal moves as data (``moves``), computer moves
as pushed states, a leave's ``cost`` and the view's ``end_count``; version 1 had ``legal``
notation and the view's fields repeated at the top.

Intents (page -> worker) and their answers:

=================  ==========================================================  ============
intent             fields                                                      answer
=================  ==========================================================  ============
``hello``          --                                                          ``ready``
``variants``       --                                                          ``variants``
``new_match``      ``variant``, ``options`` ({} = defaults; ``players`` in     ``state``
                   it), ``seed`` (optional int: a chosen deal number; without
                   it a secret one, see "The deal number"), ``seats`` (list of
                   ``human`` | ``ai``
                   | ``ai:LEVEL``, LEVEL one of domino.ai.LEVELS; default: seat 0
                   human, the rest ``ai``, which plays at the medium level)
``play``           ``state_id``, ``move`` (the ``move`` of one of the state's  ``state``
                   ``moves``: RECORD.md notation)
``ai_move``        ``state_id``: the worker moves for the computer seat to     ``state``
                   move (not sent by the page, whose worker pushes the moves)
``next_hand``      ``state_id``                                                ``state``
``hint``           ``state_id``: the human to move asks for advice: the move   ``hint``
                   review's figures for its sensible moves (``on_hint``; its
                   ``move`` and ``ranking`` name ``move`` values of ``moves``)
``undo``           ``state_id``: take the match back to the previous decision  ``state``
                   of the one human seat in this hand (before its last move;
                   the computers' moves after it are undone too)
``export_record``  ``reveal`` (optional, true or false): see below             ``record``
``load_record``    ``record`` (object or JSON text), ``seats`` (optional)      ``state``
``resume``         -- (web/worker.py, not ``Session``): the match the worker   ``state``
                   saved after its last ``state``, loaded as ``load_record``
                   would load it, with its seats; errors ``no_save``, and
                   ``bad_save`` (the save is set aside, never offered again)
``forget_save``    -- (web/worker.py): delete the worker's saved match         ``forgotten``
``review_open``    (web/worker.py) ``source`` ``match`` (this session's match)  ``review_``
                   or ``entry`` (``entry``: a history id): the record under     ``opened``
                   review, its finished hands, a ``review`` token
``review_``        (web/worker.py) ``review``, ``hand``, ``index``: the table   ``review_``
``position``       before a move of a finished hand, every hand face up         ``position``
``review``         (web/worker.py) ``review``, ``hand`` (``seats``,             ``review_``
                   ``budget``): the hand judged by ``domino.ai.review`` in      ``result``
                   steps, ``review_progress`` pushed meanwhile; a kept verdict
                   answers at once; ``cancelled`` when cancelled
``review_cancel``  (web/worker.py) stop the judging under way                  ``review_``
                                                                               ``cancelled``
=================  ==========================================================  ============

Every field is checked where the message is read, for its type and range; a refusal names the
field (``state_id: must be a whole number, not "3"``, ``seats[2]: unknown seat 'robot' ...``).

A ``state`` answer carries each fact once (no field of it repeats another, at the top or in
``view`` or ``match``): ``state_id`` (increases by one with every state, pushed ones
included), ``pushed`` (true for a state the worker pushed after a computer move, false in the
answer to an intent), ``variant``, ``options`` (the variant's options, every value, defaults
filled in; the player count is ``players``: to start the same match again send ``options``
with ``players`` added), ``reading`` (how this match's results read, ``rules.reading``:
``standing``, ``better``, ``ranked``, ``result``, ``words``, ``rounds``; the page reads these
instead of testing variant ids), ``seed`` (the chosen deal number, null for a secret one:
see "The deal number"), ``seed_chosen``, ``players``, ``seats``, ``viewer`` (the human seat whose
view this is: the human to move, else the last human shown), ``view`` (that seat's view:
``View.to_json`` without the keys whose home is the answer itself, ``VIEW_FIELDS_ELSEWHERE``:
``variant``, ``players``, ``hand_number``, ``to_move``, ``seat`` (= ``viewer``), ``result``
(= ``hand_result``) and ``legal`` (= ``moves``); what remains is the seat's own ``hand``, the
``counts``, the ``boneyard`` count, ``drawable``, the ``layout``, the open ``ends``
(``[[end id, number], ...]``), the public ``history``, ``leading``, ``seated``, ``points``,
``penalties``, ``escrow``, ``match_totals``, ``last_placer``, ``start`` and ``end_count``),
``to_move`` (the
seat to move, null once the hand is over), ``to_move_kind`` (``human`` | ``ai`` | null),
``moves`` (see below), ``events`` (what happened since the previous state, as the viewer may
see it; the protocol adds ``{"type": "hand_started", "hand_number": n}`` when a hand is dealt),
``ai`` (in the answer to ``ai_move`` and in every pushed state, else null: ``{"seat", "level",
"think_ms": the milliseconds the worker spent computing the decision (the seat's view and the
agent's choice; time spent on other messages while the search was suspended is not counted),
"time_limit_ms": the session's cap, or null}``, so that the decision time can be measured where
it is spent, in the browser's worker, and the worker can pace the next push by it; how many
moves the computer chose among is not sent, since with the open ends it tells which numbers
the computer holds), ``undo`` (true when an ``undo`` would be accepted now), ``hand_number``,
``hand_over``, ``hand_result`` (RECORD.md's per-hand entry, once the hand ended),
``hand_result_details`` (the engine's ``HandResult.details`` made JSON-safe, once the hand
ended, else null: vn_iwin ``items``, kozel ``hand_points`` / ``recorded`` / ``opened``,
all_fives ``during_hand`` / ``bonus``), ``hands`` (every seat's remaining tiles, only once the
hand ended), ``history`` (one entry per finished hand of the match, oldest first:
``{"hand_number", "termination", "winner", "delta"}``, for the match scoreboard; another fact
than ``view.history``, the current hand's moves ``[seat, notation]``), ``match``
(``Match.summary`` without ``over`` (= ``match_over``) and ``hand_number``,
``MATCH_FIELDS_ELSEWHERE``: ``leader``, ``balances`` | ``records`` and ``open`` | ``scores``,
``goat`` | ``winners`` once over) and ``match_over``.

Legal moves arrive as data, so the page never parses notation. ``moves`` lists every legal
move of the human to move (RECORD.md: every distinct move, both ``6-1@L`` and ``6-1@R`` even
when the two ends show one number), in the engine's order; it is empty when a computer is to
move or the hand is over. Each entry has every key of ``MOVE_FIELDS``, null where it does not
apply: ``move`` (the notation to send back in ``play``; opaque to the page), ``kind``
(``lead`` | ``place`` | ``pair`` | ``draw`` | ``pass`` | ``leave``), ``tile`` (``"6-5"``, high
half first; null for draw, pass, leave), ``end`` (the engine's end id: ``L``, ``R``, ``N``,
``T2``, ``MX``, ...; the ids of ``view.ends`` and of the layout JSON's ``arms`` / ``trains``;
null for a lead), ``open`` (the number showing on that end now, as ``view.ends`` says),
``touch`` (the half that touches the end, only where the notation names it: ``blank_wild``'s
``5-0@L:5``), for a kozel ``pair`` its second placement: ``tile2``, ``end2``, ``open2``, and
for a ``leave`` its ``cost``: what leaving takes from the leaver now (vn_iwin: B and 2B per
double in the hand), so that the page states it before the player confirms.
Where an end points on the screen is the page's to say: its geometry lays out the table from
``view.layout`` and knows the direction of every end id there; the engine knows topology only.

Computer moves. After an answer whose ``to_move_kind`` is ``ai`` (``to_move_kind`` is null
once the hand is over), the computers' moves follow as pushed states, one per move, until one
with ``to_move_kind`` ``human`` or ``hand_over`` true: that is all the page needs to know that
it should wait (every answer that starts or changes the position, ``new_match``, ``play``,
``next_hand``, ``undo``, ``load_record`` and the worker's ``resume``, carries it). ``play``
answers the position right after the human's move and nothing more, even when the computer's
reply is forced: every computer move, forced or searched, arrives as its own pushed state with
its own ``events``, so that the page animates each one and paces them alike. The
worker drives ``Session.advance_steps()``: a generator that plays each computer move exactly
as ``ai_move`` would (same agents, seeds, time limit, chunked search; so the same record) and
yields None after each search chunk (the worker's event loop answers other messages there;
the worker posts each move as soon as it is made, and the page shows them at its own pace)
and the pushed ``state`` text after each move (``"pushed": true``, no ``id``, ``ai`` and ``events`` of that
move). It stops when a human is to move, when the hand is over (``next_hand`` stays the page's
intent), or quietly, changing nothing, when the position changed under it: an intent handled
between two steps gave a new state (an ``undo`` while the computer thinks: its search is
dropped), or ``advance_steps`` was started again. It never yields a state for a position that
is no longer current. A computer move that fails (a bug) is taken back whole and pushed as an
``error`` answer with ``"pushed": true``, and the run stops. The page drops a pushed state
whose ``state_id`` is not above the one it shows, and sends its intents with the ``state_id``
of the state it shows (an ``undo`` may name one the computers have moved on from, see below).

Every seat's state. The answer goes to the viewer; ``Session.state_for(seat)`` gives the same
state as any other seat sees it (its own tiles, the others' counts, the public log, the events
with another seat's drawn tile hidden, ``moves`` only when that seat is a human to move), and
``state_for(None)`` as a spectator sees it (no hand). A master serving several devices sends
each its seat's state after every state it makes (issue 24); the intents those devices send
name their ``seat`` (``play`` from a seat not to move is ``not_your_turn``).

What the page learns: no answer carries a tile that the viewer may not know (another seat's
hand, the boneyard) except ``hands`` once the hand is over and an ``export_record`` with
``reveal``: a record holds every deal in full (RECORD.md), so while a hand is being played
``export_record`` is refused with ``reveals_hands`` unless the message says ``"reveal": true``
(the page sends it after the player agrees to see every hand; the worker keeps the resumable
save itself, web/worker.py); between hands and once the match is over it exports freely.
Pushed states obey the same rule.

The deal number. ``Match.new(variant, options, seed)`` deals every hand and the boneyard's
order from the seed, so whoever knows it can compute every seat's tiles (DECISIONS E-35). A
``new_match`` without ``seed`` gets a secret one from the system's entropy
(``random.SystemRandom``: ``os.urandom``, ``crypto.getRandomValues`` under Pyodide), and its
states say ``"seed": null, "seed_chosen": false``; a ``new_match`` with a ``seed`` (a player
typed it, or a link named it) is shown as chosen: ``"seed": n, "seed_chosen": true``. A match
loaded by ``load_record`` (the worker's ``resume`` is one) keeps its record's seed secret
likewise, since the session cannot tell whether it was chosen. No state carries a secret seed,
not even once the match is over: the record does (RECORD.md's ``seed``, which also draws its
leads by lot and vn_iwin's reshuffles), and ``export_record`` gives it freely only once the
match is over; before that, with a secret seed, it is refused with ``reveals_hands`` between
hands too (the record's seed deals every later hand) unless the message says
``"reveal": true``. A master's guests never get the deal number, chosen or not.

``play``, ``ai_move``, ``next_hand``, ``hint`` and ``undo`` must name the current ``state_id``:
an intent sent for an older state (a double click, a late timer) is refused with the error code
``stale_state`` and changes nothing. One exception: an ``undo`` may name an earlier state of the
current hand after which only computers have moved (the page shows the computers' moves at its
own pace, so the player may ask while the worker is ahead); a state from before an earlier undo
is stale.

An intent that fails, for any reason (a refusal, an engine error, a bug), changes nothing: the
match, its record, the state id, the seats, the viewer and the computers' random stream are
exactly what they were before it.

``undo`` takes back the asking seat's last move in the hand and the computers' moves after it
(DECISIONS E-29). The asking seat is the intent's ``seat`` (a human seat; a remote player's
intents name theirs), or the lone human seat when the match has one; with several human seats
and no ``seat`` (pass-and-play on one device: whoever holds it could take back another's move)
or a computer's ``seat`` it is refused with ``undo_unavailable``, and with ``nothing_to_undo``
when that seat has not moved yet in the current hand, when another human has moved since (a
player never takes back someone else's move), or when the hand is over (an undo never reaches
into an earlier hand, nor into a hand whose result is settled and whose tiles have all been
shown). ``play`` may name its ``seat`` too: it must be the seat to move (``not_your_turn``).
The match goes back by ``Match.undo_to`` (a replay of its history to that decision); the
session never reaches into a ``Match``'s attributes: a failed intent is undone with
``Match.snapshot`` / ``Match.restore``. An ``ai_move`` whose search is still
running when the position changes (``undo``, ``new_match``, ``load_record``) is answered with
``cancelled`` and changes nothing.

Limits (refused at once, before any work): a message's text is at most
``MAX_MESSAGE_CHARS`` characters and nests at most ``schema.MAX_DEPTH`` levels
(``bad_message``); a ``load_record`` record at most ``schema.MAX_RECORD_CHARS`` characters of
JSON text (``bad_record``), and the record reader's limits on hands and moves apply to it; a
match stops at ``schema.MAX_HANDS`` hands (``next_hand`` is then refused with
``match_over``), so that its record can always be loaded again and no ``state`` answer (its
``history``) grows without bound. JSON has no ``NaN`` or ``Infinity``: a message holding one
(or a number too large for a float) is refused, and every answer is strict JSON.

Errors are ``{"type": "error", "code", "message"}`` with the codes ``bad_message``,
``unsupported_version``, ``unknown_intent``, ``no_match``, ``stale_state``, ``not_your_turn``,
``illegal_move``, ``unknown_variant``, ``bad_option``, ``bad_seats``, ``bad_record``,
``hand_not_over``, ``match_over``, ``undo_unavailable``, ``nothing_to_undo``,
``reveals_hands``, ``cancelled`` and ``internal`` (a bug: its message names the kind of
exception only, since the details may name hidden tiles; ``Session.last_internal`` keeps the
traceback for the worker's console).
"""

from __future__ import annotations

import json
import random
import time
import traceback
from collections.abc import Callable, Iterator
from typing import TYPE_CHECKING, Any

from .errors import DominoError, IllegalMoveError, OptionError, RecordError, UnknownVariantError
from .hand.events import Event
from .hand.moves import LEAVE, Move
from .hand.state import leave_charge
from .match.match import DecisionPoint, Match
from .play.view import view
from .rules import schema
from .rules.ruleset import reading, variants_catalog
from .rules.schema import describe
from .tiles import tile_str

if TYPE_CHECKING:
    from .ai import Agent

# The computer levels a seat may name (``domino.ai.LEVELS``, which a test ties this to). The
# AI itself (a third of the engine's code) is imported when a computer first moves or a hint
# is asked for, so that a session answers ``hello`` without compiling it (a browser worker
# compiles every module it imports: ``warm_up`` does it once the page is served).
AI_LEVELS = ("easy", "medium", "hard", "expert")


def warm_up() -> None:
    """Import what a session imports on first use (the AI), ahead of that use."""
    from . import ai  # noqa: F401 - imported for its compilation

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


class Saved:
    """What an intent may change in a session, kept before it runs so that a failed intent
    can put everything back (``Session.restore``): the match's history as a value
    (``Match.snapshot``), never a copy of its attributes."""

    __slots__ = ("match", "snapshot", "seats", "state_id", "points", "shown", "viewer",
                 "ai_rng", "rng_state", "agents", "seed_chosen")

    def __init__(self, session: Session) -> None:
        match = session.match
        self.match = match
        self.snapshot = match.snapshot() if match is not None else None
        self.seats = list(session.seats)
        self.state_id = session.state_id
        self.points = dict(session.points)
        self.shown = session.shown
        self.viewer = session.viewer
        self.ai_rng = session.ai_rng
        self.rng_state = session.ai_rng.getstate()
        self.agents = dict(session.agents)
        self.seed_chosen = session.seed_chosen


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


class Session:
    """One game session of the worker: the match, who plays each seat, and the state id."""

    def __init__(self, ai_time_limit: float | None = None) -> None:
        """``ai_time_limit`` caps each computer decision in seconds (the web worker sets one
        so that the player never waits long); without it the AI's budget alone bounds its
        work, so a seeded session replays exactly (tests)."""
        self.match: Match | None = None
        self.seats: list[str] = []
        self.state_id = 0
        self.viewer = 0
        self.ai_rng = random.Random(0)
        self.ai_time_limit = ai_time_limit
        self.agents: dict[int, Agent] = {}
        # Whether the match's seed was chosen by the intent that started it (shown in its
        # states) or is secret (E-35).
        self.seed_chosen = False
        # The traceback of the last ``internal`` answer, for the worker's console (the
        # answer itself names the kind of exception only).
        self.last_internal: str | None = None
        # Increases with every ``advance_steps`` call: an older run sees it changed and
        # stops, so that at most one run plays the computers' moves.
        self.advance_serial = 0
        # The engine's events since the last state (``events_json``), and the last state's
        # events as given and as made (``state_for``).
        self.events: list[Event] = []
        self.shown: tuple[list[dict[str, Any]], list[Event]] = ([], [])
        # Where the match stood at each state of the current match (state id -> point), for
        # an ``undo`` sent for a state the page was still showing while the computers had
        # moved on (``seen_before_computers``).
        self.points: dict[int, DecisionPoint] = {}

    # --- entry point ---------------------------------------------------------------------

    def handle(self, message: str) -> str:
        """Answer one JSON message with one JSON answer; never raises. A computer's search
        runs to its end before this returns."""
        answer = ""
        for step in self.handle_steps(message):
            if step is not None:
                answer = step
        return answer

    def handle_steps(self, message: str) -> Iterator[str | None]:
        """``handle`` in steps: None after each chunk of a computer's search, then the answer
        text (last, exactly once); never raises.

        Between two steps the caller may pass other messages to ``handle`` or
        ``handle_steps``: the web worker does, so that the page is answered while the computer
        thinks. One that changes the position (``undo``, ``new_match``, ``load_record``)
        cancels the search, whose ``ai_move`` is then answered with ``cancelled``.

        Every intent is a transaction: what the session holds is saved first (``Saved``: a
        copy of the hand state and of the match's lists, cheap beside the intent itself) and
        put back if handling raises anything, so that a failed intent changes nothing. A
        suspended search changes nothing either (it draws on a copy of the computers'
        random stream), so an intent handled between its steps saves and restores the same
        position; once such an intent has moved the game on, what it did stands and the
        search's own failure (``cancelled``) restores nothing."""
        saved: Saved | None = Saved(self)
        msg_id = None
        try:
            data = read_message(message)
            msg_id = message_id(data)
            kind = intent_of(data)
            answer: dict[str, Any] | None = None
            if kind == "ai_move":
                self.check_state_id(data)
                for answer in self.ai_move_steps():
                    if answer is None:
                        yield None
                        if saved is not None and self.moved_on(saved):
                            saved = None
            else:
                answer = self.dispatch(kind, data)
            if answer is None:
                raise ProtocolError("internal", "no answer")
            text = self.encode(answer, msg_id)
        except Exception as exc:  # noqa: BLE001 - the page gets an answer, never a hang
            if saved is not None:
                self.restore(saved, refusal=isinstance(exc, REFUSALS))
            text = self.encode(self.failure(exc), msg_id)
        yield text

    def moved_on(self, saved: Saved) -> bool:
        """Whether an intent has changed the session since ``saved`` was taken (a new state,
        another match, a new random stream)."""
        return (self.state_id != saved.state_id or self.match is not saved.match
                or self.ai_rng is not saved.ai_rng)

    def restore(self, saved: Saved, refusal: bool = False) -> None:
        """Put the session back as it was when ``saved`` was taken (once: the saved copies
        become the session's own). The match is replayed to its snapshot, in place, so that
        whoever holds the match object (a suspended search) still holds the session's match;
        a ``refusal`` (an intent checked and refused before it changed anything, as nearly
        all are) is replayed only if its history moved. Anything else (a bug half-way through
        a move may have changed the hand without its record) is always replayed."""
        self.match = saved.match
        if saved.match is not None and saved.snapshot is not None and (
                not refusal or saved.match.snapshot() != saved.snapshot):
            try:
                saved.match.restore(saved.snapshot)
            except Exception:  # noqa: BLE001 - the intent is answered all the same
                # Replaying moves the engine took before failed: the engine itself is broken.
                # The match is dropped rather than left half-changed; the page is told why.
                self.last_internal = traceback.format_exc()
                self.match = None
        self.seats = saved.seats
        self.state_id = saved.state_id
        self.points = saved.points
        self.shown = saved.shown
        self.events = []
        self.viewer = saved.viewer
        self.ai_rng = saved.ai_rng
        self.ai_rng.setstate(saved.rng_state)
        self.agents = saved.agents
        self.seed_chosen = saved.seed_chosen

    @staticmethod
    def encode(answer: dict[str, Any], msg_id: str | int | None) -> str:
        """The answer as strict JSON text (``NaN`` or ``Infinity`` raise: the page's
        ``JSON.parse`` would refuse them), with the protocol version and the message's id."""
        answer["v"] = PROTOCOL_VERSION
        if msg_id is not None:
            answer["id"] = msg_id
        return json.dumps(answer, allow_nan=False)

    @staticmethod
    def error(code: str, message: str) -> dict[str, Any]:
        """An ``error`` answer."""
        return {"type": "error", "code": code, "message": message}

    def failure(self, exc: Exception) -> dict[str, Any]:
        """The ``error`` answer for what went wrong while handling a message: a refused
        intent keeps its code, an engine error gets the code of its kind, anything else is
        ``internal``, named by its kind only (its text may name hidden tiles; the traceback
        goes to ``last_internal``)."""
        if isinstance(exc, ProtocolError):
            return self.error(exc.code, exc.message)
        kinds = ((MessageError, "bad_message"), (UnknownVariantError, "unknown_variant"),
                 (OptionError, "bad_option"), (RecordError, "bad_record"),
                 (IllegalMoveError, "illegal_move"), (DominoError, "bad_message"))
        for kind, code in kinds:
            if isinstance(exc, kind):
                return self.error(code, str(exc))
        self.last_internal = "".join(traceback.format_exception(exc))
        return self.error("internal", f"the worker met an unexpected {type(exc).__name__} "
                                      "(a bug); nothing was changed")

    def dispatch(self, kind: str, data: dict[str, Any]) -> dict[str, Any]:
        """Route one decoded intent to its handler (``ai_move``, which runs in steps, is
        routed by ``handle_steps`` to ``ai_move_steps``)."""
        handlers = {
            "hello": self.on_hello,
            "variants": self.on_variants,
            "new_match": self.on_new_match,
            "play": self.on_play,
            "next_hand": self.on_next_hand,
            "hint": self.on_hint,
            "undo": self.on_undo,
            "export_record": self.on_export_record,
            "load_record": self.on_load_record,
        }
        if kind not in handlers:
            raise ProtocolError("unknown_intent", f"unknown intent {describe(kind)}")
        if kind in STATEFUL_INTENTS:
            self.check_state_id(data, undo=kind == "undo")
        return handlers[kind](data)

    def check_state_id(self, data: dict[str, Any], undo: bool = False) -> None:
        """Refuse an intent without a match or sent for another state than the current one.
        An ``undo`` (``undo``) names the state its player saw, which may also be an earlier
        state of this hand after which only computers have moved (``seen_before_computers``):
        the page shows the computers' moves at its own pace, so the worker's position may be
        ahead of what the player saw, and taking back the player's move takes those back
        too."""
        if self.match is None:
            raise ProtocolError("no_match", "no match is being played")
        state_id = schema.whole(data.get("state_id"), "state_id", err=MessageError)
        if state_id == self.state_id or (undo and self.seen_before_computers(state_id)):
            return
        raise ProtocolError("stale_state",
                            f"state {describe(state_id)} is stale; the current state is "
                            f"{self.state_id}")

    def seen_before_computers(self, state_id: int) -> bool:
        """Whether ``state_id`` is an earlier state of the current hand after which only
        computers have moved (none from before an undo: ``points`` forgets those)."""
        match = self.current()
        point = self.points.get(state_id)
        here = match.point
        if (state_id >= self.state_id or point is None or point.hands != here.hands
                or point.moves > here.moves):
            return False
        return all(self.seats[seat] != "human" for seat, _ in match.moves_of_hand()[point.moves:])

    # --- intents -------------------------------------------------------------------------

    def on_hello(self, data: dict[str, Any]) -> dict[str, Any]:
        """The worker is up: say which protocol and engine it runs."""
        return {"type": "ready", "protocol": PROTOCOL_VERSION, "engine": engine_version()}

    def on_variants(self, data: dict[str, Any]) -> dict[str, Any]:
        """Every variant with players and options, for the setup screen."""
        catalog = variants_catalog()
        return {"type": "variants", "protocol": PROTOCOL_VERSION,
                "variants": catalog["variants"], "aliases": catalog.get("aliases", {})}

    def on_new_match(self, data: dict[str, Any]) -> dict[str, Any]:
        """Start a match: the variant's first hand is dealt from the seed, the one the
        message chose or a secret one (see "The deal number" in the module doc)."""
        variant = schema.text(data.get("variant"), "variant", MAX_OPTION_CHARS, MessageError)
        options = parse_options(data.get("options"))
        chosen = data.get("seed") is not None
        if chosen:
            seed = schema.whole(data.get("seed"), "seed", *schema.SEED_RANGE, err=MessageError)
        else:
            seed = secret_seed()
        match = Match.new(variant, options, seed)
        self.start(match, data.get("seats"), seed_chosen=chosen)
        return self.state([{"type": "hand_started", "hand_number": match.hand_number}])

    def on_play(self, data: dict[str, Any]) -> dict[str, Any]:
        """A human seat's move."""
        match = self.current()
        seat = self.seat_to_move(match)
        if self.seats[seat] != "human":
            raise ProtocolError("not_your_turn", f"seat {seat} is played by the computer")
        self.check_sender(data, seat)
        move = schema.text(data.get("move"), "move", schema.MAX_MOVE_CHARS, MessageError)
        events = match.play(move)
        return self.state(self.events_json(events))

    def ai_move_steps(self, alive: Callable[[], bool] | None = None
                      ) -> Iterator[dict[str, Any] | None]:
        """The ``ai_move`` intent in steps: None after each chunk of the search, then the
        ``state`` answer. If the position changed while the search was suspended (another
        message was handled meanwhile), or ``alive`` (when given) says the caller has given
        up on it, the move is dropped with the error ``cancelled``.

        ``think_ms`` counts only the time spent in this decision's own steps, not the time
        other messages took while it was suspended.

        The search draws on a copy of the computers' random stream, which replaces the
        session's only once the move is played: a cancelled search leaves the stream as it
        was, and a search is the same whether it runs in steps or at once."""
        match = self.current()
        seat = self.seat_to_move(match)
        if self.seats[seat] == "human":
            raise ProtocolError("not_your_turn", f"seat {seat} is a human seat")
        legal = match.legal()
        agent = self.agent(seat)
        state_id = self.state_id
        rng = random.Random()
        rng.setstate(self.ai_rng.getstate())
        busy = 0.0
        resumed = time.perf_counter()
        move = None
        hand = match.hand
        assert hand is not None  # (someone is to move)
        for move in agent.steps(view(hand, seat), legal, rng):
            if move is None:
                busy += time.perf_counter() - resumed
                yield None
                resumed = time.perf_counter()
                if (self.state_id != state_id or self.match is not match
                        or (alive is not None and not alive())):
                    raise ProtocolError("cancelled", "the position changed while the computer "
                                                     "was thinking; its move was dropped")
        busy += time.perf_counter() - resumed
        if move is None:
            raise ProtocolError("internal", "the computer did not move")
        try:
            events = match.play(move)
        except DominoError as exc:
            # Its message would name the computer's move, and so its tiles.
            raise EngineBug("the rules refused the computer's own move") from exc
        self.ai_rng.setstate(rng.getstate())
        answer = self.state(self.events_json(events))
        limit = self.ai_time_limit
        answer["ai"] = {"seat": seat, "level": self.level(seat),
                        "think_ms": round(busy * 1000, 1),
                        "time_limit_ms": None if limit is None else round(limit * 1000)}
        yield answer

    def computer_to_move(self) -> bool:
        """Whether a computer seat is to move in a hand being played."""
        match = self.match
        seat = None if match is None else match.to_move
        return seat is not None and self.seats[seat] != "human"

    def advance_steps(self) -> Iterator[str | None]:
        """Play the computer seats' moves, one after another, for the worker to push to the
        page: None after each chunk of a search (the worker's event loop answers other
        messages and paces there), then one pushed ``state`` answer text (``"pushed":
        true``, no ``id``) after each computer move; never raises.

        Each move is what ``ai_move`` would play: the same agents, seeds, time limit and
        chunked search, and the same answer (its ``ai`` report and the move's ``events``), so
        a match driven by ``advance_steps`` gives the record a loop of ``ai_move`` gives.

        It stops, changing nothing more, when a human seat is to move, when the hand is over
        (nothing is to move: ``next_hand`` is the page's intent), or when the position
        changed under it: an intent handled between two steps gave a new state (``undo``,
        ``new_match``, ``load_record``, an ``ai_move``), or ``advance_steps`` was called
        again (the newer run takes over). A search stopped that way drops its move and
        leaves the computers' random stream as it was; a move already pushed stands. It
        never yields a state for a position that is not the session's current one.

        Each computer move is one transaction: if it fails (a bug), the session is put back
        as it was before that move, one pushed ``error`` answer (``"pushed": true``) is
        yielded and the run stops. With no computer to move it yields nothing, so the
        worker may start it after every answer that gives a new state."""
        self.advance_serial += 1
        serial = self.advance_serial

        def alive() -> bool:
            return self.advance_serial == serial

        while alive() and self.computer_to_move():
            saved: Saved | None = Saved(self)
            try:
                answer: dict[str, Any] | None = None
                for answer in self.ai_move_steps(alive):
                    if answer is None:
                        yield None
                        if saved is not None and self.moved_on(saved):
                            saved = None
                if answer is None:
                    raise ProtocolError("internal", "no answer")
                answer["pushed"] = True
                text = self.encode(answer, None)
            except Exception as exc:  # noqa: BLE001 - the worker gets an answer, not a crash
                if isinstance(exc, ProtocolError) and exc.code == "cancelled":
                    return  # the position changed under the search: nothing to do
                if saved is not None:
                    self.restore(saved)
                yield self.encode(dict(self.failure(exc), pushed=True), None)
                return
            pushed_id = self.state_id
            yield text
            if self.state_id != pushed_id:
                return  # an intent moved the game on while the page was shown this state

    def on_next_hand(self, data: dict[str, Any]) -> dict[str, Any]:
        """Deal the next hand once the current one is over."""
        match = self.current()
        if not match.hand_over:
            raise ProtocolError("hand_not_over", "the current hand is still being played")
        if match.over:
            raise ProtocolError("match_over", "the match is over")
        if len(match.entries) >= schema.MAX_HANDS:
            raise ProtocolError("match_over", f"the match has reached {schema.MAX_HANDS} "
                                              "hands, the most a record may hold")
        match.next_hand()
        return self.state([{"type": "hand_started", "hand_number": match.hand_number}])

    def on_hint(self, data: dict[str, Any]) -> dict[str, Any]:
        """Advice for the human to move: the move review's figures for every sensible move
        (``domino.ai.review.judge_position``: the expert's own search of the position,
        every move valued in all its worlds), so that a hint and a later review of the
        hand say the same thing.

        Answers ``{"type": "hint", "state_id", "move": the expert's choice, "unit": the
        variant's unit (``money``, ``points``, ``penalty points``, ``pips``),
        "thresholds": {"inaccuracy", "mistake", "blunder"} in that unit, "ranking":
        [{"move", "value", "loss", "loss_se", "mark", "forced", "worlds"}, ...]}``: the
        ``moves`` values of the state's sensible moves (never ``leave`` nor a voluntary
        draw), the expert's choice first, then by ``value`` (the seat's side's estimated
        result of the hand, higher is better), ``loss`` against the best (0 or more),
        ``mark`` null or ``inaccuracy`` / ``mistake`` / ``blunder`` (E-24). With one
        sensible move nothing is searched: its entry is ``forced`` with ``value`` null. The
        state does not change."""
        match = self.current()
        seat = self.seat_to_move(match)
        if self.seats[seat] != "human":
            raise ProtocolError("not_your_turn", f"seat {seat} is played by the computer")
        legal = match.legal()
        from .ai.review import judge_position

        hand = match.hand
        assert hand is not None  # (someone is to move)
        judged = judge_position(view(hand, seat), legal)
        return {"type": "hint", "state_id": self.state_id, "move": judged["best"],
                "unit": judged["unit"], "thresholds": judged["thresholds"],
                "ranking": judged["moves"]}

    def on_undo(self, data: dict[str, Any]) -> dict[str, Any]:
        """Take back the asking seat's last move in this hand, and the computers' moves after
        it (DECISIONS E-29): the asking seat is the intent's ``seat`` (a human seat), or the
        lone human seat when it names none. Refused when another human has moved since
        (a player never takes back someone else's move), when the seat has not moved in this
        hand, and once the hand is over.

        ``Match.undo_to`` replays the match to that decision, so scores, pass penalties and
        chance are exactly what they were then. The answer's events hold ``{"type":
        "undone", "seat", "move": the move taken back, "moves": how many moves were
        undone}``."""
        match = self.current()
        seat = self.asking_seat(data)
        if match.hand_over:
            raise ProtocolError("nothing_to_undo",
                                "the hand is over: its result stands (an undo never reaches "
                                "into a finished hand)")
        point = self.undo_point(seat)
        if point is None:
            raise ProtocolError("nothing_to_undo",
                                f"seat {seat} has no move of its own to take back in this hand "
                                "(an undo never reaches into an earlier hand, nor past another "
                                "player's move)")
        taken = match.undo_to(point)
        self.points.clear()  # the states before the undo name positions that are gone
        return self.state([{"type": "undone", "seat": seat, "move": taken[0],
                            "moves": len(taken)}])

    def on_export_record(self, data: dict[str, Any]) -> dict[str, Any]:
        """The match so far as a domino-record.

        A record writes every deal in full (RECORD.md), so in the middle of a hand it shows
        every seat's tiles and the boneyard's order: it is refused then (``reveals_hands``)
        unless the message says ``"reveal": true``. Between hands it holds nothing hidden
        but the seed, which deals every later hand: with a secret seed (E-35) it is refused
        then too until the match is over."""
        match = self.current()
        reveal = data.get("reveal")
        reveal = False if reveal is None else schema.flag(reveal, "reveal", MessageError)
        if match.hand is not None and not match.hand_over and not reveal:
            raise ProtocolError("reveals_hands",
                                "a record made while a hand is being played shows every "
                                "seat's tiles and the boneyard; send \"reveal\": true to "
                                "export it anyway")
        if not (match.over or self.seed_chosen or reveal):
            raise ProtocolError("reveals_hands",
                                "a record of a match still being played holds its secret "
                                "deal number, which deals every later hand; send "
                                "\"reveal\": true to export it anyway")
        return {"type": "record", "record": match.to_record()}

    def on_load_record(self, data: dict[str, Any]) -> dict[str, Any]:
        """Replay a record (every move checked) and continue from where it stops."""
        record = record_of(data.get("record"))
        match = Match.from_record(record)
        self.start(match, data.get("seats"))
        return self.state([{"type": "hand_started", "hand_number": match.hand_number}])

    # --- helpers -------------------------------------------------------------------------

    def start(self, match: Match, seats: Any, seed_chosen: bool = False) -> None:
        """Install a new match with its seats; the state id keeps increasing across matches.
        ``seed_chosen``: its seed may be shown (E-35)."""
        self.points.clear()
        self.seed_chosen = seed_chosen
        self.seats = parse_seats(seats, match.players)
        self.match = match
        self.ai_rng = random.Random(f"domino-ai:{match.seed}")
        self.agents = {}
        humans = [s for s, kind in enumerate(self.seats) if kind == "human"]
        self.viewer = humans[0] if humans else 0

    def lone_human(self) -> int | None:
        """The human seat when exactly one seat is human (a player against the computer)."""
        humans = self.humans()
        return humans[0] if len(humans) == 1 else None

    def humans(self) -> list[int]:
        """The human seats."""
        return [seat for seat, kind in enumerate(self.seats) if kind == "human"]

    def asking_seat(self, data: dict[str, Any]) -> int:
        """The seat an ``undo`` is asked for: its ``seat`` field (a human seat), or the lone
        human seat. Raises ProtocolError ``undo_unavailable`` when neither says."""
        if data.get("seat") is not None:
            seat = schema.whole(data.get("seat"), "seat", 0, len(self.seats) - 1,
                                MessageError)
            if self.seats[seat] != "human":
                raise ProtocolError("undo_unavailable", f"seat {seat} is a computer seat")
            return seat
        lone = self.lone_human()
        if lone is None:
            raise ProtocolError("undo_unavailable",
                                f"this match has {len(self.humans())} human seats: an undo "
                                "must name the seat that asks for it")
        return lone

    def check_sender(self, data: dict[str, Any], seat: int) -> None:
        """A move that names its ``seat`` (a remote player's) must come from the seat to
        move."""
        sender = data.get("seat")
        if sender is None:
            return
        sender = schema.whole(sender, "seat", 0, len(self.seats) - 1, MessageError)
        if sender != seat:
            raise ProtocolError("not_your_turn", f"seat {seat} is to move, not seat {sender}")

    def undo_point(self, seat: int | None) -> DecisionPoint | None:
        """The decision an ``undo`` for ``seat`` goes back to: just before that seat's last
        move in the current hand, if no other human seat has moved since; None when there is
        nothing to undo (no such seat, the hand is over, or that seat has not moved)."""
        match = self.match
        if match is None or match.hand is None or seat is None or match.hand_over:
            return None
        moves = match.moves_of_hand()
        for index in range(len(moves) - 1, -1, -1):
            mover = moves[index][0]
            if mover == seat:
                return DecisionPoint(match.point.hands, index)
            if self.seats[mover] == "human":
                return None  # another player's move followed: theirs to keep
        return None

    def level(self, seat: int) -> str:
        """The AI level of a computer seat (a plain ``ai`` seat plays at the default level)."""
        kind = self.seats[seat]
        return kind[3:] if kind.startswith("ai:") else DEFAULT_AI_LEVEL

    def agent(self, seat: int) -> Agent:
        """The AI of a computer seat, at the seat's level, seeded from the match seed."""
        if seat not in self.agents:
            from .ai import get_agent

            seed = self.match.seed * 16 + seat if self.match is not None else seat
            self.agents[seat] = get_agent(self.level(seat), seed=seed,
                                          time_limit=self.ai_time_limit)
        return self.agents[seat]

    def current(self) -> Match:
        """The match being played (the state id check already refused a missing one)."""
        if self.match is None:
            raise ProtocolError("no_match", "no match is being played")
        return self.match

    @staticmethod
    def seat_to_move(match: Match) -> int:
        """The seat to move, or an error when the hand is over."""
        seat = match.to_move
        if seat is None:
            raise ProtocolError("hand_not_over" if not match.hand_over else "not_your_turn",
                                "nobody is to move: the hand is over")
        return seat

    def events_json(self, events: list[Event]) -> list[dict[str, Any]]:
        """Events as the viewer of the next state may see them (kept as they are too, for
        ``state_for`` to show each seat what it may see of them)."""
        self.events = list(events)
        viewer = self.next_viewer()
        return [event.to_json(viewer) for event in events]

    def next_viewer(self) -> int:
        """The human whose view is shown: the human to move, else the last one shown."""
        match = self.match
        seat = match.to_move if match is not None else None
        if seat is not None and self.seats[seat] == "human":
            return seat
        return self.viewer

    def state(self, events: list[dict[str, Any]]) -> dict[str, Any]:
        """A ``state`` answer for the current position (see the module doc), as the viewer
        (``next_viewer``) sees it; ``state_for`` gives the same state as another seat sees
        it."""
        match = self.current()
        self.viewer = self.next_viewer()
        self.state_id += 1
        here = match.point
        if self.points and next(reversed(self.points.values())).hands != here.hands:
            self.points.clear()  # kept for the current hand only
        self.points[self.state_id] = here
        # The events as given (JSON), and as the engine made them when they came through
        # ``events_json`` (protocol events such as ``undone`` are the same for every seat).
        self.shown = (events, self.events)
        self.events = []
        return self.render(self.viewer, events, self.lone_human())

    def state_for(self, seat: int | None) -> dict[str, Any]:
        """The latest state as ``seat`` sees it (None: a spectator, who sees no hand): the
        same ``state_id``, position and events as the answer the viewer got, with that
        seat's own tiles only, the events as that seat may see them (another's drawn tile
        hidden), and ``moves`` only when that seat is a human to move. The master sends each
        device its seat's state (issue 24); no one outside the session builds one."""
        if self.match is None or self.state_id == 0:
            raise ProtocolError("no_match", "no match is being played")
        if seat is not None:
            seat = schema.whole(seat, "seat", 0, len(self.seats) - 1, MessageError)
        given, made = self.shown
        if made:
            # A spectator is no seat: -1 sees only what every seat sees.
            events = [event.to_json(-1 if seat is None else seat) for event in made]
        else:
            events = given
        return self.render(seat, events, seat)

    def render(self, seat: int | None, events: list[dict[str, Any]],
               undoer: int | None) -> dict[str, Any]:
        """The state of the current position as ``seat`` sees it (None: a spectator): every
        fact in one place only, the view and the match summary without what the answer's
        own fields say (``VIEW_FIELDS_ELSEWHERE``, ``MATCH_FIELDS_ELSEWHERE``). ``undo``
        says whether ``undoer``'s undo would be taken now (the viewer's answer asks for the
        lone human's: an undo without a seat)."""
        match = self.current()
        hand = match.hand
        assert hand is not None  # (a match deals its first hand as it starts)
        to_move = match.to_move
        kind = None if to_move is None else (
            "human" if self.seats[to_move] == "human" else "ai")
        v = view(hand, 0 if seat is None else seat).to_json()
        if seat is None:
            v["hand"] = []
        ends = {end: number for end, number in v["ends"]}
        moves = []
        if kind == "human" and to_move is not None and to_move == seat:
            cost = leave_charge(hand, to_move)
            moves = [move_entry(m, ends, cost) for m in match.legal()]
        for key in VIEW_FIELDS_ELSEWHERE:
            del v[key]
        summary = match.summary()
        for key in MATCH_FIELDS_ELSEWHERE:
            del summary[key]
        hand_over = match.hand_over
        result = match.hand_result
        out: dict[str, Any] = {
            "type": "state",
            "state_id": self.state_id,
            "pushed": False,
            "variant": match.rs.id,
            "options": match.rs.option_values(),
            "reading": reading(match.rs),
            "seed": match.seed if self.seed_chosen else None,
            "seed_chosen": self.seed_chosen,
            "players": match.players,
            "seats": list(self.seats),
            "viewer": seat,
            "view": v,
            "to_move": to_move,
            "to_move_kind": kind,
            "moves": moves,
            "events": events,
            "ai": None,
            "undo": self.undo_point(undoer) is not None,
            "hand_number": match.hand_number,
            "hand_over": hand_over,
            "hand_result": result.to_json() if result is not None else None,
            "hand_result_details": json_safe(result.details) if result is not None else None,
            "hands": None,
            "history": history(match),
            "match": summary,
            "match_over": match.over,
        }
        if hand_over:
            out["hands"] = [[f"{a}-{b}" for a, b in sorted(h, reverse=True)]
                            for h in hand.hands]
        return out
