"""The spinner tree turned a quarter on a wide table (web/page/tree_turn.py, geometry.py's
`turned`, DECISIONS W-155), driven in CPython through the game table's `table.compute` with
the fake `dom` of test_page_fake_dom, on real `state` answers of seeded hands: where the tree
laid as usual draws its tiles small in a landscape box (844x390's table is about 533x320) it
lies turned with tiles at least 1.3 times as big, every tap target plays its own end there,
doubles still lie across their arm, the choice holds for the position and the hand, and a
tile already on the table turns as it slides to its new place.

RULES.md: 1.3 (doubles across the line, the layout's ends as the table draws them)
"""

from __future__ import annotations

import json
import random
import sys
import types
from collections.abc import Callable, Iterator
from typing import Any

import geometry
import motion
import pytest
from test_page_fake_dom import FakeDom, fresh, installed

from domino.session import Session

UNDER_TEST = ("train_labels", "tree_turn", "table")

PHONE_SIDE = (533.0, 320.0)  # the table's box on a phone held on its side (844x390)
LAPTOP = (1036.0, 513.0)  # 1366x768's
GAIN = 1.3  # tree_turn.GAIN: how much bigger the tiles must be the other way to turn
READABLE = 16.0  # the smallest half-tile of a tree (boxes.LINE_MIN_UNIT)


@pytest.fixture
def dom() -> Iterator[FakeDom]:
    yield from installed(FakeDom(), UNDER_TEST)


def hand_states(variant: str, players: int, seed: int) -> list[dict]:
    """The `state` answers of the first hand of a match, seat 0 a human playing seeded random
    legal moves, the others the computer at its easiest."""
    session = Session()
    rng = random.Random(seed)
    answer = json.loads(session.handle(json.dumps(
        {"type": "new_match", "variant": variant, "seed": seed, "options": {"players": players},
         "seats": ["human"] + ["ai:easy"] * (players - 1)})))
    out = [answer]
    while not answer.get("hand_over"):
        if answer.get("to_move_kind") == "human":
            move = rng.choice(answer["moves"])["move"]
            message = {"type": "play", "state_id": answer["state_id"], "move": move}
        else:
            message = {"type": "ai_move", "state_id": answer["state_id"]}
        answer = json.loads(session.handle(json.dumps(message)))
        assert answer["type"] == "state", answer
        out.append(answer)
    return out


def page(dom: FakeDom) -> types.SimpleNamespace:
    """The page's table and store, and `draw(state, box, selected)`: `table.compute` for the
    table's box, as a render does (the state shown, its moves, the tile selected)."""
    from store import S

    table = fresh("table")
    tree_turn = sys.modules.get("tree_turn")  # imported by the table (none on main)
    wrap = dom.byid("table-wrap")

    def draw(state: dict, box: tuple[float, float], selected: str | None = None) -> dict:
        wrap.clientWidth, wrap.clientHeight = box  # type: ignore[attr-defined]
        S.update(state=state, moves=state.get("moves") or [], selected=selected, drag=None)
        return table.compute()

    return types.SimpleNamespace(S=S, table=table, tree_turn=tree_turn, draw=draw)


def laid(state: dict, box: tuple[float, float], turn: bool = False) -> dict:
    """The geometry of `state`'s table in `box` as laid (main's table), or, `turn`, laid in
    the box turned a quarter (its `unit` and `fits` are the turned table's)."""
    width, height = (box[1], box[0]) if turn else box
    return geometry.view_table(state["view"], width, height, 0, None, None, True)


def touch_side(p: dict, q: dict) -> str | None:
    """Which side of rect `p` rect `q` touches along a stretch of edge ("long", "short"),
    None where they do not touch."""
    eps = 0.01
    x_over = min(p["x"] + p["w"], q["x"] + q["w"]) - max(p["x"], q["x"])
    y_over = min(p["y"] + p["h"], q["y"] + q["h"]) - max(p["y"], q["y"])
    if abs(x_over) < eps and y_over > eps:  # q beside p: p's left or right side
        return "long" if p["h"] > p["w"] else "short"
    if abs(y_over) < eps and x_over > eps:  # q above or below p
        return "long" if p["w"] > p["h"] else "short"
    return None


