"""A long hand is one row (issue 25, DECISIONS W-119): Mexican Train, Draw and the Vietnamese
drawing games can leave you 18 tiles or more; they wrapped to two or three rows that ate the
table (at 390x844 a hand of 16 already took two). Your hand is now one row laid as a fan:
every tile you can play whole, at least 24 px wide and hit where a player taps it, the others
over each other. Screenshots land in e2e/artifacts/hand_*.png.

RULES.md: none (screen layout only; no rule is read or changed)
"""

import json
import random

import pytest
from conftest import settle, wait_my_turn
from test_board_size import (
    FAN,
    MIN_AREA,
    MIN_TILE_PX,
    check_packed_row,
    figures,
    open_page,
)


def long_hand_record(variant, options, tiles, seeds=range(1, 200)):
    """A record of `variant` with `options` whose last position has seat 0 (the human when the
    page opens it) to move with `tiles` tiles in hand and at least one of them playable: of the
    seeded random hands played in CPython, the position with the most playable tiles (the
    hardest fan to lay). Where the options allow a voluntary draw (Draw), seat 0 draws while
    it holds fewer than `tiles`. Returns (record, number of playable tiles) or None."""
    from domino import Match

    best = None
    for seed in seeds:
        rng = random.Random(seed)
        match = Match.new(variant, options, seed)
        while not match.hand_over:
            legal = match.legal()
            held = len(match.hand.hands[0]) if match.to_move == 0 else None
            if held == tiles:
                playable = len({m.tile for m in legal if m.tile is not None})
                if playable and (best is None or playable > best[1]):
                    best = (match.to_record(), playable)
            draws = [m for m in legal if str(m) == "draw"]
            if held is not None and held < tiles and draws and options.get("voluntary_draw"):
                match.play(draws[0])
            else:
                match.play(rng.choice(legal))
    return best


MEXICAN = ("mexican_train", {"players": 2})
# Draw with a voluntary draw and five tiles dealt: a boneyard of eighteen to draw from.
DRAW = ("draw", {"players": 2, "voluntary_draw": True, "hand_size": 5})
CASES = [
    ((w, h), MEXICAN, n) for (w, h) in ((390, 844), (320, 568), (844, 390)) for n in (16, 18, 22)
] + [((w, h), DRAW, n) for (w, h) in ((390, 844), (320, 568)) for n in (18, 22)]
# The table's least share of the screen: half (MIN_AREA), but Draw's 22 tiles at 320x568, where
# the move buttons take a row more (Draw a tile, Hint, Undo, Export, then the sound and the
# settings, then the game log) and the table has 0.449 with the hand one row (0.230 with the
# hand in three rows before W-119).
LEAST = {((320, 568), "draw", 22): 0.44}


@pytest.mark.parametrize(
    "size,game,tiles", CASES, ids=[f"{w}x{h}-{g[0]}-{n}" for (w, h), g, n in CASES]
)
def test_a_long_hand_is_one_row_and_every_playable_tile_is_tappable(
    browser, site, artifacts, tmp_path, size, game, tiles
):
    """Issue 25: Mexican Train with two players (and Draw, drawing at will), a position of the
    human's with `tiles` tiles in hand (found by seed in CPython, the most playable tiles of
    the seeds searched). Your hand is one row; each tile you can play is whole, at least
    24 px wide, and a tap at the middle of it reaches it (and plays it, or opens its end
    choice); every other tile shows at least .4 of its width; the table keeps half the screen
    and 40 px tiles; on a landscape phone the column holds the hand with nothing to scroll."""
    found = long_hand_record(*game, tiles, range(1, 200 if game is MEXICAN else 30))
    assert found is not None, f"no position with {tiles} tiles in the seeds searched"
    record, playable = found
    context, page, errors = open_page(browser, site, size)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#import", str(path))
    page.wait_for_function(
        f"document.querySelectorAll('#hand .tile').length === {tiles}", timeout=30_000
    )
    wait_my_turn(page)
    settle(page)
    tile, area, data = figures(page)
    page.screenshot(path=str(artifacts / f"hand_{size[0]}x{size[1]}-{game[0]}-{tiles}.png"))
    fan = page.evaluate(FAN)
    print(
        f"\n{size[0]}x{size[1]} {game[0]} {tiles} tiles ({playable} playable): table {area:.3f} of the "
        f"viewport, tile {tile:.0f} px; hand tiles {fan[0]['width']:.1f} px wide, rows "
        f"{len({t['bottom'] // 2 for t in fan})}, shown "
        + " ".join(f"{t['shown']:.1f}{'*' if t['playable'] else ''}" for t in fan)
    )
    check_packed_row(page)
    assert len(fan) == tiles
    assert sum(t["playable"] for t in fan) == playable, fan
    assert fan[-1]["left"] + fan[-1]["width"] <= size[0] + 0.5, "the hand runs off the screen"
    least = LEAST.get((size, game[0], tiles), MIN_AREA)
    assert area >= least, f"the table has {area:.3f} of the screen"
    assert tile >= MIN_TILE_PX, f"a laid tile is {tile} px long"
    side = page.evaluate(
        "() => { const s = document.querySelector('.my-side');"
        " return [s.scrollHeight, s.clientHeight]; }"
    )
    if size[0] > size[1]:
        assert side[0] <= side[1] + 1, f"the column scrolls: {side}"
    # A player's tap at the middle of the first playable tile plays it or opens its ends.
    first = next(t for t in fan if t["playable"])
    before = page.evaluate("document.documentElement.dataset.state")
    page.mouse.click(first["x"], first["y"])
    page.wait_for_function(
        f"document.documentElement.dataset.state !== '{before}'"
        " || !document.querySelector('#choice').hidden",
        timeout=30_000,
    )
    context.close()
    assert not errors, errors
