"""Playing by clicking: every move is a DOM control with data-move; computer seats move in the
worker; the hand ends with a dialog."""

import re

from conftest import (
    computers_at_once,
    import_record,
    open_custom,
    open_deep_link,
    play_and_wait,
    play_hand,
    settle,
    wait_engine,
    wait_my_turn,
)


def test_whole_hand_vn_traditional_one_human_three_computers(page, site, guard):
    computers_at_once(page)
    open_deep_link(page, site, "variant=vn_traditional&players=4&seed=7&seats=human,ai,ai:hard,ai")
    chips = page.locator("#game .seat[data-seat]")
    assert chips.count() == 4
    clicks = play_hand(page)
    dialog = page.get_by_role("dialog")
    assert dialog.is_visible()
    assert "Hand 1" in dialog.locator("h2").inner_text()
    rows = dialog.locator("#result-table tbody tr")
    assert rows.count() == 4
    # vn_traditional is zero-sum: the "this hand" column adds up to 0.
    total = 0
    for i in range(4):
        cell = rows.nth(i).locator("td[data-col=delta]").inner_text()
        total += int(cell.replace(",", "").replace("\u2212", "-").replace("+", ""))
    assert total == 0
    assert clicks >= 1 or "went out" in dialog.inner_text()
    # The next hand is dealt.
    dialog.get_by_role("button", name="Next hand").click()
    page.wait_for_function("document.querySelector('#result').hidden === true")
    assert "Hand 2" in page.locator("#table-info").inner_text()


def test_legal_moves_are_labelled_controls(page, site, guard):
    open_deep_link(page, site, "variant=draw&players=2&seed=12&seats=human,ai")
    page.wait_for_selector("#game [data-move], #hand .tile.playable", timeout=30_000)
    for control in page.locator("#game [data-move]").all():
        move = control.get_attribute("data-move")
        label = control.get_attribute("aria-label")
        # A label in words: the tile it plays, never the engine's notation (GLOSSARY.md).
        assert label and "@" not in label and move not in ("", None)
        tile = move.split("@")[0]
        if "-" in tile:
            assert tile in label


def test_setup_form_starts_a_match(page, site, guard):
    computers_at_once(page)
    page.goto(site)
    wait_engine(page)
    open_custom(page)
    page.select_option("#variant", "kozel")
    page.select_option("#players", "3")
    page.fill("#seed", "21")
    page.locator("#seats select").nth(1).select_option("ai:hard")
    page.click("#start")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    assert page.locator("#game .seat[data-seat]").count() == 3
    play_hand(page)
    assert page.get_by_role("dialog").is_visible()


def test_bad_deep_link_reports_an_error(page, site, guard):
    page.goto(site + "index.html#variant=kozel&players=11")
    wait_engine(page)
    banner = page.locator("#error-banner")
    banner.wait_for(state="visible", timeout=30_000)
    assert "players" in banner.inner_text().lower() or "player" in banner.inner_text().lower()
    assert page.locator("#menu").is_visible()


def test_pass_and_play_hands_the_device_over(page, site, guard):
    page.goto(site + "index.html#variant=block&players=2&seed=8&seats=human,human")
    wait_engine(page)
    handoff = page.locator("#handoff")
    handoff.wait_for(state="visible", timeout=30_000)
    assert "Pass the device to Player" in page.locator("#handoff-title").inner_text()
    # The tiles stay hidden until the player says who they are.
    assert page.locator("#game").is_hidden()
    page.click("#handoff-ready")
    assert page.locator("#game").is_visible()
    play_hand(page)
    assert page.get_by_role("dialog").is_visible()


def test_export_and_import_a_record(page, site, guard, tmp_path):
    open_deep_link(page, site, "variant=all_fives&players=2&seed=5&seats=human,ai")
    page.wait_for_selector("#game [data-move]:visible, #hand .tile.playable", timeout=30_000)
    page.click("#export")  # mid-hand: the page warns first (test_privacy.py)
    with page.expect_download() as info:
        page.click("#export-ok")
    path = tmp_path / "record.json"
    info.value.save_as(path)
    import json

    record = json.loads(path.read_text())
    assert record["format"] == "domino-record" and record["variant"] == "all_fives"
    assert info.value.suggested_filename == "domino-all_fives-5.json"
    hand_before = sorted(page.locator("#hand .tile").evaluate_all(
        "nodes => nodes.map(n => n.dataset.tile)"))
    page.click("#menu-button")
    page.set_input_files("#import", str(path))
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    page.wait_for_function("document.querySelectorAll('#hand .tile').length > 0")
    hand_after = sorted(page.locator("#hand .tile").evaluate_all(
        "nodes => nodes.map(n => n.dataset.tile)"))
    assert hand_after == hand_before


def test_hint_highlights_a_legal_move(page, site, guard):
    open_deep_link(page, site, "variant=draw&players=2&seed=12&seats=human,ai")
    hint = page.locator("#moves [data-hint]")
    hint.wait_for(state="visible", timeout=60_000)
    hint.click()
    marked = page.locator("#game .hinted")
    marked.first.wait_for(state="visible", timeout=30_000)
    # The highlighted control is a legal move (or the tile whose ends are now offered).
    element = marked.first
    assert element.get_attribute("data-move") or element.get_attribute("data-tile")


