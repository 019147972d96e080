"""The lessons (issue 13): every one of the nine lessons played to its end by clicking, as a
player would: each step's words in the chosen language (all three across the set), what the
step points at highlighted, each try played once wrong (the lesson says why) and then right;
opened from the setup screen and from a rules page; played by keyboard alone; axe on the
lesson screen; screenshots from 320x568 to 1920x1080 (e2e/artifacts/) where the controls to
act with are on the screen without scrolling."""

import copy
import importlib.util
import json

import pytest
from conftest import ROOT, open_custom, settle, wait_engine
from test_axe import axe_source, catalogue, check  # noqa: F401 - axe_source is a fixture

from domino import Match

LESSONS = ROOT / "web" / "lessons"
_spec = importlib.util.spec_from_file_location("lessonplan_e2e", ROOT / "web" / "page" / "lessonplan.py")
lessonplan = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lessonplan)

SIZES = {"390x844": (390, 844), "320x568": (320, 568), "844x390": (844, 390),
         "1366x768": (1366, 768), "1920x1080": (1920, 1080)}
STEP_MS = 20_000


def lesson_of(variant):
    return lessonplan.load((LESSONS / f"{variant}.json").read_text(encoding="utf-8"))


def tile_of(notation):
    """The tile a move places (the test may read notation; the page never does)."""
    a, b = notation.split("@", 1)[0].split("-")
    return f"{max(int(a), int(b))}-{min(int(a), int(b))}"


def wrong_moves(lesson, k):
    """The legal placements at try `k` that the lesson does not accept, from the engine."""
    record = copy.deepcopy(lesson["record"])
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:k]
    m = Match.from_record(record)
    accept = lessonplan.try_at(lesson, k)["try"].get("accept", [lessonplan.moves(lesson)[k]])
    return [str(x) for x in m.legal()
            if x.kind not in ("draw", "pass", "leave") and str(x) not in accept]


def wait_index(page, index):
    page.wait_for_selector(f"#lesson-body[data-index='{index}']:not([hidden])",
                           timeout=STEP_MS)


def open_menu(page, site, lang):
    page.goto(site)
    wait_engine(page)
    page.wait_for_selector("#lesson-open:not([disabled])", timeout=60_000)
    page.select_option("#lang", lang)
    page.wait_for_function("(l) => document.documentElement.lang === l", arg=lang)


def open_from_setup(page, variant, lang):
    open_custom(page)
    page.select_option("#variant", variant)
    button = page.locator("#lesson-open")
    assert button.inner_text() == catalogue(lang)["lesson.open"]
    assert button.get_attribute("aria-label").startswith(
        catalogue(lang)["lesson.open_label"].split("{")[0])
    button.click()
    page.wait_for_selector("#lesson:not([hidden])")
    wait_index(page, 0)


def play_move(page, notation, how):
    """Play `notation` as a player: its tile in the hand, then (when the tile fits more than
    one end) the glowing end on the table (`how` = "table") or the button naming the end."""
    tile = page.locator(f"#lesson-hand .tile.playable[data-tile='{tile_of(notation)}']")
    direct = tile.get_attribute("data-move")
    if direct is not None:
        assert direct == notation
        tile.click()
        return
    tile.click()
    page.wait_for_selector("#lesson-choice:not([hidden])")
    if how == "table":
        glow = json.loads(page.locator("#lesson-table").get_attribute("data-glow"))
        mark = [g for g in glow if g["move"] == notation][0]
        page.locator("#lesson-table").click(
            position={"x": mark["x"] + mark["w"] / 2, "y": mark["y"] + mark["h"] / 2})
    else:
        page.click(f"#lesson-choice [data-move='{notation}']")


