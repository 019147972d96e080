"""Helpers shared by several test files: the records of tests/data that begin from a start
position, cutting a record short, and plausible random lines for the table geometry."""

from __future__ import annotations

import copy
import json
from pathlib import Path

DATA = Path(__file__).resolve().parent / "data"


def start_hands() -> list[tuple[str, dict, int]]:
    """(label, record, hand index) of every hand in tests/data that begins from ``start``."""
    out = []
    for path in sorted(DATA.rglob("*.json")):
        if path.name.endswith(".expected.json"):
            continue
        record = json.loads(path.read_text(encoding="utf-8"))
        if not isinstance(record, dict) or record.get("format") != "domino-record":
            continue
        for index, hand in enumerate(record.get("hands", [])):
            if isinstance(hand, dict) and "start" in hand:
                out.append((f"{path.parent.name}/{path.stem}#{index + 1}", record, index))
    return out


def cut_record(record: dict, index: int, moves: int) -> dict:
    """The record up to hand ``index`` with only its first ``moves`` moves."""
    out = copy.deepcopy(record)
    out["hands"] = out["hands"][:index + 1]
    out["hands"][index]["moves"] = out["hands"][index].get("moves", [])[:moves]
    return out


def random_line(rng, length: int) -> list[list[int]]:  # noqa: ANN001 - a random.Random
    """A plausible line layout: consecutive tiles match, doubles sprinkled in."""
    tiles = []
    value = rng.randrange(7)
    for _ in range(length):
        if rng.random() < 0.25:
            tiles.append([value, value])
            continue
        nxt = rng.randrange(7)
        tiles.append([value, nxt])
        value = nxt
    return tiles
