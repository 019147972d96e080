"""Move review: the expert's verdict on every move of a record, from the mover's view only.

Every move of a chosen seat (or of every seat) is judged where it was made, from that seat's
``View`` (its own tiles, the others' counts, the public history: never the hidden hands). The
judge is the search the expert plays with (``search.Search`` with ``agents.EXPERT``), told to
keep the move actually played as a candidate that is never pruned (``Search(keep=...)``), so
the played move and the expert's choice are valued in the same sampled worlds (a paired
comparison: the luck of a world cancels between them). Each decision's search is seeded from
the record's seed, the hand and the move index (``decision_seed``): the same record reviewed
twice gets the same verdict, and two records that differ only in tiles the seat could not see
get the same verdict for that seat (the worlds are drawn from the view, the seed never reads
the hidden tiles).

**Units.** A value is what the search's ``evaluate.Utility`` gives the finished hand, for the
seat's side (its team with partnerships), in the variant's own unit:

* money (vn_traditional, vn_iwin, vn_schoolnet): the side's money from the hand, exactly as
  settled (the record's smallest money unit; vn_schoolnet's ``stake`` is money per point);
* points (block, draw, doubles, all_fives, vn_traditional in points mode): the side's points
  less the average of the other sides' points (the margin the expert plays for);
* record (kozel): penalty points, the others' average recorded less one's own, with a tenth of
  the raw hand total as tie-break and 60 points for becoming the goat (``evaluate``);
* cost (mexican_train): pips left in hand, the others' average less one's own.

No value is rescaled: the search's utility is already in these units, so the figures are
the expert's own estimates. ``value`` is the played move's estimate; ``best`` is the move the
expert would play from the same search (``Search.best``: the searched best, or the rule of
thumb's favourite when the search is not clearly better, as the expert plays), except that a
sensible move played that is estimated at least as good is itself the best; ``loss`` is
``best_value - value`` (at least 0). The best move proposed is always one the expert would play
(``policy.playable``: never ``leave`` nor a voluntary draw), though such a move is judged when
played. Two placements of one tile on line ends that show the same number are mirror images
(``mirrored``): the played one is then the best, with no loss.

**Marks** (docs/DECISIONS.md E-24): ``inaccuracy``, ``mistake`` or ``blunder`` when the loss
reaches the threshold of the variant's scale (``MARKS``: fractions of the stake where a hand
pays in stakes, points, penalty points or pips elsewhere) and is more than twice the standard
error of the paired difference (sampling noise is never a mistake). A forced move (the only
sensible choice: one legal move, ``leave`` aside) is not judged: mark none, loss 0.

**Totals** per seat: decisions, judged (with a choice), forced, how many of each mark,
``accuracy`` (the share of judged moves without a mistake or a blunder, 1.0 when nothing was
judged), ``total_loss`` and ``worst`` (the three largest losses).

The work runs in chunks (``Review.step``): a browser worker calls it between messages, reads
``progress`` and stops calling to cancel. ``review_record`` runs it to the end (the CLI).
The output is a ``domino-review`` document (``FORMAT``, ``VERSION``) naming the record by the
SHA-256 of its canonical JSON (``record_id``), to be stored beside the record (a record itself
refuses unknown keys, DECISIONS E-20 and E-25), so that reopening a reviewed record is instant.
"""

from __future__ import annotations

import hashlib
import json
import math
import random
from collections.abc import Iterator
from dataclasses import dataclass
from typing import Any

from .. import __version__
from ..errors import DominoError
from ..hand.moves import PLACE, Move
from ..hand.state import legal_moves
from ..match.match import Match
from ..play.view import View, view
from ..rules.ruleset import Ruleset, get_ruleset
from .agents import EXPERT
from .policy import playable
from .search import Search, SearchConfig
from .stats import mean_se

FORMAT = "domino-review"
VERSION = 1
MARK_NAMES = ("inaccuracy", "mistake", "blunder")
NOISE_SE = 2.0  # a loss within this many standard errors of 0 is never marked
WORST = 3  # the worst moves listed per seat
MAX_BUDGET = 100_000  # evaluations per decision: far above any use, bounds a runaway request


