"""Search over sampled worlds (perfect-information Monte Carlo) with an exact endgame.

The deciding seat's knowledge (``domino.play.resample.infer``) yields worlds: complete hands
consistent with everything it has seen (``domino.play.resample.resample``, the engine's
``ResampleFromInfostate``). Every candidate move is tried in the same worlds (paired
comparison, so luck of the deal cancels out between candidates) and the world is played to the
end through the engine's fast path (``game.advance`` + ``legal_moves``, settled once at the end
by ``settle.hand_result``; on a plain line by ``lineplay.playout``, on trains by
``trainplay``, on trees by ``treeplay`` (Doubles) and ``fivesplay`` (All Fives), the same
moves without the engine's objects): by a playout policy, or, once few tiles remain, by an
exact alpha-beta (or max^n) search of that world. The hand's settlement, turned into a number by ``evaluate.Utility``, is the value.
A candidate that is clearly worse than the best (its paired difference more than three standard
errors below zero) stops receiving worlds, so the budget goes to the close calls.

The work is counted in *evaluations*: one evaluation is about one playout of a short hand
(``MOVES_PER_EVALUATION`` moves applied on a line, moves on trees and trains weighted by
``move_cost``, a placement under vn_schoolnet's blocker look-back counting
``LOOK_BACK_MOVES`` moves more, ``SOLVE_NODES_PER_EVALUATION`` nodes of an
exact solve). The count depends only on the positions searched, so a budget gives the same
move for the same seed on any machine, and it bounds the time in every variant (a Mexican
Train playout costs several evaluations). A level may also charge a fixed cost for dealing each
world and for each evaluation (``SearchConfig.world_cost``, ``evaluation_cost``; Mexican
Train's expert, E-107), where playouts of a few moves leave that work most of the time.
``step`` does a chunk and returns, which lets a
browser worker interleave messages and cancel. Each exact solve is bounded by a node count;
past the bound it falls back to a playout.

On a plain line (``linesolve``: vn_traditional, vn_iwin, kozel, block, draw) the same exact
solve runs on bit masks, several times cheaper per node, so it is tried much earlier:
``SearchConfig.line_endgame_tiles`` (expert: the whole hand, so two-player block is solved
exactly in every world from the first move), with its own node limit; after a few solves of
one decision run past the limit (draw variants early in a hand) the decision falls back to
playouts beyond ``endgame_tiles``.

With two sides (two players, or two teams) the solver is alpha-beta on the deciding side's
value. With three or more sides it is max^n: every seat plays for its own side's value,
computed by the same settlement (a "paranoid" search, where everyone else plays against the
decider, measured clearly worse in 4-player arenas).
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from ..hand.layout import TreeLayout
from ..hand.moves import PLACE, Move
from ..hand.state import PLAY_PHASE, HandState, advance, legal_moves
from ..play.resample import Knowledge, infer, resample
from ..play.view import View
from ..rules.ruleset import LayoutKind
from ..settlement.settle import hand_result, lean_result
from . import fivesplay, lineplay, linesolve, trainplay, treeplay
from .choicemodel import MODELS
from .evaluate import Utility, side_values, sides_of
from .inference import ModelWeighted, PlayWeighted
from .mirrors import arm_classes
from .policy import PLACING, move_weight, playable, rollout_move, score_move
from .stats import mean_se_of


@dataclass(frozen=True)
class SearchConfig:
    """Parameters of one search level."""

    evaluations: int = 400  # candidate x world evaluations per decision
    playouts: int = 1  # playouts per evaluation when the endgame is not solved
    greed: float = 0.5  # playout policy: chance of the heaviest (or scoring) placement
    endgame_tiles: int = 6  # solve exactly when tiles in hands + drawable are at most this
    node_limit: int = 4000  # per exact solve
    prune: bool = True  # stop evaluating candidates that are clearly worse
    min_worlds: int = 8  # before pruning
    # The heuristic's favourite is kept unless the search's best beats it by this many
    # standard errors of their paired difference (0: always take the search's best).
    confidence: float = 1.0
    # Common random numbers: every candidate's playout in a world draws from one stream,
    # seeded once per world from the search's, so that two moves leading to alike positions
    # get alike playouts and their paired difference is less noisy (off: each playout draws
    # on from the search's stream, as the levels have always played).
    common_numbers: bool = False
    # Plain lines are solved on bit masks (``linesolve``), several times faster per node:
    # there the exact solve is tried up to this many tiles in hands and drawable, with its
    # own node limit, and given up for the rest of the decision after ``LINE_GIVE_UP``
    # solves ran past the limit (draw variants early in a hand are too deep to solve).
    line_endgame_tiles: int = 0
    line_node_limit: int = 0
    # Worlds weighed by the others' plays (``inference.PlayWeighted``): each world is one of
    # this many fresh deals, drawn by how likely each makes the placements seen, under a
    # player who prefers heavy tiles with this firmness (1 or 0: the plain sampler).
    infer_worlds: int = 1
    infer_firmness: float = 0.0
    # Or weighed by a fitted model of the others' choice on a line (``choicemodel.MODELS``,
    # by name; ``inference.ModelWeighted``) instead of the heavy-tile rule ("": off).
    infer_model: str = ""
    # Added to a world's value when the deciding side wins the hand in it, taken away when
    # another side does (``evaluate.Utility``'s ``win_bonus``; 0: points alone).
    win_bonus: float = 0.0
    # Search the information set instead of sampled worlds one by one (``infoset``: one
    # tree over what the seat sees, UCB with this exploration constant in the value's units,
    # leaves solved exactly from this many tiles in hands and drawable; a two-sided search).
    infoset: bool = False
    infoset_exploration: float = 10.0
    infoset_solve_tiles: int = 8
    # A model of the other side's play in the exact line solves of two sides (0: off, each
    # world solved by alpha-beta, the other side answering as if it saw the deciding
    # seat's tiles): each of its positions is worth ``1 - opponent_blend`` times its best
    # reply plus ``opponent_blend`` times the mean over its replies (``linesolve.solve``'s
    # ``blend``; no cut-offs, so a solve visits several times the nodes).
    opponent_blend: float = 0.0
    # The same for the deciding side's own later moves in those solves (0: off, its best
    # move, as if it would see the other's tiles by then): ``own_blend`` times the mean.
    own_blend: float = 0.0
    # What the count of moves leaves out, in evaluations (0: nothing, as before E-107):
    # ``world_cost`` for each world the plain sampler deals (``resample``; a weighed
    # sampler's candidate deals are charged by ``world_sampler``), ``evaluation_cost`` for
    # each evaluation's fixed work (copying the world, the candidate's move, the playout's
    # tables, the settlement). Where playouts are short (a late Mexican Train hand: a few
    # moves, two evaluations per world) they are most of a decision's time.
    world_cost: float = 0.0
    evaluation_cost: float = 0.0
    # The hint's work after the search (``review.judge_position``: its moves valued in more
    # worlds, its doubtful verdicts on more still), in budgets of this search (E-63; E-108:
    # the hint's time within 1.5 times the expert's decision, issue 26).
    hint_extra: float = 0.4


SOLVE_NODES_PER_EVALUATION = 6
LINE_NODES_PER_EVALUATION = 24  # measured: a line node costs a quarter of a general one
LINE_GIVE_UP = 2
# One candidate deal of a weighed world (``inference.PlayWeighted``), dealt and weighed, in
# evaluations: measured 16-33 us against 130-145 us per evaluation in block.
INFER_DEAL_EVALUATIONS = 0.2
# The same under a fitted choice model (``inference.ModelWeighted``): measured 1.9 times the
# time of the heavy-tile rule's deal in block (23 us against 12 us, same run).
MODEL_DEAL_EVALUATIONS = 0.4
MOVES_PER_EVALUATION = 32
# vn_schoolnet's blocker look-back, per placement, in moves: the copy of the position that
# game.advance once took before every placement. The look-back now replays the hand's last
# positions once a hand is blocked, which costs less; the count is kept, so that a budget
# buys the searches it bought before and the AI's seeded decisions stay the same.
LOOK_BACK_MOVES = 4
EVALUATION_OVERHEAD = 4  # copying the world, in moves
# Relative cost of one move by layout kind: finding the legal placements on a tree of arms
# or round the trains costs several times a line's two ends.
LINE_MOVE_WEIGHT, TREE_MOVE_WEIGHT, TRAINS_MOVE_WEIGHT = 1.0, 3.0, 5.0


def move_cost(kind: LayoutKind) -> float:
    """The relative cost of one move on a layout of ``kind`` (a line's is 1)."""
    if kind.line:
        return LINE_MOVE_WEIGHT
    return TRAINS_MOVE_WEIGHT if kind.trains else TREE_MOVE_WEIGHT


_Abort = linesolve.SolveLimit  # an exact solve ran past its node limit


def world_sampler(v: View, k: Knowledge, cfg: SearchConfig,
                  sampler: Sampler | None) -> tuple[Sampler, float]:
    """Where a search's worlds come from, and what dealing one costs on top of its
    evaluations: ``sampler`` when given (a benchmark's own: bounds that search the true deal),
    else worlds weighed by the others' plays when ``cfg`` asks for it and the view holds plays
    to weigh (a weighed world deals ``infer_worlds`` candidates and weighs each: by the
    fitted model ``infer_model`` when it names one, else by the heavy-tile rule at
    ``infer_firmness``), else the engine's ``resample``, each world at ``cfg.world_cost``."""
    if sampler is None and cfg.infer_worlds > 1 and cfg.infer_model:
        modelled = ModelWeighted(v, k, cfg.infer_worlds, MODELS[cfg.infer_model])
        if modelled.events:
            return modelled.sample, cfg.infer_worlds * MODEL_DEAL_EVALUATIONS
    elif sampler is None and cfg.infer_worlds > 1 and cfg.infer_firmness > 0:
        weighted = PlayWeighted(v, k, cfg.infer_worlds, cfg.infer_firmness)
        if weighted.events:
            return weighted.sample, cfg.infer_worlds * INFER_DEAL_EVALUATIONS
    return sampler or resample, cfg.world_cost


def rollout(s: HandState, rng: random.Random, greed: float) -> tuple[int, int]:
    """Play ``s`` to its end by the rollout policy (``policy.rollout_move``) through the
    engine's own moves; return (moves made, placements among them): a search counts its
    work by them."""
    moves = 0
    placed = 0
    while not s.over:
        move = rollout_move(s, legal_moves(s), rng, greed)
        advance(s, move)
        moves += 1
        placed += move.kind in PLACING
    return moves, placed

# A source of worlds: (view, rng, knowledge) -> a complete HandState consistent with the view.
Sampler = Callable[[View, random.Random, Knowledge], HandState]


def position_seed(v: View, salt: int = 0) -> int:
    """The seed of a search from view ``v``: a hash (SHA-256, stable across Python versions
    and machines) of everything the seat knows (``View.to_json`` and the variant's options)
    and ``salt``. A search level seeds its decision with it (``agents.SearchAgent``), and
    so does the move review (``domino.ai.review``): the review runs the very search the
    expert ran at that position, and a position gets the same verdict whenever it is
    judged. Nothing hidden from the seat enters it."""
    text = json.dumps([salt, list(v.rs.options), v.to_json(own_draws=False)], sort_keys=True,
                      separators=(",", ":"), ensure_ascii=False)
    return int.from_bytes(hashlib.sha256(text.encode("utf-8")).digest()[:8], "big")


class Search:
    """One decision's search; drive it with ``step`` and read ``best`` / ``ranking``."""

    def __init__(self, v: View, legal: list[Move], rng: random.Random, cfg: SearchConfig,
                 budget: int | None = None, sampler: Sampler | None = None) -> None:
        self.view = v
        self.cfg = cfg
        self.rng = rng
        self.k: Knowledge = infer(v)
        self._sample, self._sample_cost = world_sampler(v, self.k, cfg, sampler)
        self.candidates = playable(list(legal))
        self.legal = list(legal)
        self.utility = Utility(v.rs, v.players, v.seat, v.hand_number, v.seated,
                               v.match_totals, cfg.win_bonus)
        # One utility per side for the max^n endgame with three or more sides.
        self.side_utilities: list[Utility] | None = None
        sides = sides_of(v.rs, v.players)
        if len(sides) > 2:
            self.side_utilities = [Utility(v.rs, v.players, side[0], v.hand_number, v.seated,
                                           v.match_totals, cfg.win_bonus) for side in sides]
            self.side_index = {p: i for i, side in enumerate(sides) for p in side}
            self._side_values = side_values(self.side_utilities)
        self.budget = cfg.evaluations if budget is None else max(1, int(budget))
        self.values: list[list[float]] = [[] for _ in self.candidates]
        # Running statistics over each candidate's values and each compared pair's
        # differences (`_mean`, `_paired`), extended as values are appended.
        self._sums: dict[int, tuple[int, float]] = {}
        self._pairs: dict[tuple[int, int], tuple[int, float, float]] = {}
        self.active = list(range(len(self.candidates)))
        self.used = 0.0
        # Evaluations the search made (values appended by ``step``), for its average cost.
        self.evaluated = 0
        # Work spent by ``complete`` and ``deepen`` after the search, outside its budget.
        self.extra = 0.0
        self._move_weight = move_cost(v.rs.layout_kind)
        self.worlds = 0
        self.solved = 0
        self._queue: list[int] = []
        # The world being evaluated, sampled whenever the queue of candidates runs empty (so
        # before the first evaluation): it has no value before that.
        self._world: HandState
        self._world_key: tuple[Any, ...] = ()
        # Every world sampled, in order, with its key: ``complete`` values more moves in them,
        # ``deepen`` samples more after the search's own ``worlds``.
        self._worlds: list[tuple[HandState, tuple[Any, ...]]] = []
        # Exact values by (world, candidate): late in a hand few distinct worlds exist, and a
        # repeated one costs one evaluation instead of a new solve.
        self._solved: dict[tuple[Any, ...], float] = {}
        self._line = linesolve.supported(v.rs)
        self._trains = trainplay.supported(v.rs)
        self._tree = treeplay.supported(v.rs)
        self._fives = fivesplay.supported(v.rs)
        # The values of the line solves' end positions in the world being evaluated
        # (``linesolve.solve``'s ``shared``), and that world's key.
        self._leaves: dict[Any, Any] = {}
        self._leaves_world: tuple[Any, ...] = ()
        # End positions' values by their pips and counts (``linesolve.solve``'s ``settled``).
        self._settled: dict[Any, Any] = {}
        # The playout seed of the world being evaluated (``SearchConfig.common_numbers``).
        self._playout_seed = 0
        self._line_aborts = 0
        # The move chosen, fixed when ``complete`` first runs (its added values must not
        # change the choice).
        self._choice: Move | None = None
        # Heuristic prior: breaks ties and orders candidates (cheap, computed once).
        self.prior = [score_move(self.k, m) for m in self.candidates]

    @property
    def done(self) -> bool:
        """The budget is spent, or only one candidate is left."""
        return self.used >= self.budget or len(self.active) <= 1

    def step(self, evaluations: int = 32) -> bool:
        """Spend up to ``evaluations`` of the budget; return ``done``."""
        spent: float = 0
        while spent < evaluations and not self.done:
            if not self._queue:
                self._prune()
                if self.done:
                    break
                self._world, self._world_key = self._new_world()
                self._queue = list(self.active)
                self.used += self._sample_cost
                spent += self._sample_cost
                if self.cfg.common_numbers:
                    self._playout_seed = self.rng.getrandbits(64)
            c = self._queue.pop(0)
            rng = (random.Random(self._playout_seed) if self.cfg.common_numbers
                   else self.rng)
            value, cost = self._evaluate(self._world, self._world_key, c, rng)
            cost += self.cfg.evaluation_cost
            self.values[c].append(value)
            self.used += cost
            self.evaluated += 1
            spent += cost
        return self.done

    def run(self) -> Move:
        """Spend the whole budget and return the best move."""
        while not self.step(1 << 30):
            pass
        return self.best()

    def _new_world(self) -> tuple[HandState, tuple[Any, ...]]:
        """The search's next world (``complete`` values more moves in it)."""
        self.worlds += 1
        return self._world_at(self.worlds - 1)

    def _world_at(self, w: int) -> tuple[HandState, tuple[Any, ...]]:
        """World ``w`` (from 0) with its key, sampled from the search's stream if it is not
        yet: the worlds come in one order whoever asks for them first."""
        while len(self._worlds) <= w:
            world = self._sample(self.view, self.rng, self.k)
            key = (tuple(tuple(sorted(h)) for h in world.hands), tuple(world.boneyard))
            self._worlds.append((world, key))
        return self._worlds[w]

    def _value_next(self, c: int) -> float:
        """Value candidate ``c`` in the next world it has no value in, after the search;
        return the cost, which counts in ``extra``. The value is a function of the world
        and the move alone: its playout draws from a stream seeded by the world (its tiles)
        alone, and it never gives up the exact solve for the rest of the decision. Every
        move valued there draws the same random numbers (common random numbers: two moves
        that lead to alike positions get alike playouts, so their difference is less
        noisy)."""
        w = len(self.values[c])
        known = len(self._worlds)
        world, key = self._world_at(w)
        dealt = len(self._worlds) - known
        rng = random.Random(repr(key))
        value, cost = self._evaluate(world, key, c, rng, give_up=False)
        # Charged as the search charges its own (E-107): the evaluation's fixed work, and a
        # world dealt past the search's own (``deepen``), so that the review's and the hint's
        # extra budgets buy the time the search's budget buys.
        cost += self.cfg.evaluation_cost + dealt * self._sample_cost
        self.values[c].append(value)
        self.extra += cost
        return cost

    def candidate(self, move: Move) -> int:
        """The index of ``move`` among the candidates; a legal move the search left out
        (``playable``: a voluntary draw, ``leave``) is added, never active, so that
        ``complete`` can value it. Call it once the search is done."""
        if move not in self.candidates:
            if move not in self.legal:
                raise ValueError(f"{move} is not a legal move of this position")
            self.candidates.append(move)
            self.values.append([])
            self.prior.append(score_move(self.k, move))
        return self.candidates.index(move)

    def complete(self, moves: list[Move], evaluations: float = math.inf) -> bool:
        """Once the search is done, value ``moves`` in every world it sampled where they
        were not valued (a pruned candidate, a move the search left out, a candidate the
        budget stopped short of in the last world), for up to about ``evaluations`` of
        work; return whether every one is valued in every world. Then every pair of them
        is compared world by world over all the search's worlds, which is what the move
        review reports (``domino.ai.review``).

        The search's choice (``best``) is not changed: ``complete`` never makes a move
        active. Its work is counted in ``extra``, outside the budget. Each added value is a
        function of the world and the move alone (``_value_next``), so a move's figures
        are the same whichever other moves are completed with it, and in whichever
        chunks. If the search sampled
        no world (it had a single candidate), worlds are sampled for these moves until
        the budget is spent."""
        assert self.done, "complete() runs after the search"
        if self._choice is None:
            self._choice = self.best()
        indexes = [self.candidate(m) for m in moves]
        spent = 0.0
        while True:
            for c in indexes:
                while len(self.values[c]) < self.worlds:
                    if spent >= evaluations:
                        return False
                    spent += self._value_next(c)
            if self.used > 0 or self.extra >= self.budget or not indexes:
                return True
            if spent >= evaluations:
                return False
            # No world yet (a single candidate): one more for these moves.
            self._new_world()

    def deepen(self, moves: list[Move], worlds: int, evaluations: float = math.inf) -> bool:
        """Once ``complete`` has valued ``moves`` in every world of the search, value them
        in the first ``worlds`` worlds, for up to about ``evaluations`` of work; return
        whether every one is valued in all of them. The worlds past the search's own are
        sampled from its stream, consistent with the view as the search's are, in one
        order whichever moves ask for them first, so every pair of ``moves`` is compared on
        the same worlds (common random numbers: the luck of a world cancels between them).

        The move review asks for it when two moves' difference is too uncertain for a
        verdict (``domino.ai.review.deepen_verdict``). Like ``complete``, it never changes
        the choice (``best``), each added value is a function of the world and the move
        alone, and its work counts in ``extra``; ``worlds`` (the search's count) is
        unchanged."""
        assert self.done, "deepen() runs after the search"
        if self._choice is None:
            self._choice = self.best()
        indexes = [self.candidate(m) for m in moves]
        if not indexes:
            return True
        spent = 0.0
        for w in range(min(len(self.values[c]) for c in indexes), worlds):
            for c in indexes:
                if len(self.values[c]) == w:
                    if spent >= evaluations:
                        return False
                    spent += self._value_next(c)
        return True

    # --- results -----------------------------------------------------------------------

    def _mean(self, c: int) -> float:
        """Candidate c's mean value so far. Its running sum is kept and extended by the values
        appended since the last call (values are only ever appended): pruning asks for every
        active candidate's mean every fourth world, and summing whole lists each time made a
        long search quadratic in its worlds."""
        vals = self.values[c]
        if not vals:
            return -math.inf
        kept = self._sums.get(c)
        n, total = kept if kept is not None else (0, 0.0)
        for i in range(n, len(vals)):
            total += vals[i]
        self._sums[c] = (len(vals), total)
        return total / len(vals)

    def ranking(self) -> list[tuple[Move, float, int]]:
        """Candidates best first, as (move, mean value, evaluations); pruned ones rank by
        the mean they had when dropped, after the active ones."""
        active = set(self.active)
        order = sorted(range(len(self.candidates)),
                       key=lambda c: (c in active, self._mean(c), self.prior[c]), reverse=True)
        return [(self.candidates[c], self._mean(c), len(self.values[c])) for c in order]

    def best(self) -> Move:
        """The searched best move, unless it is not clearly better than the heuristic's
        favourite (``SearchConfig.confidence``): sampling noise should not overrule a sound
        rule of thumb. Once ``complete`` has run, the choice made before it."""
        if self._choice is not None:
            return self._choice
        if len(self.candidates) == 1:
            return self.candidates[0]
        top = self.ranking()[0][0]
        z = self.cfg.confidence
        if z <= 0:
            return top
        c = self.candidates.index(top)
        h = max(range(len(self.candidates)), key=lambda i: self.prior[i])
        if h == c or h not in self.active:
            return top
        mean, se = self._paired(c, h)
        return top if mean > z * se else self.candidates[h]

    def _paired(self, c: int, d: int) -> tuple[float, float]:
        """Mean and standard error of candidate c's value minus d's, world by world (over
        the worlds both were evaluated in: a pruned candidate has fewer). The pair's count,
        mean and sum of squared deviations are kept (Welford's update) and extended by the
        worlds evaluated since, as `_mean` keeps its sums."""
        a, b = self.values[c], self.values[d]
        m = min(len(a), len(b))
        kept = self._pairs.get((c, d))
        n, mean, m2 = kept if kept is not None else (0, 0.0, 0.0)
        for i in range(n, m):
            x = a[i] - b[i]
            n += 1
            delta = x - mean
            mean += delta / n
            m2 += delta * (x - mean)
        self._pairs[(c, d)] = (n, mean, m2)
        return mean_se_of(n, mean, m2)

    def progress(self) -> dict[str, Any]:
        """What a UI may show while the search runs."""
        ranking = self.ranking()
        return {"evaluations": round(self.used, 1), "budget": self.budget, "worlds": self.worlds,
                "solved": self.solved, "best": str(ranking[0][0]) if ranking else None,
                "done": self.done}

    # --- internals ---------------------------------------------------------------------

    def _prune(self) -> None:
        """Drop candidates whose paired difference to the leader is clearly negative."""
        if (not self.cfg.prune or self.worlds < self.cfg.min_worlds or len(self.active) <= 1
                or self.worlds % 4):
            return
        lead = max(self.active, key=lambda c: (self._mean(c), self.prior[c]))
        keep = []
        for c in self.active:
            if c == lead:
                keep.append(c)
                continue
            mean, se = self._paired(c, lead)
            if mean + 3.0 * se + 1e-9 < 0:
                continue
            keep.append(c)
        self.active = keep

    def _evaluate(self, world: HandState, world_key: tuple[Any, ...], c: int,
                  rng: random.Random, give_up: bool = True) -> tuple[float, float]:
        """The value of candidate ``c`` in ``world`` and the budget it cost; playouts draw
        from ``rng``. ``give_up``: a deep line solve that runs past its limit counts
        towards giving up deep solves for the rest of the decision."""
        key = (world_key, c)
        # (The lookup hashes the whole world's key: only when some world was solved.)
        if self._solved and key in self._solved:
            return self._solved[key], 1
        s = world.copy()
        advance(s, self.candidates[c])
        if s.over:
            return self.utility(hand_result(s)), 1
        cfg = self.cfg
        cost = 0.0
        remaining = self._remaining(s)
        solver = None
        deep = False
        if (self._line and remaining <= max(cfg.endgame_tiles, cfg.line_endgame_tiles)
                and linesolve.applicable(s)):
            deep = remaining > cfg.endgame_tiles
            if not deep or self._line_aborts < LINE_GIVE_UP:
                solver, limit, per = (self._line_solve, cfg.line_node_limit or cfg.node_limit * 4,
                                      LINE_NODES_PER_EVALUATION)
        elif remaining <= cfg.endgame_tiles:
            solver, limit, per = self._general_solve, cfg.node_limit, SOLVE_NODES_PER_EVALUATION
        if solver is not None:
            if world_key is not self._leaves_world:
                self._leaves_world, self._leaves = world_key, {}
            nodes = [0]
            try:
                value = solver(s, limit, nodes)
                self.solved += 1
                self._solved[key] = value
                return value, max(1.0, nodes[0] / per)
            except _Abort:
                if deep and give_up:
                    self._line_aborts += 1
                cost = limit / per
        total = 0.0
        work = 0.0
        for i in range(cfg.playouts):
            p = s.copy() if i < cfg.playouts - 1 else s
            value, moves = self._playout(p, rng)
            total += value
            work += moves + EVALUATION_OVERHEAD
        return total / cfg.playouts, cost + work / MOVES_PER_EVALUATION

    def _general_solve(self, s: HandState, limit: int, nodes: list[int]) -> float:
        """The exact value of world ``s`` for the deciding side, through the engine (max^n
        on Doubles' tree by ``treeplay``: the same nodes, values and ties, E-109)."""
        if self.side_utilities is None:
            return _solve(s, self.utility, limit, nodes)
        solve = treeplay.solve_maxn if self._tree and treeplay.applicable(s) else _solve_maxn
        vector = solve(s, self.side_utilities, self.side_index, limit, nodes)
        return vector[self.side_index[self.view.seat]]

    def _line_solve(self, s: HandState, limit: int, nodes: list[int]) -> float:
        """The exact value of line world ``s`` for the deciding side, on bit masks."""
        if self.side_utilities is None:
            return linesolve.solve(s, self.utility, self.utility.maximizing, limit, nodes,
                                   shared=self._leaves, blend=self.cfg.opponent_blend,
                                   own_blend=self.cfg.own_blend, settled=self._settled)
        vector = linesolve.solve(s, self._side_values, None, limit, nodes,
                                 self.side_index, self._leaves, settled=self._settled)
        return vector[self.side_index[self.view.seat]]

    @staticmethod
    def _remaining(s: HandState) -> int:
        return sum(len(h) for h in s.hands) + s.drawable()

    def _playout(self, s: HandState, rng: random.Random) -> tuple[float, float]:
        """Play ``s`` to its end; return its value and the work done, in line moves."""
        greed = self.cfg.greed
        if self._line and s.phase == PLAY_PHASE:
            moves = lineplay.playout(s, rng, greed)
            return self.utility(lean_result(s)), moves * self._move_weight
        if self._trains and trainplay.applicable(s):
            moves = trainplay.playout(s, rng, greed)
            return self.utility(lean_result(s)), moves * self._move_weight
        if self._tree and treeplay.applicable(s):
            moves = treeplay.playout(s, rng, greed)
            return self.utility(lean_result(s)), moves * self._move_weight
        if self._fives and fivesplay.applicable(s):
            moves = fivesplay.playout(s, rng, greed)
            return self.utility(lean_result(s)), moves * self._move_weight
        moves, placed = rollout(s, rng, greed)
        work = moves * self._move_weight
        if s.rs.blocker_mode:
            work += LOOK_BACK_MOVES * placed
        return self.utility(lean_result(s)), work


def untwinned(s: HandState, legal: list[Move]) -> list[Move]:
    """``legal`` less every placement that is a mirror image of one before it (the same tile,
    by the same half, on a twin arm of a tree: ``mirrors.arm_classes``, E-70, E-78). The two
    positions after twins differ only in the arms' names, so an exact solve has the same
    value after either: it need search only one (in doubles with four players most
    placements on a spinner have a twin, and the solves were most of the expert's time)."""
    layout = s.layout
    if not isinstance(layout, TreeLayout):
        return legal
    classes = arm_classes(s.rs, layout)
    if not classes:
        return legal
    seen: set[tuple[Any, ...]] = set()
    out = []
    for m in legal:
        if m.kind == PLACE and m.end in classes:
            key = (m.tile, m.touch, classes[m.end])
            if key in seen:
                continue
            seen.add(key)
        out.append(m)
    return out


def _solve(s: HandState, utility: Utility, node_limit: int, nodes: list[int]) -> float:
    """Exact value of a (perfect-information) world for ``utility``'s side, by alpha-beta.

    ``nodes[0]`` counts the decision nodes visited; past ``node_limit`` it raises _Abort.
    """

    def ab(s: HandState, alpha: float, beta: float) -> float:
        while True:
            if s.over:
                return utility(hand_result(s))
            legal = playable(legal_moves(s))
            if len(legal) != 1:
                break
            advance(s, legal[0])
        nodes[0] += 1
        if nodes[0] > node_limit:
            raise _Abort
        rs = s.rs
        legal = untwinned(s, legal)
        legal.sort(key=lambda m: -move_weight(rs, m) if m.kind in PLACING else 0)
        if utility.maximizing(s.to_move):
            best = -math.inf
            for m in legal:
                child = s.copy()
                advance(child, m)
                best = max(best, ab(child, alpha, beta))
                alpha = max(alpha, best)
                if alpha >= beta:
                    break
            return best
        best = math.inf
        for m in legal:
            child = s.copy()
            advance(child, m)
            best = min(best, ab(child, alpha, beta))
            beta = min(beta, best)
            if alpha >= beta:
                break
        return best

    return ab(s, -math.inf, math.inf)


def _solve_maxn(s: HandState, utilities: list[Utility], side_index: dict[int, int],
                node_limit: int, nodes: list[int]) -> list[float]:
    """Exact max^n values (one per side) of a perfect-information world: every seat picks
    the move best for its own side. Ties keep the first move in heavy-first order."""

    def rec(s: HandState) -> list[float]:
        while True:
            if s.over:
                return [u(hand_result(s)) for u in utilities]
            legal = playable(legal_moves(s))
            if len(legal) != 1:
                break
            advance(s, legal[0])
        nodes[0] += 1
        if nodes[0] > node_limit:
            raise _Abort
        rs = s.rs
        legal = untwinned(s, legal)
        legal.sort(key=lambda m: -move_weight(rs, m) if m.kind in PLACING else 0)
        me = side_index[s.to_move]
        best: list[float] = []  # (no side's values are empty)
        for m in legal:
            child = s.copy()
            advance(child, m)
            values = rec(child)
            if not best or values[me] > best[me]:
                best = values
        return best

    return rec(s)
