"""Duplicate deals: two agents play every deal once from each side, for finer comparisons.

The arena deals a new hand every time, so the luck of the deal is most of the variance of a
hand's result: in 4-player kozel a 1.6-point edge per hand moves the hand win rate by only
about two points. Here each deal is played twice, once with agent A at the even seats and B
at the odd ones, once the other way round (the same Match seed, so the same tiles and the
same leader), and the measure is the *per-deal* difference of the two agents' points per seat,
averaged over both games. Its mean and standard error say how much better A does on points,
with the deal's luck cancelled. The hand win counts (judged as the arena judges them,
``domino.tools.arena``) are reported too.

``--warmup-hands K`` measures a later hand of a match instead of the first: K hands are first
played by ``medium`` at every seat (the same moves in both games of a deal, since they depend
only on the deal), and only the next hand is compared. In kozel that is the difference between
records still closed (a hand under 13 points is not recorded) and records open for whoever
took 13 or more in the warm-up.

Either agent may be a search level with changed parameters, which is what this is for (tuning
a level against another before an arena run): ``--a-config '{"evaluations": 3200}'`` replaces
those ``SearchConfig`` fields of the named level for agent A.

Points are the result's ``delta`` in the variant's own unit; for kozel and mexican_train they
are penalty points, and the sign is turned so that a positive difference always means A did
better.

Usage::

    python benchmarks/ai_duplicate.py --variant kozel --players 4 --a expert --b hard --deals 300
    python benchmarks/ai_duplicate.py --variant kozel --players 4 --a expert --b hard \\
        --a-config '{"greed": 0.9}' --deals 300 --first-deal 0
    python benchmarks/ai_duplicate.py --variant block --players 4 --options \\
        '{"partnership": true, "hand_size": 7}' --a expert --b expert \\
        --a-config '{"infer_worlds": 8, "infer_firmness": 0.5}' --deals 100
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import time

from domino import Match
from domino.ai import SearchAgent, get_agent
from domino.ai.agents import Agent
from domino.ai.stats import mean_se
from domino.rules.ruleset import get_ruleset
from domino.tools.arena import _hand_winners, play_hand, points_sign, seat_means, warm_up


def make_agent(name: str, overrides: dict, seed: int, variant: str,
               options: dict | None = None) -> Agent:
    """Agent ``name``; for a search level, with the given ``SearchConfig`` fields replaced
    in its level-table settings for ``variant`` with ``options``."""
    agent = get_agent(name, seed=seed)
    if overrides:
        if not isinstance(agent, SearchAgent):
            raise SystemExit(f"{name} is not a search level: it has no config to change")
        agent.config = dataclasses.replace(agent.config_for(get_ruleset(variant, options)),
                                           **overrides)
    return agent


def duplicate(variant: str, players: int, a: Agent, b: Agent, deals: int, first: int,
              warmup: int = 0, options: dict | None = None) -> dict:
    """Play ``deals`` deals twice each, sides swapped; the per-deal point difference A - B.
    With ``warmup`` hands played first by ``medium`` everywhere, the compared hand is the one
    after them (a deal whose match ends during the warm-up is skipped). ``options``: the
    variant's options besides ``players``. With partnerships A holds one team and B the
    other (the even and the odd seats are the teams), so a deal is the same two teams'
    hands with the agents swapped."""
    opts = {**(options or {}), "players": players}
    rs = get_ruleset(variant, opts)
    sign = points_sign(rs)
    warm = [get_agent("medium", seed=13)] * players
    diffs: list[float] = []
    won = [0, 0]
    decided = 0
    points = [0.0, 0.0]
    for d in range(first, first + deals):
        diff = 0.0
        for swap in (0, 1):
            side = [(p + swap) % 2 for p in range(players)]
            m = Match.new(variant, opts, seed=d)
            if not warm_up(m, warm, warmup, d):
                break
            result = play_hand(m, [(a, b)[s] for s in side], random.Random(d * 2 + swap))
            winners = _hand_winners(rs, result, side, 2)
            if winners is not None:
                decided += 1
                for w in winners:
                    won[w] += 1
            per_seat = seat_means(result.delta, side, 2)
            for agent in (0, 1):
                points[agent] += per_seat[agent]
            diff += sign * (per_seat[0] - per_seat[1]) / 2
        else:
            diffs.append(diff)
    n = len(diffs)
    mean, se = mean_se(diffs)
    return {"variant": variant, "players": players, "options": options or {},
            "warmup_hands": warmup, "deals": n,
            "games": 2 * n,
            "a_minus_b_per_seat": round(mean, 3), "se": round(se, 3),
            "hands_won": won, "hands_decided": decided,
            "points_per_seat": [round(p / (2 * n), 3) for p in points], "diffs": diffs}


def main() -> None:
    """Parse the arguments, run, print JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="kozel")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--a", default="expert")
    ap.add_argument("--b", default="hard")
    ap.add_argument("--a-config", default="{}", help="JSON: SearchConfig fields for A")
    ap.add_argument("--b-config", default="{}", help="JSON: SearchConfig fields for B")
    ap.add_argument("--options", default="{}",
                    help='JSON: the variant\'s options, e.g. \'{"partnership": true}\'')
    ap.add_argument("--deals", type=int, default=100)
    ap.add_argument("--first-deal", type=int, default=0, help="Match seed of the first deal")
    ap.add_argument("--warmup-hands", type=int, default=0,
                    help="hands played by medium before the compared one")
    args = ap.parse_args()
    options = json.loads(args.options)
    a = make_agent(args.a, json.loads(args.a_config), seed=11, variant=args.variant,
                   options={**options, "players": args.players})
    b = make_agent(args.b, json.loads(args.b_config), seed=12, variant=args.variant,
                   options={**options, "players": args.players})
    t0 = time.perf_counter()
    out = duplicate(args.variant, args.players, a, b, args.deals, args.first_deal,
                    args.warmup_hands, options)
    out.update({"a": args.a, "b": args.b, "a_config": json.loads(args.a_config),
                "b_config": json.loads(args.b_config),
                "seconds": round(time.perf_counter() - t0, 1)})
    del out["diffs"]
    print(json.dumps(out, indent=1))


if __name__ == "__main__":
    main()
