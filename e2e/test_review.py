"""The move review (issue 13): a finished hand reviewed from the end-of-hand summary, stepped
through by keyboard, by the buttons and by the slider, each judged move with its figures and
the best move on the table; cancelled and judged again; reopened at once from what the worker
kept, after a reload too, from the match history. Screenshots at phone and desktop sizes
(e2e/artifacts/), and axe on the screen. A whole match reviewed from the match result: every
hand judged in turn (the one judged before at once), cancelled and judged on, stepped through
across the hands by keyboard and by clicks, its summary per seat the sum of its hands', its
worst moves opening their move, reopened at once; screenshots and axe on its summary."""

import json

import pytest
from conftest import capture_answers, engine_answers, settle, wait_until
from playwright.sync_api import expect
from test_axe import axe_source, check  # noqa: F401 - axe_source is a fixture
from test_history import history_keys, open_history
from test_summary import SIZES, open_record, record_of

JUDGED_MS = 180_000


def answers_of(page, kind):
    return [a for _, a in engine_answers(page) if a.get("type") == kind]


def open_review(page):
    """The one-hand review from the end-of-hand summary ("Review the moves"; "Review the
    last hand" once the match is over)."""
    page.get_by_role("dialog").locator("#result-review").click()
    page.wait_for_selector("#review:not([hidden])")
    page.wait_for_selector("#review-body:not([hidden])", timeout=30_000)


def wait_judged(page):
    page.wait_for_selector("#review-summary:not([hidden])", timeout=JUDGED_MS)


def wait_step(page, text):
    """Wait until the move shown is `text` ("Move 4 of 30", the boneyard's count aside)."""
    page.wait_for_function("(t) => { const n = document.querySelector('#review-move "
                           ".review-step'); return n && n.textContent.split(' · ')[0] === t; }",
                           arg=text, timeout=10_000)


def tile_of(notation):
    """The tile a move of the record places (the test may read notation; the page never
    does)."""
    tile = notation.split("@", 1)[0].split("+", 1)[0]
    a, b = tile.split("-")
    return f"{max(int(a), int(b))}-{min(int(a), int(b))}"


