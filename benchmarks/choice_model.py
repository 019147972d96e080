"""Fit a model of OpenSpiel ISMCTS's placements (``domino.ai.choicemodel``) to its real decisions.

Two steps:

    # ISMCTS's decisions, kept by ai_vs_peers.py --ismcts-cache DIR, with its true hand
    python benchmarks/choice_model.py extract /tmp/fit-cache --out /tmp/ismcts_choices.jsonl
    # Fit by maximum likelihood; held-out log-likelihood per decision (cross-validated by
    # hand) against uniform choice and PlayWeighted's rule of thumb; optionally a test file
    python benchmarks/choice_model.py fit /tmp/ismcts_choices.jsonl --test other.jsonl

``extract`` replays every cached decision (the hand's seed gives the deal, the key the
actions before it) in OpenSpiel's ``python_block_dominoes`` and writes one JSON line per
decision of the bot with two or more options: its hand then, the tiles on the table, the
two ends, the option it chose (tile, touching value), the hand's seed. ``fit`` fits the
conditional logit over ``choicemodel.FEATURES`` by Newton's method (numpy) and prints the
weights and the log-likelihoods; each comparison is scored on the tile laid (the part of a
choice ``PlayWeighted`` models: an option's probability summed over the ends it fits) and,
for the fitted model against uniform, on the option too.
"""

from __future__ import annotations

import argparse
import glob
import json
import math
import os
import random
import sys
from typing import Any

from ai_vs_peers import TWO_P, Mirror
from peers import OpenSpielPeer, norm

from domino.ai import choicemodel
from domino.ai.inference import DOUBLE_PIPS
from domino.ai.stats import mean_se


def extract(folders: list[str], out: str) -> int:
    """Write ISMCTS's cached decisions with two or more options to ``out``; return how many."""
    import pickle

    known: dict[tuple, tuple] = {}
    for folder in folders:
        for path in sorted(glob.glob(os.path.join(folder, "*.pkl"))):
            with open(path, "rb") as f:
                known.update(pickle.load(f))
    peer = OpenSpielPeer("python_block_dominoes")
    n = 0
    with open(out, "w") as f:
        for key, (action, *_streams) in sorted(known.items()):
            _sims, _uct, hs, played = key
            mirror = Mirror(TWO_P, hs)
            deal = mirror.deal()
            leader = mirror.match.to_move
            state = peer.new_state([deal[leader], deal[1 - leader]])
            for a in played:
                state.apply_action(a)
            player = state.current_player()
            held = {norm(t) for t in state.hands[player]}
            edges: list[int] = []
            table = []
            for a in state.actions_history:
                tile = norm(a.tile)
                table.append(tile)
                if a.edge is None:
                    edges = [tile[0], tile[1]]
                else:
                    edges.remove(int(a.edge))
                    edges.append(tile[1] if tile[0] == int(a.edge) else tile[0])
            left, right = edges
            opts = choicemodel.options(held, left, right)
            legal = peer.legal_keys(state)
            assert set(opts) == legal, (opts, legal)
            chosen = peer.key_of(action)
            if len(opts) < 2:
                continue
            f.write(
                json.dumps(
                    {
                        "hs": hs,
                        "held": sorted(held),
                        "table": table,
                        "left": left,
                        "right": right,
                        "chosen": [list(chosen[0]), chosen[1]],
                    }
                )
                + "\n"
            )
            n += 1
    return n


def load(path: str) -> list[dict[str, Any]]:
    """The decisions written by ``extract``, tiles as tuples."""
    out = []
    with open(path) as f:
        for line in f:
            d = json.loads(line)
            d["held"] = {tuple(t) for t in d["held"]}
            d["table"] = [tuple(t) for t in d["table"]]
            d["chosen"] = (tuple(d["chosen"][0]), d["chosen"][1])
            out.append(d)
    return out


def design(d: dict[str, Any]) -> tuple[list, list[tuple[float, ...]], int]:
    """A decision's options, their features and the index of the one chosen."""
    opts = choicemodel.options(d["held"], d["left"], d["right"])
    feats = [choicemodel.features(d["held"], d["table"], d["left"], d["right"], o) for o in opts]
    return opts, feats, opts.index(d["chosen"])


def fit(data: list[dict[str, Any]], ridge: float = 0.01) -> list[float]:
    """Maximum-likelihood weights (a small ridge keeps Newton's steps finite)."""
    import numpy as np

    rows = [design(d) for d in data]
    k = len(choicemodel.FEATURES)
    w = np.zeros(k)
    for _ in range(50):
        grad = -ridge * w
        hess = -ridge * np.eye(k)
        for _opts, feats, c in rows:
            x = np.array(feats)
            s = x @ w
            p = np.exp(s - s.max())
            p /= p.sum()
            mean = p @ x
            grad += x[c] - mean
            hess -= (x * p[:, None]).T @ x - np.outer(mean, mean)
        step = np.linalg.solve(hess, grad)
        w -= step
        if np.abs(step).max() < 1e-8:
            break
    return [float(v) for v in w]


def tile_log_prob(logp: dict, tile: tuple) -> float:
    """log P(the tile laid) from options' log-probabilities (summed over its ends)."""
    vals = [v for (t, _touch), v in logp.items() if t == tile]
    top = max(vals)
    return top + math.log(sum(math.exp(v - top) for v in vals))


