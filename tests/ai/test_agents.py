"""AI agents: legal moves everywhere, knowledge only from the view, sound inference, sampled
worlds consistent with the view, determinism, and the chunked search interface.

RULES.md: 1.6, 2.5 (the AI's legal moves and kozel's records in its utility)
"""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from domino import Match, apply_unchecked, legal_moves, view
from domino.ai import AGENTS, get_agent, infer, sample_world, search
from domino.ai.policy import playable
from domino.rules.ruleset import REGISTRY

SMALL = 12  # search budget for quick tests


def configs() -> list[tuple[str, dict]]:
    out = []
    for vid, rs in REGISTRY.items():
        for n in range(rs.min_players, rs.max_players + 1):
            out.append((vid, {"players": n}))
    out += [
        ("vn_traditional", {"players": 4, "partnership": True}),
        ("vn_traditional", {"players": 3, "blank_wild": True}),
        ("vn_traditional", {"players": 2, "drawn_tile_optional": True}),
        ("draw", {"players": 2, "voluntary_draw": True, "reserve": "classic"}),
        ("block", {"players": 4, "partnership": True}),
        ("all_fives", {"players": 4, "partnership": True, "spinners": "all"}),
        ("doubles", {"players": 3, "unlock_mode": "spinner_only"}),
        ("kozel", {"players": 4, "lead_double": "lowest_from_1_1"}),
        ("mexican_train", {"players": 3, "first_turn_multi": True, "allow_double_chain": True}),
        ("mexican_train", {"players": 2, "set": "double_nine"}),
        ("vn_schoolnet", {"players": 3, "blocker_mode": "last_placer"}),
    ]
    return out


def positions(variant: str, options: dict, seed: int, every: int):
    """Real hands played by random moves; yields (state, seat) at every ``every``-th decision
    where the seat to move has a choice."""
    m = Match.new(variant, dict(options), seed=seed)
    s = m.hand
    rng = random.Random(seed)
    i = 0
    while not s.over:
        legal = legal_moves(s)
        sensible = playable(legal)
        if len(sensible) > 1:
            if i % every == 0:
                yield s, s.to_move
            i += 1
        apply_unchecked(s, sensible[int(rng.random() * len(sensible))])


@pytest.mark.parametrize("variant,options", configs(),
                         ids=[f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items())}"
                              for v, o in configs()])
def test_every_agent_returns_a_legal_move(variant, options):
    agents = [get_agent(name, seed=3, budget=SMALL) for name in AGENTS]
    every = 40 if variant == "mexican_train" else 5
    seen = 0
    for s, seat in positions(variant, options, seed=2, every=every):
        v = view(s, seat)
        legal = list(v.legal)
        for agent in agents:
            move = agent.choose(v, legal, random.Random(1))
            assert move in legal, (agent.name, str(move), [str(x) for x in legal])
            assert move.kind != "leave"
        seen += 1
        if seen >= 3:
            break
    assert seen > 0


def test_views_are_all_agents_get():
    """Two hands that differ only in hidden tiles give the same view, hence the same move."""
    m = Match.new("draw", {"players": 2}, seed=4)
    s = m.hand
    rng = random.Random(0)
    for _ in range(6):
        apply_unchecked(s, playable(legal_moves(s))[int(rng.random() * 2) % len(
            playable(legal_moves(s)))])
    seat = s.to_move
    other = 1 - seat
    twin = s.copy()
    # Swap one hidden tile of the opponent with one from the boneyard: a different world
    # that the seat to move cannot tell apart.
    twin.hands[other][0], twin.boneyard[0] = twin.boneyard[0], twin.hands[other][0]
    v1, v2 = view(s, seat), view(twin, seat)
    assert v1 == v2
    for name in ("medium", "hard", "expert"):
        agent = get_agent(name, seed=9, budget=60)
        a = agent.choose(v1, list(v1.legal), random.Random(5))
        b = agent.choose(v2, list(v2.legal), random.Random(5))
        assert a == b


