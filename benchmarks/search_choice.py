"""How often does the expert's search choose the best move? A paired proxy of issue 26's strict
figure, for comparing ways of spending the search's budget (docs/DECISIONS.md E-102).

The strict figure (``benchmarks/review.py --mover expert``) asks whether a judge of 8 times the
budget finds a better move than the expert's. It is slow and noisy: 30 positions, a judge that
is itself a search (E-72: it agrees with itself in 0.83 of Mexican Train positions), and the
expert's own play changes the positions. This script fixes both ends instead:

* positions: the decisions with a choice of hands played by four experts (or ``--mover``;
  ``review.py``'s ``play_one_hand``, the hands from ``--seed`` times 10,000, ``--per-hand``
  decisions each,
  drawn by the hand's seed as ``review.py`` draws them), kept in ``--cache`` as their records,
  so that a changed expert is judged on the same positions;
* the judge: every candidate of the expert's search (``policy.playable``) valued on the same
  ``--worlds`` fresh worlds (a search of one evaluation, then ``Search.complete`` and
  ``Search.deepen``: each world's playouts seeded by the world, common random numbers), after
  ``--first`` worlds the candidates more than 5 standard errors behind the best left at their
  figures. Computed once per position and kept in the cache. The judge's best is the
  candidate of highest mean; a candidate is "as good" within 2 standard errors of the paired
  difference to it; its loss is the difference of the means.

Then each ``--config`` (``name:field=value,...``, SearchConfig fields changed from the expert's
in the variant; ``name:`` alone is the expert as it is) runs the expert's search at every
position with ``--salts`` seeds (salt 0 is the expert's own seed, ``search.position_seed``),
and the summary prints, per configuration: the share of (position, seed) pairs whose choice is
the judge's best (``best_rate``) or as good (``as_good_rate``), the mean loss (in the variant's
unit) and the CPU time of the searches; and, against the first configuration, the paired
difference of the loss (mean and standard error over the pairs, which understates it a little:
the seeds of one position are not independent) and the pairs that changed.

Seen (docs/BENCHMARK_HISTORY.md, "Spending the expert's budget in Mexican Train"): on 60
Mexican Train positions, the pairs resolve twice the budget (a loss 0.151 (se 0.069) pips
smaller) but no way of sharing out the same budget that was tried.

Example::

    python benchmarks/search_choice.py --variant mexican_train --seed 51 --hands 30 \\
        --per-hand 2 --mover hard --cache /tmp/mt51.json --config base: \\
        --config double:evaluations=9600 --config crn:common_numbers=true
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import sys
import time
from pathlib import Path
from typing import Any

import review as bench  # benchmarks/review.py, beside this script: the same hands and picks

from domino.ai.levels import expert_config
from domino.ai.review import Decision, decisions
from domino.ai.search import Search, SearchConfig, position_seed
from domino.ai.stats import mean_se


def positions(variant: str, seed: int, hands: int, per_hand: int, mover: str,
              players: int | None = None) -> list[dict]:
    """The records of ``hands`` hands of ``mover`` in every seat (``players`` of them, None:
    the variant's default) and the move numbers picked in each."""
    out = []
    first = seed * 10_000
    for s in range(first, first + hands):
        record = bench.play_one_hand(variant, players, mover, s)
        choices = bench.pick([d for d in decisions(record) if not d.forced], per_hand, s)
        out.append({"seed": s, "record": record, "moves": [d.move for d in choices]})
    return out


def decision_at(record: dict, move: int) -> Decision:
    """The decision of ``record``'s first hand at move number ``move``."""
    return next(d for d in decisions(record, hands=[1]) if d.move == move)


def judge(d: Decision, worlds: int, first: int) -> dict[str, Any]:
    """Every candidate of the expert's search at ``d`` valued on the same fresh worlds (see
    the module's docstring): per candidate its mean, worlds, and loss and standard error
    against the best."""
    cfg = expert_config(d.view.rs)
    s = Search(d.view, list(d.legal), random.Random(position_seed(d.view, 977)), cfg, 1)
    s.run()
    moves = list(s.candidates)
    s.complete(moves)
    s.deepen(moves, first)

    def figures() -> dict[str, list[float]]:
        n = {m: len(s.values[s.candidate(m)]) for m in moves}
        means = {m: sum(s.values[s.candidate(m)]) / n[m] for m in moves}
        best = max(moves, key=lambda m: means[m])
        out = {}
        for m in moves:
            k = min(n[m], n[best])
            a, b = s.values[s.candidate(best)][:k], s.values[s.candidate(m)][:k]
            loss, se = mean_se([x - y for x, y in zip(a, b, strict=True)])
            out[str(m)] = [means[m], loss, se if m != best else 0.0, n[m]]
        return out

    f = figures()
    close = [m for m in moves if f[str(m)][1] <= 5 * f[str(m)][2] + 1e-9]
    s.deepen(close, worlds)
    return {"figures": figures(), "candidates": [str(m) for m in moves]}


def choose(d: Decision, cfg: SearchConfig, salt: int) -> tuple[str, float, int]:
    """The expert's search with ``cfg`` seeded with ``salt``: its move, CPU ms, worlds."""
    t0 = time.process_time()
    s = Search(d.view, list(d.legal), random.Random(position_seed(d.view, salt)), cfg)
    move = s.run()
    return str(move), 1000 * (time.process_time() - t0), s.worlds


def parse_config(text: str, base: SearchConfig) -> tuple[str, SearchConfig]:
    """``name:field=value,...`` (values as JSON) applied to ``base``."""
    name, _, changes = text.partition(":")
    fields = {k: json.loads(v) for k, v in (c.split("=", 1) for c in changes.split(",") if c)}
    return name, dataclasses.replace(base, **fields)


def main(argv: list[str] | None = None) -> int:
    """Build or load the cache, then compare the configurations."""
    p = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    p.add_argument("--variant", default="mexican_train")
    p.add_argument("--players", type=int, default=None,
                   help="players at the table (default: the variant's); the cache keeps them")
    p.add_argument("--seed", type=int, default=51)
    p.add_argument("--hands", type=int, default=30)
    p.add_argument("--per-hand", type=int, default=2)
    p.add_argument(
        "--mover",
        default="expert",
        help="who plays the hands (hard: the positions come ten times faster)",
    )
    p.add_argument("--worlds", type=int, default=1500)
    p.add_argument("--first", type=int, default=300)
    p.add_argument("--cache", required=True)
    p.add_argument("--config", action="append", default=[])
    p.add_argument("--salts", default="0,1,2")
    p.add_argument("--limit", type=int, default=0, help="judge at most this many positions")
    p.add_argument(
        "--min-candidates",
        type=int,
        default=0,
        help="compare only on the judged positions with this many candidates or more",
    )
    args = p.parse_args(argv)
    path = Path(args.cache)
    cache = json.loads(path.read_text()) if path.exists() else {}
    if "positions" not in cache:
        cache = {
            "variant": args.variant,
            "positions": positions(args.variant, args.seed, args.hands, args.per_hand, args.mover,
                                   args.players),
            "judge": {},
        }
        path.write_text(json.dumps(cache))
    todo = [(p_["seed"], p_["record"], m) for p_ in cache["positions"] for m in p_["moves"]]
    if args.limit:
        todo = todo[: args.limit]
    if args.min_candidates:
        todo = [
            (s, r, m)
            for s, r, m in todo
            if len(cache["judge"].get(f"{s}/{m}", {}).get("candidates", ())) >= args.min_candidates
        ]
    for seed, record, move in todo:
        key = f"{seed}/{move}"
        if key not in cache["judge"]:
            t0 = time.process_time()
            cache["judge"][key] = judge(decision_at(record, move), args.worlds, args.first)
            cache["judge"][key]["cpu"] = round(time.process_time() - t0, 1)
            path.write_text(json.dumps(cache))
            print(
                f"judged {key}: {len(cache['judge'][key]['candidates'])} candidates, "
                f"{cache['judge'][key]['cpu']} s",
                file=sys.stderr,
                flush=True,
            )
    salts = [int(x) for x in args.salts.split(",")]
    results: dict[str, dict[str, tuple[str, float, int]]] = {}
    names = []
    for text in args.config:
        names.append(text.partition(":")[0])
    for seed, record, move in todo:
        d = decision_at(record, move)
        base = expert_config(d.view.rs)
        # Alternate the configurations' order from position to position (the load drifts).
        order = list(args.config) if (seed + move) % 2 else list(reversed(args.config))
        for text in order:
            name, cfg = parse_config(text, base)
            for salt in salts:
                results.setdefault(name, {})[f"{seed}/{move}/{salt}"] = choose(d, cfg, salt)
    ref = names[0] if names else None
    for name in names:
        rows = results[name]
        best = as_good = 0
        losses: dict[str, float] = {}
        for key, (m, _, _) in rows.items():
            jf = cache["judge"][key.rsplit("/", 1)[0]]["figures"]
            mean, loss, se, _ = jf[m]
            best += loss <= 0
            as_good += loss <= 2 * se + 1e-9
            losses[key] = loss
        cpus = sorted(c for _, c, _ in rows.values())
        line = {
            "config": name,
            "pairs": len(rows),
            "best_rate": round(best / len(rows), 3),
            "as_good_rate": round(as_good / len(rows), 3),
            "mean_loss": round(sum(losses.values()) / len(rows), 3),
            "cpu_ms_sum": round(sum(cpus)),
            "cpu_ms_p95": round(cpus[int(0.95 * len(cpus))]),
            "worlds_mean": round(sum(w for _, _, w in rows.values()) / len(rows), 1),
        }
        if ref is not None and name != ref:
            diffs = []
            for key in rows:
                jf = cache["judge"][key.rsplit("/", 1)[0]]["figures"]
                diffs.append(jf[results[ref][key][0]][1] - jf[rows[key][0]][1])
            gain, se = mean_se(diffs)
            line.update(
                {
                    "loss_gain_vs_" + ref: round(gain, 3),
                    "se": round(se, 3),
                    "changed": sum(rows[k][0] != results[ref][k][0] for k in rows),
                    "better": sum(x > 0 for x in diffs),
                    "worse": sum(x < 0 for x in diffs),
                }
            )
        print(json.dumps(line), flush=True)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
