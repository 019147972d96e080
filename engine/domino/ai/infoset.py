"""Search over the deciding seat's information set: single-observer ISMCTS with exact leaves.

``search.Search`` values each candidate in sampled worlds by solving every world as if all
hands were open (perfect-information Monte Carlo). In a world the solve lets every later
move of the deciding seat be chosen knowing the others' tiles, and lets the others answer
knowing the seat's: a candidate whose worth hangs on a later guess is overvalued ("strategy
fusion"). ``InfosetSearch`` instead grows one tree over what the seat itself sees, as
OpenSpiel's ISMCTS bot does (Cowling, Powley and Whitehouse's single-observer ISMCTS):

* every iteration deals a new world consistent with the view (``resample``, which honours
  every pass; or ``inference.PlayWeighted`` when the level weighs worlds by the others'
  plays) and walks the tree from the root in it;
* a node is a sequence of public moves from the decision (every move in a line game is seen
  by all), so one node holds the seat's choice in *all* the worlds that reach it: its own
  later moves cannot depend on tiles it does not see;
* at each node the moves legal in this world are chosen by UCB1 over the children's mean
  values for the side to move, with *availability* counts (a child's exploration term counts
  the iterations in which it was legal, not the parent's visits: an opponent's tile is
  legal only in the worlds that give it that tile);
* one new child is added per iteration and the position below it is valued by a playout
  (``policy.rollout_move``), or once few tiles remain by the exact solve of that world
  (``linesolve`` on a plain line, ``search._solve`` otherwise): deep in the tree the fusion
  of a perfect-information value costs little, and it is much less noisy than a playout.

The move played is the root's most visited child (its mean value breaks ties). Values are
the deciding side's (``evaluate.Utility``) and the other side minimises them: a search for
two sides (two players, or two teams), which refuses more (ValueError).

Work is counted in evaluations, as ``search.Search`` counts it (moves applied, solve nodes,
sampling), so a budget gives the same move for the same seed on any machine and bounds the
time. The interface is ``search.Search``'s as ``agents.SearchAgent`` uses it: ``step``,
``done``, ``run``, ``best``, ``ranking``, ``progress``. No level uses it yet (DECISIONS
E-80: in two-player block it played even with the flat search, against it and against
OpenSpiel's ISMCTS, at more time per decision).
"""

from __future__ import annotations

import math
import random
from typing import Any

from ..hand.moves import Move
from ..hand.state import HandState, advance, legal_moves
from ..play.resample import Knowledge, infer
from ..play.view import View
from ..settlement.settle import hand_result
from . import linesolve
from .evaluate import Utility, sides_of
from .policy import PLACING, move_weight, playable, score_move
from .search import (
    EVALUATION_OVERHEAD,
    LINE_NODES_PER_EVALUATION,
    MOVES_PER_EVALUATION,
    SOLVE_NODES_PER_EVALUATION,
    Sampler,
    SearchConfig,
    _solve,
    move_cost,
    rollout,
    world_sampler,
)

# Dealing one world (``resample``), in evaluations: measured 20 us against 130-145 us per
# evaluation in block. ``search.Search`` deals a world once for all its candidates; here every
# iteration deals one, and late in a hand, when a walk and its leaf cost little, the deal is
# most of an iteration's time.
SAMPLE_EVALUATIONS = 0.15


class Node:
    """A public position of the decision's tree: the moves seen since the root.

    ``visits`` and ``total`` (the deciding side's values summed) are the child's statistics
    as its parent chooses it; ``available`` counts the iterations in which the move into it
    was legal (UCB's exploration term for a move that only some worlds allow)."""

    __slots__ = ("available", "children", "total", "visits")

    def __init__(self) -> None:
        self.children: dict[Move, Node] = {}
        self.visits = 0
        self.total = 0.0
        self.available = 0

    def mean(self) -> float:
        """The mean value for the deciding side (-inf before the first visit)."""
        return self.total / self.visits if self.visits else -math.inf


def _order(s: HandState, moves: list[Move]) -> list[Move]:
    """``moves`` heavy first (the order new children are tried in, as the exact solves
    order theirs): a stable order, so the tree grows the same way for the same worlds."""
    rs = s.rs
    return sorted(moves, key=lambda m: -move_weight(rs, m) if m.kind in PLACING else 0)


