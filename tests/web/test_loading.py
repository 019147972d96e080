"""The page's modules compiled in parts (web/page/loading.py, DECISIONS W-82): every part of
every module the page compiles that way is a whole piece of Python, the parts make the
module, and each keeps its lines' numbers.

RULES.md: none (how the page loads its code)
"""

import ast
import importlib.util
import re

import build

_SPEC = importlib.util.spec_from_file_location("loading", build.WEB / "page" / "loading.py")
loading = importlib.util.module_from_spec(_SPEC)
_SPEC.loader.exec_module(loading)


def _part_sizes() -> list[int]:
    """The sizes app.py and main.py cut modules at."""
    return [int(re.search(r"^PART_CHARS = (\d+)", (build.WEB / "page" / name).read_text(
        encoding="utf-8"), re.M).group(1)) for name in ("app.py", "main.py")]


def _top_level(tree: ast.Module) -> list[tuple[str, int]]:
    return [(type(node).__name__ + ":" + getattr(node, "name", ""), node.lineno)
            for node in tree.body]


def test_every_page_module_cut_in_parts_is_the_same_module_line_for_line():
    for most in _part_sizes():
        _check_cut(most)


def _check_cut(most: int) -> None:
    cut = 0
    for path in sorted((build.WEB / "page").glob("*.py")):
        source = build.shrink_python(path.read_text(encoding="utf-8"))  # as dist/ ships it
        pieces = loading.parts(source, most)
        assert "\n".join(text for _, text in pieces) == source, path
        found = []
        for first, text in pieces:
            tree = ast.parse(loading.numbered(first, text), filename=path.name)  # whole Python
            found += _top_level(tree)
            assert first == 1 or len(text) < 2 * most or len(pieces) > 1
        assert found == _top_level(ast.parse(source)), path
        cut += len(pieces) > 1
    assert cut >= 10  # the large modules are cut


def test_a_cut_comes_before_a_definition_and_its_decorators_once_a_part_is_full():
    source = "A = 1\nB = 2\n\n@dec\n@dec2\ndef f():\n    return A\n\n\nclass C:\n    x = '''\ndef no\n'''\n"
    pieces = loading.parts(source, 8)
    assert [first for first, _ in pieces] == [1, 4, 10]
    assert pieces[1][1].startswith("@dec\n@dec2\ndef f():")
    assert loading.parts(source, 10_000) == [(1, source)]
    assert loading.numbered(3, "x = 1") == "\n\nx = 1"


def test_a_module_imported_in_parts_is_the_whole_module_and_its_file_stays_whole(
        tmp_path, monkeypatch):
    import asyncio
    import sys

    source = "A = 1\n\n\ndef f():\n    return A + g()\n\n\ndef g():\n    return 1 / 0\n"
    (tmp_path / "parted_mod.py").write_text(source)
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    monkeypatch.delitem(sys.modules, "parted_mod", raising=False)
    yields = []

    async def next_task():
        yields.append(1)

    spent = [0]
    module = asyncio.run(loading.import_in_parts("parted_mod", 10, next_task, spent))
    assert sys.modules["parted_mod"] is module and len(yields) == 1
    assert (tmp_path / "parted_mod.py").read_text() == source
    try:
        module.f()
    except ZeroDivisionError as exc:
        assert exc.__traceback__.tb_next.tb_next.tb_lineno == 9  # g's own line
    again = asyncio.run(loading.import_in_parts("parted_mod", 10, next_task, spent))
    assert again is module and len(yields) == 1
    del sys.modules["parted_mod"]
    # Small modules share a task: two of 6 characters each under a budget of 1,000.
    for small in ("small_a", "small_b"):
        (tmp_path / (small + ".py")).write_text("X = 1\n")
        monkeypatch.delitem(sys.modules, small, raising=False)
    spent = [0]
    for small in ("small_a", "small_b"):
        asyncio.run(loading.import_in_parts(small, 1000, next_task, spent))
        del sys.modules[small]
    assert len(yields) == 1 and spent == [12]
