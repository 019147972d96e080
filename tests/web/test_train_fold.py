"""Mexican Train's long trains fold behind a "+n" chip at the game's table (web/page/
train_bands.py's `fold_start` and `_folded` through `geometry.view_table(..., fold=True)`,
DECISIONS W-113): late in a round the trains need about twice a phone's table, and the table
kept its readable tiles and scrolled, the lower trains' open ends and markers out of view.

RULES.md: none (screen layout only)
"""

import geometry
import train_bands
from boxes import FIT_MIN_UNIT, MAX_UNIT, TRAIN_MAX_UNIT, TRAIN_MIN_UNIT

# A phone's table with six players: upright at 390x844, on its side at 844x390, at 320x568.
BOXES = [(377.0, 458.0), (532.0, 323.0), (307.0, 302.0)]


def long_view(players, lengths):
    """A Mexican Train view late in a round: train i has `lengths[i]` tiles (the Mexican
    train last), a double every seventh tile, every train open and the odd seats' marked."""
    trains = []
    ends = []
    for seat in range(players + 1):
        tiles = []
        for i in range(lengths[seat]):
            tiles.append([i % 13, i % 13] if i % 7 == 3 else [(i + 1) % 13, i % 13])
        owner = seat if seat < players else None
        tiles_id = f"T{seat}" if owner is not None else "MX"
        trains.append(
            {
                "id": tiles_id,
                "owner": owner,
                "marker": owner is not None and seat % 2 == 1,
                "tiles": tiles,
            }
        )
        ends.append([tiles_id, tiles[-1][1] if tiles else 12])
    return {"layout": {"kind": "trains", "engine": 12, "trains": trains}, "ends": ends, "seat": 0}


LENGTHS = [9, 4, 16, 8, 9, 11, 11]


def overlaps(a, b):
    """Whether rects `a` and `b` ({x, y, w, h}) share more than a hairline."""
    return (
        min(a["x"] + a["w"], b["x"] + b["w"]) - max(a["x"], b["x"]) > 0.01
        and min(a["y"] + a["h"], b["y"] + b["h"]) - max(a["y"], b["y"]) > 0.01
    )


def check_chips(geo):
    """Every chip is a tap target of at least 24x24 CSS px (WCAG 2.2, W-117), inside its
    band's width, centred on its label's line, and covers no tile, no label's name or marker
    and no other chip."""
    chips = [lab for lab in geo["labels"] if lab["chip"] is not None]
    for lab in chips:
        chip = lab["chip"]
        band = lab["band"]
        assert chip["w"] >= 24 and chip["h"] >= 24, chip
        assert band["x"] <= chip["x"] and chip["x"] + chip["w"] <= band["x"] + band["w"]
        assert abs(chip["y"] + chip["h"] / 2 - (lab["y"] + lab["h"] / 2)) < 0.01
        for tile in geo["tiles"]:
            assert not overlaps(chip, tile), (lab["id"], chip, tile)
        for other in geo["labels"]:
            name = {"x": other["x"], "y": other["y"], "w": other["w"], "h": other["h"]}
            assert not overlaps(chip, name), (lab["id"], other["id"])
            if other["marker_box"] is not None:
                assert not overlaps(chip, other["marker_box"])
            if other is not lab and other["chip"] is not None:
                assert not overlaps(chip, other["chip"]), (lab["id"], other["id"])
    return chips


