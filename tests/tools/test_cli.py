"""``python -m domino``: simulate, variants, replay and legal, and how it fails on bad input.

RECORD.md: a malformed record or an illegal move exits with status 2 and one line on standard
error starting ``error:``; nothing is printed on standard output then, and never a traceback.

RULES.md: none (RECORD.md's CLI)
"""

from __future__ import annotations

import copy
import json
import os
import re
import subprocess
import sys
from pathlib import Path

import pytest

from domino import variants_catalog
from domino.tools.simulate import simulate

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = Path(__file__).resolve().parents[1] / "data" / "golden"
IDS = ["vn_traditional", "vn_schoolnet", "vn_iwin", "doubles", "kozel", "block", "draw",
       "all_fives", "mexican_train"]


def cli(*args: str, stdin: str | None = None, hashseed: str | None = None
        ) -> subprocess.CompletedProcess:
    env = dict(os.environ)
    if hashseed is not None:
        env["PYTHONHASHSEED"] = hashseed
    return subprocess.run([sys.executable, "-m", "domino", *args], input=stdin,
                          capture_output=True, text=True, cwd=str(ROOT), env=env, timeout=120)


def ok_json(*args: str, stdin: str | None = None) -> dict:
    proc = cli(*args, stdin=stdin)
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr == ""
    return json.loads(proc.stdout)


