"""The expert's whole decisions before and after a change: an earlier commit's engine against
this tree's, on the same positions, alternating decision by decision.

A benchmark, not a test (DESIGN.md). ``engine_before_after.py`` times the engine's own paths;
this times what a player waits for, the expert's decision, where the AI's speed-ups show
(docs/DECISIONS.md E-103, E-104). The earlier engine is taken out of git (``git archive REV
engine``) into a temporary folder; two child interpreters, one started in each ``engine``
folder (which a ``-c`` program has first on its import path, whatever is installed), each deal and play the
same hands with ``hard`` at every seat (``Match.new`` seed 1000 x players + hand) and keep
the positions where the mover has a choice (two or more sensible moves, as
``arena.play_hand`` asks); every ``--every``-th is then timed in both children, one after
the other, the order swapped at each position so that neither side always runs first.
Each decision is a fresh expert (``get_agent``; its search is seeded from the position), so
both sides must choose the same move when the change keeps the moves: a differing move is
counted and printed. ``--budget`` / ``--base-budget`` set the evaluations per decision of
each side (default: the level's own), to weigh a larger budget against the old one.

    python benchmarks/expert_before_after.py --base b955669 --players 4,8
    python benchmarks/expert_before_after.py --base b955669 --players 8 --budget 6000

Output: one JSON object per player count on stdout (CPU ms per decision: sum, p50, p95, max
on each side; the sum's ratio base/new and the median of the per-position ratios), a
readable line on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def child(variant: str, players: int, hands: int, budget: int | None) -> None:
    """Deal and record the positions, then time the expert on the ones asked for on stdin
    (one index a line), answering one JSON line each: CPU ms and the move chosen."""
    import domino
    from domino import Match
    from domino.ai import get_agent
    from domino.tools.arena import play_hand

    # The package of the folder the child was started in, not an installed copy.
    assert Path(domino.__file__).resolve().parent.parent == Path.cwd().resolve(), domino.__file__
    hard = get_agent("hard", seed=3)
    seen: list[tuple] = []

    class Recorder:
        def choose(self, v, legal, rng):  # type: ignore[no-untyped-def]
            seen.append((v, legal))
            return hard.choose(v, legal, rng)

    for h in range(hands):
        m = Match.new(variant, {"players": players}, seed=1000 * players + h)
        play_hand(m, [Recorder()] * players, random.Random(h))
    print(json.dumps({"positions": len(seen)}), flush=True)
    for line in sys.stdin:
        i = int(line)
        v, legal = seen[i]
        agent = get_agent("expert", seed=7, budget=budget)
        c0 = time.process_time()
        move = agent.choose(v, legal, random.Random(i))
        ms = (time.process_time() - c0) * 1000
        print(json.dumps({"ms": ms, "move": repr(move)}), flush=True)


def start(engine: Path, args: argparse.Namespace, players: int,
          budget: int | None) -> subprocess.Popen:
    """This script's ``child`` in an interpreter started in ``engine`` (a ``-c`` program has
    its working directory first on its import path, as in ``engine_before_after.py``)."""
    argv = ["--child", "--variant", args.variant, "--players", str(players), "--hands",
            str(args.hands)] + (["--budget", str(budget)] if budget else [])
    program = (f"import sys\nsys.argv = [{str(Path(__file__).resolve())!r}, *{argv!r}]\n"
               f"import runpy\nrunpy.run_path(sys.argv[0], run_name='__main__')\n")
    return subprocess.Popen([sys.executable, "-c", program], cwd=engine, stdin=subprocess.PIPE,
                            stdout=subprocess.PIPE, text=True)


def ask(proc: subprocess.Popen, i: int) -> dict:
    assert proc.stdin is not None and proc.stdout is not None
    proc.stdin.write(f"{i}\n")
    proc.stdin.flush()
    return json.loads(proc.stdout.readline())


def pct(xs: list[float], q: int) -> float:
    return round(statistics.quantiles(xs, n=100, method="inclusive")[q - 1], 1)


def compare(base: Path, args: argparse.Namespace, players: int) -> dict:
    """Both sides on every ``--every``-th position of ``players``, alternating."""
    t0 = time.time()
    a = start(base, args, players, args.base_budget)
    b = start(ROOT / "engine", args, players, args.budget)
    assert a.stdout is not None and b.stdout is not None
    na = json.loads(a.stdout.readline())["positions"]
    nb = json.loads(b.stdout.readline())["positions"]
    assert na == nb, (na, nb)
    old: list[float] = []
    new: list[float] = []
    differ = 0
    for k, i in enumerate(range(0, na, args.every)):
        if k % 2:
            rb, ra = ask(b, i), ask(a, i)
        else:
            ra, rb = ask(a, i), ask(b, i)
        old.append(ra["ms"])
        new.append(rb["ms"])
        if ra["move"] != rb["move"]:
            differ += 1
            print(f"position {i}: base {ra['move']} new {rb['move']}", file=sys.stderr)
    for p in (a, b):
        assert p.stdin is not None
        p.stdin.close()
        p.wait()
    return {"players": players, "positions": na, "timed": len(old), "moves_differ": differ,
            "base_ms": {"sum": round(sum(old)), "p50": pct(old, 50), "p95": pct(old, 95),
                        "max": round(max(old))},
            "new_ms": {"sum": round(sum(new)), "p50": pct(new, 50), "p95": pct(new, 95),
                       "max": round(max(new))},
            "sum_ratio": round(sum(old) / sum(new), 3),
            "median_ratio": round(statistics.median(o / n for o, n in zip(old, new, strict=True)), 3),
            "load": os.getloadavg()[0], "seconds": round(time.time() - t0)}


def main() -> None:
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", default="HEAD", help="the earlier commit")
    ap.add_argument("--variant", default="mexican_train")
    ap.add_argument("--players", default="4,8", help="player counts, comma separated")
    ap.add_argument("--hands", type=int, default=6)
    ap.add_argument("--every", type=int, default=6, help="time every n-th position")
    ap.add_argument("--budget", type=int, default=None, help="this tree's evaluations")
    ap.add_argument("--base-budget", type=int, default=None, help="the base's evaluations")
    ap.add_argument("--child", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args()
    if args.child:
        child(args.variant, int(args.players), args.hands, args.budget)
        return
    with tempfile.TemporaryDirectory() as tmp:
        archive = subprocess.run(["git", "-C", str(ROOT), "archive", args.base, "engine"],
                                 check=True, capture_output=True).stdout
        subprocess.run(["tar", "-x", "-C", tmp], input=archive, check=True)
        for players in (int(x) for x in args.players.split(",")):
            row = compare(Path(tmp) / "engine", args, players)
            print(json.dumps(row), flush=True)
            print(f"{players} players: {row['timed']} of {row['positions']} positions, "
                  f"CPU sum base/new {row['sum_ratio']}, median ratio {row['median_ratio']}, "
                  f"p50/p95 {row['base_ms']['p50']}/{row['base_ms']['p95']} -> "
                  f"{row['new_ms']['p50']}/{row['new_ms']['p95']} ms, moves differ "
                  f"{row['moves_differ']}, load {row['load']:.1f}", file=sys.stderr)


if __name__ == "__main__":
    main()
