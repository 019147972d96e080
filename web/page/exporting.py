"""Exporting the match's record from the table: while a hand is being played, only after a
warning (the record shows every seat's tiles and the boneyard's order)."""

import i18n
import link
import screens
import dom
from dom import byid, spawn
from store import S, tr


def mid_hand():
    """True while a hand is being played: a record exported now shows every seat's tiles and
    the boneyard's order, which nobody at the table may see yet."""
    state = S["state"]
    return state is not None and not state.get("hand_over")


def on_export(event):
    """Export the record; while a hand is being played, only after the warning is confirmed."""
    if S["state"] is None:
        return
    if mid_hand():
        open_export_warning()
    else:
        spawn(export_record(False))


def open_export_warning():
    byid("export-confirm").hidden = False
    byid("export-cancel").focus()


def close_export_warning():
    box = byid("export-confirm")
    if box.hidden:
        return
    box.hidden = True
    if screens.showing(screens.GAME):
        byid("export").focus()


def on_export_confirmed(event):
    close_export_warning()
    spawn(export_record(True))


def on_export_cancelled(event):
    close_export_warning()


async def export_record(reveal):
    """Download the record; `reveal` (sent only once the player confirmed the warning) lets
    the engine export a hand still being played."""
    if S["engine_state"] != "ready" or S["state"] is None:
        return
    message = {"type": "export_record"}
    if reveal:
        message["reveal"] = True
    answer = await link.send_file(message)
    if answer.get("type") == "record":
        pass  # offered as a download by link.send_file
    elif answer.get("code") == "reveals_hands":
        open_export_warning()  # a new hand began since: ask again
    else:
        why = i18n.error_reason(S["lang"], answer.get("code"), answer.get("message", ""))
        dom.show_error(tr("error.engine", message=why))
