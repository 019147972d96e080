"""The table's pace: how long each motion and each pause lasts at each speed setting, and
when the page asks the worker for the next computer move (web/page/motion.py's timings).

Pure computation, as motion.py: no imports but motion_frames.py, no classes, no recursion.
The page reads these through motion (which re-exports them).
"""

from motion_frames import end_ms


# Durations in ms at the "normal" speed. `gap` is the pause after a computer's move before the
# next one is asked for (`next_move_at`), `gap_draw` after a draw (a seat that draws several
# times in a row is not slowed down as much); the player can follow three moves in a row.
NORMAL = {
    "slide": 430, "pair_gap": 140, "draw": 380, "knock": 750, "score": 950,
    "reveal": 520, "reveal_gap": 90, "announce": 1500, "money": 850, "money_gap": 220,
    "marker": 520, "hold": 450, "gap": 650, "gap_draw": 300,
}
# What each speed multiplies: motion, and the pauses (off keeps the pauses: reduced motion
# must not make the computer play faster than a player can follow).
# "instant" (settings.py's fastest computer speed): short motion and no pause at all.
FACTORS = {"slow": (1.6, 1.4), "normal": (1.0, 1.0), "fast": (0.55, 0.6),
           "instant": (0.35, 0.0), "off": (0.0, 1.0)}
SPEED_NAMES = ("slow", "normal", "fast", "instant", "off")
SETTINGS = ("auto", "slow", "normal", "fast", "off")  # what the settings menu offers
SPEED_KEY = "domino.motion"  # where the page stores the setting (window.dominoBoot.save)
PAUSE_KEYS = ("gap", "gap_draw", "hold")
# Items that only show something still (a badge, a text, a banner) keep a duration when the
# motion is off, so that they can be read; the others are motion and go.
STILL_KEYS = ("knock", "score", "announce")
MOTION_KINDS = ("slide", "draw", "reveal", "money", "marker")



def timings(speed, motion=True):
    """The durations (ms) at `speed` ("slow", "normal", "fast", "instant", or "off": the
    normal pace without motion; anything else is "normal"): NORMAL's keys, the motion scaled,
    the pauses scaled separately. Without motion (`motion` False, or "off") every motion
    lasts 0 and the still items (knock badge, score text, banner) keep a readable duration
    (the normal one, halved at "instant")."""
    scale, pause = FACTORS.get(speed, FACTORS["normal"])
    if not motion:
        scale = 0.0
    out = {}
    for key in NORMAL:
        if key in PAUSE_KEYS:
            out[key] = NORMAL[key] * pause
        elif scale == 0.0 and key in STILL_KEYS:
            out[key] = NORMAL[key] * (pause if pause > 0.0 else 0.5)
        else:
            out[key] = NORMAL[key] * scale
    return out


def effective_speed(setting, reduced_motion, motion=True):
    """The speed to plan with: `prefers-reduced-motion`, the motion setting off (`motion`
    False) or the speed "off" turn motion off ("off"); "auto" (or an unknown setting) is
    "normal". (To keep the pace of "fast" or "instant" with motion off, pass the speed to
    `plan` as it is and {"motion": False} in its options instead.)"""
    if reduced_motion or not motion or setting == "off":
        return "off"
    if setting in ("slow", "normal", "fast", "instant"):
        return setting
    return "normal"


def next_move_at(items, new, speed, now_ms):
    """When the page may ask the worker for the next computer move: once the plan has ended,
    after a pause long enough to see the move (shorter after a draw), at every speed."""
    tm = timings(speed)
    gap = tm["gap"]
    events = (new or {}).get("events") or []
    if events and events[len(events) - 1].get("type") == "drew":
        gap = tm["gap_draw"]
    end = end_ms(items)
    if end is None or end < now_ms:
        end = now_ms
    return end + gap
