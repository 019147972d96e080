"""Service worker updates: a new build is offered, applied on request, and old caches go."""

import shutil
import threading

from conftest import Guard, wait_engine

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
        for _ in range(60):
            keys = page.evaluate("caches.keys()")
            if keys == [new_cache]:
                break
            page.wait_for_timeout(500)
        assert keys == [new_cache]
        assert "a new build" in page.evaluate(
            "fetch('./app.css').then(r => r.text())")
        guard.check()
    finally:
        server.shutdown()
        server.server_close()
