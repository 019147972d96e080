"""A selected tile's far-apart targets zoom the table out (web/page/geometry.py's
`view_table(..., targets)`, DECISIONS W-70): on a phone's short Mexican Train table a tile that
fits your train (at the top) and a train far below had only one end scrolled into view.

RULES.md: none (screen layout only)
"""

import geometry


def trains_view(players, long_train):
    """A Mexican Train view: `players` trains with `long_train` tiles each (so the table is
    much taller than a phone's), every train open on 5 (the tiles' values need not chain)."""
    trains = []
    ends = []
    for seat in range(players):
        tiles = [[12, 5]] + [[5, 5]] * (long_train - 1)
        trains.append({"id": f"T{seat}", "owner": seat, "marker": seat > 0, "tiles": tiles})
        ends.append([f"T{seat}", 5])
    trains.append({"id": "MX", "owner": None, "marker": False, "tiles": []})
    ends.append(["MX", 12])
    return {"layout": {"kind": "trains", "engine": 12, "trains": trains}, "ends": ends}


def test_far_apart_targets_zoom_the_table_only_as_far_as_they_need():
    """W-100: the table zooms out a step at a time until the two targets are no further
    apart than its box is tall (the page pans to them), the largest such step, its tiles
    never under 40 px; the rest of the table may still scroll."""
    view = trains_view(6, 6)
    width, height = 307.0, 380.0
    plain = geometry.view_table(view, width, height, 0)
    assert not plain["fits"] and not plain.get("zoomed")
    targets = ["T0", "T5"]
    assert geometry.targets_span(plain, targets) > height
    zoomed = geometry.view_table(view, width, height, 0, targets)
    assert zoomed["zoomed"] and not zoomed.get("apart")
    assert geometry.FIT_MIN_UNIT <= zoomed["unit"] < plain["unit"]
    assert geometry.targets_span(zoomed, targets) <= height
    # One step larger and they would not fit together: no further out than needed.
    larger = geometry.table(view["layout"], width, height,
                            {"ends": view["ends"], "viewer": 0,
                             "min_unit": zoomed["unit"] + 2, "max_unit": zoomed["unit"] + 2})
    assert geometry.targets_span(larger, targets) > height
    assert not zoomed["fits"]  # the table still scrolls; only the targets are framed


def test_targets_too_far_apart_for_40_px_tiles_stop_the_zoom_there():
    """W-100 (W-70 zoomed down to 12 px, 24 px tiles): targets further apart than the box is
    tall even at FIT_MIN_UNIT keep 40 px tiles and are marked `apart` (the page shows the
    first; the end choice's buttons reach each)."""
    view = trains_view(6, 6)
    width, height = 307.0, 254.0
    targets = ["T0", "T5"]
    zoomed = geometry.view_table(view, width, height, 0, targets)
    assert zoomed["zoomed"] and zoomed["apart"]
    assert zoomed["unit"] == geometry.FIT_MIN_UNIT == 20.0
    assert geometry.targets_span(zoomed, targets) > height
    # A line of 28 tiles on a 120 px table, already at its readable 16 px (it snakes, the
    # table grows taller): not zoomed at all (W-70 took it to 12), its ends marked apart.
    line = {"layout": {"kind": "line", "tiles": [[i % 7, (i + 1) % 7] for i in range(28)]},
            "ends": [["L", 0], ["R", 0]]}
    plain = geometry.view_table(line, 307.0, 120.0, 0)
    assert plain["unit"] == geometry.LINE_MIN_UNIT and not plain["fits"]
    assert geometry.targets_span(plain, ["L", "R"]) > 120.0
    geo = geometry.view_table(line, 307.0, 120.0, 0, ["L", "R"])
    assert geo["unit"] == plain["unit"] and not geo.get("zoomed") and geo["apart"]


def test_near_targets_or_one_target_keep_the_readable_size():
    view = trains_view(6, 6)
    plain = geometry.view_table(view, 307.0, 254.0, 0)
    for targets in (["T0"], ["T0", "MX"], [], None):
        geo = geometry.view_table(view, 307.0, 254.0, 0, targets)
        assert not geo.get("zoomed") and geo["unit"] == plain["unit"], targets
    roomy = geometry.view_table(view, 1366.0, 2000.0, 0, ["T0", "T5"])
    assert roomy["fits"] and not roomy.get("zoomed")
