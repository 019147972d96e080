"""What an unmarked verdict tells the player (web/page/textfmt.py `unmarked`, which
review_words.py and hand.py's hint read; DECISIONS E-61): as good as the best, only a small
loss, or within the margin of error, from the engine's `as_good`, `loss` and `loss_se`.

RULES.md: none (the page's words for the review's figures)
"""

import textfmt
from store import S, tr


def entry(loss, se, as_good, mark=None):
    return {"loss": loss, "loss_se": se, "as_good": as_good, "mark": mark}


def test_an_unmarked_verdict_reads_by_what_the_judge_can_tell():
    assert textfmt.unmarked(entry(0.0, 0.0, True)) == "none"
    assert textfmt.unmarked(entry(1.2, 0.9, True)) == "as_good"
    assert textfmt.unmarked(entry(1.2, 0.3, False)) == "small"
    assert textfmt.unmarked(entry(8.1, 5.1, False)) == "close"
    # A kept verdict from before E-61 has no as_good: any loss reads as before.
    assert textfmt.unmarked({"loss": 1.2, "loss_se": 0.3, "mark": None}) == "close"


def test_every_language_has_the_words():
    for lang in ("en", "vi", "ru"):
        S["lang"] = lang
        for key in ("review.mark_as_good", "review.mark_small", "hint.as_good", "hint.small"):
            assert tr(key) != key, (lang, key)


def test_consequences_in_words_in_each_language():
    """DECISIONS E-62: the engine's consequences, worded from the catalogue."""
    S["lang"] = "en"
    assert textfmt.says_text("en", {"says": "scores", "points": 10}, None) == (
        "scores 10 points at once")
    assert textfmt.says_text("vi", {"says": "scores", "points": 10}, None) == "ăn ngay 10 điểm"
    assert textfmt.says_text("vi", {"says": "double_dead", "tile": "5-5"}, None) == (
        "bò 5-5 hết đường ra: thúi bò cuối ván")
    assert "Máy 2" in textfmt.says_text(
        "vi", {"says": "shut_out", "seat": 1, "partner": False, "penalty": True}, "Máy 2")
    assert textfmt.says_text("ru", {"says": "keeps_zero", "value": 25}, None).startswith(
        "оставляет пусто-пусто: 25 очков")
    for lang in ("en", "vi", "ru"):
        for item in ({"says": "scores", "points": 5},
                     {"says": "shut_out", "seat": 0, "partner": True, "penalty": False},
                     {"says": "shut_out", "seat": 0, "partner": False, "penalty": False},
                     {"says": "shut_out", "seat": 0, "partner": False, "penalty": True},
                     {"says": "double_dead", "tile": "6-6"},
                     {"says": "keeps_zero", "value": 13},
                     {"says": "blocks", "word": "block"}, {"says": "blocks", "word": "triet"},
                     {"says": "blocks", "word": "fish"}):
            text = textfmt.says_text(lang, item, "X")
            assert text and "{" not in text and "says." not in text, (lang, item)
    assert textfmt.says_text("en", {"says": "unknown"}, None) == ""


def test_a_closed_hand_in_the_tables_word():
    """E-71: a move that closes the hand, in the word GLOSSARY.md gives the variant: kozel's
    fish (cá, рыба), a block elsewhere (triệt in Vietnamese, рыба in Russian)."""
    def said(lang, word):
        return textfmt.says_text(lang, {"says": "blocks", "word": word}, None)

    assert "fish" in said("en", "fish") and "block" in said("en", "block")
    assert "block" in said("en", "triet")
    assert "cá" in said("vi", "fish") and "triệt" in said("vi", "triet")
    assert "triệt" in said("vi", "block")
    assert "рыбу" in said("ru", "fish") and "рыбу" in said("ru", "block")
