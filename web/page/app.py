"""The Domino UI (MicroPython on the page's main thread, through PyScript); `main.py` loads it.

The page is split by what a player sees, around one store (`store.py`):
`setup` (the menu), `seats` (the seats around the table), `table` (the canvas, its ends),
`hand` (your tiles and moves), `logview` (the game log), `dialogs` (the end of a hand),
`settings`; `link` talks to the engine worker, `saved` shows the saved match; `gestures` takes
the table's taps and drags, `openers` opens the screens beside the table.

One-way flow: a worker message goes into the store (`link.accept`), then `render()` draws
the page from the store; input handlers here only change the player's choices in the store
or send intents. The rules and the AI live in the worker; this module never decides whether
a move is legal, it shows the moves the engine listed.

Kept plain for MicroPython: no dataclasses, no typing, shallow call depth, JSON for every value
that crosses to JavaScript, one event listener per container (event delegation).
"""

import json

import js
from pyscript import document, window
from pyscript.ffi import create_proxy

import i18n
import link
import loading
import openers
import saved
import screens
import settings
import setup
import dom
import exporting
import store
import deeplink
import textfmt
from dom import byid, on, spawn
from store import S, tr

# The table's modules (`geometry`, `summary`, `seats`, `table`, `hand`, `logview`, `dialogs`)
# are imported where they are used. They are not among the files PyScript fetches before the
# menu: `load_table_modules` fetches and compiles them in the background once the menu works,
# and states wait for them (`link.table_ready`), so that the menu waits for none of them.
TABLE_MODULES = ("faces", "gestures", "boxes", "line_layout", "spinner_tree", "train_bands", "geometry",
                 "summary", "motion_frames", "pace", "motion", "sound", "train_labels", "table_frame", "tree_turn", "table", "seats",
                 "hand", "logview", "dialogs", "history_view", "position_view", "review_words",
                 "review_nav", "review_view", "charts", "stats_view", "lesson_view", "reactions",
                 "friends_table", "friends",
                 "celebrate")
# The pause between the last tile of a hand and its summary, by speed setting (ms).
RESULT_DELAY_MS = {"slow": 1800, "normal": 1100, "fast": 600, "instant": 0}


def on_screen_shown(old, name):
    """The screens' elements after `screens.show`: the one shown, the others hidden (each
    screen's element has its name as id)."""
    for other in screens.SCREENS:
        byid(other).hidden = other != name
    byid("menu-button").hidden = name == screens.MENU
    if name == screens.MENU:
        byid("result").hidden = True
        byid("export-confirm").hidden = True
        byid("leave-confirm").hidden = True
        saved.render_resume()
        spawn(setup.refresh_saves())


def humans_of(state):
    """The human seats played at this device (a friend's device's seat is not)."""
    return textfmt.local_humans(state["seats"])


def render():
    """Draw the page from the store."""
    setup.render_start_button()
    state = S["state"]
    if screens.draws_itself():
        return  # a state pushed meanwhile waits for the table
    if screens.showing(screens.MENU) or state is None:
        screens.show(screens.MENU)
        return
    import dialogs
    import hand
    import logview
    import seats
    import table

    viewer = state["viewer"]
    humans = humans_of(state)
    # Pass-and-play: before showing a human's tiles, hand the device over.
    if humans > 1 and not state.get("hand_over") and state.get("to_move_kind") == "human" \
            and S["shown_seat"] != viewer:
        name = seats.seat_name(viewer)
        byid("handoff-title").textContent = tr("game.pass_device", name=name)
        byid("handoff-ready").textContent = tr("game.pass_ready", name=name)
        # The previous player's tiles and log leave the page, not only the screen.
        for part in ("hand", "choice", "moves", "turn-moves", "log", "seats-bottom"):
            dom.set_html(part, "")
        screens.show(screens.HANDOFF)
        return
    screens.show(screens.GAME)
    t = dom.span_start()
    seats.render()
    dom.span("seats", t)
    turn = ""
    to_move = state.get("to_move")
    if not state.get("hand_over") and to_move is not None:
        if state.get("to_move_kind") == "human":
            mine = humans == 1 and to_move == viewer
            turn = tr("game.turn_you") if mine else tr("game.turn_other",
                                                        name=seats.seat_name(to_move))
        else:
            turn = tr("game.thinking", name=seats.seat_name(to_move))
    elif state.get("hand_over"):
        turn = tr("game.hand_over")
    if store.forced_draw() is not None:
        turn = tr("game.auto_draw")
    byid("turn").textContent = turn
    t = dom.span_start()
    hand.render()
    dom.span("hand", t)
    link.draw_for_player()
    t = dom.span_start()
    table.draw(table_drawn)  # after the next frame when the game screen was hidden (W-116)
    dom.span("table", t)
    undo = byid("undo")
    undo.hidden = humans != 1
    undo.disabled = not state.get("undo")
    undo.title = tr("game.undo_label")
    export = byid("export")
    # A friend's device holds no record (the host's does): nothing to export there.
    export.hidden = (S["friends"] or {}).get("role") == "guest"
    # Mid-hand the file shows every hand: the button says so to a screen reader and in its
    # tooltip, and the confirmation that follows says it in full.
    export.textContent = tr("game.export_mid" if exporting.mid_hand() else "game.export")
    label = tr("game.export_mid_label" if exporting.mid_hand() else "game.export")
    export.setAttribute("aria-label", label)
    export.title = label
    render_sound()
    t = dom.span_start()
    logview.render()
    dialogs.render()
    dom.span("log_dialogs", t)


