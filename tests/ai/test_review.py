"""Move review (``domino.ai.review``, ``python -m domino review``): golden records with a known
blunder, forced moves never judged, verdicts that depend only on the judged seat's view,
reproducible and chunk-independent reviews, the CLI's output shape and its one-line errors.

Budgets are small (the figures only need to separate a clear blunder from the best move);
every review is seeded, so each assertion sees the same verdict on every run.

RULES.md: 2.1, 2.3, 2.5 (the verdicts' units: money, kozel penalty points)
"""

from __future__ import annotations

import copy
import json
import random

import pytest

from domino import Match
from domino.ai import search
from domino.ai.evaluate import Utility
from domino.ai.policy import playable
from domino.ai.review import (
    FORMAT,
    MARKS,
    VERSION,
    Review,
    decisions,
    mark_of,
    matches,
    mirrored,
    record_id,
    review_record,
    thresholds,
)
from domino.errors import DominoError, RecordError
from domino.hand.moves import Move
from domino.hand.state import advance
from domino.play.view import view
from domino.rules.ruleset import get_ruleset

BUDGET = 200

# vn_traditional, 2 players, 19 moves of a hand, then P0 holds 4-0 and 0-0 with the ends
# showing 0 and 3. 0-0@L keeps 4-0, which follows the new 0 end; 4-0@L keeps 0-0, which counts
# 13 in hand (RULES.md 2.1) and leaves ends 4 and 3 that P0 cannot follow. Solved in the true
# deal: 0-0@L wins 1000, 4-0@L loses 4000.
VN_TRADITIONAL_BLUNDER = {
    "format": "domino-record", "version": 1, "variant": "vn_traditional",
    "options": {"players": 2, "stake": 1000}, "seed": 14, "match": {},
    "hands": [{
        "deal": {
            "hands": [["5-5", "4-0", "6-0", "5-1", "0-0", "6-4", "5-0"],
                      ["4-4", "5-4", "6-6", "3-2", "2-0", "6-1", "4-1"]],
            "boneyard": ["1-1", "6-3", "2-2", "5-3", "6-5", "4-2", "3-3", "2-1", "4-3", "3-0",
                         "5-2", "3-1", "1-0", "6-2"]},
        "moves": ["6-6", "6-4@L", "6-1@R", "5-1@R", "5-4@L", "5-5@R", "draw", "pass", "5-0@L",
                  "2-0@L", "draw", "pass", "3-2@L", "6-3@L", "draw", "pass", "6-0@L", "draw",
                  "5-3@R", "4-0@L"],
    }],
}
BLUNDER_MOVE = 20  # "4-0@L", P0's
# The same hand with other tiles in P1's hand and the boneyard: P0 sees exactly the same
# things at each of its decisions (checked by the test, not assumed).
OTHER_HIDDEN_DEAL = {
    "hands": [["5-5", "4-0", "6-0", "5-1", "0-0", "6-4", "5-0"],
              ["5-4", "6-6", "3-2", "2-0", "6-1", "4-3", "3-1"]],
    "boneyard": ["3-3", "6-3", "4-4", "5-3", "1-1", "3-0", "5-2", "2-1", "6-2", "6-5", "4-2",
                 "1-0", "4-1", "2-2"],
}

# draw with voluntary draws: P0 could go out with 5-1 but draws instead. The expert never
# considers a voluntary draw while a tile fits (``policy.playable``); the review still values
# the move played.
DRAW_INSTEAD_OF_DOMINO = {
    "format": "domino-record", "version": 1, "variant": "draw",
    "options": {"players": 2, "voluntary_draw": True}, "seed": 3, "match": {},
    "hands": [{"start": {"hands": [["5-1"], ["6-6", "3-3", "4-4"]],
                         "boneyard": ["2-2", "6-0", "4-0", "3-0"], "line": ["2|5"],
                         "to_move": 0},
               "moves": ["draw"]}],
}


