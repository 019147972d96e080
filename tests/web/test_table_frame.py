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
        for change in ("seat", "match"):
            if change == "seat":
                S["state"] = {"state_id": 6, "viewer": 1, "view": {}}
            else:  # the same seat and state id in a match taken afresh
                store.take_state(S["state"], True)
            hidden_and_shown()
            assert not dom.ctx.painted, change
            assert dom.written("train-chips") == "", change
            dom.frame()
            assert dom.ctx.painted and dom.written("train-chips") == chips
    finally:
        S.update(saved)
        screens.show(screens.MENU)


def test_a_resume_of_the_match_drawn_last_keeps_its_table(dom: FrameDom) -> None:
    """W-147: a resume (the menu's Continue) takes its state afresh, so W-138 blanked the
    canvas for the frame before the first draw although the table drawn last was this very
    match's for this seat. A match is now known by its save's id (the worker's history id,
    the same across its resumes): the same match resumed keeps the drawing for that frame;
    another saved match resumed, a new match and a state with no id (a friend's table) are
    blank, with no chip over the felt."""
    import screens
    import store
    from store import S

    frame = fresh("table_frame")
    saved = {key: S.get(key) for key in ("state", "geo", "match_serial", "match_id", "log")}
    chips = '<button type="button" class="train-chip" data-fold="T2">+5</button>'

    def draw_now() -> None:
        S["geo"] = {"labels": []}
        dom.ctx.painted = True
        dom.set_html("train-chips", chips)

    def state(state_id: int, match: str | None) -> dict:
        save = {"ok": True, "state_id": state_id, "summary": None}
        if match is not None:
            save["match"] = match
        return {"state_id": state_id, "viewer": 0, "view": {}, "save": save}

    def taken_and_shown(answer: dict, fresh_state: bool) -> None:
        """The player goes to the menu; the state comes (a resume: taken afresh); the game
        screen shows it."""
        screens.show(screens.MENU)
        store.take_state(answer, fresh_state)
        screens.show(screens.GAME)
        frame.draw(draw_now)

    try:
        screens.show(screens.GAME)
        store.take_state(state(3, "m1"), True)
        frame.draw(draw_now)
        dom.frame()
        assert dom.ctx.painted
        # A computer moved (a state of the same match, not fresh, saved under its id).
        taken_and_shown(state(4, "m1"), False)
        assert dom.ctx.painted
        dom.frame()
        # The menu's Continue: the same match, taken afresh.
        taken_and_shown(state(4, "m1"), True)
        assert dom.ctx.painted and dom.written("train-chips") == chips, "the resume blanked"
        assert dom.root["drawing"] == "1"
        dom.frame()
        for match in ("m2", None):  # another saved match; a table whose states name none
            taken_and_shown(state(5, match), True)
            assert not dom.ctx.painted, match
            assert dom.written("train-chips") == "", match
            dom.frame()
            assert dom.ctx.painted
        # A state of another match that was not taken afresh is another match all the same.
        taken_and_shown(state(6, "m1"), True)
        dom.frame()
        taken_and_shown(state(7, "m3"), False)
        assert not dom.ctx.painted
    finally:
        S.update(saved)
        screens.show(screens.MENU)


def test_a_resize_while_the_table_was_hidden_keeps_it_scaled_evenly(dom: FrameDom) -> None:
    """W-148: a window resized while the game screen was hidden (a phone turned on the menu,
    its address bar shown or hidden) made W-138 blank the canvas for the frame before the
    first draw, a drawing made for another box being shown stretched otherwise. Now it stays,
    scaled evenly to the table's box (`object-fit: contain`: never stretched) with its chips
    (placed for the old size) gone, for that frame only: the draw made for the new box fills
    the canvas again. Another seat's or match's table is blank as before."""
    import screens
    from store import S

    frame = fresh("table_frame")
    saved = {key: S.get(key) for key in ("state", "geo", "match_serial", "match_id", "log")}
    chips = '<button type="button" class="train-chip" data-fold="T2">+5</button>'
    canvas = dom.elements["table"]

    def draw_now() -> None:
        S["geo"] = {"labels": []}
        dom.ctx.painted = True
        dom.set_html("train-chips", chips)

    def resized_while_hidden() -> None:
        screens.show(screens.MENU)
        frame.on_resize(types.SimpleNamespace())
        screens.show(screens.GAME)
        frame.draw(draw_now)

    try:
        screens.show(screens.GAME)
        S["state"] = {"state_id": 4, "viewer": 0, "view": {}}
        frame.draw(draw_now)
        dom.frame()
        assert getattr(canvas.style, "objectFit", "") == ""
        resized_while_hidden()
        assert dom.ctx.painted, "the table blanked for a resize"
        assert canvas.style.objectFit == "contain" and dom.written("train-chips") == ""
        dom.frame()
        assert dom.ctx.painted and canvas.style.objectFit == ""
        assert dom.written("train-chips") == chips
        # Hidden and shown again with no resize: kept as drawn, not scaled.
        screens.show(screens.MENU)
        screens.show(screens.GAME)
        frame.draw(draw_now)
        assert canvas.style.objectFit == "" and dom.written("train-chips") == chips
        dom.frame()
        # A resize while the game screen shows: its redraw is made for the new box at once.
        frame.on_resize(types.SimpleNamespace())
        frame.draw(draw_now)
        resized_while_hidden()  # hidden again, resized again: scaled for that frame
        assert canvas.style.objectFit == "contain"
        dom.frame()
        # Another seat's table after a resize: the felt, not the previous seat's scaled.
        screens.show(screens.MENU)
        frame.on_resize(types.SimpleNamespace())
        S["state"] = {"state_id": 5, "viewer": 1, "view": {}}
        screens.show(screens.GAME)
        frame.draw(draw_now)
        assert not dom.ctx.painted and canvas.style.objectFit == ""
        assert dom.written("train-chips") == ""
        dom.frame()
    finally:
        S.update(saved)
        screens.show(screens.MENU)
