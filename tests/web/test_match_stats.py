"""The history's statistics (web/worker/match_stats.py, run by the engine worker): per game and
opponent level, from the seat the page played, over finished matches; figures checked by hand
on small made-up histories, and on matches the engine really played.

RULES.md: none (the page's statistics)
"""

from __future__ import annotations

import json
import random

import history
import match_stats
import pytest
import textfmt

from domino import Match
from domino.session import history as hand_history


def _entry(ident, saved_at, variant="block", seats=("human", "ai:hard"), match=None,
           results=(), finished=True, standing="points", better="higher", viewer=0, **extra):
    entry = {"v": history.SCHEMA_VERSION, "id": ident, "saved_at": saved_at, "started_at": 0,
             "variant": variant, "players": len(seats), "seats": list(seats),
             "hands": len(results or ()), "finished": finished,
             "match": match if match is not None else {"scores": [0] * len(seats)},
             "standing": standing, "better": better, "viewer": viewer,
             "record": {"format": "domino-record", "options": {}},
             "results": [dict(h) for h in results] if results is not None else None}
    entry.update(extra)
    return entry


def _hand(winner, delta):
    return {"termination": "domino", "winner": winner, "delta": list(delta)}


def _game(stats, variant):
    return [g for g in stats["games"] if g["variant"] == variant][0]


def test_matches_hands_totals_and_streaks_of_a_points_game():
    won1 = _entry("a", 1, match={"scores": [100, 40]},
                  results=[_hand(0, [60, 0]), _hand(1, [0, 40]), _hand(0, [40, 0])])
    lost = _entry("b", 2, match={"scores": [70, 100]},
                  results=[_hand(1, [0, 100]), _hand(0, [70, 0])])
    won2 = _entry("c", 3, match={"scores": [101, 0]}, results=[_hand(0, [101, 0])])
    won3 = _entry("d", 4, match={"scores": [100, 20]}, results=[_hand(0, [100, 20])])
    unfinished = _entry("e", 5, finished=False, match={"scores": [5, 90]})
    stats = match_stats.compute([won3, unfinished, lost, won1, won2])  # any order
    assert stats["matches"] == 4 and stats["unfinished"] == 1
    game = _game(stats, "block")
    group = game["all"]
    assert (group["matches"], group["won"]) == (4, 3)
    assert (group["hands"], group["hands_won"], group["hands_unknown"]) == (7, 5, 0)
    assert group["total"] == 100 + 70 + 101 + 100 and group["average"] == 92.8
    assert group["best_hand"] == 101
    assert (group["streak"], group["best_streak"]) == (2, 2)  # won, lost, won, won
    assert group["goats"] == 0 and group["reviewed"] == 0 and group["accuracy"] is None
    assert [g["level"] for g in game["levels"]] == ["hard"]
    assert [(p["id"], p["value"], p["won"]) for p in game["series"]] == [
        ("a", 100, True), ("b", 70, False), ("c", 101, True), ("d", 100, True)]


def test_levels_are_the_computers_levels_and_are_kept_apart():
    entries = [
        _entry("e1", 1, seats=("human", "ai:easy", "ai:easy"), match={"scores": [9, 0, 0]}),
        _entry("m1", 2, seats=("human", "ai"), match={"scores": [0, 9]}),
        _entry("x1", 3, seats=("human", "ai:hard", "ai:expert"), match={"scores": [9, 0, 0]}),
        _entry("p1", 4, seats=("human", "human"), match={"scores": [3, 3]}),
        # The viewer is seat 1; the computer at seat 0 plays at expert.
        _entry("v1", 5, seats=("ai:expert", "human"), viewer=1, match={"scores": [1, 9]}),
    ]
    game = _game(match_stats.compute(entries), "block")
    levels = {g["level"]: (g["matches"], g["won"]) for g in game["levels"]}
    assert levels == {"easy": (1, 1), "medium": (1, 0), "expert": (1, 1), "mixed": (1, 1),
                      "people": (1, 0)}  # a draw with everyone is no win
    assert [g["level"] for g in game["levels"]] == ["easy", "medium", "expert", "mixed",
                                                    "people"]
    assert game["all"]["matches"] == 5 and game["all"]["won"] == 3


def test_money_kozel_and_mexican_train_read_their_own_totals():
    money = [_entry("m1", 1, variant="vn_iwin", standing="money",
                    seats=("human", "ai", "ai", "ai"),
                    match={"balances": [3000, -1000, -1000, -1000]},
                    results=[_hand(0, [3000, -1000, -1000, -1000])]),
             _entry("m2", 2, variant="vn_iwin", standing="money",
                    seats=("human", "ai", "ai", "ai"),
                    match={"balances": [-4500, 1500, 1500, 1500]},
                    results=[_hand(2, [-4500, 1500, 1500, 1500])])]
    kozel = [_entry("k1", 3, variant="kozel", standing="record", better="lower",
                    seats=("human", "ai", "ai"),
                    match={"records": [105, 20, 40], "open": [True] * 3, "goat": [0]},
                    results=[_hand(1, [105, 0, 0])]),
             _entry("k2", 4, variant="kozel", standing="record", better="lower",
                    seats=("human", "ai", "ai"),
                    match={"records": [10, 101, 40], "open": [True] * 3, "goat": [1]},
                    results=[_hand(0, [0, 101, 0])])]
    stats = match_stats.compute(money + kozel)
    iwin = _game(stats, "vn_iwin")["all"]
    assert iwin["total"] == -1500 and iwin["average"] == -750.0 and iwin["won"] == 1
    assert iwin["best_hand"] == 3000
    koz = _game(stats, "kozel")["all"]
    assert koz["goats"] == 1 and koz["won"] == 1 and koz["average"] == 57.5
    assert koz["best_hand"] is None  # a kozel hand only adds to a record
    assert koz["hands_won"] == 1


