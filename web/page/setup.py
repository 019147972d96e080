"""The menu: one tile per game that starts a match with one tap, with the match's length
chosen above them (`quickstart.py`); the custom match's form behind them (game, players,
seats and their names, house rules, deal number); the saved match's offer, and opening a
record.

The tiles and the form are built from the engine's `variants` answer and the choices kept in
the store (`S["setup"]`, `S["menu"]`: the last choices, kept in storage); the handlers
change those choices or send intents.
"""

import json

import i18n
import link
import quickstart
import saved
import screens
import deeplink
import textfmt
import dom
from dom import byid, show_error, spawn
from store import S, esc, tr

NAMES_KEY = "domino.names"


def set_catalog(answer, render=True):
    """Keep the `variants` answer (variants, players, options) and, unless `render` is False
    (the caller renders the form itself), rebuild the setup form from it."""
    if answer is None or answer.get("type") != "variants":
        if render:
            render_setup()
        return
    S["catalog"] = answer
    ids = []
    for entry in answer.get("variants", []):
        ids.append(entry["id"])
    S["variant_ids"] = ids
    if not S["setup"].get("variant") and ids:
        last = S["menu"].get("variant")
        if last in ids:
            _take_memory(variant_entry(last))
        else:
            S["setup"]["variant"] = "vn_traditional" if "vn_traditional" in ids else ids[0]
    if render:
        render_setup()


def _take_memory(entry):
    """The custom form shows the last match's game with its last choices."""
    players, seats, options = quickstart.choices_for(entry, S["menu"])
    setup = S["setup"]
    setup["variant"] = entry["id"]
    setup["players"] = players
    setup["seats"] = seats
    setup["options"] = options


def load_menu():
    """The menu's memory (the last game, the length, each game's last choices), as stored."""
    S["menu"] = quickstart.read_memory(dom.load(quickstart.MEMORY_KEY))


def remember(message):
    """A match started from the menu: its choices are the next ones of its game."""
    S["menu"] = quickstart.remember(S["menu"], message)
    dom.save(quickstart.MEMORY_KEY, json.dumps(S["menu"]))


_quick = {"key": None}  # what the tiles were last built from (start-up renders the menu often)


def render_quick():
    """The games as tiles (each one tap to play: its players and the match's length said on
    it, the last one played marked), and the length choice above them."""
    catalog = S["catalog"]
    if catalog is None:
        return
    lang = S["lang"]
    memory = S["menu"]
    length = memory.get("length", quickstart.DEFAULT_LENGTH)
    busy = S["pending"] is not None
    key = (lang, length, json.dumps(memory), busy, (S["pending"] or {}).get("variant"),
           id(catalog))
    if key == _quick["key"]:
        return
    _quick["key"] = key
    html = []
    for index, vid in enumerate(S["variant_ids"]):
        entry = variant_entry(vid)
        intent = quickstart.quick_intent(entry, memory, length)
        name = quickstart.soft_breaks(i18n.variant_name(lang, vid, entry.get("name")),
                                      tr("quick.breaks"))
        key, n = quickstart.length_words(entry, intent["options"])
        details = tr("quick.players", n=intent["options"]["players"]) + " \u00b7 " + (
            tr(key) if n is None else tr(key, n=n))
        last = vid == memory.get("variant")
        starting = busy and (S["pending"] or {}).get("variant") == vid
        if starting:
            details = tr("menu.starting")  # tapped before the engine was up: it starts then
        html.append('<button type="button" class="quick-tile' + (" last" if last else "")
                    + (" starting" if starting else "")
                    + '" data-quick="' + esc(vid) + '"' + (" disabled" if busy else "")
                    + '><span class="quick-face" aria-hidden="true">' + quickstart.face_svg(index)
                    + "</span>"
                    # Its name is what it shows, "Play" first for a screen reader.
                    + '<span class="quick-name"><span class="sr-only">' + esc(tr("quick.play"))
                    + " </span>" + esc(name) + '<span class="sr-only">:</span></span>'
                    + '<span class="quick-line">' + esc(details) + "</span>"
                    + ('<span class="quick-last">' + esc(tr("quick.last")) + "</span>"
                       if last else "") + "</button>")
    byid("quick").innerHTML = "".join(html)
    for node in dom.query_all("#length-box input"):
        node.checked = str(node.value) == length


def close_friends_table():
    """A match on this device alone: the friends' table (if any) is closed first, so that its
    seats are this device's again (pass-and-play, its hand-over screen)."""
    if S["friends"] is not None and S["table_ready"]:
        screens.call(screens.FRIENDS, "close_table")


def on_quick(event):
    """A tap on a game's tile: its match starts (once the engine is up)."""
    tile = event.target.closest("[data-quick]")
    if tile is None or S["catalog"] is None or S["pending"] is not None:
        return
    entry = variant_entry(str(tile.getAttribute("data-quick")))
    if entry is None:
        return
    message = quickstart.quick_intent(entry, S["menu"],
                                      S["menu"].get("length", quickstart.DEFAULT_LENGTH))
    remember(message)
    _take_memory(entry)
    close_friends_table()
    spawn(link.run_intent(message))


