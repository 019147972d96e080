"""Mexican Train follows the play late in a round (issue 25): the trains outgrow a phone's
table (about twice its height), so the game's table folds each long train's older tiles behind
a "+n" chip and keeps every open end, every marker and the selected tile's targets in view,
with tiles at least 40 px long (DECISIONS W-113); a tap on a chip shows that train whole
(W-114), and folds it again (W-117); seven and eight players fit the smallest phone early and
late in a round (W-118). Screenshots land in e2e/artifacts/fold_*.png; run with `-s` for the
figures.

RULES.md: none (screen layout only; no rule is read or changed)
"""

import json

import pytest
from boardkit import SCROLL_STILL, open_page
from conftest import (
    back_to_menu,
    import_record,
    mexican_choices,
    settle,
    tile_key as key,
    wait_my_turn,
)

# Six players at each phone size of the brief, eight on a landscape phone, and seven and
# eight on the smallest phone (W-118: they overflowed it even folded).
CASES = [
    ((844, 390), 6),
    ((390, 844), 6),
    ((320, 568), 6),
    ((844, 390), 8),
    ((320, 568), 7),
    ((320, 568), 8),
]
MIN_TILE_PX = 40.0
# A chip is a tap target of at least 24x24 CSS px (WCAG 2.2's target size, W-117).
MIN_CHIP_PX = 24.0
# The table's box at each size with six players, the same with seven and eight at 320x568
# and 844x390 (measured at the first turn; a hand's rows change it a little): the search
# below wants trains about twice as tall as it.
BOXES = {(844, 390): (532.0, 323.0), (390, 844): (377.0, 458.0), (320, 568): (307.0, 302.0)}
OUTGROWN = 1.8

# The end choice's panel: how far its content overflows it, and for each end's button whether
# it is whole inside the panel and the viewport and is what a tap at its centre reaches.
CHOICE = """() => { const c = document.querySelector('#choice'); const r = c.getBoundingClientRect();
  return {overflow: c.scrollHeight - c.clientHeight,
          ends: [...c.querySelectorAll('[data-move]')].map((b) => { const q = b.getBoundingClientRect();
            const hit = document.elementFromPoint(q.x + q.width / 2, q.y + q.height / 2);
            return b.contains(hit) && q.top >= r.top - 0.5 && q.bottom <= r.bottom + 0.5
              && q.bottom <= innerHeight; })}; }"""

# Everything the test reads of the page, in the viewport's px: the table's visible box, the
# canvas's origin, the tile size, the drawn tiles' faces, the open ends, the markers, the
# glowing targets, the chips and the second "−" chips at the foot of a train shown whole (W-131).
READ = """() => { const wrap = document.querySelector('#table-wrap').getBoundingClientRect();
  const t = document.querySelector('#table'); const c = t.getBoundingClientRect();
  const json = (v) => JSON.parse(v || '[]');
  const chip = (b) => { const r = b.getBoundingClientRect();
    return {train: b.dataset.fold, hidden: Number(b.dataset.hidden), text: b.textContent.trim(),
            label: b.getAttribute('aria-label'), box: [r.x, r.y, r.width, r.height],
            expanded: b.getAttribute('aria-expanded')}; };
  const chips = [...document.querySelectorAll('#train-chips .train-chip:not(.foot)')].map(chip);
  const feet = [...document.querySelectorAll('#train-chips .train-chip.foot')].map(chip);
  const at = (r) => [c.x + r[1], c.y + r[2], r[3], r[4], r[0]];
  const focus = document.activeElement;
  return {wrap: [wrap.x, wrap.y, wrap.width, wrap.height], unit: Number(t.dataset.unit),
          canvas: [c.x, c.y, c.width, c.height],
          focus: focus && focus.closest('#train-chips') ? focus.dataset.fold : null,
          faces: json(t.dataset.tiles).map((r) => [r[4], r[5]]),
          rects: json(t.dataset.tiles).map((r) => [c.x + r[0], c.y + r[1], r[2], r[3],
                                                   r[4] + '-' + r[5]]),
          ends: json(t.dataset.ends).map(at), markers: json(t.dataset.markers).map(at),
          marks: json(t.dataset.glow).map((m) => [c.x + m.x, c.y + m.y, m.w, m.h, m.end]),
          chips, feet}; }"""


