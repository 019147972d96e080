"""The engine's speed before and after a change: an earlier commit's engine against this tree's.

A benchmark, not a test (DESIGN.md). ``engine_vs_peers.py`` compares us with other engines;
this compares two versions of ours, on the same paths, in the same window of time:

* ``checked4`` / ``checked2``: whole random hands through the checked ``Match`` API (``legal``,
  ``play``, ``hand_over``), block, 4 players in partnerships or 2 players, 7 tiles each;
* ``kernel4`` / ``kernel2``: ``domino.play.line_playout.random_hand`` on the same tables;
* ``simulate4`` / ``simulate2``: ``domino.tools.simulate.simulate``, checksum included;
* ``new4``: ``Match.new`` alone (the deal and its bookkeeping).

The earlier engine is taken out of git (``git archive REV engine``) into a temporary folder.
Each measurement runs in a child interpreter started in one of the two ``engine`` folders
(this tree's for "after", so both sides are loaded the same way, whatever is installed): a
program given with ``-c`` has its working directory first on its import path, so ``import
domino`` finds that folder's package and no import path is edited (as ``build.py`` takes the
variants answer). Two versions of one package cannot share a process, hence the children.
They alternate, before then after, ``--rounds`` times; each reports its best CPU time per hand
of three runs, and the table shows the best of all rounds on each side.

``--instructions`` counts instructions per hand instead, under ``valgrind --tool=callgrind``
(the difference between a child that plays N hands and one that plays none, divided by N):
deterministic and blind to other work on the machine, but not time (see
docs/BENCHMARK_HISTORY.md, "Engine speed").

    python benchmarks/engine_before_after.py --base 01bb6a5
    python benchmarks/engine_before_after.py --base 01bb6a5 --paths checked4,simulate2 --rounds 5
    python benchmarks/engine_before_after.py --base 01bb6a5 --instructions --paths checked4

Output: one JSON object on stdout, a readable table on stderr.
"""

from __future__ import annotations

import argparse
import json
import os
import random
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FOUR = {"players": 4, "partnership": True, "hand_size": 7}
TWO = {"players": 2, "hand_size": 7}
# Hands per timed run of each path, about 0.1-0.3 s of CPU on the machine this was written on.
HANDS = {"checked4": 2000, "checked2": 3000, "kernel4": 8000, "kernel2": 12000,
         "simulate4": 8000, "simulate2": 12000, "new4": 8000}


def run_path(path: str, hands: int) -> None:
    """Play ``hands`` hands of ``path`` with whatever ``domino`` this process imports (each
    path imports only what it uses: an older engine may lack a module's present name)."""
    from domino import Match, get_ruleset

    options = FOUR if path.endswith("4") else TWO
    rng = random.Random(5)
    if path.startswith("checked"):
        for _ in range(hands):
            m = Match.new("block", options, seed=rng.getrandbits(32))
            choice = rng.choice
            while not m.hand_over:
                m.play(choice(m.legal()))
    elif path.startswith("kernel"):
        from domino.play.line_playout import random_hand

        rs = get_ruleset("block", options)
        for _ in range(hands):
            random_hand(rs, rng, rng)
    elif path.startswith("simulate"):
        from domino.tools.simulate import simulate

        if hands:
            simulate("block", options, hands, 1)
    elif path == "new4":
        for _ in range(hands):
            Match.new("block", options, seed=rng.getrandbits(32))
    else:
        raise SystemExit(f"unknown path {path!r}")


def child(path: str, hands: int, timed: bool) -> None:
    """The child's work: warm up, then (``timed``) print the best CPU microseconds per hand
    of three runs; untimed, just play (the instruction count is taken from outside)."""
    import domino

    # The package of the folder the child was started in, not an installed copy.
    assert Path(domino.__file__).resolve().parent.parent == Path.cwd().resolve(), domino.__file__
    run_path(path, 20)  # imports, caches, tables
    if not timed:
        run_path(path, hands)
        return
    best = float("inf")
    for _ in range(3):
        start = time.process_time()
        run_path(path, hands)
        best = min(best, time.process_time() - start)
    print(json.dumps({"us_per_hand": 1e6 * best / hands}))


