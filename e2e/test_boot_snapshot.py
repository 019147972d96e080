"""The engine's start from a memory snapshot made on the device (web/engine_boot.js,
web/worker/snapshot.mjs, DECISIONS W-61): a first visit starts PyScript's worker and, once the
page is idle on the menu, stores a snapshot of this build; the next loads start the engine from
it (`html[data-engine-boot=snapshot]`) and everything above the channel works as before: a
hand plays, the save resumes, and two loads deal differently (the secret seed and `random`
are not the snapshot's). A damaged snapshot is deleted, the engine starts as on a first visit
in the same load (`fallback`), and a new snapshot replaces it; after a second failure of the
same build the device makes no more of it.

RULES.md: none (the engine worker's start)
"""

import pytest
from conftest import hand_tiles, open_deep_link, play_and_wait, play_hand, wait_engine, wait_my_turn

# The page makes snapshots here (the other browser tests turn it off, e2e/conftest.py).
pytestmark = pytest.mark.snapshot

SNAPSHOT_MS = 120_000

# What engine_boot.js keeps: every key, this build's snapshot ({build, size}: its Blob's bytes,
# or null) and how many of this build's snapshots failed to restore.
READ = """async () => {
  const manifest = await (await fetch("./build-manifest.json")).json();
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("domino-engine", 1);
    request.onupgradeneeded = () => request.result.createObjectStore("snapshots");
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const store = db.transaction("snapshots").objectStore("snapshots");
    const [keys, record, failures] = await Promise.all(
      [store.getAllKeys(), store.get(manifest.inputs), store.get("failures:" + manifest.inputs)]
      .map((request) => new Promise((resolve) => {
        request.onsuccess = () => resolve(request.result);
      })));
    return {keys, build: manifest.inputs, failures: failures || 0,
            record: record ? {build: record.build, size: record.blob.size} : null};
  } finally { db.close(); }
}"""

# Replaces the stored snapshot's heap with bytes Pyodide cannot restore.
DAMAGE = """async () => {
  const manifest = await (await fetch("./build-manifest.json")).json();
  const db = await new Promise((resolve, reject) => {
    const request = indexedDB.open("domino-engine", 1);
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
  try {
    const tx = db.transaction("snapshots", "readwrite");
    const store = tx.objectStore("snapshots");
    const record = await new Promise((resolve) => {
      const request = store.get(manifest.inputs);
      request.onsuccess = () => resolve(request.result);
    });
    record.blob = new Blob([new Uint8Array(4096).fill(7)]);
    store.put(record, manifest.inputs);
    await new Promise((resolve) => { tx.oncomplete = resolve; });
  } finally { db.close(); }
}"""


def boot_path(page):
    return page.evaluate("document.documentElement.dataset.engineBoot")


def wait_stored(page):
    page.wait_for_selector("html[data-engine-snapshot=stored]", state="attached",
                           timeout=SNAPSHOT_MS)
    stored = page.evaluate(READ)
    assert stored["build"] in stored["keys"]
    assert set(stored["keys"]) <= {stored["build"], "failures:" + stored["build"]}
    assert stored["record"]["build"] == stored["build"]
    assert stored["record"]["size"] > 10_000_000  # the whole heap, tens of MB
    return stored


def deal_from_menu(page, site):
    """A fresh load started from the snapshot, a new Block match with no deal number (a link
    without one: the worker draws a secret seed): the human's tiles."""
    page.goto("about:blank")
    open_deep_link(page, site, "variant=block&players=2&seats=human,ai")
    assert boot_path(page) == "snapshot"
    page.wait_for_function("document.querySelectorAll('#hand .tile').length > 0")
    return hand_tiles(page)


