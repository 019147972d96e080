"""Where the review goes next: its positions' keys, a hand's length, the hand before or after
the one shown, and where one step forward or back lands (across hands when a whole match is
reviewed, DECISIONS W-16). Pure Python, no `pyscript` and no `js`: each function takes the
review's store `R` (review_view.R: `info` with its `hands`, `hand`, `index`, `whole`), so tests
drive the navigation on CPython.
Kept plain for MicroPython: no dataclasses, no typing.
"""


def key(hand, index):
    """The key of position `index` of `hand` among the positions kept."""
    return str(hand) + ":" + str(index)


def total(R, hand=None):
    """The moves of `hand` (the hand shown by default): its last position's index."""
    info = R["info"]
    if info is None:
        return 0
    if hand is None:
        hand = R["hand"]
    for h in info.get("hands") or []:
        if h["hand"] == hand:
            return h["moves"]
    return 0


def neighbour(R, delta):
    """The hand before (-1) or after (+1) the one shown, reviewing a whole match; else
    None."""
    info = R["info"]
    if not R["whole"] or info is None:
        return None
    hands = [h["hand"] for h in info.get("hands") or []]
    at = hands.index(R["hand"]) + delta if R["hand"] in hands else -1
    return hands[at] if 0 <= at < len(hands) else None


def step_to(R, delta):
    """Where one move forward (+1) or back (-1) lands, as (hand, index): the next hand's
    first position after a hand's end, the previous hand's end before its first position
    (a whole match), else the position `delta` away in the hand shown, kept within it.
    None when nothing is shown."""
    if R["info"] is None or R["hand"] is None:
        return None
    if delta > 0 and R["index"] >= total(R) and neighbour(R, 1) is not None:
        return neighbour(R, 1), 0
    if delta < 0 and R["index"] <= 0 and neighbour(R, -1) is not None:
        before = neighbour(R, -1)
        return before, total(R, before)
    return R["hand"], clamp(R, R["index"] + delta)


def clamp(R, index):
    """`index` kept between the hand's first position and its end."""
    return max(0, min(total(R), int(index)))
