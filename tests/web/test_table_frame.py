"""The frame before the game's table is drawn again (web/page/table_frame.py `draw`,
DECISIONS W-116, W-138), driven in CPython with the fake `dom` of test_page_fake_dom: the
first draw after the game screen was hidden waits for the frame that lays the screen out;
for that frame the canvas keeps the table drawn last where it is this match's table for this
viewer at this window's size (the return from the review or the menu), and is blank with no
chip of the table before over it otherwise (another match, another seat, a resized window).

RULES.md: none (the page's adapters)
"""

from __future__ import annotations

import asyncio
import types
from collections.abc import Iterator

import pytest
from test_page_fake_dom import fresh, installed
from test_train_chips import ChipDom

UNDER_TEST = ("train_labels", "table_frame")


class Context:
    """A canvas's 2D context that remembers whether anything is drawn on it."""

    def __init__(self) -> None:
        self.painted = False

    def setTransform(self, *args: float) -> None:  # noqa: N802 - the DOM's name
        pass

    def clearRect(self, *args: float) -> None:  # noqa: N802 - the DOM's name
        self.painted = False


class FrameDom(ChipDom):
    """ChipDom whose canvas has a context, whose spawned tasks are kept to be run by the
    test (the frame passes when it runs them)."""

    def __init__(self) -> None:
        super().__init__()
        self.ctx = Context()
        self.elements["table"].getContext = lambda kind: self.ctx
        self.elements["table"].width = 600
        self.elements["table"].height = 600
        self.tasks: list[object] = []

    def spawn(self, coro: object) -> None:
        self.tasks.append(coro)

    async def after_frame(self) -> None:
        return None

    def frame(self) -> None:
        """The frame passes: the draws that waited for it run."""
        while self.tasks:
            asyncio.run(self.tasks.pop(0))


@pytest.fixture
def dom() -> Iterator[FrameDom]:
    yield from installed(FrameDom(), UNDER_TEST)


def test_the_frame_before_the_first_draw_keeps_this_matchs_table(dom: FrameDom) -> None:
    """W-138: since W-116 the canvas was blanked for the frame before the first draw after the
    game screen was hidden, so the return from the review showed an empty felt for a frame
    between two drawings of the same table. Now the drawing stays for that frame where it is
    this match's table for this viewer (in the same language and theme, the window not
    resized); for another match or seat, or after a resize, the canvas is blank and the chips
    of the table before are gone with it."""
    import screens
    import store
    from store import S

    frame = fresh("table_frame")
    saved = {key: S.get(key) for key in ("state", "geo", "match_serial", "log")}
    chips = '<button type="button" class="train-chip" data-fold="T2">+5</button>'

    def draw_now() -> None:
        S["geo"] = {"labels": []}
        dom.ctx.painted = True
        dom.set_html("train-chips", chips)

    def hidden_and_shown() -> None:
        """The player leaves the game screen (the review, the menu) and comes back to it."""
        screens.show(screens.MENU)
        screens.show(screens.GAME)
        frame.draw(draw_now)

    try:
        screens.show(screens.GAME)
        S["state"] = {"state_id": 4, "viewer": 0, "view": {}}
        frame.draw(draw_now)  # the first draw ever: nothing to keep
        assert not dom.ctx.painted and dom.root["drawing"] == "1"
        dom.frame()
        assert dom.ctx.painted and dom.root["drawing"] == ""
        hidden_and_shown()
        assert dom.ctx.painted and dom.written("train-chips") == chips, "the table blanked"
        assert S["geo"] is None and dom.root["drawing"] == "1"
        dom.frame()
        # A move came while the review was open: the same match's table, kept too.
        S["state"] = {"state_id": 5, "viewer": 0, "view": {}}
        hidden_and_shown()
        assert dom.ctx.painted
        dom.frame()
        for change in ("seat", "match", "resize"):
            if change == "seat":
                S["state"] = {"state_id": 6, "viewer": 1, "view": {}}
            elif change == "match":  # the same seat and state id in a match taken afresh
                store.take_state(S["state"], True)
            else:
                frame.on_resize(types.SimpleNamespace())
            hidden_and_shown()
            assert not dom.ctx.painted, change
            assert dom.written("train-chips") == "", change
            dom.frame()
            assert dom.ctx.painted and dom.written("train-chips") == chips
    finally:
        S.update(saved)
        screens.show(screens.MENU)
