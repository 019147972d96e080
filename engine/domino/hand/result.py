"""What a finished hand comes to: how it ended and its ``HandResult``.

The types sit here, below both the hand (``domino.hand.state`` keeps the result on its state) and
the settlement that computes it (``domino.settlement.settle``), so that neither imports the other for
them.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any, Literal

# How a hand ends (RULES.md 1.7; all_fives' target, docs/DECISIONS.md E-1; Mexican Train's
# round, RULES.md 3.4).
Termination = Literal["domino", "blocked", "round_over", "target"]

# Who won a hand, as RECORD.md's ``winner``: the seat, or with partnerships the list of the
# winning side's seats; None when nobody did (a tied block).
Winner = int | list[int] | None


@dataclass(slots=True)
class HandResult:
    """The outcome of one hand (RECORD.md's per-hand replay entry, plus details)."""

    termination: Termination
    winner: Winner
    blocker: int | None
    gai: int | None
    ranking: list[int]
    pips: list[int]
    delta: list[int]
    house: int = 0
    next_leader: int | None = None
    details: dict[str, Any] = field(default_factory=dict)

    def to_json(self) -> dict[str, Any]:
        """Exactly the keys of RECORD.md, plus ``details`` for the end-of-hand summary."""
        return {
            "termination": self.termination,
            "winner": self.winner,
            "blocker": self.blocker,
            "gai": self.gai,
            "ranking": list(self.ranking),
            "pips": list(self.pips),
            "delta": list(self.delta),
            "house": self.house,
        }
