"""The first minute (issue 25): the first screen shows the games as large tiles, one tap plays
with the chosen match length, the choice is remembered, and the form is behind "Custom match"
with its deal number; screenshots of the menu at the six sizes of the issue.

RULES.md: none (the page's menu)
"""

import json

import pytest
from conftest import (
    capture_answers,
    computers_at_once,
    engine_answers,
    hand_tiles,
    open_custom,
    play_and_wait,
    play_hand,
    wait_engine,
    wait_my_turn,
    wait_until,
    worker_save,
)

SIZES = {"390": (390, 844), "1366": (1366, 768)}
# The menu at every size of issue 25.
MENU_SIZES = {f"{w}x{h}": (w, h) for w, h in
              [(390, 844), (320, 568), (844, 390), (768, 1024), (1366, 768), (1920, 1080)]}


def states(page):
    return [answer for _, answer in engine_answers(page) if answer.get("type") == "state"]


def test_one_tap_plays_a_game_of_the_chosen_length_and_is_remembered(page, site, guard):
    capture_answers(page)
    page.goto(site + "index.html#lang=en")
    page.wait_for_selector("#quick [data-quick]", timeout=30_000)
    # The games, not a form: nine tiles, the form folded away.
    assert page.locator("#quick [data-quick]").count() == 9
    assert page.locator("#variant").is_hidden()
    assert page.locator("#custom-box > summary").inner_text() == "Custom match"
    tile = page.locator("#quick [data-quick=vn_traditional]")
    assert "10 hands" in tile.inner_text()  # the standard length ends
    assert "the goat at 101" in page.locator("#quick [data-quick=kozel]").inner_text()
    page.locator("#length-box label", has_text="Short").click()
    assert "5 hands" in tile.inner_text()
    tile.click()
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=60_000)
    assert page.locator("#game .seat[data-seat]").count() == 4
    started = states(page)[-1]
    assert started["variant"] == "vn_traditional"
    assert started["options"]["max_hands"] == 5
    # Back at the menu the game is marked as the last one played, and after a reload the
    # custom form shows it with its length.
    page.click("#menu-button")
    assert page.locator("#quick .quick-tile.last").get_attribute("data-quick") == "vn_traditional"
    page.goto(site + "index.html#lang=en")
    page.wait_for_selector("#quick .quick-tile.last[data-quick=vn_traditional]", timeout=30_000)
    assert page.locator("#length-box input[value=short]").is_checked()
    open_custom(page)
    assert page.locator("#variant").input_value() == "vn_traditional"
    page.locator("#options-box summary").click()
    assert page.locator("#options input[data-opt=max_hands]").input_value() == "5"
    # The deal number is under the custom match, named for what it is.
    assert page.locator("label.seed-field").inner_text().startswith("Deal number")


# The names that reach past their tile's padding: [game, px over].
NAMES_OUT = """() => [...document.querySelectorAll('#quick .quick-tile')].map((tile) => {
  const name = tile.querySelector('.quick-name').getBoundingClientRect();
  const edge = tile.getBoundingClientRect().right - parseFloat(getComputedStyle(tile).borderRightWidth);
  return [tile.dataset.quick, Math.round(name.right - edge)]; }).filter(([, over]) => over > 0)"""


@pytest.mark.parametrize("size", list(MENU_SIZES))
def test_menu_screenshots(browser, site, artifacts, size):
    width, height = MENU_SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=1)
    page = context.new_page()
    page.goto(site + "index.html#lang=en")
    page.wait_for_selector("#quick [data-quick]", timeout=30_000)
    # Every tile is at least a thumb wide and tall, and nothing sticks out sideways.
    boxes = [page.locator("#quick [data-quick]").nth(i).bounding_box() for i in range(9)]
    assert min(b["height"] for b in boxes) >= 44 and min(b["width"] for b in boxes) >= 140
    # Two games a row at least: on a 320 px phone one a row left five of nine on the screen.
    assert len({round(b["x"]) for b in boxes}) >= 2, boxes
    assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
    page.screenshot(path=str(artifacts / f"first_menu_{size}.png"))
    from test_axe import AXE, check

    check(page, AXE.read_text(encoding="utf-8"), f"the menu's game tiles at {size}")
    open_custom(page)
    page.screenshot(path=str(artifacts / f"first_custom_{size}.png"), full_page=True)
    # The longest words (Vietnamese, Russian) fit the tiles too: no name sticks out of its
    # tile ("(традиционное)" did by 4 px at 768 px and wider, three games a row).
    for lang in ("en", "vi", "ru"):
        page.select_option("#lang", lang)
        page.click("#custom-box > summary")  # folded again
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        out = page.evaluate(NAMES_OUT)
        assert not out, f"names out of their tiles at {size} in {lang}: {out}"
        page.screenshot(path=str(artifacts / f"first_menu_{lang}_{size}.png"))
        page.click("#custom-box > summary")
    context.close()


