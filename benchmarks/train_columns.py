"""How often Mexican Train's bands move between columns in a round, and what their tiles are
(issue 25; docs/DECISIONS.md W-151, W-157).

Every view of seat 0 at its turn through seeded rounds (each player building its own train
first, the others' moves at random: `tests/web/test_train_fold.round_views`) is laid out by
the page's geometry in the CPython the tests use, at each table box, twice: afresh at every
turn (as the review draws a position), and as the game's table does, keeping the columns
drawn last in the round (`keep`, W-157). For each box and player count it prints the column
changes over the rounds, the unit (half a tile, px) mean and least, and the worst ratio of a
position's unit kept to afresh.

Usage: python benchmarks/train_columns.py [--seeds N] [--gain G] [--show]
"""

import argparse

import source_modules

boxes, line_layout, spinner_tree, train_bands, geometry = source_modules.web_ui(
    "boxes", "line_layout", "spinner_tree", "train_bands", "geometry")
# The tests' seeded rounds (their module imports the page's modules loaded above).
round_views = source_modules.load("tests/web/test_train_fold.py").round_views

# The label widths of the tests (tests/web/test_train_fold.py): the page measures them.
LABELS = {f"T{seat}": [68.0, 47.0, 17.0] for seat in range(1, 9)}
LABELS.update({"T0": [24.0], "MX": [46.0]})
# The game table's box at 320x568, 390x844, 844x390, 768x1024, 1366x768 (two widths:
# with and without a scrollbar's room) and 1920x1080.
BOXES = ((307.0, 302.0), (377.0, 458.0), (533.0, 320.0), (740.0, 600.0), (1036.0, 513.0),
         (1084.0, 513.0), (1600.0, 814.0))


def measure(width: float, height: float, players: int, seeds: int) -> dict:
    """Column changes and units over `seeds` rounds at one box, afresh and kept."""
    out = {"afresh": [0, []], "kept": [0, []], "rounds": []}
    for seed in range(1, seeds + 1):
        keep = 0
        last = {"afresh": None, "kept": None}
        line = ""
        for seen in round_views(players, seed):
            both = {"afresh": geometry.view_table(seen, width, height, 0, None, LABELS, True),
                    "kept": geometry.view_table(seen, width, height, 0, None, LABELS, True,
                                                None, False, keep)}
            for name, geo in both.items():
                if last[name] is not None and geo["columns"] != last[name]:
                    out[name][0] += 1
                last[name] = geo["columns"]
                out[name][1].append(geo["unit"])
            keep = both["kept"]["columns"]
            line += str(keep)
        out["rounds"].append(line)
    return out


def main() -> None:
    """Print the figures for every box and player count whose columns ever change."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--seeds", type=int, default=5)
    parser.add_argument("--gain", type=float, default=train_bands.KEEP_GAIN)
    parser.add_argument("--show", action="store_true", help="print each round's columns")
    args = parser.parse_args()
    train_bands.KEEP_GAIN = args.gain
    for width, height in BOXES:
        for players in (2, 4, 5, 6, 7, 8):
            got = measure(width, height, players, args.seeds)
            fresh, kept = got["afresh"], got["kept"]
            if not fresh[0] and not kept[0]:
                continue
            worst = min(k / f for k, f in zip(kept[1], fresh[1], strict=True))
            print(f"{width:.0f}x{height:.0f} {players} players: changes {fresh[0]} -> {kept[0]}, "
                  f"unit mean {sum(fresh[1]) / len(fresh[1]):.2f} -> "
                  f"{sum(kept[1]) / len(kept[1]):.2f}, least {min(fresh[1])} -> {min(kept[1])}, "
                  f"worst ratio {worst:.3f}")
            if args.show:
                for line in got["rounds"]:
                    print("    " + line)


if __name__ == "__main__":
    main()
