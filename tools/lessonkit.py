"""Find fixed deals for the lessons of web/lessons/ (docs/LESSONS.md).

Plays seeded hands with the engine's own agents and keeps, per move, who moved, what was
legal and what was played, so that a search can look for the situation a lesson teaches.
Run `python tools/make_lessons.py` to write the lesson files; this module is its toolkit.
"""

from __future__ import annotations

import random

from domino import Match, get_ruleset, view
from domino.ai import get_agent


def play(variant: str, options: dict, seed: int, state: dict | None = None,
         agents: tuple = ("easy",), agent_seed: int = 0, max_moves: int = 2000) -> tuple:
    """Play hand 1 of a match with the given agents (one name per seat, cycled); return the
    match and a list of turns: {"seat", "legal" (notations), "move", "events" (JSON)}."""
    rs = get_ruleset(variant, options)
    m = Match(rs, seed, state)
    m.deal()
    n = m.players
    bots = [get_agent(agents[i % len(agents)], seed=agent_seed * 31 + i) for i in range(n)]
    rng = random.Random(seed * 7 + agent_seed)
    turns = []
    while not m.hand_over and len(turns) < max_moves:
        seat = m.to_move
        legal = m.legal()
        if len(legal) == 1:
            move = legal[0]
        else:
            move = bots[seat].choose(view(m.hand, seat), legal, rng)
        events = m.play(move)
        turns.append({"seat": seat, "legal": [str(x) for x in legal], "move": str(move),
                      "events": [e.to_json(None) for e in events]})
    return m, turns


def at(record: dict, k: int, hand: int = 0) -> Match:
    """The match replayed from ``record`` up to (not including) move ``k`` of hand ``hand``:
    the position in which move ``k`` is about to be played."""
    rec = dict(record)
    hands = [dict(h) for h in record["hands"][:hand + 1]]
    hands[hand]["moves"] = list(hands[hand]["moves"][:k])
    rec["hands"] = hands
    return Match.from_record(rec)


def ends(m: Match, seat: int | None = None) -> dict:
    """The open ends of the current position as {end id: value}."""
    s = m.to_move if seat is None else seat
    return {e: v for e, v in view(m.hand, s if s is not None else 0).to_json()["ends"]}


def placements(legal: list) -> list:
    """The legal moves that are neither a draw, a pass nor leaving the table."""
    return [x for x in legal if x not in ("draw", "pass", "leave")]


def after(record: dict, k: int, move: str, hand: int = 0) -> tuple:
    """The match after move ``k`` of hand ``hand`` is replaced by ``move``."""
    m = at(record, k, hand)
    events = m.play(move)
    return m, [e.to_json(None) for e in events]


def same_as(record: dict, k: int, move: str, other: str, hand: int = 0) -> bool:
    """``other`` gives the learner the same position as ``move`` (the same tile on an end
    showing the same number): it is accepted as right too."""
    if move.split("@")[0] != other.split("@")[0]:
        return False
    a, _ = after(record, k, move, hand)
    b, _ = after(record, k, other, hand)
    return (sorted(ends(a).values()) == sorted(ends(b).values())
            and a.to_move == b.to_move and sorted(map(str, a.legal())) == sorted(map(str, b.legal())))
