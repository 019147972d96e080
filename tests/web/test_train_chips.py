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
from typing import Any

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
        yield types.SimpleNamespace(
            train_labels=train_labels, S=S, state=state, drawn=drawn, draw=draw
        )
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


def test_a_new_match_lays_its_hub_out_afresh(dom: ChipDom) -> None:
    """W-136: the kept hub (W-130) was remembered by hand number, engine and the trains' tile
    count only, so a new match dealt the same way (the same deal number, a rematch, a record
    or a save opened) kept its hub on the first band's line from the first state that held as
    many tiles, without any need. It is the memory of one match, as the store counts them
    (`match_serial`, a new match, a record opened or a resume each a new one), and of one
    viewer (pass-and-play's seats each see their own table)."""
    import json

    import store

    from domino.session import Session

    train_labels = fresh("train_labels")
    saved = {key: store.S.get(key) for key in ("state", "moves", "log", "match_serial", "lang")}
    new = {
        "type": "new_match",
        "variant": "mexican_train",
        "options": {"players": 8},
        "seats": ["human"] + ["ai:easy"] * 7,
        "seed": 11,
    }
    try:
        store.S["lang"] = "en"
        first = json.loads(Session().handle(json.dumps(new)))
        assert store.reduce(first, new)["state"]
        train_labels.note_hub(store.S["state"], {"hub_inline": True})
        assert train_labels.hub_kept(store.S["state"])
        assert train_labels.hub_kept(dict(store.S["state"], state_id=first["state_id"] + 1))
        # The same deal again: the same round, engine and trains, another match.
        for intent in ("new_match", "load_record", "resume"):
            again = json.loads(Session().handle(json.dumps(new)))
            assert store.reduce(again, dict(new, type=intent))["state"]
            assert store.S["state"]["view"]["layout"] == first["view"]["layout"]
            assert not train_labels.hub_kept(store.S["state"]), intent
        # Pass-and-play: another seat's table keeps its own memory.
        train_labels.note_hub(store.S["state"], {"hub_inline": True})
        other = dict(store.S["state"], viewer=1)
        assert not train_labels.hub_kept(other)
        train_labels.note_hub(other, {"hub_inline": True})
        assert train_labels.hub_kept(other) and train_labels.hub_kept(store.S["state"])
    finally:
        store.S.update(saved)


def game_table(dom: ChipDom) -> tuple[Any, Any, Any]:
    """Fresh `train_labels` and `table` modules over `dom`, whose canvas measures every text
    0 px wide, and the table's box (`table-wrap`: set its clientWidth and clientHeight)."""
    train_labels = fresh("train_labels")
    table = fresh("table")
    measure = types.SimpleNamespace(width=0.0)
    context = types.SimpleNamespace(font="", measureText=lambda text: measure)
    dom.byid("table").getContext = lambda kind: context  # type: ignore[attr-defined]
    return train_labels, table, dom.byid("table-wrap")


