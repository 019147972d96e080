"""Shared helpers for the RULES.md section 4 scenario tests (tests/test_scenarios_*.py).

The scenario records live in tests/data/scenarios/<ID>.json (domino-record, RECORD.md). They are
replayed through the same library functions the CLI uses, and a few through the CLI itself.
Every expected value in the tests is taken from RULES.md, never from the engine.
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
SCENARIOS = Path(__file__).resolve().parent / "data" / "scenarios"


class Scenarios:
    """Load scenario records and run them through the engine's record API or its CLI."""

    dir = SCENARIOS

    def path(self, name: str) -> Path:
        return SCENARIOS / f"{name}.json"

    def load(self, name: str) -> dict:
        with open(self.path(name), encoding="utf-8") as f:
            return json.load(f)

    # --- the library path the CLI uses ---------------------------------------------------
    def replay(self, record: dict) -> dict:
        from domino.match import record as rec

        return rec.replay(copy.deepcopy(record))

    def legal(self, record: dict) -> dict:
        """``python -m domino legal`` through the library.

        vn_iwin lets the seat to move leave the table at any time (RULES.md 1.4, 2.3), so the
        engine lists ``leave`` among its legal moves. RULES.md section 4 lists only the turn's
        placements, draws and passes, so ``leave`` is left out here for vn_iwin.
        """
        from domino.match import record as rec

        out = rec.legal(copy.deepcopy(record))
        if record.get("variant") == "vn_iwin":
            out = {**out, "legal": [m for m in out["legal"] if m != "leave"]}
        return out

    def legal_set(self, record: dict) -> tuple[int | None, set[str]]:
        """(to_move, legal moves as a set); RECORD.md lists each distinct move once."""
        out = self.legal(record)
        assert len(out["legal"]) == len(set(out["legal"])), out["legal"]
        return out["to_move"], set(out["legal"])

    def errors(self):
        from domino import errors

        return errors

    def match(self, record: dict):
        from domino import Match

        return Match.from_record(copy.deepcopy(record))

    def view(self, record: dict, seat: int) -> dict:
        from domino import view

        m = self.match(record)
        return view(m.hand, seat).to_json()

    def new_view(self, variant: str, options: dict, seed: int, seat: int = 0) -> dict:
        """The view of ``seat`` right after ``Match.new`` dealt hand 1."""
        from domino import Match, view

        m = Match.new(variant, dict(options), seed=seed)
        return view(m.hand, seat).to_json()

    @staticmethod
    def counts(v: dict) -> list[int]:
        counts = v["counts"]
        if isinstance(counts, dict):
            return [counts[k] for k in sorted(counts, key=int)]
        return list(counts)

    def autoplay(self, record: dict):
        """The move the disconnection bot (RULES.md 2.3) makes in the record's position."""
        from domino.play.iwin_autoplay import autoplay_move

        m = self.match(record)
        return autoplay_move(m.rs, m.legal())

    def engine_of_round(self, round_number: int) -> int:
        """The engine double of a mexican_train round (hand number)."""
        from domino.hand.state import engine_for_round

        return engine_for_round(self.ruleset("mexican_train", {}), round_number)

    def ruleset(self, variant: str, options: dict | None = None):
        from domino import get_ruleset

        return get_ruleset(variant, dict(options or {}))

    # --- record editing ------------------------------------------------------------------
    @staticmethod
    def prefix(record: dict, n: int, hand: int = -1) -> dict:
        """The record with only the first ``n`` moves of hand ``hand``."""
        out = copy.deepcopy(record)
        out["hands"][hand]["moves"] = out["hands"][hand]["moves"][:n]
        return out

    @staticmethod
    def with_moves(record: dict, moves: list[str], hand: int = -1) -> dict:
        out = copy.deepcopy(record)
        out["hands"][hand]["moves"] = list(moves)
        return out

    @staticmethod
    def with_options(record: dict, **options: object) -> dict:
        out = copy.deepcopy(record)
        out["options"] = {**out["options"], **options}
        return out

    @staticmethod
    def with_variant(record: dict, variant: str, **options: object) -> dict:
        out = copy.deepcopy(record)
        out["variant"] = variant
        out["options"] = {"players": record["options"]["players"], **options}
        return out

    @staticmethod
    def with_start(record: dict, hand: int = -1, **fields: object) -> dict:
        out = copy.deepcopy(record)
        out["hands"][hand]["start"].update(copy.deepcopy(fields))
        return out

    # --- the CLI -------------------------------------------------------------------------
    def cli(self, *args: str, stdin: str | None = None) -> subprocess.CompletedProcess:
        return subprocess.run(
            [sys.executable, "-m", "domino", *args],
            input=stdin,
            capture_output=True,
            text=True,
            cwd=str(ROOT),
            timeout=120,
        )

    def cli_json(self, *args: str, stdin: str | None = None) -> dict:
        proc = self.cli(*args, stdin=stdin)
        assert proc.returncode == 0, proc.stderr
        return json.loads(proc.stdout)

    # --- views -------------------------------------------------------------------------
    @staticmethod
    def tileset(tiles: object) -> set[tuple[int, int]]:
        """Canonical tiles from "6-4" strings or [6, 4] pairs."""
        out = set()
        for t in tiles:
            if isinstance(t, str):
                a, b = (int(x) for x in t.split("-"))
            else:
                a, b = (int(x) for x in t)
            out.add((max(a, b), min(a, b)))
        return out

    @staticmethod
    def line_ends(layout: dict) -> tuple[int, int]:
        """(L, R) of a line layout JSON."""
        tiles = layout["tiles"]
        return tiles[0][0], tiles[-1][1]

    # --- assertions ----------------------------------------------------------------------
    @staticmethod
    def check_hand(entry: dict, **expected: object) -> None:
        """Compare the given keys of one replay ``hands`` entry with RULES.md's values."""
        got = {k: entry.get(k) for k in expected}
        assert got == expected, f"expected {expected}, engine gave {got} (entry {entry})"


@pytest.fixture(scope="session")
def sc() -> Scenarios:
    return Scenarios()
