"""domino.play.resample (issue 12 item 3): full hand states consistent with one seat's view.

On random positions of all nine variants (and options that change the turn: blank_wild,
drawn_tile_optional, voluntary_draw, allow_double_chain, first_turn_multi, vn_iwin's leave),
for every seat, a resampled state

* gives that seat the very view it was built from (same public facts, same own hand; the
  legal moves are listed in the order of the hand, which the view does not carry);
* holds, outside that hand, the tiles the seat cannot see, each once, in the counts shown;
* has the turn bookkeeping the engine itself kept in the real hand (every public slot equal)
  and the same legal moves;
* honours what the history proves: a seat that was forced to pass or draw holds no tile it
  could then have placed, unless it drew since (checked against the real game, not against
  ``infer``);
* is the same for the same RNG seed.

Positions from the RULES.md scenario records (start positions, tiles out of play: E-13) are
resampled too.

RULES.md: 1.4, 1.5, 1.6 (what a pass or a draw proves about a hand)
"""

from __future__ import annotations

import json
import pickle
import random
from dataclasses import replace
from pathlib import Path

import pytest

from domino import Match, apply_unchecked, legal_moves, view
from domino.hand.moves import PASS
from domino.hand.state import PLAY_PHASE, HandState
from domino.play.resample import infer, resample
from domino.play.view import View
from domino.rules.ruleset import VARIANTS
from domino.tiles import full_set

CONFIGS = [(v, {"players": p}) for v in VARIANTS for p in (2, 3, 4)] + [
    ("vn_traditional", {"players": 3, "blank_wild": True}),
    ("vn_traditional", {"players": 3, "drawn_tile_optional": True}),
    ("draw", {"players": 2, "voluntary_draw": True}),
    ("mexican_train", {"players": 3, "allow_double_chain": True}),
    ("mexican_train", {"players": 5, "first_turn_multi": True}),
]
IDS = [f"{v}-{'-'.join(f'{k}={x}' for k, x in o.items())}" for v, o in CONFIGS]

# The slots a seat can know, which a resampled state must have as the real one has them.
# Not compared: the hidden ones (hands, boneyard, start_hands, chance, base, origin),
# the end of the hand (result, termination, winner, by_default: positions are in play), and
# escrow_by, whose split among leavers is not public (its total, escrow, is compared).
PUBLIC = ("rs", "n", "to_move", "phase", "hand_number", "drew", "history", "last_placer",
          "passes_in_row", "seated", "escrow", "transfers", "points", "extra_play",
          "first_turn_open", "played_this_turn", "turns", "match_totals", "leader")


def _same_view(a: View, b: View) -> bool:
    """Equal views, legal moves compared as sets: their order follows the order of the hand,
    which a view does not carry (it shows the hand sorted). The seat's own drawn tiles
    (`drawn`, for the page's log) are left out: a resampled world keeps no hand start, and
    the search never reads them."""
    return replace(a, legal=tuple(sorted(a.legal, key=str)), drawn=()) == replace(
        b, legal=tuple(sorted(b.legal, key=str)), drawn=())


def _unseen(s: HandState, seat: int) -> list:
    """The tiles ``seat`` cannot see in the real state: other hands and the boneyard."""
    return sorted([t for p, h in enumerate(s.hands) if p != seat for t in h] + s.boneyard)


