"""A long hand (issue 25, DECISIONS W-119, W-133): Mexican Train, Draw and the Vietnamese
drawing games can leave you 18 tiles or more; they wrapped to two or three rows that ate the
table (at 390x844 a hand of 16 already took two). W-119 laid it as one row, a fan: the tiles
you can play whole, the others over each other; where many could be played they were 14-21 px
to tap. On a phone a hand of 15 tiles or more now lies in two rows of whole tiles, each tile
you can play a tap target of at least 24x24 px that a tap reaches and that lies over no other
tile, the table still half the screen. Screenshots land in e2e/artifacts/hand_*.png.

RULES.md: none (screen layout only; no rule is read or changed)
"""

import json
import random

import pytest
from boardkit import (
    FAN,
    MIN_AREA,
    MIN_TILE_PX,
    check_packed_row,
    check_targets,
    figures,
    in_language,
    open_page,
)
from conftest import settle, wait_my_turn


def long_hand_record(variant, options, tiles, seeds=range(1, 200)):
    """A record of `variant` with `options` whose last position has seat 0 (the human when the
    page opens it) to move with `tiles` tiles in hand and at least one of them playable: of the
    seeded random hands played in CPython, the position with the most playable tiles (the
    hardest fan to lay). Where the options allow a voluntary draw (Draw), seat 0 draws while
    it holds fewer than `tiles`. Returns (record, number of playable tiles, whether a draw is
    legal there) or None."""
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
                    best = (match.to_record(), playable, any(str(m) == "draw" for m in legal))
            draws = [m for m in legal if str(m) == "draw"]
            if held is not None and held < tiles and draws and options.get("voluntary_draw"):
                match.play(draws[0])
            else:
                match.play(rng.choice(legal))
    return best


MEXICAN = ("mexican_train", {"players": 2})
# Draw with a voluntary draw and five tiles dealt: a boneyard of eighteen to draw from.
DRAW = ("draw", {"players": 2, "voluntary_draw": True, "hand_size": 5})
SIZES = ((390, 844), (320, 568), (844, 390))
# A tablet's and a desktop's screens: a long hand keeps one row there (W-133), measured with
# the longest hands (W-141).
WIDE_SIZES = ((768, 1024), (1366, 768), (1920, 1080))
CASES = [((w, h), MEXICAN, n) for (w, h) in SIZES for n in (16, 18, 22)] + [
    ((w, h), DRAW, n) for (w, h) in SIZES for n in (16, 18, 22)
] + [((w, h), game, 22) for (w, h) in WIDE_SIZES for game in (MEXICAN, DRAW)]
# "Draw a tile" shows on the turn's line, beside "Your turn" (W-124): under your hand it took
# the buttons a row more at 320x568 (Draw a tile, Hint, Undo, Export, then the sound and the
# settings), and the table had 0.449 of the screen with Draw's 22 tiles. The same button in
# each language, a tap target of at least this many CSS px a side.
MIN_TAP_PX = 24.0
DRAW_BUTTON = """() => { const b = document.querySelector('#game [data-move=draw]');
  if (!b) return null; const r = b.getBoundingClientRect();
  const hit = document.elementFromPoint(r.x + r.width / 2, r.y + r.height / 2);
  return {text: b.textContent.trim(), label: b.getAttribute('aria-label'), box: [r.x, r.y, r.width, r.height],
          hit: !!hit && b.contains(hit), vw: innerWidth, vh: innerHeight}; }"""


def check_draw_button(page, lang):
    """The Draw button: its catalogue words, whole in the viewport, at least MIN_TAP_PX a side,
    and what a tap at its middle reaches."""
    import i18n

    button = page.evaluate(DRAW_BUTTON)
    assert button is not None, f"{lang}: no Draw button"
    words = i18n.t(lang, "move.draw")
    assert button["text"] == words and button["label"] == words, (lang, button)
    x, y, w, h = button["box"]
    assert w >= MIN_TAP_PX and h >= MIN_TAP_PX, (lang, button)
    assert x >= 0 and y >= 0 and x + w <= button["vw"] + 0.5 and y + h <= button["vh"] + 0.5
    assert button["hit"], (lang, button)
    return button