def test_a_hand_reviewed_by_keyboard_and_by_clicking(page, site, guard, tmp_path, artifacts,
                                                     axe_source):  # noqa: F811
    capture_answers(page)
    record, _match = record_of("vn_traditional", {"players": 4}, 3, 1)
    moves = record["hands"][0]["moves"]
    n = len(moves)
    open_record(page, site, tmp_path, record)
    open_review(page)
    assert page.locator("#review-title").inner_text() == "Review: Vietnamese (traditional)"
    # While the expert judges, the page steps through the moves and says how far it is.
    page.wait_for_selector("#review-progress-box:not([hidden])", timeout=10_000)
    assert page.locator("#review-cancel").is_visible()
    wait_step(page, f"Move 1 of {n}")
    page.keyboard.press("ArrowRight")
    wait_step(page, f"Move 2 of {n}")
    wait_judged(page)
    assert page.locator("#review-progress-box").is_hidden()
    # The keyboard: End, Home, Right, Left.
    page.keyboard.press("End")
    wait_step(page, "The hand is over: every move has been played.")
    page.keyboard.press("Home")
    wait_step(page, f"Move 1 of {n}")
    for _ in range(3):
        page.keyboard.press("ArrowRight")
    wait_step(page, f"Move 4 of {n}")
    page.keyboard.press("ArrowLeft")
    wait_step(page, f"Move 3 of {n}")
    # The buttons and the slider.
    page.click("#review-next")
    wait_step(page, f"Move 4 of {n}")
    page.click("#review-first")
    wait_step(page, f"Move 1 of {n}")
    assert page.locator("#review-prev").is_disabled()
    page.locator("#review-slider").fill("10")
    wait_step(page, f"Move 11 of {n}")
    page.click("#review-last")
    wait_step(page, "The hand is over: every move has been played.")
    assert page.locator("#review-next").is_disabled()
    # Every move shown is the record's, named in words.
    page.click("#review-first")
    for i in range(6):
        wait_step(page, f"Move {i + 1} of {n}")
        played = page.locator("#review-move .review-played").inner_text()
        if moves[i] not in ("draw", "pass"):
            assert tile_of(moves[i]) in played, (moves[i], played)
        assert "@" not in played
        page.keyboard.press("ArrowRight")
    # A judged move: the figures, the mark, and the best move glowing on the table.
    result = answers_of(page, "review_result")[-1]
    assert result["cached"] is False and result["result"]["complete"] is True
    judged = [e for e in result["result"]["moves"] if not e["forced"]]
    better = [e for e in judged if e["best"] != e["played"] and e["best_move"]["end"]]
    assert judged and better
    e = better[0]
    page.locator("#review-slider").fill(str(e["move"] - 1))
    wait_step(page, f"Move {e['move']} of {n}")
    verdict = page.locator("#review-move").inner_text()
    assert "Value of the move played" in verdict and "Best move" in verdict and "Loss" in verdict
    assert tile_of(e["best"]) in page.locator("#review-move dd.best").inner_text()
    marks = {None: ("Good move", "No mark", "As good as the best"), "inaccuracy": ("Inaccuracy",),
             "mistake": ("Mistake",), "blunder": ("Blunder",)}[e["mark"]]
    assert any(m in verdict for m in marks), verdict
    glow = json.loads(page.locator("#review-table").get_attribute("data-glow"))
    assert [g["end"] for g in glow] == [e["best_move"]["end"]]
    assert "Best move: " in page.locator("#review-table").get_attribute("aria-label")
    # A forced move says so.
    forced = [x for x in result["result"]["moves"] if x["forced"]]
    if forced:
        page.locator("#review-slider").fill(str(forced[0]["move"] - 1))
        wait_step(page, f"Move {forced[0]['move']} of {n}")
        assert "Forced" in page.locator("#review-move").inner_text()
    # The summary per seat: moves judged, accuracy, total loss, the worst moves (which open
    # their move).
    rows = page.locator("#review-summary-table tbody tr")
    assert rows.count() == 4
    totals = result["result"]["totals"]
    for seat, row in enumerate(totals):
        cells = rows.nth(seat).locator("td")
        assert cells.nth(0).inner_text() == f"{row['judged']} of {row['decisions']}"
        assert cells.nth(1).inner_text() == f"{round(row['accuracy'] * 100)}%"
    worst = [t for t in totals if t["worst"]][0]
    page.locator(f"#review-summary [data-review-move='{worst['worst'][0]['move']}']").first.click()
    wait_step(page, f"Move {worst['worst'][0]['move']} of {n}")
    # As one seat saw it: the others' tiles are hidden, their counts shown.
    # (The seats are drawn again after the change: the checks wait for the drawing, they do
    # not read the seats in the same instant.)
    page.locator("#review-slider").fill("8")
    wait_step(page, f"Move 9 of {n}")
    page.select_option("#review-seen", "0")
    seats = page.locator("#review-seats .review-seat")
    expect(seats.nth(0).locator(".mini")).not_to_have_count(0)
    for seat in (1, 2, 3):
        expect(seats.nth(seat).locator(".mini")).to_have_count(0)
        expect(seats.nth(seat)).to_contain_text("tile")
    page.select_option("#review-seen", "-1")
    expect(seats.nth(2).locator(".mini")).not_to_have_count(0)
    page.locator("#review-slider").fill(str(e["move"] - 1))
    wait_step(page, f"Move {e['move']} of {n}")
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-review.png"))
        page.evaluate("window.scrollTo(0, 1e6)")
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-review-end.png"))
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        check(page, axe_source, f"the review screen at {size}")
    # Back to the table and its summary (Escape, as the Back button).
    page.keyboard.press("Escape")
    page.get_by_role("dialog").wait_for(state="visible")


