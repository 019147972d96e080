"""Doubles' expert searches choose as main's code chose before E-109's speed-ups.

E-109 made the search faster on a tree of spinners (``ai.treeplay``: the playouts and the
max^n solves without the engine's legal lists and copies) and must change no result: for a
fixed seed every expert decision is the one main's code made, with the same figures. This
test replays the decisions of hands played by ``hard`` (2, 3 and 4 players, every other
decision with a choice) and compares a digest of each search (the move chosen, every
candidate's mean and evaluations, the budget used, the worlds and the solves) with the one
recorded from main's code (088cc2d) before the change. It passes on main's code too: that
is its point. A changed digest means the search no longer does what it did: if that is
meant (a new rule of the search, a new budget here), record the digests again from the code
it replaces and say so in docs/DECISIONS.md.

At the expert's own budget in Doubles (480 evaluations), on both unlock modes; the
positions cover playouts and exact solves (max^n at 3-4 players, alpha-beta at 2), draws,
dominoes and blocked hands.

RULES.md: 2.4 (Doubles: every double a spinner, the locks, draw one, points)
"""

from __future__ import annotations

from pinkit import assert_as_main, hard_decisions, search_digest

# Recorded from main's code (088cc2d) with this file's ``_digest`` and ``_positions``.
MAIN = [
    '8e1462c512', 'd4ee36b2b9', '3864bc7d3c', '6197621528', 'ee4553e140', '3768055e62',
    'de3313c508', '90df5a9b1b', '8e53717c6c', '273cb8e432', 'fe98b1437a', '69ea1cfdb4',
    '3c82aa2295', 'e425a3c95e', '60522e892a', '0cfa60e397', '8ec3e3fd70', '6f3e310bf2',
    'b88416bf9a', '1caeeee746', '16bd945c8d', 'b87f10a1f6', '75f0b9635e', '62013156c4',
    '1c81078e8a', '95c8bd81dd', '78211e5965', '84d640b26e', '6bc7e2bf97', 'b84ed6a2ff',
    'ff1f0012c5', '267dc145dc', '140ed80759', 'ce2b83f420', '118a1e19ff', '2dd71973ed',
    '54c0c4c821', '4b7f949145', 'a6c3c42ba4', 'd724e7a550', 'b74d9420a0', '2db31a1d68',
    'e69f3278c3', '4226f4f922', '5ce866c7a0', '1433950329', 'f74b4250a6', 'cad1af816c',
    '10ca81d6e3', '5849619b96', 'dcb6c3c2a3', '6d2984e36e', '222d8766c1', 'd2cb060bfa',
    '0ffe1d28dc', '647bacd7dc', 'f7244563fe', '6c7a675064', '031703a791', '160cea50cc',
    '89aaec36b2', 'c2c18f3601', 'b16a6246f4', '518e649cb9', '9e5a7a0277', '5ff5a4e54e',
    '395b58bc61', 'd64731b03c', 'b40eab3ccb', '660afe01b8', 'b61071a5a3', '40ec5b2b94',
    '402f85e157', '70dc437790', '4f5d395df6', '1b17f66438', 'cf58855048', 'cf34aa04c7',
]

# (players, unlock mode, hands): four players most, where the time was (issue 26).
DEALS = [(2, "number", 2), (3, "number", 2), (4, "number", 4), (4, "spinner_only", 2)]


def test_doubles_expert_searches_are_mains() -> None:
    deals = [({"players": players, "unlock_mode": mode}, 300 * players + h, h, players)
             for players, mode, hands in DEALS for h in range(hands)]
    assert_as_main([search_digest(v, moves) for v, moves in hard_decisions("doubles", deals)],
                   MAIN)
