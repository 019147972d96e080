"""The engine worker's entry point (runs in Pyodide, inside a web worker created by the UI).

It only forwards the page's JSON messages to the protocol of the engine wheel, which owns the
game session; `__export__` makes `handle` callable from the page as `await engine.handle(text)`.
"""

from domino.protocol import Session

_session = Session(ai_time_limit=2.5)


def handle(message):
    """Answer one JSON message of the protocol with one JSON answer."""
    return _session.handle(message)


__export__ = ["handle"]
