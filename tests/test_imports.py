"""The imports of the engine run one way (issue 12, item 2).

Two checks: every module of ``engine/domino`` imports on its own in a fresh interpreter, and
the static import graph of the package (read with ``ast``, counting every import: at the top,
inside functions and under ``TYPE_CHECKING``) has no cycle. A cycle would let the order in
which modules happen to be imported decide whether a name exists yet, and a function-level
import that only dodges one hides it from both readers and tools.
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[1] / "engine"
PACKAGE = ENGINE / "domino"


def module_name(path: Path) -> str:
    """``engine/domino/ai/search.py`` -> ``domino.ai.search``; a package is its ``__init__``."""
    parts = list(path.relative_to(ENGINE).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


MODULES = {module_name(p): p for p in sorted(PACKAGE.rglob("*.py"))}


def _resolve(current: str, is_package: bool, node: ast.ImportFrom) -> str:
    """The absolute module a ``from ... import`` names (relative levels resolved)."""
    if node.level == 0:
        return node.module or ""
    base = current.split(".")
    if not is_package:
        base = base[:-1]
    if node.level > 1:
        base = base[:len(base) - (node.level - 1)]
    return ".".join(base + ([node.module] if node.module else []))


def imports_of(name: str) -> set[str]:
    """The package modules ``name`` imports anywhere in its source.

    ``from X import y`` counts as importing ``X.y`` when that is a module of the package, else
    ``X``. Importing a submodule runs its parent packages first; those implicit edges are left
    out (every module would otherwise "import" ``domino/__init__``), the explicit ones kept.
    """
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    is_package = path.name == "__init__.py"
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            targets = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = _resolve(name, is_package, node)
            targets = [f"{base}.{alias.name}" if f"{base}.{alias.name}" in MODULES else base
                       for alias in node.names]
        else:
            continue
        found.update(t for t in targets if t in MODULES and t != name)
    return found


def find_cycle(graph: dict[str, set[str]]) -> list[str] | None:
    """One cycle of ``graph`` as a path that ends where it starts, or None."""
    state: dict[str, int] = {}  # 1: on the current path, 2: finished
    path: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        path.append(node)
        for nxt in sorted(graph.get(node, ())):
            if state.get(nxt) == 1:
                return path[path.index(nxt):] + [nxt]
            if nxt not in state:
                cycle = visit(nxt)
                if cycle:
                    return cycle
        path.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state:
            cycle = visit(node)
            if cycle:
                return cycle
    return None


def test_the_graph_reader_sees_the_imports_it_must():
    """The reader finds relative, parent-relative and function-level imports (so that an
    empty result below means no cycle, not a blind reader)."""
    assert "domino.game" in imports_of("domino.match")
    assert "domino.game" in imports_of("domino.ai.search")  # from ..game import
    assert "domino.ai.linesolve" in imports_of("domino.ai.search")  # from . import linesolve
    assert "domino.record" in imports_of("domino.cli")  # imported inside a function
    assert find_cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert find_cycle({"a": {"b"}, "b": set()}) is None


def test_the_static_import_graph_has_no_cycle():
    graph = {name: imports_of(name) for name in MODULES}
    cycle = find_cycle(graph)
    assert cycle is None, "import cycle: " + " -> ".join(cycle or [])


@pytest.mark.parametrize("name", sorted(MODULES))
def test_each_module_imports_alone_in_a_fresh_interpreter(name: str):
    if name == "domino.__main__":
        # Importing the entry point runs the CLI; asking for its help is importing it alone.
        argv = [sys.executable, "-m", "domino", "--help"]
    else:
        argv = [sys.executable, "-c", f"import importlib; importlib.import_module({name!r})"]
    done = subprocess.run(argv, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
