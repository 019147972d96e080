"""A friend's device at the match (issue 24; DECISIONS W-31), compiled on first use: the
hosting page relays its messages as `peer_join`, `peer_message` and `peer_leave` (opaque
text the page's JavaScript carries), and every update for it goes back as a `peer` envelope
(`worker.for_page`). The worker's master (`worker.master`, domino.master.Master) is the only
judge of what a friend may do; every refusal is counted per device and reason
(`worker.refused`).

The host's page also says, for a friend's seat whose device went away, that a computer plays
it until the friend is back (`peer_stand_in`, DECISIONS W-65), and removes a friend's device
(`peer_remove`, W-66): the master changes who moves the seat and the computers move at once
if that seat is to.
"""

import asyncio
import json

from domino.master import LOCAL
from domino.session import Session

# A friend's message is refused unread beyond this many characters (a state of eight players
# in Mexican Train is about 20 KB; an intent is a few hundred bytes).
PEER_MESSAGE_MAX = 16_384


INTENTS = ("peer_join", "peer_leave", "peer_message", "peer_stand_in", "peer_remove")


async def handle(data, worker):
    """Answer one of the page's relays for a friend's device."""
    return await HANDLERS[data.get("type")](data, worker)


def _refuse(worker, device, code):
    """Count a friend's message refused for `code`."""
    counts = worker.refused.setdefault(device, {})
    counts[code] = counts.get(code, 0) + 1


async def _join(data, worker):
    """Seat a friend's device (`device`, a human `seat`, or null for a spectator) at the match;
    its first update (the state as its seat sees it) is relayed at once."""
    device = data.get("device")
    if not isinstance(device, str) or not device or device == worker.page:
        return worker.error(data, "bad_message", "peer_join needs a device name")
    try:
        updates = worker.master.join(device, data.get("seat"))
    except ValueError as exc:
        return worker.error(data, "bad_seat", str(exc))
    worker.for_page(updates)
    save_stand_ins(worker)  # a friend back in a seat a computer played (DECISIONS W-74)
    return worker.answer(data, {"type": "joined", "device": device, "seat": data.get("seat")})


async def _leave(data, worker):
    """A friend's device gets no more updates (its seat stays the match's)."""
    device = data.get("device")
    worker.master.leave(device if isinstance(device, str) else "")
    return worker.answer(data, {"type": "left", "device": device})


async def _message(data, worker):
    """A friend's intent (`text`, as its device sent it): checked by the master as that
    device's seat; the answers and states go to every device through `worker.for_page`, the
    page's own state saved; the computers move next if one is to."""
    device, text = data.get("device"), data.get("text")
    if not isinstance(device, str) or device not in worker.master.devices or device == worker.page:
        return worker.error(data, "not_joined", "no such friend's device at the table")
    if not isinstance(text, str) or len(text) > PEER_MESSAGE_MAX:
        _refuse(worker, device, "too_large")
        worker.send("peer", None, Session.encode(
            Session.error("too_large", "a message is at most " + str(PEER_MESSAGE_MAX)
                          + " characters"), None), device)
        return worker.answer(data, {"type": "relayed", "device": device, "refused": "too_large"})
    mine = None
    for updates in worker.master.submit_steps(device, text):
        if updates is None:
            await asyncio.sleep(0)
            continue
        for to, sent in updates:
            answer = json.loads(sent) if to == device else {}
            if answer.get("type") == "error":
                _refuse(worker, device, answer.get("code"))
        mine = worker.for_page(updates, save=True)
    if mine is not None:
        worker.send("update", None, mine)
        worker.computers_after(mine)
    return worker.answer(data, {"type": "relayed", "device": device})


def _computers(worker):
    """The computers move from the current state (the host's view of it says a computer is
    to move)."""
    worker.computers_after(json.dumps(worker.master.seen_by(LOCAL)))


async def _stand_in(data, worker):
    """A computer (`level`, the default when absent) plays the friend's `seat` until a device
    joins it again; it moves at once when that seat is to move."""
    level = data.get("level") or "medium"
    try:
        moves = worker.master.stand_in(data.get("seat"), level)
    except ValueError as exc:
        return worker.error(data, "bad_seat", str(exc))
    save_stand_ins(worker)  # kept for a reload of the host's page (DECISIONS W-74)
    if moves:
        _computers(worker)
    return worker.answer(data, {"type": "stood_in", "seat": data.get("seat"), "level": level})


async def _remove(data, worker):
    """The host removes a friend's `device`: no more updates for it, and a computer
    (`level`) plays its seat from now on."""
    device = data.get("device")
    seat = worker.master.devices.get(device) if isinstance(device, str) else None
    try:
        moves = worker.master.remove(device, data.get("level") or "medium")
    except ValueError as exc:
        return worker.error(data, "bad_seat", str(exc))
    save_stand_ins(worker)
    if moves:
        _computers(worker)
    return worker.answer(data, {"type": "removed", "device": device, "seat": seat})


def save_stand_ins(worker):
    """Write the save again when the computers standing in for away friends changed since
    the last state saved (the host chose, or a friend came back: DECISIONS W-74), so that a
    reload of the host's page finds them; the match itself is the last state's."""
    last = worker.queue.get("last")
    stand_ins = worker.session.stand_ins
    if last is None or last["id"] != worker.match["id"] or last["stand_ins"] == stand_ins:
        return
    worker.queue_save(dict(last, stand_ins=dict(stand_ins)))


HANDLERS = {"peer_join": _join, "peer_leave": _leave, "peer_message": _message,
            "peer_stand_in": _stand_in, "peer_remove": _remove}
