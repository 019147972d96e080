"""The search's playouts on a Mexican Train layout, without the engine's objects.

A playout plays a sampled world to its end by the rollout policy (``policy.rollout_move``).
Through the engine (``search.rollout``) every move builds the legal list of ``Move`` objects
(``state.legal_moves``, which asks the layout for the open trains once per tile) and
``state.advance`` applies one, with its events and history: in Mexican Train that was about
nine tenths of the expert's time per decision (cProfile of 70 four-player decisions:
``rollout`` 46.5 s of 52.0 s, ``placements`` alone 25.6 s).

``playout`` plays the same moves for the same random numbers (docs/DECISIONS.md E-97): the
placements in ``legal_moves``' order (tile by tile in hand order, and for each tile the trains
in ``TrainLayout.targets``' order: the oldest unsatisfied double alone, else the seat's own
train, the Mexican train, then the marked trains by seat), one number drawn for the greed
test and one more for a random pick only when two or more placements are open, the heaviest
by ``rollout_move``'s score otherwise (the first among equals); a drawn tile goes to the end
of the hand; a double earns another play, with one more draw; a pass sets the seat's marker;
the round ends when a hand is empty or every seated player passed in a row with the boneyard
empty. It keeps what settlement reads (hands, boneyard, trains, markers, how the round ended),
not the move history, as ``lineplay.playout`` does on a line.

Rules it does not play (``supported`` is False: ``allow_double_chain``, ``first_turn_multi``,
voluntary or optional draws, leaving) stay with the engine's loop.
"""

from __future__ import annotations

import math
import random
from bisect import bisect_left
from collections.abc import Callable

from ..hand.layout import TrainLayout
from ..hand.result import Termination
from ..hand.state import OVER_PHASE, PLAY_PHASE, HandState
from ..rules.ruleset import DRAW_ONE, Ruleset
from ..tiles import Tile, full_set
from .lineplay import _rollout_scores


def supported(rs: Ruleset) -> bool:
    """Whether ``playout`` plays worlds of ``rs``: trains, one draw a turn (a new one after a
    double), no double chains, no first-turn runs, no voluntary or optional draw, nobody
    leaving, no pass penalty or end counting."""
    return (
        rs.layout_kind.trains
        and rs.draw_policy == DRAW_ONE
        and not rs.allow_double_chain
        and not rs.first_turn_multi
        and not rs.voluntary_draw
        and not rs.drawn_tile_optional
        and not rs.leave_allowed
        and not rs.pass_penalty
        and not rs.end_count_scoring
        and not rs.blocker_mode
        and not rs.blank_wild
    )


def applicable(s: HandState) -> bool:
    """Whether ``playout`` can play ``s``: ``supported`` rules, in play, on trains, and no
    first-turn run under way (``played_this_turn`` with no double to follow up)."""
    return (
        s.phase == PLAY_PHASE
        and isinstance(s.layout, TrainLayout)
        and supported(s.rs)
        and (s.extra_play or not s.played_this_turn)
        and not any(s.first_turn_open)
    )


# Each tile's numbers as a bit set (bit v for the number v), by the set's highest number.
_BITS: dict[int, dict[Tile, int]] = {}


def _tile_bits(top: int) -> dict[Tile, int]:
    """Each tile of the double-``top`` set with the bit of each of its numbers set."""
    got = _BITS.get(top)
    if got is None:
        got = _BITS[top] = {t: (1 << t[0]) | (1 << t[1]) for t in full_set(top)}
    return got


