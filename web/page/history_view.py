"""The match history screen: every match the worker kept (web/worker/history.py), newest first, with
its date, game, players and levels, and how it ended; each can be exported as a record or
deleted, the whole history cleared, and the number of matches kept chosen. The whole history
moves to another device as one file: exported (the worker writes it, history.export_file) and
imported (the worker merges it, history.merge), the import's outcome said on the screen.

The list is the worker's last `history` answer (`S["history"]`); every change goes to the
worker, whose answer is the new list. A browser that refuses storage, or an entry that could
not be read (the worker set it aside), is said on the screen, never passed over.
"""

import i18n
import link
import saved
import screens
import settings
import textfmt
from dom import byid, set_html, spawn
from store import S, esc, tr


def render():
    """The history screen from the store."""
    answer = S["history"]
    status = byid("history-status")
    notes = []
    if S["history_error"]:
        notes.append(S["history_error"])
    entries = []
    if answer is not None:
        entries = answer.get("entries") or []
        if answer.get("error"):
            notes.append(tr("history.failed", why=answer["error"]))
        aside = answer.get("set_aside") or []
        if aside:
            notes.append(tr("history.aside", n=len(aside),
                            why="; ".join(str(a.get("error")) for a in aside[:3])))
    elif not S["history_error"]:
        notes.append(tr("history.loading"))
    status.textContent = " ".join(notes)
    status.hidden = not notes
    report = byid("history-report")
    report.textContent = S["history_report"]
    report.hidden = not S["history_report"]
    byid("history-empty").hidden = answer is None or bool(entries)
    byid("history-count").textContent = tr("history.count", n=len(entries)) if entries else ""
    html = []
    unshown = 0
    for entry in entries:
        try:
            date = saved.saved_date(entry)
            lines = textfmt.history_lines(S["lang"], entry, date)
        except Exception:  # noqa: BLE001 - the worker checks every entry; one that still
            unshown += 1  # cannot be shown is counted and said, never hides the others
            continue
        marker = "" if entry.get("finished") else " unfinished"
        ident = esc(str(entry.get("id")))
        html.append(
            '<li class="history-entry' + marker + '" data-entry="' + ident + '">'
            + '<p class="history-title">' + esc(lines["title"]) + "</p>"
            + '<p class="history-seats">' + esc(lines["seats"]) + "</p>"
            + '<p class="history-result">' + esc(lines["result"]) + "</p>"
            + '<div class="actions"><button type="button" class="ghost" data-history-review="'
            + ident + '" aria-label="' + esc(tr("review.open_label", date=date)) + '">'
            + esc(tr("review.open")) + "</button>"
            + '<button type="button" class="ghost" data-history-export="'
            + ident + '" aria-label="' + esc(tr("history.export_label", date=date)) + '">'
            + esc(tr("history.export")) + "</button>"
            + '<button type="button" class="ghost" data-history-delete="' + ident
            + '" aria-label="' + esc(tr("history.delete_label", date=date)) + '">'
            + esc(tr("history.delete")) + "</button></div></li>")
    set_html("history-list", "".join(html))
    if unshown:
        status.textContent = " ".join(notes + [tr("history.unshown", n=unshown)]).strip()
        status.hidden = False
    clear = byid("history-clear")
    clear.hidden = not entries or S["history_clear"]
    ask = byid("history-clear-confirm")
    ask.hidden = not S["history_clear"]
    byid("history-clear-ask").textContent = tr("history.clear_ask", n=len(entries))
    options = []
    for n in settings.KEEPS:
        sel = " selected" if n == S["settings"]["keep"] else ""
        options.append('<option value="' + str(n) + '"' + sel + ">"
                       + esc(tr("history.keep_n", n=n)) + "</option>")
    set_html("history-keep", "".join(options))


