"""Undo against the computer: a move taken back brings the hand back, by button or keyboard,
and the saved game follows; pass-and-play has no undo."""

import json

from conftest import (
    SUMMARY_KEY,
    hand_tiles,
    open_deep_link,
    play_first_move,
    wait_engine,
    wait_my_turn,
    wait_until,
    worker_save,
)


def saved_moves(page):
    """How many moves the worker's saved match holds in its current hand (None before a
    save)."""
    text = worker_save(page)
    if not text:
        return None
    return len(json.loads(text)["record"]["hands"][-1]["moves"])


def summary_moves(page):
    """How many moves the shown position has in its hand, by the page's saved summary."""
    return json.loads(page.evaluate(f"localStorage.getItem('{SUMMARY_KEY}')"))["moves"]


def test_undo_button_takes_back_the_move_and_the_replies(page, site, guard):
    open_deep_link(page, site, "variant=draw&players=2&seed=12&seats=human,ai:expert")
    wait_my_turn(page)
    undo = page.get_by_role("button", name="Undo")
    assert undo.is_visible() and undo.is_disabled()  # nothing played yet in this hand
    before = hand_tiles(page)
    moves_before = summary_moves(page)
    wait_until(page, lambda: saved_moves(page) == moves_before, what="the worker's save")
    play_first_move(page)
    page.wait_for_function("!document.querySelector('#undo').disabled", timeout=30_000)
    wait_my_turn(page)  # the computer has replied
    assert hand_tiles(page) != before
    undo.click()
    page.wait_for_function(
        "document.querySelector('#log li') !== null"
        " && document.querySelector('#log li').textContent.includes('took back')",
        timeout=30_000)
    wait_my_turn(page)
    assert hand_tiles(page) == before
    assert undo.is_disabled()  # back before the first move of the hand
    # The worker's saved match is the position after the undo.
    wait_until(page, lambda: saved_moves(page) == moves_before, what="the save after the undo")


def test_control_z_undoes_even_while_the_computer_thinks(page, site, guard):
    open_deep_link(page, site, "variant=vn_traditional&players=4&seed=7"
                           "&seats=human,ai:expert,ai:expert,ai:expert")
    wait_my_turn(page)
    before = hand_tiles(page)
    play_first_move(page)
    # At once: the computers' replies may be under way; the engine cancels or undoes them.
    page.wait_for_function("!document.querySelector('#undo').disabled", timeout=30_000)
    page.keyboard.press("Control+z")
    wait_my_turn(page)
    page.wait_for_function(
        "document.querySelector('#log li').textContent.includes('took back')", timeout=30_000)
    assert hand_tiles(page) == before
    assert page.locator("#undo").is_disabled()


def test_pass_and_play_has_no_undo(page, site, guard):
    page.goto(site + "index.html#variant=block&players=2&seed=8&seats=human,human")
    wait_engine(page)
    page.locator("#handoff-ready").click()
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert page.locator("#undo").is_hidden()
