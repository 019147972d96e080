"""Loading: the menu paints and is usable before the engine, the engine becomes ready, the
service worker takes control, and nothing is fetched from another origin."""

import json
import time

import pytest
from conftest import open_custom, wait_engine

import build


def build_suffix() -> str:
    """The suffix of the page's modules in the served dist/: `.mpy` where the build compiled
    them (DECISIONS W-84), `.py` where it had no mpy-cross."""
    manifest = json.loads((build.DIST / "build-manifest.json").read_text(encoding="utf-8"))
    return ".mpy" if manifest["page_bytecode"] else ".py"


@pytest.mark.serial  # asserts a time (DECISIONS W-144)
def test_menu_is_interactive_quickly_and_engine_becomes_ready(page, site, guard):
    start = time.monotonic()
    page.goto(site)
    # Plain HTML paints before any Python: the title and the form are there at once.
    assert page.locator("h1").inner_text() == "Domino"
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    ui_seconds = time.monotonic() - start
    # PyScript's own bootstrap ran split over several tasks (web/boot.js); "skipped" means a
    # PyScript upgrade changed what the split reads, and the page fell back to one long task.
    assert page.evaluate("window.dominoBoot.pyscriptPreload") == "done"
    # PyScript's own modules came as bytecode where the build made it (W-96): each one's hash
    # matched the source PyScript carries, and importing them as .mpy succeeded (a failure
    # falls back to the sources and counts 0).
    manifest = json.loads((build.DIST / "build-manifest.json").read_text(encoding="utf-8"))
    if manifest.get("pyscript_bytecode"):
        pack = json.loads((build.DIST / "pyscript" / "stdlib-mpy.json").read_text(
            encoding="utf-8"))
        assert page.evaluate("window.dominoBoot.pyscriptBytecode") == len(pack["modules"])
    variants = page.locator("#variant option")
    assert variants.count() == 9
    assert page.locator("#start").is_enabled()
    # The setup form works while the engine still loads.
    open_custom(page)
    page.select_option("#variant", "kozel")
    assert page.locator("#players option").count() >= 3
    assert page.locator("#seats select").count() == int(page.input_value("#players"))
    # A visible progress indicator until the engine answers.
    wait_engine(page)
    engine_seconds = time.monotonic() - start
    assert page.locator("#engine-text").inner_text() in ("Engine ready", "Bộ máy đã sẵn sàng")
    assert page.evaluate("navigator.serviceWorker.controller !== null")
    assert ui_seconds < 15, f"menu took {ui_seconds:.1f} s"
    assert engine_seconds < 90
    print(f"menu usable after {ui_seconds:.2f} s, engine ready after {engine_seconds:.2f} s")


def test_what_the_menu_waits_for_is_preloaded_and_the_table_comes_after(page, site, guard):
    """The menu's chain (PyScript's chunks, MicroPython, the menu's modules) is fetched at
    once from `<link>` preloads, each file once; the table's modules only after the menu."""
    page.add_init_script("""new MutationObserver(() => {
        if (document.documentElement.dataset.ui === "ready" && !window.__uiReady)
            window.__uiReady = performance.now();
    }).observe(document, {subtree: true, attributes: true, attributeFilter: ["data-ui"]});""")
    page.goto(site)
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    ready = page.evaluate("window.__uiReady")
    module = build_suffix()
    page.wait_for_function("window.performance.getEntriesByType('resource')"
                           f".some(e => e.name.endsWith('/page/motion{module}'))", timeout=30_000)
    entries = page.evaluate("performance.getEntriesByType('resource').map(e => "
                            "[e.name.replace(location.origin, ''), e.responseEnd, e.startTime])")
    names = [name for name, _, _ in entries]
    assert len(names) == len(set(names)), "a file was fetched twice"
    # Preloaded: asked for before PyScript's core.js had even arrived, let alone run.
    core = [end for name, end, _ in entries if name.endswith("/pyscript/core.js")][0]
    chain = [(name, start) for name, _, start in entries if start < ready and (
        name.endswith((".py", ".mpy")) or "/micropython/" in name
        or name.endswith("/variants.json")
        or ("/pyscript/" in name and name.endswith(".js") and not name.endswith("/core.js")))]
    assert {name.rsplit("/", 1)[-1] for name, _ in chain} >= {
        "micropython.mjs", "micropython.wasm", "main.py", "i18n" + module, "app" + module,
        "variants.json"}
    # Each of the page's modules once, as bytecode where the build made it (DECISIONS W-84).
    stems = [name.rsplit("/", 1)[-1].rsplit(".", 1)[0] for name in names if "/page/" in name]
    assert len(stems) == len(set(stems)), "a module was fetched both as source and bytecode"
    assert [name for name, start in chain if start > core] == [], "not preloaded"
    table = ("geometry", "summary", "motion", "sound", "table", "seats", "hand", "logview",
             "dialogs")
    for name, _, start in entries:
        if name.endswith(module) and name.rsplit("/", 1)[-1][:-len(module)] in table:
            assert start > ready, f"{name} was fetched before the menu was usable"


def test_progress_is_shown_while_the_engine_loads(page, site, guard):
    page.goto(site)
    progress = page.locator("#engine-progress")
    assert progress.is_visible()
    wait_engine(page)
    assert not progress.is_visible()


def test_pwa_manifest_and_icons(page, site, guard):
    page.goto(site)
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["display"] == "standalone"
    sizes = {icon["sizes"] for icon in manifest["icons"]}
    assert {"192x192", "512x512"} <= sizes
    for icon in manifest["icons"]:
        status = page.evaluate(f"fetch('{icon['src']}').then(r => [r.status, r.headers.get('content-type')])")
        assert status == [200, "image/png"]
    build = page.evaluate("fetch('./build-manifest.json').then(r => r.json())")
    assert build["wheel"].endswith("-py3-none-any.whl")
    assert build["versions"]["pyodide"] == "314.0.7"


def test_language_switch(page, site, guard):
    page.goto(site)
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    page.select_option("#lang", "vi")
    assert page.locator("#menu-title").inner_text() == "Trận mới"
    assert page.evaluate("document.documentElement.lang") == "vi"
    # The app installed from the page is named in the page's language.
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["lang"] == "vi" and "không cần mạng" in manifest["description"]
    page.select_option("#lang", "ru")
    manifest = page.evaluate(
        "fetch(document.querySelector('link[rel=manifest]').href).then(r => r.json())")
    assert manifest["name"] == "Домино"
    page.select_option("#lang", "en")
    assert page.locator("#menu-title").inner_text() == "New match"


def test_a_table_module_that_cannot_be_fetched_is_reported(browser, site):
    """The table's modules come after the menu; one that never arrives is asked for again,
    then reported in a banner (a state would otherwise wait for it forever)."""
    context = browser.new_context(service_workers="block")
    try:
        page = context.new_page()
        asked = []

        def refuse(route):
            asked.append(route.request.url)
            route.abort()

        page.route("**/page/motion" + build_suffix(), refuse)
        page.goto(site)
        banner = page.locator("#error-banner")
        banner.wait_for(state="visible", timeout=60_000)
        assert "The table could not be loaded" in banner.inner_text()
        assert "motion" + build_suffix() in banner.inner_text()
        assert len(asked) == 3
        # The menu itself still works.
        assert page.locator("#menu").is_visible()
    finally:
        context.close()
