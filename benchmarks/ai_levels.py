"""AI level ladder: does each level beat the one below it in every variant, and how fast
does expert decide?

Two measurements, both printed as one JSON object on stdout (a table goes to stderr):

* ``ladder``: for each variant at its usual player count (``TARGETS``: vn_traditional,
  vn_schoolnet, vn_iwin and kozel 4, doubles 3, block, draw and all_fives 2, mexican_train 4,
  and ``kozel_pairs``: kozel 4 in partnerships, ``ROWS``)
  and each rung (medium/easy, hard/medium, expert/hard, and easy/random beside them) it
  measures the stronger level against the weaker one in the variant's way (``MEASURE``):

  - ``hands``: the arena exactly as ``python -m domino arena ... --jobs J`` plays it (the
    same hands, shared among ``--jobs`` processes): the stronger agent's share of decided
    hands with its 95% Wilson interval; the rung is shown when the interval's lower end is
    above 0.5;
  - ``duplicate``: ``ai_duplicate.duplicate``, each deal played twice with the sides
    swapped, deals shared among ``--jobs`` processes: the stronger agent's edge in the
    variant's own unit per seat and hand (points, money; kozel's penalty points turned so
    that more is better), with a 95% interval (1.96 standard
    errors); shown when it excludes 0. Used where hands won say little: four-player kozel
    (alone and in pairs, where each agent holds a team) and three-player doubles, where the luck of a deal decides who takes the fewest penalty
    points or the one score of a hand far more than the level does, while the points are
    what decides the match (the goat, the race to 100); vn_schoolnet, where every loser
    pays the winner its own pips, so a level that sheds weight wins money on hands it does
    not win (E-42, E-49).

  ``--hands`` hands per rung with a search level, ``--cheap-hands`` between levels without
  search (a duplicate plays half as many deals, twice each).
* ``timing``: expert at its default budget plays ``--timing-hands`` hands against hard in
  each variant, alone (no parallel jobs), at its usual player count (``--timing-counts all``:
  every count the variant allows, so Mexican Train with 8), and reports the wall-clock and
  CPU (``time.process_time``) p50/p95 per decision. CPU time is what the move costs; wall
  time also includes whatever else the machine is doing, so the load average is reported.

The level table itself is ``domino.ai.levels`` (docs/DECISIONS.md E-40).

Examples::

    python benchmarks/ai_levels.py --hands 400 --cheap-hands 3000 --jobs 2 --skip-timing
    python benchmarks/ai_levels.py --pairs expert/hard --variants kozel --hands 600 --seed 5 \
        --skip-timing --jobs 2
    python benchmarks/ai_levels.py --skip-ladder --timing-hands 6 --timing-counts all
    python benchmarks/ai_levels.py --pool a.json b.json   # the rungs of two runs together
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
from concurrent.futures import ProcessPoolExecutor

from ai_duplicate import duplicate

from domino import Match
from domino.ai import get_agent
from domino.ai.agents import Agent
from domino.ai.stats import Z95, mean_se, wilson
from domino.hand.moves import Move
from domino.play.view import View
from domino.rules.ruleset import get_ruleset
from domino.tools.arena import arena, play_hand

TARGETS = {"vn_traditional": 4, "vn_schoolnet": 4, "vn_iwin": 4, "doubles": 3, "kozel": 4,
           "block": 2, "draw": 2, "all_fives": 2, "mexican_train": 4, "kozel_pairs": 4}
# Rows that are a variant played with options: the row's name -> (variant, options). Kozel in
# pairs (RULES.md 2.5, issue 27) is its own game for the levels (its own table entry,
# ``levels.table_key``), so it has its own row. ``block_pairs`` (two against two, all 28
# tiles dealt: the peers' game of ai_vs_peers.py) is not in the default ladder; name it in
# ``--variants`` to time expert there.
ROWS: dict[str, tuple[str, dict]] = {
    "kozel_pairs": ("kozel", {"partnership": True}),
    "block_pairs": ("block", {"partnership": True, "hand_size": 7}),
}
PLAYERS = TARGETS | {"block_pairs": 4}  # the player count of every row


def row_rules(row: str) -> tuple[str, dict]:
    """The variant and options (besides ``players``) of ladder row ``row``."""
    return ROWS.get(row, (row, {}))


def options_text(options: dict) -> str:
    """``options`` as the arena's ``--option`` flags."""
    return "".join(f" --option {k}={str(v).lower()}" for k, v in options.items())
# How a rung is shown in each variant (see the module docstring): hands won, or the paired
# duplicate-deal edge in the variant's own unit.
# Duplicate deals where a hand's luck swamps the level (DECISIONS E-42, E-49): kozel (alone
# and in pairs), doubles and vn_schoolnet (money per pip).
MEASURE = {v: "hands" for v in PLAYERS} | {v: "duplicate" for v in (
    "kozel", "kozel_pairs", "doubles", "vn_schoolnet")}
PAIRS = [("easy", "random"), ("medium", "easy"), ("hard", "medium"), ("expert", "hard")]
SEARCH = {"hard", "expert"}