def test_a_snapshot_made_on_the_device_starts_the_next_loads(page, site, guard):
    page.goto(site)
    wait_engine(page)
    assert boot_path(page) == "pyscript"
    wait_stored(page)
    # From the snapshot: a match with a computer, played and resumed after a reload.
    page.goto(site + "index.html#variant=block&players=2&seed=4&seats=human,ai")
    wait_engine(page)
    assert boot_path(page) == "snapshot"
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    wait_my_turn(page)
    play_and_wait(page)
    wait_my_turn(page)
    tiles = hand_tiles(page)
    page.goto(site + "index.html")
    wait_engine(page)
    assert boot_path(page) == "snapshot"
    # A reload mid-match returns to the table by itself (W-58).
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    page.wait_for_function("document.querySelectorAll('#hand .tile').length > 0")
    assert hand_tiles(page) == tiles
    play_hand(page)
    assert "Hand 1" in page.get_by_role("dialog").inner_text()
    # Two loads from the same snapshot deal two different hands.
    first = deal_from_menu(page, site)
    second = deal_from_menu(page, site)
    assert first != second, (first, second)
    stored = page.evaluate(READ)
    assert stored["keys"] == [stored["build"]]


def damaged_reload(page):
    """Damage the stored snapshot and reload: the engine starts through PyScript's worker in
    the same load, the snapshot deleted before it; how many failed so far."""
    page.evaluate(DAMAGE)
    assert page.evaluate(READ)["record"]["size"] == 4096
    page.reload()
    wait_engine(page)
    assert boot_path(page) == "fallback"
    stored = page.evaluate(READ)
    assert stored["record"] is None
    return stored["failures"]


def test_a_damaged_snapshot_falls_back_and_is_replaced(page, site, guard):
    page.goto(site)
    wait_engine(page)
    wait_stored(page)
    assert damaged_reload(page) == 1
    wait_stored(page)
    page.reload()
    wait_engine(page)
    assert boot_path(page) == "snapshot"
    # A second failure of the same build on this device: no more snapshots of it here.
    assert damaged_reload(page) == 2
    page.wait_for_timeout(8000)  # more than the idle wait (3 s) before a make would start
    assert page.evaluate("document.documentElement.dataset.engineSnapshot") is None
    page.reload()
    wait_engine(page)
    assert boot_path(page) == "pyscript"


# The snapshot worker's first job is held until the test lets it go: a fast machine could
# otherwise finish the make before the test leaves the menu, and there would be nothing to stop.
HOLD_FIRST_MAKE = """(() => {
  const Real = window.Worker;
  window.Worker = class extends Real {
    postMessage(...args) {
      if (!this.held && String(this.url || "").endsWith("/worker/snapshot.mjs")
          && !window.dominoTestMakeGo) {
        this.held = true;
        return;
      }
      return super.postMessage(...args);
    }
    constructor(url, options) { super(url, options); this.url = String(url); }
  };
})()"""


def test_a_snapshot_is_not_made_while_a_match_is_played(page, site, guard):
    """The make is stopped when the player leaves the menu (a computer may think) and made at
    the next idle moment on the menu."""
    page.add_init_script(HOLD_FIRST_MAKE)
    page.goto(site + "index.html#variant=block&players=2&seed=4&seats=human,ai")
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    wait_my_turn(page)
    page.wait_for_timeout(6000)  # idle twice over, but not on the menu: nothing is made
    assert page.evaluate("document.documentElement.dataset.engineSnapshot") is None
    page.click("#menu-button")
    page.wait_for_selector("html[data-engine-snapshot=making]", state="attached", timeout=30_000)
    page.wait_for_timeout(3000)  # held: still making, whatever the machine's speed
    assert page.evaluate("document.documentElement.dataset.engineSnapshot") == "making"
    page.click("#resume")
    page.wait_for_selector("html[data-engine-snapshot=stopped]", state="attached", timeout=5_000)
    assert page.evaluate(READ)["record"] is None
    page.evaluate("window.dominoTestMakeGo = true")
    page.click("#menu-button")
    wait_stored(page)