@pytest.mark.serial  # asserts a time (DECISIONS W-144)
def test_judging_is_cancelled_then_kept_and_reopened_at_once(page, site, guard, tmp_path,
                                                              artifacts):
    capture_answers(page)
    record, _match = record_of("mexican_train", {"players": 4}, 2, 1)
    n = len(record["hands"][0]["moves"])
    open_record(page, site, tmp_path, record, "desktop")
    open_review(page)
    page.wait_for_selector("#review-progress-box:not([hidden])", timeout=10_000)
    wait_until(page, lambda: answers_of(page, "review_progress"), what="progress")
    page.screenshot(path=str(artifacts / "desktop-review-judging.png"))
    page.click("#review-cancel")
    status = page.locator("#review-status")
    status.wait_for(state="visible")
    assert status.inner_text().startswith("Judging cancelled")
    wait_until(page, lambda: [a for a in answers_of(page, "error")
                              if a.get("code") == "cancelled"], what="the cancelled answer")
    assert page.locator("#review-progress-box").is_hidden()
    assert answers_of(page, "review_result") == []
    # The moves can still be stepped through, and the verdict is not kept.
    page.keyboard.press("ArrowRight")
    wait_step(page, f"Move 2 of {n}")
    assert "not been judged" in page.locator("#review-move").inner_text()
    # Judged again, to the end.
    page.click("#review-judge")
    wait_judged(page)
    first = answers_of(page, "review_result")
    assert len(first) == 1 and first[0]["cached"] is False and first[0]["kept"] is True
    assert "estimate in pips" in page.locator("#review-summary").inner_text()
    # Reopened: at once, from what was kept, with no judging.
    progress = len(answers_of(page, "review_progress"))
    page.click("#review-back")
    page.get_by_role("dialog").wait_for(state="visible")
    started = page.evaluate("performance.now()")
    open_review(page)
    wait_judged(page)
    took = page.evaluate("performance.now()") - started
    again = answers_of(page, "review_result")
    assert len(again) == 2 and again[1]["cached"] is True
    assert len(answers_of(page, "review_progress")) == progress  # no second judging
    assert again[1]["result"] == first[0]["result"]  # the same verdict
    assert took < 5_000, took
    assert page.locator("#review-cached").inner_text() == "Judged before: shown at once."
    page.set_viewport_size({"width": 390, "height": 844})
    page.keyboard.press("End")
    settle(page)
    page.screenshot(path=str(artifacts / "phone-review-mexican_train.png"))


def test_a_kept_match_is_reviewed_from_the_history_after_a_reload(page, site, guard, tmp_path,
                                                                   artifacts):
    capture_answers(page)
    record, match = record_of("kozel", {"players": 3}, 5, 200)
    assert match.over
    last = len(record["hands"])
    open_record(page, site, tmp_path, record)
    wait_until(page, lambda: len(history_keys(page)) == 1, what="the finished match kept")
    open_review(page)
    assert page.locator("#review-hand").input_value() == str(last)
    wait_judged(page)
    assert "estimate in penalty points" in page.locator("#review-summary").inner_text()
    page.reload()
    from conftest import wait_engine

    wait_engine(page)
    open_history(page)
    entry = page.locator("#history-list .history-entry").first
    entry.get_by_role("button", name="Review").click()
    page.wait_for_selector("#review-body:not([hidden])", timeout=30_000)
    assert page.locator("#review-hand").input_value() == "1"
    assert page.locator("#review-hand option").count() == last
    page.screenshot(path=str(artifacts / "phone-review-history.png"))
    # The last hand was judged before the reload: shown at once.
    page.select_option("#review-hand", str(last))
    wait_judged(page)
    results = [a for a in answers_of(page, "review_result") if a["hand"] == last]
    assert results and results[-1]["cached"] is True
    page.click("#review-back")
    page.wait_for_selector("#history:not([hidden])")


WHOLE_SIZES = {"phone": (390, 844), "small": (320, 568), "desktop": (1366, 768)}


def wait_head(page, text):
    """Wait until the words above the move start with `text` ("Move 1 of 15 · Hand 2")."""
    page.wait_for_function("(t) => { const n = document.querySelector('#review-move "
                           ".review-step'); return n && n.textContent.startsWith(t); }",
                           arg=text, timeout=10_000)


def cells(page, table):
    """The rows of a summary table: [player, judged, accuracy, loss, worst] texts."""
    return page.evaluate("(t) => [...document.querySelectorAll(t + ' tbody tr')].map(r => "
                         "[...r.children].map(c => c.textContent))", table)


def whole_number(text):
    digits = "".join(ch for ch in text if ch.isdigit())
    return int(digits) if digits else 0


