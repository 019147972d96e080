"""The page's link to the engine worker: start it, send intents, take its answers and
updates into the store (`accept`), and show the computers' moves at the speed setting.

One ordered path (boot.js `engine`, the worker's own postMessage): each message carries an
`id`, its answer echoes it, and the worker's updates (the computers' moves, a review's
progress) come on the same path in the order the worker made them. Every text the worker
posts reaches `on_text`, in that order; states and errors go into one queue (`_inbox`) that
`_pump` takes into the store one by one: an answer to the page's own intent at once (and the
computers' states queued before it, now overtaken, are dropped), a computer's move once the
speed setting's pause since the state before it has passed. Nothing depends on when a
message arrives.
"""

import asyncio
import json
import math
import time

import js
from pyscript import create_named_worker, window
from pyscript.ffi import create_proxy

import inbox
import saved
import screens
import store
import dom
from dom import byid, show_error, spawn
from store import S, tr

_keep = []  # proxies kept alive
_inbox = inbox.Inbox()  # what the worker posted, taken into the store in order (ui/inbox.py)
_pump = {"task": None, "shown_at": 0.0}
_state_hooks = []
_held = []  # answers that came before the table's modules were compiled
# The intents whose answer the player waits for (`send` with `hold`): S["busy"] counts them.
_holding = set()


_progress_hooks = []


def on_progress(fn):
    """Register `fn(message)`, called with each `review_progress` the worker posts."""
    _progress_hooks.append(fn)


def on_state(fn):
    """Register `fn(state, fresh)`, called when a state enters the store."""
    _state_hooks.append(fn)


_update_hooks = {}


def on_update_of(kind, fn):
    """Register `fn(answer)` for the updates of type `kind` (a friend's reaction, issue 24)."""
    _update_hooks[kind] = fn
# The pause before a computer's move is shown, by speed setting (ms).
AI_DELAY_MS = {"slow": 1100, "normal": 550, "fast": 200, "instant": 0}


def _ms():
    return time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)


def _stamp(message):
    """The fields every intent carries: version, id, pace and the history's keep setting."""
    S["msg_id"] += 1
    if message.get("type") != "hello":
        message["v"] = S["protocol"]
    message["id"] = S["msg_id"]
    message["history_keep"] = S["settings"]["keep"]


async def send(message, take=False, file=None, hold=False):
    """Send one intent to the worker and return its answer as a dict (`hello` goes without
    a version: its answer says which protocol the worker speaks). With `take`, a `state` or
    `error` answer also goes into the store, in its place among the worker's updates. With
    `file` (a record the player opened), the file's text goes in as the intent's `record` in
    JavaScript (boot.js `recordFile`, which refuses one too large or nested too deep before
    it is read or sent), never through this interpreter. With `hold`, the page is busy
    (S["busy"]: taps on the table wait) until the answer has come (`_release`)."""
    _stamp(message)
    msg_id = message["id"]
    _inbox.expect(msg_id, message, take)
    if hold:
        _holding.add(msg_id)
        S["busy"] += 1
    started = window.performance.now()
    refused = ""
    try:
        if file is None:
            await window.dominoBoot.engine.request(json.dumps(message), msg_id)
        else:
            refused = str(await window.dominoBoot.recordFile(json.dumps(message), file))
    finally:
        _release(msg_id)
        answer = _inbox.answer(msg_id)
    if refused:
        answer = json.loads(refused)  # never sent: no answer of the worker will come
        if take:
            accept(answer, message)
    if answer is None:
        answer = {"type": "error", "code": "bad_answer", "message": "no answer"}
    measure(message, answer, started)
    return answer


def _release(msg_id):
    """The answer to `msg_id` has come (or never will): the page is no longer busy with it.
    Called as the answer arrives, before its state is rendered, not when `send` resumes:
    MicroPython resumes an awaiting coroutine in a later timer task, and a tap the browser
    handles first (input goes before timers) on the state just shown was dropped as busy."""
    if msg_id in _holding:
        _holding.discard(msg_id)
        S["busy"] -= 1


async def send_file(message, file=None):
    """`send` for what goes to or comes from a file: the history file's export and import, a
    record's export. The file's text goes between the player's file and the worker in
    JavaScript (boot.js `fileIntent`), never through this interpreter's heap, which a long
    history does not fit and where a record's parse and rewrite took a long task; an exported
    record's answer comes back with `record` true (already offered as a download)."""
    _stamp(message)
    started = window.performance.now()
    text = await window.dominoBoot.fileIntent(json.dumps(message), file)
    answer = json.loads(str(text))
    measure(message, answer, started)
    return answer


