"""The spinner tree turned a quarter on a wide table (issue 25, "the board gets the screen";
DECISIONS W-155): Doubles and All Fives on a phone held on its side (844x390) and a laptop
(1366x768), opened at a position where the tree laid as usual draws its tiles small. The page
lays it turned, its tiles as big as the geometry says and bigger than main's table (the same
position laid as usual in the same box, computed here with the page's own geometry), the
canvas's tiles and glowing targets where the turned geometry puts them; a tap on a glowing
target plays the tile on that end, and a few more turns are played by tapping. Screenshots
land in e2e/artifacts/tree_*.png; the figures are printed (run with `-s`).

RULES.md: 1.3 (doubles across the line, the layout's ends as the table draws them)
"""

import base64
import copy
import json
import random

import geometry
import pytest
from boardkit import open_page
from conftest import DRAWN, play_and_wait, settle, wait_my_turn
from test_review import open_review, wait_step
from test_summary import record_of

from domino import Match, view

# The table's box at each size (measured on this page: the turn must help in it).
BOXES = {(844, 390): (527.0, 323.0), (1366, 768): (1084.0, 510.0)}
CASES = [("doubles", 4, (844, 390)), ("doubles", 4, (1366, 768)),
         ("all_fives", 2, (844, 390)), ("all_fives", 2, (1366, 768))]

TABLE = """() => { const t = document.querySelector('#table');
  const wrap = document.querySelector('#table-wrap');
  return {w: wrap.clientWidth, h: wrap.clientHeight, unit: Number(t.dataset.unit || 0),
          turned: t.dataset.turned, tiles: JSON.parse(t.dataset.tiles || '[]'),
          glow: JSON.parse(t.dataset.glow || '[]')}; }"""


# Where each arm of the tree lies on a table turned a quarter clockwise, in the log's words.
TURNED_WORDS = {"L": "the top arm", "N": "the right end", "R": "the bottom arm",
                "S": "the left end"}


def turning_record(variant, players, box, seeds=range(1, 80)):
    """A record whose last position has seat 0 to move with a tile that fits two ends, and a
    tree that turned gives tiles at least 1.3 times as big in `box` (both ways fitting),
    found by playing seeded random moves in CPython. Returns (record, view JSON, tile)."""
    for seed in seeds:
        rng = random.Random(seed)
        match = Match.new(variant, {"players": players}, seed)
        while not match.hand_over:
            legal = match.legal()
            if match.to_move == 0 and len(match.moves_of_hand()) >= 4:
                ends = {}
                for m in legal:
                    if m.tile is not None:
                        ends.setdefault(f"{max(m.tile)}-{min(m.tile)}", set()).add(str(m))
                multi = sorted(t for t, moves in ends.items() if len(moves) > 1)
                shown = view(match.hand, 0).to_json()
                if multi and shown["layout"].get("kind") == "tree":
                    usual = geometry.view_table(shown, *box)
                    turned = geometry.view_table(shown, *box, turn=True)
                    if usual["fits"] and turned["fits"] and turned["unit"] >= 1.3 * usual["unit"]:
                        return match.to_record(), shown, multi[0]
            match.play(rng.choice(legal))
    raise AssertionError(f"no {variant} position to turn in {box}")


def turns(shown, box):
    """Whether the page turns the tree of `shown` in `box` from as laid (tree_turn.lay's
    rule: turned fits, readable, and its tiles GAIN times as big; laid as usual below the
    largest tiles)."""
    usual = geometry.view_table(shown, *box)
    turned = geometry.view_table(shown, *box, turn=True)
    size = usual["unit"] if usual["fits"] else usual["unit"] / 2
    return (turned["fits"] and turned["unit"] >= 16 and turned["unit"] >= 1.3 * size
            and usual["unit"] < geometry.MAX_UNIT)


