"""The table at every size (issue 25): the board gets the screen. At each size a laid tile is at
least 40 px long at the start of a hand and the table takes at least half the viewport; the
figures are printed (run with `-s`) and screenshots land in e2e/artifacts/board_*.png.

RULES.md: none (screen layout only; no rule is read or changed)
"""

import json

import pytest
from boardkit import (
    BAND,
    CROWD,
    CROWD_LEVELS,
    MAX_BAND,
    MIN_AREA,
    MIN_TILE_PX,
    NAME_FORMS,
    SIZES,
    check_packed_row,
    crowd,
    figures,
    in_language,
    mexican,
    open_at,
    open_page,
    status_words,
)
from conftest import DRAWN, settle, wait_engine, wait_my_turn


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_the_table_owns_the_screen_with_four_players(browser, site, artifacts, size):
    context, page, errors = open_at(browser, site, size,
                                    "variant=vn_traditional&players=4&seed=7"
                                    "&seats=human,ai,ai,ai")
    tile, area, data = figures(page)
    print(f"\n{size[0]}x{size[1]} vn_traditional 4p: tile {tile:.0f} px, table "
          f"{data['w']:.0f}x{data['h']:.0f} px = {area:.2f} of the viewport")
    page.screenshot(path=str(artifacts / f"board_{size[0]}x{size[1]}-four.png"))
    assert tile >= MIN_TILE_PX, f"a laid tile is {tile} px long"
    assert area >= MIN_AREA, f"the table has {area:.2f} of the screen"
    # Every opponent sits in the band beside or above the table, none at its sides.
    assert len(data["seats"]) == 4
    for seat in data["seats"]:
        beside = seat["x"] >= data["x"] + data["w"] - 1
        above = seat["y"] + seat["h"] <= data["y"] + 1
        below = seat["y"] >= data["y"] + data["h"] - 1
        assert beside or above or below, f"a seat at the table's side: {seat}"
    # On a phone held upright, three opponents leave each seat room for a computer's whole
    # name where the language's name fits (W-92): "Computer 2" from 390 px, "Máy 2" always,
    # never the trains' "C2" needlessly; at every size, no seat's name is cut.
    upright = size[0] <= 600 and size[1] > size[0]
    for lang, whole in (("en", upright and size[0] >= 390), ("vi", upright), ("ru", False)):
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        shown = page.locator(".seats-top .seat .seat-name").evaluate_all(
            "nodes => nodes.map(n => n.innerText.trim())")
        computer = {"en": "Computer", "vi": "Máy", "ru": "Компьютер"}[lang]
        if whole:
            assert all(name.startswith(computer + " ") for name in shown), (lang, shown)
        fits = page.locator(".seats-top .seat .seat-head").evaluate_all(
            "nodes => nodes.every(n => n.scrollWidth <= n.clientWidth + 1)")
        assert fits, f"a seat's name is cut in {lang}: {shown}"
    context.close()
    assert not errors, errors


LINE = """() => { const t = document.querySelector('#table');
  const wrap = document.querySelector('#table-wrap').getBoundingClientRect();
  const tiles = JSON.parse(t.dataset.tiles || '[]');
  // Rows: the distinct centre lines of the tiles (rects are rounded to whole px).
  const centres = tiles.map((r) => r[1] + r[3] / 2).sort((a, b) => a - b);
  const rows = centres.filter((c, i) => i === 0 || c - centres[i - 1] > 2).length;
  return {rows, tiles,
          unit: Number(t.dataset.unit || 0), count: tiles.length,
          width: wrap.width, over: !document.querySelector('#result-open').hidden}; }"""


PHONES = [(390, 844), (320, 568), (844, 390)]


