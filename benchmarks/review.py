"""Move review (``domino.ai.review``, issue 13): how long a review takes, and whether the move
it calls best is the move the expert plays.

Two measurements, printed as one JSON object on stdout (a summary goes to stderr):

* ``timing``: the wall-clock and CPU seconds (``time.process_time``) of reviewing, at the
  review's default budget (the expert's, 800 evaluations per decision), every seat of one
  4-player vn_traditional hand and of one 4-player Mexican Train round (the first round,
  double-twelve). The hands are played by four ``--timing-agent`` players (default hard:
  cheaper to play than expert, and the review's work does not depend on who played), one
  hand per seed for ``--timing-hands`` seeds; the median and the maximum are reported.
* ``quality``: in every variant at its default player count, four experts play hands (seed
  after seed, the first hand of a match each, as ``python -m domino arena`` deals it); every
  decision with a choice is a position, until ``--positions`` of them. The record of each hand
  is reviewed at ``--budget`` (default the expert's), and the position counts as agreeing when
  the review's ``best`` is the move the expert played at its own default budget (its own
  seed: the two searches sample different worlds). The rate per variant comes with its 95%
  Wilson interval. Issue 13's aim: at least 90% in every variant. Beside it,
  ``unmarked_rate``: the share of those positions where the review puts no mark on the
  expert's move (its loss, if any, is below the inaccuracy threshold or within noise);
  with ``--baseline``, ``expert_again_rate``: how often a second expert (another seed, the
  default budget) plays the same move, the ceiling of what any judge seeded differently can
  agree with.

Variants run in parallel processes with ``--jobs`` (the figures do not depend on it; the
timings are taken alone, before).

Examples::

    python benchmarks/review.py                                  # 200 positions per variant
    python benchmarks/review.py --positions 60 --jobs 2
    python benchmarks/review.py --skip-quality --timing-hands 3
    python benchmarks/review.py --skip-timing --variants kozel,block --positions 100
"""

from __future__ import annotations

import argparse
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from domino import Match
from domino.ai import get_agent
from domino.ai.review import Review
from domino.ai.stats import wilson
from domino.rules.ruleset import VARIANTS
from domino.tools.arena import play_hand


def play_one_hand(variant: str, players: int | None, agent: str, seed: int) -> dict:
    """The record of the first hand of a match of ``variant`` dealt from ``seed``, played by
    ``agent`` in every seat (each with its own seed, as the arena seeds them)."""
    options = {} if players is None else {"players": players}
    m = Match.new(variant, options, seed=seed)
    agents = [get_agent(agent, seed=seed + 101 * i) for i in range(m.players)]
    play_hand(m, agents, random.Random(seed * 1000))
    return m.to_record()


def time_review(variant: str, players: int, agent: str, hands: int, seed: int) -> dict:
    """Review every seat of ``hands`` hands at the default budget; seconds per hand."""
    walls, cpus, decisions, judged = [], [], [], []
    for h in range(hands):
        record = play_one_hand(variant, players, agent, seed + h)
        w0, c0 = time.perf_counter(), time.process_time()
        review = Review(record)
        doc = review.run()
        walls.append(time.perf_counter() - w0)
        cpus.append(time.process_time() - c0)
        decisions.append(review.total)
        judged.append(sum(1 for e in doc["moves"] if not e["forced"]))
    return {"variant": variant, "players": players, "hands": hands,
            "wall_s_median": round(statistics.median(walls), 2),
            "wall_s_max": round(max(walls), 2),
            "cpu_s_median": round(statistics.median(cpus), 2),
            "decisions_median": statistics.median(decisions),
            "judged_median": statistics.median(judged)}


def quality(job: tuple[str, int, int | None, int, bool]) -> dict:
    """Agreement of the review's best move with the expert's move in ``variant`` (and, with
    ``baseline``, of a second expert with another seed with the first)."""
    variant, positions, budget, seed, baseline = job
    agree = unmarked = total = hands = again = 0
    other = get_agent("expert", seed=seed + 7_777)
    disagreements: list[dict] = []
    t0 = time.perf_counter()
    s = seed
    while total < positions:
        record = play_one_hand(variant, None, "expert", s)
        s += 1
        hands += 1
        review = Review(record, None, budget)
        # Only the decisions with a choice, and no more than still needed.
        choices = [d for d in review.pending if not d.forced][:positions - total]
        review.pending = list(choices)
        review.total = len(choices)
        doc = review.run()
        for d, e in zip(choices, doc["moves"], strict=True):
            if baseline:
                rng = random.Random(seed * 31 + total)
                again += str(other.choose(d.view, list(d.legal), rng)) == e["played"]
            total += 1
            unmarked += e["mark"] is None
            if e["best"] == e["played"]:
                agree += 1
            elif len(disagreements) < 5:
                disagreements.append({"seed": s - 1, "move": e["move"], "played": e["played"],
                                      "best": e["best"], "loss": e["loss"],
                                      "loss_se": e["loss_se"], "mark": e["mark"]})
    low, high = wilson(agree, total)
    return {"variant": variant, "positions": total, "agree": agree,
            "rate": round(agree / total, 3), "wilson": [round(low, 3), round(high, 3)],
            "unmarked_rate": round(unmarked / total, 3),
            "expert_again_rate": round(again / total, 3) if baseline else None,
            "hands": hands, "seconds": round(time.perf_counter() - t0, 1),
            "first_disagreements": disagreements}


def main(argv: list[str] | None = None) -> int:
    """Parse the options, run both measurements, print the JSON."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--positions", type=int, default=200,
                   help="decisions with a choice per variant for the quality (default 200)")
    p.add_argument("--variants", default=",".join(VARIANTS),
                   help="comma-separated variants for the quality (default: all nine)")
    p.add_argument("--budget", type=int, default=None,
                   help="the review's evaluations per decision (default: the expert's)")
    p.add_argument("--seed", type=int, default=1)
    p.add_argument("--jobs", type=int, default=1, help="processes for the quality runs")
    p.add_argument("--timing-hands", type=int, default=3)
    p.add_argument("--timing-agent", default="hard")
    p.add_argument("--skip-timing", action="store_true")
    p.add_argument("--skip-quality", action="store_true")
    p.add_argument("--baseline", action="store_true",
                   help="also ask a second expert (another seed, the default budget) at each "
                        "position: how often two experts agree, the ceiling of the agreement")
    args = p.parse_args(argv)
    out: dict = {}
    if not args.skip_timing:
        out["timing"] = [time_review(v, 4, args.timing_agent, args.timing_hands, args.seed)
                         for v in ("vn_traditional", "mexican_train")]
        for t in out["timing"]:
            print(f"review {t['variant']} 4p, all seats: wall median {t['wall_s_median']} s "
                  f"(max {t['wall_s_max']}), cpu {t['cpu_s_median']} s, "
                  f"{t['judged_median']} of {t['decisions_median']} decisions judged",
                  file=sys.stderr)
    if not args.skip_quality:
        jobs = [(v, args.positions, args.budget, args.seed * 10_000, args.baseline)
                for v in args.variants.split(",")]
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                results = list(pool.map(quality, jobs))
        else:
            results = [quality(j) for j in jobs]
        out["quality"] = results
        for q in results:
            print(f"{q['variant']:>15}: best = expert's move in {q['agree']}/{q['positions']} "
                  f"= {q['rate']:.3f} {q['wilson']}; no mark on the expert's move "
                  f"{q['unmarked_rate']:.3f}; two experts agree "
                  f"{q['expert_again_rate']} ({q['hands']} hands, {q['seconds']} s)",
                  file=sys.stderr)
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
