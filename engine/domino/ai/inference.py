"""Worlds weighed by the others' plays: what a seat's choices say about the tiles it kept.

``resample`` deals the unseen tiles uniformly among the deals every pass and draw allows: a
seat that could not follow a number holds none of it, and nothing more is read. But a
choice is evidence too. A seat that laid 2-1 when a deal gives it 6-6 fitting the same end
is less likely, under any player who sheds weight, than a deal where 2-1 was all it had.
``PlayWeighted`` reads that evidence: for every seat's placement since its last draw (so
that its hand then is known in every world: the tiles it holds now and the ones it laid
since), the tiles of that hand that fitted the layout then are its options, and a deal
is weighed by how likely it makes the tiles actually laid, under a simple model of a
player (``choice_score``: pips shed, a double down, the heavier the likelier, with
``firmness`` the softmax's inverse temperature). Each world of the search is one of
``worlds`` fresh deals, drawn in proportion to that weight (sampling importance
resampling), so a search over them is a search over the likelier deals. ``firmness`` 0
or ``worlds`` 1 is the plain sampler.

The earlier trial in four-player kozel (docs/BENCHMARK_HISTORY.md) weighed with the medium
heuristic and gained about +0.2 penalty points; kozel's draws hide most of the evidence.
Where nothing is drawn (block, kozel in pairs) every placement of a hand is evidence.
"""

from __future__ import annotations

import math
import random
from collections.abc import Callable, Iterator

from ..hand.layout import Layout, LineLayout
from ..hand.moves import DRAW, LEAD, PAIR, PLACE, Move
from ..hand.state import HandState
from ..play.resample import Knowledge, deal_hidden, layout_from_json, place_on, resample
from ..play.view import View
from ..rules.ruleset import Ruleset
from ..tiles import Tile
from .choicemodel import ChoiceModel, Option, log_probabilities

DOUBLE_PIPS = 4  # a double down is worth this many pips more to the modelled player


def choice_score(rs: Ruleset, t: Tile) -> float:
    """How much the modelled player likes to lay ``t``: its pips, a double more."""
    return rs.pip(t) + (DOUBLE_PIPS if t[0] == t[1] else 0)


def placements_read(v: View, k: Knowledge) -> Iterator[tuple[int, int, Move, Layout]]:
    """The placements a sampler reads, in order: each by another seat since its last draw
    (a draw changes what the seat holds), as (its index in the history, the seat, the move,
    the layout just before it). The layout is replayed from where the history starts, one
    object changed after each placement is read: read it before the next."""
    rs = k.rs
    last_draw: dict[int, int] = {}
    for i, (p, m) in enumerate(k.history):
        if m.kind == DRAW:
            last_draw[p] = i
    lay = layout_from_json(rs, k.n, v.start.layout)
    for i, (p, m) in enumerate(k.history):
        if m.kind == PLACE:
            if p != k.seat and i > last_draw.get(p, -1):
                yield i, p, m, lay
            place_on(lay, rs, p, m.tile, m.end, m.touch)
        elif m.kind == LEAD:
            lay.lead(m.tile, p)
        elif m.kind == PAIR:
            place_on(lay, rs, p, m.tile, m.end, m.touch)
            place_on(lay, rs, p, m.tile2, m.end2, None)


def laid_from(k: Knowledge, i: int, p: int) -> frozenset[Tile]:
    """The tiles seat ``p`` placed from history index ``i`` on: it held them at ``i``."""
    return frozenset(m.tile for j, (q, m) in enumerate(k.history)
                     if j >= i and q == p and m.kind == PLACE)


