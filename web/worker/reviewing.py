"""The move review as the engine worker runs it (plain Python: the worker runs it under
Pyodide, pytest under CPython; the judging itself is the engine's `domino.ai.review`).

A record under review is a `Subject`: the worker opens one (the session's match, or a match
of the history), and the page then asks for what it shows, hand by hand:

- `hands()`: the hands of the record that can be reviewed (only a finished hand: every tile
  of it has been shown at its end, so its positions reveal nothing that is still hidden);
- `position(hand, index)`: the table before move `index + 1` of the hand (`index` = the number
  of moves: after the last one), as the page draws it: the public view of the table
  (`layout`, `ends`, `history`, `start`, `counts`, `boneyard`, `end_count`, `seated`), every
  seat's tiles (`hands`), the seat to move and the move played there as structured data
  (`protocol.move_entry`: tile, end id, the number on that end), so that the page never reads
  move notation;
- `judge(hand, seats, budget)`: a `Job`, the engine's `Review` of that hand run in steps by the
  worker between its other messages; `annotated(doc)` gives each judged move its played and
  best moves as structured data too.

The verdicts are kept (web/worker/worker_review.py: IndexedDB store `reviews`) under
`Subject.key(hand)`: the identity of the record up to and including that hand (`upto`), so that
the same hand of the same match is found again whatever later hands the record has (a review
opened at the end-of-hand summary counts for the finished match); a hand is judged on that
record too, so the verdict names it. A verdict kept before under the whole record's identity
(`Subject.legacy_key`) is moved once (`Subject.upgrade`). The index says when each was written an index of when each was written so that the oldest go first beyond
`REVIEWS_KEPT` (`to_trim`); `usable(doc, ...)` says whether a kept verdict can be shown as it
is (the engine's `matches`: the same record, hand, seats, budget and engine version), so that
reopening a reviewed hand is instant and gives the same figures.
"""

from domino.ai.review import Review, matches, record_id
from domino.hand.state import legal_moves
from domino.match.match import Match
from domino.hand.moves import Move
from domino.session import move_entry
from domino.rules.ruleset import get_ruleset, reading
from domino.tiles import tile_str
from domino.play.view import view

REVIEWS_KEPT = 300
INDEX_KEY = "index"
# The view's fields a position carries for the table (the rest is the seats' or the page's).
TABLE_FIELDS = ("layout", "ends", "history", "start", "counts", "boneyard", "drawable",
                "end_count", "seated")