def table_drawn():
    """What reads the table just drawn (table.draw calls it, at once or after the frame that
    laid out the game screen): the end buttons named as it shows them, then the state shown
    said on the page (`html[data-state]`, for tests and tools, which wait on it: the page
    never reads it back) once all of it is drawn."""
    if not byid("choice").hidden:
        import hand

        hand.render()  # the end buttons named by the table just drawn
    document.documentElement.dataset.state = str(S["state"]["state_id"])
    # What is rendered after the table may resize its box: checked at the next frame.
    if not _box_check["pending"]:
        _box_check["pending"] = True
        dom.next_frame(check_table_box)


_box_check = {"pending": False}  # a check is waiting for the next frame


def check_table_box(timestamp=None):
    """After a render, at the next animation frame: draw the table again if what was rendered
    after it resized its box, and name the end buttons as it is now drawn. Not in the render's
    task: reading the box there lays out the page with all just written (the summary: 63 ms
    of a 78 ms task, loaded machine, W-85); at the frame the browser lays it out anyway."""
    _box_check["pending"] = False
    t = dom.span_start()
    drew = on_table_box(None, None)
    dom.span("box_check", t)
    if drew and not byid("choice").hidden:
        import hand

        hand.render()


# ----------------------------------------------- buttons and dialogs (taps and drags: gestures)


def on_next(event):
    state = S["state"]
    if state is None or S["busy"]:
        return
    spawn(link.run_intent({"type": "next_hand", "state_id": state["state_id"]}))


def on_result_close(event):
    state = S["state"]
    if state is not None:
        S["result_closed"] = state["state_id"]
    render()
    byid("result-open").focus()


def on_result_open(event):
    S["result_closed"] = None
    render()


def on_menu(event):
    byid("result").hidden = True
    screens.show(screens.MENU)
    setup.render_setup()


def on_handoff(event):
    state = S["state"]
    if state is None:
        return
    S["shown_seat"] = state["viewer"]
    render()


def on_leave(event):
    S["leave_open"] = True
    render()
    byid("leave-cancel").focus()


def on_leave_cancel(event):
    S["leave_open"] = False
    render()


def on_leave_ok(event):
    move = byid("leave-ok").getAttribute("data-move")
    S["leave_open"] = False
    byid("leave-confirm").hidden = True
    if move:
        link.play(move)


def on_setting(event):
    target = event.target
    tid = str(target.id)
    if tid == "speed":
        settings.set_value("speed", str(target.value))
    elif tid == "sort":
        settings.set_value("sort", str(target.value))
        render()
    elif tid == "motion":
        settings.set_value("motion", bool(target.checked))
        settings.render()
    elif tid == "theme":
        settings.set_value("theme", str(target.value))
        settings.render()
        render()  # the table's tiles in the theme's colours


