"""The page's thin adapter to the browser: the DOM helpers every screen uses (`byid`, `query`,
`on`, `set_html`, `show_error`, `download_record`, `fetch_text`) and `spawn` for a task. The store (store.py) and
the pure modules import none of this, so tests drive them on CPython.
Kept plain for MicroPython: no dataclasses, no typing.
"""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy
from store import tr

_proxies = []  # keep handler proxies alive


def byid(name):
    return document.getElementById(name)


def query(selector):
    """The first element matching the CSS `selector`, or None."""
    return document.querySelector(selector)


def focused():
    """The element that has the keyboard's focus, or None."""
    return document.activeElement


def pixel_ratio():
    """Device pixels per CSS pixel (a canvas is drawn at this scale)."""
    return float(window.devicePixelRatio or 1)


def warn(text):
    """A note for whoever debugs, in the browser's console (the player reads the screen)."""
    window.console.warn(text)


async def fetch_text(url):
    """The text of the site's file `url`; RuntimeError with the HTTP status when it fails."""
    response = await window.fetch(url)
    if not response.ok:
        raise RuntimeError(url + ": HTTP " + str(response.status))
    return str(await response.text())


def on(element, event, handler):
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    element.addEventListener(event, proxy)


# The HTML last written into each element by `set_html`, by element id.
_html = {}


def set_html(element_id, html):
    """Write `html` into the element only when it differs from what was written there last:
    an unchanged hand keeps its elements, so a tile being dragged keeps its pointer capture
    and its focus when a state or the end of an animation renders the page again. Every
    write to these elements goes through here, so that the record of them stays true."""
    if _html.get(element_id) == html:
        return
    _html[element_id] = html
    byid(element_id).innerHTML = html


def boot():
    """boot.js's helpers (`window.dominoBoot`: storage, the engine's channel, the friends'
    transport), for the modules that reach them through this adapter."""
    return window.dominoBoot


def proxy(fn):
    """`fn` as a JavaScript function that stays alive (a handler the page keeps)."""
    made = create_proxy(fn)
    _proxies.append(made)
    return made


def spawn(coro):
    asyncio.create_task(coro)


def download_record(record):
    """Offer a record as a file, named after its variant and seed."""
    name = ("domino-" + str(record.get("variant", "match")) + "-" + str(record.get("seed", ""))
            + ".json")
    window.dominoBoot.download(name, json.dumps(record))


def show_error(text):
    banner = byid("error-banner")
    if text:
        banner.textContent = text
        banner.hidden = False
    else:
        banner.hidden = True


# The catalogue keys of the notes the link banner shows (`#link-note`, after the error banner:
# a state clears the error banner, never these).
_notes = []


def show_link_notes(notes, add=False):
    """Show what of a link was ignored (catalogue keys, drawn as `data-i18n` spans so that a
    change of language redraws them); no notes hide the banner, unless `add` (a note found
    later, such as a lesson that does not exist)."""
    words = byid("link-note-text")
    if not add:
        words.innerHTML = ""
        del _notes[:]
    for key in notes:
        if key in _notes:
            continue
        _notes.append(key)
        span = document.createElement("span")
        span.setAttribute("data-i18n", key)
        span.style.marginRight = "0.4em"
        span.textContent = tr(key)
        words.appendChild(span)
    byid("link-note").hidden = not _notes


def on_link_note_close(event):
    byid("link-note").hidden = True