def _ends_options(s, seat):
    """Tiles that ``seat`` could place in the real state ``s`` (from the engine itself)."""
    from domino.tiles import full_set

    return {t for t in full_set(s.rs.max_pip) if s.layout.options(t, seat)}


@pytest.mark.parametrize("variant,options", [
    ("draw", {"players": 2}), ("block", {"players": 2}), ("vn_traditional", {"players": 4}),
    ("kozel", {"players": 4}), ("all_fives", {"players": 3}), ("vn_iwin", {"players": 4}),
    ("doubles", {"players": 2}), ("mexican_train", {"players": 4}),
])
def test_sampled_worlds_are_consistent_with_the_view(variant, options):
    rng = random.Random(7)
    for seed in range(3 if variant != "mexican_train" else 1):
        m = Match.new(variant, dict(options), seed=seed)
        s = m.hand
        # Passes seen in the real game: (seat, tiles it could not have held, history length).
        passes: list[tuple[int, set, int]] = []
        while not s.over:
            seat = s.to_move
            legal = legal_moves(s)
            v = view(s, seat)
            k = infer(v)
            # Inference is sound: the truth never breaks what it claims.
            for p in range(s.n):
                assert not set(s.hands[p]) & k.hard[p], (p, v.history)
            for c in k.soft:
                assert len(c.forbidden & set(s.hands[c.seat])) <= c.allowance
            w = sample_world(v, rng, k)
            assert sorted(w.hands[seat]) == sorted(v.hand)
            assert [len(h) for h in w.hands] == list(v.counts)
            assert len(w.boneyard) == v.boneyard
            on_table = set(s.layout.placed())
            for p in range(s.n):
                assert not set(w.hands[p]) & on_table
            assert not set(w.boneyard) & on_table
            everything = [t for h in w.hands for t in h] + w.boneyard + list(on_table)
            assert len(everything) == len(set(everything)) == len(set(s.layout.placed()) | {
                t for h in s.hands for t in h} | set(s.boneyard))
            assert sorted(map(str, legal_moves(w))) == sorted(map(str, legal))
            assert w.layout.to_json() == v.layout
            for p, cannot, at in passes:
                drew_since = any(q == p and text == "draw" for q, text in v.history[at:])
                if p != seat and not drew_since and w.hands[p]:
                    assert not set(w.hands[p]) & cannot, (p, cannot, w.hands[p])
            sensible = playable(legal)
            move = sensible[int(rng.random() * len(sensible))]
            if move.kind == "pass":
                passes.append((seat, _ends_options(s, seat), len(s.history) + 1))
            apply_unchecked(s, move)


def test_lead_inference_rules_out_higher_doubles():
    """vn_traditional 2p: whoever leads 5-5 proves nobody was dealt 6-6."""
    for seed in range(60):
        m = Match.new("vn_traditional", {"players": 2}, seed=seed)
        s = m.hand
        lead = legal_moves(s)[0]
        if lead.tile != (5, 5):
            continue
        apply_unchecked(s, lead)
        v = view(s, s.to_move)
        k = infer(v)
        other = 1 - s.to_move
        assert (6, 6) in k.hard[other] or (6, 6) in v.hand
        return
    pytest.skip("no 5-5 lead in the seeds tried")


@pytest.mark.parametrize("name", ["easy", "medium", "hard", "expert"])
def test_determinism_under_a_seed(name):
    m = Match.new("all_fives", {"players": 2}, seed=12)
    s = m.hand
    rng = random.Random(3)
    for _ in range(5):
        sensible = playable(legal_moves(s))
        apply_unchecked(s, sensible[int(rng.random() * len(sensible))])
    v = view(s, s.to_move)
    picks = {str(get_agent(name, seed=5, budget=80).choose(v, list(v.legal), random.Random(2)))
             for _ in range(3)}
    assert len(picks) == 1