def spawn(engine: Path, args: list[str], valgrind: bool = False) -> str:
    """Run this script's ``child`` in an interpreter started in ``engine``; its output."""
    program = (f"import sys\nsys.argv = [{str(Path(__file__).resolve())!r}, *{args!r}]\n"
               f"import runpy\nrunpy.run_path(sys.argv[0], run_name='__main__')\n")
    command = [sys.executable, "-c", program]
    if valgrind:
        command = ["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null", *command]
    done = subprocess.run(command, cwd=engine, env=dict(os.environ, PYTHONHASHSEED="0"),
                          capture_output=True, text=True, check=True)
    return done.stdout + done.stderr


def instructions(engine: Path, path: str, hands: int) -> int:
    """Instructions per hand of ``path`` with ``engine``, under callgrind."""
    def collected(n: int) -> int:
        out = spawn(engine, ["--child", path, str(n), "--untimed"], valgrind=True)
        line = next(x for x in out.splitlines() if "Collected :" in x)
        return int(line.split("Collected :")[1].split()[0].replace(",", ""))
    return (collected(hands) - collected(0)) // hands


def export(rev: str, into: Path) -> Path:
    """``rev``'s ``engine`` folder, written out under ``into``."""
    archive = subprocess.run(["git", "-C", str(ROOT), "archive", rev, "engine"],
                             capture_output=True, check=True).stdout
    subprocess.run(["tar", "-x", "-C", str(into)], input=archive, check=True)
    return into / "engine"


def main(argv: list[str] | None = None) -> int:
    """Compare ``--base``'s engine with this tree's on the chosen paths."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--base", help="the earlier commit (any git revision)")
    ap.add_argument("--paths", default=",".join(HANDS), help="comma-separated, of: "
                    + ", ".join(HANDS))
    ap.add_argument("--rounds", type=int, default=3, help="alternations of before and after")
    ap.add_argument("--instructions", action="store_true",
                    help="count instructions per hand under callgrind instead of timing")
    ap.add_argument("--child", nargs=2, metavar=("PATH", "HANDS"), help=argparse.SUPPRESS)
    ap.add_argument("--untimed", action="store_true", help=argparse.SUPPRESS)
    args = ap.parse_args(argv)
    if args.child:
        child(args.child[0], int(args.child[1]), not args.untimed)
        return 0
    if not args.base:
        ap.error("--base REV is needed")
    paths = [p for p in args.paths.split(",") if p]
    unknown = [p for p in paths if p not in HANDS]
    if unknown:
        ap.error(f"unknown path {unknown[0]!r}")
    if args.instructions and shutil.which("valgrind") is None:
        ap.error("--instructions needs valgrind (apt-get install valgrind)")
    sides = {"before": None, "after": ROOT / "engine"}
    report: dict[str, dict[str, float]] = {p: {} for p in paths}
    with tempfile.TemporaryDirectory() as tmp:
        sides["before"] = export(args.base, Path(tmp))
        for path in paths:
            if args.instructions:
                hands = max(20, HANDS[path] // 20)
                for side, engine in sides.items():
                    assert engine is not None
                    report[path][side] = instructions(engine, path, hands)
                continue
            best = {side: float("inf") for side in sides}
            for _ in range(args.rounds):
                for side, engine in sides.items():
                    assert engine is not None
                    out = spawn(engine, ["--child", path, str(HANDS[path])])
                    best[side] = min(best[side], json.loads(out.splitlines()[-1])["us_per_hand"])
            report[path] = best
    unit = "instructions per hand" if args.instructions else "CPU us per hand, best"
    print(json.dumps({"benchmark": "engine_before_after", "base": args.base, "unit": unit,
                      "rounds": None if args.instructions else args.rounds,
                      "python": sys.version.split()[0], "loadavg_1m": os.getloadavg()[0],
                      "paths": report}, indent=2))
    print(f"\n{unit}: before ({args.base}) and after (this tree)", file=sys.stderr)
    for path, figures in report.items():
        before, after = figures["before"], figures["after"]
        digits = 0 if args.instructions else 1
        print(f"  {path:<10} {before:>12,.{digits}f} -> {after:>12,.{digits}f}   "
              f"{before / after:5.3f}x",
              file=sys.stderr)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
