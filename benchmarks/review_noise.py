"""Whose noise is a disagreement of issue 26's strict figure? (docs/DECISIONS.md E-96)

The strict figure (``benchmarks/review.py``'s ``agree_rate`` with ``--mover expert``) counts
the positions where the reference judge (another seed, ``--reference-budget`` evaluations)
finds no better move than the expert's. The review judges with the expert's own search, so
its verdict on the expert's move is "the best" by construction: a disagreement is either the
judge's noise or the expert's own loss. For the same positions as ``review.py --seed S
--per-hand 1 --mover expert`` (the hands from ``S * 10,000``, one decision with a choice per
hand), this prints one JSON line per position:

* ``j1``: the judge's verdict on the expert's move (salt 1, as ``review.py``'s reference);
* ``j2``: the same judge re-run with another seed (salt 2, the same budget): does the judge
  agree with itself?
* where either finds a better move: ``expert_reseeded``, the moves the expert's own search
  chooses with six other seeds (its sampling noise), ``heuristic_fav`` and ``expert_top``
  (the rule of thumb's favourite and the searched best of the expert's own search), and
  ``fresh``: each judge's best against the move played on ``--fresh-worlds`` worlds drawn
  after a one-evaluation search (so no move was chosen on them), both moves valued in the
  same worlds with the same random numbers: the mean difference, its standard error, the
  worlds. A difference within two standard errors is a tie at that resolution.

Then ``--table FILE`` turns such lines into the Markdown table of docs/BENCHMARK_HISTORY.md.

Examples::

    python benchmarks/review_noise.py --variant vn_iwin --seed 1 --positions 30 > iwin.jsonl
    python benchmarks/review_noise.py --variant mexican_train --reference-budget 19200 \\
        --positions 11 > mt.jsonl
    python benchmarks/review_noise.py --table iwin.jsonl
"""

from __future__ import annotations

import argparse
import json
import time
from pathlib import Path

import review as bench  # benchmarks/review.py, beside this script: the same hands and positions

from domino.ai.review import Decision, Review, expert_search
from domino.ai.stats import mean_se
from domino.hand.moves import Move

KEYS = ("best", "loss", "loss_se", "mark", "worlds", "as_good")


def judge(record: dict, d: Decision, budget: int | None, salt: int) -> dict:
    """The verdict of a review at ``budget`` seeded with ``salt`` on the move played at ``d``."""
    r = Review(record, None, budget, salt=salt)
    r.pending = [d]
    r.total = 1
    return r.run()["moves"][0]


def fresh(d: Decision, moves: list[Move], worlds: int, salt: int = 9) -> dict[str, list[float]]:
    """Each of ``moves`` valued in the same ``worlds`` worlds of a search that chose nothing
    on them (one evaluation), with the same random numbers per world."""
    s = expert_search(d.view, list(d.legal), 1, salt=salt)
    s.run()
    s.complete(moves)
    s.deepen(moves, worlds)
    return {str(m): s.values[s.candidate(m)][:worlds] for m in moves}


