"""What a search charges to its budget beyond the moves it counts (DECISIONS E-107).

``SearchConfig.world_cost`` is charged for every world the plain sampler deals and
``SearchConfig.evaluation_cost`` for every evaluation, on top of the moves of its playout:
late in a Mexican Train hand a playout is a few moves, and dealing the world and the fixed
work of each evaluation are most of a decision's time. Mexican Train's expert charges both
(the level table), every other variant's expert neither, so their moves stay as they were.

RULES.md: 3.4 (Mexican Train: the trains a late playout runs on)
"""

from __future__ import annotations

import dataclasses
import random

import pytest
from linekit import random_positions

from domino.ai import levels
from domino.ai.policy import playable
from domino.ai.search import Search, SearchConfig
from domino.hand.state import legal_moves
from domino.play.view import view
from domino.rules.ruleset import get_ruleset

EXPERT_MT = levels.expert_config("mexican_train")


def _late_positions(count: int) -> list:
    """Eight-player Mexican Train positions late in a hand, with a choice to make."""
    rs = get_ruleset("mexican_train", {"players": 8})

    def keep(s) -> bool:  # type: ignore[no-untyped-def]
        return len(playable(legal_moves(s))) >= 2

    return random_positions(rs, 5, count, (60, 90), keep)


def _counting(evaluate, costs: list[float]):  # type: ignore[no-untyped-def]
    """``evaluate`` (a search's ``_evaluate``), appending each cost it returns to ``costs``:
    what each evaluation's playout or solve charged, as before E-107."""

    def counted(*args, **kwargs):  # type: ignore[no-untyped-def]
        value, cost = evaluate(*args, **kwargs)
        costs.append(cost)
        return value, cost

    return counted


@pytest.mark.parametrize(("world_cost", "evaluation_cost"), [(1.0, 1.0), (2.5, 0.0),
                                                             (0.0, 0.75)])
def test_every_world_and_evaluation_is_charged(world_cost: float,
                                               evaluation_cost: float) -> None:
    compared = 0
    for i, s in enumerate(_late_positions(4)):
        v = view(s, s.to_move)
        legal = list(v.legal)
        cfg = dataclasses.replace(EXPERT_MT, world_cost=world_cost,
                                  evaluation_cost=evaluation_cost)
        search = Search(v, legal, random.Random(i), cfg, budget=300)
        moves: list[float] = []  # what each evaluation's playout or solve charged
        search._evaluate = _counting(search._evaluate, moves)  # type: ignore[method-assign]
        search.run()
        assert search.evaluated == len(moves) > 0
        charged = sum(moves) + world_cost * search.worlds + evaluation_cost * search.evaluated
        assert search.used == pytest.approx(charged)
        # The same search without the charges deals more worlds for the same budget.
        free = dataclasses.replace(cfg, world_cost=0.0, evaluation_cost=0.0)
        plain = Search(v, legal, random.Random(i), free, budget=300)
        plain.run()
        if len(plain.active) > 1:  # (a search left with one candidate stops early)
            assert plain.worlds > search.worlds
            compared += 1
    assert compared >= 2


def test_only_mexican_trains_expert_charges_them() -> None:
    assert (EXPERT_MT.world_cost, EXPERT_MT.evaluation_cost) == (1.0, 1.0)
    assert EXPERT_MT.evaluations == levels.MEXICAN_EXPERT == 6200
    for variant in levels.TABLE:
        if variant == "mexican_train":
            continue
        cfg = levels.expert_config(variant)
        assert (cfg.world_cost, cfg.evaluation_cost) == (0.0, 0.0), variant
    assert (SearchConfig().world_cost, SearchConfig().evaluation_cost) == (0.0, 0.0)


def test_the_hint_spends_its_levels_extra(monkeypatch: pytest.MonkeyPatch) -> None:
    """The hint's work after the search is the level's ``hint_extra`` budgets (E-108):
    Mexican Train's expert 0.3 (its hint's p95 was 1.39-1.55 times the expert's decision
    at 0.4, issue 26 asks 1.5 at most), Doubles' 0.3 (1.37-1.60 once its search was twice
    as fast, E-110), every other expert 0.4 (E-63)."""
    from domino.ai import review

    assert EXPERT_MT.hint_extra == levels.MEXICAN_HINT_EXTRA == 0.3
    assert SearchConfig().hint_extra == 0.4
    for variant in levels.TABLE:
        want = 0.3 if variant.split("/")[0] in ("mexican_train", "doubles") else 0.4
        assert levels.expert_config(variant).hint_extra == want, variant
    made: list[Search] = []
    real = review.expert_search

    def kept(*args, **kwargs):  # type: ignore[no-untyped-def]
        made.append(real(*args, **kwargs))
        return made[-1]

    monkeypatch.setattr(review, "expert_search", kept)
    spent = {0.1: 0.0, 0.3: 0.0}
    for s in _late_positions(4):
        v = view(s, s.to_move)
        for extra in spent:
            review.judge_position(v, list(v.legal), 300,
                                  dataclasses.replace(EXPERT_MT, hint_extra=extra))
            spent[extra] += made[-1].extra
    assert 0 < spent[0.1] < spent[0.3]


def test_the_values_added_after_the_search_are_charged_alike() -> None:
    """The review and the hint value more moves after the search (``complete``) and on more
    worlds (``deepen``), within extra budgets counted like the search's own: each value
    added is charged its evaluation's fixed work and each world dealt past the search's
    its dealing, as the search charges them (else the hint's extra of 0.4 budgets bought
    more time than 0.4 searches in Mexican Train: its p95 1.69 times the expert's)."""
    checked = 0
    for i, s in enumerate(_late_positions(3)):
        v = view(s, s.to_move)
        legal = list(v.legal)
        search = Search(v, legal, random.Random(i), EXPERT_MT, budget=300)
        search.run()
        moves: list[float] = []
        search._evaluate = _counting(search._evaluate, moves)  # type: ignore[method-assign]
        known = len(search._worlds)
        sensible = playable(legal)
        search.complete(sensible)
        search.deepen(sensible, search.worlds + 5)
        dealt = len(search._worlds) - known
        assert dealt >= 1 and moves
        assert search.extra == pytest.approx(sum(moves) + EXPERT_MT.evaluation_cost * len(moves)
                                             + EXPERT_MT.world_cost * dealt)
        checked += 1
    assert checked == 3
