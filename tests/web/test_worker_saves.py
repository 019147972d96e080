"""The worker's saves (web/worker/worker.py "the save", web/worker/save_log.py): one save per match, written
move by move, offered after a reload unless another tab plays it, resumed where it was, and
kept in the history when a new match replaces it.

The worker runs in a child CPython with stand-ins for the browser: `js`, `pyodide.ffi`, and
an in-memory `worker_db` whose store and Web Locks a test sets (another tab's locks as held).
Each child is one page load; the store it leaves is the next load's.

RULES.md: none (how the worker keeps matches)
"""

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]
WEB = ROOT / "web" / "worker"

CHILD = r"""
import asyncio, json, random, sys, time, types

config = json.loads(sys.stdin.read())
store = {tuple(k.split("|", 1)): v for k, v in config["store"].items()}
held = set(config["held"])
writes = []

db = types.ModuleType("worker_db")
db.STORE, db.HISTORY, db.REVIEWS, db.ASIDE_KEY = "saves", "history", "reviews", "set_aside"
db.why = lambda exc: str(exc)
async def get(key, name="saves"):
    return store.get((name, key))
async def write(puts, deletes, name="saves"):
    writes.append([name, [k for k, _ in puts], list(deletes)])
    for key in deletes:
        store.pop((name, key), None)
    for key, text in puts:
        store[(name, key)] = text
async def items(name="saves", prefix=None):
    return sorted((k, v) for (n, k), v in store.items()
                  if n == name and (prefix is None or k.startswith(prefix)))
async def hold(name):
    if name in held:
        return None
    held.add(name)
    return lambda: held.discard(name)
async def held_names():
    return set(held)
db.get, db.write, db.items, db.hold, db.held = (
    get, write, items, hold, held_names)

js = types.ModuleType("js")
js.Function = types.SimpleNamespace(new=lambda *args: (lambda *a: None))
js.Date = types.SimpleNamespace(now=lambda: time.time() * 1000)
js.Math = types.SimpleNamespace(random=random.random)
ffi = types.ModuleType("pyodide.ffi")
ffi.create_proxy = lambda fn: fn
pyodide = types.ModuleType("pyodide")
pyodide.ffi = ffi
sys.modules.update({"js": js, "pyodide": pyodide, "pyodide.ffi": ffi, "worker_db": db})

async def main():
    import worker
    answers = []
    for step in config["script"]:
        if step == "settle":
            for _ in range(50):
                await asyncio.sleep(0.01)
            task = worker._run["task"]
            while task is not None and not task.done():
                await asyncio.sleep(0.01)
            await worker._settle_writes()
            continue
        message = dict(step)
        if message.get("state_id") == "last":
            message["state_id"] = worker._session.state_id
        if message.get("move") == "first":
            message["move"] = worker._session.state_for(worker._session.match.to_move)["moves"][0]["move"]
        text = await worker.handle(json.dumps(message))
        answers.append(json.loads(text))
    await worker._settle_writes()
    print("RESULT " + json.dumps({"answers": answers, "writes": writes, "held": sorted(held),
          "store": {n + "|" + k: v for (n, k), v in store.items()}}))

asyncio.run(main())
"""

NEW = {"type": "new_match", "v": 2, "variant": "draw", "options": {"players": 2},
       "seats": ["human", "ai:easy"], "seed": 4}
PLAY = {"type": "play", "v": 2, "state_id": "last", "move": "first"}


