"""Entry point of the page's MicroPython UI (PyScript `<script type="mpy">`).

It imports the UI in steps and yields to the browser between them, so that loading the
modules never blocks the page in one long task (the menu stays responsive while it loads):
the build compiled them to bytecode (DECISIONS W-84), and where it could not, each module is
compiled in parts of a browser task each (loading.py, W-82); then it runs the UI (`app.py`).
This file itself stays source: PyScript runs it as a script's text. The engine worker is started as soon as `link` is compiled, so
that Pyodide boots while the rest compiles. Only the menu's modules are fetched before this
runs (the `files` of `index.html`, preloaded with it): the table's modules (`geometry`,
`summary`, `seats`, `table`, `hand`, `logview`, `dialogs`, `motion`, `sound`) are fetched and
compiled by `app` once the menu works.
"""

import asyncio

from pyscript import window

await asyncio.sleep(0)  # noqa: F704 - PyScript runs this module with top-level await
import loading  # noqa: E402

# Characters compiled in one browser task (or bytecode loaded, counted by
# loading.MPY_WEIGHT): twice app.PART_CHARS, since the menu waits for every yield, which lets
# other tasks in (about 10 ms of compiling on a quiet machine).
PART_CHARS = 8000


async def next_task():
    await window.dominoBoot.nextTask()


SPENT = [0]  # characters compiled in the current browser task (loading.import_in_parts)


async def compile_module(name):
    """The menu's module `name`, imported (bytecode) or compiled in parts (source); imported
    later by name, it is found."""
    return await loading.import_in_parts(name, PART_CHARS, next_task, SPENT)


await compile_module("i18n")  # noqa: F704
await compile_module("textfmt")  # noqa: F704
await compile_module("quickstart")  # noqa: F704
await compile_module("deeplink")  # noqa: F704
await compile_module("screens")  # noqa: F704
await compile_module("store")  # noqa: F704
await compile_module("dom")  # noqa: F704
await compile_module("saved")  # noqa: F704
link = await compile_module("link")  # noqa: F704
link.launch()  # the engine worker boots in its thread while the menu's modules compile
await compile_module("setup")  # noqa: F704
await compile_module("settings")  # noqa: F704
await compile_module("openers")  # noqa: F704
await compile_module("exporting")  # noqa: F704
app = await compile_module("app")  # noqa: F704
await next_task()  # noqa: F704
await app.main()  # noqa: F704
