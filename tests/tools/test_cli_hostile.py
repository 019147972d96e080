"""Issue 27, "no link or file can break the page", at the CLI: a record file with an option of
the wrong JSON type, a key twice, an absurd number or absurd nesting is one ``error:`` line and
status 2 (RECORD.md), and the command-line flags still read text (``--option name=yes``).

RULES.md: none (RECORD.md's record and CLI contract)
"""

from __future__ import annotations

import copy
import json

import pytest

IWIN = {
    "format": "domino-record", "version": 1, "variant": "vn_iwin",
    "options": {"players": 4, "stake": 1000, "table": "casual"}, "seed": 1, "match": {},
    "hands": [{"start": {"hands": [["2-0"], ["6-6", "5-1"], ["3-1"], ["6-2"]],
                         "boneyard": [], "line": ["3|5", "5|4"], "to_move": 1,
                         "last_placer": 0},
               "moves": ["pass", "3-1@L"]}],
}


def _assert_error(proc, *fragments: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr[:300])
    assert proc.stdout == ""
    lines = proc.stderr.strip("\n").splitlines()
    assert len(lines) == 1, proc.stderr[:300]
    assert lines[0].startswith("error: ") and "Traceback" not in proc.stderr
    assert len(lines[0]) < 300, lines[0][:300]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def _file(tmp_path, text: str):
    path = tmp_path / "record.json"
    path.write_text(text, encoding="utf-8")
    return str(path)


@pytest.mark.parametrize("name, value", [("players", "4"), ("stake", "1000"),
                                         ("stake", 1000.0)])
def test_replay_refuses_options_of_the_wrong_json_type(sc, tmp_path, name, value):
    record = copy.deepcopy(IWIN)
    record["options"][name] = value
    path = _file(tmp_path, json.dumps(record))
    for command in ("replay", "legal"):
        _assert_error(sc.cli(command, path), name)
    _assert_error(sc.cli("replay", "-", stdin=json.dumps(record)), name)


def test_replay_refuses_a_text_boolean(sc, tmp_path):
    record = {"format": "domino-record", "version": 1, "variant": "draw",
              "options": {"players": 2, "voluntary_draw": "yes"}, "seed": 3, "match": {},
              "hands": [{"moves": []}]}
    _assert_error(sc.cli("replay", _file(tmp_path, json.dumps(record))), "voluntary_draw")
    record["options"]["voluntary_draw"] = True
    assert sc.cli_json("replay", _file(tmp_path, json.dumps(record)))["to_move"] is not None


@pytest.mark.parametrize("option", ["voluntary_draw=yes", "voluntary_draw=on",
                                    "voluntary_draw=1", "voluntary_draw=true",
                                    "reserve=classic", "players=3"])
def test_simulate_flags_still_read_text(sc, option):
    out = sc.cli_json("simulate", "--variant", "draw", "--option", option, "--games", "2")
    assert out["games"] == 2


@pytest.mark.parametrize("option, word", [("voluntary_draw=maybe", "voluntary_draw"),
                                          ("voluntary_draw=2", "voluntary_draw"),
                                          ("players=three", "players"),
                                          ("reserve=3", "reserve"), ("nope=1", "nope")])
def test_simulate_flags_refuse_bad_text(sc, option, word):
    _assert_error(sc.cli("simulate", "--variant", "draw", "--option", option, "--games", "2"),
                  word)


def test_replay_refuses_a_key_twice(sc, tmp_path):
    text = json.dumps(IWIN).replace('"seed": 1', '"seed": 1, "seed": 2')
    _assert_error(sc.cli("replay", _file(tmp_path, text)), "seed", "twice")
    _assert_error(sc.cli("legal", "-", stdin=text), "seed", "twice")


def test_replay_refuses_a_100000_digit_seed(sc, tmp_path):
    text = json.dumps(IWIN).replace('"seed": 1', '"seed": ' + "9" * 100_000)
    line = _assert_error(sc.cli("replay", _file(tmp_path, text)), "100000 digits")
    assert "set_int_max_str_digits" not in line


def test_seed_flag_of_100000_digits_is_one_short_line(sc):
    _assert_error(sc.cli("simulate", "--variant", "draw", "--games", "1",
                         "--seed", "9" * 100_000), "--seed")


@pytest.mark.parametrize("flag", ["--players", "--seed", "--games"])
def test_a_count_flag_of_5000_digits_is_one_short_line(sc, flag):
    """Python's ``int()`` refuses 4,300 digits and more with its own message, which argparse
    repeated with the whole value: 5,000 characters on the error line."""
    argv = ["simulate", "--variant", "draw", "--games", "1", flag, "9" * 5000]
    _assert_error(sc.cli(*argv), flag)
    _assert_error(sc.cli(*argv[:-1], "-" + "9" * 5000), flag)


@pytest.mark.parametrize("text", ["[" * 100_000 + "]" * 100_000,
                                  '{"a":' * 100_000 + "1" + "}" * 100_000],
                         ids=["arrays", "objects"])
def test_replay_refuses_deep_nesting(sc, tmp_path, text):
    _assert_error(sc.cli("replay", _file(tmp_path, text)), "nested")
