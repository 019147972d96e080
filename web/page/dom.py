"""The page's thin adapter to the browser: the DOM helpers every screen uses (`byid`, `query`,
`on`, `set_html`, `show_error`, `fetch_text`, `translate_page`), the device's storage (`load`,
`save`, `remove`), the clock and animation frames, and `spawn` for a task. Besides the
engine's channel (link.py), the boot (app.py) and sound (sound.py), this is the only page module
that imports `pyscript`: the screens reach the browser through it, so that a test can stand a
fake of this one module in for the browser and import them on CPython
(tests/web/test_screens_table.py).
Kept plain for MicroPython: no dataclasses, no typing.
"""

import asyncio
import json

from pyscript import document, window
from pyscript.ffi import create_proxy
from store import tr

_proxies = []  # keep handler proxies alive


def translate_page():
    """Every fixed text of the page (`data-i18n`, `data-i18n-label`) in the page's language:
    the keys come from the page and go back with their texts in one call each way
    (web/boot.js `textKeys`, `setTexts`), not one DOM call per element."""
    texts = {}
    for key in json.loads(str(window.dominoBoot.textKeys())):
        texts[key] = tr(key)
    window.dominoBoot.setTexts(json.dumps(texts))


def byid(name):
    return document.getElementById(name)


def query(selector):
    """The first element matching the CSS `selector`, or None."""
    return document.querySelector(selector)


def query_all(selector):
    """Every element matching the CSS `selector` (a list)."""
    nodes = document.querySelectorAll(selector)
    return [nodes.item(i) for i in range(int(nodes.length))]


def create(tag):
    """A new element `tag`, not yet in the page."""
    return document.createElement(tag)


def root_data(key, value):
    """Set `data-<key>` on the page's root element (<html>): the theme, the motion setting and
    the table's moving/still state, which the style sheet and browser tests read."""
    setattr(document.documentElement.dataset, key, value)


def prefers(query):
    """Whether the device matches the media `query` (e.g. reduced motion)."""
    return bool(window.matchMedia(query).matches)


def now():
    """The page's clock in milliseconds (`performance.now()`): animations are planned on it."""
    return float(window.performance.now())


def mark(name):
    """A User Timing mark (benchmarks read them)."""
    window.performance.mark(name)


# Whether the page names its own steps for a benchmark (boot.js `trace`): read once; a
# player's page makes no measure and pays one test per step.
TRACING = bool(window.dominoBoot.trace)


def span_start():
    """The clock for `span` when tracing, else 0 (no call to the browser)."""
    return float(window.performance.now()) if TRACING else 0


def span(name, started):
    """When tracing, a User Timing measure `domino:<name>` from `started` (`span_start`) to
    now: benchmarks/task_trace.py names a long task's parts with them."""
    if TRACING:
        window.dominoBoot.span("domino:" + name, started)


# The JavaScript proxy of each function `next_frame` was given, made once: the page asks for
# the same few functions frame after frame.
_frame_proxies = {}


def next_frame(fn):
    """Call `fn` at the next animation frame."""
    made = _frame_proxies.get(fn)
    if made is None:
        made = _frame_proxies[fn] = create_proxy(fn)
    window.requestAnimationFrame(made)


async def after_frame():
    """Resume in a browser task after the next frame was laid out and painted (in the next
    task on a hidden page, which draws no frame: boot.js `afterFrame`)."""
    await window.dominoBoot.afterFrame()


def scroll_to(element):
    """Scroll the least that brings `element` into view."""
    element.scrollIntoView(window.JSON.parse('{"block": "nearest", "inline": "nearest"}'))


def load(key, most=None):
    """The device's stored text under `key` ("" when none, or longer than `most` characters)."""
    if most is None:
        return str(window.dominoBoot.load(key))
    return str(window.dominoBoot.load(key, most))


def save(key, text):
    """Store `text` under `key` on this device."""
    window.dominoBoot.save(key, text)


def remove(key):
    """Forget what is stored under `key` on this device."""
    window.dominoBoot.remove(key)


def format_date(stamp, lang):
    """A date and time (milliseconds since 1970, as text) in the player's language."""
    return str(window.dominoBoot.formatDate(str(stamp), lang))


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


async def fetch_file(url, path):
    """Fetch the site's file `url` into the interpreter's file `path`, its bytes as they come
    (bytecode or source); RuntimeError with the reason when it fails. JavaScript writes them
    (boot.js `fetchFile`): MicroPython copies a JS buffer into `bytes` one element at a time,
    about 50 ms for 60 KB."""
    why = str(await window.dominoBoot.fetchFile(url, path))
    if why:
        raise RuntimeError(url + ": " + why)


def on(element, event, handler):
    proxy = create_proxy(handler)
    _proxies.append(proxy)
    element.addEventListener(event, proxy)


# The HTML last written into each element by `set_html`, by element id.
_html = {}


def written(element_id):
    """The HTML `set_html` last wrote into the element (None before any)."""
    return _html.get(element_id)


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
