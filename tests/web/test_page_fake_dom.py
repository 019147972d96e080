"""The menu, the table, the saved match's offer and the settings reach the browser only through
the page's adapter `dom` (issue 23: "only a thin adapter touches the DOM"), so CPython imports
them as they are with a fake `dom` standing in for the browser, and their logic is driven here:
the settings read from and written to the device's storage, a damaged saved summary dropped,
the menu's memory kept, the table saying whether it moves and turning its motion off on a
fault, the hand's and seats' elements measured.

RULES.md: none (the page's adapters)
"""

from __future__ import annotations

import importlib
import json
import sys
import types
from collections.abc import Iterator

import pytest

# The page modules this file imports with the fake adapter (and so imports again after it).
UNDER_TEST = ("setup", "table", "saved", "settings", "position_view", "seats", "quickstart",
              "train_labels")


class Element:
    """Just enough of a DOM element: attributes, data, style and children, all remembered."""

    def __init__(self, ident: str = "") -> None:
        self.id = ident
        self.hidden = False
        self.disabled = False
        self.checked = False
        self.value = ""
        self.innerHTML = ""
        self.textContent = ""
        self.className = ""
        self.type = ""
        self.style = types.SimpleNamespace()
        self.dataset = types.SimpleNamespace()
        self.attributes: dict[str, str] = {}
        self.children: list[Element] = []

    def setAttribute(self, name: str, value: str) -> None:  # noqa: N802 - the DOM's name
        self.attributes[name] = value

    def getAttribute(self, name: str) -> str | None:  # noqa: N802 - the DOM's name
        return self.attributes.get(name)

    def removeAttribute(self, name: str) -> None:  # noqa: N802 - the DOM's name
        self.attributes.pop(name, None)

    def appendChild(self, child: Element) -> None:  # noqa: N802 - the DOM's name
        self.children.append(child)


class FakeDom(types.ModuleType):
    """The module `dom` with the browser replaced by dictionaries: storage, elements by id,
    elements by selector, the root's data and what was warned."""

    def __init__(self) -> None:
        super().__init__("dom")
        self.storage: dict[str, str] = {}
        self.elements: dict[str, Element] = {}
        self.selected: dict[str, list[Element]] = {}
        self.root: dict[str, str] = {}
        self.warned: list[str] = []
        self.reduced_motion = False
        self.clock = 0.0
        self.html: dict[str, str] = {}

    # storage
    def load(self, key: str, most: int | None = None) -> str:
        text = self.storage.get(key, "")
        return "" if most is not None and len(text) > most else text

    def save(self, key: str, text: str) -> None:
        self.storage[key] = text

    def remove(self, key: str) -> None:
        self.storage.pop(key, None)

    # elements
    def byid(self, ident: str) -> Element:
        return self.elements.setdefault(ident, Element(ident))

    def query(self, selector: str) -> Element | None:
        found = self.selected.get(selector)
        return found[0] if found else None

    def query_all(self, selector: str) -> list[Element]:
        return list(self.selected.get(selector, []))

    def create(self, tag: str) -> Element:
        return Element()

    def written(self, ident: str) -> str | None:
        return self.html.get(ident)

    def set_html(self, ident: str, html: str) -> None:
        self.html[ident] = html
        self.byid(ident).innerHTML = html

    def root_data(self, key: str, value: str) -> None:
        self.root[key] = value

    def prefers(self, query: str) -> bool:
        return self.reduced_motion and "reduced-motion" in query

    def warn(self, text: str) -> None:
        self.warned.append(text)

    def show_error(self, text: str) -> None:
        self.byid("error-banner").textContent = text

    def format_date(self, stamp: object, lang: str) -> str:
        return f"{lang}:{stamp}"

    def pixel_ratio(self) -> float:
        return 2.0

    def now(self) -> float:
        return self.clock

    def span_start(self) -> float:
        return 0

    def span(self, name: str, started: float) -> None:
        pass

    def on(self, element: object, event: str, handler: object) -> None:
        return None

    def spawn(self, coro: object) -> None:
        close = getattr(coro, "close", None)
        if close is not None:
            close()

    def proxy(self, fn: object) -> object:
        return fn