def long_round(players, width, height, seeds=range(1, 60)):
    """A Mexican Train record late in a round: seat 0 (the human when the page opens it) to
    move with a tile that fits two trains or more, the trains needing at least OUTGROWN
    times a `width` x `height` table's height at the readable size unfolded (as main lays
    them) and some folded at the game's table, found by playing seeded hands in CPython
    (`mexican_choices`, your own train first). Returns (record, tile, trains {id: [tile keys]}, how many times the table's height the
    trains need)."""
    import geometry

    for record, state, fits in mexican_choices(players, seeds, own_train_first=True):
        geo = geometry.view_table(state["view"], width, height, state["viewer"])
        # ... and that the page folds: eight players' short trains fit 40 px tiles unfolded.
        folds = geometry.view_table(state["view"], width, height, state["viewer"], None, None, True)
        if geo["needed"] >= OUTGROWN * height and any(lab["hidden"] for lab in folds["labels"]):
            tile = sorted(t for t, n in fits.items() if n > 1)[0]
            trains = {}
            for train in state["view"]["layout"]["trains"]:
                trains[train["id"]] = [key(a, b) for a, b in train.get("tiles") or []]
            return record, tile, trains, geo["needed"] / height
    return None


def inside(rect, box):
    """Whether `rect` (x, y, w, h, ...) lies inside `box` (x, y, w, h), a pixel to spare."""
    x, y, w, h = rect[:4]
    bx, by, bw, bh = box
    return bx - 1 <= x and x + w <= bx + bw + 1 and by - 1 <= y and y + h <= by + bh + 1


def still_shot(page, path):
    """Once the table has settled and stopped scrolling after a tap, its screenshot at `path`."""
    settle(page)
    page.evaluate("window.__tableScroll = null")
    page.wait_for_function(SCROLL_STILL, polling="raf", timeout=10_000)
    page.screenshot(path=str(path))


def check_table(seen, trains, what, least=MIN_TILE_PX):
    """Tiles of 40 px (`least`) or more; the table no taller than its box (nothing to scroll); every
    open end, every marker and every glowing target inside the visible table; each chip a
    24x24 tap target whose count is the tiles of its train the table does not show, every
    tile shown or counted. Returns the total folded away."""
    assert 2 * seen["unit"] >= least, f"{what}: a laid tile is {2 * seen['unit']} px"
    assert seen["canvas"][3] <= seen["wrap"][3] + 1, (
        f"{what}: the table is {seen['canvas'][3]:.0f} px in a {seen['wrap'][3]:.0f} px box"
    )
    # The tile each open end grows from (every train's last), found by its face.
    drawn = {key(*map(int, r[4].split("-"))): r for r in seen["rects"]}
    off = []
    for train_id, tiles in trains.items():
        if tiles:
            assert tiles[-1] in drawn, f"{what}: {train_id}'s last tile {tiles[-1]} not drawn"
            if not inside(drawn[tiles[-1]], seen["wrap"]):
                off.append(train_id)
    print(f"\n{what}: tile {2 * seen['unit']:.0f} px, open ends out of view: {off}")
    assert not off, f"{what}: the open ends of {off} are out of view"
    for kind in ("ends", "markers", "marks"):
        assert seen[kind] or kind == "marks", f"{what}: no {kind} written"
        for rect in seen[kind]:
            assert inside(rect, seen["wrap"]), (
                f"{what}: the {kind[:-1]} of {rect[4]} is out of view: {rect} in {seen['wrap']}"
            )
    assert len(seen["ends"]) == len(trains)
    shown = {key(a, b) for a, b in seen["faces"]}
    chips = {c["train"]: c for c in seen["chips"]}
    total = 0
    for train_id, tiles in trains.items():
        missing = [t for t in tiles if t not in shown]
        if train_id in chips:
            chip = chips[train_id]
            assert chip["hidden"] == len(missing) and chip["text"] == f"+{len(missing)}", (
                f"{what}: {train_id}'s chip says {chip}, {len(missing)} tiles not shown"
            )
            assert str(len(missing)) in chip["label"], chip
            # The folded tiles are the oldest: the train's last tiles are all on the table.
            assert missing == tiles[: len(missing)], (train_id, missing, tiles)
            assert inside(chip["box"], seen["wrap"]), f"{what}: {train_id}'s chip out of view"
            assert min(chip["box"][2:]) >= MIN_CHIP_PX - 0.01, f"{what}: a chip is {chip}"
            assert chip["expanded"] == "false", chip
        else:
            assert not missing, f"{what}: {train_id} hides {missing} without a chip"
        total += len(missing)
    return total


def import_at_your_turn(page, path, record, ready):
    """Back to the menu, open `record` (written to `path`) as a player's file, and wait for
    the hand's selector `ready`, then for your turn with the table settled."""
    back_to_menu(page)
    import_record(page, path, record)
    page.wait_for_selector(ready, timeout=30_000)
    wait_my_turn(page)
    settle(page)