# Where each game's name breaks a line on its tile, and the breaks that split a word or a
# parenthesis: [game, name, the text around the break]. A line breaks between two characters
# shown one under the other; it may break at a soft hyphen (quick.breaks, W-105), or outside
# parentheses at a space or after a hyphen or a slash, nowhere else.
NAME_BREAKS = """() => [...document.querySelectorAll('#quick .quick-tile')].flatMap((tile) => {
  const name = tile.querySelector('.quick-name');
  const node = [...name.childNodes].find((n) => n.nodeType === Node.TEXT_NODE);
  const text = node.textContent, range = document.createRange(), bad = [];
  let last = -1, top = null, depth = 0, lines = 1;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (' \u00a0\u00ad'.includes(ch)) continue;
    range.setStart(node, i); range.setEnd(node, i + 1);
    const r = range.getBoundingClientRect();
    if (top !== null && r.top > top + 2) {
      lines += 1;
      // Chromium may measure the letter after a soft hyphen's break on the line before.
      const between = text.slice(last + 1, i), before = text[last];
      const ok = text.slice(last - 1, i).includes('\u00ad')
        || (depth === 0 && (between.includes(' ') || '-/'.includes(before)));
      if (!ok) bad.push([tile.dataset.quick, text, text.slice(Math.max(0, last - 6), last + 1)
                         + ' | ' + text.slice(i, i + 6)]);
    }
    for (const c of text.slice(last + 1, i + 1)) depth += c === '(' ? 1 : c === ')' ? -1 : 0;
    top = r.top; last = i;
  }
  return bad; })"""
BREAK_SIZES = [(320, 568), (390, 844), (768, 1024), (1366, 768)]


@pytest.mark.parametrize("size", BREAK_SIZES, ids=[f"{w}x{h}" for w, h in BREAK_SIZES])
def test_menu_names_break_between_words_only(browser, site, artifacts, size):
    """Issue 25: at 768x1024 in Russian "Все пятёрки (All Fives)" broke between "(All" and
    "Fives)". Every game's name on the menu, in Vietnamese, English and Russian, breaks a line
    only between words outside its parenthesis or at a soft hyphen the catalogue marks, never
    inside a word or a parenthesis (a parenthesis keeps its spaces as no-break spaces, W-120),
    and stays inside its tile."""
    context = browser.new_context(viewport={"width": size[0], "height": size[1]},
                                  device_scale_factor=1)
    page = context.new_page()
    page.goto(site + "index.html#lang=en")
    page.wait_for_selector("#quick [data-quick]", timeout=30_000)
    for lang in ("vi", "en", "ru"):
        page.select_option("#lang", lang)
        page.wait_for_function(f"document.documentElement.lang === '{lang}'")
        page.screenshot(path=str(artifacts / f"menu_names_{lang}_{size[0]}x{size[1]}.png"))
        bad = page.evaluate(NAME_BREAKS)
        out = page.evaluate(NAMES_OUT)
        print(f"\n{size[0]}x{size[1]} {lang}: breaks inside a word or parenthesis {bad}, "
              f"names out of their tiles {out}")
        assert not bad, f"names broken inside a word or parenthesis at {size} in {lang}: {bad}"
        assert not out, f"names out of their tiles at {size} in {lang}: {out}"
    context.close()


