"""The saved match as the menu shows it.

The worker saves the match after every state, in its own storage (web/worker/worker.py); the page
keeps only the public summary each state answer carries (`save.summary`), so that the menu
can offer "Continue" at once after a reload, before the worker is up. Nothing the page
stores holds a tile.
"""

import json

import screens
import textfmt
import dom
from dom import byid, on, show_error
from store import S, tr

# The public summary of the match the worker keeps saved (the worker holds the record itself).
SUMMARY_KEY = "domino.saved.v2"
# Earlier builds kept the whole record (every hand, the boneyard's order) here: removed.
OLD_SAVE_KEYS = ("domino.save.v1", "domino.save.v1.corrupt")


def read_saved():
    """The summary kept in localStorage, or None (a summary that cannot be read is dropped:
    the worker's `ready` answer says what is really saved)."""
    for key in OLD_SAVE_KEYS:
        dom.remove(key)
    # A summary is a few hundred characters: a longer one is damaged, and read as none.
    text = dom.load(SUMMARY_KEY, 10_000)
    if not text:
        dom.remove(SUMMARY_KEY)
        return None
    try:
        summary = json.loads(text)
    except ValueError:
        summary = None
    if not isinstance(summary, dict):
        dom.remove(SUMMARY_KEY)
        return None
    return summary


def keep_saved(summary):
    """Remember (or, with None, forget) the summary of the saved match, and show the menu's
    offer accordingly."""
    S["saved"] = summary
    if summary is None:
        dom.remove(SUMMARY_KEY)
    else:
        dom.save(SUMMARY_KEY, json.dumps(summary))
    render_resume()


def storage_error(save):
    """The worker's words for a storage failure, without a closing full stop (the message
    goes in brackets)."""
    return str(save.get("error") or "").rstrip(".")


def take_saved(hello):
    """What the worker says is saved, in its `ready` answer, replaces the page's summary."""
    if hello.get("set_aside"):
        show_error(tr("error.save_corrupt"))
    save = hello.get("save") or {}
    if save.get("ok") is False:
        show_error(tr("error.save_unavailable", error=storage_error(save)))
    keep_saved(hello.get("saved"))
    take_list(hello.get("saves"))


# The menu lists at most this many saved matches (the worker's `worker_saves.LISTED`).
LISTED = 20


def take_list(saves):
    """The worker's list of saved matches (`ready`'s or a `saves` answer's), kept as far as
    it is well formed, and the menu's list drawn from it."""
    kept = []
    for item in (saves if isinstance(saves, list) else [])[:LISTED]:
        if (isinstance(item, dict) and isinstance(item.get("id"), str)
                and isinstance(item.get("summary"), dict)):
            kept.append(item)
    S["saves"] = kept
    render_resume()


def render_others():
    """Every other match kept (issue 28: a match the player left for a link's stays
    resumable): one line each with its own Continue button, under the offered one."""
    others = [item for item in S["saves"] if not item.get("offered")]
    byid("saved-others").hidden = not others
    listing = byid("saved-others-list")
    listing.innerHTML = ""
    for n, item in enumerate(others):
        row = dom.create("li")
        words = dom.create("span")
        words.id = "saved-other-" + str(n)
        words.textContent = textfmt.saved_text(S["lang"], item["summary"],
                                               saved_date(item["summary"]))
        button = dom.create("button")
        button.type = "button"
        button.className = "ghost"
        button.setAttribute("data-save", item["id"])
        button.setAttribute("aria-describedby", words.id)
        button.textContent = tr("menu.resume_other")
        row.appendChild(words)
        row.appendChild(button)
        listing.appendChild(row)


def note_save(save):
    """A state's `save`: keep the summary of what is being saved; say so when the worker's
    latest write failed (the game goes on, but a reload would lose it)."""
    if not save:
        return
    if save.get("summary") is not None:
        keep_saved(save["summary"])
    if save.get("ok") is False:
        show_error(tr("error.save_failed", error=storage_error(save)))


def render_resume():
    """The menu's "Continue the saved match" button and the summary under it, drawn while the
    menu is shown (showing it draws them): a save comes with every state of a match, and its
    summary's date is written by the browser's locale data, whose first use costs some 30 ms
    (boot.js `formatDate`), which had made the first state of every match a long task."""
    if not screens.showing(screens.MENU):
        return
    summary = S["saved"]
    render_others()
    byid("saved-box").hidden = summary is None and not S["saves"]
    byid("resume").hidden = summary is None
    # Discarding needs the worker (it deletes its save).
    byid("forget").hidden = summary is None or S["engine_state"] != "ready"
    info = byid("resume-info")
    if summary is None:
        info.textContent = ""
        return
    text = textfmt.saved_text(S["lang"], summary, saved_date(summary))
    if S["auto_resume"] and resumable():
        text = tr("menu.returning", saved=text)  # the table comes back once the engine is up
    info.textContent = text


def chosen_save(event):
    """The id of the saved match whose Continue button `event` clicked, or None."""
    button = event.target.closest("button[data-save]")
    return None if button is None else str(button.getAttribute("data-save"))


def saved_date(summary):
    """When the summary was saved, in the page's language ("" when unknown)."""
    stamp = summary.get("saved_at")
    if not isinstance(stamp, int):
        return ""
    # As text: a Python integer this large does not cross to JavaScript as a number.
    return dom.format_date(stamp, S["lang"])


# Where a host keeps its friends' table (web/page/friends.py): its code and seat tokens.
FRIENDS_TABLE_KEY = "domino.friends.table"


def resumable():
    """Whether a match is saved that has not ended and a reload returns to its table by
    itself: not a friends' table a host kept, which the menu's Continue reopens with the
    friends' seats held for them (W-43), never played by this page."""
    summary = S["saved"]
    if summary is None or summary.get("match_over"):
        return False
    return not dom.load(FRIENDS_TABLE_KEY, 20000)


def in_progress():
    """Whether a match is saved that has been played and has not ended (a deep link then asks
    before it starts another; one without a move is only deleted when replaced, as the
    worker's `_retire` does)."""
    summary = S["saved"]
    if summary is None or summary.get("match_over"):
        return False
    return bool(summary.get("moves")) or (summary.get("hand_number") or 1) > 1


_ask = {"wired": False, "choose": None}


def _chosen(start):
    byid("link-confirm").hidden = True
    choose, _ask["choose"] = _ask["choose"], None
    if choose is not None:
        choose(start)


def ask_link(choose):
    """A deep link's match while another is in progress (issue 28): ask which to play, "You
    have a match in progress: continue it, or start this one?"; `choose(start)` is called
    with the answer (True: start the link's match)."""
    if not _ask["wired"]:
        _ask["wired"] = True
        on(byid("link-continue"), "click", lambda event: _chosen(False))
        on(byid("link-start"), "click", lambda event: _chosen(True))
    _ask["choose"] = choose
    summary = S["saved"] or {}
    byid("link-confirm-text").textContent = tr(
        "linkask.text", saved=textfmt.saved_text(S["lang"], summary, saved_date(summary)))
    byid("link-confirm").hidden = False
    byid("link-continue").focus()