def open_long_hand(browser, site, tmp_path, size, game, tiles, seeds):
    """A page at `size` opened on the record of a human's position with `tiles` tiles in hand
    (`long_hand_record` over `seeds`), at its turn with the table settled; returns the
    context, the page, its errors and the position's playable and drawable counts."""
    found = long_hand_record(*game, tiles, seeds)
    assert found is not None, f"no position with {tiles} tiles in the seeds searched"
    record, playable, drawable = found
    context, page, errors = open_page(browser, site, size)
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record))
    page.set_input_files("#import", str(path))
    page.wait_for_function(
        f"document.querySelectorAll('#hand .tile').length === {tiles}", timeout=30_000
    )
    wait_my_turn(page)
    settle(page)
    return context, page, errors, playable, drawable


@pytest.mark.parametrize(
    "size,game,tiles", CASES, ids=[f"{w}x{h}-{g[0]}-{n}" for (w, h), g, n in CASES]
)
def test_every_playable_tile_of_a_long_hand_is_a_24px_target(
    browser, site, artifacts, tmp_path, size, game, tiles
):
    """Issue 25: Mexican Train with two players (and Draw, drawing at will), a position of the
    human's with `tiles` tiles in hand (found by seed in CPython, the most playable tiles of
    the seeds searched). Your hand lies in two rows of whole tiles (W-133; one row laid as a
    fan before, W-119, W-127, whose playable tiles were 14.4-21.2 px to tap where many could
    be played); each tile you can play is a tap target of at least 24x24 CSS px that lies over
    no other tile, and a tap at the middle of that target plays it (or opens its end choice,
    whose first end then plays it): the tile leaves your hand. The table keeps half the screen
    and 40 px tiles, in vi, en and ru where a Draw button shows; on a landscape phone the
    column holds the hand with nothing to scroll."""
    context, page, errors, playable, drawable = open_long_hand(
        browser, site, tmp_path, size, game, tiles, range(1, 200 if game is MEXICAN else 30)
    )
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
    targets = check_targets(page)
    print("targets (px a side): " + " ".join(f"{t['tile']} {t['side']}" for t in targets))
    assert len(fan) == tiles
    assert sum(t["playable"] for t in fan) == playable, fan
    assert fan[-1]["left"] + fan[-1]["width"] <= size[0] + 0.5, "the hand runs off the screen"
    assert area >= MIN_AREA, f"the table has {area:.3f} of the screen"
    assert tile >= MIN_TILE_PX, f"a laid tile is {tile} px long"
    # Where a draw is legal (it is at Draw's 22-tile position, not at its 18-tile one), Draw
    # a tile in every language: the table keeps its half, the button its size. English last,
    # chosen again after Russian (the page's first English was checked above: the same page,
    # the same targets); its targets are those the tap below uses.
    assert drawable or game is not DRAW or tiles < 22
    if drawable:
        for lang in ("vi", "ru", "en"):
            in_language(page, lang)
            button = check_draw_button(page, lang)
            tile, area, _ = figures(page)
            print(
                f"{lang}: table {area:.3f}, Draw button {button['box'][2]:.0f}x"
                f"{button['box'][3]:.0f} at y {button['box'][1]:.0f}, '{button['text']}'"
            )
            page.screenshot(
                path=str(artifacts / f"hand_{size[0]}x{size[1]}-{game[0]}-{tiles}-{lang}.png")
            )
            assert area >= MIN_AREA, f"{lang}: the table has {area:.3f} of the screen"
            check_packed_row(page)
            targets = check_targets(page)
    side = page.evaluate(
        "() => { const s = document.querySelector('.my-side');"
        " return [s.scrollHeight, s.clientHeight]; }"
    )
    if size[0] > size[1]:
        assert side[0] <= side[1] + 1, f"the column scrolls: {side}"
    # A player's tap at the middle of the target of the last tile you can play (the first
    # row's last or the second row's, by the case) plays it, or opens its ends, the first of
    # which plays it: the tile leaves your hand. The targets are those `check_targets` read
    # last, on the page as it still is (each reading, a hit test of every pixel around every
    # playable tile, took 10-20 s under load: DECISIONS W-144).
    target = targets[-1]
    before = page.evaluate("document.documentElement.dataset.state")
    page.mouse.click(*target["at"])
    page.wait_for_function(
        f"document.documentElement.dataset.state !== '{before}'"
        " || !document.querySelector('#choice').hidden",
        timeout=30_000,
    )
    if page.locator("#choice").is_visible():
        page.locator("#choice [data-move]").first.click()
    page.wait_for_function(
        f"!document.querySelector('#hand .tile[data-tile=\"{target['tile']}\"]')",
        timeout=30_000,
    )
    context.close()
    assert not errors, errors