def multi_end_tile(state: dict) -> str | None:
    """A tile of the hand that fits two ends or more (its moves' `tile`), or None."""
    ends: dict[str, set] = {}
    for m in state.get("moves") or []:
        if m.get("tile") and m.get("end"):
            ends.setdefault(m["tile"], set()).add(m["end"])
    found = sorted(t for t, e in ends.items() if len(e) > 1)
    return found[0] if found else None


def turning_position(box: tuple[float, float]) -> dict:
    """The first state of a seeded Doubles hand (four players) with seat 0 to move, a tile
    that fits two ends, and a tree that turned gives tiles at least GAIN times as big."""
    for seed in range(1, 30):
        for state in hand_states("doubles", 4, seed):
            if state.get("to_move") != 0 or not multi_end_tile(state):
                continue
            usual, turned = laid(state, box), laid(state, box, True)
            if turned["fits"] and usual["fits"] and turned["unit"] >= GAIN * usual["unit"]:
                return state
    raise AssertionError("no position to turn")


@pytest.mark.parametrize("box", [PHONE_SIDE, LAPTOP], ids=["533x320", "1036x513"])
def test_a_tall_tree_lies_turned_on_a_wide_table_and_taps_play_their_own_end(
    dom: FakeDom, box: tuple[float, float]
) -> None:
    """Issue 25 ("the board gets the screen"): main laid the tree the same way in every box,
    its cross arms up and down, so a landscape table drew it small with felt to spare at
    either side. Where turned its tiles are at least 1.3 times as big, the table lies turned:
    every tile inside the box, none overlapping another, each double across its arm; and with
    a tile selected (the same position: it stays turned) a tap in the middle of each glowing
    target plays the tile on that very end, whose slot lies next to the tile it grows from on
    the side its words say."""
    p = page(dom)
    state = turning_position(box)
    usual = laid(state, box)
    geo = p.draw(state, box)
    assert geo.get("turned"), "laid as usual where turned gives bigger tiles"
    assert geo["unit"] >= GAIN * usual["unit"] and geo["fits"]
    assert (geo["width"], geo["height"]) == box
    tiles = geo["tiles"]
    for i, t in enumerate(tiles):
        assert -0.01 <= t["x"] and t["x"] + t["w"] <= box[0] + 0.01
        assert -0.01 <= t["y"] and t["y"] + t["h"] <= box[1] + 0.01
        assert t["vertical"] == (t["h"] > t["w"])
        for q in tiles[i + 1:]:
            assert geometry.count_overlaps([t, q]) == 0, (t, q)
        if t["a"] == t["b"] and len(tiles) > 1:
            sides = {touch_side(t, q) for q in tiles if q is not t}
            assert "long" in sides, f"the double {t['key']} is not across its arm"
    tile = multi_end_tile(state)
    selected = p.draw(state, box, tile)
    assert selected.get("turned") and selected["unit"] == geo["unit"]
    moves = [m for m in state["moves"] if m.get("tile") == tile and m.get("end")]
    assert len(moves) >= 2
    step = {"left": (-1, 0), "right": (1, 0), "up": (0, -1), "down": (0, 1)}
    for m in moves:
        end = p.table.end_of(m["end"])
        hit = end["hit"]
        assert p.table.move_at(hit["x"] + hit["w"] / 2, hit["y"] + hit["h"] / 2,
                               tile)["move"] == m["move"]
        # The slot grows from its tile on the side `dir` names (the log's "up, on 6").
        root = selected["tiles"][end["tile"]]
        dx, dy = step[end["dir"]]
        cx = end["x"] + end["w"] / 2 - (root["x"] + root["w"] / 2)
        cy = end["y"] + end["h"] / 2 - (root["y"] + root["h"] / 2)
        assert cx * dx + cy * dy > 0, (m, end["dir"], cx, cy)


