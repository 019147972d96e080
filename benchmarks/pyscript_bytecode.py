"""PyScript's own package as bytecode or as source, in the same build (DECISIONS W-96).

Cold loads of the built game in Chromium, alternating two arms: `mpy` as built, and `source`
with the request for `pyscript/stdlib-mpy.json` refused, so that web/boot.js falls back to
writing the package's sources and MicroPython compiles them (what every build did before
W-96). Same files, same machine minute, so the difference is the bytecode alone. Per load:
`import_ms`, the main thread's time in the split bootstrap's `import pyscript.<name>` calls
(`window.dominoBoot.pyscriptImportMs`), `bytecode` (modules loaded as `.mpy`), and
load_browser.py's figures (`menu_ms`, `longest_task_after_paint_ms`, ...). Prints JSON: both
arms' runs, their medians and the median of the paired differences (mpy minus source).

Usage: python benchmarks/pyscript_bytecode.py [--runs N]
"""

import argparse
import json
import statistics
from typing import Any

from load_browser import OBSERVER, launch_kwargs, measure, serve
from playwright.sync_api import sync_playwright


def load(browser: Any, base: str, source: bool) -> dict[str, Any]:
    """One cold load; with `source`, the bytecode pack refused."""
    context = browser.new_context()
    context.add_init_script(OBSERVER)
    try:
        page = context.new_page()
        if source:
            page.route("**/pyscript/stdlib-mpy.json", lambda route: route.abort())
        row = measure(page, base)
        row["import_ms"] = round(page.evaluate("window.dominoBoot.pyscriptImportMs"), 1)
        row["bytecode"] = page.evaluate("window.dominoBoot.pyscriptBytecode")
        return row
    finally:
        context.close()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--runs", type=int, default=6)
    args = parser.parse_args()
    server, base = serve()
    arms: dict[str, list[dict[str, Any]]] = {"mpy": [], "source": []}
    try:
        with sync_playwright() as p:
            browser = p.chromium.launch(**launch_kwargs())
            for i in range(args.runs):
                order = ("mpy", "source") if i % 2 == 0 else ("source", "mpy")
                for arm in order:
                    arms[arm].append(load(browser, base, arm == "source"))
            browser.close()
    finally:
        server.shutdown()
    out: dict[str, Any] = {"runs": args.runs, "arms": arms}
    for key in ("import_ms", "menu_ms", "longest_task_after_paint_ms"):
        out[key] = {arm: statistics.median(r[key] for r in rows) for arm, rows in arms.items()}
        out[key]["paired_diff"] = statistics.median(
            a[key] - b[key] for a, b in zip(arms["mpy"], arms["source"], strict=True))
    print(json.dumps(out, indent=2))


if __name__ == "__main__":
    main()
