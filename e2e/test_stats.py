"""Statistics: after three finished matches the statistics screen counts them (the figures the
engine's own records give), draws its charts, fits every screen size, passes axe and works by
keyboard; the history exported as one file and imported into a cleared history gives the
same statistics, after a reload too; an import says what it added, what it set aside and why;
an entry of the first history schema is read, its hands replayed, and stored upgraded."""

import json

import history
import match_stats
import pytest
import test_axe
import textfmt
from conftest import IDB_OPEN, put_worker_save, settle, wait_engine, wait_until
from test_axe import BLOCKING, describe, run_axe
from test_history import history_keys, open_history
from test_summary import open_record, record_of

from domino.session import history as hand_history

axe_source = test_axe.axe_source  # the fixture: axe-core's text
SIZES = [(320, 568), (390, 844), (844, 390), (1366, 768), (1920, 1080)]
MATCHES = [("block", {"players": 2}, 4), ("block", {"players": 2}, 5),
           ("kozel", {"players": 3}, 5)]


def history_text(page, key):
    return page.evaluate("async (key) => {" + IDB_OPEN + """
      const db = await open();
      try {
        return await new Promise((resolve, reject) => {
          const request = db.transaction("history").objectStore("history").get(key);
          request.onsuccess = () => resolve(request.result === undefined ? null : request.result);
          request.onerror = () => reject(request.error);
        });
      } finally { db.close(); }
    }""", key)


def expected_stats(played):
    """The statistics of the matches as the engine played them (seat 0 the human, the others
    medium computers, as a record opened from a file is seated)."""
    entries = []
    for i, (variant, options, seed) in enumerate(played):
        record, match = record_of(variant, options, seed, 200)
        state = {"variant": variant, "players": options["players"], "viewer": 0,
                 "match": match.summary(), "history": hand_history(match),
                 "reading": {"standing": match.rs.standing_rule.name,
                             "better": match.rs.standing_rule.better}}
        seats = ["human"] + ["ai"] * (options["players"] - 1)
        entries.append(history.make_entry(str(i), record, seats, state, True, 0, i))
    return match_stats.compute(entries)


def open_stats(page):
    if page.locator("#result-menu").is_visible():  # a finished match's summary
        page.click("#result-menu")
    elif page.locator("#menu-button").is_visible():
        page.click("#menu-button")
    page.wait_for_function("!document.querySelector('#stats-open').disabled", timeout=30_000)
    page.click("#stats-open")
    page.wait_for_selector("#stats:not([hidden])")
    wait_counted(page)


def wait_counted(page):
    """Until the worker's figures are shown (or the screen says there are none)."""
    page.wait_for_function("!document.querySelector('#stats-body').hidden"
                           " || !document.querySelector('#stats-empty').hidden", timeout=30_000)


def shown(page):
    """What the statistics screen says: the game's table and the charts' sentences."""
    return page.evaluate("""() => [...document.querySelectorAll(
        '#stats-table tr, #stats-game option, #stats svg title, #stats-empty:not([hidden])')]
        .map(n => n.textContent.trim()).join('\\n')""")


def row(page, label):
    """The cells of the figures' row `label` (all levels first)."""
    return page.evaluate("""(label) => {
      for (const tr of document.querySelectorAll('#stats-table tbody tr')) {
        if (tr.querySelector('th').textContent === label)
          return [...tr.querySelectorAll('td')].map(td => td.textContent);
      }
      return null;
    }""", label)


def fits(page):
    return page.evaluate("document.documentElement.scrollWidth <= window.innerWidth + 1")


