"""build.py's static server: a browser hanging up is not reported as an error."""

from __future__ import annotations

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