def _entry(doc: dict, hand: int, move: int) -> dict:
    return next(e for e in doc["moves"] if e["hand"] == hand and e["move"] == move)


def _with_deal(record: dict, deal: dict) -> dict:
    out = copy.deepcopy(record)
    out["hands"][0]["deal"] = copy.deepcopy(deal)
    return out


@pytest.fixture(scope="module")
def traditional_review() -> dict:
    return review_record(copy.deepcopy(VN_TRADITIONAL_BLUNDER), None, BUDGET)


# --- verdicts --------------------------------------------------------------------------------

def test_known_blunder_is_marked(traditional_review):
    e = _entry(traditional_review, 1, BLUNDER_MOVE)
    assert e["seat"] == 0 and e["played"] == "4-0@L" and not e["forced"]
    assert e["best"] == "0-0@L"
    assert e["mark"] == "blunder"
    limit = thresholds(get_ruleset("vn_traditional", {"players": 2}))["blunder"]
    assert e["loss"] >= limit == 1000
    assert e["loss"] == pytest.approx(e["best_value"] - e["value"], abs=0.02)
    # The seat's total names it among its worst moves and counts it.
    total = next(t for t in traditional_review["totals"] if t["seat"] == 0)
    assert total["blunders"] >= 1
    assert total["worst"][0]["move"] == BLUNDER_MOVE
    assert total["accuracy"] < 1.0


def test_the_best_move_is_not_marked():
    rec = copy.deepcopy(VN_TRADITIONAL_BLUNDER)
    rec["hands"][0]["moves"][-1] = "0-0@L"
    e = _entry(Review(rec, [0], BUDGET).run(), 1, BLUNDER_MOVE)
    assert e["played"] == e["best"] == "0-0@L"
    assert e["loss"] == 0 and e["mark"] is None


def test_a_move_the_expert_never_considers_is_judged():
    doc = review_record(copy.deepcopy(DRAW_INSTEAD_OF_DOMINO), [0], BUDGET)
    (e,) = doc["moves"]
    assert e["played"] == "draw" and not e["forced"]
    assert e["best"] == "5-1@R"
    assert e["mark"] in ("mistake", "blunder")
    assert e["value"] < e["best_value"]


def test_forced_moves_are_never_judged(traditional_review):
    forced = [d for d in decisions(VN_TRADITIONAL_BLUNDER) if len(playable(list(d.legal))) == 1]
    assert len(forced) >= 5  # the lead of 6-6, draws and passes
    for d in forced:
        e = _entry(traditional_review, d.hand, d.move)
        assert e["forced"] is True
        assert e["mark"] is None and e["loss"] == 0 and e["value"] is None
    for t in traditional_review["totals"]:
        mine = [e for e in traditional_review["moves"] if e["seat"] == t["seat"]]
        assert t["forced"] == sum(e["forced"] for e in mine)
        assert t["judged"] + t["forced"] == t["decisions"] == len(mine)


MIRROR = {
    "format": "domino-record", "version": 1, "variant": "block", "options": {"players": 2},
    "seed": 5, "match": {},
    "hands": [{"start": {"hands": [["6-1", "3-2", "5-4", "2-0"], ["5-5", "4-1", "3-0", "1-1"]],
                         "boneyard": [], "line": ["6|6"], "to_move": 0},
               "moves": []}],
}


@pytest.mark.parametrize("played", ["6-1@L", "6-1@R"])
def test_mirror_moves_lose_nothing(played):
    # 6-1 on either end of the lone 6-6: mirror-image lines, the only two choices.
    rec = copy.deepcopy(MIRROR)
    rec["hands"][0]["moves"] = [played]
    (e,) = review_record(rec, [0], BUDGET)["moves"]
    assert not e["forced"]
    assert e["best"] == played and e["loss"] == 0 and e["mark"] is None
    (d,) = decisions(rec)
    assert mirrored(d.view, Move.parse("6-1@L"), Move.parse("6-1@R"))
    # Different tiles, or ends that show different numbers, are not mirror images.
    (d20,) = [d for d in decisions(VN_TRADITIONAL_BLUNDER) if d.move == 20]
    assert not mirrored(d20.view, Move.parse("4-0@L"), Move.parse("0-0@L"))
    assert not mirrored(d20.view, Move.parse("4-0@L"), Move.parse("4-0@R"))


