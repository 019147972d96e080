"""The native reader's findings on the words (/work/shared/LANGUAGE_REVIEW.md), each as a check on
the catalogue (web/page/i18n_*.py), the rules pages (web/rules/*.html) or the lessons
(web/lessons/*.json): the wording the review found wrong is gone, and the one word per concept
of GLOSSARY.md is used. docs/LANGUAGE_REVIEW_STATE.md lists every finding with its state.

RULES.md: none (the words of the page, the rules pages and the lessons)
"""

import json
import re
from pathlib import Path

import i18n
import pytest

ROOT = Path(__file__).resolve().parents[2]
RULES = ROOT / "web" / "rules"
LESSONS = ROOT / "web" / "lessons"
i18n.load_all()


def catalogue_texts(lang):
    """Every string of `lang`'s catalogue a player may read."""
    out = list(i18n.catalogue(lang).values())
    for forms in i18n.PLURAL[lang].values():
        out.extend(forms)
    for name, summary in i18n.VARIANT_TEXT[lang].values():
        out += [name, summary]
    for label, description in i18n.OPTION_TEXT[lang].values():
        out += [label, description or ""]
    out.extend(i18n.CHOICE_TEXT[lang].values())
    return out


def rules_text(lang):
    """The visible text of every rules page's `lang` article, by page name."""
    out = {}
    for path in sorted(RULES.glob("*.html")):
        html = path.read_text(encoding="utf-8")
        found = re.search(r'<article id="' + lang + r'" lang="\w+">(.*?)</article>', html, re.S)
        if found:
            out[path.name] = re.sub(r"<[^>]+>", "", found.group(1))
    return out


def lesson_texts(lang):
    """(lesson, text) of every `lang` text of every lesson."""
    out = []

    def walk(name, node):
        if isinstance(node, dict):
            if set(node) == {"vi", "en", "ru"}:
                out.append((name, node[lang]))
                return
            for value in node.values():
                walk(name, value)
        elif isinstance(node, list):
            for value in node:
                walk(name, value)

    for path in sorted(LESSONS.glob("*.json")):
        walk(path.stem, json.loads(path.read_text(encoding="utf-8")))
    return out


def everything(lang):
    texts = [("catalogue", text) for text in catalogue_texts(lang)]
    texts += [("rules/" + page, text) for page, text in rules_text(lang).items()]
    return texts + [("lesson " + name, text) for name, text in lesson_texts(lang)]


# Wordings the review found wrong (id: what it says), never to come back.
RU_GONE = {
    "RR-1": r"ходить некому",
    "LR-1": r"ходить никому\.",
    "RR-2": r"\bв базар(е|)\b",
    "RR-3": r"если её нет ни у кого",
    "RR-4": r"младший старший",
    "R-2/R-3/RR-5": r"[Пп]одготовк[аи] рыбы|подготовил рыбу|никто не готовил|[Вв]иновник",
    "R-1/RR-6": r"оплачивает тот, кто её устроил",
    "R-5": r"рыба устроена нарочно",
    "R-6": r"все камни выложены",
    "R-8": r"из \{total\} ходов",
    "R-9": r"поиск на один круг",
    "R-10": r"Читаю|Считаю|Читаем|Открываем|Начинаем|Готовим",
    "R-13": r"сохранена: партий",
    "R-14": r"которые не удалось прочесть и которые",
    "R-15": r"партии без конов",
    "R-18": r"игра отказала$",
    "R-19": r"^Ход игры$",
    "R-20": r"С базаром \(Draw\)",
    "R-21": r"ваш заход",
    "R-22/RR": r"\(pagat\)",
    "P-R1": r"Как видел\(а\)",
    "P-R2": r"^берёт с базара$|^выходит из-за стола$",
    "LR-2": r"компьютер \d ходит 6-6",
    "LR-3": r"[Вв] (первом|этом) кону",
    "LR-4": r"его пас заплатил",
    "LR-5": r"с каждой выплаты",
    "LR-6": r", и козёл|, и метки|кто её подставил",
    "LR-7": r"\d \d{3}",  # a thousands group after an ordinary space (a no-break space is right)
    "RR-8": r"[Мм]аркер",
}
VI_GONE = {
    "LV-1": r"4-4 nằm ngang",
    "LV-2": r"(^|\. )Dê:|Trong Dê\b",
    "LV-3": r"giữ ván dưới 13",
    "LV-4": r"All Fives:|Luật Block|Luật Doubles|Luật Draw",
    "LV-5": r"13 điểm, và con dê|, và dấu trên tàu",
    "RR-9": r"Nối vào bò|bò đã được nối|phải được nối",
    "V-3": r"Trình đơn",
    "V-4": r"hoàn tác",
    "V-5": r"không rõ các ván",
    "V-6": r"\} trên \{",
    "V-9": r"Quân được hiện",
    "V-10": r"ngoại tuyến",
    "V-2": r"ván triệt ăn 4 lần",
    "RR-7": r"tính cho người triệt",
    "R-22": r"\(pagat\)",
}


