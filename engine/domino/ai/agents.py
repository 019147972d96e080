"""The agents: ``choose(view, legal_moves, rng) -> Move`` at every level.

Agents are stateless between decisions: everything they use is re-read from the view, so the
same agent can answer "best move for this seat" (``analyze``) as well as play (the page's
hint shows the move review's figures instead, ``review.judge_position``). Randomness comes
only from the ``rng`` passed in, mixed with the agent's seed, so a decision is reproducible;
the search levels seed their search from the position itself (``search.position_seed``: a
decision depends only on what the seat knows, and the move review judges it with the very
same search, docs/DECISIONS.md E-28). Searches count their work in evaluations (``budget``),
and ``time_limit`` (seconds, optional) only caps the wall clock on top of it, which trades
reproducibility for responsiveness.
"""

from __future__ import annotations

import random
import time
from collections.abc import Iterator
from typing import Any

from ..hand.moves import Move
from ..play.resample import infer
from ..play.view import View
from ..rules.ruleset import Ruleset
from .infoset import InfosetSearch
from .levels import EXPERT, HARD, Level, level_settings
from .policy import easy_move, heaviest, medium_move, playable, score_move
from .search import Search, SearchConfig, position_seed

# A search level's lapse (``Level.slip``) is drawn from the position, like its search, with
# this salt, so that it is not the search's own first number.
SLIP_SALT = 7


class Agent:
    """Base class: a named player that picks one of the legal moves from a view."""

    name = "agent"

    def __init__(self, seed: int = 0, budget: int | None = None,
                 time_limit: float | None = None) -> None:
        self.seed = int(seed)
        self.budget = budget
        self.time_limit = time_limit

    def _rng(self, rng: random.Random | None) -> random.Random:
        """The decision's own RNG: the caller's stream mixed with the agent's seed."""
        draw = rng.random() if rng is not None else 0.5
        return random.Random(self.seed * 1_000_003 + int(draw * 2**40))

    def choose(self, view: View, legal_moves: list[Move],
               rng: random.Random | None = None) -> Move:
        """One of ``legal_moves`` for the seat of ``view`` (which must be to move)."""
        raise NotImplementedError

    def steps(self, view: View, legal_moves: list[Move],
              rng: random.Random | None = None) -> Iterator[Move | None]:
        """``choose`` in steps, for a caller that must stay responsive (the browser worker):
        None after each chunk of work, then the move, the one ``choose`` returns. Stop
        iterating to cancel. Agents without a search answer in one step."""
        yield self.choose(view, legal_moves, rng)

    def analyze(self, view: View, legal_moves: list[Move],
                rng: random.Random | None = None) -> list[dict[str, Any]]:
        """Every sensible move with this agent's estimate, best first (for hints)."""
        k = infer(view)
        moves = playable(list(legal_moves))
        ranked = sorted(moves, key=lambda m: score_move(k, m), reverse=True)
        return [{"move": str(m), "value": round(score_move(k, m), 3)} for m in ranked]


class RandomAgent(Agent):
    """Uniformly random among the legal moves (never ``leave``): the floor."""

    name = "random"

    def choose(self, view: View, legal_moves: list[Move],
               rng: random.Random | None = None) -> Move:
        """A uniformly random legal move."""
        r = self._rng(rng)
        moves = [m for m in legal_moves if m.kind != "leave"] or list(legal_moves)
        return moves[int(r.random() * len(moves))]


class GreedyAgent(Agent):
    """"Bota gorda": always the heaviest tile it can place."""

    name = "greedy"

    def choose(self, view: View, legal_moves: list[Move],
               rng: random.Random | None = None) -> Move:
        """The heaviest placement, else the forced draw or pass."""
        return heaviest(view.rs, list(legal_moves))


def beginner_move(view: View, moves: list[Move], rng: random.Random, lv: Level) -> Move:
    """The beginner's move with level ``lv``'s care (``policy.easy_move``)."""
    return easy_move(infer(view), moves, rng, care=lv.care, fives=lv.fives)


class EasyAgent(Agent):
    """A plausible beginner: heavy tiles and points in plain sight, otherwise whatever fits;
    how careful it is comes from the level table (``levels``)."""

    name = "easy"

    def choose(self, view: View, legal_moves: list[Move],
               rng: random.Random | None = None) -> Move:
        """A beginner's move (see ``policy.easy_move``)."""
        moves = playable(list(legal_moves))
        if len(moves) == 1:
            return moves[0]
        return beginner_move(view, moves, self._rng(rng), level_settings(view.rs, self.name))


class MediumAgent(Agent):
    """Heuristics with inference: shed weight, doubles early, varied suits, block the voids
    an opponent has shown, take all_fives points (see ``policy.score_move``); in a variant
    whose table entry has a ``slip``, now and then a beginner's move instead."""

    name = "medium"

    def choose(self, view: View, legal_moves: list[Move],
               rng: random.Random | None = None) -> Move:
        """The heuristically best move (or, with the level's ``slip``, a beginner's)."""
        moves = playable(list(legal_moves))
        if len(moves) == 1:
            return moves[0]
        r = self._rng(rng)
        lv = level_settings(view.rs, self.name)
        # No number is drawn without a slip, so the default plays as before the table.
        if lv.slip > 0 and r.random() < lv.slip:
            return beginner_move(view, moves, r, lv)
        return medium_move(infer(view), moves, r)


