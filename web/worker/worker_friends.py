"""A friend's device at the match (issue 24; DECISIONS W-31), compiled on first use: the
hosting page relays its messages as `peer_join`, `peer_message` and `peer_leave` (opaque
text the page's JavaScript carries), and every update for it goes back as a `peer` envelope
(`worker.for_page`). The worker's master (`worker.master`, domino.master.Master) is the only
judge of what a friend may do; every refusal is counted per device and reason
(`worker.refused`).
"""

import asyncio
import json

from domino.session import Session

# A friend's message is refused unread beyond this many characters (a state of eight players
# in Mexican Train is about 20 KB; an intent is a few hundred bytes).
PEER_MESSAGE_MAX = 16_384


INTENTS = ("peer_join", "peer_leave", "peer_message")


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


HANDLERS = {"peer_join": _join, "peer_leave": _leave, "peer_message": _message}
