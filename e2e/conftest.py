"""Browser tests against the built dist/ (pytest-playwright, Debian's Chromium).

A session fixture builds dist/ when an input changed and serves it on a free port of
127.0.0.1. Every test's page records console errors, page errors and requests that leave the
page's origin; `guard` fails the test on any of them.
"""

import os
import threading
from pathlib import Path

import netns
import pytest

import build

ROOT = Path(__file__).resolve().parents[1]

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
        elif message.text.startswith("motion off:"):
            # The table stopped animating after a failure in a frame (a warning, since the
            # player still sees the still table): a bug all the same.
            self.errors.append(f"console.warn: {message.text}")

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


@pytest.fixture(autouse=True)
def _no_device_snapshot(request):
    """The page makes the engine's memory snapshot when idle on the menu (W-62): a second
    Pyodide start and 31 MB written, which only the tests marked `snapshot` want."""
    if "page" in request.fixturenames and request.node.get_closest_marker("snapshot") is None:
        request.getfixturevalue("page").add_init_script("window.dominoSnapshotOff = true")


@pytest.fixture
def guard(page, site):
    """Watch the page; fail the test on a console error or a request to another origin."""
    watcher = Guard(page, site)
    yield watcher
    watcher.check()


def wait_engine(page, timeout=ENGINE_TIMEOUT_MS):
    """Wait until the engine worker answered `ready` and what start-up sends has been
    answered (a link's match, or the saved match a reload returns to, issue 25)."""
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=timeout)
    page.wait_for_selector("html[data-started=done]", state="attached", timeout=timeout)


# The computers' speed "instant" (settings.py), unless the page's storage already holds the
# player's settings (a reload keeps what the test chose since): no pause after a computer's
# move, short motion, the result at once (DECISIONS W-143).
INSTANT = """(() => {
  try {
    if (!localStorage.getItem('domino.settings')) {
      localStorage.setItem('domino.settings', JSON.stringify({speed: 'instant'}));
    }
  } catch (e) {}
})()"""


def computers_at_once(page):
    """Open the page's next documents at the computers' instant speed (call before goto): for
    a test that plays whole hands against computers and checks what comes of them, not the
    pace at which they play (that is the default speed's, which most tests keep). Each
    computer's move at the default speed costs about a second of pause and motion."""
    page.add_init_script(INSTANT)


def back_to_menu(page):
    """The menu, from the table a reload returned to (issue 25), or where the page is."""
    if page.locator("#game").is_visible():
        page.click("#menu-button")
    page.locator("#menu").wait_for(state="visible")


def open_custom(page):
    """Open the custom match's form, behind the game tiles of the first screen (issue 25),
    to choose the game, players, seats and house rules by hand."""
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    if page.locator("#custom-box").get_attribute("open") is None:
        page.click("#custom-box > summary")
    page.locator("#variant").wait_for(state="visible")


def import_record(page, path, record):
    """Write `record` (a dict, or the file's text as it is) to `path` and open it as a player's
    file through the menu's "Open a record" (#import); the page must be where #import is."""
    import json

    path.write_text(record if isinstance(record, str) else json.dumps(record))
    page.set_input_files("#import", str(path))


def open_record(page, site, tmp_path, record):
    """Open the page, wait for the engine, open `record` (a finished hand's: `import_record`)
    and wait for its end-of-hand dialog; returns the dialog."""
    page.goto(site)
    wait_engine(page)
    import_record(page, tmp_path / "record.json", record)
    dialog = page.get_by_role("dialog")
    dialog.wait_for(state="visible", timeout=30_000)
    return dialog


def open_deep_link(page, site, fragment):
    """Open the match a deep link describes and wait until its table is shown; when the page
    asks first because a match is in progress (issue 28), the link's match is started (the
    other stays saved)."""
    page.goto(site + "index.html#" + fragment)
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden]), #link-confirm:not([hidden])", timeout=30_000)
    if page.locator("#link-confirm").is_visible():
        page.click("#link-start")
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)


# What Playwright says when the element it was about to click left the page or stopped being
# clickable because the page drew a new state meanwhile (the only click failure a test of a
# live table retries; any other is raised).
RERENDERED = ("not attached", "detached", "not visible", "not stable", "intercepts pointer",
              "Timeout")


