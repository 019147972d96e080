"""Play with friends (issue 24): the lobby screen, for the host and for a guest.

The host chooses the game in the menu as for any match, then here: its name, and for every
other seat a friend or a computer (with its level). The invitation (a link, its QR code, the
room code read aloud in two groups, Share or Copy) shows at once; guests take the friends'
seats as they join, and the host starts once every friend's seat is taken (an empty one may
be given to a computer first). A guest opens the link (or types the code in the menu), gives
a name and waits at its seat for the start.

Everything that goes over the network is web/friends.js's (JavaScript): this module sends
it small JSON plans and gets back the lobby's summary (`on_lobby`), never a friend's message.
Once the match starts, the page is the table as for any match: the host's intents go to its
worker, a guest's to the host (boot.js `engine.remote`), and states come back the same way.
Kept plain for MicroPython: no dataclasses, no typing.
"""

import json


import deeplink
import friends_table
import link
import reactions
import saved
import screens
import store
import textfmt
import dom
from dom import byid, set_html, show_error, spawn
from store import S, esc, tr

# Where friends.js keeps the host's started table (its code, seats and the guests' tokens).
TABLE_KEY = saved.FRIENDS_TABLE_KEY
# A typed code this long is a host's offer code (web/peer.js packs one in 112 characters and
# more), not a room code.
OFFER_CHARS = 60
# The seat kinds a host may give another seat: a friend, or a computer of a level.
KINDS = ("friend", "ai:easy", "ai:medium", "ai:hard", "ai:expert")

F = {
    "js": None,         # web/friends.js's object, once loaded
    "role": None,       # "host" | "guest"
    "kinds": [],        # the host's plan: per seat "host", "friend" or "ai:LEVEL"
    "message": None,    # the host's new_match, from the menu's choices
    "summary": None,    # the lobby as friends.js last told it
    "qr": "",           # the link the QR code shows
    "code": "",         # a guest's table
    "busy": False,
    "status": "",       # a catalogue key said under the lobby
    "names": None,      # the menu's names while the table's are shown
    "offer": "",        # a guest's offer code from its host (the manual path, no relay)
    "answer": "",       # that guest's answer code, shown for the host to type or scan
    "host_offer": "",   # the host's offer code shown for one friend (the manual path)
}
_keep = []


async def _friends():
    """web/friends.js's object (loaded on first use), with this module told of the lobby.
    Two callers may wait for the load at once (a guest's Join tapped while the invitation
    still loads it): only the first to get it ties the handlers, or each state and each tap
    under the table would be handled twice."""
    if F["js"] is None:
        js = await dom.boot().friends()
        if F["js"] is not None:
            return F["js"]
        F["js"] = js
        proxy = dom.proxy(on_lobby)
        fresh = dom.proxy(on_fresh)
        seen = dom.proxy(on_seen)
        _keep.extend((proxy, fresh, seen))
        F["js"].onLobby = proxy
        F["js"].onFresh = fresh
        F["js"].onSeen = seen
        link.on_state(_on_state)
        link.on_update_of("reaction", reactions.show)
        dom.on(byid("friends-bar"), "click", on_bar_click)
    return F["js"]


def on_lobby(text):
    """The lobby changed (a guest joined, left or came back; the start)."""
    try:
        summary = json.loads(str(text))
    except ValueError:
        return
    F["summary"] = summary
    _take_seats(summary)
    _say_link(summary)
    if screens.showing(screens.FRIENDS):
        render()
    elif S["state"] is not None:
        store.emit()  # the table's seats show who is away
    friends_table.render(summary, F["kinds"])


def _take_seats(summary):
    """The names at the table and the seats other devices play, for the table's words."""
    kinds = summary.get("seats") or []
    mine = summary.get("seat")
    remote = []
    for i in range(len(kinds)):
        if kinds[i] in ("host", "friend") and i != mine:
            remote.append(i)
    textfmt.set_remote_seats(remote)
    if F["names"] is None:
        F["names"] = S["names"]  # the menu's typed names, given back on leaving
    S["names"] = list(summary.get("names") or [])
    S["friends"] = {"role": summary.get("role"), "seat": mine,
                    "away": list(summary.get("away") or []),
                    "standin": list(summary.get("standin") or [])}


