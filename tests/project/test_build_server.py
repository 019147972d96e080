"""build.py: its static server (a browser hanging up is not an error), the page's Python
it ships, and the preloads of the menu's chain.

RULES.md: none (the build and its server)
"""

from __future__ import annotations

import ast
import json
import re
from pathlib import Path

import pytest

import build


def _report(server, exc: BaseException, capsys) -> str:
    try:
        raise exc
    except BaseException:
        server.handle_error(None, ("127.0.0.1", 1))
    return capsys.readouterr().err


def test_a_client_hanging_up_is_quiet_and_other_errors_are_not(tmp_path, capsys):
    server = build.make_server(0, tmp_path)
    try:
        assert _report(server, BrokenPipeError(32, "Broken pipe"), capsys) == ""
        assert _report(server, ConnectionResetError(104, "reset"), capsys) == ""
        assert "ValueError" in _report(server, ValueError("a real fault"), capsys)
    finally:
        server.server_close()


def _without_docstrings(tree):
    """The AST with every docstring's text emptied (what shrink_python may change)."""
    import ast

    for node in ast.walk(tree):
        body = getattr(node, "body", None)
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)) \
                and body and isinstance(body[0], ast.Expr) \
                and isinstance(body[0].value, ast.Constant) and isinstance(body[0].value.value, str):
            body[0].value.value = ""
    return ast.dump(tree)


def test_the_pages_python_is_shrunk_without_changing_its_code_or_its_lines():
    """dist/ carries web/'s modules without comments or docstring text (bytes every visitor
    downloads and MicroPython compiles for nothing), each statement on its line."""
    import ast
    import io
    import tokenize

    saved = 0
    for path in sorted((build.WEB).rglob("*.py")):
        source = path.read_text(encoding="utf-8")
        shrunk = build.shrink_python(source)
        assert len(shrunk.splitlines()) == len(source.splitlines()), path
        assert _without_docstrings(ast.parse(shrunk)) == _without_docstrings(ast.parse(source))
        for a, b in zip(ast.walk(ast.parse(source)), ast.walk(ast.parse(shrunk)), strict=True):
            assert getattr(a, "lineno", None) == getattr(b, "lineno", None), (path, a)
        kinds = [t.type for t in tokenize.generate_tokens(io.StringIO(shrunk).readline)]
        assert tokenize.COMMENT not in kinds, path
        saved += len(source.encode()) - len(shrunk.encode())
    assert saved > 30_000
    text = 'def f(x):  # a comment\n    """Doc\n    more."""\n    return "# not a comment"\n'
    assert build.shrink_python(text) == 'def f(x):\n    """\n"""\n    return "# not a comment"\n'


def _as_json(value):
    """`value` as JSON gives it back (tuples become lists)."""
    return json.loads(json.dumps(value))


def test_the_word_catalogues_ship_as_json_text_with_the_same_words():
    """dist/ carries each language's catalogue as one JSON text (MicroPython reads it in a
    quarter of the time it compiles the dict literals: a long task before the menu), and
    that module gives the very tables of web/page/i18n_<lang>.py."""
    from tools.buildkit import CATALOGUE_TABLES, catalogue_module

    for lang in build.page_module("i18n").LANGS:
        words = build.page_module(f"i18n_{lang}")
        tables = {name: getattr(words, name) for name in CATALOGUE_TABLES}
        text = catalogue_module(tables, f"i18n_{lang}.py")
        namespace: dict = {}
        exec(compile(text, f"i18n_{lang}.py", "exec"), namespace)  # noqa: S102 - our own text
        for name in CATALOGUE_TABLES:
            assert namespace[name] == _as_json(tables[name]), (lang, name)
        assert "_T" not in namespace
        assert len(text.splitlines()) < 20  # one string, not 600 entries to compile
    english = build.page_module("i18n_en")
    assert english.PLURAL["game.tiles"] == ("{n} tile", "{n} tiles")


def _menu_and_table_modules() -> tuple[set[str], set[str]]:
    html = (build.WEB / "index.html").read_text(encoding="utf-8")
    config = json.loads(re.search(r'<script type="mpy" [^>]*config=\'([^\']+)\'', html).group(1))
    menu = {Path(name).stem for name in config["files"]}
    tree = ast.parse((build.WEB / "page" / "app.py").read_text(encoding="utf-8"))
    table = next(ast.literal_eval(node.value) for node in tree.body if isinstance(node, ast.Assign)
                 and getattr(node.targets[0], "id", "") == "TABLE_MODULES")
    return menu, set(table)


