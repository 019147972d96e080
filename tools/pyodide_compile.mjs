// Run tools/pyodide_compile.py inside Pyodide under node, at build time (build.py
// `precompile`): the bytecode a visitor's Pyodide would otherwise compile on every cold load
// is compiled once here, by the very same interpreter (node_modules/pyodide), so that its
// magic number and format are exactly those the page runs.
//
// Usage: node tools/pyodide_compile.mjs <node_modules/pyodide folder> <job folder>
// The job folder holds job.json (read by the Python side) and receives its outputs; it is
// mounted at /job inside Pyodide. Nothing is fetched: Pyodide and its standard library come
// from the given folder.
import path from "node:path";
import { readFileSync } from "node:fs";
import { pathToFileURL } from "node:url";

const [pyodideDir, jobDir] = process.argv.slice(2);
const { loadPyodide } = await import(pathToFileURL(path.join(pyodideDir, "pyodide.mjs")).href);
const pyodide = await loadPyodide({
  indexURL: pyodideDir + path.sep,
  // Sets and frozensets of strings are written in iteration order: a fixed hash seed keeps
  // two builds byte-identical.
  env: { PYTHONHASHSEED: "0" },
});
pyodide.FS.mkdirTree("/job");
pyodide.mountNodeFS("/job", path.resolve(jobDir));
const job = JSON.parse(readFileSync(path.join(jobDir, "job.json"), "utf8"));
// The engine wheel goes through Pyodide's own package loader, as on the page, so that the
// modules the loader imports count among those compiled.
if (job.wheel) await pyodide.loadPackage(pathToFileURL(path.resolve(jobDir, job.wheel)).href);
const program = readFileSync(new URL("./pyodide_compile.py", import.meta.url), "utf8");
pyodide.runPython(program, { filename: "pyodide_compile.py" });