def test_chunked_search_progress_and_hints():
    m = Match.new("kozel", {"players": 4}, seed=3)
    s = m.hand
    rng = random.Random(1)
    while len(playable(legal_moves(s))) < 2:
        sensible = playable(legal_moves(s))
        apply_unchecked(s, sensible[int(rng.random() * len(sensible))])
    v = view(s, s.to_move)
    agent = get_agent("expert", seed=1, budget=90)
    steps = list(agent.think(v, list(v.legal), random.Random(4), chunk=10))
    assert len(steps) >= 2
    assert all(not x["done"] for x in steps[:-1]) and steps[-1]["done"]
    assert steps[-1]["move"] in v.legal
    assert steps[-1]["move"] == agent.choose(v, list(v.legal), random.Random(4))
    hints = agent.analyze(v, list(v.legal), random.Random(4))
    assert {h["move"] for h in hints} == {str(x) for x in playable(list(v.legal))}
    # The hint ranks by the search's means; the move played is the search's best, which keeps
    # the heuristic's favourite unless the searched top is clearly better (Search.best).
    searched = agent.start(v, list(v.legal), random.Random(4))
    searched.run()
    assert [h["move"] for h in hints] == [str(m) for m, _, _ in searched.ranking()]
    assert steps[-1]["move"] == searched.best()
    # Cancelling: stop iterating after the first chunk; nothing else runs.
    gen = agent.think(v, list(v.legal), random.Random(4), chunk=5)
    first = next(gen)
    gen.close()
    # A chunk ends after the evaluation that crosses it; the dearest single evaluation is
    # an exact solve stopped at its node limit.
    cfg = agent.config_for(v.rs)
    dearest = max(cfg.node_limit / search.SOLVE_NODES_PER_EVALUATION,
                  cfg.line_node_limit / search.LINE_NODES_PER_EVALUATION)
    assert first["evaluations"] <= 5 + dearest
    assert first["evaluations"] < 90  # stopped before the budget


def test_wall_clock_cap():
    m = Match.new("draw", {"players": 2}, seed=8)
    s = m.hand
    apply_unchecked(s, legal_moves(s)[0])
    while len(playable(legal_moves(s))) < 2 and not s.over:
        apply_unchecked(s, playable(legal_moves(s))[0])
    v = view(s, s.to_move)
    import time

    agent = get_agent("expert", seed=1, budget=10**7, time_limit=0.05)
    t0 = time.perf_counter()
    move = agent.choose(v, list(v.legal), random.Random(0))
    assert time.perf_counter() - t0 < 1.0
    assert move in v.legal


def test_endgame_is_solved_exactly():
    """Late in a block hand the expert solves worlds instead of playing them out."""
    m = Match.new("block", {"players": 2}, seed=21)
    s = m.hand
    rng = random.Random(2)
    agent = get_agent("expert", seed=2)
    while not s.over:
        sensible = playable(legal_moves(s))
        if len(sensible) > 1 and sum(len(h) for h in s.hands) <= 7:
            v = view(s, s.to_move)
            search = agent.start(v, list(v.legal), random.Random(0))
            search.run()
            assert search.solved > 0
            return
        apply_unchecked(s, sensible[int(rng.random() * len(sensible))])
    pytest.skip("the hand ended before the endgame")


def test_unknown_agent():
    with pytest.raises(ValueError):
        get_agent("grandmaster")


