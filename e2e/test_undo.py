"""Undo against the computer: a move taken back brings the hand back, by button or keyboard,
and the saved game follows; pass-and-play has no undo."""

import json

from conftest import open_deep_link, wait_engine

SAVE_KEY = "domino.save.v1"


def wait_my_turn(page):
    """Wait until the human is to move (the computers have answered)."""
    page.wait_for_function(
        "document.querySelector('#turn').textContent === 'Your turn'"
        " && document.querySelectorAll('#game [data-move]').length > 0",
        timeout=60_000)


def hand_tiles(page):
    return sorted(page.locator("#hand .tile").evaluate_all(
        "nodes => nodes.map(n => n.dataset.tile)"))


def saved_moves(page):
    """How many moves the saved game holds in its current hand (None before a save)."""
    text = page.evaluate(f"localStorage.getItem('{SAVE_KEY}')")
    if not text:
        return None
    return len(json.loads(text)["record"]["hands"][-1]["moves"])


def play_first_move(page):
    """Click a legal move: a tile with one placement, else a tile and then its first end."""
    direct = page.locator("#game [data-move]:visible")
    if direct.count():
        move = direct.first.get_attribute("data-move")
        direct.first.click()
        return move
    page.locator("#hand .tile.playable").first.click()
    choice = page.locator("#choice [data-move]").first
    move = choice.get_attribute("data-move")
    choice.click()
    return move


def test_undo_button_takes_back_the_move_and_the_replies(page, site, guard):
    open_deep_link(page, site, "variant=draw&players=2&seed=12&seats=human,ai:expert")
    wait_my_turn(page)
    undo = page.get_by_role("button", name="Undo")
    assert undo.is_visible() and undo.is_disabled()  # nothing played yet in this hand
    before = hand_tiles(page)
    page.wait_for_function(f"localStorage.getItem('{SAVE_KEY}') !== null")
    moves_before = saved_moves(page)
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
    # The saved game is the position after the undo.
    page.wait_for_function(
        f"JSON.parse(localStorage.getItem('{SAVE_KEY}')).record.hands.at(-1).moves.length"
        f" === {moves_before}", timeout=10_000)


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
