"""Stand-ins for the browser modules the engine worker (web/worker/worker.py) imports, for tests
that run it in a child CPython: `js` (no BroadcastChannel, no storage), `pyodide.ffi`, and
PyScript's `polyscript.xworker`, whose `postMessage` records every envelope in `posted`.

`PRELUDE` is Python source: a test's child program starts with it, then imports `worker` from
web/worker (its working folder) and sends the page's messages through `send`; `run_child`
runs such a program and returns what its last line printed.
"""

import json
import subprocess
import sys
from pathlib import Path

WORKER = Path(__file__).resolve().parents[1] / "web" / "worker"


def run_child(source: str, *args: str) -> dict:
    """Run the child program `source` (with `args`) in a CPython of its own, in web/worker;
    fail with its standard error unless it exits 0; the JSON object of its last printed line."""
    result = subprocess.run([sys.executable, "-c", source, *args], cwd=WORKER,
                            capture_output=True, text=True, timeout=300)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])

PRELUDE = r"""
import asyncio, json, random, sys, time, types

class Storage:
    def open(self, name, version):
        raise RuntimeError("no storage in this test")

posted = []

class XWorker:
    onmessage = None
    def postMessage(self, envelope):
        posted.append(dict(envelope))

js = types.ModuleType("js")
js.Function = types.SimpleNamespace(new=lambda *args: (lambda target, done: None))
js.indexedDB = Storage()
js.Date = types.SimpleNamespace(now=lambda: time.time() * 1000)
js.Math = types.SimpleNamespace(random=random.random)
js.Object = types.SimpleNamespace(fromEntries=dict)
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = lambda fn: fn
ffi.to_js = lambda value, dict_converter=None: value
pyodide = types.ModuleType("pyodide")
pyodide.ffi = ffi
polyscript = types.ModuleType("polyscript")
polyscript.xworker = XWorker()
sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi,
                    "polyscript": polyscript})

def send(message):
    polyscript.xworker.onmessage(types.SimpleNamespace(data=json.dumps(message)))

async def settle():
    for _ in range(400):
        await asyncio.sleep(0.005)
"""