def per_decision(
    data: list[dict[str, Any]], weights: list[float], firmness: float
) -> dict[str, list[float]]:
    """Each decision's log-likelihood: the model (tile and option), uniform (tile and
    option), PlayWeighted's rule at ``firmness`` (tile)."""
    model = choicemodel.ChoiceModel(tuple(weights))
    out: dict[str, list[float]] = {
        "model_tile": [],
        "model_option": [],
        "uniform_tile": [],
        "uniform_option": [],
        "playweighted_tile": [],
    }
    for d in data:
        logp = choicemodel.log_probabilities(model, d["held"], d["table"], d["left"], d["right"])
        tile = d["chosen"][0]
        out["model_option"].append(logp[d["chosen"]])
        out["model_tile"].append(tile_log_prob(logp, tile))
        tiles = sorted({t for t, _ in logp})
        out["uniform_option"].append(-math.log(len(logp)))
        out["uniform_tile"].append(-math.log(len(tiles)))
        sc = {t: firmness * (t[0] + t[1] + (DOUBLE_PIPS if t[0] == t[1] else 0)) for t in tiles}
        top = max(sc.values())
        out["playweighted_tile"].append(
            sc[tile] - top - math.log(sum(math.exp(v - top) for v in sc.values()))
        )
    return out


def scores(data: list[dict[str, Any]], weights: list[float], firmness: float) -> dict[str, float]:
    """Mean log-likelihood per decision of each model (``per_decision``)."""
    return {k: sum(v) / len(v) for k, v in per_decision(data, weights, firmness).items()}


def compare(rows: dict[str, list[float]]) -> dict[str, list[float]]:
    """The model's gain per decision over uniform and over PlayWeighted, on the tile laid:
    mean and standard error of the paired differences."""
    out = {}
    for other in ("uniform_tile", "playweighted_tile"):
        diffs = [a - b for a, b in zip(rows["model_tile"], rows[other], strict=True)]
        m, se = mean_se(diffs)
        out[f"model_minus_{other}"] = [round(m, 4), round(se, 4)]
    diffs = [a - b for a, b in zip(rows["model_option"], rows["uniform_option"], strict=True)]
    m, se = mean_se(diffs)
    out["model_minus_uniform_option"] = [round(m, 4), round(se, 4)]
    return out


def best_firmness(data: list[dict[str, Any]]) -> float:
    """PlayWeighted's firmness that fits ``data`` best (a grid), to compare it at its best."""
    grid = [0.0, 0.05, 0.1, 0.2, 0.3, 0.5, 0.75, 1.0, 1.5]
    return max(
        grid, key=lambda f: scores(data, [0.0] * len(choicemodel.FEATURES), f)["playweighted_tile"]
    )


def main(argv: list[str] | None = None) -> int:
    """Extract or fit, as the command line says."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    sub = ap.add_subparsers(dest="cmd", required=True)
    ex = sub.add_parser("extract")
    ex.add_argument("folders", nargs="+")
    ex.add_argument("--out", required=True)
    ft = sub.add_parser("fit")
    ft.add_argument("data")
    ft.add_argument("--test", default=None, help="decisions never fitted on, scored at the end")
    ft.add_argument("--folds", type=int, default=5)
    args = ap.parse_args(argv)
    if args.cmd == "extract":
        print(extract(args.folders, args.out), "decisions with two or more options")
        return 0
    data = load(args.data)
    hands = sorted({d["hs"] for d in data})
    random.Random(0).shuffle(hands)
    fold_of = {h: i % args.folds for i, h in enumerate(hands)}
    rows: dict[str, list[float]] = {}
    for i in range(args.folds):
        train = [d for d in data if fold_of[d["hs"]] != i]
        test = [d for d in data if fold_of[d["hs"]] == i]
        w = fit(train)
        part = per_decision(test, w, best_firmness(train))
        part["playweighted_tile_f1"] = per_decision(test, w, 1.0)["playweighted_tile"]
        for k, v in part.items():
            rows.setdefault(k, []).extend(v)
    cv = {k: sum(v) / len(v) for k, v in rows.items()}
    weights = fit(data)
    report: dict[str, Any] = {
        "decisions": len(data),
        "hands": len(hands),
        "folds": args.folds,
        "cross_validated_log_likelihood_per_decision": {k: round(v, 4) for k, v in cv.items()},
        "cross_validated_gain (mean, se)": compare(rows),
        "weights": dict(zip(choicemodel.FEATURES, [round(w, 3) for w in weights], strict=True)),
        "playweighted_best_firmness": best_firmness(data),
    }
    if args.test:
        test = load(args.test)
        trows = per_decision(test, weights, report["playweighted_best_firmness"])
        s = {k: sum(v) / len(v) for k, v in trows.items()}
        s["playweighted_tile_f1"] = scores(test, weights, 1.0)["playweighted_tile"]
        report["test"] = {
            "decisions": len(test),
            **{k: round(v, 4) for k, v in s.items()},
            "gain (mean, se)": compare(trows),
        }
    print(json.dumps(report, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
