"""Which way the game's spinner tree lies on a wide table (DECISIONS W-155): as laid (the
`L`/`R` arms across the table, the cross arms up and down) or turned a quarter (its long axis
along the box's long side, `geometry.view_table`'s `turn`), whichever gives the bigger tiles.

A tree grows unevenly: its cross arms make it tall, and a landscape table (844x390's box is
about 527x323) then draws it small, with felt to spare at either side. Turned, the same tree
often takes tiles 1.3 to 1.5 times as big. So that the table never jumps back and forth, the
way it lies changes only where the other way gives tiles at least GAIN times as big (a table
that must scroll counts at half its size; a turned table must fit its box, as it never
scrolls sideways, with tiles no smaller than the kind's readable least), and it is
remembered for the hand, by viewer, keyed as W-136 keys Mexican Train's kept hub (the store's
`match_serial`, the viewer, the hand number): a new hand, match or seat starts as laid. A
redraw of the position it was chosen for (a tile selected, a drag, an animation's frame)
lays it the same way without comparing again. The review and the lessons lay their tables
the same way, each with a memory of its own (`place`, W-158): stepping through a hand grows
and shrinks its tree, and the way it lies changes by the same rule, never at every step. A
portrait box (not wider than tall) and the other layout kinds are laid as before, and so is a
tree whose tiles are already at their largest. Pure but for the store's count: pytest drives
it under CPython.
"""

from store import S, keep_for_viewer

# How much bigger the tiles must be the other way round for the tree to turn (or turn back):
# 1.2 turned doubles' four-player hands at 527x323 1.6 times a hand (4 at most), 1.3 1.1 times
# (2 at most) for tiles 0.8 px shorter on average (benchmarks/tree_turn_sizes.py, W-155).
GAIN = 1.3

# By viewer (pass-and-play's seats each see their own table): {"hand", "turn": whether its
# tree lies turned, "position": the state and box it was last chosen for, "compared": the box,
# way and size of the table when the other way was last laid to compare}.
_kept = {}
# By place ("review", "lesson"): {"hand": the place's key of the hand shown, then as above}.
_places = {}


def _hand_of(state):
    return (S["match_serial"], state.get("viewer"), state.get("hand_number"))


def _size(geo):
    """What a layout gives the player: its half-tile size, halved where the table must
    scroll (its tiles are then not all in view)."""
    unit = float(geo.get("unit") or 0.0)
    return unit if geo.get("fits", True) else unit / 2.0


def _usable(geo, turn, kind):
    """A turned layout is usable only where it fits (it would scroll sideways) with tiles
    still readable (the kind's smallest: a tree shrunk below it to fit, as spinner_tree's last
    resort does, would trade a scroll for pips too small to count); one zoomed out to
    far-apart targets (W-100) lasts one selection and decides nothing."""
    if geo.get("zoomed"):
        return False
    if not turn:
        return True
    return geo.get("fits", True) and float(geo.get("unit") or 0.0) >= kind["min_unit"] - 0.01


def _memory(state, place=None):
    """The memory of `state`'s hand: the game's viewer's, or `place`'s (a review's or a
    lesson's: (its name, its key of the hand)); None where it is of another hand."""
    if place is not None:
        kept = _places.get(place[0])
        return kept if kept is not None and kept["hand"] == place[1] else None
    kept = _kept.get(state.get("viewer"))
    return kept if kept is not None and kept["hand"] == _hand_of(state) else None


def is_turned(state):
    """Whether the tree of `state`'s hand lies turned in its viewer's table now."""
    kept = None if state is None else _memory(state)
    return kept is not None and kept["turn"]


def lay(state, width, height, kind, lay_out, biggest, place=None):
    """The table of `state` in a box `width` x `height`: `lay_out(turn)` (the geometry,
    turned a quarter or not), turned or not as this hand's memory and the tiles' sizes say.
    `kind`: the layout's row of geometry.KINDS (None without a layout); `biggest`: the
    largest half-tile (a layout at it with nothing to scroll cannot gain by turning);
    `place`: None for the game's table, else (name, key of the hand) for a table drawn
    elsewhere (the review's, a lesson's), remembered apart from the game's and each other's;
    its positions are told apart by the state's `state_id` as the game's are.

    The other way is laid to compare (a second tree search, the costly step of a draw) only
    where the table's size changed since it was last compared: a tile more never gives a
    tree bigger tiles, so the other way cannot have become GAIN times better meanwhile."""
    if state is None or kind is None or not kind["turns"] or width <= height:
        return lay_out(False)
    kept = _memory(state, place)
    turn = kept is not None and kept["turn"]
    position = (state.get("state_id"), width, height)
    compared = kept["compared"] if kept is not None else None
    geo = lay_out(turn)
    if turn and not _usable(geo, turn, kind):
        turn = False  # the turned tree no longer fits: back as laid
        geo = lay_out(False)
    elif kept is not None and kept["position"] == position:
        return geo  # chosen for this position already: a redraw keeps it
    elif geo.get("fits", True) and float(geo.get("unit") or 0.0) >= biggest - 0.01:
        pass  # its tiles are at their largest: nothing to gain
    elif _usable(geo, turn, kind) and compared != (width, height, turn, _size(geo)):
        compared = (width, height, turn, _size(geo))
        other = lay_out(not turn)
        if _usable(other, not turn, kind) and _size(other) > 0.0 \
                and _size(other) >= GAIN * _size(geo):
            turn = not turn
            geo = other
            compared = (width, height, turn, _size(geo))
    entry = {"turn": turn, "position": position, "compared": compared}
    if place is not None:
        entry["hand"] = place[1]
        _places[place[0]] = entry
        return geo
    hand = _hand_of(state)
    entry["hand"] = hand
    keep_for_viewer(_kept, hand[1], hand[0], entry, lambda kept: kept["hand"][0])
    return geo
