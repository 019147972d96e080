"""Decision by decision: what each agent's choice is worth in the true deal.

Hand results mix the luck of the deal with a few decisions that matter, so two agents of
nearly equal strength take thousands of hands to tell apart (``ai_duplicate.py`` cancels the
deal's luck, not the noise of everything played after a decision). Here the comparison is
made at each decision instead. Hands are played by ``--play`` agents (alternating round the
table, like the arena); at every decision with more than one sensible move, every agent of
``--agents`` is asked what it would play from that seat's view. Each distinct answer is then
played in the *true* position and the hand finished ``--continuations`` times by the
``--continue-with`` agent at every seat (the same continuation seeds for every answer), and
the answer is worth the deciding seat's average result: its points, turned so that larger is
better (kozel and mexican_train count penalty points).

For each pair of agents it reports the decisions where they disagree, the mean difference of
their answers' worth there with its standard error, and that difference spread over every
seat and hand: the points per seat and hand one agent would gain over the other if only these
decisions changed.

Two bounds can be added, searches with expert's configuration that do not sample worlds:
``clairvoyant`` searches the true deal itself (the others' hands and the market's order), and
``hands-known`` the true hands with the market shuffled anew in every world. They see what no
player can, and measure how much an agent could still gain from knowing more, which is the
most better inference could give.

``--warmup-hands K`` judges a later hand of each match instead of the first: K hands are
played first by ``medium`` at every seat (as in ``ai_duplicate.py``, with ``arena.warm_up``).
In kozel that is a hand where the records of those who took 13 or more earlier are open, so
every point they take counts, instead of a first hand where a total under 13 is never
recorded.

Usage::

    python benchmarks/ai_decisions.py --variant kozel --players 4 --hands 60 \\
        --agents medium,hard,expert --bounds --jobs 2
"""

from __future__ import annotations

import argparse
import copy
import json
import random
import time
from concurrent.futures import ProcessPoolExecutor

from domino import Match
from domino.ai import Knowledge, get_agent
from domino.ai.agents import EXPERT, Agent
from domino.ai.search import Search
from domino.ai.stats import mean_se
from domino.hand.moves import Move
from domino.hand.state import HandState
from domino.play.view import View, view
from domino.rules.ruleset import get_ruleset
from domino.tiles import shuffle
from domino.tools.arena import play_hand, points_sign, warm_up

BOUNDS = ("clairvoyant", "hands-known")


def bound_move(kind: str, m: Match, seat: int, legal: list[Move],
               rng: random.Random) -> Move:
    """The move of a search at expert's configuration whose worlds are the true deal
    (``clairvoyant``) or the true hands with the market reshuffled (``hands-known``)."""
    truth = m.hand

    def sampler(v: View, r: random.Random, k: Knowledge) -> HandState:
        s = truth.copy()
        if kind == "hands-known":
            s.boneyard = list(s.boneyard)
            shuffle(s.boneyard, r)
            # Play from the truth's base no longer leads here: the world is its own base
            # (vn_schoolnet's look-back replays from it, as from a resampled state).
            s.base = s.copy() if s.rs.blocker_mode else None
        return s

    search = Search(view(truth, seat), list(legal), rng, EXPERT, sampler=sampler)
    return search.run()


def finish(m: Match, move: Move, agent: Agent, rng: random.Random) -> list[int]:
    """Play ``move`` in a copy of ``m`` and finish the hand with ``agent`` at every seat
    (the arena's hand loop); the result's delta."""
    mm = copy.deepcopy(m)
    mm.play(move)
    return list(play_hand(mm, [agent] * mm.hand.n, rng).delta)


class DecisionJudge:
    """Sits at every seat of one hand played by ``arena.play_hand``. At each decision with a
    choice it asks every compared agent (and the bounds) for its answer, values the distinct
    answers in the true position, records them, and plays the seated agent's answer."""

    def __init__(self, m: Match, hand: int, seating: list[Agent], args: dict,
                 agents: dict[str, Agent], cont: Agent, sign: int,
                 records: list[dict]) -> None:
        self.m, self.hand, self.seating, self.args = m, hand, seating, args
        self.agents, self.cont, self.sign, self.records = agents, cont, sign, records

    def choose(self, v: View, legal: list[Move], rng: random.Random) -> Move:
        """The seated agent's move, after recording what every compared agent would play."""
        m, h, seat, args = self.m, self.hand, v.seat, self.args
        seed = rng.random()
        answers = {n: a.choose(v, legal, random.Random(seed)) for n, a in self.agents.items()}
        for kind in args["bounds"]:
            answers[kind] = bound_move(kind, m, seat, legal, random.Random(seed))
        worth: dict[str, float] = {}
        distinct = {str(x): x for x in answers.values()}
        for move in distinct.values() if len(distinct) > 1 else ():
            total = 0.0
            for c in range(args["continuations"]):
                delta = finish(m, move, self.cont, random.Random(h * 7919 + seat * 101 + c))
                total += self.sign * delta[seat]
            worth[str(move)] = total / args["continuations"]
        self.records.append({"hand": h, "seat": seat,
                             "answers": {n: str(x) for n, x in answers.items()},
                             "worth": worth})
        return self.seating[seat].choose(v, legal, random.Random(seed))


