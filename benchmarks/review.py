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
  the review's ``best`` is the move the expert played at its own default budget. Since
  docs/DECISIONS.md E-28 the review runs the expert's own search (seeded by the position), so
  this rate is 1.0 by construction; it is kept to check that it stays so. The rate per
  variant comes with its 95% Wilson interval (issue 13's aim: at least 90% in every variant).
  Beside it, ``unmarked_rate``: the share of those positions where the review puts no mark
  on the expert's move.

  Since that rate says nothing of the judgement's quality, ``reference``: the first
  ``--reference-positions`` positions are judged again by an independent reference, a review
  with another seed (``Review(salt=1)``) and ``--reference-budget`` evaluations per decision
  (default 8 times the expert's): ``agree_rate``, the share where the reference finds no
  better move than the expert's (its ``best`` is the move played: the same move, its mirror
  image, or a move it estimates at least as good); ``marked_rate`` and ``mistake_rate``, the
  shares of the expert's moves it marks at all, and as a mistake or a blunder; ``mean_loss``
  in the variant's unit; ``as_good_rate``, the share where its best is the move played or a
  move it cannot tell from the best (``as_good``, docs/DECISIONS.md E-61). With ``--baseline``, ``expert_again_rate``: how often a second
  expert search (another seed, the default budget) chooses the expert's move, the sampling
  noise of the search itself (what the review's agreement was limited to before E-28).
  With ``--reference-again``, ``again``: a second search plays each reference position
  (default another seed and the reference's budget, ``--rival-salt``, ``--rival-budget``)
  and the reference judges its move as it judges the move played: with the defaults, how
  often a player as strong as the reference itself would agree, the ceiling of
  ``agree_rate`` (docs/DECISIONS.md E-72); with ``--rival-salt 0 --rival-budget B``, the
  expert's own search at budget B on the same positions. ``--expert-set`` tries a changed
  expert (its search settings patched in the run's processes), ``--hand-seed`` runs the
  hands of a longer run in parts.

  ``--mover`` plays the hands with another agent (``medium``: moves the review should mark
  now and then), and ``--per-hand N`` judges at most N decisions of each hand (drawn by the
  hand's seed), so that the positions come from many hands. Beside the reference's figures,
  how its verdict agrees with the review's: ``same_mark_rate`` (the same mark, or none for
  both), ``same_bad_rate`` (both call the move a mistake or a blunder, or neither does),
  ``missed`` (the reference's mistakes and blunders the review leaves unmarked) and
  ``false_bad`` (the review's mistakes and blunders the reference leaves unmarked).

* ``hint`` (``--hint-hands N``): the hint (``judge_position``, the review's figures for every
  sensible move, issue 26: "its p95 time stays within 1.5x expert's decision") against the
  expert's own decision (``ExpertAgent.choose``) on the same views: every decision with a choice
  of ``N`` hands per variant played by four ``--timing-agent`` players, CPU seconds
  (``time.process_time``, so the machine's load counts less), p50 and p95 of each and the
  ratio of the p95s.

Variants run in parallel processes with ``--jobs`` (the figures do not depend on it; the
timings are taken alone, before).

Examples::

    python benchmarks/review.py                                  # 200 positions per variant
    python benchmarks/review.py --positions 60 --jobs 2
    python benchmarks/review.py --skip-quality --timing-hands 3
    python benchmarks/review.py --skip-timing --variants kozel,block --positions 100
    python benchmarks/review.py --skip-timing --variants all_fives --positions 30 \\
        --per-hand 1 --mover medium
    python benchmarks/review.py --skip-timing --skip-quality --hint-hands 1
"""

from __future__ import annotations

import argparse
import dataclasses
import json
import random
import statistics
import sys
import time
from concurrent.futures import ProcessPoolExecutor

from domino import Match
from domino.ai import get_agent
from domino.ai.agents import EXPERT
from domino.ai.review import Decision, Review, deepen_verdict, expert_search, figure, mirrored
from domino.ai.search import Search
from domino.ai.stats import wilson
from domino.hand.moves import Move
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


def time_hint(variant: str, agent: str, hands: int, seed: int) -> dict:
    """CPU milliseconds of the hint and of the expert's decision at every decision with a
    choice of ``hands`` hands of ``variant`` (its default player count)."""
    from domino.ai.review import decisions, judge_position

    hint_ms: list[float] = []
    expert_ms: list[float] = []
    for h in range(hands):
        record = play_one_hand(variant, None, agent, seed + h)
        for d in decisions(record):
            if d.forced:
                continue
            c0 = time.process_time()
            judge_position(d.view, list(d.legal))
            c1 = time.process_time()
            get_agent("expert", seed=seed).choose(d.view, list(d.legal), random.Random(seed))
            c2 = time.process_time()
            hint_ms.append(1000 * (c1 - c0))
            expert_ms.append(1000 * (c2 - c1))

    def p(values: list[float], q: float) -> float:
        ordered = sorted(values)
        return round(ordered[min(len(ordered) - 1, int(q * len(ordered)))], 1)

    out = {"variant": variant, "decisions": len(hint_ms),
           "hint_p50": p(hint_ms, 0.5), "hint_p95": p(hint_ms, 0.95),
           "expert_p50": p(expert_ms, 0.5), "expert_p95": p(expert_ms, 0.95)}
    out["p95_ratio"] = round(out["hint_p95"] / max(out["expert_p95"], 1e-9), 2)
    return out


BAD = ("mistake", "blunder")


def pick(choices: list, per_hand: int, seed: int) -> list:
    """``per_hand`` of a hand's decisions with a choice (0: all), drawn with a generator
    seeded by the hand's seed, kept in record order: positions from many hands rather
    than from the first few (a hand's positions are alike)."""
    if per_hand <= 0 or len(choices) <= per_hand:
        return choices
    keep = set(random.Random(seed).sample(range(len(choices)), per_hand))
    return [d for i, d in enumerate(choices) if i in keep]


class RivalReview(Review):
    """The reference judge, which also judges a rival's move at each position where
    ``rivals`` names one (``--reference-again``: a second reference's choice), in the same
    search and as it judges the move played (``Search.complete``, ``deepen_verdict``,
    ``figure``), after it. A move's figures do not depend on the other moves judged in the
    search (docs/DECISIONS.md E-28, E-30), so the verdict on the move played is unchanged."""

    def __init__(self, *args: object, **kwargs: object) -> None:
        super().__init__(*args, **kwargs)  # type: ignore[arg-type]
        self.rivals: dict[tuple[int, int], Move] = {}
        self.rival_verdicts: dict[tuple[int, int], dict] = {}

    def _judged(self, d: Decision, search: Search) -> dict:
        entry = super()._judged(d, search)
        rival = self.rivals.get((d.hand, d.move))
        if rival is not None:
            search.complete([rival, search.best()])
            deepen_verdict(search, rival, self.limits)
            self.rival_verdicts[(d.hand, d.move)] = figure(search, rival, self.limits)
        return entry


def expert_set(changes: str) -> None:
    """Change the expert's search settings in every variant, in this process only (the level
    table, ``domino.ai.levels.TABLE``, read by the expert playing the hands, the review and
    the reference): ``--expert-set common_numbers=true,evaluations=1000`` tries a changed
    expert without editing the table. Values are read as JSON (``true``, ``1000``)."""
    if not changes:
        return
    from domino.ai import levels

    fields = {k: json.loads(v) for k, v in (c.split("=", 1) for c in changes.split(","))}
    for variant_levels in levels.TABLE.values():
        expert = variant_levels["expert"]
        assert expert.search is not None
        variant_levels["expert"] = dataclasses.replace(
            expert, search=dataclasses.replace(expert.search, **fields))


def quality(job: tuple[str, int, int | None, int, bool, int, int | None, str, int, bool,
                       str, int, int]) -> dict:
    """The review's figures on the moves of ``mover`` (default the expert) in ``variant``:
    agreement of its best with the move played (by construction since E-28 when the expert
    played), and the independent figures of a reference judge (another seed,
    ``reference_budget`` evaluations) on the same positions, with how often its mark agrees
    with the review's; with ``baseline``, how often a second expert search (another seed,
    the default budget) chooses the move played."""
    (variant, positions, budget, seed, baseline, reference_budget, reference_positions,
     mover, per_hand, reference_again, changes, rival_budget, rival_salt) = job
    expert_set(changes)
    agree = unmarked = total = hands = again = 0
    ref_total = ref_agree = ref_marked = ref_bad = ref_as_good = 0
    same_mark = same_bad = missed = false_bad = 0
    again_total = again_agree = again_as_good = 0
    ref_losses: list[float] = []
    disagreements: list[dict] = []
    detail: list[dict] = []
    t0 = time.perf_counter()
    s = seed
    while total < positions:
        record = play_one_hand(variant, None, mover, s)
        s += 1
        hands += 1
        review = Review(record, None, budget)
        # Only the decisions with a choice, and no more than still needed.
        choices = pick([d for d in review.pending if not d.forced], per_hand, s - 1)
        choices = choices[:positions - total]
        review.pending = list(choices)
        review.total = len(choices)
        doc = review.run()
        ref_entries: list[dict | None] = [None] * len(choices)
        rival_verdicts: dict[tuple[int, int], dict] = {}
        want = (positions if reference_positions is None else reference_positions) - ref_total
        if reference_budget and want > 0:
            ref = RivalReview(record, None, reference_budget, salt=1)
            judged = list(choices[:want])
            ref.pending = list(judged)
            ref.total = len(ref.pending)
            if reference_again:
                # A second reference (another seed, the same budget) plays each position.
                for d in ref.pending:
                    rival = expert_search(d.view, list(d.legal), rival_budget or reference_budget,
                                          salt=rival_salt)
                    rival.run()
                    ref.rivals[(d.hand, d.move)] = rival.best()
            ref_doc = ref.run()
            ref_entries[:len(ref_doc["moves"])] = ref_doc["moves"]
            rival_verdicts = ref.rival_verdicts
            for d in judged:
                v = rival_verdicts.get((d.hand, d.move))
                if v is not None:
                    again_total += 1
                    again_agree += v["best"] == v["move"]
                    again_as_good += v["best"] == v["move"] or bool(v["as_good"])
        for d, e, r in zip(choices, doc["moves"], ref_entries, strict=True):
            if baseline:
                other = expert_search(d.view, list(d.legal), None, EXPERT, salt=2)
                other.run()
                choice = other.best()
                again += choice == d.played or mirrored(d.view, choice, d.played)
            total += 1
            unmarked += e["mark"] is None
            if e["best"] == e["played"]:
                agree += 1
            elif len(disagreements) < 5:
                disagreements.append({"seed": s - 1, "move": e["move"], "played": e["played"],
                                      "best": e["best"], "loss": e["loss"],
                                      "loss_se": e["loss_se"], "mark": e["mark"]})
            if r is not None:
                detail.append({"seed": s - 1, "move": e["move"], "review": _brief(e),
                               "reference": _brief(r)})
                rival = rival_verdicts.get((d.hand, d.move))
                if rival is not None:
                    detail[-1]["again"] = {k: rival[k] for k in ("move", "best", "loss",
                                                                 "loss_se", "mark", "worlds",
                                                                 "as_good")}
                ref_total += 1
                ref_agree += r["best"] == r["played"]
                ref_as_good += r["best"] == r["played"] or bool(r.get("as_good"))
                ref_marked += r["mark"] is not None
                ref_bad += r["mark"] in BAD
                ref_losses.append(r["loss"])
                same_mark += r["mark"] == e["mark"]
                same_bad += (r["mark"] in BAD) == (e["mark"] in BAD)
                missed += r["mark"] in BAD and e["mark"] is None
                false_bad += e["mark"] in BAD and r["mark"] is None
    low, high = wilson(agree, total)
    out = {"variant": variant, "mover": mover, "positions": total, "agree": agree,
           "rate": round(agree / total, 3), "wilson": [round(low, 3), round(high, 3)],
           "unmarked_rate": round(unmarked / total, 3),
           "expert_again_rate": round(again / total, 3) if baseline else None,
           "hands": hands, "seconds": round(time.perf_counter() - t0, 1),
           "first_disagreements": disagreements}
    if ref_total:
        out["reference"] = {
            "budget": reference_budget, "positions": ref_total,
            "agree": ref_agree, "agree_rate": round(ref_agree / ref_total, 3),
            "agree_wilson": [round(x, 3) for x in wilson(ref_agree, ref_total)],
            "as_good_rate": round(ref_as_good / ref_total, 3),
            "as_good_wilson": [round(x, 3) for x in wilson(ref_as_good, ref_total)],
            "marked_rate": round(ref_marked / ref_total, 3),
            "marked_wilson": [round(x, 3) for x in wilson(ref_marked, ref_total)],
            "mistake_rate": round(ref_bad / ref_total, 3),
            "mistake_wilson": [round(x, 3) for x in wilson(ref_bad, ref_total)],
            "mean_loss": round(sum(ref_losses) / ref_total, 3),
            "same_mark_rate": round(same_mark / ref_total, 3),
            "same_bad_rate": round(same_bad / ref_total, 3),
            "missed": missed, "false_bad": false_bad, "positions_detail": detail}
        if again_total:
            out["reference"]["again"] = {
                "budget": rival_budget or reference_budget, "salt": rival_salt,
                "positions": again_total,
                "agree_rate": round(again_agree / again_total, 3),
                "agree_wilson": [round(x, 3) for x in wilson(again_agree, again_total)],
                "as_good_rate": round(again_as_good / again_total, 3)}
    return out


def _brief(e: dict) -> dict:
    """One verdict's figures, for reading the disagreements afterwards."""
    return {k: e.get(k) for k in ("played", "best", "loss", "loss_se", "mark", "worlds",
                                  "as_good")}


def report(q: dict) -> None:
    """One variant's quality figures on stderr, as soon as they are known."""
    print(f"{q['variant']:>15}: best = {q['mover']}'s move in {q['agree']}/{q['positions']} "
          f"= {q['rate']:.3f} {q['wilson']}; no mark on the move played "
          f"{q['unmarked_rate']:.3f}; a second expert search agrees "
          f"{q['expert_again_rate']} ({q['hands']} hands, {q['seconds']} s)",
          file=sys.stderr, flush=True)
    r = q.get("reference")
    if r:
        print(f"{'':>15}  reference ({r['budget']} evaluations, another seed, "
              f"{r['positions']} positions): no better move than the one played "
              f"{r['agree_rate']:.3f} {r['agree_wilson']}, or one it cannot tell from the best "
              f"(as_good, E-61) {r['as_good_rate']:.3f} {r['as_good_wilson']}; the move played "
              f"marked "
              f"{r['marked_rate']:.3f} {r['marked_wilson']}, as a mistake or blunder "
              f"{r['mistake_rate']:.3f} {r['mistake_wilson']}; mean loss "
              f"{r['mean_loss']}", file=sys.stderr, flush=True)
        a = r.get("again")
        if a:
            print(f"{'':>15}  a second reference's move (another seed, the same budget): no "
                  f"better move {a['agree_rate']:.3f} {a['agree_wilson']}, as good "
                  f"{a['as_good_rate']:.3f} (the ceiling of the figures above)",
                  file=sys.stderr, flush=True)
        print(f"{'':>15}  the review's mark = the reference's {r['same_mark_rate']:.3f}; "
              f"both or neither say mistake or blunder {r['same_bad_rate']:.3f}; the "
              f"reference's mistakes and blunders the review leaves unmarked {r['missed']}, "
              f"the review's that the reference leaves unmarked {r['false_bad']}",
              file=sys.stderr, flush=True)


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
    p.add_argument("--hint-hands", type=int, default=0,
                   help="time the hint against the expert's decision on N hands per variant "
                        "of --variants (default 0: not measured)")
    p.add_argument("--skip-quality", action="store_true")
    p.add_argument("--baseline", action="store_true",
                   help="also run a second expert search (another seed, the default budget) "
                        "at each position: how often it chooses the expert's move (the "
                        "search's own sampling noise)")
    p.add_argument("--reference-budget", type=int, default=8 * EXPERT.evaluations,
                   help="evaluations per decision of the reference judge, another seed "
                        "(default 6,400 in every variant, 8 times the default budget of "
                        "800, DECISIONS E-79; 0: no reference)")
    p.add_argument("--mover", default="expert",
                   help="the agent that plays the hands judged (default expert; a weaker "
                        "one, such as medium, makes moves the review should mark)")
    p.add_argument("--per-hand", type=int, default=0,
                   help="judge at most N decisions with a choice per hand, drawn by the "
                        "hand's seed (default 0: every one)")
    p.add_argument("--reference-positions", type=int, default=None,
                   help="judge only the first N positions per variant with the reference "
                        "(default: all of them)")
    p.add_argument("--reference-again", action="store_true",
                   help="the reference's own ceiling: a second reference (another seed, the "
                        "same budget) plays each reference position, and the first judges "
                        "its move as it judges the move played")
    p.add_argument("--rival-budget", type=int, default=0,
                   help="with --reference-again: the second search's budget (default 0: the "
                        "reference's); with --rival-salt 0, the expert's own search at that "
                        "budget, judged on the same positions as the expert's move")
    p.add_argument("--rival-salt", type=int, default=2,
                   help="with --reference-again: the second search's salt (default 2; 0 is "
                        "the expert's own seed)")
    p.add_argument("--hand-seed", type=int, default=None,
                   help="the seed of the first hand for the quality (default: --seed times "
                        "10,000): a run in parts, --hand-seed 10015 going on where 15 "
                        "positions of --seed 1 with --per-hand 1 stopped")
    p.add_argument("--expert-set", default="",
                   help="try a changed expert: its search settings changed in every variant "
                        "for this run (e.g. common_numbers=true), for the hands, the review "
                        "and the reference alike")
    args = p.parse_args(argv)
    expert_set(args.expert_set)
    out: dict = {}
    if not args.skip_timing:
        out["timing"] = [time_review(v, 4, args.timing_agent, args.timing_hands, args.seed)
                         for v in ("vn_traditional", "mexican_train")]
        for t in out["timing"]:
            print(f"review {t['variant']} 4p, all seats: wall median {t['wall_s_median']} s "
                  f"(max {t['wall_s_max']}), cpu {t['cpu_s_median']} s, "
                  f"{t['judged_median']} of {t['decisions_median']} decisions judged",
                  file=sys.stderr)
    if args.hint_hands:
        out["hint"] = []
        for v in args.variants.split(","):
            t = time_hint(v, args.timing_agent, args.hint_hands, args.seed)
            out["hint"].append(t)
            print(f"hint {v}: {t['decisions']} decisions, CPU ms p50 / p95 hint "
                  f"{t['hint_p50']} / {t['hint_p95']}, expert {t['expert_p50']} / "
                  f"{t['expert_p95']}, p95 ratio {t['p95_ratio']}", file=sys.stderr, flush=True)
    if not args.skip_quality:
        first = args.seed * 10_000 if args.hand_seed is None else args.hand_seed
        jobs = [(v, args.positions, args.budget, first, args.baseline,
                 args.reference_budget, args.reference_positions, args.mover,
                 args.per_hand, args.reference_again, args.expert_set, args.rival_budget,
                 args.rival_salt)
                for v in args.variants.split(",")]
        results = []
        if args.jobs > 1:
            with ProcessPoolExecutor(args.jobs) as pool:
                for q in pool.map(quality, jobs):
                    results.append(q)
                    report(q)
        else:
            for j in jobs:
                results.append(quality(j))
                report(results[-1])
        out["quality"] = results
    print(json.dumps(out))
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
