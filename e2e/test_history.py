"""The match history: finished and replaced matches are kept by the worker, listed with their
game, players and result, exported, deleted and cleared; an entry it cannot read is set aside
and said, and a database of the first version (a save only) is upgraded with its save kept."""

import json

from conftest import (
    IDB_OPEN,
    back_to_menu,
    open_deep_link,
    play_first_move,
    put_worker_save,
    wait_engine,
    wait_my_turn,
    wait_until,
    worker_save,
)
from test_links import start_from_the_menu
from test_summary import open_record, record_of


def open_history(page):
    page.click("#menu-button") if page.locator("#menu-button").is_visible() else None
    page.locator("#history-open").wait_for(state="visible")
    page.wait_for_function("!document.querySelector('#history-open').disabled", timeout=30_000)
    page.click("#history-open")
    page.wait_for_selector("#history:not([hidden])")
    # The list is the worker's answer to this visit, not what was shown before it came.
    page.wait_for_selector("#history-list:not([aria-busy])", state="attached", timeout=30_000)
    page.wait_for_function("document.querySelector('#history-status').hidden"
                           " || !document.querySelector('#history-status').textContent"
                           ".startsWith('Reading')", timeout=30_000)


def history_keys(page):
    return page.evaluate("async () => {" + IDB_OPEN + """
      const db = await open();
      try {
        return await new Promise((resolve, reject) => {
          const request = db.transaction("history").objectStore("history").getAllKeys();
          request.onsuccess = () => resolve(request.result);
          request.onerror = () => reject(request.error);
        });
      } finally { db.close(); }
    }""")


def test_finished_and_replaced_matches_are_kept_listed_exported_and_deleted(
        page, site, guard, tmp_path, artifacts):
    # A finished kozel match, opened from its record, ends at once: it is kept, finished.
    record, _match = record_of("kozel", {"players": 3}, 5, 200)
    open_record(page, site, tmp_path, record)
    wait_until(page, lambda: len(history_keys(page)) == 1, what="the finished match kept")
    # A match played for a move, then replaced by a new one: kept, unfinished.
    open_deep_link(page, site, "variant=block&players=2&seed=4&seats=human,ai:hard")
    wait_my_turn(page)
    play_first_move(page)
    wait_until(page, lambda: json.loads(worker_save(page) or "{}").get("summary", {})
               .get("moves", 0) >= 1, what="the block match saved after a move")
    # A match started from the menu replaces it (a link would ask first and keep it saved).
    page.goto(site)
    start_from_the_menu(page)
    wait_until(page, lambda: len(history_keys(page)) == 2, what="the replaced match kept")
    open_history(page)
    entries = page.locator("#history-list .history-entry")
    assert entries.count() == 2
    newest, oldest = entries.nth(0), entries.nth(1)
    assert "Block" in newest.locator(".history-title").inner_text()
    assert "unfinished" in newest.get_attribute("class")
    assert newest.locator(".history-seats").inner_text() == "You, Computer 2 (hard)"
    assert newest.locator(".history-result").inner_text().startswith("Unfinished, at hand 1")
    assert "Kozel" in oldest.locator(".history-title").inner_text()
    result = oldest.locator(".history-result").inner_text()
    assert result.startswith("Finished after ") and "You: Record " in result, result
    assert page.locator("#history-count").inner_text() == "2 matches kept"
    page.screenshot(path=str(artifacts / "phone-history.png"))
    # Export: the kept record itself.
    with page.expect_download() as info:
        oldest.get_by_role("button", name="Export").click()
    exported = json.loads(open(info.value.path(), encoding="utf-8").read())
    assert exported["variant"] == "kozel" and exported["seed"] == record["seed"]
    assert info.value.suggested_filename == "domino-kozel-" + str(record["seed"]) + ".json"
    assert len(exported["hands"]) == len(record["hands"])
    # Delete one; then clear the rest, after saying how many.
    newest.get_by_role("button", name="Delete").click()
    page.wait_for_function("document.querySelectorAll('#history-list .history-entry')"
                           ".length === 1")
    page.click("#history-clear")
    page.locator("#history-clear-confirm").wait_for(state="visible")
    assert page.locator("#history-clear-ask").inner_text() == \
        "Delete all 1 matches of the history?"
    page.click("#history-clear-no")
    page.locator("#history-clear-confirm").wait_for(state="hidden")
    assert entries.count() == 1
    page.click("#history-clear")
    page.click("#history-clear-yes")
    page.wait_for_selector("#history-empty:not([hidden])")
    assert history_keys(page) == []
    # In Russian too.
    page.select_option("#lang", "ru")
    assert page.locator("#history-title").inner_text() == "История партий"