def on_lang(event):
    S["lang"] = str(event.target.value)
    window.dominoBoot.save("domino.lang", S["lang"])
    apply_lang()


def apply_lang():
    """The page in the language chosen: its fixed texts, then what is built from words."""
    translate_fixed()
    render_words()


def translate_fixed():
    """The page's fixed texts and its language's names (document, description, manifest)."""
    document.documentElement.lang = S["lang"]
    dom.translate_page()
    byid("lang").value = S["lang"]
    document.querySelector("meta[name=description]").setAttribute("content",
                                                                   tr("app.description"))
    # The app installed from this page is named and described in the page's language.
    document.querySelector("link[rel=manifest]").setAttribute(
        "href", "./manifest." + S["lang"] + ".webmanifest")
    if S["engine_state"] == "ready":
        byid("engine-text").textContent = tr("engine.ready")


def render_words():
    """What is built from the catalogue's words: the settings, the menu, the screen shown."""
    settings.render()
    setup.render_setup()
    saved.render_resume()
    screens.current("render")
    if S["state"] is not None:
        render()
    if S["friends"] is not None:
        # A friends' table: the bar under the hand (and the scan's words) at once, not at the
        # lobby's next change.
        screens.call(screens.FRIENDS, "on_lang")


def on_resize(event):
    if S["table_ready"]:
        # The table's modules are compiled after the menu's (TABLE_MODULES); before them
        # nothing was drawn, so there is no drawing to forget.
        import table_frame

        table_frame.on_resize(event)
    if S["state"] is not None and screens.showing(screens.GAME):
        render()
    else:
        screens.current("on_resize")


def on_table_box(entries, observer):
    """The table's box changed size while the window did not (a panel opened, a label took
    another line after the table was drawn): draw the table for the box it has now, so that
    it neither overflows its box nor leaves part of it empty. True when it drew."""
    geo = S["geo"]
    if S["state"] is None or not screens.showing(screens.GAME) or geo is None:
        return False
    wrap = byid("table-wrap")
    height = float(wrap.clientHeight)
    if geo.get("fits", True):
        same = abs(height - float(geo["height"])) < 1
    else:  # a table taller than any box it was given: the box scrolls until it fits
        same = height < float(geo["needed"])
    if int(wrap.clientWidth) == int(geo["width"]) and same:
        return False
    import table
    table.draw()
    return True


def on_update(event):
    byid("update-banner").hidden = False


def on_update_reload(event):
    window.dominoBoot.applyUpdate()


def link_intent(data):
    """The `new_match` intent of a parsed deep link: its seed only when the link names one
    (else the engine deals from a secret one, DECISIONS E-35)."""
    message = {"type": "new_match", "variant": data["variant"], "options": data["options"],
               "seats": data["seats"], "deep_link": True}
    if data["seed"] is not None:
        message["seed"] = data["seed"]
    return message


def read_link():
    """The address's fragment as `deeplink.read_link` reads it; whatever it holds, start-up
    goes on: a fragment that cannot be read is ignored with a note, and the address loses it
    (so that a reload does not meet it again)."""
    try:
        found = deeplink.read_link(str(window.location.hash))
    except Exception:  # noqa: BLE001 - read_link does not raise; the menu must live anyway
        found = {"match": None, "lesson": None, "notes": [deeplink.NOTE_BAD]}
    dom.show_link_notes(found["notes"])
    if found["match"] is None and found["lesson"] is None and found["notes"]:
        link.forget_link()
    return found


def on_friends_event(event):
    """The menu's friends' buttons and the lobby's (web/page/friends.py, a table module:
    the buttons wait for it)."""
    if not S["table_ready"]:
        return
    if str(event.target.id) == "friends-host" and not byid("friends-host").disabled:
        screens.call(screens.FRIENDS, "open_host", setup.read_setup())
    else:
        screens.call(screens.FRIENDS, "on_" + str(event.type), event)


def on_hashchange(event):
    """A deep link followed inside the open page starts its match (or opens its lesson, or
    joins a friends' table) too."""
    found = read_link()
    if found["friends"] is not None and S["table_ready"]:
        screens.call(screens.FRIENDS, "open_guest", found["friends"])
        return
    lesson = found["lesson"]
    if lesson is not None:
        openers.take_lesson_link(lesson)
        apply_lang()
        openers.open_pending_lesson()
        return
    data = found["match"]
    if data is not None:
        byid("result").hidden = True
        setup.take_link(data)
        spawn(link.open_link(link_intent(data)))