def check_position(page, lesson, index, lang):
    """The words of the steps at this position, in `lang`, and what they point at."""
    said = page.locator("#lesson-say").inner_text()
    for step in lessonplan.steps_for_position(lesson, index):
        assert lessonplan.text(step, lang) in said, (lesson["id"], index, step["id"])
    focus = lessonplan.focus_at(lesson, index)
    for seat in focus["seats"]:
        if seat == lesson["seat"]:
            assert "focus" in page.locator("#lesson-hand").get_attribute("class")
        else:
            assert page.locator(f"#lesson-seats .review-seat.focus[data-seat='{seat}']").count()
    if focus["tiles"] or focus["ends"]:
        shown = json.loads(page.locator("#lesson-table").get_attribute("data-focus"))
        assert shown["ends"] == focus["ends"]
        in_hands = page.locator("#lesson .mini.focus, #lesson-hand .tile.focus").evaluate_all(
            "nodes => nodes.map(n => n.dataset.tile || n.textContent.split(' ')[0])")
        for tile in focus["tiles"]:
            assert tile in shown["tiles"] or any(t.startswith(tile) for t in in_hands), tile


def play_lesson(page, variant, lang, how="choice"):
    """Play the open lesson to its end: Next (or the Right arrow key when `how` is "keys")
    at every step; each try once wrong, then right."""
    words = catalogue(lang)
    lesson = lesson_of(variant)
    n = len(lessonplan.moves(lesson))
    assert page.locator("#lesson-title").inner_text() == words["lesson.title"].format(
        title=lessonplan.text(lesson["title"], lang))
    for index in range(n + 1):
        wait_index(page, index)
        check_position(page, lesson, index, lang)
        if index == n:
            break
        step = lessonplan.try_at(lesson, index)
        if step is None:
            if how == "keys":
                page.keyboard.press("ArrowRight")
            else:
                page.click("#lesson-next")
            continue
        # A try: the lesson waits for the learner's move.
        assert page.locator("#lesson-next").is_disabled()
        assert words["lesson.your_turn"] in page.locator("#lesson-say").inner_text()
        page.keyboard.press("ArrowRight")
        settle(page)
        assert page.locator("#lesson-body").get_attribute("data-index") == str(index)
        page.click("#lesson-hint")
        assert lessonplan.text(lessonplan.hint(step), lang) in \
            page.locator("#lesson-say").inner_text()
        wrong = wrong_moves(lesson, index)[0]
        play_move(page, wrong, how)
        feedback = page.locator("#lesson-say .lesson-feedback.wrong")
        feedback.wait_for(timeout=STEP_MS)
        ok, said = lessonplan.check_try(lesson, index, wrong)
        assert not ok and lessonplan.text(said, lang) in feedback.inner_text()
        assert words["lesson.try_again"] in feedback.inner_text()
        assert page.locator("#lesson-body").get_attribute("data-index") == str(index)
        play_move(page, lessonplan.moves(lesson)[index], how)
        wait_index(page, index + 1)
        assert words["lesson.right"] in page.locator("#lesson-say").inner_text()
    say = page.locator("#lesson-say").inner_text()
    assert words["lesson.finished"] in say
    assert page.locator("#lesson-next").is_hidden()
    assert page.locator("#lesson-again").is_visible() and page.locator("#lesson-play").is_visible()
    # Back through the lesson: the try passed does not stop the steps any more.
    page.click("#lesson-prev")
    wait_index(page, n - 1)
    page.keyboard.press("ArrowRight")
    wait_index(page, n)


GROUPS = {
    "vi": (["vn_traditional", "vn_schoolnet", "vn_iwin"], "table"),
    "en": (["doubles", "block", "all_fives"], "choice"),
    "ru": (["draw", "mexican_train"], "table"),
}


@pytest.mark.parametrize("lang", list(GROUPS))
def test_lessons_opened_from_the_setup_screen_and_played_to_their_end(page, site, guard,
                                                                      lang):
    variants, how = GROUPS[lang]
    open_menu(page, site, lang)
    for variant in variants:
        open_from_setup(page, variant, lang)
        play_lesson(page, variant, lang, how)
        page.click("#lesson-play")  # back to the menu, the lesson's game chosen to play
        page.wait_for_selector("#menu:not([hidden])")
        assert page.locator("#variant").input_value() == variant
        assert page.locator("#lesson").is_hidden()


