"""vn_traditional's expert searches choose as main's code chose before E-114's speed-up.

E-114 settles a line solve's end positions in vn_traditional (without partners) from each
hand mask's pips and tile count (``settlement.by_counts.traditional_by_counts``), as E-105 did
for vn_iwin, and must change no result: for a fixed seed every expert decision is the one
main's code made, with the same figures. This test replays 67 decisions of hands played by
``hard`` (2, 3 and 4 players, 3 hands each, and two four-player hands in partnership, which
keep the full settlement) and compares a digest of each search (the move chosen, every
candidate's mean and evaluations, the budget used, the worlds and the solves) with the one
recorded from main's code (a2d7b9e) before the change. A changed digest means the search no
longer does what it did: if that is meant, record the digests again from the code it
replaces and say so in docs/DECISIONS.md.

At 400 evaluations (not the expert's 1,000) so that it runs in seconds.

RULES.md: 1.7, 1.9, 2.1 (the end of a hand, the ranking chain, vn_traditional's settlement)
"""

from __future__ import annotations

from pinkit import assert_as_main, hard_decisions, search_digest

# Recorded from main's code (a2d7b9e) with this file's deals.
MAIN = [
    '733be013f5', '36f43e50b3', 'b9b3ce88c0', '8bc5321d43', '6b277cab1f', '863d5b88fd',
    '8b4bb0978b', 'eee3d01a41', 'ce3f316b18', 'f8a598af6b', 'f3e542e149', 'd899f97bf1',
    'fd79e63d48', 'ee83a5ed63', 'a25e6f2e2a', 'd64a2c2866', '60155cce1c', 'e74ceaeb91',
    '8639c331f0', '92adb4ae83', '0f9d1b590f', 'ff574a9eb9', 'df1fdbcc0b', '6f3f6bd43f',
    '09c29e32ba', 'c1538283f7', 'e411b84ad0', '10063acf6b', '6d00289b3f', '5b26761363',
    '3e01e65c53', 'fcb85a88c1', 'b2ca74457b', '8c355470de', 'ef9bd84b7c', '777e5b64eb',
    'fc91bf36e4', '6740d18625', '28d615a76a', '019b0d857e', '6882ccf6a0', '7c2da3b13b',
    '3c55eb2550', '7230738068', '141b507539', 'f1f256cea0', '6caebaccc0', 'de48c6e874',
    'c7d19f97d5', 'f734204285', '78edd424ae', 'faa5be2004', '43f359465e', '92940b008c',
    '9b4e1465fb', '42f6a0ffe9', '283260cbbb', 'f1db537c30', '6f9b0bb90e', '521b30c88c',
    'aa616238c5', '669b13124c', '5328bf4a05', '99a5a15904', '9b17f3557a', 'f895a4589a',
    '894299436d',
]


def test_traditional_expert_searches_are_mains() -> None:
    deals = [({"players": players}, 100 * players + h, h, players)
             for players in (2, 3, 4) for h in range(3)]
    deals += [({"players": 4, "partnership": True}, 900 + h, h, 4) for h in range(2)]
    assert_as_main([search_digest(v, moves, 400)
                    for v, moves in hard_decisions("vn_traditional", deals)], MAIN)