def test_long_trains_fold_into_the_table_at_the_readable_size():
    """At each phone size, trains about twice the table fit it folded: the tiles 56 px
    (TRAIN_MIN_UNIT) or at least 40 px, every slot (open end) and marker inside the box,
    each label's `hidden` the tiles not drawn and its chip on its band's first line, a 24 px
    tap target clear of every tile and label (`check_chips`); the trains that hide nothing
    have no chip; no two tiles overlap."""
    view = long_view(6, LENGTHS)
    for width, height in BOXES:
        plain = geometry.view_table(view, width, height, 0)
        assert plain["needed"] > 1.5 * height and not plain["folded"]
        geo = geometry.view_table(view, width, height, 0, None, None, True)
        assert geo["folded"] and geo["fits"], (width, height, geo["needed"])
        assert 2 * geo["unit"] >= 2 * FIT_MIN_UNIT
        assert geometry.count_overlaps(geo["tiles"]) == 0
        assert check_chips(geo)
        drawn = len(geo["tiles"]) - 1  # the hub
        hidden = 0
        for lab in geo["labels"]:
            hidden += lab["hidden"]
            assert (lab["chip"] is not None) == (lab["hidden"] > 0) and not lab["open"]
            box = lab["marker_box"]
            if lab["marker"]:
                assert 0 <= box["y"] and box["y"] + box["h"] <= height
        assert drawn + hidden == sum(LENGTHS)
        assert hidden > 0
        for end in geo["ends"]:
            assert 0 <= end["y"] and end["y"] + end["h"] <= height, (width, height, end)
            assert 0 <= end["x"] and end["x"] + end["w"] <= width
            # Each open end grows from its train's last tile, which is drawn.
            assert end["tile"] is not None
        # The folded tiles are each train's oldest: every drawn tile of a train is one of
        # its last ones.
        by_train = {}
        for train in view["layout"]["trains"]:
            by_train[train["id"]] = train["tiles"]
        faces = [(t["a"], t["b"]) for t in geo["tiles"][1:]]
        at = 0
        for lab in geo["labels"]:
            tiles = by_train[lab["id"]]
            kept = [tuple(t) for t in tiles[lab["hidden"] :]]
            assert faces[at : at + len(kept)] == kept
            at += len(kept)


def test_the_chip_is_a_24_px_tap_target_under_48_px_tiles():
    """Under 48 px tiles (six players late in a round at 320x568: 44 px) a band's line is
    under 24 px tall: the chip is still 24x24 and covers nothing (it reaches into the gaps
    around the line, which are wide enough for two chips, W-117); it was a tile's height."""
    view = long_view(6, LENGTHS)
    geo = geometry.view_table(view, 307.0, 302.0, 0, None, None, True)
    assert geo["folded"] and geo["fits"] and geo["unit"] < 24, geo["unit"]
    chips = [lab["chip"] for lab in geo["labels"] if lab["chip"] is not None]
    assert len(chips) >= 4
    assert all(c["w"] >= 24 and c["h"] >= 24 for c in chips), chips
    check_chips(geo)


# Seven and eight players at 320x568 (the table 307x302 at the human's first turn, W-98).
SMALL = (307.0, 302.0)


def test_seven_and_eight_players_fit_a_small_phone_early_and_late():
    """Seven or eight players' bands at 320x568 (W-118): early in a round (nothing to fold)
    the 56 px tiles needed 324 and 359 px of a 302 px table, and late in a round a double
    on a folded line made it two units tall; the table scrolled. Now one line a band, no
    double but a train's last on it, at the largest size that fits, never under 40 px:
    every open end and marker in the box, with no scroll."""
    early = [[1, 0, 2, 1, 0, 1, 0, 1, 2], [2, 1, 0, 1, 2, 0, 1, 1, 0]]
    # Late: doubles (every seventh tile from the fourth) among each train's last tiles, and
    # a double as the last tile of a train (its open end grows across it).
    late = [[5, 12, 4, 13, 6, 10, 8, 12, 9], [9, 13, 12, 5, 6, 8, 12, 10, 13]]
    for players in (7, 8):
        for lengths in early + late:
            view = long_view(players, lengths[: players + 1])
            geo = geometry.view_table(view, *SMALL, 0, None, None, True)
            what = (players, lengths)
            assert geo["fits"], (what, geo["needed"])
            assert 2 * geo["unit"] >= 2 * FIT_MIN_UNIT, what
            for end in geo["ends"]:
                assert 0 <= end["y"] and end["y"] + end["h"] <= SMALL[1], (what, end)
            for lab in geo["labels"]:
                if lab["marker"]:
                    box = lab["marker_box"]
                    assert 0 <= box["y"] and box["y"] + box["h"] <= SMALL[1], what
            assert geometry.count_overlaps(geo["tiles"]) == 0
            check_chips(geo)
            if max(lengths) < 3:
                assert not any(lab["hidden"] for lab in geo["labels"]), what
        # The first turn keeps the largest tiles that fit: 52 px for seven, 44 for eight.
        first = geometry.view_table(
            long_view(players, early[0][: players + 1]), *SMALL, 0, None, None, True
        )
        assert 2 * first["unit"] >= (52 if players == 7 else 44), first["unit"]


