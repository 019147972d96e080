"""The search's Mexican Train playout plays as the engine's loop (DECISIONS E-97).

``trainplay.playout`` replaces, on trains, the playout loop of ``legal_moves``,
``policy.rollout_move`` and ``advance`` (a speed-up): for the same random stream it must make
the same moves, end the round the same way and leave the same hands, trains, markers and
unsatisfied doubles, at every player count and on both sets, from positions part-way
through a round (after a double, with markers set; rounds that end with everyone passing). A search with
the same seed then chooses the same move with the same figures. Rules it does not play
(double chains, first-turn runs) are left to the engine.

RULES.md: 3.4 (own, Mexican and marked trains; a double to satisfy; the marker; the end)
"""

from __future__ import annotations

import random

import pytest
from linekit import both_playouts, random_positions

from domino.ai import search, trainplay
from domino.ai.levels import expert_config
from domino.hand.moves import Move
from domino.hand.state import HandState, legal_moves, new_hand
from domino.play.view import view
from domino.rules.ruleset import get_ruleset
from domino.settlement.settle import hand_result

CASES = [({"players": n}) for n in range(2, 9)] + [{"players": 3, "set": "double_nine"}]


def _worlds(rs, seed: int, count: int) -> list[HandState]:
    """Positions part-way through random rounds (0 to 150 random legal moves in)."""
    return random_positions(rs, seed, count, (0, 151), keep=trainplay.applicable)


@pytest.mark.parametrize("options", CASES)
def test_train_playout_plays_as_the_engine(options: dict) -> None:
    rs = get_ruleset("mexican_train", options)
    assert trainplay.supported(rs)
    seen = {"extra": 0, "markers": 0, "round_over": 0}
    for i, s in enumerate(_worlds(rs, 11 + options["players"], 40)):
        seen["extra"] += s.extra_play
        seen["markers"] += bool(s.layout.markers)
        for greed in (0.0, 0.6, 1.0):
            a, b = both_playouts(s, i, greed, trainplay.playout)
            assert (b.termination, b.winner, b.last_placer, b.to_move) == (
                a.termination,
                a.winner,
                a.last_placer,
                a.to_move,
            )
            seen["round_over"] += a.termination == "round_over"
            assert b.hands == a.hands  # the same order too (a drawn tile goes last)
            assert b.boneyard == a.boneyard
            assert b.layout.trains == a.layout.trains
            assert b.layout.markers == a.layout.markers
            assert b.layout.unsatisfied == a.layout.unsatisfied
            res_a, res_b = hand_result(a), hand_result(b)
            assert res_b.delta == res_a.delta
            assert res_b.ranking == res_a.ranking
    # The positions cover the rules' corners, not only fresh rounds.
    assert seen["extra"] and seen["markers"] and seen["round_over"]


@pytest.mark.parametrize("options", [{"allow_double_chain": True}, {"first_turn_multi": True}])
def test_rules_it_does_not_play_stay_with_the_engine(options: dict) -> None:
    rs = get_ruleset("mexican_train", {"players": 4, **options})
    assert not trainplay.supported(rs)
    s = new_hand(rs, rng=random.Random(3))
    assert not trainplay.applicable(s)


@pytest.mark.parametrize("players", [4, 8])
def test_search_gives_the_same_figures(players: int, monkeypatch) -> None:
    rs = get_ruleset("mexican_train", {"players": players})
    cfg = expert_config(rs)
    checked = 0
    for s in _worlds(rs, 40 + players, 12):
        legal = legal_moves(s)
        if len([m for m in legal if isinstance(m, Move) and m.kind == "place"]) < 2:
            continue
        v = view(s, s.to_move)
        fast = search.Search(v, legal, random.Random(5), cfg, budget=300)
        fast.run()
        with monkeypatch.context() as mp:
            mp.setattr(trainplay, "applicable", lambda s: False)
            slow = search.Search(v, legal, random.Random(5), cfg, budget=300)
            slow.run()
        assert fast.values == slow.values
        assert fast.used == slow.used
        assert fast.best() == slow.best()
        checked += 1
    assert checked >= 2
