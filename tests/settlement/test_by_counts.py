"""vn_traditional's settlement from pips and counts reads nothing else of an end position.

A line solve keeps the values of such settlements by each hand's pips and tile count, how
the hand ended and who went out, for a whole decision (``settle.COUNTS_ONLY``, DECISIONS
E-115). That holds only while ``traditional_by_counts`` reads nothing more of what it is
given: the doubles, the pass penalties, the escrow and the last placer must not change its
result (a HandResult, or None where a tie needs the tiles).

RULES.md: 1.9, 2.1
"""

from __future__ import annotations

from hypothesis import given, settings, strategies as st

from domino.rules.ruleset import get_ruleset
from domino.settlement.by_counts import traditional_by_counts
from domino.settlement.settle import COUNT_SETTLEMENTS, COUNTS_ONLY


@settings(max_examples=300, deadline=None)
@given(players=st.integers(2, 4), data=st.data())
def test_traditional_by_counts_reads_only_pips_counts_and_the_end(players, data):
    """RULES.md: 2.1 (vn_traditional's money from the ranking chain)"""
    assert COUNT_SETTLEMENTS["vn_traditional"] is traditional_by_counts
    assert COUNTS_ONLY == {"vn_traditional"}
    rs = get_ruleset("vn_traditional", {"players": players})
    seated = [True] * players
    pips = data.draw(st.lists(st.integers(0, 40), min_size=players, max_size=players))
    counts = data.draw(st.lists(st.integers(1, 7), min_size=players, max_size=players))
    winner = data.draw(st.one_of(st.none(), st.integers(0, players - 1)))
    termination = "blocked" if winner is None else "domino"
    if winner is not None:
        pips[winner] = counts[winner] = 0

    def other() -> tuple:
        seats = st.integers(0, players - 1)
        return (data.draw(st.lists(st.integers(0, 3), min_size=players, max_size=players)),
                data.draw(st.lists(st.tuples(seats, seats, st.integers(1, 9)), max_size=3)),
                data.draw(st.integers(0, 20)),
                data.draw(st.lists(st.integers(0, 9), min_size=players, max_size=players)),
                data.draw(st.one_of(st.none(), seats)))

    first = traditional_by_counts(rs, seated, pips, counts, *other()[:4], termination, winner,
                                  other()[4])
    doubles, transfers, escrow, escrow_by, last = other()
    again = traditional_by_counts(rs, seated, pips, counts, doubles, transfers, escrow,
                                  escrow_by, termination, winner, last)
    assert again == first
