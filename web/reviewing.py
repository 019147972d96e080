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

The verdicts are kept (web/worker.py: IndexedDB store `reviews`) under `cache_key(record id,
hand)`, with an index of when each was written so that the oldest go first beyond
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
        return matches(review, self.record, seats, budget, [hand])


class Job:
    """One hand's review in steps: `step(evaluations)` until it returns True."""

    def __init__(self, subject, hand, seats=None, budget=None):
        self.subject = subject
        self.hand = hand
        self.review = Review(subject.record, seats, budget, hands=[hand])

    def step(self, evaluations):
        return self.review.step(evaluations)

    def progress(self):
        return self.review.progress()

    def result(self):
        """The annotated document (complete once `step` returned True)."""
        return self.subject.annotated(self.review.result())


def cache_key(record, hand):
    """The key of a hand's kept verdict: the record's identity and the hand's number."""
    return str(record) + "#" + str(hand)


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
    """The keys of the verdicts kept in `index` for hands 1..`hands` of `record`."""
    rid = record_id(record)
    return [key for key in (cache_key(rid, h) for h in range(1, hands + 1)) if key in index]
