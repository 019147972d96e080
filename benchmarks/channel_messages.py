"""Messages, JSON encodes and bytes per human move between the page and the engine worker, and
bytes the worker writes to its storage per state, for the current tree and an earlier commit.

Each side's worker (`web/worker/worker.py`, `web/worker.py` before the web/ split) runs, with that commit's engine, in a child CPython with stand-ins
for the browser (`js`, `pyodide.ffi`, PyScript's `polyscript.xworker`, a BroadcastChannel for
the earlier design, and an in-memory `worker_db` that counts what is written). The child plays
`--hands` hands of one human seat (always its first legal move) against three `easy`
computers in 4-player draw, as the page would: `new_match`, then for each human decision one
`play`, then `next_hand`. Counted per human move: messages the page sends, messages the
worker sends (answers and pushed updates), `json.dumps` calls in the worker and the bytes
they produce, bytes posted to the page, and bytes written to storage. Deterministic (fixed
seeds): one run per side is enough.

    python benchmarks/channel_messages.py --base 45c29f1
"""

from __future__ import annotations

import argparse
import json
import shutil
import subprocess
import sys
import tarfile
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]

CHILD = r"""
import asyncio, json, random, sys, time, types

counts = {"dumps": 0, "dump_bytes": 0, "posted": 0, "posted_bytes": 0, "stored_bytes": 0,
          "writes": 0, "sent": 0}
_dumps = json.dumps
def dumps(*args, **kwargs):
    text = _dumps(*args, **kwargs)
    counts["dumps"] += 1
    counts["dump_bytes"] += len(text)
    return text
json.dumps = dumps

posted = []  # texts the worker sent the page, in order
class XWorker:
    onmessage = None
    def postMessage(self, envelope):
        posted.append(envelope["text"])
        counts["posted"] += 1
        counts["posted_bytes"] += len(envelope["text"])
class Channel:
    def __init__(self, name):
        pass
    def postMessage(self, text):
        posted.append(text)
        counts["posted"] += 1
        counts["posted_bytes"] += len(text)
    def close(self):
        pass

store = {}
db = types.ModuleType("worker_db")
db.STORE, db.HISTORY, db.REVIEWS, db.SAVE_KEY, db.ASIDE_KEY = "saves", "history", "reviews", "match", "set_aside"
db.why = lambda exc: str(exc)
async def get(key, name="saves"):
    return store.get((name, key))
async def write(puts, deletes, name="saves"):
    counts["writes"] += 1
    for key in deletes:
        store.pop((name, key), None)
    for key, text in puts:
        counts["stored_bytes"] += len(key) + len(text)
        store[(name, key)] = text
async def items(name="saves", prefix=None):
    return sorted((k, v) for (n, k), v in store.items()
                  if n == name and (prefix is None or k.startswith(prefix)))
async def hold(name):
    return lambda: None
async def held():
    return set()
db.get, db.write, db.items, db.hold, db.held = (
    get, write, items, hold, held)

js = types.ModuleType("js")
js.Function = types.SimpleNamespace(new=lambda *args: (lambda *a: None))
js.Date = types.SimpleNamespace(now=lambda: time.time() * 1000)
js.Math = types.SimpleNamespace(random=random.random)
js.Object = types.SimpleNamespace(fromEntries=dict)
js.BroadcastChannel = types.SimpleNamespace(new=Channel)
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = lambda fn: fn
ffi.to_js = lambda value, dict_converter=None: value
pyodide = types.ModuleType("pyodide")
pyodide.ffi = ffi
polyscript = types.ModuleType("polyscript")
polyscript.xworker = XWorker()
sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi,
                    "polyscript": polyscript, "worker_db": db})

HANDS = %d

async def main():
    import worker
    new_channel = hasattr(worker, "serve")
    ids = iter(range(1, 100000))

    async def ask(message):
        message["id"] = next(ids)
        counts["sent"] += 1
        if new_channel:
            before = len(posted)
            worker.xworker.onmessage(types.SimpleNamespace(data=_dumps(message)))
            for _ in range(2000):
                await asyncio.sleep(0)
                if any(json.loads(t).get("id") == message["id"] for t in posted[before:]):
                    break
            return [json.loads(t) for t in posted[before:] if json.loads(t).get("id") == message["id"]][0]
        text = await worker.handle(_dumps(message))
        posted.append(text)
        counts["posted"] += 1
        counts["posted_bytes"] += len(text)
        return json.loads(text)

    async def settle():
        for _ in range(3):
            await asyncio.sleep(0.01)
        task = worker._push["task"] if hasattr(worker, "_push") else worker._run["task"]
        while task is not None and not task.done():
            await asyncio.sleep(0.01)
        for _ in range(3):
            await asyncio.sleep(0.01)

    ready = await ask({"type": "hello", "channel": "bench", "pace_ms": 0})
    v = ready["protocol"]
    state = await ask({"type": "new_match", "v": v, "variant": "draw", "options": {"players": 4},
                       "seats": ["human", "ai:easy", "ai:easy", "ai:easy"], "seed": 5,
                       "pace_ms": 0})
    await settle()
    base = dict(counts)
    human_moves = 0
    hands = 0
    for _turn in range(2000):
        if hands >= HANDS:
            break
        state = [json.loads(t) for t in posted if json.loads(t).get("type") == "state"][-1]
        if state["hand_over"]:
            hands += 1
            if hands >= HANDS or state["match_over"]:
                break
            await ask({"type": "next_hand", "v": v, "state_id": state["state_id"], "pace_ms": 0})
            await settle()
            continue
        assert state["to_move_kind"] == "human", state["to_move_kind"]
        await ask({"type": "play", "v": v, "state_id": state["state_id"],
                   "move": state["moves"][0]["move"], "pace_ms": 0})
        human_moves += 1
        await settle()
    await worker._settle_writes()
    out = {k: counts[k] - base[k] for k in counts}
    out["human_moves"] = human_moves
    out["hands"] = hands
    print("RESULT " + _dumps(out))

asyncio.run(main())
"""