def installed(fake: FakeDom, under_test: tuple[str, ...]) -> Iterator[FakeDom]:
    """`fake` as the module `dom` (and an empty worker link: nothing here sends an intent) in
    sys.modules while the generator is suspended, the page modules `under_test` imported
    afresh against it; everything put back afterwards (a fixture's body)."""
    saved_modules = {name: sys.modules.get(name) for name in ("dom", "link", *under_test)}
    sys.modules["dom"] = fake
    sys.modules["link"] = types.ModuleType("link")
    for name in under_test:
        sys.modules.pop(name, None)
    try:
        yield fake
    finally:
        for name, module in saved_modules.items():
            if module is None:
                sys.modules.pop(name, None)
            else:
                sys.modules[name] = module


@pytest.fixture
def dom() -> Iterator[FakeDom]:
    """A fake `dom` in sys.modules and the page modules under test imported afresh against
    it (`installed`)."""
    yield from installed(FakeDom(), UNDER_TEST)


def fresh(name: str) -> types.ModuleType:
    return importlib.import_module(name)


def test_the_settings_are_read_from_the_device_and_written_back(dom: FakeDom) -> None:
    settings = fresh("settings")
    from store import S

    before = dict(S["settings"])
    try:
        dom.storage[settings.KEY] = json.dumps({"speed": "fast", "theme": "night",
                                                "motion": False, "sort": "bogus"})
        settings.load()
        assert S["settings"]["speed"] == "fast" and S["settings"]["theme"] == "night"
        assert S["settings"]["motion"] is False
        assert S["settings"]["sort"] == before["sort"]  # a value it does not know is ignored
        settings.set_value("speed", "slow")
        assert json.loads(dom.storage[settings.KEY])["speed"] == "slow"
        settings.render()
        assert dom.root == {"theme": "night", "motion": "off"}
        assert 'value="slow" selected' in dom.byid("speed").innerHTML
    finally:
        S["settings"].clear()
        S["settings"].update(before)


def test_reduced_motion_turns_motion_off_unless_the_player_chose(dom: FakeDom) -> None:
    settings = fresh("settings")
    from store import S

    before = dict(S["settings"])
    try:
        dom.reduced_motion = True
        S["settings"]["motion"] = True
        settings.load()  # nothing stored: the device's wish counts
        assert S["settings"]["motion"] is False
        S["settings"]["motion"] = True
        dom.storage[settings.KEY] = json.dumps({"motion": True})
        settings.load()  # the player turned it on: it stays on
        assert S["settings"]["motion"] is True
    finally:
        S["settings"].clear()
        S["settings"].update(before)


def test_a_damaged_saved_summary_is_dropped_and_old_saves_removed(dom: FakeDom) -> None:
    saved = fresh("saved")
    for key in saved.OLD_SAVE_KEYS:
        dom.storage[key] = '{"hands": "every tile"}'
    dom.storage[saved.SUMMARY_KEY] = "[1, 2"
    assert saved.read_saved() is None
    assert not set(dom.storage) & {*saved.OLD_SAVE_KEYS, saved.SUMMARY_KEY}
    dom.storage[saved.SUMMARY_KEY] = "x" * 10_001  # longer than any summary: damaged
    assert saved.read_saved() is None
    dom.storage[saved.SUMMARY_KEY] = json.dumps({"variant": "draw", "saved_at": 5})
    assert saved.read_saved() == {"variant": "draw", "saved_at": 5}
    from store import S

    assert saved.saved_date({"saved_at": 5}) == S["lang"] + ":5"
    assert saved.saved_date({"saved_at": "5"}) == ""