def test_utility_follows_the_settlement():
    from domino import get_ruleset
    from domino.ai.evaluate import Utility
    from domino.settlement.settle import HandResult

    def result(delta):
        return HandResult("domino", 0, None, None, [0, 1, 2, 3], [0] * 4, delta)

    # Money with partnerships: the team's money adds up.
    rs = get_ruleset("vn_traditional", {"players": 4, "partnership": True})
    u = Utility(rs, 4, 0, 1)
    assert u(result([2000, -2000, 2000, -2000])) == 4000
    assert u.maximizing(2) and not u.maximizing(1)
    # Kozel, first hand: a closed record ignores a hand under 13 (RULES.md 2.5).
    rs = get_ruleset("kozel", {"players": 4})
    u = Utility(rs, 4, 0, 1)
    assert u(result([12, 0, 0, 0])) > u(result([13, 0, 0, 0])) + 10
    # A later hand before anyone has recorded: every record is still closed.
    u = Utility(rs, 4, 0, 2, match_totals=[0, 0, 0, 0])
    assert u(result([12, 0, 0, 0])) > u(result([13, 0, 0, 0])) + 10
    # Once a record is open, every point counts.
    u = Utility(rs, 4, 0, 2, match_totals=[20, 0, 0, 0])
    assert u(result([12, 0, 0, 0])) < u(result([0, 0, 0, 0])) - 10
    # ... and with records known, reaching 101 makes the goat.
    u = Utility(rs, 4, 0, 3, match_totals=[95, 20, 0, 0])
    assert u(result([5, 0, 0, 0])) > u(result([6, 0, 0, 0])) + 30
    # Mexican Train: pips left are a cost.
    rs = get_ruleset("mexican_train", {"players": 2})
    u = Utility(rs, 2, 1, 1)
    assert u(result([30, 0])) > u(result([0, 30]))


def test_a_win_bonus_values_the_hand_won():
    """``win_bonus`` adds its units for a hand the side wins (the result's winner), takes
    them away for one another side wins, and leaves a tied block at its points: a small win
    then beats a large loss's difference, and the points still order two wins."""
    from domino import get_ruleset
    from domino.ai.evaluate import Utility
    from domino.settlement.settle import HandResult

    rs = get_ruleset("block", {"players": 2})
    plain, bonus = Utility(rs, 2, 0, 1), Utility(rs, 2, 0, 1, win_bonus=100.0)
    won = HandResult("domino", 0, None, None, [0, 1], [0, 3], [3, 0])
    big = HandResult("domino", 0, None, None, [0, 1], [0, 30], [30, 0])
    lost = HandResult("blocked", 1, None, None, [1, 0], [9, 8], [0, 9])
    tied = HandResult("blocked", None, None, None, [0, 1], [8, 8], [0, 0])
    assert (plain(won), plain(lost), plain(tied)) == (3.0, -9.0, 0.0)
    assert (bonus(won), bonus(lost), bonus(tied)) == (103.0, -109.0, 0.0)
    assert bonus(big) > bonus(won) > bonus(tied) > bonus(lost)
    # With partnerships the winner is the team's list of seats.
    rs = get_ruleset("block", {"players": 4, "partnership": True})
    team = HandResult("domino", [1, 3], None, None, [1, 3, 0, 2], [5, 0, 5, 0], [0, 10, 0, 10])
    assert Utility(rs, 4, 3, 1, win_bonus=50.0)(team) == 60.0
    assert Utility(rs, 4, 0, 1, win_bonus=50.0)(team) == -60.0


@pytest.mark.parametrize("level", ["medium", "hard"])
def test_steps_end_with_the_move_choose_picks(level):
    """``steps`` (the browser worker's chunked decision) ends with ``choose``'s move; a search
    yields None between its chunks."""
    m = Match.new("draw", {"players": 2}, seed=5)
    while len(playable(m.legal())) < 2:
        m.play(playable(m.legal())[0])
    v = view(m.hand, m.to_move)
    agent = get_agent(level, seed=3)
    steps = list(agent.steps(v, m.legal(), random.Random(7)))
    assert steps[-1] == agent.choose(v, m.legal(), random.Random(7))
    assert all(s is None for s in steps[:-1])
    if level == "hard":
        assert len(steps) > 1