def test_hint_shows_the_reviews_figures(page, site, guard, artifacts):
    """A hint lists every sensible move with the move review's figures: its value in the
    variant's unit, its loss against the best and its mark, the best first."""
    page.set_viewport_size({"width": 1366, "height": 768})
    open_deep_link(page, site, "variant=vn_traditional&players=4&seed=7&seats=human,ai,ai,ai")
    box = page.locator("#hint-box")
    rows = box.locator("tbody tr")
    for _ in range(10):
        wait_my_turn(page)
        page.locator("#moves [data-hint]").click()
        box.wait_for(state="visible", timeout=60_000)
        if rows.count() >= 3:
            break
        play_and_wait(page)
    assert rows.count() >= 3, "no decision with three sensible moves"
    assert box.locator("h2").inner_text() == "The expert's estimates"
    headers = box.locator("thead th").all_inner_texts()
    assert headers == ["Move", "Value", "Loss", "Verdict"]
    number = re.compile(r"^[+\u2212]?\d{1,3}(,\d{3})*$")  # money: whole coins, grouped
    losses = []
    for i in range(rows.count()):
        row = rows.nth(i)
        label = row.locator("th").inner_text()
        value, loss, verdict = row.locator("td").all_inner_texts()
        # A move in words (the tile and where it goes), never the engine's notation.
        assert label and "@" not in label and row.get_attribute("data-hint-move")
        assert number.match(value) and number.match(loss), (value, loss)
        losses.append(int(loss.replace(",", "")))
        assert verdict
    # The best first, losing nothing; the control it names is the one highlighted.
    first = rows.first
    assert "best" in first.get_attribute("class")
    assert first.locator("td").nth(2).inner_text() == "Best" and losses[0] == 0
    assert all(x >= 0 for x in losses)
    best = first.get_attribute("data-hint-move")
    hinted = page.locator("#game .hinted").first
    hinted.wait_for(state="visible", timeout=10_000)
    assert best == hinted.get_attribute("data-move") or best.startswith(
        hinted.get_attribute("data-tile") or "\u0000")
    assert "coins" in box.locator(".review-unit").inner_text()
    box.screenshot(path=str(artifacts / "hint-box-1366.png"))
    page.screenshot(path=str(artifacts / "hint-1366x768.png"))
    # The same figures in the other languages, from the catalogues.
    page.select_option("#lang", "vi")
    page.wait_for_function(
        "document.querySelector('#hint-box h2').textContent === '\u01af\u1edbc t\u00ednh c\u1ee7a cao th\u1ee7'")
    assert box.locator("thead th").first.inner_text() == "N\u01b0\u1edbc \u0111i"
    page.set_viewport_size({"width": 390, "height": 844})
    settle(page)
    page.screenshot(path=str(artifacts / "hint-390x844-vi.png"))
    page.select_option("#lang", "ru")
    page.wait_for_function(
        "document.querySelector('#hint-box h2').textContent === '\u041e\u0446\u0435\u043d\u043a\u0438 \u044d\u043a\u0441\u043f\u0435\u0440\u0442\u0430'")
    page.screenshot(path=str(artifacts / "hint-390x844-ru.png"))
    page.select_option("#lang", "en")
    # Hidden on request; a move played leaves no hint behind.
    box.locator("[data-hint-close]").click()
    assert box.is_hidden()
    play_and_wait(page)
    assert box.is_hidden()


def test_a_deep_link_followed_in_the_open_page_starts_its_match(page, site, guard):
    open_deep_link(page, site, "variant=block&players=2&seed=1&seats=human,ai")
    assert page.locator("#game .seat[data-seat]").count() == 2
    page.evaluate("location.hash = '#variant=kozel&players=3&seed=2&seats=human,ai,ai'")
    # A computer may have moved: the block match is then in progress and the page asks.
    page.wait_for_function("document.querySelectorAll('#game .seat[data-seat]').length === 3"
                           " || !document.querySelector('#link-confirm').hidden")
    if page.locator("#link-confirm").is_visible():
        page.click("#link-start")
    page.wait_for_function(
        "document.querySelectorAll('#game .seat[data-seat]').length === 3",
        timeout=30_000)


def test_game_log_is_in_words_with_the_notation_kept(page, site, guard):
    open_deep_link(page, site, "variant=draw&players=2&seed=12&seats=human,ai")
    for _ in range(3):
        page.wait_for_selector("#game [data-move]:visible, #hand .tile.playable", timeout=60_000)
        control = page.locator("#game [data-move]:visible")
        if control.count() == 0:
            page.locator("#hand .tile.playable").first.click()
            control = page.locator("#game [data-move]:visible")
        control.first.click()
        settle(page)
    page.wait_for_function(
        "document.querySelectorAll('#log li[data-notation]').length >= 3", timeout=60_000)
    # Read at one instant: a computer's move may render the log again between two reads.
    items = page.eval_on_selector_all(
        "#log li[data-notation]", "els => els.map(e => [e.dataset.notation, e.title, e.innerText])")
    for notation, title, text in items:
        assert title == notation
        assert "@" not in text
        assert any(word in text for word in ("played", "led", "drew", "passed")), text
    page.select_option("#lang", "vi")
    text = page.locator("#log").inner_text()
    assert "đánh" in text or "ra quân" in text or "bỏ lượt" in text


def test_a_broken_record_is_refused_in_the_players_language(page, site, guard, tmp_path):
    page.goto(site)
    wait_engine(page)
    page.select_option("#lang", "vi")
    import_record(page, tmp_path / "broken.json",
                  '{"format": "domino-record", "version": 1, "variant": "kozel"}')
    banner = page.locator("#error-banner")
    banner.wait_for(state="visible", timeout=30_000)
    text = banner.inner_text()
    assert text.startswith("Không mở được biên bản này: tệp không phải là biên bản domino"), text
    assert page.locator("#menu").is_visible()