@pytest.mark.parametrize("finding", sorted(RU_GONE))
def test_the_russian_wordings_the_review_found_wrong_are_gone(finding):
    pattern = re.compile(RU_GONE[finding], re.M)
    found = [(where, text) for where, text in everything("ru") if pattern.search(text)]
    assert found == [], (finding, found[:3])


@pytest.mark.parametrize("finding", sorted(VI_GONE))
def test_the_vietnamese_wordings_the_review_found_wrong_are_gone(finding):
    pattern = re.compile(VI_GONE[finding], re.M)
    found = [(where, text) for where, text in everything("vi") if pattern.search(text)]
    assert found == [], (finding, found[:3])


def test_one_word_per_concept_for_the_blocker_and_the_setter_in_russian():
    """*устроить рыбу* (blocker), *подставиться под рыбу* (setter): the School@net page, the
    catalogue and the lesson agree, and the School@net summary says the blocker who wins
    collects double (R-1: it said the blocker always pays)."""
    summary = i18n.variant_summary("ru", "vn_schoolnet")
    assert "выиграл — получает вдвое, проиграл — платит всем" in summary
    page = rules_text("ru")["vn_schoolnet.html"]
    assert "выиграл — получает вдвое" in page
    assert "подставился под рыбу" in page and "Кто устроил рыбу" in page
    lesson = " ".join(text for name, text in lesson_texts("ru") if name == "vn_schoolnet")
    assert "подставился" in lesson and "устроить рыбу" in lesson
    assert "подставился под рыбу" in i18n.t("ru", "result.gai_pays", name="X")


def test_the_vietnamese_columns_and_record_marks_say_one_thing_each():
    """V-1: pips ("chấm") and points ("điểm") side by side; V-8 / R-17: one wording of a record
    that is (not) open, in the table and in the standing."""
    assert i18n.t("vi", "result.col.pips").startswith("Chấm")
    assert i18n.t("vi", "result.col.pips") != i18n.t("vi", "result.col.hand_points")
    assert i18n.t("ru", "result.col.pips") != i18n.t("ru", "result.col.hand_points")
    for lang in ("vi", "en", "ru"):
        assert i18n.t(lang, "result.closed") == i18n.t(lang, "standing.closed"), lang
        assert i18n.t(lang, "result.open") == i18n.t(lang, "standing.open"), lang


def test_one_name_for_the_draw_game_in_russian():
    """R-20: the variant, the rules index and the lesson call it "Добор"."""
    assert i18n.variant_name("ru", "draw") == "Добор (Draw)"
    assert "Добор (Draw)" in (RULES / "index.html").read_text(encoding="utf-8")
    assert "Добор" in rules_text("ru")["draw.html"]


# The Russian end-of-hand buttons, five of them, stacked on a 320-px phone (~120 px left for
# the result); at about 18 characters two share a row of the 310-px dialog.
END_BUTTONS = ("result.next", "review.open_hand", "review.open_last_hand", "review.open_match",
               "result.close", "game.export", "menu.back", "result.rematch")


@pytest.mark.parametrize("lang", ["vi", "en", "ru"])
def test_end_of_hand_buttons_are_short_enough_to_pair_on_a_phone(lang):
    for key in END_BUTTONS:
        assert len(i18n.t(lang, key)) <= 22, (lang, key, i18n.t(lang, key))