def test_a_table_that_holds_the_trains_folds_nothing():
    """Early in a round nothing folds: where the box holds every tile (a desktop table, an
    upright phone) the same geometry as without folding; where only the gaps between the
    bands are too wide (320x568 with six players, 318 px in 302), the folded layout's
    narrower gaps bring every band into view and no tile is hidden."""
    view = long_view(6, [2, 1, 3, 0, 2, 1, 2])
    for width, height in BOXES + [(1100.0, 700.0)]:
        plain = geometry.view_table(view, width, height, 0)
        folded = geometry.view_table(view, width, height, 0, None, None, True)
        assert all(lab["hidden"] == 0 and lab["chip"] is None for lab in folded["labels"])
        assert len(folded["tiles"]) == len(plain["tiles"]) and folded["fits"]
        if plain["fits"]:
            assert not folded["folded"]
            assert folded["tiles"] == plain["tiles"] and folded["unit"] == plain["unit"]
        else:
            assert folded["folded"] and folded["unit"] == plain["unit"], (width, height)


def test_the_review_keeps_every_tile_and_a_tapped_train_is_whole():
    """Without `fold` (the review, the lessons) every tile is drawn; `whole` keeps one train
    unfolded (its chip tapped, W-114) while the others fold; its chip stays, `open`, where
    the "+n" was, to fold it again (W-117), and covers none of its tiles."""
    view = long_view(6, LENGTHS)
    width, height = BOXES[0]
    plain = geometry.view_table(view, width, height, 0)
    assert len(plain["tiles"]) == 1 + sum(LENGTHS)
    folded = geometry.view_table(view, width, height, 0, None, None, True)
    opened = geometry.view_table(view, width, height, 0, None, None, True, "T2")
    for lab in opened["labels"]:
        if lab["id"] == "T2":
            assert lab["hidden"] == 0 and lab["open"]
            before = [f for f in folded["labels"] if f["id"] == "T2"][0]
            assert before["hidden"] and not before["open"]
            assert lab["chip"]["x"] == before["chip"]["x"]
            if not opened["fits"]:  # the table scrolls: nothing above the train moves
                assert lab["chip"]["y"] == before["chip"]["y"]
        else:
            assert not lab["open"]
    assert any(lab["hidden"] for lab in opened["labels"])
    assert not opened["fits"] and opened["unit"] == folded["unit"]
    check_chips(opened)


def test_a_flat_fold_keeps_no_double_but_the_last():
    """`fold_start(..., flat=True)`: past every double but the last tile, which stays (the
    open end grows from it); without doubles the same as without `flat`."""
    u = FIT_MIN_UNIT
    room = 235.0
    tiles = [[3, 2], [2, 2], [2, 5], [5, 1], [1, 6]]
    assert train_bands.fold_start(tiles, u, room, 1) == 0
    assert train_bands.fold_start(tiles, u, room, 1, True) == 2
    ending = tiles[:4] + [[1, 1]]
    assert train_bands.fold_start(ending, u, room, 1, True) == 2
    plain = [[i + 1, i] for i in range(10)]
    assert train_bands.fold_start(plain, u, room, 1, True) == train_bands.fold_start(
        plain, u, room, 1
    )


def test_fold_start_keeps_the_last_tile_and_fits_the_lines():
    """`fold_start`: the earliest tile from which the chip, the tiles and the slot fit the
    lines; never past the last tile; 0 where the train fits whole."""
    u = TRAIN_MIN_UNIT
    room = 235.0  # a 320 px phone's band: four tiles of 56 px a line
    tiles = [[i + 1, i] for i in range(10)]
    assert train_bands.fold_start(tiles[:2], u, room, 1) == 0
    start = train_bands.fold_start(tiles, u, room, 1)
    lead = train_bands.chip_width(u)
    assert len(train_bands._band_lines(tiles, u, room, lead, start)[1]) == 1
    assert len(train_bands._band_lines(tiles, u, room, lead, start - 1)[1]) == 2
    assert train_bands.fold_start(tiles, u, 60.0, 1) == len(tiles) - 1
    assert train_bands.fold_start(tiles, u, room, None) == 0