def record_before_the_turn(variant, players, box, seeds=range(1, 80)):
    """A record whose last position has seat 0 to move, its tree laid as usual in `box`, and a
    tile that fits two ends whose move on one of them makes the tree worth turning. Returns
    (record, tile, move notation)."""
    for seed in seeds:
        rng = random.Random(seed)
        match = Match.new(variant, {"players": players}, seed)
        while not match.hand_over:
            legal = match.legal()
            shown = view(match.hand, 0).to_json()
            if match.to_move == 0 and len(match.moves_of_hand()) >= 3 \
                    and shown["layout"].get("kind") == "tree" and not turns(shown, box):
                ends = {}
                for m in legal:
                    if m.tile is not None:
                        ends.setdefault(f"{max(m.tile)}-{min(m.tile)}", []).append(m)
                for tile, moves in sorted(ends.items()):
                    for m in moves if len(moves) > 1 else []:
                        trial = copy.deepcopy(match)
                        trial.play(m)
                        if turns(view(trial.hand, 0).to_json(), box):
                            return match.to_record(), tile, str(m)
            match.play(rng.choice(legal))
    raise AssertionError(f"no {variant} move that turns the tree in {box}")


# Every value the canvas's `data-turned` takes, and every animation frame's moving state.
WATCH = """() => { const t = document.querySelector('#table'); window.__turned = [];
  new MutationObserver(() => window.__turned.push(t.dataset.turned))
    .observe(t, {attributes: true, attributeFilter: ['data-turned']}); }"""


# The table's canvas as drawn about 90 ms into the first animation from now on (the tiles
# midway through their slide and turn): a promise of its PNG data URL.
MIDWAY = """() => { window.__midway = new Promise((done) => {
  const root = document.documentElement;
  const wait = (start) => requestAnimationFrame(() => {
    if (performance.now() - start < 90) { wait(start); return; }
    done(document.querySelector('#table').toDataURL('image/png')); });
  const poll = () => requestAnimationFrame(() => {
    if (root.dataset.table === 'moving') wait(performance.now()); else poll(); });
  poll(); }); }"""


def rounded(tiles):
    return [[round(p["x"]), round(p["y"]), round(p["w"]), round(p["h"]), p["a"], p["b"]]
            for p in tiles]


def tap(page, mark):
    """Tap the middle of a glowing target (a mark of the canvas's `data-glow`) and wait until
    the log shows its move played."""
    box = page.locator("#table").bounding_box()
    page.mouse.click(box["x"] + mark["x"] + mark["w"] / 2, box["y"] + mark["y"] + mark["h"] / 2)
    page.wait_for_function(
        "(m) => [...document.querySelectorAll('#log li[data-notation]')]"
        ".some(li => li.dataset.notation === m)", arg=mark["move"], timeout=30_000)


@pytest.mark.parametrize("variant, players, size", CASES,
                         ids=[f"{v}-{p}p-{s[0]}x{s[1]}" for v, p, s in CASES])