@pytest.mark.parametrize("size", PHONES, ids=[f"{w}x{h}" for w, h in PHONES])
def test_the_line_runs_straight_on_a_phone_while_there_is_room(browser, site, artifacts, size):
    """Issue 25: on a phone the line turned after one or two tiles on an empty table. It runs
    straight, its tiles at least 40 px long, while 40 px tiles and its two open ends hold in
    the table's width (W-51)."""
    from conftest import play_and_wait

    context, page, errors = open_at(browser, site, size,
                                    "variant=draw&players=2&seed=12&seats=human,ai")
    checked = 0
    while True:
        data = page.evaluate(LINE)
        room = int((data["width"] - 16 - 2 * MIN_TILE_PX) // MIN_TILE_PX)
        if data["over"] or data["count"] > room:
            break
        if data["count"]:
            print(f"\n{size[0]}x{size[1]} draw: {data['count']} tiles on {data['rows']} "
                  f"row(s), tile {2 * data['unit']:.0f} px")
            assert data["rows"] == 1, f"{data['count']} tiles turn a corner: {data['tiles']}"
            assert 2 * data["unit"] >= MIN_TILE_PX
            checked += 1
            page.screenshot(path=str(artifacts / f"board_{size[0]}x{size[1]}-straight.png"))
        play_and_wait(page)
        settle(page)
    assert checked >= 2, "the line outgrew the width too soon for a test"
    context.close()
    assert not errors, errors


def across(double, other):
    """Whether rect `other` touches the double's rect on a long side (across the line)."""
    x, y, w, h = double[:4]
    if h > w:
        return abs(other[0] + other[2] - x) <= 1 or abs(x + w - other[0]) <= 1
    return abs(other[1] + other[3] - y) <= 1 or abs(y + h - other[1]) <= 1


def test_vietnamese_doubles_lie_across_the_line(browser, site, artifacts):
    """Issue 25, RULES.md 1.3 ("bò đặt dọc"): at every size, through a whole vn_schoolnet hand,
    every double on the table lies across the line, where it turns too (W-52). The tiles'
    rects are the canvas's `data-tiles`, in the line's order. One page plays the hand and, at
    each of its positions, is resized to every size of SIZES in turn (a resize draws the table
    anew for its box, as on a phone turned); each size's check names it (DECISIONS W-144: one
    engine start instead of one per size)."""
    from conftest import play_and_wait

    context, page, errors = open_at(browser, site, SIZES[0],
                                    "variant=vn_schoolnet&players=4&seed=3"
                                    "&seats=human,ai,ai,ai")
    doubles = {size: 0 for size in SIZES}
    for _ in range(12):
        for size in SIZES:
            data = at_size(page, size)
            tiles = data["tiles"]
            for i, rect in enumerate(tiles):
                if rect[4] != rect[5]:
                    continue
                doubles[size] += 1
                for j in (i - 1, i + 1):
                    if 0 <= j < len(tiles):
                        assert across(rect, tiles[j]), (size, i, tiles)
        if data["over"]:
            break
        play_and_wait(page)
        settle(page)
    for size in SIZES:
        at_size(page, size)
        print(f"\n{size[0]}x{size[1]} vn_schoolnet: {doubles[size]} doubles checked across the line")
        page.screenshot(path=str(artifacts / f"board_{size[0]}x{size[1]}-doubles.png"))
        assert doubles[size], f"{size[0]}x{size[1]}: no double came up"
    context.close()
    assert not errors, errors


def at_size(page, size):
    """Resize the page to `size`, wait until the table is drawn still for it and return what
    `LINE` reads of it."""
    page.set_viewport_size({"width": size[0], "height": size[1]})
    page.wait_for_function(f"innerWidth === {size[0]} && innerHeight === {size[1]}")
    settle(page)  # two frames: the resize was handled, the table's new drawing asked for
    page.wait_for_function(DRAWN)
    settle(page)
    return page.evaluate(LINE)


def test_the_end_of_a_hand_shows_every_row_on_a_landscape_phone(browser, site, artifacts):
    """Issue 25: at 844x390 the end-of-hand dialog scrolled; every player's row of the result
    is in view at once, and its buttons too."""
    from test_screen_fit import hand_played_at

    for fragment, players in (("variant=doubles&players=3&seed=4&seats=human,ai,ai", 3),
                              ("variant=vn_traditional&players=4&seed=7"
                               "&seats=human,ai,ai,ai", 4)):
        context, page = hand_played_at(browser, site, (844, 390), fragment)
        page.screenshot(path=str(artifacts / f"board_844x390-result-{players}p.png"))
        dialog = page.locator("#result .dialog").bounding_box()
        rows = page.locator("#result-table tbody tr")
        assert rows.count() == players
        for i in range(players):
            box = rows.nth(i).bounding_box()
            assert box["y"] >= dialog["y"] - 1 and box["y"] + box["height"] <= min(
                390, dialog["y"] + dialog["height"]) + 1, f"row {i} is out of view: {box}"
        for button in ("#result-next", "#result-close"):
            box = page.locator(button).bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= 390, (button, box)
        context.close()


ROWS_SEEN = """() => { const vh = window.innerHeight;
  const dialog = document.querySelector('#result .dialog').getBoundingClientRect();
  const actions = document.querySelector('#result .actions').getBoundingClientRect();
  const bottom = Math.min(vh, dialog.bottom);
  const beside = actions.left >= dialog.left + dialog.width / 2;  // the landscape column
  return [...document.querySelectorAll('#result-table tbody tr')].map((tr) => {
    const r = tr.getBoundingClientRect();
    const under = beside ? bottom : Math.min(bottom, actions.top);
    return r.top >= dialog.top - 1 && r.bottom <= under + 1 ? null
      : [tr.dataset.seat, Math.round(r.top), Math.round(r.bottom), Math.round(under)]; })
    .filter(Boolean); }"""


def test_the_end_of_a_hand_shows_every_row_at_every_size(page, site, guard, artifacts, tmp_path):
    """Issue 25 ("the end-of-hand dialog in landscape shows every player's row without
    scrolling"), at all six sizes: a finished vn_traditional hand of four players (each row
    with its why-line) opened once, every row of the result lies inside the dialog and above
    its buttons (or beside them, on a landscape phone), and every button is on the screen.
    At 320x568 the buttons took four rows and the fourth player's row was under them."""
    from test_summary import record_of

    record, _ = record_of("vn_traditional", {"players": 4}, 1, 1)
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(record))
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "index.html#lang=en")
    wait_engine(page)
    page.set_input_files("#import", str(path))
    page.locator("#result .dialog").wait_for(state="visible", timeout=30_000)
    assert page.locator("#result-table tbody tr").count() == 4
    assert page.locator("#result-table .why").count() == 4
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.evaluate("document.querySelector('#result .dialog').scrollTop = 0")
        page.screenshot(path=str(artifacts / f"board_{width}x{height}-result.png"))
        hidden = page.evaluate(ROWS_SEEN)
        assert not hidden, f"{width}x{height}: rows out of view (seat, top, bottom, limit): {hidden}"
        for button in ("#result-next", "#result-review", "#result-close", "#result-menu"):
            box = page.locator(button).bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= height + 1, \
                (width, height, button, box)


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_settings_focus_and_undo(browser, site, artifacts, size):
    """Issue 25: the settings popover lies inside the screen; the keyboard's focus ring is
    not the playable tiles' amber; Undo looks secondary (no filled background)."""
    context, page, errors = open_at(browser, site, size,
                                    "variant=draw&players=2&seed=12&seats=human,ai")
    page.locator("#settings-box > summary").click()
    panel = page.locator(".settings-panel").bounding_box()
    assert panel["x"] >= 0 and panel["y"] >= 0, panel
    assert panel["x"] + panel["width"] <= size[0] and panel["y"] + panel["height"] <= size[1], \
        panel
    page.screenshot(path=str(artifacts / f"board_{size[0]}x{size[1]}-settings.png"))
    # A tap elsewhere closes the settings: on the table, above the sheet that phones show.
    table = page.locator("#table").bounding_box()
    assert table["y"] + 8 < panel["y"], (table, panel)
    page.mouse.click(table["x"] + table["width"] / 2, table["y"] + 8)
    assert page.locator("#settings-box").get_attribute("open") is None
    playable = page.locator("#hand .tile.playable").first
    playable.focus()
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("Tab")
    styles = playable.evaluate("""(t) => { const s = getComputedStyle(t);
        return {ring: s.outlineColor, border: s.borderTopColor, focus: t.matches(':focus-visible')}; }""")
    assert styles["focus"], styles
    assert styles["ring"] != styles["border"], styles
    undo = page.locator("#undo").evaluate("(b) => getComputedStyle(b).backgroundColor")
    assert undo in ("rgba(0, 0, 0, 0)", "transparent"), undo
    context.close()
    assert not errors, errors


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_eight_players_seats_are_whole_and_leave_the_table_room(browser, site, artifacts, size):
    """Issue 25 with eight players, at every size of the issue (the narrowest seats):

    - "thinking" was cut to "th": each seat of the band shows every status of the catalogue
      whole, in Vietnamese, English and Russian, set on the drawn seats as the page writes it
      for a computer to move (the " …" a thinking seat adds included);
    - at 320x568 the band of seven seats took a third of the screen: above the table it takes
      at most MAX_BAND of the screen's height, beside it none of the table's width (W-87);
    - every opponent is told apart at a glance, its name whole ("C2", never "Compu…");
    - computers have faces per level: each seat's drawn face is its level's, and the four
      levels' drawings differ;
    - axe-core finds no serious or critical violation on the crowded table."""
    from test_axe import AXE, check

    context, page, errors = open_at(browser, site, size, CROWD)
    check(page, AXE.read_text(encoding="utf-8"), f"eight players at {size[0]}x{size[1]}")
    band = page.evaluate(BAND)
    tile, area, data = figures(page)
    page.screenshot(path=str(artifacts / f"board_{size[0]}x{size[1]}-eight.png"))
    above = band["y"] + band["h"] <= data["y"] + 1
    print(f"\n{size[0]}x{size[1]} mexican_train 8p: band {band['w']:.0f}x{band['h']:.0f} px "
          f"({'above' if above else 'beside'} the table, {band['h'] / size[1]:.2f} of the height),"
          f" table {data['w']:.0f}x{data['h']:.0f} px = {area:.2f} of the viewport, "
          f"tile {tile:.0f} px")
    if above:
        assert band["h"] <= MAX_BAND * size[1], f"the band takes {band['h']:.0f} px"
    else:
        assert band["x"] >= data["x"] + data["w"] - 1, "the band overlaps the table"
    seats = sorted(band["seats"], key=lambda s: s["seat"])
    names = [s["name"] for s in seats]
    assert len(set(names)) == 7 and not any("\u2026" in n for n in names), names
    assert not any(s["cut"] for s in seats), seats
    for seat, level in zip(seats, CROWD_LEVELS, strict=True):
        assert f"face-{level}" in seat["face"], (seat, level)
    assert len({s["drawing"] for s in seats}) == 4, "the levels' faces look alike"
    cut = page.evaluate("""(words) => [...document.querySelectorAll('#seats-top .seat')].flatMap(
        (s) => words.map(([word, cls]) => {
          s.classList.remove('to-move', 'thinking', 'left-table', 'away');
          s.classList.add(...cls.split(' '));
          const status = s.querySelector('.seat-status');
          status.textContent = word;
          const over = status.scrollWidth > status.clientWidth + 1
            || status.getBoundingClientRect().right > s.getBoundingClientRect().right + 1;
          return over ? word + ' in ' + status.clientWidth + ' px' : null; })).filter(Boolean)""",
                        status_words())
    assert not cut, cut
    context.close()
    assert not errors, errors


