"""The engine worker compiles only what its first answers need before `ready` (web/worker/worker.py):
the review, the history and the statistics are compiled on their first use, or while the
worker is idle after `ready`.

The worker runs in Pyodide; here it runs in a child CPython with stand-ins for the two
browser modules it imports (`js`, `pyodide.ffi`) whose storage always fails, so that the
child's `sys.modules` says exactly what the worker imported, and when.

RULES.md: none (what the engine worker compiles, and when)
"""

import ast
import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web" / "worker"

# What must not be compiled before the worker's `ready` answer, nor for a first new match.
LATER = ("worker_history", "worker_review", "history", "reviewing", "match_stats", "domino.ai")
# What is compiled on its first use only, never while idle: the lessons are rare, and a
# friend's device comes only to a host.
ON_USE = ("worker_lesson", "lessoning", "worker_friends")

CHILD = r"""
import asyncio, json, random, sys, time, types

class Storage:
    def open(self, name, version):
        raise RuntimeError("no storage in this test")

js = types.ModuleType("js")
js.Function = types.SimpleNamespace(new=lambda *args: (lambda target, done: None))
js.indexedDB = Storage()
js.Date = types.SimpleNamespace(now=lambda: time.time() * 1000)
js.Math = types.SimpleNamespace(random=random.random)
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = lambda fn: types.SimpleNamespace(destroy=lambda: None, fn=fn)
pyodide = types.ModuleType("pyodide")
pyodide.ffi = ffi
sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi})

LATER = %s
IDLE = %s

def loaded():
    return sorted(name for name in LATER if name in sys.modules)

async def main():
    seen = {}
    import worker
    seen["import"] = loaded()
    ready = json.loads(await worker.handle(json.dumps({"type": "hello", "id": 1})))
    seen["ready"] = ready["type"], ready["save"]["ok"], ready["push"]
    seen["hello"] = loaded()
    state = json.loads(await worker.handle(json.dumps({
        "type": "new_match", "v": ready["protocol"], "id": 2, "variant": "draw",
        "options": {"players": 2}, "seats": ["human", "human"], "seed": 3})))
    seen["state"] = state["type"]
    seen["new_match"] = loaded()
    # Idle: the worker compiles the rest, one module per task, until it has compiled all of
    # them (or 30 s have passed); the lessons must still be left then.
    for _ in range(3000):
        if all(name in sys.modules for name in IDLE):
            break
        await asyncio.sleep(0.01)
    seen["idle"] = loaded()
    print(json.dumps(seen))

asyncio.run(main())
"""


def _run_child() -> dict:
    code = CHILD % (repr(LATER + ON_USE), repr(LATER))
    # `python -c` in web/ imports web/'s modules from there, and the engine installed.
    result = subprocess.run([sys.executable, "-c", code], cwd=WEB, capture_output=True,
                            text=True, timeout=120)
    assert result.returncode == 0, result.stderr
    return json.loads(result.stdout.strip().splitlines()[-1])


def test_review_history_and_statistics_are_compiled_only_after_ready():
    seen = _run_child()
    assert seen["ready"] == ["ready", False, True]  # the storage failed, and said so
    assert seen["state"] == "state"
    assert seen["import"] == []
    assert seen["hello"] == [], "compiled before the worker's `ready` answer"
    assert seen["new_match"] == [], "compiled for a first new match"
    # Idle after `ready`, the worker compiles them all (the AI too), one per task, but not
    # the lessons.
    assert seen["idle"] == sorted(LATER)


def _literal(path: Path, name: str) -> object:
    """The literal value assigned to `name` at the top level of `path`."""
    for node in ast.parse(path.read_text(encoding="utf-8")).body:
        if isinstance(node, ast.Assign) and any(
                isinstance(t, ast.Name) and t.id == name for t in node.targets):
            return ast.literal_eval(node.value)
    raise AssertionError(f"{path.name} has no {name}")


def _imported(path: Path) -> set[str]:
    """The names of the modules of web/ that `path` imports (anywhere in it)."""
    names = set()
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module and node.level == 0:
            names.add(node.module)
    return {name for name in names if (WEB / f"{name}.py").is_file()}


def test_every_module_the_worker_reaches_is_in_its_files_and_compiled_while_idle():
    lazy = _literal(WEB / "worker.py", "LAZY_INTENTS")
    idle = _literal(WEB / "worker.py", "IDLE_COMPILE")
    files = _literal(WEB.parent / "page" / "link.py", "WORKER_FILES")
    reached = set()
    todo = ["worker", *set(lazy.values())]
    while todo:
        name = todo.pop()
        if name in reached:
            continue
        reached.add(name)
        todo += sorted(_imported(WEB / f"{name}.py"))
    reached.discard("worker")  # the worker's own script, PyScript's `src`
    assert sorted(reached) == sorted(name.removesuffix(".py") for name in files), \
        "the worker's `files` (web/page/link.py)"
    # Everything but its storage and saves (needed for `ready`) is compiled later: while
    # idle, or (the lessons) on first use.
    before_ready = {"worker_db", "save_log", "worker_saves"}
    assert sorted(idle) == sorted(reached - before_ready - set(ON_USE))
    assert set(ON_USE) <= reached
    for module in set(lazy.values()):
        assert _literal(WEB / f"{module}.py", "INTENTS") == tuple(
            kind for kind, owner in lazy.items() if owner == module)