def test_three_matches_counted_exported_and_imported_back(page, site, guard, tmp_path,
                                                          artifacts, axe_source):
    for i, (variant, options, seed) in enumerate(MATCHES):
        record, _match = record_of(variant, options, seed, 200)
        open_record(page, site, tmp_path, record)
        wait_until(page, lambda i=i: len(history_keys(page)) == i + 1,
                   what="the finished match kept")
    want = expected_stats(MATCHES)
    block = [g for g in want["games"] if g["variant"] == "block"][0]["all"]
    kozel = [g for g in want["games"] if g["variant"] == "kozel"][0]["all"]
    assert block["matches"] == 2 and kozel["matches"] == 1

    open_stats(page)
    options = page.locator("#stats-game option")
    assert options.count() == 2
    assert options.nth(0).inner_text() == "Block · matches: 2"
    assert options.nth(1).inner_text() == "Kozel (Goat) · matches: 1"
    pct = round(100 * block["won"] / 2)
    assert row(page, "Matches won")[0] == f"{block['won']} of 2 ({pct}%)"
    hands_pct = round(100 * block["hands_won"] / block["hands"])
    assert row(page, "Hands won")[0] == \
        f"{block['hands_won']} of {block['hands']} ({hands_pct}%)"
    assert row(page, "Best hand")[0] == str(block["best_hand"])
    assert row(page, "Accuracy in reviews") == ["no reviews yet"]
    # One level only: its column alone (no "all levels" repeating it).
    assert page.locator("#stats-table thead th").all_inner_texts() == ["Against", "medium"]
    assert page.locator("#stats-results svg rect").count() == 2
    assert page.locator("#stats-results svg text.value").all_text_contents() == \
        [str(v["value"]) for v in [g for g in want["games"] if g["variant"] == "block"][0]
         ["series"]]
    assert page.locator("#stats-levels svg title").text_content().startswith(
        "Matches won, by the computers' level: medium ")
    for width, height in SIZES:
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        assert fits(page), f"the statistics overflow at {width}x{height}"
        page.screenshot(path=str(artifacts / f"stats-{width}x{height}.png"), full_page=True)
    # By keyboard: the game is chosen with the arrow keys, the table scrolls by focus.
    page.set_viewport_size({"width": 390, "height": 844})
    page.focus("#stats-game")
    page.keyboard.press("ArrowDown")
    page.wait_for_function("document.querySelector('#stats-table caption').textContent"
                           " === 'Kozel (Goat)'")
    assert row(page, "Times the goat")[0] == str(kozel["goats"])
    page.keyboard.press("Tab")
    assert page.evaluate("document.activeElement.className") == "stats-scroll"
    page.screenshot(path=str(artifacts / "stats-390x844-kozel.png"), full_page=True)
    for width, height in ((390, 844), (1366, 768)):
        page.set_viewport_size({"width": width, "height": height})
        violations = [v for v in run_axe(page, axe_source) if v["impact"] in BLOCKING]
        assert not violations, describe(violations)
    page.set_viewport_size({"width": 390, "height": 844})
    page.keyboard.press("Shift+Tab")
    page.keyboard.press("ArrowUp")  # back to Block
    page.wait_for_function("document.querySelector('#stats-table caption').textContent"
                           " === 'Block'")
    before = shown(page)

    # Export the whole history, then clear it: no statistics.
    page.click("#stats-history")
    page.wait_for_selector("#history:not([hidden])")
    with page.expect_download() as info:
        page.click("#history-export-all")
    path = info.value.path()
    assert info.value.suggested_filename.startswith("domino-history-")
    data = json.loads(open(path, encoding="utf-8").read())
    assert data["format"] == "domino-history" and data["version"] == 1
    assert len(data["entries"]) == 3 and all(e["record"]["hands"] for e in data["entries"])
    assert page.locator("#history-report").inner_text() == \
        "History exported: 3 matches in the file."
    page.click("#history-clear")
    page.click("#history-clear-yes")
    page.wait_for_selector("#history-empty:not([hidden])")
    open_stats(page)
    assert page.locator("#stats-empty").is_visible()
    page.screenshot(path=str(artifacts / "stats-390x844-empty.png"))

    # Import it back: the same statistics, and again after a reload.
    open_history(page)
    page.set_input_files("#history-import", path)
    page.wait_for_function("document.querySelector('#history-report').textContent"
                           ".startsWith('Imported')", timeout=30_000)
    assert page.locator("#history-report").inner_text() == \
        "Imported: 3 new, 0 updated; already here: 0."
    assert page.locator("#history-list .history-entry").count() == 3
    page.click("#history-stats")
    page.wait_for_selector("#stats:not([hidden])")
    wait_counted(page)
    assert shown(page) == before
    page.reload()
    wait_engine(page)
    open_stats(page)
    assert shown(page) == before
    # The same file again adds nothing; a damaged entry is set aside and said; a file that
    # is no history is refused with the reason.
    open_history(page)
    page.set_input_files("#history-import", path)
    page.wait_for_function("document.querySelector('#history-report').textContent"
                           ".startsWith('Imported: 0')", timeout=30_000)
    assert page.locator("#history-report").inner_text() == \
        "Imported: 0 new, 0 updated; already here: 3."
    damaged = dict(data, entries=[dict(data["entries"][0], id="x-1", hands="many")])
    bad = tmp_path / "damaged.json"
    bad.write_text(json.dumps(damaged))
    page.set_input_files("#history-import", str(bad))
    page.wait_for_function("document.querySelector('#history-report').textContent"
                           ".includes('Set aside')", timeout=30_000)
    report = page.locator("#history-report").inner_text()
    assert report == ("Imported: 0 new, 0 updated; already here: 0. Set aside, could not be "
                      "read: 1 (field hands is missing or not int)."), report
    assert "aside/x-1" in history_keys(page)
    assert page.locator("#history-status").inner_text().startswith("1 entries could not be read")
    page.screenshot(path=str(artifacts / "history-390x844-import.png"), full_page=True)
    other = tmp_path / "record.json"
    other.write_text(json.dumps(data["entries"][0]["record"]))
    page.set_input_files("#history-import", str(other))
    page.wait_for_function("document.querySelector('#history-report').textContent"
                           ".startsWith('This file')", timeout=30_000)
    assert page.locator("#history-report").inner_text() == \
        "This file cannot be imported: it is not a match history file"
    # In Russian too.
    page.select_option("#lang", "ru")
    assert page.locator("#history-stats").inner_text() == "Статистика"