def test_a_lesson_opened_from_its_rules_page_and_played_by_keyboard(page, site, guard):
    """kozel's rules page in Russian links to its lesson, which opens in Russian; the whole
    lesson is played with the keyboard alone."""
    words = catalogue("ru")
    lesson = lesson_of("kozel")
    page.goto(site + "rules/kozel.html#ru")
    link = page.locator("article#ru .lesson-link a")
    assert link.inner_text() == "Урок: сыграйте кон с подсказками"
    link.click()
    wait_engine(page)
    wait_index(page, 0)
    assert page.locator("#lang").input_value() == "ru"
    assert page.locator("#lesson-title").inner_text() == words["lesson.title"].format(
        title=lessonplan.text(lesson["title"], "ru"))
    n = len(lessonplan.moves(lesson))
    step = [s for s in lesson["steps"] if "try" in s][0]
    k = step["at"]
    for index in range(k):
        wait_index(page, index)
        check_position(page, lesson, index, "ru")
        if index == 1:
            # Another language mid-lesson: the same step, in its words.
            page.select_option("#lang", "en")
            page.wait_for_function("document.documentElement.lang === 'en'")
            check_position(page, lesson, index, "en")
            assert page.locator("#lesson-title").inner_text() == catalogue("en")[
                "lesson.title"].format(title=lessonplan.text(lesson["title"], "en"))
            page.select_option("#lang", "ru")
            page.wait_for_function("document.documentElement.lang === 'ru'")
            check_position(page, lesson, index, "ru")
            page.locator("#lesson-next").focus()
        page.keyboard.press("ArrowRight")
    wait_index(page, k)
    # At the try the focus is on a tile to play; Tab goes from one to the next.
    right = lessonplan.moves(lesson)[k]
    wrong = wrong_moves(lesson, k)[0]

    def focus_tile(tile):
        for _ in range(12):
            if page.evaluate("document.activeElement.dataset.tile") == tile:
                return
            page.keyboard.press("Tab")
        raise AssertionError("the tile " + tile + " cannot be reached by Tab")

    page.wait_for_function("document.activeElement.classList.contains('playable')")
    focus_tile(tile_of(wrong))
    page.keyboard.press("Enter")
    page.locator("#lesson-say .lesson-feedback.wrong").wait_for(timeout=STEP_MS)
    focus_tile(tile_of(right))
    page.keyboard.press("Enter")
    wait_index(page, k + 1)
    assert words["lesson.right"] in page.locator("#lesson-say").inner_text()
    for index in range(k + 1, n):
        wait_index(page, index)
        check_position(page, lesson, index, "ru")
        page.keyboard.press("ArrowRight")
    wait_index(page, n)
    check_position(page, lesson, n, "ru")
    assert words["lesson.finished"] in page.locator("#lesson-say").inner_text()
    assert page.evaluate("document.activeElement.id") == "lesson-again"
    page.keyboard.press("ArrowLeft")
    wait_index(page, n - 1)
    page.keyboard.press("Escape")
    page.wait_for_selector("#menu:not([hidden])")


def in_view(page, selector):
    """Whether every element matched is inside the viewport (no scrolling to reach it)."""
    return page.evaluate("""(sel) => [...document.querySelectorAll(sel)].every((n) => {
        const r = n.getBoundingClientRect();
        return r.width > 0 && r.top >= 0 && r.left >= 0 && r.bottom <= innerHeight + 0.5
            && r.right <= innerWidth + 0.5; })""", selector)


