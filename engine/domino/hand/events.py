"""Events: what a move caused, for the web app's animations and game log and for records.

``to_json(viewer)`` hides what the viewer may not know: a tile drawn by another seat.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..tiles import Tile, tile_str


class Event:
    """Base class; every event serialises to a dict with a ``type`` key."""

    type = "event"

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The event as JSON; ``viewer`` None means full information."""
        raise NotImplementedError


@dataclass(frozen=True)
class Played(Event):
    """A tile (or kozel's pair) went on the table."""

    seat: int
    move: Any
    tile: Tile
    type = "played"

    def __init__(self, seat: int, move: Any, tile: Tile) -> None:
        # Every placement builds one. The generated __init__ of a frozen dataclass sets each
        # field through object.__setattr__, which costs twice as much as filling the
        # instance's dict; the instance is just as frozen (assigning a field raises).
        fields = self.__dict__
        fields["seat"] = seat
        fields["move"] = move
        fields["tile"] = tile

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The move in RECORD.md notation."""
        return {"type": self.type, "seat": self.seat, "move": str(self.move)}


@dataclass(frozen=True)
class Drew(Event):
    """A seat drew from the boneyard; only that seat sees the tile."""

    seat: int
    tile: Tile
    type = "drew"

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The tile is shown to the drawer (and with full information) only."""
        out: dict[str, Any] = {"type": self.type, "seat": self.seat}
        if viewer is None or viewer == self.seat:
            out["tile"] = tile_str(self.tile)
        return out


@dataclass(frozen=True)
class Passed(Event):
    """A seat passed."""

    seat: int
    type = "passed"

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """Who passed."""
        return {"type": self.type, "seat": self.seat}


@dataclass(frozen=True)
class MarkerSet(Event):
    """Mexican Train: a seat's train is open to everyone until it plays on it again."""

    seat: int
    type = "marker"

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """Whose train got the marker."""
        return {"type": self.type, "seat": self.seat}


@dataclass(frozen=True)
class Scored(Event):
    """All Fives: points scored during the hand (the open ends made a multiple of 5)."""

    seat: int
    points: int
    reason: str
    type = "scored"

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """Who scored how much, and why."""
        return {"type": self.type, "seat": self.seat, "points": self.points,
                "reason": self.reason}


@dataclass(frozen=True)
class Left(Event):
    """vn_iwin: a seat left the table; its charge is held in escrow."""

    seat: int
    charge: int
    type = "left"

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """Who left and what it cost."""
        return {"type": self.type, "seat": self.seat, "charge": self.charge}


@dataclass(frozen=True)
class HandEnded(Event):
    """The hand is over; ``result`` is its settled HandResult."""

    result: Any
    type = "hand_ended"

    def to_json(self, viewer: int | None = None) -> dict[str, Any]:
        """The result as RECORD.md's replay entry."""
        return {"type": self.type, "result": self.result.to_json()}