# Trees (E-70): the same tile on two arms that the rules treat alike. (variant, seed, the moves
# before, the two placements, whether they are twins.)
TREE_MIRRORS = [
    # Doubles: every side of every double is open at once and only numbers are locked, so the
    # four sides of the lone 6-6 (and any arms showing one number) are alike.
    ("doubles", 0, ["6-6"], "6-0@L", "6-0@N", True),
    ("doubles", 0, ["6-6"], "6-0@R", "6-0@S", True),
    # 1-0 is the only tile to play, on the arm of 1-1 or on its two free sides: alike.
    ("doubles", 1, ["6-6", "6-3@R", "3-3@R", "6-1@N", "6-2@L", "3-0@X2", "1-1@N", "6-0@S",
                    "draw"], "1-0@X4", "1-0@N", True),
    ("doubles", 2, ["5-5", "5-4@R", "5-0@L", "5-2@S", "5-3@N", "2-2@S"], "2-1@X1", "2-1@S",
     True),
    # All Fives (cross sides open once both line sides are covered; the ends are counted):
    # the lone spinner's two free line sides, or its two empty cross sides, are twins; so are
    # two arms with tiles showing the same non-double tip (a line side and a cross side
    # alike: 3-2 on L or N after the spinner 4-4's four sides are covered).
    ("all_fives", 3, ["1-1"], "4-1@L", "4-1@R", True),
    ("all_fives", 0, ["4-2", "6-4@L", "5-2@R", "6-6@L", "5-0@R", "6-0@L"], "6-5@N", "6-5@S",
     True),
    ("all_fives", 14, ["4-0", "2-0@R", "4-4@L", "2-2@R", "5-4@L", "4-1@S", "5-5@L", "5-3@L",
                       "6-4@N", "6-3@N", "5-1@S"], "3-2@L", "3-2@N", True),
    # Not twins: a tip that is a double (2-2 counts 4, a plain 2 counts 2), an empty cross side
    # (it counts nothing until a tile is on it) against a line side with tiles, and a
    # spinner at a tip whose cross sides a tile beyond it opens (4-4 on L).
    ("all_fives", 8, ["5-5", "5-4@R", "5-0@L", "4-1@R", "5-2@S", "6-1@R", "6-3@R", "3-3@R",
                      "5-1@N", "2-2@S", "2-1@N"], "2-0@N", "2-0@S", False),
    ("all_fives", 68, ["2-1", "2-2@L", "2-0@L", "6-0@L", "6-2@L"], "4-2@L", "4-2@S", False),
    ("all_fives", 75, ["4-1", "4-4@L", "5-1@R", "5-4@R"], "6-4@L", "6-4@R", False),
]


@pytest.mark.parametrize("variant,seed,before,a,b,twins", TREE_MIRRORS)
def test_twin_arms_of_a_tree_are_mirror_images(variant, seed, before, a, b, twins):
    m = Match.new(variant, {}, seed=seed)
    for text in before:
        m.play(text)
    m.play(a)
    (d,) = [d for d in decisions(m.to_record()) if d.move == len(before) + 1]
    legal = [str(x) for x in d.legal]
    assert a in legal and b in legal
    assert mirrored(d.view, Move.parse(a), Move.parse(b)) is twins
    assert mirrored(d.view, Move.parse(b), Move.parse(a)) is twins
    if twins:
        # The review never calls a twin of the move played better than it: where the expert
        # would play the same tile elsewhere, the move played is the best.
        (e,) = [e for e in review_record(m.to_record(), [d.seat], BUDGET)["moves"]
                if e["move"] == d.move]
        assert e["best"] == a or not mirrored(d.view, Move.parse(e["best"]), Move.parse(a))
        if {x.tile for x in playable(list(d.legal))} == {Move.parse(a).tile}:
            assert e["best"] == a and e["loss"] == 0 and e["mark"] is None and e["as_good"]


