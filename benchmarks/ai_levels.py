"""AI level ladder: does each level beat the one below it, and how fast does expert decide?

Two measurements, both printed as one JSON object on stdout (a table goes to stderr):

* ``ladder``: for each variant of the target list (draw 2p, vn_traditional 4p, all_fives 2p,
  kozel 4p) and each pair (easy/random, medium/easy, hard/medium, expert/hard) it runs the
  arena exactly as ``python -m domino arena`` does and keeps the stronger agent's hand win
  rate with its 95% Wilson interval, plus both agents' points per hand. A pair passes when
  the interval's lower end is above 0.5. Pairs run in parallel worker processes (``--jobs``).
* ``timing``: expert at its default budget plays ``--timing-hands`` hands against hard in
  each target variant, alone (no parallel jobs), and reports the wall-clock and CPU
  (``time.process_time``) p50/p95 per decision. CPU time is what the move costs; wall time
  also includes whatever else the machine is doing, so the load average is reported too.

The runs behind the figures reported for issue 4 (2 cores, CPython 3.11.7, other jobs running;
all_fives, kozel and mexican_train hands are judged on points, DECISIONS E-17)::

    python benchmarks/ai_levels.py --hands 400 --cheap-hands 3000 --seed 4 --skip-timing
    python benchmarks/ai_levels.py --pairs expert/hard --variants draw --hands 1000 --seed 5 \
        --skip-timing --jobs 1
    python benchmarks/ai_levels.py --skip-ladder --timing-hands 6     # on a quiet machine

Other examples::

    python benchmarks/ai_levels.py --hands 200 --cheap-hands 2000   # everything
    python benchmarks/ai_levels.py --pairs medium/easy --variants draw --hands 1000
    python benchmarks/ai_levels.py --skip-ladder --timing-hands 10
    python -m domino arena --variant draw --players 2 --agents expert,hard --hands 200 --seed 1
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor, as_completed

from domino import Match
from domino.ai import get_agent
from domino.ai.agents import Agent
from domino.hand.moves import Move
from domino.play.view import View
from domino.tools.arena import arena, play_hand

TARGETS = {"draw": 2, "vn_traditional": 4, "all_fives": 2, "kozel": 4}
PAIRS = [("easy", "random"), ("medium", "easy"), ("hard", "medium"), ("expert", "hard")]


def run_pair(job: tuple[str, int, str, str, int, int]) -> dict:
    """One arena run; returns the stronger agent's line of the ladder."""
    variant, players, strong, weak, hands, seed = job
    t0 = time.perf_counter()
    out = arena(variant, {"players": players}, [strong, weak], hands, seed)
    s, w = out["agents"][strong], out["agents"][weak]
    return {
        "variant": variant, "players": players, "pair": f"{strong}/{weak}", "hands": hands,
        "seed": seed, "win_rate": s["win_rate"], "ci95": s["ci95"],
        "decided": s["hands_decided"], "passes": s["ci95"][0] > 0.5,
        "points_per_hand": {strong: s["points_per_hand"], weak: w["points_per_hand"]},
        "decision_ms_p95": {strong: s["decision_ms_p95"], weak: w["decision_ms_p95"]},
        "command": (f"python -m domino arena --variant {variant} --players {players} "
                    f"--agents {strong},{weak} --hands {hands} --seed {seed}"),
        "seconds": round(time.perf_counter() - t0, 1),
    }


class Timed:
    """Seats ``agent`` in ``arena.play_hand`` and keeps the wall-clock and CPU time (ms) of
    each of its decisions (play_hand itself times the wall clock only)."""

    def __init__(self, agent: Agent) -> None:
        self.agent = agent
        self.wall: list[float] = []
        self.cpu: list[float] = []

    def choose(self, v: View, legal: list[Move], rng: random.Random) -> Move:
        """The wrapped agent's move, timed."""
        t0, c0 = time.perf_counter(), time.process_time()
        move = self.agent.choose(v, legal, rng)
        self.wall.append((time.perf_counter() - t0) * 1000)
        self.cpu.append((time.process_time() - c0) * 1000)
        return move


def timing(variant: str, players: int, hands: int, seed: int) -> dict:
    """Expert's decision times at its default budget, seated against hard."""
    expert, hard = Timed(get_agent("expert", seed=seed)), get_agent("hard", seed=seed + 1)
    for h in range(hands):
        m = Match.new(variant, {"players": players}, seed=seed * 7919 + h)
        play_hand(m, [expert if (p + h) % 2 == 0 else hard for p in range(players)],
                  random.Random(h))
    wall, cpu = expert.wall, expert.cpu

    def pct(xs: list[float], q: int) -> float:
        return round(statistics.quantiles(xs, n=100, method="inclusive")[q - 1], 1)

    return {"variant": variant, "players": players, "hands": hands, "decisions": len(wall),
            "wall_ms_p50": pct(wall, 50), "wall_ms_p95": pct(wall, 95),
            "cpu_ms_p50": pct(cpu, 50), "cpu_ms_p95": pct(cpu, 95),
            "cpu_ms_max": round(max(cpu), 1), "under_250ms_p95": pct(wall, 95) < 250}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=200,
                    help="hands per pair and variant when a search level (hard, expert) plays")
    ap.add_argument("--cheap-hands", type=int, default=2000,
                    help="hands per pair and variant between non-search agents (fast)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2)
    ap.add_argument("--variants", default=",".join(TARGETS))
    ap.add_argument("--pairs", default=",".join(f"{a}/{b}" for a, b in PAIRS))
    ap.add_argument("--timing-hands", type=int, default=8)
    ap.add_argument("--skip-ladder", action="store_true")
    ap.add_argument("--skip-timing", action="store_true")
    args = ap.parse_args()
    variants = [v for v in args.variants.split(",") if v]
    pairs = [tuple(p.split("/")) for p in args.pairs.split(",") if p]
    report: dict = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    if not args.skip_ladder:
        search = {"hard", "expert"}
        jobs = [(v, TARGETS[v], a, b,
                 args.hands if {a, b} & search else args.cheap_hands, args.seed)
                for v in variants for a, b in pairs]
        # Longest first so the two workers finish together.
        cost = {"random": 0, "easy": 0, "medium": 0, "hard": 1, "expert": 3}
        jobs.sort(key=lambda j: -(cost[j[2]] + cost[j[3]]))
        rows = []
        with ProcessPoolExecutor(max_workers=args.jobs) as pool:
            for future in as_completed([pool.submit(run_pair, job) for job in jobs]):
                r = future.result()
                rows.append(r)
                print(f"{r['variant']:>15} {r['players']}p {r['pair']:>14}  "
                      f"win {r['win_rate']:.3f} ci95 [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]  "
                      f"{'PASS' if r['passes'] else 'no'}  pts {r['points_per_hand']}  "
                      f"({r['seconds']} s)", file=sys.stderr, flush=True)
        rows.sort(key=lambda r: (variants.index(r["variant"]),
                                 [f"{a}/{b}" for a, b in pairs].index(r["pair"])))
        report["ladder"] = rows
    if not args.skip_timing:
        report["timing"] = []
        for v in variants:
            t = timing(v, TARGETS[v], args.timing_hands, args.seed)
            report["timing"].append(t)
            print(f"{v:>15} expert: wall p50 {t['wall_ms_p50']} p95 {t['wall_ms_p95']} ms, "
                  f"cpu p50 {t['cpu_ms_p50']} p95 {t['cpu_ms_p95']} ms "
                  f"({t['decisions']} decisions)", file=sys.stderr)
        report["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report))


if __name__ == "__main__":
    main()