class InfosetSearch:
    """One decision's information-set search; drive it with ``step`` and read ``best``."""

    def __init__(self, v: View, legal: list[Move], rng: random.Random, cfg: SearchConfig,
                 budget: int | None = None, sampler: Sampler | None = None) -> None:
        if len(sides_of(v.rs, v.players)) != 2:
            raise ValueError("the information-set search is for two sides (players or teams)")
        self.view = v
        self.cfg = cfg
        self.rng = rng
        self.k: Knowledge = infer(v)
        self._sample, self._sample_cost = world_sampler(v, self.k, cfg, sampler)
        self.candidates = playable(list(legal))
        self.utility = Utility(v.rs, v.players, v.seat, v.hand_number, v.seated,
                               v.match_totals, cfg.win_bonus)
        self.budget = cfg.evaluations if budget is None else max(1, int(budget))
        self.root = Node()
        self.used = 0.0
        self.worlds = 0  # iterations, one world each
        self.solved = 0
        self._line = linesolve.supported(v.rs)
        self._move_weight = move_cost(v.rs.layout_kind)
        self.prior = [score_move(self.k, m) for m in self.candidates]

    @property
    def done(self) -> bool:
        """The budget is spent, or there is nothing to choose."""
        return self.used >= self.budget or len(self.candidates) <= 1

    def step(self, evaluations: int = 32) -> bool:
        """Spend up to ``evaluations`` of the budget in whole iterations; return ``done``."""
        spent = 0.0
        while spent < evaluations and not self.done:
            cost = self._iterate()
            self.used += cost
            spent += cost
        return self.done

    def run(self) -> Move:
        """Spend the whole budget and return the chosen move."""
        while not self.step(1 << 30):
            pass
        return self.best()

    # --- results -----------------------------------------------------------------------

    def _root_child(self, c: int) -> Node | None:
        return self.root.children.get(self.candidates[c])

    def ranking(self) -> list[tuple[Move, float, int]]:
        """Candidates best first, as (move, mean value, visits): most visited first, then
        by mean, then by the heuristic's score."""
        def key(c: int) -> tuple[int, float, float]:
            node = self._root_child(c)
            if node is None:
                return (0, -math.inf, self.prior[c])
            return (node.visits, node.mean(), self.prior[c])
        order = sorted(range(len(self.candidates)), key=key, reverse=True)
        out = []
        for c in order:
            node = self._root_child(c)
            out.append((self.candidates[c], node.mean() if node else -math.inf,
                        node.visits if node else 0))
        return out

    def best(self) -> Move:
        """The root's most visited move (the one the search trusted most)."""
        return self.ranking()[0][0]

    def progress(self) -> dict[str, Any]:
        """What a UI may show while the search runs (``search.Search.progress``'s keys)."""
        ranking = self.ranking()
        return {"evaluations": round(self.used, 1), "budget": self.budget, "worlds": self.worlds,
                "solved": self.solved, "best": str(ranking[0][0]) if ranking else None,
                "done": self.done}

    # --- one iteration -----------------------------------------------------------------

    def _iterate(self) -> float:
        """Deal a world, walk and grow the tree in it, value the leaf, back the value up;
        return the work done, in evaluations."""
        self.worlds += 1
        s = self._sample(self.view, self.rng, self.k)
        moves = 0.0
        path: list[Node] = []
        node = self.root
        legal = self.candidates
        expanded = False
        value: float | None = None
        while True:
            if s.over:
                value = self.utility(hand_result(s))
                break
            if node is not self.root:
                legal = playable(legal_moves(s))
                if len(legal) == 1:  # a forced move (a pass) is no choice: no node
                    advance(s, legal[0])
                    moves += 1
                    continue
            if expanded:
                break
            move, node, expanded = self._select(node, s, legal)
            path.append(node)
            advance(s, move)
            moves += 1
        cost = (moves * self._move_weight + EVALUATION_OVERHEAD) / MOVES_PER_EVALUATION
        cost += self._sample_cost + SAMPLE_EVALUATIONS
        if value is None:
            value, work = self._leaf(s)
            cost += work
        for n in path:
            n.visits += 1
            n.total += value
        return cost

    def _select(self, node: Node, s: HandState, legal: list[Move]) -> tuple[Move, Node, bool]:
        """The move to follow among the ``legal`` moves of this world, its child of
        ``node``, and whether that child is new (its first visit: the walk stops below it).
        Every legal move's availability is counted."""
        children = node.children
        fresh: Move | None = None
        for m in _order(s, legal):
            child = children.get(m)
            if child is None:
                child = children[m] = Node()
            child.available += 1
            if fresh is None and child.visits == 0:
                fresh = m
        if fresh is not None:
            return fresh, children[fresh], True
        sign = 1.0 if self.utility.maximizing(s.to_move) else -1.0
        c = self.cfg.infoset_exploration
        best = legal[0]
        best_score = -math.inf
        for m in legal:
            child = children[m]
            score = (sign * child.total / child.visits
                     + c * math.sqrt(math.log(child.available) / child.visits))
            if score > best_score:
                best, best_score = m, score
        return best, children[best], False

    def _leaf(self, s: HandState) -> tuple[float, float]:
        """The value of the position below a new node, and its cost: an exact solve once
        few tiles remain (``SearchConfig.infoset_solve_tiles``), else a playout."""
        cfg = self.cfg
        remaining = sum(len(h) for h in s.hands) + s.drawable()
        cost = 0.0
        line = self._line and linesolve.applicable(s)
        if remaining <= cfg.infoset_solve_tiles and (line or remaining <= cfg.endgame_tiles):
            nodes = [0]
            per = LINE_NODES_PER_EVALUATION if line else SOLVE_NODES_PER_EVALUATION
            limit = (cfg.line_node_limit or cfg.node_limit * 4) if line else cfg.node_limit
            try:
                value = (linesolve.solve(s, self.utility, self.utility.maximizing, limit, nodes)
                         if line else _solve(s, self.utility, limit, nodes))
                self.solved += 1
                return value, max(1.0, nodes[0] / per)
            except linesolve.SolveLimit:  # too deep: a playout instead
                cost = limit / per
        moves, _ = rollout(s, self.rng, cfg.greed)
        return self.utility(hand_result(s)), cost + moves * self._move_weight / MOVES_PER_EVALUATION
