"""A hand's state itself: ``HandState`` (everything about a hand in play, hidden information
included), its slots and how a copy takes them, the chance left in it (``HandChance``), the
match around it (``MatchContext``) and a blank state to deal into. What changes a state (the
deal, the lead, the legal moves, ``advance``) is ``domino.hand.state``'s, which re-exports these
names.
"""

from __future__ import annotations

import random
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from ..rules.ruleset import NONE, Ruleset
from ..tiles import Tile
from .layout import Layout, layout_class
from .moves import Move
from .result import HandResult, Termination

LEAD_PHASE = 0
PLAY_PHASE = 1
OVER_PHASE = 2


@dataclass
class MatchContext:
    """What a hand needs to know about the match around it."""

    hand_number: int = 1
    leader: int | None = None  # who leads this hand when the variant's rule depends on it
    totals: list[int] | None = field(default_factory=list)  # the standing before this hand
    seated: list[bool] | None = None


# How ``HandState.copy`` takes a slot: SHARED values are never changed in place once set
# (numbers, tiles, rulesets, results, kept states), so the copy shares them; a LIST is copied,
# LISTS copies each inner list, OWN_COPY calls the value's own ``copy`` (the layout).
SHARED, LIST, LISTS, OWN_COPY = "shared", "list", "lists", "copy"

# Every slot of a hand state, once: its name, how a copy takes it, and what it holds (and for
# which variant, where only one uses it). ``HandState.__slots__`` and ``HandState.copy`` are
# made from this table; ``blank_state`` gives every slot its value for a fresh hand.
HAND_STATE_SLOTS: tuple[tuple[str, str, str], ...] = (
    ("rs", SHARED, "the Ruleset"),
    ("n", SHARED, "the number of seats"),
    ("hands", LISTS, "each seat's tiles (hidden)"),
    ("boneyard", LIST, "the tiles left to draw, drawn from the front (hidden)"),
    ("layout", OWN_COPY, "the tiles on the table: a LineLayout, TreeLayout or TrainLayout"),
    ("to_move", SHARED, "the seat to move"),
    ("phase", SHARED, "LEAD_PHASE, PLAY_PHASE or OVER_PHASE"),
    ("hand_number", SHARED, "1 for the match's first hand"),
    ("forced_lead", SHARED, "the tile the lead rule forces, None for any (kept after it)"),
    ("drew", SHARED, "tiles drawn in this turn (RULES.md 1.5)"),
    ("history", LIST, "every move of the hand as (seat, Move): the public record"),
    ("last_placer", SHARED, "the seat whose placement came last (vn_iwin's pass penalty)"),
    ("passes_in_row", SHARED, "passes since the last placement (Mexican Train's round end)"),
    ("seated", LIST, "the seats still at the table (vn_iwin's leave)"),
    ("escrow", SHARED, "vn_iwin: the leavers' charges, held until the hand ends"),
    ("escrow_by", LIST, "vn_iwin: each seat's charge in the escrow"),
    ("transfers", LIST, "vn_iwin: pass penalties as (payer, payee, amount)"),
    ("points", LIST, "all_fives: points scored during the hand, by seat"),
    ("extra_play", SHARED, "Mexican Train: the seat plays again after its double"),
    ("first_turn_open", LIST, "Mexican Train (first_turn_multi): the seat's first turn runs"),
    ("played_this_turn", SHARED, "Mexican Train: the seat has placed a tile in this turn"),
    ("turns", LIST, "finished turns as (seat, its placement or None): vn_schoolnet's blocker"),
    ("base", SHARED, "the earliest state this hand can be replayed from (blocker look-back)"),
    ("result", SHARED, "the HandResult once settled (settle.hand_result)"),
    ("chance", SHARED, "the chance left in the hand: a HandChance (vn_iwin's reshuffle seed)"),
    ("match_totals", SHARED, "the match's standing before this hand, seat by seat: points, "
     "money or kozel records as the ruleset's standing keeps them (all_fives' target)"),
    ("leader", SHARED, "the seat that leads (or led) this hand"),
    ("start_hands", SHARED, "the hands as dealt, for the record"),
    ("termination", SHARED, "how the hand ended (Termination), None while in play"),
    ("winner", SHARED, "who went out, or the last seat seated, once the hand has ended"),
    ("by_default", SHARED, "vn_iwin: the hand ended because everyone else left"),
    ("origin", SHARED, "the state where the public history begins (view.history_start)"),
)