def on_lang():
    """The page's language changed: the bar under a friends' table and an open scan's words
    are drawn again at once in it (the lobby is the screen's `render`, which the page calls)."""
    friends_table.render(F["summary"], F["kinds"])
    if SCAN["on"]:
        byid("scan-status").textContent = tr("friends.scan_looking")


def _on_state(answer, fresh):
    """A guest's first state: the match has started, the table replaces the lobby."""
    if F["role"] == "guest" and screens.showing(screens.FRIENDS):
        screens.show(screens.GAME)
    friends_table.render(F["summary"], F["kinds"])


def on_fresh(text):
    """A guest's first state since it (re)joined: taken as a fresh table, as a resumed match
    is (its log rebuilt from the public history; the host's state ids may have started again
    after its page reloaded)."""
    try:
        answer = json.loads(str(text))
    except ValueError:
        return
    if isinstance(answer, dict):
        link.accept(answer, {"type": "resume"})


def on_seen(text):
    """After a reload, the host not answering: the last state this guest kept (its own view)
    is shown as the table it last saw, with no move (DECISIONS W-77); the host's next state,
    if it comes back, replaces it (`on_fresh`)."""
    try:
        answer = json.loads(str(text))
    except ValueError:
        return
    if isinstance(answer, dict) and answer.get("type") == "state":
        link.accept(friends_table.seen_state(answer), {"type": "resume"})


def _say_link(summary):
    """At the table, a guest is told when the link to its host drops and when it is back."""
    if summary.get("role") != "guest" or screens.showing(screens.FRIENDS):
        return
    failure = summary.get("failure")
    if summary.get("seen"):
        failure = ""  # the line over the table as last seen says it
    show_error(tr("friends.failed." + _reason(failure)) if failure else "")


# --------------------------------------------------------------------------- the host's reload


def resume():
    """The menu's Continue, when the saved match is the friends' table this host kept: it is
    resumed with every friend's seat held for its friend (away until their page comes back
    with its seat token) and the table reopened in the same room. False (the menu resumes as
    usual) when the saved match is not that table."""
    try:
        kept = json.loads(str(dom.boot().load(TABLE_KEY, 20000)) or "null")
    except ValueError:
        kept = None
    summary = S["saved"] or {}
    if not isinstance(kept, dict) or not isinstance(kept.get("seats"), list):
        return False
    kinds = []
    for seat in kept["seats"]:
        kinds.append(seat.get("kind") if isinstance(seat, dict) else "")
    humans = []
    for kind in summary.get("seats") or []:
        humans.append("human" if kind == "human" else "")
    if humans != ["human" if k in ("host", "friend") else "" for k in kinds]:
        return False
    devices = {}
    plan = list(kinds)
    for i in range(len(kinds)):
        if kinds[i] == "friend":
            devices["away-" + str(i)] = i
            if kept["seats"][i].get("removed"):
                plan[i] = "ai:medium"  # a removed friend's seat: a computer's (W-66)
    F.update(role="host", kinds=plan, summary=None, qr="", status="")
    textfmt.set_remote_seats(list(devices.values()))
    S["friends"] = {"role": "host", "seat": 0, "away": [k == "friend" for k in kinds]}
    spawn(_reopen(devices))
    return True


async def _reopen(devices):
    answer = await link.run_intent({"type": "resume", "devices": devices})
    # The friends' seats a computer played before the reload, and plays again (W-74).
    stand_ins = (answer or {}).get("stand_ins") or {}
    state = S["state"]
    if state is None:
        return
    for i in range(len(F["kinds"])):
        if F["kinds"][i] not in ("host", "friend") and state["seats"][i] != "human":
            F["kinds"][i] = state["seats"][i]  # (a removed friend's seat stays a computer's)
    options = dict(state.get("options") or {})
    options["players"] = state.get("players")
    F["message"] = {"type": "new_match", "variant": state.get("variant"), "options": options}
    friends = await _friends()
    made = await friends.reopen(json.dumps(stand_ins))
    if not made.ok:
        show_error(tr("friends.failed." + _reason(str(made.error))))


