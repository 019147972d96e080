"""What a seat can infer from its view: the engine's own inference (``domino.play.resample``).

The facts a public history proves (who passed or drew on which open ends, what a forced lead
rules out) are rules, so the engine derives them, once, for ``resample`` and for the AI alike;
this module keeps the names the AI's levels have always imported (``infer``, ``Knowledge``,
``Constraint``, ``place_on``, ...). The AI reads a ``Knowledge`` and never builds engine state
from it: sampled worlds come from ``domino.play.resample.resample``.
"""

from __future__ import annotations

from ..play.resample import (
    Constraint,
    Knowledge,
    infer,
    layout_from_json,
    lead_forbidden,
    place_on,
    playable_tiles,
)

__all__ = ["Constraint", "Knowledge", "infer", "layout_from_json", "lead_forbidden", "place_on",
           "playable_tiles"]