def ending_in_doubles(players, lengths, doubled):
    """`long_view` with the trains at the indexes `doubled` ending in a double (the open
    end grows across it): three at once with option allow_double_chain (RULES.md 3.4)."""
    view = long_view(players, lengths)
    for i in doubled:
        tiles = view["layout"]["trains"][i]["tiles"]
        value = tiles[-2][1] if len(tiles) > 1 else 12
        tiles[-1] = [value, value]
        view["ends"][i][1] = value
    return view


def test_three_trains_ending_in_a_double_fit_a_small_phone():
    """Eight players at 320x568 with three trains ending in a double (a double's line is two
    units tall) needed 321 px of a 302 px table at 40 px tiles with the hub on a row of its
    own (W-118's open end): the hub now starts the first band's line instead (W-125), and
    the table fits with every open end and marker in the box, tiles 40 px, no overlap; the
    chips clear of the hub. With two such trains the hub keeps its row."""
    lengths = [5, 12, 5, 13, 6, 10, 8, 12, 9]  # none ends in a double of its own
    for doubled in ((0, 3, 5), (2, 4, 8), (1, 6, 7), (0, 1, 2)):
        view = ending_in_doubles(8, lengths, doubled)
        geo = geometry.view_table(view, *SMALL, 0, None, None, True)
        assert geo["fits"], (doubled, geo["needed"])
        assert geo["unit"] >= FIT_MIN_UNIT
        for end in geo["ends"]:
            assert 0 <= end["y"] and end["y"] + end["h"] <= SMALL[1], (doubled, end)
        assert geometry.count_overlaps(geo["tiles"]) == 0
        chips = check_chips(geo)
        hub = [t for t in geo["tiles"] if t["engine"]][0]
        first = geo["labels"][0]
        # On the first band's line, right of its label, before its tiles and chip.
        assert abs(hub["y"] + hub["h"] / 2 - (first["y"] + first["h"] / 2)) < 0.01
        for lab in chips:
            assert not overlaps(lab["chip"], hub)
    two = geometry.view_table(ending_in_doubles(8, lengths, (0, 3)), *SMALL, 0, None, None, True)
    hub = [t for t in two["tiles"] if t["engine"]][0]
    assert two["fits"] and hub["y"] + hub["h"] <= two["labels"][0]["y"]


def hub_of(geo):
    """The hub's tile (the engine double) of a Mexican Train table."""
    return [t for t in geo["tiles"] if t["engine"]][0]


def on_first_line(geo):
    """Whether the hub lies on the first band's line (W-125), not on a row of its own."""
    hub = hub_of(geo)
    first = geo["labels"][0]
    return abs(hub["y"] + hub["h"] / 2 - (first["y"] + first["h"] / 2)) < 0.01


def check_crowded_phone(geo, doubled):
    """A crowded small phone's table (trains `doubled` ending in a double): the hub on the
    first band's line, every open end, its tap target, marker and chip in the box, no tile
    overlapping another, no chip over the hub."""
    assert on_first_line(geo)
    for end in geo["ends"]:
        assert 0 <= end["y"] and end["y"] + end["h"] <= SMALL[1], (doubled, end)
        assert 0 <= end["hit"]["y"] and end["hit"]["y"] + end["hit"]["h"] <= SMALL[1]
    for lab in geo["labels"]:
        if lab["marker"]:
            box = lab["marker_box"]
            assert 0 <= box["y"] and box["y"] + box["h"] <= SMALL[1], doubled
    assert geometry.count_overlaps(geo["tiles"]) == 0
    for lab in check_chips(geo):
        chip = lab["chip"]
        assert 0 <= chip["y"] and chip["y"] + chip["h"] <= SMALL[1], (doubled, chip)
        assert not overlaps(chip, hub_of(geo))


