"""Your hand and the turn's line when your turn starts and ends (issue 25, "the board owns the
screen"; DECISIONS W-127, W-128, W-129):

- a long hand keeps its tiles' size when your turn starts (it narrowed as the tiles you can
  play stood up whole: the fan's size was read from how many you could play), and every tile
  of it shows enough to be read (the others were .4 slivers where many could be played);
- where there is room (a tablet, a desktop), "Draw a tile" on the turn's line is the page's
  usual 40 px tap target, and the turn's line keeps its height whether it shows or not;
- on a phone held upright at 390 px, the buttons under your hand are one row in vi, en and ru
  (in Russian they took two, the sound toggle and the settings on the second).

Figures are printed (run with `-s`); screenshots land in e2e/artifacts/turn_*.png.

RULES.md: none (screen layout only; no rule is read or changed)
"""

import random

import pytest
from boardkit import figures, in_language, open_at, open_page
from conftest import import_record, settle, wait_my_turn
from test_long_hand import DRAW

# The computers' pace while a test looks at the table between two turns: "slow" leaves about
# a second between your move and theirs (pace.py: the gap, 650 ms x 1.4, and the motion).
SLOW = """() => { const s = document.querySelector('#speed'); s.value = 'slow';
  s.dispatchEvent(new Event('change', {bubbles: true})); }"""


def slow_down(page) -> None:
    """The computers' speed "slow", as the settings' select sets it."""
    page.evaluate(SLOW)
    page.wait_for_function(
        "JSON.parse(localStorage.getItem('domino.settings') || '{}').speed === 'slow'"
    )


TURN = "document.querySelector('#turn').textContent"
LANGS = ("en", "vi", "ru")
# The page's usual tap target (app.css `button` min-height 2.5rem).
COMFORTABLE_PX = 40.0
LAPTOP_PX = 32.0  # under 900 px of height the turn's line has no 40 px to spare (W-128)


def comfortable_px(size):
    """The least height of "Draw a tile" where there is room, at `size`."""
    return COMFORTABLE_PX if size[1] >= 900 else LAPTOP_PX


def before_your_turn(variant, options, tiles, seeds):
    """A record of `variant` whose last position has seat 1 (a computer when the page opens
    it) to move while seat 0 (you) holds `tiles` tiles, seat 1 at least three: of the seeded
    random hands played in CPython (seat 0 drawing while it holds fewer than `tiles`, where a
    draw is legal), the one where seat 0 can then play the most tiles when its turn comes
    with the same hand (the computer in the page may play otherwise). Returns (record, the
    tiles seat 0 could play in CPython's continuation) or None."""
    from domino import Match

    best = None
    for seed in seeds:
        rng = random.Random(seed)
        match = Match.new(variant, options, seed)
        waiting = None
        while not match.hand_over:
            legal = match.legal()
            hands = match.hand.hands
            if match.to_move == 0 and waiting is not None:
                playable = len({m.tile for m in legal if m.tile is not None})
                if len(hands[0]) == tiles and (best is None or playable > best[1]):
                    best = (waiting, playable)
                waiting = None
            if match.to_move == 1 and len(hands[0]) == tiles and len(hands[1]) >= 3:
                waiting = match.to_record()
            draws = [m for m in legal if str(m) == "draw"]
            if match.to_move == 0 and len(hands[0]) < tiles and draws:
                match.play(draws[0])
            else:
                match.play(rng.choice(legal))
    return best


# Each tile of your hand: its tile, width and whether it can be played.
HAND = """() => [...document.querySelectorAll('#hand .tile')].map((t) => {
  const r = t.getBoundingClientRect();
  return {tile: t.dataset.tile, width: r.width, playable: t.classList.contains('playable')}; })"""

TURN_SIZES = [(390, 844), (320, 568)]
# Enough tiles that the fan overlaps at both sizes (eight tiles hold a row of whole ones).
TURN_TILES = 16


