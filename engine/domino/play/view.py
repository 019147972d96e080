"""What one seat may know: the only way hidden information leaves the engine.

A ``View`` holds the seat's own tiles, the other seats' tile counts, the layout, the boneyard
count, the public history (draws without their tiles, but for the seat's own: ``drawn``) and
where that history starts (``HistoryStart``: the layout and turn facts of a record's
``start`` position, or the empty table of a dealt hand). Agents and the web app receive
views, never a ``HandState``.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from ..hand.moves import DRAW, LEAD, LEAVE, PAIR, PASS, PLACE, Move
from ..hand.state import LEAD_PHASE, OVER_PHASE, HandState, legal_moves
from ..rules.ruleset import Ruleset
from ..settlement.settle import hand_result
from ..tiles import Tile, is_double, tile_str


@dataclass(frozen=True)
class HistoryStart:
    """Where the public history of a hand begins, as every seat saw it.

    A dealt hand's history begins on an empty table with the leader to move. A record's
    ``start`` position (RECORD.md) begins it in the middle of a hand, with tiles already down
    and some turn facts fixed. Whoever replays the history (the AI's ``knowledge``) starts
    from here, not from an empty table.

    Everything here is public. A state that keeps where its history began (``origin``, see
    ``history_start``) gives it exactly; otherwise it is rebuilt from the public facts, exact
    but for one gap: Mexican Train markers are taken back from the history, and a seat whose
    marker changed during it (by a pass, or by playing on its own train) shows its start
    marker only when another seat's play on that train proved it, else as not set. The AI's
    inference stays sound with such a gap (it only misses what a marked train would prove).
    """

    layout: dict[str, Any]  # the layout's JSON (as ``View.layout``) where the history begins
    to_move: int  # the seat to move there
    seated: tuple[bool, ...]  # the seats at the table there (vn_iwin: before later leaves)
    # The history opens with the hand's lead, and that lead was the tile the variant's lead
    # rule named (the highest double, ...): so no seat held a tile the rule ranks higher.
    forced_lead: bool

    def to_json(self) -> dict[str, Any]:
        """The start of the history as plain JSON (the ``start`` key of ``View.to_json``)."""
        return {"layout": self.layout, "to_move": self.to_move, "seated": list(self.seated),
                "forced_lead": self.forced_lead}


# The seat of a spectator's view: no seat (events use the same number for what every seat
# sees, ``Event.to_json(-1)``).
SPECTATOR = -1


@dataclass(frozen=True)
class View:
    """One seat's knowledge of a hand, or a spectator's (``seat`` SPECTATOR: what every seat
    knows, and no hand)."""

    rs: Ruleset
    seat: int
    players: int
    hand_number: int
    to_move: int | None
    hand: tuple[Tile, ...]
    counts: tuple[int, ...]
    boneyard: int
    drawable: int
    layout: dict[str, Any]
    ends: tuple[tuple[str, int], ...]
    history: tuple[tuple[int, str], ...]
    legal: tuple[Move, ...]
    leading: bool
    seated: tuple[bool, ...]
    points: tuple[int, ...]
    penalties: tuple[tuple[int, int, int], ...]
    escrow: int
    match_totals: tuple[int, ...]
    result: Any
    last_placer: int | None  # the seat whose placement came last (vn_iwin's pass penalty)
    start: HistoryStart  # where ``history`` begins
    # all_fives: the count of the open ends as the variant scores it (RULES.md 3.3), which a
    # placement scores when it is a multiple of five; None in a variant that does not count.
    end_count: int | None = None
    # The tiles this seat drew itself, by their index in ``history`` (the seat saw them come
    # into its hand; no other seat's draw is named). Empty where it cannot be told: a state
    # that does not keep where its hand began.
    drawn: tuple[tuple[int, Tile], ...] = ()

    def to_json(self, own_draws: bool = True) -> dict[str, Any]:
        """The view as plain JSON (what the worker sends to the page). ``own_draws`` False
        leaves the tiles of the seat's own draws out of the history, as before W-123: a
        search's seed (``search.position_seed``) is read from that, so every seeded decision
        stays what it was."""
        return {
            "variant": self.rs.id,
            "seat": self.seat,
            "players": self.players,
            "hand_number": self.hand_number,
            "to_move": self.to_move,
            "hand": [tile_str(t) for t in self.hand],
            "counts": list(self.counts),
            "boneyard": self.boneyard,
            "drawable": self.drawable,
            "layout": self.layout,
            "ends": [[e, v] for e, v in self.ends],
            # A draw of this seat's own carries its tile: [seat, "draw", tile].
            "history": _history_json(self.history, dict(self.drawn) if own_draws else {}),
            "legal": [str(m) for m in self.legal],
            "leading": self.leading,
            "seated": list(self.seated),
            "points": list(self.points),
            "penalties": [list(p) for p in self.penalties],
            "escrow": self.escrow,
            "match_totals": list(self.match_totals),
            "result": self.result.to_json() if self.result else None,
            "last_placer": self.last_placer,
            "start": self.start.to_json(),
            "end_count": self.end_count,
        }


def view(s: HandState, seat: int) -> View:
    """The view of ``seat``: nothing hidden from it, everything it may know. ``SPECTATOR`` is
    a spectator's (a friend's device that watches): only what every seat knows, so no hand,
    no legal moves and no drawn tile, built here rather than by removing one seat's secrets
    from that seat's view, so that a field added to a view later cannot reach a spectator by
    being forgotten."""
    over = s.phase == OVER_PHASE
    to_move = None if over else s.to_move
    return View(
        rs=s.rs, seat=seat, players=s.n, hand_number=s.hand_number, to_move=to_move,
        hand=() if seat == SPECTATOR else tuple(sorted(s.hands[seat], reverse=True)),
        counts=tuple(len(h) for h in s.hands),
        boneyard=len(s.boneyard), drawable=s.drawable(),
        layout=s.layout.to_json(), ends=tuple(s.layout.ends()),
        history=tuple((seat, str(move)) for seat, move in s.history),
        legal=tuple(legal_moves(s)) if to_move == seat else (),
        leading=s.phase == LEAD_PHASE,
        seated=tuple(s.seated), points=tuple(s.points),
        penalties=tuple(s.transfers), escrow=s.escrow,
        match_totals=tuple(s.match_totals),
        # An ended hand is settled on first asking (a state left by game.advance included).
        result=hand_result(s) if over else None,
        last_placer=s.last_placer,
        start=history_start(s),
        end_count=s.layout.count_ends() if s.rs.end_count_scoring else None,
        drawn=() if seat == SPECTATOR else drawn_by(s, seat),
    )


def _history_json(history: tuple[tuple[int, str], ...], drawn: dict[int, Tile]
                  ) -> list[list[Any]]:
    out: list[list[Any]] = []
    for i, (seat, move) in enumerate(history):
        tile = drawn.get(i)
        out.append([seat, move] if tile is None else [seat, move, tile_str(tile)])
    return out


def drawn_by(s: HandState, seat: int) -> tuple[tuple[int, Tile], ...]:
    """The tiles ``seat`` drew in this hand's history, by history index: a reloaded page's
    log says "You drew 3-2" as the live one did. Draws take the boneyard's first tile, so the
    boneyard where the history began (``origin``) tells each one. vn_iwin's leave reshuffles
    the boneyard; draws after one are not named (that variant does not draw)."""
    origin = getattr(s, "origin", None)
    if origin is None or not any(p == seat and m.kind == DRAW for p, m in s.history):
        return ()
    boneyard = list(origin.boneyard)
    out = []
    for i, (p, move) in enumerate(s.history):
        if move.kind == LEAVE:
            break
        if move.kind == DRAW and boneyard:
            tile = boneyard.pop(0)
            if p == seat:
                out.append((i, tile))
    return tuple(out)


def history_start(s: HandState) -> HistoryStart:
    """Where the public history of ``s`` begins (see ``HistoryStart``).

    From the state the hand was dealt or started as, when the state keeps it (a HandState
    slot ``origin``: ``game.new_hand`` and ``game.start_position`` would set it to a copy of
    the state they return); otherwise from public facts: the layout then is the
    layout now with the history's placements taken back, the seat to move then is the
    history's first mover, and the seats then are those seated now and those who left since.
    """
    history = s.history
    forced = bool(history) and history[0][1].kind == LEAD and s.forced_lead is not None
    origin = getattr(s, "origin", None)
    if origin is not None:
        return HistoryStart(layout=origin.layout.to_json(), to_move=origin.to_move,
                            seated=tuple(origin.seated), forced_lead=forced)
    seated = list(s.seated)
    for p, move in history:
        if move.kind == LEAVE:
            seated[p] = True
    return HistoryStart(
        layout=_taken_back(s.layout.to_json(), history, s.rs),
        to_move=history[0][0] if history else s.to_move,
        seated=tuple(seated), forced_lead=forced,
    )


def _taken_back(layout: dict[str, Any], history: list[tuple[int, Move]], rs: Ruleset
                ) -> dict[str, Any]:
    """The layout JSON ``layout`` as it stood before the placements of ``history``."""
    if any(move.kind == LEAD for _, move in history):
        # A lead opens an empty table (Mexican Train has none: its hub is never empty).
        if layout["kind"] == "line":
            return {"kind": "line", "tiles": []}
        return {"kind": "tree", "lead": None, "arms": []}
    if layout["kind"] == "line":
        return _line_taken_back(layout, history)
    if layout["kind"] == "tree":
        return _tree_taken_back(layout, history, rs.cross_after_line)
    return _trains_taken_back(layout, history)


def _line_taken_back(layout: dict[str, Any], history: list[tuple[int, Move]]) -> dict[str, Any]:
    tiles = [list(t) for t in layout["tiles"]]
    for _, move in reversed(history):
        if move.kind == PLACE:
            tiles.pop(0 if move.end == "L" else -1)
        elif move.kind == PAIR:
            for end in (move.end2, move.end):
                tiles.pop(0 if end == "L" else -1)
    return {**layout, "tiles": tiles}


def _tree_taken_back(layout: dict[str, Any], history: list[tuple[int, Move]],
                     cross_after_line: bool) -> dict[str, Any]:
    arms = [{**arm, "tiles": [list(t) for t in arm["tiles"]]} for arm in layout["arms"]]
    for _, move in reversed(history):
        if move.kind != PLACE:
            continue
        arm = next(a for a in arms if a["id"] == move.end)
        index = len(arm["tiles"]) - 1
        arm["tiles"].pop()
        # A spinner placed there brought its two cross arms.
        arms = [a for a in arms if a["parent"] != [move.end, index]]
    by_id = {a["id"]: a for a in arms}
    for arm in arms:
        if arm["id"] in ("L", "R"):
            continue
        # Cross arms open once both line sides of their spinner carry a tile (or at once).
        if arm["parent"] is None:
            ready = bool(by_id["L"]["tiles"]) and bool(by_id["R"]["tiles"])
        else:
            host, index = arm["parent"]
            ready = len(by_id[host]["tiles"]) > index + 1
        arm["open"] = ready or not cross_after_line
    return {**layout, "arms": arms}


def _trains_taken_back(layout: dict[str, Any], history: list[tuple[int, Move]]) -> dict[str, Any]:
    trains = {t["id"]: {**t, "tiles": [list(x) for x in t["tiles"]]} for t in layout["trains"]}
    unsatisfied = list(layout["unsatisfied"])
    on_double: dict[int, bool] = {}  # history index -> the placement covered a double
    for i in range(len(history) - 1, -1, -1):
        move = history[i][1]
        if move.kind != PLACE:
            continue
        tiles = trains[move.end]["tiles"]
        tiles.pop()
        if is_double(move.tile):
            unsatisfied.remove(move.end)
        on_double[i] = bool(tiles) and tiles[-1][0] == tiles[-1][1]
        if on_double[i]:
            # The tile satisfied the double it covered, which was the oldest one waiting.
            unsatisfied.insert(0, move.end)
    # A marker is set by a pass that is no voluntary end of a first-turn run, and cleared by
    # playing on one's own train (RULES.md 3.4); before a seat's first such move its marker
    # shows only if another seat played on its train other than to satisfy a double.
    first_change: dict[int, int] = {}
    proved: set[int] = set()
    mover, placed, extra = None, False, False
    for i, (p, move) in enumerate(history):
        if p != mover:
            mover, placed, extra = p, False, False
        if move.kind == PASS and not (placed and not extra):
            first_change.setdefault(p, i)
        elif move.kind == PLACE:
            owner = int(move.end[1:]) if move.end != "MX" else None
            if owner == p:
                first_change.setdefault(p, i)
            elif owner is not None and owner not in first_change and not on_double[i]:
                proved.add(owner)
            placed, extra = True, is_double(move.tile)
    for train in trains.values():
        owner = train["owner"]
        if owner is not None and owner in first_change:
            train["marker"] = owner in proved
    return {**layout, "trains": list(trains.values()), "unsatisfied": unsatisfied}
