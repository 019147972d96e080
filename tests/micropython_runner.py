"""Running a program under the MicroPython the page runs: node and the pinned WebAssembly build
(node_modules/@micropython/micropython-webassembly-pyscript), for the tests of web/page's
modules that compare MicroPython's answers with CPython's.

`run_micropython` writes the program and a small node script into a scratch folder, copies
host files into MicroPython's virtual file system (which has the folders /ui and /work),
runs the program, copies files back out and returns node's finished process (its stdout
holds the program's prints). Tests that use it carry `@needs_micropython`: they are skipped
where node or the WebAssembly build is missing.
"""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
MICROPYTHON = ROOT / "node_modules" / "@micropython" / "micropython-webassembly-pyscript" \
    / "micropython.mjs"

needs_micropython = pytest.mark.skipif(
    shutil.which("node") is None or not MICROPYTHON.exists(),
    reason="node or the MicroPython WebAssembly build is missing")


def run_micropython(program: str, workdir: Path, files_in: dict | None = None,
                    files_out: dict | None = None, js_before: str = "", js_after: str = "",
                    heapsize: int | None = None,
                    timeout: float = 300) -> subprocess.CompletedProcess:
    """Run `program` (Python source) under MicroPython through node, in `workdir`.

    `files_in` maps a path of MicroPython's file system (under /ui or /work) to the host
    file copied there first; `files_out` maps a path of MicroPython's file system to the host
    file it is copied to after the program ran. `js_before` is JavaScript run before
    MicroPython is loaded (globals the program sees through `js`), `js_after` JavaScript run
    after the program, where `mp` is the interpreter; `heapsize` in bytes (default:
    the build's own). Returns the finished node process, text mode, stdout and stderr kept.
    """
    (workdir / "prog.py").write_text(program, encoding="utf-8")
    options = ""
    if heapsize is not None:
        options = "heapsize: " + str(heapsize) + ", "
    lines = [
        js_before,
        "const { loadMicroPython } = await import(" + json.dumps(MICROPYTHON.as_uri()) + ");",
        'const fs = await import("node:fs");',
        "const mp = await loadMicroPython({ " + options
        + 'stdout: (t) => process.stdout.write(t + "\\n"), '
        + 'stderr: (t) => process.stderr.write(t + "\\n") });',
        'mp.FS.mkdir("/ui"); mp.FS.mkdir("/work");',
    ]
    for inside, host in (files_in or {}).items():
        lines.append("mp.FS.writeFile(" + json.dumps(inside) + ", fs.readFileSync("
                     + json.dumps(str(host)) + "));")
    lines.append("mp.runPython(fs.readFileSync(" + json.dumps(str(workdir / "prog.py"))
                 + ', "utf8"));')
    lines.append(js_after)
    for inside, host in (files_out or {}).items():
        lines.append("fs.writeFileSync(" + json.dumps(str(host)) + ", mp.FS.readFile("
                     + json.dumps(inside) + "));")
    runner = workdir / "run.mjs"
    runner.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return subprocess.run(["node", str(runner)], capture_output=True, text=True,
                          timeout=timeout)
