"""Arena: agents play hands against each other; win rates with 95% intervals and timings.

Each arena hand is the *first hand of a new Match* whose seed is derived from the arena seed
(``hand_seed``), so every hand is dealt and led by the variant's first-hand rule (for example
the highest double in vn_traditional and kozel, a random seat in all_fives). Agents sit
alternately round the table (agent ``i`` of ``k`` at seats ``i``, ``i + k``, ...) and the
seating rotates by one seat every hand, so over many hands each agent sees each seat and
each deal position. With partnerships the two teams are the two agents (at most two agents).

A hand counts as *decided* when its result names a winner (a tied block scores nothing and
is undecided); an agent *wins* it when the winner is one of its seats. Where points, not
going out first, decide a match, the hand is judged on points instead: in all_fives the
agent whose seats scored the most in it (counts during play and the end bonus), in kozel and
mexican_train the agent whose seats took the fewest penalty points (per seat, on average);
a tie for the best is undecided (DECISIONS E-17). ``points_per_hand`` is
the result's ``delta`` for the agent's seats, in the variant's own unit (money, points; for
kozel and mexican_train these are penalty points, lower is better), summed over its seats
but counting a partnership's shared score once. Decisions with a single sensible move are
played without asking the agent and are not timed. Intervals are Wilson score intervals.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from typing import Any

from ..ai import Agent, get_agent
from ..ai.policy import playable
from ..ai.stats import wilson
from ..errors import OptionError
from ..hand.result import HandResult
from ..match.match import Match
from ..play.view import view
from ..rules.ruleset import Ruleset, get_ruleset


def hand_seed(seed: int, hand: int) -> int:
    """The Match seed of arena hand ``hand`` (0-based)."""
    return int(seed) * 7919 + hand


def seating(agents: int, players: int, hand: int) -> list[int]:
    """Agent index at every seat in arena hand ``hand``: alternating, rotated each hand."""
    return [(seat + hand) % agents for seat in range(players)]


def _percentile(values: list[float], q: float) -> float:
    if not values:
        return 0.0
    if len(values) == 1:
        return values[0]
    return statistics.quantiles(values, n=100, method="inclusive")[int(q) - 1]


def arena(variant: str, options: dict[str, Any], agents: list[str], hands: int, seed: int,
          jobs: int = 1) -> dict[str, Any]:
    """Play ``hands`` hands of ``variant`` between ``agents`` and summarise each agent.

    Returns ``{"hands": H, "agents": {name: {"hands_won", "hands_decided", "win_rate",
    "ci95", "points_per_hand", "decision_ms_p50", "decision_ms_p95"}}}``. An agent named
    twice (self-play) is reported as ``name``, ``name#2``, ... With ``jobs`` above 1 the
    hands are shared among that many processes; every hand is dealt and played from its
    own seeds, so the results are the same as with one (the timings are not: the processes
    share the machine). ``jobs`` is held to the hands and the machine's CPUs (the CLI refuses
    more than the CPUs).
    """
    names = [a.strip() for a in agents if a.strip()]
    if not names:
        raise OptionError("--agents needs at least one agent name")
    rs = get_ruleset(variant, options)
    if rs.teams(rs.players) and len(names) > 2:
        raise OptionError("with partnerships each team is one agent: give at most two agents")
    labels: list[str] = []
    for name in names:
        label, i = name, 2
        while label in labels:
            label, i = f"{name}#{i}", i + 1
        labels.append(label)
    _agents(names, seed)  # an unknown name is refused here, before any process starts
    # More processes than CPUs only adds start-up cost (the results do not depend on it).
    jobs = max(1, min(int(jobs), hands, os.cpu_count() or 1))
    ranges = [(j * hands // jobs, (j + 1) * hands // jobs) for j in range(jobs)]
    if jobs == 1:
        parts = [_play_hands(variant, options, names, seed, *ranges[0])]
    else:
        from concurrent.futures import ProcessPoolExecutor

        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(_play_hands, [variant] * jobs, [options] * jobs,
                                  [names] * jobs, [seed] * jobs, *zip(*ranges, strict=True)))
    k = len(names)
    won = [sum(part[0][a] for part in parts) for a in range(k)]
    decided = [sum(part[1][a] for part in parts) for a in range(k)]
    points = [sum(part[2][a] for part in parts) for a in range(k)]
    timings = [[t for part in parts for t in part[3][a]] for a in range(k)]
    out: dict[str, Any] = {}
    for a, label in enumerate(labels):
        out[label] = {
            "hands_won": won[a],
            "hands_decided": decided[a],
            "win_rate": round(won[a] / decided[a], 4) if decided[a] else None,
            "ci95": wilson(won[a], decided[a]),
            "points_per_hand": round(points[a] / hands, 3),
            "decision_ms_p50": round(_percentile(timings[a], 50), 2),
            "decision_ms_p95": round(_percentile(timings[a], 95), 2),
        }
    return {"hands": hands, "agents": out}


def _play_hands(variant: str, options: dict[str, Any], names: list[str], seed: int, first: int,
                stop: int) -> tuple[list[int], list[int], list[int], list[list[float]]]:
    """Arena hands ``first`` to ``stop - 1``: per agent, hands won, hands decided, points,
    and decision times (ms)."""
    rs = get_ruleset(variant, options)
    n = rs.players
    teams = rs.teams(n)
    players = _agents(names, seed)
    k = len(players)
    won = [0] * k
    decided = [0] * k
    points = [0] * k
    timings: list[list[float]] = [[] for _ in range(k)]
    for h in range(first, stop):
        m = Match.new(rs.id, dict(options), seed=hand_seed(seed, h))
        seat_agent = seating(k, n, h)
        result = play_hand(m, [players[a] for a in seat_agent],
                           random.Random(hand_seed(seed, h) * 31 + 17),
                           [timings[a] for a in seat_agent])
        winners = _hand_winners(rs, result, seat_agent, k)
        for a in range(k):
            seats = [p for p in range(n) if seat_agent[p] == a]
            if winners is not None:
                decided[a] += 1
                if a in winners:
                    won[a] += 1
            points[a] += _agent_points(rs, teams, result.delta, seats)
    return won, decided, points, timings


def _agents(names: list[str], seed: int) -> list[Agent]:
    """The arena's agents, each with its own seed; an unknown name is an OptionError."""
    try:
        return [get_agent(name, seed=seed + 101 * i) for i, name in enumerate(names)]
    except ValueError as exc:
        raise OptionError(str(exc)) from None