@pytest.mark.parametrize("size,players", CASES, ids=[f"{w}x{h}-{n}p" for (w, h), n in CASES])
def test_long_trains_fold_and_every_end_stays_in_view(
    browser, site, artifacts, tmp_path, size, players
):
    """Issue 25, "Mexican Train follows the play": late in a round with six players (eight) the
    trains need about twice the table's height; before W-113 the table kept 56 px tiles and
    scrolled (the open ends and markers of the lower trains out of view), or zoomed out for
    a selected tile. Now, at the human's turn and with a tile that fits two trains selected:
    tiles at least 40 px, every train's open end and marker and both targets inside the
    visible table, each "+n" chip counting exactly the oldest tiles its train does not show.
    A tap on a chip shows that train whole."""
    context, page, errors = open_page(browser, site, size)
    found = long_round(players, *BOXES[size])
    assert found is not None, "no long round in the seeds searched"
    record, tile, trains, times = found
    import_at_your_turn(page, tmp_path / "long.json", record, f'#hand .tile[data-tile="{tile}"]')
    tag = f"fold_{size[0]}x{size[1]}-{players}p"
    page.screenshot(path=str(artifacts / f"{tag}.png"))
    seen = page.evaluate(READ)
    lengths = [len(t) for t in trains.values()]
    folded = check_table(seen, trains, "at the turn")
    print(
        f"\n{size[0]}x{size[1]} {players}p: trains {lengths} need {times:.1f}x the table; "
        f"table {seen['wrap'][2]:.0f}x{seen['wrap'][3]:.0f}, tile {2 * seen['unit']:.0f} px, "
        f"{folded} tiles folded behind {len(seen['chips'])} chips"
    )
    assert seen["chips"], "nothing folded in a round twice the table's height"

    page.locator(f'#hand .tile[data-tile="{tile}"]').click()
    page.locator("#choice:not([hidden])").wait_for()
    still_shot(page, artifacts / f"{tag}-selected.png")
    # The end choice shows both ends whole, with no scrolling, even on a small phone (W-122).
    panel = page.evaluate(CHOICE)
    assert panel["overflow"] <= 1 and all(panel["ends"]), panel
    seen = page.evaluate(READ)
    assert len(seen["marks"]) >= 2, seen["marks"]
    check_table(seen, trains, f"{tile} selected")
    page.locator("#choice [data-cancel]").click()
    settle(page)

    # A tap on the chip of the train folded most shows it whole (W-114); the focus stays on
    # that train's chip, now "−", which folds it again (W-117), by a key as by a tap.
    chip = max(seen["chips"], key=lambda c: c["hidden"])
    page.locator(f'#train-chips [data-fold="{chip["train"]}"]').click()
    still_shot(page, artifacts / f"{tag}-open.png")
    seen = page.evaluate(READ)
    shown = {key(a, b) for a, b in seen["faces"]}
    assert all(t in shown for t in trains[chip["train"]]), "the tapped train is not whole"
    opened = {c["train"]: c for c in seen["chips"]}[chip["train"]]
    assert opened["text"] == "\u2212" and opened["expanded"] == "true", opened
    assert min(opened["box"][2:]) >= MIN_CHIP_PX - 0.01, opened
    assert seen["focus"] == chip["train"], f"the focus is on {seen['focus']}"
    # Its label says how many tiles a tap folds away again (W-126); the table, taller than
    # its box now, is panned to keep the opened train's open end in view.
    assert f"hide {chip['hidden']} earlier tiles" in opened["label"], opened
    end = [e for e in seen["ends"] if e[4] == chip["train"]]
    print(
        f"opened {chip['train']}: table {seen['canvas'][3]:.0f} px in {seen['wrap'][3]:.0f}, "
        f"its open end at {end[0][1] - seen['wrap'][1]:.0f} px"
    )
    assert end and inside(end[0], seen["wrap"]), f"the opened train's end is out of view: {end}"
    # Its fold control stays in view with its open end (W-131): the "−" chip, or where the
    # train is taller than the table a second one at its last line, which folds it again.
    minus = [c for c in [opened] + seen["feet"] if c["train"] == chip["train"]]
    shown_minus = [c for c in minus if inside(c["box"], seen["wrap"])]
    print(
        f"its '−' chips at {[round(c['box'][1] - seen['wrap'][1]) for c in minus]} px, "
        f"{len(shown_minus)} in view"
    )
    assert shown_minus, f"no '−' chip of {chip['train']} in view: {minus} in {seen['wrap']}"
    assert all(c["text"] == "\u2212" and min(c["box"][2:]) >= MIN_CHIP_PX - 0.01 for c in minus)
    # A tile selected while the train is whole: the train folds while its ends glow, every
    # target in view (W-126); Cancel shows the train whole again.
    page.locator(f'#hand .tile[data-tile="{tile}"]').click()
    page.locator("#choice:not([hidden])").wait_for()
    still_shot(page, artifacts / f"{tag}-open-selected.png")
    seen = page.evaluate(READ)
    assert len(seen["marks"]) >= 2, seen["marks"]
    check_table(seen, trains, f"{tile} selected with {chip['train']} opened")
    page.locator("#choice [data-cancel]").click()
    settle(page)
    seen = page.evaluate(READ)
    assert {c["train"]: c for c in seen["chips"]}[chip["train"]]["expanded"] == "true"
    page.locator(f'#train-chips [data-fold="{chip["train"]}"]').focus()
    page.keyboard.press("Enter")
    settle(page)
    page.screenshot(path=str(artifacts / f"{tag}-refolded.png"))  # the focus ring on the chip
    seen = page.evaluate(READ)
    again = {c["train"]: c for c in seen["chips"]}[chip["train"]]
    assert again["text"] == chip["text"] and again["expanded"] == "false", again
    assert seen["focus"] == chip["train"], f"the focus is on {seen['focus']}"
    check_table(seen, trains, "folded again")

    # A tap on the train's label (left of its chip) does what the chip does; the table may
    # have panned to the train's open end meanwhile: the player scrolls back to its label.
    x, y, w, h = again["box"]
    page.mouse.click(x - 20, y + h / 2)
    settle(page)
    seen = page.evaluate(READ)
    assert {c["train"]: c for c in seen["chips"]}[chip["train"]]["expanded"] == "true"
    page.evaluate("document.querySelector('#table-wrap').scrollTop = 0")
    settle(page)
    page.mouse.click(x - 20, y + h / 2)
    settle(page)
    seen = page.evaluate(READ)
    assert {c["train"]: c for c in seen["chips"]}[chip["train"]]["expanded"] == "false"
    context.close()
    assert not errors, errors


