"""The lesson stepper's pure parts: what lessonplan tells the lesson screen about where it
may go and what to highlight (`focus_at`, `pending_try`, `can_go`), and the lessons' deep link
from the rules pages (deeplink.parse_lesson_link).

RULES.md: none (the lesson screen's stepping and deep link)
"""

from __future__ import annotations

import importlib.util
import re
from pathlib import Path

import deeplink
import pytest

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "web" / "lessons"
RULES = ROOT / "web" / "rules"
_spec = importlib.util.spec_from_file_location("lessonplan_stepper", ROOT / "web" / "page" / "lessonplan.py")
lessonplan = importlib.util.module_from_spec(_spec)
_spec.loader.exec_module(lessonplan)
VARIANTS = sorted(p.stem for p in LESSONS.glob("*.json"))


def _lesson(variant):
    return lessonplan.load((LESSONS / f"{variant}.json").read_text(encoding="utf-8"))


def test_focus_at_joins_the_focus_of_the_steps_shown_without_repeats():
    lesson = _lesson("vn_traditional")
    # Position 17 shows "rule" (the ends) and "try" (the tile to play).
    rule, trial = lessonplan.steps_for_position(lesson, 17)
    assert lessonplan.focus_at(lesson, 17) == {
        "tiles": trial["focus"].get("tiles", []), "ends": rule["focus"]["ends"],
        "seats": rule["focus"].get("seats", [])}
    assert lessonplan.focus_at(lesson, 3) == {"tiles": [], "ends": [], "seats": []}
    mexican = _lesson("mexican_train")
    n = len(lessonplan.moves(mexican))
    assert lessonplan.focus_at(mexican, n)["seats"] == [1]  # the end step
    # Two steps pointing at the same end (after move 30, before move 31) name it once.
    assert [s["id"] for s in lessonplan.steps_for_position(mexican, 31)] == ["visitor", "try"]
    assert lessonplan.focus_at(mexican, 31) == {"tiles": [], "ends": ["T0"], "seats": [2]}


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_try_stops_the_stepper_until_it_is_passed(variant):
    lesson = _lesson(variant)
    n = len(lessonplan.moves(lesson))
    tries = [s for s in lesson["steps"] if "try" in s]
    k = tries[0]["at"]
    assert lessonplan.pending_try(lesson, k, [])["id"] == tries[0]["id"]
    assert lessonplan.pending_try(lesson, k, [tries[0]["id"]]) is None
    assert lessonplan.pending_try(lesson, n, []) is None
    assert all(lessonplan.pending_try(lesson, p, []) is None
               for p in range(n + 1) if p not in [t["at"] for t in tries])
    # Forward up to the try, not past it until it is passed; back always; never out.
    assert lessonplan.can_go(lesson, 0, k, [])
    assert not lessonplan.can_go(lesson, k, k + 1, [])
    assert not lessonplan.can_go(lesson, 0, n, [])
    passed = [t["id"] for t in tries]
    assert lessonplan.can_go(lesson, k, k + 1, passed)
    assert lessonplan.can_go(lesson, 0, n, passed)
    assert lessonplan.can_go(lesson, k, 0, [])
    assert not lessonplan.can_go(lesson, 0, -1, passed)
    assert not lessonplan.can_go(lesson, n, n + 1, passed)


@pytest.mark.parametrize("fragment, expected", [
    ("#lesson=kozel&lang=ru", {"lesson": "kozel", "lang": "ru"}),
    ("lesson=vn_iwin", {"lesson": "vn_iwin", "lang": None}),
    ("#lang=vi&lesson=all_fives", {"lesson": "all_fives", "lang": "vi"}),
    ("#lesson=", None),
    ("#variant=kozel&players=4", None),
    ("", None),
    ("#lesson=../sw", None),
    ("#lesson=Kozel", None),
    ("#lesson=" + "a" * 41, None),
])
def test_a_lessons_deep_link(fragment, expected):
    assert deeplink.parse_lesson_link(fragment) == expected
    # A lesson's link starts no match.
    assert deeplink.parse_deep_link(fragment) is None or "variant=" in fragment


def test_every_rules_page_links_to_its_lesson_in_each_language():
    for variant in VARIANTS:
        text = (RULES / f"{variant}.html").read_text(encoding="utf-8")
        for lang in ("vi", "en", "ru"):
            article = re.search(f'<article id="{lang}" lang="{lang}">(.*?)</article>', text,
                                re.S).group(1)
            href = f'href="../index.html#lesson={variant}&amp;lang={lang}"'
            assert href in article, (variant, lang)
            link = deeplink.parse_lesson_link(f"#lesson={variant}&lang={lang}")
            assert link == {"lesson": variant, "lang": lang}
