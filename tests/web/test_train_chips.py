"""Mexican Train's chips over the folded trains (web/page/train_labels.py `place_chips`,
`on_chip`, `on_label`; DECISIONS W-117, W-118), driven in CPython with the fake `dom` of
test_page_fake_dom: the focus stays on a tapped chip's train when the chips are written
again, the same chip (now "−") or the train's label folds the train back, and the canvas's
test attributes are written only when they change.

RULES.md: none (the page's adapters)
"""

from __future__ import annotations

import contextlib
import sys
import types
from collections.abc import Iterator

import geometry
import pytest
from test_page_fake_dom import Element, FakeDom, fresh, installed
from test_train_fold import long_view

UNDER_TEST = ("train_labels", "table")


class Chip(Element):
    """A chip button as the fake layer parses it from the HTML written: its train, and
    whether it has the focus."""

    def __init__(self, dom: ChipDom, train: str) -> None:
        super().__init__()
        self.dom = dom
        self.attributes["data-fold"] = train

    def focus(self) -> None:
        self.dom.active = self

    def closest(self, selector: str) -> Element | None:
        return self if selector == "[data-fold]" else self.dom.byid("train-chips")


class Canvas(Element):
    """The table's canvas: counts every attribute written."""

    def __init__(self) -> None:
        super().__init__("table")
        self.writes: list[str] = []

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 - the DOM's name
        self.writes.append(name)
        super().setAttribute(name, value)


class ChipDom(FakeDom):
    """FakeDom with a focus and the chips' layer parsed into Chip elements."""

    def __init__(self) -> None:
        super().__init__()
        self.active: Element | None = None
        self.elements["table"] = Canvas()
        self.html_writes = 0

    def focused(self) -> Element | None:
        return self.active

    def set_html(self, ident: str, html: str) -> None:
        super().set_html(ident, html)
        if ident == "train-chips":
            self.html_writes += 1
            self.active = None  # the old buttons are gone, and their focus with them
            self.chips = [
                Chip(self, part.split('"', 1)[0]) for part in html.split('data-fold="')[1:]
            ]

    def query(self, selector: str) -> Element | None:
        for chip in getattr(self, "chips", []):
            if f'[data-fold="{chip.getAttribute("data-fold")}"]' in selector:
                return chip
        return super().query(selector)


@pytest.fixture
def dom() -> Iterator[FakeDom]:
    yield from installed(ChipDom(), UNDER_TEST)


@contextlib.contextmanager
def chip_table(lengths: list[int]) -> Iterator[types.SimpleNamespace]:
    """The game's table of six players' trains of `lengths` tiles (307x302, folded), drawn
    once through a stand-in `table.draw` that notes the train it showed whole; yields the
    fresh `train_labels`, the store's `S`, the `state`, the `drawn` list and `draw`, and puts
    the store back after."""
    train_labels = fresh("train_labels")
    from store import S

    view = long_view(6, lengths)
    state = {"state_id": 7, "viewer": 0, "seats": ["human"] + ["ai"] * 5, "view": view}
    before = (S["state"], S["geo"], S["lang"])
    drawn: list[str | None] = []

    def draw() -> None:
        whole = train_labels.whole_train(state)
        drawn.append(whole)
        S["geo"] = geometry.view_table(view, 307.0, 302.0, 0, None, None, True, whole)
        train_labels.place_chips(S["geo"])

    table = types.ModuleType("table")
    table.draw = draw  # type: ignore[attr-defined]
    sys.modules["table"] = table
    try:
        S["state"], S["lang"] = state, "en"
        draw()
        yield types.SimpleNamespace(train_labels=train_labels, S=S, state=state, drawn=drawn,
                                    draw=draw)
    finally:
        S["state"], S["geo"], S["lang"] = before


