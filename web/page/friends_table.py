"""What a friends' table adds under the hand (issue 24): for the host, the question about a
friend who has been away for the grace period (wait, or let the computer play their seat until
they are back: DECISIONS W-65) and the list of friends at the table, each with Remove (W-66);
for everyone, the row of quick reactions (reactions.py, W-67); for a guest whose host has
not come back after a reload, the line saying the table is the one it last saw, with
"Try again" and "Leave the table" (W-77).

It draws from the lobby's summary (web/friends.js `summary`, as web/page/friends.py keeps
it); the taps are friends.py's (`on_bar_click`), which asks web/friends.js. Kept plain for
MicroPython: no dataclasses, no typing.
"""

import reactions
from dom import byid, set_html
from store import S, esc, tr


# What the bar was last drawn from: it is drawn again only when that changes (it is asked
# after every state, and a move's path to the other screens should not pay for it).
_drawn = {"key": None}


def render(summary, kinds):
    """Draw the bar from the lobby's `summary` and the host's seat plan `kinds` (per seat
    "host", "friend" or "ai:LEVEL"); hidden away from a friends' table."""
    at_table = S["friends"] is not None and S["state"] is not None and bool(summary)
    key = (id(summary) if summary else None, tuple(kinds or ()), S["lang"], at_table)
    if key == _drawn["key"]:
        return
    _drawn["key"] = key
    bar = byid("friends-bar")
    bar.hidden = not at_table
    if not at_table:
        reactions.render_row(False)
        return
    host = summary.get("role") == "host"
    seen = not host and bool(summary.get("seen"))
    set_html("friends-seen", seen_html() if seen else "")
    byid("friends-seen").hidden = not seen
    set_html("friends-ask", ask_html(summary) if host else "")
    byid("friends-ask").hidden = not (host and True in (summary.get("ask") or []))
    set_html("friends-list", list_html(summary, kinds) if host else "")
    reactions.render_row(summary.get("seat") is not None and not seen)


def seen_state(answer):
    """The state a guest kept from its host (web/friends.js, DECISIONS W-77), shown as the
    table it last saw: the same state with no legal move and no undo (nothing can be sent to a
    host that is gone), so the page draws the tiles, the log and the scores and offers no
    move."""
    state = dict(answer)
    state["moves"] = []
    state["undo"] = False
    state["seen"] = True
    return state


def seen_html():
    """The line over a table shown as last seen: the host has not come back; try again, or
    leave the table (which forgets it)."""
    return ('<p dir="auto">' + esc(tr("friends.seen")) + '</p><div class="actions">'
            + '<button type="button" class="small" data-fagain="1">'
            + esc(tr("friends.try_again")) + "</button>"
            + '<button type="button" class="ghost small" data-fleave="1">'
            + esc(tr("friends.leave_table")) + "</button></div>")


def _name(summary, seat):
    names = summary.get("names") or []
    name = names[seat] if seat < len(names) else ""
    return name or tr("friends.friend") + " " + str(seat + 1)


def ask_html(summary):
    """One question per friend the host is asked about."""
    out = []
    ask = summary.get("ask") or []
    for seat in range(len(ask)):
        if not ask[seat]:
            continue
        name = _name(summary, seat)
        out.append('<div class="friends-ask-one" data-fseat="' + str(seat) + '"><p dir="auto">'
                   + esc(tr("friends.ask", name=name)) + '</p><div class="actions">'
                   + '<button type="button" class="small" data-fwait="' + str(seat) + '">'
                   + esc(tr("friends.wait")) + "</button>"
                   + '<button type="button" class="primary small" data-fstand="' + str(seat)
                   + '">' + esc(tr("friends.let_computer")) + "</button>"
                   + _remove_button(seat, name) + "</div></div>")
    return "".join(out)


def _remove_button(seat, name):
    return ('<button type="button" class="ghost small danger" data-fremove="' + str(seat)
            + '" aria-label="' + esc(tr("friends.remove_label", name=name)) + '">'
            + esc(tr("friends.remove")) + "</button>")


def list_html(summary, kinds):
    """The friends at the host's table: each one's name, whether it is here, away or played
    by the computer, "Let the computer play" for one away, and Remove (not for a seat the
    computer plays for good)."""
    seats = summary.get("seats") or []
    away = summary.get("away") or []
    standin = summary.get("standin") or []
    rows = []
    for seat in range(len(seats)):
        if seats[seat] != "friend" or (seat < len(kinds) and kinds[seat] != "friend"):
            continue
        name = _name(summary, seat)
        if seat < len(standin) and standin[seat]:
            status = tr("friends.standin")
        elif seat < len(away) and away[seat]:
            status = tr("friends.away")
        else:
            status = tr("friends.here")
        # An away friend the host chose to wait for may still be given to the computer.
        give = ""
        if status == tr("friends.away"):
            give = ('<button type="button" class="small" data-fstand="' + str(seat) + '">'
                    + esc(tr("friends.let_computer")) + "</button> ")
        rows.append('<li data-fseat="' + str(seat) + '"><b dir="auto">' + esc(name)
                    + '</b> <span class="status">' + esc(status) + "</span> " + give
                    + _remove_button(seat, name) + "</li>")
    if not rows:
        return ""
    return ('<details class="friends-table"><summary>' + esc(tr("friends.at_table"))
            + '</summary><ul>' + "".join(rows) + "</ul></details>")
