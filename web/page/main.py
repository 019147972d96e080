"""Entry point of the page's MicroPython UI (PyScript `<script type="mpy">`).

It imports the UI in steps and yields to the browser between them, so that compiling the
modules never blocks the page in one long task (the menu stays responsive while it loads);
then it runs the UI (`app.py`). The engine worker is started as soon as `link` is compiled,
so that Pyodide boots while the rest compiles. Only the menu's modules are fetched before
this runs (the `files` of `index.html`, preloaded with it): the table's modules (`geometry`,
`summary`, `seats`, `table`, `hand`, `logview`, `dialogs`, `motion`, `sound`) are fetched and
compiled by `app` once the menu works.
"""

import asyncio

await asyncio.sleep(0)  # noqa: F704 - PyScript runs this module with top-level await
import i18n  # noqa: E402, F401 - compiled now, used by app

await asyncio.sleep(0)  # noqa: F704
import textfmt  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import quickstart  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import deeplink  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import screens  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import store  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import dom  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import saved  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import link  # noqa: E402

link.launch()  # the engine worker boots in its thread while the menu's modules compile

await asyncio.sleep(0)  # noqa: F704
import setup  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import settings  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import openers  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import exporting  # noqa: E402, F401

await asyncio.sleep(0)  # noqa: F704
import app  # noqa: E402

await asyncio.sleep(0)  # noqa: F704
await app.main()  # noqa: F704
