"""The deal number's secrecy (DECISIONS E-35): a match started without a chosen seed gets a
secret one that no state carries, while its record still replays the match.

RULES.md: none (the worker protocol's deal number; issue 27)
"""

import json

from domino.master import LOCAL, Master
from domino.match.match import Match
from domino.session import Session


def ask(session, **message):
    """Send one intent; the answer's text and its decoded object."""
    text = session.handle(json.dumps(message))
    return text, json.loads(text)


def play_match(session, state, texts, limit=2000):
    """Play the whole match (humans: the first legal move; computers: ai_move), keeping every
    answer's text in ``texts``."""
    for _ in range(limit):
        if state["match_over"]:
            return state
        if state["hand_over"]:
            text, state = ask(session, type="next_hand", state_id=state["state_id"])
        elif state["to_move_kind"] == "human":
            text, state = ask(session, type="play", state_id=state["state_id"],
                              move=state["moves"][0]["move"])
        else:
            text, state = ask(session, type="ai_move", state_id=state["state_id"])
        assert state["type"] == "state", state
        texts.append(text)
    raise AssertionError("the match did not end")


def seeds_in(text, seed):
    """Whether the JSON text holds the number ``seed`` anywhere, as a value or inside a
    string (searched in the text, not in chosen fields)."""
    return str(seed) in text


def test_a_match_without_a_seed_never_shows_it_and_its_record_replays():
    session = Session()
    text, state = ask(session, type="new_match", variant="block", options={"players": 2},
                      seats=["human", "ai:easy"])
    seed = session.match.seed
    assert len(str(seed)) >= 6  # 63 random bits: a chance match with other numbers is nil
    assert state["seed"] is None and state["seed_chosen"] is False
    texts = [text]
    final = play_match(session, state, texts)
    assert final["seed"] is None
    for t in texts:
        assert not seeds_in(t, seed)
    for seat in (0, 1, None):
        assert not seeds_in(json.dumps(session.state_for(seat)), seed)
    text, record = ask(session, type="export_record")
    assert record["type"] == "record" and record["record"]["seed"] == seed
    replayed = Match.from_record(record["record"])
    assert replayed.over and replayed.summary() == session.match.summary()
    assert replayed.to_record() == record["record"]


def test_a_secret_seed_is_not_exported_between_hands_unless_revealed():
    # A first hand that ends the match (a loser holding 100 pips) is dealt again: the record
    # is wanted between hands.
    for _ in range(10):
        session = Session()
        _, state = ask(session, type="new_match", variant="draw", options={"players": 2},
                       seats=["ai:easy", "ai:easy"])
        while not state["hand_over"]:
            _, state = ask(session, type="ai_move", state_id=state["state_id"])
        if not state["match_over"]:
            break
    assert not state["match_over"]
    before = session.match.snapshot()
    text, answer = ask(session, type="export_record")
    assert answer["code"] == "reveals_hands" and not seeds_in(text, session.match.seed)
    assert session.match.snapshot() == before
    _, answer = ask(session, type="export_record", reveal=True)
    assert answer["record"]["seed"] == session.match.seed


def test_a_chosen_seed_is_shown_as_chosen_and_exported_between_hands():
    session = Session()
    _, state = ask(session, type="new_match", variant="draw", options={"players": 2},
                   seed=4242, seats=["ai:easy", "ai:easy"])
    assert state["seed"] == 4242 and state["seed_chosen"] is True
    assert session.match.seed == 4242
    while not state["hand_over"]:
        _, state = ask(session, type="ai_move", state_id=state["state_id"])
    assert state["seed"] == 4242
    _, answer = ask(session, type="export_record")
    assert answer["record"]["seed"] == 4242


def test_two_matches_without_a_seed_deal_differently():
    deals = set()
    for _ in range(5):
        session = Session()
        ask(session, type="new_match", variant="draw", options={"players": 2})
        deal = session.match.to_record()["hands"][0]["deal"]
        deals.add(json.dumps(deal))
    assert len(deals) == 5


def test_a_loaded_record_keeps_its_seed_secret():
    source = Match.new("block", {"players": 2}, seed=987654321)
    session = Session()
    text, state = ask(session, type="load_record", record=source.to_record())
    assert state["type"] == "state" and state["seed"] is None
    assert state["seed_chosen"] is False and "987654321" not in text


def test_a_refused_new_match_keeps_the_seed_as_it_was():
    session = Session()
    ask(session, type="new_match", variant="block", options={"players": 2}, seed=5)
    _, answer = ask(session, type="new_match", variant="chess")
    assert answer["code"] == "unknown_variant"
    assert session.seed_chosen is True and session.match.seed == 5
    assert session.state_for(0)["seed"] == 5


def test_a_guest_never_gets_the_seed_and_the_host_only_a_chosen_one():
    master = Master()
    master.join("host", LOCAL)
    message = {"type": "new_match", "variant": "block", "options": {"players": 2},
               "seats": ["human", "human"]}
    host = dict(master.submit("host", json.dumps(message)))["host"]
    secret = master.session.match.seed
    assert json.loads(host)["seed"] is None and not seeds_in(host, secret)
    [(_, guest)] = master.join("guest", 1)
    assert json.loads(guest)["seed"] is None and not seeds_in(guest, secret)
    # A new match with the friend seated again (a new match leaves only the devices it
    # names at the table, W-40).
    updates = dict(master.submit("host", json.dumps(dict(message, seed=77,
                                                         devices={"guest": 1}))))
    assert json.loads(updates["host"])["seed"] == 77
    assert json.loads(updates["guest"])["seed"] is None