def tree_of(rev: str, into: Path) -> Path:
    """`web/` of commit `rev`, taken out with `git archive` into `into`, with that commit's
    engine package beside its modules (a child started there imports it before the one
    installed)."""
    archive = into / "tree.tar"
    with archive.open("wb") as out:
        subprocess.run(["git", "-C", str(ROOT), "archive", rev, "web", "engine"], stdout=out,
                       check=True)
    with tarfile.open(archive) as tar:
        tar.extractall(into, filter="data")
    shutil.move(str(into / "engine" / "domino"), str(worker_folder(into) / "domino"))
    return into


def worker_folder(tree: Path) -> Path:
    """Where `tree`'s worker modules are: web/worker/ since the web/ split (DECISIONS W-30),
    web/ before it."""
    split = tree / "web" / "worker"
    return split if (split / "worker.py").is_file() else tree / "web"


def measure(tree: Path, hands: int) -> dict:
    """Run the child in `tree`'s worker folder (the current tree's: with the installed
    engine)."""
    result = subprocess.run([sys.executable, "-c", CHILD % hands], cwd=worker_folder(tree),
                            capture_output=True, text=True, timeout=900)
    if result.returncode != 0:
        raise RuntimeError(result.stderr[-3000:])
    line = [x for x in result.stdout.splitlines() if x.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT "):])


def per_move(figures: dict) -> dict:
    moves = max(1, figures["human_moves"])
    keys = ("sent", "posted", "dumps", "dump_bytes", "posted_bytes", "stored_bytes", "writes")
    return {k: round(figures[k] / moves, 1) for k in keys}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--base", default=None, help="an earlier commit to compare with")
    parser.add_argument("--hands", type=int, default=3)
    args = parser.parse_args()
    rows = [("current tree", measure(ROOT, args.hands))]
    if args.base:
        with tempfile.TemporaryDirectory() as tmp:
            rows.insert(0, (args.base, measure(tree_of(args.base, Path(tmp)), args.hands)))
    for name, figures in rows:
        print(f"{name}: {figures['hands']} hands, {figures['human_moves']} human moves; "
              f"per human move: {json.dumps(per_move(figures))}")


if __name__ == "__main__":
    main()
