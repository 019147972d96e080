"""Issue 23's boot experiment: engine ready, cold, with a Pyodide memory snapshot.

Three arms, interleaved in one run (the order rotates each run, so no arm always meets a
warmer machine), each a cold load in a fresh browser context with service workers blocked
(`service_workers="block"`: no arm is served or slowed by a service worker's precache):

- `pyscript`: the built site as it is (`index.html`, PyScript's worker loads the wheel):
  navigation start to `html[data-engine=ready]` (benchmarks/load_browser.py's `measure`);
- `bare`: `bench/boot.html?mode=bare`, a plain module worker that starts Pyodide itself,
  loads the wheel through Pyodide's package loader, imports what the site's worker imports
  before `ready` (build.WORKER_IMPORTS, domino.session, domino.master) and answers `hello`;
- `snapshot`: the same worker with `mode=snapshot`: `loadPyodide({_loadSnapshot})` from a
  heap saved at build time after those imports (boot_snapshot/make_snapshot.mjs, run here
  under node with the very Pyodide the site serves), the wheel's files unpacked again,
  Python's `random` reseeded from `crypto.getRandomValues`, then `hello`.

`engine_ms` is navigation start to the page seeing `ready`; the two experiment arms also give
`worker_ms` (the worker's own start to its `ready`) and `pyodide_ms` (its start to
loadPyodide's end). `bytes` is what the server sent during the load (uncompressed: the
server compresses nothing).

Then the deal check: two fresh snapshot loads each start `new_match` without a seed (the
experiment's worker draws it from Python's `random`) and compare the dealt hands, with the
reseed and without it (`reseed=0`, expected equal: the hazard the reseed is for), and two
fresh `bare` loads (expected to differ).

The experiment never replaces the site's worker: it is copied with dist/ into a temporary
folder (`bench/`) and served from there.

Usage: python benchmarks/boot_snapshot.py [--runs N]
"""

import argparse
import json
import shutil
import statistics
import subprocess
import tempfile
from pathlib import Path
from typing import Any

from load_browser import OBSERVER, CountingHandler, build, launch_kwargs, measure, serve
from playwright.sync_api import Browser, sync_playwright

HERE = Path(__file__).resolve().parent / "boot_snapshot"
ARMS = ("pyscript", "bare", "snapshot")
NEW_MATCH = json.dumps({"type": "new_match", "id": 1, "variant": "vn_traditional",
                        "options": {"players": 4}})


def prepare(folder: Path) -> tuple[Path, str, dict[str, Any]]:
    """Copy the built site into `folder` with the experiment in `bench/` and a snapshot made
    by the site's own Pyodide; returns the site folder, the wheel's name and the snapshot's
    report (its bytes, Pyodide's version, how long taking it took)."""
    build.build_if_needed()
    site = folder / "site"
    shutil.copytree(build.DIST, site)
    bench = site / "bench"
    bench.mkdir()
    for name in ("boot.html", "boot_worker.mjs"):
        shutil.copyfile(HERE / name, bench / name)
    imports = [*build.WORKER_IMPORTS, "domino.session", "domino.master"]
    (bench / "imports.json").write_text(json.dumps(imports), encoding="utf-8")
    (wheel,) = sorted((site / "wheels").glob("*.whl"))
    result = subprocess.run(
        ["node", str(HERE / "make_snapshot.mjs"), str(site / "pyodide"), str(wheel),
         str(bench / "imports.json"), str(bench / "snapshot.bin")],
        capture_output=True, text=True, check=False)
    if result.returncode != 0:
        raise RuntimeError(f"the snapshot failed:\n{result.stderr[-3000:]}")
    report = json.loads(result.stdout.strip().splitlines()[-1])
    return site, wheel.name, report