class HandChance:
    """The chance left in a dealt hand once its tiles are dealt, drawn only if it is needed.

    A match gives each hand a stream of its own (``match.play_rng``'s seed): its first number
    seeds vn_iwin's reshuffles after a leave (``seed_value``), the numbers after it draw a
    lead by lot (``random``). Most hands need neither, and seeding a generator costs as much as
    a tenth of a whole random hand through the checked API, so the generator is made on first
    use; the numbers are the same either way. ``drawn`` wraps a stream the caller goes on
    using (a state made from one generator): its first number is taken at once.
    """

    __slots__ = ("_seed", "_rng", "_first")

    def __init__(self, seed: int) -> None:
        self._seed: int | None = seed
        self._rng: random.Random | None = None
        self._first: int | None = None

    @classmethod
    def drawn(cls, rng: random.Random) -> HandChance:
        """The chance of a state made from ``rng``: its next number is the reshuffle seed;
        later numbers stay with the caller's stream."""
        chance = cls.__new__(cls)
        chance._seed, chance._rng = None, None
        chance._first = int(rng.random() * 2**53)
        return chance

    def _start(self) -> random.Random:
        assert self._seed is not None, "a drawn chance has no stream of its own"
        rng = self._rng = random.Random(self._seed)
        self._first = int(rng.random() * 2**53)
        return rng

    def seed_value(self) -> int:
        """The seed of the reshuffles after a leave (vn_iwin, RULES.md 2.3)."""
        if self._first is None:
            self._start()
        assert self._first is not None
        return self._first

    def random(self) -> float:
        """The next number of the stream after the reshuffle seed (a lead by lot)."""
        rng = self._rng
        if rng is None:
            rng = self._start()
        return rng.random()


class HandState:
    """The full state of one hand (hidden information included); its slots are
    ``HAND_STATE_SLOTS``."""

    __slots__ = tuple(name for name, _, _ in HAND_STATE_SLOTS)

    # The slots' types, in the table's order (tests/hand/test_state.py checks that the two
    # name the same slots); what each holds is said in ``HAND_STATE_SLOTS``.
    rs: Ruleset
    n: int
    hands: list[list[Tile]]
    boneyard: list[Tile]
    layout: Layout
    to_move: int
    phase: int
    hand_number: int
    forced_lead: Tile | None
    drew: int
    history: list[tuple[int, Move]]
    last_placer: int | None
    passes_in_row: int
    seated: list[bool]
    escrow: int
    escrow_by: list[int]
    transfers: list[tuple[int, int, int]]
    points: list[int]
    extra_play: bool
    first_turn_open: list[bool]
    played_this_turn: bool
    turns: list[tuple[int, Move | None]]
    base: HandState | None
    result: HandResult | None
    chance: HandChance
    match_totals: list[int]
    leader: int | None
    start_hands: list[list[Tile]] | None
    termination: Termination | None
    winner: int | None
    by_default: bool
    origin: HandState | None

    def copy(self) -> HandState:
        """An independent copy: each slot taken as ``HAND_STATE_SLOTS`` says (the lists and
        the layout copied, the rest shared)."""
        return _copy(self)

    @property
    def over(self) -> bool:
        """The hand has ended."""
        return self.phase == OVER_PHASE

    def drawable(self) -> int:
        """Tiles that may still be drawn: the boneyard less the reserve (RULES.md 1.5)."""
        if self.rs.draw_policy == NONE:
            return 0
        return max(0, len(self.boneyard) - self.rs.reserve_for(self.n))

    def seats_in_play(self) -> list[int]:
        """Seats still at the table."""
        return [s for s in range(self.n) if self.seated[s]]


