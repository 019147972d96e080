"""Sampled worlds: complete ``HandState``s consistent with what one seat knows.

A world is the engine's ``domino.play.resample.resample(view, rng, knowledge)`` (OpenSpiel's
``ResampleFromInfostate``): the unseen tiles dealt to the other seats and the boneyard,
respecting every constraint of ``knowledge.infer``, on a state whose public part the engine
rebuilt from the view. ``legal_moves`` and ``game.advance`` continue it exactly as they would
the real hand. The search draws its worlds from ``sample_world``; a benchmark may give the
search another sampler (``search.Sampler``).
"""

from __future__ import annotations

import random

from ..hand.state import HandState
from ..play.resample import deal_hidden, resample
from ..play.view import View
from .knowledge import Knowledge

__all__ = ["deal_hidden", "sample_world"]


def sample_world(v: View, rng: random.Random, k: Knowledge | None = None) -> HandState:
    """One complete hand consistent with ``v``: own hand as seen, hidden tiles sampled
    (``domino.play.resample.resample``; ``k`` is ``infer(v)`` when the caller has it)."""
    return resample(v, rng, k)
