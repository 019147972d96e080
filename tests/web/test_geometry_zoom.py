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


def test_far_apart_targets_zoom_the_table_until_both_are_in_its_box():
    view = trains_view(6, 6)
    width, height = 307.0, 254.0
    plain = geometry.view_table(view, width, height, 0)
    assert not plain["fits"] and not plain.get("zoomed")
    targets = ["T0", "T5"]
    assert geometry.targets_span(plain, targets) > height
    zoomed = geometry.view_table(view, width, height, 0, targets)
    assert zoomed["zoomed"] and zoomed["unit"] < plain["unit"]
    assert zoomed["unit"] >= geometry.FIT_MIN_UNIT
    assert geometry.targets_span(zoomed, targets) <= height
    for end in zoomed["ends"]:
        if end["id"] in targets:
            assert 0 <= end["hit"]["y"] and end["hit"]["y"] + end["hit"]["h"] <= height


def test_near_targets_or_one_target_keep_the_readable_size():
    view = trains_view(6, 6)
    plain = geometry.view_table(view, 307.0, 254.0, 0)
    for targets in (["T0"], ["T0", "MX"], [], None):
        geo = geometry.view_table(view, 307.0, 254.0, 0, targets)
        assert not geo.get("zoomed") and geo["unit"] == plain["unit"], targets
    roomy = geometry.view_table(view, 1366.0, 2000.0, 0, ["T0", "T5"])
    assert roomy["fits"] and not roomy.get("zoomed")
