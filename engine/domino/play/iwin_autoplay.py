"""vn_iwin's stand-in for a disconnected player (RULES.md 2.3, "Disconnection").

The engine plays for the player until they return or the hand ends: the legal placement with
the highest tile by tile rank, at the lower end id (``L`` before ``R``); otherwise the draw or
pass the rules require. There is no penalty for being replaced.
"""

from __future__ import annotations

from ..hand.moves import LEAD, LEAVE, PAIR, PLACE, Move
from ..rules.ruleset import Ruleset


def autoplay_move(rs: Ruleset, legal: list[Move]) -> Move:
    """The move the disconnection bot makes from ``legal`` (never ``leave``)."""
    tiles = [m for m in legal if m.kind in (LEAD, PLACE, PAIR)]
    if tiles:
        return max(tiles, key=lambda m: (rs.tile_rank(m.tile), _end_order(m.end)))
    return next(m for m in legal if m.kind != LEAVE)


def _end_order(end: str | None) -> tuple[int, str]:
    # Lower end ids win ties, so they must sort as larger under max().
    order = {"L": 0, "R": 1}
    return (-order.get(end or "", 2), "".join(chr(255 - ord(c)) for c in (end or "")))
