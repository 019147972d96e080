"""RULES.md section 4.1: common model scenarios C-01 .. C-08.

RULES.md: 4.1, 1.8, 3.2
"""

from __future__ import annotations

import pytest

LINE_VARIANTS = [
    ("block", {}),
    ("draw", {}),
    ("vn_traditional", {"stake": 10}),
    ("vn_schoolnet", {}),
    ("vn_iwin", {"stake": 1000, "table": "casual"}),
]

# RULES.md 1.8: tile rank with face values, highest first.
FACE_ORDER = ["6-6", "6-5", "5-5", "6-4", "6-3", "5-4", "4-4", "6-2", "5-3", "6-1", "5-2", "4-3",
              "3-3", "6-0", "5-1", "4-2", "5-0", "4-1", "3-2", "2-2", "4-0", "3-1", "3-0", "2-1",
              "1-1", "2-0", "1-0", "0-0"]


def _t(text):
    a, b = (int(x) for x in text.split("-"))
    return (max(a, b), min(a, b))


def test_C01_set_composition():
    from domino import full_set

    for max_pip, count, doubles, total in ((6, 28, 7, 168), (9, 55, 10, 495),
                                           (12, 91, 13, 1092)):
        tiles = [tuple(t) for t in full_set(max_pip)]
        assert len(tiles) == count
        assert len(set(tiles)) == count
        assert sum(1 for a, b in tiles if a == b) == doubles
        assert sum(a + b for a, b in tiles) == total
        assert all(0 <= b <= a <= max_pip for a, b in tiles)


def test_C02_legal_placements_on_a_line(sc):
    rec = sc.load("C-02")
    expected = {"5-3@L", "5-3@R", "5-5@R", "3-3@L"}
    out = sc.cli_json("legal", str(sc.path("C-02")))
    assert out["to_move"] == 0
    assert len(out["legal"]) == 4
    assert set(out["legal"]) == expected
    for variant, options in LINE_VARIANTS[1:]:
        out = sc.legal(sc.with_variant(rec, variant, **options))
        assert out["to_move"] == 0, variant
        assert len(out["legal"]) == 4, (variant, out["legal"])
        assert set(out["legal"]) == expected, variant


@pytest.mark.parametrize("variant", ["vn_schoolnet", "draw", "kozel", "vn_iwin"])
def test_C03_draw_until_playable(sc, variant):
    rec = sc.with_variant(sc.load("C-03"), variant)
    # Nothing playable: the only move is to draw, until 5-1 (the third tile) comes up.
    for n in range(3):
        assert sc.legal_set(sc.prefix(rec, n)) == (0, {"draw"}), (variant, n)
    assert sc.legal_set(sc.prefix(rec, 3)) == (0, {"5-1@R"})
    # 5-1 must be played: neither a further draw nor a pass is allowed.
    errors = sc.errors()
    for bad in ("draw", "pass"):
        with pytest.raises((errors.IllegalMoveError, errors.RecordError)):
            sc.replay(sc.with_moves(rec, ["draw", "draw", "draw", bad]))
    out = sc.replay(rec)
    assert out["hands"] == []
    # P1 {4-4, 4-0} faces L=6 | R=1 and must draw the remaining 6-6.
    assert sc.legal_set(rec) == (1, {"draw"})
    v = sc.view(rec, 0)
    assert sc.tileset(v["hand"]) == sc.tileset(["2-1", "4-3", "0-0", "2-2"])
    assert v["boneyard"] == 1
    assert sc.line_ends(v["layout"]) == (6, 1)


def test_C04_draw_one(sc):
    rec = sc.load("C-04")
    assert sc.legal_set(sc.prefix(rec, 0)) == (0, {"draw"})
    # 0-0 drawn, not playable: keep it and pass.
    assert sc.legal_set(sc.prefix(rec, 1)) == (0, {"pass"})
    out = sc.replay(rec)
    assert out["hands"] == []
    assert out["to_move"] == 1
    v = sc.view(rec, 0)
    assert sc.tileset(v["hand"]) == sc.tileset(["2-1", "4-3", "0-0"])
    assert v["boneyard"] == 3
    assert sc.line_ends(v["layout"]) == (6, 5)
    # The boneyard is now [2-2, 5-1, 6-6]: P1 draws 2-2 (unplayable) and passes, then P2 draws
    # 5-1 and must play it on the 5.
    cont = sc.with_moves(rec, ["draw", "pass", "draw"])
    assert sc.legal_set(cont) == (1, {"pass"})
    cont = sc.with_moves(rec, ["draw", "pass", "draw", "pass", "draw"])
    assert sc.legal_set(cont) == (2, {"5-1@R"})


