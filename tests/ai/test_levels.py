"""The level table (``domino.ai.levels``): every variant has every level, the settings are
ordered as the ladder promises, and the agents read them and stay deterministic.

RULES.md: none (the computer levels are the project's own, issue 26; no rule of play)
"""

from __future__ import annotations

import dataclasses
import random

import pytest

from domino import Match, apply_unchecked, legal_moves, view
from domino.ai import get_agent, levels
from domino.ai.agents import SearchAgent
from domino.ai.levels import LEVEL_NAMES, TABLE, Level, expert_config, level_settings
from domino.ai.policy import playable
from domino.ai.review import expert_search
from domino.rules.ruleset import VARIANTS, get_ruleset


def test_every_variant_has_every_level():
    assert set(VARIANTS) <= set(TABLE) == set(levels.table_keys())
    for variant in VARIANTS:
        assert tuple(TABLE[variant]) == LEVEL_NAMES
        rs = get_ruleset(variant)
        for name in LEVEL_NAMES:
            assert level_settings(rs, name) is level_settings(variant, name)


def test_a_partnership_game_has_its_own_entry():
    # Kozel in pairs and block two against two read "<variant>/partnership": the variant's
    # settings with that entry's changes on top, found from the ruleset (so the review too).
    for variant in ("kozel", "block"):
        rs = get_ruleset(variant, {"players": 4, "partnership": True})
        assert levels.table_key(rs) == f"{variant}/partnership"
        assert levels.table_key(get_ruleset(variant, {"players": 4})) == variant
        for name in LEVEL_NAMES:
            assert level_settings(rs, name) is TABLE[f"{variant}/partnership"][name]
        assert expert_config(rs) == TABLE[f"{variant}/partnership"]["expert"].search
    assert "vn_schoolnet/partnership" not in TABLE  # a variant without partnerships
    # An entry without changes of its own is the variant's.
    assert TABLE["draw/partnership"] == TABLE["draw"]


@pytest.mark.parametrize("variant", levels.table_keys())
def test_levels_are_ordered(variant):
    t = TABLE[variant]
    assert t["easy"].policy == "beginner"
    assert t["medium"].policy == "heuristic"
    assert t["hard"].policy == t["expert"].policy == "search"
    hard, expert = t["hard"].search, t["expert"].search
    assert hard is not None and expert is not None
    # Expert is the strongest we can make: at least hard's work, never a lapse.
    assert expert.evaluations >= hard.evaluations
    assert expert.endgame_tiles >= hard.endgame_tiles
    assert t["expert"].slip == 0.0 <= t["hard"].slip
    for lv in t.values():
        assert 0.0 <= lv.care <= 1.0 and 0.0 <= lv.fives <= 1.0 and 0.0 <= lv.slip < 1.0
    # Easy is a beginner, not uniform random: it thinks some of the time.
    assert t["easy"].care > 0.0


def test_check_refuses_a_broken_table():
    broken = {v: dict(levels) for v, levels in TABLE.items()}
    del broken["kozel"]["medium"]
    with pytest.raises(ValueError, match="kozel lacks a level"):
        levels.check(broken)
    upside_down = {v: dict(levels) for v, levels in TABLE.items()}
    hard = upside_down["draw"]["hard"]
    assert hard.search is not None
    upside_down["draw"]["expert"] = dataclasses.replace(
        hard, search=dataclasses.replace(hard.search, evaluations=hard.search.evaluations - 1))
    with pytest.raises(ValueError, match="expert below hard"):
        levels.check(upside_down)
    no_chance = {v: dict(levels) for v, levels in TABLE.items()}
    no_chance["block"]["easy"] = Level("beginner", care=1.5)
    with pytest.raises(ValueError, match="no chance"):
        levels.check(no_chance)


def _position(variant: str, players: int, seed: int):
    """A view with at least two sensible moves, a few moves into a hand."""
    m = Match.new(variant, {"players": players}, seed=seed)
    s = m.hand
    rng = random.Random(seed)
    for _ in range(3):
        moves = playable(legal_moves(s))
        apply_unchecked(s, moves[int(rng.random() * len(moves))])
    while len(playable(legal_moves(s))) < 2 and not s.over:
        apply_unchecked(s, playable(legal_moves(s))[0])
    assert not s.over
    return view(s, s.to_move)


@pytest.mark.parametrize("variant,players", [("kozel", 4), ("doubles", 3), ("vn_iwin", 4),
                                             ("all_fives", 2)])