# --------------------------------------------------------------------------- opening


def open_host(message):
    """Open a table with the menu's choices (`message`, the menu's new_match): seat 1 is the
    host's, the menu's other human seats are friends' (seat 2 at least), its computers stay
    computers."""
    seats = message["seats"]
    kinds = ["host"]
    for kind in seats[1:]:
        kinds.append("friend" if kind == "human" else kind)
    if "friend" not in kinds and len(kinds) > 1:
        kinds[1] = "friend"
    F.update(role="host", kinds=kinds, message=message, summary=None, qr="", status="")
    screens.show(screens.FRIENDS)
    render()
    spawn(_host())


async def _host():
    friends = await _friends()
    _show_network()
    name = str(byid("friends-name").value) or str(friends.savedName())
    byid("friends-name").value = name
    plan = {"kinds": ["ai" if k.startswith("ai") else k for k in F["kinds"]], "name": name}
    made = await friends.host(json.dumps(plan))
    if not made.ok:
        F["status"] = "friends.failed." + _reason(str(made.error))
        render()


def open_guest(code, offer=""):
    """A friend's invitation (a link or a typed code; or, with no relay, the host's `offer`
    code): ask a name, then join; a browser that sat at this table before (its seat token)
    joins again at once."""
    F.update(role="guest", code=str(code), summary=None, status="", offer=offer, answer="")
    screens.show(screens.FRIENDS)
    render()
    spawn(_guest_open())


async def _guest_open():
    friends = await _friends()
    _show_network()
    kept_name = str(friends.savedName())
    if kept_name and not str(byid("friends-name").value):
        byid("friends-name").value = kept_name
    render()
    if kept_name and not F["offer"] and friends.hasToken(F["code"]):
        await _join()


async def _join():
    """Join the table (or answer its offer) as the name typed. Not while a join is under way:
    the invitation's own join and a tap on Join made before web/friends.js was loaded both
    wait for it, and the second would join again (DECISIONS W-154)."""
    friends = await _friends()
    if F["busy"]:
        return
    F["busy"] = True
    F["status"] = "friends.connecting"
    render()
    name = str(byid("friends-name").value)
    try:
        if F["offer"]:
            made = await friends.joinByOffer(F["offer"], name)
            if made.ok:
                F["answer"] = str(made.text)
                F["status"] = "friends.answer_wait"
        else:
            made = await friends.join(F["code"], name)
    finally:
        F["busy"] = False
    if not made.ok:
        F["status"] = "friends.failed." + _reason(str(made.error))
    render()
    if F["answer"]:
        byid("friends-answer-text").value = F["answer"]
        friends.drawQr("friends-answer-qr", F["answer"])


def _reason(code):
    """A connection failure's reason code as its catalogue key's last part."""
    known = ("relay_unreachable", "no_peer", "ice_failed", "lost", "removed", "removed_you",
             "bad_code",
             "no_webrtc", "full", "no_offer", "not_connected")
    return code if code in known else "other"


# --------------------------------------------------------------------------- the screen


def render():
    """Draw the lobby from the plan and the lobby's summary."""
    host = F["role"] == "host"
    summary = F["summary"] or {}
    byid("friends-title").textContent = tr("friends.host_title" if host else "friends.guest_title")
    byid("friends-invite").hidden = not (host and summary.get("code"))
    byid("friends-start").hidden = not host
    byid("friends-join").hidden = host or bool(summary.get("connected"))
    byid("friends-join").disabled = F["busy"] or bool(F["answer"])
    byid("friends-manual").hidden = not (host and summary.get("code")) or bool(
        summary.get("started"))
    byid("friends-answer-box").hidden = host or not F["answer"] or bool(summary.get("connected"))
    byid("friends-answer-scan").hidden = not dom.boot().canScan()
    if host and summary.get("code"):
        _render_invite(summary)
    set_html("friends-seats", _seats_html(summary, host))
    byid("friends-start").disabled = not (host and _ready(summary))
    status = F["status"]
    if summary.get("failure"):
        status = "friends.failed." + _reason(summary["failure"])
    elif summary.get("full"):
        status = "friends.failed.full"
    elif not host and summary.get("connected"):
        status = "friends.waiting_host" if summary.get("seat") is not None else "friends.connecting"
    elif host and summary.get("code"):
        status = "friends.waiting_friends" if not _ready(summary) else "friends.all_here"
    byid("friends-status").textContent = tr(status) if status else ""


