"""Tests, browser tests and benchmarks import the installed engine: none edits the import path.

The engine is the installed package ``domino`` (``build.py setup`` runs ``pip install -e``);
the few modules that are plain files (web/page's pure modules, the repo root's build.py) reach
the tests through pytest's ``pythonpath`` setting in pyproject.toml, and the benchmarks
through ``benchmarks/source_modules.py``. An edit of the path list inside a script would let
a test pass against a different copy of the engine than the one installed, so this test reads
every Python file under tests/, e2e/ and benchmarks/, and build.py (which takes the variants
answer from a child interpreter started in engine/), and fails on:

* code that touches ``sys.path`` (any use of the attribute, ``from sys import path``) or calls
  ``site.addsitedir``;
* code that hands a child process an import path (an environment key named PYTHONPATH).

String literals are read too, since a program held as text (``python -c``) can edit its
own path. One such program is not this interpreter's business: tests/web/test_sound.py and
tests/web/test_motion.py run web/page modules under MicroPython (node and its WebAssembly
build), and their programs put the virtual file system's ``/ui`` directory on MicroPython's
own path. Inside string literals exactly that statement, ``sys.path.append("/ui")``, is
allowed, and no other statement that edits a path; prose that names the path list is fine.

RULES.md: none (import paths)
"""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
FOLDERS = ("tests", "e2e", "benchmarks")
# This file itself is left out: its examples below are path edits held as text, on purpose.
FILES = sorted([p for folder in FOLDERS for p in (ROOT / folder).rglob("*.py")
                if p != Path(__file__).resolve()] + [ROOT / "build.py"])
CHILD_PATH_VARIABLE = "PYTHONPATH"
# In a string literal (a program run by some interpreter): a statement that edits its path
# list, as opposed to prose that names it.
PATH_EDIT_IN_TEXT = re.compile(
    r"\bsys\s*\.\s*path\s*(\.\s*(insert|append|extend|remove|pop|clear)\s*\(|\[[^\]]*\]\s*=(?!=)"
    r"|\+=|=(?!=))")
# The one statement a MicroPython program here may contain: the virtual file system's /ui.
MICROPYTHON_UI = re.compile(r'\bsys\.path\.append\("/ui"\)')


def path_edits(source: str) -> list[str]:
    """Each place in ``source`` that edits an import path, as 'line N: what'."""
    found = []
    for node in ast.walk(ast.parse(source)):
        line = getattr(node, "lineno", "?")
        if (isinstance(node, ast.Attribute) and node.attr == "path"
                and isinstance(node.value, ast.Name) and node.value.id == "sys"):
            found.append(f"line {line}: sys.path")
        elif isinstance(node, ast.ImportFrom) and node.module == "sys" and any(
                alias.name == "path" for alias in node.names):
            found.append(f"line {line}: from sys import path")
        elif (isinstance(node, ast.Attribute) and node.attr == "addsitedir"
              and isinstance(node.value, ast.Name) and node.value.id == "site"):
            found.append(f"line {line}: site.addsitedir")
        elif isinstance(node, ast.Constant) and node.value == CHILD_PATH_VARIABLE:
            found.append(f"line {line}: {CHILD_PATH_VARIABLE} for a child process")
        elif isinstance(node, ast.keyword) and node.arg == CHILD_PATH_VARIABLE:
            found.append(f"line {line}: {CHILD_PATH_VARIABLE}= for a child process")
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            text = MICROPYTHON_UI.sub("", node.value)
            if PATH_EDIT_IN_TEXT.search(text):
                found.append(f"line {line}: a path edit in a program held as text")
    return list(dict.fromkeys(found))


def test_the_folders_hold_python_files():
    names = {p.relative_to(ROOT).as_posix() for p in FILES}
    assert "tests/conftest.py" in names and "e2e/conftest.py" in names
    assert "benchmarks/engine_vs_peers.py" in names


@pytest.mark.parametrize("path", FILES, ids=[p.relative_to(ROOT).as_posix() for p in FILES])
def test_no_script_edits_the_import_path(path):
    edits = path_edits(path.read_text(encoding="utf-8"))
    assert not edits, f"{path.relative_to(ROOT)} edits the import path: {edits}"


@pytest.mark.parametrize("source", [
    "import sys\nsys.path.insert(0, 'engine')\n",
    "import sys\nif 'x' not in sys.path:\n    pass\n",
    "from sys import path\npath.append('engine')\n",
    "import site\nsite.addsitedir('engine')\n",
    "import os\nenv = dict(os.environ)\nenv['PYTHONPATH'] = 'engine'\n",
    "import subprocess\nsubprocess.run(['x'], env={'PYTHONPATH': 'engine'})\n",
    "import os\nenv = dict(os.environ, PYTHONPATH='engine')\n",
    "import subprocess, sys\nsubprocess.run([sys.executable, '-c', 'import sys; sys.path[:0] = [\"e\"]'])\n",
    "program = 'import sys\\nsys.path.insert(0, \"/ui\")\\n'\n",
    "program = 'import sys\\nsys.path.append(\"/ui\")\\nsys.path.append(\"/engine\")\\n'\n",
])
def test_every_kind_of_path_edit_is_found(source):
    assert path_edits(source)


@pytest.mark.parametrize("source", [
    "program = 'import sys\\nsys.path.append(\"/ui\")\\nimport motion\\n'\n",
    "import sys\nprint(sys.executable, sys.argv)\n",
    "text = 'the import path (sys.path) is left alone'\n",
    "import os\nenv = dict(os.environ, PYTHONHASHSEED='0')\n",
])
def test_what_is_not_a_path_edit_passes(source):
    assert path_edits(source) == []


BENCHMARKS = sorted((ROOT / "benchmarks").glob("*.py"))


@pytest.mark.parametrize("path", BENCHMARKS, ids=[p.name for p in BENCHMARKS])
def test_each_benchmark_starts_from_another_folder(path, tmp_path):
    """``python benchmarks/X.py --help`` works with another working directory.

    Benchmarks run nowhere in CI, so an import that only works from the repo root (build.py's
    ``tools.buildkit`` loaded by file, as happened once) would go unseen until someone measures.
    ``--help`` imports everything a benchmark imports at its top and then stops.
    """
    import subprocess
    import sys

    done = subprocess.run([sys.executable, str(path), "--help"], cwd=tmp_path,
                          capture_output=True, text=True, timeout=120)
    assert done.returncode == 0, done.stderr[-2000:]