# Seven and eight players at the smallest phone, at the human's first turn (test_board_size's
# crowded tables): nothing to fold, and their bands of 56 px tiles needed 324 and 359 px of
# a 302 px table (W-118).
EARLY = [((320, 568), 7), ((320, 568), 8)]


@pytest.mark.parametrize("size,players", EARLY, ids=[f"{w}x{h}-{n}p" for (w, h), n in EARLY])
def test_an_early_round_fits_a_small_phone(browser, site, artifacts, size, players):
    """Issue 25 asks every open end and marker in view (or one tap away) and a laid tile at
    least 40 px long: at 320x568 seven and eight players' first turn scrolled the table (the
    last bands' open ends out of view). Now the table holds every band with nothing to
    scroll, its tiles at least 40 px, and keeps at least half the screen."""
    from boardkit import crowd, figures, open_at

    context, page, errors = open_at(browser, site, size, crowd(players))
    page.screenshot(path=str(artifacts / f"fold_{size[0]}x{size[1]}-{players}p-early.png"))
    seen = page.evaluate(READ)
    tile, area, _ = figures(page)
    print(
        f"\n{size[0]}x{size[1]} {players}p first turn: tile {tile:.0f} px, table "
        f"{seen['wrap'][2]:.0f}x{seen['wrap'][3]:.0f} = {area:.3f} of the viewport, canvas "
        f"{seen['canvas'][3]:.0f} px tall"
    )
    assert area >= 0.5, f"the table has {area:.3f} of the screen"
    assert 2 * seen["unit"] >= MIN_TILE_PX
    assert seen["canvas"][3] <= seen["wrap"][3] + 1, "the table scrolls"
    assert len(seen["ends"]) == players + 1
    for kind in ("ends", "markers"):
        for rect in seen[kind]:
            assert inside(rect, seen["wrap"]), f"the {kind[:-1]} of {rect[4]} is out of view"
    context.close()
    assert not errors, errors


def is_double(tile):
    """Whether a tile key ("6-6") is a double."""
    a, b = tile.split("-")
    return a == b


