"""A match: hands played one after another, with scores, money or records between them.

``Match`` is the object the CLI, the web worker and the arenas use. It keeps every hand's deal
and moves so that it can be written as a ``domino-record`` at any moment.
"""

from __future__ import annotations

import json
import random
from dataclasses import dataclass
from typing import Any

from ..errors import DominoError, IllegalMoveError, RecordError
from ..hand.events import Event
from ..hand.moves import Move
from ..hand.result import HandResult
from ..hand.state import (
    OVER_PHASE,
    HandChance,
    HandState,
    MatchContext,
    check_move,
    legal_moves,
    new_hand,
    notation,
    start_position,
)
from ..play.step import apply_unchecked
from ..rules import schema
from ..rules.ruleset import Ruleset, get_ruleset
from ..settlement.settle import hand_result, penalties_so_far
from ..tiles import Tile, tile_names


def hand_rng(seed: int, hand_number: int) -> random.Random:
    """The RNG that deals one hand, derived from the match seed (integer seeding is stable)."""
    return random.Random(int(seed) * 1_000_003 + hand_number)


def play_rng(seed: int, hand_number: int) -> HandChance:
    """The chance left in a dealt hand (leads by lot, reshuffles): a stream of its own, so
    that a hand replays the same whether its deal is recorded or dealt from the seed; seeded
    only if the hand draws on it."""
    return HandChance(-(int(seed) * 1_000_003 + hand_number) - 1)


class DealTiles:
    """A dealt hand's record ``deal`` (RECORD.md), kept as tiles and written out as names only
    when the record is: a match played through the API is seldom written, and naming 28
    tiles costs as much as a move."""

    __slots__ = ("hands", "boneyard", "max_pip")

    def __init__(self, hands: list[list[Tile]], boneyard: list[Tile], max_pip: int) -> None:
        # Neither list is changed afterwards: ``start_hands`` is the hand's own copy of the
        # deal, and the boneyard a copy taken before any draw.
        self.hands, self.boneyard, self.max_pip = hands, boneyard, max_pip

    def __eq__(self, other: object) -> bool:
        return isinstance(other, DealTiles) and (self.hands, self.boneyard, self.max_pip) == (
            other.hands, other.boneyard, other.max_pip)

    __hash__ = None  # type: ignore[assignment]  # equal by value, and not frozen

    def to_json(self) -> dict[str, list[Any]]:
        """RECORD.md's ``deal``: each seat's tiles and the boneyard, by name."""
        name = tile_names(self.max_pip).__getitem__
        return {"hands": [list(map(name, h)) for h in self.hands],
                "boneyard": list(map(name, self.boneyard))}


