"""Browser tests against the built dist/ (pytest-playwright, Debian's Chromium).

A session fixture builds dist/ when an input changed and serves it on a free port of
127.0.0.1. Every test's page records console errors, page errors and requests that leave the
page's origin; `guard` fails the test on any of them.
"""

import os
import sys
import threading
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import build  # noqa: E402

ARTIFACTS = ROOT / "e2e" / "artifacts"
CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = [
    "--no-sandbox",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]
# PyScript warns once that a worker without SharedArrayBuffer cannot reach the DOM; the engine
# worker never needs the DOM (DESIGN.md), so that warning is expected and is not an error.
ENGINE_TIMEOUT_MS = 90_000


@pytest.fixture(scope="session")
def browser_type_launch_args(browser_type_launch_args):
    """Debian's Chromium (Playwright's own browsers cannot be downloaded here)."""
    args = dict(browser_type_launch_args)
    if CHROMIUM.exists():
        args["executable_path"] = str(CHROMIUM)
    args["args"] = LAUNCH_ARGS + list(args.get("args", []))
    return args


@pytest.fixture(scope="session")
def site():
    """Build dist/ if needed and serve it; yields the base URL (ending in /)."""
    build.build_if_needed()
    server = build.make_server(0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{server.server_address[1]}/"
    server.shutdown()
    server.server_close()


@pytest.fixture(scope="session")
def artifacts():
    """The folder for screenshots (gitignored)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    return ARTIFACTS


class Guard:
    """Collects what must not happen on a page: console errors, uncaught errors, requests to
    another origin."""

    def __init__(self, page, origin):
        self.origin = origin.rstrip("/")
        self.errors = []
        self.foreign = []
        self.requests = []
        page.on("console", self._console)
        page.on("pageerror", lambda exc: self.errors.append(f"pageerror: {exc}"))
        page.on("request", self._request)

    def _console(self, message):
        if message.type == "error":
            self.errors.append(f"console.error: {message.text}")

    def _request(self, request):
        url = request.url
        self.requests.append(url)
        if url.startswith(self.origin + "/") or url.startswith("blob:" + self.origin + "/"):
            return
        if url.startswith("data:"):
            return
        self.foreign.append(url)

    def check(self):
        assert not self.foreign, f"requests left the origin: {self.foreign}"
        assert not self.errors, "errors on the page:\n" + "\n".join(self.errors)


@pytest.fixture
def guard(page, site):
    """Watch the page; fail the test on a console error or a request to another origin."""
    watcher = Guard(page, site)
    yield watcher
    watcher.check()


def wait_engine(page, timeout=ENGINE_TIMEOUT_MS):
    """Wait until the engine worker answered `ready`."""
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=timeout)


def open_deep_link(page, site, fragment):
    """Open the match a deep link describes and wait until its table is shown."""
    page.goto(site + "index.html#" + fragment)
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)


def play_hand(page, max_clicks=400, timeout_s=240.0):
    """Play the human seats of the current hand by clicking `data-move` controls, until the
    hand-end dialog shows. A tile with several ends is clicked first to open the choice.
    Returns the number of moves clicked."""
    import time

    clicks = 0
    deadline = time.monotonic() + timeout_s
    dialog = page.get_by_role("dialog")
    while time.monotonic() < deadline:
        if dialog.is_visible():
            return clicks
        handoff = page.locator("#handoff-ready")
        if handoff.is_visible():
            handoff.click()
            continue
        move = page.locator("#game [data-move]:visible")
        if move.count():
            try:
                move.first.click(timeout=2000)
                clicks += 1
            except Exception:  # noqa: BLE001 - the page re-rendered under the click; retry
                pass
            assert clicks <= max_clicks, "too many moves for one hand"
            continue
        tile = page.locator("#hand .tile.playable:not([data-move])")
        if tile.count():
            try:
                tile.first.click(timeout=2000)
            except Exception:  # noqa: BLE001 - re-rendered; retry
                pass
            continue
        page.wait_for_timeout(100)
    raise AssertionError("the hand did not end in time")


def pytest_configure(config):
    """Screenshots need the artifacts folder; keep Playwright's own output there too."""
    os.makedirs(ARTIFACTS, exist_ok=True)
