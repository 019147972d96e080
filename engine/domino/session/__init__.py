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
``resume``         -- (web/worker/worker.py, not ``Session``): the match the worker   ``state``
                   saved after its last ``state``, loaded as ``load_record``
                   would load it, with its seats; errors ``no_save``, and
                   ``bad_save`` (the save is set aside, never offered again)
``forget_save``    -- (web/worker/worker.py): delete the worker's saved match         ``forgotten``
``review_open``    (web/worker/worker.py) ``source`` ``match`` (this session's match)  ``review_``
                   or ``entry`` (``entry``: a history id): the record under     ``opened``
                   review, its finished hands, a ``review`` token
``review_``        (web/worker/worker.py) ``review``, ``hand``, ``index``: the table   ``review_``
``position``       before a move of a finished hand, every hand face up         ``position``
``review``         (web/worker/worker.py) ``review``, ``hand`` (``seats``,             ``review_``
                   ``budget``): the hand judged by ``domino.ai.review`` in      ``result``
                   steps, ``review_progress`` pushed meanwhile; a kept verdict
                   answers at once; ``cancelled`` when cancelled
``review_cancel``  (web/worker/worker.py) stop the judging under way                  ``review_``
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
"wall_ms": the milliseconds from the search's start to its move, suspensions included (what the
cap counts: a decision whose ``wall_ms`` reaches the cap was ended by it, or finished just
past it), "time_limit_ms": the session's cap, or null}``, so that the decision time can be measured where
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
save itself, web/worker/worker.py); between hands and once the match is over it exports freely.
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

The package, one module per family: ``protocol`` (the version, the limits, how a message and
its fields are read, the errors, the pure pieces of a ``state``), ``base`` (what a session
holds; ``Saved`` and ``restore`` make each intent a transaction), ``states`` (the ``state``
answer as any seat sees it), ``computers`` (``ai_move`` and ``advance_steps``) and ``intents``
(``Session``: ``handle`` and the intents). Every public name is importable from
``domino.session``.
"""

from __future__ import annotations

from .base import Saved
from .intents import Session
from .protocol import (
    AI_LEVELS,
    DEFAULT_AI_LEVEL,
    INTENTS,
    MATCH_FIELDS_ELSEWHERE,
    MAX_ID,
    MAX_ID_CHARS,
    MAX_MESSAGE_CHARS,
    MAX_OPTION_CHARS,
    MAX_OPTIONS,
    MOVE_FIELDS,
    PROTOCOL_VERSION,
    REFUSALS,
    STATEFUL_INTENTS,
    VIEW_FIELDS_ELSEWHERE,
    EngineBug,
    MessageError,
    ProtocolError,
    engine_version,
    history,
    intent_of,
    json_safe,
    message_id,
    move_entry,
    parse_options,
    parse_seats,
    read_message,
    record_of,
    secret_seed,
    warm_up,
)

__all__ = [
    "AI_LEVELS", "DEFAULT_AI_LEVEL", "INTENTS", "MATCH_FIELDS_ELSEWHERE", "MAX_ID",
    "MAX_ID_CHARS", "MAX_MESSAGE_CHARS", "MAX_OPTION_CHARS", "MAX_OPTIONS", "MOVE_FIELDS",
    "PROTOCOL_VERSION", "REFUSALS", "STATEFUL_INTENTS", "VIEW_FIELDS_ELSEWHERE", "EngineBug",
    "MessageError", "ProtocolError", "Saved", "Session", "engine_version", "history",
    "intent_of", "json_safe", "message_id", "move_entry", "parse_options", "parse_seats",
    "read_message", "record_of", "secret_seed", "warm_up",
]
