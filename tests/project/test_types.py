"""The engine type-checks: ``mypy --strict`` on ``engine/domino`` finds nothing (issue 12,
item 6).

mypy runs as ``pyproject.toml``'s ``[tool.mypy]`` says (strict, the package, Python 3.11), in
a fresh process and with a cache of its own, so that the unit tests are the one command that
also checks the types. mypy is in the ``test`` extra: a machine set up as the README says has
it, and a missing one is a failure here, not a skip.

RULES.md: none (types)
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def test_mypy_strict_finds_no_error_in_the_engine(tmp_path: Path):
    done = subprocess.run(
        [sys.executable, "-m", "mypy", "--cache-dir", str(tmp_path / "mypy_cache")],
        cwd=ROOT, capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stdout + done.stderr
    assert "Success: no issues found" in done.stdout