def test_four_trains_ending_in_a_double_fit_a_small_phone():
    """W-125's open end: eight players at 320x568 with four trains ending in a double at once
    (option allow_double_chain, RULES.md 3.4) needed 316 px of the 302 px table at 40 px
    tiles with the hub on the first band's line, and the table scrolled. As a last resort
    before a scroll the bands lie as close as a band's own lines (4 px at 40 px tiles, what
    two chips reach into) and the table's top and foot keep 4 px, not 8 (W-130): 300 px.
    Every open end, marker and chip in the box, tiles 40 px, no overlap; the layouts that
    fitted before are unchanged (three doubles: 296 px with 8 px margins)."""
    lengths = [5, 12, 5, 13, 6, 10, 8, 12, 9]
    for doubled in ((0, 3, 5, 7), (2, 4, 6, 8), (0, 1, 2, 3), (5, 6, 7, 8)):
        view = ending_in_doubles(8, lengths, doubled)
        geo = geometry.view_table(view, *SMALL, 0, None, None, True)
        assert geo["fits"], (doubled, geo["needed"])
        assert geo["needed"] <= 300.0 + 0.01 and geo["unit"] == FIT_MIN_UNIT, geo["needed"]
        check_crowded_phone(geo, doubled)
    three = geometry.view_table(
        ending_in_doubles(8, lengths, (0, 3, 5)), *SMALL, 0, None, None, True
    )
    assert three["needed"] == 296.0 and three["fits"]
    assert min(t["y"] for t in three["tiles"]) >= 8.0  # the 8 px margin kept where it fits


def test_five_trains_ending_in_a_double_fit_a_small_phone_at_36_px_tiles():
    """W-130's open end: eight players at 320x568 with five trains ending in a double at once
    (option allow_double_chain, RULES.md 3.4: one player's chain of doubles on five legal
    trains) needed 320 px of the 302 px table even with the bands tight at 40 px tiles, and
    the table scrolled 18 px. The last layout before a scroll (W-150) keeps a band's own
    line gap between bands except where two chips reach into it and goes one size down,
    to 36 px tiles: every choice of five trains of nine fits (289-296 px), every open end,
    its tap target, marker and chip in the box, no overlap, chips clear of each other and of
    the hub. Four doubles keep their 40 px layout (300 px); six or more are not made
    smaller still (they scroll at 40 px, the page panning to the oldest double, the only
    target)."""
    import itertools

    lengths = [5, 12, 5, 13, 6, 10, 8, 12, 9]
    for doubled in itertools.combinations(range(9), 5):
        view = ending_in_doubles(8, lengths, doubled)
        geo = geometry.view_table(view, *SMALL, 0, None, None, True)
        assert geo["fits"] and geo["needed"] <= SMALL[1], (doubled, geo["needed"])
        assert geo["unit"] == train_bands.SNUG_MIN_UNIT == 18.0, (doubled, geo["unit"])
        check_crowded_phone(geo, doubled)
    four = geometry.view_table(
        ending_in_doubles(8, lengths, (0, 3, 5, 7)), *SMALL, 0, None, None, True
    )
    assert four["unit"] == FIT_MIN_UNIT and four["needed"] == 300.0
    six = geometry.view_table(
        ending_in_doubles(8, lengths, (0, 1, 3, 5, 7, 8)), *SMALL, 0, None, None, True
    )
    assert six["unit"] == FIT_MIN_UNIT and not six["fits"]


def test_a_snug_gap_is_what_two_chips_reach_into():
    """The snug layout's gaps (W-150): two bands of one-unit lines that both carry a chip keep
    the chips' reach between them (24 px chips on 18 px lines: 3 px each side, 6 px), where
    a double's line (36 px, the chip inside it) or a band without a chip meets, a band's own
    line gap (a fifth of a unit, 3.6 px)."""
    u = train_bands.SNUG_MIN_UNIT
    plain = [[12, 5], [5, 3]]
    long = [[(i + 1) % 12, i % 12] for i in range(12)]
    doubled = [[12, 4], [4, 4]]
    trains = [
        {"id": "A", "owner": 1, "tiles": long},
        {"id": "B", "owner": 2, "tiles": long},
        {"id": "C", "owner": 3, "tiles": doubled},
        {"id": "D", "owner": 4, "tiles": plain},
    ]
    fold = train_bands.new_fold(1, None, {}, True, False, train_bands.SNUG)
    _, bands = train_bands._trains_at(trains, u, 1, 307.0, 8.0, 56.0, True, (0.0, 0.0), fold)
    tops = [b[4][0] for b in bands]
    heights = [b[5][0] for b in bands]
    chips = [b[9] for b in bands]
    assert chips == [True, True, False, False]
    gaps = [tops[i + 1] - tops[i] - heights[i] for i in range(3)]
    assert [round(g, 2) for g in gaps] == [6.0, 3.6, 3.6], gaps


