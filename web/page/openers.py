"""The doors to the screens beside the table: the history, the review, the statistics and the
lessons (their menu buttons, the history's and the result's links to them, a lesson's deep
link), and the events of those screens passed on to their modules (web/page/app.py wires
these to the page's elements).

The screens' modules are table modules (fetched after the menu), so each is imported where it
is used, and its buttons open only once the engine answers and those modules are up.
"""

import dom
import i18n
import link
import screens
import deeplink
from dom import byid, spawn
from store import S


def lesson_known(variant):
    """True when the catalogue has the game `variant` (every game has its lesson), or while
    the catalogue is not known yet."""
    ids = S["variant_ids"]
    return not ids or variant in ids


def refuse_lesson():
    """A lesson's link naming no game: said, forgotten, and the menu stays."""
    S["pending_lesson"] = None
    dom.show_link_notes([deeplink.NOTE_LESSON], add=True)
    link.forget_link()


def render_history_button():
    """The history opens once the engine (which keeps it) and its screen's module are up."""
    closed = not (S["engine_state"] == "ready" and S["table_ready"])
    byid("history-open").disabled = closed
    byid("stats-open").disabled = closed
    byid("lesson-open").disabled = closed
    byid("friends-host").disabled = closed
    byid("friends-join-code").disabled = not S["table_ready"]
    byid("friends-scan").disabled = not S["table_ready"]
    byid("friends-scan").hidden = not dom.boot().canScan()  # no camera API: typed only


def on_history_open(event):
    import history_view

    if byid("history-open").disabled:
        return
    # Busy until the worker's list arrives (history_view.ask): what shows until then may be
    # the list of an earlier visit.
    byid("history-list").setAttribute("aria-busy", "true")
    screens.show(screens.HISTORY)
    spawn(history_view.open_screen())


def on_history_click(event):
    import history_view

    target = event.target.closest("button")
    if target is not None and str(target.id) == "history-stats":
        on_stats_open(event)
        return
    spawn(history_view.on_click(event))


def on_review_click(event):
    import review_view

    review_view.on_click(event)


def on_review_change(event):
    import review_view

    review_view.on_change(event)


def on_review_open(event):
    import review_view

    if S["engine_state"] == "ready" and S["table_ready"]:
        review_view.open_match()


def on_review_match_open(event):
    import review_view

    if S["engine_state"] == "ready" and S["table_ready"]:
        review_view.open_whole_match()


def on_review_progress(message):
    if S["table_ready"]:
        import review_view

        review_view.on_progress(message)


def take_lesson_link(lesson):
    """A lesson's deep link (from a rules page): its language, and the lesson to open once
    the engine and the table's modules are up."""
    if lesson.get("lang") in i18n.LANGS:
        S["lang"] = lesson["lang"]
    S["pending_lesson"] = lesson["lesson"]


def open_pending_lesson():
    """Open the lesson a deep link asked for, once the engine answers and the lesson's
    screen is compiled."""
    variant = S["pending_lesson"]
    if variant is None or S["engine_state"] != "ready" or not S["table_ready"]:
        return
    if not lesson_known(variant):
        refuse_lesson()
        return
    S["pending_lesson"] = None
    import lesson_view

    spawn(lesson_view.open_lesson(variant))


def on_lesson_open(event):
    """The setup screen's "Lesson": the chosen game's lesson."""
    if byid("lesson-open").disabled:
        return
    import lesson_view

    spawn(lesson_view.open_lesson(S["setup"].get("variant")))


def on_lesson_click(event):
    import lesson_view

    lesson_view.on_click(event)


def on_lesson_canvas(event):
    import lesson_view

    lesson_view.on_canvas_click(event)


def on_lesson_box(entries, observer):
    """The lesson's table box changed size (its words took more lines): draw it again."""
    if screens.showing(screens.LESSON):
        screens.current("on_resize")


def on_stats_open(event):
    """The statistics, from the menu or the history screen."""
    import stats_view

    if byid("stats-open").disabled:
        return
    stats_view.reset()
    screens.show(screens.STATS)
    spawn(stats_view.open_screen())


def on_stats_history(event):
    on_history_open(event)


def on_stats_game(event):
    import stats_view

    stats_view.on_game(event)


def on_history_import(event):
    import history_view

    history_view.on_import(event)


def on_history_keep(event):
    import history_view

    spawn(history_view.on_keep(event))
