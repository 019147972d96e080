"""Rule variants as data: one frozen ``Ruleset`` per variant, and a registry of them.

Each variant of RULES.md is a ``Ruleset`` value. Its fields pick small pure functions (lead
rule, settlement, pip rule) by name; there is no class per variant and no test of the variant
id in the rules code. Options are ``OptionSpec`` entries that say which field they set, so a
house rule is ``dataclasses.replace`` of a built-in ruleset.

A field that names a behaviour (the first lead, the later lead, the settlement, the match's
standing, the layout, ...) takes one of the names of its table here (``FIRST_LEADS``,
``LATER_LEADS``, ``SETTLEMENT_KINDS``, ``STANDINGS``, ``NAMED_FIELDS``), and the code asks the
table entry's properties, never the name: a misspelt name is refused when the registry is
built (``check_names``), not silently treated as some other rule.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any, Literal, get_args

from ..errors import OptionError, UnknownVariantError
from ..tiles import Tile

# The rules' vocabulary (domino.rules.kinds), re-exported: ruleset was its home before.
from .kinds import (
    DRAW_ONE as DRAW_ONE,
    DRAW_UNTIL as DRAW_UNTIL,
    FIRST_LEADS as FIRST_LEADS,
    LATER_LEADS as LATER_LEADS,
    LAYOUT_KINDS as LAYOUT_KINDS,
    NONE as NONE,
    SETTLEMENT_KINDS as SETTLEMENT_KINDS,
    STANDINGS as STANDINGS,
    WORDS as WORDS,
    DrawPolicy as DrawPolicy,
    FirstLead as FirstLead,
    FirstLeadName as FirstLeadName,
    LaterLead as LaterLead,
    LaterLeadName as LaterLeadName,
    LayoutKind as LayoutKind,
    LayoutName as LayoutName,
    ResultKind as ResultKind,
    SettlementKind as SettlementKind,
    SettlementName as SettlementName,
    SpinnerRule as SpinnerRule,
    Standing as Standing,
    StandingName as StandingName,
    Words as Words,
)
from .schema import describe


@dataclass(frozen=True)
class OptionSpec:
    """One option of a variant, as RULES.md names it.

    ``sets`` is the Ruleset field it sets; ``values`` maps an option value to the field value
    where they differ (for example ``reserve=classic`` to a reserve per player count).
    ``also`` maps an option value to further fields that value brings with it, where one rule
    of RULES.md changes several (kozel's ``partnership``: 7 tiles each and no market).
    """

    name: str
    kind: Literal["bool", "int", "choice"]
    default: Any
    description: str
    choices: tuple[Any, ...] = ()
    min: int | None = None
    max: int | None = None
    sets: str = ""
    values: dict[Any, Any] = field(default_factory=dict)
    players: tuple[int, ...] = ()  # player counts where the option applies (empty: all)
    step: int = 1  # an int option's values are multiples of this
    also: dict[Any, dict[str, Any]] = field(default_factory=dict)  # value -> further fields

    def to_json(self) -> dict[str, Any]:
        """The option as the ``variants`` CLI command and the web setup form see it."""
        out: dict[str, Any] = {
            "name": self.name,
            "type": self.kind,
            "default": self.default,
            "description": self.description,
        }
        if self.kind == "choice":
            out["choices"] = list(self.choices)
        if self.kind == "int":
            out["min"], out["max"] = self.min, self.max
            if self.step != 1:
                out["step"] = self.step
        if self.players:
            out["players"] = list(self.players)
        return out


@dataclass(frozen=True)
class Ruleset:
    """Everything that distinguishes one variant (with its options) from another."""

    id: str
    name: str
    summary: str
    min_players: int
    max_players: int
    default_players: int
    max_pip: int = 6
    hand_sizes: dict[int, int] = field(default_factory=dict)  # players -> tiles each
    hand_size: int | None = None  # option override
    draw_policy: DrawPolicy = NONE
    reserve: dict[int, int] = field(default_factory=dict)  # players -> tiles never drawn
    voluntary_draw: bool = False
    drawn_tile_optional: bool = False
    layout: LayoutName = "line"
    spinners: SpinnerRule = "none"
    cross_after_line: bool = False
    unlock_mode: Literal["number", "spinner_only"] | None = None  # doubles
    blank_wild: bool = False
    pair_of_doubles: bool = False
    zero_double_value: int = 0
    zero_double_sole_only: bool = False
    first_lead: FirstLeadName = "highest_double_or_tile"  # a FIRST_LEADS entry
    later_lead: LaterLeadName = "winner_any"  # a LATER_LEADS entry
    redeal_without_double: bool = False
    settlement: SettlementName = "points"  # a SETTLEMENT_KINDS entry (settle.SETTLEMENTS)
    standing: StandingName = "points"  # a STANDINGS entry: what the match keeps, how it ends
    record_opens_at: int = 0  # kozel: a closed record opens with a hand of this many points
    scoring_mode: Literal["", "bet_multiplier", "points"] = ""  # vn_traditional
    words: Words = "western"  # a WORDS entry: the table's words (presentation only)
    end_count_scoring: bool = False  # all_fives: score the ends after every placement
    partnership: bool = False
    partnership_allowed: bool = False
    target: int | None = None
    money: bool = False
    stake: int = 1
    table: Literal["", "casual", "high_roller", "vip"] = ""
    tax_permille: int = 0  # vn_iwin tax, in tenths of a percent
    blocker_mode: Literal["", "round_horizon", "last_placer"] = ""  # vn_schoolnet
    tie_rule: Literal["none", "lightest_tile"] = "none"
    blocked_minus_own: bool = True
    fish_lowest_exempt: bool = False
    rounds: int = 0  # mexican_train
    allow_double_chain: bool = False
    first_turn_multi: bool = False
    first_player: Literal["seat0", "random"] = "seat0"
    max_hands: int = 0
    leave_allowed: bool = False
    pass_penalty: bool = False  # vn_iwin: a pass pays half a stake to the last placer
    rank_chain: bool = False  # Vietnamese variants: ties broken by the ranking chain (1.9)
    players: int = 0  # the player count this ruleset was built for (0: not yet chosen)
    options: tuple[tuple[str, Any], ...] = ()  # the (name, value) pairs chosen, for records
    option_specs: tuple[OptionSpec, ...] = ()

    # --- derived values -------------------------------------------------------------

    @property
    def first_lead_rule(self) -> FirstLead:
        """The ``FIRST_LEADS`` entry of ``first_lead``."""
        return FIRST_LEADS[self.first_lead]

    @property
    def later_lead_rule(self) -> LaterLead:
        """The ``LATER_LEADS`` entry of ``later_lead``."""
        return LATER_LEADS[self.later_lead]

    @property
    def settlement_kind(self) -> SettlementKind:
        """The ``SETTLEMENT_KINDS`` entry of ``settlement``."""
        return SETTLEMENT_KINDS[self.settlement]

    @property
    def standing_rule(self) -> Standing:
        """The ``STANDINGS`` entry of ``standing``."""
        return STANDINGS[self.standing]

    @cached_property
    def layout_kind(self) -> LayoutKind:
        """The ``LAYOUT_KINDS`` entry of ``layout`` (kept once read: a move asks for it)."""
        return LAYOUT_KINDS[self.layout]

    def tiles_each(self, n: int) -> int:
        """Hand size for ``n`` players."""
        return self.hand_size if self.hand_size else self.hand_sizes[n]

    def reserve_for(self, n: int) -> int:
        """Tiles that can never be drawn from the boneyard with ``n`` players."""
        return self.reserve.get(n, 0)

    def pip(self, tile: Tile) -> int:
        """Value of one tile under this variant (0-0 may count 13, 25 or 50)."""
        if tile == (0, 0):
            return self.zero_double_value
        return tile[0] + tile[1]

    def pips(self, tiles: list[Tile] | tuple[Tile, ...]) -> int:
        """Value of a hand; kozel's ``only_if_sole_tile`` counts 0-0 only when it is alone."""
        total = 0
        for a, b in tiles:  # a plain loop: twice as fast as sum(map(sum, tiles)) here
            total += a + b
        bonus = self.zero_double_value  # what 0-0 adds to its face (0), if held
        if bonus and (0, 0) in tiles and (not self.zero_double_sole_only or len(tiles) == 1):
            total += bonus
        return total

    def tile_rank(self, tile: Tile) -> tuple[int, int, int, int]:
        """Sort key of RULES.md 1.8: pip value, double, high half, low half (larger = higher)."""
        return (self.pip(tile), 1 if tile[0] == tile[1] else 0, tile[0], tile[1])

    def teams(self, n: int) -> list[list[int]] | None:
        """Partners sit opposite: {P0, P2} and {P1, P3}; None when there are no partnerships."""
        if self.partnership and n == 4:
            return [[0, 2], [1, 3]]
        return None

    def option_values(self) -> dict[str, Any]:
        """The chosen options (with defaults filled in), as a record stores them."""
        return dict(self.options)


def _opt(name: str, kind: Literal["bool", "int", "choice"], default: Any, description: str,
         **kw: Any) -> OptionSpec:
    return OptionSpec(name, kind, default, description, sets=kw.pop("field", name), **kw)


STAKE = _opt("stake", "int", 1000, "Table stake B in the smallest money unit.", min=1, max=10**9)
# vn_iwin pays in half stakes (0.5B a pass, a double left in hand, a 4-player rank), so B is
# even: with an odd B those amounts are not whole money units (docs/DECISIONS.md E-22).
IWIN_STAKE = _opt("stake", "int", 1000, "Table stake B in the smallest money unit (even: "
                  "passes and doubles cost half a stake).", min=2, max=10**9, step=2)
MAX_HANDS = _opt("max_hands", "int", 0, "Stop the match after this many hands (0: no limit).",
                 min=0, max=10000)
PARTNERSHIP = _opt("partnership", "bool", False,
                   "Partners sit opposite ({P0,P2} vs {P1,P3}); 4 players only.", players=(4,))
# Kozel in pairs (RULES.md 2.5): all 28 tiles dealt, 7 each, so there is no market and a
# stuck player knocks; one record per team (settle.settle_kozel puts it on both partners).
KOZEL_PARTNERSHIP = _opt(
    "partnership", "bool", False,
    "Two against two: partners sit opposite ({P0,P2} vs {P1,P3}), 7 tiles each, no market, "
    "one record per team; 4 players only.", players=(4,),
    also={True: {"hand_sizes": {2: 7, 3: 5, 4: 7}, "draw_policy": NONE}})


def _target(default: int, choices: tuple[int, ...]) -> OptionSpec:
    return _opt("target", "choice", default, "Points needed to win the match.", choices=choices)


def _hand_size_opt(lo: int, hi: int) -> OptionSpec:
    return _opt("hand_size", "int", 0, "Tiles dealt to each player (0: the variant's default).",
                min=0, max=hi)


_LINE_TIES = "ranking chain: lower pips, then fewer tiles, then lower top tile"

VN_TRADITIONAL = Ruleset(
    id="vn_traditional", name="Vietnamese traditional",
    summary="7 tiles each; 6-6 (else the highest double) opens; draw one if stuck; 0-0 counts 13; "
            "money by rank after a domino, 4B per loser after a block.",
    min_players=2, max_players=4, default_players=4,
    hand_sizes={2: 7, 3: 7, 4: 7}, draw_policy=DRAW_ONE, zero_double_value=13,
    first_lead="highest_double_or_tile", later_lead="winner_any",
    settlement="vn_traditional", standing="money", scoring_mode="bet_multiplier", money=True,
    stake=1000,
    rank_chain=True,
    partnership_allowed=True, words="vietnamese",
    option_specs=(
        PARTNERSHIP,
        _opt("blank_wild", "bool", False, "A blank half matches any number, both ways."),
        _opt("scoring_mode", "choice", "bet_multiplier",
             "Money by rank (bet_multiplier) or points to 100 (points).",
             choices=("bet_multiplier", "points")),
        _opt("drawn_tile_optional", "bool", False,
             "A drawn playable tile may be kept (the player then passes)."),
        STAKE, MAX_HANDS,
    ),
)

VN_SCHOOLNET = Ruleset(
    id="vn_schoolnet", name="Vietnamese School@net",
    summary="7 tiles each; draw until playable; the previous winner leads any tile; losers pay "
            "their pips; a deliberate blocker wins double or pays for everyone.",
    min_players=2, max_players=4, default_players=4,
    hand_sizes={2: 7, 3: 7, 4: 7}, draw_policy=DRAW_UNTIL,
    first_lead="random_any", later_lead="winner_any", settlement="schoolnet", standing="money",
    money=True,
    rank_chain=True,
    stake=1, blocker_mode="round_horizon", words="vietnamese",
    option_specs=(
        _opt("blocker_mode", "choice", "round_horizon",
             "How the deliberate blocker is found.", choices=("round_horizon", "last_placer")),
        _opt("stake", "int", 1, "Money per point.", min=1, max=10**9),
        _opt("target", "int", 0, "End the match when a player's total reaches this many "
             "points (0: no target).", min=0, max=10**6),
        MAX_HANDS,
    ),
)

VN_IWIN = Ruleset(
    id="vn_iwin", name="Vietnamese iWin",
    summary="7 tiles each; draw until playable; money by rank, a blocker who ranks first wins 2B "
            "from each; pass penalty, doubles left in hand and leaving cost money; house tax.",
    min_players=2, max_players=4, default_players=4,
    hand_sizes={2: 7, 3: 7, 4: 7}, draw_policy=DRAW_UNTIL,
    first_lead="highest_double_or_pips", later_lead="winner_any", settlement="iwin",
    standing="money", money=True, stake=1000, table="casual", tax_permille=30, leave_allowed=True,
    pass_penalty=True, rank_chain=True, words="vietnamese",
    option_specs=(
        IWIN_STAKE,
        _opt("table", "choice", "casual", "Table tier: the house tax on every credit.",
             choices=("casual", "high_roller", "vip"), field="table"),
        MAX_HANDS,
    ),
)

DOUBLES = Ruleset(
    id="doubles", name="Doubles",
    summary="Every double is a spinner; a number opens only once its double is down; draw one "
            "(the last 2 stay); first to 100 points.",
    min_players=2, max_players=4, default_players=2,
    hand_sizes={2: 8, 3: 6, 4: 6}, draw_policy=DRAW_ONE, reserve={2: 2, 3: 2, 4: 2},
    layout="tree", spinners="all", cross_after_line=False, unlock_mode="number",
    first_lead="highest_double_redeal", later_lead="same_as_first", redeal_without_double=True,
    settlement="points", blocked_minus_own=False, target=100,
    option_specs=(
        _opt("unlock_mode", "choice", "number",
             "number: a number opens once its double is down; spinner_only: non-doubles attach "
             "only to free sides of doubles.", choices=("number", "spinner_only")),
    ),
)

KOZEL = Ruleset(
    id="kozel", name="Kozel (Goat)",
    summary="7 tiles (2 players) or 5; the highest double leads; draw until playable; a pair of "
            "doubles in one move; penalty points open at 13; the goat reaches 101.",
    min_players=2, max_players=4, default_players=4,
    hand_sizes={2: 7, 3: 5, 4: 5}, draw_policy=DRAW_UNTIL, pair_of_doubles=True,
    zero_double_value=25, first_lead="highest_double_or_senior", later_lead="same_as_first",
    settlement="kozel", standing="record", record_opens_at=13, target=101, words="russian",
    partnership_allowed=True,
    option_specs=(
        _opt("zero_double_rule", "choice", "always", "0-0 is worth 25 always, or only as the "
             "player's last tile.", choices=("always", "only_if_sole_tile"),
             field="zero_double_sole_only",
             values={"always": False, "only_if_sole_tile": True}),
        _opt("later_hands_lead", "choice", "highest_double",
             "Who leads hands after the first.", choices=("highest_double",
                                                         "previous_winner_any_tile"),
             field="later_lead",
             values={"highest_double": "same_as_first", "previous_winner_any_tile": "winner_any"}),
        _opt("lead_double", "choice", "highest", "Which double opens a hand.",
             choices=("highest", "lowest_from_1_1"), field="first_lead",
             values={"highest": "highest_double_or_senior",
                     "lowest_from_1_1": "lowest_double_from_1_1"}),
        _opt("fish_lowest_exempt", "bool", False,
             "After a fish the player (or team) with the fewest points records nothing."),
        KOZEL_PARTNERSHIP,
    ),
)

BLOCK = Ruleset(
    id="block", name="Block",
    summary="7 tiles (2 players) or 5; no drawing; the winner scores the others' pips "
            "(less their own after a block); first to 100.",
    min_players=2, max_players=4, default_players=2,
    hand_sizes={2: 7, 3: 5, 4: 5}, draw_policy=NONE,
    first_lead="highest_double_or_tile", later_lead="winner_any_tie_rotates",
    settlement="points", target=100, partnership_allowed=True,
    option_specs=(
        PARTNERSHIP,
        _hand_size_opt(1, 14),
        _opt("tie_rule", "choice", "none", "A tie for the lowest hand after a block.",
             choices=("none", "lightest_tile")),
    ),
)

DRAW = replace(
    BLOCK, id="draw", name="Draw",
    summary="7 tiles (2 players) or 5; draw until playable; the winner scores the others' pips "
            "(less their own after a block); first to 100.",
    draw_policy=DRAW_UNTIL,
    option_specs=BLOCK.option_specs + (
        _opt("reserve", "choice", "0", "Tiles that stay in the boneyard: none, or classic "
             "(2 with 2 players, 1 with 3-4).", choices=("0", "classic"),
             values={"0": {}, "classic": {2: 2, 3: 1, 4: 1}}),
        _opt("voluntary_draw", "bool", False, "A player may draw even when able to play."),
    ),
)

ALL_FIVES = Ruleset(
    id="all_fives", name="All Fives",
    summary="The first double is a spinner; score the open ends whenever they total a multiple "
            "of 5; the domino scores the others' pips rounded to 5; first to 200.",
    min_players=2, max_players=4, default_players=2,
    hand_sizes={2: 9, 3: 7, 4: 5}, draw_policy=DRAW_UNTIL, layout="tree", spinners="first",
    cross_after_line=True, first_lead="random_any", later_lead="winner_any_else_lot",
    settlement="all_fives", end_count_scoring=True, target=200, blocked_minus_own=False,
    partnership_allowed=True,
    option_specs=(
        PARTNERSHIP,
        _opt("spinners", "choice", "first", "Which doubles are spinners: none (Muggins), the "
             "first (All Fives) or all (Five Up).", choices=("none", "first", "all")),
        _opt("deal", "choice", "9/7/5", "Tiles each: 9/7/5 (pagat) or 7/5 (apps).",
             choices=("9/7/5", "7/5"), field="hand_sizes",
             values={"9/7/5": {2: 9, 3: 7, 4: 5}, "7/5": {2: 7, 3: 5, 4: 5}}),
        _opt("blocked_minus_own", "bool", False,
             "After a block the winner scores the others' pips less their own."),
        _target(200, (61, 100, 150, 200, 250)),
    ),
)

MEXICAN_TRAIN = Ruleset(
    id="mexican_train", name="Mexican Train",
    summary="Double-twelve, 13 rounds from the 12-12 engine down; your own train, the Mexican "
            "train and marked trains; doubles must be satisfied; lowest total wins.",
    min_players=2, max_players=8, default_players=4, max_pip=12,
    hand_sizes={2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10}, draw_policy=DRAW_ONE,
    layout="trains", first_lead="train", later_lead="rotate", settlement="mexican",
    standing="cost", rounds=13,
    option_specs=(
        _opt("set", "choice", "double_twelve", "Tile set (double-nine: 2-4 players, 10 rounds).",
             choices=("double_twelve", "double_nine"), field="max_pip",
             values={"double_twelve": 12, "double_nine": 9}),
        _hand_size_opt(1, 20),
        _opt("double_blank_value", "choice", 0, "Value of 0-0 in a hand.", choices=(0, 50),
             field="zero_double_value"),
        _opt("allow_double_chain", "bool", False,
             "The extra play after a double may be another double on any legal train."),
        _opt("first_turn_multi", "bool", False,
             "On their first turn each player may lay several tiles on their own train."),
        _opt("first_player", "choice", "seat0", "Who plays first in round 1.",
             choices=("seat0", "random")),
    ),
)

TAX_PERMILLE = {"casual": 30, "high_roller": 28, "vip": 26}

# Hand sizes for the double-nine set of Mexican Train [D: RULES.md gives only double-twelve].
DOUBLE_NINE_HANDS = {2: 15, 3: 13, 4: 11}

# Every field that names a behaviour, with the names it may take.
NAMED_FIELDS: dict[str, tuple[str | None, ...]] = {
    "draw_policy": get_args(DrawPolicy),
    "layout": tuple(LAYOUT_KINDS),
    "spinners": get_args(SpinnerRule),
    "unlock_mode": ("number", "spinner_only", None),
    "first_lead": tuple(FIRST_LEADS),
    "later_lead": tuple(LATER_LEADS),
    "settlement": tuple(SETTLEMENT_KINDS),
    "standing": tuple(STANDINGS),
    "words": tuple(WORDS),
    "scoring_mode": ("", "bet_multiplier", "points"),
    "table": ("", *TAX_PERMILLE),
    "blocker_mode": ("", "round_horizon", "last_placer"),
    "tie_rule": ("none", "lightest_tile"),
    "first_player": ("seat0", "random"),
}


def check_names(rs: Ruleset) -> None:
    """Refuse a ruleset whose named fields hold a name their table does not know, or whose
    ``money`` disagrees with its standing (a typo would otherwise act as some other rule)."""
    for name, allowed in NAMED_FIELDS.items():
        value = getattr(rs, name)
        if value not in allowed:
            raise ValueError(f"ruleset {rs.id}: {name} {value!r} is not one of "
                             f"{', '.join(repr(a) for a in allowed)}")
    if rs.money != (rs.standing_rule.totals == "balances"):
        raise ValueError(f"ruleset {rs.id}: money={rs.money} disagrees with standing "
                         f"{rs.standing!r}")
    if rs.money and rs.settlement_kind.pays is None:
        raise ValueError(f"ruleset {rs.id}: the money settlement {rs.settlement!r} does not "
                         "say how it pays (SettlementKind.pays)")


def _check_registry(rulesets: tuple[Ruleset, ...]) -> None:
    """Check every built-in ruleset, and every value its options can set in a named field."""
    for table, literal in ((FIRST_LEADS, FirstLeadName), (LATER_LEADS, LaterLeadName),
                           (SETTLEMENT_KINDS, SettlementName), (STANDINGS, StandingName),
                           (WORDS, Words)):
        if set(table) != set(get_args(literal)):
            raise ValueError(f"the names of a rules table and its type differ: {sorted(table)}")
    for rs in rulesets:
        check_names(rs)
        for spec in rs.option_specs:
            for brought in spec.also.values():
                for name, value in brought.items():
                    if name not in rs.__dataclass_fields__:
                        raise ValueError(f"ruleset {rs.id}: option {spec.name} sets the "
                                         f"unknown field {name!r}")
                    if name in NAMED_FIELDS and value not in NAMED_FIELDS[name]:
                        raise ValueError(f"ruleset {rs.id}: option {spec.name} sets {name} "
                                         f"to the unknown {value!r}")
            if spec.sets not in NAMED_FIELDS or spec.kind != "choice":
                continue
            for choice in spec.choices:
                value = spec.values.get(choice, choice) if spec.values else choice
                if value not in NAMED_FIELDS[spec.sets]:
                    raise ValueError(f"ruleset {rs.id}: option {spec.name}={choice} sets "
                                     f"{spec.sets} to the unknown {value!r}")


REGISTRY: dict[str, Ruleset] = {
    r.id: r for r in (VN_TRADITIONAL, VN_SCHOOLNET, VN_IWIN, DOUBLES, KOZEL, BLOCK, DRAW,
                      ALL_FIVES, MEXICAN_TRAIN)
}

ALIASES = {
    "traditional": "vn_traditional", "schoolnet": "vn_schoolnet", "iwin": "vn_iwin",
    "goat": "kozel", "kozyol": "kozel", "fives": "all_fives", "muggins": "all_fives",
    "mexican": "mexican_train", "train": "mexican_train", "block_game": "block",
    "draw_game": "draw",
}

VARIANTS = tuple(REGISTRY)
_check_registry(tuple(REGISTRY.values()))


_WHOLE_TEXT = re.compile(r"[+-]?[0-9]{1,18}")
_TRUE_TEXT = ("true", "1", "yes", "on")
_FALSE_TEXT = ("false", "0", "no", "off")


def _check_value(spec: OptionSpec, value: Any, variant: str) -> Any:
    """Validate one option value against its spec, as JSON gives it (docs/DECISIONS.md E-31):
    a ``bool`` option takes ``true``/``false`` only, an ``int`` option a JSON integer (not
    ``true``, not ``2.0``, not ``"2"``), a ``choice`` one of its choices with its own type
    (``"0"`` for draw's reserve, ``50`` for double_blank_value). Text from a command line or a
    link is read into these types first, by ``options_from_text``."""
    where = f"option {spec.name!r} of {variant}"
    if spec.kind == "bool":
        if isinstance(value, bool):
            return value
        raise OptionError(f"{where} takes true or false, not {describe(value)}")
    if spec.kind == "int":
        if not isinstance(value, int) or isinstance(value, bool):
            raise OptionError(f"{where} takes a whole number, not {describe(value)}")
        if (spec.min is not None and value < spec.min) or (
                spec.max is not None and value > spec.max):
            raise OptionError(f"{where} must be between {spec.min} and {spec.max}, "
                              f"not {describe(value)}")
        if value % spec.step:
            raise OptionError(f"{where} must be a multiple of {spec.step}, not {value}")
        return value
    for choice in spec.choices:
        if value == choice and type(value) is type(choice):
            return choice
    allowed = ", ".join(str(c) for c in spec.choices)
    raise OptionError(f"{where} must be one of {allowed}, not {describe(value)}")


def _value_from_text(spec: OptionSpec, text: str) -> Any:
    """``text`` read as a value of ``spec``'s type: ``true``/``1``/``yes``/``on`` (and the
    opposites) for a bool, ASCII digits for an int (``int()`` alone would take full-width
    digits and refuse 4,300 digits with an error of its own), the choice it names for a
    choice (``"100"`` names the choice 100). Text that reads as none of them is returned as
    it is, for ``get_ruleset`` to refuse with the option's own message."""
    word = text.strip()
    if spec.kind == "bool":
        if word.lower() in _TRUE_TEXT:
            return True
        if word.lower() in _FALSE_TEXT:
            return False
    elif spec.kind == "int":
        if _WHOLE_TEXT.fullmatch(word):
            return int(word)
    else:
        for choice in spec.choices:
            if word == str(choice):
                return choice
    return text


def options_from_text(variant: str, options: dict[str, Any]) -> dict[str, Any]:
    """Options given as text (the CLI's ``--option name=value``; a link's parameters) read
    into the JSON types ``get_ruleset`` takes, by each option's type in ``variant``
    (``players`` is a whole number). A value that is not a string, or a name the variant does
    not have, is passed on unchanged, so that ``get_ruleset`` names the problem. Records never
    come through here: their values must already have their JSON types (E-31)."""
    base = resolve_variant(variant)
    specs = {s.name: s for s in base.option_specs}
    specs["players"] = OptionSpec("players", "int", base.default_players, "")
    return {name: _value_from_text(specs[name], value)
            if isinstance(value, str) and name in specs else value
            for name, value in options.items()}


def resolve_variant(variant: str) -> Ruleset:
    """The built-in ruleset for a variant id or alias."""
    if not isinstance(variant, str):
        raise UnknownVariantError(f"unknown variant {describe(variant)}")
    key = variant.strip().lower()
    key = ALIASES.get(key, key)
    if key not in REGISTRY:
        raise UnknownVariantError(
            f"unknown variant {describe(variant)} (known: {', '.join(VARIANTS)})")
    return REGISTRY[key]


# Rulesets already built, by variant and options (each value with its type, so that True and
# 1, which compare equal, are told apart: an option may accept one and refuse the other).
# Rulesets are frozen, so one can be handed out many times; only built ones are kept, never a
# refusal, and the memo is emptied when it grows past _BUILT_MAX (a tool trying every option).
_built: dict[tuple[Any, ...], Ruleset] = {}
_BUILT_MAX = 256


def get_ruleset(variant: str, options: dict[str, Any] | None = None) -> Ruleset:
    """Build the ruleset of ``variant`` with ``options`` (RULES.md names plus ``players``).

    Values have their JSON types (``_check_value``; text is read by ``options_from_text``
    first). Unknown options, values of the wrong type or out of range and impossible player
    counts raise OptionError.
    The same variant and options give the same (frozen) Ruleset object again.
    """
    base = resolve_variant(variant)
    if options is not None and not isinstance(options, dict):
        raise OptionError(f"options must be an object of name: value, not {describe(options)}")
    try:
        key = (base.id, *sorted((k, type(v), v) for k, v in (options or {}).items()))
        hash(key)
    except TypeError:  # an unhashable or unorderable value: built (and refused) as it comes
        key = None
    if key is not None and key in _built:
        return _built[key]
    rs = _build_ruleset(base, options)
    if key is not None:
        if len(_built) >= _BUILT_MAX:
            _built.clear()
        _built[key] = rs
    return rs


def _build_ruleset(base: Ruleset, options: dict[str, Any] | None) -> Ruleset:
    """``get_ruleset``'s work: check ``options`` against ``base``'s specs and apply them."""
    options = dict(options or {})
    players_value = options.pop("players", base.default_players)
    players = _check_value(
        OptionSpec("players", "int", base.default_players, "", min=base.min_players,
                   max=base.max_players), players_value, base.id)
    specs = {s.name: s for s in base.option_specs}
    unknown = sorted(set(options) - set(specs))
    if unknown:
        raise OptionError(f"unknown option {describe(unknown[0])} for {base.id} "
                          f"(known: {', '.join(specs) or 'none'})")
    chosen: dict[str, Any] = {}
    changes: dict[str, Any] = {}
    for spec in base.option_specs:
        value = _check_value(spec, options.get(spec.name, spec.default), base.id)
        if spec.name in options and spec.players and players not in spec.players and value:
            raise OptionError(f"option {spec.name!r} of {base.id} needs "
                              f"{' or '.join(map(str, spec.players))} players")
        chosen[spec.name] = value
        if spec.kind == "int" and spec.name == "hand_size" and value == 0:
            continue
        changes[spec.sets] = spec.values.get(value, value) if spec.values else value
        # The value has the option's own type here (``_check_value``), as ``also``'s keys do.
        changes.update(spec.also.get(value, {}))
    rs = replace(base, players=players, options=tuple(sorted(chosen.items())), **changes)
    if rs.table:
        rs = replace(rs, tax_permille=TAX_PERMILLE[rs.table])
    if rs.scoring_mode == "points":
        rs = replace(rs, money=False, settlement="points", standing="points", target=100,
                     blocked_minus_own=True)
    if rs.layout_kind.trains:
        if rs.max_pip == 9:
            if players > 4:
                raise OptionError("the double-nine set of mexican_train takes 2 to 4 players")
            rs = replace(rs, hand_sizes=DOUBLE_NINE_HANDS, rounds=10)
        else:
            rs = replace(rs, rounds=rs.max_pip + 1)
    total = rs.layout_kind.tiles_in_play(rs.max_pip)
    if rs.tiles_each(players) * players > total:
        raise OptionError(f"{players} players with {rs.tiles_each(players)} tiles each need "
                          f"more than the {total} tiles of the set")
    check_names(rs)
    return rs


def reading(rs: Ruleset) -> dict[str, Any]:
    """How the results of ``rs`` read, for a page that must never test a variant id:
    ``standing`` (``STANDINGS``: money, record, cost, points), ``better`` (``higher`` or
    ``lower`` totals are better), ``ranked`` (the settlement ranks every player: the summary
    shows places, RULES.md 1.9), ``result`` (what the hand's summary shows beyond pips and
    delta, ``SettlementKind.result``), ``words`` (the table's words for a blocked hand, a pass
    and the boneyard, ``WORDS``), ``rounds`` (the fixed number of hands of the match,
    mexican_train's rounds; null where the match runs to a target) and ``target`` (the total
    that ends the match: a winner's points, or the goat's record in kozel; null where no total
    ends it, as in the Vietnamese money games, DECISIONS E-55) and ``opens_at`` (the hand
    total that opens a closed record, kozel's 13; null where records do not open)."""
    standing = rs.standing_rule
    return {"standing": standing.name, "better": standing.better, "ranked": rs.rank_chain,
            "result": rs.settlement_kind.result, "words": dict(WORDS[rs.words]),
            "rounds": rs.rounds if standing.ends == "rounds" else None,
            "target": rs.target if standing.ends != "rounds" and rs.target else None,
            "opens_at": rs.record_opens_at or None}


def variants_catalog() -> dict[str, Any]:
    """Every variant with its players and options, as ``python -m domino variants`` prints it.

    Besides what the setup form needs, each variant says how its results read, so that the
    page never tests a variant id: ``standing`` (``STANDINGS``: money, record, cost, points),
    ``better`` (``higher`` or ``lower`` totals are better), ``ranked`` (the settlement ranks
    every player: the summary shows places, RULES.md 1.9) and ``result`` (what the hand's
    summary shows beyond pips and delta, ``SettlementKind.result``), and ``words``: the
    table's words for a blocked hand, a pass and the boneyard (``WORDS``). These are defaults;
    an option can change them (vn_traditional's ``scoring_mode=points`` plays for points).
    """
    out = []
    for rs in REGISTRY.values():
        out.append({
            "id": rs.id,
            "name": rs.name,
            "summary": rs.summary,
            "players": {"min": rs.min_players, "max": rs.max_players,
                        "default": rs.default_players},
            "partnership": rs.partnership_allowed,
            "money": rs.money,
            **reading(rs),
            "options": [s.to_json() for s in rs.option_specs],
        })
    return {"variants": out, "aliases": dict(sorted(ALIASES.items()))}
