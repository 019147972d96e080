"""A fitted model of how another player chooses its placement on a line: P(move | its hand).

``inference.PlayWeighted`` reads the others' placements through a fixed rule of thumb (the
heavier the likelier). A player's choice depends on more than the tile, though: what it
keeps, whether it keeps a reply, what it leaves open for the other side. This module
describes every option of a placement on a line's two ends by a few numbers (``FEATURES``)
computed from the hand the player held then and the table then, and a model is a weight per
feature: P(option) is a softmax of the weighted sum over the options (a conditional logit).
The weights are data (``MODELS``), fitted offline by maximum likelihood on a peer's recorded
decisions (``benchmarks/choice_model.py``), so the shipped model is a few numbers.

An option is a (tile, touching value) pair, as a peer engine names its moves: placing a tile
on either of two ends of equal value is one option.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ..tiles import Tile

FEATURES = (
    "pips",  # the tile's pips, over 10
    "double",  # 1 for a double
    "replies",  # tiles kept that fit the ends after the move
    "no_reply",  # 1 when some tiles are kept and none fits the ends after the move
    "keep_new",  # tiles kept that hold the number the move exposes
    "keep_covered",  # tiles kept that hold the number the move covers
    "unseen_fit",  # tiles the player does not see that fit the ends after it, over 7
    "same_ends",  # 1 when both ends show one number after the move
)

Option = tuple[Tile, int]  # (tile, touching value)


@dataclass(frozen=True)
class ChoiceModel:
    """One weight per ``FEATURES`` entry (a conditional logit's coefficients)."""

    weights: tuple[float, ...]

    def __post_init__(self) -> None:
        if len(self.weights) != len(FEATURES):
            raise ValueError(f"a choice model needs {len(FEATURES)} weights")


def options(held: frozenset[Tile] | set[Tile], left: int, right: int) -> list[Option]:
    """Every distinct (tile, touching value) a player holding ``held`` may place on a line
    whose ends show ``left`` and ``right``."""
    out = []
    for t in sorted(held):
        if left in t:
            out.append((t, left))
        if right != left and right in t:
            out.append((t, right))
    return out


def features(
    held: frozenset[Tile] | set[Tile],
    table: list[Tile],
    left: int,
    right: int,
    option: Option,
    max_pip: int = 6,
) -> tuple[float, ...]:
    """The ``FEATURES`` of placing ``option`` from ``held`` on a line showing ``left`` and
    ``right`` with ``table`` (the tiles on it) laid, in a double-``max_pip`` set."""
    tile, touch = option
    a, b = tile
    new = b if a == touch else a
    kept_end = right if touch == left else left
    rest = [t for t in held if t != tile]
    replies = sum(1 for t in rest if new in t or kept_end in t)
    keep_new = sum(1 for t in rest if new in t)
    keep_covered = sum(1 for t in rest if touch in t) if touch != kept_end else 0
    seen = set(held) | set(table)
    ends = {new, kept_end}
    # Tiles are canonical, high half first (``tiles.make_tile``).
    unseen_fit = sum(
        1
        for x in range(max_pip + 1)
        for y in range(x + 1)
        if (x, y) not in seen and (x in ends or y in ends)
    )
    return (
        (a + b) / 10.0,
        1.0 if a == b else 0.0,
        float(replies),
        1.0 if rest and not replies else 0.0,
        float(keep_new),
        float(keep_covered),
        unseen_fit / 7.0,
        1.0 if new == kept_end else 0.0,
    )


def _counts(tiles: frozenset[Tile] | set[Tile] | list[Tile], max_pip: int) -> list[int]:
    """How many of ``tiles`` hold each number."""
    c = [0] * (max_pip + 1)
    for a, b in tiles:
        c[a] += 1
        if b != a:
            c[b] += 1
    return c


def log_probabilities(
    model: ChoiceModel,
    held: frozenset[Tile] | set[Tile],
    table: list[Tile],
    left: int,
    right: int,
    max_pip: int = 6,
) -> dict[Option, float]:
    """The model's log-probability of every option of ``held`` (they sum to 1 once
    exponentiated); empty when nothing fits.

    The ``features`` are counted here from each number's count in the hand and on the table
    (a world's weight asks for them several times per deal: about four times faster than
    calling ``features``; ``tests/ai/test_choicemodel.py`` checks that they are equal)."""
    opts = options(held, left, right)
    if not opts:
        return {}
    w_pips, w_double, w_replies, w_none, w_new, w_covered, w_unseen, w_same = model.weights
    mine = _counts(held, max_pip)
    on_table = _counts(table, max_pip)
    seen = set(held)
    seen.update(table)
    per_number = max_pip + 1
    kept_some = len(held) > 1
    scores = []
    for tile, touch in opts:
        a, b = tile
        new = b if a == touch else a
        kept_end = right if touch == left else left
        # Tiles kept holding number x: the hand's, less the tile laid if it holds x.
        new_kept = mine[new] - 1
        score = w_pips * (a + b) / 10.0 + w_new * new_kept
        if a == b:
            score += w_double
        if new == kept_end:
            replies = new_kept
            unseen = per_number - mine[new] - on_table[new]
            score += w_same
        else:
            end_kept = mine[kept_end] - (kept_end in tile)
            pair = (new, kept_end) if new > kept_end else (kept_end, new)
            replies = new_kept + end_kept - (pair in held and pair != tile)
            unseen = (
                2 * per_number
                - mine[new]
                - on_table[new]
                - mine[kept_end]
                - on_table[kept_end]
                - (pair not in seen)
            )
        if touch != kept_end:
            score += w_covered * (mine[touch] - 1)
        score += w_replies * replies + w_unseen * unseen / 7.0
        if kept_some and not replies:
            score += w_none
        scores.append(score)
    top = max(scores)
    norm = top + math.log(sum(math.exp(s - top) for s in scores))
    return {o: s - norm for o, s in zip(opts, scores, strict=True)}


# The fitted models, by name (``SearchConfig.infer_model``).
MODELS: dict[str, ChoiceModel] = {
    # OpenSpiel's ISMCTS bot (1000 simulations, uct_c 5) in two-player block: 573 of its
    # decisions with two or more options, in the 200 hands of ``benchmarks/ai_vs_peers.py
    # --seed 200`` and ``201`` (``benchmarks/choice_model.py``; DECISIONS E-99). It sheds
    # pips, keeps tiles of the number it exposes, and leaves open numbers it sees few of.
    "ismcts_block": ChoiceModel((2.474, -0.237, -0.798, -0.887, 0.93, -0.324, -1.971, -1.184)),
}