def doubles_round(players, least=3, seeds=range(1, 400), most=None, answered=False, uniform=False):
    """A Mexican Train record with option allow_double_chain (RULES.md 3.4: a player who
    lays a double may lay another, and the unsatisfied doubles queue) where seat 0 is to
    move and at least `least` (at most `most`) trains end in a double, found by playing
    seeded hands in CPython with each player laying a double where one is legal (or, with
    `uniform`, any legal move: four such trains came at seed 119 that way, never in 2,000
    seeds of the first way). With `answered`, seat 0 holds a tile that is no double and
    answers the oldest double, and the table laid out after it needs the hub on its row no
    more (W-125 put it back there). Returns (record, state, trains {id: [tile keys]}, that
    tile or None) or None."""
    import random

    import geometry

    from domino import Match
    from domino.play.view import view
    from domino.session import Session

    def state_of(match):
        record = match.to_record()
        state = json.loads(Session().handle(json.dumps({"type": "load_record", "record": record})))
        return record, state

    for seed in seeds:
        rng = random.Random(seed)
        match = Match.new("mexican_train", {"players": players, "allow_double_chain": True}, seed)
        while not match.hand_over:
            legal = match.legal()
            if match.to_move == 0 and any(m.tile is not None for m in legal):
                layout = view(match.hand, 0).to_json()["layout"]
                ending = [
                    t for t in layout["trains"] if t["tiles"] and is_double(key(*t["tiles"][-1]))
                ]
                answer = None
                fits = least <= len(ending) <= (most or len(ending))
                if fits and answered:
                    plain = [m for m in legal if m.tile is not None and m.tile[0] != m.tile[1]]
                    if plain:
                        after = Match.from_record(match.to_record())
                        after.play(plain[0])
                        geo = geometry.view_table(
                            state_of(after)[1]["view"], 307.0, 302.0, 0, None, None, True
                        )
                        if geo["fits"] and not geo.get("hub_inline"):
                            answer = key(*plain[0].tile)
                if fits and (answer is not None or not answered):
                    record, state = state_of(match)
                    trains = {
                        t["id"]: [key(a, b) for a, b in t.get("tiles") or []]
                        for t in state["view"]["layout"]["trains"]
                    }
                    return record, state, trains, answer
            doubles = [m for m in legal if m.tile is not None and m.tile[0] == m.tile[1]]
            match.play(rng.choice(legal if uniform else doubles or legal))
    return None


# Five trains ending in a double (W-150): never seen in 37,000 seeded turns (W-130), so the
# deal is made for it: seats 0-7 start their trains (seat 7 the Mexican train's), seats 1-3
# cannot play and put their markers on, seat 4 lays 4-4, 7-7, 1-1, 2-2 and 3-3 in one chain
# (its own train, the Mexican train, the three marked ones) and cannot answer the 4-4, nor
# can seats 5-7; seat 0 holds 9-4 and 7-4 for it.
FIVE_HANDS = [
    ["12-0", "8-0", "9-4", "11-11", "10-10", "7-4", "12-9", "6-6", "0-0", "9-9"],
    ["12-1", "3-2", "2-0", "10-2", "9-2", "6-2", "5-2", "11-2", "8-4", "4-2"],
    ["12-2", "8-3", "9-3", "4-3", "11-3", "3-0", "4-0", "10-8", "6-4", "11-0"],
    ["12-3", "11-5", "9-0", "10-0", "11-10", "5-4", "11-4", "5-0", "11-6", "8-6"],
    ["12-4", "4-4", "7-7", "1-1", "2-2", "3-3", "10-9", "11-8", "6-0", "9-6"],
    ["12-5", "7-5", "7-3", "7-0", "1-0", "6-1", "7-6", "11-1", "3-1", "7-2"],
    ["12-6", "9-7", "5-1", "11-9", "7-1", "9-5", "10-6", "9-1", "6-3", "10-3"],
    ["12-7", "8-2", "10-7", "10-1", "8-1", "2-1", "5-3", "8-5", "6-5", "8-7"],
]
FIVE_BONEYARD = ["10-4", "12-11", "12-8", "12-10", "9-8", "10-5", "11-7", "4-1", "5-5", "8-8"]
FIVE_MOVES = (
    [f"12-{s}@T{s}" for s in range(7)]
    + ["12-7@MX", "8-0@T0"]
    + ["draw", "pass"] * 3
    + ["4-4@T4", "7-7@MX", "1-1@T1", "2-2@T2", "3-3@T3"]
    + ["draw", "pass"] * 4
)


def five_doubles_round():
    """`doubles_round`'s answer for the made deal above (checked by the engine: every move
    is replayed from the record, so an illegal one fails here)."""
    from domino import Match
    from domino.session import Session

    record = Match.new("mexican_train", {"players": 8, "allow_double_chain": True}, 1).to_record()
    record["hands"] = [
        {"deal": {"hands": FIVE_HANDS, "boneyard": FIVE_BONEYARD}, "moves": FIVE_MOVES}
    ]
    record = Match.from_record(record).to_record()
    state = json.loads(Session().handle(json.dumps({"type": "load_record", "record": record})))
    assert state["to_move"] == 0 and state["type"] != "error", state["type"]
    trains = {
        t["id"]: [key(a, b) for a, b in t.get("tiles") or []]
        for t in state["view"]["layout"]["trains"]
    }
    return record, state, trains, None


DOUBLES = [3, 4, 5]
# The smallest laid tile each case may show: five doubles go one size under 40 px (W-150).
LEAST_TILE = {3: MIN_TILE_PX, 4: MIN_TILE_PX, 5: 36.0}