class Match:
    """Hands to the variant's end condition, with the state carried between them."""

    def __init__(self, rs: Ruleset, seed: int, state: dict[str, Any] | None = None) -> None:
        self.rs = rs
        self.players = rs.players
        if not isinstance(seed, int) or isinstance(seed, bool):
            raise RecordError(f"seed must be a whole number, not {schema.describe(seed)}")
        self.seed = seed
        n = self.players
        # The state as given is what a record writes back; the checked copy is what is used.
        self.initial_state = dict(state or {})
        checked = schema.match_state(self.initial_state, n, rs.teams(n))
        self.hand_number = checked["hand_number"]
        self.scores = checked["scores"]
        self.balances = checked["balances"]
        self.records = checked["records"]
        self.open = checked["open"]
        self.leader = checked["leader"]
        self.over = False
        self.winners: list[int] = []
        self.goat: list[int] = []
        self.results: list[HandResult] = []
        self.entries: list[dict[str, Any]] = []  # each hand's record entry: deal/start and moves
        self.hand: HandState | None = None
        # The current hand has ended and been settled: kept by ``deal`` and ``play``, the
        # only ways a match's hand changes (a caller asks after every move, so it is a plain
        # attribute rather than a property over ``hand``).
        self.hand_over = False
        self._applied = [0] * n  # pass penalties of the current hand already in balances
        # The legal moves last listed by ``legal``, with the position they were listed for: the
        # deal (the hand's ``start_hands`` list, shared by its copies and by no other hand),
        # the length of the hand's history and its last entry (every move appends a new one,
        # even a move applied to ``hand`` from outside). ``play`` then checks a move against
        # them instead of listing them again. Only plain values: a kept copy of the match
        # (the session's, before an intent) holds the same cache, valid for the same position.
        self._listed: tuple[Any, ...] = (None, -1, None, ())

    # --- construction ------------------------------------------------------------------

    @classmethod
    def new(cls, variant: str, options: dict[str, Any] | None = None, seed: int = 0) -> Match:
        """A new match of ``variant`` with ``options`` (``players`` included); deals hand 1."""
        m = cls(get_ruleset(variant, options), seed)
        m.deal()
        return m

    def _totals(self) -> list[int]:
        """The standing the match keeps: balances (money), records (kozel) or scores."""
        totals: list[int] = getattr(self, self.rs.standing_rule.totals)
        return totals

    def _context(self) -> MatchContext:
        # What the seats have before this hand: money, kozel records, or points.
        return MatchContext(self.hand_number, self.leader, self._totals()[:], None)

    def deal(self, deal: dict[str, Any] | None = None, start: dict[str, Any] | None = None) -> None:
        """Start the next hand: dealt from the seed, or from a record's deal or start."""
        rng = hand_rng(self.seed, self.hand_number)
        chance = play_rng(self.seed, self.hand_number)
        ctx = self._context()
        if start is not None:
            hand = start_position(self.rs, start, ctx, chance)
            if hand.over:
                # A start position that is already blocked is settled here, before the match
                # takes it (a vn_iwin one may be refused: who blocked it is unknown, E-19).
                hand_result(hand)
            self.hand = hand
            entry: dict[str, Any] = {"start": start}
        else:
            if deal is not None:
                hands, boneyard = schema.deal(deal, self.players, self.rs.max_pip)
                each = self.rs.tiles_each(self.players)
                for seat, tiles in enumerate(hands):
                    if len(tiles) != each:
                        raise RecordError(f"deal gives P{seat} {len(tiles)} tiles, not {each}")
                engine = self.rs.layout_kind.engine(self.rs.max_pip, self.rs.rounds,
                                                    self.hand_number)
                check_complete_deal(self.rs, hands, boneyard, engine)
                hand = new_hand(self.rs, ctx, rng, hands, boneyard, chance)
            else:
                hand = new_hand(self.rs, ctx, rng, play_rng=chance)
            self.hand = hand
            assert hand.start_hands is not None  # new_hand keeps the deal
            entry = {"deal": DealTiles(hand.start_hands, hand.boneyard[:], self.rs.max_pip)}
        entry["moves"] = []
        self.entries.append(entry)
        self.hand_over = False
        if hand.over:
            self._finish_hand(hand)

    # --- play --------------------------------------------------------------------------

    @property
    def to_move(self) -> int | None:
        """The seat to move, or None when the hand (or match) is over."""
        return None if self.hand is None or self.hand.over else self.hand.to_move

    @property
    def hand_result(self) -> HandResult | None:
        """The current hand's result once it has ended."""
        return self.hand.result if self.hand is not None and self.hand.over else None

    def legal(self) -> list[Move]:
        """Legal moves of the seat to move."""
        hand = self.hand
        if hand is None:
            return []
        moves = legal_moves(hand)
        if hand.start_hands is not None:
            # Kept for ``play`` (listing them again here costs no more than looking them up).
            history = hand.history
            self._listed = (hand.start_hands, len(history), history[-1] if history else None,
                            tuple(moves))
        return moves

    def play(self, move: Move | str, seat: int | None = None) -> list[Event]:
        """Play a checked move for the seat to move (``seat``, if given, must be that seat);
        settles the hand if it ends."""
        hand = self.hand
        if hand is None:
            raise IllegalMoveError("no hand is being played")
        # The match owns its hand state, so a checked move is applied in place; ``step``
        # (which copies) is there for callers that keep earlier states.
        history = hand.history
        deal, length, last, listed = self._listed
        if deal is hand.start_hands and length == len(history) and (
                last is (history[-1] if history else None)) and (
                seat is None or seat == hand.to_move):
            # The moves ``legal`` listed for this very position: the move taken from that
            # list (the usual case) is found by identity, without comparing fields.
            for m in listed:
                if m is move:
                    break
            else:
                if not (isinstance(move, Move) and move in listed):
                    move = check_move(hand, move, seat)
        else:
            move = check_move(hand, move, seat)
        events = apply_unchecked(hand, move)  # ``step``'s move, applied in place
        self.entries[-1]["moves"].append(notation(move))
        if hand.phase == OVER_PHASE:
            self._finish_hand(hand)
        elif self.rs.pass_penalty and hand.transfers:
            self._apply_penalties(hand)
        return events

    def next_hand(self) -> None:
        """Deal the next hand after the current one ended (not once the match is over)."""
        if not self.hand_over:
            raise IllegalMoveError("the current hand is not over")
        if self.over:
            raise IllegalMoveError("the match is over")
        self.hand_number += 1
        self.deal()

    # --- settlement between hands --------------------------------------------------------

    def _finish_hand(self, hand: HandState) -> None:
        self.hand_over = True
        rs, n = self.rs, self.players
        result = hand_result(hand)
        self.results.append(result)
        self.leader = self._next_leader(hand, result)
        standing = rs.standing_rule
        if rs.money:
            for p in range(n):
                self.balances[p] += result.delta[p] - self._applied[p]
            self._applied = [0] * n
        elif standing.keeps_records:
            self._record(result)
        else:
            for p in range(n):
                self.scores[p] += result.delta[p]
        self._check_over(result)

    def _apply_penalties(self, hand: HandState) -> None:
        """Move this hand's pass penalties into the balances as soon as they happen."""
        now = penalties_so_far(hand)
        for p in range(self.players):
            self.balances[p] += now[p] - self._applied[p]
        self._applied = now

    def _next_leader(self, hand: HandState, result: HandResult) -> int | None:
        rotate = self.rs.later_lead_rule.rotate
        if rotate == "always" or (rotate == "on_tie" and result.next_leader is None):
            # The lead passes to the seat after this hand's leader.
            prev = hand.leader if hand.leader is not None else 0
            return (prev + 1) % self.players
        return result.next_leader

    def _record(self, result: HandResult) -> None:
        """Kozel: a closed record opens with a hand of ``record_opens_at`` (13) or more; after
        that every hand counts (RULES.md 2.5)."""
        recorded = []
        opened = []
        opens_at = self.rs.record_opens_at
        for p in range(self.players):
            points = result.delta[p]
            if not self.open[p] and points < opens_at:
                recorded.append(0)
                continue
            if not self.open[p]:
                opened.append(p)
                self.open[p] = True
            self.records[p] += points
            recorded.append(points)
        result.delta = recorded
        result.details["recorded"] = recorded
        result.details["opened"] = opened

    def _check_over(self, result: HandResult) -> None:
        rs = self.rs
        standing = rs.standing_rule
        totals = self._totals()
        seats = range(self.players)
        if standing.ends == "loser_at_target":
            # Kozel: the match ends when a record reaches the target; the highest is the goat.
            top = max(totals)
            assert rs.target is not None, "kozel's records end at its target"
            if top >= rs.target:
                self.over = True
                self.goat = [p for p in seats if totals[p] == top]
        elif standing.ends == "rounds":
            # Mexican Train: after the last round the lowest total wins.
            if self.hand_number >= rs.rounds:
                self.over = True
                low = min(totals)
                self.winners = [p for p in seats if totals[p] == low]
        elif rs.target:
            # A points target (vn_schoolnet's is counted in points: money / stake).
            goal = rs.target * (rs.stake if standing.target_in_stakes else 1)
            if result.termination == "target":
                self.over = True
                self.winners = sorted(_as_list(result.winner))
            elif max(totals) >= goal:
                self.over = True
                top = max(totals)
                self.winners = [p for p in seats if totals[p] == top]
        if rs.max_hands and self.hand_number >= rs.max_hands:
            self.over = True
            if not self.winners and not self.goat and standing.leader_wins_at_stop:
                top = max(totals)
                self.winners = [p for p in seats if totals[p] == top]

    def summary(self) -> dict[str, Any]:
        """The match state after the last finished hand (RECORD.md ``match`` of replay)."""
        out: dict[str, Any] = {"over": self.over, "hand_number": self.hand_number,
                               "leader": self.leader}
        standing = self.rs.standing_rule
        out[standing.totals] = self._totals()[:]
        if standing.keeps_records:
            out["open"] = self.open[:]
        if self.over:
            if standing.ends == "loser_at_target":
                out["goat"] = self.goat[:]
            else:
                out["winners"] = self.winners[:]
        return out

    # --- records -----------------------------------------------------------------------

    def to_record(self) -> dict[str, Any]:
        """This match as a ``domino-record`` (RECORD.md), every deal written out."""
        options = self.rs.option_values()
        options["players"] = self.players
        return {
            "format": "domino-record",
            "version": 1,
            "variant": self.rs.id,
            "options": options,
            "seed": self.seed,
            "match": dict(self.initial_state),
            "hands": [{k: (list(v) if k == "moves" else
                           v.to_json() if isinstance(v, DealTiles) else v)
                       for k, v in e.items()} for e in self.entries],
        }

    # --- history: snapshot, restore, undo -----------------------------------------------

    def snapshot(self) -> MatchSnapshot:
        """This match's history as a value (``MatchSnapshot``): what ``restore`` takes back."""
        options = self.rs.option_values()
        options["players"] = self.players
        hands = tuple(("deal", e["deal"], tuple(e["moves"])) if "deal" in e
                      else ("start", e["start"], tuple(e["moves"])) for e in self.entries)
        return MatchSnapshot(self.rs.id, options, self.seed, dict(self.initial_state), hands)

    def restore(self, snapshot: MatchSnapshot) -> None:
        """Make this match, in place, the one ``snapshot`` was taken of (replayed, every move
        checked). In place, so that whoever holds this match object (a suspended computer
        search) sees its position change. Raises RecordError for a snapshot of no legal
        match (one built by hand)."""
        twin = Match.from_record(snapshot.to_record())
        self.__dict__.clear()
        self.__dict__.update(twin.__dict__)

    @property
    def point(self) -> DecisionPoint:
        """Where the match stands now (``DecisionPoint``)."""
        return DecisionPoint(len(self.entries),
                             len(self.entries[-1]["moves"]) if self.entries else 0)

    def moves_of_hand(self) -> list[tuple[int, str]]:
        """The current hand's moves as ``(seat, notation)``, oldest first (a record's start
        position may hold earlier moves: they are not this match's to undo)."""
        if self.hand is None or not self.entries:
            return []
        moves = self.entries[-1]["moves"]
        history = self.hand.history
        movers = [seat for seat, _ in history[len(history) - len(moves):]]
        return list(zip(movers, moves, strict=True))

    def undo_to(self, point: DecisionPoint) -> list[str]:
        """Take the match back to ``point``, a place earlier in the current hand (never into
        an earlier hand, nor into a finished one: its result is settled and its tiles shown).
        Returns the moves taken back, oldest first. Raises IllegalMoveError for a point that
        is not such a place."""
        here = self.point
        if self.hand_over:
            raise IllegalMoveError("the hand is over: its result stands")
        if point.hands != here.hands or not 0 <= point.moves <= here.moves:
            raise IllegalMoveError(f"{point!r} is not a decision of the current hand "
                                   f"(now at {here!r})")
        taken = list(self.entries[-1]["moves"][point.moves:])
        if taken:
            snap = self.snapshot()
            kind, where, moves = snap.hands[-1]
            snap.hands = snap.hands[:-1] + ((kind, where, moves[:point.moves]),)
            self.restore(snap)
        return taken

    @classmethod
    def from_record(cls, record: Any) -> Match:
        """Replay every hand of ``record``, checking every move; return the match at its end.

        Errors name the hand and the move, numbered from 1 (docs/DECISIONS.md E-7).
        """
        schema.check_json_value(record, "the record")
        schema.record_header(record)
        rs = get_ruleset(record["variant"], record.get("options", {}))
        m = cls(rs, record.get("seed", 0), record.get("match", {}))
        for h_index, entry in enumerate(record["hands"], start=1):
            where = f"hand {h_index}"
            if h_index > 1:
                if not m.hand_over:
                    raise RecordError(f"hand {h_index - 1} has not ended but another hand follows")
                if m.over:
                    raise RecordError(f"{where}: the match was already over")
                m.hand_number += 1
            try:
                m.deal(entry.get("deal"), entry.get("start"))
            except DominoError as exc:
                raise RecordError(f"{where}: {exc}") from None
            for mv_index, text in enumerate(entry.get("moves", []), start=1):
                # The move as JSON writes it: "6-5@L" as RECORD.md shows, and a newline or a
                # quote inside it escaped, so the error stays one line.
                label = f"{where}, move {mv_index} {json.dumps(text, ensure_ascii=False)}"
                if m.hand_over:
                    raise RecordError(f"{label}: the hand is already over")
                try:
                    m.play(Move.parse(text))
                except IllegalMoveError as exc:
                    # The move's own error starts with the move; the label already names it.
                    reason = str(exc)
                    prefix = f"{text}: "
                    if reason.startswith(prefix):
                        reason = reason[len(prefix):]
                    raise IllegalMoveError(f"{label}: {reason}") from None
        return m


