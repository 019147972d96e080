"""``resample.deal_hidden`` deals as it did before it was made faster (DECISIONS E-103), and
``resample`` builds the states it built before it copied one public state per view (E-107).

``_greedy_deal`` counts each seat's candidates with sets and stops at the first tiles a seat
may take instead of listing them all. The AI's search resamples every world through it, so
for the same random numbers it must deal the very same hands: compared here with the plain
version it replaced (kept below as the reference) on random positions of Mexican Train at
4 and 8 players and of a line game, with what passes and draws prove (hard facts and soft
constraints) in play.

RULES.md: 1.4 (what a pass or a draw proves about a hand)
"""

from __future__ import annotations

import random

import pytest
from linekit import random_positions

from domino.hand.state import HandState, advance, legal_moves
from domino.play import resample
from domino.play.resample import Knowledge, deal_hidden, infer
from domino.play.view import View, view
from domino.rules.ruleset import get_ruleset
from domino.tiles import Tile, shuffle


def _reference_greedy_deal(k: Knowledge, rng: random.Random) -> list[list[Tile]] | None:
    """``_greedy_deal`` as it was (main at ddba290): every allowed tile listed, then cut."""
    pool = k.unknown[:]
    shuffle(pool, rng)
    hands: list[list[Tile]] = [[] for _ in range(k.n)]
    seats = [p for p in range(k.n) if p != k.seat and k.counts[p] > 0]
    left = set(pool)
    seats.sort(key=lambda p: (sum(1 for t in pool if t not in k.hard[p]) - k.counts[p],
                              rng.random()))
    for p in seats:
        allowed = [t for t in pool if t in left and t not in k.hard[p]]
        if len(allowed) < k.counts[p]:
            return None
        chosen = allowed[:k.counts[p]]
        hands[p] = chosen
        left.difference_update(chosen)
    return hands


def _positions(variant: str, options: dict, seed: int, count: int) -> list[HandState]:
    """Positions part-way through random hands (5 to 120 random legal moves in)."""
    return random_positions(get_ruleset(variant, options), seed, count, (5, 121))


@pytest.mark.parametrize(("variant", "options"), [
    ("mexican_train", {"players": 4}),
    ("mexican_train", {"players": 8}),
    ("block", {"players": 3}),
])
def test_deal_hidden_deals_as_the_plain_greedy_deal(variant: str, options: dict,
                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    facts = {"hard": 0, "soft": 0, "fallback": 0}
    for i, s in enumerate(_positions(variant, options, 7 + options["players"], 40)):
        k = infer(view(s, s.to_move))
        facts["hard"] += any(k.hard)
        facts["soft"] += bool(k.soft)
        for salt in range(6):
            fast = deal_hidden(k, random.Random(i * 100 + salt))
            with monkeypatch.context() as mp:
                mp.setattr(resample, "_greedy_deal", _reference_greedy_deal)
                plain = deal_hidden(k, random.Random(i * 100 + salt))
            assert fast == plain
            # The greedy deal itself, failures (None) included, and the numbers it drew.
            ra, rb = random.Random(salt), random.Random(salt)
            got = resample._greedy_deal(k, ra)
            want = _reference_greedy_deal(k, rb)
            facts["fallback"] += got is None
            assert got == want
            assert ra.random() == rb.random()
    # The positions carry what passes prove, not only fresh deals (and on trains what draws
    # prove, weakened by later draws: the soft constraints; the block game draws nothing).
    assert facts["hard"] >= 10
    assert facts["soft"] >= 1 or variant == "block"


def _reference_resample(v: View, rng: random.Random, k: Knowledge) -> HandState:
    """``resample`` as it was (main at 4e728f5): the public part built afresh for every
    world, its chance drawn from a generator seeded from ``rng``."""
    s = resample.public_state(v, random.Random(int(rng.random() * 2**53)), k)
    hands = deal_hidden(k, rng)
    hands[k.seat] = list(k.hand)
    dealt = {t for h in hands for t in h}
    rest = [t for t in k.unknown if t not in dealt]
    shuffle(rest, rng)
    s.hands = [list(h) for h in hands]
    s.boneyard = rest[:v.boneyard]
    return s


@pytest.mark.parametrize(("variant", "options"), [
    ("mexican_train", {"players": 8}),
    ("vn_iwin", {"players": 4}),
])
def test_resample_builds_the_states_it_built_afresh(variant: str, options: dict) -> None:
    """``resample`` copies one public state per view and knowledge and the deal's seat order
    (DECISIONS E-107): each world must be the state the plain construction builds from the
    same numbers, and playing a world to its end must leave the next ones untouched."""
    for i, s in enumerate(_positions(variant, options, 31, 12)):
        if s.over:
            continue
        v = view(s, s.to_move)
        k = infer(v)
        ra, rb = random.Random(i), random.Random(i)
        for _ in range(5):
            got = resample.resample(v, ra, k)
            want = _reference_resample(v, rb, infer(v))
            assert got.hands == want.hands and got.boneyard == want.boneyard
            assert got.chance.seed_value() == want.chance.seed_value()
            for p in range(s.n):
                assert view(got, p) == view(want, p)
            for name in ("history", "turns", "seated", "escrow_by", "transfers", "points",
                         "first_turn_open", "match_totals"):
                assert getattr(got, name) == getattr(want, name), name
            # A world is the search's to change: play it out (its layout, lists and
            # bookkeeping all move on), as a playout does.
            while not got.over:
                advance(got, legal_moves(got)[0])
        assert ra.random() == rb.random()
