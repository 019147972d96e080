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
not the move history, as ``linesolve.playout`` does on a line.

Rules it does not play (``supported`` is False: ``allow_double_chain``, ``first_turn_multi``,
voluntary or optional draws, leaving) stay with the engine's loop.
"""

from __future__ import annotations

import random

from ..hand.layout import TrainLayout
from ..hand.result import Termination
from ..hand.state import OVER_PHASE, PLAY_PHASE, HandState
from ..rules.ruleset import DRAW_ONE, Ruleset
from ..tiles import Tile
from .linesolve import _rollout_scores


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


def _places(
    hand: list[Tile],
    p: int,
    own: list[str],
    unsat: list[str],
    markers: set[int],
    tips: dict[str, int],
) -> list[tuple[Tile, str]]:
    """Seat ``p``'s placements as (tile, train), in ``legal_moves``' order: tile by tile in
    hand order, the trains in ``TrainLayout.targets``' order for each."""
    if unsat:
        targets = [unsat[0]]
    elif markers:
        targets = [own[p], "MX"]
        targets.extend(own[q] for q in sorted(markers) if q != p)
    else:
        targets = [own[p], "MX"]
    places = []
    for t in hand:
        a, b = t
        for train in targets:
            v = tips[train]
            if a == v or b == v:
                places.append((t, train))
    return places


def _heaviest(places: list[tuple[Tile, str]], scores: dict[Tile, float]) -> tuple[Tile, str]:
    """``rollout_move``'s greedy pick: the best score, the first among equals."""
    t, train = places[0]
    top = scores[t]
    for u, where in places:
        score = scores[u]
        if score > top:
            t, train, top = u, where, score
    return t, train


def playout(s: HandState, rng: random.Random, greed: float) -> int:
    """Play train world ``s`` (``applicable``) to its end in place, exactly as
    ``search.rollout``'s loop of ``legal_moves``, ``rollout_move`` and ``advance`` plays it
    (the same moves for the same draws of ``rng``), and return the moves made (placements,
    draws and passes, each one move as there)."""
    rs, n = s.rs, s.n
    hands, bone, seated = s.hands, s.boneyard, s.seated
    lay: TrainLayout = s.layout  # type: ignore[assignment]  # ``applicable``
    trains, markers, unsat = lay.trains, lay.markers, lay.unsatisfied
    engine = lay.engine
    tips = {key: (tiles[-1][1] if tiles else engine) for key, tiles in trains.items()}
    own = [f"T{q}" for q in range(n)]
    scores = _rollout_scores(rs)
    reserve = rs.reserve_for(n)
    in_play = sum(1 for q in range(n) if seated[q])
    p, drew, extra = s.to_move, s.drew, s.extra_play
    lp, passes, moves = s.last_placer, s.passes_in_row, 0
    rand = rng.random
    termination: Termination
    while True:
        hand = hands[p]
        places = _places(hand, p, own, unsat, markers, tips)
        moves += 1
        k = len(places)
        if k:
            if k == 1:
                t, train = places[0]
            elif rand() >= greed:
                t, train = places[int(rand() * k)]
            else:
                t, train = _heaviest(places, scores)
            touch = tips[train]
            a, b = t
            other = b if a == touch else a
            hand.remove(t)
            if unsat and unsat[0] == train:
                unsat.pop(0)
            trains[train].append((touch, other))
            tips[train] = other
            if a == b:
                unsat.append(train)
            if train == own[p]:
                markers.discard(p)
            lp, passes = p, 0
            if not hand:
                termination = "domino"
                break
            if a == b:  # a double: the same seat plays again, and may draw again
                extra, drew = True, 0
                continue
        elif drew == 0 and len(bone) - reserve > 0:
            hand.append(bone.pop(0))
            drew += 1
            continue
        else:  # a pass: the seat's train is open to all
            markers.add(p)
            passes += 1
        # The next seated player's turn; the round ends once all passed in a row, dry.
        p = p + 1 if p + 1 < n else 0
        while not seated[p]:
            p = p + 1 if p + 1 < n else 0
        drew, extra = 0, False
        if passes >= in_play and not bone:
            termination = "round_over"
            break
    s.to_move, s.last_placer, s.passes_in_row, s.drew = p, lp, passes, drew
    s.extra_play, s.played_this_turn = extra, termination == "domino"
    s.phase, s.termination, s.by_default = OVER_PHASE, termination, False
    s.winner = p if termination == "domino" else None
    return moves
