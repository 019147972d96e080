"""The first lessons (issue 13; docs/LESSONS.md): web/lessons/<variant>.json and their
stepper logic, web/page/lessonplan.py.

Every lesson is read by lessonplan, replayed by the engine, and every fact its texts teach is
checked here with the engine (the termination, the settlement, the score of the try move,
the markers, the goat...), so a lesson can never teach what the engine does not do.

RULES.md: 2.1, 2.2, 2.3, 2.4, 2.5, 3.1, 3.2, 3.3, 3.4 (each lesson's rule)
"""

from __future__ import annotations

import ast
import copy
import importlib.util
import json
import re
from pathlib import Path

import pytest
from micropython_runner import needs_micropython, run_micropython

from domino import Match, get_ruleset, variants_catalog, view
from domino.tiles import parse_tile

ROOT = Path(__file__).resolve().parents[2]
LESSONS = ROOT / "web" / "lessons"
PLAN = ROOT / "web" / "page" / "lessonplan.py"
TEST_SOURCE = Path(__file__).read_text(encoding="utf-8")


def _load_plan(path=PLAN, name="lessonplan"):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


lessonplan = _load_plan()
VARIANTS = [v["id"] for v in variants_catalog()["variants"]]


def _text(variant):
    return (LESSONS / f"{variant}.json").read_text(encoding="utf-8")


def _lesson(variant):
    return lessonplan.load(_text(variant))


def _prefix(lesson, position, hand=0):
    """The match after the first ``position`` moves of the lesson's hand."""
    rec = copy.deepcopy(lesson["record"])
    rec["hands"] = rec["hands"][:hand + 1]
    rec["hands"][hand]["moves"] = rec["hands"][hand]["moves"][:position]
    return Match.from_record(rec)


def _play(lesson, k, move, hand=0):
    """The match after move ``k`` is replaced by ``move``, and the events it caused."""
    m = _prefix(lesson, k, hand)
    events = [e.to_json(None) for e in m.play(move)]
    return m, events


def _final(lesson):
    return Match.from_record(copy.deepcopy(lesson["record"]))


def _placements(m):
    return [str(x) for x in m.legal() if x.kind not in ("draw", "pass", "leave")]


def _ends(m):
    return {e: v for e, v in view(m.hand, 0).to_json()["ends"]}


def _on_table(m):
    """The tiles on the table (any layout), as (high, low)."""
    lay = view(m.hand, 0).to_json()["layout"]
    pairs = [lay["lead"]] if lay.get("lead") else []
    for part in lay.get("arms", []) + lay.get("trains", []):
        pairs += part["tiles"]
    pairs += lay.get("tiles", [])
    return {(max(p), min(p)) for p in pairs}


def _tile(move):
    return parse_tile(move.split("@")[0])


def _try_steps(lesson):
    return [s for s in lesson["steps"] if "try" in s]


def _wrong(lesson, step):
    """The legal placements at a try step that the lesson does not accept."""
    m = _prefix(lesson, step["at"])
    return [x for x in _placements(m) if x not in step["try"]["accept"]]


def _texts_of(lesson):
    yield "title", lesson["title"]
    yield "summary", lesson["summary"]
    for s in lesson["steps"]:
        yield s["id"], s["say"]
        if "try" in s:
            yield s["id"] + ".hint", s["try"]["hint"]
            yield s["id"] + ".wrong", s["try"]["wrong"]
            for move, texts in s["try"].get("wrong_moves", {}).items():
                yield s["id"] + "." + move, texts


# --- every lesson ---------------------------------------------------------------------------

def test_there_is_one_lesson_per_variant():
    files = sorted(p.stem for p in LESSONS.glob("*.json"))
    assert files == sorted(VARIANTS)


@pytest.mark.parametrize("variant", VARIANTS)
def test_a_lesson_is_a_valid_lesson_of_a_complete_record_the_engine_replays(variant):
    lesson = _lesson(variant)
    assert lesson["variant"] == variant and lesson["id"] == variant + "-1"
    record = lesson["record"]
    m = _final(lesson)
    assert m.hand_over, "the lesson's hand is played to its end"
    assert len(record["hands"]) == 1
    assert 0 <= lesson["seat"] < m.players
    # Every deal written out, so the lesson replays the same under a later engine.
    assert "deal" in record["hands"][0] or "start" in record["hands"][0]
    # Steps come in the order a stepper meets them.
    order = {"after": 1, "before": 0}
    keys = [(s["at"] + order[s["when"]] if s["when"] != "end" else 10**6)
            for s in lesson["steps"]]
    assert keys == sorted(keys)
    assert lesson["steps"][-1]["when"] == "end"


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_try_is_a_real_choice_of_the_learner_and_the_records_move_is_accepted(variant):
    lesson = _lesson(variant)
    tries = _try_steps(lesson)
    assert tries, "a lesson lets the learner try"
    for step in tries:
        k = step["at"]
        m = _prefix(lesson, k)
        assert m.to_move == lesson["seat"], step["id"]
        legal = _placements(m)
        assert len(legal) >= 2, step["id"]
        right = lessonplan.moves(lesson)[k]
        assert right in step["try"]["accept"]
        assert set(step["try"]["accept"]) <= set(legal)
        assert _wrong(lesson, step), "some legal move is wrong: " + step["id"]
        for move in step["try"].get("wrong_moves", {}):
            assert move in legal


