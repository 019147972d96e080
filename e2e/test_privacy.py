"""The page learns nothing its seat cannot know (issue 11, item 10).

What is hidden is computed outside the page: the deep link's seed deals the same hand 1 in
CPython (`Match.new`), and replaying the public history of the page's latest state gives,
after every move, each seat's tiles and the boneyard. Then no answer the worker sent the page
(captured as the page received it), nothing the page stores and nothing it renders may name a
tile that the seat the page serves could not see. The record, which holds the whole deal, is
kept by the worker; the page exports it mid-hand only after a warning the player confirms.
"""

import json
import re

import pytest
from conftest import (
    SUMMARY_KEY,
    capture_answers,
    engine_answers,
    hand_tiles,
    open_deep_link,
    play_first_move,
    play_hand,
    wait_my_turn,
    wait_until,
    worker_save,
)

from domino.match.match import Match
from domino.tiles import tile_str

TILE_SHAPE = re.compile(r"(?<!\d)\d{1,2}-\d{1,2}(?!\d)")


def named(tile, text):
    """True when `text` names `tile` ("6-4", either way round)."""
    a, b = tile.split("-")
    return re.search(rf"(?<!\d)({a}-{b}|{b}-{a})(?!\d)", text) is not None


def positions(variant, players, seed, history):
    """Each seat's tiles and the boneyard after every prefix of hand 1's `history` (the view's
    [seat, move] pairs, [seat, "draw", tile] for the viewer's own draws): entry k is the
    position after k moves."""
    match = Match.new(variant, {"players": players}, seed)

    def position():
        hands = [{tile_str(t) for t in hand} for hand in match.hand.hands]
        return hands, {tile_str(t) for t in match.hand.boneyard}

    out = [position()]
    for entry in history:
        match.play(entry[1])
        out.append(position())
    return out


def hidden_from(position, viewer):
    """The tiles `viewer` cannot know at `position`: the other seats' and the boneyard's."""
    hands, boneyard = position
    out = set(boneyard)
    for seat, hand in enumerate(hands):
        if seat != viewer:
            out |= hand
    return out


def check_answers(page, variant, players, seed):
    """Every captured answer of hand 1 names no tile hidden from the seat it was shown to;
    returns the states checked."""
    answers = engine_answers(page)
    states = [a for _t, a in answers if a["type"] == "state" and a["hand_number"] == 1]
    assert states, "no state answer was captured"
    longest = max(states, key=lambda a: len(a["view"]["history"]))
    history = longest["view"]["history"]
    table = positions(variant, players, seed, history)
    k, viewer = 0, 0
    for text, answer in answers:
        if answer["type"] in ("ready", "variants"):
            continue  # before the deal; the catalogue's texts mention tiles such as 0-0
        if answer["type"] == "state":
            if answer["hand_number"] != 1 or answer["hand_over"]:
                continue
            # The same public history for every viewer; each seat's own draws name their
            # tiles for that seat only ([seat, "draw", tile], W-123).
            public = [entry[:2] for entry in answer["view"]["history"]]
            assert public == [entry[:2] for entry in history[:len(public)]]
            for entry in answer["view"]["history"]:
                assert len(entry) == 2 or entry[0] == answer["viewer"], entry
            k, viewer = len(answer["view"]["history"]), answer["viewer"]
            assert answer.get("hands") is None  # every hand, only once the hand is over
            if answer.get("ai") is not None:
                assert "legal" not in answer["ai"], "ai_move tells how many moves it had"
        leaks = sorted(t for t in hidden_from(table[k], viewer) if named(t, text))
        assert not leaks, f"a {answer['type']} answer for seat {viewer} names {leaks}"
    return states


def rendered(page):
    """The markup of everything the game shows (table, hand, log, hand-off, dialogs)."""
    return page.evaluate(
        "['#game', '#handoff', '#result', '#export-confirm']"
        ".map(s => document.querySelector(s).outerHTML).join('')")


def stored_values(page):
    return page.evaluate(
        "Object.keys(localStorage).map(k => [k, localStorage.getItem(k)])")


