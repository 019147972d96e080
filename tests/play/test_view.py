"""Views: ``view(state, seat)`` leaks nothing hidden and omits nothing a player may know.

Positions come from random games (hypothesis draws the seed) of every variant and player
count. For every position and every seat:

* no tile held by another seat and no boneyard tile appears anywhere in
  ``view(state, seat).to_json()`` (the whole JSON is walked: keys, strings and the layout's
  number pairs); draws by other seats show no tile, in the view and in their events;
* the view holds the seat's own hand exactly, every seat's tile count, the boneyard count,
  the layout's tiles (rebuilt independently from the public moves), the full public history
  (draws and passes included, as the test itself logged it; the seat's own draws with the
  tile it drew, no other seat's), the legal moves when it is the
  seat's turn (and none otherwise), the all_fives points and vn_iwin pass penalties of the
  hand so far, the match scores so far, the last placer, and where the history starts
  (``start``: the empty table of a dealt hand, the first mover, the seats, whether the lead
  was forced).

Records that begin from a ``start`` position show that position as the history's start, at
every move of the hand (tests/data, every such record).

A spectator's view (``view(state, SPECTATOR)``) shows no tile of any hand or of the boneyard and
every public field as each seat's view shows it.

RULES.md: 1.2, 2.3 (what each seat may know)
"""

from __future__ import annotations

import json
import random
import re
from pathlib import Path

import pytest
from datakit import cut_record, start_hands
from hypothesis import HealthCheck, Phase, given, settings, strategies as st

from domino import DominoError, HandState, Match, Move, view
from domino.hand.events import Drew, Scored
from domino.match.record import replay_match
from domino.play.view import SPECTATOR

CONFIGS = [(v, {"players": p}) for v in ("vn_traditional", "vn_schoolnet", "vn_iwin",
                                          "doubles", "kozel", "block", "draw", "all_fives")
           for p in (2, 3, 4)]
CONFIGS += [("mexican_train", {"players": p}) for p in (2, 3, 4, 5, 6, 7, 8)]
CONFIGS += [
    ("vn_traditional", {"players": 4, "partnership": True}),
    ("vn_traditional", {"players": 3, "blank_wild": True}),
    ("all_fives", {"players": 4, "partnership": True}),
    ("all_fives", {"players": 3, "spinners": "all"}),
    ("draw", {"players": 2, "voluntary_draw": True, "reserve": "classic"}),
    ("mexican_train", {"players": 4, "set": "double_nine", "first_turn_multi": True}),
    ("mexican_train", {"players": 3, "allow_double_chain": True}),
]
IDS = [v + "-" + "-".join(f"{k}={x}" for k, x in sorted(o.items())) for v, o in CONFIGS]
POINTS_VARIANTS = {"doubles", "block", "draw", "all_fives", "mexican_train"}
TILE_RE = re.compile(r"(\d+)-(\d+)")