def run_hands(args: dict, first: int, count: int) -> tuple[list[dict], int]:
    """Play ``count`` deals from Match seed ``first``: one record per decision with a choice,
    and the number of hands judged (a match that ends during the warm-up has none)."""
    variant, players = args["variant"], args["players"]
    sign = points_sign(get_ruleset(variant, {"players": players}))
    agents = {n: get_agent(n, seed=7) for n in args["agents"]}
    play = [get_agent(n, seed=11 + i) for i, n in enumerate(args["play"])]
    cont = get_agent(args["continue_with"], seed=99)
    warm = [get_agent("medium", seed=13)] * players
    records: list[dict] = []
    judged = 0
    for h in range(first, first + count):
        m = Match.new(variant, {"players": players}, seed=h)
        if not warm_up(m, warm, args["warmup"], h):
            continue
        seating = [play[(p + h) % len(play)] for p in range(players)]
        judge = DecisionJudge(m, h, seating, args, agents, cont, sign, records)
        play_hand(m, [judge] * players, random.Random(h))
        judged += 1
    return records, judged


def summarise(records: list[dict], names: list[str], hands: int, players: int) -> list[dict]:
    """Per pair of agents: disagreements, mean worth difference (SE), per seat and hand."""
    out = []
    for i, a in enumerate(names):
        for b in names[i + 1:]:
            diffs = [r["worth"][r["answers"][a]] - r["worth"][r["answers"][b]]
                     for r in records if r["answers"][a] != r["answers"][b]]
            n = len(diffs)
            mean, se = mean_se(diffs)
            out.append({"a": a, "b": b, "disagreements": n,
                        "a_minus_b_per_disagreement": round(mean, 3), "se": round(se, 3),
                        "a_minus_b_per_seat_hand": round(sum(diffs) / (hands * players), 3),
                        "se_per_seat_hand": round(se * n / (hands * players), 3)})
    return out


def main() -> None:
    """Parse the arguments, run (in ``--jobs`` processes), print JSON."""
    ap = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    ap.add_argument("--variant", default="kozel")
    ap.add_argument("--players", type=int, default=4)
    ap.add_argument("--agents", default="medium,hard,expert", help="the agents compared")
    ap.add_argument("--play", default="expert,hard", help="the agents that play the hands")
    ap.add_argument("--continue-with", default="hard")
    ap.add_argument("--continuations", type=int, default=12)
    ap.add_argument("--bounds", action="store_true", help="add the clairvoyant bounds")
    ap.add_argument("--hands", type=int, default=40)
    ap.add_argument("--first-deal", type=int, default=3000)
    ap.add_argument("--warmup-hands", type=int, default=0,
                    help="hands played first by medium at every seat; the next one is judged")
    ap.add_argument("--jobs", type=int, default=1)
    a = ap.parse_args()
    args = {"variant": a.variant, "players": a.players,
            "agents": [x.strip() for x in a.agents.split(",") if x.strip()],
            "play": [x.strip() for x in a.play.split(",") if x.strip()],
            "continue_with": a.continue_with, "continuations": a.continuations,
            "bounds": list(BOUNDS) if a.bounds else [], "warmup": a.warmup_hands}
    t0 = time.perf_counter()
    jobs = max(1, a.jobs)
    chunks = [(a.first_deal + i * a.hands // jobs, (i + 1) * a.hands // jobs - i * a.hands // jobs)
              for i in range(jobs)]
    if jobs == 1:
        parts = [run_hands(args, *chunks[0])]
    else:
        with ProcessPoolExecutor(jobs) as pool:
            parts = list(pool.map(run_hands, [args] * jobs, [c[0] for c in chunks],
                                  [c[1] for c in chunks]))
    records = [r for part, _ in parts for r in part]
    judged = sum(n for _, n in parts)
    names = args["agents"] + args["bounds"]
    print(json.dumps({"variant": a.variant, "players": a.players, "hands": a.hands,
                      "first_deal": a.first_deal, "warmup_hands": a.warmup_hands,
                      "decisions": len(records),
                      "play": args["play"], "continue_with": a.continue_with,
                      "continuations": a.continuations,
                      "hands_judged": judged,
                      "pairs": summarise(records, names, judged, a.players),
                      "seconds": round(time.perf_counter() - t0, 1)}, indent=1))


if __name__ == "__main__":
    main()