@pytest.mark.parametrize("variant", VARIANTS)
def test_what_a_step_points_at_is_on_the_table_then(variant):
    lesson = _lesson(variant)
    n = len(lessonplan.moves(lesson))
    for step in lesson["steps"]:
        pos = {"before": step.get("at"), "after": (step.get("at") or 0) + 1,
               "end": n}[step["when"]]
        m = _prefix(lesson, pos)
        focus = step.get("focus", {})
        for end in focus.get("ends", []):
            assert end in _ends(m), (step["id"], end)
        for seat in focus.get("seats", []):
            assert 0 <= seat < m.players
        # A tile pointed at is in a hand or on the table at that moment.
        held = {t for h in m.hand.hands for t in h}
        for tile in focus.get("tiles", []):
            t = parse_tile(tile)
            assert t in held or t in _on_table(m), (step["id"], tile)


CYRILLIC = re.compile("[а-яё]", re.I)
VI_MARKS = re.compile("[ăâđêôơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹáàãéèíìóòõúùý]", re.I)
ENGINE_WORDS = re.compile(r"@(?:[LRNS]\b|T\d|X\d|MX)|\bP\d\b|\bT\d\b|\bMX\b|_|\bMáy 0\b|\bComputer 0\b|компьютер 0")


@pytest.mark.parametrize("variant", VARIANTS)
def test_every_text_is_in_vietnamese_english_and_russian(variant):
    lesson = _lesson(variant)
    for where, texts in _texts_of(lesson):
        assert set(texts) == {"vi", "en", "ru"}, where
        for lang in ("vi", "en", "ru"):
            assert texts[lang].strip(), (where, lang)
            assert not ENGINE_WORDS.search(texts[lang]), (where, lang, texts[lang])
        assert texts["vi"] != texts["en"] and texts["ru"] != texts["en"], where
        assert VI_MARKS.search(texts["vi"]), where
        assert CYRILLIC.search(texts["ru"]), where
        # English may name a Vietnamese player's term (triệt, gài triệt, thúi bò), never Russian.
        assert not CYRILLIC.search(texts["en"]), where


# The words of GLOSSARY.md each lesson teaches with, per language; and the mixed terms that
# its "known text problems" list (nọc / tắc / quân đôi / rút for the boneyard, block, double
# and draw), which no lesson may use.
GLOSSARY_WORDS = {
    "vn_traditional": {"vi": ["triệt", "bò trắng", "13", "bỏ lượt", "bị đứng"],
                       "en": ["block", "double blank", "13"], "ru": ["рыба", "пусто-пусто"]},
    "vn_schoolnet": {"vi": ["người triệt", "gài triệt", "triệt"], "en": ["blocker", "set up"],
                     "ru": ["рыб", "gài triệt"]},
    "vn_iwin": {"vi": ["thúi bò", "bỏ lượt", "về nhất", "thuế"],
                "en": ["doubles penalty", "pass", "tax"], "ru": ["пас", "дубл", "налог"]},
    "doubles": {"vi": ["chốt", "mở khóa", "bò"], "en": ["spinner", "unlock", "double"],
                "ru": ["дубль", "открыт"]},
    "kozel": {"vi": ["dê", "sổ", "chợ", "bốc", "cá", "13"],
              "en": ["goat", "record", "market", "knock", "fish", "13"],
              "ru": ["козёл", "запись", "базар", "рыба", "пусто-пусто"]},
    "block": {"vi": ["bỏ lượt", "triệt"], "en": ["pass", "blocked"], "ru": ["пас", "рыба"]},
    "draw": {"vi": ["bốc", "khay dự bị"], "en": ["draw", "boneyard"], "ru": ["базар"]},
    "all_fives": {"vi": ["đầu", "chia hết cho 5", "bò"], "en": ["ends", "multiple of 5"],
                  "ru": ["концах", "кратн", "дубль"]},
    "mexican_train": {"vi": ["tàu", "đầu tàu", "dấu", "bốc"],
                      "en": ["train", "engine", "marker", "satisfied"],
                      "ru": ["поезд", "метк", "дубль"]},
}
NOT_GLOSSARY = {"vi": ["nọc", "tắc", "quân đôi", "rút", "cặp đôi", "Bạn và bạn", "của Bạn"],
                "en": ["You is", "stock"], "ru": ["козел", "Козел"]}