def on_length(event):
    value = str(event.target.value)
    if value in quickstart.LENGTHS:
        S["menu"]["length"] = value
        dom.save(quickstart.MEMORY_KEY, json.dumps(S["menu"]))
        render_setup()


def variant_entry(variant_id):
    catalog = S["catalog"] or {}
    for entry in catalog.get("variants", []):
        if entry["id"] == variant_id:
            return entry
    return None


def take_link(link_data):
    """A deep link's choices shown in the form (its game, players, seats and deal number)."""
    setup = S["setup"]
    setup["variant"] = link_data["variant"]
    players = link_data["options"].get("players")
    if isinstance(players, int):
        setup["players"] = players
    if link_data.get("seats"):
        setup["seats"] = list(link_data["seats"])
    options = {}
    for key in link_data["options"]:
        if key != "players":
            options[key] = link_data["options"][key]
    setup["options"] = options
    seed = link_data.get("seed")
    # Only a number the form's input holds (deeplink.link_seed has bounded it already).
    if isinstance(seed, int) and 0 <= seed <= deeplink.LINK_SEED_MAX:
        setup["seed"] = seed
        byid("seed").value = str(seed)


def load_names():
    """The typed names as stored, each clean and limited (textfmt.read_names)."""
    S["names"] = textfmt.read_names(dom.load(NAMES_KEY))


def render_setup():
    """Build the setup form from the `variants` answer and the current choices."""
    setup = S["setup"]
    entry = variant_entry(setup.get("variant"))
    if entry is None:
        return
    render_quick()
    lang = S["lang"]
    html = []
    for vid in S["variant_ids"]:
        name = i18n.variant_name(lang, vid, variant_entry(vid).get("name"))
        sel = " selected" if vid == entry["id"] else ""
        html.append('<option value="' + esc(vid) + '"' + sel + ">" + esc(name) + "</option>")
    select = byid("variant")
    select.innerHTML = "".join(html)
    select.disabled = False
    byid("variant-summary").textContent = i18n.variant_summary(lang, entry["id"])
    rules = byid("rules-link")
    rules.href = "./rules/" + entry["id"] + ".html#" + lang
    rules.setAttribute("aria-label", tr("menu.rules") + ": "
                       + i18n.variant_name(lang, entry["id"], entry.get("name")))
    lesson = byid("lesson-open")
    lesson.setAttribute("aria-label", tr(
        "lesson.open_label", game=i18n.variant_name(lang, entry["id"], entry.get("name"))))
    lesson.title = lesson.getAttribute("aria-label")
    players = _render_players(entry, setup)
    _render_seats(setup, players)
    _render_options(entry, setup, players, lang)
    seed = byid("seed")
    seed.disabled = False
    seed.placeholder = tr("menu.seed_random")
    # Left empty unless a link chose a number: a match without one gets a secret deal number
    # from the engine (DECISIONS E-35), which no state shows.
    if seed.value == "" and setup.get("seed") is not None:
        seed.value = str(setup["seed"])
    byid("import").disabled = False
    render_start_button()


def _render_players(entry, setup):
    """The number of players the game allows, the chosen one kept when it still fits (else
    the game's default); returns it."""
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
    return players


def _render_seats(setup, players):
    """Who plays each seat (a human by default first, then computers), and a name field for
    each human seat when several humans play at one device."""
    seats = setup.get("seats") or []
    while len(seats) < players:
        seats.append("human" if not seats else "ai:medium")
    seats = seats[:players]
    setup["seats"] = seats
    names = S["names"]
    html = ["<legend>" + esc(tr("menu.seats")) + "</legend>"]
    for i in range(players):
        html.append('<div class="seat-setup"><label><span>' + esc(tr("menu.seat", n=i + 1))
                    + "</span>")
        html.append('<select data-seat="' + str(i) + '">')
        for kind in textfmt.SEAT_KINDS:
            sel = " selected" if kind == seats[i] else ""
            html.append('<option value="' + kind + '"' + sel + ">" + esc(tr("seat." + kind))
                        + "</option>")
        html.append("</select></label>")
        if seats[i] == "human" and seats.count("human") > 1:
            typed = names[i] if i < len(names) and isinstance(names[i], str) else ""
            html.append('<label class="seat-name"><span>' + esc(tr("menu.seat_name")) + "</span>"
                        + '<input type="text" dir="auto" maxlength="' + str(textfmt.NAME_POINTS)
                        + '" data-name="' + str(i) + '" value="'
                        + esc(typed) + '" placeholder="' + esc(tr("game.player", n=i + 1))
                        + '"></label>')
        html.append("</div>")
    byid("seats").innerHTML = "".join(html)