def test_every_module_of_the_page_is_fetched_once_either_before_the_menu_or_after():
    """The menu's modules are PyScript's `files` (fetched before main.py runs), the table's
    are fetched by app.py once the menu works: each of web/page's modules is in one list
    (but lessonplan, which the lesson screen fetches on the first lesson)."""
    menu, table = _menu_and_table_modules()
    modules = {p.stem for p in (build.WEB / "page").glob("*.py")} - {"main", "lessonplan"}
    assert menu & table == set()
    assert menu | table == modules
    # What main.py imports before the menu is all fetched before it runs.
    main = (build.WEB / "page" / "main.py").read_text(encoding="utf-8")
    assert set(re.findall(r"^import (\w+)", main, re.M)) - {"asyncio"} <= menu


def test_no_menu_module_imports_a_table_module_before_it_is_fetched() -> None:
    """A module of the menu runs before the table's modules are fetched (`load_table_modules`):
    importing one of those at its top level fails the page's start ("no module named
    'table_frame'" when app.py imported it so); they are imported inside the function that
    uses them, once `S["table_ready"]`."""
    menu, table = _menu_and_table_modules()
    for name in sorted(menu):
        tree = ast.parse((build.WEB / "page" / f"{name}.py").read_text(encoding="utf-8"))
        top = set()
        for node in tree.body:
            if isinstance(node, ast.Import):
                top |= {alias.name for alias in node.names}
            elif isinstance(node, ast.ImportFrom) and node.module:
                top.add(node.module)
        assert top & table == set(), f"{name}.py imports {sorted(top & table)} at its top level"


def test_preloads_name_the_menus_chain(tmp_path):
    """dist/index.html preloads PyScript's core chunk and plugins (read from its core),
    MicroPython and the menu's modules, in place of the marker line."""
    (tmp_path / "pyscript").mkdir()
    (tmp_path / "pyscript" / "core.js").write_text('export{a as b}from"./core-AB12.js";')
    plugins = ",".join(f'"{n}":()=>import("./{n}-X9.js")' for n in build.PYSCRIPT_PLUGINS)
    (tmp_path / "pyscript" / "core-AB12.js").write_text("const p={" + plugins + "};")
    html = (build.WEB / "index.html").read_text(encoding="utf-8")
    (tmp_path / "index.html").write_text(html)
    build.write_preloads(tmp_path)
    out = (tmp_path / "index.html").read_text()
    assert build.PRELOAD_MARKER not in out
    assert '<link rel="modulepreload" href="./pyscript/core-AB12.js">' in out
    assert '<link rel="modulepreload" href="./pyscript/error-X9.js">' in out
    # The plugins the page turns off are neither preloaded nor run (W-121).
    assert all(f"./pyscript/{n}-" not in out for n in ("py-editor", "py-terminal", "donkey"))
    assert '<link rel="preload" href="./micropython/micropython.wasm" as="fetch" crossorigin>' in out
    menu, _ = _menu_and_table_modules()
    for name in menu | {"main"}:
        assert f'<link rel="preload" href="./page/{name}.py" as="fetch" crossorigin>' in out
    assert '<link rel="preload" href="./variants.json" as="fetch" crossorigin>' in out
    # PyScript's core.js is preloaded, not a script of the page: boot.js imports it, so it
    # is evaluated in a task of its own after the parser's (DECISIONS W-146).
    assert out.index('<link rel="modulepreload" href="./pyscript/core.js">') \
        < out.index("./pyscript/core-AB12.js")
    assert '<script type="module" src="./pyscript/core.js">' not in out
    assert 'import("./pyscript/core.js")' in (build.WEB / "boot.js").read_text(encoding="utf-8")
    # A config that leaves a plugin on that the site does not use stops the build.
    for config in (html.index("config='"), html.index("<py-config")):
        left_on = html[:config] + html[config:].replace('"!py-editor", ', "", 1)
        (tmp_path / "index.html").write_text(left_on)
        with pytest.raises(build.BuildError):
            build.write_preloads(tmp_path)
    # A PyScript whose chunks are not where they were stops the build instead of preloading
    # nothing.
    (tmp_path / "index.html").write_text(html)
    (tmp_path / "pyscript" / "core-AB12.js").write_text("const p={};")
    with pytest.raises(build.BuildError):
        build.write_preloads(tmp_path)


