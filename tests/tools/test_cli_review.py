"""``python -m domino review`` on long records (issue 27): progress on standard error (hand k of
n, moves judged), a stated cost (``--budget`` evaluations a move, in ``--help`` and in the first
progress line), ``--hands`` to judge a range of hands, and standard output unchanged.

RULES.md: none (the CLI around ``domino.ai.review``, docs/ENGINE_API.md)
"""

from __future__ import annotations

import json
import queue
import random
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest

from domino.ai.levels import expert_config
from domino.ai.review import VERSION as REVIEW_VERSION, Review
from domino.match.match import Match

ROOT = Path(__file__).resolve().parents[2]
BUDGET = 12  # evaluations a move: a cheap judge, the CLI around it is what is tested


def _match_record(hands: int, seed: int = 5) -> dict:
    """A legal vn_traditional match of ``hands`` hands, random moves (vn_traditional's match
    has no end by default, so any number of hands can be played)."""
    m = Match.new("vn_traditional", {"players": 4}, seed=seed)
    rng = random.Random(seed)
    for h in range(hands):
        while m.to_move is not None:
            m.play(rng.choice(m.legal()))
        if h < hands - 1:
            m.next_hand()
    return m.to_record()


@pytest.fixture(scope="module")
def four_hands(tmp_path_factory) -> tuple[dict, str]:
    record = _match_record(4)
    path = tmp_path_factory.mktemp("review") / "four.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    return record, str(path)


def _error(proc, *fragments: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout[:200], proc.stderr[:300])
    assert proc.stdout == ""
    lines = proc.stderr.strip("\n").splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr[:300]
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def _progress(stderr: str) -> list[str]:
    lines = stderr.strip("\n").splitlines()
    assert lines and all(line.startswith("review: ") for line in lines), stderr[:500]
    return lines


def test_standard_output_is_the_document_as_before(sc, four_hands):
    """Existing uses see the same bytes on standard output: the document as one JSON line."""
    record, path = four_hands
    proc = sc.cli("review", path, "--seat", "1", "--budget", str(BUDGET))
    assert proc.returncode == 0, proc.stderr
    expected = Review(record, [1], BUDGET).run()
    assert proc.stdout == json.dumps(expected, ensure_ascii=False) + "\n"
    assert json.loads(proc.stdout)["hands"] is None


@pytest.mark.parametrize("spec, hands", [("2-3", [2, 3]), ("3", [3]), ("4-4", [4]),
                                         ("1-4", [1, 2, 3, 4]), (" 2 - 3 ", [2, 3])])
def test_hands_picks_a_range(sc, four_hands, spec, hands):
    record, path = four_hands
    doc = sc.cli_json("review", path, "--hands", spec, "--budget", str(BUDGET), "--quiet")
    assert doc["hands"] == hands
    assert {e["hand"] for e in doc["moves"]} == set(hands)
    assert doc == json.loads(json.dumps(Review(record, None, BUDGET, hands=hands).run()))


@pytest.mark.parametrize("spec, fragment", [("0", "--hands"), ("3-2", "--hands"),
                                            ("x", "--hands"), ("2-", "--hands"),
                                            ("-1", "--hands"), ("1-2-3", "--hands"),
                                            ("1-99999", "--hands"), ("9" * 5000, "--hands"),
                                            ("5", "hand 5"), ("3-7", "hand 5"), ("²", "--hands")],
                         ids=lambda v: v if len(v) < 20 else f"{len(v)} characters")
def test_hands_refused(sc, four_hands, spec, fragment):
    _, path = four_hands
    line = _error(sc.cli("review", path, f"--hands={spec}", "--budget", "1"), fragment)
    assert len(line) < 200


def test_progress_on_standard_error(sc, four_hands):
    record, path = four_hands
    proc = sc.cli("review", path, "--budget", str(BUDGET))
    assert proc.returncode == 0
    lines = _progress(proc.stderr)
    moves = sum(len(h["moves"]) for h in record["hands"])
    first, last = lines[0], lines[-1]
    # The plan and its cost, before any work.
    assert f"{moves} moves in hands 1-4 of 4" in first, first
    assert f"budget {BUDGET} evaluations a move" in first, first
    assert last.startswith("review: done: ") and f"{moves} moves judged" in last, last
    for line in lines[1:-1]:
        assert " of 4, " in line and "moves judged" in line, line


def test_quiet_prints_no_progress(sc, four_hands):
    _, path = four_hands
    proc = sc.cli("review", path, "--budget", "1", "--hands", "2", "--quiet")
    assert proc.returncode == 0 and proc.stderr == ""


def test_help_states_the_cost_and_the_flags(sc):
    proc = sc.cli("review", "--help")
    assert proc.returncode == 0
    text = " ".join(proc.stdout.split())
    for words in ("--budget B", "--hands", "3-5", "evaluations", "--quiet",
                  "standard error", f'"version": {REVIEW_VERSION}', '"hands"'):
        assert words in text, words


def test_a_thousand_hand_record(sc, tmp_path):
    """A legal 1,000-hand record (about 26,000 moves): a full review at the expert's budget
    shows progress within seconds (it printed nothing for minutes before), and one hand of it
    is judged in seconds."""
    record = _match_record(1000)
    assert len(record["hands"]) == 1000
    assert sum(len(h["moves"]) for h in record["hands"]) > 20_000
    path = tmp_path / "long.json"
    path.write_text(json.dumps(record), encoding="utf-8")
    proc = subprocess.Popen([sys.executable, "-m", "domino", "review", str(path)],
                            stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
                            cwd=str(ROOT))
    lines: queue.Queue[str] = queue.Queue()
    reader = threading.Thread(target=lambda: [lines.put(x) for x in proc.stderr], daemon=True)
    start = time.monotonic()
    reader.start()
    try:
        first = lines.get(timeout=60)
        second = lines.get(timeout=max(1.0, 60 - (time.monotonic() - start)))
    except queue.Empty:
        pytest.fail("no progress on standard error within 60 s")
    finally:
        proc.kill()
        proc.wait()
    assert first.startswith("review: ") and "in hands 1-1000 of 1000" in first, first
    # The expert's own budget in the record's variant (the level table's, E-85: 1,000 in
    # vn_traditional), as the progress line writes it.
    budget = expert_config("vn_traditional").evaluations
    assert f"budget {budget:,} evaluations a move" in first, first
    assert second.startswith("review: hand ") and " of 1000, " in second, second
    assert "moves judged" in second and " left" in second, second
    one = sc.cli("review", str(path), "--hands", "1000", "--budget", "1")
    assert one.returncode == 0, one.stderr[-300:]
    doc = json.loads(one.stdout)
    assert doc["hands"] == [1000] and doc["complete"] is True
    assert {e["hand"] for e in doc["moves"]} == {1000}
    assert "hands 1000-1000 of 1000" in one.stderr
