"""All Fives' expert searches choose as main's code chose before E-112's speed-up.

E-112 plays the search's playouts on All Fives' tree (``ai.fivesplay``: one spinner whose
cross sides open later, the ends counted after every placement) without the engine's legal
lists, and must change no result: for a fixed seed every expert decision is the one main's
code made, with the same figures. This test replays the decisions of hands played by
``hard`` (2, 3 and 4 players, in pairs, Five Up's every-double spinners and Muggins' none;
every other decision with a choice) and compares a digest of each search (the move chosen,
every candidate's mean and evaluations, the budget used, the worlds and the solves) with
the one recorded from main's code (56e1702) before the change. It passes on main's code
too: that is its point. A changed digest means the search no longer does what it did: if
that is meant, record the digests again from the code it replaces and say so in
docs/DECISIONS.md.

RULES.md: 3.3 (All Fives: the spinner and its cross sides, the count, draws, the points)
"""

from __future__ import annotations

from pinkit import assert_as_main, deal_digests

# Recorded from main's code (56e1702) with this file's ``DEALS`` (``pinkit.deal_digests``).
MAIN = [
    '2ed7e4b830', '1639a69ce6', '96ef46a116', '3533835c56', '924246d644', 'e5e26a32e3',
    'dd0a2fdf44', '6cd344459e', '9a7fc87be1', '4700f30e43', 'b0c93c7ba4', 'e023bc82f6',
    'e92cc65b60', '2581c63603', 'aef5d7b5f9', '686ab54d90', '0c4b2b6d48', '5014ff84d8',
    '0af57c985d', '66b89e7c4f', '9fcba0bc12', 'f1880827d9', '0362186088', '3857a369f8',
    '1f7e247401', 'bdd2f65c26', '453fc93958', '7b5bb40b94', '54fa6a01af', '578ce67a66',
    '0e6bbb7a6a', 'f2f7cbfea2', '2fa9a6ac6c', 'e1b96c6980', '950dd48dc1', '2c5c07c0b7',
    '50f0f4c4bd', '30ebb017fb', 'a86af8479c', 'bd4f297d7c', '0b90c34643', '7b0bf78075',
    'c666631440', 'a2e05501d6', 'a6fcb1eb15', 'd7a177cd29', '91753457ce', 'aace1c2496',
    '993f96feb4', 'e054b4aa64', 'bb8efd4d30', '2d30c84283', 'cad4ba2aa9', '1310060e73',
    '8a7c3e68a6', '136d888e04', 'b3574eb98e', 'fb0982df0e', '956860c21c', 'b96c4206a1',
    '86bbe918ed', '6265966a30', '02d7431482', '7beb5c4669', 'ea1f50333d', 'e09b17e0bd',
    '2bdc0b2394', 'b727d1ef74', '0b240328b1', '492a9cd0af', '4c7e2a4299',
]

# (options, hands): each player count, in pairs, and the other spinner rules.
DEALS = [({"players": 2}, 2), ({"players": 3}, 2), ({"players": 4}, 2),
         ({"players": 4, "partnership": True}, 1), ({"players": 3, "spinners": "all"}, 1),
         ({"players": 2, "spinners": "none"}, 1)]


def test_all_fives_expert_searches_are_mains() -> None:
    assert_as_main(deal_digests("all_fives", DEALS, 500), MAIN)