# Every control of the landscape column: the move buttons, Undo, Export, the sound toggle,
# the settings and the game log's line, each with the rect the player sees of it, the part of
# it inside the column's scrolled box (the column scrolls, W-50) and how many of the middles
# of its four edges (inset 3 px, clear of rounded corners) and its centre show another
# element on top.
COLUMN_CONTROLS = """() => {
  const side = document.querySelector('.my-side').getBoundingClientRect();
  const picks = [...document.querySelectorAll(
    '.controls button, #settings-box > summary, #log-box > summary')].filter((b) => b.offsetParent && !b.closest('.settings-panel'));
  return picks.map((b) => { const r = b.getBoundingClientRect();
    const inside = b.closest('.my-side') !== null;
    const mx = (r.left + r.right) / 2, my = (r.top + r.bottom) / 2;
    const points = [[r.left + 3, my], [r.right - 3, my], [mx, r.top + 3], [mx, r.bottom - 3],
                    [mx, my]];
    const covered = points.filter(([x, y]) => { const e = document.elementFromPoint(x, y);
      return !(e && (e === b || b.contains(e))); });
    return {name: (b.id || b.parentElement.id) + ' ' + b.textContent.trim(),
            box: [r.left, r.top, r.right, r.bottom],
            clipped: inside && (r.top < side.top - 0.5 || r.bottom > side.bottom + 0.5),
            covered: covered.length}; }); }"""


