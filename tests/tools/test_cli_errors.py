"""The CLI error contract of RECORD.md: exit status 2, one ``error: ...`` line on stderr,
nothing on stdout, no traceback.

RULES.md: none (RECORD.md's CLI error contract)
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest


def _write(tmp_path, name, record):
    path = tmp_path / name
    path.write_text(record if isinstance(record, str) else json.dumps(record), encoding="utf-8")
    return path


def _assert_error(proc, *fragments):
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.strip("\n").splitlines()
    assert len(lines) == 1, proc.stderr
    line = lines[0]
    assert line.startswith("error: "), line
    assert "Traceback" not in proc.stderr
    for fragment in fragments:
        assert fragment in line, (fragment, line)
    return line


def test_cli_illegal_placement(sc, tmp_path):
    rec = sc.with_moves(sc.load("C-02"), ["2-1@L"])
    path = _write(tmp_path, "bad.json", rec)
    for command in ("replay", "legal"):
        line = _assert_error(sc.cli(command, str(path)), "hand 1", "move 1", '"2-1@L"')
        # ... and a reason after the notation.
        assert line.split('"2-1@L"', 1)[1].strip(" :")


def test_cli_illegal_move_third_in_hand(sc, tmp_path):
    # C-03: the first two draws are legal; a pass is not while tiles can be drawn.
    rec = sc.with_moves(sc.load("C-03"), ["draw", "draw", "pass"])
    path = _write(tmp_path, "bad.json", rec)
    line = _assert_error(sc.cli("replay", str(path)), "hand 1", "move 3", '"pass"')
    assert line.split('"pass"', 1)[1].strip(" :")


def test_cli_illegal_move_in_second_hand(sc, tmp_path):
    # T-04: hand 1 ends by domino, hand 2 is led by P0; 5-5 is not P0's tile.
    rec = copy.deepcopy(sc.load("T-04"))
    rec["hands"][1]["moves"] = ["5-5"]
    path = _write(tmp_path, "bad.json", rec)
    _assert_error(sc.cli("replay", str(path)), "hand 2", "move 1", '"5-5"')


def test_cli_illegal_move_on_stdin(sc):
    rec = sc.with_moves(sc.load("C-02"), ["2-1@L"])
    _assert_error(sc.cli("replay", "-", stdin=json.dumps(rec)), "hand 1", "move 1", '"2-1@L"')


def _broken(sc):
    good = sc.load("C-02")
    text = (sc.dir / "C-02.json").read_text(encoding="utf-8")
    unknown_variant = copy.deepcopy(good)
    unknown_variant["variant"] = "nonesuch"
    unknown_option = copy.deepcopy(good)
    unknown_option["options"]["frobnicate"] = True
    players = sc.load("C-06")
    players["options"]["players"] = 5
    no_tile = copy.deepcopy(good)
    no_tile["hands"][0]["start"]["hands"][1].append("7-1")
    twice = copy.deepcopy(good)
    twice["hands"][0]["start"]["hands"][1].append("5-3")
    dealt_twice = sc.load("T-02")
    dealt_twice["hands"][0]["deal"]["hands"][1][0] = "6-3"
    return {
        "malformed_json": "{\"format\": \"domino-record\", \"version\": 1,, }",
        "truncated": text[: len(text) // 2],
        "empty": "",
        "not_an_object": "[1, 2, 3]",
        "unknown_variant": unknown_variant,
        "unknown_option": unknown_option,
        "players_out_of_range": players,
        "tile_does_not_exist": no_tile,
        "tile_twice_in_start": twice,
        "tile_dealt_twice": dealt_twice,
    }


CASES = ["malformed_json", "truncated", "empty", "not_an_object", "unknown_variant",
         "unknown_option", "players_out_of_range", "tile_does_not_exist", "tile_twice_in_start",
         "tile_dealt_twice"]


@pytest.mark.parametrize("case", CASES)
def test_cli_malformed_record(sc, tmp_path, case):
    record = _broken(sc)[case]
    path = _write(tmp_path, f"{case}.json", record)
    for command in ("replay", "legal"):
        _assert_error(sc.cli(command, str(path)))


def test_cli_error_names_the_problem(sc, tmp_path):
    cases = _broken(sc)
    for case, fragment in (("unknown_variant", "nonesuch"), ("unknown_option", "frobnicate"),
                           ("tile_does_not_exist", "7-1"), ("tile_twice_in_start", "5-3")):
        path = _write(tmp_path, f"{case}.json", cases[case])
        _assert_error(sc.cli("replay", str(path)), fragment)


def test_cli_missing_file(sc, tmp_path):
    _assert_error(sc.cli("replay", str(tmp_path / "no-such-record.json")))


def test_cli_good_record_exit_zero(sc):
    proc = sc.cli("replay", str(sc.path("C-06")))
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    out = json.loads(proc.stdout)
    assert set(out) >= {"hands", "match", "to_move", "legal"}


RECORDS = sorted(p.stem for p in (Path(__file__).resolve().parents[1] / "data" / "scenarios").glob("*.json"))


@pytest.mark.parametrize("name", RECORDS)
def test_cli_output_equals_library(sc, name):
    """``python -m domino replay`` prints exactly what the library returns, for every record
    (``legal`` is compared in test_C02 and test_T01)."""
    from domino.match import record as rec

    record = sc.load(name)
    assert sc.cli_json("replay", str(sc.path(name))) == rec.replay(copy.deepcopy(record))