@pytest.mark.parametrize("variant", VARIANTS)
def test_the_lessons_use_the_glossarys_words(variant):
    lesson = _lesson(variant)
    every = {lang: " ".join(t[lang] for _, t in _texts_of(lesson)) for lang in ("vi", "en", "ru")}
    for lang, words in GLOSSARY_WORDS[variant].items():
        for word in words:
            assert word.lower() in every[lang].lower(), (lang, word)
    for lang, words in NOT_GLOSSARY.items():
        for word in words:
            assert word not in every[lang], (lang, word)
    # Vietnamese: "Bạn" starts a sentence, "bạn" elsewhere.
    for _, texts in _texts_of(lesson):
        for sentence in re.split(r"(?<=[.:!?])\s+", texts["vi"]):
            assert not re.search(r"\S\s+Bạn\b", sentence), sentence


# --- what each lesson teaches, checked with the engine -------------------------------------

def _the_try(lesson):
    (step,) = _try_steps(lesson)
    return step, step["at"], lessonplan.moves(lesson)[step["at"]]


def test_vn_traditional_the_learner_blocks_and_the_0_0_counting_13_decides_it():
    lesson = _lesson("vn_traditional")
    step, k, right = _the_try(lesson)
    seat = lesson["seat"]
    m = _final(lesson)
    r = m.hand_result
    stake = m.rs.stake if hasattr(m.rs, "stake") else 1000
    assert r.termination == "blocked" and r.winner == seat
    assert k == len(lessonplan.moves(lesson)) - 1, "the try move ends the hand"
    # Every other legal move lets the hand go on.
    for move in _wrong(lesson, step):
        assert not _play(lesson, k, move)[0].hand_over, move
    for move in step["try"]["accept"]:
        r2 = _play(lesson, k, move)[0].hand_result
        assert r2.termination == "blocked" and r2.winner == seat, move
    # The 0-0 is counted 13: its holder would have won the block had it counted 0.
    (holder,) = [s for s, h in enumerate(m.hand.hands) if (0, 0) in h]
    face = sum(a + b for a, b in m.hand.hands[holder])
    assert r.pips[holder] == face + 13 == 21
    assert face < r.pips[seat] == 9
    assert holder in lesson["steps"][-1]["focus"]["seats"]
    # Block settlement: 4 stakes from each of the three others.
    assert r.delta[seat] == 3 * 4 * stake == 12000
    assert all(r.delta[s] == -4 * stake for s in range(4) if s != seat)
    assert m.hand.hands[seat] and r.pips == [9, 11, 18, 21]


def test_vn_schoolnet_the_learner_is_the_blocker_and_the_upstream_player_set_it_up():
    lesson = _lesson("vn_schoolnet")
    step, k, right = _the_try(lesson)
    seat = lesson["seat"]
    r = _final(lesson).hand_result
    assert r.termination == "blocked"
    assert r.blocker == seat == r.winner
    upstream = (seat - 1) % 4
    assert r.gai == upstream
    total = sum(r.pips[s] for s in range(4) if s != seat)
    assert total == 16 + 25 + 11
    assert r.delta[seat] == 2 * total == 104 and r.delta[upstream] == -104
    assert all(r.delta[s] == 0 for s in range(4) if s not in (seat, upstream))
    # The try is the blocking move; the other moves do not block.
    assert k == len(lessonplan.moves(lesson)) - 1
    for move in _wrong(lesson, step):
        assert not _play(lesson, k, move)[0].hand_over, move
    for move in step["try"]["accept"]:
        assert _play(lesson, k, move)[0].hand_result.blocker == seat, move
    # The upstream player's last move (the step "upstream") was one of several it had.
    up = next(s for s in lesson["steps"] if s["id"] == "upstream")
    m = _prefix(lesson, up["at"])
    assert m.to_move == upstream and len({_tile(x) for x in _placements(m)}) >= 2


