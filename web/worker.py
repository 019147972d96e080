"""The engine worker's entry point (runs in Pyodide, inside a web worker created by the UI).

It only forwards the page's JSON messages to the protocol of the engine wheel, which owns the
game session; `__export__` makes `handle` callable from the page as `await engine.handle(text)`.

A computer's search runs in chunks (`Session.handle_steps`) and the worker's event loop is free
between two chunks (Pyodide's `asyncio.sleep(0)` is a new browser task), so a message the page
sends meanwhile is answered at once: an `undo` while the computer thinks cancels its search.
"""

import asyncio

from domino.protocol import Session

_session = Session(ai_time_limit=2.5)


async def handle(message):
    """Answer one JSON message of the protocol with one JSON answer."""
    for answer in _session.handle_steps(message):
        if answer is not None:
            return answer
        await asyncio.sleep(0)
    return None


__export__ = ["handle"]
