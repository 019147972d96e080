"""What a move does, named from the position and the move alone (domino.ai.consequences, issue
26, DECISIONS E-62): points scored at once, a seat shut out and its pass penalty, a double left
to be caught at the end, 0-0 kept. Real positions dealt by ``Match.new`` and played through the
engine; each consequence is checked against the position by hand in its comment.

RULES.md: 1.7, 2.1, 2.3, 2.5, 3.3 (passes, thúi bò, 0-0's count, All Fives' scoring)
"""

from __future__ import annotations

from domino import Match
from domino.ai.consequences import consequences
from domino.ai.review import Review
from domino.hand.moves import Move
from domino.play.resample import infer
from domino.play.view import view


def _at(variant: str, seed: int, moves: list[str]) -> tuple[Match, list[Move]]:
    m = Match.new(variant, {}, seed=seed)
    for text in moves:
        m.play(text)
    return m, m.legal()


def _says(m: Match, move: str) -> list[dict]:
    s = m.hand
    assert s is not None and s.to_move is not None
    legal = m.legal()
    (mv,) = [x for x in legal if str(x) == move]
    return consequences(infer(view(s, s.to_move)), mv, legal)


def test_all_fives_points_scored_at_once():
    # Seed 19: seat 1 leads holding 5-5 (the ends show 10) and 2-0 (2: nothing).
    m, _ = _at("all_fives", 19, [])
    assert _says(m, "5-5") == [{"says": "scores", "points": 10}]
    assert _says(m, "2-0") == []


def test_vn_iwin_a_double_left_to_be_caught():
    # Seed 10: 6-5, 5-2, 5-1, 5-4 and 5-0 are laid and the right end shows 5 (5-0@R); the
    # mover holds 5-5 and 5-3. 5-3@R covers the last 5: no tile of 5 is left to open it again,
    # so 5-5 stays in hand to the end (thúi bò). 5-5@R itself plays the double.
    moves = ["6-6", "6-5@R", "5-2@R", "4-2@R", "6-1@L", "4-3@R", "3-0@R", "5-1@L", "0-0@R",
             "5-4@L", "4-4@L", "4-1@L", "2-1@L", "5-0@R", "2-2@L"]
    m, _ = _at("vn_iwin", 10, moves)
    assert {"says": "double_dead", "tile": "5-5"} in _says(m, "5-3@R")
    assert not any(x["says"] == "double_dead" for x in _says(m, "5-5@R"))


def test_vn_iwin_a_pass_penalty_caused():
    # Seed 0: seat 0 has just passed on the ends 1 and 0; seat 1's 1-1@L leaves them 1 and
    # 0, and with four players nothing is left to draw: seat 0 must pass again and pay the
    # pass penalty (RULES.md 2.3).
    moves = ["6-6", "6-3@R", "5-3@R", "5-4@R", "6-2@L", "5-2@L", "5-1@L", "4-4@R", "2-1@L",
             "3-2@L", "3-1@L", "4-0@R", "pass"]
    m, _ = _at("vn_iwin", 0, moves)
    said = _says(m, "1-1@L")
    assert {"says": "shut_out", "seat": 0, "partner": False, "penalty": True} in said
    # The same position without a pass penalty (vn_traditional): a pass, no penalty.
    m2, _ = _at("vn_traditional", 0, moves)
    assert {"says": "shut_out", "seat": 0, "partner": False, "penalty": False} in _says(
        m2, "1-1@L")


def test_kozel_the_zero_double_kept():
    # Seed 0: the mover holds 0-0 and may play it (0-0@R) or 5-0@R; keeping it risks 25.
    moves = ["6-6", "6-3@L", "3-1@L", "6-4@R", "draw", "5-1@L", "5-3@L", "4-2@R", "4-3@L",
             "2-2@R", "draw", "4-4@L", "draw", "4-0@L", "6-2@R", "6-0@R", "draw", "draw",
             "3-0@L"]
    m, legal = _at("kozel", 0, moves)
    assert "0-0@R" in [str(x) for x in legal]
    assert {"says": "keeps_zero", "value": 25} in _says(m, "5-0@R")
    assert not any(x["says"] == "keeps_zero" for x in _says(m, "0-0@R"))


def test_a_draw_or_a_pass_says_nothing():
    m, legal = _at("kozel", 0, ["6-6", "6-3@L", "3-1@L", "6-4@R"])
    assert [str(x) for x in legal] == ["draw"]
    assert _says(m, "draw") == []


def test_the_review_names_the_best_moves_points():
    """The review's entry says what the move played and the best do (E-62)."""
    m, _ = _at("all_fives", 19, [])
    seat = m.to_move
    m.play("2-0")
    (entry,) = Review(m.to_record(), [seat], hands=[1]).run()["moves"]
    assert entry["best"] == "5-5"
    assert entry["says"] == [] and entry["best_says"] == [{"says": "scores", "points": 10}]