def test_vn_iwin_the_try_leaves_the_next_seat_stuck_its_pass_pays_and_doubles_are_penalised():
    lesson = _lesson("vn_iwin")
    step, k, right = _the_try(lesson)
    seat = lesson["seat"]
    moves = lessonplan.moves(lesson)
    nxt = (seat + 1) % 4
    assert moves[k + 1] == "pass"
    for move in _wrong(lesson, step):
        after, _ = _play(lesson, k, move)
        assert after.to_move == nxt and _placements(after), move
    for move in step["try"]["accept"]:
        after, _ = _play(lesson, k, move)
        assert after.to_move == nxt and not _placements(after), move
    m = _final(lesson)
    r = m.hand_result
    assert r.termination == "domino" and r.ranking[0] == seat
    items = r.details["items"]
    stake = 1000
    passes_to_me = [i for i in items if i["kind"] == "pass" and i["amount"] < 0
                    and i["other"] == seat]
    assert {"kind": "pass", "seat": nxt, "amount": -stake // 2, "tax": 0,
            "other": seat} in passes_to_me
    # A credit of 500 nets 485 at the casual table (the step "paid").
    assert {"kind": "pass", "seat": seat, "amount": 500, "tax": 15, "other": nxt} in items
    # Thúi bò: every double left in a loser's hand pays half a stake to 1st place.
    for s in range(4):
        doubles = sum(1 for a, b in m.hand.hands[s] if a == b)
        paid = [i for i in items if i["kind"] == "doubles" and i["seat"] == s]
        if s == seat:
            continue
        assert sum(-i["amount"] for i in paid) == doubles * stake // 2, s
    assert sum(1 for a, b in m.hand.hands[0] if a == b) == 3
    assert sum(1 for a, b in m.hand.hands[1] if a == b) == 1
    assert r.delta[seat] == 6305


def test_doubles_the_try_unlocks_a_number_that_frees_the_learners_tile():
    lesson = _lesson("doubles")
    step, k, right = _the_try(lesson)
    seat = lesson["seat"]
    d, d2 = _tile(right)
    assert d == d2, "the right move is a double"
    assert step["try"]["accept"] == [right]
    before = _prefix(lesson, k)
    assert (d, d) not in _on_table(before)
    locked = [t for t in before.hand.hands[seat] if d in t and t[0] != t[1]]
    assert locked, "the learner holds a tile with that number"
    assert d in _ends(before).values(), "an end shows the number"
    assert not any(_tile(x) in locked for x in _placements(before)), "it is locked"
    # At the learner's next turn that tile can go on a d.
    moves = lessonplan.moves(lesson)
    j = next(i for i in range(k + 1, len(moves)) if _prefix(lesson, i).to_move == seat)
    later = _prefix(lesson, j)
    assert any(_tile(x) in locked for x in _placements(later))
    assert _tile(moves[j]) in locked
    # The wrong moves leave it locked.
    for move in _wrong(lesson, step):
        after, _ = _play(lesson, k, move)
        assert (d, d) in after.hand.hands[seat] and (d, d) not in _on_table(after), move
    r = _final(lesson).hand_result
    assert r.termination == "domino" and r.winner == seat and r.delta[seat] == 2


def test_kozel_the_0_0_is_shed_the_record_opens_at_13_and_the_goat_is_found():
    lesson = _lesson("kozel")
    step, k, right = _the_try(lesson)
    seat = lesson["seat"]
    rs = get_ruleset("kozel", lesson["record"]["options"])
    assert rs.pips([(0, 0)]) == 25
    m = _prefix(lesson, k)
    values = {x: rs.pips([_tile(p) for p in x.split("+")]) for x in _placements(m)}
    assert all(values[x] == 25 for x in step["try"]["accept"])
    assert all(v < values[right] for x, v in values.items() if x not in step["try"]["accept"])
    final = _final(lesson)
    r = final.hand_result
    det = r.details
    state = lesson["record"]["match"]
    assert r.termination == "blocked", "a fish"
    assert not state["open"][seat] and det["hand_points"][seat] < 13
    assert det["recorded"][seat] == 0 and final.records[seat] == 0 and not final.open[seat]
    assert not state["open"][1] and det["hand_points"][1] >= 13
    assert final.records[1] == det["hand_points"][1] == 17 and final.open[1]
    assert final.over and final.goat == [2] and final.records[2] == 92 + 45 == 137
    assert final.summary()["over"] is True
    # The market steps: the learner draws, and computer 3 draws the market dry and knocks.
    moves = lessonplan.moves(lesson)
    assert moves[12] == "draw" and _prefix(lesson, 12).to_move == seat
    assert moves[22:27] == ["draw"] * 4 + ["pass"] and _prefix(lesson, 22).to_move == 2