def test_the_hub_stays_on_the_first_line_for_the_rest_of_the_round():
    """W-125 put the hub on the first band's line where three trains end in a double; once a
    double was answered the layout no longer needed it and the hub jumped back to its row,
    moving every band. With `hub` (the page remembers that the hub went there this round,
    W-130) it stays on the first band's line, the table still fitting with 40 px tiles, every
    open end in the box and no overlap; without it, the hub's row, as before."""
    lengths = [5, 12, 5, 13, 6, 10, 8, 12, 9]
    before = ending_in_doubles(8, lengths, (0, 3, 5))
    assert on_first_line(geometry.view_table(before, *SMALL, 0, None, None, True))
    # Train 0's double answered: a tile laid on it, two trains still end in a double.
    after = ending_in_doubles(8, lengths, (0, 3, 5))
    tiles = after["layout"]["trains"][0]["tiles"]
    value = tiles[-1][1]
    tiles.append([value, (value + 1) % 13])
    after["ends"][0][1] = (value + 1) % 13
    jumped = geometry.view_table(after, *SMALL, 0, None, None, True)
    assert not on_first_line(jumped) and not jumped["hub_inline"]
    kept = geometry.view_table(after, *SMALL, 0, None, None, True, None, True)
    assert on_first_line(kept) and kept["hub_inline"] and kept["fits"]
    assert kept["unit"] >= FIT_MIN_UNIT
    assert geometry.count_overlaps(kept["tiles"]) == 0
    for end in kept["ends"]:
        assert 0 <= end["y"] and end["y"] + end["h"] <= SMALL[1], end
    for lab in check_chips(kept):
        assert not overlaps(lab["chip"], hub_of(kept))
    # Early in a round, with nothing folded, the hub keeps its row whatever the page asks.
    early = geometry.view_table(
        long_view(8, [1] * 9), 377.0, 700.0, 0, None, None, True, None, True
    )
    assert not early["folded"] and not on_first_line(early) and not early["hub_inline"]


def test_an_opened_train_taller_than_the_table_has_a_fold_chip_at_its_foot():
    """W-126 pans the table to an opened train's open end; where the train is taller than
    the table its "−" chip (which folds it again) scrolled out of view. Such a train has a
    second "−" chip (`foot`) in the label column beside its last line (W-131): at least 24
    px a side, in its band, clear of every tile, label, marker, chip and open end's tap
    target, and in view together with the open end (both within the table's height). A
    train shown whole that is no taller than the table has none."""
    lengths = [9, 4, 40, 8, 9, 11, 11]
    view = long_view(6, lengths)
    for width, height in BOXES:
        geo = geometry.view_table(view, width, height, 0, None, None, True, "T2")
        lab = [lab for lab in geo["labels"] if lab["id"] == "T2"][0]
        foot = lab["foot"]
        assert lab["open"] and foot is not None, (width, height)
        assert foot["w"] >= 24 and foot["h"] >= 24
        band = lab["band"]
        assert band["x"] <= foot["x"] and foot["y"] >= lab["chip"]["y"] + height - 60
        assert foot["x"] + foot["w"] <= lab["chip"]["x"], "not in the label column"
        for tile in geo["tiles"]:
            assert not overlaps(foot, tile), (foot, tile)
        for other in geo["labels"]:
            name = {"x": other["x"], "y": other["y"], "w": other["w"], "h": other["h"]}
            assert not overlaps(foot, name)
            for rect in (other["marker_box"], other["chip"]):
                if rect is not None:
                    assert not overlaps(foot, rect)
        end = [e for e in geo["ends"] if e["id"] == "T2"][0]
        for e in geo["ends"]:
            assert not overlaps(foot, e["hit"]), (foot, e["hit"])
        top = min(foot["y"], end["hit"]["y"])
        bottom = max(foot["y"] + foot["h"], end["hit"]["y"] + end["hit"]["h"])
        assert bottom - top <= height, "the foot chip and the open end are not in view together"
        # The reason for it: the first chip and the open end's target are further apart
        # than the table is tall, so no scroll shows them together.
        assert end["hit"]["y"] + end["hit"]["h"] - lab["chip"]["y"] > height
        check_chips(geo)
        # A short train opened: its band fits the table, no second chip.
        short = geometry.view_table(view, width, height, 0, None, None, True, "T6")
        for lab in short["labels"]:
            if lab["id"] == "T6" and lab["open"]:
                assert lab["foot"] is None
            assert lab.get("foot") is None or lab["id"] == "T6"


