"""Random whole hands per second: our engine against the ``dominoes`` and OpenSpiel packages.

A benchmark, not a test (DESIGN.md: measurements live in ``benchmarks/``). Every engine plays
whole hands of block dominoes with uniformly random legal moves (each engine's own legal-move
list) from a fresh random deal, on the same variant definitions:

* 4 players in partnerships, all 28 tiles dealt, 7 each: ours
  (``Match.new("block", {"players": 4, "partnership": True, "hand_size": 7})``) against
  ``dominoes`` 6.1.0 (``Game.new(starting_domino=6-6)``) and OpenSpiel
  ``python_team_dominoes``;
* 2 players, 7 each, 14 dead: ours (``Match.new("block", {"players": 2, "hand_size": 7})``)
  against OpenSpiel ``python_block_dominoes`` (which deals 7 each, ``_HAND_SIZE = 7``).

Our side is measured through the checked public API (``legal()``, ``play()``, ``hand_over``)
and, where the engine has them, through its unchecked playout paths, each labelled: the line
kernel ``domino.play.line_playout.random_hand``, the general ``apply_unchecked`` path, and the batch
``domino.tools.simulate.simulate()``. Each engine gets the same wall-clock budget (``--seconds``), cut into ``--rounds``
slices that are interleaved in a rotating order, so that noise on a shared machine hits every
engine alike. The headline rate is the median of the per-slice rates; ratios divide our
median by the peer's, with the CPU-time ratio beside it. Targets (issue 12): ``simulate``
>= 4x ``dominoes`` and >= 20x OpenSpiel's Python games; the checked API >= 1x ``dominoes``.

Output: one JSON object on stdout, a readable table on stderr.

    python benchmarks/engine_vs_peers.py                # 5 s per engine, 5 slices
    python benchmarks/engine_vs_peers.py --seconds 2 --check-hands 100

Before timing, an untimed sanity pass (``--check-hands``) plays some hands with each engine and
reports placements per hand and the share of blocked hands: the same variant should give
similar figures everywhere (differences come from the rule differences listed in the output).
"""

from __future__ import annotations

import argparse
import json
import os
import platform
import random
import statistics
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass, field

from peers import DominoesPeer, HandStats, OpenSpielPeer, versions

FOUR_P = {"players": 4, "partnership": True, "hand_size": 7}
TWO_P = {"players": 2, "hand_size": 7}

# Issue 12's targets, by our path and the peer (a path without one is reported, not judged):
# ``simulate`` (checksum included) at least 4x ``dominoes`` and 20x OpenSpiel's games, the
# checked ``Match`` API at least as fast as ``dominoes``' own API.
TARGETS: dict[tuple[str, str], float] = {
    ("simulate", "dominoes"): 4.0, ("simulate", "os_team"): 20.0,
    ("simulate", "os_block"): 20.0, ("checked", "dominoes"): 1.0,
}


def path_of(contestant_id: str) -> str:
    """Which of our paths a contestant id names: checked, kernel, unchecked or simulate."""
    kind = contestant_id.split("_")[1]
    return "checked" if kind in ("4p", "2p") else kind

RULE_DIFFERENCES = [
    "All: each engine draws uniformly from its own legal-move list. Ours lists a tile twice "
    "(@L and @R) when both ends show the same number (RECORD.md); dominoes lists it once "
    "(left only) and OpenSpiel once (it names the pip value covered, not an end).",
    "All: passes are explicit moves in ours (m.legal() == [pass]); both peers skip a player who "
    "cannot play without a move. Passes are not counted as placements anywhere.",
    "dominoes: same variant as ours on hand 1: 6-6 (always dealt) is led by its holder; "
    "partnership P0+P2 vs P1+P3; hand ends on a domino or when nobody can play; lower team "
    "total wins a block, a tie scores nothing. Points differ: dominoes gives the winning team "
    "the pips of all three other hands (the partner's included) on a domino and both teams' "
    "totals on a block; ours (RULES.md 3.1) scores opponents' pips, less own after a block.",
    "python_team_dominoes: player 0 leads any tile (ours: the holder of 6-6 must lead it); the "
    "deal is round-robin tile by tile; the hand ends when someone goes out or nobody can play, "
    "but the winner is always the team with fewer pips in hand, even after a domino (ours: the "
    "team that went out wins); it pays the losing team's pips.",
    "python_block_dominoes: 7 each like ours; player 0 leads any tile (ours: the highest double, "
    "else the highest tile, is forced, by whoever holds it); every hand, a domino included, is "
    "judged by pips in hand: the lower hand wins the loser's pips (ours: opponents' pips, less "
    "own after a block), so going out against a lone 0-0 is a tie there and a win in ours.",
    "Match level: ours is a match to 100 (Match.new deals hand 1); the peers measure single "
    "games. Only hand 1 is timed here, so later-hand lead rules do not come in.",
]


