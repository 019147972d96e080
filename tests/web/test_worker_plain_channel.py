"""The engine worker's channel in a plain module worker (web/worker/snapshot.mjs restores a
memory snapshot and runs web/worker/worker.py outside PyScript, DECISIONS W-61): with no
`polyscript` module the worker listens on the scope the plain worker names `dominoChannel`
(its own `onmessage` / `postMessage`) and posts the same envelopes as under PyScript; with
neither, nothing is wired.

The worker runs in a child CPython with the stand-ins of tests/workerkit.py, PyScript's
`polyscript` taken away.

RULES.md: none (the worker's channel)
"""

import json

from workerkit import PRELUDE, run_child

CHILD = PRELUDE + r"""
del sys.modules["polyscript"]  # not under PyScript: `from polyscript import xworker` fails
plain = sys.argv[1] == "plain"
if plain:
    js.dominoChannel = XWorker()

async def main():
    import worker
    wired = worker._out["post"] is not None
    if plain:
        js.dominoChannel.onmessage(types.SimpleNamespace(data=json.dumps({"type": "hello", "id": 7})))
        await settle()
        js.dominoChannel.onmessage(types.SimpleNamespace(data=json.dumps(
            {"type": "new_match", "v": 2, "id": 8, "variant": "draw", "options": {"players": 2},
             "seats": ["human", "human"]})))
        await settle()
    print(json.dumps({"wired": wired, "posted": posted}))

asyncio.run(main())
"""


def _run(mode: str) -> dict:
    return run_child(CHILD, mode)


def test_a_plain_worker_answers_on_its_own_channel_with_the_same_envelopes():
    seen = _run("plain")
    assert seen["wired"] is True
    answers = [e for e in seen["posted"] if e["kind"] == "answer"]
    assert [e["id"] for e in answers] == [7, 8]
    ready, state = (json.loads(e["text"]) for e in answers)
    assert ready["type"] == "ready" and ready["id"] == 7
    assert state["type"] == "state" and state["id"] == 8
    assert set(answers[0]) == {"kind", "id", "text"}


def test_without_pyscript_or_a_plain_channel_nothing_is_wired():
    seen = _run("none")
    assert seen == {"wired": False, "posted": []}
