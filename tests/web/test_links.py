"""Deep links as the page reads them at start-up (web/page/deeplink.py `read_link`, issues 27
and 28): a fragment that cannot be read is ignored with a note instead of raising, a lesson
name that cannot be a game's is refused, and a deal number outside what the setup form holds
is dropped with a note. The same answers under the MicroPython the page runs.

RULES.md: none (the page's deep links)
"""

import json
import re
from pathlib import Path

import deeplink
import i18n
import pytest
import textfmt
from micropython_runner import needs_micropython, run_micropython

from domino.rules import schema

ROOT = Path(__file__).resolve().parents[2]

i18n.load_all()

NOT_UTF8 = ["#variant=%FF", "#lesson=%FF%FE", "#%C3=1&variant=block",
            "#variant=block&opt.mode=%E9t%E9", "#variant=x%ED%A0%BDy", "#lang=ru&lesson=%C3"]
BAD_SEEDS = ["-5", "1e400", "9" * 100_000, "2147483648", "%2B7", "\u0667", "%D9%A7", "0x10", "7.5", "abc"]


@pytest.mark.parametrize("fragment", NOT_UTF8)
def test_a_fragment_that_is_not_utf8_is_ignored_with_a_note(fragment):
    with pytest.raises(deeplink.LinkError):
        deeplink.parse_deep_link(fragment)
    with pytest.raises(deeplink.LinkError):
        deeplink.parse_lesson_link(fragment)
    assert deeplink.read_link(fragment) == {"match": None, "lesson": None, "friends": None,
                                           "notes": ["link.bad"]}


def test_unquote_raises_only_link_errors():
    assert deeplink.unquote("x%20y+z%C3%A9") == "x y zé"
    assert deeplink.unquote("100%") == "100%"  # a % that starts no escape is kept
    assert deeplink.unquote("%zz") == "%zz"
    for text in ("%FF", "%C3", "%C3%28", "%ED%A0%BD"):
        with pytest.raises(deeplink.LinkError):
            deeplink.unquote(text)
    assert issubclass(deeplink.LinkError, ValueError)


def test_good_links_read_as_before_without_notes():
    found = deeplink.read_link("#variant=kozel&players=4&seed=7&seats=human,ai:hard,ai,ai")
    assert found["notes"] == [] and found["lesson"] is None
    assert found["match"] == {"variant": "kozel", "seed": 7, "options": {"players": 4},
                              "seats": ["human", "ai:hard", "ai", "ai"]}
    assert deeplink.read_link("#lesson=kozel&lang=ru") == {
        "match": None, "lesson": {"lesson": "kozel", "lang": "ru"}, "friends": None,
        "notes": []}
    assert deeplink.read_link("") == {"match": None, "lesson": None, "friends": None, "notes": []}
    assert deeplink.read_link("#") == {"match": None, "lesson": None, "friends": None, "notes": []}


@pytest.mark.parametrize("fragment", ["#lesson=Kozel", "#lesson=../sw", "#lesson=" + "a" * 41,
                                      "#lesson=%D0%BA"])
def test_a_lesson_name_that_cannot_be_a_game_is_refused_with_a_note(fragment):
    assert deeplink.read_link(fragment) == {"match": None, "lesson": None, "friends": None,
                                           "notes": ["link.no_lesson"]}


def test_a_lesson_that_looks_like_a_game_is_left_to_the_catalogue():
    """`zzz` could be a game's id: the page refuses it against the catalogue (app.py)."""
    assert deeplink.read_link("#lesson=zzz")["lesson"] == {"lesson": "zzz", "lang": None}


@pytest.mark.parametrize("seed", BAD_SEEDS, ids=lambda seed: seed[:12])
def test_a_deal_number_the_form_cannot_hold_is_dropped_with_a_note(seed):
    found = deeplink.read_link("#variant=block&seed=" + seed)
    assert found["match"]["variant"] == "block"
    assert found["match"]["seed"] is None
    assert found["notes"] == ["link.seed_ignored"]


def test_the_deal_numbers_a_link_may_give():
    for seed in (0, 1, 12, deeplink.LINK_SEED_MAX):
        found = deeplink.read_link("#variant=block&seed=" + str(seed))
        assert found["match"]["seed"] == seed and found["notes"] == []
    assert deeplink.read_link("#variant=block&seed=007")["match"]["seed"] == 7
    assert deeplink.read_link("#variant=block&seed=")["notes"] == []  # none given
    # Within the engine's own range, and the setup form's number input's.
    lo, hi = schema.SEED_RANGE
    assert lo <= 0 and deeplink.LINK_SEED_MAX <= hi
    html = (ROOT / "web" / "index.html").read_text(encoding="utf-8")
    field = re.search(r'<input id="seed"[^>]*>', html).group(0)
    assert 'min="0"' in field and f'max="{deeplink.LINK_SEED_MAX}"' in field


