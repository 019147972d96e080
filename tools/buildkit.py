"""The build's self-contained steps (build.py imports them): the app's icons drawn as PNG
files, the npm ES modules a page script imports copied into `dist/vendor/` with their
imports rewritten, so that the site loads them from its own origin with no bundler, and the
page's word catalogues written as JSON text (`catalogue_module`).
Standard library only; build.py passes the paths.
"""

from __future__ import annotations

import contextlib
import json
import os
import re
import shutil
import struct
import zlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any


class BuildError(RuntimeError):
    """A build step failed; the message says which and why."""


# --------------------------------------------------------------------------- catalogues

# The tables of a language's module of the page's catalogue (web/page/i18n_<lang>.py).
CATALOGUE_TABLES = ("MESSAGES", "PLURAL", "VARIANTS", "OPTIONS", "CHOICES")


def catalogue_module(tables: dict[str, Any], source_name: str) -> str:
    """The page's module for one language, as dist/ carries it: its tables (`tables`, each
    of CATALOGUE_TABLES, as the source module defines them) read from one JSON text.

    MicroPython compiles the source's 600 dict entries in 50-70 ms on the main thread (a
    long task before the menu is usable); it reads the same tables from a JSON string in a
    quarter of that. Tuples become lists, which the catalogue's readers (i18n.py) only
    index."""
    text = json.dumps({name: tables[name] for name in CATALOGUE_TABLES},
                      ensure_ascii=False, separators=(",", ":"), sort_keys=True)
    lines = [f"# Built from web/page/{source_name} by build.py: its tables as JSON text.",
             "import json", "", f"_T = json.loads({text!r})"]
    lines += [f'{name} = _T["{name}"]' for name in CATALOGUE_TABLES]
    lines += ["del _T", ""]
    return "\n".join(lines)


# --------------------------------------------------------------------------- icons


def png_bytes(width: int, height: int, rgba: bytearray) -> bytes:
    """Encode raw RGBA pixels (row-major) as a PNG file."""

    def chunk(kind: bytes, data: bytes) -> bytes:
        return (struct.pack(">I", len(data)) + kind + data
                + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF))

    stride = width * 4
    raw = b"".join(b"\x00" + bytes(rgba[y * stride:(y + 1) * stride]) for y in range(height))
    header = struct.pack(">IIBBBBB", width, height, 8, 6, 0, 0, 0)
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", header)
            + chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b""))


def draw_icon(size: int, maskable: bool) -> bytes:
    """Draw the app icon: an ivory 5|3 domino tile on the table-green background.

    A maskable icon keeps the tile inside the central safe zone (80%) and fills the corners;
    the plain icon has rounded corners of its own.
    """
    green, ivory, ink = (22, 101, 52, 255), (250, 246, 234, 255), (28, 25, 23, 255)
    pixels = bytearray(size * size * 4)
    radius = 0 if maskable else size * 0.18

    def inside_round_rect(x: float, y: float, x0: float, y0: float, x1: float, y1: float,
                          r: float) -> bool:
        if not (x0 <= x <= x1 and y0 <= y <= y1):
            return False
        cx = min(max(x, x0 + r), x1 - r)
        cy = min(max(y, y0 + r), y1 - r)
        return (x - cx) ** 2 + (y - cy) ** 2 <= r * r

    scale = 0.62 if maskable else 0.74
    tile_h = size * scale
    tile_w = tile_h / 2
    tx0, ty0 = (size - tile_w) / 2, (size - tile_h) / 2
    tx1, ty1 = tx0 + tile_w, ty0 + tile_h
    tile_r = tile_w * 0.12
    pip_r = tile_w * 0.09
    half = tile_h / 2
    # Pip centres as fractions of one half (x, y): a five on top, a three below.
    five = [(0.25, 0.25), (0.75, 0.25), (0.5, 0.5), (0.25, 0.75), (0.75, 0.75)]
    three = [(0.25, 0.25), (0.5, 0.5), (0.75, 0.75)]
    pips = [(tx0 + fx * tile_w, ty0 + fy * half) for fx, fy in five]
    pips += [(tx0 + fx * tile_w, ty0 + half + fy * half) for fx, fy in three]
    line_w = max(2.0, size / 96)
    for y in range(size):
        py = y + 0.5
        for x in range(size):
            px = x + 0.5
            colour = (0, 0, 0, 0)
            if inside_round_rect(px, py, 0, 0, size, size, radius):
                colour = green
            if inside_round_rect(px, py, tx0, ty0, tx1, ty1, tile_r):
                colour = ivory
                if abs(py - (ty0 + half)) <= line_w / 2 and tx0 + tile_w * 0.12 < px < tx1 - tile_w * 0.12:
                    colour = ink
                else:
                    for cx, cy in pips:
                        if (px - cx) ** 2 + (py - cy) ** 2 <= pip_r * pip_r:
                            colour = ink
                            break
            offset = (y * size + x) * 4
            pixels[offset:offset + 4] = bytes(colour)
    return png_bytes(size, size, pixels)


# --------------------------------------------------------------------------- npm modules


