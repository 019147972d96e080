"""Dense spinner layouts (Doubles: every double is a spinner) drawn on the canvas, at phone and
desktop sizes; the tiles never overlap (tests/web/test_geometry.py checks the geometry)."""

import random

import pytest
from conftest import import_record, settle, wait_engine

from domino import Match

SIZES = {"phone": (390, 844), "desktop": (1366, 768)}


def unfinished_record(variant, players, seed):
    """A record of one hand played with random legal moves, without its last move."""
    rng = random.Random(seed)
    match = Match.new(variant, {"players": players}, seed)
    while not match.hand_over:
        match.play(rng.choice(match.legal()))
    record = match.to_record()
    record["hands"][-1]["moves"] = record["hands"][-1]["moves"][:-1]
    return record


@pytest.mark.parametrize("seed", [16, 584])
def test_spinner_table_screenshots(page, site, guard, tmp_path, artifacts, seed):
    record = unfinished_record("doubles", 2, seed)
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        page.goto(site)
        wait_engine(page)
        import_record(page, tmp_path / "record.json", record)
        page.wait_for_selector("#game:not([hidden])", timeout=30_000)
        settle(page)
        label = page.locator("#table").get_attribute("aria-label")
        assert int(label.rsplit(" ", 1)[1]) > 5, label
        page.locator(".table-wrap").screenshot(path=str(artifacts / f"{size}-table-doubles-{seed}.png"))