class Subject:
    """A record under review. Raises the engine's RecordError for a record it cannot replay."""

    def __init__(self, record):
        self.match = Match.from_record(record)  # every field and move checked
        self.record = record
        self.id = record_id(record)
        self.rs = self.match.rs
        self._positions = {}
        self._over = None
        self._parts = {}
        self._keys = {}

    def describe(self):
        """What the page needs to name and draw the record's tables."""
        return {"variant": self.rs.id, "options": self.rs.option_values(),
                "reading": reading(self.rs), "players": self.match.players,
                "record": self.id, "hands": self.hands()}

    def hands(self):
        """Each hand of the record that can be reviewed: its number (from 1) and its moves."""
        if self._over is None:
            self._over = []
            for number, entry, over in self._replay(None):
                if over:
                    self._over.append({"hand": number, "moves": len(entry.get("moves") or [])})
        return self._over

    def reviewable(self, hand):
        return any(h["hand"] == hand for h in self.hands())

    def _replay(self, wanted, collect=None):
        """Replay the record hand by hand (as `domino.ai.review.decisions` does); for hand
        `wanted`, `collect(state, move)` before each move and `collect(state, None)` at the
        end. Yields (hand number, record entry, whether the hand ended)."""
        record = self.record
        rs = get_ruleset(record["variant"], record.get("options", {}))
        m = Match(rs, record.get("seed", 0), record.get("match", {}))
        for number, entry in enumerate(record["hands"], start=1):
            if number > 1:
                m.hand_number += 1
            m.deal(entry.get("deal"), entry.get("start"))
            for text in entry.get("moves", []):
                if number == wanted:
                    collect(m.hand, Move.parse(text))
                m.play(Move.parse(text))
            if number == wanted:
                collect(m.hand, None)
            yield number, entry, m.hand_over
            if wanted is not None and number >= wanted:
                return

    def positions(self, hand):
        """Every position of a finished hand (see the module doc), computed once."""
        if hand in self._positions:
            return self._positions[hand]
        if not self.reviewable(hand):
            raise ValueError("hand " + str(hand) + " is not a finished hand of this record")
        out = []

        def collect(state, move):
            seat = state.to_move
            v = view(state, seat if seat is not None else 0).to_json()
            ends = {end: number for end, number in v["ends"]}
            entry = None
            if move is not None:
                legal = legal_moves(state)
                played = legal[legal.index(move)]  # the normalized notation
                entry = dict(move_entry(played, ends), seat=seat)
            out.append({"to_move": seat if move is not None else None, "move": entry,
                        "view": {k: v.get(k) for k in TABLE_FIELDS},
                        "hands": [[tile_str(t) for t in sorted(h, reverse=True)]
                                  for h in state.hands]})

        for _ in self._replay(hand, collect):
            pass
        for index, p in enumerate(out):
            p["index"] = index
            p["hand"] = hand
            p["total"] = len(out) - 1
        self._positions[hand] = out
        return out

    def position(self, hand, index):
        """Position `index` of `hand`; ValueError for one out of range."""
        moves = self.positions(hand)
        if isinstance(index, bool) or not isinstance(index, int) or not 0 <= index < len(moves):
            raise ValueError("index must be a whole number from 0 to " + str(len(moves) - 1))
        return moves[index]

    def part(self, hand):
        """The record up to and including `hand` (`upto`), made once."""
        if hand not in self._parts:
            self._parts[hand] = upto(self.record, hand)
        return self._parts[hand]

    def key(self, hand):
        """The key of `hand`'s kept verdict: the same for every record of this match that
        has the hand as it was played, whatever hands follow it."""
        if hand not in self._keys:
            self._keys[hand] = cache_key(record_id(self.part(hand)), hand)
        return self._keys[hand]

    def legacy_key(self, hand):
        """The key a verdict of `hand` had before (the whole record's identity)."""
        return cache_key(self.id, hand)

    def upgrade(self, kept, hand):
        """A verdict kept under `legacy_key(hand)` ({"review", "at"}) made a verdict of the
        record up to `hand` (what `key(hand)` keeps), or None when it is not a complete
        verdict of this hand of this record. Hand n's review replays and judges hands 1..n
        only, so its figures are those of the shorter record: only the name changes."""
        review = kept.get("review") if isinstance(kept, dict) else None
        if not isinstance(review, dict) or review.get("record") != self.id \
                or review.get("complete") is not True or review.get("hands") != [hand]:
            return None
        out = dict(kept)
        out["review"] = dict(review, record=record_id(self.part(hand)))
        return out

    def judge(self, hand, seats=None, budget=None):
        """The review of one finished hand, to be run in steps (`Job`)."""
        if not self.reviewable(hand):
            raise ValueError("hand " + str(hand) + " is not a finished hand of this record")
        return Job(self, hand, seats, budget)

    def annotated(self, doc):
        """The `domino-review` document with each move's `played_move` and `best_move` as the
        page reads moves (`protocol.move_entry` at that position), and `unit`'s reading."""
        out = dict(doc)
        moves = []
        for e in doc.get("moves") or []:
            p = self.positions(e["hand"])[e["move"] - 1]
            ends = {end: number for end, number in p["view"]["ends"]}
            entry = dict(e)
            entry["played_move"] = p["move"]
            entry["best_move"] = move_entry(Move.parse(e["best"]), ends)
            moves.append(entry)
        out["moves"] = moves
        return out

    def usable(self, doc, hand, seats=None, budget=None):
        """Whether a kept verdict is a complete review of `hand` with these seats and budget
        by this engine (then it is shown as it is)."""
        review = doc.get("review") if isinstance(doc, dict) else None
        return matches(review, self.part(hand), seats, budget, [hand])


class Job:
    """One hand's review in steps: `step(evaluations)` until it returns True."""

    def __init__(self, subject, hand, seats=None, budget=None):
        self.subject = subject
        self.hand = hand
        self.review = Review(subject.part(hand), seats, budget, hands=[hand])

    def step(self, evaluations):
        return self.review.step(evaluations)

    def progress(self):
        return self.review.progress()

    def result(self):
        """The annotated document (complete once `step` returned True)."""
        return self.subject.annotated(self.review.result())


