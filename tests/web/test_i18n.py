"""The message catalogue (web/page/i18n.py) and the rules pages (web/rules/*.html): every key in
Vietnamese, English and Russian with the same placeholders, the glossary's words and grammar
(/work/shared/GLOSSARY.md), plural forms, engine refusals in the player's language, and no
engine identifier in any text a player reads.

RULES.md: none (the catalogues and rules pages)
"""

from __future__ import annotations

import importlib.util
import re
import string
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
UI = ROOT / "web" / "page"
RULES = ROOT / "web" / "rules"


def load_i18n():
    spec = importlib.util.spec_from_file_location("i18n_under_test", UI / "i18n.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    module.load_all()  # the page loads a language when it is first used; these compare all
    return module


i18n = load_i18n()
LANGS = ("vi", "en", "ru")


def placeholders(text):
    return sorted({name for _lit, name, _spec, _conv in string.Formatter().parse(text) if name})


def all_texts():
    """(where, lang, text) of every string a player may read from the catalogue."""
    for lang in LANGS:
        for key, text in i18n.catalogue(lang).items():
            yield "catalogue " + key, lang, text
        for key, forms in i18n.PLURAL.get(lang, {}).items():
            for form in forms:
                yield "plural " + key, lang, form
        for vid, (name, summary) in i18n.VARIANT_TEXT[lang].items():
            yield "variant " + vid, lang, name
            yield "variant " + vid, lang, summary
        for name, (label, description) in i18n.OPTION_TEXT[lang].items():
            yield "option " + name, lang, label
            if description:
                yield "option " + name, lang, description
        for value, label in i18n.CHOICE_TEXT[lang].items():
            yield "choice " + value, lang, label


# --------------------------------------------------------------------------- completeness


def test_languages_and_their_names():
    assert set(i18n.LANGS) == set(LANGS)
    assert set(i18n.CATALOGUE) == set(LANGS)
    for lang in LANGS:
        assert i18n.t(lang, "lang.ru") == "Русский"
        assert i18n.t(lang, "lang.vi") == "Tiếng Việt"
        assert i18n.t(lang, "lang.en") == "English"


@pytest.mark.parametrize("lang", ["vi", "ru"])
def test_every_key_exists_in_every_language_with_the_same_placeholders(lang):
    table = i18n.catalogue(lang)
    assert sorted(set(i18n.catalogue("en")) - set(table)) == [], "missing in " + lang
    assert sorted(set(table) - set(i18n.catalogue("en"))) == [], "only in " + lang
    for key, text in i18n.catalogue("en").items():
        assert placeholders(table[key]) == placeholders(text), (lang, key)


def test_plural_forms_have_the_message_placeholders_and_enough_forms():
    count = {"en": 2, "ru": 3, "vi": 1}
    for lang, table in i18n.PLURAL.items():
        for key, forms in table.items():
            assert key in i18n.catalogue("en"), key
            assert len(forms) == count[lang], (lang, key)
            for form in forms:
                assert placeholders(form) == placeholders(i18n.catalogue("en")[key]), (lang, key, form)
    # Every message with a count that English writes in the plural has Russian forms too.
    assert set(i18n.PLURAL["en"]) <= set(i18n.PLURAL["ru"])


def test_variant_option_and_choice_texts_cover_the_same_entries():
    for table in (i18n.VARIANT_TEXT, i18n.OPTION_TEXT, i18n.CHOICE_TEXT):
        for lang in ("vi", "ru"):
            assert set(table[lang]) == set(table["en"]), lang


def test_every_engine_variant_and_option_has_words_in_every_language():
    from domino.rules.ruleset import variants_catalog

    for entry in variants_catalog()["variants"]:
        for lang in LANGS:
            assert entry["id"] in i18n.VARIANT_TEXT[lang], (lang, entry["id"])
        for option in entry["options"]:
            name = option["name"]
            for lang in LANGS:
                assert name in i18n.OPTION_TEXT[lang], (lang, name)
                if lang != "en":
                    assert i18n.option_description(lang, name, "", entry["id"]), (lang, name)
            # The engine's own English description may name identifiers; ours never does.
            for choice in option.get("choices") or []:
                for lang in LANGS:
                    label = i18n.choice_label(lang, choice, name)
                    assert label, (lang, name, choice)


# --------------------------------------------------------------------------- engine words


ENGINE_WORDS = re.compile(
    r"bet_multiplier|spinner_only|round_horizon|last_placer|high_roller|only_if_sole_tile|"
    r"lowest_from_1_1|previous_winner_any_tile|highest_double|double_twelve|double_nine|"
    r"seat0|\bP\d\b|\{P\d|@[LRNSTX]\b|@MX|\b[a-z]+_[a-z_]+\b|\bai:[a-z]+\b")


def without_placeholders(text):
    return re.sub(r"\{[a-z_]+\}", "", text)


def test_no_engine_identifiers_in_any_text():
    bad = []
    for where, lang, text in all_texts():
        if ENGINE_WORDS.search(without_placeholders(text)):
            bad.append((where, lang, text))
    assert bad == []


def visible_text(html):
    html = re.sub(r"<[^>]+>", " ", html)
    return html.replace("&nbsp;", " ")


def rules_pages():
    return sorted(p for p in RULES.glob("*.html"))


def test_rules_pages_have_no_engine_identifiers_and_number_seats_from_1():
    for path in rules_pages():
        text = visible_text(path.read_text(encoding="utf-8"))
        found = ENGINE_WORDS.search(text)
        assert found is None, (path.name, found and found.group(0))


# --------------------------------------------------------------------------- grammar


@pytest.mark.parametrize("n, text", [(1, "1 камень"), (2, "2 камня"), (5, "5 камней"),
                                     (11, "11 камней"), (21, "21 камень"), (22, "22 камня"),
                                     (0, "0 камней"), (12, "12 камней"), (14, "14 камней"),
                                     (101, "101 камень"), (111, "111 камней"),
                                     (104, "104 камня")])
def test_russian_plural(n, text):
    assert i18n.plural("ru", n, "game.tiles") == text
    assert i18n.t("ru", "game.tiles", n=n) == text


def test_english_and_vietnamese_plurals():
    assert i18n.plural("en", 1, "game.tiles") == "1 tile"
    assert i18n.plural("en", 2, "game.tiles") == "2 tiles"
    assert i18n.t("en", "log.undone", name="You", n=1) == "You took back a move (1 move undone)"
    assert i18n.t("en", "log.undone", name="You", n=3) == "You took back a move (3 moves undone)"
    assert i18n.t("en", "log.points", name="You", n=1) == "You scored 1 point"
    assert i18n.t("vi", "game.tiles", n=1) == "1 quân"
    assert i18n.t("vi", "game.tiles", n=5) == "5 quân"
    assert i18n.t("ru", "log.undone", name="Вы", n=2) == "Вы: отменено 2 хода"
    assert i18n.t("ru", "log.points", name="Вы", n=21) == "Вы: +21 очко"
    # A count given as a formatted amount still picks its form.
    assert i18n.t("ru", "game.tiles", n="12\u00a0001") == "12\u00a0001 камень"


def test_names_are_joined_with_and():
    assert i18n.join_names("vi", ["Bạn", "Máy 3"]) == "Bạn và Máy 3"
    assert i18n.join_names("en", ["You", "Computer 3"]) == "You and Computer 3"
    assert i18n.join_names("ru", ["Вы", "Компьютер 3"]) == "Вы и Компьютер 3"
    assert i18n.join_names("en", ["A", "B", "C"]) == "A, B and C"
    assert i18n.join_names("en", ["A"]) == "A"
    vi = i18n.t("vi", "result.goats", name=i18n.join_names("vi", ["Bạn", "Máy 3"]))
    assert vi == "Bạn và Máy 3 cùng là dê!"


def test_the_viewer_has_their_own_words():
    assert i18n.t("en", "result.goat_you") == "You are the goat!"
    assert i18n.t("vi", "end.T_you") == "tàu của bạn"
    assert i18n.t("en", "end.T_you") == "your train"
    assert "козёл" in i18n.t("ru", "result.goat_you")
    for lang in LANGS:
        # "Bạn" after a noun is lower case; the viewer's train never reads "of You".
        assert "Bạn" not in i18n.t(lang, "end.T_you")


def test_number_separators():
    assert i18n.DIGIT_SEP == {"vi": ".", "en": ",", "ru": "\u00a0"}
    assert i18n.DECIMAL_SEP == {"vi": ",", "en": ".", "ru": ","}
    assert "2,8%" in i18n.choice_label("vi", "high_roller")
    assert "2.8%" in i18n.choice_label("en", "high_roller")
    assert "2,8%" in i18n.choice_label("ru", "high_roller")


# --------------------------------------------------------------------------- glossary terms


def test_russian_uses_the_words_of_kozel_tables():
    ru = i18n.catalogue("ru")
    assert "Базар" in ru["game.boneyard"] and "базар" in ru["move.draw"]
    assert ru["result.fish"].startswith("Рыба") and ru["result.blocked"].startswith("Рыба")
    assert "козёл" in ru["result.goat"]
    assert i18n.variant_name("ru", "kozel") == "Козёл"
    assert "Кон" in ru["game.hand_number"] and "партия" in ru["menu.new"].lower()
    assert ru["menu.seed"] == "Номер раздачи"
    assert ru["game.you"] == "Вы" and ru["game.computer"] == "Компьютер {n}"
    assert "Пас" in ru["move.pass"] and "стук" in ru["move.knock"]
    assert "пусто-пусто" in i18n.option_description("ru", "zero_double_rule", "").lower()
    for where, lang, text in all_texts():
        if lang == "ru":
            assert "козел" not in text.lower(), (where, text)


def test_vietnamese_terms_of_the_glossary():
    vi = i18n.catalogue("vi")
    assert vi["game.boneyard"].startswith("Khay dự bị")
    assert vi["game.market"].startswith("Chợ")
    assert vi["menu.new"] == "Trận mới"
    assert vi["menu.seed"] == "Mã chia bài"
    assert vi["log.pair"] == "{name} đánh cặp bò {a} và {b}"
    assert vi["move.pair"] == "Đánh cặp bò {a} và {b}"
    assert vi["log.left"] == "{name} rời bàn (bị phạt {n})"
    assert vi["result.blocker_won"] == "{name} thắng triệt."
    assert vi["result.blocker_lost"] == "{name} thua triệt."
    assert vi["result.house"] == "Nhà cái thu thuế {n}."
    assert vi["result.target"] == "{name} đã đạt điểm thắng trận."
    assert i18n.option_label("vi", "stake", "vn_schoolnet") == "Tiền mỗi điểm"
    assert i18n.option_label("vi", "stake", "vn_iwin") == "Tiền cược"
    assert i18n.choice_label("vi", "casual").startswith("bàn bình dân")
    assert i18n.choice_label("vi", "high_roller").startswith("bàn đại gia")
    assert i18n.choice_label("vi", "lightest_tile") == "quân nhỏ nhất thắng"
    assert i18n.choice_label("vi", "double_twelve") == "bộ 12-12"
    assert "Luật iWin" in i18n.variant_summary("vi", "vn_iwin")
    banned = re.compile(r"\bnọc\b|\btắc\b|quân đôi|cặp đôi|\brút\b|điểm đích|bộ máy|sòng|"
                        r"đôi-sáu|đôi-mười|đôi-chín|bàn thường|bàn cao|bị giữ|hạt giống|"
                        r"quân nhẹ|\bgõ\b|\bTới\b|Mức cược B", re.I)
    for where, lang, text in all_texts():
        if lang == "vi":
            assert not banned.search(text), (where, text)


def test_the_gai_line_says_who_pays_and_who_collects():
    """School@net: when the blocker wins, the setter pays ("đền cho tất cả"); when the blocker
    loses, the setter collects ("ăn toàn bộ"). The neutral line claims neither."""
    assert "đền" in i18n.catalogue("vi")["result.gai_pays"]
    assert "ăn toàn bộ" in i18n.catalogue("vi")["result.gai_collects"]
    assert "đền" not in i18n.catalogue("vi")["result.gai"] and "ăn" not in i18n.catalogue("vi")["result.gai"]
    assert "pays" in i18n.catalogue("en")["result.gai_pays"] and "collects" in i18n.catalogue("en")["result.gai_collects"]
    assert "pays" not in i18n.catalogue("en")["result.gai"] and "collects" not in i18n.catalogue("en")["result.gai"]


# --------------------------------------------------------------------------- refusals


def protocol_codes():
    from domino import session as protocol

    doc = protocol.__doc__
    listed = doc.split("with the codes")[1].split("(a bug")[0]
    codes = set(re.findall(r"``(\w+)``", listed))
    # The worker's own codes for ``resume`` (listed in the intents table).
    codes |= set(re.findall(r"errors ``(\w+)``, and\s+``(\w+)``", doc)[0])
    return codes


def test_every_error_code_of_the_protocol_has_a_text_in_every_language():
    codes = protocol_codes()
    assert {"bad_option", "bad_record", "internal", "stale_state", "cancelled", "no_save",
            "bad_save"} <= codes
    for code in codes:
        for lang in LANGS:
            assert "reason." + code in i18n.catalogue(lang), (lang, code)
            assert i18n.error_reason(lang, code, "") == i18n.t(lang, "reason." + code)


REFUSALS = [
    ("bad_seats", "seats[2]: unknown seat 'robot': use human, ai or ai:easy|medium|hard|expert"),
    ("bad_record", 'hand 2, move 5 "6-5@L": the left end shows 3'),
    ("bad_record", "hand 2, start.seated: must be a list, not 3"),
    ("bad_record", "hands[0].start.layout: unknown key 'x' (known: line)"),
    ("bad_option", "option 'stake' of vn_iwin must be between 0 and 1000000, not -5"),
    ("bad_option", "unknown option 'speed' for kozel (known: zero_double_rule, lead_double)"),
    ("bad_option", "options.stake: must be true, false, a number or a name, not a list of 2"),
    ("unknown_variant", "unknown variant 'chess' (known: kozel, block)"),
    ("illegal_move", "6-5@L: out of turn, P1 is to move, not P0"),
    ("internal", "KeyError"),
    ("no_such_code", "something in English"),
]


@pytest.mark.parametrize("code, detail", REFUSALS)
@pytest.mark.parametrize("lang", LANGS)
def test_refusals_show_the_reason_and_only_places_and_values(lang, code, detail):
    text = i18n.error_reason(lang, code, detail)
    assert text.startswith(i18n.t(lang, "reason." + code if "reason." + code in i18n.catalogue("en")
                                  else "reason.unknown"))
    for english in ("unknown seat", "use human", "the left end", "must be", "known:",
                    "out of turn", "KeyError", "something in English", "@L", "P0", "P1",
                    "vn_iwin", "kozel", "start.seated", "hands[0]", "seats[2]"):
        assert english not in text, (lang, text)


def test_refusals_name_the_player_hand_move_and_option_in_words():
    assert i18n.error_reason("ru", *REFUSALS[0]) == \
        "места не соответствуют числу игроков (игрок 3, «robot»)"
    assert i18n.error_reason("vi", *REFUSALS[0]) == \
        "chỗ ngồi không khớp với số người chơi (người chơi 3, “robot”)"
    assert i18n.error_reason("en", *REFUSALS[1]) == \
        "the file is not a valid domino record (hand 2, move 5)"
    assert "кон 2" in i18n.error_reason("ru", *REFUSALS[2])
    assert "кон 1" in i18n.error_reason("ru", *REFUSALS[3])
    assert "параметр «Ставка»" in i18n.error_reason("ru", *REFUSALS[4])
    assert "Tiền mỗi điểm" in i18n.error_reason(
        "vi", "bad_option", "option 'stake' of vn_schoolnet takes a whole number, not 'x'",
        "vn_schoolnet")
    assert i18n.error_reason("en", "bad_seats", "") == "the seats do not match the players"


# --------------------------------------------------------------------------- language choice


def test_the_browser_language_picks_vi_en_or_ru():
    assert i18n.detect(["ru-RU", "en"]) == "ru"
    assert i18n.detect(["ru"]) == "ru"
    assert i18n.detect(["vi-VN", "ru"]) == "vi"
    assert i18n.detect(["de-DE", "en-GB"]) == "en"
    assert i18n.detect(["fr"]) == "en"
    assert i18n.detect([]) == "en"
    assert i18n.detect(None) == "en"


def test_missing_keys_fall_back_to_english_then_to_the_key():
    assert i18n.t("xx", "menu.start") == "Start"
    assert i18n.t("ru", "no.such.key") == "no.such.key"
    assert i18n.t("xx", "game.tiles", n=1) == "1 tile"


# --------------------------------------------------------------------------- rules pages


def articles(path):
    return dict(re.findall(r'<article id="(\w+)" lang="\w+">(.*?)</article>',
                           path.read_text(encoding="utf-8"), re.S))


def test_every_rules_page_is_in_vi_en_and_ru_and_linked_per_language():
    index = (RULES / "index.html").read_text(encoding="utf-8")
    from domino.rules.ruleset import variants_catalog

    for entry in variants_catalog()["variants"]:
        path = RULES / (entry["id"] + ".html")
        parts = articles(path)
        assert set(parts) == {"vi", "en", "ru"}, path.name
        text = path.read_text(encoding="utf-8")
        assert 'href="#ru" hreflang="ru"' in text and "<script" not in text
        for lang in LANGS:
            name = i18n.variant_name(lang, entry["id"]).split(" (")[0]
            assert name in parts[lang], (lang, entry["id"], name)
            assert "./" + entry["id"] + ".html#" + lang in index


def test_the_kozel_page_in_russian_follows_the_rules():
    ru = visible_text(articles(RULES / "kozel.html")["ru"])
    for words in ("базар", "рыба", "козёл", "пусто-пусто стоит 25", "13", "101", "дубл",
                  "по 7 камней", "по 5", "выход", "запись", "проигравшие", "пас (стук)"):
        assert words in ru.lower() or words in ru, words
    assert "козел" not in ru.lower()
    for lang in LANGS:
        text = visible_text(articles(RULES / "kozel.html")[lang])
        # Losers record their points after a domino too (GLOSSARY known problem 7).
        assert {"vi": "những người thua", "en": "every loser", "ru": "проигравшие"}[lang] in text


def test_vietnamese_rules_pages_use_the_glossary():
    banned = re.compile(r"\bnọc\b|\btắc\b|quân đôi|\brút\b|\bTới\b|điểm đích|\bgõ\b|sòng|"
                        r"đôi-sáu|đôi-mười|đôi-chín|đặt ngang|quân máy|\bbét\b|quân nhẹ|"
                        r"một người chọn ngẫu nhiên|mất lượt|Mức cược")
    for path in rules_pages():
        vi = articles(path).get("vi", "")
        found = banned.search(visible_text(vi))
        assert found is None, (path.name, found and found.group(0))
    assert "đặt dọc" in articles(RULES / "kozel.html")["vi"]
    assert "đặt dọc" in articles(RULES / "vn_traditional.html")["vi"]
    assert "chọn ngẫu nhiên một người" in articles(RULES / "vn_schoolnet.html")["vi"]
    assert "quân đầu tàu" in articles(RULES / "mexican_train.html")["vi"]
    assert "về tư" in articles(RULES / "vn_iwin.html")["vi"]


def test_a_language_is_loaded_only_when_it_is_first_used():
    """The page compiles the words of the language it shows, not all three, before the menu:
    a fresh catalogue holds no language, then only the ones asked for (English also when a
    key is missing and it falls back)."""
    spec = importlib.util.spec_from_file_location("i18n_fresh", UI / "i18n.py")
    fresh = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(fresh)
    assert fresh.CATALOGUE == {}
    assert fresh.t("vi", "menu.new") == "Trận mới"
    assert set(fresh.CATALOGUE) == {"vi"}
    assert fresh.variant_name("vi", "kozel").startswith("Kozel")
    assert set(fresh.CATALOGUE) == {"vi"}
    assert fresh.t("vi", "no.such.key") == "no.such.key"
    assert set(fresh.CATALOGUE) == {"vi", "en"}
    assert fresh.use("xx") == "en" and fresh.detect(["ru-RU"]) == "ru"
    assert "ru" not in fresh.CATALOGUE
