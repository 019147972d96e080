"""The Domino UI (MicroPython on the page's main thread, through PyScript); `main.py` loads it.

One-way flow: an answer of the engine worker is stored, then `render()` draws the page from the
stored state; input handlers only send intents. The rules and the AI live in the worker (a
Pyodide web worker created here through PyScript once the service worker controls the page);
this module never decides whether a move is legal, it shows the moves the engine listed.

Kept plain for MicroPython: no dataclasses, no typing, shallow call depth, JSON for every value
that crosses to JavaScript, one event listener per container (event delegation).
"""

import asyncio
import json
import math
import time

import js
from pyscript import create_named_worker, document, window
from pyscript.ffi import create_proxy

import i18n
import textfmt

# `geometry` (the table) and `summary` (the end-of-hand dialog) are imported where they are
# used, and compiled in the background once the menu works (`load_table_modules`), so that
# the menu does not wait for them.

PROTOCOL = 1
# The public summary of the match the worker keeps saved (the worker holds the record itself).
SUMMARY_KEY = "domino.saved.v2"
# Earlier builds kept the whole record (every hand, the boneyard's order) here: removed.
OLD_SAVE_KEYS = ("domino.save.v1", "domino.save.v1.corrupt")
AI_DELAY_MS = 450

S = {
    "lang": "en",
    "catalog": None,      # the `variants` answer
    "variant_ids": [],
    "engine": None,       # the worker proxy once it answered `ready`
    "engine_state": "sw",  # sw | boot | ready | failed
    "boot_started": 0,
    "state": None,        # the last `state` answer
    "log": [],
    "selected": None,     # a tile (notation) whose end choice is open
    "busy": 0,            # intents sent and not yet answered (an undo may overtake a move)
    "pending": None,      # an intent waiting for the engine (start before ready)
    "shown_seat": None,   # pass-and-play: the human seat whose tiles may be shown
    "screen": "menu",
    "msg_id": 0,
    "setup": {},          # the setup form's current choices
    "hint": None,         # (state_id, move) of the last hint asked for
    "saved": None,        # the public summary of the match the worker has saved, or None
}

_proxies = []  # keep handler proxies alive


def _ms():
    return time.ticks_ms() if hasattr(time, "ticks_ms") else int(time.time() * 1000)


def byid(name):
    return document.getElementById(name)


def tr(key, **values):
    return i18n.t(S["lang"], key, **values)


def esc(text):
    text = str(text)
    return (text.replace("&", "&amp;").replace("<", "&lt;").replace(">", "&gt;")
            .replace('"', "&quot;"))


def on(element, event, handler):
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    element.addEventListener(event, proxy)


def spawn(coro):
    asyncio.create_task(coro)


def show_error(text):
    banner = byid("error-banner")
    if text:
        banner.textContent = text
        banner.hidden = False
    else:
        banner.hidden = True


# --------------------------------------------------------------------------- engine link


async def send(message):
    """Send one intent to the worker and return its answer as a dict."""
    S["msg_id"] += 1
    message["v"] = PROTOCOL
    message["id"] = S["msg_id"]
    started = window.performance.now()
    text = await S["engine"].handle(json.dumps(message))
    answer = json.loads(str(text))
    measure(message, answer, started)
    return answer


def measure(message, answer, started):
    """Record the intent's round trip (main thread -> worker -> main thread) as a User Timing
    measure named `domino:<intent>`, with the worker's own report of a computer decision
    (`ai`: its think time and cap) as detail. Browser tools and benchmarks/browser_ai.py read
    these entries; nothing in the game does."""
    detail = {"state_id": answer.get("state_id"), "answer": answer.get("type"),
              "code": answer.get("code"), "ai": answer.get("ai")}
    options = {"start": started, "end": window.performance.now(), "detail": detail}
    window.performance.measure("domino:" + str(message.get("type")),
                               js.JSON.parse(json.dumps(options)))