def _pick(hand: list[Tile], targets: list[int], k: int, tip: list[int], bits: dict[Tile, int],
          scores: dict[Tile, float], rand: Callable[[], float], greed: float) -> tuple[Tile, int]:
    """The placement ``rollout_move`` picks among the ``k`` open to ``hand`` on ``targets``
    (train indices, in ``TrainLayout.targets``' order), as (tile, train index), drawing the
    same numbers: none when one placement is open, else the greed test, then a random
    placement of ``legal_moves``' order (tile by tile in hand order, and for each tile the
    targets in their order) or the heaviest, the first among equals in that order. A tile's
    score does not depend on its train, so the heaviest is the first playable tile in hand
    order with the best score, on the first of the targets it fits."""
    if k == 1:
        j = 0
    elif rand() >= greed:
        j = int(rand() * k)
    else:
        j = -1
    if len(targets) == 1 and j >= 0:  # the oldest unsatisfied double alone
        i = targets[0]
        v = tip[i]
        for t in hand:
            if v in t:
                if not j:
                    return t, i
                j -= 1
        raise AssertionError("fewer placements than counted")
    mask = 0
    for i in targets:
        mask |= 1 << tip[i]
    if j >= 0:  # placement j (from 0) of legal_moves' order
        for t in hand:
            if bits[t] & mask:
                a, b = t
                for i in targets:
                    v = tip[i]
                    if a == v or b == v:
                        if not j:
                            return t, i
                        j -= 1
        raise AssertionError("fewer placements than counted")
    best: Tile | None = None
    top = -math.inf
    for t in hand:
        if bits[t] & mask:
            score = scores[t]
            if score > top:
                best, top = t, score
    assert best is not None  # the caller counted a placement
    a, b = best
    for i in targets:
        v = tip[i]
        if a == v or b == v:
            return best, i
    raise AssertionError("the best tile fits no target")


# The trains' indices by key and each seat's own train's index (the Mexican train last), by
# the layout's train keys, and the next seated seat after each seat, by who is seated: the
# same in every playout of a hand, so built once (DECISIONS E-107).
_INDEXES: dict[tuple[str, ...], tuple[dict[str, int], list[int]]] = {}
_AFTER: dict[tuple[bool, ...], list[int]] = {}


def _indexes(names: tuple[str, ...], n: int) -> tuple[dict[str, int], list[int]]:
    """The index of each train key of ``names`` and each of the ``n`` seats' own train's
    index, the Mexican train's last (read only: shared by every playout)."""
    got = _INDEXES.get(names)
    if got is None:
        index = {key: i for i, key in enumerate(names)}
        got = _INDEXES[names] = (index, [index[f"T{q}"] for q in range(n)] + [index["MX"]])
    return got


def _after(seated: list[bool]) -> list[int]:
    """The next seated seat after each seat (read only: shared by every playout)."""
    key = tuple(seated)
    got = _AFTER.get(key)
    if got is None:
        n = len(seated)
        got = [0] * n
        for q in range(n):
            r = q + 1 if q + 1 < n else 0
            while not seated[r] and r != q:
                r = r + 1 if r + 1 < n else 0
            got[q] = r
        _AFTER[key] = got
    return got


def _tables(s: HandState, lay: TrainLayout) -> tuple[
        tuple[str, ...], list[list[Tile]], list[int], list[int], list[list[int]], list[int],
        list[int], list[int], list[int]]:
    """``playout``'s tables of world ``s``: the trains by index (``names[i]`` a train's key,
    ``rows[i]`` its tiles, ``tip[i]`` its open number; ``own[q]`` seat q's train, the Mexican
    train last in ``own``), ``held[q][v]`` how many tiles of seat q's hand carry the number v
    (a double counts once), the marked seats in seat order and their trains' indices beside
    them (``TrainLayout.open_targets`` lists them by seat), the unsatisfied doubles' trains
    by index beside ``unsatisfied``'s keys (the oldest first), and ``after[q]`` the next
    seated seat after q (nobody leaves during a playout). ``names``, ``own`` and ``after``
    are shared and never changed."""
    n, trains, engine = s.n, lay.trains, lay.engine
    names = tuple(trains)
    index, own = _indexes(names, n)
    rows = list(trains.values())
    tip = [(tiles[-1][1] if tiles else engine) for tiles in rows]
    blank = [0] * (s.rs.max_pip + 1)
    held: list[list[int]] = []
    for hand in s.hands:
        c = blank[:]
        for a, b in hand:
            c[a] += 1
            if b != a:
                c[b] += 1
        held.append(c)
    mseats = sorted(lay.markers)
    marked = [own[q] for q in mseats]
    wait = [index[key] for key in lay.unsatisfied]
    return names, rows, tip, own, held, mseats, marked, wait, _after(s.seated)


def _unmark(p: int, markers: set[int], mseats: list[int], marked: list[int]) -> None:
    """Seat ``p`` played on its own marked train: the marker goes, and the train leaves the
    marked trains (kept in seat order beside their seats)."""
    markers.discard(p)
    j = mseats.index(p)
    del mseats[j], marked[j]


