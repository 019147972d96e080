"""A layout kind is a value with behaviour (issue 23): ``Ruleset.layout_kind`` says what the
engine asks of a kind (one line, Mexican Train's trains, the engine double, the tiles in
play), and ``layout.layout_class`` builds each kind's table, while the layout JSON keeps the
kind's name as its wire string.

RULES.md: 1.1, 1.3, 3.4
"""

import random

import pytest

from domino.hand.layout import LineLayout, TrainLayout, TreeLayout, layout_class
from domino.hand.state import MatchContext, engine_for_round, new_hand
from domino.rules.ruleset import LAYOUT_KINDS, VARIANTS, get_ruleset

CLASSES = {"line": LineLayout, "tree": TreeLayout, "trains": TrainLayout}


@pytest.mark.parametrize("variant", VARIANTS)
def test_each_variant_names_a_kind_whose_class_builds_its_table(variant):
    rs = get_ruleset(variant, {})
    kind = rs.layout_kind
    assert kind is LAYOUT_KINDS[rs.layout] and kind.name == rs.layout
    assert kind.line == (rs.layout == "line") and kind.trains == (rs.layout == "trains")
    empty = layout_class(rs).new(rs, rs.players, kind.engine(rs.max_pip, rs.rounds, 1))
    assert type(empty) is CLASSES[kind.name] and empty.kind == kind.name  # the wire string
    s = new_hand(rs, MatchContext(), random.Random(3))
    assert type(s.layout) is CLASSES[kind.name]
    data = s.layout.to_json()
    assert data["kind"] == kind.name
    assert layout_class(rs).from_view(rs, rs.players, data).to_json() == data


def test_only_trains_set_an_engine_aside():
    mexican = get_ruleset("mexican_train", {})
    assert [mexican.layout_kind.engine(12, 13, k) for k in (1, 2, 13, 14)] == [12, 11, 0, 12]
    assert engine_for_round(mexican, 2) == 11
    for name in ("line", "tree"):
        assert LAYOUT_KINDS[name].engine(12, 13, 1) is None
    block = get_ruleset("block", {})
    with pytest.raises(ValueError, match="no engine double"):
        engine_for_round(block, 1)
    # A double-six set holds 28 tiles; Mexican Train's double-twelve deals 91 less its engine.
    assert LAYOUT_KINDS["line"].tiles_in_play(6) == 28
    assert LAYOUT_KINDS["trains"].tiles_in_play(12) == 90
    s = new_hand(mexican, MatchContext(hand_number=2), random.Random(1))
    dealt = [t for h in s.hands for t in h] + s.boneyard
    assert (11, 11) not in dealt and len(dealt) == 90