def test_C05_reserve(sc):
    # Boneyard of 2 with reserve 2: nothing may be drawn, so the player passes.
    assert sc.legal_set(sc.load("C-05")) == (1, {"pass"})
    # Boneyard of 3: exactly one tile is drawn (draw_one), then the player passes.
    rec = sc.load("C-05-b")
    assert sc.legal_set(sc.prefix(rec, 0)) == (1, {"draw"})
    assert sc.legal_set(rec) == (1, {"pass"})
    assert sc.view(rec, 1)["boneyard"] == 2


def test_C06_immediate_block_no_pass_events(sc):
    proc = sc.cli("replay", str(sc.path("C-06")))
    assert proc.returncode == 0, proc.stderr
    import json

    out = json.loads(proc.stdout)
    assert len(out["hands"]) == 1
    # Blocked at the start of P0's turn; no pass by P0, P1 or P2, so no pass penalties.
    sc.check_hand(out["hands"][0], termination="blocked", winner=3, blocker=3, gai=None,
                  ranking=[3, 2, 0, 1], pips=[20, 22, 10, 0],
                  delta=[-3000, -2000, -2000, 6790], house=210)
    assert out["to_move"] is None
    assert out["legal"] == []
    exported = sc.match(sc.load("C-06")).to_record()
    assert exported["hands"][0]["moves"] == ["6-5@R"]
    m = sc.match(sc.prefix(sc.load("C-06"), 0))
    events = [e.to_json() for e in m.play("6-5@R")]
    assert not any(e["type"] == "passed" for e in events), events
    assert m.hand_over


@pytest.mark.parametrize("variant,options", [
    ("vn_traditional", {"stake": 10}), ("vn_schoolnet", {}), ("vn_iwin", {}), ("kozel", {}),
    ("draw", {}),
])
def test_C07_must_play_if_able(sc, variant, options):
    rec = sc.with_variant(sc.load("C-07"), variant, **options)
    assert sc.legal_set(rec) == (0, {"6-2@L"})
    errors = sc.errors()
    for bad in ("draw", "pass"):
        with pytest.raises((errors.IllegalMoveError, errors.RecordError)):
            sc.replay(sc.with_moves(rec, [bad]))


def test_C08_tile_rank_order(sc):
    face = sc.ruleset("vn_iwin", {})
    key = face.tile_rank
    assert sorted([(4, 2), (6, 0), (3, 3), (5, 1)], key=key, reverse=True) == [
        (3, 3), (6, 0), (5, 1), (4, 2)]
    assert key((5, 5)) > key((6, 4))
    assert key((6, 3)) > key((5, 4))
    from domino import full_set

    for variant in ("vn_iwin", "vn_schoolnet", "block", "draw"):
        rank = sc.ruleset(variant, {}).tile_rank
        ordered = sorted((tuple(t) for t in full_set(6)), key=rank, reverse=True)
        assert ordered == [_t(x) for x in FACE_ORDER], variant
    trad = sc.ruleset("vn_traditional", {}).tile_rank
    assert trad((0, 0)) > trad((6, 6))
    ordered = sorted((tuple(t) for t in full_set(6)), key=trad, reverse=True)
    assert ordered == [(0, 0)] + [_t(x) for x in FACE_ORDER[:-1]]


def test_C07_voluntary_draw_exception(sc):
    # The exception C-07 names: in draw with voluntary_draw a player able to play may also
    # draw (RULES.md 3.2); passing is still not allowed.
    rec = sc.with_variant(sc.load("C-07"), "draw", voluntary_draw=True)
    assert sc.legal_set(rec) == (0, {"6-2@L", "draw"})
    errors = sc.errors()
    with pytest.raises((errors.IllegalMoveError, errors.RecordError)):
        sc.replay(sc.with_moves(rec, ["pass"]))
