"""The computer and hints play from any start position (issue 11, item 2).

A record's ``start`` (RECORD.md) begins a hand with tiles already on the table, which its
public history does not contain; the AI must replay that history from the start's layout
(``View.start``), not from an empty table. Positions come from two sources:

* every record in tests/data that starts a hand from ``start``, replayed up to each decision
  of that hand that is still open (the start itself, then after each recorded move);
* random positions of every variant, cut from random hands at the start of a turn, written as
  a ``start`` by ``domino.play.positions.start_of`` and loaded as records.

At each: every AI level (small budgets) and the protocol's ``hint`` choose a legal move; the
knowledge replayed from the view ends on the real table and its hard facts hold against the
real hands; sampled worlds have the real legal moves. From each record's start the computer
then plays the hand out through the protocol. ``start_of`` is checked as the inverse of
``game.start_position`` (same position, same legal moves, same play and results).

RULES.md: none (agents and hints from RECORD.md start positions)
"""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest
from datakit import cut_record, start_hands
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from domino import Match, apply_unchecked, legal_moves, view
from domino.ai import LEVELS, get_agent, infer, sample_world
from domino.errors import DominoError
from domino.hand.moves import LEAVE
from domino.hand.state import LEAD_PHASE
from domino.match.record import replay_match
from domino.play.positions import PositionError, inexpressible, not_carried, start_of
from domino.rules.ruleset import REGISTRY
from domino.session import Session

DATA = Path(__file__).resolve().parents[1] / "data"
BUDGET = 16  # search evaluations per decision: enough to exercise worlds, solves and playouts
SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck),
                phases=(Phase.explicit, Phase.reuse, Phase.generate))


# --- positions ---------------------------------------------------------------------------

START_HANDS = start_hands()




def open_decisions(record: dict, index: int) -> list[tuple[dict, Match]]:
    """The record cut at each decision of hand ``index`` that is still open, with its match."""
    out = []
    for moves in range(len(record["hands"][index].get("moves", [])) + 1):
        cut = cut_record(record, index, moves)
        try:
            m = replay_match(cut)
        except DominoError:
            break  # an error scenario: the moves before the bad one are still positions
        if not m.hand_over:
            out.append((cut, m))
    return out


def random_cut(variant: str, options: dict, seed: int, moves: int):
    """A random hand 1 of ``variant`` played ``moves`` moves on (never ``leave``, as
    ``simulate`` never does), then to the next position a start can express; the match and a
    copy of that position (the last expressible one if the hand ends first)."""
    m = Match.new(variant, dict(options), seed=seed)
    s = m.hand
    rng = random.Random(seed)
    cut = None
    played = 0
    while not s.over:
        if inexpressible(s) is None:
            cut = s.copy()
            if played >= moves:
                break
        legal = legal_moves(s)
        choices = [x for x in legal if x.kind != LEAVE] or legal
        apply_unchecked(s, choices[int(rng.random() * len(choices))])
        played += 1
    assert cut is not None, "not even the deal could be written as a start"
    return m, cut


def record_of(m: Match, s, scores: list[int] | None = None) -> dict:
    """A one-hand record that starts from the position ``s`` (hand 1 of the match ``m``)."""
    options = s.rs.option_values()
    options["players"] = s.n
    return {"format": "domino-record", "version": 1, "variant": s.rs.id, "options": options,
            "seed": m.seed, "match": {"scores": scores} if scores else {},
            "hands": [{"start": json.loads(json.dumps(start_of(s))), "moves": []}]}


# --- checks ------------------------------------------------------------------------------

def send(session: Session, message: dict) -> dict:
    return json.loads(session.handle(json.dumps(message)))


def hint_answer(record: dict, seat: int, players: int) -> dict:
    """The protocol's hint for ``seat`` (the human to move; the others are computers)."""
    session = Session()
    seats = ["human" if p == seat else "ai:easy" for p in range(players)]
    state = send(session, {"type": "load_record", "record": record, "seats": seats})
    assert state["type"] == "state", state
    return send(session, {"type": "hint", "state_id": state["state_id"]})


