"""vn_schoolnet: who deliberately blocked a hand, and who set the block up ("gài triệt").

RULES.md 2.2.2 defines the blocker with a one-round horizon: the last placement whose player
made a block certain before acting again, while another placement would have let the hand go
on. The search uses the actual hidden hands and boneyard order, which the engine knows, and
covers at most n-1 turns of the other players, so it is small.

It looks back at the positions before the last placements. Play is deterministic once the
tiles are dealt (a draw takes the boneyard's first tile), so those positions are replayed
from the state the hand keeps as its ``base`` (where it was dealt, started, or resampled)
when a blocked hand is settled, instead of being copied before every placement of every hand.
"""

from __future__ import annotations

from ..hand.moves import LEAD, PAIR, PLACE, Move
from ..hand.state import HandState, advance, legal_moves, placements


class LookBack:
    """The positions before the placements of the hand ``s``, by turn index (``s.turns``),
    replayed from ``s.base`` on first asking; a turn before the base has none (None), and
    so has every turn when the replay does not arrive at the hands and boneyard of ``s``.

    One replay keeps the positions of the last two rounds, all that the searches below read
    (each seat's last turn, and the turn before it of the seat upstream); an earlier turn is
    replayed again on asking.
    """

    def __init__(self, s: HandState) -> None:
        self.s = s
        self.kept: dict[int, HandState] = {}
        self.kept_from: int | None = None  # every placement from this turn index on is kept

    def get(self, turn: int) -> HandState | None:
        """The position before the placement of turn ``turn``, or None."""
        if self.kept_from is None or turn < self.kept_from:
            self._replay(min(turn, len(self.s.turns) - 2 * self.s.n))
        return self.kept.get(turn)

    def _replay(self, start: int) -> None:
        s, base = self.s, self.s.base
        self.kept_from = start
        if base is None:
            return
        c = base.copy()
        kept: dict[int, HandState] = {}
        for _, move in s.history[len(base.history):]:
            if move.kind in (LEAD, PLACE, PAIR) and len(c.turns) >= start:
                kept[len(c.turns)] = c.copy()
            advance(c, move)
        # A state whose tiles were changed by hand after its base (a tool's position) is not
        # where the replay leads: it has no look-back rather than a wrong one.
        if c.hands == s.hands and c.boneyard == s.boneyard:
            self.kept = kept


def _blocked_before(s: HandState, actor: int) -> bool:
    """Every legal continuation from ``s`` ends blocked before ``actor`` acts again."""
    if s.over:
        return s.termination == "blocked"
    if s.to_move == actor:
        return False
    for move in legal_moves(s):
        # A look-ahead is never settled: only how it ends matters (game.advance stops there).
        nxt = s.copy()
        advance(nxt, move)
        if not _blocked_before(nxt, actor):
            return False
    return True


def _after(s: HandState, move: Move) -> HandState:
    nxt = s.copy()
    advance(nxt, move)
    return nxt


def find_blocker(s: HandState, look: LookBack | None = None) -> int | None:
    """The blocker of the blocked hand ``s``, or None for a forced block ("triệt buộc").
    ``look`` passes the ``LookBack`` of ``s`` when the caller has one already."""
    turns = s.turns
    look = look or LookBack(s)
    if s.rs.blocker_mode == "last_placer":
        for i in range(len(turns) - 1, -1, -1):
            seat, move = turns[i]
            if move is None:
                continue
            before = look.get(i)
            if before is None:
                return None
            for other in placements(before, seat):
                if other != move:
                    nxt = _after(before, other)
                    if not (nxt.over and nxt.termination == "blocked"):
                        return seat
            return None
        return None
    for i in range(len(turns) - 1, -1, -1):
        seat, move = turns[i]
        if move is None:
            continue
        if any(t[0] == seat for t in turns[i + 1:]):
            continue
        before = look.get(i)
        if before is None:
            continue
        if not _blocked_before(_after(before, move), seat):
            continue
        for other in placements(before, seat):
            if other != move and not _blocked_before(_after(before, other), seat):
                return seat
    return None


def gai_of(s: HandState, blocker: int, look: LookBack | None = None) -> int | None:
    """The upstream seat U = prev(K) if, on its last turn before K's blocking placement, it
    placed a tile while holding another playable tile (RULES.md 2.2.3); else None.
    ``look`` passes the ``LookBack`` of ``s`` when the caller has one already."""
    turns = s.turns
    look = look or LookBack(s)
    k_turn = max(i for i, (seat, move) in enumerate(turns) if seat == blocker and move)
    upstream = (blocker - 1) % s.n
    while not s.seated[upstream]:
        upstream = (upstream - 1) % s.n
    for i in range(k_turn - 1, -1, -1):
        seat, move = turns[i]
        if seat != upstream:
            continue
        if move is None:
            return None
        before = look.get(i)
        if before is None:
            return None
        played = {move.tile, move.tile2} - {None}
        if any(m.tile not in played for m in placements(before, upstream)):
            return upstream
        return None
    return None