def _render_invite(summary):
    link_text = summary.get("link", "")
    byid("friends-link").textContent = link_text
    byid("friends-link").href = link_text
    byid("friends-code").textContent = summary.get("spoken", "")
    if F["qr"] != link_text and F["js"] is not None:
        F["qr"] = link_text
        F["js"].drawQr("friends-qr", link_text)


def _ready(summary):
    """Every friend's seat is taken (the host may start)."""
    kinds = summary.get("seats") or []
    devices = summary.get("devices") or {}
    taken = []
    for device in devices:
        taken.append(devices[device])
    for i in range(len(kinds)):
        if kinds[i] == "friend" and i not in taken:
            return False
    return bool(kinds)


def _seats_html(summary, host):
    names = summary.get("names") or []
    away = summary.get("away") or []
    devices = summary.get("devices") or {}
    taken = [devices[d] for d in devices]
    kinds = F["kinds"] if host else summary.get("seats") or []
    out = ['<ol class="friends-seats">']
    for i in range(len(kinds)):
        kind = kinds[i]
        name = names[i] if i < len(names) else ""
        if kind == "host":
            who = name or tr("friends.host")
        elif kind == "friend":
            who = name or tr("friends.friend")
            if not name and (host and i not in taken or not host):
                who = tr("friends.free_seat")
        else:
            who = tr("seat." + kind) if kind.startswith("ai:") else tr("friends.computer")
        if not host and i == summary.get("seat"):
            who = tr("friends.you", name=name) if name else tr("game.you")
        state = ""
        if i < len(away) and away[i]:
            state = ' <span class="away">' + esc(tr("friends.away")) + "</span>"
        out.append('<li data-fseat="' + str(i) + '"><span class="seat-no">'
                   + esc(tr("menu.seat", n=i + 1)) + '</span> <b dir="auto">' + esc(who)
                   + "</b>" + state)
        if host and kind != "host" and i not in taken and not (summary.get("started")):
            out.append(_kind_select(i, kind))
        elif host and kind == "friend" and i in taken and not summary.get("started"):
            out.append(friends_table._remove_button(i, who))
        out.append("</li>")
    out.append("</ol>")
    return "".join(out)


def _kind_select(seat, kind):
    html = ['<select data-fkind="' + str(seat) + '" aria-label="'
            + esc(tr("menu.seat", n=seat + 1)) + '">']
    for option in KINDS:
        sel = " selected" if option == kind else ""
        label = tr("friends.friend") if option == "friend" else tr("seat." + option)
        html.append('<option value="' + option + '"' + sel + ">" + esc(label) + "</option>")
    html.append("</select>")
    return "".join(html)


# --------------------------------------------------------------------------- handlers


def on_click(event):
    target = event.target
    tid = str(target.id)
    if tid == "friends-join-code":
        _join_typed()
    elif tid in ("friends-scan", "friends-answer-scan"):
        spawn(_scan(tid == "friends-scan"))
    elif tid == "friends-net-save":
        spawn(_save_network())
    elif tid == "friends-offer-make":
        spawn(_offer())
    elif tid == "friends-answer-ok":
        spawn(_answer())
    elif tid == "friends-start":
        spawn(_start())
    elif tid == "friends-join":
        spawn(_join())
    elif tid in ("friends-share", "friends-copy"):
        spawn(_share(tid == "friends-share"))
    elif tid == "friends-leave":
        close_table()
    elif target.getAttribute("data-fremove") is not None:
        _remove(int(str(target.getAttribute("data-fremove"))))