@pytest.mark.parametrize("variant", ["doubles", "all_fives"])
def test_twin_arms_lead_to_the_same_exact_value(variant, monkeypatch):
    """Random hands, two players, once at most 12 tiles are left: wherever two placements are
    called mirror images, the true position after each is solved exactly (alpha-beta on the
    real hands, every move searched: the solve's own skipping of twins, E-78, is off) to the
    same value for the mover."""
    monkeypatch.setattr(search, "untwinned", lambda s, legal: legal)
    checked = 0
    for seed in range(30):
        m = Match.new(variant, {"players": 2}, seed=seed)
        rng = random.Random(seed)
        while m.hand is not None and not m.hand.over:
            s = m.hand
            legal = m.legal()
            if sum(len(h) for h in s.hands) + s.drawable() <= 12:
                v = view(s, s.to_move)
                utility = Utility(s.rs, v.players, v.seat, v.hand_number, v.seated,
                                  v.match_totals)
                places = [x for x in legal if x.kind == "place"]
                for a in places:
                    for b in places:
                        if a.end < b.end and mirrored(v, a, b):
                            values = []
                            for move in (a, b):
                                after = s.copy()
                                advance(after, move)
                                values.append(search._solve(after, utility, 10**6, [0]))
                            assert values[0] == values[1], (seed, a, b, values)
                            checked += 1
            m.play(rng.choice(legal))
    assert checked >= 10


def test_train_placements_are_never_mirror_images():
    m = Match.new("mexican_train", {}, seed=1)
    for _ in range(200):
        s = m.hand
        assert s is not None and not s.over
        places = [x for x in m.legal() if x.kind == "place"]
        pairs = [(x, y) for x in places for y in places if x.tile == y.tile and x.end != y.end]
        if pairs:
            x, y = pairs[0]
            assert not mirrored(view(s, s.to_move), x, y)
            return
        m.play(m.legal()[0])
    pytest.fail("no tile with two trains to go on in 200 moves")


def test_hidden_tiles_of_other_seats_do_not_change_the_verdict():
    a = copy.deepcopy(VN_TRADITIONAL_BLUNDER)
    b = _with_deal(a, OTHER_HIDDEN_DEAL)
    # Preconditions: the hidden tiles differ, P0's views are the same at every decision.
    assert set(a["hands"][0]["deal"]["hands"][1]) != set(b["hands"][0]["deal"]["hands"][1])
    assert [d.view for d in decisions(a, [0])] == [d.view for d in decisions(b, [0])]
    ra = Review(a, [0], BUDGET).run()
    rb = Review(b, [0], BUDGET).run()
    assert ra["moves"] == rb["moves"]
    assert ra["totals"] == rb["totals"]
    assert ra["record"] != rb["record"]  # two records, one verdict


def test_the_same_review_twice_and_in_any_chunks(traditional_review):
    again = review_record(copy.deepcopy(VN_TRADITIONAL_BLUNDER), None, BUDGET)
    assert again == traditional_review
    chunked = Review(copy.deepcopy(VN_TRADITIONAL_BLUNDER), None, BUDGET)
    progress = list(chunked.chunks(7))
    assert len(progress) > 3
    assert [p["done"] for p in progress] == [False] * (len(progress) - 1) + [True]
    assert all(a["judged"] <= b["judged"] for a, b in zip(progress, progress[1:], strict=False))
    assert progress[-1]["judged"] == progress[-1]["total"] == len(VN_TRADITIONAL_BLUNDER[
        "hands"][0]["moves"])
    assert chunked.result() == traditional_review