@pytest.mark.parametrize("doubles", DOUBLES, ids=[f"{n}-doubles" for n in DOUBLES])
def test_trains_ending_in_a_double_fit_a_small_phone(browser, site, artifacts, tmp_path, doubles):
    """W-118's open end: eight players at 320x568 with three trains ending in a double at once
    (each double lies across its line, two units tall) needed 321 px of the 302 px table at
    40 px tiles, and the table scrolled. The hub now starts the first band's line instead of
    a row of its own (W-125); four such trains needed 316 px even so, and the bands then lie
    as close as a band's lines with 4 px margins (W-130); five (a made deal, W-150) needed
    320 px so, and the gaps then keep only what the chips reach into them, the tiles 36 px:
    every open end and marker in view with no scroll, tiles at least 40 px (36 with five),
    the table half the screen, and a playable tile's target in view."""
    from boardkit import figures

    if doubles == 5:
        found = five_doubles_round()
    else:
        found = doubles_round(8, doubles, most=None if doubles == 3 else doubles, uniform=doubles > 3)
    assert found is not None, f"no position with {doubles} trains ending in a double"
    record, state, trains, _ = found
    size = (320, 568)
    context, page, errors = open_page(browser, site, size)
    import_at_your_turn(page, tmp_path / "doubles.json", record, "#hand .tile.playable")
    tag = f"fold_320x568-8p-doubles{'' if doubles == 3 else doubles}"
    page.screenshot(path=str(artifacts / f"{tag}.png"))
    seen = page.evaluate(READ)
    tile, area, _ = figures(page)
    ending = sorted(i for i, t in trains.items() if t and is_double(t[-1]))
    print(
        f"\n320x568 8p, trains ending in a double {ending}: table {seen['wrap'][2]:.0f}x"
        f"{seen['wrap'][3]:.0f} = {area:.3f}, canvas {seen['canvas'][3]:.0f} px, tile {tile:.0f} px"
    )
    assert len(ending) >= doubles
    assert area >= 0.5, f"the table has {area:.3f} of the screen"
    check_table(seen, trains, f"{doubles} doubles", LEAST_TILE[doubles])
    # The hub (the round's engine double) is drawn.
    engine = state["view"]["layout"]["engine"]
    assert [engine, engine] in [list(f) for f in seen["faces"]], seen["faces"]
    # A playable tile selected: its target glows in view (the oldest double's train).
    page.locator("#hand .tile.playable").first.click()
    settle(page)
    seen = page.evaluate(READ)
    page.screenshot(path=str(artifacts / f"{tag}-selected.png"))
    for rect in seen["marks"]:
        assert inside(rect, seen["wrap"]), f"a target is out of view: {rect}"
    context.close()
    assert not errors, errors


# Each table the page draws (a MutationObserver on the canvas's data-tiles): the hub's rect,
# whether a tile or an open end other than the hub shares its height (the hub then lies on the
# first band's line, W-125; on its own row nothing does) and the tile size (half, px).
WATCH_HUB = """() => { const t = document.querySelector('#table'); window.__hubs = [];
  const note = () => { const tiles = JSON.parse(t.dataset.tiles || '[]');
    const ends = JSON.parse(t.dataset.ends || '[]').map((e) => e.slice(1));
    if (!tiles.length) return;
    const hub = tiles[0]; const others = tiles.slice(1).concat(ends);
    const beside = others.some((r) => r[1] < hub[1] + hub[3] - 0.5 && hub[1] < r[1] + r[3] - 0.5);
    window.__hubs.push({state: document.documentElement.dataset.state, hub, beside,
                        unit: Number(t.dataset.unit)}); };
  new MutationObserver(note).observe(t, {attributes: true, attributeFilter: ['data-tiles']});
  note(); }"""