def test_the_tree_lies_turned_where_its_tiles_grow_and_taps_play_there(
        browser, site, artifacts, tmp_path, variant, players, size):
    """Issue 25: at 844x390 and 1366x768 the tree was laid for a portrait box, its tiles small
    in the landscape table. Turned, they are bigger than main's, every tile and target where
    the geometry puts it, doubles still across their arm (the geometry's, checked in
    tests/web/test_tree_turn.py), and tapping a glowing target plays the tile there; the page
    keeps playing by taps through the turns after."""
    record, shown, tile = turning_record(variant, players, BOXES[size])
    path = tmp_path / "tree.json"
    path.write_text(json.dumps(record))
    context, page, errors = open_page(browser, site, size)
    page.set_input_files("#import", str(path))
    page.wait_for_selector(f'#hand .tile[data-tile="{tile}"]', timeout=30_000)
    wait_my_turn(page)
    settle(page)
    data = page.evaluate(TABLE)
    usual = geometry.view_table(shown, data["w"], data["h"])
    turned = geometry.view_table(shown, data["w"], data["h"], turn=True)
    name = f"{variant}-{players}p-{size[0]}x{size[1]}"
    print(f"\n{name}: table {data['w']}x{data['h']}, tile {2 * data['unit']:.0f} px turned "
          f"(main's table: {2 * usual['unit']:.0f} px)")
    page.screenshot(path=str(artifacts / f"tree_{name}.png"))
    assert data["turned"] == "1", "laid as usual where turned gives bigger tiles"
    assert data["unit"] == turned["unit"] >= 1.2 * usual["unit"]
    assert data["tiles"] == rounded(turned["tiles"])
    # The imported hand's log, rebuilt from its history, names each arm where the turned
    # table shows it (W-160): the left end points up.
    lines = page.evaluate("[...document.querySelectorAll('#log li[data-notation]')]"
                          ".map(li => [li.dataset.notation, li.textContent])")
    on_arms = [(n, t) for n, t in lines if n.partition("@")[2][:1] in TURNED_WORDS]
    assert on_arms, lines
    for notation, text in on_arms:
        assert TURNED_WORDS[notation.partition("@")[2][:1]] in text, (notation, text)
    # A tap on a glowing target plays the tile on that end.
    page.locator(f'#hand .tile[data-tile="{tile}"]').click()
    settle(page)
    marks = page.evaluate(TABLE)["glow"]
    assert len(marks) >= 2, marks
    hits = {e["id"]: e["hit"] for e in turned["ends"]}
    for mark in marks:
        hit = hits[mark["end"]]
        assert all(abs(mark[k] - hit[k]) < 1 for k in ("x", "y", "w", "h")), (mark, hit)
    page.screenshot(path=str(artifacts / f"tree_{name}-targets.png"))
    tap(page, marks[-1])
    assert tile not in page.locator("#hand .tile").evaluate_all(
        "nodes => nodes.map(n => n.dataset.tile)")
    # A few more turns played by taps (a glowing target where a tile fits two ends).
    units = [data["unit"]]
    for _ in range(5):
        page.wait_for_function(
            "((document.querySelector('#turn').textContent === 'Your turn'"
            " && document.querySelectorAll('#game [data-move], #hand .tile.playable').length)"
            " || !document.querySelector('#result-open').hidden) && " + DRAWN, timeout=60_000)
        settle(page)
        if not page.locator("#result-open").is_hidden():
            break
        now = page.evaluate(TABLE)
        units.append(now["unit"])
        multi = page.locator("#hand .tile.playable:not([data-move])")
        if not multi.count():
            play_and_wait(page)
            continue
        multi.first.click()
        settle(page)
        marks = page.evaluate(TABLE)["glow"]
        assert marks and page.evaluate(TABLE)["turned"] == now["turned"], "a selection turned"
        tap(page, marks[0])
    print(f"{name}: tiles {[2 * u for u in units]} px through the taps")
    context.close()
    assert not errors, errors


TURN_CASES = [("doubles", 4, (844, 390)), ("all_fives", 2, (1366, 768))]


@pytest.mark.parametrize("variant, players, size", TURN_CASES,
                         ids=[f"{v}-{p}p-{s[0]}x{s[1]}" for v, p, s in TURN_CASES])
def test_the_tap_that_makes_the_tree_worth_turning_turns_it_in_motion(
        browser, site, artifacts, tmp_path, variant, players, size):
    """W-155: the table turns in the draw of the move that makes it worth it, animated: the
    tiles already on the table slide and turn a quarter to their new places (a frame midway is
    saved), the tile played flies to its place on the turned table, and the animation runs to
    its end with no fault (a fault stops the motion with a warning: none here)."""
    record, tile, move = record_before_the_turn(variant, players, BOXES[size])
    path = tmp_path / "before_turn.json"
    path.write_text(json.dumps(record))
    context, page, errors = open_page(browser, site, size)
    warnings = []
    page.on("console", lambda m: warnings.append(m.text) if "motion off" in m.text else None)
    page.set_input_files("#import", str(path))
    page.wait_for_selector(f'#hand .tile[data-tile="{tile}"]', timeout=30_000)
    wait_my_turn(page)
    settle(page)
    assert page.evaluate(TABLE)["turned"] == "0", "turned before the move that makes it worth it"
    name = f"{variant}-{players}p-{size[0]}x{size[1]}"
    page.locator(f'#hand .tile[data-tile="{tile}"]').click()
    settle(page)
    assert page.evaluate(TABLE)["turned"] == "0", "a selection turned the table"
    end = move.split("@", 1)[1].split(":", 1)[0]
    mark = [m for m in page.evaluate(TABLE)["glow"] if m["end"] == end][0]
    page.evaluate(WATCH)  # from the tap on: the first draw is the move's
    box = page.locator("#table").bounding_box()
    page.evaluate(MIDWAY)
    page.mouse.click(box["x"] + mark["x"] + mark["w"] / 2, box["y"] + mark["y"] + mark["h"] / 2)
    picture = page.evaluate("window.__midway")
    (artifacts / f"tree_{name}-turning.png").write_bytes(base64.b64decode(picture.split(",")[1]))
    page.wait_for_function(
        "(m) => [...document.querySelectorAll('#log li[data-notation]')]"
        ".some(li => li.dataset.notation === m)", arg=mark["move"], timeout=30_000)
    settle(page)
    seen = page.evaluate("window.__turned")
    print(f"\n{name}: {move} turned the table: data-turned {seen}")
    assert seen and seen[0] == "1", seen
    context.close()
    assert not warnings, warnings
    assert not errors, errors


