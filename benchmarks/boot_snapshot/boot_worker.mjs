// Issue 23's boot experiment, run side: a plain module worker that starts Pyodide itself
// (not PyScript's worker), for benchmarks/boot_snapshot.py only; the site never loads it.
//
// `?mode=bare`: loadPyodide, the engine wheel through Pyodide's package loader (as PyScript
// loads it), then the imports the site's worker makes before `ready` (imports.json).
// `?mode=snapshot`: loadPyodide({_loadSnapshot}) with the heap make_snapshot.mjs saved after
// those imports; the wheel's files are unpacked again (the snapshot holds no file system),
// and Python's `random` is reseeded from crypto.getRandomValues unless `&reseed=0`.
// Either way the worker then answers `hello` with `ready` and posts its timings.
import { loadPyodide } from "../pyodide/pyodide.mjs";

const params = new URL(self.location.href).searchParams;
const mode = params.get("mode");
const reseed = params.get("reseed") !== "0";
const wheelURL = new URL(`../wheels/${params.get("wheel")}`, self.location.href).href;
const indexURL = new URL("../pyodide/", self.location.href).href;
const marks = { start: performance.now() };

const SETUP = `
import json
import random

from domino.master import LOCAL, Master
from domino.session import Session

_session = Session(ai_time_limit=2.5)
_master = Master(_session)
_master.join("page", LOCAL)


def handle(text):
    data = json.loads(text)
    if data.get("type") == "new_match" and "seed" not in data:
        # A deal the worker chooses draws on Python's module random: the stream a memory
        # snapshot freezes at build time unless it is reseeded after the restore.
        data["seed"] = random.randrange(1, 1_000_001)
    return _session.handle(json.dumps(data))
`;

let pyodide;
if (mode === "snapshot") {
  const snapshot = fetch("snapshot.bin").then((r) => r.arrayBuffer());
  const wheel = fetch(wheelURL).then((r) => r.arrayBuffer());
  pyodide = await loadPyodide({ indexURL, _loadSnapshot: snapshot });
  marks.pyodide = performance.now();
  pyodide.unpackArchive(new Uint8Array(await wheel), "wheel");
  if (reseed) {
    const bytes = crypto.getRandomValues(new Uint8Array(32));
    const hex = Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
    pyodide.runPython(`import random\nrandom.seed(int("${hex}", 16))`);
  }
} else {
  const imports = fetch("imports.json").then((r) => r.json());
  pyodide = await loadPyodide({ indexURL });
  marks.pyodide = performance.now();
  await pyodide.loadPackage(wheelURL);
  const names = await imports;
  pyodide.runPython(`import importlib\nfor name in ${JSON.stringify(names)}:\n    importlib.import_module(name)`);
}
marks.imported = performance.now();
pyodide.runPython(SETUP);
const handle = pyodide.globals.get("handle");
const hello = handle(JSON.stringify({ type: "hello", id: 0 }));
marks.ready = performance.now();
self.onmessage = (event) => self.postMessage({ kind: "answer", text: handle(event.data) });
self.postMessage({ kind: "ready", text: hello, marks });