def test_the_hub_stays_on_the_first_line_when_a_double_is_answered(
    browser, site, artifacts, tmp_path
):
    """W-125 lays the hub on the first band's line where eight players' trains ending in a
    double do not fit at 320x568 otherwise; once a double was answered the layout no longer
    needed it and the hub jumped back to its row, every band moving down under the player's
    finger. It now stays on the first band's line (W-130): from three trains ending in a
    double you answer the oldest with a tile that is no double, and the table drawn after
    your move still has the hub beside the first band's tiles; until your next turn it goes
    back to its row only in a table whose tiles changed size anyway (W-136: every tile moves
    then, and your train's first line gets its room back), the table in its box."""
    found = doubles_round(8, 3, most=3, answered=True)
    assert found is not None, "no position where a double is answered"
    record, state, trains, answer = found
    context, page, errors = open_page(browser, site, (320, 568))
    import_at_your_turn(
        page, tmp_path / "answered.json", record, f'#hand .tile[data-tile="{answer}"]'
    )
    page.screenshot(path=str(artifacts / "fold_320x568-8p-hub-before.png"))
    page.evaluate(WATCH_HUB)
    before = int(page.evaluate("document.documentElement.dataset.state"))
    page.locator(f'#hand .tile[data-tile="{answer}"]').click()
    page.wait_for_function(
        f"Number(document.documentElement.dataset.state || 0) > {before}", timeout=30_000
    )
    settle(page)
    page.screenshot(path=str(artifacts / "fold_320x568-8p-hub-answered.png"))
    page.wait_for_function(
        "(document.querySelector('#turn').textContent === 'Your turn'"
        " && !document.documentElement.dataset.drawing)"
        " || (document.querySelector('#result-open') && !document.querySelector('#result-open').hidden)",
        timeout=60_000,
    )
    settle(page)
    page.screenshot(path=str(artifacts / "fold_320x568-8p-hub-next-turn.png"))
    seen = page.evaluate(READ)
    hubs = page.evaluate("window.__hubs")
    print(
        f"\n320x568 8p, {answer} answers the oldest double: {len(hubs)} tables drawn, the hub "
        f"at y {[h['hub'][1] for h in hubs]}, beside the first band's tiles "
        f"{[h['beside'] for h in hubs]}, units {[h['unit'] for h in hubs]}"
    )
    assert len(hubs) >= 2, hubs
    assert hubs[0]["beside"] and hubs[1]["beside"], f"the hub jumped back at your move: {hubs}"
    alone = [
        (before, after)
        for before, after in zip(hubs, hubs[1:], strict=False)
        if before["beside"] and not after["beside"] and before["unit"] == after["unit"]
    ]
    assert not alone, f"the hub left the first band's line in a table of the same size: {alone}"
    assert seen["canvas"][3] <= seen["wrap"][3] + 1, "the table scrolls"
    context.close()
    assert not errors, errors


def tall_train_round(players, width, height, seeds=range(1, 60)):
    """A Mexican Train record where seat 0 is to move and one train, shown whole, is taller
    than a `width` x `height` table (its band, from its label's line to its last): uniformly
    random moves, which grow the Mexican train to thirty tiles (`mexican_choices`). Returns
    (record, that train's id, trains {id: [tile keys]}, its band's height) or None."""
    import geometry

    for record, state, _ in mexican_choices(players, seeds):
        view = state["view"]
        folded = geometry.view_table(view, width, height, state["viewer"], None, None, True)
        for lab in folded["labels"]:
            if not lab["hidden"]:
                continue
            whole = geometry.view_table(
                view, width, height, state["viewer"], None, None, True, lab["id"]
            )
            band = [b for b in whole["labels"] if b["id"] == lab["id"]][0]["band"]
            if band["h"] > height + 30:
                trains = {}
                for train in view["layout"]["trains"]:
                    trains[train["id"]] = [key(a, b) for a, b in train.get("tiles") or []]
                return record, lab["id"], trains, band["h"]
    return None


TALL = [((844, 390), 6), ((320, 568), 6)]


@pytest.mark.parametrize("size,players", TALL, ids=[f"{w}x{h}-{n}p" for (w, h), n in TALL])
def test_an_opened_train_taller_than_the_table_folds_from_its_end(
    browser, site, artifacts, tmp_path, size, players
):
    """W-126 pans the table to an opened train's open end; where the train is taller than the
    table its "−" chip, which folds it again, scrolled out of view and the player had to
    scroll back up to it. Such a train now has a second "−" chip beside its last line
    (W-131): after the tap on its "+n" chip the open end and a "−" chip of that train are
    both in the visible table; a tap on that chip folds the train again (every open end,
    marker and chip back in view, the table in its box) and the keyboard's focus is on the
    train's "+n" chip."""
    found = tall_train_round(players, *BOXES[size])
    assert found is not None, "no train taller than the table in the seeds searched"
    record, train, trains, band_h = found
    context, page, errors = open_page(browser, site, size)
    import_at_your_turn(page, tmp_path / "tall.json", record, "#hand .tile")
    page.locator(f'#train-chips [data-fold="{train}"]').click()
    tag = f"fold_{size[0]}x{size[1]}-{players}p-tall"
    still_shot(page, artifacts / f"{tag}-open.png")
    seen = page.evaluate(READ)
    end = [e for e in seen["ends"] if e[4] == train][0]
    minus = [c for c in seen["chips"] + seen["feet"] if c["train"] == train]
    print(
        f"\n{size[0]}x{size[1]} {players}p: {train} ({len(trains[train])} tiles) opened, its "
        f"band {band_h:.0f} px in a {seen['wrap'][3]:.0f} px table, its open end at "
        f"{end[1] - seen['wrap'][1]:.0f} px, its '−' chips at "
        f"{[round(c['box'][1] - seen['wrap'][1]) for c in minus]} px"
    )
    assert inside(end, seen["wrap"]), f"the opened train's end is out of view: {end}"
    shown = [c for c in minus if inside(c["box"], seen["wrap"])]
    assert shown, f"no '−' chip of {train} in view: {minus} in {seen['wrap']}"
    box = shown[0]["box"]
    assert shown[0]["text"] == "\u2212" and min(box[2:]) >= MIN_CHIP_PX - 0.01, shown
    # The chip in view is a tap target: a tap at its middle reaches it.
    assert (
        page.evaluate(
            f"document.elementFromPoint({box[0] + box[2] / 2}, {box[1] + box[3] / 2})"
            f".closest('[data-fold]')?.dataset.fold"
        )
        == train
    )
    page.mouse.click(box[0] + box[2] / 2, box[1] + box[3] / 2)
    still_shot(page, artifacts / f"{tag}-folded.png")
    seen = page.evaluate(READ)
    back = {c["train"]: c for c in seen["chips"]}[train]
    assert back["expanded"] == "false" and back["text"].startswith("+"), back
    assert not seen["feet"], seen["feet"]
    assert seen["focus"] == train, f"the focus is on {seen['focus']}"
    check_table(seen, trains, f"{train} folded again from its end")
    context.close()
    assert not errors, errors