@dataclass
class Contestant:
    """One engine configuration: how to play one random hand, and what it is compared with."""

    id: str
    label: str
    side: str  # "ours" | "peer"
    table: str  # "4p" | "2p"
    play: Callable[[random.Random], HandStats | int | None]  # an int: hands played (batch)
    stats: Callable[[random.Random], HandStats]
    slices: list[tuple[int, float, float]] = field(default_factory=list)  # hands, wall, cpu


def ours_checked(options: dict) -> tuple[Callable, Callable]:
    """Play and stats functions for our engine through the checked public ``Match`` API."""
    from domino import Match

    def play(rng: random.Random) -> None:
        """One hand, timed: nothing but the public calls."""
        m = Match.new("block", options, seed=rng.getrandbits(32))
        choice = rng.choice
        while not m.hand_over:
            m.play(choice(m.legal()))

    def stats(rng: random.Random) -> HandStats:
        """One hand, untimed, counting placements and reading the termination."""
        m = Match.new("block", options, seed=rng.getrandbits(32))
        placements = 0
        while not m.hand_over:
            move = rng.choice(m.legal())
            placements += str(move) != "pass"
            m.play(move)
        return HandStats(placements, m.hand_result.to_json()["termination"] == "blocked")

    return play, stats


def ours_fast(options: dict) -> tuple[str, Callable, Callable] | None:
    """Play and stats functions for our engine's general unchecked path, if it has one.

    DESIGN.md allows "a fast unchecked path for AI playouts"; for any variant the engine
    exports ``new_hand(ruleset, ctx, rng)`` + ``legal_moves(state)`` +
    ``apply_unchecked(state, move)`` (in place, no legality check, no copy per move). Returns
    ``None`` when the engine has no such path.
    """
    import domino

    if not all(hasattr(domino, n) for n in ("new_hand", "legal_moves", "apply_unchecked",
                                            "get_ruleset")):
        return None
    rs = domino.get_ruleset("block", options)
    new_hand, legal_moves, apply = domino.new_hand, domino.legal_moves, domino.apply_unchecked

    def play(rng: random.Random) -> None:
        s = new_hand(rs, None, rng)
        choice = rng.choice
        while not s.over:
            apply(s, choice(legal_moves(s)))

    def stats(rng: random.Random) -> HandStats:
        s = new_hand(rs, None, rng)
        placements = 0
        while not s.over:
            move = rng.choice(legal_moves(s))
            placements += str(move) != "pass"
            apply(s, move)
        return HandStats(placements, s.result.to_json()["termination"] == "blocked")

    return "new_hand+legal_moves+apply_unchecked", play, stats


def ours_kernel(options: dict) -> tuple[Callable, Callable] | None:
    """Our engine's playout kernel, ``domino.play.line_playout.random_hand``, if it exists and fits ``block``.

    The kernel (``play/line_playout.py``) is the engine's fast unchecked path for line layouts: hands as
    bit masks, legal moves by AND, the same move lists as the checked API (``@L`` and ``@R``
    both listed), and the same settlement. One call deals and plays one whole hand.
    """
    try:
        import domino
        from domino.play.line_playout import random_hand, supports
    except ImportError:
        return None
    rs = domino.get_ruleset("block", options)
    if not supports(rs):
        return None

    def play(rng: random.Random) -> None:
        """One hand, timed: deal and moves from ``rng`` (no generator built per hand)."""
        random_hand(rs, rng, rng)

    def stats(rng: random.Random) -> HandStats:
        """One hand with its move list recorded, to count placements."""
        moves: list[str] = []
        result = random_hand(rs, rng, rng, None, moves)
        placements = sum(1 for m in moves if m not in ("pass", "draw"))
        return HandStats(placements, result.to_json()["termination"] == "blocked")

    return play, stats


SIMULATE_BATCH = 50


def ours_simulate(options: dict) -> tuple[Callable, Callable] | None:
    """Our engine's own batch speed measure, ``domino.tools.simulate.simulate``, if it exists.

    It runs the same kernel but also builds and hashes every hand's result (its
    checksum), so it should trail ``ours_kernel`` slightly; it is timed in batches of
    ``SIMULATE_BATCH`` hands. Its stats come from the terminations it reports.
    """
    try:
        from domino.tools.simulate import simulate
    except ImportError:
        return None

    def play(rng: random.Random) -> int:
        simulate("block", options, SIMULATE_BATCH, rng.getrandbits(32))
        return SIMULATE_BATCH

    def stats(rng: random.Random) -> HandStats:
        out = simulate("block", options, 1, rng.getrandbits(32))
        return HandStats(-1, out["terminations"].get("blocked", 0) == 1)  # -1: not reported

    return play, stats