def test_a_huge_option_value_stays_text():
    """An option of 100,000 digits is not turned into a number (MicroPython would build
    it): the engine refuses the text."""
    found = deeplink.read_link("#variant=block&opt.target=" + "9" * 100_000)
    assert found["match"]["options"]["target"] == "9" * 100_000


def test_the_notes_are_in_every_language():
    for lang in i18n.LANGS:
        catalogue = i18n.catalogue(lang)
        for key in ("link.bad", "link.seed_ignored", "link.no_lesson", "link.close"):
            assert catalogue.get(key), (lang, key)
        assert textfmt.amount(deeplink.LINK_SEED_MAX, lang) in catalogue["link.seed_ignored"]
    assert "mã chia bài" in i18n.catalogue("vi")["link.seed_ignored"]  # GLOSSARY.md
    assert "номер раздачи" in i18n.catalogue("ru")["link.seed_ignored"].lower()
    assert "deal number" in i18n.catalogue("en")["link.seed_ignored"]


@needs_micropython
def test_micropython_reads_the_same_links(tmp_path):
    """The page's MicroPython answers as CPython does: no UnicodeError for `%FF`, no number of
    100,000 digits (MicroPython's int() builds one; CPython's refuses more than 4,300)."""
    fragments = NOT_UTF8 + ["#variant=block&seed=" + s for s in BAD_SEEDS] + [
        "#variant=kozel&players=4&seed=7&seats=human,ai:hard,ai,ai&opt.mode=x%20y%C3%A9",
        "#lesson=kozel&lang=ru", "#lesson=Kozel", "#lesson=zzz", ""]
    (tmp_path / "cases.json").write_text(json.dumps(fragments), encoding="utf-8")
    program = """
import sys
sys.path.append("/ui")
import json
import deeplink
got = []
for fragment in json.loads(open("/work/cases.json").read()):
    got.append(deeplink.read_link(fragment))
open("/work/got.json", "w").write(json.dumps(got))
"""
    done = run_micropython(program, tmp_path,
                           files_in={"/ui/deeplink.py": ROOT / "web" / "page" / "deeplink.py",
                                     "/work/cases.json": tmp_path / "cases.json"},
                           files_out={"/work/got.json": tmp_path / "got.json"})
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads((tmp_path / "got.json").read_text(encoding="utf-8"))
    assert got == [deeplink.read_link(fragment) for fragment in fragments]


def test_the_page_refuses_a_record_file_by_the_engines_own_limits():
    """Issue 28: boot.js `recordFile` refuses a record too large or nested too deep before
    it is read or sent, by the limits the engine refuses it by (schema.parse_record)."""
    boot = (ROOT / "web" / "boot.js").read_text(encoding="utf-8")
    chars = re.search(r"const RECORD_MAX_CHARS = (\d+);", boot)
    depth = re.search(r"const RECORD_MAX_DEPTH = (\d+);", boot)
    assert chars and int(chars.group(1)) == schema.MAX_RECORD_CHARS
    assert depth and int(depth.group(1)) == schema.MAX_DEPTH
    for lang in ("en", "vi", "ru"):
        for code in ("record_too_big", "record_too_deep"):
            assert "reason." + code in i18n.catalogue(lang)


def test_a_friends_link_gives_its_code():
    """`#friends=<code>` (issue 24): the invitation code, separators dropped, upper case;
    anything that cannot be a code is ignored with the bad-link note."""
    assert deeplink.read_link("#friends=abcde-12345")["friends"] == "ABCDE12345"
    assert deeplink.read_link("#friends=ABCDE12345") == {
        "match": None, "lesson": None, "friends": "ABCDE12345", "notes": []}
    for bad in ("ABC", "ABCDE12345X", "ABCDE%2F2345", "<script>", "A" * 50):
        found = deeplink.read_link("#friends=" + bad)
        assert found["friends"] is None and found["notes"] == [deeplink.NOTE_BAD], bad


@pytest.mark.parametrize("scanned, typed", [
    # The invitation's QR code is its link: the menu's code field gets the room code.
    ("https://example.org/domino/#friends=ABCDE-12345", "ABCDE-12345"),
    ("http://127.0.0.1:8000/index.html#lang=vi&friends=abcde12345", "abcde12345"),
    # A room code or a host's offer code (the manual path) is taken as read, white space
    # (a QR code's line breaks) dropped.
    ("ABCDE-12345", "ABCDE-12345"),
    ("AQMEeHQx bxgz\nQmJuT1No", "AQMEeHQxbxgzQmJuT1No"),
    ("x" * 2000, "x" * 800),
])
def test_a_scanned_code_is_what_the_code_field_reads(scanned, typed):
    """deeplink.scanned_text (DECISIONS W-73): what a camera scan puts in the menu's code
    field, which its Join then reads as a typed code."""
    assert deeplink.scanned_text(scanned) == typed
    code = deeplink.friends_code(typed)
    assert code is None or code == "ABCDE12345"