def test_the_turn_is_kept_for_the_position_and_the_hand_and_never_flaps(dom: FakeDom) -> None:
    """W-155's memory, through a whole seeded hand per variant at 533x320, each state drawn as
    the page draws it (then again with a tile selected): a redraw never turns the table; it
    turns only where the other way gives tiles at least 1.3 times as big (a table that must
    scroll counting half), never into a turned table that does not fit or whose tiles are
    smaller than readable; and a new match, a new hand or another seat starts as laid. A
    portrait box lays the tree as main did."""
    p = page(dom)
    flips = 0
    for variant, players, seed in (("doubles", 4, 2), ("doubles", 3, 5), ("all_fives", 2, 3)):
        p.S["match_serial"] += 1
        turned = False
        for state in hand_states(variant, players, seed):
            geo = p.draw(state, PHONE_SIDE)
            now = bool(geo.get("turned"))
            if now != turned:
                flips += 1
                if now:
                    flipped = state
                other = laid(state, PHONE_SIDE, turned)
                size = other["unit"] if other["fits"] else other["unit"] / 2
                forced = turned and (not other["fits"] or other["unit"] < READABLE)
                assert forced or geo["unit"] >= GAIN * size - 1e-9, (variant, state["state_id"])
            if now:
                assert geo["fits"] and geo["unit"] >= READABLE
            turned = now
            tile = multi_end_tile(state)
            if tile:
                again = p.draw(state, PHONE_SIDE, tile)
                assert bool(again.get("turned")) == now, "a selection turned the table"
            assert p.tree_turn.is_turned(state) == now
            upright = p.draw(state, (320.0, 533.0))
            assert not upright.get("turned")
            assert upright["tiles"] == laid(state, (320.0, 533.0))["tiles"]
            p.draw(state, PHONE_SIDE)  # back on its side: the hand's memory holds
            assert p.tree_turn.is_turned(state) == now
        assert flips, "no hand turned its table"
    # A new match, a new hand, another seat: as laid until a draw finds it worth turning.
    kept = flipped  # turned from as laid: turned again whatever the memory held
    p.draw(kept, PHONE_SIDE)
    assert p.tree_turn.is_turned(kept)
    assert not p.tree_turn.is_turned(dict(kept, viewer=1))
    assert not p.tree_turn.is_turned(dict(kept, hand_number=kept["hand_number"] + 1))
    p.S["match_serial"] += 1
    assert not p.tree_turn.is_turned(kept)


def first_pair(p: types.SimpleNamespace, variant: str, box: tuple[float, float],
               seeds: range, wanted: Callable[[dict, dict], Any]) -> tuple | None:
    """The first two states in a row of seeded four-player hands of `variant` whose tables in
    `box` (`p.draw`, the game's table) are `wanted(before, after)`: (the states, the
    geometries), or None."""
    for seed in seeds:
        states = hand_states(variant, 4, seed)
        p.S["match_serial"] += 1
        geos = [p.draw(s, box) for s in states]
        for i in range(1, len(states)):
            if wanted(geos[i - 1], geos[i]):
                return states[i - 1], states[i], geos[i - 1], geos[i]
    return None


def planned(p: types.SimpleNamespace, prev: dict, new: dict, before: dict, after: dict
            ) -> list[dict]:
    """The animation the game's table plans from `prev` drawn as `before` to `new` as
    `after` (`table.plan_motion`, the game screen shown)."""
    import screens

    shown = screens.shown()
    screens._now["name"] = screens.GAME
    try:
        p.table.plan_motion(prev, new, before, after)
    finally:
        screens._now["name"] = shown
    return p.table._anim["items"]