async def ask(message, file=None):
    """Send a history intent; its `history` answer becomes the list shown. The history file's
    export and import (`file`: the chosen file) and a kept match's record go through
    link.send_file."""
    S["history_error"] = ""
    moves_file = message["type"] in ("history_import", "history_export")
    if not moves_file:
        S["history_report"] = ""  # the outcome of an earlier import or export is past
    try:
        if moves_file or message["type"] == "history_record":
            answer = await link.send_file(message, file)
        else:
            answer = await link.send(message)
    except Exception as exc:  # noqa: BLE001 - said on the screen
        answer = {"type": "error", "code": "history_failed", "message": str(exc)}
    if answer.get("type") == "history":
        S["history"] = answer
        if answer.get("imported") is not None:
            S["history_report"] = import_report(answer["imported"])
    elif answer.get("type") == "history_record":
        pass  # offered as a download by link.send_file
    elif answer.get("type") == "history_file":  # offered as a download by link.send_file
        S["history_report"] = tr("stats.exported", n=answer.get("count", 0))
    else:
        why = i18n.error_reason(S["lang"], answer.get("code"), answer.get("message", ""))
        S["history_error"] = tr("history.unavailable", why=why)
    render()
    byid("history-list").removeAttribute("aria-busy")  # the worker has answered


def import_report(report):
    """What an import did, in words: added, updated, already kept; set aside, not kept or
    deleted by the keep setting; or why the file could not be imported at all."""
    if report.get("error"):
        key = "stats.file." + str(report["error"])
        why = tr(key) if key in i18n.catalogue(S["lang"]) else str(report.get("message"))
        return tr("stats.import_bad", why=why)
    parts = [tr("stats.imported", added=report.get("added", 0),
                updated=report.get("updated", 0), duplicates=report.get("duplicates", 0))]
    if report.get("set_aside"):
        parts.append(tr("stats.import_aside", n=report["set_aside"],
                        why="; ".join(str(r) for r in report.get("reasons") or [])))
    if report.get("not_kept"):
        parts.append(tr("stats.import_not_kept", n=report["not_kept"], keep=report.get("keep")))
    if report.get("removed"):
        parts.append(tr("stats.import_removed", n=report["removed"], keep=report.get("keep")))
    return " ".join(parts)


async def import_file(file):
    """Send the chosen history file to the worker, which merges it and answers the list."""
    await ask({"type": "history_import"}, file)


def on_import(event):
    files = event.target.files
    if files is None or int(files.length) == 0 or S["engine_state"] != "ready":
        return
    file = files.item(0)
    event.target.value = ""  # the same file may be chosen again
    spawn(import_file(file))


async def open_screen():
    S["history_clear"] = False
    S["history_report"] = ""
    render()
    await ask({"type": "history"})


async def on_click(event):
    """Export, delete, clear (after asking) and cancel, by event delegation."""
    target = event.target.closest("button")
    if target is None or S["engine_state"] != "ready":
        return
    ident = str(target.id)
    if target.hasAttribute("data-history-review"):
        screens.call(screens.REVIEW, "open_entry",
                     str(target.getAttribute("data-history-review")))
    elif target.hasAttribute("data-history-export"):
        await ask({"type": "history_record",
                   "entry": str(target.getAttribute("data-history-export"))})
    elif target.hasAttribute("data-history-delete"):
        await ask({"type": "history_delete",
                   "entry": str(target.getAttribute("data-history-delete"))})
    elif ident == "history-clear":
        S["history_clear"] = True
        render()
        byid("history-clear-no").focus()
    elif ident == "history-clear-no":
        S["history_clear"] = False
        render()
    elif ident == "history-clear-yes":
        S["history_clear"] = False
        await ask({"type": "history_clear"})
    elif ident == "history-export-all":
        await ask({"type": "history_export"})


async def on_keep(event):
    """A new setting: kept, and the matches beyond it deleted at once (the oldest first)."""
    value = int(str(event.target.value))
    if value in settings.KEEPS:
        settings.set_value("keep", value)
        await ask({"type": "history", "trim": True})