def test_a_cancelled_review_is_partial():
    r = Review(copy.deepcopy(VN_TRADITIONAL_BLUNDER), None, BUDGET)
    r.step(BUDGET)
    doc = r.result()
    assert doc["complete"] is False
    assert 0 < len(doc["moves"]) < r.total
    assert not matches(doc, VN_TRADITIONAL_BLUNDER, None, BUDGET)


def test_one_seat_only():
    doc = review_record(copy.deepcopy(VN_TRADITIONAL_BLUNDER), [1], 50)
    assert doc["seats"] == [1]
    assert {e["seat"] for e in doc["moves"]} == {1}
    assert [t["seat"] for t in doc["totals"]] == [1]


def test_one_hand_only():
    """A page reviews one hand of a match at a time: only that hand's moves are judged, as
    they are in a review of every hand, and the document says which hands it judged."""
    m = Match.new("block", {"players": 2}, 3)
    rng = random.Random(2)
    for _ in range(2):
        while not m.hand_over:
            m.play(rng.choice(m.legal()))
        if m.over:
            break
        m.next_hand()
    while not m.hand_over:
        m.play(rng.choice(m.legal()))
    rec = m.to_record()
    assert len(rec["hands"]) >= 2
    every = review_record(copy.deepcopy(rec), None, 40)
    second = Review(copy.deepcopy(rec), None, 40, hands=[2]).run()
    assert second["hands"] == [2] and every["hands"] is None
    assert {e["hand"] for e in second["moves"]} == {2}
    assert second["moves"] == [e for e in every["moves"] if e["hand"] == 2]
    assert matches(second, rec, None, 40, [2])
    assert not matches(second, rec, None, 40) and not matches(every, rec, None, 40, [2])
    assert matches(every, rec, None, 40)
    with pytest.raises(DominoError, match="hand 9 is not a hand"):
        Review(rec, None, 40, hands=[9])
    with pytest.raises(DominoError, match="hand '1' is not a hand"):
        Review(rec, None, 40, hands=["1"])


# --- marks and thresholds --------------------------------------------------------------------

def test_marks_by_scale():
    money = {"inaccuracy": 200, "mistake": 500, "blunder": 1000}
    assert thresholds(get_ruleset("vn_traditional", {"players": 4})) == money
    assert thresholds(get_ruleset("vn_iwin", {"players": 4, "stake": 2000})) == {
        k: 2 * v for k, v in money.items()}
    # vn_schoolnet's stake is money per point: its thresholds count points times the stake.
    assert thresholds(get_ruleset("vn_schoolnet", {"players": 4, "stake": 10})) == {
        "inaccuracy": 30, "mistake": 60, "blunder": 120}
    assert thresholds(get_ruleset("mexican_train", {"players": 4}))["blunder"] == 20
    assert set(MARKS) == {"stakes", "stake_points", "points", "record", "cost"}
    limits = {"inaccuracy": 3, "mistake": 6, "blunder": 12}
    assert mark_of(2.9, 0.1, limits) is None
    assert mark_of(3, 0.1, limits) == "inaccuracy"
    assert mark_of(6, 0.1, limits) == "mistake"
    assert mark_of(30, 0.1, limits) == "blunder"
    # A loss within two standard errors of nothing is noise, never a mark.
    assert mark_of(30, 16, limits) is None


# --- the document ----------------------------------------------------------------------------