@pytest.mark.parametrize("size", TURN_SIZES, ids=[f"{w}x{h}" for w, h in TURN_SIZES])
def test_a_long_hand_keeps_its_size_when_your_turn_starts(browser, site, artifacts, tmp_path, size):
    """Issue 25: Draw with two players (drawing at will, five tiles dealt), the computer to
    move while you hold TURN_TILES tiles. While it plays, none of your tiles can be played;
    when your turn starts, the tiles you can play stand up whole. Every tile you cannot play
    keeps its width to the tenth of a pixel, and a tile you can play keeps it too, or grows
    to the 24 px tap target where the hand's tiles are narrower than that (W-119's floor for
    a playable tile): the hand never narrows (W-127). It did: at 390 px 33.6 -> 26.6 px."""
    found = before_your_turn(*DRAW, TURN_TILES, range(1, 40))
    assert found is not None, f"no position with {TURN_TILES} tiles in the seeds searched"
    record, _ = found
    context, page, errors = open_page(browser, site, size)
    slow_down(page)
    import_record(page, tmp_path / "before.json", record)
    page.wait_for_function(
        f"document.querySelectorAll('#hand .tile').length === {TURN_TILES}"
        f" && {TURN} !== 'Your turn'",
        timeout=30_000,
    )
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")
    before = page.evaluate(HAND)
    still = page.evaluate(TURN)
    page.screenshot(path=str(artifacts / f"turn_{size[0]}x{size[1]}-before.png"))
    wait_my_turn(page)
    settle(page)
    after = page.evaluate(HAND)
    page.screenshot(path=str(artifacts / f"turn_{size[0]}x{size[1]}-after.png"))
    playable = sum(t["playable"] for t in after)
    from boardkit import check_targets

    targets = check_targets(page)  # each tile you can play: 24x24 px at least (W-133)
    print("targets (px a side): " + " ".join(f"{t['tile']} {t['side']}" for t in targets))
    print(
        f"\n{size[0]}x{size[1]} draw {TURN_TILES} tiles: before ('{still}') "
        + " ".join(f"{t['width']:.1f}" for t in before)
        + f"\n  your turn ({playable} playable) "
        + " ".join(f"{t['width']:.1f}{'*' if t['playable'] else ''}" for t in after)
    )
    assert still != "Your turn" and not any(t["playable"] for t in before), before
    assert len(after) == TURN_TILES, "the hand changed before your turn"
    assert playable >= 3, f"too few tiles to play for a test: {after}"
    widths = {t["tile"]: t["width"] for t in before}
    for t in after:
        was = widths[t["tile"]]
        if t["playable"]:
            assert was - 0.1 <= t["width"] <= max(was, 24.0) + 0.1, (t, was)
        else:
            assert abs(t["width"] - was) <= 0.1, f"{t['tile']} {was:.1f} -> {t['width']:.1f} px"
    context.close()
    assert not errors, errors


ROOMY = [(768, 1024), (1366, 768), (1920, 1080)]
# The turn's line and where your hand starts under it; the Draw button's box.
HEAD = """() => { const head = document.querySelector('.my-head').getBoundingClientRect();
  const hand = document.querySelector('#hand').getBoundingClientRect();
  const b = document.querySelector('#turn-moves [data-move=draw]');
  const r = b ? b.getBoundingClientRect() : null;
  return {head: head.height, hand: hand.top, turn: document.querySelector('#turn').textContent,
          button: r && [r.x, r.y, r.width, r.height], text: b && b.textContent,
          lines: b ? Math.round(r.height / parseFloat(getComputedStyle(b).lineHeight || 20)) : 0,
          wide: b ? b.scrollWidth <= b.clientWidth + 1 : true}; }"""


