"""Kozel's expert searches choose as main's code chose before E-113's speed-up.

E-113 settles the end positions of kozel's exact line solves from the bit masks' pips
(``settlement.by_counts.kozel_by_pips``) instead of rebuilding each position's hands and settling them
(``settle_lean``), and must change no result: for a fixed seed every expert decision is the
one main's code made, with the same figures. This test replays the decisions of hands played
by ``hard`` (2, 3 and 4 players and 4 in pairs; every other decision with a choice) and
compares a digest of each search (the move chosen, every candidate's mean and evaluations,
the budget used, the worlds and the solves) with the one recorded from main's code
(56e1702) before the change. It passes on main's code too: that is its point. A changed
digest means the search no longer does what it did: if that is meant, record the digests
again from the code it replaces and say so in docs/DECISIONS.md.

RULES.md: 2.5 (kozel: the hand points, 0-0 worth 25, the fish, the records, in pairs)
"""

from __future__ import annotations

from pinkit import assert_as_main, deal_digests

# Recorded from main's code (56e1702) with this file's ``DEALS`` (``pinkit.deal_digests``).
MAIN = [
    '9ba86fb260', 'cba1d8b73d', 'cbdfe6f90f', 'f01d414a17', 'c1f333aa4a', 'a42e6f0c99',
    'f3c1fd6ab7', 'd5a05cf84f', '56e3a23636', '0238206e48', '9c2801880f', 'a9e412825b',
    'e5cc28431a', '6ac5c59d03', 'aa1ab51c14', '3487cfb89e', '100c884b30', 'dd0d71479a',
    '2bbcc3ca0c', '3d4b5965ad', '372c221db2', '53de8baac0', '81b22d5e98', '202e079b82',
    'cbf0602fa5', 'e321e4dc79', '7d6727163d', 'f9fc86b405', 'f42d78a91b', 'a9a633d56f',
    '9a1c0165eb', '9d38bc23ed', 'c61a598979', 'c4f1391da1', '787b7c1bbf', '50014b5af6',
    'cb675df6fe', 'a15138dc08', 'b2d61ed3dc', '9a60e898e6', 'b873c2992b', '8159bb65bf',
    'c0ac9bac8f', '25fdd8ec49', '8499d8de35', '6139e2f2bf', 'd2539e4861', '474d251147',
    'ea0d139896', '003f201816',
]

# (options, hands): each player count, in pairs, 0-0 only as the sole tile, the fish's
# lowest exempt.
DEALS = [({"players": 2}, 1), ({"players": 3}, 2), ({"players": 4}, 2),
         ({"players": 4, "partnership": True}, 2),
         ({"players": 4, "zero_double_rule": "only_if_sole_tile",
           "fish_lowest_exempt": True}, 1)]


def test_kozel_expert_searches_are_mains() -> None:
    assert_as_main(deal_digests("kozel", DEALS, 700), MAIN)