def test_a_partner_wins_the_hand_for_the_team_and_unknown_hands_are_counted_apart():
    team = _entry("t", 1, seats=("human", "ai", "ai", "ai"),
                  record={"format": "domino-record", "options": {"partnership": True}},
                  match={"scores": [50, 0, 50, 0]},
                  results=[_hand(2, [50, 0, 50, 0]), _hand(1, [0, 0, 0, 0]),
                           _hand([0, 2], [0, 0, 0, 0])])
    old = _entry("o", 2, results=None, match={"scores": [5, 0]})
    group = match_stats.compute([team, old])["games"][0]["all"]
    assert group["hands"] == 3 and group["hands_won"] == 2 and group["hands_unknown"] == 1
    assert group["matches"] == 2 and group["won"] == 2


@pytest.mark.parametrize(("extra", "accuracy"), [
    ({}, None),
    ({"review": {"format": "domino-review",
                 "totals": [{"seat": 1, "judged": 4, "accuracy": 0.25},
                            {"seat": 0, "judged": 10, "accuracy": 0.8}]}}, 0.8),
    ({"review": {"totals": [{"seat": 0, "judged": 0, "accuracy": 1.0}]}}, None),
    ({"accuracy": [0.5, 0.9]}, 0.5),
    ({"accuracy": {"0": 0.75}}, 0.75),
    ({"accuracy": [True, 0.5]}, None),
    ({"review": "done"}, None),
])
def test_accuracy_is_read_from_a_review_when_the_entry_has_one(extra, accuracy):
    entry = _entry("r", 1, match={"scores": [3, 1]}, **extra)
    assert match_stats.review_accuracy(entry) == accuracy
    group = match_stats.compute([entry, _entry("s", 2, match={"scores": [0, 1]})])
    group = group["games"][0]["all"]
    assert group["accuracy"] == accuracy and group["reviewed"] == (accuracy is not None)


def test_the_winner_is_the_history_lists_winner():
    """The statistics' winner rule is the one the history screen names (textfmt)."""
    cases = [({"scores": [3, 9, 9]}, "higher"), ({"records": [40, 12, 12]}, "lower"),
             ({"balances": [0, 0]}, "higher"), ({}, "higher"), ({"scores": [5, 1]}, "lower")]
    for match, better in cases:
        entry = _entry("w", 1, seats=("human",) + ("ai",) * (len(match.get(
            "scores", match.get("records", match.get("balances", [0, 0])))) - 1),
            match=match, better=better)
        assert match_stats.best_seats(entry) == textfmt._best_seats(entry), match


def test_the_latest_matches_only_are_charted():
    entries = [_entry(f"{i:03d}", i, match={"scores": [i, 0]}) for i in range(30)]
    series = match_stats.compute(entries)["games"][0]["series"]
    assert len(series) == match_stats.SERIES
    assert [p["value"] for p in series] == list(range(10, 30))


@pytest.mark.parametrize(("variant", "options", "seats"), [
    ("all_fives", {"players": 2}, ["human", "ai:hard"]),
    ("kozel", {"players": 3}, ["human", "ai", "ai:easy"]),
    ("vn_traditional", {"players": 4, "max_hands": 3}, ["human", "ai", "ai", "ai"]),
])
def test_statistics_of_matches_the_engine_played(variant, options, seats):
    """Whole matches played with random moves, their entries made as the worker makes them:
    the hands add up to the totals the match keeps."""
    entries = []
    for seed in range(3):
        rng = random.Random(seed)
        match = Match.new(variant, options, seed)
        while not match.over:
            if match.hand_over:
                match.next_hand()
                continue
            match.play(rng.choice([m for m in match.legal() if str(m) != "leave"]))
        summary = match.summary()
        state = {"variant": variant, "players": options["players"], "viewer": 0,
                 "match": summary, "history": hand_history(match),
                 "reading": {"standing": match.rs.standing_rule.name,
                             "better": match.rs.standing_rule.better}}
        entry = history.make_entry(f"id{seed}", match.to_record(), seats, state, True, 0, seed)
        entries.append(history.read_entry(json.dumps(entry)))
    stats = match_stats.compute(entries)
    assert stats["matches"] == 3 and len(stats["games"]) == 1
    group = stats["games"][0]["all"]
    hands = sum(len(e["results"]) for e in entries)
    assert group["hands"] == hands == sum(e["hands"] for e in entries)
    totals = [match_stats.totals(e)[0] for e in entries]
    assert group["total"] == sum(totals)
    assert group["won"] == sum(1 for e in entries if match_stats.won_match(e))
    # What the viewer's hands changed adds up to the viewer's total (each match starts at 0).
    for e in entries:
        assert sum(h["delta"][0] for h in e["results"]) == match_stats.totals(e)[0]
    assert 0 <= group["hands_won"] <= hands
    if variant == "kozel":
        assert group["goats"] == sum(1 for e in entries if 0 in e["match"].get("goat", []))