def _duplicate_part(job: tuple[str, int, str, str, int, int]) -> list[float]:
    """One worker's share of a duplicate rung: the per-deal differences."""
    row, players, strong, weak, deals, first = job
    variant, options = row_rules(row)
    a, b = get_agent(strong, seed=11), get_agent(weak, seed=12)
    return list(duplicate(variant, players, a, b, deals, first, options=options)["diffs"])


def edge(diffs: list[float]) -> dict:
    """A duplicate rung's figures from its per-deal differences (kept in the row, so that
    runs on other deals can be pooled: ``--pool``)."""
    mean, se = mean_se(diffs)
    ci = [round(mean - Z95 * se, 3), round(mean + Z95 * se, 3)]
    return {"deals": len(diffs), "edge_per_seat": round(mean, 3), "se": round(se, 3),
            "ci95": ci, "passes": ci[0] > 0, "diffs": [round(d, 4) for d in diffs]}


def pool_hands(rows: list[dict]) -> list[dict]:
    """The hands-won rungs of several reports pooled by variant and rung: the stronger
    agent's wins and the decided hands summed, with the Wilson interval of the sum."""
    pooled: dict[tuple[str, str], dict] = {}
    for row in rows:
        into = pooled.setdefault((row["variant"], row["pair"]), {
            "variant": row["variant"], "players": row["players"], "pair": row["pair"],
            "measure": "hands", "wins": 0, "decided": 0, "hands": 0, "commands": []})
        into["wins"] += round(row["win_rate"] * row["decided"])
        into["decided"] += row["decided"]
        into["hands"] += row["hands"]
        into["commands"].append(row["command"])
    out = []
    for r in pooled.values():
        ci = wilson(r["wins"], r["decided"])
        out.append({**r, "win_rate": round(r["wins"] / max(1, r["decided"]), 4), "ci95": ci,
                    "passes": ci[0] > 0.5})
    return out


def pool(paths: list[str]) -> list[dict]:
    """The rungs of several reports (runs with other ``--seed``, so other deals) pooled by
    variant and rung: a duplicate rung's per-deal differences together, a hands-won rung's
    wins and decided hands summed (``pool_hands``)."""
    pooled: dict[tuple[str, str], dict] = {}
    hands: list[dict] = []
    for path in paths:
        with open(path, encoding="utf-8") as f:
            for row in json.load(f).get("ladder", []):
                if row["measure"] != "duplicate":
                    hands.append(row)
                    continue
                key = (row["variant"], row["pair"])
                into = pooled.setdefault(key, {"variant": row["variant"],
                                               "players": row["players"], "pair": row["pair"],
                                               "measure": "duplicate", "diffs": [],
                                               "commands": []})
                into["diffs"] += row["diffs"]
                into["commands"].append(row["command"])
    return [{**r, **edge(r["diffs"])} for r in pooled.values()] + pool_hands(hands)