@dataclass(frozen=True)
class Marks:
    """Thresholds of the three marks on one scale: a loss of at least ``inaccuracy`` (and
    below ``mistake``) is an inaccuracy, and so on. ``per`` says what one step of the
    thresholds is worth: ``stake`` (times the ruleset's stake) or ``unit`` (one point, one
    penalty point, one pip); ``unit`` names what the values count."""

    unit: str
    per: str
    inaccuracy: float
    mistake: float
    blunder: float


# The thresholds, by scale (docs/DECISIONS.md E-24 says why these numbers).
MARKS: dict[str, Marks] = {
    # vn_traditional and vn_iwin pay in stakes: one place in the ranking is one stake B, a
    # pass or a double left in hand half a stake. A blunder throws away a place.
    "stakes": Marks("money", "stake", 0.2, 0.5, 1.0),
    # vn_schoolnet's stake is money per point: judged in points, as the points variants.
    "stake_points": Marks("money", "stake", 3.0, 6.0, 12.0),
    # Points margins: a hand of a few tiles' pips; all_fives scores in fives, so a missed 5
    # is an inaccuracy, a missed 10 a mistake, 15 a blunder.
    "points": Marks("points", "unit", 3.0, 6.0, 12.0),
    # Kozel penalty points: the same scale; becoming the goat (60) is always a blunder.
    "record": Marks("penalty points", "unit", 3.0, 6.0, 12.0),
    # Mexican Train pips: hands hold double-twelve tiles (up to 24 pips each).
    "cost": Marks("pips", "unit", 5.0, 10.0, 20.0),
}
def scale_of(rs: Ruleset) -> str:
    """The ``MARKS`` entry that judges losses in ``rs``: money by how its settlement pays
    (``SettlementKind.pays``: in stakes, or in stakes per point), else by the standing
    (points, record, cost)."""
    if rs.standing == "money":
        pays = rs.settlement_kind.pays
        if pays is None:
            raise DominoError(f"no review scale for the money settlement {rs.settlement!r}")
        return pays
    return rs.standing


def thresholds(rs: Ruleset) -> dict[str, float]:
    """The three thresholds of ``rs`` in its own unit (money thresholds times the stake)."""
    marks = MARKS[scale_of(rs)]
    size = rs.stake if marks.per == "stake" else 1
    return {name: getattr(marks, name) * size for name in MARK_NAMES}


def mark_of(loss: float, se: float, limits: dict[str, float]) -> str | None:
    """The mark of a loss with standard error ``se`` (None: no mark). A loss that could be
    sampling noise (not above ``NOISE_SE`` standard errors) is not marked."""
    if loss <= NOISE_SE * se:
        return None
    found = None
    for name in MARK_NAMES:
        if loss >= limits[name] - 1e-9:
            found = name
    return found


def canonical_text(record: Any) -> str:
    """The record as canonical JSON (sorted keys, no spaces): two texts of the same record
    (indentation, key order) give the same identity."""
    return json.dumps(record, sort_keys=True, separators=(",", ":"), ensure_ascii=False)


def record_id(record: Any) -> str:
    """``sha256:`` and the hex digest of ``canonical_text(record)``."""
    digest = hashlib.sha256(canonical_text(record).encode("utf-8")).hexdigest()
    return f"sha256:{digest}"


def decision_seed(seed: int, hand: int, move: int) -> int:
    """The search seed of move ``move`` of hand ``hand`` (both from 1) of a record with
    ``seed``: a hash, stable across Python versions (integer seeding of ``random.Random``
    is), and reading nothing a seat could not see."""
    text = f"domino-review:{seed}:{hand}:{move}".encode()
    return int.from_bytes(hashlib.sha256(text).digest()[:8], "big")