def click_unless_rerendered(locator):
    """Click `locator`; False (and no click) when the page re-rendered it away first."""
    from playwright.sync_api import Error

    try:
        locator.click(timeout=2000)
    except Error as exc:
        if not any(words in str(exc) for words in RERENDERED):
            raise
        return False
    return True


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
            if click_unless_rerendered(move.first):
                clicks += 1
            assert clicks <= max_clicks, "too many moves for one hand"
            continue
        tile = page.locator("#hand .tile.playable:not([data-move])")
        if tile.count():
            click_unless_rerendered(tile.first)
            continue
        page.wait_for_timeout(100)
    raise AssertionError("the hand did not end in time")


# The table drawn, not only rendered: its first draw after the game screen is shown waits for
# the next frame (DECISIONS W-116), and `html[data-state]` is said only then.
DRAWN = "!document.documentElement.dataset.drawing"


def wait_my_turn(page, timeout=60_000):
    """Wait until the one human is to move (the computers have answered) and the table shows it."""
    page.wait_for_function(
        "document.querySelector('#turn').textContent === 'Your turn'"
        " && document.querySelectorAll('#game [data-move], #hand .tile.playable').length > 0"
        " && " + DRAWN, timeout=timeout)


def play_first_move(page):
    """Click a legal move: a tile with one placement, else a tile and then its first end."""
    direct = page.locator("#game [data-move]:visible")
    if direct.count():
        move = direct.first.get_attribute("data-move")
        direct.first.click()
        return move
    page.locator("#hand .tile.playable").first.click()
    choice = page.locator("#choice [data-move]").first
    move = choice.get_attribute("data-move")
    choice.click()
    return move


def shown_state(page):
    """The state_id of the position the page shows (html[data-state])."""
    value = page.evaluate("document.documentElement.dataset.state || '0'")
    return int(value)


def play_and_wait(page):
    """Play a legal move (`play_first_move`), wait until the page shows the answer, then until
    the one human is to move again (or the hand is over). Returns the move."""
    before = shown_state(page)
    move = play_first_move(page)
    page.wait_for_function(f"Number(document.documentElement.dataset.state || 0) > {before}",
                           timeout=30_000)
    page.wait_for_function(
        "((document.querySelector('#turn').textContent === 'Your turn'"
        " && document.querySelectorAll('#game [data-move], #hand .tile.playable').length > 0)"
        " || document.querySelector('#result-open') && !document.querySelector('#result-open').hidden)"
        " && " + DRAWN, timeout=60_000)
    return move


def settle(page, timeout=30_000):
    """Wait until the page has drawn what it has: the table still (no animation running:
    `html[data-table]`) and two animation frames painted since (a screenshot then shows the
    settled page, a resize its new layout)."""
    page.wait_for_function("document.documentElement.dataset.table !== 'moving'",
                           timeout=timeout)
    page.evaluate("new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def hand_tiles(page):
    """The tiles of the hand shown, sorted."""
    return sorted(page.locator("#hand .tile").evaluate_all(
        "nodes => nodes.map(n => n.dataset.tile)"))


def wait_until(page, condition, timeout_s=30.0, what="the condition"):
    """Poll `condition()` (a Python callable) until it returns a true value, and return it.
    For what the page cannot wait for itself, such as the worker's storage."""
    import time

    deadline = time.monotonic() + timeout_s
    while True:
        value = condition()
        if value:
            return value
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}")
        page.wait_for_timeout(100)


# --- what the engine worker sends and keeps -------------------------------------------------

# Everything the engine worker sends the page comes on one path, the worker's own postMessage,
# as envelopes `{kind, id, text}` that boot.js's `engine.receive` takes. This init script wraps
# that function as soon as boot.js defines `window.dominoBoot`, so a test sees each text exactly
# as the page received it, in order.
CAPTURE_ANSWERS = """
(() => {
  const seen = [];
  window.__engineAnswers = seen;
  Object.defineProperty(window, "dominoBoot", {
    configurable: true,
    set(boot) {
      const receive = boot.engine.receive;
      boot.engine.receive = function (data) {
        if (data && typeof data.text === "string") seen.push(JSON.stringify(data.text));
        return receive.call(this, data);
      };
      Object.defineProperty(window, "dominoBoot", { value: boot, writable: true, configurable: true });
    },
  });
})();
"""


def capture_answers(page):
    """Record every answer the page receives from the engine worker (call before goto)."""
    page.add_init_script(CAPTURE_ANSWERS)


def engine_answers(page):
    """The answers captured so far, oldest first, as (text, decoded object)."""
    import json

    out = []
    for raw in page.evaluate("window.__engineAnswers || []"):
        try:
            data = json.loads(raw)
        except ValueError:
            continue
        items = data if isinstance(data, list) else [data]
        for item in items:
            if not isinstance(item, str) or not item.startswith("{"):
                continue
            try:
                answer = json.loads(item)
            except ValueError:
                continue
            if isinstance(answer, dict) and "type" in answer:
                out.append((item, answer))
    return out


