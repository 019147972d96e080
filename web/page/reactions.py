"""Quick reactions at a friends' table (issue 24; DECISIONS W-67): a row of a few phrases and
faces under the hand; a tap sends one (`react`, to the host's master through the page's link,
as any intent); every device shows it for a moment beside the sender's seat.

The master sends a reaction to every device with its sender's seat (the sender's own as the
answer to its intent) and refuses one beyond its rate (`flood`): that one is said under the
row, to the sender only. A reaction changes nothing in the match. The words are this page's
catalogue's (each device says a reaction in its own player's language); the faces are drawn
as they are. Kept plain for MicroPython: no dataclasses, no typing.
"""

import asyncio

import link
import textfmt
from dom import byid, query, set_html, spawn
from store import S, esc, tr

PHRASES = ("hello", "well_played", "oops", "hurry", "thanks", "good_game")
FACES = (("laugh", "\U0001F602"), ("wow", "\U0001F62E"), ("sad", "\U0001F622"),
         ("thumbs_up", "\U0001F44D"))
SHOW_S = 3.0  # how long a reaction stays beside its seat
NOTE_S = 2.5  # how long the row says "too many" to its sender

R = {"bubbles": [], "serial": 0, "note": ""}


def words(reaction):
    """What a reaction shows: its face, or its phrase in this page's language."""
    for name, face in FACES:
        if name == reaction:
            return face
    return tr("react." + reaction)


def render_row(on):
    """The row of reactions (a `<details>`: a button that opens the choices), at a friends'
    table only (`on`)."""
    row = byid("react-row")
    row.hidden = not on
    if not on:
        return
    html = ['<details class="react-box"><summary>' + esc(tr("react.open")) + "</summary>"
            + '<div class="react-choices" role="group" aria-label="' + esc(tr("react.open"))
            + '">']
    for name in PHRASES:
        html.append('<button type="button" class="small" data-react="' + name + '">'
                    + esc(tr("react." + name)) + "</button>")
    for name, face in FACES:
        html.append('<button type="button" class="small face" data-react="' + name
                    + '" aria-label="' + esc(tr("react." + name)) + '" title="'
                    + esc(tr("react." + name)) + '">' + face + "</button>")
    html.append("</div></details>")
    set_html("react-box", "".join(html))  # unchanged: kept open as the player left it
    byid("react-note").textContent = R["note"]


def on_click(target):
    """A tap in the row: True when it was a reaction (sent), else False."""
    name = target.getAttribute("data-react")
    if name is None:
        return False
    spawn(send(str(name)))
    return True


async def send(name):
    answer = await link.send({"type": "react", "reaction": name})
    if answer.get("type") == "reaction":
        show(answer)
    elif answer.get("code") == "flood":
        R["note"] = tr("react.flood")
        byid("react-note").textContent = R["note"]
        await asyncio.sleep(NOTE_S)
        R["note"] = ""
        byid("react-note").textContent = ""


def show(answer):
    """A reaction (the master's `reaction`: `seat`, `reaction`) beside its sender's seat."""
    seat = answer.get("seat")
    name = answer.get("reaction")
    state = S["state"]
    if not isinstance(seat, int) or not isinstance(name, str) or state is None:
        return
    if name not in PHRASES and name not in [face[0] for face in FACES]:
        return
    R["serial"] += 1
    who = textfmt.seat_name(S["lang"], seat, state["seats"], state["viewer"], S["names"])
    bubble = {"id": R["serial"], "seat": seat, "text": words(name),
              "label": tr("react.said", name=who, words=tr("react." + name))}
    R["bubbles"] = [b for b in R["bubbles"] if b["seat"] != seat] + [bubble]
    render_bubbles()
    spawn(_expire(bubble["id"]))


async def _expire(bubble_id):
    await asyncio.sleep(SHOW_S)
    R["bubbles"] = [b for b in R["bubbles"] if b["id"] != bubble_id]
    render_bubbles()


def render_bubbles():
    """Each shown reaction over its sender's seat (where the seat is on the screen now)."""
    html = []
    for bubble in R["bubbles"]:
        place = query('#game .seat[data-seat="' + str(bubble["seat"]) + '"]')
        style = "left:50%;top:40%"  # no seat drawn for it: over the table
        cls = "reaction below"
        if place is not None:
            rect = place.getBoundingClientRect()
            left = float(rect.left) + float(rect.width) / 2
            # Above the player's own seat (at the foot), under the others' (over the table).
            bottom = place.classList.contains("seat-bottom")
            top = float(rect.top) if bottom else float(rect.bottom)
            cls = "reaction" if bottom else "reaction below"
            style = "left:" + str(int(max(left, 60.0))) + "px;top:" + str(int(top)) + "px"
        html.append('<div class="' + cls + '" data-rseat="' + str(bubble["seat"]) + '" style="'
                    + style + '" role="status" aria-label="' + esc(bubble["label"]) + '">'
                    + esc(bubble["text"]) + "</div>")
    set_html("reactions-layer", "".join(html))
