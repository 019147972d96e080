"""The computers' faces and nicknames per level (web/page/faces.py, issue 25): one drawn face
per level, each different, and a nickname in every language.

RULES.md: none (the page's seats)
"""

import faces
import i18n
import pytest


@pytest.mark.parametrize("level", faces.LEVELS)
def test_each_level_has_its_own_drawn_face_and_nickname(level):
    svg = faces.face_svg(level)
    assert svg.startswith("<svg") and svg.endswith("</svg>") and 'aria-hidden="true"' in svg
    assert faces.COLOURS[level][0] in svg
    others = [faces.face_svg(other) for other in faces.LEVELS if other != level]
    assert svg not in others
    for lang in ("vi", "en", "ru"):
        nick = i18n.t(lang, "persona." + level)
        assert nick and nick != "persona." + level
        assert nick.lower() != i18n.t(lang, "level." + level).lower()


def test_a_plain_computer_plays_at_medium_and_looks_it():
    assert faces.face_svg("ai") == faces.face_svg("medium")
    assert "glasses" not in faces.face_svg("easy")
    assert faces.face_svg("expert").count("<circle") == 5  # head, eyes, two lenses