def test_block_the_try_leaves_the_opponent_unable_to_play():
    lesson = _lesson("block")
    step, k, right = _the_try(lesson)
    seat = lesson["seat"]
    moves = lessonplan.moves(lesson)
    assert moves[k + 1] == "pass" and _prefix(lesson, k + 1).to_move != seat
    for move in _wrong(lesson, step):
        after, _ = _play(lesson, k, move)
        assert _placements(after), move
    for move in step["try"]["accept"]:
        assert not _placements(_play(lesson, k, move)[0]), move
    m = _final(lesson)
    r = m.hand_result
    assert r.termination == "blocked" and r.winner == seat
    opp = 1 - seat
    assert r.delta[seat] == r.pips[opp] - r.pips[seat] == 5
    assert m.hand.hands[opp] == [(5, 0)] and m.hand.hands[seat] == [(0, 0)]
    assert not m.hand.boneyard or m.rs.draw_policy == "none"


def test_draw_the_learner_draws_until_a_tile_fits_and_the_try_keeps_a_tile_to_follow():
    lesson = _lesson("draw")
    step, k, right = _the_try(lesson)
    seat = lesson["seat"]
    moves = lessonplan.moves(lesson)
    assert moves[1] == "draw" and _prefix(lesson, 1).to_move == seat
    after_draw = _prefix(lesson, 2)
    assert after_draw.to_move == seat and {_tile(x) for x in _placements(after_draw)} == {(6, 3)}

    def follows(m):
        ends = set(_ends(m).values())
        return any(a in ends or b in ends for a, b in m.hand.hands[seat])

    for move in step["try"]["accept"]:
        assert follows(_play(lesson, k, move)[0]), move
    for move in _wrong(lesson, step):
        assert not follows(_play(lesson, k, move)[0]), move
    # Then the opponent cannot play, and draws twice before a tile fits.
    assert moves[k + 1:k + 4] == ["draw", "draw", "5-4@R"]
    r = _final(lesson).hand_result
    assert r.termination == "domino" and r.winner == seat and r.delta[seat] == 21


def test_all_fives_the_try_scores_because_the_ends_add_up_to_a_multiple_of_5():
    lesson = _lesson("all_fives")
    step, k, right = _the_try(lesson)
    seat = lesson["seat"]

    def scored(events):
        return sum(e["points"] for e in events if e["type"] == "scored" and e["seat"] == seat)

    for move in step["try"]["accept"]:
        after, events = _play(lesson, k, move)
        assert scored(events) == 10 and view(after.hand, 0).to_json()["end_count"] == 10
    assert view(_prefix(lesson, k).hand, 0).to_json()["end_count"] == 6
    for move in _wrong(lesson, step):
        assert scored(_play(lesson, k, move)[1]) == 0, move
    # The lead 5-5 scored 10 too.
    assert scored(_play(lesson, 0, lessonplan.moves(lesson)[0])[1]) == 10
    r = _final(lesson).hand_result
    assert r.termination == "domino" and r.winner == seat
    assert r.details["bonus"] == 5 and r.pips[1 - seat] == 3


def _trains(m):
    return {t["id"]: t for t in view(m.hand, 0).to_json()["layout"]["trains"]}


def test_mexican_train_a_double_is_satisfied_markers_are_set_by_passes_and_taken_off():
    lesson = _lesson("mexican_train")
    step, k, right = _the_try(lesson)
    seat = lesson["seat"]
    moves = lessonplan.moves(lesson)
    double = next(s for s in lesson["steps"] if s["id"] == "double")["at"]
    a, b = _tile(moves[double])
    assert a == b
    # While the double waits, every placement goes on it, and a seat without one draws.
    j = double + 1
    while moves[j] in ("draw", "pass"):
        m = _prefix(lesson, j)
        assert view(m.hand, 0).to_json()["layout"]["unsatisfied"]
        j += 1
    assert _tile(moves[j])[0] == a or _tile(moves[j])[1] == a
    satisfied = _prefix(lesson, j + 1)
    assert not view(satisfied.hand, 0).to_json()["layout"]["unsatisfied"]
    # The passes set markers: computer 3's and the learner's.
    markers = [e["seat"] for i in range(double + 1, j)
               for e in _play(lesson, i, moves[i])[1] if e["type"] == "marker"]
    assert markers == [2, seat]
    # Computer 3 may play on the learner's train because of its marker.
    assert moves[k - 1].endswith(f"@T{seat}") and _prefix(lesson, k - 1).to_move != seat
    # The try: a move on the learner's own train takes the marker off; the others leave it.
    own = f"T{seat}"
    assert _trains(_prefix(lesson, k))[own]["marker"]
    for move in step["try"]["accept"]:
        assert not _trains(_play(lesson, k, move)[0])[own]["marker"], move
    for move in _wrong(lesson, step):
        assert _trains(_play(lesson, k, move)[0])[own]["marker"], move
    r = _final(lesson).hand_result
    assert r.termination == "domino" and r.winner == 1 and r.delta[seat] == 8


