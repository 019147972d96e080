"""The player's settings, remembered in localStorage: the computers' speed, the order of the
hand, sound and motion, the table's theme, and how many matches the history keeps."""

import json

import dom
from dom import byid
from store import S, tr

KEY = "domino.settings"
SPEEDS = ("slow", "normal", "fast", "instant")
SORTS = ("none", "number", "pips")
# The table's themes (issue 25, DECISIONS W-59): green felt, blue felt, high contrast (CSS
# `html[data-theme]` and table.TILE_THEMES).
THEMES = ("felt", "night", "contrast")
KEEPS = (20, 50, 100, 500)  # matches the history keeps (web/worker/history.py's KEEP_CHOICES)


def load():
    try:
        data = json.loads(dom.load(KEY) or "{}")
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    settings = S["settings"]
    if data.get("speed") in SPEEDS:
        settings["speed"] = data["speed"]
    if data.get("sort") in SORTS:
        settings["sort"] = data["sort"]
    if data.get("theme") in THEMES:
        settings["theme"] = data["theme"]
    if data.get("keep") in KEEPS:
        settings["keep"] = data["keep"]
    for name in ("sound", "motion"):
        if isinstance(data.get(name), bool):
            settings[name] = data[name]
    if dom.prefers("(prefers-reduced-motion: reduce)"):
        settings["motion"] = False if "motion" not in data else settings["motion"]


def save():
    dom.save(KEY, json.dumps(S["settings"]))


def set_value(name, value):
    S["settings"][name] = value
    save()


def render():
    """The settings controls, in the page's language."""
    html = []
    for speed in SPEEDS:
        sel = " selected" if speed == S["settings"]["speed"] else ""
        html.append('<option value="' + speed + '"' + sel + ">" + tr("speed." + speed)
                    + "</option>")
    byid("speed").innerHTML = "".join(html)
    html = []
    for sort in SORTS:
        sel = " selected" if sort == S["settings"]["sort"] else ""
        html.append('<option value="' + sort + '"' + sel + ">" + tr("sort." + sort)
                    + "</option>")
    byid("sort").innerHTML = "".join(html)
    theme = S["settings"].get("theme") or "felt"
    html = []
    for name in THEMES:
        sel = " selected" if name == theme else ""
        html.append('<option value="' + name + '"' + sel + ">" + tr("theme." + name)
                    + "</option>")
    byid("theme").innerHTML = "".join(html)
    dom.root_data("theme", theme)
    byid("motion").checked = bool(S["settings"]["motion"])
    dom.root_data("motion", "on" if S["settings"]["motion"] else "off")
