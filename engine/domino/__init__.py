"""Domino: the rules engine of every variant in RULES.md, with records, a CLI and AI.

Pure Python with no dependencies; runs unchanged under CPython and Pyodide. The public API is
documented in docs/ENGINE_API.md.
"""

from .errors import (
    DominoError,
    IllegalMoveError,
    OptionError,
    RecordError,
    TileError,
    UnknownVariantError,
)
from .hand.events import Drew, Event, HandEnded, Left, MarkerSet, Passed, Played, Scored
from .hand.moves import Move
from .hand.result import HandResult
from .hand.state import HandState, legal_moves, new_hand
from .match.match import Match
from .play.step import apply_unchecked, step
from .play.view import View, view
from .rules.ruleset import VARIANTS, Ruleset, get_ruleset, variants_catalog
from .tiles import Tile, full_set, parse_tile, tile_str

__version__ = "0.1.0"

__all__ = [
    "VARIANTS", "DominoError", "Drew", "Event", "HandEnded", "HandResult", "HandState",
    "IllegalMoveError", "Left", "MarkerSet", "Match", "Move", "OptionError", "Passed", "Played",
    "RecordError", "Ruleset", "Scored", "Tile", "TileError", "UnknownVariantError", "View",
    "__version__", "apply_unchecked", "full_set", "get_ruleset", "legal_moves", "new_hand",
    "parse_tile", "step", "tile_str", "variants_catalog", "view",
]
