"""A fitted model of another player's placements (``domino.ai.choicemodel``) and the worlds
weighed by it (``inference.ModelWeighted``, ``SearchConfig.infer_model``).

The model's options are exactly the distinct placements the rules allow (a tile on an end of
a value it holds; both ends of one value are one option), its probabilities sum to 1 over
them, a weighed world stays one the seat cannot tell from the real hand, a player who
chooses as the model says makes its true hand likelier than chance, and with the option off
a seeded search is the one it was.

RULES.md: 1.4 (must play if able: what a placement leaves possible in a hand)
"""

from __future__ import annotations

import dataclasses
import math
import random

import pytest
from test_inference import true_hands_against_chance

from domino import Match, legal_moves, view
from domino.ai.choicemodel import (
    FEATURES,
    MODELS,
    ChoiceModel,
    features,
    log_probabilities,
    options,
)
from domino.ai.inference import ModelWeighted
from domino.ai.levels import expert_config
from domino.ai.policy import playable
from domino.ai.search import MODEL_DEAL_EVALUATIONS, Search
from domino.hand.moves import PLACE
from domino.hand.state import advance
from domino.play.resample import infer

MODEL = MODELS["ismcts_block"]


def _ends(s) -> tuple[int, int]:
    return s.layout.left, s.layout.right


def _model_move(s, model: ChoiceModel, rng: random.Random):
    """The move of the seat to move drawn from ``model``'s probabilities."""
    moves = playable(legal_moves(s))
    if len(moves) == 1 or moves[0].kind != PLACE:
        return moves[0]
    left, right = _ends(s)
    logp = log_probabilities(model, set(s.hands[s.to_move]), s.layout.placed(), left, right)
    r = rng.random()
    pick = None
    for option, lp in logp.items():
        pick = option
        r -= math.exp(lp)
        if r < 0:
            break
    by_end = dict(s.layout.ends())
    for m in moves:
        if m.tile == pick[0] and by_end[m.end] == pick[1]:
            return m
    raise AssertionError(f"no move for {pick}")


def _positions(seeds: range, opponent: ChoiceModel):
    """Two-player block views of seat 0 with a choice, seat 1 playing by ``opponent``."""
    for seed in seeds:
        s = Match.new("block", {"players": 2}, seed=seed).hand
        rng = random.Random(seed)
        while not s.over:
            moves = playable(legal_moves(s))
            if s.to_move == 0:
                if len(moves) > 1:
                    yield s, view(s, 0)
                move = moves[int(rng.random() * len(moves))]
            else:
                move = _model_move(s, opponent, rng)
            advance(s, move)


def test_options_are_the_legal_placements_and_probabilities_sum_to_one():
    checked = 0
    for seed in range(20):
        s = Match.new("block", {"players": 2}, seed=seed).hand
        rng = random.Random(seed)
        while not s.over:
            moves = playable(legal_moves(s))
            if moves[0].kind == PLACE:
                left, right = _ends(s)
                held = set(s.hands[s.to_move])
                by_end = dict(s.layout.ends())
                assert set(options(held, left, right)) == {(m.tile, by_end[m.end]) for m in moves}
                logp = log_probabilities(MODEL, held, s.layout.placed(), left, right)
                assert math.isclose(sum(math.exp(v) for v in logp.values()), 1.0)
                # The fast count is the softmax of the features as ``features`` defines them.
                score = {
                    o: sum(
                        w * f
                        for w, f in zip(
                            MODEL.weights,
                            features(held, s.layout.placed(), left, right, o),
                            strict=True,
                        )
                    )
                    for o in logp
                }
                top = max(score.values())
                norm = top + math.log(sum(math.exp(x - top) for x in score.values()))
                for o, lp in logp.items():
                    assert math.isclose(lp, score[o] - norm, abs_tol=1e-9)
                checked += len(moves) > 1
            advance(s, moves[int(rng.random() * len(moves))])
    assert checked > 50
    assert log_probabilities(MODEL, {(6, 6)}, [(5, 5)], 5, 5) == {}


def test_a_model_needs_a_weight_per_feature():
    with pytest.raises(ValueError):
        ChoiceModel((1.0,) * (len(FEATURES) - 1))
    assert all(len(m.weights) == len(FEATURES) for m in MODELS.values())


def test_weighed_worlds_are_consistent_with_the_view():
    for s, v in _positions(range(3), MODEL):
        k = infer(v)
        sampler = ModelWeighted(v, k, 8, MODEL)
        for i in range(3):
            w = sampler.sample(v, random.Random(i), k)
            seen = view(w, v.seat)
            assert sorted(map(str, seen.legal)) == sorted(map(str, v.legal))
            assert dataclasses.replace(seen, legal=v.legal) == v
            # The other hand and the tiles face down share the unseen tiles; ours is ours.
            assert sorted(w.hands[v.seat]) == sorted(s.hands[v.seat])
            assert sorted([t for h in w.hands for t in h] + list(w.boneyard)) == sorted(
                [t for h in s.hands for t in h] + list(s.boneyard)
            )
            assert len(w.hands[1]) == len(s.hands[1])


def test_a_player_who_chooses_by_the_model_makes_its_true_hand_likelier_than_chance():
    def sampler_of(v, k):
        sampler = ModelWeighted(v, k, 8, MODEL)
        # Block: nothing is drawn, so every placement of the other seat is evidence.
        assert len(sampler.events) == sum(1 for p, m in k.history if p == 1 and m.kind == PLACE)
        return sampler

    events, true, chance = true_hands_against_chance(_positions(range(300, 330), MODEL),
                                                     sampler_of)
    assert events > 30
    assert true > chance + 0.1


def test_the_search_with_the_option_off_is_unchanged():
    s, v = next(_positions(range(400, 401), MODEL))
    cfg = expert_config(v.rs)
    assert cfg.infer_model == ""
    moves = playable(list(v.legal))
    plain = Search(v, moves, random.Random(3), cfg)
    plain.run()
    for off in (
        dataclasses.replace(cfg, infer_worlds=8),
        dataclasses.replace(cfg, infer_model="ismcts_block"),
    ):  # one deal a world
        other = Search(v, moves, random.Random(3), off)
        assert other.run() == plain.best()
        assert other.ranking() == plain.ranking() and other.used == plain.used
    weighed = Search(
        v,
        moves,
        random.Random(3),
        dataclasses.replace(cfg, infer_worlds=8, infer_model="ismcts_block"),
    )
    weighed.run()
    # Its deals are paid for out of the budget, so the decision's time stays bounded.
    assert weighed.worlds > 0
    assert weighed.used >= weighed.evaluated + weighed.worlds * 8 * MODEL_DEAL_EVALUATIONS


def test_no_level_weighs_by_a_model():
    from domino.ai.levels import TABLE

    for levels in TABLE.values():
        for lv in levels.values():
            assert lv.search is None or lv.search.infer_model == ""
