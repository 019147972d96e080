"""The imports of the engine run one way (issue 12, item 2).

Two checks: every module of ``engine/domino`` imports on its own in a fresh interpreter, and
the static import graph of the package (read with ``ast``, counting every import: at the top,
inside functions and under ``TYPE_CHECKING``) has no cycle. A cycle would let the order in
which modules happen to be imported decide whether a name exists yet, and a function-level
import that only dodges one hides it from both readers and tools.

RULES.md: none (the engine's layers)
"""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

ENGINE = Path(__file__).resolve().parents[2] / "engine"
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
    assert "domino.hand.state" in imports_of("domino.match.match")
    assert "domino.hand.state" in imports_of("domino.ai.search")  # from ..game import
    assert "domino.ai.linesolve" in imports_of("domino.ai.search")  # from . import linesolve
    assert "domino.match.record" in imports_of("domino.tools.cli")  # imported inside a function
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


# The engine's layers, lowest first (README.md, "How it fits together"): a module imports from
# its own layer and those before it, never from a later one, so each folder can be read (and
# tested) knowing only what comes before it. ``domino`` itself (the public API) and
# ``domino.__main__`` sit above every layer.
LAYERS = [
    ("domino.errors", "domino.tiles"),
    ("domino.rules",),
    ("domino.hand",),
    ("domino.settlement",),
    ("domino.play",),
    ("domino.match",),
    ("domino.ai",),
    ("domino.session", "domino.master"),
    ("domino.tools",),
]


def layer_of(name: str) -> int:
    """The index in LAYERS of the module ``name`` (a package's modules share its layer)."""
    for index, prefixes in enumerate(LAYERS):
        if any(name == p or name.startswith(p + ".") for p in prefixes):
            return index
    return len(LAYERS)  # domino, domino.__main__


def names_from_the_package_root(name: str) -> set[str]:
    """The names ``name`` imports from ``domino`` itself (``from .. import x``)."""
    path = MODULES[name]
    tree = ast.parse(path.read_text(encoding="utf-8"), str(path))
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.ImportFrom):
            base = _resolve(name, path.name == "__init__.py", node)
            if base == "domino":
                found.update(a.name for a in node.names if f"domino.{a.name}" not in MODULES)
    return found


def test_every_module_has_a_layer():
    assert sorted(n for n in MODULES if layer_of(n) == len(LAYERS)) == ["domino", "domino.__main__"]


def test_imports_go_down_the_layers_only():
    upward = []
    for name in MODULES:
        if layer_of(name) == len(LAYERS):
            continue
        for target in imports_of(name):
            if target == "domino":
                continue  # the root's names are checked below
            if layer_of(target) > layer_of(name):
                upward.append(f"{name} -> {target}")
    assert upward == []


def test_a_layer_takes_nothing_from_the_public_api_but_the_version():
    """``domino/__init__`` imports every layer; a module that took a name from it would
    import upward. The version string is the one exception (the review stamps it)."""
    taken = {n: names_from_the_package_root(n) for n in MODULES if layer_of(n) < len(LAYERS)}
    assert {n: t for n, t in taken.items() if t - {"__version__"}} == {}


def test_the_layer_check_sees_an_upward_import():
    assert layer_of("domino.hand.state") < layer_of("domino.settlement.settle")
    assert "domino.settlement.settle" in imports_of("domino.play.step")
    assert layer_of("domino.tools.cli") == len(LAYERS) - 1