def check_knowledge(s) -> None:
    """What the seat to move infers is true of the real hand ``s``, and its worlds are the
    hand as far as the seat can see."""
    seat = s.to_move
    v = view(s, seat)
    k = infer(v)
    assert k.layout.to_json() == v.layout, "the history replayed from its start is not the table"
    for p in range(s.n):
        assert not set(s.hands[p]) & k.hard[p], (p, v.history)
    for c in k.soft:
        assert len(c.forbidden & set(s.hands[c.seat])) <= c.allowance
    legal = sorted(str(x) for x in legal_moves(s))
    for i in range(2):
        w = sample_world(v, random.Random(i), k)
        assert w.layout.to_json() == v.layout
        assert sorted(w.hands[seat]) == sorted(v.hand)
        assert [len(h) for h in w.hands] == list(v.counts) and len(w.boneyard) == v.boneyard
        assert sorted(str(x) for x in legal_moves(w)) == legal


def check_levels_and_hint(record: dict, m: Match, label: str) -> None:
    """Every level and the protocol's hint choose a legal move for the seat to move."""
    seat = m.to_move
    legal = m.legal()
    v = view(m.hand, seat)
    for level in LEVELS:
        agent = get_agent(level, seed=11, budget=BUDGET)
        move = agent.choose(v, list(legal), random.Random(5))
        assert move in legal, (label, level, str(move), [str(x) for x in legal])
    answer = hint_answer(record, seat, m.players)
    assert answer["type"] == "hint", (label, answer)
    assert answer["move"] in {str(x) for x in legal}, (label, answer)


# --- records from tests/data -------------------------------------------------------------

@pytest.mark.parametrize("label,record,index", START_HANDS, ids=[x[0] for x in START_HANDS])
def test_levels_and_hint_move_legally_from_every_recorded_start(label, record, index):
    for cut, m in open_decisions(record, index):
        check_knowledge(m.hand)
        check_levels_and_hint(cut, m, label)


def play_out(record: dict, players: int, shift: int) -> None:
    """All seats computers, every level in some seat: ``ai_move`` until the hand ends, every
    answer a ``state``."""
    seats = [f"ai:{LEVELS[(p + shift) % len(LEVELS)]}" for p in range(players)]
    session = Session()
    answer = send(session, {"type": "load_record", "record": record, "seats": seats})
    moves = 0
    while answer["type"] == "state" and not answer["hand_over"]:
        answer = send(session, {"type": "ai_move", "state_id": answer["state_id"]})
        moves += 1
        assert moves <= 1000, "the hand does not end"
    assert answer["type"] == "state", answer


@pytest.mark.parametrize("label,record,index", START_HANDS, ids=[x[0] for x in START_HANDS])
def test_the_computer_plays_a_recorded_start_to_its_end(label, record, index):
    if not open_decisions(record, index):
        pytest.skip("the hand is over at its start")
    cut = cut_record(record, index, 0)
    # Each level plays from another seat in another record.
    play_out(cut, Match.from_record(cut).players, START_HANDS.index((label, record, index)))


def test_the_issue_reproduction_answers_with_a_state():
    """C-02 with every seat at hard: once an ``internal`` error (KeyError 'L')."""
    record = json.loads((DATA / "scenarios" / "C-02.json").read_text(encoding="utf-8"))
    players = len(record["hands"][0]["start"]["hands"])
    session = Session()
    state = send(session, {"type": "load_record", "record": record,
                           "seats": ["ai:hard"] * players})
    answer = send(session, {"type": "ai_move", "state_id": state["state_id"]})
    assert answer["type"] == "state", answer


# --- random positions of every variant ---------------------------------------------------

CONFIGS = [(vid, {}) for vid in sorted(REGISTRY)] + [
    ("vn_traditional", {"blank_wild": True}),
    ("vn_traditional", {"partnership": True, "players": 4}),
    ("vn_traditional", {"drawn_tile_optional": True}),
    ("draw", {"voluntary_draw": True, "reserve": "classic"}),
    ("all_fives", {"spinners": "all"}),
    ("doubles", {"unlock_mode": "spinner_only"}),
    ("kozel", {"lead_double": "lowest_from_1_1"}),
    ("mexican_train", {"first_turn_multi": True, "allow_double_chain": True}),
    ("mexican_train", {"set": "double_nine", "players": 3}),
    ("vn_schoolnet", {"blocker_mode": "last_placer"}),
]
IDS = [v + "".join(f"-{k}={x}" for k, x in sorted(o.items())) for v, o in CONFIGS]