def on_keydown(event):
    """Escape closes a dialog or the end choice; Ctrl+Z (Cmd+Z) at the table is undo."""
    key = str(event.key)
    if screens.current("on_key", event)[0]:
        return  # the review and the lesson take their own keys
    if key == "Escape" and not byid("export-confirm").hidden:
        exporting.close_export_warning()
    elif key == "Escape" and S["leave_open"]:
        on_leave_cancel(None)
    elif key == "Escape" and S["selected"] is not None:
        S["selected"] = None
        render()
    elif key in ("z", "Z") and (event.ctrlKey or event.metaKey) \
            and screens.showing(screens.GAME):
        event.preventDefault()
        spawn(request_undo())


def on_undo(event):
    spawn(request_undo())


async def request_undo():
    """Take back the player's last move and the computers' replies to it (the engine's
    `undo`), for the state the player sees: the engine takes it even when the computers have
    moved on (their moves still queued here are dropped), and cancels a search on its way."""
    state = S["state"]
    if state is None or not state.get("undo") or S["engine_state"] != "ready":
        return
    answer = await link.send({"type": "undo", "state_id": state["state_id"]}, take=True,
                             hold=True)
    if answer.get("type") == "state" and byid("undo").disabled:
        # Keyboard focus would be lost on the disabled button: move it to the hand.
        first = document.querySelector("#hand .tile.playable, #moves [data-move]")
        if first is None:  # no tile to play: Draw or Pass, on the turn's line (W-124)
            first = document.querySelector("#turn-moves [data-move]")
        if first is not None:
            first.focus()


def on_state(answer, fresh):
    """A new state in the store: its sounds; the end of a hand lets the last tile and the
    hands be seen before the summary opens."""
    import table

    if not fresh and table.motion_speed() == "off":
        import sound

        sound.play_state(answer)  # else the animation plays them as it goes
    if answer.get("hand_over") and not fresh:
        import celebrate

        delay = RESULT_DELAY_MS.get(S["settings"].get("speed"), 1100)
        celebrate.schedule(answer, delay)  # a win, when the result shows
        if delay or table.motion_speed() != "off":
            S["result_closed"] = answer["state_id"]
            spawn(open_result_later(answer["state_id"], delay))


def on_gesture(event):
    """Browsers keep audio off until a gesture (`sound.on_gesture`). A tap outside the open
    settings closes them, as a popover closes (they lie over your tiles)."""
    if S["table_ready"]:  # a tap in the menu's first moments unlocks nothing yet
        import sound

        sound.on_gesture()
    box = byid("settings-box")
    if event.type == "pointerdown" and box.open and event.target.closest("#settings-box") is None:
        box.open = False


def on_settings_close(event):
    """The settings' own Close button: on a phone the sheet covers its summary (W-50)."""
    box = byid("settings-box")
    box.open = False
    box.querySelector("summary").focus()


def on_sound(event):
    import sound

    sound.toggle()
    render_sound()


def render_sound():
    import sound

    button = byid("sound")
    on_now = not sound.muted()
    button.textContent = tr("sound.on" if on_now else "sound.off")
    button.setAttribute("aria-pressed", "true" if on_now else "false")


async def open_result_later(state_id, delay):
    await link.after_table_moves(delay)
    state = S["state"]
    if state is not None and state["state_id"] == state_id and S["result_closed"] == state_id:
        S["result_closed"] = None
        render()


# --------------------------------------------------------------------------- start


# How often a table module is asked for before the page says it cannot load the table.
FETCH_TRIES = 3


async def next_task():
    """Let the browser run its other tasks (paint, input) before going on: resumes in a new
    browser task (boot.js `nextTask`)."""
    await window.dominoBoot.nextTask()


# Characters of a module's source compiled in one browser task (loading.parts, W-82): a few
# milliseconds of MicroPython's compiler on a quiet machine (bytecode counts by
# loading.MPY_WEIGHT, W-84).
PART_CHARS = 4000