# --- lessonplan on good and bad input -------------------------------------------------------

def test_lessonplan_steps_at_and_for_position():
    lesson = _lesson("vn_traditional")
    assert [s["id"] for s in lessonplan.steps_at(lesson, 17, "before")] == ["rule", "try"]
    assert [s["id"] for s in lessonplan.steps_at(lesson, 17, "after")] == ["blocked"]
    assert [s["id"] for s in lessonplan.steps_at(lesson, None, "end")] == ["thirteen"]
    assert lessonplan.steps_at(lesson, 3, "before") == []
    assert [s["id"] for s in lessonplan.steps_for_position(lesson, 0)] == ["deal"]
    assert [s["id"] for s in lessonplan.steps_for_position(lesson, 17)] == ["rule", "try"]
    assert [s["id"] for s in lessonplan.steps_for_position(lesson, 18)] == ["blocked", "thirteen"]
    assert lessonplan.try_at(lesson, 17)["id"] == "try"
    assert lessonplan.try_at(lesson, 4) is None


def test_lessonplan_check_try_answers_right_wrong_and_a_wrong_moves_own_text():
    lesson = _lesson("mexican_train")
    ok, said = lessonplan.check_try(lesson, 31, "3-1@T0")
    assert ok and said is None
    assert lessonplan.check_try(lesson, 31, "5-3@T0") == (True, None)
    ok, said = lessonplan.check_try(lesson, 31, "2-1@MX")
    assert not ok and said["en"].startswith("That is legal")
    lesson = copy.deepcopy(lesson)
    own = {"vi": "Sai.", "en": "No.", "ru": "Нет."}
    step = lessonplan.try_at(lesson, 31)
    step["try"]["wrong_moves"] = {"2-2@MX": own}
    lessonplan.check(lesson)
    assert lessonplan.check_try(lesson, 31, "2-2@MX") == (False, own)
    assert lessonplan.check_try(lesson, 31, "2-1@MX")[1] == step["try"]["wrong"]
    assert lessonplan.hint(step)["en"].startswith("Your train")
    with pytest.raises(ValueError, match="no try step"):
        lessonplan.check_try(lesson, 30, "9-3@T0")


def test_lessonplan_text_falls_back_to_english():
    step = {"say": {"vi": "Chào", "en": "Hello", "ru": ""}}
    assert lessonplan.text(step, "vi") == "Chào"
    assert lessonplan.text(step, "ru") == "Hello"
    assert lessonplan.text(step["say"], "de") == "Hello"
    assert lessonplan.text({"en": "Hi"}, "vi") == "Hi"


def _bad(mutate):
    lesson = json.loads(_text("block"))
    mutate(lesson)
    return json.dumps(lesson, ensure_ascii=False)


@pytest.mark.parametrize("mutate, reason", [
    (lambda d: d.update(format="domino-record"), "format"),
    (lambda d: d.update(version=2), "version 2"),
    (lambda d: d.update(surprise=1), "unknown key"),
    (lambda d: d.update(seat=5), "seat"),
    (lambda d: d.update(show="none"), "show"),
    (lambda d: d["title"].pop("ru"), "ru text"),
    (lambda d: d["summary"].update(vi="  "), "vi text"),
    (lambda d: d["title"].update(de="Hallo"), "unknown language"),
    (lambda d: d.update(steps=[]), "no steps"),
    (lambda d: d["record"].update(variant="draw"), "not a record of block"),
    (lambda d: d["record"].update(format="x"), "domino-record"),
    (lambda d: d["steps"][0].update(at=99), "move index 99"),
    (lambda d: d["steps"][0].update(at=-1), "move index -1"),
    (lambda d: d["steps"][0].update(at=True), "move index True"),
    (lambda d: d["steps"][0].update(when="during"), "'when'"),
    (lambda d: d["steps"][0].update(hand=1), "hand 1"),
    (lambda d: d["steps"][-1].update(at=3), "end step"),
    (lambda d: d["steps"][0].update(focus={"tiles": [1]}), "focus.tiles"),
    (lambda d: d["steps"][0].update(focus={"colour": "red"}), "focus has an unknown key"),
    (lambda d: d["steps"][0].update(focus={"seats": [-1]}), "focus.seats"),
    (lambda d: d["steps"][1].update(id="deal"), "repeats the id"),
    (lambda d: d["steps"][2]["try"].update(accept=["1-0@L"]), "record's move"),
    (lambda d: d["steps"][2]["try"].pop("hint"), "try.hint"),
    (lambda d: d["steps"][2]["try"].update(wrong_moves={"3-2@R": d["title"]}), "right move"),
    (lambda d: d["steps"][2]["try"].update(wrong_moves=[]), "wrong_moves"),
    (lambda d: d["steps"][2].update(when="after"), "comes before"),
])
def test_lessonplan_refuses_a_bad_lesson_with_a_reason(mutate, reason):
    with pytest.raises(ValueError, match=re.escape(reason)):
        lessonplan.load(_bad(mutate))