_last = {"at": None}  # when the latest state reached the page (performance.now())


def measure(message, answer, started):
    """Record the intent's round trip (main thread -> worker -> main thread) as a User Timing
    measure named `domino:<intent>`, with the worker's own report of a computer decision
    (`ai`: its think time and cap) as detail. Browser tools and benchmarks/browser_ai.py read
    these entries; nothing in the game does."""
    detail = {"state_id": answer.get("state_id"), "answer": answer.get("type"),
              "code": answer.get("code"), "ai": answer.get("ai"),
              "pushed": bool(answer.get("pushed"))}
    now = window.performance.now()
    if answer.get("type") == "state":
        _last["at"] = now
    options = {"start": started, "end": now, "detail": detail}
    window.performance.measure("domino:" + str(message.get("type")),
                               js.JSON.parse(json.dumps(options)))


WORKER_FILES = ("worker_db.py", "save_log.py", "worker_saves.py", "worker_history.py",
                "worker_review.py", "worker_lesson.py", "history.py", "reviewing.py",
                "match_stats.py", "lessoning.py", "worker_friends.py")


def worker_config():
    return {
        "interpreter": "./pyodide/pyodide.mjs",
        "packages": [S["manifest"]["wheel"]],
        "packages_cache": "passthrough",
        # The worker's modules (web/worker/worker.py imports worker_db before `ready`, the others
        # on first use or while idle after it).
        "files": {"./worker/" + name: "./" + name for name in WORKER_FILES},
    }


async def progress_loop():
    """Advance the loading indicator while the worker boots (an estimate from the time since
    the boot started: the worker reports no progress of its own), until the engine answers."""
    bar = byid("engine-progress")
    text = byid("engine-text")
    while S["engine_state"] in ("sw", "boot"):
        elapsed = (_ms() - S["boot_started"]) / 1000.0
        pct = int(min(95, 100 * (1 - math.exp(-elapsed / 3.5))))
        if S["engine_state"] == "sw":
            pct = min(pct, 15)
            label = tr("engine.sw")
        else:
            label = tr("engine.progress", pct=pct)
        bar.value = pct
        bar.setAttribute("aria-valuenow", str(pct))
        text.textContent = label
        await js_sleep(200)


async def js_sleep(ms):
    await asyncio.sleep(ms / 1000.0)


async def after_table_moves(delay_ms):
    """Wait `delay_ms`, then until the table has finished animating (the hand's end), at
    most 10 s more: what the end-of-hand dialog and the celebration wait for."""
    import table

    await js_sleep(delay_ms)
    for _ in range(100):
        if not table.motion_running():
            break
        await js_sleep(100)


# The engine worker being created: `launch` starts it as soon as this module is compiled,
# so that Pyodide boots in its thread while the page compiles and wires the menu.
_launch = {"task": None, "worker": None, "error": None}


async def _create_worker():
    """Wait for the service worker to control the page (nothing then downloads twice on a
    first visit), then create the Pyodide worker; keeps the worker or the error."""
    try:
        await window.dominoBoot.controlled
    except Exception:  # noqa: BLE001 - start anyway, files then come from the network
        pass
    S["engine_state"] = "boot"
    try:
        manifest = await js.fetch("./build-manifest.json")
        text = str(await manifest.text())
        S["manifest"] = json.loads(text)
        if await _from_snapshot(text):
            return
        _launch["worker"] = await create_named_worker(
            src="./worker/worker.py", name="engine", config=json.dumps(worker_config()))
    except Exception as exc:  # noqa: BLE001 - reported by start_engine
        _launch["error"] = exc


async def _from_snapshot(manifest):
    """Whether the engine started from this device's memory snapshot of this build
    (web/engine_boot.js, DECISIONS W-61): its plain worker is then the channel, and PyScript's
    worker is not created. False (start PyScript's) when there is none or it failed."""
    try:
        started = await window.dominoSnapshot.start(manifest, json.dumps(worker_config()))
    except Exception:  # noqa: BLE001 - engine_boot.js missing: the usual start
        return False
    if str(started) != "snapshot":
        return False
    _launch["worker"] = "snapshot"
    return True


def launch():
    """Start creating the engine worker now (main.py calls it before the menu's modules)."""
    if _launch["task"] is None:
        S["boot_started"] = _ms()
        _launch["task"] = asyncio.create_task(_create_worker())


