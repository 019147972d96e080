"""AI players for every variant: baselines, four levels, and the tools they are built from.

An agent answers ``agent.choose(view, legal_moves, rng) -> Move`` from one seat's ``View``
(never the HandState). Levels, weakest first:

* ``random``: uniform among the legal moves; ``greedy``: heaviest tile first ("bota gorda");
* ``easy``: a beginner who takes obvious all_fives points, likes to put doubles down and to
  expose a number it can follow, else plays what fits;
* ``medium``: heuristics plus what the public history proves (``infer``, the engine's
  ``domino.play.resample.infer``);
* ``hard`` / ``expert``: perfect-information Monte Carlo over hands sampled consistently with
  that knowledge (``sample_world``, the engine's ``domino.play.resample.resample`` under the
  name docs/ENGINE_API.md gives it), valued by the variant's own settlement, endgames solved
  exactly (``search``).

How each level plays in each variant (a beginner's care, a lapse chance, the search's
settings) is the table ``levels.TABLE``, data rather than code (docs/DECISIONS.md E-40).

``get_agent(name, seed, budget)`` builds one; search agents also offer ``think`` (a generator
of progress for cancellable, chunked searching) and ``analyze`` (every move with its value,
for hints).
"""

from __future__ import annotations

from ..play.resample import Knowledge, infer, resample as sample_world
from .agents import AGENTS, LEVELS, Agent, SearchAgent
from .search import Search, SearchConfig


def get_agent(name: str, seed: int = 0, budget: int | None = None,
              time_limit: float | None = None) -> Agent:
    """The agent called ``name`` (random, greedy, easy, medium, hard, expert).

    ``budget`` overrides a search level's evaluations per decision; ``time_limit`` caps each
    decision's wall-clock seconds (search levels only). Raises ValueError for unknown names.
    """
    key = name.strip().lower()
    if key not in AGENTS:
        raise ValueError(f"unknown agent {name!r} (known: {', '.join(AGENTS)})")
    return AGENTS[key](seed=seed, budget=budget, time_limit=time_limit)


__all__ = ["AGENTS", "LEVELS", "Agent", "Knowledge", "Search", "SearchAgent", "SearchConfig",
           "get_agent", "infer", "sample_world"]
