// The engine worker's start from a Pyodide memory snapshot made on this device (DECISIONS W-61):
// a plain module worker, started by the page's web/engine_boot.js (never by PyScript, which
// passes Pyodide no `_loadSnapshot`), in one of two modes given by the page's first message:
//
// - `make` (a hidden worker, once per build, while the page is idle): Pyodide from the site's
//   own dist/pyodide with `_makeSnapshot`, the wheel unpacked into site-packages (not through
//   `loadPackage`, which leaves a JavaScript object in Python's reference table that
//   `makeMemorySnapshot` refuses), the worker's modules written where PyScript's `files`
//   writes them, the imports of web/worker/worker.py made (`IMPORTS` below), then the heap
//   posted back as a Blob for the page to store. The worker then has nothing more to do.
// - `restore` (the engine itself): `loadPyodide({_loadSnapshot})` with that Blob, the wheel
//   and the worker's modules written again (the file system is not part of a snapshot),
//   Python's `random` reseeded from `crypto.getRandomValues` (the heap holds the state it had
//   when the snapshot was made), then web/worker/worker.py run as PyScript runs it. worker.py
//   takes the page's messages from this worker's own `onmessage` and posts its envelopes with
//   `postMessage` (`self.dominoChannel`, the plain worker's end of the one channel), so the
//   page talks to it exactly as to PyScript's worker.
//
// Messages to the page: `{kind: "made", blob, bytes, ms}`, `{kind: "booted", ms}`, or
// `{kind: "failed", error}`; none of them is an engine envelope (no `text`), so the page's
// channel (boot.js `engine.receive`) ignores them.
const indexURL = new URL("../pyodide/", import.meta.url).href;

// What the snapshot holds of the worker, run in Python after the worker's files are written:
// worker.py's top-level imports (the ones PyScript's start makes before `ready`), except the
// worker's own modules that import `js`: worker_db makes JavaScript functions at import time,
// which a snapshot cannot carry (they are neither reachable from globalThis by a path nor
// data), and worker_saves imports it. Those are compiled after the restore, as before.
const IMPORTS = `
def _snapshot_imports(source):
    import ast
    import importlib
    import os
    import re

    imports_js = re.compile(r"^\\s*(import\\s+js\\s*$|from\\s+js\\s+import\\b)", re.M)
    for node in ast.parse(source).body:
        if isinstance(node, ast.Import):
            names = [alias.name for alias in node.names]
        elif isinstance(node, ast.ImportFrom) and node.level == 0:
            names = [node.module]
        else:
            continue
        for name in names:
            path = name.split(".")[0] + ".py"
            if os.path.isfile(path):
                with open(path, encoding="utf-8") as file:
                    if imports_js.search(file.read()):
                        continue
            importlib.import_module(name)
`;

// The page's job: the wheel's URL, the worker's files ({url: path}), worker.py's URL.
async function fetchJob(job) {
  const get = async (url, kind) => {
    const response = await fetch(url);
    if (!response.ok) throw new Error(`${url}: ${response.status}`);
    return kind === "text" ? response.text() : new Uint8Array(await response.arrayBuffer());
  };
  const [wheel, main, files] = await Promise.all([
    get(job.wheel, "bytes"),
    get(job.main, "text"),
    Promise.all(Object.entries(job.files).map(async ([url, path]) => [path, await get(url, "bytes")])),
  ]);
  return { wheel, main, files };
}

// The wheel into site-packages and the worker's modules into the working folder, where
// PyScript's `files` puts them (paths relative to it).
function install(pyodide, got) {
  pyodide.unpackArchive(got.wheel, "wheel");
  for (const [path, bytes] of got.files) pyodide.FS.writeFile(path, bytes);
}

async function make(job) {
  const started = performance.now();
  const got = fetchJob(job);
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL, _makeSnapshot: true });
  const files = await got;
  install(pyodide, files);
  pyodide.runPython(IMPORTS);
  const imports = pyodide.globals.get("_snapshot_imports");
  imports(files.main);
  imports.destroy();
  pyodide.runPython("del _snapshot_imports");
  const heap = pyodide.makeMemorySnapshot();
  const blob = new Blob([heap]);
  self.postMessage({ kind: "made", blob, bytes: heap.length, ms: Math.round(performance.now() - started),
                     pyodide: pyodide.version });
}

async function restore(job) {
  const started = performance.now();
  const got = fetchJob(job);
  const heap = job.snapshot.arrayBuffer();
  const { loadPyodide } = await import(indexURL + "pyodide.mjs");
  const pyodide = await loadPyodide({ indexURL, _loadSnapshot: heap });
  const files = await got;
  install(pyodide, files);
  // Every device's snapshot, and every load of it, would otherwise continue the one stream
  // saved in the heap (the engine seeds its own generators, DESIGN.md; this is for anything
  // that draws on the module's).
  const seed = Array.from(crypto.getRandomValues(new Uint8Array(32)),
                          (b) => b.toString(16).padStart(2, "0")).join("");
  pyodide.runPython(`import random\nrandom.seed(int("${seed}", 16))\ndel random`);
  self.dominoChannel = self;
  await pyodide.runPythonAsync(files.main, { filename: "worker.py" });
  self.postMessage({ kind: "booted", ms: Math.round(performance.now() - started) });
}

self.addEventListener("message", (event) => {
  const job = event.data;
  const run = job && job.mode === "make" ? make : restore;
  run(job).catch((error) => {
    self.postMessage({ kind: "failed", error: String(error && error.stack || error).slice(0, 2000) });
  });
}, { once: true });
