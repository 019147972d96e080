"""A won hand and a won match celebrated (issue 25, DECISIONS W-59): a short burst of pips
over the table (CSS, drawn: nothing downloaded), bigger and longer for the match, with a
fanfare for the match (the hand's own "win" cue is played by the hand's end, motion.py).

The motion respects the player's Motion setting (off by default when the system asks for
reduced motion, settings.py) and the CSS media query; the sound respects the mute. `winner`
and `burst` are pure (tested on CPython); `schedule` touches the page.
"""

import math

# How many pips burst, and for how long (ms), by what was won.
PIECES = {"hand": 14, "match": 28}
DURATION_MS = {"hand": 1100, "match": 1900}


def _as_list(value):
    if value is None:
        return []
    return value if isinstance(value, list) else [value]


def winner(state):
    """"match" when a player at this device won the match that just ended, "hand" when one
    won the hand that just ended, else None. With several players at one device (pass and
    play) any of them winning is celebrated; a computer's win is not."""
    if not state or not state.get("hand_over"):
        return None
    seats = state.get("seats") or []
    here = [s for s in range(len(seats)) if not str(seats[s]).startswith("ai")]
    if state.get("match_over"):
        winners = _as_list((state.get("match") or {}).get("winners"))
        if any(s in here for s in winners):
            return "match"
    history = state.get("history") or []
    winners = _as_list(history[-1].get("winner")) if history else []
    if any(s in here for s in winners):
        return "hand"
    return None


def burst(kind):
    """The pips of a burst as (dx, dy, delay ms, size px): spread evenly around the centre,
    alternately far and near, so that it reads as one short burst."""
    n = PIECES.get(kind, PIECES["hand"])
    reach = 150.0 if kind == "match" else 110.0
    out = []
    for i in range(n):
        angle = 2.0 * math.pi * i / n
        far = reach if i % 2 == 0 else reach * 0.62
        out.append((round(math.cos(angle) * far, 1), round(math.sin(angle) * far, 1),
                    (i % 4) * 40, 10 if i % 3 else 14))
    return out


def html(kind):
    parts = []
    for dx, dy, delay, size in burst(kind):
        parts.append('<span style="--dx:' + str(dx) + "px;--dy:" + str(dy) + "px;--delay:"
                     + str(delay) + "ms;--size:" + str(size) + 'px"></span>')
    return "".join(parts)


def schedule(state, delay_ms):
    """Celebrate `state`'s win, if any, once the hand's end has been seen (after `delay_ms`
    and the table's animation)."""
    kind = winner(state)
    if kind is None:
        return
    from dom import spawn

    spawn(_later(state.get("state_id"), kind, delay_ms))


async def _later(state_id, kind, delay_ms):
    import link
    import table
    from store import S

    await link.after_table_moves(delay_ms)
    state = S["state"]
    if state is None or state.get("state_id") != state_id:
        return
    if kind == "match":
        import sound

        sound.play("fanfare")
    if not table.motion_on():
        return
    import dom

    box = dom.byid("celebrate")
    if box is None:
        return
    box.innerHTML = html(kind)
    box.className = "celebrate " + kind
    box.hidden = False
    await link.js_sleep(DURATION_MS[kind] + 400)
    if box.className == "celebrate " + kind:
        box.hidden = True
        box.innerHTML = ""
