"""domino.settlement.schoolnet_blocker's look-back (vn_schoolnet, RULES.md 2.2.2-2.2.3; issue 12 item 2).

The blocker searches read the positions before the hand's last placements. They are replayed
from the state's ``base`` instead of being copied before every placement; here the test keeps
its own copies during play (what the engine once did) and demands the same positions, and
the same blocker and gai, for random hands of both blocker modes.

RULES.md: 2.2.2, 2.2.3
"""

from __future__ import annotations

import pickle
import random

import pytest

from domino import get_ruleset, view
from domino.hand.moves import LEAD, PAIR, PLACE
from domino.hand.state import MatchContext, advance, legal_moves, new_hand
from domino.play.resample import resample
from domino.settlement.schoolnet_blocker import LookBack, find_blocker, gai_of


def _fields(s) -> bytes:
    """Everything of a position but the kept states it shares with its copies."""
    return pickle.dumps([getattr(s, name) for name in type(s).__slots__
                         if name not in ("base", "origin")])


@pytest.mark.parametrize("options", [
    {"players": 2}, {"players": 3}, {"players": 4},
    {"players": 3, "blocker_mode": "last_placer"}, {"players": 4, "blocker_mode": "last_placer"},
])
def test_the_look_back_replays_the_positions_play_went_through(options):
    rs = get_ruleset("vn_schoolnet", options)
    rng = random.Random(options["players"] * 11 + len(options))
    blocked = 0
    for _ in range(60):
        s = new_hand(rs, MatchContext(), rng)
        before: dict[int, bytes] = {}
        while not s.over:
            moves = legal_moves(s)
            move = moves[int(rng.random() * len(moves))]
            if move.kind in (LEAD, PLACE, PAIR):
                before[len(s.turns)] = _fields(s)
            advance(s, move)
        look = LookBack(s)
        # Asked from the last turn back, as the searches ask, and then every turn.
        for i in sorted(before, reverse=True):
            assert _fields(look.get(i)) == before[i], i
        assert all(look.get(i) is None for i in range(len(s.turns)) if i not in before)
        if s.termination == "blocked":
            blocked += 1
            blocker = find_blocker(s)
            assert blocker == find_blocker(s, look)
            if blocker is not None:
                assert gai_of(s, blocker) == gai_of(s, blocker, look)
    assert blocked > 0


def test_a_resampled_state_looks_back_no_further_than_itself():
    rs = get_ruleset("vn_schoolnet", {"players": 4})
    rng = random.Random(9)
    s = new_hand(rs, MatchContext(), rng)
    for _ in range(6):
        advance(s, legal_moves(s)[0])
    w = resample(view(s, s.to_move), random.Random(2))
    assert w.base is not None and w.base.history == w.history
    turns = len(w.turns)
    while not w.over:
        advance(w, legal_moves(w)[0])
    look = LookBack(w)
    assert all(look.get(i) is None for i in range(turns))
    later = [i for i, (_, m) in enumerate(w.turns) if m is not None and i >= turns]
    assert later and all(look.get(i) is not None for i in later)


def test_a_state_changed_by_hand_after_its_base_has_no_look_back():
    """Tiles moved by a tool after the base (another boneyard order): the replay does not
    arrive at the state, so no position is offered rather than a wrong one."""
    rs = get_ruleset("vn_schoolnet", {"players": 2})
    s = new_hand(rs, MatchContext(), random.Random(4))
    for _ in range(3):
        advance(s, legal_moves(s)[0])
    assert LookBack(s).get(0) is not None
    s.hands[0], s.hands[1] = s.hands[1], s.hands[0]
    assert LookBack(s).get(0) is None