def _mark(p: int, train: int, markers: set[int], mseats: list[int], marked: list[int]) -> None:
    """Seat ``p`` passed: its train ``train`` is open to all, kept in seat order."""
    markers.add(p)
    j = bisect_left(mseats, p)
    mseats.insert(j, p)
    marked.insert(j, train)


def _finish(s: HandState, p: int, lp: int | None, passes: int, drew: int, extra: bool,
            termination: Termination) -> None:
    """Write the turn's state and how the round ended into ``s``, as ``advance`` leaves it."""
    s.to_move, s.last_placer, s.passes_in_row, s.drew = p, lp, passes, drew
    s.extra_play, s.played_this_turn = extra, termination == "domino"
    s.phase, s.termination, s.by_default = OVER_PHASE, termination, False
    s.winner = p if termination == "domino" else None


def playout(s: HandState, rng: random.Random, greed: float) -> int:
    """Play train world ``s`` (``applicable``) to its end in place, exactly as
    ``search.rollout``'s loop of ``legal_moves``, ``rollout_move`` and ``advance`` plays it
    (the same moves for the same draws of ``rng``), and return the moves made (placements,
    draws and passes, each one move as there).

    The placements are counted, not listed (DECISIONS E-103): a seat's are the sum, over the
    trains it may play on, of how many tiles of its hand carry the train's tip (``held``);
    only the one picked is looked for (``_pick``), and a turn with none does not read the hand.
    """
    rs, n, hands, bone = s.rs, s.n, s.hands, s.boneyard
    lay: TrainLayout = s.layout  # type: ignore[assignment]  # ``applicable``
    markers, unsat = lay.markers, lay.unsatisfied
    names, rows, tip, own, held, mseats, marked, wait, after = _tables(s, lay)
    mx, scores, bits = own[n], _rollout_scores(rs), _tile_bits(rs.max_pip)
    reserve, in_play = rs.reserve_for(n), sum(1 for q in range(n) if s.seated[q])
    p, drew, extra = s.to_move, s.drew, s.extra_play
    lp, passes, moves = s.last_placer, s.passes_in_row, 0
    rand = rng.random
    while True:
        hand, c, mine = hands[p], held[p], own[p]
        moves += 1
        # How many placements are open: each open train's count of tiles carrying its tip.
        if wait:
            k = c[tip[wait[0]]]
        else:
            k = c[tip[mine]] + c[tip[mx]]
            for i in marked:
                if i != mine:
                    k += c[tip[i]]
        if k:
            if wait:  # the oldest unsatisfied double alone
                targets = wait[:1]
            elif p in markers:
                targets = [mine, mx, *[i for i in marked if i != mine]]
            else:
                targets = [mine, mx, *marked]
            t, i = _pick(hand, targets, k, tip, bits, scores, rand, greed)
            touch = tip[i]
            a, b = t
            other = b if a == touch else a
            hand.remove(t)
            c[a] -= 1
            if b != a:
                c[b] -= 1
            if wait:  # the only train open was the oldest unsatisfied double's
                del unsat[0], wait[0]
            rows[i].append((touch, other))
            tip[i] = other
            if a == b:
                unsat.append(names[i])
                wait.append(i)
            if i == mine and p in markers:
                _unmark(p, markers, mseats, marked)
            lp, passes = p, 0
            if not hand:
                _finish(s, p, lp, passes, drew, extra, "domino")
                return moves
            if a == b:  # a double: the same seat plays again, and may draw again
                extra, drew = True, 0
                continue
        elif drew == 0 and len(bone) - reserve > 0:
            t = bone.pop(0)
            hand.append(t)
            a, b = t
            c[a] += 1
            if b != a:
                c[b] += 1
            drew += 1
            continue
        else:  # a pass: the seat's train is open to all
            if p not in markers:
                _mark(p, mine, markers, mseats, marked)
            passes += 1
        # The next seated player's turn; the round ends once all passed in a row, dry.
        p = after[p]
        drew, extra = 0, False
        if passes >= in_play and not bone:
            _finish(s, p, lp, passes, drew, extra, "round_over")
            return moves