async def fetch_module(name):
    """Fetch `page/<name>` (bytecode or source: `loading.SUFFIX`) into the interpreter's files
    (`dom.fetch_file`), asked for up to FETCH_TRIES times (a phone's connection may drop one
    request); raises RuntimeError with the last reason."""
    path = name + loading.SUFFIX
    why = ""
    for attempt in range(FETCH_TRIES):
        if attempt:
            await link.js_sleep(500 * attempt)
        try:
            await dom.fetch_file("./page/" + path, path)
            return
        except RuntimeError as exc:
            why = str(exc)
    raise RuntimeError(why)


async def load_table_modules():
    """Fetch the table's modules and the end-of-hand dialog's into the interpreter's files,
    then import them, spread over browser tasks (loading.py), so that neither the
    menu nor the first table waits for them; states that arrive meanwhile wait (`link.table_ready`). If one cannot be
    fetched, the player is told (a reload tries again) instead of a table that never comes."""
    try:
        for name in TABLE_MODULES:
            await fetch_module(name)
    except RuntimeError as exc:
        dom.show_error(tr("error.table", error=str(exc)))
        return
    await next_task()
    spent = [0]  # characters compiled in the current browser task
    for name in TABLE_MODULES:
        t = dom.span_start()
        await loading.import_in_parts(name, PART_CHARS, next_task, spent)
        dom.span("import:" + name, t)
    wire_table()
    link.table_ready()
    openers.render_history_button()
    openers.open_pending_lesson()
    if S["friends_code"] is not None:
        screens.call(screens.FRIENDS, "open_guest", S["friends_code"])


def after_ready(answer):
    setup.set_catalog(answer)
    setup.render_start_button()
    openers.render_history_button()
    openers.open_pending_lesson()


def wire():
    """One listener per element (or container) of the page: the menu, the table and its
    dialogs here, the other screens in `wire_screens`."""
    lang = byid("lang")
    lang.disabled = False
    on(lang, "change", on_lang)
    on(byid("setup"), "change", on_setup_change_any)
    on(byid("setup"), "submit", setup.on_start)
    on(byid("quick"), "click", setup.on_quick)
    on(byid("length-box"), "change", setup.on_length)
    on(byid("import"), "change", setup.on_import)
    on(byid("resume"), "click", setup.on_resume)
    on(byid("saved-others-list"), "click", setup.on_resume_other)
    on(byid("forget"), "click", setup.on_forget)
    on(byid("export-ok"), "click", exporting.on_export_confirmed)
    on(byid("export-cancel"), "click", exporting.on_export_cancelled)
    on(byid("settings-box"), "change", on_setting)
    on(byid("settings-close"), "click", on_settings_close)
    on(byid("leave"), "click", on_leave)
    on(byid("sound"), "click", on_sound)
    on(js.document, "pointerdown", on_gesture)
    on(js.document, "keydown", on_gesture)
    on(byid("leave-ok"), "click", on_leave_ok)
    on(byid("leave-cancel"), "click", on_leave_cancel)
    on(byid("result-next"), "click", on_next)
    on(byid("table-next"), "click", on_next)
    on(byid("result-close"), "click", on_result_close)
    on(byid("result-open"), "click", on_result_open)
    on(byid("result-rematch"), "click", setup.on_rematch)
    on(byid("table-rematch"), "click", setup.on_rematch)
    on(byid("result-menu"), "click", on_menu)
    on(byid("result-export"), "click", exporting.on_export)
    on(byid("export"), "click", exporting.on_export)
    on(byid("undo"), "click", on_undo)
    on(byid("menu-button"), "click", on_menu)
    on(byid("handoff-ready"), "click", on_handoff)
    on(byid("update-reload"), "click", on_update_reload)
    on(byid("friends-open"), "click", on_friends_event)
    on(byid("friends"), "click", on_friends_event)
    on(byid("friends"), "change", on_friends_event)
    wire_screens()