def load(store=None, held=(), script=()):
    """One page load of the worker: `script` (messages, or "settle") on `store`."""
    config = {"store": store or {}, "held": list(held),
              "script": [{"type": "hello", "id": 1}, *script]}
    done = subprocess.run([sys.executable, "-c", CHILD], cwd=WEB, input=json.dumps(config),
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    line = [x for x in done.stdout.splitlines() if x.startswith("RESULT ")][-1]
    return json.loads(line[len("RESULT "):])


def saves(store):
    return sorted(k.split("|", 1)[1] for k in store if k.startswith("saves|match:"))


def test_each_move_is_written_alone_and_a_reload_resumes_the_same_position():
    first = load(script=[NEW, "settle", PLAY, "settle", PLAY, "settle"])
    store = first["store"]
    assert len(saves(store)) == 1
    match_id = saves(store)[0].split(":", 1)[1]
    moves = [k for k in store if k.startswith(f"saves|move:{match_id}:")]
    assert len(moves) >= 3
    # After the first write, a write puts only new moves and the state row.
    for name, puts, _deletes in first["writes"][1:]:
        assert name == "saves"
        assert all(k.startswith(("move:", "state:")) for k in puts), puts
    # The next page load (the lock released: the tab was reloaded) offers it and resumes it.
    second = load(store=store, script=[{"type": "resume", "v": 2, "id": 2}])
    ready, resumed = second["answers"]
    assert ready["saved"]["variant"] == "draw"
    assert resumed["type"] == "state"
    # Every stored move, in order: the human's and the computer's replies after the last
    # answer (played by the worker, saved as they came).
    stored = [v for k, v in sorted(store.items()) if k.startswith(f"saves|move:{match_id}:")]
    assert [e[1] for e in resumed["view"]["history"]] == stored
    assert resumed["state_id"] > 0 and resumed["to_move_kind"] == "human"
    assert f"domino-match:{match_id}" in second["held"]


def test_a_save_another_tab_plays_is_not_offered_and_a_new_match_keeps_the_free_one():
    tab_a = load(script=[NEW, "settle", PLAY, "settle"])
    a_id = saves(tab_a["store"])[0].split(":", 1)[1]
    # Tab B opens while tab A plays (A's lock held): nothing is offered, and B's new match
    # gets its own rows beside A's.
    tab_b = load(store=tab_a["store"], held=[f"domino-match:{a_id}"],
                 script=[dict(NEW, variant="block"), "settle", PLAY, "settle"])
    assert tab_b["answers"][0]["saved"] is None
    assert len(saves(tab_b["store"])) == 2
    assert not [k for k in tab_b["store"] if k.startswith("history|")]
    # Tab A closed: a new tab is offered the newest free save (B's, as B is closed too) and,
    # starting a match of its own, keeps both in the history and deletes their rows.
    tab_c = load(store=tab_b["store"], script=[dict(NEW, variant="all_fives"), "settle"])
    assert tab_c["answers"][0]["saved"]["variant"] == "block"
    history = [json.loads(v) for k, v in tab_c["store"].items() if k.startswith("history|")]
    assert sorted(h["record"]["variant"] for h in history) == ["block", "draw"]
    assert len(saves(tab_c["store"])) == 1  # the new match's only


def test_a_save_of_the_earlier_builds_is_resumed_and_written_anew_in_rows():
    old = load(script=[NEW, "settle", PLAY, "settle"])
    match_id = saves(old["store"])[0].split(":", 1)[1]
    record = json.loads(old["store"][f"saves|match:{match_id}"])["record"]
    record["hands"][0]["moves"] = [v for k, v in sorted(old["store"].items())
                                   if k.startswith(f"saves|move:{match_id}:")]
    legacy = {"saves|match": json.dumps({"record": record, "seats": ["human", "ai:easy"],
                                         "summary": {"variant": "draw", "moves": 1,
                                                     "saved_at": 5}})}
    resumed = load(store=legacy, script=[{"type": "resume", "v": 2, "id": 2}, "settle"])
    assert resumed["answers"][1]["type"] == "state"
    assert [e[1] for e in resumed["answers"][1]["view"]["history"]][:len(
        record["hands"][0]["moves"])] == record["hands"][0]["moves"]
    assert "saves|match" not in resumed["store"]  # the old row, written anew
    assert len(saves(resumed["store"])) == 1


def match_ids(store):
    return [k.split(":", 1)[1] for k in saves(store)]


def test_continue_after_a_new_match_means_that_match_not_the_one_offered_before():
    first = load(script=[NEW, "settle", PLAY, "settle"])
    # Reloaded: the draw match is offered; a new block match replaces it (into the history),
    # is played, and the menu's Continue (no `save`) resumes the block match.
    second = load(store=first["store"], script=[
        dict(NEW, variant="block"), "settle", PLAY, "settle",
        {"type": "resume", "v": 2, "id": 9}])
    assert second["answers"][0]["saved"]["variant"] == "draw"
    resumed = second["answers"][-1]
    assert resumed["type"] == "state" and resumed["variant"] == "block", resumed


def test_every_match_kept_is_listed_and_resumed_or_discarded_by_its_id():
    first = load(script=[NEW, "settle", PLAY, "settle"])
    (draw_id,) = match_ids(first["store"])
    # A link's match started beside it (`keep_saved`): both are kept and listed, newest first.
    second = load(store=first["store"], script=[
        dict(NEW, variant="block", keep_saved=True), "settle", PLAY, "settle",
        {"type": "saves", "v": 2, "id": 5},
        {"type": "resume", "v": 2, "id": 6, "save": draw_id}, "settle",
        {"type": "saves", "v": 2, "id": 7}])
    ready = second["answers"][0]
    assert [s["id"] for s in ready["saves"]] == [draw_id]
    listed = second["answers"][3]
    assert listed["type"] == "saves"
    assert [s["summary"]["variant"] for s in listed["saves"]] == ["block", "draw"]
    assert [s["offered"] for s in listed["saves"]] == [True, False]
    resumed = second["answers"][4]
    assert resumed["type"] == "state" and resumed["variant"] == "draw", resumed
    after = second["answers"][5]["saves"]
    assert {s["summary"]["variant"]: s["offered"] for s in after} == {"draw": True,
                                                                      "block": False}
    assert len(saves(second["store"])) == 2
    block_id = next(s["id"] for s in after if s["summary"]["variant"] == "block")
    # Another tab plays the block match: it is neither listed nor discarded from here.
    third = load(store=second["store"], held=[f"domino-match:{block_id}"], script=[
        {"type": "forget_save", "v": 2, "id": 2, "save": block_id},
        {"type": "forget_save", "v": 2, "id": 3, "save": 12},
        {"type": "forget_save", "v": 2, "id": 4, "save": draw_id},
        {"type": "saves", "v": 2, "id": 5}])
    assert [s["id"] for s in third["answers"][0]["saves"]] == [draw_id]
    refused, bad, forgotten, listed = third["answers"][1:]
    assert refused["code"] == "no_save" and bad["code"] == "bad_message"
    assert forgotten["type"] == "forgotten" and listed["saves"] == []
    assert match_ids(third["store"]) == [block_id]


FRIENDS = {"type": "new_match", "v": 2, "variant": "draw", "options": {"players": 2},
           "seats": ["human", "human"], "seed": 4, "devices": {"g1": 1}}


def state_row(store):
    rows = [json.loads(v) for k, v in store.items() if k.startswith("saves|state:")]
    assert len(rows) == 1
    return rows[0]


def test_a_computer_standing_in_for_an_away_friend_survives_the_hosts_reload():
    """DECISIONS W-74: at a friends' table the host let a computer play its away friend's
    seat; the save keeps it, and the host's page reopening the table from the save (`resume`
    with the friends' seats held) gets it back: the computer plays that seat again at once,
    at its level, and the page is told which. The friend back in its seat is saved at once,
    with no move made (the save is written again for it alone)."""
    first = load(script=[FRIENDS, "settle",
                         {"type": "peer_stand_in", "v": 2, "id": 3, "seat": 1, "level": "easy"},
                         "settle"])
    assert first["answers"][2]["type"] == "stood_in"
    row = state_row(first["store"])
    assert row["version"] == 2 and row["stand_ins"] == {"1": "easy"}
    moved = len([k for k in first["store"] if k.startswith("saves|move:")])
    # The host's page reloads: its menu's Continue reopens the table.
    second = load(store=first["store"], script=[
        {"type": "resume", "v": 2, "id": 2, "devices": {"away-1": 1}}, "settle",
        PLAY, "settle"])
    resumed = second["answers"][1]
    assert resumed["type"] == "state" and resumed["stand_ins"] == {"1": "easy"}
    assert state_row(second["store"])["stand_ins"] == {"1": "easy"}
    stored = sorted(k for k in second["store"] if k.startswith("saves|move:"))
    # The host's move, then the computer's for the friend's seat (one at least).
    assert len(stored) >= moved + 2, (moved, stored)
    # The friend comes back: its seat is its own again, and the save says so.
    third = load(store=second["store"], script=[
        {"type": "resume", "v": 2, "id": 2, "devices": {"away-1": 1}}, "settle",
        {"type": "peer_leave", "v": 2, "id": 3, "device": "away-1"},
        {"type": "peer_join", "v": 2, "id": 4, "device": "g2", "seat": 1}, "settle"])
    assert third["answers"][1]["stand_ins"] == {"1": "easy"}
    assert state_row(third["store"])["stand_ins"] == {}


def test_a_plain_resume_and_an_earlier_save_have_no_stand_ins():
    """Resumed without the friends' seats held (a local match), nothing stands in: the page
    plays every human seat; a state row of the earlier builds (no version) resumes too."""
    first = load(script=[FRIENDS, "settle",
                         {"type": "peer_stand_in", "v": 2, "id": 3, "seat": 1, "level": "easy"},
                         "settle"])
    plain = load(store=first["store"], script=[{"type": "resume", "v": 2, "id": 2}])
    assert plain["answers"][1]["type"] == "state" and "stand_ins" not in plain["answers"][1]
    store = dict(first["store"])
    for key, value in store.items():
        if key.startswith("saves|state:"):
            row = json.loads(value)
            store[key] = json.dumps({"summary": row["summary"], "public": row["public"]})
    earlier = load(store=store, script=[
        {"type": "resume", "v": 2, "id": 2, "devices": {"away-1": 1}}])
    assert earlier["answers"][1]["type"] == "state"
    assert earlier["answers"][1]["stand_ins"] == {}


def test_a_states_save_names_its_match_and_a_resume_the_same():
    """W-147: each state's `save` names the match it is saved under (its history id), and a
    resume of the match after a reload names the same one, so the page knows a resumed match
    for the one whose table it drew last; another match is named otherwise."""
    first = load(script=[NEW, "settle", PLAY, "settle"])
    match_id = saves(first["store"])[0].split(":", 1)[1]
    named = {a["save"]["match"] for a in first["answers"] if a.get("type") == "state"}
    assert named == {match_id}
    second = load(store=first["store"], script=[{"type": "resume", "v": 2, "id": 2}])
    assert second["answers"][1]["save"]["match"] == match_id
    other = load(store=first["store"], script=[dict(NEW, variant="block")])
    assert other["answers"][1]["save"]["match"] not in ("", None, match_id)
