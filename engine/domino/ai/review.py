"""Move review: the expert's verdict on every move of a record, from the mover's view only.

Every move of a chosen seat (or of every seat) is judged where it was made, from that seat's
``View`` (its own tiles, the others' counts, the public history: never the hidden hands). The
judge is the expert's own search (docs/DECISIONS.md E-28): ``expert_search`` builds exactly
the ``search.Search`` that ``agents.ExpertAgent`` runs at that position, with the same
candidates, budget and seed (``search.position_seed``, a hash of the view), so the move the
review calls best is the move the expert plays there. Once the search is done,
``Search.complete`` values the move played (even one the expert never considers, such as a
voluntary draw or ``leave``) and the expert's choice in every world the search sampled, so
the two are compared world by world (a paired comparison: the luck of a world cancels
between them). The same record reviewed twice gets the same verdict, and two records that
differ only in tiles the seat could not see get the same verdict for that seat (the seed and
the worlds come from the view alone). ``judge_position`` gives the review's figures for every
sensible move of a position before it is played (the hint during play), a doubtful verdict
valued on fewer extra worlds (``SearchConfig.hint_extra``).

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
expert plays (``Search.best``: the searched best, or the rule of thumb's favourite when the
search is not clearly better), except that a sensible move played that is estimated at least
as good is itself the best; ``loss`` is
``best_value - value`` (at least 0). The best move proposed is always one the expert would play
(``policy.playable``: never ``leave`` nor a voluntary draw), though such a move is judged when
played. Two placements of one tile on ends that no rule tells apart (line ends that show the
same number; a tree's twin arms, such as two sides of a doubles spinner showing the same number)
are mirror images (``mirrored``, E-70): the played one is then the best, with no loss.

**Marks** (docs/DECISIONS.md E-24): ``inaccuracy``, ``mistake`` or ``blunder`` when the loss
reaches the threshold of the variant's scale (``MARKS``: fractions of the stake where a hand
pays in stakes, points, penalty points or pips elsewhere) and is more than twice the standard
error of the paired difference (sampling noise is never a mistake). A verdict in doubt (a
loss of a mark's size within that error, a mark resting on fewer than ``MIN_WORLDS``
worlds, a loss within one standard error of a mark's threshold, E-64, or a close call: a
loss below an inaccuracy, within that error or read on the search's worlds alone, E-95:
``doubtful``) is
judged on more worlds, the move played and the expert's choice on the same ones, until it is no longer in doubt or a fixed extra budget is spent
(``deepen_verdict``, docs/DECISIONS.md E-30), a larger one when the loss may be a mistake's
size (E-60): a clear loss gets its mark, a tie stays a tie.
A forced move (the only sensible choice: one legal move, ``leave`` aside) is not judged: mark
none, loss 0. A move whose loss is within the noise guard and below an inaccuracy is ``as_good``
as the best (E-61): the judge cannot tell them apart, and the player is told so rather than
shown a loss as if it were one. ``says`` lists what the move played does that can be named
from the position and the move alone (``consequences``: points scored at once, a seat shut out
and its pass penalty, a double left to be caught, 0-0 kept), ``best_says`` the same of the best
(E-62), for the page to say in words.

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
from ..hand.moves import Move
from ..hand.state import legal_moves
from ..match.match import Match
from ..play.view import View, view
from ..rules.ruleset import Ruleset, get_ruleset
from .consequences import consequences
from .levels import expert_config
from .mirrors import mirrored
from .policy import playable
from .search import Search, SearchConfig, position_seed
from .stats import mean_se

FORMAT = "domino-review"
# 7: a close call judged on more worlds (E-95); 6: a tree's twin arms are mirror images
# (E-70), ``blocks`` among the consequences (E-71);
# 5: ``as_good``, as good as the best as far as the judge can tell (E-61), ``says`` and
# ``best_says``, what the moves do in words (E-62), a mark near a threshold judged on more
# worlds (E-64); 4: a large loss
# left in doubt judged on more worlds still (E-60); 3: a doubtful verdict
# judged on more worlds (E-30); 2: judged by the expert's own search (E-28); 1: a search of
# its own
VERSION = 7
MARK_NAMES = ("inaccuracy", "mistake", "blunder")
NOISE_SE = 2.0  # a loss within this many standard errors of 0 is never marked
WORST = 3  # the worst moves listed per seat
MAX_BUDGET = 100_000  # evaluations per decision: far above any use, bounds a runaway request
# A doubtful verdict (``deepen_verdict``) may take this many of the search's budgets more,
# spent on the move played and the expert's choice alone.
DEEPEN = 1.0
# A verdict still in doubt after ``DEEPEN`` whose loss may be a mistake's size may take up to
# this many budgets in all (docs/DECISIONS.md E-60): a sure 10 points is not noise.
DEEPEN_LARGE = 4.0
# A mark resting on fewer paired worlds than this is judged on more (``doubtful``): a move
# pruned on its first few worlds was dropped on unlucky ones, and so few worlds barely say
# how wide the error is.
MIN_WORLDS = 30


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


def _round(x: float) -> float:
    return round(x, 2) + 0.0  # + 0.0: never "-0.0" in the JSON


class Review:
    """A record's review, run in chunks: ``step`` until it returns True, then ``result``.

    ``seats``: the seats judged (None: every seat). ``budget``: evaluations per decision
    (None: the expert's in the record's variant, ``levels.expert_config``; so is ``config``). ``hands``: the hands judged, numbered from 1
    (None: every hand; a page reviews one hand at a time). ``salt`` (0: the expert's own
    search) seeds every search differently: a second, independent judge for measuring the
    review (benchmarks/review.py), never used by the game. Raises RecordError for a bad
    record and DominoError for a seat or hand out of range or a budget below 1 (the CLI's
    one-line errors).
    """

    def __init__(self, record: Any, seats: list[int] | None = None, budget: int | None = None,
                 config: SearchConfig | None = None, hands: list[int] | None = None,
                 salt: int = 0) -> None:
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
        self.config = expert_config(match.rs) if config is None else config
        self.budget = self.config.evaluations if budget is None else budget
        self.limits = thresholds(self.rs)
        self.salt = salt
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
        nothing and are judged on the way.

        Each decision is judged in three parts: the expert's own search of the position
        (``Search`` seeded by ``position_seed``, exactly as ``agents.ExpertAgent`` plays it,
        so its choice is the expert's), then ``Search.complete``, which values the move
        played and the choice in every world the search sampled, then, when the verdict is
        in doubt, ``deepen_verdict``, which compares the two on more worlds."""
        spent = 0.0
        while not self.done and spent < evaluations:
            if self._search is None:
                d = self.pending[0]
                if d.forced:
                    self.pending.pop(0)
                    self.entries.append(self._forced(d))
                    continue
                self._search = expert_search(d.view, list(d.legal), self.budget, self.config,
                                             self.salt)
            search = self._search
            d = self.pending[0]
            before = search.used + search.extra
            if not search.done:
                search.step(max(1, int(evaluations - spent)))
                finished = False
            else:
                finished = self._settle(search, d, max(1.0, evaluations - spent))
            spent += search.used + search.extra - before
            self.evaluations += search.used + search.extra - before
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

    # --- one decision ---

    def _settle(self, search: Search, d: Decision, evaluations: float) -> bool:
        """After the search: value the move played and the choice in every world it
        sampled (``Search.complete``), then on more worlds if the verdict is in doubt
        (``deepen_verdict``), for up to about ``evaluations``; return whether done."""
        start = search.extra
        if not search.complete([d.played, search.best()], evaluations):
            return False
        return deepen_verdict(search, d.played, self.limits,
                              max(1.0, evaluations - (search.extra - start)))

    def _base(self, d: Decision) -> dict[str, Any]:
        return {"hand": d.hand, "move": d.move, "seat": d.seat, "played": str(d.played)}

    def _forced(self, d: Decision) -> dict[str, Any]:
        entry = self._base(d)
        entry.update({"forced": True, "value": None, "best": str(d.played), "best_value": None,
                      "loss": 0.0, "loss_se": 0.0, "mark": None, "worlds": 0,
                      "as_good": True, "says": [], "best_says": []})
        return entry

    def _judged(self, d: Decision, search: Search) -> dict[str, Any]:
        fig = figure(search, d.played, self.limits)
        entry = self._base(d)
        entry.update({"forced": False, "value": fig["value"], "best": fig["best"],
                      "best_value": fig["best_value"], "loss": fig["loss"],
                      "loss_se": fig["loss_se"], "mark": fig["mark"],
                      "worlds": fig["worlds"], "as_good": fig["as_good"]})
        # What the move played and the best do that can be named in words (E-62).
        legal = list(d.legal)
        entry["says"] = consequences(search.k, d.played, legal)
        best = search.candidates[_pair(search, d.played)[1]]
        entry["best_says"] = ([] if best == d.played
                              else consequences(search.k, best, legal))
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