def test_a_tapped_chip_keeps_the_focus_and_folds_its_train_again(dom: ChipDom) -> None:
    """W-117: a tap on a "+n" chip shows its train whole and the focus moves to the train's
    new chip ("−", aria-expanded, "hide" in its name); a tap on that one folds the train again,
    the focus still on its chip. A tap on the label of a folded or whole train does the
    same, without moving the focus. Drawing the same table again writes neither the chips
    nor the canvas's test attributes (W-118)."""
    with chip_table([9, 4, 16, 8, 9, 11, 11]) as t:
        train_labels, S, state, drawn, draw = t.train_labels, t.S, t.state, t.drawn, t.draw
        canvas = dom.byid("table")
        assert sorted(canvas.writes) == ["data-ends", "data-markers"]
        html = dom.byid("train-chips").innerHTML
        assert 'aria-expanded="false"' in html and "show" in html
        draw()
        assert dom.html_writes == 1 and len(canvas.writes) == 2, "an unchanged table rewrote"

        chip = dom.query('#train-chips [data-fold="T2"]')
        folded = [lab for lab in S["geo"]["labels"] if lab["id"] == "T2"][0]["hidden"]
        chip.focus()
        event = types.SimpleNamespace(target=chip)
        train_labels.on_chip(event)
        assert drawn[-1] == "T2"
        html = dom.byid("train-chips").innerHTML
        assert 'data-fold="T2" data-hidden="0" aria-expanded="true"' in html
        # Its label says how many tiles a tap folds away again (W-126).
        assert "T2" in html and "\u2212</button>" in html
        assert f"hide {folded} earlier tiles" in html and folded > 1
        assert dom.active is not None and dom.active.getAttribute("data-fold") == "T2"

        train_labels.on_chip(types.SimpleNamespace(target=dom.active))
        assert drawn[-1] is None
        assert dom.active is not None and dom.active.getAttribute("data-fold") == "T2"

        # The label of T2 (folded again): a tap on it shows the train whole, then folds it.
        lab = [lab for lab in S["geo"]["labels"] if lab["id"] == "T2"][0]
        dom.active = None
        assert train_labels.on_label(lab["x"] + 2, lab["y"] + lab["h"] / 2)
        assert drawn[-1] == "T2" and dom.active is None
        lab = [lab for lab in S["geo"]["labels"] if lab["id"] == "T2"][0]
        assert train_labels.on_label(lab["x"] + 2, lab["y"] + lab["h"] / 2)
        assert drawn[-1] is None
        # Beside the labels (on the tiles) nothing is toggled.
        assert not train_labels.on_label(lab["chip"]["x"] + 40, lab["y"] + lab["h"] / 2)
        # The next state folds every train again (W-114).
        state["state_id"] = 8
        assert train_labels.whole_train(state) is None


def test_the_foot_chip_folds_the_train_and_the_focus_stays_on_its_first_chip(
    dom: ChipDom,
) -> None:
    """W-131: a train shown whole that is taller than the table has a second "−" chip at its
    last line, written after its first one: the same train, no tab stop and hidden from
    screen readers (the first chip keeps the focus and says the same), its title the first
    chip's words. A tap on it folds the train again and the focus goes to the train's "+n"
    chip, not to a chip of the foot."""
    with chip_table([9, 4, 40, 8, 9, 11, 11]) as t:
        train_labels, drawn = t.train_labels, t.drawn
        assert "foot" not in dom.byid("train-chips").innerHTML
        train_labels.on_chip(types.SimpleNamespace(target=dom.query('[data-fold="T2"]')))
        assert drawn[-1] == "T2"
        html = dom.byid("train-chips").innerHTML
        parts = html.split("<button")
        feet = [p for p in parts if "foot" in p]
        assert len(feet) == 1 and 'data-fold="T2"' in feet[0]
        assert 'tabindex="-1"' in feet[0] and 'aria-hidden="true"' in feet[0]
        assert "hide" in feet[0] and "earlier tiles" in feet[0] and "\u2212</button>" in feet[0]
        first = [p for p in parts if 'data-fold="T2"' in p and "foot" not in p]
        assert first and html.index(first[0]) < html.index(feet[0])
        # The tap on the foot chip: the train folds again, the focus on its first chip.
        foot = [c for c in dom.chips if c.getAttribute("data-fold") == "T2"][-1]
        train_labels.on_chip(types.SimpleNamespace(target=foot))
        assert drawn[-1] is None
        assert "foot" not in dom.byid("train-chips").innerHTML
        assert dom.active is not None and dom.active.getAttribute("data-fold") == "T2"


def test_the_page_keeps_the_hub_on_the_first_line_for_the_round(dom: ChipDom) -> None:
    """W-130: once a table of a round laid the hub on the first band's line, `hub_kept` says
    so for every later state of that round (the geometry then keeps it there when a double
    is answered); not for a zoom to far-apart targets, nor in the next round or match, nor
    after an undo took the trains back to before it went there."""
    train_labels = fresh("train_labels")

    def state(hand: int, engine: int, tiles: int) -> dict:
        trains = [{"id": "T0", "owner": 0, "tiles": [[engine, 1]] * tiles}]
        return {"hand_number": hand, "view": {"layout": {"engine": engine, "trains": trains}}}

    inline = {"hub_inline": True}
    row = {"hub_inline": False}
    assert not train_labels.hub_kept(state(3, 10, 20))
    train_labels.note_hub(state(3, 10, 20), dict(inline, zoomed=True))
    assert not train_labels.hub_kept(state(3, 10, 21)), "a zoom is remembered"
    train_labels.note_hub(state(3, 10, 20), row)
    assert not train_labels.hub_kept(state(3, 10, 21))
    train_labels.note_hub(state(3, 10, 20), inline)
    assert train_labels.hub_kept(state(3, 10, 20)) and train_labels.hub_kept(state(3, 10, 26))
    train_labels.note_hub(state(3, 10, 26), row)  # the table then kept it: nothing changes
    assert train_labels.hub_kept(state(3, 10, 27))
    assert not train_labels.hub_kept(state(3, 10, 19)), "an undo before it went there"
    assert not train_labels.hub_kept(state(4, 9, 30)), "the next round"
    assert not train_labels.hub_kept(state(1, 12, 2)), "a new match"