def test_a_host_s_friends_table_is_not_resumed_by_itself(dom: FakeDom) -> None:
    saved = fresh("saved")
    from store import S

    before = S.get("saved")
    try:
        S["saved"] = {"variant": "draw", "match_over": False}
        assert saved.resumable()
        dom.storage[saved.FRIENDS_TABLE_KEY] = json.dumps({"code": "ABCDE-FGHIJ"})
        assert not saved.resumable()  # W-43: the menu's Continue reopens it, with the guests
        S["saved"] = {"variant": "draw", "match_over": True}
        del dom.storage[saved.FRIENDS_TABLE_KEY]
        assert not saved.resumable()
    finally:
        S["saved"] = before


def test_the_menu_keeps_its_memory_on_the_device(dom: FakeDom) -> None:
    setup = fresh("setup")
    quickstart = fresh("quickstart")
    from store import S

    before = S.get("menu")
    try:
        dom.storage[quickstart.MEMORY_KEY] = "not json"
        setup.load_menu()  # damaged memory: the defaults
        assert S["menu"] == quickstart.read_memory("")
        dom.storage[setup.NAMES_KEY] = json.dumps(["Lan", "<b>Minh</b>"])
        setup.load_names()
        assert S["names"][0] == "Lan"
    finally:
        S["menu"] = before


def test_the_table_says_whether_it_moves_and_stops_its_motion_on_a_fault(dom: FakeDom) -> None:
    table = fresh("table")
    table.mark_moving(True)
    assert dom.root["table"] == "moving"
    table.stop_motion(ValueError("a frame failed"))
    assert dom.root["table"] == "still"
    assert dom.warned == ["motion off: a frame failed"]
    assert not table.motion_running()


def test_the_band_names_a_computer_no_longer_than_its_train_label(dom: FakeDom) -> None:
    """W-104: the band's `data-names` follows the form the train labels were drawn in: the
    middle form ("Comp. 2") caps it at "mid", the short code ("C2") at "short", the whole
    name ("Computer 2", or Vietnamese "Máy 2", whose middle form is the same) sets none; the
    viewer's, the Mexican train's and a typed human name's labels say nothing about it."""
    train_labels = fresh("train_labels")
    from store import S

    before = (S["lang"], S["state"], S["names"])
    state = {"seats": ["human", "human", "ai:easy", "ai"], "viewer": 0}
    try:
        S["state"], S["names"] = state, ["", "Ann", "", ""]
        band = dom.byid("seats-top")
        for lang, text, names in (("en", "Comp. 3", "mid"), ("en", "C3", "short"),
                                  ("en", "Computer 3", ""), ("ru", "Комп. 3", "mid"),
                                  ("ru", "К3", "short"), ("vi", "Máy 3", ""),
                                  ("vi", "M3", "short")):
            S["lang"] = lang
            drawn = [["You", 12, 20.0, 40.0, 0], ["Mexican", 12, 40.0, 40.0, None],
                     ["Ann", 12, 20.0, 40.0, 1], [text, 11, 30.0, 40.0, 2]]
            assert train_labels.band_names(state, drawn) == names, (lang, text)
        assert train_labels.band_names(state, [["Ann", 12, 20.0, 40.0, 1]]) == ""
        band.setAttribute("data-names", "mid")
        S["lang"] = "en"
        train_labels.draw_labels(None, dom.byid("table"), state, {"labels": []})
        assert band.getAttribute("data-names") is None  # no trains: the band as it is
    finally:
        S["lang"], S["state"], S["names"] = before


def test_a_table_of_trains_makes_the_band_tight(dom: FakeDom) -> None:
    """W-109: the band is tight (and the table's parts with it) from four opponents on, and at
    a table of trains (Mexican Train, hands of 15 tiles) with any number of opponents; a line
    or a tree with three opponents keeps the roomier band."""
    seats = fresh("seats")
    trains = {"view": {"layout": {"kind": "trains", "engine": 12, "trains": []}}}
    line = {"view": {"layout": {"kind": "line", "tiles": []}}}
    assert seats.is_tight(trains, 3) and seats.is_tight(trains, 1)
    assert not seats.is_tight(trains, 0)
    assert not seats.is_tight(line, 3) and not seats.is_tight({"view": {}}, 3)
    assert seats.is_tight(line, 4) and seats.is_tight({}, 7)
