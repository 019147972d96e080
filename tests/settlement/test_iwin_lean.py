"""The search's lean vn_iwin settlement gives the engine's result, less the summary's items.

``settle.settle_iwin_lean`` (DECISIONS E-86) sums RULES.md 2.3's payments straight into the
deltas instead of listing each one; the search values its end positions with it. The engine's
``settle_iwin`` stays the authority, so every check here compares the two, field by field, on
finished hands: hands played to their end by random players (dominoes, blocks, pass
penalties, players leaving, a last seat winning by default), and hypothesis-made end
positions that reach the rarer branches (ties in pips and tile count, the blocker not first,
escrow split on a block, odd shares).

RULES.md: 1.9, 2.3
"""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings, strategies as st

from domino.hand.moves import LEAVE
from domino.hand.state import HandState
from domino.match.match import Match
from domino.settlement.settle import (
    lean_result,
    settle,
    settle_iwin,
    settle_iwin_lean,
    settle_lean,
)
from domino.tiles import full_set

TABLES = ("casual", "high_roller", "vip")


def finished_hand(players: int, stake: int, table: str, seed: int, leaves: float) -> HandState:
    """A vn_iwin hand played to its end by random players (some leave), not yet settled."""
    m = Match.new("vn_iwin", {"players": players, "stake": stake, "table": table}, seed)
    rng = random.Random(seed)
    while not m.hand_over:
        legal = m.legal()
        choices = [x for x in legal if x.kind != LEAVE]
        if rng.random() < leaves and any(x.kind == LEAVE for x in legal):
            choices = [x for x in legal if x.kind == LEAVE]
        m.play(rng.choice(choices or legal))
    s = m.hand
    assert s is not None and s.over
    return s


def fields(r) -> tuple:
    return (
        r.termination,
        r.winner,
        r.blocker,
        r.gai,
        list(r.ranking),
        list(r.pips),
        list(r.delta),
        r.house,
        r.next_leader,
    )


def same(s: HandState) -> None:
    """The lean result equals the engine's in every field but ``details``."""
    assert s.termination is not None
    full = settle_iwin(s, s.termination, s.winner, s.by_default)
    lean = settle_iwin_lean(s, s.termination, s.winner, s.by_default)
    assert fields(lean) == fields(full)
    assert lean.details == {}
    assert fields(settle_lean(s, s.termination, s.winner, s.by_default)) == fields(full)


def test_random_finished_hands():
    kinds: dict[str, int] = {}
    for seed in range(600):
        players = 2 + seed % 3
        s = finished_hand(
            players, 2 * (1 + seed % 7) * 1000, TABLES[seed % 3], seed, 0.04 if seed % 2 else 0.0
        )
        same(s)
        kind = "default" if s.by_default else str(s.termination)
        kinds[kind] = kinds.get(kind, 0) + 1
        if s.transfers:
            kinds["pass"] = kinds.get("pass", 0) + 1
        if s.escrow:
            kinds["escrow"] = kinds.get("escrow", 0) + 1
    # The hands reach every branch of the settlement, not only the common one.
    assert all(kinds.get(k, 0) >= 5 for k in ("domino", "blocked", "default", "pass", "escrow")), (
        kinds
    )


@settings(max_examples=400, deadline=None, derandomize=True)
@given(
    players=st.integers(2, 4),
    seed=st.integers(0, 10**6),
    half=st.integers(1, 10**6),
    table=st.sampled_from(TABLES),
    data=st.data(),
)
def test_made_end_positions(players, seed, half, table, data):
    """End positions drawn beside a real hand's: any hands (often the same pips and count,
    so the highest tile ranks them), pass penalties, escrow, seats left, how it ended."""
    s = finished_hand(players, 2 * half, table, seed, 0.0)
    rng = random.Random(seed)
    tiles = list(full_set(6))
    rng.shuffle(tiles)
    hands = []
    for _ in range(players):
        k = data.draw(st.integers(0, 5))
        hands.append([tiles.pop() for _ in range(k)])
    if data.draw(st.booleans()):
        # Same pips and count in two hands: 6-0 against 5-1 (or 4-2, 3-3).
        a, b = data.draw(st.lists(st.integers(0, players - 1), min_size=2, max_size=2, unique=True))
        hands[a] = [(6, 0)]
        hands[b] = [data.draw(st.sampled_from([(5, 1), (4, 2), (3, 3)]))]
    s.hands = hands
    seated = [True] * players
    for p in range(players):
        if data.draw(st.integers(0, 4)) == 0:
            seated[p] = False
    if not any(seated):
        seated[0] = True
    s.seated = seated
    in_play = [p for p in range(players) if seated[p]]
    s.transfers = [
        (
            data.draw(st.sampled_from(range(players))),
            data.draw(st.sampled_from(range(players))),
            half,
        )
        for _ in range(data.draw(st.integers(0, 4)))
    ]
    s.escrow_by = [data.draw(st.sampled_from([0, 0, half, 3 * half + 1])) for _ in range(players)]
    s.escrow = data.draw(st.sampled_from([0, sum(s.escrow_by), 7 * half + 1]))
    s.last_placer = data.draw(st.sampled_from(in_play))
    how = data.draw(st.sampled_from(["domino", "blocked", "default"]))
    s.by_default = how == "default" or len(in_play) == 1
    s.termination = "blocked" if how == "blocked" else "domino"
    s.winner = (
        None
        if s.termination == "blocked" and not s.by_default
        else data.draw(st.sampled_from(in_play))
    )
    if s.termination == "domino" and not s.by_default:
        hands[s.winner] = []
    s.result = None
    same(s)


def test_lean_result_is_not_kept_on_the_state():
    s = finished_hand(4, 2000, "casual", 3, 0.0)
    s.result = None  # the match settled it; a search's world copy is not settled
    r = lean_result(s)
    assert s.result is None and r.details == {}
    assert fields(r) == fields(settle(s, s.termination, s.winner, s.by_default))
    s.result = settle(s, s.termination, s.winner, s.by_default)
    assert lean_result(s) is s.result


@pytest.mark.parametrize("variant", ["vn_traditional", "kozel", "block", "mexican_train"])
def test_other_settlements_are_their_own(variant):
    """Without a lean version, ``settle_lean`` is ``settle`` itself (details included)."""
    m = Match.new(variant, {"players": 4 if variant != "block" else 2}, 5)
    rng = random.Random(5)
    while not m.hand_over:
        m.play(rng.choice(m.legal()))
    s = m.hand
    assert s is not None
    assert settle_lean(s, s.termination, s.winner, s.by_default) == settle(
        s, s.termination, s.winner, s.by_default
    )
