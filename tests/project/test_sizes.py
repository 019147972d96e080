"""The project's Python stays in pieces one can read (issue 23): no function of the engine
(engine/domino), the page (web/page), the worker (web/worker), the build (build.py) or its
tools (tools/) over 80 lines, no module over
700 lines, but the catalogues: data that grows with every rule or sentence, named here with
the reason, and checked to exist.

A function's lines run from its first decorator (or its `def`) to its last line, docstring and
nested functions included; a nested function is also checked on its own.

RULES.md: none (the project's code size)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FUNCTION_MAX = 80
MODULE_MAX = 700
FOLDERS = (ROOT / "engine" / "domino", ROOT / "web" / "page", ROOT / "web" / "worker")
# build.py and tools/ are added to these below (the build's own steps are in tools/buildkit.py).
CATALOGUES = {
    # The nine variants as data (RULES.md 2-3): the Ruleset's fields, the built-in rulesets
    # and their options (the named tables of leads, settlements and standings are in kinds.py).
    "engine/domino/rules/ruleset.py",
    # The page's words in each language, one key a line.
    "web/page/i18n_en.py", "web/page/i18n_ru.py", "web/page/i18n_vi.py",
}
MODULES = sorted([p for folder in FOLDERS for p in folder.rglob("*.py")
                  if "__pycache__" not in p.parts]
                 + [ROOT / "build.py", *sorted((ROOT / "tools").glob("*.py"))])


def _name(path: Path) -> str:
    return path.relative_to(ROOT).as_posix()


def function_sizes(source: str) -> list[tuple[str, int, int]]:
    """(name, first line, number of lines) of every function in `source`, nested ones too."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            assert node.end_lineno is not None
            out.append((node.name, first, node.end_lineno - first + 1))
    return out


def test_the_catalogues_exist_and_the_page_has_no_other():
    for name in CATALOGUES:
        assert (ROOT / name).is_file(), name
    page = {_name(p) for p in (ROOT / "web" / "page").glob("i18n_*.py")}
    assert page == {name for name in CATALOGUES if name.startswith("web/page/")}


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_function_over_80_lines(path: Path):
    found = [(name, line, size) for name, line, size
             in function_sizes(path.read_text(encoding="utf-8")) if size > FUNCTION_MAX]
    assert found == [], f"{_name(path)}: functions over {FUNCTION_MAX} lines: {found}"


@pytest.mark.parametrize("path", MODULES, ids=_name)
def test_no_module_over_700_lines_but_the_catalogues(path: Path):
    if _name(path) in CATALOGUES:
        return
    size = len(path.read_text(encoding="utf-8").splitlines())
    assert size <= MODULE_MAX, f"{_name(path)}: {size} lines (at most {MODULE_MAX})"


def test_the_measure_counts_decorators_bodies_and_nested_functions():
    """A decorated function of 5 lines (its decorator counted), a nested one of 2; 81 lines
    are one too many."""
    source = "@d\ndef f(x):\n    def g():\n        return 1\n    return g\n\n\ny = 1\n"
    assert sorted(function_sizes(source)) == [("f", 1, 5), ("g", 3, 2)]
    body = "\n".join(["def f():"] + ["    x = 1"] * 80)
    assert function_sizes(body) == [("f", 1, 81)]