def test_nothing_the_page_receives_or_keeps_names_a_hidden_tile(page, site, guard):
    capture_answers(page)
    # Draw, seed 12: the computer must draw four tiles after the lead, so the boneyard's
    # order and the computer's hand both matter.
    open_deep_link(page, site, "variant=draw&players=2&seed=12&seats=human,ai")
    wait_my_turn(page)
    page.locator("#moves [data-hint]").click()
    page.locator("#game .hinted").first.wait_for(state="visible", timeout=30_000)
    for _ in range(3):
        lines = page.locator("#log li").count()
        play_first_move(page)
        page.wait_for_function(
            f"document.querySelectorAll('#log li').length > {lines}"
            " && (document.querySelector('#turn').textContent === 'Your turn'"
            "     || !document.querySelector('#result').hidden)", timeout=60_000)
        if page.locator("#result").is_visible():
            break
    states = check_answers(page, "draw", 2, 12)
    last = states[-1]
    # The capture saw the real answers: the last one holds the hand the page shows.
    assert sorted(last["view"]["hand"]) == hand_tiles(page)
    assert len(states) >= 4
    assert any(a["type"] == "hint" for _t, a in engine_answers(page))
    table = positions("draw", 2, 12, last["view"]["history"])
    hidden = hidden_from(table[-1], 0)
    assert hidden
    # Nothing the page stores holds a tile at all: only the public summary of the save.
    for key, value in stored_values(page):
        assert not TILE_SHAPE.search(value), (key, value)
    summary = json.loads(page.evaluate(f"localStorage.getItem('{SUMMARY_KEY}')"))
    assert summary["variant"] == "draw" and summary["hand_number"] == 1
    assert summary["moves"] == len(last["view"]["history"])
    # Nothing the page renders names a hidden tile (the hand-end dialog is not built yet).
    if page.locator("#result").is_hidden():
        shown = rendered(page)
        assert not [t for t in hidden if named(t, shown)]
    # The worker keeps the whole record, the deal included.
    saved = json.loads(wait_until(page, lambda: worker_save(page), what="the worker's save"))
    assert saved["record"]["hands"][0]["deal"]["boneyard"]
    assert saved["seats"] == ["human", "ai"]


def test_pass_and_play_hides_the_other_players_draws(page, site, guard):
    """Draw, seed 12, two humans: player 1 leads 1-1; player 2 draws 5-0, 6-4, 3-3 and 4-1,
    then plays 4-1. When the device goes back to player 1, nothing names the three tiles
    player 2 kept."""
    capture_answers(page)
    page.goto(site + "index.html#variant=draw&players=2&seed=12&seats=human,human")
    ready = page.locator("#handoff-ready")
    ready.wait_for(state="visible", timeout=90_000)
    ready.click()
    play_first_move(page)  # 1-1, the only lead
    ready.wait_for(state="visible", timeout=30_000)
    assert "Player 2" in page.locator("#handoff-title").inner_text()
    ready.click()
    # Nothing fits: the page draws for player 2 (issue 25), until 4-1 can be played.
    page.wait_for_function("document.querySelector('#hand .tile[data-tile=\"4-1\"].playable')",
                           timeout=30_000)
    kept = ["5-0", "6-4", "3-3"]
    log = page.locator("#log").inner_text()
    assert all(named(t, log) for t in kept), log  # player 2 sees their own draws
    play_first_move(page)  # 4-1
    ready.wait_for(state="visible", timeout=30_000)
    assert "Player 1" in page.locator("#handoff-title").inner_text()
    shown = rendered(page)
    assert not [t for t in kept if named(t, shown)]
    ready.click()
    page.wait_for_selector("#game:not([hidden])")
    shown = rendered(page)
    assert not [t for t in kept if named(t, shown)]
    assert page.locator("#log li", has_text="Player 2 drew a tile").count() == 4
    check_answers(page, "draw", 2, 12)


SIZES = {"phone": (390, 844), "desktop": (1366, 768)}


