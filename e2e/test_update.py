"""Service worker updates: a new build is offered, applied on request, and old caches go; the
match history kept by the old build is still there, listed, after the update (issue 13)."""

import shutil
import threading

from conftest import Guard, wait_engine, wait_until
from test_history import history_keys, open_history
from test_summary import open_record, record_of

import build


def test_a_new_build_replaces_the_old_cache(page, tmp_path):
    root = tmp_path / "site"
    build.build_if_needed()
    shutil.copytree(build.DIST, root)
    server = build.make_server(0, dist=root)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    base = f"http://127.0.0.1:{server.server_address[1]}/"
    guard = Guard(page, base)
    try:
        # A finished match, kept in the history by the old build.
        record, _match = record_of("kozel", {"players": 3}, 5, 200)
        open_record(page, base, tmp_path, record)
        wait_until(page, lambda: len(history_keys(page)) == 1, what="the finished match kept")
        kept = history_keys(page)
        page.goto(base)
        wait_engine(page)
        old = page.evaluate("caches.keys()")
        assert len(old) == 1
        # Publish a new build: one file changes, so the service worker gets a new cache name.
        with open(root / "app.css", "a", encoding="utf-8") as css:
            css.write("\n/* a new build */\n")
        new_cache = build.write_service_worker(root)
        assert new_cache != old[0]
        page.reload()
        banner = page.locator("#update-banner")
        banner.wait_for(state="visible", timeout=60_000)
        with page.expect_navigation(timeout=60_000):
            page.click("#update-reload")
        wait_engine(page)
        # The new worker deleted the old cache when it activated (evaluate awaits promises).
        wait_until(page, lambda: page.evaluate("caches.keys()") == [new_cache],
                   timeout_s=30.0, what="the old cache deleted")
        assert "a new build" in page.evaluate(
            "fetch('./app.css').then(r => r.text())")
        # The new build reads the history the old one kept.
        assert history_keys(page) == kept
        open_history(page)
        entries = page.locator("#history-list .history-entry")
        assert entries.count() == 1
        assert "Kozel" in entries.nth(0).locator(".history-title").inner_text()
        guard.check()
    finally:
        server.shutdown()
        server.server_close()
