"""Players' typed names (web/page/textfmt.py, issue 28): shown between the isolates FSI and PDI
so that a name holding U+202E cannot turn its log line around, kept to NAME_CLUSTERS
characters without cutting one in two, and read back from storage exactly as typed (an emoji
stored as a JSON escape pair included), under CPython and the page's MicroPython.

RULES.md: none (the page's typed names)
"""

import json
from pathlib import Path

import pytest
import textfmt
from micropython_runner import needs_micropython, run_micropython

ROOT = Path(__file__).resolve().parents[2]
FSI, PDI = "\u2068", "\u2069"
TWO = ["human", "human"]


def test_a_name_is_isolated_wherever_it_is_shown():
    evil = "\u202eevil"
    names = ["Lan", evil]
    name = textfmt.seat_name("en", 1, TWO, 0, names)
    assert name == FSI + evil + PDI
    played = {"type": "played", "seat": 1, "move": "6-6"}
    assert textfmt.log_text("en", played, TWO, 0, names) == FSI + evil + PDI + " led 6-6"
    drew = {"type": "drew", "seat": 1}
    assert textfmt.log_text("en", drew, TWO, 0, names).startswith(FSI + evil + PDI + " ")
    assert textfmt.seat_short("en", 1, TWO, 0, names) == FSI + evil + PDI
    assert FSI + evil + PDI in textfmt.end_label("en", "T1", TWO, 0, names)
    # The catalogue's own names are not typed names: no isolates.
    assert textfmt.seat_name("en", 0, ["human", "ai"], 0, names) == "You"
    assert textfmt.seat_name("en", 1, ["human", "ai"], 0, names) == "Computer 2"


def test_a_name_cannot_close_its_isolate():
    """An isolate control in a name (a PDI would end the isolate early and let a U+202E after
    it run over the rest of the line) and other controls are left out."""
    name = textfmt.seat_name("en", 1, TWO, 0, ["", "a\u2069\u202eb\u2066c\u0007\n"])
    assert name == FSI + "a\u202ebc" + PDI
    assert name.count(PDI) == 1


def test_a_stored_name_of_10000_characters_is_cut_to_the_limit():
    long = "x" * 10_000
    assert textfmt.clean_name(long) == "x" * textfmt.NAME_CLUSTERS
    assert textfmt.read_names(json.dumps([long, "Lan"])) == ["x" * textfmt.NAME_CLUSTERS, "Lan"]
    assert len(textfmt.read_names(json.dumps(["a"] * 1000))) == textfmt.NAME_SLOTS
    shown = textfmt.seat_name("en", 0, TWO, 1, [long, ""])
    assert shown == FSI + "x" * textfmt.NAME_CLUSTERS + PDI


@pytest.mark.parametrize("unit", [
    "e\u0301",                                  # a letter and its combining accent
    "a\u0323\u0302",                             # Vietnamese ậ, decomposed
    "\U0001F600",                                 # an emoji outside the BMP
    "\U0001F44D\U0001F3FD",                       # a thumb with a skin tone
    "\U0001F468\u200d\U0001F469\u200d\U0001F467",  # a family (ZWJ sequence)
    "\U0001F1FB\U0001F1F3",                       # a flag: two regional indicators
    "\u2764\ufe0f",                               # a heart with its emoji selector
])
def test_a_name_is_never_cut_inside_a_character(unit):
    name = textfmt.clean_name(unit * 100)
    assert name == unit * (min(textfmt.NAME_CLUSTERS, textfmt.NAME_POINTS // len(unit)))
    assert textfmt.name_clusters(name) == [unit] * len(textfmt.name_clusters(name))
    short = textfmt.short_name(name, 5)
    assert short == unit * 4 + "\u2026"


def test_names_round_trip_through_storage():
    typed = ["\U0001F600 Ann", "Nguy\u1ec5n", "\u0410\u043d\u044f", "e\u0301", ""]
    assert textfmt.read_names(json.dumps(typed)) == typed  # CPython writes \\ud83d\\ude00
    assert textfmt.read_names(json.dumps(typed, ensure_ascii=False)) == typed
    assert textfmt.read_names('["\\ud83d\\ude00 Ann"]') == ["\U0001F600 Ann"]
    # A lone half of a pair is dropped, not shown as a replacement character.
    assert textfmt.read_names('["a\\ud83db", "c\\ude00"]') == ["ab", "c"]
    for bad in ("", "{", "null", '{"a": 1}', "5", '[1, null, ["x"]]'):
        assert all(name == "" for name in textfmt.read_names(bad))


@needs_micropython
def test_micropython_reads_the_stored_names_exactly(tmp_path):
    """MicroPython's json reads `\\ud83d\\ude00` as two code points (which the page would send
    to the DOM as replacement characters); read_names joins them, and the names go back to
    storage and come out again unchanged."""
    stored = json.dumps(["\U0001F600 Ann", "\u202eevil", "x" * 10_000, "e\u0301" * 30])
    (tmp_path / "stored.json").write_text(stored, encoding="utf-8")
    program = """
import sys
sys.path.append("/ui")
import json
import textfmt
names = textfmt.read_names(open("/work/stored.json").read())
again = textfmt.read_names(json.dumps(names))
shown = [textfmt.seat_name("en", s, ["human"] * 4, 0, names) for s in range(4)]
out = {"names": names, "same": again == names, "shown": shown,
       "points": [[ord(c) for c in n] for n in names],
       "short": textfmt.seat_short("en", 3, ["human"] * 4, 0, names, 3)}
open("/work/got.json", "w").write(json.dumps(out))
"""
    done = run_micropython(program, tmp_path,
                           files_in={"/ui/textfmt.py": ROOT / "web" / "page" / "textfmt.py",
                                     "/ui/i18n.py": ROOT / "web" / "page" / "i18n.py",
                                     "/work/stored.json": tmp_path / "stored.json"},
                           files_out={"/work/got.json": tmp_path / "got.json"})
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads((tmp_path / "got.json").read_text(encoding="utf-8"))
    expect = ["\U0001F600 Ann", "\u202eevil", "x" * 16, "e\u0301" * 16]
    assert got["points"] == [[ord(c) for c in n] for n in expect]
    assert got["names"] == expect
    assert got["same"] is True
    assert got["shown"] == [FSI + n + PDI for n in expect]
    assert got["short"] == FSI + "e\u0301e\u0301\u2026" + PDI