def test_mid_hand_export_warns_and_downloads_only_after_confirming(page, site, guard,
                                                                   artifacts, tmp_path):
    capture_answers(page)
    downloads = []
    page.on("download", lambda download: downloads.append(download))
    open_deep_link(page, site, "variant=all_fives&players=2&seed=5&seats=human,ai")
    wait_my_turn(page)
    export = page.locator("#export")
    assert "shows every hand" in export.get_attribute("aria-label")
    assert "shows every hand" in export.get_attribute("title")
    warning = page.get_by_role("alertdialog")
    assert warning.count() == 0
    export.click()
    warning.wait_for(state="visible")
    assert "every player's tiles" in warning.inner_text()
    assert "boneyard" in warning.inner_text()
    assert page.evaluate("document.activeElement.id") == "export-cancel"
    for name, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.screenshot(path=str(artifacts / f"{name}-export-warning.png"))
    warning.get_by_role("button", name="Cancel").click()
    assert warning.count() == 0
    assert page.evaluate("document.activeElement.id") == "export"
    # In Vietnamese, with the glossary's words; Escape closes it too.
    page.select_option("#lang", "vi")
    assert "hiện quân của mọi người" in export.get_attribute("aria-label")
    export.click()
    warning.wait_for(state="visible")
    assert "khay dự bị" in warning.inner_text() and "bốc" in warning.inner_text()
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / "phone-export-warning-vi.png"))
    page.keyboard.press("Escape")
    assert warning.count() == 0
    page.set_viewport_size({"width": 1366, "height": 768})
    page.select_option("#lang", "en")
    # Nothing was exported: no download, no record reached the page.
    assert not downloads
    assert not [a for _t, a in engine_answers(page) if a["type"] == "record"]
    export.click()
    with page.expect_download() as info:
        warning.get_by_role("button", name="Export, showing every hand").click()
    path = tmp_path / "mid-hand.json"
    info.value.save_as(path)
    record = json.loads(path.read_text())
    assert record["format"] == "domino-record" and record["hands"][0]["deal"]["hands"]
    # After the hand, the record exports at once: every hand has been shown by then.
    play_hand(page)
    dialog = page.get_by_role("dialog")
    with page.expect_download():
        dialog.get_by_role("button", name="Export record").click()
    assert warning.count() == 0
    assert page.locator("#export").inner_text() == "Export record"


def test_a_failed_save_is_reported(page, site, guard):
    """The worker's storage refuses the next writes (a newer version of its database, without
    its store, as another build could leave it): the page says the match is not saved."""
    open_deep_link(page, site, "variant=block&players=2&seed=4&seats=human,ai")
    wait_my_turn(page)
    wait_until(page, lambda: worker_save(page), what="the worker's save")
    page.evaluate("""() => new Promise((resolve, reject) => {
      const request = indexedDB.open("domino", 4);
      request.onupgradeneeded = () => request.result.deleteObjectStore("saves");
      request.onsuccess = () => { request.result.close(); resolve(); };
      request.onerror = () => reject(request.error);
    })""")
    play_first_move(page)
    banner = page.locator("#error-banner")
    banner.wait_for(state="visible", timeout=60_000)
    text = banner.inner_text()
    assert "could not be saved" in text, text
    # The game goes on.
    page.wait_for_function(
        "document.querySelector('#turn').textContent === 'Your turn'"
        " || !document.querySelector('#result').hidden", timeout=60_000)


@pytest.mark.parametrize("lang", ["en", "vi"])
def test_the_saved_match_is_summed_up_on_the_menu(page, site, guard, lang):
    """The menu offers the saved match with its public summary, which the page can show
    before the engine is up; discarding it removes the worker's save too."""
    open_deep_link(page, site, "variant=kozel&players=4&seed=3&seats=human,ai,ai,ai")
    page.select_option("#lang", lang)
    wait_until(page, lambda: worker_save(page), what="the worker's save")
    page.click("#menu-button")
    info = page.locator("#resume-info")
    assert info.is_visible()
    text = info.inner_text()
    if lang == "en":
        assert text.startswith("Kozel (Goat), 4 players: hand 1,"), text
        assert "(saved " in text
        forget = page.get_by_role("button", name="Discard the saved match")
    else:
        assert text.startswith("Kozel (Con dê), 4 người chơi: ván 1,"), text
        assert "(lưu lúc " in text
        forget = page.get_by_role("button", name="Xóa trận đã lưu")
    forget.click()
    page.locator("#resume").wait_for(state="hidden")
    assert info.is_hidden()
    assert worker_save(page) is None
    assert page.evaluate(f"localStorage.getItem('{SUMMARY_KEY}')") is None
