"""The page's and the worker's Python stays in pieces one can read (issue 23): no function of
web/page or web/worker over 80 lines, no module over 700 lines, but the catalogues.

A function's lines run from its first decorator (or its `def`) to its last line, docstring and
nested functions included. The catalogues (the page's words in each language) are data, one
key a line, and grow with every sentence: they are named here, and must exist.

RULES.md: none (the project's code size)
"""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = (ROOT / "web" / "page", ROOT / "web" / "worker")
FUNCTION_MAX = 80
MODULE_MAX = 700
CATALOGUES = {"i18n_en.py", "i18n_ru.py", "i18n_vi.py"}


def _modules() -> list[Path]:
    return sorted(p for folder in FOLDERS for p in folder.glob("*.py"))


def function_sizes(source: str) -> list[tuple[str, int, int]]:
    """(name, first line, number of lines) of every function in `source`, nested ones too."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            out.append((node.name, first, node.end_lineno - first + 1))
    return out


def test_the_catalogues_left_out_are_the_page_catalogues():
    page = {p.name for p in (ROOT / "web" / "page").glob("i18n_*.py")}
    assert page == CATALOGUES


def test_no_function_over_80_lines():
    found = []
    for path in _modules():
        for name, line, size in function_sizes(path.read_text(encoding="utf-8")):
            if size > FUNCTION_MAX:
                found.append(f"{path.relative_to(ROOT)}:{line} {name}: {size} lines")
    assert found == []


def test_no_module_over_700_lines_but_the_catalogues():
    found = []
    for path in _modules():
        if path.name in CATALOGUES:
            continue
        size = len(path.read_text(encoding="utf-8").splitlines())
        if size > MODULE_MAX:
            found.append(f"{path.relative_to(ROOT)}: {size} lines")
    assert found == []


def test_the_measure_counts_decorators_bodies_and_nested_functions():
    """The measure itself: a decorated function of 5 lines (its decorator counted), a nested
    one of 2."""
    source = "@d\ndef f(x):\n    def g():\n        return 1\n    return g\n\n\ny = 1\n"
    assert sorted(function_sizes(source)) == [("f", 1, 5), ("g", 3, 2)]