# The page's public summary of the saved match (web/page/app.py).
SUMMARY_KEY = "domino.saved.v2"

# The worker's save (web/worker/worker.py): IndexedDB `domino` (version 3), stores `saves`,
# `history` and `reviews`. Opening it here creates the stores as the worker would, so the worker never finds
# a database without them.
IDB_OPEN = """
const open = () => new Promise((resolve, reject) => {
  const request = indexedDB.open("domino", 3);
  request.onupgradeneeded = () => {
    for (const name of ["saves", "history", "reviews"]) {
      if (!request.result.objectStoreNames.contains(name)) request.result.createObjectStore(name);
    }
  };
  request.onsuccess = () => resolve(request.result);
  request.onerror = () => reject(request.error);
});
"""


def worker_saves(page):
    """Every save the worker keeps (one per match: web/worker/save_log.py's rows), each assembled as
    `{"record", "seats", "summary", "public", "history_id", "started_at", "stand_ins"}`, newest
    first."""
    return page.evaluate("async () => {" + IDB_OPEN + """
      const db = await open();
      let rows;
      try {
        rows = await new Promise((resolve, reject) => {
          const store = db.transaction("saves").objectStore("saves");
          const keys = store.getAllKeys();
          const values = store.getAll();
          values.onsuccess = () => resolve(keys.result.map((k, i) => [String(k), values.result[i]]));
          values.onerror = () => reject(values.error);
        });
      } finally { db.close(); }
      const saves = {};
      for (const [key, value] of rows) {
        if (key.startsWith("match:")) {
          const head = JSON.parse(value);
          saves[key.slice(6)] = Object.assign(saves[key.slice(6)] || {}, head, { moves: [] });
        }
      }
      for (const [key, value] of rows) {
        if (key.startsWith("state:") && saves[key.slice(6)]) {
          Object.assign(saves[key.slice(6)], JSON.parse(value));
        }
        if (key.startsWith("move:")) {
          const [, id, hand, index] = key.match(/^move:(.*):(\\d+):(\\d+)$/);
          if (saves[id]) saves[id].moves.push([Number(hand), Number(index), value]);
        }
      }
      const out = Object.values(saves).map((save) => {
        save.moves.sort((a, b) => a[0] - b[0] || a[1] - b[1]);
        const record = save.record;
        record.hands.forEach((hand) => { hand.moves = []; });
        for (const [hand, , move] of save.moves) record.hands[hand].moves.push(move);
        return { record, seats: save.seats, summary: save.summary || {}, public: save.public,
                 history_id: save.history_id, started_at: save.started_at,
                 stand_ins: save.stand_ins || {} };
      });
      out.sort((a, b) => (b.summary.saved_at || 0) - (a.summary.saved_at || 0));
      return out;
    }""")


def worker_save(page, key=None):
    """The newest save the worker keeps, as JSON text (`worker_saves`), or None; with `key`,
    the raw text of that row of the store `saves` (`set_aside`, or `match`: a save of the
    earlier builds)."""
    if key is None:
        import json

        saves = worker_saves(page)
        return json.dumps(saves[0]) if saves else None
    return page.evaluate("async (key) => {" + IDB_OPEN + """
      const db = await open();
      try {
        return await new Promise((resolve, reject) => {
          const request = db.transaction("saves").objectStore("saves").get(key);
          request.onsuccess = () => resolve(request.result === undefined ? null : request.result);
          request.onerror = () => reject(request.error);
        });
      } finally { db.close(); }
    }""", key)


def put_worker_save(page, text, key="match", store="saves"):
    """Store `text` where the worker keeps its save, or in its `store` (a test's way to
    damage them)."""
    page.evaluate("async ([key, text, store]) => {" + IDB_OPEN + """
      const db = await open();
      try {
        await new Promise((resolve, reject) => {
          const tx = db.transaction(store, "readwrite");
          tx.objectStore(store).put(text, key);
          tx.oncomplete = () => resolve();
          tx.onerror = () => reject(tx.error);
        });
      } finally { db.close(); }
    }""", [key, text, store])


def pytest_configure(config):
    """Screenshots need the artifacts folder; keep Playwright's own output there too."""
    os.makedirs(ARTIFACTS, exist_ok=True)


def is_namespace_run(item):
    """A friends file's wrapper test, which runs (a part of) its file again in a namespace."""
    return getattr(item, "originalname", item.name).endswith("_in_namespace")