@dataclass(frozen=True)
class Decision:
    """One move of a record as its seat faced it: numbered from 1 as record errors are."""

    hand: int
    move: int
    seat: int
    view: View
    legal: tuple[Move, ...]
    played: Move

    @property
    def choices(self) -> list[Move]:
        """The sensible choices (``policy.playable``), with the played move among them."""
        moves = playable(list(self.legal))
        return moves if self.played in moves else moves + [self.played]

    @property
    def forced(self) -> bool:
        """Only one sensible move: nothing to judge."""
        return len(self.choices) == 1


def decisions(record: Any, seats: list[int] | None = None,
              hands: list[int] | None = None) -> Iterator[Decision]:
    """Every move of ``record`` by one of ``seats`` (None: every seat) in one of ``hands``
    (numbered from 1; None: every hand), with the view of the seat that made it. The record
    must already be checked (``Match.from_record``)."""
    rs = get_ruleset(record["variant"], record.get("options", {}))
    m = Match(rs, record.get("seed", 0), record.get("match", {}))
    for h_index, entry in enumerate(record["hands"], start=1):
        if h_index > 1:
            m.hand_number += 1
        m.deal(entry.get("deal"), entry.get("start"))
        for mv_index, text in enumerate(entry.get("moves", []), start=1):
            s = m.hand
            assert s is not None  # (just dealt)
            seat = s.to_move
            move = Move.parse(text)
            if (seats is None or seat in seats) and (hands is None or h_index in hands):
                legal = legal_moves(s)
                # The legal move equal to the played one: its notation is the normalized one.
                played = legal[legal.index(move)]
                yield Decision(h_index, mv_index, seat, view(s, seat), tuple(legal), played)
            m.play(move)


def mirrored(v: View, a: Move, b: Move) -> bool:
    """Whether ``a`` and ``b`` put the same tile on two ends of a line that show the same
    number: the two layouts are mirror images, which no rule tells apart (a line's left and
    right differ only in notation), so neither move can be worse than the other. RECORD.md
    lists both (``6-1@L`` and ``6-1@R`` after ``6-6``); their estimates differ only by
    sampling noise."""
    if v.rs.layout != "line" or a.kind != PLACE or b.kind != PLACE:
        return False
    ends = dict(v.ends)
    return (a.tile == b.tile and a.touch == b.touch and a.end in ends and b.end in ends
            and ends[a.end] == ends[b.end])


def _round(x: float) -> float:
    return round(x, 2) + 0.0  # + 0.0: never "-0.0" in the JSON


