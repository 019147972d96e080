"""Hostile and failing messages at the worker protocol (issue 11): a failed intent changes
nothing, every field is checked where the message is read and the refusal names it, the
limits are met before any work, and every answer is strict JSON.

Each test failed on the protocol before issue 11 (an ``internal`` answer, a half-applied
move, a non-JSON answer, a record exported mid-hand, a search that moved the computers'
random stream although it was cancelled).

RULES.md: none (the worker protocol under hostile messages)
"""

from __future__ import annotations

import json
import random

import pytest

from domino.match import match as match_module
from domino.match.match import Match
from domino.rules import schema
from domino.session import (
    MAX_MESSAGE_CHARS,
    Session,
    states as state_answers,  # where a state's history is made
)


def strict(text: str) -> dict:
    """An answer parsed as the page's ``JSON.parse`` would: no NaN, no Infinity."""
    def refuse(name: str) -> None:
        raise AssertionError(f"the answer holds {name}, which is not JSON: {text[:200]}")

    return json.loads(text, parse_constant=refuse)


def send(session: Session, message: str) -> dict:
    return strict(session.handle(message))


def ask(session: Session, **message) -> dict:
    return send(session, json.dumps(message))


def notations(state: dict) -> list[str]:
    """The notations of a state's legal moves (its ``moves``), to send back in ``play``."""
    return [entry["move"] for entry in state["moves"]]


def new_match(session: Session, variant: str = "draw", players: int = 2, seed: int = 5,
              seats: list[str] | None = None) -> dict:
    state = ask(session, type="new_match", variant=variant, options={"players": players},
                seed=seed, seats=seats or ["human"] + ["ai:easy"] * (players - 1))
    assert state["type"] == "state", state
    return state


def to_human_turn(session: Session, state: dict) -> dict:
    while state["to_move_kind"] == "ai" and not state["hand_over"]:
        state = ask(session, type="ai_move", state_id=state["state_id"])
    return state


def dump(value, depth: int = 0):
    """Everything an object holds, as comparable plain data: every attribute (slots and
    dict) of every object, random streams by their state. Two equal dumps are two sessions
    that are byte for byte the same."""
    if depth > 14:
        return "..."
    if isinstance(value, random.Random):
        return ["Random", value.getstate()]
    if value is None or isinstance(value, (bool, int, float, str)):
        return value
    if isinstance(value, (list, tuple)):
        return [type(value).__name__, [dump(v, depth + 1) for v in value]]
    if isinstance(value, dict):
        return ["dict", [[repr(k), dump(v, depth + 1)] for k, v in value.items()]]
    if isinstance(value, (set, frozenset)):
        return ["set", sorted(repr(v) for v in value)]
    if callable(value) and not hasattr(value, "__dict__") and not hasattr(value, "__slots__"):
        return repr(value)
    attrs = {}
    for cls in type(value).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(value, name):
                attrs[name] = getattr(value, name)
    attrs.update(getattr(value, "__dict__", {}))
    attrs.pop("_listed", None)  # Match's cache of the legal moves last listed: no state
    if not attrs:
        return repr(value)
    return [type(value).__name__, {k: dump(v, depth + 1) for k, v in sorted(attrs.items())}]


def fingerprint(session: Session):
    """The session as a failed intent must leave it: the match (every attribute, the hand
    state included), its record, the state id, the seats, the viewer, the computers' random
    stream and their agents."""
    match = session.match
    return {
        "record": json.dumps(match.to_record()) if match is not None else None,
        "match": dump(match),
        "state_id": session.state_id,
        "seats": list(session.seats),
        "viewer": session.viewer,
        "rng": session.ai_rng.getstate(),
        "agents": sorted(session.agents),
    }


# --- a failed intent changes nothing ------------------------------------------------------


def test_a_failing_pass_of_a_start_position_changes_nothing():
    """The issue's case: a vn_iwin start whose ``last_placer`` is out of range made ``pass``
    raise inside the engine, after the record had gained "pass" and the turn had moved on.
    The record reader now refuses such a start; either way the session is unchanged."""
    record = {
        "format": "domino-record", "version": 1, "variant": "vn_iwin",
        "options": {"players": 4, "stake": 1000, "table": "casual"}, "seed": 1, "match": {},
        "hands": [{"start": {"hands": [["2-0"], ["6-6", "5-1"], ["3-1"], ["6-2"]],
                             "boneyard": [], "line": ["3|5", "5|4"], "to_move": 1,
                             "last_placer": 9},
                   "moves": []}],
    }
    session = Session()
    loaded = ask(session, type="load_record", record=record, seats=["human"] * 4)
    if loaded["type"] == "error":
        assert loaded["code"] == "bad_record" and "last_placer" in loaded["message"]
        assert session.match is None and session.state_id == 0
        return
    before = fingerprint(session)
    answer = ask(session, type="play", state_id=loaded["state_id"], move="pass")
    if answer["type"] == "error":
        assert fingerprint(session) == before


