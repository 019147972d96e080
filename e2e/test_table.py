"""Dense spinner layouts (Doubles: every double is a spinner) drawn on the canvas, at phone and
desktop sizes; the tiles never overlap (tests/web/test_geometry.py checks the geometry)."""

import random

import pytest
from conftest import import_record, settle, wait_engine

from domino import Match

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}


def unfinished_record(variant, players, seed):
    """A record of one hand played with random legal moves, without its last move."""
    rng = random.Random(seed)
    match = Match.new(variant, {"players": players}, seed)
    while not match.hand_over:
        match.play(rng.choice(match.legal()))
    record = match.to_record()
    record["hands"][-1]["moves"] = record["hands"][-1]["moves"][:-1]
    return record


@pytest.mark.parametrize("seed", [16, 584])
def test_spinner_table_screenshots(page, site, guard, tmp_path, artifacts, seed):
    record = unfinished_record("doubles", 2, seed)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(site)
        wait_engine(page)
        import_record(page, tmp_path / "record.json", record)
        page.wait_for_selector("#game:not([hidden])", timeout=30_000)
        settle(page)
        label = page.locator("#table").get_attribute("aria-label")
        assert int(label.rsplit(" ", 1)[1]) > 5, label
        page.locator(".table-wrap").screenshot(path=str(artifacts / f"{size}-table-doubles-{seed}.png"))


def test_a_resume_keeps_the_table_for_the_frame_before_its_draw(browser, site, artifacts):
    """W-147: the menu's Continue takes the saved match afresh, and W-138 showed the felt for
    the frame before the table's first draw (W-116) although the canvas still held this very
    match's table for this seat. The save now names its match, so that frame keeps the table
    drawn last, also where the window was resized meanwhile (W-148: scaled evenly). A
    pass-and-play hand-over still shows the felt there: the next seat's table must never show
    the previous seat's."""
    from boardkit import open_page
    from conftest import DRAWN, back_to_menu, play_first_move, wait_my_turn
    from test_train_fold import FIRST_FRAME

    link = "#variant=mexican_train&players=4&seats=human,ai,ai,ai&seed=3"
    context, page, errors = open_page(browser, site, (390, 844), link)
    wait_my_turn(page)
    settle(page)
    page.evaluate(FIRST_FRAME)
    back_to_menu(page)
    page.locator("#resume").click()
    page.wait_for_function("window.__frames.length === 1", timeout=30_000)
    resumed = page.evaluate("window.__frames[0]")
    wait_my_turn(page)
    settle(page)
    page.screenshot(path=str(artifacts / "frame_390x844-resumed.png"))
    print(f"\nthe frame before the resumed table's draw: {resumed}")
    assert resumed["drawing"] == "1", "the first draw came in the turn that showed the screen"
    assert resumed["painted"] > 0, "the felt showed for a frame between two equal tables"
    # A phone turned while the menu showed (W-148): the same table, scaled evenly to the
    # new box for that frame instead of the felt.
    back_to_menu(page)
    page.set_viewport_size({"width": 844, "height": 390})
    page.locator("#resume").click()
    page.wait_for_function("window.__frames.length === 2", timeout=30_000)
    turned = page.evaluate("window.__frames[1]")
    print(f"the frame before the table's draw after a resize: {turned}")
    assert turned["drawing"] == "1" and turned["painted"] > 0, turned
    wait_my_turn(page)
    page.screenshot(path=str(artifacts / "frame_844x390-resumed-turned.png"))
    # Pass-and-play: the next seat's first frame is the felt.
    back_to_menu(page)
    page.evaluate("location.hash = 'variant=vn_traditional&players=2&seats=human,human&seed=4'")
    page.wait_for_selector("#handoff:not([hidden]), #link-confirm:not([hidden])",
                           timeout=30_000)
    if page.locator("#link-confirm").is_visible():
        page.click("#link-start")
    frames = 2
    for _ in range(2):  # a hand-over before each seat's first turn
        page.locator("#handoff-ready").click()
        frames += 1
        page.wait_for_function(f"window.__frames.length === {frames}", timeout=30_000)
        handed = page.evaluate(f"window.__frames[{frames - 1}]")
        assert handed["drawing"] == "1" and handed["painted"] == 0, handed
        page.wait_for_function(DRAWN + " && document.querySelectorAll("
                               "'#game [data-move], #hand .tile.playable').length > 0",
                               timeout=60_000)
        play_first_move(page)
        page.wait_for_selector("#handoff:not([hidden])", timeout=30_000)
    context.close()
    assert not errors, errors
