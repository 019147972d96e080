"""Runs inside Pyodide at build time (tools/pyodide_compile.mjs, called by build.py
`precompile`): compiles ahead the standard modules Pyodide would otherwise compile from
source on every cold load.

Pyodide's standard library (`python_stdlib.zip`, imported through zipimport) holds only `.py`
files, so a visitor's Pyodide compiles every standard module it imports while it starts (about
150 of them before the engine worker can answer). This program, run by the page's own
interpreter after it started and installed the engine wheel through its package loader (as on
the page), with `/job/job.json`:

- `imports`: the modules imported here next: what the worker (and PyScript's package) import
  before its `ready` answer;
- `stdlib_out`: written as the same zip with the `.py` file of every standard module then
  loaded replaced by its `.pyc` (zipimport loads a sourceless `.pyc` where it finds no
  source; the other modules stay sources, so that the zip grows by about a quarter only);
- `report`: the list of the modules compiled.

Every `.pyc` is an unchecked hash-based one (PEP 552): used as it is, with no source to check.
A traceback through one of them names its file and line without quoting the line.
"""

import importlib
import importlib.util
import json
import sys
import zipfile
from importlib._bootstrap_external import _code_to_hash_pyc

JOB = "/job/"
STDLIB = "/lib/python{}{}.zip".format(*sys.version_info[:2])

job = json.loads(open(JOB + "job.json", encoding="utf-8").read())
for name in job["imports"]:
    importlib.import_module(name)

# The standard modules imported so far from the zip, as its entries (a module frozen into
# the interpreter, such as importlib._bootstrap, names the zip too but is never read from it).
prefix = STDLIB + "/"
loaded = sorted({module.__file__[len(prefix):] for module in list(sys.modules.values())
                 if (getattr(module, "__file__", None) or "").startswith(prefix)
                 and module.__file__.endswith(".py")
                 and type(getattr(module, "__loader__", None)).__name__ == "zipimporter"})
wanted = set(loaded)

with zipfile.ZipFile(STDLIB) as source, \
        zipfile.ZipFile(JOB + job["stdlib_out"], "w", zipfile.ZIP_DEFLATED,
                        compresslevel=9) as out:
    for info in source.infolist():
        data = source.read(info)
        if info.filename in wanted:
            code = compile(data, prefix + info.filename, "exec", dont_inherit=True)
            data = bytes(_code_to_hash_pyc(code, importlib.util.source_hash(data), False))
            info = zipfile.ZipInfo(info.filename[:-3] + ".pyc", info.date_time)
        info.compress_type = zipfile.ZIP_DEFLATED
        out.writestr(info, data)

with open(JOB + job["report"], "w", encoding="utf-8") as report:
    json.dump({"stdlib_compiled": loaded, "magic": importlib.util.MAGIC_NUMBER.hex(),
               "version": sys.version.split()[0]}, report, indent=1)