# The rows of the landscape column's controls (the move buttons, Undo, Export, the sound toggle,
# the settings' summary): each a list of its controls' words, a control in the row of the one
# before when its middle lies within that one's top and bottom.
CONTROL_ROWS = """() => { const rows = [];
  [...document.querySelectorAll('.controls button, #settings-box > summary')]
    .filter((b) => b.offsetParent && !b.closest('.settings-panel'))
    .map((b) => [b.getBoundingClientRect(), b.textContent.trim()])
    .sort((a, b) => a[0].top - b[0].top).forEach(([r, text]) => {
      const last = rows[rows.length - 1], mid = (r.top + r.bottom) / 2;
      if (last && mid >= last.top && mid <= last.bottom) last.words.push(text);
      else rows.push({top: r.top, bottom: r.bottom, words: [text]}); });
  return rows.map((r) => r.words); }"""


@pytest.mark.parametrize("players", [4, 5, 6, 7, 8], ids=[f"{n}p" for n in (4, 5, 6, 7, 8)])
def test_the_landscape_column_shows_every_control(browser, site, artifacts, players):
    """Issue 25: at 844x390 with eight players the sound toggle and the settings lay at y
    353-388 in a column cut at 365, half under the game log's line (369): a player saw
    neither the controls nor that the column scrolls. A long hand is laid in one row of the
    tight band's tiles (W-103): at the human's first turn every control of the column is
    whole, inside the screen and the column's visible box, and covered by nothing, in
    Vietnamese, English and Russian. The buttons, the sound toggle and the settings take two
    rows at most (in Russian they took three, W-111), and your hand one row (four players'
    16 tiles took two, the column scrolled: W-112), the column with nothing to scroll."""
    size = (844, 390)
    context, page, errors = open_at(browser, site, size, crowd(players))
    for lang in ("vi", "en", "ru"):
        in_language(page, lang)
        controls = page.evaluate(COLUMN_CONTROLS)
        rows = page.evaluate(CONTROL_ROWS)
        side = page.evaluate("() => { const s = document.querySelector('.my-side');"
                             " return [s.scrollHeight, s.clientHeight]; }")
        tiles = page.locator("#hand .tile").count()
        print(f"\n844x390 {players}p {lang}: {len(rows)} row(s) of controls {rows}, "
              f"{tiles} tiles, column {side[0]} px in {side[1]}")
        assert len(rows) <= 2, f"the controls take {len(rows)} rows in {lang}: {rows}"
        check_packed_row(page)
        assert side[0] <= side[1] + 1, f"the column scrolls in {lang}: {side}"
        page.screenshot(path=str(artifacts / f"board_844x390-column-{players}p-{lang}.png"))
        print(f"\n844x390 mexican_train {players}p {lang}: "
              + ", ".join(f"{c['name']} {c['box'][1]:.0f}-{c['box'][3]:.0f}" for c in controls))
        names = " ".join(c["name"] for c in controls)
        assert "sound" in names and "settings-box" in names and "log-title" in names, names
        for c in controls:
            left, top, right, bottom = c["box"]
            assert 0 <= left and right <= size[0] + 0.5 and 0 <= top and bottom <= size[1] + 0.5, \
                (lang, c)
            assert not c["clipped"], f"{c['name']} is cut by the column's edge in {lang}: {c}"
            assert not c["covered"], f"{c['name']} is covered in {lang}: {c}"
        for i, one in enumerate(controls):
            for other in controls[i + 1:]:
                a, b = one["box"], other["box"]
                assert min(a[2], b[2]) - max(a[0], b[0]) <= 0.5 or \
                    min(a[3], b[3]) - max(a[1], b[1]) <= 0.5, (lang, one, other)
    context.close()
    assert not errors, errors