def test_document_shape(traditional_review):
    doc = traditional_review
    assert doc["format"] == FORMAT == "domino-review" and doc["version"] == VERSION == 7
    assert doc["record"] == record_id(VN_TRADITIONAL_BLUNDER)
    assert doc["record"].startswith("sha256:") and len(doc["record"]) == 7 + 64
    assert doc["unit"] == "money" and doc["budget"] == BUDGET and doc["complete"] is True
    assert doc["seats"] == [0, 1]
    keys = {"hand", "move", "seat", "played", "forced", "value", "best", "best_value", "loss",
            "loss_se", "mark", "worlds", "as_good",
            "says", "best_says"}
    assert all(set(e) == keys for e in doc["moves"])
    assert all(e["loss"] >= 0 for e in doc["moves"])
    assert [(e["hand"], e["move"]) for e in doc["moves"]] == [
        (1, i) for i in range(1, len(VN_TRADITIONAL_BLUNDER["hands"][0]["moves"]) + 1)]
    for t in doc["totals"]:
        assert set(t) == {"seat", "decisions", "judged", "forced", "inaccuracies", "mistakes",
                          "blunders", "accuracy", "total_loss", "worst"}
        assert 0 <= t["accuracy"] <= 1 and len(t["worst"]) <= 3
    json.dumps(doc, allow_nan=False)  # plain JSON: no infinity, no NaN
    # The identity does not depend on how the record's text was laid out.
    assert record_id(json.loads(json.dumps(VN_TRADITIONAL_BLUNDER, indent=3))) == doc["record"]
    assert matches(doc, VN_TRADITIONAL_BLUNDER, None, BUDGET)
    assert not matches(doc, VN_TRADITIONAL_BLUNDER, None, BUDGET + 1)
    assert not matches(doc, VN_TRADITIONAL_BLUNDER, [0], BUDGET)
    assert not matches(doc, _with_deal(VN_TRADITIONAL_BLUNDER, OTHER_HIDDEN_DEAL), None,
                       BUDGET)


def test_bad_arguments_and_records():
    rec = copy.deepcopy(VN_TRADITIONAL_BLUNDER)
    with pytest.raises(DominoError, match="seat 2 is not a seat"):
        Review(rec, [2])
    with pytest.raises(DominoError, match="budget"):
        Review(rec, None, 0)
    bad = copy.deepcopy(rec)
    bad["hands"][0]["moves"][1] = "6-4@R+"
    with pytest.raises(DominoError, match='move 2 "6-4@R\\+"'):
        Review(bad)
    with pytest.raises(RecordError, match="format"):
        Review({"format": "chess"})


# --- the CLI ---------------------------------------------------------------------------------

def _cli_error(proc, *fragments: str) -> str:
    assert proc.returncode == 2, (proc.returncode, proc.stdout, proc.stderr)
    assert proc.stdout == ""
    lines = proc.stderr.strip("\n").splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), proc.stderr
    for fragment in fragments:
        assert fragment in lines[0], (fragment, lines[0])
    return lines[0]


def test_cli_review(sc, tmp_path):
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(VN_TRADITIONAL_BLUNDER), encoding="utf-8")
    doc = sc.cli_json("review", str(path), "--seat", "0", "--budget", str(BUDGET))
    assert doc["format"] == "domino-review" and doc["seats"] == [0]
    assert {e["seat"] for e in doc["moves"]} == {0}
    assert _entry(doc, 1, BLUNDER_MOVE)["mark"] == "blunder"
    # From standard input, the same verdict.
    same = sc.cli_json("review", "-", "--seat", "0", "--budget", str(BUDGET),
                       stdin=json.dumps(VN_TRADITIONAL_BLUNDER))
    assert same == doc


def test_cli_review_errors(sc, tmp_path):
    path = tmp_path / "rec.json"
    path.write_text(json.dumps(VN_TRADITIONAL_BLUNDER), encoding="utf-8")
    _cli_error(sc.cli("review", str(path), "--seat", "2"), "seat 2")
    _cli_error(sc.cli("review", str(path), "--seat", "-1"), "--seat")
    _cli_error(sc.cli("review", str(path), "--budget", "0"), "--budget")
    _cli_error(sc.cli("review", str(path), "--budget", "many"), "--budget")
    _cli_error(sc.cli("review", str(tmp_path / "missing.json")), "cannot read")
    bad = copy.deepcopy(VN_TRADITIONAL_BLUNDER)
    bad["hands"][0]["moves"][1] = "6-5@L"
    _cli_error(sc.cli("review", "-", stdin=json.dumps(bad)), "hand 1", "move 2", '"6-5@L"')
    _cli_error(sc.cli("review", "-", stdin="{not json"), "")