def test_the_page_draws_for_a_stuck_player_at_the_speed_setting(page, site, guard, artifacts):
    """Draw, seed 12: the computer leads 1-1 and nothing in the player's hand fits; the four
    tiles are drawn without a tap, one by one, the turn line saying so, until 4-1 fits."""
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "index.html#variant=draw&players=2&seed=12&seats=ai,human&lang=en")
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=60_000)
    page.wait_for_function("document.querySelector('#turn').textContent.includes('stuck')",
                           timeout=30_000)
    assert page.locator("#moves [data-move=draw]").count() == 0  # nothing to tap
    page.wait_for_function("document.querySelector('#hand .tile[data-tile=\"4-1\"].playable')",
                           timeout=30_000)
    assert page.locator("#turn").inner_text() == "Your turn"
    assert page.locator("#log li", has_text="You drew").count() == 4
    page.screenshot(path=str(artifacts / "first_autodraw_390.png"))


def wait_saved(page, moves):
    """Wait until the worker's save holds the hand's `moves` moves (a reload then finds them)."""
    def saved_moves():
        text = worker_save(page)
        return len(json.loads(text)["record"]["hands"][-1]["moves"]) if text else -1

    wait_until(page, lambda: saved_moves() == moves, what="the worker's save of the moves")


def test_a_reload_mid_hand_returns_to_the_table(page, site, guard):
    """Issue 25: after a reload the hand goes on where it was, with no "Continue" tap."""
    page.goto(site + "index.html#variant=block&players=2&seed=4&seats=human,ai&lang=en")
    wait_engine(page)
    wait_my_turn(page)
    play_and_wait(page)
    tiles = hand_tiles(page)
    moves = page.locator("#log li[data-notation]").count()
    wait_saved(page, moves)
    page.reload()
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    assert "Back to your match" in page.locator("#resume-info").text_content()
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    page.wait_for_function("document.querySelectorAll('#hand .tile').length > 0")
    assert hand_tiles(page) == tiles
    page.wait_for_function(f"document.querySelectorAll('#log li[data-notation]').length >= {moves}")


def test_a_reload_keeps_the_tiles_you_drew_in_the_log(page, site, guard):
    """W-123: the log rebuilt after a reload names the tiles you drew, as the live one did
    (it said "You drew a tile" before: the view's history had no tile for any draw)."""
    page.goto(site + "index.html#variant=draw&players=2&seed=12&seats=ai,human&lang=en")
    wait_engine(page)
    page.wait_for_function("document.querySelector('#hand .tile[data-tile=\"4-1\"].playable')",
                           timeout=60_000)
    drew = [line for line in page.locator("#log li").all_text_contents() if "drew" in line]
    assert len(drew) == 4 and all(line != "You drew a tile" for line in drew), drew
    wait_saved(page, page.locator("#log li[data-notation]").count())
    page.reload()
    wait_engine(page)
    page.wait_for_function("document.querySelector('#hand .tile[data-tile=\"4-1\"].playable')",
                           timeout=60_000)
    again = [line for line in page.locator("#log li").all_text_contents() if "drew" in line]
    assert again == drew


@pytest.mark.parametrize("size", list(SIZES))
def test_a_table_theme_is_chosen_in_the_settings_and_kept(browser, site, artifacts, size):
    """Issue 25: green felt, blue felt and high contrast, drawn (no image), remembered."""
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=1)
    page = context.new_page()
    page.goto(site + "index.html#variant=vn_traditional&players=4&seed=7"
              "&seats=human,ai,ai,ai&lang=en")
    wait_engine(page)
    wait_my_turn(page)
    assert page.evaluate("document.documentElement.dataset.theme") == "felt"
    # Each computer has its level's drawn face and nickname (issue 25).
    assert page.locator("#game .seat .face.face-medium").count() == 3
    assert page.locator("#game .seat .level").first.text_content() == "Regular (medium)"
    felt = page.locator("#table-wrap").evaluate("n => getComputedStyle(n).backgroundImage")
    page.locator("#settings-box summary").click()
    assert page.locator("#theme option").all_inner_texts() == [
        "Green felt", "Blue felt", "High contrast"]
    page.select_option("#theme", "contrast")
    assert page.evaluate("document.documentElement.dataset.theme") == "contrast"
    contrast = page.locator("#table-wrap").evaluate("n => getComputedStyle(n).backgroundImage")
    assert contrast != felt and "rgb(0, 0, 0)" in contrast
    # The settings' own Close (on a phone the sheet covers its summary).
    page.click("#settings-close")
    assert page.locator("#settings-box").get_attribute("open") is None
    page.screenshot(path=str(artifacts / f"first_theme_contrast_{size}.png"))
    page.reload()
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert page.evaluate("document.documentElement.dataset.theme") == "contrast"
    context.close()