# The least room between a control of the landscape column (your tiles, the move buttons, the
# sound toggle, the settings, the game log's line) and the table or the screen's foot, and
# the screen's right edge (8 px: 12 took the table the 7 px its train labels need for
# "Comp. 2", W-120).
EDGE_PX = 12.0


RIGHT_EDGE_PX = 8.0


EDGES = """() => { const vw = innerWidth, vh = innerHeight;
  const table = document.querySelector('#table-wrap').getBoundingClientRect();
  return [...document.querySelectorAll('#hand, .controls button, #settings-box > summary,'
    + ' #log-box > summary')].filter((b) => b.offsetParent && !b.closest('.settings-panel'))
    .map((b) => { const r = b.getBoundingClientRect();
      return {name: (b.id || b.parentElement.id) + ' ' + b.textContent.trim().slice(0, 12),
              table: r.left - table.right, right: vw - r.right, bottom: vh - r.bottom,
              top: r.top}; }); }"""


EDGE_CASES = [("mexican_train", 4), ("mexican_train", 8), ("kozel", 4)]


@pytest.mark.parametrize("variant,players", EDGE_CASES, ids=[f"{v}-{n}p" for v, n in EDGE_CASES])
def test_the_landscape_column_keeps_clear_of_the_edges_in_russian(browser, site, artifacts,
                                                                  variant, players):
    """Issue 25, W-111's open end: at 844x390 in Russian the column's controls took two rows
    whose second ended 8 px inside the column, the column 6 px from the screen's right edge,
    its buttons 8 px from the table's right edge and the game log's line 5 px from the foot.
    Every control of the column keeps EDGE_PX from the table and the foot and RIGHT_EDGE_PX
    from the screen's right edge (W-120), the controls still two rows at most, the table half
    the screen."""
    fragment = (crowd(players) if variant == "mexican_train" else
                f"variant={variant}&players={players}&seed=4&seats=human,ai,ai,ai")
    context, page, errors = open_at(browser, site, (844, 390), fragment)
    in_language(page, "ru")
    edges = page.evaluate(EDGES)
    rows = page.evaluate(CONTROL_ROWS)
    tile, area, _ = figures(page)
    page.screenshot(path=str(artifacts / f"board_844x390-edges-{variant}-{players}p-ru.png"))
    print(f"\n844x390 {variant} {players}p ru: table {area:.3f}, {len(rows)} rows {rows}; "
          + ", ".join(f"{e['name']}: table {e['table']:.1f} right {e['right']:.1f} "
                      f"foot {e['bottom']:.1f}" for e in edges))
    for e in edges:
        assert min(e["table"], e["bottom"]) >= EDGE_PX - 0.5, e
        assert e["right"] >= RIGHT_EDGE_PX - 0.5, e
    assert len(rows) <= 2, rows
    assert area >= MIN_AREA, f"the table has {area:.3f} of the screen"
    context.close()
    assert not errors, errors