def wire_table():
    """The table's taps and drags (gestures.py, a table module: the menu waits for none of
    it), once the table's modules are compiled and before any state is shown."""
    import gestures

    on(byid("game"), "click", gestures.on_game_click)
    on(byid("hand"), "pointerdown", gestures.on_pointer_down)
    on(byid("hand"), "pointermove", gestures.on_pointer_move)
    on(byid("hand"), "pointerup", gestures.on_pointer_up)
    on(byid("hand"), "pointercancel", gestures.on_pointer_cancel)
    on(byid("table"), "click", gestures.on_canvas_click)


def wire_screens():
    """The listeners of the history, review, statistics and lesson screens, of the window
    (resize, an update ready, a deep link followed, the keys) and of the table's box."""
    on(byid("history-open"), "click", openers.on_history_open)
    on(byid("link-note-close"), "click", dom.on_link_note_close)
    on(byid("history"), "click", openers.on_history_click)
    on(byid("history-keep"), "change", openers.on_history_keep)
    on(byid("review"), "click", openers.on_review_click)
    on(byid("review"), "change", openers.on_review_change)
    on(byid("review-slider"), "input", openers.on_review_change)
    on(byid("result-review"), "click", openers.on_review_open)
    on(byid("result-review-match"), "click", openers.on_review_match_open)
    link.on_progress(openers.on_review_progress)
    on(byid("history-import"), "change", openers.on_history_import)
    on(byid("stats-open"), "click", openers.on_stats_open)
    on(byid("stats-history"), "click", openers.on_stats_history)
    on(byid("stats-game"), "change", openers.on_stats_game)
    on(byid("lesson-open"), "click", openers.on_lesson_open)
    on(byid("lesson"), "click", openers.on_lesson_click)
    on(byid("lesson-table"), "click", openers.on_lesson_canvas)
    js.ResizeObserver.new(create_proxy(openers.on_lesson_box)).observe(byid("lesson-wrap"))
    on(js.window, "resize", on_resize)
    js.ResizeObserver.new(create_proxy(on_table_box)).observe(byid("table-wrap"))
    on(js.window, "domino:update", on_update)
    on(js.window, "hashchange", on_hashchange)
    on(js.document, "keydown", on_keydown)


async def main():
    saved_lang = str(window.dominoBoot.load("domino.lang"))
    if saved_lang in i18n.LANGS:
        S["lang"] = saved_lang
    else:
        S["lang"] = i18n.detect(json.loads(str(js.JSON.stringify(window.navigator.languages))))
    # The menu's start-up is cut into browser tasks of 10-20 ms (DECISIONS W-80): the page has
    # painted its plain menu, and no task after that paint may hold it for over 50 ms. The
    # language's words are read first, in a task of their own.
    await next_task()
    i18n.use(S["lang"])
    await next_task()
    settings.load()
    setup.load_names()
    setup.load_menu()
    store.on_render(render)
    link.on_state(on_state)
    wire()
    await next_task()
    if window.dominoBoot.updateReady:
        on_update(None)
    if float(window.innerWidth) >= 900 and float(window.innerHeight) >= 560:
        byid("log-box").open = True  # beside the table there is room for it
    S["saved"] = saved.read_saved()
    found = read_link()
    data = found["match"]
    lesson = found["lesson"]
    S["friends_code"] = found["friends"]
    if lesson is not None:
        openers.take_lesson_link(lesson)
    try:
        response = await js.fetch("./variants.json")
        setup.set_catalog(json.loads(str(await response.text())), render=False)
    except Exception:  # noqa: BLE001 - the engine's own answer fills the form later
        pass
    if lesson is not None and not openers.lesson_known(lesson["lesson"]):
        openers.refuse_lesson()  # at once, not when the engine is up
    if data is not None:
        setup.take_link(data)
    translate_fixed()
    await next_task()
    render_words()  # the setup form in the chosen language
    await next_task()
    screens.on_show(on_screen_shown)
    screens.show(screens.MENU)
    document.documentElement.dataset.ui = "ready"
    spawn(load_table_modules())
    if data is not None:
        S["pending"] = link_intent(data)
        setup.render_start_button()
    # No link and no lesson: a match saved mid-way is played on as soon as the engine is up.
    S["auto_resume"] = data is None and lesson is None
    saved.render_resume()
    await link.start_engine(after_ready)


def on_setup_change_any(event):
    setup.on_setup_change(event)