def peer_contestants(seed: int) -> list[Contestant]:
    """The peers that are installed, each wrapped as a contestant."""
    out: list[Contestant] = []
    try:
        d = DominoesPeer(seed)
        out.append(Contestant("dominoes", d.label, "peer", "4p", d.random_hand, d.random_hand))
    except ImportError as exc:
        print(f"dominoes not installed ({exc}); pip install -e .[bench]", file=sys.stderr)
    try:
        team = OpenSpielPeer("python_team_dominoes")
        block = OpenSpielPeer("python_block_dominoes")
        out.append(Contestant("os_team", team.label, "peer", "4p", team.random_hand,
                              team.random_hand))
        out.append(Contestant("os_block", block.label, "peer", "2p", block.random_hand,
                              block.random_hand))
    except ImportError as exc:
        print(f"open_spiel not installed ({exc}); pip install -e .[bench]", file=sys.stderr)
    return out


def our_contestants(fast: bool) -> list[Contestant]:
    """Our engine on both tables, checked API and (if documented and wanted) the fast path."""
    out: list[Contestant] = []
    for table, options in (("4p", FOUR_P), ("2p", TWO_P)):
        play, stats = ours_checked(options)
        out.append(Contestant(f"ours_{table}", f"ours Match API (checked), block {table}", "ours", table,
                              play, stats))
        if fast:
            kernel = ours_kernel(options)
            if kernel is not None:
                out.append(Contestant(f"ours_kernel_{table}",
                                      f"ours fast: domino.play.line_playout.random_hand {table}", "ours",
                                      table, *kernel))
            found = ours_fast(options)
            if found is not None:
                name, fplay, fstats = found
                out.append(Contestant(f"ours_unchecked_{table}", f"ours {name} {table}",
                                      "ours", table, fplay, fstats))
            sim = ours_simulate(options)
            if sim is not None:
                out.append(Contestant(f"ours_simulate_{table}",
                                      f"ours domino.tools.simulate.simulate() {table}", "ours", table,
                                      *sim))
    return out


def sanity(contestants: list[Contestant], hands: int, seed: int) -> dict[str, dict]:
    """Untimed pass: mean placements per hand and blocked share for each contestant."""
    out: dict[str, dict] = {}
    for c in contestants:
        rng = random.Random(seed)
        results = [c.stats(rng) for _ in range(hands)]
        out[c.id] = {
            "hands": hands,
            "placements_per_hand": (None if any(r.placements < 0 for r in results) else
                                    round(statistics.fmean(r.placements for r in results), 2)),
            "blocked_share": round(sum(r.blocked for r in results) / hands, 3),
        }
    return out


def measure(contestants: list[Contestant], seconds: float, rounds: int, seed: int) -> None:
    """Give each contestant ``seconds`` of wall clock in ``rounds`` interleaved slices."""
    per_slice = seconds / rounds
    rngs = {c.id: random.Random(f"{seed}:{c.id}") for c in contestants}
    for c in contestants:  # warm-up: imports, caches, first allocations
        for _ in range(20):
            c.play(rngs[c.id])
    perf, cpu = time.perf_counter, time.process_time
    for r in range(rounds):
        k = r % len(contestants)
        for c in contestants[k:] + contestants[:k]:
            play, rng = c.play, rngs[c.id]
            n = 0
            t0, c0 = perf(), cpu()
            deadline = t0 + per_slice
            while True:
                k = play(rng)
                n += k if type(k) is int else 1
                if perf() >= deadline:
                    break
            c.slices.append((n, perf() - t0, cpu() - c0))


def summarise(c: Contestant) -> dict:
    """Rates of one contestant: median and spread of slice rates, aggregate wall and CPU."""
    rates = [n / w for n, w, _ in c.slices]
    hands = sum(n for n, _, _ in c.slices)
    wall = sum(w for _, w, _ in c.slices)
    cpu = sum(t for _, _, t in c.slices)
    return {
        "id": c.id, "label": c.label, "side": c.side, "table": c.table, "hands": hands,
        "games_per_s": round(statistics.median(rates), 1),
        "games_per_s_min": round(min(rates), 1), "games_per_s_max": round(max(rates), 1),
        "games_per_s_aggregate": round(hands / wall, 1),
        "games_per_s_cpu": round(hands / cpu, 1) if cpu > 0 else None,
        "us_per_game": round(1e6 * wall / hands, 1),
    }