def expert_search(v: View, legal: list[Move], budget: int | None = None,
                  config: SearchConfig | None = None, salt: int = 0) -> Search:
    """The search the expert runs at view ``v`` (``agents.SearchAgent.start``: seeded by
    ``position_seed``, the same candidates, config and budget), not yet run; ``salt``
    other than 0 seeds another, independent one. ``config`` None: the expert's in the
    view's variant (``levels.expert_config``)."""
    cfg = expert_config(v.rs) if config is None else config
    return Search(v, list(legal), random.Random(position_seed(v, salt)), cfg, budget)


def _pair(search: Search, move: Move) -> tuple[int, int, float, float, float, int]:
    """``move`` against the expert's choice over the worlds they share: the indexes of
    ``move`` and of the best, their mean values, the standard error of the paired
    difference (0 when ``move`` is the best, ``math.inf`` below two worlds) and the number
    of worlds. ``move`` is itself the best when it is the choice, a mirror image of it
    (``mirrored``), or a sensible move (``policy.playable``) estimated at least as good.

    The shared worlds: the search's own ``worlds`` for the choice itself, else every world
    both were valued in (``deepen`` may have given the pair more; the choice may have more
    still, from its comparisons with other moves, which are left out)."""
    choice = search.best()
    played = search.candidates.index(move)
    best = search.candidates.index(choice)
    if played == best:
        n = search.worlds
    else:
        n = min(len(search.values[played]), len(search.values[best]))
    mine, theirs = search.values[played][:n], search.values[best][:n]
    value, best_value = _mean(mine), _mean(theirs)
    sensible = move in playable(list(search.legal))
    if (best == played or mirrored(search.view, choice, move)
            or (sensible and value >= best_value)):
        return played, played, value, value, 0.0, n
    # The paired difference, world by world (both were valued in the same worlds).
    _, se = mean_se([b - p for b, p in zip(theirs, mine, strict=True)])
    return played, best, value, best_value, se, n


