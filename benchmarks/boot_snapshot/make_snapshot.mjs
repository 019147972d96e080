// Issue 23's boot experiment, build side: a Pyodide memory snapshot taken after the engine
// worker's imports, by the very Pyodide the site serves (dist/pyodide), under node.
//
// Usage: node make_snapshot.mjs <dist/pyodide folder> <engine wheel> <imports.json> <out.bin>
//
// `_makeSnapshot: true` and `pyodide.makeMemorySnapshot()` are Pyodide 314.0.x's private API
// (node_modules/pyodide/pyodide.mjs and pyodide.asm.mjs): the snapshot is the wasm heap plus
// the JavaScript references Python holds, and restores only into the same build (its
// BUILD_ID is checked). The file system is not in it: the standard library's zip is written
// again at every start, so the snapshot must come from the same python_stdlib.zip as the one
// served, and the wheel's files must be unpacked again after a restore (boot_worker.mjs).
import path from "node:path";
import { readFileSync, writeFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, wheel, importsFile, out] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({ indexURL: pyodideDir + path.sep, _makeSnapshot: true });
// The wheel unpacked straight into site-packages: `loadPackage` leaves a JavaScript object
// in Python's reference table that the snapshot cannot carry ("Unexpected hiwire entry").
pyodide.unpackArchive(new Uint8Array(readFileSync(wheel)), "wheel");
const imports = JSON.parse(readFileSync(importsFile, "utf8"));
// Only imports: no object that holds a JavaScript value may be alive at the snapshot (those
// are restored by their path from globalThis, and node's globals are not a worker's).
pyodide.runPython(`
import importlib
for name in ${JSON.stringify(imports)}:
    importlib.import_module(name)
`);
const snapshot = pyodide.makeMemorySnapshot();
writeFileSync(out, snapshot);
console.log(JSON.stringify({ bytes: snapshot.length, version: pyodide.version }));