# The review's table box at each size (measured on this page: the turn must help in it).
REVIEW_BOXES = {(844, 390): (825.0, 179.0), (1366, 768): (1081.0, 353.0)}
REVIEW_TABLE = """() => { const t = document.querySelector('#review-table');
  const wrap = document.querySelector('#review-wrap');
  return {w: wrap.clientWidth, h: wrap.clientHeight, unit: Number(t.dataset.unit || 0),
          turned: t.dataset.turned}; }"""
OVER = "The hand is over: every move has been played."  # the review's step after the last move


def shown_size(geo):
    """What a layout gives the player (tree_turn._size): its half-tile, halved where the table
    must scroll."""
    return geo["unit"] if geo["fits"] else geo["unit"] / 2


def finished_turning_record(box, seeds=range(1, 80)):
    """A finished four-player Doubles hand (random moves) whose last position has tiles at
    least 1.3 times as big in `box` turned (and fitting) as laid (halved where it must
    scroll). Returns (record, moves, the last position's view JSON)."""
    for seed in seeds:
        record, match = record_of("doubles", {"players": 4}, seed, 1)
        shown = view(match.hand, 0).to_json()
        usual = geometry.view_table(shown, *box)
        turned = geometry.view_table(shown, *box, turn=True)
        if turned["fits"] and turned["unit"] >= 1.3 * shown_size(usual):
            return record, len(record["hands"][0]["moves"]), shown
    raise AssertionError(f"no finished Doubles hand to turn in {box}")


@pytest.mark.parametrize("size", list(REVIEW_BOXES), ids=[f"{w}x{h}" for w, h in REVIEW_BOXES])
def test_the_review_lays_the_tree_turned_where_its_tiles_grow(browser, site, artifacts,
                                                              tmp_path, size):
    """W-158: the move review lays a Doubles hand's tree as the game does. Opened from the
    end of a finished hand on a phone held on its side and on a laptop and stepped to the
    end, the review's table lies turned with tiles at least 1.3 times as big as laid (the
    same position laid as usual in the same box, by the page's own geometry), and stepping
    back to the start and forward again leaves it so at the end."""
    record, n, shown = finished_turning_record(REVIEW_BOXES[size])
    path = tmp_path / "finished.json"
    path.write_text(json.dumps(record))
    context, page, errors = open_page(browser, site, size)
    page.set_input_files("#import", str(path))
    open_review(page)
    page.locator("#review-next").focus()
    page.keyboard.press("End")
    wait_step(page, OVER)
    settle(page)
    seen = page.evaluate(REVIEW_TABLE)
    print(f"\nreview {size}: box {seen['w']}x{seen['h']}, unit {seen['unit']}, "
          f"turned {seen['turned']}")
    assert (abs(seen["w"] - REVIEW_BOXES[size][0]) <= 2
            and abs(seen["h"] - REVIEW_BOXES[size][1]) <= 2), seen
    usual = geometry.view_table(shown, seen["w"], seen["h"])
    assert seen["turned"] == "1" and seen["unit"] >= 1.3 * shown_size(usual) - 0.01, \
        (seen, usual["unit"], usual["fits"])
    page.screenshot(path=str(artifacts / f"tree_review_{size[0]}x{size[1]}.png"))
    page.keyboard.press("Home")
    wait_step(page, f"Move 1 of {n}")
    page.keyboard.press("End")
    wait_step(page, OVER)
    assert page.evaluate(REVIEW_TABLE)["turned"] == "1"
    context.close()
    assert not errors, errors