def run_pair(variant: str, players: int, strong: str, weak: str, hands: int, seed: int,
             jobs: int) -> dict:
    """One rung, measured as ``MEASURE`` says, shared among ``jobs`` processes."""
    t0 = time.perf_counter()
    name = variant
    variant, options = row_rules(name)
    row: dict = {"variant": name, "players": players, "pair": f"{strong}/{weak}",
                 "measure": MEASURE[name], "seed": seed}
    if MEASURE[name] == "hands":
        out = arena(variant, {**options, "players": players}, [strong, weak], hands, seed,
                    jobs=jobs)
        s, w = out["agents"][strong], out["agents"][weak]
        row.update({
            "hands": hands, "win_rate": s["win_rate"], "ci95": s["ci95"],
            "decided": s["hands_decided"], "passes": s["ci95"][0] > 0.5,
            "points_per_hand": {strong: s["points_per_hand"], weak: w["points_per_hand"]},
            "decision_ms_p95": {strong: s["decision_ms_p95"], weak: w["decision_ms_p95"]},
            "command": (f"python -m domino arena --variant {variant} --players {players}"
                        f"{options_text(options)} --agents {strong},{weak} --hands {hands} "
                        f"--seed {seed} --jobs {jobs}"),
        })
    else:
        deals = max(2, hands // 2)
        first = seed * 10_000
        parts = max(1, min(jobs, deals))
        cuts = [first + deals * j // parts for j in range(parts + 1)]
        work = [(name, players, strong, weak, cuts[j + 1] - cuts[j], cuts[j])
                for j in range(parts)]
        if parts == 1:
            diffs = _duplicate_part(work[0])
        else:
            with ProcessPoolExecutor(parts) as pool:
                diffs = [d for part in pool.map(_duplicate_part, work) for d in part]
        row.update(edge(diffs))
        opts = f" --options '{json.dumps(options)}'" if options else ""
        row["command"] = (f"python benchmarks/ai_duplicate.py --variant {variant} --players "
                          f"{players}{opts} --a {strong} --b {weak} --deals {deals} "
                          f"--first-deal {first}")
    row["seconds"] = round(time.perf_counter() - t0, 1)
    return row


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


def timing(row: str, players: int, hands: int, seed: int) -> dict:
    """Expert's decision times at its default budget, seated against hard."""
    variant, options = row_rules(row)
    expert, hard = Timed(get_agent("expert", seed=seed)), get_agent("hard", seed=seed + 1)
    for h in range(hands):
        m = Match.new(variant, {**options, "players": players}, seed=seed * 7919 + h)
        play_hand(m, [expert if (p + h) % 2 == 0 else hard for p in range(players)],
                  random.Random(h))
    wall, cpu = expert.wall, expert.cpu

    def pct(xs: list[float], q: int) -> float:
        return round(statistics.quantiles(xs, n=100, method="inclusive")[q - 1], 1)

    return {"variant": row, "players": players, "hands": hands, "decisions": len(wall),
            "wall_ms_p50": pct(wall, 50), "wall_ms_p95": pct(wall, 95),
            "cpu_ms_p50": pct(cpu, 50), "cpu_ms_p95": pct(cpu, 95),
            "cpu_ms_max": round(max(cpu), 1), "under_250ms_p95_cpu": pct(cpu, 95) < 250}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--hands", type=int, default=200,
                    help="hands per rung and variant when a search level (hard, expert) plays")
    ap.add_argument("--cheap-hands", type=int, default=2000,
                    help="hands per rung and variant between levels without search (fast)")
    ap.add_argument("--seed", type=int, default=1)
    ap.add_argument("--jobs", type=int, default=2, help="processes per rung")
    ap.add_argument("--variants", default=",".join(TARGETS))
    ap.add_argument("--pairs", default=",".join(f"{a}/{b}" for a, b in PAIRS))
    ap.add_argument("--timing-hands", type=int, default=8)
    ap.add_argument("--timing-counts", choices=("usual", "all"), default="usual",
                    help="player counts to time expert at: the usual one, or every one")
    ap.add_argument("--skip-ladder", action="store_true")
    ap.add_argument("--skip-timing", action="store_true")
    ap.add_argument("--pool", nargs="+", metavar="REPORT",
                    help="only pool the rungs of these saved reports (stdout JSON)")
    args = ap.parse_args()
    if args.pool:
        for r in pool(args.pool):
            if r["measure"] == "hands":
                figure = (f"win {r['win_rate']:.3f} of {r['decided']} decided ci95 "
                          f"[{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]")
            else:
                figure = (f"edge {r['edge_per_seat']:+.2f} per seat and hand over "
                          f"{r['deals']} deals ci95 [{r['ci95'][0]:+.2f}, {r['ci95'][1]:+.2f}]")
            print(f"{r['variant']:>15} {r['players']}p {r['pair']:>14}  {figure}  "
                  f"{'PASS' if r['passes'] else 'no'}", file=sys.stderr)
        print(json.dumps({"pooled": [{k: v for k, v in r.items() if k != "diffs"}
                                     for r in pool(args.pool)]}))
        return
    variants = [v for v in args.variants.split(",") if v]
    pairs = [tuple(p.split("/")) for p in args.pairs.split(",") if p]
    report: dict = {"python": sys.version.split()[0], "cpus": os.cpu_count()}
    if not args.skip_ladder:
        rows = []
        for v in variants:
            for strong, weak in pairs:
                hands = args.hands if {strong, weak} & SEARCH else args.cheap_hands
                r = run_pair(v, PLAYERS[v], strong, weak, hands, args.seed, args.jobs)
                rows.append(r)
                if r["measure"] == "hands":
                    figure = (f"win {r['win_rate']:.3f} of {r['decided']} decided "
                              f"ci95 [{r['ci95'][0]:.3f}, {r['ci95'][1]:.3f}]  "
                              f"pts {r['points_per_hand']}")
                else:
                    figure = (f"edge {r['edge_per_seat']:+.2f} per seat and hand over "
                              f"{r['deals']} deals ci95 [{r['ci95'][0]:+.2f}, "
                              f"{r['ci95'][1]:+.2f}]")
                print(f"{v:>15} {r['players']}p {r['pair']:>14}  {figure}  "
                      f"{'PASS' if r['passes'] else 'no'}  ({r['seconds']} s)",
                      file=sys.stderr, flush=True)
        report["ladder"] = rows
    if not args.skip_timing:
        report["timing"] = []
        for v in variants:
            rs = get_ruleset(row_rules(v)[0])
            counts = (range(rs.min_players, rs.max_players + 1)
                      if args.timing_counts == "all" and v not in ROWS else [PLAYERS[v]])
            for n in counts:
                t = timing(v, n, args.timing_hands, args.seed)
                report["timing"].append(t)
                print(f"{v:>15} {n}p expert: wall p50 {t['wall_ms_p50']} p95 "
                      f"{t['wall_ms_p95']} ms, cpu p50 {t['cpu_ms_p50']} p95 "
                      f"{t['cpu_ms_p95']} max {t['cpu_ms_max']} ms ({t['decisions']} decisions)",
                      file=sys.stderr, flush=True)
        report["load_average"] = [round(x, 2) for x in os.getloadavg()]
    print(json.dumps(report))


if __name__ == "__main__":
    main()