async def start_engine(after_ready):
    """Finish starting the engine (`launch`, if main.py has not) and say hello;
    `after_ready()` fills the setup form once the engine answered."""
    launch()
    spawn(progress_loop())
    try:
        await _launch["task"]
        if _launch["error"] is not None:
            raise _launch["error"]
        S["engine"] = _launch["worker"]
        texts = create_proxy(on_text)
        _keep.append(texts)
        window.dominoBoot.engine.onText = texts
        message = {"type": "hello"}
        hello = await send(message)
        if hello.get("type") != "ready":
            raise RuntimeError(hello.get("message", "no ready answer"))
        if isinstance(hello.get("protocol"), int):
            S["protocol"] = hello["protocol"]
        saved.take_saved(hello)
    except Exception as exc:  # noqa: BLE001 - said to the player, detailed in the console
        S["engine_state"] = "failed"
        # The exception is English (and technical): the player reads the catalogue's words,
        # whoever debugs reads the detail in the console.
        window.console.error("engine start-up failed: " + repr(exc))
        byid("engine-text").textContent = tr("engine.failed")
        show_error(tr("engine.failed"))
        return
    S["engine_state"] = "ready"
    saved.render_resume()
    byid("engine-status").classList.add("ready")
    byid("engine-progress").value = 100
    byid("engine-text").textContent = tr("engine.ready")
    js.document.documentElement.dataset.engine = "ready"
    if S["catalog"] is None:
        answer = await send({"type": "variants"})
        after_ready(answer)
    else:
        after_ready(None)
    if S["pending"] is not None:
        pending = S["pending"]
        S["pending"] = None
        file, _pending_file["file"] = _pending_file["file"], None
        await open_link(pending, file)
    elif S["auto_resume"] and saved.resumable() and screens.showing(screens.MENU):
        # A reload mid-match returns to the table (issue 25, DECISIONS W-58), unless the
        # player chose something else meanwhile.
        await run_intent({"type": "resume"})
    S["auto_resume"] = False
    saved.render_resume()
    # Started: what waited for the engine (a link's match) has been sent and answered.
    js.document.documentElement.dataset.started = "done"


_pending_file = {"file": None}  # the record file of the intent waiting for the engine


async def open_link(message, file=None):
    """Send an intent that may come from a deep link (at start-up, or followed in the open
    page): a link's match while another is in progress is asked about first (issue 28)."""
    if message.get("deep_link") and S["engine_state"] == "ready" and saved.in_progress():
        saved.ask_link(lambda start: spawn(link_chosen(message, start)))
        return
    await run_intent(message, file)


async def link_chosen(message, start):
    """The player's answer to a deep link while a match was in progress: start the link's
    match keeping the saved one resumable (`keep_saved`: the worker leaves it where it is),
    or continue the saved match; the link's settings stay in the setup form either way, so
    its match can still be started from the menu."""
    if start:
        await run_intent(dict(message, keep_saved=True))
    else:
        forget_link()
        await run_intent({"type": "resume"})


async def run_intent(message, file=None):
    """Send an intent that answers with a state (or an error): the answer goes into the store
    (`on_text`) before this returns, and is returned (None when the engine was not ready:
    the intent waits for it). `file`: a record the player opened (`send`)."""
    if S["engine_state"] != "ready":
        S["pending"] = message
        _pending_file["file"] = file
        store.emit()
        return None
    return await send(message, take=True, file=file, hold=True)


def on_text(kind, msg_id, text):
    """A text the worker posted (boot.js `engine`), in the order it came: the answer to the
    message `msg_id` (`kind` "answer"), or an update the worker started."""
    try:
        answer = json.loads(str(text))
    except ValueError:
        return
    if not isinstance(answer, dict):
        return
    kind = str(kind)
    if kind != "answer" and answer.get("ai") is not None:
        # A computer's move, timed from the previous state's arrival (benchmarks/browser_ai.py).
        started = _last["at"] if _last["at"] is not None else window.performance.now()
        measure({"type": "ai_move"}, answer, started)
    if kind == "answer":
        _release(int(msg_id))
    for item, message in _inbox.receive(kind, int(msg_id), answer):
        if message.get("type") == "update":
            on_update(item)
        else:
            accept(item, message)
    start_pump()