def test_the_app_is_named_and_described_in_each_language(tmp_path):
    """One web app manifest per language of the page: the installed app's name and
    description are the catalogue's, and nothing else differs from web/'s manifest."""
    build.write_manifests(tmp_path)
    base = json.loads((build.WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    names = {}
    for lang in ("vi", "en", "ru"):
        manifest = json.loads((tmp_path / f"manifest.{lang}.webmanifest").read_text("utf-8"))
        assert manifest["lang"] == lang
        assert {k: v for k, v in manifest.items() if k not in ("name", "short_name",
                                                                "description", "lang")} \
            == {k: v for k, v in base.items() if k not in ("name", "short_name", "description",
                                                          "lang")}
        names[lang] = (manifest["name"], manifest["description"])
    assert names["ru"][0] == "Домино"
    assert "không cần mạng" in names["vi"][1]
    assert names["en"][1] == base["description"]


def test_only_the_pyscript_chunks_the_site_uses_are_copied(tmp_path):
    """PyScript's core, the plugins the page runs, what they import statically and the
    Pyodide package loader; not the chunks of features the site never uses (the plugins it
    turns off, terminal, editor, TOML, zip)."""
    (tmp_path / "core.js").write_text('export{a as b}from"./core-AB12.js";')
    plugins = ",".join(f'"{n}":()=>import("./{n}-X9.js")' for n in build.PYSCRIPT_PLUGINS)
    (tmp_path / "core-AB12.js").write_text(
        "const p={" + plugins + '};import("./pyodide_graph-Q1.js");import("./zip-Z1.js");'
        'import("./codemirror-C1.js")')
    for name in build.PYSCRIPT_PLUGINS:
        (tmp_path / f"{name}-X9.js").write_text('import{x}from"./core-AB12.js";')
    (tmp_path / "py-terminal-X9.js").write_text(
        'import{x}from"./error-X9.js";import"./xterm-T1.js";import("./xterm-T2.js")')
    (tmp_path / "error-X9.js").write_text('import{x}from"./core-AB12.js";import"./shared-S1.js"')
    for name in ("pyodide_graph-Q1.js", "zip-Z1.js", "codemirror-C1.js", "xterm-T1.js",
                 "shared-S1.js", "core.css"):
        (tmp_path / name).write_text("")
    needed = build.pyscript_files(tmp_path)
    assert needed == {"core.js", "core.css", "core-AB12.js", "pyodide_graph-Q1.js",
                      "shared-S1.js", "error-X9.js"}
    # A chunk that is imported but missing stops the build.
    (tmp_path / "shared-S1.js").unlink()
    with pytest.raises(build.BuildError):
        build.pyscript_files(tmp_path)
    # So does a core that no longer loads Pyodide's packages where it did.
    (tmp_path / "shared-S1.js").write_text("")
    (tmp_path / "core-AB12.js").write_text("const p={" + plugins + "};")
    with pytest.raises(build.BuildError):
        build.pyscript_files(tmp_path)


def test_every_screen_of_the_page_is_a_section_of_its_own_in_main():
    """Each screen (`section.screen`) sits directly in `<main>` and every element is closed:
    a screen left open would hide every screen after it inside itself."""
    from html.parser import HTMLParser

    class Screens(HTMLParser):
        def __init__(self):
            super().__init__()
            self.stack = []
            self.screens = []
            self.unclosed = []

        def handle_starttag(self, tag, attrs):
            if tag in ("input", "img", "br", "meta", "link", "source", "hr"):
                return
            found = dict(attrs)
            if tag == "section" and "screen" in (found.get("class") or "").split():
                self.screens.append((found.get("id"), [t for t, _ in self.stack]))
            self.stack.append((tag, found.get("id")))

        def handle_endtag(self, tag):
            while self.stack and self.stack[-1][0] != tag:
                self.unclosed.append(self.stack.pop())
            if self.stack:
                self.stack.pop()

    parser = Screens()
    parser.feed((build.WEB / "index.html").read_text(encoding="utf-8"))
    assert parser.unclosed == []
    assert {"menu", "game", "history", "review", "stats"} <= {s for s, _ in parser.screens}
    for screen, parents in parser.screens:
        assert parents[-1] == "main", (screen, parents)