@pytest.mark.serial  # asserts a time (DECISIONS W-144)
def test_a_whole_match_reviewed_from_the_match_result(page, site, guard, tmp_path, artifacts,
                                                       axe_source):  # noqa: F811
    capture_answers(page)
    record, match = record_of("vn_traditional", {"players": 2, "max_hands": 2}, 3, 2)
    assert match.over and len(record["hands"]) == 2
    n1, n2 = (len(h["moves"]) for h in record["hands"])
    open_record(page, site, tmp_path, record, "desktop")
    # The match result offers the whole match beside the last hand; its buttons stay on the
    # screen at the smallest sizes.
    for width, height in ((844, 390), (320, 568), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.screenshot(path=str(artifacts / f"{width}x{height}-match-over.png"))
        for button in ("#result-review", "#result-review-match", "#result-rematch"):
            box = page.locator(button).bounding_box()
            assert box and 0 <= box["y"] and box["y"] + box["height"] <= height, (button, box)
    # The last hand alone first (the end-of-hand review, as before): kept by the worker.
    dialog = page.get_by_role("dialog")
    dialog.get_by_role("button", name="Review the last hand").click()
    page.wait_for_selector("#review-body:not([hidden])", timeout=30_000)
    assert page.locator("#review-hand").input_value() == "2"
    wait_judged(page)
    assert page.locator("#review-match").is_hidden()
    page.keyboard.press("Escape")
    dialog = page.get_by_role("dialog")
    dialog.wait_for(state="visible")
    # The whole match: hand 2 comes from the store at once, hand 1 is judged with progress
    # for the match as a whole, and can be cancelled.
    dialog.get_by_role("button", name="Review the match").click()
    page.wait_for_selector("#review-body:not([hidden])", timeout=30_000)
    assert page.locator("#review-hand").input_value() == "1"
    wait_head(page, f"Move 1 of {n1} · Hand 1")
    wait_until(page, lambda: [a for a in answers_of(page, "review_result")
                              if a["hand"] == 2 and a.get("match")], what="hand 2 at once")
    page.wait_for_selector("#review-progress-box:not([hidden])", timeout=10_000)
    wait_until(page, lambda: [m for m in answers_of(page, "review_progress")
                              if m["hand"] == 1], what="hand 1 judged")
    page.set_viewport_size({"width": 320, "height": 568})
    page.evaluate("window.scrollTo(0, 0)")
    page.screenshot(path=str(artifacts / "small-review-match-judging.png"))
    page.set_viewport_size({"width": 1366, "height": 768})
    text = page.locator("#review-progress-text").inner_text()
    assert "hand 1" in text and "(1 of 2 hands judged)" in text, text
    assert int(page.locator("#review-progress").get_attribute("value") or 0) >= 0
    assert page.evaluate("document.querySelector('#review-progress').value") \
        >= 100 * n2 // (n1 + n2) - 1  # hand 2's moves are judged already
    page.click("#review-cancel")
    page.locator("#review-status").wait_for(state="visible")
    assert page.locator("#review-status").inner_text().startswith("Judging cancelled")
    wait_until(page, lambda: [a for a in answers_of(page, "error")
                              if a.get("code") == "cancelled"], what="the cancelled answer")
    assert page.locator("#review-match").is_hidden()
    page.click("#review-judge")
    page.wait_for_selector("#review-match:not([hidden])", timeout=JUDGED_MS)
    assert page.locator("#review-progress-box").is_hidden()
    # Across the hands, by keyboard: End of hand 1, Right to hand 2's first move, Left back.
    page.keyboard.press("Home")
    wait_head(page, f"Move 1 of {n1} · Hand 1")
    assert page.locator("#review-prev").is_disabled()  # the match's first move
    page.keyboard.press("End")
    wait_head(page, "The hand is over: every move has been played. Forward goes on to hand 2.")
    page.keyboard.press("ArrowRight")
    wait_head(page, f"Move 1 of {n2} · Hand 2")
    assert page.locator("#review-hand").input_value() == "2"
    assert not page.locator("#review-prev").is_disabled()
    page.keyboard.press("ArrowLeft")
    wait_head(page, "The hand is over")
    assert page.locator("#review-hand").input_value() == "1"
    page.keyboard.press("ArrowLeft")
    wait_head(page, f"Move {n1} of {n1} · Hand 1")
    # By clicks: Forward twice crosses into hand 2, Back returns; the last move of the match
    # has no Forward.
    page.click("#review-next")
    wait_head(page, "The hand is over")
    page.click("#review-next")
    wait_head(page, f"Move 1 of {n2} · Hand 2")
    page.click("#review-prev")
    wait_head(page, "The hand is over")
    page.select_option("#review-hand", "2")
    wait_head(page, f"Move 1 of {n2} · Hand 2")
    page.click("#review-last")
    wait_head(page, "The hand is over: every move has been played.")
    assert "Forward goes on" not in page.locator("#review-move").inner_text()
    assert page.locator("#review-next").is_disabled()
    # The match summary per seat is the sum of the hands' summaries, as the page shows them.
    results = {}
    for a in answers_of(page, "review_result"):
        results[a["hand"]] = a
    assert sorted(results) == [1, 2] and results[2]["cached"] is True
    whole = cells(page, "#review-match-table")
    assert len(whole) == 2
    caption = page.locator("#review-match-table caption").inner_text()
    assert caption.startswith("The whole match (2 hands), per player."), caption
    per_hand = []
    for hand in (1, 2):
        page.select_option("#review-hand", str(hand))
        wait_head(page, f"Move 1 of {(n1, n2)[hand - 1]} · Hand {hand}")
        page.wait_for_selector("#review-summary:not([hidden])")
        per_hand.append(cells(page, "#review-summary-table"))
    for seat in range(2):
        judged = [row[seat][1].split(" of ") for row in per_hand]
        assert whole[seat][1] == (f"{sum(int(j) for j, _ in judged)} of "
                                  f"{sum(int(d) for _, d in judged)}"), (whole[seat], judged)
        totals = [results[h]["result"]["totals"][seat] for h in (1, 2)]
        judged_moves = sum(t["judged"] for t in totals)
        bad = sum(t["mistakes"] + t["blunders"] for t in totals)
        accuracy = round(100 * (1 - bad / judged_moves)) if judged_moves else 100
        assert whole[seat][2] == f"{accuracy}%", (whole[seat], totals)
        loss = sum(t["total_loss"] for t in totals)
        assert abs(whole_number(whole[seat][3]) - loss) <= 1, (whole[seat], loss)
        worst = sorted((w for t in totals for w in t["worst"]),
                       key=lambda w: (-w["loss"], w["hand"], w["move"]))[:3]
        buttons = page.locator(f"#review-match-table tbody tr:nth-child({seat + 1}) button")
        assert buttons.count() == len(worst)
        for i, w in enumerate(worst):
            assert buttons.nth(i).inner_text().startswith(f"Hand {w['hand']}, move {w['move']}:")
    # A worst move of the match opens its move, in its hand.
    first = page.locator("#review-match-table button").first
    hand, move = int(first.get_attribute("data-review-hand")), \
        int(first.get_attribute("data-review-move"))
    first.click()
    wait_head(page, f"Move {move} of {(n1, n2)[hand - 1]} · Hand {hand}")
    assert page.locator("#review-hand").input_value() == str(hand)
    for size, (width, height) in WHOLE_SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("window.scrollTo(0, 0)")
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-review-match.png"))
        page.locator("#review-match").scroll_into_view_if_needed()
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-review-match-summary.png"))
        assert page.evaluate("document.documentElement.scrollWidth - window.innerWidth") <= 0
        check(page, axe_source, f"the match review's summary at {size}")
    # Reopened: every hand at once from what the worker kept, with no judging.
    progress = len(answers_of(page, "review_progress"))
    before = len(answers_of(page, "review_result"))
    page.keyboard.press("Escape")
    dialog.wait_for(state="visible")
    started = page.evaluate("performance.now()")
    dialog.get_by_role("button", name="Review the match").click()
    page.wait_for_selector("#review-match:not([hidden])", timeout=30_000)
    took = page.evaluate("performance.now()") - started
    again = answers_of(page, "review_result")[before:]
    assert sorted(a["hand"] for a in again) == [1, 2] and all(a["cached"] for a in again)
    assert len(answers_of(page, "review_progress")) == progress
    assert cells(page, "#review-match-table") == whole
    assert took < 5_000, took
