"""The behaviours a ruleset names, each a value with its properties: the first and later leads,
the settlement, the layout, the match's standing, and the table's words, with the tables of
names a ``Ruleset`` field may take (``FIRST_LEADS``, ``LATER_LEADS``, ``SETTLEMENT_KINDS``,
``LAYOUT_KINDS``, ``STANDINGS``). The rules code asks an entry's properties, never its name.
``domino.rules.ruleset`` builds the variants from them and re-exports every name here.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Final, Literal

# Draw policies (RULES.md 1.5).
NONE: Final = "none"
DRAW_ONE: Final = "draw_one"
DRAW_UNTIL: Final = "draw_until_playable"

DrawPolicy = Literal["none", "draw_one", "draw_until_playable"]
LayoutName = Literal["line", "tree", "trains"]
SpinnerRule = Literal["none", "first", "all"]


# --- the lead (RULES.md 1.6 and each variant's "Who starts") -------------------------------

FirstLeadName = Literal["highest_double_or_tile", "highest_double_or_pips",
                        "highest_double_or_senior", "lowest_double_from_1_1",
                        "highest_double_redeal", "random_any", "train"]


@dataclass(frozen=True)
class FirstLead:
    """A rule for who leads a hand that is not led by the previous hand's result.

    ``opener``: ``double`` (the holder of the first double in ``doubles`` order leads it),
    ``lot`` (a seat drawn by lot leads any tile) or ``first_player`` (the ``first_player``
    option: seat 0 or a seat by lot, any tile; Mexican Train, whose engine is on the table).
    ``doubles``: the order doubles are looked for, ``highest`` (6-6 down to 0-0) or
    ``from_1_1`` (1-1 up to 6-6, then 0-0; kozel's ``lead_double`` option, E-8).
    ``no_double``: what happens when nobody holds a double: the highest tile leads by
    ``tile_rank`` (RULES.md 1.8) or by kozel's ``senior`` order (high half, then low half), or
    the deal is void (``redeal``, RULES.md 2.4).
    """

    name: str
    opener: Literal["double", "lot", "first_player"]
    doubles: Literal["highest", "from_1_1"] = "highest"
    no_double: Literal["tile_rank", "senior", "redeal"] = "tile_rank"

    @property
    def redeals(self) -> bool:
        """With no double dealt the deal is void (it is dealt again)."""
        return self.no_double == "redeal"

    @property
    def by_seniority(self) -> bool:
        """With no double, the highest tile by kozel's senior order leads (else by rank)."""
        return self.no_double == "senior"

    def double_values(self, max_pip: int) -> list[int]:
        """The numbers of the doubles, in the order the lead looks for them."""
        if self.doubles == "from_1_1":
            return list(range(1, max_pip + 1)) + [0]
        return list(range(max_pip, -1, -1))


FIRST_LEADS: dict[str, FirstLead] = {r.name: r for r in (
    FirstLead("highest_double_or_tile", "double"),  # vn_traditional, block, draw
    FirstLead("highest_double_or_pips", "double"),  # vn_iwin: the highest pip count else
    FirstLead("highest_double_or_senior", "double", no_double="senior"),  # kozel
    # E-8: 1-1 first; with no double the senior non-double leads, as with the highest double.
    FirstLead("lowest_double_from_1_1", "double", doubles="from_1_1", no_double="senior"),
    FirstLead("highest_double_redeal", "double", no_double="redeal"),  # doubles
    FirstLead("random_any", "lot"),  # vn_schoolnet, all_fives
    FirstLead("train", "first_player"),  # mexican_train
)}

LaterLeadName = Literal["winner_any", "same_as_first", "rotate", "winner_any_tie_rotates",
                        "winner_any_else_lot"]


@dataclass(frozen=True)
class LaterLead:
    """Who leads the hands after the first.

    ``repeat_first``: every hand is led by the first-hand rule (``same_as_first``).
    Otherwise the match names the leader (any tile may be led): the previous hand's result
    names it, or ``rotate`` passes the lead to the next seat ``always`` (Mexican Train) or
    ``on_tie`` (block: when a tied block has no winner). ``without_leader`` is what happens
    when nobody is named (a block after which all_fives draws lots, a record's match state
    without a ``leader``): the first-hand rule, a seat by ``lot``, or ``seat0``.
    """

    name: str
    repeat_first: bool = False
    rotate: Literal["never", "always", "on_tie"] = "never"
    without_leader: Literal["first_rule", "lot", "seat0"] = "first_rule"


LATER_LEADS: dict[str, LaterLead] = {r.name: r for r in (
    LaterLead("winner_any"),
    LaterLead("same_as_first", repeat_first=True),
    LaterLead("rotate", rotate="always", without_leader="seat0"),
    LaterLead("winner_any_tie_rotates", rotate="on_tie"),
    LaterLead("winner_any_else_lot", without_leader="lot"),
)}


# --- settlement and the match's standing (RULES.md 1.10, 1.11) -----------------------------

SettlementName = Literal["vn_traditional", "points", "all_fives", "kozel", "mexican",
                         "schoolnet", "iwin"]
ResultKind = Literal["plain", "record", "fives", "blocker", "payments"]


@dataclass(frozen=True)
class SettlementKind:
    """What one settlement function (``settle.SETTLEMENTS``, same names) produces.

    ``result``: what a hand's summary has to show beyond pips and ``delta``: ``record``
    (kozel: hand points, what was recorded, who opened), ``fives`` (all_fives: points during
    the hand and the end bonus), ``blocker`` (vn_schoolnet: the blocker and gài), ``payments``
    (vn_iwin: every payment item and the blocker), ``plain`` (nothing more).
    ``doubles_left_cost``: doubles still in hand are charged (vn_iwin's thúi bò, RULES.md 2.3).
    ``pays``: how a money settlement's amounts are made: in ``stakes`` (so many times the
    stake) or in ``stake_points`` (the stake is money per point: vn_schoolnet); None for a
    settlement of points, records or pips. A money ruleset must name one (``check_names``):
    a review judges its losses by it.
    """

    name: str
    result: ResultKind = "plain"
    doubles_left_cost: bool = False
    pays: Literal["stakes", "stake_points"] | None = None


SETTLEMENT_KINDS: dict[str, SettlementKind] = {k.name: k for k in (
    SettlementKind("vn_traditional", pays="stakes"),
    SettlementKind("points"),
    SettlementKind("all_fives", result="fives"),
    SettlementKind("kozel", result="record"),
    SettlementKind("mexican"),
    SettlementKind("schoolnet", result="blocker", pays="stake_points"),
    SettlementKind("iwin", result="payments", doubles_left_cost=True, pays="stakes"),
)}

# --- the layout -------------------------------------------------------------------------------

@dataclass(frozen=True)
class LayoutKind:
    """How the tiles lie on the table (``Ruleset.layout`` names one): what the engine asks of
    a layout kind, so that no code compares its name (hand/layout.py's classes build each).

    ``line``: one line with the two ends ``L`` and ``R`` (RECORD.md's ``line``; the fast
    kernels and the exact line solver take only these). ``trains``: Mexican Train (RULES.md
    3.4): each round sets its engine double aside from the deal (``engine``), the engine is
    the lead (a hand starts in play), every seat has a train and a marker, and a round ends
    when every seat has passed in turn with the boneyard empty. Neither: a tree of spinners.
    """

    name: LayoutName
    line: bool = False
    trains: bool = False

    def engine(self, max_pip: int, rounds: int, hand_number: int) -> int | None:
        """The engine double of hand ``hand_number`` (Mexican Train: round k uses the double
        max - k + 1, 12-12 first, 0-0 last), None where there is none."""
        if not self.trains:
            return None
        return max(0, max_pip - (hand_number - 1) % rounds)

    def tiles_in_play(self, max_pip: int) -> int:
        """The tiles of a double-``max_pip`` set a hand can deal (the engine is set aside)."""
        return (max_pip + 1) * (max_pip + 2) // 2 - (1 if self.trains else 0)


LAYOUT_KINDS: dict[str, LayoutKind] = {k.name: k for k in (
    LayoutKind("line", line=True),
    LayoutKind("tree"),
    LayoutKind("trains", trains=True),
)}

StandingName = Literal["money", "record", "cost", "points"]

# The table's own words for a blocked hand, a pass and the boneyard, by the tradition a
# variant comes from (RULES.md: Vietnamese "triệt", kozel's "рыба" (fish), knocking and the
# "базар" (market)); the page shows them in any language. Only words: no rule depends on them.
Words = Literal["western", "vietnamese", "russian"]
WORDS: dict[str, dict[str, str]] = {
    "western": {"blocked": "block", "pass": "pass", "boneyard": "boneyard"},
    "vietnamese": {"blocked": "triet", "pass": "pass", "boneyard": "boneyard"},
    "russian": {"blocked": "fish", "pass": "knock", "boneyard": "market"},
}


@dataclass(frozen=True)
class Standing:
    """What a match keeps between hands, which way is better, and when it ends.

    ``totals``: the match summary's key (RECORD.md ``match``): ``balances`` (money),
    ``records`` (kozel's penalty records, with ``open``), ``scores`` (points, or Mexican
    Train's totals). ``better``: a larger total is better (``higher``) or worse (``lower``).
    ``ends``: ``target`` (a total reaching ``Ruleset.target`` ends the match and the highest
    wins; in money counted in points, so at target x stake), ``loser_at_target`` (a record
    reaching the target ends it and that player is the goat, RULES.md 2.5) or ``rounds`` (after
    ``Ruleset.rounds`` hands the lowest total wins, RULES.md 3.4). ``leader_wins_at_stop``:
    when ``max_hands`` stops the match, the highest total is named the winner.
    """

    name: str
    totals: Literal["balances", "records", "scores"]
    better: Literal["higher", "lower"]
    ends: Literal["target", "loser_at_target", "rounds"]
    target_in_stakes: bool = False
    leader_wins_at_stop: bool = False

    @property
    def keeps_records(self) -> bool:
        """Kozel's records: each opens at ``record_opens_at`` and says whether it is open."""
        return self.totals == "records"

    @property
    def lower_is_better(self) -> bool:
        """Totals are penalties: the lowest is best (kozel, Mexican Train)."""
        return self.better == "lower"


STANDINGS: dict[str, Standing] = {k.name: k for k in (
    Standing("money", "balances", "higher", "target", target_in_stakes=True,
             leader_wins_at_stop=True),
    Standing("record", "records", "lower", "loser_at_target"),
    Standing("cost", "scores", "lower", "rounds"),
    Standing("points", "scores", "higher", "target"),
)}
