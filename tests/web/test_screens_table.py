"""The page's screens in one table (web/page/screens.py, issue 23): every screen's module and
the functions the page calls on it exist; no screen module imports another screen's module or
the app; no screen name is compared as a string outside the table; `show` tells the screen it
replaces and the page's adapter.

RULES.md: none (the page's screens)
"""

import ast
from pathlib import Path

import pytest
import screens

PAGE = Path(__file__).resolve().parents[2] / "web" / "page"
NAMES = set(screens.SCREENS)
# Comparisons with a word that is also a screen's name but is about something else: a worker
# answer's type, a deep link's parameter.
NOT_SCREENS = {("history_view.py", "answer.get('type') == 'history'"),
               ("deeplink.py", "'lesson' in params")}


def _tree(name: str) -> ast.Module:
    return ast.parse((PAGE / name).read_text(encoding="utf-8"))


def _imports(tree: ast.Module) -> set[str]:
    found = set()
    for node in ast.walk(tree):  # lazy imports inside functions count too
        if isinstance(node, ast.Import):
            found |= {alias.name.split(".")[0] for alias in node.names}
        elif isinstance(node, ast.ImportFrom) and node.module:
            found.add(node.module.split(".")[0])
    return found


def test_every_screen_module_has_the_functions_the_table_names():
    for name, row in screens.SCREENS.items():
        if row["module"] is None:
            assert row["calls"] == () and not row["own"], name
            continue
        defined = {node.name for node in _tree(row["module"] + ".py").body
                   if isinstance(node, (ast.FunctionDef, ast.AsyncFunctionDef))}
        missing = set(row["calls"]) - defined
        assert not missing, (name, missing)


def test_no_screen_imports_another_screen_or_the_app():
    modules = {row["module"] for row in screens.SCREENS.values() if row["module"]}
    for module in modules:
        wrong = _imports(_tree(module + ".py")) & ((modules - {module}) | {"app"})
        assert not wrong, (module, wrong)


def test_no_screen_name_is_compared_as_a_string_outside_the_table():
    found = []
    for path in sorted(PAGE.glob("*.py")):
        if path.name == "screens.py" or path.name.startswith("i18n"):
            continue
        for node in ast.walk(_tree(path.name)):
            if isinstance(node, ast.Subscript) and isinstance(node.slice, ast.Constant) \
                    and node.slice.value == "screen":
                found.append((path.name, ast.unparse(node)))
            if not isinstance(node, ast.Compare):
                continue
            parts = [node.left, *node.comparators]
            words = [p.value for p in parts if isinstance(p, ast.Constant)]
            words += [e.value for p in parts if isinstance(p, (ast.Tuple, ast.List))
                      for e in p.elts if isinstance(e, ast.Constant)]
            if set(words) & NAMES and (path.name, ast.unparse(node)) not in NOT_SCREENS:
                found.append((path.name, ast.unparse(node)))
    assert found == []


def test_show_tells_the_screen_it_replaces_and_the_adapter(monkeypatch):
    seen, left = [], []
    monkeypatch.setattr(screens, "_listeners", [lambda old, new: seen.append((old, new))])
    monkeypatch.setattr(screens, "_now", {"name": screens.MENU})
    monkeypatch.setattr(screens, "call", lambda name, fn, *a: left.append((name, fn)))
    screens.show(screens.GAME)
    screens.show(screens.GAME)
    screens.show(screens.HISTORY)
    assert seen == [(screens.MENU, screens.GAME), (screens.GAME, screens.GAME),
                    (screens.GAME, screens.HISTORY)]
    assert left == [(screens.MENU, "leave"), (screens.GAME, "leave")]
    assert screens.showing(screens.HISTORY) and screens.draws_itself()
    with pytest.raises(ValueError):
        screens.show("settings")


# The page's adapters to the browser: the only modules that import `pyscript` or `js`. `dom`
# is the DOM, the storage and the clock, `link` the worker's channel, `app` the wiring at boot,
# `sound` the audio, `main` the entry point (it yields to the browser between the parts it
# compiles, DECISIONS W-82, before `dom` itself is compiled). Every other module (every screen, the table's canvas, the saved match,
# the settings, the store, the words, the geometry) reaches the browser only through `dom`, so
# CPython imports it as it is (tests/web/test_page_fake_dom.py drives some with a fake `dom`).
ADAPTERS = {"dom", "link", "app", "sound", "main"}


def test_only_the_adapters_import_the_browser():
    touching = sorted(path.stem for path in PAGE.glob("*.py")
                      if _imports(_tree(path.name)) & {"pyscript", "js"})
    assert set(touching) <= ADAPTERS, sorted(set(touching) - ADAPTERS)
    screens_ = {row["module"] for row in screens.SCREENS.values() if row["module"]}
    assert not screens_ & set(touching)