def canon(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a >= b else (b, a)


def tiles_in_text(text: str) -> set[tuple[int, int]]:
    return {canon(int(a), int(b)) for a, b in TILE_RE.findall(text)}


def walk(obj: object, strings: list[str], pairs: list[tuple[int, int]], in_layout: bool) -> None:
    """Collect every string (keys included) and, inside the layout, every pair of numbers."""
    if isinstance(obj, dict):
        for k, v in obj.items():
            strings.append(str(k))
            walk(v, strings, pairs, in_layout or k == "layout")
    elif isinstance(obj, (list, tuple)):
        if (in_layout and len(obj) == 2
                and all(isinstance(x, int) and not isinstance(x, bool) for x in obj)):
            pairs.append(canon(obj[0], obj[1]))
        for v in obj:
            walk(v, strings, pairs, in_layout)
    elif isinstance(obj, str):
        strings.append(obj)


def placed_from_moves(log: list[tuple[int, str]]) -> set[tuple[int, int]]:
    """The tiles on the table, rebuilt from the public moves of the hand."""
    out = set()
    for _, text in log:
        mv = Move.parse(text)
        for t in (mv.tile, mv.tile2):
            if t is not None and mv.kind in ("lead", "place", "pair"):
                out.add(t)
    return out


def layout_tiles(layout: dict) -> set[tuple[int, int]]:
    out = set()
    if layout["kind"] == "line":
        tiles = layout["tiles"]
    elif layout["kind"] == "tree":
        tiles = ([layout["lead"]] if layout["lead"] else []) + [
            t for arm in layout["arms"] for t in arm["tiles"]]
    else:
        tiles = [[layout["engine"], layout["engine"]]] + [
            t for tr in layout["trains"] for t in tr["tiles"]]
    for a, b in tiles:
        out.add(canon(a, b))
    return out


def penalties_from_log(log: list[tuple[int, str]], stake: int) -> list[list[int]]:
    """vn_iwin: every pass pays half a stake to the most recent placer (RULES.md 2.3)."""
    out = []
    last = None
    for seat, text in log:
        if text == "pass":
            if last is not None and last != seat:
                out.append([seat, last, stake // 2])
        elif text not in ("draw", "leave"):
            last = seat
    return out


def last_placer_from_log(log: list[tuple[int, str]]) -> int | None:
    placers = [seat for seat, text in log if text not in ("draw", "pass", "leave")]
    return placers[-1] if placers else None


def check_dealt_start(v: dict, m: Match, log: list[tuple[int, str]],
                      forced: bool | None) -> None:
    """A dealt hand's history starts on the empty table, with its first mover to move."""
    start = v["start"]
    assert layout_tiles(start["layout"]) == ({(v["layout"]["engine"],) * 2}
                                             if v["layout"]["kind"] == "trains" else set())
    if start["layout"]["kind"] == "trains":
        assert not start["layout"]["unsatisfied"]
        assert not any(t["marker"] for t in start["layout"]["trains"])
    assert start["to_move"] == (log[0][0] if log else m.to_move)
    assert start["seated"] == [True] * m.players
    assert start["forced_lead"] == bool(forced)


def check_views(m: Match, variant: str, options: dict, log: list[tuple[int, str]],
                points: list[int], forced: bool | None = None,
                drawn: dict[int, tuple[int, tuple[int, int]]] | None = None) -> None:
    """`drawn`: each draw's seat and tile by its index in `log`, as the events said."""
    h = m.hand
    n = m.players
    boneyard = set(h.boneyard)
    for seat in range(n):
        v = view(h, seat).to_json()
        # --- nothing hidden ------------------------------------------------------------
        hidden = set(boneyard)
        for other in range(n):
            if other != seat:
                hidden |= set(h.hands[other])
        strings: list[str] = []
        pairs: list[tuple[int, int]] = []
        walk(v, strings, pairs, False)
        seen = set()
        for text in strings:
            seen |= tiles_in_text(text)
        seen |= set(pairs)
        leaked = seen & hidden
        assert not leaked, f"P{seat}'s view shows hidden tiles {sorted(leaked)}"
        for entry in v["history"]:
            if entry[0] != seat and entry[1] == "draw":
                assert entry == [entry[0], "draw"], entry
        # --- nothing omitted -----------------------------------------------------------
        own = sorted(tiles_in_text(" ".join(v["hand"])))
        assert own == sorted(h.hands[seat]) and len(v["hand"]) == len(h.hands[seat])
        assert v["seat"] == seat
        assert v["counts"] == [len(x) for x in h.hands]
        assert v["boneyard"] == len(h.boneyard)
        assert v["to_move"] == m.to_move
        assert [tuple(x[:2]) for x in v["history"]] == log
        named = {i: tiles_in_text(x[2]) for i, x in enumerate(v["history"]) if len(x) > 2}
        own_draws = {i: {tile} for i, (who, tile) in (drawn or {}).items() if who == seat}
        assert named == own_draws
        assert layout_tiles(v["layout"]) == placed_from_moves(log) | (
            {(v["layout"]["engine"],) * 2} if variant == "mexican_train" else set())
        if m.to_move == seat:
            assert v["legal"] == [str(x) for x in m.legal()]
        else:
            assert v["legal"] == []
        if variant == "all_fives":
            assert v["points"] == points
        if variant == "vn_iwin":
            stake = int(options.get("stake", 1000))
            assert v["penalties"] == penalties_from_log(log, stake)
        assert v["last_placer"] == last_placer_from_log(log)
        check_dealt_start(v, m, log, forced)
    check_spectator(m)


# The fields of a view that depend on whose it is; every other field is public.
SEAT_FIELDS = {"seat", "hand", "legal", "history"}


def check_spectator(m: Match) -> None:
    """A spectator's view (``SPECTATOR``) shows no tile of any hand or of the boneyard, no legal
    move, no drawn tile, and every public field as each seat's view shows it."""
    h = m.hand
    v = view(h, SPECTATOR).to_json()
    hidden = set(h.boneyard).union(*map(set, h.hands))
    strings: list[str] = []
    pairs: list[tuple[int, int]] = []
    walk(v, strings, pairs, False)
    seen = set(pairs)
    for text in strings:
        seen |= tiles_in_text(text)
    assert not seen & hidden, f"a spectator sees hidden tiles {sorted(seen & hidden)}"
    assert v["seat"] == SPECTATOR and v["hand"] == [] and v["legal"] == []
    assert all(len(entry) == 2 for entry in v["history"])
    for seat in range(m.players):
        seat_view = view(h, seat).to_json()
        assert [e[:2] for e in seat_view["history"]] == v["history"]
        assert {k: x for k, x in seat_view.items() if k not in SEAT_FIELDS} == {
            k: x for k, x in v.items() if k not in SEAT_FIELDS}


SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck),
                phases=(Phase.explicit, Phase.reuse, Phase.generate))


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@settings(max_examples=3, **SETTINGS)
@given(seed=st.integers(min_value=0, max_value=2**31 - 1))
def test_views_hide_and_show(config, seed):
    variant, options = config
    rng = random.Random(seed)
    m = Match.new(variant, dict(options), seed=seed)
    teams = [[0, 2], [1, 3]] if options.get("partnership") else None
    for _hand in range(1 if variant == "mexican_train" else 2):
        log: list[tuple[int, str]] = []
        drawn: dict[int, tuple[int, tuple[int, int]]] = {}
        points = [0] * m.players
        forced = None  # whether the hand's first move was a lead with no choice of tile
        while not m.hand_over:
            check_views(m, variant, options, log, points, forced, drawn)
            legal = m.legal()
            choices = [x for x in legal if x.kind != "leave"] or legal
            move = rng.choice(choices)
            seat = m.to_move
            events = m.play(move)
            if not log:
                forced = move.kind == "lead" and sum(x.kind == "lead" for x in legal) == 1
            log.append((seat, str(move)))
            for ev in events:
                if isinstance(ev, Drew):
                    drawn[len(log) - 1] = (seat, ev.tile)
                    for viewer in range(m.players):
                        js = ev.to_json(viewer)
                        if viewer == seat:
                            assert tiles_in_text(str(js)) == {ev.tile}
                        else:
                            assert not tiles_in_text(str(js)), js
                if isinstance(ev, Scored):
                    members = next((t for t in teams if ev.seat in t), None) if teams else None
                    for p in members or [ev.seat]:
                        points[p] += ev.points
        if m.over:
            break
        m.next_hand()


def test_view_of_a_drawn_tile_by_another_seat():
    """C-03 position: P0 draws three tiles; P1 sees three draws and no tile."""
    record = {
        "format": "domino-record", "version": 1, "variant": "draw",
        "options": {"players": 2}, "seed": 1, "match": {},
        "hands": [{"start": {
            "hands": [["2-1", "4-3"], ["6-6", "1-1"]],
            "boneyard": ["0-0", "2-2", "5-1", "6-0"],
            "line": ["6|4", "4|5"], "to_move": 0},
            "moves": ["draw", "draw", "draw"]}],
    }
    m = Match.from_record(record)
    other = view(m.hand, 1).to_json()
    assert other["history"][-3:] == [[0, "draw"]] * 3
    assert other["counts"] == [5, 2]
    assert other["boneyard"] == 1
    strings: list[str] = []
    walk(other, strings, [], False)
    seen = set().union(*(tiles_in_text(s) for s in strings))
    assert not seen & {(0, 0), (2, 2), (5, 1), (6, 0), (2, 1), (4, 3)}
    own = view(m.hand, 0).to_json()
    assert sorted(own["hand"]) == sorted(["2-1", "4-3", "0-0", "2-2", "5-1"])
    assert own["legal"] == ["5-1@R"]
    # P0 saw its own draws: its history names them, in the order drawn.
    assert own["history"][-3:] == [[0, "draw", "0-0"], [0, "draw", "2-2"], [0, "draw", "5-1"]]


@pytest.mark.parametrize("variant", sorted(POINTS_VARIANTS) + [
    "kozel", "vn_traditional", "vn_schoolnet", "vn_iwin"])
def test_view_shows_the_match_totals_so_far(variant):
    """A player may know the standing of the match (scores, kozel records, money balances);
    in all_fives it decides when a hand stops."""
    key = {"kozel": "records", "vn_traditional": "balances", "vn_schoolnet": "balances",
           "vn_iwin": "balances"}.get(variant, "scores")
    m = Match.new(variant, {"players": 2}, seed=3)
    rng = random.Random(3)
    while True:
        while not m.hand_over:
            m.play(rng.choice([x for x in m.legal() if x.kind != "leave"]))
        if m.over:
            pytest.fail("the match ended before the scores moved")
        m.next_hand()
        standing = m.summary()[key]
        if any(standing):
            break
    for seat in range(2):
        v = view(m.hand, seat).to_json()
        assert v.get("match_totals") == standing, "the view omits the match standing so far"


# --- records that begin from a start position ---------------------------------------------

DATA = Path(__file__).resolve().parents[1] / "data"


START_RECORDS = start_hands()


cut = cut_record


def marker_moved(log: list[tuple[int, str]]) -> set[int]:
    """Seats that passed or played on their own train: their start marker is not on the table
    any more, and only a state that keeps its start can show it (``view.HistoryStart``)."""
    return {seat for seat, text in log if text == "pass" or text.endswith(f"@T{seat}")}


@pytest.mark.parametrize("label,record,index", START_RECORDS, ids=[x[0] for x in START_RECORDS])
def test_a_recorded_start_is_where_the_history_starts(label, record, index):
    """At every move of a hand that begins from ``start``, every seat's view shows that start
    (as the engine read it) as where the public history begins, and the history as its moves."""
    first = replay_match(cut(record, index, 0))
    begun = first.hand
    expected = begun.layout.to_json()
    kept = "origin" in HandState.__slots__
    moves = record["hands"][index].get("moves", [])
    for count in range(len(moves) + 1):
        try:
            m = replay_match(cut(record, index, count))
        except DominoError:
            break  # an error scenario: its moves up to the bad one still count
        log = [(seat, str(move)) for seat, move in m.hand.history]
        assert [text for _, text in log] == moves[:count]
        for seat in range(m.players):
            v = view(m.hand, seat).to_json()
            start = v["start"]
            assert start["to_move"] == begun.to_move
            assert start["seated"] == begun.seated
            assert start["forced_lead"] == (bool(log) and Move.parse(log[0][1]).kind == "lead"
                                            and begun.forced_lead is not None)
            got = start["layout"]
            if expected["kind"] == "trains" and not kept:
                moved = marker_moved(log)
                got = {**got, "trains": [{**t, "marker": None} if t["owner"] in moved else t
                                         for t in got["trains"]]}
                want = {**expected, "trains": [{**t, "marker": None} if t["owner"] in moved
                                               else t for t in expected["trains"]]}
                assert got == want, label
            else:
                assert got == expected, label
            assert layout_tiles(got) <= layout_tiles(v["layout"])


def test_a_state_that_keeps_its_start_shows_it_exactly():
    """MT-04: P0's train is marked at the start and P0 plays on it, which clears the marker.
    A state that keeps where its hand began (an ``origin``) shows the marker as it was; one
    that does not shows it as not set, since nothing on the table or in the history proves it."""
    record = json.loads((DATA / "scenarios" / "MT-04.json").read_text(encoding="utf-8"))
    begun = replay_match(cut(record, 0, 0)).hand
    now = replay_match(record).hand
    assert begun.layout.to_json()["trains"][0]["marker"] is True
    keeps = "origin" in HandState.__slots__  # once hand/state.py keeps it, every state does
    assert view(now, 1).start.layout["trains"][0]["marker"] is keeps

    class Kept(HandState):
        __slots__ = () if keeps else ("origin",)

    kept = Kept.__new__(Kept)
    for name in HandState.__slots__:
        setattr(kept, name, getattr(now, name))
    kept.origin = begun
    v = view(kept, 1)
    assert v.start.layout == begun.layout.to_json()
    assert v.start.to_move == begun.to_move and v.start.seated == tuple(begun.seated)
    assert v.layout == now.layout.to_json()