def test_an_unreadable_entry_is_set_aside_and_said(page, site, guard):
    page.goto(site)
    wait_engine(page)
    good = {"v": 1, "id": "1-1", "saved_at": 1764547200000, "started_at": 1764547200000,
            "variant": "draw", "players": 2, "seats": ["human", "ai"], "hands": 2,
            "finished": True, "match": {"scores": [100, 40], "leader": 0},
            "standing": "points", "better": "higher", "viewer": 0,
            "record": {"format": "domino-record"}}
    put_worker_save(page, json.dumps(good), key="1-1", store="history")
    put_worker_save(page, "{not json", key="2-2", store="history")
    put_worker_save(page, json.dumps(dict(good, id="3-3", v=99)), key="3-3", store="history")
    open_history(page)
    assert page.locator("#history-list .history-entry").count() == 1
    assert "You: Points 100" in page.locator(".history-result").inner_text()
    status = page.locator("#history-status").inner_text()
    assert status.startswith("2 entries could not be read and were set aside"), status
    assert "newer than this page" in status
    assert sorted(history_keys(page)) == ["1-1", "aside/2-2", "aside/3-3"]


def test_a_first_version_database_is_upgraded_and_its_save_kept(page, site, guard):
    """A player of the build before the history comes back: the database (version 1, the
    store `saves` only) gains the history, and the saved match is still offered."""
    page.goto(site + "rules/index.html")  # the site's origin, without the app
    page.evaluate("""() => new Promise((resolve, reject) => {
      const request = indexedDB.open("domino", 1);
      request.onupgradeneeded = () => request.result.createObjectStore("saves");
      request.onsuccess = () => { request.result.close(); resolve(); };
      request.onerror = () => reject(request.error);
    })""")
    # A real save, from a match of the current build, written into that old database.
    from domino import Match

    match = Match.new("block", {"players": 2}, 4)
    match.play(match.legal()[0])
    save = {"record": match.to_record(), "seats": ["human", "ai"],
            "summary": {"variant": "block", "players": 2, "seats": ["human", "ai"],
                        "hand_number": 1, "moves": 1, "hand_over": False,
                        "match_over": False, "saved_at": 1764547200000}}
    page.evaluate("""(text) => new Promise((resolve, reject) => {
      const request = indexedDB.open("domino", 1);
      request.onsuccess = () => {
        const tx = request.result.transaction("saves", "readwrite");
        tx.objectStore("saves").put(text, "match");
        tx.oncomplete = () => { request.result.close(); resolve(); };
        tx.onerror = () => reject(tx.error);
      };
      request.onerror = () => reject(request.error);
    })""", json.dumps(save))
    page.goto(site)
    wait_engine(page)
    # The reload returns to the saved match's table (issue 25).
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    back_to_menu(page)
    open_history(page)
    assert page.locator("#history-empty").is_visible()
    assert page.locator("#history-status").is_hidden()
    # Replaced by a new match from the menu, the resumed one is kept as unfinished.
    page.goto(site)
    wait_engine(page)
    back_to_menu(page)
    start_from_the_menu(page)
    wait_until(page, lambda: len(history_keys(page)) == 1, what="the resumed match kept")


def test_lowering_the_setting_deletes_the_oldest_at_once(page, site, guard):
    page.goto(site)
    wait_engine(page)
    for i in range(23):
        entry = {"v": 1, "id": f"{i:02d}-x", "saved_at": 1764547200000 + i * 60_000,
                 "started_at": 1764547200000, "variant": "block", "players": 2,
                 "seats": ["human", "ai"], "hands": 1, "finished": True,
                 "match": {"scores": [i, 0], "leader": 0}, "standing": "points",
                 "better": "higher", "viewer": 0, "record": {"format": "domino-record"}}
        put_worker_save(page, json.dumps(entry), key=entry["id"], store="history")
    open_history(page)
    assert page.locator("#history-count").inner_text() == "23 matches kept"
    page.select_option("#history-keep", "20")
    page.wait_for_function("document.querySelector('#history-count').textContent"
                           " === '20 matches kept'", timeout=30_000)
    assert sorted(history_keys(page)) == [f"{i:02d}-x" for i in range(3, 23)]
    # The setting is remembered.
    page.reload()
    wait_engine(page)
    open_history(page)
    assert page.locator("#history-keep").input_value() == "20"
