"""Moves as small value objects with the notation of RECORD.md.

``str(move)`` prints the notation and ``Move.parse`` reads it back, so a legal move list can be
compared with text from a record, the CLI or the web page.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ..errors import IllegalMoveError
from ..rules.schema import describe
from ..tiles import Tile, full_set, parse_tile, tile_str

LEAD = "lead"
PLACE = "place"
PAIR = "pair"
DRAW = "draw"
PASS = "pass"
LEAVE = "leave"

# End names (RECORD.md ``L``/``R``, the engine's ``N``, ``X3``, ``T2``, ``MX``) and a touching
# half: ASCII letters and digits only.
_END = re.compile(r"[A-Za-z][A-Za-z0-9]{0,7}")
_TOUCH = re.compile(r"[0-9]{1,2}")
# The longest notation is a kozel pair such as ``12-12@L+11-11@R``; nothing longer is a move.
MAX_NOTATION = 40


@dataclass(frozen=True, slots=True)
class Move:
    """One move. ``touch`` is set only when the touching half is ambiguous (``blank_wild``).

    ``tile`` and ``end`` are None for ``draw``, ``pass`` and ``leave`` (a lead has no
    ``end``), and ``tile2`` and ``end2`` are None except in a kozel pair. They are typed as the
    tile and end they hold in the moves that have them: the engine reads them only after
    testing ``kind``, and the hot paths (``game.advance``, the playout policy) cannot afford a
    test of None of their own on every move.
    """

    kind: str
    tile: Tile = None  # type: ignore[assignment]  # None unless lead, place or pair (above)
    end: str = None  # type: ignore[assignment]  # None unless place or pair (above)
    touch: int | None = None
    tile2: Tile = None  # type: ignore[assignment]  # None unless a kozel pair (above)
    end2: str = None  # type: ignore[assignment]  # None unless a kozel pair (above)

    def __str__(self) -> str:
        kind = self.kind
        if kind == PLACE:
            tile = self.tile
            if self.touch is None:
                return f"{tile[0]}-{tile[1]}@{self.end}"  # tile_str, written out: hot
            return f"{tile_str(tile)}@{self.end}:{self.touch}"
        if kind == LEAD:
            return tile_str(self.tile)
        if self.kind == PAIR:
            return f"{tile_str(self.tile)}@{self.end}+{tile_str(self.tile2)}@{self.end2}"
        return self.kind

    def __repr__(self) -> str:
        return f"Move({str(self)!r})"

    @staticmethod
    def parse(text: str) -> Move:
        """Read a move in RECORD.md notation; raise IllegalMoveError if it is not one."""
        if isinstance(text, Move):
            return text
        if not isinstance(text, str) or not text.strip() or len(text) > MAX_NOTATION:
            shown = describe(text) if not isinstance(text, str) or len(text) <= 40 else (
                repr(text[:37] + "..."))
            raise IllegalMoveError(f"not a move: {shown}")
        s = text.strip()
        if s in (DRAW, PASS, LEAVE):
            return Move(s)
        try:
            if "+" in s:
                first, second = (Move.parse(p) for p in s.split("+", 1))
                if (first.kind != PLACE or second.kind != PLACE or first.touch is not None
                        or second.touch is not None):
                    raise IllegalMoveError(f"not a move: {text!r}")
                if first.end > second.end:
                    first, second = second, first
                return Move(PAIR, first.tile, first.end, None, second.tile, second.end)
            if "@" not in s:
                return Move(LEAD, parse_tile(s))
            tile_text, _, where = s.partition("@")
            end, colon, touch = where.partition(":")
            if not _END.fullmatch(end) or (colon and not touch):
                raise IllegalMoveError(f"not a move: {text!r}")
            tile = parse_tile(tile_text)
            if touch:
                if not _TOUCH.fullmatch(touch) or int(touch) not in tile:
                    raise IllegalMoveError(f"not a move: {text!r}")
                return Move(PLACE, tile, end, int(touch))
            return Move(PLACE, tile, end)
        except ValueError as exc:
            if isinstance(exc, IllegalMoveError):
                raise
            raise IllegalMoveError(f"not a move: {text!r} ({exc})") from None


# --- interned moves -------------------------------------------------------------------------
# ``legal_moves`` lists the same few moves again and again: each is built once and kept, and
# its notation with it (a match writes every move it plays as text).

_MOVES: dict[tuple[Tile, str], Move] = {}
_LEADS: dict[Tile, Move] = {}
# The notation of every interned move, by the move's id: interned moves are kept for good,
# so no other object can ever have their id. A match writes every move it plays as text.
_TEXT: dict[int, str] = {}


def _intern(move: Move) -> Move:
    _TEXT[id(move)] = str(move)
    return move


# The moves without a tile, built once: moves are frozen values, equal whatever their origin.
DRAW_MOVE, PASS_MOVE, LEAVE_MOVE = _intern(Move(DRAW)), _intern(Move(PASS)), _intern(Move(LEAVE))


def notation(move: Move) -> str:
    """``str(move)``, looked up for the moves ``legal_moves`` lists (they are interned)."""
    return _TEXT.get(id(move)) or str(move)


def lead_move(tile: Tile) -> Move:
    """The (interned) lead of ``tile``."""
    move = _LEADS.get(tile)
    if move is None:
        move = _LEADS[tile] = _intern(Move(LEAD, tile))
    return move


def place_move(tile: Tile, end: str) -> Move:
    """The (interned) placement of ``tile`` on ``end``: placements are built very often."""
    key = (tile, end)
    move = _MOVES.get(key)
    if move is None:
        move = _MOVES[key] = _intern(Move(PLACE, tile, end))
    return move


_LINE_MOVES: dict[Tile, tuple[Move, Move]] = {}


def _line_moves(max_pip: int) -> None:
    """Intern the placements of every tile of the double-``max_pip`` set on a line's ``L``
    and ``R``, kept in ``_LINE_MOVES`` under the tile alone (a key of one tuple hashes faster
    than the tile and the end)."""
    for tile in full_set(max_pip):
        if tile not in _LINE_MOVES:
            _LINE_MOVES[tile] = (place_move(tile, "L"), place_move(tile, "R"))


_line_moves(12)  # every set a built-in variant deals
