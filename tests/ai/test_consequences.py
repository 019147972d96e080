"""What a move does, named from the position and the move alone (domino.ai.consequences, issue
26, DECISIONS E-62, E-71): points scored at once, a seat shut out and its pass penalty, a double
left to be caught at the end, 0-0 kept, the hand closed (a block, triệt, fish). Real positions
dealt by ``Match.new`` and played through the engine; each consequence is checked against the
position by hand in its comment.

RULES.md: 1.7, 2.1, 2.3, 2.5, 3.1, 3.3 (passes and blocks, thúi bò, 0-0, All Fives' scores)
"""

from __future__ import annotations

import random

from domino import Match
from domino.ai.consequences import consequences
from domino.ai.review import Review, judge_position
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


# Moves that close the hand (E-71): (variant, seed, the moves before, the closing move, the
# table's word for a blocked hand).
BLOCKS = [
    # Block, two players, seed 10: seat 1 passed on the ends 1 and 2, and Block draws nothing.
    # 2-1@L leaves 2 at both ends; the mover's 6-4, 1-0 and 0-0 do not fit, and seat 1 lacks
    # 2: a block. (2-1@R leaves 1 and 1, which its 1-0 follows; 1-0@L leaves 0, for 0-0.)
    ("block", 10, ["6-6", "6-3@R", "6-1@L", "3-3@R", "3-2@R", "pass"], "2-1@L", "block"),
    # Kozel, seed 11: the market is empty and every 0 but the mover's 3-0 is laid; 3-0@L
    # leaves 0 at both ends and the mover keeps 2-1: a fish. (3-0@R leaves 3 and 3, and five
    # 3s are still unseen.)
    ("kozel", 11, ["6-6", "6-1@R", "6-2@L", "1-0@R", "draw", "4-0@R", "5-4@R", "2-0@L", "draw",
                   "5-0@R", "draw", "draw", "draw", "draw", "draw", "draw", "pass", "6-0@L",
                   "0-0@R", "6-4@L", "4-3@L"], "3-0@L", "fish"),
    # vn_traditional, four players (no boneyard), seed 5: 2-0 is the last 2; 2-0@L leaves 2 at
    # both ends and the mover keeps 6-3, 5-3 and 5-1: triệt. (2-0@R leaves 0 and 0, and five
    # 0s are unseen.)
    ("vn_traditional", 5, ["6-6", "6-1@R", "6-2@L", "4-2@L", "4-3@L", "4-1@R", "3-2@L", "2-1@L",
                           "6-4@R", "1-1@L", "6-5@R", "5-5@R", "5-2@R", "2-2@R", "1-0@L"],
     "2-0@L", "triet"),
]


def test_a_move_that_closes_the_hand_names_the_block():
    for variant, seed, moves, closing, word in BLOCKS:
        m, legal = _at(variant, seed, moves)
        said = _says(m, closing)
        assert {"says": "blocks", "word": word} in said, (variant, said)
        # A blocked hand records no pass: nobody is said to be stuck and pay for it.
        assert not any(x["says"] == "shut_out" for x in said)
        # Every other move the mover has leaves the hand open here.
        for other in legal:
            if str(other) != closing and other.kind == "place":
                assert not any(x["says"] == "blocks" for x in _says(m, str(other))), other
        m.play(closing)
        s = m.hand
        assert s is not None and s.over and s.result is not None
        assert s.result.termination == "blocked"


def test_a_named_block_always_comes():
    """Random hands in every line and tree variant: each move said to close the hand ends it
    blocked at once (the claim is certain, never an estimate)."""
    claims = 0
    for variant in ("vn_traditional", "vn_schoolnet", "vn_iwin", "doubles", "kozel", "block",
                    "draw", "all_fives"):
        for seed in range(12):
            m = Match.new(variant, {}, seed=seed)
            rng = random.Random(seed)
            while m.hand is not None and not m.hand.over:
                s = m.hand
                assert s.to_move is not None
                legal = m.legal()
                move = rng.choice(legal)
                said = consequences(infer(view(s, s.to_move)), move, legal)
                m.play(move)
                if any(x["says"] == "blocks" for x in said):
                    claims += 1
                    done = m.hand
                    assert done is not None and done.over and done.result is not None
                    assert done.result.termination == "blocked", (variant, seed)
    assert claims >= 10


def test_the_review_and_the_hint_name_the_block():
    """The review's entry for the closing move and the hint's figure for it say the block."""
    variant, seed, moves, closing, word = BLOCKS[0]
    m, legal = _at(variant, seed, moves)
    s = m.hand
    assert s is not None and s.to_move is not None
    seat = s.to_move
    hint = judge_position(view(s, seat), legal)
    (mine,) = [f for f in hint["moves"] if f["move"] == closing]
    assert {"says": "blocks", "word": word} in mine["says"]
    m.play(closing)
    entry = Review(m.to_record(), [seat], hands=[1]).run()["moves"][-1]
    assert entry["played"] == closing
    assert {"says": "blocks", "word": word} in entry["says"]