def play_hand(m: Match, agents: list[Agent], rng: random.Random,
              timings: list[list[float]] | None = None) -> HandResult:
    """Play the current hand of ``m`` to its end, ``agents[seat]`` choosing for each seat, and
    return its result. A decision with a single sensible move is played without asking; the
    others' durations (ms) go to ``timings[seat]`` when given."""
    hand = m.hand  # played in place to its end
    assert hand is not None
    while m.to_move is not None:
        seat = m.to_move
        legal = m.legal()
        sensible = playable(legal)
        if len(sensible) == 1:
            move = sensible[0]
        else:
            t0 = time.perf_counter()
            move = agents[seat].choose(view(hand, seat), legal, rng)
            if timings is not None:
                timings[seat].append((time.perf_counter() - t0) * 1000.0)
        m.play(move)
    result = m.hand_result
    assert result is not None  # (the hand has ended)
    return result


def warm_up(m: Match, agents: list[Agent], hands: int, seed: int) -> bool:
    """Play the first ``hands`` hands of ``m`` with ``agents`` (hand ``h`` with
    ``random.Random(seed * 1000 + h)``) and deal the next one, so that a later hand of a match
    can be measured (in kozel, one where the records of those who took 13 or more are open).
    False if the match ended first."""
    for h in range(hands):
        play_hand(m, agents, random.Random(seed * 1000 + h))
        if m.over:
            return False
        m.next_hand()
    return not m.over


def _hand_winners(rs: Ruleset, result: HandResult, seat_agent: list[int], k: int
                  ) -> set[int] | None:
    """The agents that won the hand, or None when it is undecided.

    Normally the agents holding the result's winner seat(s). In variants where points,
    not going out, decide the match (``points_decided``) the agent whose seats did best on
    average in the hand: scored the most in all_fives, took the fewest penalty points in
    kozel and mexican_train; a tie for the best is undecided.
    """
    if points_decided(rs):
        sign = points_sign(rs)
        scores = [(sign * mean, a) for a, mean in enumerate(seat_means(result.delta, seat_agent, k))
                  if mean is not None]
        scores.sort(reverse=True)
        if len(scores) < 2 or scores[0][0] == scores[1][0]:
            return None
        return {scores[0][1]}
    winners = result.winner if isinstance(result.winner, list) else (
        [] if result.winner is None else [result.winner])
    if not winners:
        return None
    return {seat_agent[p] for p in winners}


def seat_means(delta: list[int], seat_agent: list[int], k: int) -> list[float | None]:
    """Each agent's average ``delta`` over the seats it holds (None for an agent without
    seats): the per-seat figure hands are judged on where points decide."""
    means: list[float | None] = []
    for a in range(k):
        values = [d for p, d in enumerate(delta) if seat_agent[p] == a]
        means.append(sum(values) / len(values) if values else None)
    return means


def points_sign(rs: Ruleset) -> int:
    """+1 where more points are better (points scored), -1 where they are penalties
    (kozel, mexican_train)."""
    return -1 if points_decided(rs) and rs.standing_rule.lower_is_better else 1


def points_decided(rs: Ruleset) -> bool:
    """Whether hands are judged on points: all_fives (scored during play), and the penalty
    variants kozel and mexican_train, whose matches are decided by penalty points, not by
    who goes out (DECISIONS E-17): their standing is one where lower totals are better."""
    return bool(rs.end_count_scoring) or rs.standing_rule.lower_is_better


def _agent_points(rs: object, teams: list[list[int]] | None, delta: list[int],
                  seats: list[int]) -> int:
    """The agent's share of a hand's ``delta``: money adds up over seats; a partnership's
    points are the team's score, held by each partner, so they are counted once per team."""
    if teams and not getattr(rs, "money", False):
        counted = set()
        total = 0
        for p in seats:
            team = next(tuple(t) for t in teams if p in t)
            if team not in counted:
                counted.add(team)
                total += delta[p]
        return total
    return sum(delta[p] for p in seats)