def test_the_kept_hub_goes_back_to_its_row_where_the_table_rescales_anyway(
    dom: ChipDom,
) -> None:
    """W-136: the hub kept on the first band's line (W-130) cost your train's first line 46 px
    at 40 px tiles (64 px at 56 px) for the rest of the round, even on a table that did not
    need it. It stays where moving it back would be the table's only move (W-130's case:
    three trains ending in a double at 320x568, one answered: laid out afresh the table keeps
    its 40 px tiles and every band drops 25 px for the hub's row; kept, the tiles grow with
    the hub still beside your train). Where the tiles change size whether it stays or not
    (here the phone turned on its side, then upright again), every tile moves anyway: the
    table is laid out afresh, the hub on its row, and the round's memory of it is gone.
    Driven through `table.compute`, the game table's geometry for its box."""
    import copy

    from store import S
    from test_train_fold import ending_in_doubles

    train_labels, table, wrap = game_table(dom)
    lengths = [5, 12, 5, 13, 6, 10, 8, 12, 9]
    before = ending_in_doubles(8, lengths, (0, 3, 5))
    after = copy.deepcopy(before)
    tiles = after["layout"]["trains"][0]["tiles"]
    tiles.append([tiles[-1][1], (tiles[-1][1] + 1) % 13])
    after["ends"][0][1] = tiles[-1][1]
    saved = {key: S.get(key) for key in ("state", "geo", "lang", "moves", "selected", "drag")}

    def draw(view: dict, box: tuple[float, float]) -> dict:
        wrap.clientWidth, wrap.clientHeight = box  # type: ignore[attr-defined]
        S["state"] = {
            "state_id": 1,
            "hand_number": 1,
            "viewer": 0,
            "view": view,
            "seats": ["human"] + ["ai:easy"] * 7,
        }
        return table.compute()

    try:
        S.update(lang="en", moves=[], selected=None, drag=None)
        first = draw(before, (307.0, 302.0))
        assert first["hub_inline"] and first["unit"] == 20.0
        answered = draw(after, (307.0, 302.0))
        assert answered["hub_inline"] and answered["fits"], "the hub jumped back alone"
        assert train_labels.hub_kept(S["state"])
        # The phone on its side: 56 px tiles either way, the hub kept would take 64 px.
        side = draw(after, (532.0, 323.0))
        assert side["unit"] == 28.0 and not side["hub_inline"], "kept on a table with room"
        assert not train_labels.hub_kept(S["state"])
        upright = draw(after, (307.0, 302.0))
        assert not upright["hub_inline"] and upright["unit"] == 20.0 and upright["fits"]
    finally:
        S.update(saved)


def test_the_page_keeps_the_columns_of_a_round_through_table_compute(dom: ChipDom) -> None:
    """W-157: on 1366x768's table (1036 x 513 px) four players' five bands moved between one
    and two columns 13 times in five seeded rounds, each time every band jumping to a new
    place, some back to one column at the same tile size. The page remembers the columns
    drawn last in the round at that box and keeps them unless fewer hold tiles
    KEEP_GAIN times as large: at most 6 changes, every move to fewer columns for tiles that
    much larger. Another box (a resize), the next round or an undo lay them out afresh.
    Driven through `table.compute`, the game table's geometry for its box."""
    import train_bands
    from store import S
    from test_train_fold import round_views

    train_labels, table, wrap = game_table(dom)
    saved = {key: S.get(key) for key in ("state", "geo", "lang", "moves", "selected", "drag")}

    def draw(view: dict, hand: int, box: tuple[float, float] = (1036.0, 513.0)) -> dict:
        wrap.clientWidth, wrap.clientHeight = box  # type: ignore[attr-defined]
        S["state"] = {"state_id": 1, "hand_number": hand, "viewer": 0, "view": view,
                      "seats": ["human"] + ["ai:easy"] * 3}
        return table.compute()

    try:
        S.update(lang="en", moves=[], selected=None, drag=None)
        changes = 0
        for seed in range(1, 6):
            last = None
            for view in round_views(4, seed):
                geo = draw(view, seed)
                if last is not None and geo["columns"] != last[0]:
                    changes += 1
                    if geo["columns"] < last[0]:
                        assert geo["unit"] >= train_bands.KEEP_GAIN * last[1], (seed, geo["unit"])
                last = (geo["columns"], geo["unit"])
        assert changes <= 6, changes
        # The round's memory: what was drawn last, at that box, not after an undo.
        assert train_labels.columns_kept(S["state"], (1036.0, 513.0)) == last[0]
        assert train_labels.columns_kept(S["state"], (1084.0, 513.0)) == 0, "another box"
        assert train_labels.columns_kept(dict(S["state"], hand_number=9), (1036.0, 513.0)) == 0
        early = next(round_views(4, 5))
        assert train_labels.columns_kept(dict(S["state"], view=early), (1036.0, 513.0)) == 0
    finally:
        S.update(saved)
