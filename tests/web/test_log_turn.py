"""The game log's lines rebuilt from a resumed hand's history name a spinner tree's arms where
they lie on the table (DECISIONS W-160, W-155): on a wide box the tree may lie turned a
quarter clockwise, its left end then pointing up. Driven in CPython through the store's
`take_log`, `logview.render` and the table's `compute` with the fake `dom` of
test_page_fake_dom, on real `state` answers of seeded Doubles hands.

RULES.md: 1.3 (the layout's ends as the table draws them)
"""

from __future__ import annotations

import re
from collections.abc import Iterator

import i18n
import pytest
from test_page_fake_dom import FakeDom, fresh, installed
from test_tree_turn import GAIN, PHONE_SIDE, hand_states, laid, page

UNDER_TEST = ("train_labels", "tree_turn", "table", "logview")
ARMS = ("L", "R", "N", "S")


@pytest.fixture
def dom() -> Iterator[FakeDom]:
    yield from installed(FakeDom(), UNDER_TEST)


def resumed_turning_position() -> dict:
    """A position of a seeded four-player Doubles hand whose tree lies turned on a phone held
    on its side (tiles at least GAIN times as big, both ways fitting), with tiles on at least
    three of the spinner's four arms, as a resume gives it: no events, the history only."""
    for seed in range(1, 40):
        for state in hand_states("doubles", 4, seed):
            arms = {str(m).split("@")[1] for _, m, *_ in state["view"]["history"]
                    if "@" in str(m)} & set(ARMS)
            if len(arms) < 3:
                continue
            usual, turned = laid(state, PHONE_SIDE), laid(state, PHONE_SIDE, True)
            if usual["fits"] and turned["fits"] and turned["unit"] >= GAIN * usual["unit"]:
                return dict(state, events=[])
    raise AssertionError("no Doubles position to turn")


def side_of(tile: dict, hub: dict) -> str:
    """Where a laid tile lies from the spinner, as the log's words say it: the catalogue key
    of the end on that side."""
    dx = tile["x"] + tile["w"] / 2 - hub["x"] - hub["w"] / 2
    dy = tile["y"] + tile["h"] / 2 - hub["y"] - hub["h"] / 2
    if abs(dx) > abs(dy):
        return "end.R" if dx > 0 else "end.L"
    return "end.S" if dy > 0 else "end.N"


def drawn(geo: dict, tile: str) -> dict:
    """The tile `tile` ("a-b") as the table `geo` draws it."""
    a, b = (int(x) for x in tile.split("-"))
    return next(t for t in geo["tiles"] if {t["a"], t["b"]} == {a, b})


def test_a_resumed_hands_log_names_the_arms_where_the_turned_table_shows_them(
    dom: FakeDom,
) -> None:
    """Issue 25 (the turned tree, W-155's open end): the log of a resumed or imported hand is
    rebuilt from its history, and main named each arm by the engine's name ("the top arm")
    while the table, lying turned, drew that arm to the right. Each rebuilt line now names the
    side of the spinner where its arm's first tile lies on the table drawn, turned; lines of
    the same table laid as usual keep the engine's names (which are then where they lie)."""
    p = page(dom)
    logview = fresh("logview")
    import store

    state = resumed_turning_position()
    store.S.update(log=[], lang="en", names=[], match_serial=store.S["match_serial"] + 1)
    store.take_log(state, True)
    p.S["state"] = state
    logview.render()  # the log is written before the table's first draw (app.render)
    before = dom.written("log") or ""
    geo = p.draw(state, PHONE_SIDE)
    assert geo.get("turned"), "the position does not lie turned"
    logview.follow_turn()  # as table.draw_now does once the table's geometry is known
    after = dom.written("log") or ""
    lines = list(reversed(re.findall(r"<li[^>]*>([^<]*)</li>", after)))
    history = [e for e in state["view"]["history"] if e[1] not in ("draw", "pass")]
    placed = [e for e in history if "@" in str(e[1])]
    lead = int(next(str(m) for _, m, *_ in history if "@" not in str(m)).split("-")[0])
    hub = next(t for t in geo["tiles"] if t["a"] == t["b"] == lead)
    first_on: dict[str, str] = {}
    for _seat, move, *_ in placed:
        tile, end = str(move).split("@")
        if end in ARMS and end not in first_on:
            first_on[end] = tile
    assert len(first_on) >= 3
    for end, tile in first_on.items():
        words = i18n.t("en", side_of(drawn(geo, tile), hub))
        ours = [line for line in lines if tile in line]
        assert ours, f"no log line for {tile}"
        assert any(words in line for line in ours), (end, tile, words, ours)
    assert after != before, "the log kept the engine's names on a turned table"
    # Laid as usual (a portrait box), the engine's names are where the arms lie.
    store.S["match_serial"] += 1
    geo = p.draw(state, (PHONE_SIDE[1], PHONE_SIDE[0]))
    assert not geo.get("turned")
    logview.follow_turn()
    usual = dom.written("log") or ""
    hub = next(t for t in geo["tiles"] if t["a"] == t["b"] == lead)
    for end, tile in first_on.items():
        assert side_of(drawn(geo, tile), hub) == "end." + end
        assert i18n.t("en", "end." + end) in usual