def on_update(answer):
    """What the worker started itself, besides the computers' moves: the outcome of its last
    save, a review's progress."""
    kind = answer.get("type")
    if kind == "saved":
        saved.note_save(answer.get("save"))  # the outcome of the worker's last write
    elif kind == "review_progress":
        for fn in _progress_hooks:
            fn(answer)  # the review screen's progress bar
    elif kind in _update_hooks:
        _update_hooks[kind](answer)


async def pump():
    """Take the queued updates into the store in order, each computer's state once the speed
    setting's pause since the state shown before it has passed. Each one taken is rendered
    in a browser task of its own: at the instant speed (no pause) a dozen computers' states
    may be due at once, and rendering them one after another held the page for 150-600 ms
    (DECISIONS W-106). None is taken before the table's modules are compiled (`table_ready`
    starts the pump again), so the first computer's state waits its pause after the state
    before it, as every later one does. Nor is one taken while the table of the state shown
    waits for the frame that lays out the game screen (table.draw, DECISIONS W-116): its
    own draw comes first, and html[data-state] says every state in turn (table_frame.py)."""
    import table_frame

    try:
        while S["table_ready"]:
            if table_frame.draw_pending():
                await table_frame.drawn()
                await window.dominoBoot.nextTask()  # not in the turn that drew it
                continue
            item, wait = _inbox.due(window.performance.now(), _pump["shown_at"], ai_delay())
            if item is not None:
                accept(item[0], item[1])
                if _inbox.queue:
                    await window.dominoBoot.nextTask()  # the queue may change meanwhile
            elif wait > 0:
                await js_sleep(wait)  # the queue may change meanwhile (an undo overtakes it)
            else:
                return
    finally:
        _pump["task"] = None


def table_ready():
    """The table's modules are compiled: the states that waited for them go in now."""
    S["table_ready"] = True
    while _held:
        answer, message = _held.pop(0)
        accept(answer, message)
    start_pump()


def start_pump():
    """Run `pump` if states wait in the queue and it is not running already (one at a time:
    it takes them in order)."""
    if _inbox.queue and _pump["task"] is None:
        _pump["task"] = True
        spawn(pump())


def accept(answer, message):
    """An answer of the worker goes into the store (`store.reduce`), then the page renders
    (a state waits until the table's modules are compiled, which the menu does not wait
    for)."""
    if not S["table_ready"] and answer.get("type") in ("state", "error"):
        _held.append((answer, message))
        return
    t = dom.span_start()
    done = store.reduce(answer, message)
    dom.span("reduce", t)
    if done is None:
        return
    if done["state"]:
        _pump["shown_at"] = window.performance.now()
        for fn in _state_hooks:
            fn(answer, done["fresh"])
    show_error(done["error"])
    if done["forget_saved"]:
        saved.keep_saved(None)
    saved.note_save(done["save"])
    if done["forget_link"]:
        forget_link()
    t = dom.span_start()
    store.emit()
    dom.span("render", t)


def forget_link():
    """A deep link's match has started (or was refused): the address loses its fragment, so
    that a reload offers the saved match instead of dealing the link's first hand again."""
    if str(window.location.hash):
        window.history.replaceState(js.JSON.parse("null"), "",
                                    str(window.location.pathname) + str(window.location.search))


def ai_delay():
    return AI_DELAY_MS.get(S["settings"].get("speed"), 550)


_forced = {"id": None}  # the state whose forced draw is on its way


def draw_for_player():
    """The forced draw of the state shown (`store.forced_draw`), made once per state after
    the speed setting's pause, as a computer's move would be shown: each tile drawn is seen
    arriving, and no tap is asked for."""
    move = store.forced_draw()
    state = S["state"]
    if move is None or _forced["id"] == state["state_id"]:
        return
    _forced["id"] = state["state_id"]
    spawn(_draw_later(state["state_id"], move))


async def _draw_later(state_id, move):
    await js_sleep(ai_delay())
    for _ in range(100):  # an intent on its way first (at most 10 s)
        state = S["state"]
        if state is None or state["state_id"] != state_id or store.forced_draw() != move \
                or not js.document.getElementById("menu").hidden:
            return  # the position changed, or the player went to the menu
        if not S["busy"]:
            play(move)
            return
        await js_sleep(100)


def play(move):
    """Send the human's move (notation as the engine listed it)."""
    state = S["state"]
    if state is None or S["busy"]:
        return
    S["selected"] = None
    spawn(run_intent({"type": "play", "state_id": state["state_id"], "move": str(move)}))