def _raise_after(function, *, when=lambda *a, **k: True):
    """``function`` that does its work, then raises the first time ``when`` says so: a bug
    met half-way through an intent, at one move (the session's replay of the moves before
    it, which took it back, meets it no more than the first run of them did)."""
    fired = []

    def wrapped(*args, **kwargs):
        out = function(*args, **kwargs)
        if not fired and when(*args, **kwargs):
            fired.append(True)
            raise RuntimeError("injected failure (6-6 of P1)")
        return out

    return wrapped


def assert_failed_and_unchanged(session: Session, answer: dict, before) -> None:
    assert answer["type"] == "error" and answer["code"] == "internal", answer
    # The answer names the kind of exception only: its text could name hidden tiles.
    assert "injected" not in answer["message"] and "6-6" not in answer["message"]
    assert "RuntimeError" in answer["message"]
    assert "injected failure" in session.last_internal
    assert fingerprint(session) == before


@pytest.mark.parametrize("intent", ["play", "ai_move"])
def test_a_move_that_fails_half_applied_is_taken_back(monkeypatch, intent):
    session = Session()
    state = new_match(session, seats=["human", "ai:easy"])
    state = to_human_turn(session, state)
    if intent == "ai_move":
        state = ask(session, type="play", state_id=state["state_id"], move=notations(state)[0])
        assert state["to_move_kind"] == "ai"
    message = ({"type": "play", "state_id": state["state_id"], "move": notations(state)[0]}
               if intent == "play" else {"type": "ai_move", "state_id": state["state_id"]})
    before = fingerprint(session)
    # The hand state is changed in place, then the bug: before the record gains the move.
    monkeypatch.setattr(match_module, "apply_unchecked",
                        _raise_after(match_module.apply_unchecked))
    assert_failed_and_unchanged(session, ask(session, **message), before)
    monkeypatch.undo()
    # The same intent, for the same state, now goes through.
    again = ask(session, **message)
    assert again["type"] == "state" and again["state_id"] == state["state_id"] + 1


def test_a_hand_end_that_fails_after_settling_is_taken_back(monkeypatch):
    """The last move of a hand settles it (scores, results, the leader) and then fails."""
    def moves_of_the_hand() -> int:
        session = Session()
        state = new_match(session, variant="block", seats=["ai:easy", "ai:easy"], seed=9)
        count = 0
        while not state["hand_over"]:
            state = ask(session, type="ai_move", state_id=state["state_id"])
            count += 1
        return count

    count = moves_of_the_hand()  # seeded: the same hand is played again below
    session = Session()
    state = new_match(session, variant="block", seats=["ai:easy", "ai:easy"], seed=9)
    for _ in range(count - 1):
        state = ask(session, type="ai_move", state_id=state["state_id"])
    assert not state["hand_over"]
    before = fingerprint(session)
    monkeypatch.setattr(Match, "_finish_hand", _raise_after(Match._finish_hand))
    answer = ask(session, type="ai_move", state_id=state["state_id"])
    assert_failed_and_unchanged(session, answer, before)
    monkeypatch.undo()
    done = ask(session, type="ai_move", state_id=state["state_id"])
    assert done["hand_over"] and len(done["history"]) == 1


def test_a_state_answer_that_fails_is_taken_back(monkeypatch):
    """The move is played and the state id moved on; building the answer then fails."""
    session = Session()
    state = to_human_turn(session, new_match(session))
    before = fingerprint(session)
    monkeypatch.setattr(state_answers, "history", _raise_after(state_answers.history))
    answer = ask(session, type="play", state_id=state["state_id"], move=notations(state)[0])
    assert_failed_and_unchanged(session, answer, before)


