"""The lessons' worker side (web/worker/lessoning.py): a lesson's record stepped through as the
review steps through a hand, with the learner's legal moves as data where the learner is to
move, so that the page lets the learner play a try and never decides what is legal.

RULES.md: none (the lessons' worker side; each lesson's rule is tests/web/test_lessons.py's)
"""

from __future__ import annotations

import copy
import json
from pathlib import Path

import lessoning
import pytest
import reviewing

from domino import Match
from domino.errors import DominoError

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "web" / "lessons"
VARIANTS = sorted(p.stem for p in LESSONS.glob("*.json"))


def _lesson(variant):
    return json.loads((LESSONS / f"{variant}.json").read_text(encoding="utf-8"))


def _open(lesson):
    return lessoning.answer({"type": "lesson_open", "record": lesson["record"],
                             "seat": lesson["seat"]})


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_position_of_a_lesson_is_the_reviews_and_the_learners_moves_are_the_engines(
        variant):
    lesson = _lesson(variant)
    opened = _open(lesson)
    moves = lesson["record"]["hands"][0]["moves"]
    assert opened["type"] == "lesson_opened" and opened["variant"] == variant
    assert opened["moves"] == len(moves) and opened["seat"] == lesson["seat"]
    review = reviewing.Subject(lesson["record"]).positions(1)
    seat = lesson["seat"]
    for index in range(len(moves) + 1):
        p = lessoning.answer({"type": "lesson_position", "lesson": opened["lesson"],
                              "index": index})
        assert p["type"] == "lesson_position" and p["index"] == index
        assert {k: v for k, v in p.items() if k not in ("type", "lesson", "moves")} \
            == review[index]
        if index < len(moves) and review[index]["to_move"] == seat:
            rec = copy.deepcopy(lesson["record"])
            rec["hands"][0]["moves"] = moves[:index]
            m = Match.from_record(rec)
            legal = [str(x) for x in m.legal() if x.kind not in ("draw", "pass", "leave")]
            assert [e["move"] for e in p["moves"]] == legal
            for e in p["moves"]:
                # What the page draws and names: the tile, the end and the number on it (a
                # lead has no end yet).
                assert e["tile"]
                assert (e["end"] is None) == (not review[index]["view"]["ends"])
                assert e["end"] is None or isinstance(e["open"], int)
        else:
            assert p["moves"] == []


def test_at_a_try_the_records_move_is_among_the_learners_moves():
    for variant in VARIANTS:
        lesson = _lesson(variant)
        opened = _open(lesson)
        for step in lesson["steps"]:
            if "try" not in step:
                continue
            p = lessoning.answer({"type": "lesson_position", "lesson": opened["lesson"],
                                  "index": step["at"]})
            offered = [e["move"] for e in p["moves"]]
            assert lesson["record"]["hands"][0]["moves"][step["at"]] in offered
            assert set(step["try"].get("accept", [])) <= set(offered)
            assert len(offered) >= 2


def test_a_position_of_a_lesson_no_longer_open_is_refused():
    first = _open(_lesson("block"))
    second = _open(_lesson("draw"))
    assert second["lesson"] == first["lesson"] + 1
    with pytest.raises(lessoning.Stale):
        lessoning.answer({"type": "lesson_position", "lesson": first["lesson"], "index": 0})
    assert lessoning.answer({"type": "lesson_position", "lesson": second["lesson"],
                             "index": 0})["index"] == 0


@pytest.mark.parametrize("message, error", [
    ({"type": "lesson_open", "record": "x", "seat": 0}, ValueError),
    ({"type": "lesson_open", "record": None, "seat": 0}, ValueError),
    ({"type": "lesson_open", "seat": 7}, ValueError),
    ({"type": "lesson_open", "seat": True}, ValueError),
    ({"type": "lesson_open", "unfinished": True, "seat": 0}, ValueError),
    ({"type": "lesson_open", "illegal": True, "seat": 0}, DominoError),
    ({"type": "lesson_position", "index": 99}, ValueError),
    ({"type": "lesson_position", "index": "1"}, ValueError),
    ({"type": "lesson_dance"}, ValueError),
])
def test_what_is_not_a_lesson_or_a_position_of_it_is_refused(message, error):
    lesson = _lesson("block")
    opened = _open(lesson)
    message = dict(message)
    record = copy.deepcopy(lesson["record"])
    if message.pop("unfinished", False):
        record["hands"][0]["moves"] = record["hands"][0]["moves"][:3]
    if message.pop("illegal", False):
        record["hands"][0]["moves"][1] = "6-6@L"
    if message["type"] == "lesson_open" and "record" not in message:
        message["record"] = record
    if message["type"] == "lesson_position":
        message["lesson"] = opened["lesson"]
    with pytest.raises(error):
        lessoning.answer(message)
