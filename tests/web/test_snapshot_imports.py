"""What the device's memory snapshot holds of the engine worker (web/worker/snapshot.mjs
`IMPORTS`, DECISIONS W-61): worker.py's top-level imports, except the worker's own modules
that import `js` (worker_db makes JavaScript functions at import time, which a snapshot cannot
carry, and worker_saves imports it).

The Python program held in snapshot.mjs runs here in a child CPython, in web/worker, with the
stand-ins of tests/workerkit.py for the browser modules.

RULES.md: none (the engine worker's start)
"""

import json
import re
import subprocess
import sys
from pathlib import Path

from workerkit import PRELUDE

WORKER = Path(__file__).resolve().parents[2] / "web" / "worker"


def snapshot_program() -> str:
    """The Python source of snapshot.mjs's `IMPORTS` (a JavaScript template literal)."""
    text = (WORKER / "snapshot.mjs").read_text(encoding="utf-8")
    found = re.search(r"const IMPORTS = `(.*?)`;", text, re.S)
    assert found, "snapshot.mjs has no IMPORTS"
    assert "${" not in found.group(1)
    return found.group(1).replace("\\\\", "\\")


def imported() -> list[str]:
    child = PRELUDE + snapshot_program() + r"""
before = set(sys.modules)
_snapshot_imports(open("worker.py", encoding="utf-8").read())
print(json.dumps(sorted(set(sys.modules) - before)))
"""
    result = subprocess.run([sys.executable, "-c", child], cwd=WORKER, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_the_snapshot_holds_the_workers_imports_but_the_ones_that_make_js_objects():
    modules = imported()
    assert {"save_log", "domino.master", "domino.session"} <= set(modules), modules
    assert "worker_db" not in modules and "worker_saves" not in modules, modules
    assert "worker" not in modules  # worker.py itself runs after the restore