class SearchAgent(Agent):
    """Sampled worlds searched move by move, the endgame solved exactly (``search.Search``),
    with the settings of the level table (``levels``) for the view's variant.

    ``config``, when set on an agent, replaces the table's search settings in every variant
    (benchmarks try a changed level that way)."""

    name = "search"
    level = "hard"
    config: SearchConfig | None = None

    def settings(self, rs: Ruleset) -> Level:
        """This level's table entry for the variant of ``rs``."""
        return level_settings(rs, self.level)

    def config_for(self, rs: Ruleset) -> SearchConfig:
        """The search settings this agent uses in the variant of ``rs``."""
        if self.config is not None:
            return self.config
        cfg = self.settings(rs).search
        assert cfg is not None  # a search level (levels.check)
        return cfg

    def lapse(self, view: View, moves: list[Move]) -> Move | None:
        """A beginner's move if the level slips at this position (``Level.slip``), else
        None. Drawn from the position's own seed, so it is as reproducible as the search."""
        lv = self.settings(view.rs)
        if lv.slip <= 0:
            return None
        r = random.Random(position_seed(view, SLIP_SALT))
        if r.random() >= lv.slip:
            return None
        return beginner_move(view, moves, r, lv)

    def start(self, view: View, legal_moves: list[Move],
              rng: random.Random | None = None) -> Search | InfosetSearch:
        """A search object for this decision; call ``step`` on it, then ``best``.

        The search is seeded from the position (``search.position_seed`` of the view), not
        from the agent's seed or ``rng``: a search level's decision depends only on what
        its seat knows, so the move review, which seeds its search the same way, judges a
        position with the very search the level played it with (docs/DECISIONS.md E-28).
        One number is still drawn from ``rng``, so that the caller's stream advances as it
        does for every other agent (a match's other computer seats play as before)."""
        if rng is not None:
            rng.random()
        cfg = self.config_for(view.rs)
        kind = InfosetSearch if cfg.infoset else Search
        return kind(view, list(legal_moves), random.Random(position_seed(view)), cfg,
                    self.budget)

    def think(self, view: View, legal_moves: list[Move], rng: random.Random | None = None,
              chunk: int = 32) -> Iterator[dict[str, Any]]:
        """Run the search in chunks, yielding its progress after each; the last progress
        has ``done`` True and ``move`` set. Stop iterating to cancel."""
        search = self.start(view, legal_moves, rng)
        deadline = None if self.time_limit is None else time.perf_counter() + self.time_limit
        while True:
            finished = search.step(chunk)
            if deadline is not None and time.perf_counter() >= deadline:
                finished = True
            info = search.progress()
            if finished:
                info["done"] = True
                info["move"] = search.best()
                yield info
                return
            yield info

    def choose(self, view: View, legal_moves: list[Move],
               rng: random.Random | None = None) -> Move:
        """The searched best move (the whole budget, or until ``time_limit``)."""
        moves = playable(list(legal_moves))
        if len(moves) == 1:
            return moves[0]
        slip = self.lapse(view, moves)
        if slip is not None:
            if rng is not None:
                rng.random()  # the stream advances as a search's start advances it
            return slip
        if self.time_limit is None:
            return self.start(view, moves, rng).run()
        last: dict[str, Any] = {}
        for info in self.think(view, moves, rng):
            last = info
        move: Move = last["move"]
        return move

    def steps(self, view: View, legal_moves: list[Move],
              rng: random.Random | None = None, chunk: int = 32) -> Iterator[Move | None]:
        """The searched move in chunks of ``chunk`` evaluations (see ``Agent.steps``)."""
        moves = playable(list(legal_moves))
        if len(moves) == 1:
            yield moves[0]
            return
        slip = self.lapse(view, moves)
        if slip is not None:
            if rng is not None:
                rng.random()
            yield slip
            return
        for info in self.think(view, moves, rng, chunk):
            yield info["move"] if info["done"] else None

    def analyze(self, view: View, legal_moves: list[Move],
                rng: random.Random | None = None) -> list[dict[str, Any]]:
        """Every sensible move with its searched mean value and evaluations, best first."""
        search = self.start(view, legal_moves, rng)
        search.run()
        return [{"move": str(m), "value": round(v, 3) if v != float("-inf") else None,
                 "evaluations": n} for m, v, n in search.ranking()]


class HardAgent(SearchAgent):
    """Search with a light budget (``levels.HARD`` unless the table says otherwise for the
    variant) that keeps the heuristic's move unless the search is fairly sure of a better
    one."""

    name = "hard"
    level = "hard"


class ExpertAgent(SearchAgent):
    """Search with eight times hard's budget, a deeper exact endgame and more trust in its
    own results (``levels.EXPERT`` unless the table says otherwise for the variant)."""

    name = "expert"
    level = "expert"


AGENTS: dict[str, type[Agent]] = {
    cls.name: cls for cls in (RandomAgent, GreedyAgent, EasyAgent, MediumAgent, HardAgent,
                              ExpertAgent)
}
LEVELS = ("easy", "medium", "hard", "expert")
__all__ = ["AGENTS", "EXPERT", "HARD", "LEVELS", "Agent", "SearchAgent"]