def _render_options(entry, setup, players, lang):
    """The game's options for this number of players: a check box, a choice or a number each,
    with its label and description in the page's language."""
    values = setup.get("options") or {}
    # The form's length is the one chosen above the tiles until the player changes it here.
    lengths = quickstart.length_options(entry, S["menu"].get("length"))
    html = []
    for opt in entry.get("options", []):
        name = opt["name"]
        if name == "players" or (opt.get("players") and players not in opt["players"]):
            continue
        value = values.get(name, lengths.get(name, opt.get("default")))
        desc = esc(i18n.option_description(lang, name, opt.get("description", ""), entry["id"]))
        label = esc(i18n.option_label(lang, name, entry["id"]))
        if opt["type"] == "bool":
            chk = " checked" if value is True or str(value) in ("true", "True", "1") else ""
            html.append('<label class="check"><input type="checkbox" data-opt="' + esc(name)
                        + '" data-type="bool"' + chk + "><span>" + label
                        + "<br><small>" + desc + "</small></span></label>")
        elif opt["type"] == "choice":
            html.append("<label><span>" + label + "</span><select data-opt=\"" + esc(name)
                        + '" data-type="choice">')
            for choice in opt.get("choices", []):
                sel = " selected" if str(choice) == str(value) else ""
                html.append('<option value="' + esc(choice) + '"' + sel + ">"
                            + esc(i18n.choice_label(lang, choice, name)) + "</option>")
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


def render_start_button():
    button = byid("start")
    if S["catalog"] is None:
        return
    if (S["pending"] is not None) != bool(dom.query("#quick [disabled]")):
        render_quick()  # a tile's match waits for the engine, or has started
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
    for node in dom.query_all("#options [data-opt]"):
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
    message = {"type": "new_match", "variant": setup["variant"], "options": options,
               "seats": list(setup["seats"])}
    # Only a number the player typed (or a link chose) is sent; else the engine deals from a
    # secret one (E-35).
    seed_text = str(byid("seed").value).strip()
    if seed_text.isdigit():
        message["seed"] = int(seed_text)
    return message


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
        render_setup()
    elif target.getAttribute("data-name") is not None:
        i = int(str(target.getAttribute("data-name")))
        names = S["names"]
        while len(names) <= i:
            names.append("")
        typed = str(target.value)
        names[i] = textfmt.clean_name(typed)
        if names[i] != typed:
            target.value = names[i]  # what is kept, as it will be shown
        dom.save(NAMES_KEY, json.dumps(names))
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
    close_friends_table()
    message = read_setup()
    remember(message)
    spawn(link.run_intent(message))


def on_import(event):
    files = event.target.files
    if files is None or int(files.length) == 0:
        return
    spawn(import_file(files.item(0)))


async def import_file(file):
    """Open a record file: its text goes to the worker in JavaScript (link.send), refused
    there with the reason when it is too large or nested too deep (issue 28)."""
    await link.run_intent({"type": "load_record"}, file)


def on_resume(event):
    """Continue the saved match: the worker loads the record it saved (sent once it is up)."""
    if S["saved"] is None or S["pending"] is not None:
        return
    if S["table_ready"] and screens.call(screens.FRIENDS, "resume")[1]:
        return  # a friends' table, reopened with its friends' seats held (issue 24)
    spawn(link.run_intent({"type": "resume"}))


def on_resume_other(event):
    """Continue one of the other matches kept (the menu's list; issue 28)."""
    save = saved.chosen_save(event)
    if save is None or S["pending"] is not None or S["engine_state"] != "ready":
        return
    spawn(link.run_intent({"type": "resume", "save": save}))


async def refresh_saves():
    """The menu's list of saved matches, read again from the worker (another tab may have
    closed, a link's match may have left an earlier one kept)."""
    if S["engine_state"] != "ready":
        return
    answer = await link.send({"type": "saves"})
    if answer.get("type") == "saves":
        saved.take_list(answer.get("saves"))


def on_forget(event):
    spawn(forget_saved())


async def forget_saved():
    """Discard the saved match (the worker deletes it; the page forgets its summary)."""
    if S["engine_state"] != "ready":
        return
    answer = await link.send({"type": "forget_save"})
    if answer.get("type") == "forgotten":
        saved.keep_saved(None)
        show_error("")
        await refresh_saves()
    else:
        show_error(tr("error.save_failed", error=str(answer.get("message", "")).rstrip(".")))


def on_rematch(event):
    """The same settings, a new secret deal number (at a friends' table, the same friends
    at the same seats: web/page/friends.py)."""
    if (S["friends"] or {}).get("role") == "host" and S["table_ready"]:
        byid("result").hidden = True
        screens.call(screens.FRIENDS, "rematch")
        return
    last = S["last_match"]
    state = S["state"]
    if last is None and state is not None:
        last = {"type": "new_match", "variant": state.get("variant"),
                "options": state.get("options") or {}, "seats": state.get("seats")}
    if last is None:
        return
    # No seed: the engine deals from a new secret one (E-35).
    message = {"type": "new_match", "variant": last["variant"],
               "options": last.get("options") or {}, "seats": last.get("seats")}
    byid("result").hidden = True
    spawn(link.run_intent(message))