def figure(search: Search, move: Move, limits: dict[str, float]) -> dict[str, Any]:
    """The review's figures for ``move`` after ``search`` is done and ``complete`` has
    valued ``move`` and ``search.best()`` in every world (and ``deepen_verdict`` has run,
    if it is to): its ``value``, the ``best`` move and its ``best_value``, the ``loss`` (at
    least 0), the standard error of the paired difference ``loss_se`` (None when fewer than
    two worlds pair them), the ``mark`` and the ``worlds`` it was valued in (E-24), and
    ``as_good``: whether the move is as good as the best as far as the judge can tell (E-61):
    it is the best, or its loss is within the noise guard and below an inaccuracy.

    The best is the expert's choice (``Search.best``), except that ``move`` is itself the
    best when it is a sensible move (``policy.playable``) estimated at least as good, or a
    mirror image of the choice (``mirrored``)."""
    played, best, value, best_value, se, n = _pair(search, move)
    loss = max(0.0, best_value - value)
    # Fewer than two paired worlds: the error is unknown (infinite), so nothing is marked,
    # and JSON has no infinity: it is written as null.
    finite = se != math.inf
    return {"move": str(move), "value": _round(value),
            "best": str(search.candidates[best]), "best_value": _round(best_value),
            "loss": _round(loss), "loss_se": _round(se) if finite else None,
            "mark": mark_of(loss, se, limits), "worlds": n,
            "as_good": as_good(loss, se, limits)}


def as_good(loss: float, se: float, limits: dict[str, float]) -> bool:
    """Whether a move that loses ``loss`` (standard error ``se``) against the best is as good
    as the best as far as the judge can tell (E-61): the difference is within the noise
    guard (``NOISE_SE`` standard errors) and below an ``inaccuracy``. A loss of a mark's size
    left in doubt is not called as good (the player is told the figures are not sure), nor is
    a small loss the judge does tell apart."""
    return loss <= 1e-9 or (loss <= NOISE_SE * se and loss < limits[MARK_NAMES[0]] - 1e-9)