def golden(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.json").read_text(encoding="utf-8"))


def expected(name: str) -> dict:
    return json.loads((GOLDEN / f"{name}.expected.json").read_text(encoding="utf-8"))


# --- simulate ------------------------------------------------------------------------------

def test_simulate_keys_and_checksum_stable_across_runs():
    args = ("simulate", "--variant", "all_fives", "--players", "3", "--games", "40",
            "--seed", "11")
    one = ok_json(*args)
    two = ok_json(*args)
    for out in (one, two):
        assert {"games", "seconds", "games_per_second", "checksum"} <= set(out)
        assert out["games"] == 40
        assert isinstance(out["seconds"], (int, float)) and out["seconds"] >= 0
        assert out["games_per_second"] is None or out["games_per_second"] > 0
        assert re.fullmatch(r"[0-9a-f]{8,}", out["checksum"])
    assert one["checksum"] == two["checksum"]
    other = ok_json("simulate", "--variant", "all_fives", "--players", "3", "--games", "40",
                    "--seed", "12")
    assert other["checksum"] != one["checksum"]


def test_simulate_with_options_through_the_cli():
    out = ok_json("simulate", "--variant", "draw", "--players", "2", "--option",
                  "reserve=classic", "--option", "voluntary_draw=true", "--games", "20")
    assert out["games"] == 20
    same = ok_json("simulate", "--variant", "draw", "--players", "2", "--option",
                   "reserve=classic", "--option", "voluntary_draw=true", "--games", "20")
    assert same["checksum"] == out["checksum"]


@pytest.mark.parametrize("variant", IDS)
def test_simulate_library_checksum_is_deterministic(variant):
    a = simulate(variant, {}, games=15, seed=5)
    b = simulate(variant, {}, games=15, seed=5)
    assert a["checksum"] == b["checksum"]
    assert a["games"] == 15
    assert sum(a.get("terminations", {"x": 15}).values()) == 15


@pytest.mark.parametrize("variant, games", [
    ("vn_schoolnet", 20), ("vn_iwin", 20), ("doubles", 20), ("all_fives", 20),
    ("mexican_train", 3), ("kozel", 20),
])
def test_simulate_checksum_does_not_depend_on_hash_seed(variant, games):
    """The checksum is a property of the seed alone: not of set or dict ordering."""
    args = ("simulate", "--variant", variant, "--games", str(games), "--seed", "21")
    one = cli(*args, hashseed="1")
    two = cli(*args, hashseed="12345")
    assert one.returncode == two.returncode == 0, one.stderr + two.stderr
    assert json.loads(one.stdout)["checksum"] == json.loads(two.stdout)["checksum"]


def test_simulate_cli_equals_library():
    lib = simulate("kozel", {"players": 3}, games=30, seed=9)
    out = ok_json("simulate", "--variant", "kozel", "--players", "3", "--games", "30",
                  "--seed", "9")
    assert out["checksum"] == lib["checksum"]


# --- variants ------------------------------------------------------------------------------

def test_variants_output_parses():
    out = ok_json("variants")
    ids = [v["id"] for v in out["variants"]]
    assert sorted(ids) == sorted(IDS)
    for v in out["variants"]:
        assert {"id", "name", "players", "partnership", "options"} <= set(v)
        assert {"min", "max", "default"} <= set(v["players"])
        for opt in v["options"]:
            assert {"name", "type", "default"} <= set(opt)
    assert out == json.loads(json.dumps(variants_catalog()))


def test_variants_lists_kozel_in_pairs():
    """RULES.md 2.5's option ``partnership`` (4 players) is listed for kozel."""
    kozel = next(v for v in ok_json("variants")["variants"] if v["id"] == "kozel")
    assert kozel["partnership"] is True
    option = next(o for o in kozel["options"] if o["name"] == "partnership")
    assert (option["type"], option["default"], option["players"]) == ("bool", False, [4])


# --- replay and legal ----------------------------------------------------------------------

GOLDEN_NAMES = ["vn_traditional_4p", "vn_iwin_4p", "all_fives_3p", "kozel_4p_match",
                "kozel_pairs_match",
                "start_line_vn_iwin_C06", "start_tree_all_fives_AF04", "start_trains_mexican"]


@pytest.mark.parametrize("name", GOLDEN_NAMES)
def test_replay_golden_file(name):
    out = ok_json("replay", str(GOLDEN / f"{name}.json"))
    assert out == expected(name)


def test_replay_from_stdin():
    text = (GOLDEN / "vn_traditional_4p.json").read_text(encoding="utf-8")
    assert ok_json("replay", "-", stdin=text) == expected("vn_traditional_4p")


@pytest.mark.parametrize("name", ["start_tree_all_fives_AF04", "start_trains_mexican",
                                  "vn_traditional_4p"])
def test_legal_golden_file(name):
    out = ok_json("legal", str(GOLDEN / f"{name}.json"))
    exp = expected(name)
    assert out == {"to_move": exp["to_move"], "legal": exp["legal"]}


def test_legal_mid_hand_from_stdin():
    record = golden("vn_traditional_4p")
    record["hands"] = record["hands"][:1]
    record["hands"][0]["moves"] = record["hands"][0]["moves"][:1]
    out = ok_json("legal", "-", stdin=json.dumps(record))
    assert out["to_move"] == 2
    assert sorted(out["legal"]) == ["6-4@L", "6-4@R", "6-5@L", "6-5@R"]


# --- bad input -----------------------------------------------------------------------------

def _tampered() -> str:
    record = golden("vn_traditional_4p")
    record["hands"][0]["moves"][1] = "5-5@L"
    return json.dumps(record)


def _with(change) -> str:
    record = golden("vn_traditional_4p")
    change(record)
    return json.dumps(record)


BAD_STDIN = {
    "not-json": "hello",
    "empty": "",
    "truncated": (GOLDEN / "vn_traditional_4p.json").read_text(encoding="utf-8")[:200],
    "json-array": "[1, 2]",
    "wrong-format": _with(lambda r: r.update(format="pgn")),
    "wrong-version": _with(lambda r: r.update(version=7)),
    "missing-hands": _with(lambda r: r.pop("hands")),
    "unknown-variant": _with(lambda r: r.update(variant="chess")),
    "bad-players": _with(lambda r: r["options"].update(players=9)),
    "unknown-option": _with(lambda r: r["options"].update(colour="red")),
    "no-such-tile": _with(lambda r: r["hands"][0]["deal"]["hands"][0].__setitem__(0, "7-7")),
    "tile-twice": _with(lambda r: r["hands"][0]["deal"]["hands"][1].__setitem__(
        0, r["hands"][0]["deal"]["hands"][0][0])),
    "illegal-move": _tampered(),
    "bad-notation": _with(lambda r: r["hands"][0]["moves"].__setitem__(2, "6-5@")),
    "move-after-end": _with(lambda r: r["hands"][0]["moves"].append("pass")),
    "bad-hand-number": _with(lambda r: r.update(match={"hand_number": "x"})),
    "bad-balances": _with(lambda r: r.update(match={"balances": [1]})),
    "deeply-nested": "[" * 100000 + "]" * 100000,
    "deeply-nested-open": "[" * 100000,
    "deeply-nested-objects": '{"a":' * 100000 + "1" + "}" * 100000,
    "nan-seed": _with(lambda r: r.update(seed=float("nan"))),
}


def assert_clean_failure(proc: subprocess.CompletedProcess) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    assert "Traceback" not in proc.stderr
    lines = proc.stderr.splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("error: ") and len(lines[0]) > len("error: ")
    return lines[0]


@pytest.mark.parametrize("command", ["replay", "legal"])
@pytest.mark.parametrize("case", sorted(BAD_STDIN))
def test_bad_record_on_stdin(command, case):
    assert_clean_failure(cli(command, "-", stdin=BAD_STDIN[case]))


def test_illegal_move_message():
    line = assert_clean_failure(cli("replay", "-", stdin=_tampered()))
    assert line == 'error: hand 1, move 2 "5-5@L": the left end shows 6'


@pytest.mark.parametrize("args", [
    (),
    ("bogus",),
    ("replay",),
    ("replay", "/nonexistent/record.json"),
    ("replay", "tests"),
    ("legal", "/nonexistent/record.json"),
    ("simulate",),
    ("simulate", "--variant", "chess"),
    ("simulate", "--variant", "kozel", "--players", "9"),
    ("simulate", "--variant", "kozel", "--games", "0"),
    ("simulate", "--variant", "kozel", "--games", "x"),
    ("simulate", "--variant", "kozel", "--option", "foo=1"),
    ("simulate", "--variant", "kozel", "--option", "novalue"),
    ("simulate", "--variant", "kozel", "--option", "zero_double_rule=never"),
    ("variants", "extra"),
    ("simulate", "--variant", "draw", "--games", "1000001"),
    ("simulate", "--variant", "draw", "--seed", str(2**64)),
    ("arena", "--variant", "draw", "--agents", "random", "--hands", "100001"),
    ("arena", "--variant", "draw", "--agents", "random", "--jobs", "0"),
    ("arena", "--variant", "draw", "--agents", "random", "--jobs", str((os.cpu_count() or 1) + 1)),
    ("arena", "--variant", "draw", "--agents", "random", "--jobs", "1000"),
])
def test_bad_command_line(args):
    assert_clean_failure(cli(*args))


def test_the_limits_are_named_in_the_refusal():
    line = assert_clean_failure(cli("arena", "--variant", "draw", "--agents", "random",
                                    "--jobs", "1000"))
    assert "--jobs" in line and f"from 1 to {os.cpu_count() or 1}" in line
    line = assert_clean_failure(cli("simulate", "--variant", "draw", "--games", "10000000"))
    assert "--games" in line and "1000000" in line


def cli_bytes(*args: str, stdin: bytes, env_extra: dict[str, str]) -> subprocess.CompletedProcess:
    """The CLI fed raw bytes, with the locale and stdin decoding of ``env_extra``."""
    env = dict(os.environ)
    env.update(env_extra)
    proc = subprocess.run([sys.executable, "-m", "domino", *args], input=stdin,
                          capture_output=True, cwd=str(ROOT), env=env, timeout=120)
    return subprocess.CompletedProcess(proc.args, proc.returncode,
                                       proc.stdout.decode("utf-8", "replace"),
                                       proc.stderr.decode("utf-8", "replace"))


NOT_UTF8 = {
    "one-byte": b"\xff",
    "in-a-string": (GOLDEN / "vn_traditional_4p.json").read_bytes().replace(
        b'"vn_traditional"', b'"vn_\xfftraditional"', 1),
    "latin-1-record": json.dumps({"format": "domino-record", "variant": "café"},
                                 ensure_ascii=False).encode("latin-1"),
}
DECODINGS = {
    "utf-8-strict": {"PYTHONIOENCODING": "utf-8:strict", "LC_ALL": "C.UTF-8"},
    "c-locale": {"LC_ALL": "C", "PYTHONIOENCODING": ""},
    "latin-1": {"PYTHONIOENCODING": "latin-1"},
    "surrogateescape": {"PYTHONIOENCODING": "utf-8:surrogateescape"},
}


@pytest.mark.parametrize("decoding", sorted(DECODINGS))
@pytest.mark.parametrize("case", sorted(NOT_UTF8))
def test_standard_input_that_is_not_utf8(case, decoding):
    """A record is UTF-8 (RECORD.md's JSON): standard input is read as bytes, so that the
    locale's decoding of it (strict, escaping, or latin-1 that reads anything) never turns
    bad bytes into a traceback or into a record."""
    line = assert_clean_failure(cli_bytes("replay", "-", stdin=NOT_UTF8[case],
                                          env_extra=DECODINGS[decoding]))
    assert "standard input" in line and "not UTF-8" in line


def test_a_closed_output_pipe_ends_quietly():
    """``python -m domino variants | head -c1``: the reader is gone before the output is
    written; the CLI stops with status 141 (as SIGPIPE would) and no traceback."""
    for args in (("variants",), ("replay", str(GOLDEN / "vn_traditional_4p.json"))):
        read_end, write_end = os.pipe()
        os.close(read_end)  # every write now fails with EPIPE
        try:
            proc = subprocess.run([sys.executable, "-m", "domino", *args], stdout=write_end,
                                  stderr=subprocess.PIPE, text=True, cwd=str(ROOT), timeout=120)
        finally:
            os.close(write_end)
        assert proc.stderr == "", proc.stderr
        assert proc.returncode == 141


def test_ctrl_c_is_one_line_and_status_130(monkeypatch, capsys):
    from domino.tools import cli as cli_module

    def interrupted(path: str) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr(cli_module, "_read", interrupted)
    try:
        status = cli_module.main(["replay", "-"])
    except KeyboardInterrupt:
        pytest.fail("Ctrl-C escaped main: Python prints a traceback")
    assert status == 130
    captured = capsys.readouterr()
    assert captured.out == ""
    assert captured.err == "error: interrupted\n"


def test_binary_file(tmp_path):
    path = tmp_path / "record.json"
    path.write_bytes(b"\xff\xfe\x00garbage")
    assert_clean_failure(cli("replay", str(path)))


def test_file_with_tampered_move(tmp_path):
    record = copy.deepcopy(golden("vn_traditional_4p"))
    record["hands"][1]["moves"][0] = "6-6"
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    line = assert_clean_failure(cli("legal", str(path)))
    assert line.startswith('error: hand 2, move 1 "6-6": ')


# --- the fast line kernel behind ``simulate`` plays the checked engine's game ---------------

KERNEL_CONFIGS = [
    ("vn_traditional", {"players": 2}), ("vn_traditional", {"players": 3}),
    ("vn_traditional", {"players": 4}), ("vn_traditional", {"players": 4, "partnership": True}),
    ("vn_traditional", {"players": 3, "drawn_tile_optional": True}),
    ("vn_traditional", {"players": 2, "scoring_mode": "points"}),
    ("vn_iwin", {"players": 2}), ("vn_iwin", {"players": 3}), ("vn_iwin", {"players": 4}),
    ("kozel", {"players": 2}), ("kozel", {"players": 3}), ("kozel", {"players": 4}),
    ("kozel", {"players": 4, "lead_double": "lowest_from_1_1", "fish_lowest_exempt": True}),
    ("kozel", {"players": 2, "zero_double_rule": "only_if_sole_tile"}),
    ("block", {"players": 2}), ("block", {"players": 3, "tie_rule": "lightest_tile"}),
    ("block", {"players": 4, "partnership": True}),
    ("draw", {"players": 2}), ("draw", {"players": 3, "reserve": "classic"}),
    ("draw", {"players": 2, "voluntary_draw": True}), ("draw", {"players": 4}),
]


@pytest.mark.parametrize("variant, options", KERNEL_CONFIGS)
def test_kernel_games_replay_through_the_checked_engine(variant, options):
    """Every move the kernel plays is legal in the checked engine and the hand settles the
    same (play/line_playout.py promises "exactly the rules of hand/state.py")."""
    import random

    from domino import get_ruleset
    from domino.hand.state import MatchContext, deal, determine_lead
    from domino.match import record as rec
    from domino.play.line_playout import playout, supports

    rs = get_ruleset(variant, dict(options))
    assert supports(rs)
    for seed in range(40):
        rng = random.Random(seed)
        hands, boneyard = deal(rs, MatchContext(), rng)
        seat, tile = determine_lead(rs, hands, MatchContext(), rng)
        moves: list[str] = []
        result = playout(rs, hands, boneyard, seat, tile, random.Random(seed + 7), moves)
        record = {"format": "domino-record", "version": 1, "variant": variant,
                  "options": dict(options), "seed": seed, "match": {},
                  "hands": [{"deal": {"hands": [[f"{a}-{b}" for a, b in h] for h in hands],
                                      "boneyard": [f"{a}-{b}" for a, b in boneyard]},
                             "moves": moves}]}
        out = rec.replay(record)
        want = result.to_json()
        if variant == "kozel":  # a match records a first hand only from 13 points (2.5)
            want["delta"] = [p if p >= 13 else 0 for p in want["delta"]]
        assert out["hands"] == [want], (seed, moves)