NAME_CASES = [((844, 390), 4), ((844, 390), 8), ((1366, 768), 5), ((1366, 768), 8),
              ((1920, 1080), 8), ((390, 844), 8)]


@pytest.mark.parametrize("size,players", NAME_CASES,
                         ids=[f"{w}x{h}-{n}p" for (w, h), n in NAME_CASES])
def test_computers_are_named_not_coded_in_the_band(browser, site, artifacts, size, players):
    """Issue 25: on a landscape phone and a wide screen the band read "C2, C3 ..." (the trains'
    bare codes) for computers: each seat shows the computer's whole name, or where that cannot
    fit its middle form ("Comp. 2"), in English, Vietnamese and Russian, never cut; on a wide
    screen always the whole name (W-95)."""
    context, page, errors = open_at(browser, site, size, mexican(players))
    wide = size[0] >= 900
    for lang, (whole, mid) in NAME_FORMS.items():
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        shown = page.locator(".seats-top .seat .seat-name").evaluate_all(
            "nodes => nodes.map(n => n.innerText.trim())")
        print(f"\n{size[0]}x{size[1]} {players}p {lang}: {shown}")
        page.screenshot(path=str(artifacts / f"board_{size[0]}x{size[1]}-names-{players}p-{lang}"
                                             ".png"))
        for seat, name in zip(range(1, players), shown, strict=True):
            forms = (whole.format(n=seat + 1),) if wide else (whole.format(n=seat + 1),
                                                               mid.format(n=seat + 1))
            assert name in forms, (lang, seat, name, shown)
        fits = page.locator(".seats-top .seat .seat-head").evaluate_all(
            "nodes => nodes.every(n => n.scrollWidth <= n.clientWidth + 1)")
        assert fits, f"a seat's name is cut in {lang}: {shown}"
    if wide:  # the wider column of seats (W-95) still leaves the table half the screen
        tile, area, _ = figures(page)
        print(f"table {area:.3f} of the screen, tile {tile:.0f} px")
        assert area >= MIN_AREA, f"the table has {area:.2f} of the screen"
    context.close()
    assert not errors, errors