# The frame before the table's first draw after the game screen was shown again (W-116 draws
# it in a task after that frame, W-138): in the animation frame after the turn that showed the
# screen, how many of the canvas's pixels are painted, how many chips lie over it, and whether
# the draw still waits (html[data-drawing]). The callbacks run after the page's own (it asked
# for its frame in that turn, before this observer's callback), so they see what is painted.
FIRST_FRAME = """() => { window.__frames = [];
  new MutationObserver((records) => {
    for (const r of records) {
      if (r.target.id !== 'game' || r.target.hidden || r.oldValue === null) continue;
      requestAnimationFrame(() => {
        const t = document.querySelector('#table');
        let painted = 0;
        if (t.width && t.height) {
          const d = t.getContext('2d').getImageData(0, 0, t.width, t.height).data;
          for (let i = 3; i < d.length; i += 4) if (d[i]) painted++;
        }
        window.__frames.push({painted, drawing: document.documentElement.dataset.drawing || '',
          chips: document.querySelectorAll('#train-chips .train-chip').length});
      });
    }
  }).observe(document, {attributes: true, attributeFilter: ['hidden'], attributeOldValue: true,
                        subtree: true}); }"""


def test_the_frame_before_the_first_draw_keeps_the_table_or_shows_the_felt(
    browser, site, artifacts, tmp_path
):
    """W-138: the first draw after the game screen was hidden comes a frame later (W-116), and
    the canvas was blanked for that frame: back from the review, a player saw the felt
    empty for a frame between two drawings of the same table, and a new match showed the
    felt with the earlier match's "+n" chips floating over it. Now the table drawn last stays
    for that frame where it is this match's table for this seat, and the canvas is blank with
    no chip over it for another match."""
    from test_summary import record_of

    record, _ = record_of("mexican_train", {"players": 6}, 5, 1)
    context, page, errors = open_page(browser, site, (390, 844))
    import_record(page, tmp_path / "hand.json", record)
    dialog = page.get_by_role("dialog")
    dialog.wait_for(state="visible", timeout=30_000)
    page.wait_for_function("!document.documentElement.dataset.drawing", timeout=30_000)
    settle(page)
    chips = page.locator("#train-chips .train-chip").count()
    assert chips, "the finished hand's table folds no train: no chip to see"
    page.evaluate(FIRST_FRAME)
    dialog.locator("#result-review").click()
    page.wait_for_selector("#review:not([hidden])")
    page.click("#review-back")
    page.wait_for_function("window.__frames.length === 1", timeout=10_000)
    back = page.evaluate("window.__frames[0]")
    page.wait_for_function("!document.documentElement.dataset.drawing", timeout=30_000)
    settle(page)
    page.screenshot(path=str(artifacts / "frame_390x844-6p-back-from-review.png"))
    # A new match from a deep link, the page not reloaded.
    if page.locator("#result-menu").is_visible():
        page.click("#result-menu")
    back_to_menu(page)
    page.evaluate("location.hash = 'variant=mexican_train&players=4&seats=human,ai,ai,ai&seed=3'")
    page.wait_for_selector("#game:not([hidden]), #link-confirm:not([hidden])", timeout=30_000)
    if page.locator("#link-confirm").is_visible():
        page.click("#link-start")
    page.wait_for_function("window.__frames.length === 2", timeout=30_000)
    new = page.evaluate("window.__frames[1]")
    print(f"\nback from the review: {back}; a new match: {new}")
    assert back["drawing"] == "1", "the first draw came in the turn that showed the screen"
    assert back["painted"] > 0, "the table was blank for a frame back from the review"
    assert back["chips"] == chips
    assert new["drawing"] == "1"
    assert new["painted"] == 0 and new["chips"] == 0, "the earlier match's table showed"
    context.close()
    assert not errors, errors