def worker_config():
    return {
        "interpreter": "./pyodide/pyodide.mjs",
        "packages": [S["manifest"]["wheel"]],
        "packages_cache": "passthrough",
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
        await asyncio.sleep(0.2)


async def start_engine():
    """Wait for the service worker to control the page, then create the Pyodide worker."""
    S["boot_started"] = _ms()
    spawn(progress_loop())
    try:
        await window.dominoBoot.controlled
    except Exception:  # noqa: BLE001 - start anyway, files then come from the network
        pass
    S["engine_state"] = "boot"
    try:
        manifest = await js.fetch("./build-manifest.json")
        S["manifest"] = json.loads(str(await manifest.text()))
        S["engine"] = await create_named_worker(
            src="./worker.py", name="engine", config=json.dumps(worker_config()))
        hello = await send({"type": "hello"})
        if hello.get("type") != "ready":
            raise RuntimeError(hello.get("message", "no ready answer"))
        take_saved(hello)
    except Exception as exc:  # noqa: BLE001 - shown to the player
        S["engine_state"] = "failed"
        byid("engine-text").textContent = tr("engine.failed", error=str(exc))
        show_error(tr("engine.failed", error=str(exc)))
        return
    S["engine_state"] = "ready"
    render_resume()
    status = byid("engine-status")
    status.classList.add("ready")
    byid("engine-progress").value = 100
    byid("engine-text").textContent = tr("engine.ready")
    document.documentElement.dataset.engine = "ready"
    if S["catalog"] is None:
        answer = await send({"type": "variants"})
        set_catalog(answer)
    render_start_button()
    if S["pending"] is not None:
        pending = S["pending"]
        S["pending"] = None
        await run_intent(pending)


async def run_intent(message):
    """Send an intent that answers with a state (or an error) and render the answer."""
    if S["engine_state"] != "ready":
        S["pending"] = message
        render_start_button()
        return
    S["busy"] += 1
    try:
        answer = await send(message)
    finally:
        S["busy"] -= 1
    accept(answer, message)


def accept(answer, message):
    kind = answer.get("type")
    if kind == "state":
        state = S["state"]
        if state is not None and answer.get("state_id", 0) <= state.get("state_id", 0) \
                and message.get("type") not in ("new_match", "load_record", "resume"):
            return  # stale: an older answer arriving late
        if message.get("type") in ("new_match", "load_record", "resume"):
            S["log"] = []
            S["shown_seat"] = None
        S["state"] = answer
        S["selected"] = None
        add_log(answer)
        show_error("")
        note_save(answer.get("save"))
        set_screen("game")
        render()
        schedule_ai()
    elif kind == "error":
        code = answer.get("code")
        if code in ("stale_state", "cancelled"):
            return  # overtaken: a newer state (or an undo) already arrived
        why = i18n.error_reason(S["lang"], code, answer.get("message", ""))
        text = tr("error.engine", message=why)
        if message.get("type") == "load_record":
            text = tr("error.record", message=why)
        if message.get("type") == "resume":
            # Nothing saved, or a save the worker could not replay (it set it aside).
            keep_saved(None)
            text = tr("error.save_missing") if code == "no_save" else tr("error.save_corrupt")
        if message.get("deep_link"):
            text = tr("error.deeplink", message=why)
            set_screen("menu")
        show_error(text)
        render_start_button()


def schedule_ai():
    state = S["state"]
    if state is None or state.get("hand_over") or state.get("to_move_kind") != "ai":
        return
    spawn(ai_turn(state["state_id"]))


async def ai_turn(state_id):
    await asyncio.sleep(AI_DELAY_MS / 1000.0)
    state = S["state"]
    if state is None or state["state_id"] != state_id or S["busy"]:
        return
    await run_intent({"type": "ai_move", "state_id": state_id})


# --------------------------------------------------------------------------- the saved match
#
# The worker saves the match after every state, in its own storage (web/worker.py); the page
# keeps only the public summary each state answer carries (`save.summary`), so that the menu
# can offer "Continue" at once after a reload, before the worker is up. Nothing the page
# stores holds a tile.


def read_saved():
    """The summary kept in localStorage, or None (a summary that cannot be read is dropped:
    the worker's `ready` answer says what is really saved)."""
    for key in OLD_SAVE_KEYS:
        window.dominoBoot.remove(key)
    text = str(window.dominoBoot.load(SUMMARY_KEY))
    if not text:
        return None
    try:
        summary = json.loads(text)
    except ValueError:
        summary = None
    if not isinstance(summary, dict):
        window.dominoBoot.remove(SUMMARY_KEY)
        return None
    return summary


def keep_saved(summary):
    """Remember (or, with None, forget) the summary of the saved match, and show the menu's
    offer accordingly."""
    S["saved"] = summary
    if summary is None:
        window.dominoBoot.remove(SUMMARY_KEY)
    else:
        window.dominoBoot.save(SUMMARY_KEY, json.dumps(summary))
    render_resume()


def storage_error(save):
    """The worker's words for a storage failure, without a closing full stop (the message
    goes in brackets)."""
    return str(save.get("error") or "").rstrip(".")


def take_saved(hello):
    """What the worker says is saved, in its `ready` answer, replaces the page's summary."""
    if hello.get("set_aside"):
        show_error(tr("error.save_corrupt"))
    save = hello.get("save") or {}
    if save.get("ok") is False:
        show_error(tr("error.save_unavailable", error=storage_error(save)))
    keep_saved(hello.get("saved"))


def note_save(save):
    """A state answer's `save`: keep the summary of what is being saved; say so when the
    worker's latest write failed (the game goes on, but a reload would lose it)."""
    if not save:
        return
    if save.get("summary") is not None:
        keep_saved(save["summary"])
    if save.get("ok") is False:
        show_error(tr("error.save_failed", error=storage_error(save)))


def render_resume():
    """The menu's "Continue the saved match" button and the summary under it."""
    summary = S["saved"]
    byid("saved-box").hidden = summary is None
    byid("resume").hidden = summary is None
    # Discarding needs the worker (it deletes its save).
    byid("forget").hidden = summary is None or S["engine_state"] != "ready"
    info = byid("resume-info")
    if summary is None:
        info.textContent = ""
        return
    info.textContent = textfmt.saved_text(S["lang"], summary, saved_date(summary))


def saved_date(summary):
    """When the summary was saved, in the page's language ("" when unknown)."""
    stamp = summary.get("saved_at")
    if not isinstance(stamp, int):
        return ""
    # As text: a Python integer this large does not cross to JavaScript as a number.
    return str(window.dominoBoot.formatDate(str(stamp), S["lang"]))


# --------------------------------------------------------------------------- setup screen


def set_catalog(answer, render=True):
    """Keep the `variants` answer (variants, players, options) and, unless `render` is False
    (the caller renders the form itself), rebuild the setup form from it."""
    if answer.get("type") != "variants":
        return
    S["catalog"] = answer
    ids = []
    for entry in answer.get("variants", []):
        ids.append(entry["id"])
    S["variant_ids"] = ids
    if not S["setup"].get("variant") and ids:
        S["setup"]["variant"] = "vn_traditional" if "vn_traditional" in ids else ids[0]
    if render:
        render_setup()


def variant_entry(variant_id):
    catalog = S["catalog"] or {}
    for entry in catalog.get("variants", []):
        if entry["id"] == variant_id:
            return entry
    return None


def render_setup():
    """Build the setup form from the `variants` answer and the current choices."""
    setup = S["setup"]
    entry = variant_entry(setup.get("variant"))
    if entry is None:
        return
    html = []
    for vid in S["variant_ids"]:
        name = i18n.variant_name(S["lang"], vid, variant_entry(vid).get("name"))
        sel = " selected" if vid == entry["id"] else ""
        html.append('<option value="' + esc(vid) + '"' + sel + ">" + esc(name) + "</option>")
    select = byid("variant")
    select.innerHTML = "".join(html)
    select.disabled = False
    byid("variant-summary").textContent = i18n.variant_summary(S["lang"], entry["id"])
    rules = byid("rules-link")
    rules.href = "./rules/" + entry["id"] + ".html#" + S["lang"]
    rules.setAttribute("aria-label", tr("menu.rules") + ": "
                       + i18n.variant_name(S["lang"], entry["id"], entry.get("name")))
    pinfo = entry["players"]
    pmin, pmax, pdef = pinfo["min"], pinfo["max"], pinfo["default"]
    players = setup.get("players") or pdef
    if players < pmin or players > pmax:
        players = pdef
    setup["players"] = players
    html = []
    for n in range(pmin, pmax + 1):
        sel = " selected" if n == players else ""
        html.append('<option value="' + str(n) + '"' + sel + ">" + str(n) + "</option>")
    psel = byid("players")
    psel.innerHTML = "".join(html)
    psel.disabled = False
    seats = setup.get("seats") or []
    while len(seats) < players:
        seats.append("human" if not seats else "ai:medium")
    seats = seats[:players]
    setup["seats"] = seats
    html = ["<legend>" + esc(tr("menu.seats")) + "</legend>"]
    for i in range(players):
        html.append("<label><span>" + esc(tr("menu.seat", n=i + 1)) + "</span>")
        html.append('<select data-seat="' + str(i) + '">')
        for kind in textfmt.SEAT_KINDS:
            sel = " selected" if kind == seats[i] else ""
            html.append('<option value="' + kind + '"' + sel + ">" + esc(tr("seat." + kind))
                        + "</option>")
        html.append("</select></label>")
    byid("seats").innerHTML = "".join(html)
    values = setup.get("options") or {}
    html = []
    for opt in entry.get("options", []):
        name = opt["name"]
        if name == "players" or (opt.get("players") and players not in opt["players"]):
            continue
        value = values.get(name, opt.get("default"))
        desc = esc(i18n.option_description(S["lang"], name, opt.get("description", "")))
        label = esc(i18n.option_label(S["lang"], name))
        if opt["type"] == "bool":
            chk = " checked" if value else ""
            html.append('<label class="check"><input type="checkbox" data-opt="' + esc(name)
                        + '" data-type="bool"' + chk + "><span>" + label
                        + "<br><small>" + desc + "</small></span></label>")
        elif opt["type"] == "choice":
            html.append("<label><span>" + label + "</span><select data-opt=\"" + esc(name)
                        + '" data-type="choice">')
            for choice in opt.get("choices", []):
                sel = " selected" if str(choice) == str(value) else ""
                html.append('<option value="' + esc(choice) + '"' + sel + ">"
                            + esc(i18n.choice_label(S["lang"], choice)) + "</option>")
            html.append("</select><small>" + desc + "</small></label>")
        else:
            lo = opt.get("min")
            hi = opt.get("max")
            attrs = ""
            if lo is not None:
                attrs += ' min="' + str(lo) + '"'
            if hi is not None:
                attrs += ' max="' + str(hi) + '"'
            shown = "" if value is None else str(value)
            html.append("<label><span>" + label + '</span><input type="number" data-opt="'
                        + esc(name) + '" data-type="int"' + attrs + ' value="' + shown
                        + '"><small>' + desc + "</small></label>")
    byid("options").innerHTML = "".join(html)
    byid("options-box").hidden = not html
    seed = byid("seed")
    seed.disabled = False
    if seed.value == "":
        seed.value = str(setup.get("seed") or (int(js.Math.random() * 1000000) + 1))
    byid("import").disabled = False
    render_start_button()


def render_start_button():
    button = byid("start")
    if S["catalog"] is None:
        return
    button.disabled = False
    if S["pending"] is not None:
        button.textContent = tr("menu.starting")
        button.disabled = True
    elif S["engine_state"] != "ready":
        button.textContent = tr("menu.waiting")
    else:
        button.textContent = tr("menu.start")


def read_setup():
    """The `new_match` intent of the setup form."""
    setup = S["setup"]
    entry = variant_entry(setup["variant"])
    options = {"players": setup["players"]}
    specs = {}
    for opt in entry.get("options", []):
        specs[opt["name"]] = opt
    nodes = document.querySelectorAll("#options [data-opt]")
    for i in range(int(nodes.length)):
        node = nodes.item(i)
        name = str(node.dataset.opt)
        kind = str(node.dataset.type)
        if kind == "bool":
            options[name] = bool(node.checked)
        elif kind == "int":
            if str(node.value) != "":
                options[name] = int(float(str(node.value)))
        else:
            value = str(node.value)
            options[name] = value
            for choice in specs.get(name, {}).get("choices", []):
                if str(choice) == value:
                    options[name] = choice
    seed_text = str(byid("seed").value)
    seed = int(seed_text) if seed_text.isdigit() else 1
    return {"type": "new_match", "variant": setup["variant"], "options": options,
            "seed": seed, "seats": list(setup["seats"])}


def on_setup_change(event):
    target = event.target
    tid = str(target.id)
    setup = S["setup"]
    if tid == "variant":
        setup["variant"] = str(target.value)
        setup["options"] = {}
        setup["players"] = None
        render_setup()
    elif tid == "players":
        setup["players"] = int(str(target.value))
        render_setup()
    elif target.getAttribute("data-seat") is not None:
        setup["seats"][int(str(target.getAttribute("data-seat")))] = str(target.value)
    elif target.getAttribute("data-opt") is not None:
        if "options" not in setup or setup["options"] is None:
            setup["options"] = {}
        kind = str(target.getAttribute("data-type"))
        setup["options"][str(target.getAttribute("data-opt"))] = (
            bool(target.checked) if kind == "bool" else str(target.value))


def on_start(event):
    event.preventDefault()
    if S["catalog"] is None or S["pending"] is not None:
        return
    spawn(run_intent(read_setup()))


def on_import(event):
    files = event.target.files
    if files is None or int(files.length) == 0:
        return
    spawn(import_file(files.item(0)))


async def import_file(file):
    text = str(await file.text())
    try:
        record = json.loads(text)
    except ValueError as exc:
        why = i18n.error_reason(S["lang"], "bad_record", str(exc))
        show_error(tr("error.record", message=why))
        return
    await run_intent({"type": "load_record", "record": record})


# --------------------------------------------------------------------------- resume


def on_resume(event):
    """Continue the saved match: the worker loads the record it saved (sent once it is up)."""
    if S["saved"] is None or S["pending"] is not None:
        return
    spawn(run_intent({"type": "resume"}))


def on_forget(event):
    spawn(forget_saved())


async def forget_saved():
    """Discard the saved match (the worker deletes it; the page forgets its summary)."""
    if S["engine_state"] != "ready":
        return
    answer = await send({"type": "forget_save"})
    if answer.get("type") == "forgotten":
        keep_saved(None)
        show_error("")
    else:
        show_error(tr("error.save_failed", error=str(answer.get("message", "")).rstrip(".")))


# --------------------------------------------------------------------------- the table


def set_screen(name):
    S["screen"] = name
    byid("menu").hidden = name != "menu"
    byid("game").hidden = name != "game"
    byid("handoff").hidden = name != "handoff"
    byid("menu-button").hidden = name == "menu"
    if name == "menu":
        byid("result").hidden = True
        byid("export-confirm").hidden = True
        render_resume()


def name_of(seat):
    state = S["state"]
    return textfmt.seat_name(S["lang"], seat, state["seats"], state["viewer"])


def pips_html(value):
    import geometry

    out = []
    for fx, fy in geometry.pip_points(value):
        out.append('<span class="pip" style="left:' + str(int(fx * 100)) + "%;top:"
                   + str(int(fy * 100)) + '%"></span>')
    return "".join(out)


def hinted_move():
    """The hinted move for the current state, or None."""
    hint = S["hint"]
    state = S["state"]
    if hint is None or state is None or hint[0] != state["state_id"]:
        return None
    return hint[1]


def tile_html(tile, moves, selected):
    """One tile of the hand as a button: `data-move` when it has exactly one legal move."""
    parts = tile.split("-")
    a, b = int(parts[0]), int(parts[1])
    cls = "tile"
    hint = hinted_move()
    if hint is not None and moves and hint in moves:
        cls += " hinted"
    attrs = ' data-tile="' + tile + '"'
    if moves:
        cls += " playable"
        if len(moves) == 1:
            move = moves[0]
            tile_text, end = textfmt.split_move(move)
            if end is None:
                label = tr("move.play", tile=tile) + " (" + move + ")"
            else:
                label = tr("move.play_end", tile=tile, end=textfmt.end_label(
                    S["lang"], end, S["state"]["seats"], S["state"]["viewer"])) + " (" + move + ")"
            attrs += ' data-move="' + esc(move) + '"'
        else:
            label = tr("move.play", tile=tile) + " \u2026"
            attrs += ' aria-haspopup="true" aria-expanded="' + ("true" if selected else "false") + '"'
        if selected:
            cls += " selected"
    else:
        label = tile
        attrs += " disabled"
    return ('<button type="button" class="' + cls + '"' + attrs + ' aria-label="' + esc(label)
            + '"><span class="half">' + pips_html(a) + '</span><span class="half">'
            + pips_html(b) + "</span></button>")


def render():
    state = S["state"]
    if state is None:
        return
    view = state["view"]
    seats = state["seats"]
    lang = S["lang"]
    viewer = state["viewer"]
    to_move = state.get("to_move")
    humans = 0
    for kind in seats:
        if not textfmt.is_ai(kind):
            humans += 1
    # Pass-and-play: before showing a human's tiles, hand the device over.
    if humans > 1 and not state.get("hand_over") and state.get("to_move_kind") == "human" \
            and S["shown_seat"] != viewer:
        byid("handoff-title").textContent = tr("game.pass_device", name=name_of(viewer))
        byid("handoff-ready").textContent = tr("game.pass_ready", name=name_of(viewer))
        # The previous player's tiles and log leave the page, not only the screen.
        for name in ("hand", "choice", "moves", "log"):
            byid(name).innerHTML = ""
        set_screen("handoff")
        return
    if S["screen"] != "game":
        set_screen("game")
    # Seats: names, tile counts, scores.
    summary = state.get("match") or {}
    totals = summary.get("balances") or summary.get("scores") or summary.get("records")
    counts = view.get("counts", [])
    html = []
    for seat in range(len(seats)):
        cls = "seat-chip"
        if seat == to_move and not state.get("hand_over"):
            cls += " to-move"
            if textfmt.is_ai(seats[seat]):
                cls += " thinking"
        score = ""
        if totals is not None and seat < len(totals):
            score = '<span class="score">' + esc(textfmt.amount(totals[seat], lang)) + "</span>"
        count = counts[seat] if seat < len(counts) else 0
        html.append('<div class="' + cls + '" data-seat="' + str(seat) + '"><b>'
                    + esc(name_of(seat)) + "</b><span>" + esc(tr("game.tiles", n=count))
                    + "</span>" + score + "</div>")
    boneyard = view.get("boneyard")
    if boneyard is not None:
        html.append('<div class="seat-chip boneyard">' + esc(tr("game.boneyard", n=boneyard))
                    + "</div>")
    html.append('<div class="seat-chip">' + esc(tr("game.hand_number",
                                                     n=state.get("hand_number", 1))) + "</div>")
    byid("players-bar").innerHTML = "".join(html)
    # Whose turn.
    turn = ""
    if not state.get("hand_over") and to_move is not None:
        if state.get("to_move_kind") == "human":
            turn = tr("game.turn_you") if humans == 1 else tr("game.turn_other", name=name_of(to_move))
        else:
            turn = tr("game.thinking", name=name_of(to_move))
    byid("turn").textContent = turn
    # The hand.
    legal = state.get("legal") or []
    by_tile, others = textfmt.group_moves(legal)
    html = []
    for tile in view.get("hand", []):
        key = textfmt.canonical_tile(tile)
        html.append(tile_html(key, by_tile.get(key), S["selected"] == key))
    hand = byid("hand")
    hand.innerHTML = "".join(html)
    hand.setAttribute("aria-label", tr("game.your_hand"))
    # End choice for the selected tile.
    choice = byid("choice")
    sel = S["selected"]
    if sel is not None and sel in by_tile and len(by_tile[sel]) > 1:
        html = ["<span>" + esc(tr("game.choose_end", tile=sel)) + "</span>"]
        for move in by_tile[sel]:
            _tile, end = textfmt.split_move(move)
            end_name = textfmt.end_label(lang, end, seats, viewer)
            if ":" in move:
                end_name += " (" + move.split(":", 1)[1] + ")"
            cls = "primary hinted" if move == hinted_move() else "primary"
            html.append('<button type="button" class="' + cls + '" data-move="' + esc(move)
                        + '" aria-label="' + esc(tr("move.play_end", tile=sel, end=end_name))
                        + " (" + esc(move) + ')">' + esc(end_name) + "</button>")
        html.append('<button type="button" data-cancel="1">' + esc(tr("game.cancel")) + "</button>")
        choice.innerHTML = "".join(html)
        choice.hidden = False
    else:
        choice.hidden = True
        choice.innerHTML = ""
    # Draw / pass / leave / kozel pairs.
    html = []
    hint = hinted_move()
    for move in others:
        if move in ("draw", "pass", "leave"):
            label = tr("move." + move)
        else:
            label = tr("move.play", tile=move.replace("@", " @ "))
        cls = "primary hinted" if move == hint else "primary"
        html.append('<button type="button" class="' + cls + '" data-move="' + esc(move)
                    + '" aria-label="' + esc(label) + " (" + esc(move) + ')">' + esc(label)
                    + "</button>")
    if legal and state.get("to_move_kind") == "human":
        html.append('<button type="button" class="ghost" data-hint="1">' + esc(tr("game.hint"))
                    + "</button>")
    byid("moves").innerHTML = "".join(html)
    # Undo: for one player against the computer; usable while the computers reply too.
    undo = byid("undo")
    undo.hidden = humans != 1
    undo.disabled = not state.get("undo")
    undo.title = tr("game.undo_label")
    # Export: while the hand is played the file would show every hand; the button says so.
    byid("export").textContent = tr("game.export_mid" if mid_hand() else "game.export")
    render_log()
    draw_table()
    render_result()


def render_log():
    """The game log, worded for whoever holds the device now (the current viewer): in
    pass-and-play, another player's drawn tiles are left out."""
    html = []
    entries = S["log"]
    start = max(0, len(entries) - 60)
    state = S["state"]
    current = state["viewer"] if state is not None else None
    for i in range(len(entries) - 1, start - 1, -1):
        event, seats, viewer = entries[i]
        if current is not None and viewer != current:
            event = textfmt.seen_by(event, current)
            viewer = current
        text = textfmt.log_text(S["lang"], event, seats, viewer)
        if text:
            notation = textfmt.log_notation(event)
            attrs = ""
            if notation:
                attrs = ' title="' + esc(notation) + '" data-notation="' + esc(notation) + '"'
            html.append("<li" + attrs + ">" + esc(text) + "</li>")
    log = byid("log")
    log.setAttribute("start", str(len(entries)))
    log.innerHTML = "".join(html)


def add_log(state):
    """Keep the state's events; the log is worded at render time, in the current language."""
    for event in state.get("events") or []:
        S["log"].append((event, state["seats"], state["viewer"]))
    if len(S["log"]) > 400:
        S["log"] = S["log"][-400:]


def draw_table():
    import geometry

    canvas = byid("table")
    width = float(canvas.clientWidth)
    height = float(canvas.clientHeight)
    if width <= 0 or height <= 0:
        return
    ratio = float(window.devicePixelRatio or 1)
    canvas.width = int(width * ratio)
    canvas.height = int(height * ratio)
    ctx = canvas.getContext("2d")
    ctx.setTransform(ratio, 0, 0, ratio, 0, 0)
    ctx.clearRect(0, 0, width, height)
    state = S["state"]
    if state is None:
        return
    layout = state["view"].get("layout")
    tiles, rows = geometry.layout(layout, width, height)
    canvas.setAttribute("aria-label", tr("game.table") + ": " + str(len(tiles)))
    if not tiles:
        ctx.fillStyle = "#d1fae5"
        ctx.font = "16px system-ui, sans-serif"
        ctx.textAlign = "center"
        ctx.fillText(tr("game.empty_table"), width / 2, height / 2)
        return
    for row in rows:
        owner = row.get("owner")
        if owner is None:
            label = "MX"
        elif owner == state["viewer"]:
            label = tr("game.you")
        else:
            label = "#" + str(owner + 1)
        if row.get("marker"):
            label += " \u25cf"
        if row.get("hidden"):
            label += " +" + str(row["hidden"])
        ctx.fillStyle = "#fde68a" if row.get("marker") else "#d1fae5"
        ctx.font = "11px system-ui, sans-serif"
        ctx.textAlign = "left"
        ctx.fillText(label, row["x"], row["y"] + 4, 56)
    recent = textfmt.last_placed(state["view"].get("history"))
    for p in tiles:
        draw_tile(ctx, p)
        if textfmt.canonical_tile(str(p["a"]) + "-" + str(p["b"])) in recent \
                and not p.get("engine"):
            # The most recent placement, outlined so that the computer's move is seen.
            ctx.strokeStyle = "#f59e0b"
            ctx.lineWidth = 2.5
            ctx.beginPath()
            ctx.roundRect(p["x"] - 1.5, p["y"] - 1.5, p["w"] + 3, p["h"] + 3,
                          min(p["w"], p["h"]) * 0.18)
            ctx.stroke()


def draw_tile(ctx, p):
    import geometry

    x, y, w, h = p["x"], p["y"], p["w"], p["h"]
    ctx.fillStyle = "#00000055"
    ctx.fillRect(x + 1.5, y + 2, w, h)
    ctx.fillStyle = "#faf6ea"
    ctx.strokeStyle = "#57534e"
    ctx.lineWidth = 1
    ctx.beginPath()
    ctx.roundRect(x + 0.5, y + 0.5, w - 1, h - 1, min(w, h) * 0.14)
    ctx.fill()
    ctx.stroke()
    ctx.fillStyle = "#1c1917"
    vertical = p["vertical"]
    size = min(w, h)
    radius = max(1.2, size * 0.075)
    if vertical:
        ctx.fillRect(x + size * 0.15, y + h / 2 - 0.5, w - size * 0.3, 1)
        halves = ((p["a"], x, y, w, h / 2), (p["b"], x, y + h / 2, w, h / 2))
    else:
        ctx.fillRect(x + w / 2 - 0.5, y + size * 0.15, 1, h - size * 0.3)
        halves = ((p["a"], x, y, w / 2, h), (p["b"], x + w / 2, y, w / 2, h))
    for value, hx, hy, hw, hh in halves:
        for fx, fy in geometry.pip_points(value):
            ctx.beginPath()
            ctx.arc(hx + fx * hw, hy + fy * hh, radius, 0, 6.2832)
            ctx.fill()


def render_result():
    """The end-of-hand dialog: built by summary.py from the state, put in place here."""
    import summary

    state = S["state"]
    box = byid("result")
    if state is None or not state.get("hand_over") or state.get("hand_result") is None:
        box.hidden = True
        return
    parts = summary.build(S["lang"], state)
    byid("result-title").textContent = parts["title"]
    byid("result-text").textContent = parts["text"]
    byid("result-table").innerHTML = parts["table"]
    items = byid("result-items")
    items.innerHTML = parts["items"]
    items.hidden = not parts["items"]
    board = byid("result-board")
    board.innerHTML = parts["scoreboard"]
    board.hidden = not parts["scoreboard"]
    byid("result-match").textContent = parts["match"]
    over = bool((state.get("match") or {}).get("over"))
    byid("result-next").hidden = over
    was_hidden = bool(box.hidden)
    box.hidden = False
    if was_hidden:
        byid("result-next" if not over else "result-menu").focus()
        box.querySelector(".dialog").scrollTop = 0


# --------------------------------------------------------------------------- input


def on_table_click(event):
    """Clicks in the hand, the end choice and the move bar (one delegated listener)."""
    state = S["state"]
    if state is None or S["busy"]:
        return
    target = event.target.closest("[data-move],[data-tile],[data-cancel],[data-hint]")
    if target is None:
        return
    if target.getAttribute("data-hint") is not None:
        spawn(ask_hint(state["state_id"]))
        return
    move = target.getAttribute("data-move")
    if move is not None:
        S["selected"] = None
        spawn(run_intent({"type": "play", "state_id": state["state_id"], "move": str(move)}))
        return
    if target.getAttribute("data-cancel") is not None:
        S["selected"] = None
        render()
        return
    tile = target.getAttribute("data-tile")
    if tile is not None:
        tile = str(tile)
        S["selected"] = None if S["selected"] == tile else tile
        render()
        if S["selected"] is not None:
            first = document.querySelector("#choice [data-move]")
            if first is not None:
                first.focus()


async def ask_hint(state_id):
    """Ask the engine for the best move and highlight it (the state does not change)."""
    S["busy"] += 1
    try:
        answer = await send({"type": "hint", "state_id": state_id})
    finally:
        S["busy"] -= 1
    if answer.get("type") == "hint" and S["state"] is not None \
            and S["state"]["state_id"] == state_id:
        S["hint"] = (state_id, answer["move"])
        best = textfmt.canonical_tile(textfmt.split_move(answer["move"])[0])
        by_tile, _others = textfmt.group_moves(S["state"].get("legal") or [])
        if best in by_tile and len(by_tile[best]) > 1:
            S["selected"] = best
        render()


def on_next(event):
    state = S["state"]
    if state is None or S["busy"]:
        return
    spawn(run_intent({"type": "next_hand", "state_id": state["state_id"]}))


def on_menu(event):
    byid("result").hidden = True
    set_screen("menu")
    render_setup()


def on_handoff(event):
    state = S["state"]
    if state is None:
        return
    S["shown_seat"] = state["viewer"]
    set_screen("game")
    render()


def mid_hand():
    """True while a hand is being played: a record exported now shows every seat's tiles and
    the boneyard's order, which nobody at the table may see yet."""
    state = S["state"]
    return state is not None and not state.get("hand_over")


def on_export(event):
    """Export the record; while a hand is being played, only after the warning is confirmed."""
    if S["state"] is None:
        return
    if mid_hand():
        open_export_warning()
    else:
        spawn(export_record(False))


def open_export_warning():
    byid("export-confirm").hidden = False
    byid("export-cancel").focus()


def close_export_warning():
    box = byid("export-confirm")
    if box.hidden:
        return
    box.hidden = True
    if S["screen"] == "game":
        byid("export").focus()


def on_export_confirmed(event):
    close_export_warning()
    spawn(export_record(True))


def on_export_cancelled(event):
    close_export_warning()


async def export_record(reveal):
    """Download the record; `reveal` (sent only once the player confirmed the warning) lets
    the engine export a hand still being played."""
    if S["engine_state"] != "ready" or S["state"] is None:
        return
    message = {"type": "export_record"}
    if reveal:
        message["reveal"] = True
    answer = await send(message)
    if answer.get("type") == "record":
        record = answer["record"]
        name = "domino-" + str(record.get("variant", "match")) + "-" + str(record.get("seed", "")) + ".json"
        window.dominoBoot.download(name, json.dumps(record))
    elif answer.get("code") == "reveals_hands":
        open_export_warning()  # a new hand began since: ask again
    else:
        why = i18n.error_reason(S["lang"], answer.get("code"), answer.get("message", ""))
        show_error(tr("error.engine", message=why))


def on_lang(event):
    S["lang"] = str(event.target.value)
    window.dominoBoot.save("domino.lang", S["lang"])
    apply_lang()


def apply_lang():
    document.documentElement.lang = S["lang"]
    nodes = document.querySelectorAll("[data-i18n]")
    for i in range(int(nodes.length)):
        node = nodes.item(i)
        node.textContent = tr(str(node.dataset.i18n))
    byid("lang").value = S["lang"]
    byid("engine-progress").setAttribute("aria-label", tr("engine.boot"))
    if S["engine_state"] == "ready":
        byid("engine-text").textContent = tr("engine.ready")
    render_setup()
    render_resume()
    if S["state"] is not None:
        render()


def on_resize(event):
    if S["state"] is not None and S["screen"] == "game":
        draw_table()


def on_update(event):
    byid("update-banner").hidden = False


def on_update_reload(event):
    window.dominoBoot.applyUpdate()


def link_intent(link):
    """The `new_match` intent of a parsed deep link."""
    return {"type": "new_match", "variant": link["variant"], "options": link["options"],
            "seed": link["seed"] if link["seed"] is not None else 1,
            "seats": link["seats"], "deep_link": True}


def on_hashchange(event):
    """A deep link followed inside the open page starts its match too."""
    link = textfmt.parse_deep_link(str(window.location.hash))
    if link is not None:
        byid("result").hidden = True
        spawn(run_intent(link_intent(link)))


def on_keydown(event):
    """Escape closes the export warning or the end choice; Ctrl+Z (Cmd+Z) at the table is
    the undo button."""
    key = str(event.key)
    if key == "Escape" and not byid("export-confirm").hidden:
        close_export_warning()
    elif key == "Escape" and S["selected"] is not None:
        S["selected"] = None
        render()
    elif key in ("z", "Z") and (event.ctrlKey or event.metaKey) and S["screen"] == "game":
        event.preventDefault()
        spawn(request_undo())


def on_undo(event):
    spawn(request_undo())


async def request_undo():
    """Take back the player's last move and the computers' replies to it (the engine's
    `undo`). It may be sent while a computer's move is on its way: the engine then cancels
    that search. If that move arrived first, the undo is sent again for the new state."""
    for _attempt in range(2):
        state = S["state"]
        if state is None or not state.get("undo") or S["engine_state"] != "ready":
            return
        message = {"type": "undo", "state_id": state["state_id"]}
        S["busy"] += 1
        try:
            answer = await send(message)
        finally:
            S["busy"] -= 1
        code = answer.get("code")
        if code == "stale_state":
            continue
        if code in ("nothing_to_undo", "undo_unavailable"):
            return  # the hand ended meanwhile: the button is disabled by the next render
        accept(answer, message)
        if answer.get("type") == "state" and byid("undo").disabled:
            # Keyboard focus would be lost on the disabled button: move it to the hand.
            first = document.querySelector("#hand .tile.playable, #moves [data-move]")
            if first is not None:
                first.focus()
        return


# --------------------------------------------------------------------------- start


async def load_table_modules():
    """Compile the modules of the table and of the end-of-hand dialog in the background, one
    browser task each, so that neither the menu nor the first table waits for them."""
    for name in ("geometry", "summary"):
        await window.dominoBoot.nextTask()
        __import__(name)


async def main():
    saved_lang = str(window.dominoBoot.load("domino.lang"))
    if saved_lang in i18n.LANGS:
        S["lang"] = saved_lang
    else:
        S["lang"] = i18n.detect(json.loads(str(js.JSON.stringify(window.navigator.languages))))
    lang = byid("lang")
    lang.disabled = False
    on(lang, "change", on_lang)
    on(byid("setup"), "change", on_setup_change)
    on(byid("setup"), "submit", on_start)
    on(byid("import"), "change", on_import)
    on(byid("resume"), "click", on_resume)
    on(byid("forget"), "click", on_forget)
    on(byid("export-ok"), "click", on_export_confirmed)
    on(byid("export-cancel"), "click", on_export_cancelled)
    on(byid("game"), "click", on_table_click)
    on(byid("result-next"), "click", on_next)
    on(byid("result-menu"), "click", on_menu)
    on(byid("result-export"), "click", on_export)
    on(byid("export"), "click", on_export)
    on(byid("undo"), "click", on_undo)
    on(byid("menu-button"), "click", on_menu)
    on(byid("handoff-ready"), "click", on_handoff)
    on(byid("update-reload"), "click", on_update_reload)
    on(js.window, "resize", on_resize)
    on(js.window, "domino:update", on_update)
    on(js.window, "hashchange", on_hashchange)
    on(js.document, "keydown", on_keydown)
    if window.dominoBoot.updateReady:
        on_update(None)
    S["saved"] = read_saved()
    link = textfmt.parse_deep_link(str(window.location.hash))
    try:
        response = await js.fetch("./variants.json")
        set_catalog(json.loads(str(await response.text())), render=False)
    except Exception:  # noqa: BLE001 - the engine's own answer fills the form later
        pass
    apply_lang()  # renders the setup form in the chosen language
    set_screen("menu")
    document.documentElement.dataset.ui = "ready"
    spawn(load_table_modules())
    if link is not None:
        S["pending"] = link_intent(link)
        render_start_button()
    await start_engine()