def test_lessonplan_refuses_what_is_not_a_lesson():
    for text, reason in (("{", "not valid JSON"), ("[]", "JSON object"), (b"{}", "text"),
                         ("x" * (lessonplan.MAX_CHARS + 1), "too long")):
        with pytest.raises(ValueError, match=reason):
            lessonplan.load(text)


def test_lessonplan_runs_under_micropython_too():
    """Plain Python that MicroPython runs: no dataclasses, typing, f-strings, walrus, or
    imports other than json."""
    tree = ast.parse(PLAN.read_text(encoding="utf-8"))
    for node in ast.walk(tree):
        assert not isinstance(node, (ast.JoinedStr, ast.NamedExpr, ast.AnnAssign)), node
        if isinstance(node, (ast.Import, ast.ImportFrom)):
            names = [a.name for a in node.names] if isinstance(node, ast.Import) else [node.module]
            assert names == ["json"], names
        if isinstance(node, ast.FunctionDef):
            assert node.returns is None and not node.decorator_list
            assert all(a.annotation is None for a in node.args.args)


def test_build_ships_the_lessons_and_a_shrunk_lessonplan_that_still_works(tmp_path):
    import build

    build.copy_tree(build.WEB, tmp_path)
    shipped = sorted(p.name for p in (tmp_path / "lessons").iterdir())
    assert shipped == sorted(f"{v}.json" for v in VARIANTS)
    for v in VARIANTS:
        assert (tmp_path / "lessons" / f"{v}.json").read_bytes() == (LESSONS / f"{v}.json").read_bytes()
    small = _load_plan(tmp_path / "page" / "lessonplan.py", "lessonplan_shipped")
    assert small.load(_text("draw"))["id"] == "draw-1"


def _answers(plan, texts):
    """What the page asks of lessonplan, for every lesson: the same under both Pythons."""
    out = []
    for text in texts:
        lesson = plan.load(text)
        n = len(plan.moves(lesson))
        shown = [[s["id"] for s in plan.steps_for_position(lesson, p)] for p in range(n + 1)]
        tries = []
        for p in range(n):
            step = plan.try_at(lesson, p)
            if step is not None:
                tries.append([p, plan.check_try(lesson, p, plan.moves(lesson)[p]),
                              plan.check_try(lesson, p, "pass"), plan.text(plan.hint(step), "ru")])
        out.append([lesson["id"], shown, tries, plan.text(lesson["steps"][0], "vi")])
    for bad in ("{", "[]", texts[0].replace('"domino-lesson"', '"x"')):
        try:
            plan.load(bad)
            out.append("accepted")
        except ValueError as exc:
            out.append(str(exc))
    return out


@needs_micropython
def test_lessonplan_gives_the_same_answers_under_micropython(tmp_path):
    texts = [_text(v) for v in VARIANTS]
    expect = json.loads(json.dumps(_answers(lessonplan, texts)))
    (tmp_path / "texts.json").write_text(json.dumps(texts))
    src = "\n".join(ast.get_source_segment(TEST_SOURCE, n) for n in ast.parse(TEST_SOURCE).body
                    if isinstance(n, ast.FunctionDef) and n.name == "_answers")
    program = src.replace('"""What the page asks of lessonplan, for every lesson: the same '
                          'under both Pythons."""', "") + """
import json, sys
sys.path.append("/ui")
import lessonplan
texts = json.loads(open("/work/texts.json").read())
open("/work/got.json", "w").write(json.dumps(_answers(lessonplan, texts)))
"""
    done = run_micropython(program, tmp_path,
                           files_in={"/ui/lessonplan.py": PLAN,
                                     "/work/texts.json": tmp_path / "texts.json"},
                           files_out={"/work/got.json": tmp_path / "got.json"},
                           heapsize=64 * 1024 * 1024)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads((tmp_path / "got.json").read_text())
    assert got[:len(VARIANTS)] == expect[:len(VARIANTS)]
    # MicroPython's own JSON error words differ; the reason before them is lessonplan's.
    assert [g.split(":")[0] for g in got[len(VARIANTS):]] == [
        e.split(":")[0] for e in expect[len(VARIANTS):]]