def doubtful(search: Search, move: Move, limits: dict[str, float],
             boundary: bool = True, close: bool = True) -> bool:
    """Whether the verdict on ``move`` is in doubt: its loss reaches a mark's threshold
    (``inaccuracy``) but is within the noise guard (``NOISE_SE`` standard errors), or it is
    marked on fewer than ``MIN_WORLDS`` worlds; more worlds could tell a clear loss from a
    tie. With ``boundary``, also a mark whose loss is within one standard error of a
    threshold (E-64): more worlds could tell a mistake from an inaccuracy. With ``close``,
    also a loss below an inaccuracy (a close call, E-95) that is within the noise guard, or
    told apart on fewer than twice the search's worlds: more worlds could tell a move as
    good as the best from a slightly worse one, and the move played from the best itself
    (it is the best once estimated at least as good). The choice won on the search's own
    worlds, so it looks better there than it is: a small loss is told apart on fresh ones."""
    _, _, value, best_value, se, n = _pair(search, move)
    loss = best_value - value
    if loss <= 1e-9:
        return False
    if loss < limits[MARK_NAMES[0]] - 1e-9:
        return close and (loss <= NOISE_SE * se or n < 2 * search.worlds)
    if loss <= NOISE_SE * se or n < MIN_WORLDS:
        return True
    return boundary and any(abs(loss - limits[name]) < se for name in MARK_NAMES)


def deepen_worlds(search: Search, budgets: float = DEEPEN) -> int:
    """How many worlds a doubtful verdict may add (``budgets`` of the search's, default
    ``DEEPEN``, for two moves, at the search's average cost of an evaluation): a fixed
    function of the search, so that the verdict does not depend on the chunks it is judged
    in or on other moves judged."""
    if not search.evaluated or not search.used:
        return 0
    per_evaluation = search.used / search.evaluated
    return int(budgets * search.budget / (2 * per_evaluation))


def large(search: Search, move: Move, limits: dict[str, float]) -> bool:
    """Whether the loss of ``move`` may be a ``mistake``'s size: its estimate plus the noise
    guard (``NOISE_SE`` standard errors) reaches the threshold. A player must not be told
    that such a loss is noise while more worlds can still tell (E-60)."""
    _, _, value, best_value, se, _ = _pair(search, move)
    return best_value - value + NOISE_SE * se >= limits[MARK_NAMES[1]] - 1e-9


def deepen_verdict(search: Search, move: Move, limits: dict[str, float],
                   evaluations: float = math.inf) -> bool:
    """After ``Search.complete``, judge a doubtful verdict (``doubtful``) on more worlds:
    ``move`` and the expert's choice are valued together in the same new worlds
    (``Search.deepen``), doubling their worlds at each look, until the verdict is no
    longer in doubt or ``deepen_worlds`` are spent; for up to about ``evaluations`` of
    work in this call (then False: call again to go on). A verdict still in doubt there
    whose loss may be a mistake's size (``large``) goes on to ``DEEPEN_LARGE`` budgets
    (E-60): a search that stopped early, or had few worlds per move, can leave a clear
    loss of 10 points within two standard errors, and the player would be told it is
    noise.

    A search ends early when every other move is clearly worse, and a pruned move was
    dropped on its first worlds, often unlucky ones; either way the figures may rest on too
    few worlds for a clear loss to pass the noise guard (E-24). A true tie stays a tie: its
    difference does not grow with more worlds while its error shrinks. The looks come at
    fixed numbers of worlds (the search's, times 2, 4, ...), and every added value is a
    function of the world and the move alone, so a record gets the same verdict in any
    chunks, and a hint (``judge_position``) that deepened a move as far the same figures as
    the review."""
    start = search.worlds
    cap = start + deepen_worlds(search)
    far = start + deepen_worlds(search, DEEPEN_LARGE)
    choice = search.best()
    if start == 0 or move == choice:
        return True
    pair = [choice, move]
    spent_before = search.extra
    while True:
        _, _, _, _, _, n = _pair(search, move)
        look = start
        while look < n:
            look *= 2
        if look == n and not doubtful(search, move, limits):
            return True
        if n >= far:
            return True
        # At the ordinary cap, and at each look past it, only a large loss still in doubt
        # goes on (a close call, below an inaccuracy, stops at the cap); between looks the
        # deepening goes on to the next look whatever the figures, so that a verdict read
        # in chunks is read at the same worlds.
        if ((n == cap or (n > cap and look == n))
                and not (doubtful(search, move, limits, False, False)
                         and large(search, move, limits))):
            return True
        target = min(cap if n < cap else far, look if look > n else 2 * look)
        if not search.deepen(pair, target, evaluations - (search.extra - spent_before)):
            return False


