"""The build itself (no browser): reproducible wheel, only the needed runtime files (of
PyScript only the chunks the site uses), and a
service worker that precaches every file of dist/."""

import hashlib
import json
import re
import zipfile
from pathlib import Path

import build


def test_wheel_is_pure_and_reproducible(tmp_path):
    first = build.build_wheel(tmp_path / "a")
    second = build.build_wheel(tmp_path / "b")
    assert first.name.endswith("-py3-none-any.whl")
    assert first.read_bytes() == second.read_bytes()
    names = zipfile.ZipFile(first).namelist()
    assert "domino/session/__init__.py" in names and "domino/match/match.py" in names
    assert not any("__pycache__" in n or n.endswith(".pyc") for n in names)


def test_dist_holds_what_the_page_needs_and_the_service_worker_lists_it():
    build.build_if_needed()
    dist = build.DIST
    manifest = json.loads((dist / "build-manifest.json").read_text())
    wheel = dist / manifest["wheel"]
    assert wheel.is_file()
    assert hashlib.sha256(wheel.read_bytes()).hexdigest() == manifest["wheel_sha256"]
    versions = manifest["versions"]
    assert (versions["pyodide"], versions["pyscript"], versions["micropython"]) == (
        "314.0.7", "0.7.31", "1.28.0-6")
    assert sorted(p.name for p in (dist / "pyodide").iterdir()) == sorted(build.PYODIDE_FILES)
    assert sorted(p.name for p in (dist / "micropython").iterdir()) == sorted(
        build.MICROPYTHON_FILES)
    assert not list((dist / "pyscript").glob("*.map"))
    # Only the PyScript chunks the site uses: no terminal, editor, TOML or zip chunks; and,
    # where the build had mpy-cross, PyScript's own package as bytecode (W-96).
    pack = {Path(build.PYSCRIPT_MPY).name} if manifest["pyscript_bytecode"] else set()
    assert {p.name for p in (dist / "pyscript").iterdir()} == build.pyscript_files(
        build.NODE_MODULES / "@pyscript" / "core" / "dist") | pack
    assert not [p for p in (dist / "pyscript").iterdir()
                if p.name.startswith(("xterm", "codemirror", "toml", "zip"))]
    sw = (dist / "sw.js").read_text()
    cache = re.search(r'const CACHE = "(domino-[0-9a-f]{16})";', sw)
    assert cache, "the cache name was not filled in"
    precache = json.loads(re.search(r"const PRECACHE = (\[.*?\]);", sw, re.S).group(1))
    files = ["./" + f for f in build.site_files(dist) if f != "sw.js"]
    assert sorted(precache) == sorted(["./"] + files)
    # The page's modules are precached once each: bytecode where the build made it
    # (DECISIONS W-84), never both it and the source.
    page = [f for f in precache if f.startswith("./page/")]
    stems = [f.rsplit(".", 1)[0] for f in page]
    assert len(stems) == len(set(stems))
    if manifest["page_bytecode"]:
        assert [f for f in page if f.endswith(".py")] == ["./page/main.py"]
        assert build.mpy_cross()[0] is not None
    else:
        assert not [f for f in page if f.endswith(".mpy")]
        assert build.mpy_cross()[0] is None, "mpy-cross is there: the page should be bytecode"
    variants = json.loads((dist / "variants.json").read_text())
    assert variants["type"] == "variants" and len(variants["variants"]) == 9
    # The tests' devDependencies (axe-core) stay out of the site.
    assert not [f for f in build.site_files(dist) if "axe" in f.lower()]
    assert b"axe.run" not in b"".join(
        (dist / f).read_bytes() for f in build.site_files(dist) if f.endswith((".js", ".html")))


def test_the_pins_are_those_of_package_json():
    package = json.loads((build.ROOT / "package.json").read_text())
    assert package["dependencies"] == build.PINNED
    assert package["devDependencies"] == build.DEV_PINNED
    lock = json.loads((build.ROOT / "package-lock.json").read_text())
    for name, version in build.DEV_PINNED.items():
        entry = lock["packages"]["node_modules/" + name]
        assert entry["version"] == version and entry["dev"] is True


def test_a_changed_file_changes_the_cache_name(tmp_path):
    import shutil

    build.build_if_needed()
    copy = tmp_path / "dist"
    shutil.copytree(build.DIST, copy)
    before = build.write_service_worker(copy)
    assert build.write_service_worker(copy) == before
    (copy / "app.css").write_text((copy / "app.css").read_text() + "\n")
    assert build.write_service_worker(copy) != before


def test_serve_uses_the_right_content_types():
    import threading
    import urllib.request

    build.build_if_needed()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    try:
        expected = {
            "pyodide/pyodide.asm.wasm": "application/wasm",
            "micropython/micropython.mjs": "text/javascript",
            "manifest.webmanifest": "application/manifest+json",
            "index.html": "text/html; charset=utf-8",
        }
        for path, mime in expected.items():
            with urllib.request.urlopen(base + path) as response:
                assert response.headers["Content-Type"] == mime, path
                assert response.headers["Cache-Control"] == "no-cache"
    finally:
        server.shutdown()
        server.server_close()


def test_the_standard_modules_pyodide_starts_with_are_compiled_ahead():
    """dist's python_stdlib.zip is Pyodide's own with the modules imported before the engine
    is ready as unchecked hash-based .pyc (build.precompile) instead of .py; nothing else
    differs, and the build says which modules it compiled."""
    build.build_if_needed()
    shipped = zipfile.ZipFile(build.DIST / "pyodide" / "python_stdlib.zip")
    original = zipfile.ZipFile(build.NODE_MODULES / "pyodide" / "python_stdlib.zip")
    compiled = {n[:-1] for n in shipped.namelist() if n.endswith(".pyc")}
    for name in ("asyncio/base_events.py", "json/decoder.py", "typing.py", "dataclasses.py",
                 "inspect.py", "pyodide/webloop.py", "pyodide/_package_loader.py"):
        assert name in compiled, name
    assert 100 < len(compiled) < 250
    # Frozen into the interpreter: never read from the zip, so not compiled.
    assert "importlib/_bootstrap.py" not in compiled
    assert sorted(n for n in shipped.namelist() if not n.endswith(".pyc")) == sorted(
        n for n in original.namelist() if n not in compiled)
    for name in original.namelist():
        if name not in compiled:
            assert shipped.read(name) == original.read(name), name
            continue
        pyc = shipped.read(name + "c")
        # PEP 552: flags 0b01, a hash-based .pyc whose source is never checked; then the
        # hash of the very source it was compiled from (importlib.util.source_hash differs
        # by interpreter version, so only its presence is checked here).
        assert int.from_bytes(pyc[4:8], "little") == 0b01, name
        assert len(pyc) > 16
    # The whole zip grows by about a quarter at most (the bytes of a first visit).
    grown = (build.DIST / "pyodide" / "python_stdlib.zip").stat().st_size
    assert grown < 1.35 * (build.NODE_MODULES / "pyodide" / "python_stdlib.zip").stat().st_size
