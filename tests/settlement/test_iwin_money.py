"""vn_iwin money is exact at every stake the option allows (RULES.md 2.3; issue 12's bug).

vn_iwin pays in half stakes (0.5B for a pass, for a double left in hand, for 2nd and 3rd of
four), so the stake B is even (docs/DECISIONS.md E-22): an odd B is refused with the option
error instead of paying 187 for a half of 375 or nothing at all at a stake of 1.

The checks are written from RULES.md's wording, not from the settlement code: every gross
amount is the rule's multiple of B/2, the tax on each credit is round_half_up(gross x rate)
computed with exact fractions, and the hand is zero-sum less the house.

RULES.md: 1.9, 2.3
"""

from __future__ import annotations

import random
from fractions import Fraction

import pytest
from hypothesis import given, settings, strategies as st

from domino.errors import OptionError
from domino.hand.moves import LEAVE
from domino.match.match import Match
from domino.rules.ruleset import get_ruleset

RATES = {"casual": Fraction(3, 100), "high_roller": Fraction(28, 1000), "vip": Fraction(26, 1000)}
# RULES.md 2.3's domino table, in half stakes by rank.
DOMINO_HALVES = {4: [2, 1, -1, -2], 3: [3, -1, -2], 2: [2, -2]}


def round_half_up(x: Fraction) -> int:
    """RULES.md 1.9: amounts are whole units; .5 goes up."""
    return int((x + Fraction(1, 2)).__floor__())


@pytest.mark.parametrize("stake", [1, 3, 375, 999_999_999])
def test_odd_stakes_are_refused(stake):
    with pytest.raises(OptionError, match="multiple of 2|between 2"):
        get_ruleset("vn_iwin", {"players": 2, "stake": stake})


def test_the_catalogue_says_the_stake_is_even():
    spec = next(o.to_json() for o in get_ruleset("vn_iwin").option_specs if o.name == "stake")
    assert spec["step"] == 2 and spec["min"] == 2


def play_random_hand(stake: int, players: int, table: str, seed: int, leaves: bool) -> Match:
    m = Match.new("vn_iwin", {"players": players, "stake": stake, "table": table}, seed)
    rng = random.Random(seed)
    while not m.hand_over:
        legal = m.legal()
        choices = [x for x in legal if x.kind != LEAVE]
        if leaves and rng.random() < 0.03 and any(x.kind == LEAVE for x in legal):
            choices = [x for x in legal if x.kind == LEAVE]
        m.play(rng.choice(choices or legal))
    return m


@settings(max_examples=150, deadline=None, derandomize=True)
@given(half=st.integers(1, 10**8), players=st.integers(2, 4),
       table=st.sampled_from(sorted(RATES)), seed=st.integers(0, 10**6), leaves=st.booleans())
def test_every_amount_is_exact(half, players, table, seed, leaves):
    stake = 2 * half
    m = play_random_hand(stake, players, table, seed, leaves)
    result = m.hand_result
    items = result.details["items"]
    rate = RATES[table]
    house = 0
    net = [0] * players
    for item in items:
        gross = item["amount"]
        kind = item["kind"]
        if kind in ("rank", "pass", "doubles"):
            assert gross % half == 0, item
        if kind == "block":
            assert (2 * gross) % half == 0 or gross % half == 0, item
        if gross > 0:
            assert item["tax"] == round_half_up(gross * rate), item
        else:
            assert item["tax"] == 0, item
        net[item["seat"]] += gross - item["tax"]
        house += item["tax"]
    assert net == result.delta
    assert house == result.house
    assert sum(result.delta) + result.house == 0
    if result.termination == "domino" and not any(i["kind"] == "leave" for i in items):
        seated = players
        ranks = [i for i in items if i["kind"] == "rank"]
        by_seat = {i["seat"]: i["amount"] for i in ranks}
        expected = DOMINO_HALVES[seated]
        assert [by_seat.get(p, 0) for p in result.ranking] == [h * half for h in expected]


def test_two_players_high_roller_at_376():
    """The issue's hand at the nearest allowed stake: the loser pays 1B, the winner's credit
    of 376 is taxed 2.8% = 10.528, rounded to 11."""
    for seed in range(200):
        m = play_random_hand(376, 2, "high_roller", seed, leaves=False)
        r = m.hand_result
        kinds = {i["kind"] for i in r.details["items"]}
        if r.termination == "domino" and kinds == {"rank"}:
            w = r.winner
            assert r.delta[w] == 376 - 11 and r.delta[1 - w] == -376 and r.house == 11
            return
    raise AssertionError("no plain domino hand in 200 seeds")