def test_a_search_may_take_its_worlds_from_another_sampler():
    """``Search(sampler=...)``: every world comes from it (benchmarks/ai_decisions.py passes
    the true deal for its clairvoyant bound); without one, worlds are sampled as usual."""
    m = Match.new("kozel", {"players": 4}, seed=3)
    s = m.hand
    rng = random.Random(1)
    while len(playable(legal_moves(s))) < 2:
        apply_unchecked(s, playable(legal_moves(s))[0])
    v = view(s, s.to_move)
    calls = []

    def truth(view_, rng_, k):
        calls.append(k.seat)
        return s.copy()

    searched = search.Search(v, list(v.legal), rng, search.SearchConfig(evaluations=30),
                             sampler=truth)
    searched.run()
    assert calls and set(calls) == {s.to_move} and searched.worlds == len(calls)
    assert searched._world.hands == s.hands and searched._world.boneyard == s.boneyard
    plain = search.Search(v, list(v.legal), rng, search.SearchConfig(evaluations=30))
    assert plain._sample is sample_world


def test_a_start_position_lead_proves_nothing_the_rule_did_not_force():
    """A record may start a hand before the lead with a seat to move that the lead rule would
    not have chosen: then its lead is free, and proves nothing about the others' doubles."""
    record = {
        "format": "domino-record", "version": 1, "variant": "vn_traditional",
        "options": {"players": 3}, "seed": 1, "match": {},
        "hands": [{"start": {
            "hands": [["5-5", "4-1", "3-0"], ["2-1", "2-0", "1-0"], ["6-6", "6-1", "0-0"]],
            "boneyard": ["4-4", "3-3"], "line": [], "to_move": 0},
            "moves": ["5-5"]}],
    }
    m = Match.from_record(record)
    v = view(m.hand, 1)
    assert not v.start.forced_lead
    k = infer(v)
    assert (6, 6) not in k.hard[2]
    for p in range(3):
        assert not set(m.hand.hands[p]) & k.hard[p]


def test_a_world_leaves_out_the_tiles_a_start_put_out_of_play():
    """C-02 holds only some of the tiles: a sampled world's boneyard has the view's count, and
    the tiles nobody can see beyond the hands and the boneyard stay out of play."""
    import json

    path = Path(__file__).resolve().parents[1] / "data" / "scenarios" / "C-02.json"
    m = Match.from_record(json.loads(path.read_text(encoding="utf-8")))
    v = view(m.hand, m.to_move)
    k = infer(v)
    assert len(k.unknown) > sum(v.counts) - len(v.hand) + v.boneyard
    w = sample_world(v, random.Random(3), k)
    assert len(w.boneyard) == v.boneyard
    assert sorted(map(str, legal_moves(w))) == sorted(map(str, v.legal))


@pytest.mark.parametrize("common", [False, True])
def test_common_random_numbers_give_a_worlds_playouts_one_stream(common, monkeypatch):
    """``SearchConfig.common_numbers``: every candidate's playout in a world starts from the
    same random state (its paired differences lose the playouts' own noise); off, each
    playout draws on from the search's stream. The choice stays a function of the seed."""
    m = Match.new("kozel", {"players": 4}, seed=3)
    s = m.hand
    while len(playable(legal_moves(s))) < 2:
        apply_unchecked(s, playable(legal_moves(s))[0])
    v = view(s, s.to_move)
    cfg = search.SearchConfig(evaluations=60, endgame_tiles=0, prune=False,
                              common_numbers=common)
    starts: list[tuple[int, object]] = []
    playout = search.Search._playout

    def recording(self, state, rng):
        starts.append((self.worlds, rng.getstate()))
        return playout(self, state, rng)

    monkeypatch.setattr(search.Search, "_playout", recording)
    first = search.Search(v, list(v.legal), random.Random(4), cfg)
    first.run()
    by_world: dict[int, set] = {}
    for world, state in starts:
        by_world.setdefault(world, set()).add(state)
    worlds = [by_world[w] for w in sorted(by_world)]
    assert len(worlds) >= 3 and len(first.candidates) >= 2
    if common:
        assert all(len(states) == 1 for states in worlds)
    else:  # (the last world may have been cut short after one candidate)
        assert all(len(states) > 1 for states in worlds[:-1])
    again = search.Search(v, list(v.legal), random.Random(4), cfg)
    again.run()
    assert again.best() == first.best() and again.values == first.values
