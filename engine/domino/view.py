"""What one seat may know: the only way hidden information leaves the engine.

A ``View`` holds the seat's own tiles, the other seats' tile counts, the layout, the boneyard
count and the public history (draws without their tiles). Agents and the web app receive
views, never a ``HandState``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from .game import LEAD_PHASE, OVER_PHASE, HandState, legal_moves
from .moves import Move
from .rules import Ruleset
from .tiles import Tile, tile_str


@dataclass(frozen=True)
class View:
    """One seat's knowledge of a hand."""

    rs: Ruleset
    seat: int
    players: int
    hand_number: int
    to_move: int | None
    hand: tuple[Tile, ...]
    counts: tuple[int, ...]
    boneyard: int
    drawable: int
    layout: dict
    ends: tuple[tuple[str, int], ...]
    history: tuple[tuple[int, str], ...]
    legal: tuple[Move, ...]
    leading: bool
    seated: tuple[bool, ...]
    points: tuple[int, ...]
    penalties: tuple[tuple[int, int, int], ...]
    escrow: int
    match_scores: tuple[int, ...]
    result: Any

    def to_json(self) -> dict:
        """The view as plain JSON (what the worker sends to the page)."""
        return {
            "variant": self.rs.id,
            "seat": self.seat,
            "players": self.players,
            "hand_number": self.hand_number,
            "to_move": self.to_move,
            "hand": [tile_str(t) for t in self.hand],
            "counts": list(self.counts),
            "boneyard": self.boneyard,
            "drawable": self.drawable,
            "layout": self.layout,
            "ends": [[e, v] for e, v in self.ends],
            "history": [[s, m] for s, m in self.history],
            "legal": [str(m) for m in self.legal],
            "leading": self.leading,
            "seated": list(self.seated),
            "points": list(self.points),
            "penalties": [list(p) for p in self.penalties],
            "escrow": self.escrow,
            "match_scores": list(self.match_scores),
            "result": self.result.to_json() if self.result else None,
        }


def view(s: HandState, seat: int) -> View:
    """The view of ``seat``: nothing hidden from it, everything it may know."""
    over = s.phase == OVER_PHASE
    to_move = None if over else s.to_move
    return View(
        rs=s.rs, seat=seat, players=s.n, hand_number=s.hand_number, to_move=to_move,
        hand=tuple(sorted(s.hands[seat], reverse=True)),
        counts=tuple(len(h) for h in s.hands),
        boneyard=len(s.boneyard), drawable=s.drawable(),
        layout=s.layout.to_json(), ends=tuple(s.layout.ends()),
        history=tuple((seat, str(move)) for seat, move in s.history),
        legal=tuple(legal_moves(s)) if to_move == seat else (),
        leading=s.phase == LEAD_PHASE,
        seated=tuple(s.seated), points=tuple(s.points),
        penalties=tuple(s.transfers), escrow=s.escrow,
        match_scores=tuple(s.match_scores),
        result=s.result if over else None,
    )
