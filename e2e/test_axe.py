"""Accessibility (issue 14): axe-core, from npm and used by these tests only, finds no serious
or critical violation of WCAG 2 A/AA or of its best practices on the setup screen, the table
mid-hand (tiles to choose from, then a tile chosen and its ends glowing), the table's
confirmations, the hand-over screen, the end-of-hand summary, the match-over summary, the
match history and the rules pages, in every language, at phone and desktop sizes. The names the page gives without
visible text (table, hand, engine progress) and its description follow the language."""

import importlib.util
import json

import pytest
from conftest import (
    ROOT,
    open_custom,
    open_deep_link,
    open_record,
    settle,
    wait_engine,
    wait_my_turn,
)
from test_summary import record_of

import build

AXE = ROOT / "node_modules" / "axe-core" / "axe.min.js"
SIZES = {"phone": (390, 844), "desktop": (1366, 768)}
LANGS = ["vi", "en", "ru"]
TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "best-practice"]
BLOCKING = {"serious", "critical"}
RULES_PAGES = ["index", "vn_traditional", "vn_schoolnet", "vn_iwin", "doubles", "kozel", "block",
               "draw", "all_fives", "mexican_train"]


@pytest.fixture(scope="session")
def axe_source():
    """The text of axe.min.js; a clear failure when the devDependency is not installed."""
    wanted = build.DEV_PINNED["axe-core"]
    found = build.installed_version("axe-core")
    if found != wanted or not AXE.is_file():
        pytest.fail(f"axe-core {wanted} is needed in node_modules (found: {found or 'none'}): "
                    "it is a devDependency of package.json; run `npm ci` or "
                    "`python build.py setup` (npm ci installs devDependencies unless "
                    "NODE_ENV=production or --omit=dev)")
    return AXE.read_text(encoding="utf-8")


def run_axe(page, axe_source):
    """Run axe-core on the page as it is now; returns its violations (list of dicts)."""
    if not page.evaluate("typeof window.axe === 'object'"):
        page.add_script_tag(content=axe_source)
    result = page.evaluate(
        "async (tags) => JSON.stringify(await axe.run(document, "
        "{runOnly: {type: 'tag', values: tags}, resultTypes: ['violations']}))", TAGS)
    return json.loads(result)["violations"]


def describe(violations):
    """One block per violation: rule id, impact, help, and each target with its summary."""
    lines = []
    for v in violations:
        lines.append(f"- {v['id']} ({v['impact']}): {v['help']} <{v['helpUrl']}>")
        for node in v["nodes"][:8]:
            lines.append(f"    {' '.join(map(str, node['target']))}: "
                         f"{(node.get('failureSummary') or ' '.join(c['message'] for c in node['any'])).strip()[:300]}")
        if len(v["nodes"]) > 8:
            lines.append(f"    ... and {len(v['nodes']) - 8} more")
    return "\n".join(lines)


def check(page, axe_source, where):
    """Fail with an actionable list when axe finds a serious or critical violation."""
    violations = [v for v in run_axe(page, axe_source) if v["impact"] in BLOCKING]
    assert not violations, f"axe on {where}:\n{describe(violations)}"


def each_size(page, axe_source, where, shot=None):
    """Check at phone and desktop sizes; `shot` (a path without the size) keeps a screenshot."""
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        if shot is not None:
            page.screenshot(path=str(shot.with_name(f"{size}-{shot.name}.png")))
        check(page, axe_source, f"{where} at {size} {width}x{height}")