@pytest.hookimpl(trylast=True)
def pytest_collection_modifyitems(config, items):
    """Inside a namespace made for one part of a file (`netns.PART`), only that part's tests
    (DECISIONS W-149). Elsewhere the friends files' `*_in_namespace` tests first (W-144),
    dealt one to each pytest-xdist worker (W-149). Last of the hooks (trylast), so that it
    sees the items `-m`, `-k` and `--deselect` left."""
    if netns.PART:
        keep_part(config, items, netns.PART)
    else:
        namespace_runs_first(config, items)


def keep_part(config, items, part):
    """Keep part `part` ("i/n") of the items, split by their measured seconds (the module's
    NAMESPACE_SECONDS, netns.split); the wrappers are left out (they would only skip). Says
    "netns part i/n: k of N tests" for the wrapper to check."""
    index, count = netns.read_part(part)
    tests = [item for item in items if not is_namespace_run(item)]
    measured = {}
    for item in tests:
        measured.update(getattr(item.module, "NAMESPACE_SECONDS", {}))
    by_name = netns.expected_seconds([item.name for item in tests], measured)
    seconds = {item.nodeid: by_name[item.name] for item in tests}
    mine = set(netns.split(seconds, count)[index - 1])
    kept = [item for item in tests if item.nodeid in mine]
    dropped = [item for item in items if item.nodeid not in mine]
    if dropped:
        config.hook.pytest_deselected(items=dropped)
    items[:] = kept
    config.pluginmanager.register(_PartLine(f"netns part {part}: {len(kept)} of {len(tests)} tests"))


class _PartLine:
    """Prints the part's line once collection is done (`keep_part`)."""

    def __init__(self, line):
        self.line = line

    def pytest_report_collectionfinish(self):
        return [self.line]


def namespace_runs_first(config, items):
    """The `*_in_namespace` tests first: each runs (a part of) a file again in a namespace
    (minutes each), so they start at once beside the others instead of one finishing alone
    after every other test. With pytest-xdist's `load` scheduling each worker first gets a
    chunk of consecutive items (`max(2, items // workers // 4)`, xdist's LoadScheduling): the
    wrappers are dealt round the workers, one at the head of each worker's chunk, so that two
    parts of one file run on two workers at once rather than one after the other. The order
    is otherwise kept; no test depends on another's."""
    runs = [item for item in items if is_namespace_run(item)]
    rest = [item for item in items if not is_namespace_run(item)]
    workers = int(getattr(config, "workerinput", {}).get("workercount", 1))
    if workers < 2 or not runs:
        items[:] = runs + rest
        return
    chunk = max(2, len(items) // workers // 4)
    most = config.getoption("maxschedchunk", None)
    if most:
        chunk = max(2, min(chunk, most))
    dealt = [runs[w::workers] for w in range(workers)]
    ordered = []
    for heads in dealt:
        ordered += heads
        take = max(0, chunk - len(heads))
        ordered += rest[:take]
        rest = rest[take:]
    items[:] = ordered + rest


def tile_key(a, b):
    """A tile's canonical notation, high half first ("6-3")."""
    return f"{max(a, b)}-{min(a, b)}"


def mexican_choices(players, seeds, own_train_first=False):
    """Mexican Train positions where seat 0 (the human when the page opens the record) is to
    move with a tile that fits two trains or more, found by playing seeded hands in CPython:
    yields (record, state, fits), `state` the session's answer to loading the record and
    `fits` {tile: how many placements}. Moves are uniformly random, or each player's own
    train first when `own_train_first` (as players build: random moves grow the Mexican
    train to thirty tiles). The tests that need a case the page must meet (trains that
    outgrow the table, targets far apart) take the first that shows it, on every run."""
    import json
    import random

    from domino import Match
    from domino.session import Session

    for seed in seeds:
        rng = random.Random(seed)
        match = Match.new("mexican_train", {"players": players}, seed)
        while not match.hand_over:
            legal = match.legal()
            fits = {}
            for m in legal:
                if m.tile is not None:
                    fits[tile_key(*m.tile)] = fits.get(tile_key(*m.tile), 0) + 1
            if match.to_move == 0 and max(fits.values(), default=0) > 1:
                record = match.to_record()
                state = json.loads(Session().handle(json.dumps(
                    {"type": "load_record", "record": record})))
                yield record, state, fits
            own = [m for m in legal if m.tile is not None and m.end == f"T{match.to_move}"]
            match.play(rng.choice((own if own_train_first else []) or legal))

