"""Phone and desktop screenshots of the menu and of a game (saved under e2e/artifacts/)."""

import pytest
from conftest import settle, wait_engine

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}


@pytest.mark.parametrize("name", ["phone", "desktop"])
def test_screenshots(browser, site, artifacts, name):
    width, height = SIZES[name]
    context = browser.new_context(viewport={"width": width, "height": height},
                                  device_scale_factor=1)
    page = context.new_page()
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.goto(site)
    page.wait_for_selector("html[data-ui=ready]", state="attached", timeout=30_000)
    page.screenshot(path=str(artifacts / f"{name}-menu.png"))
    page.goto(site + "index.html#variant=vn_traditional&players=4&seed=7&seats=human,ai,ai,ai")
    wait_engine(page)
    page.wait_for_selector("#game:not([hidden])", timeout=30_000)
    # Play two of the human's moves so the table has tiles on it and it is the human's turn.
    for _ in range(2):
        page.wait_for_selector("#game [data-move]:visible, #hand .tile.playable", timeout=60_000)
        control = page.locator("#game [data-move]:visible")
        if control.count() == 0:
            page.locator("#hand .tile.playable").first.click()
            control = page.locator("#game [data-move]:visible")
        control.first.click()
        if page.get_by_role("dialog").is_visible():
            break
    page.wait_for_selector("#game [data-move]:visible, #hand .tile.playable, #result:not([hidden])",
                           timeout=60_000)
    settle(page)
    page.screenshot(path=str(artifacts / f"{name}-table.png"))
    # Nothing sticks out sideways on a phone.
    overflow = page.evaluate("document.documentElement.scrollWidth - window.innerWidth")
    assert overflow <= 0, f"page is {overflow}px wider than the screen"
    context.close()
    assert not errors, errors
