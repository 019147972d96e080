"""The spinner tree turned a quarter on a wide table (web/page/tree_turn.py, DECISIONS W-155):
the laid tile's length before (the tree laid as usual, main's table) and after (the page's
choice, with its memory and hysteresis), over seeded hands, per variant, player count and box.

Each hand is played with seeded random legal moves (every seat), and every position with a
tree on the table is drawn in turn, as seat 0's page draws it: `tree_turn.lay` over
`geometry.view_table`, the memory kept through the hand. Printed per row: positions, the mean
and least laid tile (px, 2 x the half-tile unit) before -> after, the positions whose table
must scroll before -> after, the positions drawn turned, and the turns (flips) per hand: mean,
most, and how many hands never turned. Pure CPython: no browser, no timing.

    python benchmarks/tree_turn_sizes.py                     # 20 seeds, the boxes below
    python benchmarks/tree_turn_sizes.py --seeds 40 --box 527x323
"""

from __future__ import annotations

import argparse
import random

import source_modules

from domino import Match, view

# web/page's modules, each after the siblings it imports.
PAGE = source_modules.web_ui("boxes", "line_layout", "spinner_tree", "train_bands", "geometry",
                             "i18n", "screens", "textfmt", "store", "tree_turn")
geometry, store, tree_turn = PAGE[4], PAGE[8], PAGE[9]

ROWS = [("doubles", 2), ("doubles", 3), ("doubles", 4), ("all_fives", 2), ("all_fives", 4)]
# The table's box at 844x390 and 1366x768: the brief's figures and the page's as measured in
# e2e/test_board_tree.py; 390x844's (a portrait box: the page lays it as before).
BOXES = [(533, 320), (527, 323), (1036, 513), (1084, 510), (377, 458)]


def hand_views(variant: str, players: int, seed: int) -> list[dict]:
    """Seat 0's view after each move of one seeded random hand."""
    rng = random.Random(seed)
    match = Match.new(variant, {"players": players}, seed)
    out = []
    while not match.hand_over:
        match.play(rng.choice(match.legal()))
        out.append(view(match.hand, 0).to_json())
    return out


def measure(variant: str, players: int, box: tuple[int, int], seeds: int) -> dict:
    width, height = float(box[0]), float(box[1])
    before: list[float] = []
    after: list[float] = []
    scroll = [0, 0]
    smaller = 0
    turned = 0
    flips: list[int] = []
    for seed in range(1, seeds + 1):
        store.S["match_serial"] += 1
        last = False
        count = 0
        for i, shown in enumerate(hand_views(variant, players, seed)):
            if not (shown["layout"] or {}).get("lead"):
                continue
            state = {"state_id": i + 1, "viewer": 0, "hand_number": 1, "view": shown}
            kind = geometry.kind_of(shown["layout"])
            usual = geometry.view_table(shown, width, height)
            geo = tree_turn.lay(state, width, height, kind, lambda turn, shown=shown:
                                geometry.view_table(shown, width, height, turn=turn),
                                geometry.MAX_UNIT)
            before.append(2 * usual["unit"])
            after.append(2 * geo["unit"])
            scroll[0] += not usual["fits"]
            scroll[1] += not geo["fits"]
            smaller += geo["unit"] < usual["unit"]
            now = bool(geo.get("turned"))
            turned += now
            count += now != last
            last = now
        flips.append(count)
    return {"n": len(before), "mean": (sum(before) / len(before), sum(after) / len(after)),
            "least": (min(before), min(after)), "scroll": scroll, "turned": turned,
            "smaller": smaller,
            "flips": (sum(flips) / len(flips), max(flips), flips.count(0))}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seeds", type=int, default=20, help="hands per row (seeds 1..N)")
    parser.add_argument("--box", action="append", help="a table box WxH (repeatable)")
    args = parser.parse_args()
    boxes = [tuple(int(v) for v in b.split("x")) for b in args.box] if args.box else BOXES
    for box in boxes:
        for variant, players in ROWS:
            r = measure(variant, players, box, args.seeds)
            print(f"{box[0]}x{box[1]} {variant} {players}p: {r['n']} positions, tile mean "
                  f"{r['mean'][0]:.1f} -> {r['mean'][1]:.1f} px, least {r['least'][0]:.0f} -> "
                  f"{r['least'][1]:.0f}, scrolling {r['scroll'][0]} -> {r['scroll'][1]}, "
                  f"turned {r['turned']} (smaller than before {r['smaller']}), turns per hand {r['flips'][0]:.2f} "
                  f"(most {r['flips'][1]}, none in {r['flips'][2]})")


if __name__ == "__main__":
    main()