@pytest.mark.parametrize("size", ROOMY, ids=[f"{w}x{h}" for w, h in ROOMY])
def test_draw_a_tile_is_a_comfortable_target_where_there_is_room(browser, site, artifacts, size):
    """Issue 25: on a tablet or a desktop "Draw a tile" on the turn's line (W-124) is the
    page's usual button, at least COMFORTABLE_PX tall (it was 26 px, a phone's size, where
    there is room; LAPTOP_PX on a screen under 900 px tall), its words whole on one line in vi, en and ru; the turn's line is as tall
    while the computer plays, without the button, so your hand does not move when your turn
    starts or ends (W-128). Draw with a draw at will: after the hand's forced first tile the
    button shows at every turn of yours while the boneyard lasts."""
    from conftest import play_and_wait

    context, page, errors = open_at(
        browser, site, size, "variant=draw&players=2&seed=12&seats=human,ai&opt.voluntary_draw=on"
    )
    play_and_wait(page)  # the hand's first tile is forced; a draw is legal from then on
    settle(page)
    slow_down(page)
    mine = page.evaluate(HEAD)
    for lang in ("en", "vi", "ru"):
        if lang != "en":
            in_language(page, lang)
        head = page.evaluate(HEAD)
        tile, area, _ = figures(page)
        print(
            f"\n{size[0]}x{size[1]} {lang}: Draw button {head['button'][2]:.0f}x"
            f"{head['button'][3]:.0f} '{head['text']}', turn's line {head['head']:.1f} px, "
            f"table {area:.3f}, laid tile {tile:.0f} px"
        )
        page.screenshot(path=str(artifacts / f"turn_{size[0]}x{size[1]}-draw-{lang}.png"))
        assert head["button"][3] >= comfortable_px(size) - 0.05, (lang, head)
        assert head["wide"], f"{lang}: the button's words are cut: {head}"
        assert head["button"][3] < 2 * comfortable_px(size), f"{lang}: the words take two lines: {head}"
        assert area >= 0.5, f"{lang}: the table has {area:.3f} of the screen"
    in_language(page, "en")
    # Your move: a tile that plays at once; then, while the computer plays, the turn's line
    # has no button and keeps its height.
    page.locator("#hand .tile.playable").first.click()
    if page.locator("#choice").is_visible():
        page.locator("#choice [data-move]").first.click()
    page.wait_for_function(f"{TURN} !== 'Your turn'", timeout=30_000)
    theirs = page.evaluate(HEAD)
    print(
        f"turn's line {mine['head']:.1f} px at your turn, {theirs['head']:.1f} px at theirs "
        f"('{theirs['turn']}'); your hand at y {mine['hand']:.1f} / {theirs['hand']:.1f}"
    )
    assert theirs["button"] is None, theirs
    assert abs(theirs["head"] - mine["head"]) <= 0.5, (mine, theirs)
    assert abs(theirs["hand"] - mine["hand"]) <= 0.5, (mine, theirs)
    context.close()
    assert not errors, errors


# The buttons under your hand and on the game log's line: each one's box and words, whether
# its words are cut, and the game log's line.
CONTROLS = """() => { const shown = (e) => e.offsetParent !== null && e.getBoundingClientRect().width > 0;
  const box = (e) => { const r = e.getBoundingClientRect();
    return {id: e.id || e.dataset.hint && 'hint' || e.tagName, text: e.textContent.trim(),
            x: r.x, y: r.y, w: r.width, h: r.height, cut: e.scrollWidth > e.clientWidth + 1}; };
  const items = [...document.querySelectorAll('#moves button, .controls > button, #settings-box > summary')]
    .filter(shown).map(box);
  const log = document.querySelector('#log-box > summary').getBoundingClientRect();
  return {items, log: {x: log.x, y: log.y, w: log.width, h: log.height}, vw: innerWidth}; }"""