def position(variant: str, seed: int, budget: int, worlds: int) -> dict:
    """One position's line (see the module's docstring)."""
    t0 = time.process_time()
    record = bench.play_one_hand(variant, None, "expert", seed)
    review = Review(record, None, None)
    choices = bench.pick([d for d in review.pending if not d.forced], 1, seed)
    if not choices:
        return {"seed": seed, "none": True}
    d = choices[0]
    j1, j2 = judge(record, d, budget, 1), judge(record, d, budget, 2)
    out: dict = {
        "seed": seed,
        "move": d.move,
        "played": str(d.played),
        "j1": {k: j1[k] for k in KEYS},
        "j2": {k: j2[k] for k in KEYS},
    }
    if j1["best"] != j1["played"] or j2["best"] != j2["played"]:
        picks: dict[str, int] = {}
        for salt in range(3, 9):
            s = expert_search(d.view, list(d.legal), None, salt=salt)
            s.run()
            picks[str(s.best())] = picks.get(str(s.best()), 0) + 1
        out["expert_reseeded"] = picks
        s = expert_search(d.view, list(d.legal))
        s.run()
        out["expert_top"] = str(s.ranking()[0][0])
        out["expert_worlds"] = s.worlds
        out["heuristic_fav"] = str(
            s.candidates[max(range(len(s.candidates)), key=lambda i: s.prior[i])]
        )
        moves = [d.played]
        for text in (j1["best"], j2["best"]):
            m = next(x for x in d.legal if str(x) == text)
            if m not in moves:
                moves.append(m)
        values = fresh(d, moves, worlds)
        mine = values[str(d.played)]
        out["fresh"] = {}
        for m in moves[1:]:
            mean, se = mean_se([b - a for a, b in zip(mine, values[str(m)], strict=True)])
            out["fresh"][str(m)] = [round(mean, 2), round(se, 2), len(mine)]
    out["cpu"] = round(time.process_time() - t0, 1)
    return out


def table(path: str) -> str:
    """The Markdown table of the positions where either judge finds a better move."""
    rows = [r for r in map(json.loads, Path(path).read_text().splitlines()) if not r.get("none")]
    one = sum(r["j1"]["best"] == r["played"] for r in rows)
    two = sum(r["j2"]["best"] == r["played"] for r in rows)
    both = sum(r["j1"]["best"] == r["played"] == r["j2"]["best"] for r in rows)
    lines = [
        f"{len(rows)} positions: the judge finds no better move in {one}, the judge "
        f"re-run (another seed) in {two}, both in {both}",
        "",
        "| hand | expert's move | judge: best, loss (se), worlds | judge re-run: best, "
        "loss (se) | fresh worlds: best minus played (se), worlds | expert re-seeded "
        "(6 seeds) | whose |",
        "|---|---|---|---|---|---|---|",
    ]
    for r in rows:
        j1, j2 = r["j1"], r["j2"]
        if j1["best"] == j2["best"] == r["played"]:
            continue
        key = j1["best"] if j1["best"] != r["played"] else j2["best"]
        mean, se, n = r["fresh"][key]
        kept = r["expert_reseeded"].get(r["played"], 0)
        if mean > 2 * se:
            whose = "the expert's loss: " + (
                "its search keeps the move with other seeds"
                if kept >= 4
                else "its own sampling noise (other seeds choose otherwise)"
            )
        elif mean < -2 * se:
            whose = "the judge's noise: the expert's move is better"
        else:
            whose = "the judge's noise: a tie at this resolution"
        picks = ", ".join(
            f"{m} {c}" for m, c in sorted(r["expert_reseeded"].items(), key=lambda x: -x[1])
        )
        lines.append(
            f"| {r['seed']} | {r['played']} | {j1['best']}, {j1['loss']} "
            f"({j1['loss_se']}), {j1['worlds']} | {j2['best']}, {j2['loss']} "
            f"({j2['loss_se']}) | {key}: {mean} ({se}), {n} | {picks} | {whose} |"
        )
    return "\n".join(lines)


def main(argv: list[str] | None = None) -> int:
    """Parse the options; print the positions' lines, or a table of them."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="vn_iwin")
    p.add_argument(
        "--seed", type=int, default=1, help="review.py's --seed: the hands from seed times 10,000"
    )
    p.add_argument("--positions", type=int, default=30, help="hands, one position each")
    p.add_argument("--reference-budget", type=int, default=6400)
    p.add_argument("--fresh-worlds", type=int, default=2000)
    p.add_argument("--table", default="", help="print the table of a file of lines instead")
    args = p.parse_args(argv)
    if args.table:
        print(table(args.table))
        return 0
    first = args.seed * 10_000
    for seed in range(first, first + args.positions):
        print(
            json.dumps(position(args.variant, seed, args.reference_budget, args.fresh_worlds)),
            flush=True,
        )
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