def test_an_answer_that_is_not_strict_json_is_an_internal_error(monkeypatch):
    """JSON has no NaN: an answer holding one would not parse in the page; it is refused
    as ``internal`` and the move it answered is taken back."""
    session = Session()
    state = to_human_turn(session, new_match(session))
    before = fingerprint(session)
    monkeypatch.setattr(Session, "events_json", lambda self, events: [{"odd": float("nan")}])
    answer = ask(session, type="play", state_id=state["state_id"], move=notations(state)[0])
    assert answer["code"] == "internal" and "ValueError" in answer["message"]
    assert fingerprint(session) == before


@pytest.mark.parametrize("intent", ["next_hand", "undo", "new_match", "load_record"])
def test_every_changing_intent_is_taken_back_when_it_fails(monkeypatch, intent):
    session = Session()
    state = new_match(session, variant="block", seats=["human", "ai:easy"], seed=4)
    if intent == "next_hand":
        while not state["hand_over"]:
            kind = "play" if state["to_move_kind"] == "human" else "ai_move"
            extra = {"move": notations(state)[0]} if kind == "play" else {}
            state = ask(session, type=kind, state_id=state["state_id"], **extra)
        # The next hand is dealt, then the bug.
        monkeypatch.setattr(Match, "deal", _raise_after(Match.deal))
        message = {"type": "next_hand", "state_id": state["state_id"]}
    else:
        state = to_human_turn(session, state)
        state = ask(session, type="play", state_id=state["state_id"], move=notations(state)[0])
        state = to_human_turn(session, state)
        assert not state["hand_over"] and state["undo"]
        record = session.match.to_record()
        # The new match (or the undone one) is installed, then building the answer fails.
        monkeypatch.setattr(state_answers, "history", _raise_after(state_answers.history))
        message = {
            "undo": {"type": "undo", "state_id": state["state_id"]},
            "new_match": {"type": "new_match", "variant": "kozel", "seed": 3,
                          "options": {"players": 3}},
            "load_record": {"type": "load_record", "record": record, "seats": ["ai", "ai"]},
        }[intent]
    before = fingerprint(session)
    held = session.match
    assert_failed_and_unchanged(session, ask(session, **message), before)
    assert session.match is held


def test_a_cancelled_search_leaves_the_random_stream_as_it_was():
    """A search that an undo cancels never plays, and leaves the computers' random stream as
    it was: the session after the undo is the session an undo alone gives."""
    def session_at_search() -> tuple[Session, dict]:
        session = Session()
        state = new_match(session, variant="draw", players=2, seed=7,
                          seats=["human", "ai:expert"])
        for _ in range(40):
            state = to_human_turn(session, state)
            state = ask(session, type="play", state_id=state["state_id"],
                        move=notations(state)[0])
            if state["to_move_kind"] != "ai":
                continue
            probe = Session()
            probe_state = ask(probe, type="load_record", record=session.match.to_record(),
                              seats=["human", "ai:expert"])
            steps = probe.handle_steps(json.dumps({"type": "ai_move",
                                                   "state_id": probe_state["state_id"]}))
            if next(steps) is None:  # a searched decision, not a forced move
                steps.close()
                return session, state
        raise AssertionError("no searched decision came up")

    plain, state = session_at_search()
    ask(plain, type="undo", state_id=state["state_id"])
    searched, state = session_at_search()
    steps = searched.handle_steps(json.dumps({"type": "ai_move",
                                              "state_id": state["state_id"]}))
    assert next(steps) is None
    back = ask(searched, type="undo", state_id=state["state_id"])
    assert back["type"] == "state"
    assert strict(list(steps)[-1])["code"] == "cancelled"
    assert fingerprint(searched) == fingerprint(plain)


def test_intents_between_the_steps_of_a_search_do_not_disturb_it():
    """While a search is suspended, refused and harmless intents come and go (each saved
    and restored on its own); the search then plays what it plays without them."""
    def play(interleave: bool) -> dict:
        session = Session()
        state = new_match(session, variant="draw", players=2, seed=21,
                          seats=["ai:expert", "ai:hard"])
        while not state["hand_over"]:
            steps = session.handle_steps(json.dumps({"type": "ai_move",
                                                     "state_id": state["state_id"]}))
            for step in steps:
                if step is not None:
                    state = strict(step)
                    break
                if interleave:
                    sid = session.state_id
                    assert ask(session, type="play", state_id=sid, move="draw")["code"] == (
                        "not_your_turn")
                    assert ask(session, type="hint", state_id=sid)["code"] == "not_your_turn"
                    assert ask(session, type="export_record")["code"] == "reveals_hands"
                    assert ask(session, type="launch")["code"] == "unknown_intent"
            assert state["type"] == "state", state
        return session.match.to_record()

    assert play(True) == play(False)