# An ES module's static imports and re-exports (`import ... from "x"`, `import "x"`,
# `export ... from "x"`), each a statement that starts a line (minified modules start with
# theirs): the words "import" and "from" inside a comment or a string are not matched.
IMPORT_SPECIFIER = re.compile(
    r"""^(\s*(?:import|export)\b[^"'`;]*?\bfrom\s*|\s*import\s*)(["'])([^"'\s]+)\2""", re.M)
# A dynamic import of a fixed name, which the rewriting does not follow: refused.
DYNAMIC_IMPORT = re.compile(r"""\bimport\s*\(\s*["']""")


def package_module(specifier: str, node_modules: Path) -> tuple[str, Path]:
    """The npm package of a bare specifier (`lean-qr`, `@scope/name/sub`) and the file of
    node_modules its browser ES module is: the `exports` entry for the subpath (its `import`,
    `browser` or `default` condition), else `module`, else `main`. BuildError when missing."""
    parts = specifier.split("/")
    size = 2 if specifier.startswith("@") else 1
    name, sub = "/".join(parts[:size]), "/".join(parts[size:])
    root = node_modules / name
    manifest = root / "package.json"
    if not manifest.is_file():
        raise BuildError(f"{specifier}: the npm package {name} is not installed")
    meta = json.loads(manifest.read_text(encoding="utf-8"))
    target = None
    exports = meta.get("exports")
    if isinstance(exports, str) and not sub:
        target = exports
    elif isinstance(exports, dict):
        entry = exports.get("./" + sub if sub else ".")
        while isinstance(entry, dict):
            entry = next((entry[c] for c in ("import", "browser", "default") if c in entry), None)
        target = entry
    if target is None and not sub:
        target = meta.get("module") or meta.get("main")
    if not isinstance(target, str) or not (root / target).is_file():
        raise BuildError(f"{specifier}: no ES module found in {name}'s package.json")
    return name, (root / target).resolve()


def vendor_modules(dist: Path, entries: tuple[str, ...], node_modules: Path) -> list[str]:
    """Copy into `dist/vendor/` every npm module of `node_modules` the `entries` of `dist` reach, with
    each bare import rewritten to the relative path of its copy (and source map comments
    dropped: the maps are not shipped). Returns the copied files, relative to `dist`.

    A module of a package lands at `vendor/<package>/<its path in the package>`, so the
    package's own relative imports keep working; a relative import to a missing file fails
    the build, and so does a bare specifier that no installed package provides."""
    copied: dict[Path, Path] = {}  # node_modules file -> its copy in dist

    def rewrite(path: Path, package_root: Path | None) -> None:
        text = path.read_text(encoding="utf-8")

        def replace(match: re.Match[str]) -> str:
            spec = match.group(3)
            if spec.startswith(("./", "../")):
                if package_root is not None:
                    source = (node_source[path].parent / spec).resolve()
                    if not source.is_file():
                        raise BuildError(f"{path}: imports {spec}, which is missing")
                    visit(source, package_root)
                return match.group(0)
            if "://" in spec or spec.startswith("/"):
                raise BuildError(f"{path}: imports {spec} from another origin or an absolute path")
            name, source = package_module(spec, node_modules)
            target = visit(source, (node_modules / name).resolve())
            rel = os.path.relpath(target, path.parent).replace(os.sep, "/")
            rel = rel if rel.startswith(".") else "./" + rel
            return match.group(1) + match.group(2) + rel + match.group(2)

        if DYNAMIC_IMPORT.search(text):
            raise BuildError(f"{path}: a dynamic import(), which vendor_modules does not follow")
        text = IMPORT_SPECIFIER.sub(replace, text)
        text = re.sub(r"^//# sourceMappingURL=.*$", "", text, flags=re.M)
        path.write_text(text, encoding="utf-8")

    node_source: dict[Path, Path] = {}  # a copy in dist -> its node_modules file

    def visit(source: Path, package_root: Path) -> Path:
        if source in copied:
            return copied[source]
        package = package_root.relative_to(node_modules.resolve()).as_posix()
        target = dist / "vendor" / package / source.relative_to(package_root)
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(source, target)
        copied[source] = target
        node_source[target] = source
        rewrite(target, package_root)
        return target

    for entry in entries:
        path = dist / entry
        if not path.is_file():
            raise BuildError(f"web/{entry} is missing")
        rewrite(path, None)
    return sorted(p.relative_to(dist).as_posix() for p in copied.values())


@contextlib.contextmanager
def build_lock(dist: Path) -> Iterator[None]:
    """Hold an exclusive lock on the file `<dist>.lock` beside `dist` (gitignored) while
    inside, so that processes building or checking `dist` at once (the browser tests'
    pytest-xdist workers, each serving it) do it one at a time and none serves a folder
    another is rebuilding. Where `fcntl` is missing (Windows) there is no lock."""
    try:
        import fcntl
    except ImportError:
        yield
        return
    dist.parent.mkdir(parents=True, exist_ok=True)
    with open(dist.parent / (dist.name + ".lock"), "w") as handle:
        fcntl.flock(handle, fcntl.LOCK_EX)
        try:
            yield
        finally:
            fcntl.flock(handle, fcntl.LOCK_UN)
