"""vn_iwin's expert searches choose as main's code chose before E-105's speed-ups.

E-105 made vn_iwin's search faster (end positions of line solves settled from each hand
mask's pips, tile count and doubles, ``settlement.settle.iwin_by_counts``; the playout's
block check reusing the turn's placements) and must change no result: for a fixed seed
every expert decision is the one main's code made, with the same figures. This test
replays 88 decisions of hands played by ``hard`` (2, 3 and 4 players, 4 hands each, every
other decision with a choice) and compares a digest of each search (the move chosen, every
candidate's mean and evaluations, the budget used, the worlds and the solves) with the one
recorded from main's code (ddba290) before the change. A changed digest means the search
no longer does what it did: if that is meant (a new rule of the search, a new budget here),
record the digests again from the code it replaces and say so in docs/DECISIONS.md.

At 400 evaluations (not expert's 840) so that it runs in seconds; the positions cover
playouts and exact solves (max^n at 3-4 players, alpha-beta at 2), domino and block ends,
pass penalties.

RULES.md: 1.7, 1.9, 2.3 (the end of a hand, the ranking chain, vn_iwin's settlement)
"""

from __future__ import annotations

from pinkit import assert_as_main, hard_decisions, search_digest

# Recorded from main's code (ddba290) with this file's ``_digest`` and ``_positions``.
MAIN = [
    'afdc1ea07c', '0caf4b796f', '8e18ec4771', 'ecfecfe8e4', '021402a9f2', '44108d78cd',
    '1fb07b01f0', '11e3193f9c', 'cae6faa8cb', '452adf01ae', '41cad0b2fe', 'cda4a04b0a',
    '526ea0eeda', '56d9f5e252', '463541488d', 'd3bbb8d51d', 'c96021335b', 'e89c3e0444',
    '0129a3a21f', '5aa49287c4', '3fee70e8fa', 'a885b873ab', '52a499859e', 'abe5117a9e',
    '775a2f6d6a', 'b8db853c44', '51093c5c66', 'dbdf152608', '5b7f826ea8', '54d3361b53',
    'd64edcc59a', '0234ca386f', '471fb4de20', '1b24b70b66', '103bf124ee', '5b992f3e1d',
    '998838c6f0', 'fcc016ebd1', 'be0ae23728', 'd34a506612', 'cb0f430a48', '7df1109ba3',
    '9174f2238f', 'd6b6c16fae', 'aac0ebddd7', '1758043005', 'fb37f3eb1b', '6400f9757c',
    'ef8829a699', 'd5a65076d9', 'c3abff81cc', 'b53588c96c', '326319d077', '25b821c51a',
    '2b512c4aa8', '1aacfb1096', '8431dbba4a', '3e18b7103c', 'f3baea0f56', 'b1d5f58b96',
    '53dc7c885f', 'd919983f11', '4b2013195e', 'e6a2a392ce', 'd386bf9f0e', '56da79befd',
    '642136b7a9', '73da3073f3', 'c9ce160881', '9568ef47f1', '21c08f52bc', '89bb6ef30f',
    '789eb29548', 'b633823a39', '511d0ffba8', 'e53d04d423', '539a300d83', '8208e1a753',
    'eb42e15618', '4fd7b27424', 'be16a8c425', 'de2bda8b57', '732f47eabf', '81c205fef5',
    '783f06ba1d', '132152db89', 'e6dc3be2d1', 'ccdadad0bf',
]


def test_iwin_expert_searches_are_mains() -> None:
    deals = [({"players": players}, 100 * players + h, h, players)
             for players in (2, 3, 4) for h in range(4)]
    assert_as_main([search_digest(v, moves, 400)
                    for v, moves in hard_decisions("vn_iwin", deals)], MAIN)