def experiment_load(browser: Browser, url: str) -> dict[str, Any]:
    """One cold load of the experiment page; its figures."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        CountingHandler.sent[0] = 0
        page.goto(url)
        page.wait_for_function("window.__boot && (window.__boot.ready || window.__boot.error)",
                               timeout=120_000, polling=50)
        boot = page.evaluate("window.__boot")
        if "error" in boot:
            raise RuntimeError(f"{url}: {boot['error']}")
        marks = boot["marks"]
        return {"engine_ms": round(boot["ready"]),
                "worker_ms": round(marks["ready"] - marks["start"]),
                "pyodide_ms": round(marks["pyodide"] - marks["start"]),
                "bytes": CountingHandler.sent[0]}
    finally:
        context.close()


def site_load(browser: Browser, base: str) -> dict[str, Any]:
    """One cold load of the site (service workers blocked, as for the experiment)."""
    context = browser.new_context(service_workers="block")
    context.add_init_script(OBSERVER)
    try:
        figures = measure(context.new_page(), base)
        return {"engine_ms": figures["engine_ms"], "bytes": figures["bytes"]}
    finally:
        context.close()


def dealt_hand(browser: Browser, url: str) -> list[str]:
    """The human's hand of a `new_match` without a seed, in a fresh context."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        page.goto(url)
        page.wait_for_function("window.__boot && window.__boot.ready", timeout=120_000)
        answer = json.loads(page.evaluate("(text) => window.__ask(text)", NEW_MATCH))
        if answer.get("type") != "state":
            raise RuntimeError(f"new_match answered {answer}")
        return list(answer["view"]["hand"])
    finally:
        context.close()


def median_of(runs: list[dict[str, Any]], key: str) -> float | None:
    """The median of `key` over the runs that have it."""
    values = [r[key] for r in runs if key in r]
    return statistics.median(values) if values else None


def main() -> None:
    """Prepare, load the three arms interleaved, check the deals, print the JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=5)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="domino-boot-") as tmp:
        site, wheel, snapshot = prepare(Path(tmp))
        server, base = serve(site)
        exp = f"{base}bench/boot.html?wheel={wheel}&mode="
        urls = {"bare": exp + "bare", "snapshot": exp + "snapshot"}
        results: dict[str, list[dict[str, Any]]] = {arm: [] for arm in ARMS}
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_kwargs())
            for i in range(args.runs):
                order = ARMS[i % 3:] + ARMS[:i % 3]
                for arm in order:
                    if arm == "pyscript":
                        results[arm].append(site_load(browser, base))
                    else:
                        results[arm].append(experiment_load(browser, urls[arm]))
            deals = {
                "snapshot_reseeded": [dealt_hand(browser, urls["snapshot"]) for _ in range(2)],
                "snapshot_not_reseeded": [dealt_hand(browser, urls["snapshot"] + "&reseed=0")
                                          for _ in range(2)],
                "bare": [dealt_hand(browser, urls["bare"]) for _ in range(2)],
            }
            browser.close()
        server.shutdown()
    medians = {arm: {key: median_of(runs, key)
                     for key in ("engine_ms", "worker_ms", "pyodide_ms", "bytes")
                     if median_of(runs, key) is not None}
               for arm, runs in results.items()}
    pairs = list(zip(results["snapshot"], results["bare"], results["pyscript"], strict=True))
    print(json.dumps({
        "runs": args.runs, "service_worker": "blocked in every arm", "snapshot": snapshot,
        "median": medians,
        # Each run's arms met the same minute of the machine: the medians of the differences.
        "snapshot_minus_bare_ms": statistics.median(s["engine_ms"] - b["engine_ms"]
                                                    for s, b, _ in pairs),
        "snapshot_minus_pyscript_ms": statistics.median(s["engine_ms"] - q["engine_ms"]
                                                        for s, _, q in pairs),
        "deals_differ": {name: hands[0] != hands[1] for name, hands in deals.items()},
        "deals": deals, "runs_detail": results}, indent=2))


if __name__ == "__main__":
    main()