def _check(s: HandState, proofs: list[tuple[int, set, int]], seed: int) -> None:
    """Resample every seat's view of the real state ``s`` and check the properties."""
    for seat in range(s.n):
        v = view(s, seat)
        w = resample(v, random.Random(seed))
        assert _same_view(view(w, seat), v)
        assert sorted(w.hands[seat]) == sorted(s.hands[seat])
        assert [len(h) for h in w.hands] == [len(h) for h in s.hands]
        assert len(w.boneyard) == len(s.boneyard)
        # A dealt hand has no tile out of play: the hidden tiles are the unseen ones, moved.
        assert _unseen(w, seat) == _unseen(s, seat)
        for name in PUBLIC:
            assert getattr(w, name) == getattr(s, name), name
        assert w.layout.to_json() == s.layout.to_json()
        assert w.layout.ends() == s.layout.ends()
        assert sum(w.escrow_by) == sum(s.escrow_by)
        if s.phase == PLAY_PHASE or seat == s.to_move:
            # Before the lead only the leader sees which tile the rule forces.
            assert w.forced_lead == s.forced_lead
        if seat == s.to_move:
            assert sorted(map(str, legal_moves(w))) == sorted(map(str, legal_moves(s)))
        for p, could_place, since in proofs:
            drew_since = any(q == p and m == "draw" for q, m in v.history[since:])
            if p != seat and not drew_since:
                assert not set(w.hands[p]) & could_place, (p, w.hands[p], could_place)
        # The same RNG state, the same state.
        again = resample(v, random.Random(seed), infer(v))
        assert pickle.dumps(again) == pickle.dumps(w)


def _could_place(s: HandState, seat: int) -> set:
    """Tiles ``seat`` could place in the real state (the engine's own layout options)."""
    return {t for t in full_set(s.rs.max_pip) if s.layout.options(t, seat)}


@pytest.mark.parametrize(("variant", "options"), CONFIGS, ids=IDS)
def test_a_resampled_state_is_the_hand_as_the_seat_sees_it(variant, options):
    rng = random.Random(len(variant) * 7 + options["players"])
    checked = 0
    for seed in range(2):
        m = Match.new(variant, dict(options), seed=seed)
        for _ in range(2):  # a first hand and a later one (leader, match scores)
            s = m.hand
            proofs: list[tuple[int, set, int]] = []
            ply = 0
            while not s.over:
                if ply % 3 == 0:
                    _check(s, proofs, seed=ply)
                    checked += 1
                legal = legal_moves(s)
                moves = [x for x in legal if x.kind != "leave" or rng.random() < 0.03]
                move = moves[int(rng.random() * len(moves))]
                forced = [x for x in legal if x.kind != "leave"] == [move]
                if forced and move.kind == PASS and not s.played_this_turn and not (
                        s.rs.drawn_tile_optional and s.drew):
                    # A forced pass: the passer held nothing it could place (RULES.md 1.4).
                    proofs.append((s.to_move, _could_place(s, s.to_move), len(s.history) + 1))
                m.play(move)
                ply += 1
            if m.over:
                break
            m.next_hand()
    assert checked > 0


SCENARIOS = sorted((Path(__file__).resolve().parents[1] / "data" / "scenarios").glob("*.json"))


def test_scenario_positions_resample_to_the_same_views():
    """Records' start positions (tiles down, some out of play) and their histories."""
    tried = 0
    for path in SCENARIOS:
        try:
            m = Match.from_record(json.loads(path.read_text(encoding="utf-8")))
        except Exception:  # noqa: BLE001 - scenario records of errors do not replay
            continue
        s = m.hand
        if s.over:
            continue
        for seat in range(s.n):
            v = view(s, seat)
            w = resample(v, random.Random(1))
            assert _same_view(view(w, seat), v), path.name
            # Tiles out of play are unseen too: the hidden ones are some of the unseen ones.
            hidden = [t for p, h in enumerate(w.hands) if p != seat for t in h] + w.boneyard
            assert len(set(hidden)) == len(hidden)
            assert set(hidden) <= set(infer(v).unknown)
            if seat == s.to_move:
                assert sorted(map(str, legal_moves(w))) == sorted(map(str, legal_moves(s)))
        tried += 1
    assert tried > 5


def test_a_finished_hand_has_nothing_to_resample():
    m = Match.new("block", {"players": 2}, seed=1)
    s = m.hand
    while not s.over:
        apply_unchecked(s, legal_moves(s)[0])
    with pytest.raises(ValueError, match="over"):
        resample(view(s, 0), random.Random(0))