@pytest.mark.parametrize("name", ["easy", "medium", "hard"])
def test_agents_are_deterministic_under_a_seed(variant, players, name):
    v = _position(variant, players, seed=5)
    moves = [get_agent(name, seed=3, budget=40).choose(v, list(v.legal), random.Random(9))
             for _ in range(2)]
    assert moves[0] == moves[1] and moves[0] in v.legal


def test_a_slip_plays_a_beginners_move_without_searching(monkeypatch):
    v = _position("kozel", 4, seed=2)
    lv = TABLE["kozel"]["hard"]
    slipping = {**TABLE["kozel"], "hard": dataclasses.replace(lv, slip=0.999999)}
    monkeypatch.setitem(TABLE, "kozel", slipping)
    agent = get_agent("hard", seed=1)
    assert isinstance(agent, SearchAgent)

    def no_search(*args: object, **kwargs: object) -> None:
        raise AssertionError("a lapse must not search")

    monkeypatch.setattr(agent, "start", no_search)
    lapse = agent.lapse(v, playable(list(v.legal)))
    assert lapse is not None
    assert agent.choose(v, list(v.legal), random.Random(0)) == lapse
    assert list(agent.steps(v, list(v.legal), random.Random(0))) == [lapse]


def test_the_review_runs_the_tables_expert():
    v = _position("vn_iwin", 4, seed=3)
    search = expert_search(v, list(v.legal))
    assert search.cfg == expert_config(v.rs) == TABLE["vn_iwin"]["expert"].search
    agent = get_agent("expert")
    assert isinstance(agent, SearchAgent)
    assert agent.config_for(v.rs) == search.cfg


def test_the_command_lines_help_states_the_tables_expert_budget():
    # cli.py writes the budget out (its --help imports no AI): it must be the table's.
    from domino.tools import cli

    assert cli.EXPERT_BUDGET == levels.budget_text()
    changed = {v: dict(lv) for v, lv in TABLE.items()}
    expert = changed["draw"]["expert"]
    assert expert.search is not None
    changed["draw"]["expert"] = dataclasses.replace(
        expert, search=dataclasses.replace(expert.search, evaluations=999))
    text = levels.budget_text(changed)
    assert text.startswith("800; ") and "999 in draw" in text, text


@pytest.mark.parametrize("variant,players", [("vn_schoolnet", 4), ("doubles", 3),
                                             ("vn_iwin", 4), ("kozel", 4),
                                             ("vn_traditional", 4)])
def test_hard_lapses_as_often_as_the_table_says(variant, players):
    # Where hard is made weaker than expert (E-49, E-91), its lapses are the lever: drawn from
    # each position's own seed, at the table's rate (200 positions: within about 3.5
    # standard errors), and never for expert.
    hard, expert = get_agent("hard"), get_agent("expert")
    assert isinstance(hard, SearchAgent) and isinstance(expert, SearchAgent)
    slip = TABLE[variant]["hard"].slip
    assert slip > 0
    lapses = 0
    n = 200
    for seed in range(n):
        v = _position(variant, players, seed=1000 + seed)
        moves = playable(list(v.legal))
        lapses += hard.lapse(v, moves) is not None
        assert expert.lapse(v, moves) is None
    band = 3.5 * (slip * (1 - slip) / n) ** 0.5
    assert abs(lapses / n - slip) < band, (lapses / n, slip)


def test_a_lapse_is_the_beginners_move_at_the_levels_own_care(monkeypatch):
    # Kozel's hard and medium lapse into the careless beginner's move (care 0.2, E-56):
    # the level's own ``care`` must reach its lapses, or the lever would not move.
    hard = get_agent("hard")
    assert isinstance(hard, SearchAgent)
    lv = TABLE["kozel"]["hard"]

    def lapses(care: float) -> list[object]:
        with monkeypatch.context() as m:
            m.setitem(TABLE, "kozel", {**TABLE["kozel"],
                                       "hard": dataclasses.replace(lv, slip=0.999999,
                                                                   care=care)})
            out = []
            for seed in range(40):
                v = _position("kozel", 4, seed=2000 + seed)
                out.append(hard.lapse(v, playable(list(v.legal))))
            return out

    careless, careful = lapses(0.0), lapses(1.0)
    assert None not in careless and None not in careful
    assert careless == lapses(0.0)  # drawn from the position: the same again
    assert careless != careful
    assert TABLE["kozel"]["hard"].care == TABLE["kozel"]["medium"].care == \
        TABLE["kozel"]["easy"].care