class PlayWeighted:
    """A sampler (``search.Sampler``) of worlds weighed by the others' placements."""

    def __init__(self, v: View, k: Knowledge, worlds: int, firmness: float) -> None:
        self.worlds = max(1, worlds)
        self.firmness = firmness
        rs = k.rs
        # (seat, tile laid, score of each tile that fitted the layout then, tiles the seat
        # laid from then on) for every placement by another seat since its last draw.
        self.events: list[tuple[int, Tile, dict[Tile, float], frozenset[Tile]]] = []
        # Whatever a seat may have held at a placement: the tiles unseen now, or laid since.
        candidates = set(k.unknown) | set(k.layout.placed())
        for i, p, m, lay in placements_read(v, k):
            fits = {t: self.firmness * choice_score(rs, t) for t in candidates
                    if lay.options(t, p)}
            if m.tile in fits:  # (always, on a line; trains restrict who plays where)
                self.events.append((p, m.tile, fits, laid_from(k, i, p)))

    def log_weight(self, hands: list[list[Tile]]) -> float:
        """The log-likelihood of the placements seen, if the others hold ``hands`` now."""
        total = 0.0
        for p, tile, fits, later in self.events:
            held = set(hands[p]) | later
            scores = [s for t, s in fits.items() if t in held]
            top = max(scores)
            total += fits[tile] - top - math.log(sum(math.exp(s - top) for s in scores))
        return total

    def sample(self, v: View, rng: random.Random, k: Knowledge) -> HandState:
        """One world: the likeliest-weighted of ``worlds`` fresh deals, drawn by weight."""
        if self.worlds <= 1 or not self.events or self.firmness <= 0:
            return resample(v, rng, k)
        return weighed_world(v, rng, k, self.worlds, self.log_weight)


def weighed_world(v: View, rng: random.Random, k: Knowledge, worlds: int,
                  log_weight: Callable[[list[list[Tile]]], float]) -> HandState:
    """One world drawn from ``worlds`` fresh deals in proportion to ``exp(log_weight)``
    (sampling importance resampling)."""
    deals = [deal_hidden(k, rng) for _ in range(worlds)]
    logs = [log_weight(d) for d in deals]
    top = max(logs)
    weights = [math.exp(x - top) for x in logs]
    r = rng.random() * sum(weights)
    pick = len(deals) - 1
    for i, w in enumerate(weights):
        r -= w
        if r < 0:
            pick = i
            break
    return resample(v, rng, k, hidden=deals[pick])


class ModelWeighted:
    """A sampler (``search.Sampler``) of worlds weighed by the others' placements under a
    fitted model of their choice (``choicemodel``), on a line: every placement by another
    seat since its last draw is one factor, the model's probability of the option it
    chose among the options of the hand it held then (the tiles it holds in the world and
    the ones it laid since). Elsewhere (trees, trains) nothing is read and the sampler is
    the plain one."""

    def __init__(self, v: View, k: Knowledge, worlds: int, model: ChoiceModel) -> None:
        self.worlds = max(1, worlds)
        self.model = model
        self.max_pip = k.rs.max_pip
        # (seat, option chosen, left and right ends then, tiles on the table then, tiles the
        # seat laid from then on) for every placement by another seat since its last draw.
        self.events: list[tuple[int, Option, int, int, list[Tile], frozenset[Tile]]] = []
        for i, p, m, lay in placements_read(v, k):
            if not isinstance(lay, LineLayout):
                self.events = []
                return
            touch = dict(lay.ends())[m.end] if m.touch is None else m.touch
            self.events.append((p, (m.tile, touch), lay.left, lay.right, lay.placed(),
                                laid_from(k, i, p)))

    def log_weight(self, hands: list[list[Tile]]) -> float:
        """The log-likelihood of the placements seen, if the others hold ``hands`` now."""
        total = 0.0
        for p, option, left, right, table, later in self.events:
            logp = log_probabilities(self.model, set(hands[p]) | later, table, left, right,
                                     self.max_pip)
            total += logp[option]
        return total

    def sample(self, v: View, rng: random.Random, k: Knowledge) -> HandState:
        """One world: one of ``worlds`` fresh deals, drawn by weight."""
        if self.worlds <= 1 or not self.events:
            return resample(v, rng, k)
        return weighed_world(v, rng, k, self.worlds, self.log_weight)