# The table's box at 1920x1080 and 1366x768 (Mexican Train, the human's first turn), and the
# phones' (W-98): a big table's tiles grow, a phone's keep MAX_UNIT (W-132).
BIG = [(1590.0, 820.0), (1030.0, 510.0)]
PHONES = BOXES + [(377.0, 700.0)]


def first_turn(players):
    """A Mexican Train view at the first turn: every train empty, the labels' forms measured
    as Chromium does at 12 px ("Computer 2" 68 px, "Comp. 2" 47, "C2" 17)."""
    view = long_view(players, [0] * (players + 1))
    need = {"T0": [24.0], "MX": [46.0]}
    for seat in range(1, players):
        need[f"T{seat}"] = [68.0, 47.0, 17.0]
    return view, need


def test_a_big_table_lays_large_tiles_and_labels():
    """On a table 600 px wide or more the first turn's tiles grow past MAX_UNIT (88 px) up to
    TRAIN_MAX_UNIT (120 px) where the height holds them, in the columns MAX_UNIT chooses (a
    bigger tile never trades one column for two), the hub with them, and the labels' font
    with the unit up to 20 px, the label column wide enough for it; a phone's table is laid
    out as before (at most MAX_UNIT, 12 px labels)."""
    for players in (4, 5, 6, 8):
        view, need = first_turn(players)
        for width, height in BIG:
            geo = geometry.view_table(view, width, height, 0, None, need, True)
            capped = geometry.table(
                view["layout"],
                width,
                height,
                {"ends": view["ends"], "label_need": need, "viewer": 0, "max_unit": MAX_UNIT},
            )
            what = (players, width, height)
            assert geo["fits"] and geo["columns"] == capped["columns"], what
            assert geo["unit"] >= capped["unit"] and geo["unit"] <= TRAIN_MAX_UNIT, what
            assert hub_of(geo)["w"] == 2 * geo["unit"] == 2 * hub_of(geo)["h"]
            # As large as the height holds: a step more would not fit.
            if geo["unit"] < TRAIN_MAX_UNIT:
                bigger = geo["unit"] + 2
                more = geometry.table(
                    view["layout"],
                    width,
                    height,
                    {
                        "ends": view["ends"],
                        "label_need": need,
                        "viewer": 0,
                        "columns": geo["columns"],
                        "min_unit": bigger,
                        "max_unit": bigger,
                    },
                )
                assert not more["fits"], what
            assert geo["label_px"] == min(20, max(12, int(0.4 * geo["unit"]))), what
            # Each computer's label fits whole at that size in its room.
            level = geo["label_level"]
            for lab in geo["labels"]:
                forms = need[lab["id"]]
                text = forms[min(level, len(forms) - 1)] * geo["label_px"] / 12 * 11 / 12
                assert text <= lab["w"] - 4 + 0.01, (what, lab["id"], text, lab["w"])
        for width, height in PHONES:
            geo = geometry.view_table(view, width, height, 0, None, need, True)
            assert geo["unit"] <= MAX_UNIT and geo["label_px"] == 12, (players, width)
    # 1920x1080: 116-120 px tiles for four to eight players (88 px before).
    for players in (4, 6, 8):
        geo = geometry.view_table(
            *first_turn(players)[:1], *BIG[0], 0, None, first_turn(players)[1], True
        )
        assert 2 * geo["unit"] >= 116, (players, geo["unit"])