def judge_position(v: View, legal: list[Move], budget: int | None = None,
                   config: SearchConfig | None = None) -> dict[str, Any]:
    """The review's figures for every sensible move (``policy.playable``) of the seat to
    move at view ``v``, before it moves (a hint during play, issue 13: "Hints during play
    show the same figures for the candidate moves").

    The expert's search of the position (``expert_search``) is run, then every sensible
    move is valued in every world it sampled (``Search.complete``) and the doubtful ones on
    more (``deepen_verdict``), all sharing the level's ``hint_extra`` budgets (E-63); each
    move's figures are the ones ``Review`` gives that move if it is played, as far as it was
    valued (``figure``: a move's added values depend on the world and the move alone): on
    the same worlds the same figures (DECISIONS E-30); a move the hint valued on fewer worlds
    than the review may read otherwise (E-63).

    Returns ``{"best": the expert's choice, "unit", "thresholds", "budget", "worlds",
    "moves": [{"move", "value", "loss", "loss_se", "mark", "worlds", "as_good", "says"},
    ...]}``, the best first and then by value, highest first. With one sensible move nothing is searched:
    its entry has ``"forced": true``, value None and loss 0, as the review judges it."""
    rs = v.rs
    limits = thresholds(rs)
    moves = playable(list(legal))
    out: dict[str, Any] = {"unit": MARKS[scale_of(rs)].unit,
                           "thresholds": {k: _round(x) for k, x in limits.items()}}
    if len(moves) == 1:
        out.update({"best": str(moves[0]), "budget": 0, "worlds": 0,
                    "moves": [{"move": str(moves[0]), "forced": True, "value": None,
                               "loss": 0.0, "loss_se": 0.0, "mark": None, "worlds": 0,
                               "as_good": True, "says": []}]})
        return out
    search = expert_search(v, legal, budget, config)
    search.run()
    choice = search.best()
    # A hint must come about as fast as the expert's move (issue 26: within 1.5 times its
    # time), so all its work after the search shares one extra of `hint_extra` budgets (E-63,
    # 0.4; Mexican Train's expert 0.3, E-108):
    # first the moves valued in every world the search sampled (the choice, then the others
    # as the search ranks them: a move pruned early may otherwise take more work than the
    # search itself, in every world of a position solved exactly), then the doubtful
    # verdicts on more worlds, the largest losses first (the ones a mark would be wrong or
    # missing on). The review gives the move played its own extra (DEEPEN), so a move valued
    # here on fewer worlds than there may show other figures; the same ones where the
    # worlds are the same.
    spare = search.cfg.hint_extra * search.budget
    ranked = [m for m, _, _ in search.ranking() if m in moves and m != choice]
    for m in [choice, *ranked]:
        before = search.extra
        search.complete([m], max(0.0, spare) if m != choice else math.inf)
        spare -= search.extra - before
    first = sorted(moves, key=lambda m: -figure(search, m, limits)["loss"])
    for m in first:
        if spare <= 0:
            break
        before = search.extra
        deepen_verdict(search, m, limits, spare)
        spare -= search.extra - before
    figures = []
    for m in moves:
        f = figure(search, m, limits)
        figures.append({"move": f["move"], "forced": False, "value": f["value"],
                        "loss": f["loss"], "loss_se": f["loss_se"], "mark": f["mark"],
                        "worlds": f["worlds"], "as_good": f["as_good"],
                        "says": consequences(search.k, m, list(legal))})
    order = {str(m): i for i, m in enumerate(moves)}
    figures.sort(key=lambda f: (f["move"] != str(choice), -f["value"], order[f["move"]]))
    out.update({"best": str(choice), "budget": search.budget, "worlds": search.worlds,
                "moves": figures})
    return out


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
        rs = get_ruleset(record["variant"], record.get("options", {}))
        n = rs.players
    except (DominoError, KeyError, TypeError):
        return False
    want_seats = list(range(n)) if seats is None else sorted(set(seats))
    want_budget = expert_config(rs).evaluations if budget is None else budget
    want_hands = None if hands is None else sorted(set(hands))
    return (review.get("record") == record_id(record) and review.get("complete") is True
            and review.get("seats") == want_seats and review.get("budget") == want_budget
            and review.get("hands") == want_hands)


__all__ = ["DEEPEN", "DEEPEN_LARGE", "FORMAT", "MARKS", "MIN_WORLDS", "VERSION", "Decision",
           "Marks", "Review", "as_good", "decisions", "deepen_verdict", "deepen_worlds",
           "doubtful", "expert_search", "figure", "judge_position", "large", "mark_of", "matches", "mirrored", "record_id",
           "review_record", "scale_of", "thresholds"]
