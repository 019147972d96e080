"""Specific exceptions of the engine.

Every error a caller can provoke with bad input is one of these, so the CLI and the web worker
can turn it into one clear line instead of a traceback.
"""


class DominoError(Exception):
    """Base class of every error the engine raises on purpose."""


class TileError(DominoError, ValueError):
    """A tile that does not exist in the set, is malformed, or appears twice."""


class UnknownVariantError(DominoError, KeyError):
    """A variant id (or alias) that is not in the registry."""

    def __str__(self) -> str:
        return str(self.args[0]) if self.args else "unknown variant"


class OptionError(DominoError, ValueError):
    """An unknown option, an out-of-range value, or an impossible player count."""


class IllegalMoveError(DominoError, ValueError):
    """A move that the rules do not allow in the current position (or out of turn)."""


class RecordError(DominoError, ValueError):
    """A malformed or inconsistent game record."""