_COPY_EXPRESSION = {SHARED: "self.{}", LIST: "self.{}[:]", LISTS: "[x[:] for x in self.{}]",
                    OWN_COPY: "self.{}.copy()"}


def _compile_copy() -> Callable[[HandState], HandState]:
    """``HandState.copy`` written out from ``HAND_STATE_SLOTS``, one assignment per slot.

    Compiled once at import, it runs as fast as a copy written by hand; a loop over the slot
    names with getattr and setattr costs about twice as much, and the AI's search copies a
    state for every evaluation.
    """
    lines = ["def copy(self):", "    s = new(HandState)"]
    lines += [f"    s.{name} = {_COPY_EXPRESSION[how].format(name)}"
              for name, how, _ in HAND_STATE_SLOTS]
    lines.append("    return s")
    namespace: dict[str, Any] = {"new": object.__new__, "HandState": HandState}
    exec("\n".join(lines), namespace)  # source made from the table above, nothing else
    copy: Callable[[HandState], HandState] = namespace["copy"]
    return copy


_copy = _compile_copy()


def _new_layout(rs: Ruleset, n: int, engine: int | None = None) -> Any:
    return layout_class(rs).new(rs, n, engine)


def engine_for_round(rs: Ruleset, hand_number: int) -> int:
    """Mexican Train: the engine double of hand ``hand_number`` (``LayoutKind.engine``)."""
    engine = rs.layout_kind.engine(rs.max_pip, rs.rounds, hand_number)
    if engine is None:
        raise ValueError(f"{rs.id} sets no engine double aside (its layout is not trains)")
    return engine


def _blank_state(rs: Ruleset, n: int, ctx: MatchContext, rng: random.Random | HandChance,
                 hands: list[list[Tile]] | None = None, boneyard: list[Tile] | None = None
                 ) -> HandState:
    s = HandState.__new__(HandState)
    s.rs, s.n = rs, n
    s.hands = [[] for _ in range(n)] if hands is None else hands
    s.boneyard = [] if boneyard is None else boneyard
    engine = rs.layout_kind.engine(rs.max_pip, rs.rounds, ctx.hand_number)
    s.layout = _new_layout(rs, n, engine)
    s.to_move = 0
    s.phase = LEAD_PHASE
    s.hand_number = ctx.hand_number
    s.forced_lead = None
    s.drew = 0
    s.history = []
    s.last_placer = None
    s.passes_in_row = 0
    s.seated = list(ctx.seated) if ctx.seated else [True] * n
    s.escrow = 0
    s.escrow_by = [0] * n
    s.transfers = []
    s.points = [0] * n
    s.extra_play = False
    s.first_turn_open = [rs.first_turn_multi] * n
    s.played_this_turn = False
    s.turns = []
    # The earliest state this hand can be replayed from, hidden tiles included; its history
    # is a prefix of this state's. Kept states are never changed, so copies share it.
    s.base = None
    s.result = None
    s.chance = rng if isinstance(rng, HandChance) else HandChance.drawn(rng)
    s.match_totals = list(ctx.totals) if ctx.totals else [0] * n
    s.leader = ctx.leader
    s.start_hands = None
    s.termination = None
    s.winner = None  # who went out (or the last seat seated), once the hand has ended
    s.by_default = False  # vn_iwin: the hand ended because everyone else left
    s.origin = None  # the state where the public history begins (new_hand, start_position)
    return s


def blank_state(rs: Ruleset, n: int, ctx: MatchContext, rng: random.Random) -> HandState:
    """An empty hand state (nothing dealt, nothing led) with every slot set: for code that
    builds positions of its own, such as ``domino.play.resample`` (states consistent with a view)."""
    return _blank_state(rs, n, ctx, rng)
