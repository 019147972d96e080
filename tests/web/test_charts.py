"""The statistics screen's charts (web/page/charts.py): SVG text with one mark per match or
level, a title in words, and values placed on a scale that holds zero.

RULES.md: none (the page)
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import charts

NS = "{http://www.w3.org/2000/svg}"


def _svg(text):
    return ET.fromstring(text)


def test_the_results_chart_has_one_bar_per_match_coloured_by_its_outcome():
    svg = _svg(charts.results_chart([30, -10, 0, 55], [True, False, False, True],
                                    "Your total: 2 of 4 won", str))
    assert svg.get("role") == "img"
    assert svg.find(NS + "title").text == "Your total: 2 of 4 won"
    bars = svg.findall(NS + "rect")
    assert [b.get("class") for b in bars] == ["won", "lost", "lost", "won"]
    heights = [float(b.get("height")) for b in bars]
    assert heights[3] > heights[0] > heights[1] > 0  # 55 > 30 > |-10|; an empty one is 1 px
    ys = [float(b.get("y")) for b in bars]
    zero = [float(line.get("y1")) for line in svg.findall(NS + "line")
            if "zero" in line.get("class")][0]
    assert ys[1] == zero and abs(ys[0] + heights[0] - zero) < 0.2  # a loss hangs below zero
    labels = [t.text for t in svg.findall(NS + "text")]
    assert labels[:3] == ["55", "0", "-10"] and labels[-2:] == ["1", "4"]
    values = [t.text for t in svg.findall(NS + "text") if t.get("class") == "value"]
    assert values == ["30", "-10", "0", "55"]  # few bars: each says its value
    many = _svg(charts.results_chart(list(range(11)), [True] * 11, "t", str))
    assert not [t for t in many.findall(NS + "text") if t.get("class") == "value"]


def test_the_balance_chart_runs_the_sum_across_the_matches():
    svg = _svg(charts.results_chart([100, -300, 50], [True, False, True], "t",
                                    lambda v: f"{v:+}", running=True))
    dots = svg.findall(NS + "circle")
    assert [d.get("class") for d in dots] == ["won", "lost", "won"]
    cys = [float(d.get("cy")) for d in dots]  # running: 100, -200, -150
    assert cys[0] < cys[2] < cys[1]
    assert len(svg.findall(NS + "polyline")) == 1
    assert [t.text for t in svg.findall(NS + "text")][:3] == ["+100", "+0", "-200"]
    assert [t.text for t in svg.findall(NS + "text") if t.get("class") == "value"] == ["-150"]


def test_one_match_or_none_still_draws():
    for values in ([], [0], [7]):
        svg = _svg(charts.results_chart(values, [True] * len(values), "t", str))
        assert len(svg.findall(NS + "rect")) == len(values)
        svg = _svg(charts.results_chart(values, [False] * len(values), "t", str,
                                        running=True))
        assert len(svg.findall(NS + "circle")) == len(values)


def test_the_level_chart_says_the_share_won_of_each_level():
    svg = _svg(charts.winrate_chart([("easy", 3, 4), ("hard", 0, 2), ("mixed & <people>", 1, 3)],
                                    "Won by level"))
    texts = [t.text for t in svg.findall(NS + "text")]
    assert texts == ["easy", "3/4 · 75%", "hard", "0/2 · 0%", "mixed & <people>", "1/3 · 33%"]
    won = [float(r.get("width")) for r in svg.findall(NS + "rect") if r.get("class") == "won"]
    track = float([r for r in svg.findall(NS + "rect") if r.get("class") == "track"][0]
                  .get("width"))
    assert won[1] == 0 and abs(won[0] - 0.75 * track) < 0.1
    assert re.search(r'viewBox="0 0 320 \d+"', charts.winrate_chart([], "none"))


def test_long_labels_keep_room_on_the_left():
    """Russian and Vietnamese amounts ("+1 395") and level names ("разные уровни") are not
    cut at the chart's left edge."""
    svg = _svg(charts.results_chart([1395, -20500], [False, True], "t",
                                    lambda v: f"{v:+,}".replace(",", " "), running=True))
    for text in svg.findall(NS + "text"):
        if text.get("text-anchor") == "end":
            assert float(text.get("x")) - charts.CHAR * len(text.text) >= 0, text.text
    svg = _svg(charts.winrate_chart([("разные уровни", 0, 1), ("dễ", 1, 1)], "t"))
    for text in svg.findall(NS + "text"):
        if text.get("text-anchor") == "end":
            assert float(text.get("x")) - charts.CHAR * len(text.text) >= 0, text.text
