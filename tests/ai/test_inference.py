"""Worlds weighed by the others' plays (``domino.ai.inference``): every world stays one the
seat cannot tell from the real hand, the evidence read is the placements made since each
seat's last draw, and a player who sheds weight makes the true deal likelier than chance.

RULES.md: 1.4 (must play if able: what a placement leaves possible in a hand)
"""

from __future__ import annotations

import dataclasses
import random

from domino import Match, legal_moves, view
from domino.ai import get_agent
from domino.ai.inference import PlayWeighted
from domino.ai.levels import expert_config
from domino.ai.policy import playable
from domino.ai.search import INFER_DEAL_EVALUATIONS, Search
from domino.hand.state import advance
from domino.play.resample import deal_hidden, infer


def _positions(variant: str, options: dict, seeds: range):
    """Views of seat 0 with a choice, the other seats playing the heaviest tile."""
    greedy = get_agent("greedy")
    for seed in seeds:
        s = Match.new(variant, options, seed=seed).hand
        rng = random.Random(seed)
        while not s.over:
            v = view(s, s.to_move)
            moves = playable(legal_moves(s))
            if s.to_move == 0:
                if len(moves) > 1:
                    yield s, v
                move = moves[int(rng.random() * len(moves))]
            else:
                move = greedy.choose(v, list(v.legal), rng)
            advance(s, move)


def test_weighed_worlds_are_consistent_with_the_view():
    for s, v in _positions("block", {"players": 4, "partnership": True, "hand_size": 7},
                           range(3)):
        k = infer(v)
        sampler = PlayWeighted(v, k, 8, 1.0)
        for i in range(3):
            w = sampler.sample(v, random.Random(i), k)
            seen = view(w, v.seat)
            assert sorted(map(str, seen.legal)) == sorted(map(str, v.legal))
            assert dataclasses.replace(seen, legal=v.legal) == v
            assert sorted(t for h in w.hands for t in h) == sorted(
                t for h in s.hands for t in h)


def true_hands_against_chance(positions, sampler_of):
    """Over `positions` ((state, view) pairs), the mean log weight a sampler (`sampler_of(v,
    k)`) gives the true hidden hands and, beside it, hands dealt at random as the view
    allows (10 per position); only positions with evidence count. Returns (positions
    counted, true mean, chance mean)."""
    true_total = chance_total = 0.0
    events = 0
    for s, v in positions:
        k = infer(v)
        sampler = sampler_of(v, k)
        if not sampler.events:
            continue
        events += 1
        true_total += sampler.log_weight([list(h) for h in s.hands])
        r = random.Random(events)
        chance_total += sum(sampler.log_weight(deal_hidden(k, r)) for _ in range(10)) / 10
    return events, true_total / max(1, events), chance_total / max(1, events)


def test_the_heaviest_tile_players_true_deal_is_likelier_than_chance():
    def sampler_of(v, k):
        sampler = PlayWeighted(v, k, 8, 1.0)
        # Block: nothing is drawn, so every placement of the other seat is evidence.
        assert len(sampler.events) == sum(1 for p, m in k.history[1:] if p == 1
                                          and m.kind == "place")
        return sampler

    events, true, chance = true_hands_against_chance(
        _positions("block", {"players": 2}, range(300, 320)), sampler_of)
    assert events > 20
    assert true > chance + 0.5


def test_the_search_without_weighing_is_unchanged():
    s, v = next(_positions("block", {"players": 2}, range(400, 401)))
    cfg = expert_config(v.rs)
    moves = playable(list(v.legal))
    plain = Search(v, moves, random.Random(3), cfg)
    off = Search(v, moves, random.Random(3), dataclasses.replace(cfg, infer_worlds=8))
    assert plain.run() == off.run()
    assert plain.ranking() == off.ranking() and plain.used == off.used
    weighed = Search(v, moves, random.Random(3),
                     dataclasses.replace(cfg, infer_worlds=8, infer_firmness=1.0))
    weighed.run()
    # Its deals are paid for out of the budget, so the decision's time stays bounded.
    assert weighed.worlds > 0
    assert weighed.used >= weighed.evaluated + weighed.worlds * 8 * INFER_DEAL_EVALUATIONS