def test_a_tile_tapped_before_the_engine_is_up_says_so_and_starts(page, site, guard):
    page.goto(site + "index.html#lang=en")
    page.wait_for_selector("#quick [data-quick]", timeout=30_000)
    if page.evaluate("document.documentElement.dataset.engine") == "ready":
        pytest.skip("the engine was up before the tap (a warm cache)")
    page.click("#quick [data-quick=kozel]")
    tile = page.locator("#quick .quick-tile.starting[data-quick=kozel]")
    if page.evaluate("document.documentElement.dataset.engine") != "ready":
        assert "Starting" in tile.inner_text()
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=60_000)
    assert page.locator("#game .seat[data-seat]").count() == 4


CELEBRATED = """
new MutationObserver(() => {
  const box = document.querySelector('#celebrate');
  if (box && !box.hidden) window.__celebrated = box.className;
}).observe(document.documentElement, {subtree: true, attributes: true, attributeFilter: ['hidden', 'class']});
"""


@pytest.mark.parametrize("reduced", [False, True], ids=["motion", "reduced-motion"])
def test_a_won_hand_is_celebrated(page, site, guard, artifacts, reduced):
    """Issue 25: when the player wins a hand, pips burst over the table (Block against an
    easy computer: the hands are played until the player wins one); when the system asks
    for reduced motion, the same won hand shows no burst."""
    computers_at_once(page)
    if reduced:
        page.emulate_media(reduced_motion="reduce")
    page.set_viewport_size({"width": 390, "height": 844})
    page.goto(site + "index.html#variant=block&players=2&seed=3&seats=human,ai:easy&lang=en")
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=60_000)
    page.evaluate(CELEBRATED)
    for _ in range(8):
        play_hand(page)
        title = page.locator("#result-text").inner_text()
        if "Winner: You" in title and reduced:
            # Longer than the delay before a burst and the burst itself (celebrate.py).
            page.wait_for_timeout(4000)
            assert page.evaluate("document.documentElement.dataset.motion") == "off"
            assert page.evaluate("window.__celebrated || ''") == ""
            assert page.locator("#celebrate").is_hidden()
            return
        if "Winner: You" in title:
            burst_seen(page, artifacts / "first_celebrate_390.png", "celebrate hand")
            return
        assert page.evaluate("window.__celebrated || ''") == ""  # no burst for a loss
        page.click("#result-next")
        page.wait_for_function("document.querySelector('#result').hidden", timeout=30_000)
    pytest.fail("the player won no hand in eight")


def burst_seen(page, shot, kind):
    """The burst began (`kind`: "celebrate hand" or "celebrate match"); a screenshot two
    frames into it."""
    page.wait_for_function("window.__celebrated", timeout=15_000)
    page.evaluate("() => new Promise((r) => requestAnimationFrame(() => "
                  "requestAnimationFrame(r)))")
    page.screenshot(path=str(shot))
    assert page.evaluate("window.__celebrated").startswith(kind)


def test_a_won_match_is_celebrated(page, site, guard, artifacts):
    """Issue 25: a won match is celebrated with the bigger burst (and the fanfare). A
    vn_traditional match of one hand (`opt.max_hands=1`) against an easy computer: the deals
    are tried in turn until the player wins one, which wins the match."""
    from conftest import open_deep_link

    computers_at_once(page)
    page.set_viewport_size({"width": 390, "height": 844})
    for seed in range(1, 9):
        open_deep_link(page, site, f"variant=vn_traditional&players=2&seed={seed}"
                                   "&seats=human,ai:easy&opt.max_hands=1&lang=en")
        if seed == 1:
            page.evaluate(CELEBRATED)  # the document stays: each link changes its fragment
        play_hand(page)
        title = page.locator("#result-text").inner_text()
        if "Winner: You" in title:
            burst_seen(page, artifacts / "first_celebrate_match_390.png", "celebrate match")
            return
        assert page.evaluate("window.__celebrated || ''") == ""  # no burst for a loss
        # Back to the menu, so that the next link's table is not taken for this one.
        page.click("#result-menu")
        page.locator("#menu").wait_for(state="visible")
    pytest.fail("the player won no one-hand match in eight deals")
