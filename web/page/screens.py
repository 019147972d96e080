"""The page's screens, in one table (issue 23; DESIGN.md "The web app").

Each screen is a name here and a row of `SCREENS`: its module (None for the table's screens,
which `app.render` draws from the match's state), whether it draws itself (`own`: a state
that arrives meanwhile waits for the table), and which of that module's functions the page
may call (`render` after a change of language, `on_key`, `on_resize`, `leave` when another
screen replaces it, and what opens it). Everything else asks this
module: which screen is shown (`showing`), whether it draws itself (`draws_itself`), and calls
the shown screen's functions through `call` / `current`, so that no screen name is compared as
a string anywhere else and no screen module imports another (one screen opening another goes
through `call` too, e.g. the history's Review button).

Which screen is shown is this module's state; `show` changes it and tells the page's adapter
(`on_show`: app.py hides and shows the screens' elements). Pure Python: no `pyscript`, no `js`;
a screen's module is imported by name only when one of its functions is called.
Kept plain for MicroPython: no dataclasses, no typing.
"""

MENU = "menu"
GAME = "game"
HANDOFF = "handoff"  # pass-and-play: the device is handed to the next player
HISTORY = "history"
REVIEW = "review"
STATS = "stats"
LESSON = "lesson"
FRIENDS = "friends"  # play with friends: the lobby (issue 24)

SCREENS = {
    MENU: {"module": "setup", "own": False, "calls": ("render_setup",)},
    GAME: {"module": None, "own": False, "calls": ()},
    HANDOFF: {"module": None, "own": False, "calls": ()},
    HISTORY: {"module": "history_view", "own": True,
              "calls": ("render", "open_screen", "on_click", "on_import")},
    REVIEW: {"module": "review_view", "own": True,
             "calls": ("render", "on_key", "on_resize", "leave", "open_entry", "open_match",
                       "open_whole_match", "on_click", "on_change", "on_progress")},
    STATS: {"module": "stats_view", "own": True,
            "calls": ("render", "open_screen", "reset", "on_game")},
    LESSON: {"module": "lesson_view", "own": True,
             "calls": ("render", "on_key", "on_resize", "open_lesson", "on_click",
                       "on_canvas_click")},
    FRIENDS: {"module": "friends", "own": True,
              "calls": ("render", "open_host", "open_guest", "on_click", "on_change",
                        "resume", "rematch", "close_table", "on_lang")},
}

_now = {"name": MENU}
_listeners = []


def on_show(fn):
    """Register `fn(old, new)`, called after the screen shown changed (or was shown again)."""
    _listeners.append(fn)


def show(name):
    """Show the screen `name`: the one it replaces is told (`leave`), then the listeners."""
    if name not in SCREENS:
        raise ValueError("no such screen: " + str(name))
    old = _now["name"]
    if old != name:
        call(old, "leave")
    _now["name"] = name
    for fn in _listeners:
        fn(old, name)


def shown():
    """The name of the screen shown."""
    return _now["name"]


def showing(name):
    """Whether the screen `name` is the one shown."""
    return _now["name"] == name


def draws_itself():
    """Whether the screen shown draws itself from its own module (a state that arrives
    meanwhile waits for the table)."""
    return SCREENS[_now["name"]]["own"]


def call(name, fn, *args):
    """Call the function `fn` of screen `name`'s module with `args`, when the table lists it
    for that screen. Returns (True, its result), or (False, None) when the screen has no
    such function."""
    row = SCREENS[name]
    if row["module"] is None or fn not in row["calls"]:
        return False, None
    return True, getattr(__import__(row["module"]), fn)(*args)


def current(fn, *args):
    """`call` on the screen shown."""
    return call(_now["name"], fn, *args)