def _hand(lesson, position, seat):
    return sorted(_prefix(lesson, position).hand.hands[seat])


def _t(*names):
    return sorted(parse_tile(n) for n in names)


def test_the_smaller_facts_the_texts_state():
    """What the other steps say about the table (who leads what, who is stuck, which ends
    show, what a hand holds) is what the engine shows at that step."""
    def values(lesson, p):
        return sorted(_ends(_prefix(lesson, p)).values())

    vt = _lesson("vn_traditional")
    assert _prefix(vt, 0).to_move == 3 and [str(x) for x in _prefix(vt, 0).legal()] == ["6-6"]
    assert _prefix(vt, 4).to_move == 3 and [str(x) for x in _prefix(vt, 4).legal()] == ["pass"]
    assert values(vt, 17) == [2, 6]
    assert _hand(vt, 17, 0) == _t("6-2", "3-3", "3-0")
    assert _hand(vt, 18, 3) == _t("1-0", "2-0", "3-2", "0-0")

    vs = _lesson("vn_schoolnet")
    start = _prefix(vs, 0)
    assert start.to_move == vs["seat"] and len(start.legal()) == 7, "any tile may be led"
    assert values(vs, 16) == [1, 5]
    assert {_tile(x) for x in _placements(_prefix(vs, 15))} == {(1, 1), (3, 1)}

    vi = _lesson("vn_iwin")
    assert [str(x) for x in _prefix(vi, 0).legal() if x.kind != "leave"] == ["6-6"]
    assert _prefix(vi, 0).to_move == vi["seat"]
    assert not any(6 in t for t in _hand(vi, 1, 0))
    assert values(vi, 8) == [1, 2]
    assert {str(x) for x in _placements(_prefix(vi, 8))} == {"6-2@R", "6-1@L"}
    assert any(2 in t for t in _hand(vi, 9, 0)), "after 6-1 it could play a 2"

    do = _lesson("doubles")
    assert [len(h) for h in do["record"]["hands"][0]["deal"]["hands"]] == [8, 8]
    assert _prefix(do, 0).to_move == 1 and lessonplan.moves(do)[0] == "6-6"
    assert _hand(do, 17, 1) == _t("2-0")

    ko = _lesson("kozel")
    deal = ko["record"]["hands"][0]["deal"]
    assert [len(h) for h in deal["hands"]] == [5] * 4 and len(deal["boneyard"]) == 8
    assert "6-6" in deal["boneyard"] and lessonplan.moves(ko)[0] == "5-5"
    assert _prefix(ko, 0).to_move == ko["seat"]
    assert {_tile(x) for x in _placements(_prefix(ko, 4))} == {(0, 0), (3, 0), (2, 1)}
    assert ko["record"]["match"]["records"][2:] == [92, 40]
    assert _hand(ko, len(lessonplan.moves(ko)), 0) == _t("2-1")

    bl = _lesson("block")
    assert values(bl, 6) == [1, 3]
    assert _hand(bl, 6, 1) == _t("5-0", "4-3", "4-0", "3-3")
    assert lessonplan.moves(bl)[8] != "pass" and _prefix(bl, 8).to_move == bl["seat"]

    dr = _lesson("draw")
    deal = dr["record"]["hands"][0]["deal"]
    assert [len(h) for h in deal["hands"]] == [7, 7] and len(deal["boneyard"]) == 14
    assert not any(6 in t for t in _hand(dr, 1, 0))
    assert values(dr, 13) == [0, 4]
    assert _hand(dr, 14, 1) == _t("3-1")
    assert _hand(dr, len(lessonplan.moves(dr)), 1) == _t("3-1", "5-5", "6-1")

    af = _lesson("all_fives")
    assert [len(h) for h in af["record"]["hands"][0]["deal"]["hands"]] == [9, 9]
    assert lessonplan.moves(af)[0] == "5-5" and _prefix(af, 0).to_move == af["seat"]

    mt = _lesson("mexican_train")
    deal = mt["record"]["hands"][0]["deal"]
    assert [len(h) for h in deal["hands"]] == [13] * 3
    assert view(_prefix(mt, 0).hand, 0).to_json()["layout"]["engine"] == 9
    assert not any(8 in t for t in _hand(mt, 27, 0))
    assert lessonplan.moves(mt)[25:27] == ["draw", "pass"] and _prefix(mt, 25).to_move == 2
    assert _hand(mt, 26, 2).count((5, 2)) == 1, "computer 3 drew the 5-2"
    assert _hand(mt, 29, 0).count((2, 2)) == 1, "the learner drew the 2-2"
    assert _hand(mt, len(lessonplan.moves(mt)), 0) == _t("5-3")
