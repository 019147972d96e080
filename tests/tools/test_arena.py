"""Arena: the JSON it prints, seating, determinism, errors, and a stronger agent winning.

RULES.md: none (agents against each other)
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from domino.errors import OptionError
from domino.rules.ruleset import get_ruleset
from domino.settlement.settle import HandResult
from domino.tools.arena import _hand_winners, arena, seating, wilson

ROOT = Path(__file__).resolve().parents[2]

KEYS = {"hands_won", "hands_decided", "win_rate", "ci95", "points_per_hand", "decision_ms_p50",
        "decision_ms_p95"}


def cli(*args: str) -> subprocess.CompletedProcess:
    return subprocess.run([sys.executable, "-m", "domino", *args], capture_output=True,
                          text=True, cwd=str(ROOT), timeout=120)


def test_cli_prints_the_documented_json():
    proc = cli("arena", "--variant", "vn_traditional", "--players", "4", "--agents",
               "medium,random", "--hands", "6", "--seed", "3")
    assert proc.returncode == 0, proc.stderr
    out = json.loads(proc.stdout)
    assert set(out) == {"hands", "agents"} and out["hands"] == 6
    assert set(out["agents"]) == {"medium", "random"}
    for stats in out["agents"].values():
        assert set(stats) == KEYS
        lo, hi = stats["ci95"]
        assert 0.0 <= lo <= hi <= 1.0
        assert stats["hands_decided"] <= 6
    # vn_traditional money is zero-sum: what one agent wins the other pays.
    pts = [s["points_per_hand"] for s in out["agents"].values()]
    assert abs(sum(pts)) < 1e-6


def test_cli_options_and_errors():
    proc = cli("arena", "--variant", "all_fives", "--players", "4", "--option",
               "partnership=true", "--agents", "greedy,easy", "--hands", "2")
    assert proc.returncode == 0, proc.stderr
    bad = cli("arena", "--variant", "draw", "--agents", "grandmaster,random", "--hands", "1")
    assert bad.returncode == 2 and bad.stderr.startswith("error:")
    teams = cli("arena", "--variant", "block", "--players", "4", "--option", "partnership=true",
                "--agents", "random,easy,medium", "--hands", "1")
    assert teams.returncode == 2 and "partnership" in teams.stderr


def test_seating_alternates_and_rotates():
    assert seating(2, 4, 0) == [0, 1, 0, 1]
    assert seating(2, 4, 1) == [1, 0, 1, 0]
    assert seating(3, 3, 2) == [2, 0, 1]
    assert sorted(seating(2, 2, 5)) == [0, 1]


def test_wilson_interval():
    assert wilson(0, 0) == [0.0, 1.0]
    lo, hi = wilson(50, 100)
    assert lo < 0.5 < hi and abs((lo + hi) / 2 - 0.5) < 1e-3
    lo, hi = wilson(90, 100)
    assert 0.82 < lo < 0.84 and 0.94 < hi < 0.95


def test_arena_is_deterministic_apart_from_timings():
    def strip(out):
        return {k: {x: y for x, y in v.items() if not x.startswith("decision_ms")}
                for k, v in out["agents"].items()}

    a = arena("kozel", {"players": 3}, ["hard", "easy", "random"], 3, 11)
    b = arena("kozel", {"players": 3}, ["hard", "easy", "random"], 3, 11)
    assert strip(a) == strip(b)


def test_arena_jobs_share_the_hands_with_the_same_results():
    """Hands are dealt and played from their own seeds, so sharing them among processes
    changes nothing but the timings."""
    def strip(out):
        return {k: {x: y for x, y in v.items() if not x.startswith("decision_ms")}
                for k, v in out["agents"].items()}

    one = arena("kozel", {"players": 4}, ["medium", "easy"], 9, 5)
    two = arena("kozel", {"players": 4}, ["medium", "easy"], 9, 5, jobs=2)
    assert strip(one) == strip(two)
    assert sum(v["hands_decided"] for v in one["agents"].values()) > 0


def test_self_play_labels():
    out = arena("block", {"players": 2}, ["greedy", "greedy"], 4, 0)
    assert set(out["agents"]) == {"greedy", "greedy#2"}


def test_a_stronger_agent_beats_random():
    out = arena("vn_traditional", {"players": 4}, ["medium", "random"], 300, 1)
    stats = out["agents"]["medium"]
    assert stats["ci95"][0] > 0.5, stats
    assert stats["points_per_hand"] > 0


def test_bad_hand_count_from_cli():
    proc = cli("arena", "--variant", "draw", "--agents", "random", "--hands", "0")
    assert proc.returncode == 2


@pytest.mark.parametrize("variant,players", [("mexican_train", 3), ("vn_iwin", 4)])
def test_every_agent_kind_in_a_short_arena(variant, players):
    out = arena(variant, {"players": players}, ["greedy", "random"], 1, 2)
    assert set(out["agents"]["greedy"]) == KEYS


def test_partnership_takes_one_agent_per_team():
    with pytest.raises(OptionError):
        arena("block", {"players": 4, "partnership": True}, ["a", "b", "c"], 1, 0)
    with pytest.raises(OptionError):
        arena("draw", {"players": 2}, ["grandmaster"], 1, 0)


def _result(winner, delta):
    return HandResult("blocked", winner, None, None, [0, 1, 2, 3][:len(delta)], [0] * len(delta),
                      delta)


def test_hand_winner_by_going_out_or_by_points():
    """Block: the result's winner decides. all_fives: the most points in the hand, whoever
    went out. kozel: the fewest penalty points per seat, whoever went out (DECISIONS E-17)."""
    block = get_ruleset("block", {"players": 4})
    assert _hand_winners(block, _result(2, [0, 0, 9, 0]), [0, 1, 0, 1], 2) == {0}
    assert _hand_winners(block, _result(None, [0, 0, 0, 0]), [0, 1, 0, 1], 2) is None
    fives = get_ruleset("all_fives", {"players": 2})
    # Seat 0 went out with a 10-point bonus, seat 1 scored 25 during play: seat 1 won it.
    assert _hand_winners(fives, _result(0, [10, 25]), [0, 1], 2) == {1}
    assert _hand_winners(fives, _result(0, [20, 20]), [1, 0], 2) is None
    kozel = get_ruleset("kozel", {"players": 4})
    # Seat 1 went out, but agent 0's seats hold 3 + 4 against agent 1's 0 + 12.
    assert _hand_winners(kozel, _result(1, [3, 0, 4, 12]), [0, 1, 0, 1], 2) == {0}
    assert _hand_winners(kozel, _result(1, [3, 0, 3, 6]), [0, 1, 0, 1], 2) is None


def test_warm_up_plays_hands_and_deals_the_next():
    """``warm_up`` leaves the match at a later hand, ready to play; it reports a match that
    ended during the warm-up."""
    from domino import Match
    from domino.ai import get_agent
    from domino.tools.arena import warm_up

    agents = [get_agent("medium", seed=1)] * 4
    m = Match.new("kozel", {"players": 4}, seed=5)
    assert warm_up(m, agents, 1, 5)
    assert m.hand_number == 2 and m.to_move is not None and not m.over
    # A kozel match ends once a record reaches 101, long before 200 hands.
    m = Match.new("kozel", {"players": 4}, seed=5)
    assert not warm_up(m, agents, 200, 5)
    assert m.over and max(m.records) >= 101