@pytest.mark.parametrize("lang", LANGS)
def test_the_buttons_under_your_hand_take_one_row_at_390(browser, site, artifacts, lang):
    """Issue 25: at 390x844 in Russian the buttons under your hand (Hint, Undo, Export…,
    Sound, Settings) took two rows and the table lost one (0.606). Now (W-129), as under
    385 px (W-124), the sound toggle and the settings sit on the game log's line: Hint, Undo
    and Export one row, the log's line a second, in vi, en and ru; no word cut, no button
    over another, every one inside the screen; the table keeps at least half the screen."""
    from conftest import play_and_wait

    context, page, errors = open_at(
        browser, site, (390, 844), "variant=draw&players=2&seed=12&seats=human,ai"
    )
    play_and_wait(page)  # Undo shows once you have moved
    settle(page)
    if lang != "en":
        in_language(page, lang)
    data = page.evaluate(CONTROLS)
    tile, area, _ = figures(page)
    items = data["items"]
    page.screenshot(path=str(artifacts / f"turn_390x844-controls-{lang}.png"))
    print(
        f"\n390x844 {lang}: table {area:.3f}; "
        + " · ".join(f"{i['text']} {i['w']:.0f}x{i['h']:.0f}@{i['y']:.0f}" for i in items)
        + f"; game log's line at {data['log']['y']:.0f}"
    )
    ids = {i["id"] for i in items}
    assert {"hint", "undo", "export", "sound", "SUMMARY"} <= ids, items
    log = data["log"]
    rows = []
    for item in items + [dict(log, id="log", text="log", cut=False)]:
        middle = item["y"] + item["h"] / 2
        if not any(abs(middle - r) <= 4 for r in rows):
            rows.append(middle)
        assert not item["cut"], f"{lang}: {item['text']} is cut"
        assert item["x"] >= 0 and item["x"] + item["w"] <= data["vw"] + 0.5, item
    assert len(rows) <= 2, f"{lang}: the buttons and the game log's line take {len(rows)} rows"
    everything = items + [dict(log, id="log")]
    for i, a in enumerate(everything):
        for b in everything[i + 1 :]:
            apart = (
                a["x"] + a["w"] <= b["x"] + 1
                or b["x"] + b["w"] <= a["x"] + 1
                or a["y"] + a["h"] <= b["y"] + 1
                or b["y"] + b["h"] <= a["y"] + 1
            )
            assert apart, f"{lang}: {a['text']} overlaps {b.get('text')}"
    assert area >= 0.5, f"{lang}: the table has {area:.3f} of the screen"
    context.close()
    assert not errors, errors


READABLE = 0.6  # of a tile's width: its left and middle columns of pips name every number
LONG_CASES = [((320, 568), 22), ((390, 844), 22), ((320, 568), 18)]


@pytest.mark.parametrize("size,tiles", LONG_CASES, ids=[f"{w}x{h}-{n}" for (w, h), n in LONG_CASES])
def test_every_tile_of_a_long_hand_can_be_read(browser, site, artifacts, tmp_path, size, tiles):
    """Issue 25: Draw with 22 tiles in hand, 12 of them playable, at 320x568: the playable
    tiles showed 18.2 px of 24 and the others 7.7 px slivers of 19.2, their left column of
    pips alone, where 4 and 5 (2 and 3, 0 and 1) look alike. Now (W-127) every tile shows at
    least READABLE of its width (its left and middle columns), the tiles you can play each the
    same part and still reached by a tap at its middle, in one row; the table keeps at least
    half the screen, in vi, en and ru. Since W-133 the hand is two rows of whole tiles there,
    every tile you can play a tap target of at least 24x24 px (it was 15.4 px wide)."""
    from boardkit import FAN, check_packed_row, check_targets
    from test_long_hand import open_long_hand

    context, page, errors, playable, _ = open_long_hand(
        browser, site, tmp_path, size, DRAW, tiles, range(1, 30)
    )
    for lang in LANGS:
        if lang != "en":
            in_language(page, lang)
        fan = page.evaluate(FAN)
        tile, area, _ = figures(page)
        page.screenshot(path=str(artifacts / f"turn_{size[0]}x{size[1]}-read-{tiles}-{lang}.png"))
        print(
            f"\n{size[0]}x{size[1]} draw {tiles} tiles ({playable} playable) {lang}: table "
            f"{area:.3f}, laid tile {tile:.0f} px; width/shown "
            + " ".join(
                f"{t['width']:.1f}/{t['shown']:.1f}{'*' if t['playable'] else ''}" for t in fan
            )
        )
        check_packed_row(page)
        for t in fan:
            assert t["shown"] >= READABLE * t["width"] - 0.5, f"{lang}: {t['tile']} {t}"
        # Each tile you can play, a tap target of 24x24 px at least (W-133).
        check_targets(page)
        assert area >= 0.5, f"{lang}: the table has {area:.3f} of the screen"
    context.close()
    assert not errors, errors