def fits(page, where, controls):
    assert page.evaluate("document.documentElement.scrollWidth - innerWidth") <= 0, where
    assert page.evaluate("document.documentElement.scrollHeight - innerHeight") <= 1, where
    for selector in controls:
        assert in_view(page, selector), (where, selector)


@pytest.mark.parametrize("variant, lang", [("mexican_train", "en"), ("vn_traditional", "vi"),
                                           ("doubles", "ru")])
def test_the_lesson_screen_fits_every_screen_and_passes_axe(page, site, guard, artifacts,
                                                           axe_source, variant,  # noqa: F811
                                                           lang):
    lesson = lesson_of(variant)
    step = [s for s in lesson["steps"] if "try" in s][0]
    open_menu(page, site, lang)
    open_from_setup(page, variant, lang)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-lesson-{variant}-start.png"))
        fits(page, f"{variant} at the deal, {size}", ["#lesson-next", "#lesson-prev",
                                                        "#menu-button"])
        # Beside the title where there is room; on a phone the topbar's Menu leaves it.
        assert in_view(page, "#lesson-back") == (width >= 600)
    page.set_viewport_size({"width": 390, "height": 844})
    check(page, axe_source, f"the lesson screen ({variant}, {lang}) at the deal")
    # The learner's hand takes the table's pip colours: one per number on Mexican Train's
    # double-twelve set, black on a double-six set.
    colours = page.evaluate("""() => [...new Set([...document.querySelectorAll(
        '#lesson .tile .pip')].map(p => getComputedStyle(p).backgroundColor))]""")
    assert (len(colours) > 2) if variant == "mexican_train" else (colours == ["rgb(28, 25, 23)"]), \
        colours
    for index in range(step["at"]):
        wait_index(page, index)
        page.click("#lesson-next")
    wait_index(page, step["at"])
    # A try: the tiles to play, then a tile chosen and its ends glowing.
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-lesson-{variant}-try.png"))
        fits(page, f"{variant} at the try, {size}", ["#lesson-hand .tile.playable",
                                                     "#lesson-hint", "#lesson-prev"])
    several = [t for t in page.locator("#lesson-hand .tile.playable:not([data-move])")
               .evaluate_all("nodes => nodes.map(n => n.dataset.tile)")]
    if several:
        page.click(f"#lesson-hand .tile[data-tile='{several[0]}']")
        page.wait_for_selector("#lesson-choice:not([hidden])")
    wrong = wrong_moves(lesson, step["at"])[0]
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-lesson-{variant}-chosen.png"))
        fits(page, f"{variant}, a tile chosen, {size}", ["#lesson-choice button"] * bool(several)
             + ["#lesson-hand .tile.playable"])
        if size in ("390x844", "1366x768"):
            check(page, axe_source, f"the lesson screen ({variant}, {lang}), a tile chosen, "
                  + size)
    if several:
        page.keyboard.press("Escape")  # the tile goes back
        page.wait_for_selector("#lesson-choice", state="hidden")
    play_move(page, wrong, "choice")
    page.locator("#lesson-say .lesson-feedback.wrong").wait_for(timeout=STEP_MS)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-lesson-{variant}-wrong.png"))
        fits(page, f"{variant}, a wrong move, {size}", ["#lesson-hand .tile.playable"])
    check(page, axe_source, f"the lesson screen ({variant}, {lang}), a wrong move")
    play_move(page, lessonplan.moves(lesson)[step["at"]], "choice")
    wait_index(page, step["at"] + 1)
    n = len(lessonplan.moves(lesson))
    for index in range(step["at"] + 1, n):
        wait_index(page, index)
        page.keyboard.press("ArrowRight")
    wait_index(page, n)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        settle(page)
        page.screenshot(path=str(artifacts / f"{size}-lesson-{variant}-end.png"))
        fits(page, f"{variant} at the end, {size}", ["#lesson-again", "#lesson-play",
                                                     "#menu-button"])
    check(page, axe_source, f"the lesson screen ({variant}, {lang}) at the end")
