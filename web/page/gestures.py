"""The table's input: taps on the hand's tiles, the moves and the ends, a tile dragged from the
hand onto an end, and the hint (web/page/app.py wires these to the page's elements).

Input handlers only change the player's choices in the store (`store.S`) or send intents
(`link.play`); the store's renderer draws the page again (`store.emit`). The table's own
modules (`table`, `hand`) are imported where they are used: they are fetched after the menu.
"""


import link
import screens
import store
import dom
from dom import byid, spawn
from store import S


def redraw_table():
    if S["state"] is not None and screens.showing(screens.GAME):
        import table

        table.draw()


def on_game_click(event):
    """Clicks at the table: hand tiles, end buttons, moves, hint, and the table's own
    controls (one delegated listener)."""
    state = S["state"]
    if state is None:
        return
    if S.get("drag_done"):
        S["drag_done"] = False
        return
    target = event.target.closest(
        "[data-move],[data-tile],[data-cancel],[data-hint],[data-hint-close]")
    if target is None:
        return
    if target.getAttribute("data-hint-close") is not None:
        S["hint_closed"] = state["state_id"]
        store.emit()
        return
    if S["busy"]:
        return
    if target.getAttribute("data-hint") is not None:
        spawn(ask_hint(state["state_id"]))
        return
    move = target.getAttribute("data-move")
    if move is not None:
        link.play(move)
        return
    if target.getAttribute("data-cancel") is not None:
        S["selected"] = None
        store.emit()
        return
    tile = target.getAttribute("data-tile")
    if tile is not None:
        tile = str(tile)
        S["selected"] = None if S["selected"] == tile else tile
        store.emit()
        if S["selected"] is not None:
            first = dom.query("#choice [data-move]")
            if first is not None:
                first.focus()


def on_canvas_click(event):
    """A tap on a glowing end plays the selected tile there; a tap on the label of a train
    folded or shown whole does what its chip does (W-117)."""
    import table
    import train_labels

    x, y = table.canvas_point(event.clientX, event.clientY)
    if S["selected"] is not None and not S["busy"]:
        move = table.move_at(x, y, S["selected"])
        if move is not None:
            link.play(move["move"])
            return
    train_labels.on_label(x, y)


def on_pointer_down(event):
    target = event.target.closest("#hand .tile.playable")
    if target is None or S["busy"]:
        return
    S["drag"] = {"tile": str(target.getAttribute("data-tile")), "x": float(event.clientX),
                 "y": float(event.clientY), "moved": False, "id": event.pointerId}
    try:
        target.setPointerCapture(event.pointerId)
    except Exception:  # noqa: BLE001 - a drag without capture still works on a mouse
        pass


def on_pointer_move(event):
    drag = S["drag"]
    if drag is None or event.pointerId != drag["id"]:
        return
    x = float(event.clientX)
    y = float(event.clientY)
    ghost = byid("drag-ghost")
    if not drag["moved"]:
        if abs(x - drag["x"]) + abs(y - drag["y"]) < 10:
            return
        drag["moved"] = True
        import hand

        a, b = drag["tile"].split("-")
        ghost.innerHTML = ('<span class="tile"><span class="half">' + hand.pips_html(int(a))
                           + '</span><span class="half">' + hand.pips_html(int(b))
                           + "</span></span>")
        ghost.hidden = False
        redraw_table()
    ghost.style.transform = "translate(" + str(int(x) - 20) + "px," + str(int(y) - 38) + "px)"


def on_pointer_up(event):
    drag = S["drag"]
    if drag is None or event.pointerId != drag["id"]:
        return
    S["drag"] = None
    byid("drag-ghost").hidden = True
    if not drag["moved"]:
        return
    S["drag_done"] = True  # the click that follows the drag is not a tap
    import table

    move = None
    if table.over_canvas(event.clientX, event.clientY):
        x, y = table.canvas_point(event.clientX, event.clientY)
        move = table.move_at(x, y, drag["tile"])
    if move is not None:
        link.play(move["move"])
    else:
        redraw_table()


def on_pointer_cancel(event):
    if S["drag"] is not None:
        S["drag"] = None
        byid("drag-ghost").hidden = True
        redraw_table()


async def ask_hint(state_id):
    """Ask the engine for the best move and highlight it (the state does not change)."""
    S["busy"] += 1
    try:
        answer = await link.send({"type": "hint", "state_id": state_id})
    finally:
        S["busy"] -= 1
    if answer.get("type") == "hint" and S["state"] is not None \
            and S["state"]["state_id"] == state_id:
        S["hint"] = (state_id, answer)
        S["hint_closed"] = None
        by_tile, _others = store.moves_by_tile(S["moves"])
        for tile in by_tile:
            if len(by_tile[tile]) > 1:
                for m in by_tile[tile]:
                    if m["move"] == answer["move"]:
                        S["selected"] = tile
        store.emit()
        # The figures may be below the fold (a phone) or the column's scroll (landscape).
        box = byid("hint-box")
        if not box.hidden:
            box.scrollIntoView(False)