def ratios(results: dict[str, dict]) -> list[dict]:
    """Our rate over each peer's rate on the same table, with the issue's target."""
    out = []
    for ours in (r for r in results.values() if r["side"] == "ours"):
        for peer in (r for r in results.values() if r["side"] == "peer"):
            if peer["table"] != ours["table"]:
                continue
            ratio = ours["games_per_s"] / peer["games_per_s"]
            cpu_ratio = (ours["games_per_s_cpu"] / peer["games_per_s_cpu"]
                         if ours["games_per_s_cpu"] and peer["games_per_s_cpu"] else None)
            target = TARGETS.get((path_of(ours["id"]), peer["id"]))
            out.append({"ours": ours["id"], "peer": peer["id"], "ratio": round(ratio, 2),
                        "ratio_cpu": None if cpu_ratio is None else round(cpu_ratio, 2),
                        "target": target,
                        "meets_target": None if target is None else ratio >= target})
    return out


def print_table(report: dict) -> None:
    """The human-readable version of the report, on stderr."""
    err = sys.stderr
    cfg = report["config"]
    load = report["machine"]["loadavg_1m_before_after"]
    print(f"\nRandom whole hands per second ({cfg['seconds']} s per engine in {cfg['rounds']} "
          f"interleaved slices; median slice rate; {report['machine']['cpus']} CPUs, load "
          f"{load[0]} -> {load[1]}: if it exceeds the CPUs, trust the cpu columns)", file=err)
    print(f"{'engine':<62} {'games/s':>9} {'min':>8} {'max':>8} {'cpu g/s':>9} "
          f"{'plc/hand':>8} {'blocked':>7}", file=err)
    for r in report["results"]:
        s = report["sanity"].get(r["id"], {})
        print(f"{r['label'][:62]:<62} {r['games_per_s']:>9.1f} {r['games_per_s_min']:>8.1f} "
              f"{r['games_per_s_max']:>8.1f} {r['games_per_s_cpu'] or 0:>9.1f} "
              f"{s.get('placements_per_hand') or float('nan'):>8.2f} "
              f"{s.get('blocked_share', float('nan')):>7.3f}", file=err)
    print("\nRatios (ours / peer, same table)", file=err)
    for q in report["ratios"]:
        judged = ("no target" if q["target"] is None else
                  f"target {q['target']:g}x: {'meets' if q['meets_target'] else 'BELOW'}")
        print(f"  {q['ours']:<18} / {q['peer']:<8} = {q['ratio']:>6.2f}x  (cpu {q['ratio_cpu']}x)"
              f"  {judged}", file=err)
    print("\nRule differences:", file=err)
    for line in report["rule_differences"]:
        print(f"  - {line}", file=err)


def main(argv: list[str] | None = None) -> int:
    """Run the comparison and print the JSON report (stdout) and the table (stderr)."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--seconds", type=float, default=5.0, help="wall-clock budget per engine")
    ap.add_argument("--rounds", type=int, default=5, help="interleaved slices per engine")
    ap.add_argument("--seed", type=int, default=2026)
    ap.add_argument("--check-hands", type=int, default=1000,
                    help="untimed hands per engine for the sanity figures (0: skip)")
    ap.add_argument("--no-fast", action="store_true", help="skip our fast playout path")
    ap.add_argument("--peers-only", action="store_true", help="time the peers only")
    args = ap.parse_args(argv)

    contestants = peer_contestants(args.seed)
    if not args.peers_only:
        contestants = our_contestants(not args.no_fast) + contestants
    check = sanity(contestants, args.check_hands, args.seed) if args.check_hands else {}
    load_before = os.getloadavg()
    measure(contestants, args.seconds, args.rounds, args.seed)
    load_after = os.getloadavg()
    results = {c.id: summarise(c) for c in contestants}
    report = {
        "benchmark": "engine_vs_peers",
        "config": {"seconds": args.seconds, "rounds": args.rounds, "seed": args.seed,
                   "check_hands": args.check_hands, "four_player": FOUR_P, "two_player": TWO_P},
        "machine": {"python": platform.python_version(), "implementation":
                    platform.python_implementation(), "cpus": os.cpu_count(),
                    "platform": platform.platform(),
                    "loadavg_1m_before_after": [round(load_before[0], 2),
                                                round(load_after[0], 2)]},
        "peers": versions(),
        "results": list(results.values()),
        "ratios": ratios(results),
        "sanity": check,
        "rule_differences": RULE_DIFFERENCES,
    }
    print(json.dumps(report, indent=2))
    print_table(report)
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