def test_leaving_the_table_is_judged_but_never_proposed():
    from domino.match.match import Match

    m = Match.new("vn_iwin", {}, seed=3)
    m.play(m.legal()[0])
    seat = m.to_move
    doubles = sum(1 for a, b in m.hand.hands[seat] if a == b)
    m.play("leave")
    doc = review_record(m.to_record(), [seat], 100)
    (e,) = [e for e in doc["moves"] if e["played"] == "leave"]
    assert not e["forced"]
    assert e["best"] != "leave" and Move.parse(e["best"]).kind == "place"
    # The leave costs B + 2B per double in hand (RULES.md 2.3), the same in every world.
    assert e["value"] == -(1000 + 2000 * doubles)
    assert e["loss"] > 0


# --- the review runs the expert's own search (DECISIONS E-28) ---------------------------------

def _expert_hand(variant: str, seed: int, budget: int) -> dict:
    """A hand of ``variant`` played by four experts at ``budget`` (each with its own seed)."""
    from domino.ai import get_agent
    from domino.tools.arena import play_hand

    m = Match.new(variant, {}, seed=seed)
    agents = [get_agent("expert", seed=seed + 101 * i, budget=budget) for i in range(m.players)]
    play_hand(m, agents, random.Random(seed))
    return m.to_record()


@pytest.mark.parametrize("variant", ["vn_traditional", "doubles", "mexican_train"])
def test_the_reviews_best_is_the_experts_own_choice(variant):
    record = _expert_hand(variant, 5, BUDGET)
    doc = Review(record, None, BUDGET).run()
    judged = [e for e in doc["moves"] if not e["forced"]]
    assert len(judged) >= 5
    for e in judged:
        assert e["best"] == e["played"] and e["loss"] == 0 and e["mark"] is None, e


def test_a_search_level_decides_from_the_position_alone():
    from domino.ai import get_agent
    from domino.play.view import view

    m = Match.new("all_fives", {}, seed=8)
    while len(playable(m.legal())) < 3:
        m.play(m.legal()[0])
    v, legal = view(m.hand, m.to_move), m.legal()
    one, two = random.Random(1), random.Random(2)
    a = get_agent("expert", seed=1, budget=BUDGET).choose(v, legal, one)
    b = get_agent("expert", seed=77, budget=BUDGET).choose(v, legal, two)
    assert a == b
    # The caller's stream still advances by one number, as for the other agents.
    assert one.getstate() == _drawn(random.Random(1)).getstate()


def _drawn(rng: random.Random) -> random.Random:
    rng.random()
    return rng


def test_complete_values_a_move_alike_whatever_else_is_completed():
    from domino.ai.review import expert_search
    from domino.play.view import view

    m = Match.new("vn_traditional", {"players": 4}, seed=11)
    while len(playable(m.legal())) < 3:
        m.play(m.legal()[0])
    v, legal = view(m.hand, m.to_move), m.legal()
    moves = playable(legal)
    first = expert_search(v, legal, BUDGET)
    first.run()
    choice = first.best()
    assert first.complete([moves[-1]])
    second = expert_search(v, legal, BUDGET)
    second.run()
    while not second.complete(moves, 3):  # in small chunks, every move
        pass
    c1, c2 = first.candidates.index(moves[-1]), second.candidates.index(moves[-1])
    assert first.values[c1] == second.values[c2]
    assert len(second.values[c2]) == second.worlds
    assert all(len(second.values[second.candidates.index(x)]) == second.worlds for x in moves)
    # Completing never changes the choice.
    assert first.best() == second.best() == choice


def test_judge_position_gives_a_forced_move_without_searching():
    from domino.ai.review import judge_position
    from domino.play.view import view

    m = Match.new("draw", {"players": 2}, seed=3)
    while len(playable(m.legal())) != 1:
        m.play(m.legal()[0])
    out = judge_position(view(m.hand, m.to_move), m.legal())
    (entry,) = out["moves"]
    assert entry["forced"] and entry["value"] is None and out["worlds"] == 0