class MatchSnapshot:
    """A match's history as a value (python-chess keeps its move stack the same way): the
    variant, options, seed and starting state, and every hand's deal (or start position)
    with the moves played in it, up to the moment it was taken.

    ``Match.restore`` replays it, every move checked, so a restored match is exactly the one
    that was snapshotted: the same hands, scores, money, records, pass penalties and chance
    (a hand's chance streams are seeded from the seed and the hand number, E-7). Two
    snapshots are equal when they hold the same history, which is how a caller checks that
    a refused intent changed nothing. Taking one costs a tuple per hand (deals are shared:
    a dealt hand's ``DealTiles`` is never changed), so it can be taken before every intent."""

    __slots__ = ("variant", "options", "seed", "initial_state", "hands")

    def __init__(self, variant: str, options: dict[str, Any], seed: int,
                 initial_state: dict[str, Any],
                 hands: tuple[tuple[str, Any, tuple[str, ...]], ...]) -> None:
        self.variant, self.options, self.seed = variant, options, seed
        self.initial_state = initial_state
        # Each hand: ("deal", DealTiles, moves) or ("start", the record's start, moves).
        self.hands = hands

    def __eq__(self, other: object) -> bool:
        return isinstance(other, MatchSnapshot) and self._key() == other._key()

    __hash__ = None  # type: ignore[assignment]  # equal by value, holds dicts

    def _key(self) -> tuple[Any, ...]:
        return (self.variant, self.options, self.seed, self.initial_state, self.hands)

    @property
    def point(self) -> DecisionPoint:
        """Where this snapshot stands: its hand count and the moves of its last hand."""
        return DecisionPoint(len(self.hands), len(self.hands[-1][2]) if self.hands else 0)

    def to_record(self) -> dict[str, Any]:
        """The snapshot as a ``domino-record`` (RECORD.md)."""
        options = dict(self.options)
        return {
            "format": "domino-record", "version": 1, "variant": self.variant,
            "options": options, "seed": self.seed, "match": dict(self.initial_state),
            "hands": [{kind: (where.to_json() if isinstance(where, DealTiles) else where),
                       "moves": list(moves)} for kind, where, moves in self.hands],
        }


@dataclass(frozen=True)
class DecisionPoint:
    """A place in a match's history: after ``moves`` moves of hand ``hands`` (counted from the
    first hand of the match's record, 1-based). ``Match.undo_to`` takes a match back to one;
    the session names the point before a seat's last move."""

    hands: int
    moves: int


def _as_list(x: Any) -> list[int]:
    if x is None:
        return []
    return list(x) if isinstance(x, list) else [x]


def check_complete_deal(rs: Ruleset, hands: list[list[Tile]], boneyard: list[Tile],
                        engine: int | None) -> None:
    """A fresh deal holds every tile of the set once (Mexican Train: all but the engine)."""
    dealt = sum(len(h) for h in hands) + len(boneyard)
    total = (rs.max_pip + 1) * (rs.max_pip + 2) // 2 - (1 if engine is not None else 0)
    if dealt != total:
        raise RecordError(f"deal holds {dealt} tiles, not the {total} of the set")
