"""The search's playouts and max^n solves on a tree of arms (Doubles), without the engine's
legal lists and copies.

A playout plays a sampled world to its end by the rollout policy (``policy.rollout_move``).
Through the engine (``search.rollout``) every turn builds the legal list of ``Move`` objects
(``state.legal_moves``: ``TreeLayout.options`` walks every arm for every tile in hand) and
the block check at the start of a turn, once nothing can be drawn, asks every seat the same
way: in Doubles with four players that was two thirds of the expert's time per decision
(cProfile of its slowest decisions: ``rollout`` 7.1 s of 11.0 s, ``TreeLayout.options`` 3.0 s,
its arms' ``value`` 2.0 million calls; docs/DECISIONS.md E-109).

``playout`` plays the same moves for the same random numbers: the placements in
``legal_moves``' order (tile by tile in hand order, and for each tile the open arms in the
layout's order where it fits: a double on an arm showing its number, another tile on an
arm that shows one of its numbers and takes it, RULES.md 2.4's locks), one number drawn for
the greed test and one more for a random pick only when two or more placements are open,
the heaviest by ``rollout_move``'s score otherwise (the first among equals); a drawn tile
goes to the end of the hand; a pass ends the turn; the hand ends when one is empty, or is
blocked when nothing can be drawn and no seated seat can place. What fits is counted by
number (the open arms showing each number, those of them that take a tile that is not a
double), kept up to date as tiles are placed, so a turn costs a few look-ups per tile in
hand instead of a walk over every arm. The tiles are placed by the layout's own
``TreeLayout.place`` (the same arms, spinners and names), so the end position is the
engine's; the move history is not kept (settlement reads the hands, who is seated and how
the hand ended), as ``lineplay.playout`` does on a line. Its loop, ``run``, also plays All
Fives' counted tree with that module's arms and greedy pick (``fivesplay``, E-112).

``solve_maxn`` is ``search._solve_maxn`` on the same counts: where that copied the world (its
tree of arms, tens of ``Arm`` objects) for every child of every node and listed its moves
through the engine, this puts a tile on the counts and takes it back in one copy of the
world. The same nodes are counted (a node where two or more placements are open; the only
placement, a draw or a pass is played without counting), the same moves tried in the same
order (``legal_moves``' order less twin arms, ``search.untwinned``, then heaviest first),
the same leaves settled (``settle.settle`` of the same hands: it never reads the tree, which
this copy leaves as it was; each side's ``Utility``) and
ties kept by the first move, so a seeded search's figures are unchanged (E-78's profile:
62% of a four-player decision in these solves).

Rules it does not play (``supported`` is False: cross sides that open later, end counting,
voluntary or optional draws, leaving, pass penalties, pairs of doubles) stay with the
engine's loop and solve.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence
from typing import Any, Protocol

from ..hand.layout import TreeLayout
from ..hand.result import Termination
from ..hand.state import OVER_PHASE, PLAY_PHASE, HandState
from ..rules.ruleset import DRAW_UNTIL, NONE, Ruleset
from ..settlement.settle import HandResult, settle
from ..tiles import Tile, full_set
from .evaluate import side_of
from .lineplay import _rollout_scores
from .linesolve import SolveLimit


def supported(rs: Ruleset) -> bool:
    """Whether ``playout`` plays worlds of ``rs``: a tree whose every side opens with its
    double (no ``cross_after_line``), no end counting, no voluntary or optional draw, nobody
    leaving, no pass penalty, no pair of doubles, no wild blanks, no blocker look-back."""
    return (
        not rs.layout_kind.line
        and not rs.layout_kind.trains
        and not rs.cross_after_line
        and not rs.end_count_scoring
        and not rs.voluntary_draw
        and not rs.drawn_tile_optional
        and not rs.leave_allowed
        and not rs.pass_penalty
        and not rs.pair_of_doubles
        and not rs.blank_wild
        and not rs.blocker_mode
    )


def applicable(s: HandState) -> bool:
    """Whether ``playout`` can play ``s``: ``supported`` rules, the lead made, a tree."""
    return s.phase == PLAY_PHASE and isinstance(s.layout, TreeLayout) and supported(s.rs)


class _Arms:
    """The tree's open arms as ``playout`` reads them: each arm's id and number in the
    layout's order (``ids``, ``values``), whether its tip is a double (``tips``), and by
    number the open arms showing it (``count``) and those of them that take a tile that is
    not a double (``takes``; RULES.md 2.4: under ``number`` every arm of an unlocked number,
    under ``spinner_only`` the arms whose tip is a double; without locks every arm)."""

    __slots__ = ("lay", "mode", "ids", "values", "tips", "count", "takes", "unlocked",
                 "spinners")

    def __init__(self, lay: TreeLayout, width: int) -> None:
        self.lay = lay
        self.mode = mode = lay.unlock_mode
        self.ids: list[str] = []
        self.values: list[int] = []
        self.tips: list[bool] = []
        ids, values, tips = self.ids, self.values, self.tips
        for arm in lay.arms.values():  # (``Arm.value`` and ``tip_is_double`` written out)
            if arm.open:
                ids.append(arm.id)
                if arm.tiles:
                    t, e = arm.tiles[-1]
                    values.append(e)
                    tips.append(t == e)
                else:
                    values.append(arm.origin)
                    tips.append(arm.origin_double)
        self.count = count = [0] * width
        self.unlocked = unlocked = [False] * width
        for v in values:
            count[v] += 1
        for d in lay.doubles_down:
            unlocked[d] = True
        if mode is None:
            self.takes = count[:]
        elif mode == "number":
            self.takes = [c if u else 0 for c, u in zip(count, unlocked, strict=True)]
        else:
            self.takes = takes = [0] * width
            for v, tip in zip(values, tips, strict=True):
                takes[v] += tip
        self.spinners = len(lay.spinners)  # (``put`` counts the spinners it adds)

    def _takes(self, value: int, tip: bool) -> bool:
        """Whether an arm showing ``value`` (its tip a double or not) takes a non-double."""
        mode = self.mode
        if mode is None:
            return True
        return self.unlocked[value] if mode == "number" else tip

    def _add(self, arm_id: str, value: int, tip: bool) -> None:
        self.ids.append(arm_id)
        self.values.append(value)
        self.tips.append(tip)
        self.count[value] += 1
        self.takes[value] += self._takes(value, tip)

    def fits(self, t: Tile) -> int:
        """How many placements tile ``t`` has."""
        a, b = t
        if a == b:
            return self.count[a]
        takes = self.takes
        return takes[a] + takes[b]

    def nth(self, t: Tile, j: int) -> int:
        """The index of the ``j``-th arm (from 0, in the layout's order) where ``t`` fits,
        or -1 past its last: ``TreeLayout.options``' order."""
        a, b = t
        values, double = self.values, a == b
        for i, v in enumerate(values):
            if v == a or v == b:
                if double or self._takes(v, self.tips[i]):
                    if not j:
                        return i
                    j -= 1
        return -1

    def first(self, t: Tile, touch: int) -> int:
        """The first arm (in the layout's order) where ``t`` fits touching ``touch``."""
        double = t[0] == t[1]
        for i, v in enumerate(self.values):
            if v == touch and (double or self._takes(v, self.tips[i])):
                return i
        raise AssertionError("the tile fits no arm by that number")

    def place(self, t: Tile, i: int, seat: int) -> None:
        """Put ``t`` on arm ``i`` through the layout (``TreeLayout.place``) and bring the
        counts up to date: the arm's new number, a number a double unlocks, a spinner's new
        arms (every arm opens with its double here: ``supported``)."""
        lay = self.lay
        old = self.values[i]
        other = t[1] if t[0] == old else t[0]
        known = len(lay.arms)
        lay.place(t, self.ids[i], old, seat)
        count, takes = self.count, self.takes
        count[old] -= 1
        takes[old] -= self._takes(old, self.tips[i])
        double = t[0] == t[1]
        if double and self.mode == "number" and not self.unlocked[old]:
            self.unlocked[old] = True
            takes[old] = count[old]
        self.values[i] = other
        self.tips[i] = double
        count[other] += 1
        takes[other] += self._takes(other, double)
        if len(lay.arms) != known:
            for arm in list(lay.arms.values())[known:]:
                self._add(arm.id, arm.value, arm.tip_is_double)


    def put(self, t: Tile, i: int) -> tuple[Any, ...]:
        """Put ``t`` on arm ``i`` in the counts alone (the layout is not changed), as
        ``TreeLayout.place`` would: the arm's new number and tip, the number a double
        unlocks, a spinner's two new arms showing its number; return what ``take`` needs
        to take it back."""
        values, tips, count, takes = self.values, self.tips, self.count, self.takes
        old, tip = values[i], tips[i]
        back = (i, old, tip, count[:], takes[:], len(values), self.unlocked[old],
                self.spinners)
        other = t[1] if t[0] == old else t[0]
        count[old] -= 1
        takes[old] -= self._takes(old, tip)
        double = t[0] == t[1]
        if double and self.mode == "number" and not self.unlocked[old]:
            self.unlocked[old] = True
            takes[old] = count[old]
        values[i] = other
        tips[i] = double
        count[other] += 1
        takes[other] += self._takes(other, double)
        rule = self.lay.spinner_rule
        if double and rule != "none" and (rule == "all" or not self.spinners):
            # Every double a spinner (or the first): two cross sides open with it.
            self.spinners += 1
            self._add("", old, True)
            self._add("", old, True)
        return back

    def take(self, back: tuple[Any, ...]) -> None:
        """Take back the tile ``put`` placed (``back`` is what it returned)."""
        i, old, tip, count, takes, known, unlocked, spinners = back
        self.values[i], self.tips[i] = old, tip
        self.count[:], self.takes[:] = count, takes
        del self.values[known:], self.tips[known:], self.ids[known:]
        self.unlocked[old] = unlocked
        self.spinners = spinners


def _greedy(arms: _Arms, hand: list[Tile], base: dict[Tile, float], width: int) -> tuple[Tile, int]:
    """``rollout_move``'s heaviest placement, as (tile, arm index): a tile's score less its
    follow bonus (``base``), plus 3 for each other tile in hand showing the number it
    leaves exposed; the first of the best in ``legal_moves``' order. The exposed number is
    always one of the tile's own, so the other tiles showing it are the hand's tiles showing
    it less one."""
    showing = [0] * width
    for a, b in hand:
        showing[a] += 1
        if a != b:
            showing[b] += 1
    count, takes = arms.count, arms.takes
    best: Tile | None = None
    touches: tuple[int, ...] = ()
    top = -1e9
    for t in hand:
        a, b = t
        if a == b:
            if not count[a]:
                continue
            score = base[t] + 3.0 * (showing[a] - 1)
            if score > top:
                best, top, touches = t, score, (a,)
            continue
        # Touching a leaves b exposed, and the other way round.
        sa = base[t] + 3.0 * (showing[b] - 1) if takes[a] else None
        sb = base[t] + 3.0 * (showing[a] - 1) if takes[b] else None
        if sa is None and sb is None:
            continue
        score = max(x for x in (sa, sb) if x is not None)
        if score > top:
            best, top = t, score
            touches = tuple(v for v, x in ((a, sa), (b, sb)) if x == score)
    assert best is not None  # the caller counted two placements or more
    if len(touches) == 1:
        return best, arms.first(best, touches[0])
    return best, arms.nth(best, 0)  # equal either way: its first arm


class Fitting(Protocol):
    """Open arms that count the placements a tile has (``fits``) and find its ``j``-th."""

    def fits(self, t: Tile) -> int: ...

    def nth(self, t: Tile, j: int) -> int: ...


class Placing(Fitting, Protocol):
    """Arms that also place a tile on arm ``i`` for ``seat``, returning the count of the ends
    where the variant scores it (else None)."""

    def place(self, t: Tile, i: int, seat: int) -> int | None: ...


def pick(arms: Fitting, hand: list[Tile], j: int) -> tuple[Tile, int]:
    """Placement ``j`` (from 0) of ``legal_moves``' order, as (tile, arm index), from a
    tree's arms that count what fits (``fits``) and find the ``nth`` arm a tile fits
    (Doubles' ``_Arms`` here, All Fives' ``fivesplay._Ends``)."""
    for t in hand:
        k = arms.fits(t)
        if j < k:
            return t, arms.nth(t, j)
        j -= k
    raise AssertionError("fewer placements than counted")


def playout(s: HandState, rng: random.Random, greed: float) -> int:
    """Play tree world ``s`` (``applicable``) to its end in place, exactly as
    ``search.Search._playout``'s loop of ``legal_moves``, ``rollout_move`` and ``advance``
    plays it (the same moves for the same draws of ``rng``), and return the moves made
    (placements, draws and passes, as that loop counts them)."""
    width = s.rs.max_pip + 1
    return run(s, rng, greed, _Arms(s.layout, width), _greedy)  # type: ignore[arg-type]


def run(s: HandState, rng: random.Random, greed: float, arms: Placing,
        greedy: Callable[[Any, list[Tile], dict[Tile, float], int], tuple[Tile, int]]) -> int:
    """The playout loop of a tree (``playout`` here, ``fivesplay.playout`` on All Fives'):
    ``arms`` count and place, ``greedy`` is ``rollout_move``'s heaviest pick on them. Where
    ``arms.place`` returns the count of the ends (All Fives) a multiple of 5 is scored by the
    placer's side, and reaching the target ends the hand at once ("target", RULES.md 3.3);
    Doubles' arms return None and nothing is scored."""
    rs, n = s.rs, s.n
    hands, bone, seated, points = s.hands, s.boneyard, s.seated, s.points
    width = rs.max_pip + 1
    base = _rollout_scores(rs)
    draws = rs.draw_policy != NONE
    reserve = rs.reserve_for(n) if draws else len(bone)
    until = rs.draw_policy == DRAW_UNTIL
    target, totals = rs.target, s.match_totals
    p, drew, lp, passes, moves = s.to_move, s.drew, s.last_placer, s.passes_in_row, 0
    rand = rng.random
    termination: Termination
    while True:
        hand = hands[p]
        k = 0
        for t in hand:
            k += arms.fits(t)
        moves += 1
        if not k:
            if len(bone) - reserve > 0 and (until or drew == 0):
                hand.append(bone.pop(0))
                drew += 1
                continue
            passes += 1
        else:
            if k == 1:
                t, i = pick(arms, hand, 0)
            elif rand() >= greed:
                t, i = pick(arms, hand, int(rand() * k))
            else:
                t, i = greedy(arms, hand, base, width)
            hand.remove(t)
            count = arms.place(t, i, p)
            lp, passes = p, 0
            if count and count % 5 == 0:
                for q in side_of(rs, n, p):
                    points[q] += count
                if target and totals[p] + points[p] >= target:
                    termination = "target"
                    break
            if not hand:
                termination = "domino"
                break
        # The next seated player's turn; once nothing can be drawn, the block check.
        s.first_turn_open[p] = False
        p = p + 1 if p + 1 < n else 0
        while not seated[p]:
            p = p + 1 if p + 1 < n else 0
        drew = 0
        if (not draws or len(bone) <= reserve) and stuck(arms, hands, seated):
            termination = "blocked"
            break
    ended(s, p, lp, passes, drew, termination)
    return moves


def stuck(arms: Fitting, hands: list[list[Tile]], seated: list[bool]) -> bool:
    """No seated seat holds a tile that fits an open arm (the block check)."""
    return not any(seated[q] and any(arms.fits(t) for t in hands[q])
                   for q in range(len(hands)))


def ended(s: HandState, p: int, lp: int | None, passes: int, drew: int,
          termination: Termination) -> None:
    """Leave world ``s`` as the engine leaves a hand that ended ``termination`` with ``p`` to
    move: the seat that went out (or reached the target) is the winner, a block has none."""
    s.to_move, s.last_placer, s.passes_in_row, s.drew = p, lp, passes, drew
    s.phase, s.termination, s.by_default = OVER_PHASE, termination, False
    s.winner = None if termination == "blocked" else p


# --- the exact solve -----------------------------------------------------------------------


_PIPS: dict[tuple[int, int], dict[Tile, int]] = {}


def _pips(rs: Ruleset) -> dict[Tile, int]:
    """Each tile's pips under the variant's values (``policy.move_weight``), by the set and
    0-0's value (read only: shared by every solve)."""
    key = (rs.max_pip, rs.zero_double_value)
    got = _PIPS.get(key)
    if got is None:
        got = _PIPS[key] = {t: rs.pip(t) for t in full_set(rs.max_pip)}
    return got


class _Solver:
    """One max^n solve of a tree world (``solve_maxn``): tiles put on the ``_Arms`` counts
    and taken back, in one copy of the world, instead of a copy of the world and its tree
    at every node."""

    def __init__(self, s: HandState, utilities: Sequence[Callable[[HandResult], float]],
                 side_index: dict[int, int], node_limit: int, nodes: list[int]) -> None:
        self.w = w = s.copy()  # its hands and boneyard change as the solve plays, and return
        rs, n = s.rs, s.n
        lay: TreeLayout = s.layout  # type: ignore[assignment]  # a tree (``applicable``)
        self.arms = _Arms(lay, rs.max_pip + 1)
        self.utilities = utilities
        self.side_index = side_index
        self.limit = node_limit
        self.nodes = nodes
        self.n = n
        self.reserve = rs.reserve_for(n) if rs.draw_policy != NONE else len(w.boneyard)
        self.until = rs.draw_policy == DRAW_UNTIL
        self.pips = _pips(rs)
        # Twin arms (``search.untwinned``, ``mirrors.arm_classes``): where every side opens
        # with its double and nothing counts the ends, an arm's class is its number, and
        # under ``spinner_only`` whether its tip is a double too.
        self.by_tip = lay.unlock_mode == "spinner_only"

    def leaf(self, termination: Termination, winner: int | None, lp: int | None
             ) -> list[float]:
        """Every side's value of the hand ended so (``_solve_maxn``'s leaf: the same
        settlement of the same hands, each side's ``Utility``)."""
        w = self.w
        w.last_placer = lp
        result = settle(w, termination, winner, False)
        return [u(result) for u in self.utilities]

    def turn(self, p: int, lp: int | None) -> list[float]:
        """The values once ``p``'s turn is over: the next seated seat's turn, unless the hand
        is blocked (nothing to draw, no seated seat can place: the start-of-turn check)."""
        w, arms, n = self.w, self.arms, self.n
        q = p + 1 if p + 1 < n else 0
        while not w.seated[q]:
            q = q + 1 if q + 1 < n else 0
        if len(w.boneyard) <= self.reserve and not any(
                w.seated[r] and any(arms.fits(t) for t in w.hands[r]) for r in range(n)):
            return self.leaf("blocked", None, lp)
        return self.rec(q, 0, lp)

    def placed(self, p: int, t: Tile, i: int) -> list[float]:
        """The values after ``p`` puts ``t`` on arm ``i`` (the world as before on return)."""
        hand = self.w.hands[p]
        at = hand.index(t)
        del hand[at]
        back = self.arms.put(t, i)
        values = self.turn(p, p) if hand else self.leaf("domino", p, p)
        self.arms.take(back)
        hand.insert(at, t)
        return values

    def moves(self, hand: list[Tile]) -> list[tuple[Tile, int]]:
        """A node's placements as (tile, arm): ``legal_moves``' order less twins (per tile,
        the first arm of each class, ``search.untwinned``), then heaviest first (a stable
        sort by pips shed, ``_solve_maxn``'s)."""
        arms, by_tip = self.arms, self.by_tip
        values, tips = arms.values, arms.tips
        out: list[tuple[Tile, int]] = []
        for t in hand:
            if not arms.fits(t):
                continue
            a, b = t
            double = a == b
            seen: list[tuple[int, bool]] = []
            for i, v in enumerate(values):
                if (v == a or v == b) and (double or arms._takes(v, tips[i])):
                    key = (v, not by_tip or tips[i])
                    if key not in seen:
                        seen.append(key)
                        out.append((t, i))
        pips = self.pips
        out.sort(key=lambda m: -pips[m[0]])
        return out

    def rec(self, p: int, drew: int, lp: int | None) -> list[float]:
        """The values of the position with ``p`` to move, having drawn ``drew`` tiles this
        turn, ``lp`` the last to place (``_solve_maxn``'s ``rec``: a forced move, the only
        placement or a draw or a pass, is played without counting a node)."""
        w, arms = self.w, self.arms
        hand, bone = w.hands[p], w.boneyard
        k = 0
        for t in hand:
            k += arms.fits(t)
        if k == 0:
            if len(bone) - self.reserve > 0 and (self.until or drew == 0):
                hand.append(bone.pop(0))
                values = self.rec(p, drew + 1, lp)
                bone.insert(0, hand.pop())
                return values
            return self.turn(p, lp)  # a pass
        if k == 1:
            t, i = pick(arms, hand, 0)
            return self.placed(p, t, i)
        self.nodes[0] += 1
        if self.nodes[0] > self.limit:
            raise SolveLimit
        me = self.side_index[p]
        best: list[float] = []  # (no side's values are empty)
        for t, i in self.moves(hand):
            values = self.placed(p, t, i)
            if not best or values[me] > best[me]:
                best = values
        return best


def solve_maxn(s: HandState, utilities: Sequence[Callable[[HandResult], float]],
               side_index: dict[int, int], node_limit: int, nodes: list[int]) -> list[float]:
    """Exact max^n values (one per side) of tree world ``s`` (``applicable``), as
    ``search._solve_maxn`` finds them through the engine: the same nodes counted in
    ``nodes[0]`` (``SolveLimit`` past ``node_limit``), the same moves in the same order
    (twins left out), the same leaves settled, ties kept by the first move."""
    return _Solver(s, utilities, side_index, node_limit, nodes).rec(s.to_move, s.drew,
                                                                    s.last_placer)
