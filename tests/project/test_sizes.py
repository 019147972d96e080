"""No function of the engine runs past 80 lines and no module past 700 (issue 23): a reader
takes in a function at once and a module in one sitting. Only data catalogues may be longer,
and they are named here with the reason.

A function's lines are counted from its first decorator (or ``def``) to its last line, nested
functions counted in their outer function too, and each nested one checked on its own.

RULES.md: none (the engine's code size)
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

PACKAGE = Path(__file__).resolve().parents[2] / "engine" / "domino"
MAX_FUNCTION_LINES = 80
MAX_MODULE_LINES = 700
# Data catalogues, which may be longer than a module: each with why it is one.
CATALOGUES = {
    # The nine variants as data (RULES.md 2-3): the Ruleset's fields, its named tables
    # (leads, settlements, standings), the built-in rulesets and their options.
    "rules/ruleset.py",
}
MODULES = sorted(PACKAGE.rglob("*.py"))


def long_functions(source: str, limit: int) -> list[tuple[str, int, int]]:
    """(name, first line, lines) of every function of ``source`` longer than ``limit``."""
    out = []
    for node in ast.walk(ast.parse(source)):
        if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef)):
            first = min([node.lineno] + [d.lineno for d in node.decorator_list])
            assert node.end_lineno is not None
            lines = node.end_lineno - first + 1
            if lines > limit:
                out.append((node.name, first, lines))
    return out


def module_lines(source: str) -> int:
    return len(source.splitlines())


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_function_over_80_lines(path: Path):
    found = long_functions(path.read_text(encoding="utf-8"), MAX_FUNCTION_LINES)
    assert found == [], f"{path.relative_to(PACKAGE)}: functions over {MAX_FUNCTION_LINES} " \
                        f"lines (name, line, lines): {found}"


@pytest.mark.parametrize("path", MODULES, ids=lambda p: str(p.relative_to(PACKAGE)))
def test_no_module_over_700_lines(path: Path):
    name = path.relative_to(PACKAGE).as_posix()
    if name in CATALOGUES:
        return
    lines = module_lines(path.read_text(encoding="utf-8"))
    assert lines <= MAX_MODULE_LINES, f"{name}: {lines} lines (at most {MAX_MODULE_LINES})"


def test_the_catalogues_exist_and_the_counters_see_what_they_must():
    for name in CATALOGUES:
        assert (PACKAGE / name).is_file(), name
    body = "\n".join(["def f():"] + ["    x = 1"] * 80)
    assert long_functions(body, MAX_FUNCTION_LINES) == [("f", 1, 81)]
    nested = "def outer():\n    @staticmethod\n    def inner():\n" + "        y = 2\n" * 79
    assert long_functions(nested, MAX_FUNCTION_LINES) == [("outer", 1, 82), ("inner", 2, 81)]
    assert long_functions("def g():\n    return 1\n", MAX_FUNCTION_LINES) == []
    assert module_lines("a = 1\n" * 701) == 701