# --- message fields -----------------------------------------------------------------------


@pytest.mark.parametrize("message, code", [
    ('{"type": []}', "unknown_intent"),
    ('{"type": {}}', "unknown_intent"),
    ('{"type": 5}', "unknown_intent"),
    ('{"type": null}', "unknown_intent"),
    ('{}', "unknown_intent"),
    ('{"type": "hello", "v": true}', "bad_message"),
    ('{"type": "hello", "v": "1"}', "bad_message"),
    ('{"type": "hello", "v": 1.5}', "bad_message"),
    ('{"type": "hello", "v": 3}', "unsupported_version"),
    ('{"type": "hello", "id": NaN}', "bad_message"),
    ('{"type": "hello", "id": Infinity}', "bad_message"),
    ('{"type": "hello", "id": -Infinity}', "bad_message"),
    ('{"type": "hello", "id": 1e400}', "bad_message"),
    ('{"type": "hello", "id": [1]}', "bad_message"),
    ('{"type": "hello", "id": {"a": 1}}', "bad_message"),
    ('{"type": "hello", "id": true}', "bad_message"),
    ('{"type": "hello", "id": 1.5}', "bad_message"),
    ('{"type": "hello", "id": 1e300}', "bad_message"),
    ('{"type": "hello", "id": 123456789012345678901234567890}', "bad_message"),
    (json.dumps({"type": "hello", "id": "x" * 101}), "bad_message"),
    ('{"type": "hello", "other": NaN}', "bad_message"),
    ('{"type": "new_match", "variant": "draw", "seed": NaN}', "bad_message"),
    ('{"type": "new_match", "variant": "draw", "options": {"players": Infinity}}',
     "bad_message"),
    ('[' * 100_000 + ']' * 100_000, "bad_message"),
    ('{"a":' * 100_000 + '1' + '}' * 100_000, "bad_message"),
    ('[' * 100_000, "bad_message"),
    ('"just a string"', "bad_message"),
    ('', "bad_message"),
], ids=lambda value: value if len(value) < 60 else value[:20] + f"...({len(value)} chars)")
def test_hostile_messages_are_refused_with_their_code(message, code):
    session = Session()
    answer = send(session, message)
    assert answer["type"] == "error" and answer["code"] == code, answer
    assert "id" not in answer  # nothing is echoed that the page did not send as a good id
    assert len(answer["message"]) < 300


def test_a_message_that_is_not_text_is_refused():
    for message in (None, 5, ["a"]):
        answer = strict(Session().handle(message))
        assert answer["code"] == "bad_message"


@pytest.mark.parametrize("msg_id", ["abc", "x" * 100, 0, -7, 2**53 - 1])
def test_a_good_id_is_echoed(msg_id):
    answer = ask(Session(), type="hello", id=msg_id)
    assert answer["type"] == "ready" and answer["id"] == msg_id
    error = ask(Session(), type="launch", id=msg_id)
    assert error["code"] == "unknown_intent" and error["id"] == msg_id


def base_state(session: Session) -> dict:
    return to_human_turn(session, new_match(session))


