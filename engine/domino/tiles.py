"""Tiles, tile sets and the seeded shuffle.

A tile is a tuple ``(high, low)`` with ``high >= low``: small, hashable and fast to compare.
"""

from __future__ import annotations

import math
import random
import re
from collections.abc import Callable
from typing import Any

from .errors import TileError

# A tile in notation: one or two ASCII digits a side (shared with domino.rules.schema).
TILE_TEXT = re.compile(r"([0-9]{1,2})-([0-9]{1,2})")

Tile = tuple[int, int]


def make_tile(a: int, b: int) -> Tile:
    """Return the canonical tile with halves ``a`` and ``b`` (high half first)."""
    return (a, b) if a >= b else (b, a)


def parse_tile(text: str, max_pip: int = 12) -> Tile:
    """Parse ``"6-4"`` (or ``"4-6"``) into ``(6, 4)``; raise TileError if malformed.

    Halves are one or two ASCII digits: ``str.isdigit`` also accepts superscripts, full-width
    and Arabic-Indic digits, which no record or move writes."""
    if not isinstance(text, str):
        kind = "a number" if isinstance(text, int) else type(text).__name__
        raise TileError(f"not a tile: {kind}")
    found = TILE_TEXT.fullmatch(text.strip())
    if not found:
        raise TileError(f"not a tile: {text[:40]!r}")
    a, b = int(found.group(1)), int(found.group(2))
    if a > max_pip or b > max_pip:
        raise TileError(f"no such tile in a double-{max_pip} set: {text!r}")
    return make_tile(a, b)


def tile_str(tile: Tile) -> str:
    """Write a tile high half first, as RECORD.md does: ``(6, 4) -> "6-4"``."""
    return f"{tile[0]}-{tile[1]}"


_NAMES: dict[int, dict[Tile, str]] = {}


def tile_names(max_pip: int) -> dict[Tile, str]:
    """``tile_str`` of every tile of the double-``max_pip`` set, built once (a deal written
    out for the record names every tile of the set)."""
    names = _NAMES.get(max_pip)
    if names is None:
        names = _NAMES[max_pip] = {t: tile_str(t) for t in full_set(max_pip)}
    return names


def is_double(tile: Tile) -> bool:
    """True for a double (both halves equal)."""
    return tile[0] == tile[1]


_SETS: dict[int, tuple[Tile, ...]] = {}


def full_set(max_pip: int) -> list[Tile]:
    """Every tile of the double-``max_pip`` set, each exactly once, in a fixed order."""
    tiles = _SETS.get(max_pip)
    if tiles is None:
        tiles = _SETS[max_pip] = tuple((a, b) for a in range(max_pip + 1) for b in range(a + 1))
    return list(tiles)


def shuffle(items: list[Any], rng: random.Random) -> None:
    """Shuffle ``items`` in place with Fisher-Yates over ``rng.random()``.

    Only ``random()`` is promised to give the same stream across Python versions, and the
    browser runs a newer Python than CI, so the shuffle is written here rather than taken
    from ``random.shuffle``. Every deal shuffles, so the loop is unrolled for each length
    (``_unrolled``): the same swaps drawn from the same numbers, sooner.
    """
    n = len(items)
    run = _SHUFFLES.get(n)
    if run is None:
        run = _SHUFFLES[n] = _unrolled(n)
    run(items, rng.random)


def _unrolled(n: int) -> Callable[[list[Any], Callable[[], float]], None]:
    """The Fisher-Yates of ``shuffle`` for a list of ``n`` items, one line per swap: position
    ``i`` (from the last down to 1) swaps with ``int(random() * (i + 1))``."""
    lines = ["def run(items, rnd):", "    pass"]
    # ``floor`` is ``int`` on the non-negative numbers here, and a third quicker to call.
    lines += [f"    j = floor(rnd() * {i + 1}); items[{i}], items[j] = items[j], items[{i}]"
              for i in range(n - 1, 0, -1)]
    namespace: dict[str, Any] = {"floor": math.floor}
    exec("\n".join(lines), namespace)  # source made from the loop above, nothing else
    run: Callable[[list[Any], Callable[[], float]], None] = namespace["run"]
    return run


_SHUFFLES: dict[int, Callable[[list[Any], Callable[[], float]], None]] = {}
