"""Every unit test file says which sections of RULES.md it covers (issue 12, item 5).

The tests are organised one way, by the engine's layers (``tests/<layer>/``, as
``engine/domino/<layer>/``), with the page's pure modules in ``tests/web/`` and the checks of
the project itself in ``tests/project/``. A rule is then found by its RULES.md section: each
file's docstring has one line ``RULES.md: 2.3, 4.4`` (or ``RULES.md: none (what it covers
instead)``), and each section it names is a heading of RULES.md.

RULES.md: 0 (this file reads RULES.md's headings)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

TESTS = Path(__file__).resolve().parents[1]
RULES = TESTS.parents[1] / "shared" / "RULES.md"
ENGINE = TESTS.parent / "engine" / "domino"
FILES = sorted(TESTS.rglob("test_*.py"))
COVERS = re.compile(r"^RULES\.md: (none \(.+\)|[0-9][0-9.]*(, [0-9][0-9.]*)*( \(.+\))?)$")


def sections() -> set[str]:
    """The section numbers of RULES.md's headings (``2.2.3``, ``4``, ...)."""
    found = set()
    for line in RULES.read_text(encoding="utf-8").splitlines():
        m = re.match(r"^#{2,4} ([0-9]+(?:\.[0-9]+)*)\.? ", line)
        if m:
            found.add(m.group(1))
    return found


def covers(path: Path) -> list[str]:
    """The section numbers a test file's docstring names (empty for ``none``)."""
    doc = ast.get_docstring(ast.parse(path.read_text(encoding="utf-8"))) or ""
    lines = [line for line in doc.splitlines() if line.startswith("RULES.md: ")]
    assert len(lines) == 1, f"{path.name}: one line 'RULES.md: ...' in the docstring"
    assert COVERS.match(lines[0]), f"{path.name}: {lines[0]!r}"
    text = lines[0][len("RULES.md: "):].split(" (")[0]
    return [] if text == "none" else text.split(", ")


@pytest.mark.skipif(not RULES.is_file(), reason="shared/RULES.md is not beside the checkout")
def test_rules_md_headings_are_read():
    found = sections()
    assert {"1.8", "2.2.3", "4.9"} <= found and len(found) > 40


@pytest.mark.skipif(not RULES.is_file(), reason="shared/RULES.md is not beside the checkout")
@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(TESTS).as_posix() for p in FILES])
def test_each_test_file_names_the_rules_it_covers(path: Path):
    unknown = [s for s in covers(path) if s not in sections()]
    assert unknown == [], f"{path.name} names sections RULES.md does not have: {unknown}"


def test_test_folders_follow_the_engine_layers():
    layers = {p.name for p in ENGINE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    folders = {p.parent.name for p in FILES if p.parent != TESTS}
    # session/ is a package of its own above the layers, with a folder of tests like them
    assert folders == layers | {"session", "web", "project"}
    assert not [p.name for p in FILES if p.parent == TESTS], "a test file outside the folders"