def two_end_position(variant, players, seeds=range(1, 200)):
    """A record of `variant` whose last position has seat 0 to move with a tile that fits
    both ends of the line, found by playing seeded random moves in CPython: the end choice
    opens on the first tap, on every run. Returns (record, tile)."""
    import random

    from domino import Match

    for seed in seeds:
        rng = random.Random(seed)
        match = Match.new(variant, {"players": players}, seed)
        while not match.hand_over:
            legal = match.legal()
            fits = {}
            for m in legal:
                if m.tile is not None:
                    high, low = max(m.tile), min(m.tile)  # as the hand names it: "6-3"
                    fits.setdefault(f"{high}-{low}", set()).add(str(m))
            if match.to_move == 0 and len(match.moves_of_hand()) >= 4:
                for tile, moves in sorted(fits.items()):
                    if len(moves) > 1:
                        return match.to_record(), tile
            match.play(rng.choice(legal))
    return None


@pytest.mark.parametrize("size", SIZES, ids=[f"{w}x{h}" for w, h in SIZES])
def test_opening_the_end_choice_does_not_move_the_table(browser, site, artifacts, tmp_path,
                                                        size):
    """Issue 25: opening the end choice ("Where does 6-3 go?") made the table jump. At every
    size the table's box (the canvas's frame) is the same, to the pixel, before and after the
    choice opens, and after it is cancelled."""

    record, tile = two_end_position("draw", 2)
    path = tmp_path / "two_ends.json"
    path.write_text(json.dumps(record))
    context, page, errors = open_page(browser, site, size)
    page.set_input_files("#import", str(path))
    page.wait_for_selector(f'#hand .tile[data-tile="{tile}"]:not([data-move])',
                           timeout=30_000)
    wait_my_turn(page)
    settle(page)
    box = "() => { const r = document.querySelector('#table-wrap').getBoundingClientRect();" \
          " return [r.x, r.y, r.width, r.height]; }"
    before = page.evaluate(box)
    page.locator(f'#hand .tile[data-tile="{tile}"]').click()
    page.locator("#choice:not([hidden])").wait_for()
    settle(page)
    opened = page.evaluate(box)
    page.screenshot(path=str(artifacts / f"board_{size[0]}x{size[1]}-choice.png"))
    page.locator("#choice [data-cancel]").click()
    settle(page)
    after = page.evaluate(box)
    print(f"\n{size[0]}x{size[1]} draw: table {before} -> {opened} with the choice -> {after}")
    assert opened == before and after == before
    context.close()
    assert not errors, errors