@st.composite
def cuts(draw, config):
    """(options with a player count, seed, moves before the cut) for one config."""
    variant, options = config
    rs = REGISTRY[variant]
    options = dict(options)
    if "players" not in options:
        options["players"] = draw(st.integers(rs.min_players, min(rs.max_players, 6)))
    seed = draw(st.integers(min_value=0, max_value=2**31 - 1))
    moves = draw(st.integers(min_value=0, max_value=120))
    return options, seed, moves


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@settings(max_examples=8, **SETTINGS)
@given(data=st.data())
def test_levels_and_hint_move_legally_from_a_cut_position(config, data):
    options, seed, moves = data.draw(cuts(config))
    m, s = random_cut(config[0], options, seed, moves)
    loaded = replay_match(record_of(m, s))
    rng = random.Random(seed)
    # The start itself, then a few moves on: a history that begins in the middle of a hand.
    for step in range(3):
        if loaded.hand_over:
            break
        check_knowledge(loaded.hand)
        check_levels_and_hint(loaded.to_record(), loaded, f"{config[0]} seed {seed}, {moves}"
                              f" moves and {step} more")
        legal = [x for x in loaded.legal() if x.kind != LEAVE]
        loaded.play(legal[int(rng.random() * len(legal))])


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
def test_the_computer_plays_a_cut_position_to_its_end(config):
    variant, options = config
    options = {"players": min(REGISTRY[variant].max_players, 4), **options}
    m, s = random_cut(variant, options, seed=5, moves=16)
    play_out(record_of(m, s), s.n, CONFIGS.index(config))


def compare_results(s, a, b, points: list[int]) -> None:
    """The hand played on from ``s`` (result ``a``) and from its start (``b``) ended alike,
    but for what the start does not carry (``positions.not_carried``)."""
    lost = set(not_carried(s))
    assert (a.termination, a.pips) == (b.termination, b.pips)
    if "blocker_turns" in lost and a.termination == "blocked":
        return  # vn_schoolnet: the blocker search looks back before the start
    assert (a.winner, a.ranking) == (b.winner, b.ranking)
    if lost & {"penalties", "escrow"}:
        return  # vn_iwin: the hand's account restarts at the start, tax included
    assert (a.blocker, a.gai, a.house) == (b.blocker, b.gai, b.house)
    assert a.delta == [d + p for d, p in zip(b.delta, points, strict=True)]


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@settings(max_examples=25, **SETTINGS)
@given(data=st.data())
def test_start_of_reads_back_to_the_same_position(config, data):
    """``start_position(start_of(s))`` is ``s``: hands, boneyard order, layout, the seat to
    move and its legal moves; and the same moves from both end the hand the same way."""
    options, seed, moves = data.draw(cuts(config))
    m, s = random_cut(config[0], options, seed, moves)
    # all_fives points scored before the cut go into the match scores, so that the target
    # is reached at the same moment; the hand's delta then leaves them out.
    points = list(s.points) if any(s.points) else [0] * s.n
    t = replay_match(record_of(m, s, points if any(points) else None)).hand
    assert t.hands == s.hands and t.boneyard == s.boneyard
    assert t.layout.to_json() == s.layout.to_json()
    assert (t.to_move, t.phase) == (s.to_move, s.phase)
    if s.phase == LEAD_PHASE:
        assert t.forced_lead == s.forced_lead
    assert (t.seated, t.last_placer) == (s.seated, s.last_placer)
    original = s.copy()
    rng = random.Random(seed + 1)
    played = 0
    while not original.over:
        legal = legal_moves(original)
        assert [str(x) for x in legal_moves(t)] == [str(x) for x in legal]
        choices = [x for x in legal if x.kind != LEAVE] or legal
        move = choices[int(rng.random() * len(choices))]
        apply_unchecked(original, move)
        apply_unchecked(t, move)
        played += 1
        if not t.over and played % 7 == 1:
            # The history that begins at the start replays onto the table (a few samples).
            v = view(t, t.to_move)
            assert infer(v).layout.to_json() == v.layout
    assert t.over
    compare_results(s, original.result, t.result, points)


def test_start_of_refuses_what_a_start_cannot_express():
    """Mid-turn (after a draw), and a finished hand, are no start positions."""
    m = Match.new("draw", {"players": 2}, seed=1)
    s = m.hand
    rng = random.Random(1)
    while not s.over:
        legal = legal_moves(s)
        if legal[0].kind == "draw":
            apply_unchecked(s, legal[0])
            assert inexpressible(s) is not None
            with pytest.raises(PositionError, match="drawn"):
                start_of(s)
            break
        apply_unchecked(s, legal[int(rng.random() * len(legal))])
    else:
        pytest.fail("nobody drew in this hand")
    while not s.over:
        apply_unchecked(s, legal_moves(s)[0])
    with pytest.raises(PositionError, match="over"):
        start_of(s)
