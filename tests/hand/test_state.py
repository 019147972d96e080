"""domino.hand.state's HandState (issue 12 item 3): asking for the legal moves never changes a state,
and the state's slots are described once (``HAND_STATE_SLOTS``).

Random hands of all nine variants (and the options whose move generation differs: Mexican
Train's allow_double_chain and first_turn_multi, blank_wild, kozel's pairs) are played to the
end; at every position the state is pickled (a deep snapshot of every slot, the layout's
insides included) before and after ``legal_moves``, ``placements`` and ``has_placement``, and
those calls run with attribute assignment refused on the state and layout classes, so that a
change undone before returning (a slot set and put back) is caught too.

RULES.md: 1.3, 1.4, 1.6 (legal moves, listed without changing the state)
"""

from __future__ import annotations

import contextlib
import pickle
import random
from collections.abc import Iterator

import pytest

from domino import get_ruleset
from domino.hand.layout import Arm, LineLayout, TrainLayout, TreeLayout
from domino.hand.state import (
    HAND_STATE_SLOTS,
    SHARED,
    HandState,
    MatchContext,
    advance,
    blank_state,
    has_placement,
    legal_moves,
    new_hand,
    placements,
)
from domino.rules.ruleset import VARIANTS

CONFIGS = [(v, {"players": p}) for v in VARIANTS for p in (2, 4)] + [
    ("mexican_train", {"players": 3, "allow_double_chain": True}),
    ("mexican_train", {"players": 5, "first_turn_multi": True}),
    ("mexican_train", {"players": 4, "allow_double_chain": True, "first_turn_multi": True}),
    ("vn_traditional", {"players": 3, "blank_wild": True}),
    ("vn_iwin", {"players": 3}),
]


@contextlib.contextmanager
def _read_only() -> Iterator[None]:
    """Refuse any attribute assignment on states and layouts while the block runs."""
    classes = (HandState, LineLayout, TreeLayout, TrainLayout, Arm)

    def refuse(obj: object, name: str, value: object) -> None:
        raise AssertionError(f"legal-move generation set {type(obj).__name__}.{name}")

    saved = [(cls, cls.__dict__.get("__setattr__")) for cls in classes]
    for cls in classes:
        cls.__setattr__ = refuse
    try:
        yield
    finally:
        for cls, old in saved:
            if old is None:
                del cls.__setattr__
            else:
                cls.__setattr__ = old


def _positions(variant: str, options: dict, seed: int, hands: int):
    """Every position of ``hands`` random hands, before each move."""
    rs = get_ruleset(variant, options)
    rng = random.Random(seed)
    for h in range(hands):
        s = new_hand(rs, MatchContext(hand_number=1 + h % 2), rng)
        while not s.over:
            yield s
            # vn_iwin's leave now and then; a non-leave move is always listed.
            moves = [m for m in legal_moves(s) if m.kind != "leave" or rng.random() < 0.02]
            advance(s, moves[int(rng.random() * len(moves))])


@pytest.mark.parametrize(("variant", "options"), CONFIGS,
                         ids=[f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items())}"
                              for v, o in CONFIGS])
def test_legal_move_generation_leaves_the_state_unchanged(variant, options):
    waiting_double_extra = 0
    for s in _positions(variant, options, seed=len(variant) * 31 + options["players"], hands=6):
        before = pickle.dumps(s)
        with _read_only():
            first = legal_moves(s)
            for seat in range(s.n):
                placements(s, seat)
                has_placement(s, seat)
        assert pickle.dumps(s) == before, f"{variant}: legal-move generation changed the state"
        # Asked twice, the same list in the same order.
        assert legal_moves(s) == first
        if (isinstance(s.layout, TrainLayout) and s.extra_play and s.layout.unsatisfied):
            waiting_double_extra += 1
    if options.get("allow_double_chain"):
        # The case that once cleared the waiting doubles for a moment was reached.
        assert waiting_double_extra > 0


def test_hand_state_declares_a_type_for_each_slot_in_the_table_order():
    """The class body gives each slot its type (for mypy), the same names in the same order
    as ``HAND_STATE_SLOTS``: a slot added to one is added to the other."""
    assert tuple(HandState.__annotations__) == HandState.__slots__


def test_hand_state_slots_are_described_once():
    """One table names every slot: ``__slots__`` is made from it, ``copy`` takes each slot as
    it says (lists copied, not shared), and ``blank_state`` sets every one."""
    assert HandState.__slots__ == tuple(name for name, _, _ in HAND_STATE_SLOTS)
    assert len(set(HandState.__slots__)) == len(HandState.__slots__)
    for variant in VARIANTS:
        rs = get_ruleset(variant, {"players": 3})
        fresh = blank_state(rs, 3, MatchContext(), random.Random(1))
        for name in HandState.__slots__:
            getattr(fresh, name)  # set (an unset slot raises AttributeError)
        s = new_hand(rs, MatchContext(), random.Random(2))
        for _ in range(4):
            advance(s, legal_moves(s)[0])
        c = s.copy()
        for name, how, _ in HAND_STATE_SLOTS:
            mine, theirs = getattr(c, name), getattr(s, name)
            assert pickle.dumps(mine) == pickle.dumps(theirs), name
            if how == SHARED:
                assert mine is theirs, name
            else:
                assert mine is not theirs, name
        if isinstance(s.layout, TrainLayout):
            before = pickle.dumps(s)
            c.hands[0].append((9, 9))
            c.hands[1].clear()
            c.layout.markers.add(1)
            c.first_turn_open[0] = not c.first_turn_open[0]
            c.turns.append((0, None))
            assert pickle.dumps(s) == before