def test_pass_and_play_players_have_their_own_names_at_the_table(browser, site, artifacts):
    """Issue 25: pass-and-play players their own names. Typed in the custom match's form at
    a phone's size, each name is the hand-over screen's and the seat's at the table (the one
    holding the device at the bottom, the other in the band)."""
    from conftest import open_custom

    context, page, errors = open_page(browser, site, (390, 844))
    open_custom(page)
    page.select_option("#variant", "draw")
    page.select_option("#players", "2")
    page.select_option('#seats select[data-seat="1"]', "human")
    page.fill('#seats input[data-name="0"]', "Lan")
    page.fill('#seats input[data-name="1"]', "Minh")
    page.locator('#seats input[data-name="1"]').blur()
    page.locator("#start:not([disabled])").click()
    page.wait_for_selector("#handoff:not([hidden])", timeout=30_000)
    first = page.locator("#handoff-title").inner_text()
    assert "Lan" in first or "Minh" in first, first
    holder, other = ("Lan", "Minh") if "Lan" in first else ("Minh", "Lan")
    page.click("#handoff-ready")
    page.wait_for_selector("#game:not([hidden])")
    settle(page)
    page.screenshot(path=str(artifacts / "board_390x844-pass-and-play-names.png"))
    assert page.locator("#seats-bottom .seat-name").inner_text().strip("\u2068\u2069") == holder
    assert page.locator("#seats-top .seat-name").inner_text().strip("\u2068\u2069") == other
    context.close()
    assert not errors, errors


# A standing's label is whole or not shown: "R…" for "Record" tells nobody anything, while the
# value and its note are what a player looks for (W-88, W-97).
STANDINGS = """() => [...document.querySelectorAll('.seats-top .seat .standing')]
  .filter((s) => s.offsetParent !== null).map((s) => {
    const box = s.getBoundingClientRect();
    const part = (sel) => { const e = s.querySelector(sel); if (!e) return null;
      const r = e.getBoundingClientRect();
      return {w: r.width, left: r.left, right: r.right, top: r.top, bottom: r.bottom,
              cut: e.scrollWidth > e.clientWidth}; };
    return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom},
            label: part('.label'), value: part('.value'), note: part('.note'),
            amount: part('.amount'),
            text: s.textContent}; })"""


STANDING_TABLES = [
    ("kozel", "variant=kozel&players=4&seed=3&seats=human,ai:easy,ai:hard,ai:expert"),
    ("vn_traditional", "variant=vn_traditional&players=4&seed=3&seats=human,ai:easy,ai:hard,ai:expert"),
    ("all_fives", "variant=all_fives&players=4&seed=3&seats=human,ai:easy,ai:hard,ai:expert"),
]


STANDING_SIZES = [(390, 844), (360, 800), (320, 568), (844, 390), (1366, 768)]


@pytest.mark.parametrize("variant, fragment", STANDING_TABLES, ids=[v for v, _ in STANDING_TABLES])
def test_a_standing_label_is_whole_or_not_shown(browser, site, variant, fragment):
    """At every size of STANDING_SIZES and in each language, each standing shows its value
    whole, its note and its label whole or not at all. One page, resized from size to size
    (DECISIONS W-144: one engine start instead of five); at each size every language is
    chosen in turn, each choice rendering the seats anew at that size before they are read."""
    context, page, errors = open_at(browser, site, STANDING_SIZES[0], fragment)
    for size in STANDING_SIZES:
        page.set_viewport_size({"width": size[0], "height": size[1]})
        page.wait_for_function(f"innerWidth === {size[0]} && innerHeight === {size[1]}")
        for lang in ("en", "ru", "vi"):
            in_language(page, lang)
            seen = page.evaluate(STANDINGS)
            assert seen, (variant, size, lang)
            for s in seen:
                where = (variant, size, lang, s["text"])
                box, label, value, note = s["box"], s["label"], s["value"], s["note"]
                # The value shows whole inside the seat, on the standing's line.
                assert value["w"] > 1 and value["right"] <= box["right"] + 1, where
                assert value["bottom"] <= box["bottom"] + 1, where
                assert value["right"] <= s["amount"]["right"] + 0.5, where
                # Its note, shown only whole and after the value (else wrapped out of sight).
                if note and note["top"] < s["amount"]["bottom"] - 1:
                    assert note["right"] <= s["amount"]["right"] + 0.5, where
                    assert note["left"] >= value["right"], where
                # The label, shown only whole and before the value.
                if label["w"] > 1 and label["top"] < box["bottom"] - 1:
                    assert label["left"] >= box["left"] - 1 and not label["cut"], where
                    assert label["right"] <= value["left"] + 1, where
    context.close()
    assert not errors, errors