def _join_typed():
    """The menu's code field, typed or scanned: a room code joins its table, a host's offer
    code (the manual path) answers it; anything else is said to be unreadable."""
    typed = str(byid("friends-typed").value).strip()
    code = deeplink.friends_code(typed)
    offer = len(typed) >= OFFER_CHARS  # a host's offer code (no relay), not a room code
    show_error("" if code is not None or offer else tr("friends.failed.bad_code"))
    if code is not None or offer:
        open_guest(code or "", typed if offer else "")


# The camera scan (web/scan.js, DECISIONS W-73): its module once loaded, and whether a scan
# is under way.
SCAN = {"js": None, "on": False}


async def _scan(menu):
    """Read a friend's QR code with the camera, then go on as if it were typed: on the menu
    (`menu`) into the code field and Join (a host's offer code, or an invitation), in the
    host's lobby into the answer field and Connect. The camera stops once a code is read, on
    Cancel and when the screen changes."""
    if SCAN["on"]:
        return
    SCAN["on"] = True
    byid("scan-status").textContent = tr("friends.scan_looking")
    byid("scan").hidden = False
    byid("scan-cancel").focus()  # a modal dialog: the keyboard is in it (Escape cancels)
    try:
        if SCAN["js"] is None:
            SCAN["js"] = await dom.boot().scanner()
            dom.on(byid("scan-cancel"), "click", lambda event: stop_scan())
            dom.on(byid("scan"), "keydown", _scan_key)
            screens.on_show(lambda old, new: stop_scan())
        made = await SCAN["js"].start(byid("scan-video"))
    except Exception:  # noqa: BLE001 - scan.js did not load (a JsException): said as failed
        made = None
    finally:
        SCAN["on"] = False
        byid("scan").hidden = True
        back = byid("friends-scan" if menu else "friends-answer-scan")
        if not back.hidden:
            back.focus()
    error = "failed" if made is None else "" if made.ok else str(made.error)
    if error in ("denied", "no_camera", "failed"):
        if menu:
            show_error(tr("friends.scan_failed." + error))
        else:
            F["status"] = "friends.scan_failed." + error
            render()
    if error:
        return
    if menu:
        byid("friends-typed").value = deeplink.scanned_text(str(made.text))
        _join_typed()
    else:
        byid("friends-answer-in").value = str(made.text).strip()
        await _answer()


def _scan_key(event):
    if str(event.key) == "Escape":
        stop_scan()


def stop_scan():
    """Turn the camera off if a scan is under way (its `_scan` then ends with nothing read)."""
    if SCAN["on"] and SCAN["js"] is not None:
        SCAN["js"].stop()


def on_bar_click(event):
    """A tap under a friends' table: a reaction, or the host's answer about an away friend
    (wait, a computer plays), or Remove."""
    target = event.target
    if reactions.on_click(target) or F["js"] is None:
        return
    if target.getAttribute("data-fagain") is not None:
        F["js"].again()
    elif target.getAttribute("data-fleave") is not None:
        close_table()
    for attr in ("data-fwait", "data-fstand", "data-fremove"):
        seat = target.getAttribute(attr)
        if seat is None:
            continue
        seat = int(str(seat))
        if attr == "data-fwait":
            F["js"].waitFor(seat)
        elif attr == "data-fstand":
            F["js"].standIn(seat)
        else:
            _remove(seat)


def _remove(seat):
    """The host removes the friend of `seat` (DECISIONS W-66): mid-match a computer plays
    the seat, and the next match at this table has a computer there."""
    made = F["js"].remove(seat) if F["js"] is not None else None
    if made is not None and made.ok and (F["summary"] or {}).get("started"):
        F["kinds"][seat] = "ai:medium"
    render()