def cache_key(record, hand):
    """The key of a hand's kept verdict: a record's identity (`record_id`) and the hand's
    number."""
    return str(record) + "#" + str(hand)


def upto(record, hand):
    """`record` with its hands up to and including hand `hand` (from 1): the match as it
    was when that hand ended, whatever was played after it."""
    out = dict(record)
    out["hands"] = list(record["hands"][:hand])
    return out


def to_trim(index, keep=REVIEWS_KEPT):
    """The keys of `index` ({key: written at, ms}) beyond the newest `keep`, oldest first."""
    ordered = sorted(index, key=lambda k: (index[k], k))
    return ordered[:max(0, len(ordered) - keep)]


def seat_accuracy(docs, seat):
    """The share of `seat`'s judged moves without a mistake or a blunder over the verdicts
    `docs` (domino-review documents, one per hand; unreadable ones skipped), or None when
    none of them judged a move of that seat: the statistics' accuracy of a match."""
    judged = 0
    bad = 0
    for doc in docs:
        totals = doc.get("totals") if isinstance(doc, dict) else None
        for total in totals if isinstance(totals, list) else []:
            if not isinstance(total, dict) or total.get("seat") != seat:
                continue
            count = total.get("judged")
            mistakes = total.get("mistakes", 0)
            blunders = total.get("blunders", 0)
            if all(isinstance(v, int) and not isinstance(v, bool) and v >= 0
                   for v in (count, mistakes, blunders)) and mistakes + blunders <= count:
                judged += count
                bad += mistakes + blunders
    return round(1 - bad / judged, 4) if judged else None


def kept_keys(record, hands, index):
    """The keys of the verdicts kept in `index` for hands 1..`hands` of `record`: each
    hand's key (the record up to that hand), else the key it had before (the whole record),
    for a verdict not yet moved."""
    rid = record_id(record)
    out = []
    for h in range(1, hands + 1):
        for key in (cache_key(record_id(upto(record, h)), h), cache_key(rid, h)):
            if key in index:
                out.append(key)
                break
    return out


def match_totals(docs):
    """The match summary per seat over `docs` (one hand's domino-review document each, as
    the review annotates them): the seat's decisions, judged and forced moves and marks
    summed, `accuracy` over every judged move of the match (the share without a mistake or a
    blunder, 1.0 when none was judged, as a hand's), `total_loss` summed, and `worst`: the
    three largest losses of the match (each with its `hand`, `move`, `loss`, `mark` and
    `played_move`). A hand's `worst` lists its three largest, so the match's three are among
    them."""
    seats = {}
    for doc in docs:
        if not isinstance(doc, dict):
            continue
        moves = {(e.get("hand"), e.get("move")): e for e in doc.get("moves") or []}
        for t in doc.get("totals") or []:
            seat = t.get("seat")
            acc = seats.get(seat)
            if acc is None:
                acc = seats[seat] = {"seat": seat, "hands": 0, "decisions": 0, "judged": 0,
                                     "forced": 0, "inaccuracies": 0, "mistakes": 0,
                                     "blunders": 0, "total_loss": 0.0, "worst": []}
            acc["hands"] += 1
            for name in ("decisions", "judged", "forced", "inaccuracies", "mistakes",
                         "blunders"):
                acc[name] += t.get(name) or 0
            acc["total_loss"] += t.get("total_loss") or 0.0
            for w in t.get("worst") or []:
                worst = dict(w)
                e = moves.get((w.get("hand"), w.get("move")))
                if e is not None and "played_move" in e:
                    worst["played_move"] = e["played_move"]
                acc["worst"].append(worst)
    out = []
    for seat in sorted(seats):
        acc = seats[seat]
        bad = acc["mistakes"] + acc["blunders"]
        acc["accuracy"] = round(1 - bad / acc["judged"], 4) if acc["judged"] else 1.0
        acc["total_loss"] = round(acc["total_loss"], 2) + 0.0
        acc["worst"] = sorted(acc["worst"], key=lambda w: (-w["loss"], w["hand"],
                                                           w["move"]))[:3]
        out.append(acc)
    return out