def round_views(players, seed):
    """Every view of seat 0 at its turn through one seeded round of Mexican Train, each
    player building its own train first (as players do), the others' moves at random."""
    import random

    from domino import Match, view

    rng = random.Random(seed)
    match = Match.new("mexican_train", {"players": players}, seed)
    while not match.hand_over:
        legal = match.legal()
        if match.to_move == 0:
            yield view(match.hand, 0).to_json()
        own = [m for m in legal if m.tile is not None and m.end == f"T{match.to_move}"]
        match.play(rng.choice(own or legal))


def test_a_big_desktop_table_lays_the_bands_in_two_columns_through_a_round():
    """W-140: on 1920x1080's table (1590-1638 x 814 px) the bands of three players or more lie
    in two columns from the first turn to the last, never moving between columns, each line
    five tiles of 120 px, the tiles at least 100 px long through seeded rounds of four and
    eight players (in one column they shrank to 88 px as the bands stacked, the felt right
    of their 13-tile lines empty until late in the round). A narrower table (1366x768's,
    a tablet's, a phone's) or two players' three trains choose among one to three columns
    as before."""
    labels = {f"T{seat}": [68.0, 47.0, 17.0] for seat in range(1, 9)}
    labels.update({"T0": [24.0], "MX": [46.0]})
    for width, height in ((1590.0, 814.0), (1638.0, 814.0)):
        for players in (4, 8):
            for seed in (4, 5):
                widest = 0.0
                for v in round_views(players, seed):
                    geo = geometry.view_table(v, width, height, 0, None, labels, True)
                    what = (width, players, seed)
                    assert geo["columns"] == 2 and geo["fits"], what
                    assert 2 * geo["unit"] >= 100.0, (what, geo["unit"])
                    widest = max(widest, max(t["x"] + t["w"] for t in geo["tiles"]) / width)
                # The second column's trains reach past the table's middle.
                assert widest > 0.8, (what, widest)
    assert train_bands.least_columns(1590.0, 4) == 2
    assert train_bands.least_columns(1590.0, 3) == 1  # two players
    for width in (1084.0, 1036.0, 740.0, 377.0, 532.0):
        assert train_bands.least_columns(width, 9) == 1, width


def test_a_laptop_table_lays_five_players_or_more_in_two_columns_from_the_first_turn():
    """W-151: on 1366x768's table (1036-1084 x 513 px) five and six players' six and seven
    bands lay in one column of 88-104 px tiles at the first turns, lines of nine tiles the
    trains filled only late, the felt right of them empty, then moved to two columns
    mid-round (every band jumping to a new place). Where one column cannot hold 120 px
    tiles at the first turn, the bands lie in two columns from it: 120 px tiles at the
    first turn, two columns or more at every turn of seeded rounds. Four players'
    five bands hold 120 px in one column and keep it at the first turn (W-140: in two, a
    line would hold two tiles and the slot); a tablet's narrower table chooses as before."""
    labels = {f"T{seat}": [68.0, 47.0, 17.0] for seat in range(1, 9)}
    labels.update({"T0": [24.0], "MX": [46.0]})
    for width in (1084.0, 1036.0):
        for players in (5, 6):
            for seed in (4, 5):
                for turn, v in enumerate(round_views(players, seed)):
                    geo = geometry.view_table(v, width, 513.0, 0, None, labels, True)
                    what = (width, players, seed, turn)
                    # Two, or three where `_size_and_columns` finds that better (as before).
                    assert geo["columns"] >= 2 and geo["fits"], what
                    if turn == 0:
                        assert 2 * geo["unit"] == 2 * TRAIN_MAX_UNIT, (what, geo["unit"])
        first = next(round_views(4, 4))
        four = geometry.view_table(first, width, 513.0, 0, None, labels, True)
        assert four["columns"] == 1 and 2 * four["unit"] == 2 * TRAIN_MAX_UNIT
        assert train_bands.least_columns(width, 5, 513.0) == 1
        assert train_bands.least_columns(width, 6, 513.0) == 2
    # A tablet's (768x1024) and a short desktop's table, or no height: as before.
    assert train_bands.least_columns(740.0, 7, 600.0) == 1
    assert train_bands.least_columns(1084.0, 7) == 1
    assert train_bands.least_columns(1084.0, 3, 300.0) == 1
