"""The end-of-hand summary dialog, on records opened through the page (finished hands and
finished matches), at phone and desktop sizes; screenshots land in e2e/artifacts/."""

import random

import pytest
from conftest import open_record as open_record_at, settle

from domino import Match

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}


def record_of(variant, options, seed, hands, moves_seed=1):
    """A record of `hands` finished hands (or a finished match) played with random legal
    moves; the last hand is left finished, so opening it shows the dialog."""
    rng = random.Random(moves_seed)
    match = Match.new(variant, options, seed)
    played = 1
    while True:
        while not match.hand_over:
            legal = [m for m in match.legal() if str(m) != "leave"]
            match.play(rng.choice(legal))
        if match.over or played >= hands:
            return match.to_record(), match
        match.next_hand()
        played += 1


def open_record(page, site, tmp_path, record, size="phone"):
    width, height = SIZES[size]
    page.set_viewport_size({"width": width, "height": height})
    return open_record_at(page, site, tmp_path, record)


def shoot(page, artifacts, name):
    """The dialog's top, then its end (scrolled), at both sizes."""
    settle(page)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.evaluate("document.querySelector('#result .dialog').scrollTop = 0")
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-summary-{name}.png"))
        page.evaluate("document.querySelector('#result .dialog').scrollTop = 1e6")
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-summary-{name}-end.png"))


def test_vn_iwin_payments_and_scoreboard(page, site, guard, tmp_path, artifacts):
    record, match = record_of("vn_iwin", {"players": 4}, 11, 3)
    dialog = open_record(page, site, tmp_path, record)
    assert "Hand 3 is over" in dialog.locator("h2").inner_text()
    result = match.hand_result
    # Rows in rank order with a place column; remaining tiles shown.
    rows = dialog.locator("#result-table tbody tr")
    assert rows.count() == 4
    for place, seat in enumerate(result.ranking):
        assert rows.nth(place).get_attribute("data-seat") == str(seat)
        assert rows.nth(place).locator("td.place").inner_text() == str(place + 1)
    # Every payment itemised, with the house tax.
    items = dialog.locator("#result-items tbody tr")
    kinds = {item["kind"] for item in result.details["items"]}
    assert 0 < items.count() <= len(result.details["items"])
    for kind in kinds:
        assert dialog.locator(f"#result-items tr[data-kind={kind}]").count() >= 1
    assert "House tax" in dialog.locator("#result-items tfoot").inner_text()
    # The match scoreboard: one row per hand and the balances.
    board = dialog.locator("#result-board")
    assert board.locator("tbody tr").count() == 3
    assert board.locator("tfoot tr").count() == 1
    assert dialog.get_by_role("button", name="Next hand").is_visible()
    shoot(page, artifacts, "vn_iwin")
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    # The next hand from an opened record.
    dialog.get_by_role("button", name="Next hand").click()
    page.wait_for_function("document.querySelector('#result').hidden === true")
    assert "Hand 4" in page.locator("#table-info").inner_text()


def test_kozel_match_ends_with_the_goat(page, site, guard, tmp_path, artifacts):
    record, match = record_of("kozel", {"players": 3}, 5, 200)
    assert match.over and match.goat
    dialog = open_record(page, site, tmp_path, record)
    text = dialog.inner_text()
    assert "The match is over." in text and "goat" in text
    assert "Recorded" in dialog.locator("#result-table thead").inner_text()
    assert "(open)" in dialog.locator("#result-table").inner_text()
    assert dialog.locator("#result-board tbody tr").count() == len(match.results)
    assert dialog.get_by_role("button", name="Next hand").is_hidden()
    shoot(page, artifacts, "kozel")
    # The dialog follows the language.
    page.select_option("#lang", "vi")
    page.set_viewport_size({"width": 390, "height": 844})
    page.evaluate("document.querySelector('#result .dialog').scrollTop = 0")
    page.screenshot(path=str(artifacts / "phone-summary-kozel-vi.png"))
    assert "con dê" in dialog.inner_text()
    assert "Ghi sổ" in dialog.locator("#result-table thead").inner_text()


@pytest.mark.parametrize("variant, players", [("all_fives", 2), ("vn_schoolnet", 4)])
def test_points_columns(page, site, guard, tmp_path, artifacts, variant, players):
    record, match = record_of(variant, {"players": players}, 3, 2)
    dialog = open_record(page, site, tmp_path, record, "desktop")
    assert dialog.locator("#result-table tbody tr").count() == players
    head = dialog.locator("#result-table thead").inner_text()
    if variant == "all_fives":
        assert "In play" in head and "End bonus" in head
    assert dialog.locator("#result-items").is_hidden()
    assert dialog.locator("#result-board tbody tr").count() == 2
    shoot(page, artifacts, variant)


def test_each_row_says_why_it_is_what_it_is(page, site, guard, tmp_path, artifacts):
    """Issue 25: kozel, seed 1 (random moves): seat 2 records 18 and opens its record; seats
    1 and 3 hold 5 and 2 points, under 13 with their records closed, and record nothing."""
    record, match = record_of("kozel", {"players": 4}, 1, 1)
    assert match.results[-1].details["recorded"] == [0, 18, 0, 0]
    dialog = open_record(page, site, tmp_path, record)
    rows = dialog.locator("#result-table tbody tr")
    why = {int(rows.nth(i).get_attribute("data-seat")): rows.nth(i).locator(".why").all_inner_texts()
           for i in range(rows.count())}
    assert why[0] == ["5 not recorded: the record opens at 13"]
    assert why[1] == ["Record opened: 18 recorded"]
    assert why[2] == ["2 not recorded: the record opens at 13"]
    assert why[3] == ["Went out: records nothing"]
    settle(page)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.screenshot(path=str(artifacts / f"first_why_kozel_{size}.png"))
