"""This repository's modules that are not installed packages, loaded from their files.

The engine is the installed package ``domino`` (``build.py setup`` installs the project
editable), so benchmarks import it like any other package. Two things they use are plain
files instead: the repo root's ``build.py`` (the static server and the build) and the pure
modules of ``web/page`` (the page's own code, such as ``deeplink.parse_deep_link``). This module
loads those by path and registers them under their usual names, so that a benchmark run as
``python benchmarks/X.py`` from anywhere needs no change to the import path. A ``web/page``
module that imports a sibling (``textfmt`` imports ``i18n``) is loaded after that sibling.
"""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path
from types import ModuleType

ROOT = Path(__file__).resolve().parents[1]


def load(relative: str) -> ModuleType:
    """The module in file ``relative`` (to the repo root), imported once under its stem."""
    path = ROOT / relative
    name = path.stem
    if name in sys.modules and getattr(sys.modules[name], "__file__", None) == str(path):
        return sys.modules[name]
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module  # before running it: dataclasses and pickling look it up
    spec.loader.exec_module(module)
    return module


def _tools_package() -> None:
    """Register the repo root's ``tools`` package, which build.py imports ``tools.buildkit`` from.

    Run as a script, build.py finds ``tools`` because its own folder is on the path; loaded from
    its file here it would not, so the package is registered by path the same way.
    """
    init = ROOT / "tools" / "__init__.py"
    known = sys.modules.get("tools")
    if known is not None and getattr(known, "__file__", None) == str(init):
        return
    spec = importlib.util.spec_from_file_location(
        "tools", init, submodule_search_locations=[str(init.parent)]
    )
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {init}")
    module = importlib.util.module_from_spec(spec)
    sys.modules["tools"] = module
    spec.loader.exec_module(module)


def build() -> ModuleType:
    """The repo root's build.py (with the ``tools`` package it imports)."""
    _tools_package()
    return load("build.py")


def web_ui(*names: str) -> list[ModuleType]:
    """web/page modules, loaded in the order given (a module's siblings first)."""
    return [load(f"web/page/{name}.py") for name in names]