class Review:
    """A record's review, run in chunks: ``step`` until it returns True, then ``result``.

    ``seats``: the seats judged (None: every seat). ``budget``: evaluations per decision
    (None: the expert's, ``EXPERT.evaluations``). ``hands``: the hands judged, numbered from 1
    (None: every hand; a page reviews one hand at a time). Raises RecordError for a bad
    record and DominoError for a seat or hand out of range or a budget below 1 (the CLI's
    one-line errors).
    """

    def __init__(self, record: Any, seats: list[int] | None = None, budget: int | None = None,
                 config: SearchConfig = EXPERT, hands: list[int] | None = None) -> None:
        match = Match.from_record(record)  # checks every field and move; errors as replay's
        n = match.players
        if seats is not None:
            seats = sorted(set(seats))
            for seat in seats:
                if isinstance(seat, bool) or not isinstance(seat, int) or not 0 <= seat < n:
                    raise DominoError(f"seat {seat!r} is not a seat of this record "
                                      f"(0 to {n - 1})")
        if budget is not None and (isinstance(budget, bool) or not isinstance(budget, int)
                                   or not 1 <= budget <= MAX_BUDGET):
            raise DominoError(f"budget must be a whole number from 1 to {MAX_BUDGET}, "
                              f"not {budget!r}")
        if hands is not None:
            count = len(record["hands"])
            for hand in hands:
                if isinstance(hand, bool) or not isinstance(hand, int) or not 1 <= hand <= count:
                    raise DominoError(f"hand {hand!r} is not a hand of this record "
                                      f"(1 to {count})")
            hands = sorted(set(hands))
        self.record = record
        self.hands = hands
        self.rs = match.rs
        self.players = n
        self.seats = list(range(n)) if seats is None else seats
        self.config = config
        self.budget = config.evaluations if budget is None else budget
        self.limits = thresholds(self.rs)
        self.seed = record.get("seed", 0)
        self.pending = list(decisions(record, seats, hands))
        self.total = len(self.pending)
        self.entries: list[dict[str, Any]] = []
        self._search: Search | None = None
        self.evaluations = 0.0

    @property
    def done(self) -> bool:
        """Every decision has been judged."""
        return not self.pending and self._search is None

    def step(self, evaluations: int = 64) -> bool:
        """Judge decisions for up to about ``evaluations`` of search work (a decision in
        the middle carries over to the next call); return ``done``. Forced moves cost
        nothing and are judged on the way."""
        spent = 0.0
        while not self.done and spent < evaluations:
            if self._search is None:
                d = self.pending[0]
                if d.forced:
                    self.pending.pop(0)
                    self.entries.append(self._forced(d))
                    continue
                rng = random.Random(decision_seed(self.seed, d.hand, d.move))
                self._search = Search(d.view, list(d.legal), rng, self.config, self.budget,
                                      keep=d.played)
            search = self._search
            before = search.used
            finished = search.step(max(1, int(evaluations - spent)))
            spent += search.used - before
            self.evaluations += search.used - before
            if finished:
                self.entries.append(self._judged(self.pending.pop(0), search))
                self._search = None
        return self.done

    def run(self) -> dict[str, Any]:
        """Review to the end; return ``result``."""
        while not self.step(1 << 30):
            pass
        return self.result()

    def chunks(self, evaluations: int = 64) -> Iterator[dict[str, Any]]:
        """``step`` as a generator of ``progress``; the last has ``done`` True. Stop
        iterating to cancel."""
        while True:
            finished = self.step(evaluations)
            yield self.progress()
            if finished:
                return

    def progress(self) -> dict[str, Any]:
        """What a page shows while it runs: decisions judged of the total, work spent."""
        return {"judged": len(self.entries), "total": self.total,
                "evaluations": round(self.evaluations, 1), "done": self.done}

    # --- one decision --------------------------------------------------------------------

    def _base(self, d: Decision) -> dict[str, Any]:
        return {"hand": d.hand, "move": d.move, "seat": d.seat, "played": str(d.played)}

    def _forced(self, d: Decision) -> dict[str, Any]:
        entry = self._base(d)
        entry.update({"forced": True, "value": None, "best": str(d.played), "best_value": None,
                      "loss": 0.0, "loss_se": 0.0, "mark": None, "worlds": 0})
        return entry

    def _judged(self, d: Decision, search: Search) -> dict[str, Any]:
        played = search.candidates.index(d.played)
        # The best move is one the expert would play: a move ``playable`` leaves out (a
        # voluntary draw, ``leave``) is judged when played but never proposed.
        sensible = [c for c, m in enumerate(search.candidates) if m in playable(list(d.legal))]
        best_move = search.best()
        if mirrored(d.view, best_move, d.played):
            best_move = d.played
        best = search.candidates.index(best_move)
        if best not in sensible or not search.values[best]:
            # The kept move (played, not sensible) came first, or a budget too small to value every candidate once:
            # the best valued of the sensible moves (the played move always is valued,
            # ``Search(keep=...)`` values it first), else the played move.
            valued = [c for c in sensible if search.values[c]]
            best = max(valued, key=lambda c: (_mean(search.values[c]), c == played),
                       default=played)
            best_move = search.candidates[best]
        value = _mean(search.values[played])
        best_value = _mean(search.values[best])
        if played in sensible and value >= best_value:
            # The expert's choice is not the searched best (``Search.best`` keeps the rule of
            # thumb's favourite on a close call) and the move played is estimated at least as
            # good: by this search the move played is the best, and loses nothing.
            best, best_move, best_value = played, d.played, value
        if best == played:
            loss, se = 0.0, 0.0
        else:
            # The paired difference, world by world (both were valued in the same worlds).
            diffs = [b - p for b, p in zip(search.values[best], search.values[played],
                                           strict=False)]
            _, se = mean_se(diffs)
            loss = max(0.0, best_value - value)
        # Fewer than two paired worlds: the error is unknown (infinite), so nothing is marked,
        # and JSON has no infinity: it is written as null.
        finite = se != math.inf
        entry = self._base(d)
        entry.update({"forced": False, "value": _round(value), "best": str(best_move),
                      "best_value": _round(best_value), "loss": _round(loss),
                      "loss_se": _round(se) if finite else None,
                      "mark": mark_of(loss, se, self.limits),
                      "worlds": len(search.values[played])})
        return entry

    # --- the document --------------------------------------------------------------------

    def totals(self) -> list[dict[str, Any]]:
        """Per judged seat: decisions, judged, forced, marks, accuracy, total loss, worst."""
        out = []
        for seat in self.seats:
            mine = [e for e in self.entries if e["seat"] == seat]
            judged = [e for e in mine if not e["forced"]]
            counts = {name: sum(1 for e in judged if e["mark"] == name) for name in MARK_NAMES}
            bad = counts["mistake"] + counts["blunder"]
            worst = sorted((e for e in judged if e["loss"] > 0),
                           key=lambda e: (-e["loss"], e["hand"], e["move"]))[:WORST]
            out.append({
                "seat": seat, "decisions": len(mine), "judged": len(judged),
                "forced": len(mine) - len(judged),
                "inaccuracies": counts["inaccuracy"], "mistakes": counts["mistake"],
                "blunders": counts["blunder"],
                "accuracy": round(1 - bad / len(judged), 4) if judged else 1.0,
                "total_loss": _round(sum(e["loss"] for e in judged)),
                "worst": [{k: e[k] for k in ("hand", "move", "played", "best", "loss", "mark")}
                          for e in worst],
            })
        return out

    def result(self) -> dict[str, Any]:
        """The ``domino-review`` document (docs/ENGINE_API.md): what was judged, how, and
        the verdicts so far (complete once ``done``)."""
        marks = MARKS[scale_of(self.rs)]
        return {
            "format": FORMAT, "version": VERSION, "engine": __version__,
            "record": record_id(self.record), "variant": self.rs.id,
            "seats": self.seats, "hands": self.hands, "budget": self.budget,
            "unit": marks.unit,
            "thresholds": {k: _round(v) for k, v in self.limits.items()},
            "complete": self.done,
            "moves": list(self.entries),
            "totals": self.totals(),
        }