def check_turning(it: dict, was: dict, now: dict) -> bool:
    """A slide `it` of a tile lying `was` to `now`, the other way: drawn as it lay before it
    starts, turned a quarter about its centre as it slides with the halves it showed (never
    a lying tile with its halves one above the other), exactly its new place and halves at
    the end. Returns whether it turns clockwise."""
    before = motion.frame([it], it["t0"] - 1)[0]
    assert (before["a"], before["b"], before["vertical"]) == (was["a"], was["b"],
                                                              was["vertical"])
    mid = motion.frame([it], it["t0"] + it["dur"] / 2)[0]
    was_wide = it["from"]["w"] > it["from"]["h"]
    assert abs(mid["rot"]) > 0.5 and mid["vertical"] == (not was_wide)
    assert (mid["w"] > mid["h"]) == was_wide, "drawn with its halves the wrong way"
    assert (mid["a"], mid["b"]) == (was["a"], was["b"]), "midway it shows other halves"
    end = motion.frame([it], it["t1"] + 1)[0]
    assert end["rot"] == 0 and end["vertical"] == now["vertical"]
    assert (end["a"], end["b"]) == (now["a"], now["b"])
    assert (end["x"], end["y"], end["w"], end["h"]) == tuple(
        it["to"][k] for k in ("x", "y", "w", "h"))
    return mid["rot"] > 0


def test_the_tiles_on_the_table_turn_as_they_slide_when_the_table_turns(dom: FakeDom) -> None:
    """A table turned between two states moves every tile already on it to its new place.
    Planned as the page plans it (`table.plan_motion`), each tile lying the other way now
    turns a quarter about its centre as it slides, all the same way (the table turns as one,
    never folding onto its diagonal), drawn as it lay (never a lying tile with its halves one
    above the other); midway its halves are those it showed, at the end exactly its new place
    and halves; the tile just played flies to its place on the turned table. A relayout that
    does not turn the table slides its tiles as before (no turn)."""
    p = page(dom)
    found = first_pair(p, "doubles", PHONE_SIDE, range(1, 30),
                       lambda a, b: b.get("turned") and not a.get("turned"))
    assert found, "no table turned"
    prev, new, before, after = found
    items = planned(p, prev, new, before, after)
    still = planned(p, prev, new, before, before)  # the same table: nothing turns
    slides = [it for it in items if it["kind"] == "slide"]
    place = {t["key"]: t for t in after["tiles"]}
    old = {t["key"]: t for t in before["tiles"]}
    for it in slides:
        assert it["to"] == {k: place[it["key"]][k] for k in ("x", "y", "w", "h")}
    turning = [it for it in slides if it["cause"] == "relayout"
               and (it["from"]["w"] > it["from"]["h"]) != (it["to"]["w"] > it["to"]["h"])]
    assert turning, "no tile turned with the table"
    ways = {check_turning(it, old[it["key"]], place[it["key"]]) for it in turning}
    assert len(ways) == 1, "the tiles turn different ways"
    for it in still or []:
        motion.frame([it], it["t0"] + it["dur"] / 2)
        assert not it.get("turn"), "a table that did not turn turned a tile"


def test_a_tile_that_goes_round_a_corner_when_the_line_is_laid_again_turns_as_it_slides(
    dom: FakeDom,
) -> None:
    """W-155's open end (W-162): when a line is laid out again (a tile more and the table
    rescales, its corners move), a tile already on it that now lies round a corner, the
    other way, was drawn at once with its new halves squeezed into its old place and then
    stretched into the new one. It now turns a quarter as it slides, as the tiles of a
    turned table do: drawn as it lay until it starts, its halves where its new place shows
    them at the end. Found in seeded vn_traditional hands at a phone's table."""
    def round_a_corner(a: dict, b: dict) -> bool:
        old = {t["key"]: t for t in a["tiles"]}
        return any(t["key"] in old and (old[t["key"]]["w"] > old[t["key"]]["h"])
                   != (t["w"] > t["h"]) for t in b["tiles"])

    p = page(dom)
    found = first_pair(p, "vn_traditional", (374.0, 420.0), range(1, 10), round_a_corner)
    assert found, "no tile went round a corner"
    prev, new, before, after = found
    assert not before.get("turned") and not after.get("turned")
    old = {t["key"]: t for t in before["tiles"]}
    place = {t["key"]: t for t in after["tiles"]}
    turning = [it for it in planned(p, prev, new, before, after) if it["kind"] == "slide"
               and it["cause"] == "relayout"
               and (it["from"]["w"] > it["from"]["h"]) != (it["to"]["w"] > it["to"]["h"])]
    assert turning, "no slide round a corner planned"
    for it in turning:
        check_turning(it, old[it["key"]], place[it["key"]])