def catalogue(lang):
    """The UI's message catalogue of `lang` (web/page/i18n.py runs under CPython too)."""
    spec = importlib.util.spec_from_file_location(
        "i18n_for_axe", ROOT / "web" / "page" / f"i18n_{lang}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module.MESSAGES


def labels(page):
    """The names the page gives without visible text of their own, and its description."""
    return page.evaluate("""() => {
      const label = (sel) => document.querySelector(sel).getAttribute('aria-label');
      return {game: label('#game'), table: label('#table'), hand: label('#hand'),
              progress: label('#engine-progress'),
              description: document.querySelector('meta[name=description]').content};
    }""")


def assert_localized(page, lang):
    words = catalogue(lang)
    found = labels(page)
    assert found["game"] == words["game.table"], found
    assert found["table"].startswith(words["game.table"]), found
    assert found["hand"] == words["game.your_hand"], found
    assert found["progress"] == words["engine.boot"], found
    assert found["description"] == words["app.description"], found


def set_lang(page, lang):
    page.select_option("#lang", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)


@pytest.mark.parametrize("lang", LANGS)
def test_menu(page, site, guard, axe_source, artifacts, lang):
    page.goto(site)
    wait_engine(page)
    set_lang(page, lang)
    assert_localized(page, lang)
    each_size(page, axe_source, f"the setup screen ({lang})", shot=artifacts / f"axe-menu-{lang}")
    open_custom(page)  # the custom match's form, behind the game tiles (issue 25)
    page.locator("#options-box summary").click()
    each_size(page, axe_source, f"the setup screen, custom match and house rules open ({lang})")


@pytest.mark.parametrize("lang", LANGS)
def test_table(page, site, guard, axe_source, artifacts, lang):
    open_deep_link(page, site, "variant=kozel&players=4&seed=7&seats=human,ai,ai,ai")
    wait_my_turn(page)
    set_lang(page, lang)
    assert_localized(page, lang)
    each_size(page, axe_source, f"the table, a human to move ({lang})",
              shot=artifacts / f"axe-table-{lang}")


def assert_table_fits(page):
    """The table is drawn for the box it has, also when that box changed after the drawing
    (texts of another language, end buttons named from the table drawn, taking another line):
    a small layout neither overflows its box (it would scroll) nor leaves part of it empty."""
    settle(page)
    box = page.evaluate("[document.querySelector('#table-wrap').clientHeight,"
                        " document.querySelector('#table').getBoundingClientRect().height]")
    assert abs(box[0] - box[1]) < 1, f"the table's box and the table drawn: {box}"


@pytest.mark.parametrize("lang", LANGS)
def test_table_with_a_tile_selected(page, site, guard, axe_source, artifacts, lang):
    from test_table_play import tile_with_two_ends

    page.set_viewport_size({"width": 390, "height": 844})  # the table drawn for a phone first
    open_deep_link(page, site, "variant=draw&players=2&seed=12&seats=human,ai")
    tile = tile_with_two_ends(page)
    set_lang(page, lang)
    assert_table_fits(page)
    page.locator(f"#hand .tile[data-tile='{tile}']").click()
    page.wait_for_selector("#choice:not([hidden]) [data-move]")
    assert json.loads(page.locator("#table").get_attribute("data-glow") or "[]")
    assert_table_fits(page)
    each_size(page, axe_source, f"the table, a tile selected ({lang})",
              shot=artifacts / f"axe-table-selected-{lang}")
    # Settings and log open on a phone: the table's box is smaller than the table, and scrolls.
    # (The log first: on a phone the settings open as a sheet over the foot of the screen.)
    page.set_viewport_size({"width": 390, "height": 844})
    if page.locator("#log-box").get_attribute("open") is None:
        page.locator("#log-box summary").click()
    page.locator("#settings-box summary").click()
    settle(page)
    check(page, axe_source, f"the table, settings and log open, at phone size ({lang})")


@pytest.mark.parametrize("lang", LANGS)
def test_table_dialogs(page, site, guard, axe_source, lang):
    """The confirmations the table opens: leaving a vn_iwin table, exporting mid-hand."""
    open_deep_link(page, site, "variant=vn_iwin&players=4&seed=3&seats=human,ai,ai,ai")
    wait_my_turn(page)
    set_lang(page, lang)
    page.locator("#leave").click()
    page.locator("#leave-confirm").wait_for(state="visible")
    each_size(page, axe_source, f"the leave confirmation ({lang})")
    page.locator("#leave-cancel").click()
    page.locator("#export").click()
    page.locator("#export-confirm").wait_for(state="visible")
    each_size(page, axe_source, f"the export warning ({lang})")
    page.locator("#export-cancel").click()


def test_handoff(page, site, guard, axe_source):
    """Pass-and-play: the screen that hands the device to the next player."""
    page.goto(site + "index.html#variant=draw&players=2&seed=12&seats=human,human")
    wait_engine(page)
    page.wait_for_selector("#handoff:not([hidden])", timeout=30_000)
    for lang in LANGS:
        set_lang(page, lang)
        each_size(page, axe_source, f"the hand-over screen ({lang})")


def test_summary_of_a_hand(page, site, guard, tmp_path, axe_source, artifacts):
    record, _ = record_of("vn_iwin", {"players": 4}, 11, 3)
    open_record(page, site, tmp_path, record)
    for lang in LANGS:
        set_lang(page, lang)
        each_size(page, axe_source, f"the end-of-hand summary ({lang})")
    # A hand whose every row carries its why-line (issue 25): vn_traditional's places.
    record, _ = record_of("vn_traditional", {"players": 4}, 1, 1)
    open_record(page, site, tmp_path, record)
    assert page.locator("#result-table .why").count() == 4
    for lang in LANGS:
        set_lang(page, lang)
        each_size(page, axe_source, f"the end-of-hand summary with why-lines ({lang})",
                  shot=artifacts / f"axe-why-{lang}")


def test_summary_of_a_match(page, site, guard, tmp_path, axe_source):
    record, match = record_of("kozel", {"players": 3}, 5, 200)
    assert match.over
    open_record(page, site, tmp_path, record)
    for lang in LANGS:
        set_lang(page, lang)
        each_size(page, axe_source, f"the match-over summary ({lang})")


def test_history(page, site, guard, tmp_path, axe_source, artifacts):
    """The match history with a finished match in it, and its "delete all" question."""
    record, _ = record_of("kozel", {"players": 3}, 5, 200)
    open_record(page, site, tmp_path, record)
    page.click("#result-menu")
    page.wait_for_function("!document.querySelector('#history-open').disabled")
    page.click("#history-open")
    page.wait_for_selector("#history-list .history-entry", timeout=30_000)
    for lang in LANGS:
        set_lang(page, lang)
        each_size(page, axe_source, f"the match history ({lang})",
                  shot=artifacts / f"history-{lang}")
    page.click("#history-clear")
    each_size(page, axe_source, "the history's delete-all question")


@pytest.mark.parametrize("name", RULES_PAGES)
def test_rules_page(page, site, guard, axe_source, name):
    for lang in LANGS:
        page.goto(site + f"rules/{name}.html#{lang}")
        each_size(page, axe_source, f"rules/{name}.html#{lang}")