def on_change(event):
    target = event.target
    seat = target.getAttribute("data-fkind")
    if seat is not None and F["js"] is not None:
        kind = str(target.value)
        made = F["js"].setKind(int(str(seat)), "friend" if kind == "friend" else "ai")
        if made.ok:
            F["kinds"][int(str(seat))] = kind
        render()
    elif str(target.id) == "friends-name" and F["role"] == "host" and F["js"] is not None:
        F["js"].rename(str(target.value))


NET_FIELDS = ("relays", "stun", "turn", "user", "credential")


def _show_network():
    """The network settings into the lobby's form (once per opening of the lobby)."""
    if F["js"] is None:
        return
    net = json.loads(str(F["js"].networkText()))
    for name in NET_FIELDS:
        byid("friends-net-" + name).value = net.get(name, "")
    byid("friends-net-relays").placeholder = net.get("defaultRelays", "")


async def _save_network():
    """Keep the form's network settings (used from the next table opened or joined). The
    form is read at the tap; a tap before web/friends.js was loaded waits for it, and is not
    told its settings are wrong."""
    form = {}
    for name in NET_FIELDS:
        form[name] = str(byid("friends-net-" + name).value)
    made = (await _friends()).setNetwork(json.dumps(form))
    F["status"] = "friends.net_saved" if made.ok else "friends.net_bad"
    render()


async def _offer():
    """The host's offer code for one friend (no relay): shown as text and as a QR code."""
    friends = await _friends()
    made = await friends.manualOffer()
    if not made.ok:
        F["status"] = "friends.failed." + _reason(str(made.error))
        render()
        return
    F["host_offer"] = str(made.text)
    byid("friends-offer-text").value = F["host_offer"]
    byid("friends-offer-text").hidden = False
    byid("friends-offer-qr").hidden = False
    friends.drawQr("friends-offer-qr", F["host_offer"])


async def _answer():
    """The friend's answer code, typed (or pasted) by the host: the link opens."""
    friends = await _friends()
    made = await friends.manualAnswer(str(byid("friends-answer-in").value))
    F["status"] = "" if made.ok else "friends.failed." + _reason(str(made.error))
    if made.ok:
        byid("friends-answer-in").value = ""
        byid("friends-offer-text").hidden = True
        byid("friends-offer-qr").hidden = True
    render()


async def _share(share):
    friends = await _friends()
    made = await (friends.share(tr("friends.share_text")) if share else friends.copy())
    F["status"] = "friends.copied" if made.ok and str(made.how) == "copied" else F["status"]
    render()


async def _start():
    """Start the match: the menu's game, the lobby's seats, the friends' devices seated by
    the master before its first state (DECISIONS W-40)."""
    summary = F["summary"] or {}
    if not _ready(summary) or F["busy"]:
        return
    message = dict(F["message"])
    seats = []
    for kind in F["kinds"]:
        seats.append("human" if kind in ("host", "friend") else kind)
    message["seats"] = seats
    message["devices"] = summary.get("devices") or {}
    # The table's names go into the save and the history (DECISIONS W-75), not the record.
    message["names"] = list(summary.get("names") or [])
    F["busy"] = True
    try:
        await link.run_intent(message)
    finally:
        F["busy"] = False
    state = S["state"]
    if state is not None and state.get("seats") == seats:
        F["js"].begin()
    else:
        show_error(tr("friends.failed.other"))


def rematch():
    """The match again at the same table: the same friends at the same seats, a new deal."""
    if F["message"] is not None:
        F["message"].pop("seed", None)  # a new secret deal number (E-35)
    spawn(_start())


def close_table():
    """Leave the table (a guest) or close it (the host): back to the menu."""
    if F["js"] is not None:
        if F["role"] == "host":
            F["js"].forgetTable()
        else:
            F["js"].forgetSeen()  # left on purpose: the table as last seen goes too (W-77)
        F["js"].leave()
    F.update(role=None, summary=None, status="", qr="")
    textfmt.set_remote_seats(())
    S["friends"] = None
    friends_table.render(None, [])
    if F["names"] is not None:
        S["names"], F["names"] = F["names"], None
    screens.show(screens.MENU)
    screens.call(screens.MENU, "render_setup")