def _mean(values: list[float]) -> float:
    return sum(values) / len(values)


def review_record(record: Any, seats: list[int] | None = None,
                  budget: int | None = None) -> dict[str, Any]:
    """Review ``record`` to the end at once (the CLI): the ``domino-review`` document."""
    return Review(record, seats, budget).run()


def matches(review: Any, record: Any, seats: list[int] | None = None,
            budget: int | None = None, hands: list[int] | None = None) -> bool:
    """Whether a stored ``domino-review`` document is a complete review of ``record`` with
    these ``seats`` (None: every seat), ``budget`` (None: the expert's) and ``hands`` (None:
    every hand; a document without ``hands`` judged every hand) by this engine version, so
    that a page may show it instead of reviewing again."""
    if not isinstance(review, dict) or review.get("format") != FORMAT:
        return False
    if review.get("version") != VERSION or review.get("engine") != __version__:
        return False
    try:
        n = get_ruleset(record["variant"], record.get("options", {})).players
    except (DominoError, KeyError, TypeError):
        return False
    want_seats = list(range(n)) if seats is None else sorted(set(seats))
    want_budget = EXPERT.evaluations if budget is None else budget
    want_hands = None if hands is None else sorted(set(hands))
    return (review.get("record") == record_id(record) and review.get("complete") is True
            and review.get("seats") == want_seats and review.get("budget") == want_budget
            and review.get("hands") == want_hands)


__all__ = ["FORMAT", "MARKS", "VERSION", "Decision", "Marks", "Review",
           "decision_seed", "decisions", "mark_of", "matches", "mirrored", "record_id", "review_record",
           "scale_of", "thresholds"]
