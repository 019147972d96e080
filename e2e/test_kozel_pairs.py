"""Kozel in pairs on the page (issue 27): the setup screen offers it with four players only,
the seats show the teams and each team's record, and a hand plays to its summary.

RULES.md: 2.5 (Kozel in pairs)
"""

from conftest import open_custom, open_deep_link, play_hand, wait_engine

PAIRS = "variant=kozel&players=4&seed=2&seats=human,ai,ai,ai&opt.partnership=true&lang=en"


def test_setup_offers_play_in_pairs_with_four_players(page, site, guard):
    page.goto(site + "index.html#lang=en")
    wait_engine(page)
    open_custom(page)
    page.select_option("#variant", "kozel")
    page.select_option("#players", "4")
    page.locator("#options-box summary").click()
    assert page.locator("#options").get_by_text("Play in pairs").count() == 1
    page.select_option("#players", "3")
    assert page.locator("#options").get_by_text("Play in pairs").count() == 0


def test_pairs_seats_show_teams_and_the_team_record(page, site, guard):
    open_deep_link(page, site, PAIRS)
    seats = page.locator(".seat")
    assert seats.count() == 4
    for i in range(4):
        seat = page.locator(f'.seat[data-seat="{i}"]')
        assert f"team {i % 2 + 1}" in seat.locator(".team").inner_text()
        assert seat.locator(".standing .label").inner_text() == "Team record"
    # 7 tiles each and no market (RULES.md 2.5): the partner opposite holds 7 at the start.
    assert page.locator('.seat[data-seat="2"] .seat-count').inner_text() in ("7 tiles", "6 tiles")
    play_hand(page, timeout_s=300)
    table = page.locator("#result-table tbody")
    assert table.locator("tr").count() == 4
    totals = [table.locator(f'tr[data-seat="{i}"] [data-col="total"]').inner_text()
              for i in range(4)]
    assert totals[0] == totals[2] and totals[1] == totals[3], totals
