"""Rules pages: every variant of the setup screen links to its static rules page (both
languages, no scripts), and the pages are precached for offline play."""

import json

import pytest
from conftest import ROOT, open_custom, wait_engine

VARIANTS = ["vn_traditional", "vn_schoolnet", "vn_iwin", "doubles", "kozel", "block", "draw",
            "all_fives", "mexican_train"]
SIZES = {"phone": (390, 844), "desktop": (1366, 768)}


def test_setup_links_each_variant_to_its_rules(page, site, guard):
    page.goto(site)
    wait_engine(page)
    link = page.locator("#rules-link")
    open_custom(page)
    for variant in VARIANTS:
        page.select_option("#variant", variant)
        href = link.get_attribute("href")
        assert href == f"./rules/{variant}.html#en", href
        assert link.get_attribute("aria-label").startswith("Full rules: ")
    page.select_option("#lang", "vi")
    assert link.get_attribute("href").endswith("#vi")
    assert link.inner_text() == "Luật đầy đủ"


@pytest.mark.parametrize("variant", VARIANTS)
def test_rules_page_has_both_languages(page, site, guard, variant):
    page.goto(site + f"rules/{variant}.html#en")
    english = page.locator("article#en")
    vietnamese = page.locator("article#vi")
    assert english.is_visible() and vietnamese.is_hidden()
    assert english.locator("h1").inner_text().endswith("rules")
    text = english.inner_text()
    assert "Who leads" in text or variant == "mexican_train"
    assert "Options" in text or "options" in text
    page.goto(site + f"rules/{variant}.html#vi")
    assert vietnamese.is_visible() and english.is_hidden()
    assert "luật chơi" in vietnamese.locator("h1").inner_text()
    assert page.evaluate("document.scripts.length") == 0


def test_rules_pages_are_precached():
    sw = (ROOT / "dist" / "sw.js").read_text()
    precache = json.loads(sw.split("const PRECACHE = ", 1)[1].split(";\n", 1)[0])
    for variant in VARIANTS:
        assert f"./rules/{variant}.html" in precache
    assert "./rules/rules.css" in precache


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_rules_screenshots(browser, site, artifacts, size):
    width, height = SIZES[size]
    context = browser.new_context(viewport={"width": width, "height": height})
    page = context.new_page()
    page.goto(site + "rules/vn_iwin.html#vi")
    page.screenshot(path=str(artifacts / f"{size}-rules-vn_iwin-vi.png"))
    page.goto(site + "rules/kozel.html#en")
    page.screenshot(path=str(artifacts / f"{size}-rules-kozel-en.png"))
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0
    page.goto(site)
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    open_custom(page)
    page.select_option("#variant", "kozel")
    page.screenshot(path=str(artifacts / f"{size}-menu-rules-link.png"))
    context.close()