@pytest.mark.parametrize("lang", ["vi", "ru"])
def test_the_statistics_read_in_each_language(page, site, guard, artifacts, lang):
    """An older (schema 1) entry of a real match: read, its hands replayed by the worker,
    stored upgraded; the screen's words in the language."""
    page.goto(site)
    wait_engine(page)
    record, match = record_of("vn_iwin", {"players": 4}, 11, 2)
    entry = {"v": 1, "id": "1-1", "saved_at": 1764547200000, "started_at": 1764547200000,
             "variant": "vn_iwin", "players": 4, "seats": ["human", "ai:hard", "ai", "ai"],
             "hands": 2, "finished": True,
             "match": {k: v for k, v in match.summary().items() if k in ("balances",)},
             "standing": "money", "better": "higher", "viewer": 0, "record": record}
    put_worker_save(page, json.dumps(entry), key="1-1", store="history")
    page.select_option("#lang", lang)
    open_stats(page)
    assert page.locator("#stats-title").inner_text() == {"vi": "Thống kê", "ru": "Статистика"}[lang]
    hands = row(page, {"vi": "Ván thắng", "ru": "Выиграно конов"}[lang])
    won = sum(1 for h in hand_history(match) if h["winner"] == 0)
    assert hands[0].startswith(f"{won} / 2" if lang == "vi" else f"{won} из 2"), hands
    assert page.locator("#stats-table thead th").all_inner_texts()[1] == \
        {"vi": "nhiều mức", "ru": "разные уровни"}[lang]
    money = row(page, {"vi": "Tiền thắng thua", "ru": "Выигрыш или проигрыш"}[lang])
    assert money[0] == textfmt.money_text(lang, match.summary()["balances"][0])
    page.set_viewport_size({"width": 390, "height": 844})
    page.screenshot(path=str(artifacts / f"stats-390x844-{lang}.png"), full_page=True)
    stored = json.loads(history_text(page, "1-1"))
    assert stored["v"] == history.SCHEMA_VERSION
    assert [h["delta"] for h in stored["results"]] == [h["delta"] for h in hand_history(match)]