@pytest.mark.parametrize("fields, code, names", [
    ({"type": "play", "state_id": "1", "move": "draw"}, "bad_message", "state_id:"),
    ({"type": "play", "state_id": True, "move": "draw"}, "bad_message", "state_id:"),
    ({"type": "play", "state_id": 1.0, "move": "draw"}, "bad_message", "state_id:"),
    ({"type": "play", "move": "draw"}, "bad_message", "state_id:"),
    ({"type": "play", "state_id": None, "move": ["draw"]}, "bad_message", "move:"),
    ({"type": "play", "state_id": None, "move": "x" * 41}, "bad_message", "move:"),
    ({"type": "play", "state_id": None}, "bad_message", "move:"),
    ({"type": "export_record", "reveal": "yes"}, "bad_message", "reveal:"),
    ({"type": "export_record", "reveal": 1}, "bad_message", "reveal:"),
    ({"type": "new_match", "variant": ["draw"]}, "bad_message", "variant:"),
    ({"type": "new_match"}, "bad_message", "variant:"),
    ({"type": "new_match", "variant": "draw", "seed": 1.5}, "bad_message", "seed:"),
    ({"type": "new_match", "variant": "draw", "seed": "1"}, "bad_message", "seed:"),
    ({"type": "new_match", "variant": "draw", "seed": 2**70}, "bad_message", "seed:"),
    ({"type": "new_match", "variant": "draw", "options": [2]}, "bad_message", "options:"),
    ({"type": "new_match", "variant": "draw", "options": {"players": [2]}}, "bad_option",
     "options.players:"),
    ({"type": "new_match", "variant": "draw", "options": {"reserve": "x" * 41}}, "bad_option",
     "options.reserve:"),
    ({"type": "new_match", "variant": "draw", "options": {"players": 10**30}}, "bad_option",
     "options.players:"),
    ({"type": "new_match", "variant": "draw", "options": {"players": 2},
      "seats": ["human", "robot"]}, "bad_seats", "seats[1]: unknown seat 'robot'"),
    ({"type": "new_match", "variant": "draw", "options": {"players": 3},
      "seats": ["human", "ai", {"level": "hard"}]}, "bad_seats", "seats[2]: unknown seat"),
    ({"type": "new_match", "variant": "draw", "options": {"players": 2},
      "seats": "human"}, "bad_seats", "seats:"),
    ({"type": "load_record", "record": 5}, "bad_record", "record:"),
])
def test_each_field_is_checked_and_named(fields, code, names):
    session = Session()
    state = base_state(session)
    if "state_id" in fields and fields["state_id"] is None:
        fields = dict(fields, state_id=state["state_id"])
    before = fingerprint(session)
    answer = ask(session, **fields)
    assert answer["type"] == "error" and answer["code"] == code, answer
    assert names in answer["message"], answer["message"]
    assert fingerprint(session) == before


# --- what a page may learn ----------------------------------------------------------------


def test_an_export_in_the_middle_of_a_hand_needs_reveal():
    session = Session()
    state = base_state(session)
    assert not state["hand_over"]
    for extra in ({}, {"reveal": False}, {"reveal": None}):
        refused = ask(session, type="export_record", **extra)
        assert refused["type"] == "error" and refused["code"] == "reveals_hands"
        assert "reveal" in refused["message"]
    record = ask(session, type="export_record", reveal=True)
    assert record["type"] == "record"
    assert record["record"]["hands"][0]["deal"]["boneyard"]  # the whole deal, as RECORD.md
    # Once the hand is over, nothing in the record is hidden any more.
    while not state["hand_over"]:
        kind = "play" if state["to_move_kind"] == "human" else "ai_move"
        extra = {"move": notations(state)[0]} if kind == "play" else {}
        state = ask(session, type=kind, state_id=state["state_id"], **extra)
    assert ask(session, type="export_record")["type"] == "record"


def test_ai_move_does_not_say_how_many_moves_the_computer_had():
    session = Session()
    state = new_match(session, seats=["ai:easy", "ai:easy"])
    moved = ask(session, type="ai_move", state_id=state["state_id"])
    assert "legal" not in moved["ai"]
    assert moved["moves"] == []  # legal moves are listed for a human to move only


# --- cost limits --------------------------------------------------------------------------


def test_an_oversized_message_is_refused_before_parsing():
    text = '{"type": "hello", "pad": "' + "x" * MAX_MESSAGE_CHARS + '"}'
    answer = send(Session(), text)
    assert answer["code"] == "bad_message"
    assert str(MAX_MESSAGE_CHARS) in answer["message"]


def test_an_oversized_record_is_refused_naming_the_limit():
    limit = schema.MAX_RECORD_CHARS
    text = json.dumps({"format": "domino-record", "pad": "x" * limit})
    for record in (text, json.loads(text)):
        session = Session()
        answer = ask(session, type="load_record", record=record)
        assert answer["code"] == "bad_record", answer
        assert str(limit) in answer["message"]
        assert session.match is None


def test_a_match_stops_at_the_most_hands_a_record_holds(monkeypatch):
    monkeypatch.setattr(schema, "MAX_HANDS", 1)
    session = Session()
    state = new_match(session, variant="block", seats=["ai:easy", "ai:easy"])
    while not state["hand_over"]:
        state = ask(session, type="ai_move", state_id=state["state_id"])
    refused = ask(session, type="next_hand", state_id=state["state_id"])
    assert refused["code"] == "match_over" and "1 hands" in refused["message"]
