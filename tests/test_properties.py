"""Property tests: random games of every variant, every player count and the main options.

Every game is played through the CHECKED api (``Match.play``) with moves picked at random from
``Match.legal()``. After every move the tests check, independently of the engine's own code:

* every tile of the set is in exactly one place (hands, boneyard, layout; the dead undealt
  tiles of ``block`` are its boneyard);
* the move applied was one of ``legal()``; a random move NOT in ``legal()`` (and a legal move
  claimed by the wrong seat) is rejected with IllegalMoveError, leaving the state exactly as it
  was; ``step`` gives the same next state as ``Match.play`` and leaves its input alone;
* the legal set equals an oracle written from RULES.md: line layouts (must play if able, draw
  policies and reserves, kozel's pair, blank_wild's touching halves), tree layouts rebuilt from
  the public moves (spinners, cross sides, the unlock rule of ``doubles``) and Mexican trains
  (own / Mexican / marked trains, unsatisfied doubles); the line ends after each placement;
* all_fives scores exactly the multiples of 5 of its end count, and a hand stops the moment a
  seat reaches the target;
* the deal sizes and who leads each hand (and with which tile) follow RULES.md;
* every hand ends within a bound on the number of moves; a line hand ends blocked exactly when
  nothing is drawable and nobody can place;
* settlement equals a reference settlement written from RULES.md for every variant (money
  variants sum to minus the house tax, zero for vn_traditional and vn_schoolnet; points
  never go down; ``pips`` follows the variant's pip rule on the final hands; vn_iwin pass
  penalties reach the balances at once); vn_schoolnet's blocker and "gài triệt" equal a
  one-round-horizon search written from RULES.md 2.2.2-2.2.3;
* whole matches end exactly where the variant says (kozel 101 with its records opening at 13,
  block/draw/doubles 100, all_fives its target, mexican_train after its rounds; money
  variants never end by themselves);
* ``Match.to_record()`` written with ``record.dump`` and read back with ``record.load``
  replays (``record.replay`` / ``Match.from_record``) to the same results, also when cut in
  the middle of a hand.

The seed of each game is drawn by hypothesis; moves come from ``random.Random(seed)``, so a
failing example is reproduced by its seed alone. Shrinking is switched off: a seed does not
shrink meaningfully and every example is a whole match.
"""

from __future__ import annotations

import copy
import json
import random

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from domino import IllegalMoveError, Match, Move, full_set, step, view
from domino import record as rec
from domino.events import Scored

# --- configurations ----------------------------------------------------------------------

PLAYERS = {
    "vn_traditional": (2, 3, 4), "vn_schoolnet": (2, 3, 4), "vn_iwin": (2, 3, 4),
    "doubles": (2, 3, 4), "kozel": (2, 3, 4), "block": (2, 3, 4), "draw": (2, 3, 4),
    "all_fives": (2, 3, 4), "mexican_train": (2, 3, 4, 5, 6, 7, 8),
}

OPTION_CONFIGS = [
    ("vn_traditional", {"players": 4, "partnership": True}),
    ("vn_traditional", {"players": 2, "blank_wild": True}),
    ("vn_traditional", {"players": 4, "blank_wild": True}),
    ("vn_traditional", {"players": 3, "drawn_tile_optional": True}),
    ("vn_traditional", {"players": 3, "scoring_mode": "points"}),
    ("vn_traditional", {"players": 2, "stake": 10}),
    ("vn_schoolnet", {"players": 3, "blocker_mode": "last_placer"}),
    ("vn_schoolnet", {"players": 4, "stake": 100}),
    ("vn_iwin", {"players": 4, "table": "high_roller"}),
    ("vn_iwin", {"players": 3, "table": "vip", "stake": 2000}),
    ("doubles", {"players": 3, "unlock_mode": "spinner_only"}),
    ("kozel", {"players": 2, "zero_double_rule": "only_if_sole_tile"}),
    ("kozel", {"players": 3, "later_hands_lead": "previous_winner_any_tile"}),
    ("kozel", {"players": 4, "lead_double": "lowest_from_1_1"}),
    ("kozel", {"players": 4, "fish_lowest_exempt": True}),
    ("block", {"players": 4, "partnership": True}),
    ("block", {"players": 4, "partnership": True, "hand_size": 7}),
    ("block", {"players": 3, "tie_rule": "lightest_tile"}),
    ("draw", {"players": 2, "reserve": "classic"}),
    ("draw", {"players": 3, "reserve": "classic"}),
    ("draw", {"players": 2, "voluntary_draw": True}),
    ("all_fives", {"players": 4, "partnership": True}),
    ("all_fives", {"players": 2, "spinners": "none"}),
    ("all_fives", {"players": 3, "spinners": "all"}),
    ("all_fives", {"players": 2, "deal": "7/5", "blocked_minus_own": True, "target": 61}),
    ("mexican_train", {"players": 4, "set": "double_nine"}),
    ("mexican_train", {"players": 2, "set": "double_nine"}),
    ("mexican_train", {"players": 3, "allow_double_chain": True}),
    ("mexican_train", {"players": 5, "first_turn_multi": True}),
    ("mexican_train", {"players": 2, "double_blank_value": 50}),
    ("mexican_train", {"players": 6, "first_player": "random"}),
]

CONFIGS = [(v, {"players": p}) for v, ps in PLAYERS.items() for p in ps] + OPTION_CONFIGS


def _cid(config: tuple[str, dict]) -> str:
    variant, options = config
    return variant + "-" + "-".join(f"{k}={v}" for k, v in sorted(options.items()))


IDS = [_cid(c) for c in CONFIGS]
SMALL = [c for c in CONFIGS if c[0] != "mexican_train"]
SMALL_IDS = [_cid(c) for c in SMALL]
TRAINS = [c for c in CONFIGS if c[0] == "mexican_train"]
TRAINS_IDS = [_cid(c) for c in TRAINS]

MONEY = {"vn_traditional", "vn_schoolnet", "vn_iwin"}
LINE = {"vn_traditional", "vn_schoolnet", "vn_iwin", "kozel", "block", "draw"}
SETTINGS = dict(deadline=None, suppress_health_check=list(HealthCheck),
                phases=(Phase.explicit, Phase.reuse, Phase.generate))
ILLEGAL_RATE = {"mexican_train": 0.05}
LEAVE_RATE = 0.01
STEP_RATE = {"mexican_train": 0.05}
SEEDS = st.integers(min_value=0, max_value=2**31 - 1)


def is_money(variant: str, options: dict) -> bool:
    return variant in MONEY and options.get("scoring_mode") != "points"


def max_pip(variant: str, options: dict) -> int:
    if variant != "mexican_train":
        return 6
    return 9 if options.get("set") == "double_nine" else 12


def pip_rule(variant: str, options: dict, hand: list) -> int:
    """RULES.md 1.8 written out again: face pips with the variant's value of 0-0."""
    total = sum(a + b for a, b in hand)
    if (0, 0) in hand:
        if variant == "vn_traditional":
            total += 13
        elif variant == "kozel":
            if options.get("zero_double_rule", "always") == "always" or len(hand) == 1:
                total += 25
        elif variant == "mexican_train":
            total += int(options.get("double_blank_value", 0))
    return total


def reserve_of(variant: str, options: dict, n: int) -> int:
    if variant == "doubles":
        return 2
    if variant == "draw" and options.get("reserve") == "classic":
        return 2 if n == 2 else 1
    return 0


def draw_policy(variant: str, options: dict, n: int) -> str:
    if variant == "block" or (variant == "vn_traditional" and n == 4):
        return "none"
    if variant in ("vn_traditional", "doubles", "mexican_train"):
        return "draw_one"
    return "draw_until_playable"


def end_target(variant: str, options: dict) -> int | None:
    if variant == "kozel":
        return 101
    if variant in ("block", "draw", "doubles"):
        return 100
    if variant == "vn_traditional" and options.get("scoring_mode") == "points":
        return 100
    if variant == "all_fives":
        return int(options.get("target", 200))
    return None


def rounds_of(options: dict) -> int:
    return 10 if options.get("set") == "double_nine" else 13


# --- per-move checks -----------------------------------------------------------------------

def snapshot(m: Match) -> str:
    """Everything a move may change, as text (to prove a rejected move changed nothing)."""
    h = m.hand
    data = {
        "hands": [list(x) for x in h.hands], "boneyard": list(h.boneyard),
        "layout": h.layout.to_json(), "to_move": m.to_move, "over": m.hand_over,
        "history": [(x, str(y)) for x, y in h.history], "views": [view(h, s).to_json() for s in range(m.players)],
        "moves": m.to_record()["hands"][-1], "summary": m.summary(),
    }
    return json.dumps(data, sort_keys=True, default=str)


def check_conservation(m: Match, variant: str, options: dict) -> None:
    h = m.hand
    tiles = [t for hand in h.hands for t in hand] + list(h.boneyard) + list(h.layout.placed())
    assert len(tiles) == len(set(tiles)), f"a tile appears twice: {sorted(tiles)}"
    assert sorted(tiles) == sorted(full_set(max_pip(variant, options))), (
        "tiles not conserved: missing "
        f"{sorted(set(full_set(max_pip(variant, options))) - set(tiles))}")


def trailing_draws(history: list, seat: int) -> int:
    """How many tiles ``seat`` has drawn in the current turn (public history only)."""
    count = 0
    for who, move in reversed(history):
        if who != seat:
            break
        if str(move) == "draw":
            count += 1
        else:
            break
    return count


def line_ends(layout: dict) -> tuple[int, int]:
    return layout["tiles"][0][0], layout["tiles"][-1][1]


def touches(tile: tuple, value: int, wild: bool) -> list[int]:
    """The halves of ``tile`` that may touch an end showing ``value`` (RULES.md 1.3, A-8)."""
    if not wild:
        return [value] if value in tile else []
    if value == 0:
        return sorted(set(tile), reverse=True)
    out = [value] if value in tile else []
    if 0 in tile and 0 not in out:
        out.append(0)
    return out


def can_place_line(hand: list, left: int, right: int, wild: bool = False) -> bool:
    return any(touches(t, left, wild) or touches(t, right, wild) for t in hand)


def oracle_line_legal(m: Match, variant: str, options: dict) -> set[str] | None:
    """RULES.md 1.4-1.6 (and A-8 for blank_wild) for a line layout, in PLAY phase."""
    h = m.hand
    lay = h.layout.to_json()
    if variant not in LINE or not lay["tiles"]:
        return None
    wild = bool(options.get("blank_wild"))
    seat = m.to_move
    left, right = line_ends(lay)
    hand = h.hands[seat]
    out: set[str] = set()
    for t in hand:
        name = f"{t[0]}-{t[1]}"
        for end, value in (("L", left), ("R", right)):
            halves = touches(t, value, wild)
            if len(halves) == 1:
                out.add(f"{name}@{end}")
            else:
                out.update(f"{name}@{end}:{x}" for x in halves)
    if variant == "kozel" and left != right and (left, left) in hand and (right, right) in hand:
        out.add(f"{left}-{left}@L+{right}-{right}@R")
    n = m.players
    drawable = max(0, len(h.boneyard) - reserve_of(variant, options, n))
    policy = draw_policy(variant, options, n)
    drew = trailing_draws(h.history, seat)
    if variant == "block":
        drawable = 0
    may_draw = policy != "none" and drawable > 0 and (policy == "draw_until_playable" or not drew)
    if out:
        if options.get("voluntary_draw") and may_draw:
            out.add("draw")
        if options.get("drawn_tile_optional") and drew:
            out.add("pass")
    elif may_draw:
        out.add("draw")
    else:
        out.add("pass")
    if variant == "vn_iwin" and sum(h.seated) > 1:
        out.add("leave")
    return out


def random_illegal(m: Match, rng: random.Random, variant: str, options: dict) -> Move | None:
    """A random move in notation that ``legal()`` does not list (or None if none was found)."""
    legal = set(m.legal())
    tiles = full_set(max_pip(variant, options))
    ends = ["L", "R", "N", "S", "X1", "X2", "MX", "T0", "T1", "T9", "Q"]
    for _ in range(20):
        kind = rng.randrange(6)
        t = rng.choice(tiles)
        if kind == 0:
            mv = Move.parse(f"{t[0]}-{t[1]}")
        elif kind == 1:
            mv = Move.parse(f"{t[0]}-{t[1]}@{rng.choice(ends)}")
        elif kind == 2:
            mv = Move.parse(rng.choice(["draw", "pass"]))
        elif kind == 3 and m.hand.hands[m.to_move]:
            own = rng.choice(m.hand.hands[m.to_move])
            mv = Move.parse(f"{own[0]}-{own[1]}@{rng.choice(ends)}")
        elif kind == 4:
            d1, d2 = rng.randrange(7), rng.randrange(7)
            mv = Move.parse(f"{d1}-{d1}@L+{d2}-{d2}@R") if d1 != d2 else Move.parse("leave")
        else:
            own = m.hand.hands[m.to_move]
            if not own:
                continue
            o = rng.choice(own)
            mv = Move.parse(f"{o[0]}-{o[1]}@{rng.choice(ends)}:{o[1]}")
        if mv not in legal:
            return mv
    return None


def check_line_ends(before: tuple | None, move: Move, layout: dict) -> None:
    """After a placement the tile's other half shows at that end (RULES.md 1.3)."""
    got = line_ends(layout)
    if before is None:
        assert move.kind == "lead" and got == (move.tile[0], move.tile[1]), (move, got)
        return
    left, right = before
    if move.kind == "pair":
        assert got == before, (move, got)
        return
    value = left if move.end == "L" else right
    touch = move.touch if move.touch is not None else (
        value if value in move.tile else 0)
    other = move.tile[1] if move.tile[0] == touch else move.tile[0]
    want = (other, right) if move.end == "L" else (left, other)
    assert got == want, f"{move} on {before}: ends {got}, RULES.md says {want}"


def check_blocked_end(m: Match, variant: str, options: dict) -> None:
    """A blocked line hand really is dead: nothing drawable and nobody can place."""
    h = m.hand
    if variant not in LINE:
        return
    wild = bool(options.get("blank_wild"))
    drawable = 0 if variant == "block" else max(
        0, len(h.boneyard) - reserve_of(variant, options, m.players))
    assert drawable == 0, "blocked with tiles left to draw"
    left, right = line_ends(h.layout.to_json())
    for seat in range(m.players):
        if h.seated[seat]:
            assert not can_place_line(h.hands[seat], left, right, wild), (
                f"blocked, but P{seat} can place on {left}/{right}")


def check_not_dead(m: Match, variant: str, options: dict) -> None:
    """RULES.md 1.7: the block check runs at the start of every turn."""
    h = m.hand
    if variant not in LINE or not h.layout.to_json()["tiles"]:
        return
    wild = bool(options.get("blank_wild"))
    drawable = 0 if variant == "block" else max(
        0, len(h.boneyard) - reserve_of(variant, options, m.players))
    if drawable:
        return
    left, right = line_ends(h.layout.to_json())
    assert any(can_place_line(h.hands[s], left, right, wild) for s in range(m.players)
               if h.seated[s]), "the position is dead but the hand goes on"


def check_result(m: Match, variant: str, options: dict) -> None:
    """Settlement invariants of the hand that just ended."""
    res = m.hand_result
    assert res is not None
    out = res.to_json()
    n = m.players
    h = m.hand
    assert set(out) >= {"termination", "winner", "blocker", "gai", "ranking", "pips", "delta",
                        "house"}
    assert len(out["delta"]) == n and len(out["pips"]) == n
    assert all(isinstance(x, int) for x in out["delta"] + out["pips"] + [out["house"]])
    assert out["pips"] == [pip_rule(variant, options, hand) for hand in h.hands]
    if variant == "vn_iwin":
        assert out["house"] >= 0
        assert sum(out["delta"]) == -out["house"]
    elif is_money(variant, options):
        assert out["house"] == 0
        assert sum(out["delta"]) == 0
    else:
        assert out["house"] == 0
        assert all(d >= 0 for d in out["delta"]), out
    term = out["termination"]
    if variant == "mexican_train":
        assert term in ("domino", "round_over")
    elif variant == "all_fives":
        assert term in ("domino", "blocked", "target")
    else:
        assert term in ("domino", "blocked")
    if term == "domino":
        w = out["winner"]
        seats = w if isinstance(w, list) else [w]
        assert any(h.seated[s] and not h.hands[s] for s in seats) or (
            variant == "vn_iwin" and sum(h.seated) == 1)
    if term == "blocked":
        check_blocked_end(m, variant, options)
    if variant not in ("vn_schoolnet", "vn_iwin"):
        assert out["blocker"] is None and out["gai"] is None, out
    if variant == "vn_iwin":
        assert out["gai"] is None
        if term == "domino":
            assert out["blocker"] is None
    if options.get("partnership") and out["winner"] is not None:
        assert sorted(out["winner"]) in ([0, 2], [1, 3]), out
    ranking = out["ranking"]
    if variant in ("vn_traditional", "vn_schoolnet") and not options.get("partnership") and (
            options.get("scoring_mode") != "points"):  # points mode: test_records.py
        hands = m.hand.hands
        key = lambda p: chain_key(variant, options, hands[p])  # noqa: E731
        if term == "domino":
            w = next(p for p in range(n) if not hands[p])
            assert ranking == [w] + sorted((p for p in range(n) if p != w), key=key), out
        else:
            assert ranking == sorted(range(n), key=key), out
    if ranking:
        assert len(ranking) == len(set(ranking))
        assert set(ranking) <= set(range(n))


class HandLog:
    """What the test itself saw of one hand: moves, leave charges and all_fives points."""

    def __init__(self, n: int) -> None:
        self.moves: list[tuple[int, str]] = []
        self.leaves: dict[int, int] = {}
        self.points = [0] * n
        self.scored: list[tuple[int, int]] = []


def play_hand(m: Match, rng: random.Random, variant: str, options: dict,
              check_illegal: bool = True, log: HandLog | None = None) -> HandLog:
    """Play the current hand to its end with random legal moves, checking every move."""
    n = m.players
    log = log or HandLog(n)
    model = make_model(m, variant, options)
    start = m.summary()
    target = end_target(variant, options)
    tiles = len(full_set(max_pip(variant, options)))
    bound = 3 * tiles * (n + 1)
    moves = 0
    check_conservation(m, variant, options)
    while not m.hand_over:
        legal = m.legal()
        assert legal, "no legal move in a hand that is not over"
        texts = [str(x) for x in legal]
        assert len(texts) == len(set(texts)), f"duplicate legal moves {texts}"
        for x in legal:
            assert Move.parse(str(x)) == x
        oracle = oracle_line_legal(m, variant, options)
        if oracle is None and model is not None:
            oracle = oracle_model_legal(m, variant, options, model)
        if oracle is not None:
            assert set(texts) == oracle, f"legal {sorted(texts)} != rules {sorted(oracle)}"
        if not trailing_draws(m.hand.history, m.to_move):
            check_not_dead(m, variant, options)
        if check_illegal and rng.random() < ILLEGAL_RATE.get(variant, 0.3):
            bad = random_illegal(m, rng, variant, options)
            if bad is not None:
                before = snapshot(m)
                with pytest.raises(IllegalMoveError):
                    m.play(bad)
                assert snapshot(m) == before, f"rejected {bad} changed the state"
            if n > 1 and legal:
                wrong = (m.to_move + 1) % n
                with pytest.raises(IllegalMoveError):
                    m.play(legal[0], seat=wrong)
                assert snapshot(m) == before, "a move out of turn changed the state"
        choices = [x for x in legal if x.kind != "leave"] or legal
        if variant == "vn_iwin" and len(choices) < len(legal) and rng.random() < LEAVE_RATE:
            choices = [x for x in legal if x.kind == "leave"]
        move = rng.choice(choices)
        seat = m.to_move
        hist = len(view(m.hand, seat).to_json()["history"])
        before_ends = (line_ends(m.hand.layout.to_json()) if variant in LINE
                       and m.hand.layout.to_json()["tiles"] else None)
        if move.kind == "leave":
            doubles = sum(1 for a, b in m.hand.hands[seat] if a == b)
            log.leaves[seat] = stake_of(variant, options) * (1 + 2 * doubles)
        stepped = None
        if move.kind != "leave" and rng.random() < STEP_RATE.get(variant, 0.2):
            before = snapshot(m)
            stepped, _ = step(m.hand, move)
            assert snapshot(m) == before, "step() changed the state it was given"
        events = m.play(move if rng.random() < 0.5 else str(move))
        if stepped is not None:
            assert stepped.hands == m.hand.hands and stepped.boneyard == m.hand.boneyard
            for p in range(n):
                a, b = view(stepped, p).to_json(), view(m.hand, p).to_json()
                if variant == "kozel":  # the match turns hand points into records
                    a.pop("result")
                    b.pop("result")
                assert a == b
        log.moves.append((seat, str(move)))
        model_apply(model, seat, str(move))
        if variant in LINE and move.kind in ("lead", "place", "pair"):
            check_line_ends(before_ends, move, m.hand.layout.to_json())
        if isinstance(model, TreeModel) and variant == "all_fives" and move.kind in (
                "lead", "place"):
            count = model.count()
            want = [(seat, count)] if count and count % 5 == 0 else []
            got = [(e.seat, e.points) for e in events
                   if isinstance(e, Scored) and e.reason == "ends"]
            assert got == want, f"{move}: scored {got}, RULES.md 3.3 count {count}"
        for ev in events:
            if isinstance(ev, Scored):
                log.scored.append((ev.seat, ev.points))
                for p in team_of(options, ev.seat):
                    log.points[p] += ev.points
        moves += 1
        if variant == "mexican_train" and m.hand_over:
            if m.hand_result.termination == "round_over":
                assert not m.hand.boneyard and all_passed(log.moves, m.hand.seated)
        if variant == "all_fives":
            reached = any(start["scores"][p] + log.points[p] >= target for p in range(n))
            assert reached == (m.hand_over and m.hand_result.termination == "target"), (
                "RULES.md 3.3: the first to reach the target at any moment wins")
        if variant == "vn_iwin" and not m.hand_over:
            assert m.summary()["balances"] == [
                a + b for a, b in zip(start["balances"], penalties_net(options, log),
                                      strict=True)], "pass penalties are settled at once"
        assert moves <= bound, f"hand longer than {bound} moves"
        assert events and all("type" in e.to_json() for e in events)
        assert view(m.hand, seat).to_json()["history"][hist] == [seat, str(move)]
        check_conservation(m, variant, options)
    check_result(m, variant, options)
    check_settlement(m, variant, options, log)
    return log




# --- independent models of tree and train layouts (RULES.md 1.3, 2.4, 3.3, 3.4) ------------

class TreeModel:
    """The arms, spinners and open ends of a tree layout, rebuilt from the public moves."""

    def __init__(self, spinners: str, cross_after_line: bool, unlock: str | None) -> None:
        self.spinners, self.cross_after_line, self.unlock = spinners, cross_after_line, unlock
        self.arms: dict[str, dict] = {}
        self.n_spinners = 0
        self.next_x = 1
        self.doubles_down: set[int] = set()
        self.lead_double = False

    def _spinner(self, tile: tuple) -> bool:
        if tile[0] != tile[1] or self.spinners == "none":
            return False
        return self.spinners == "all" or self.n_spinners == 0

    def _arm(self, tip: int, origin_double: bool, cross: bool, parent: tuple | None) -> dict:
        return {"tip": tip, "n": 0, "dbl": origin_double, "cross": cross, "parent": parent,
                "open": not (cross and self.cross_after_line)}

    def _add_cross(self, value: int, parent: tuple | None) -> None:
        self.n_spinners += 1
        if self.n_spinners == 1:
            ids = ("N", "S")
        else:
            ids = (f"X{self.next_x}", f"X{self.next_x + 1}")
            self.next_x += 2
        for i in ids:
            self.arms[i] = self._arm(value, True, True, parent)

    def lead(self, tile: tuple) -> None:
        a, b = tile
        double = a == b
        self.lead_double = double
        if double:
            self.doubles_down.add(a)
        self.arms["L"] = self._arm(a, double, False, None)
        self.arms["R"] = self._arm(b, double, False, None)
        if self._spinner(tile):
            self._add_cross(a, None)

    def place(self, tile: tuple, end: str) -> None:
        arm = self.arms[end]
        touch = arm["tip"]
        assert touch in tile
        arm["n"] += 1
        arm["tip"] = tile[1] if tile[0] == touch else tile[0]
        arm["dbl"] = tile[0] == tile[1]
        if tile[0] == tile[1]:
            self.doubles_down.add(tile[0])
        if self._spinner(tile):
            self._add_cross(touch, (end, arm["n"] - 1))
        for other in self.arms.values():
            if other["open"]:
                continue
            if other["parent"] is None:
                other["open"] = self.arms["L"]["n"] > 0 and self.arms["R"]["n"] > 0
            else:
                host, index = other["parent"]
                other["open"] = self.arms[host]["n"] > index + 1

    def placements(self, hand: list) -> set[str]:
        out = set()
        for t in hand:
            for arm_id, arm in self.arms.items():
                if not arm["open"] or arm["tip"] not in t:
                    continue
                if self.unlock == "number" and t[0] != t[1] and (
                        arm["tip"] not in self.doubles_down):
                    continue
                if self.unlock == "spinner_only" and t[0] != t[1] and not arm["dbl"]:
                    continue
                out.add(f"{t[0]}-{t[1]}@{arm_id}")
        return out

    def count(self) -> int:
        """All Fives end count (RULES.md 3.3)."""
        total = 0
        lone_lead = False
        for arm in self.arms.values():
            if arm["n"]:
                total += 2 * arm["tip"] if arm["dbl"] else arm["tip"]
            elif arm["cross"]:
                continue
            elif self.lead_double:
                if not lone_lead:
                    total += 2 * arm["tip"]
                    lone_lead = True
            else:
                total += arm["tip"]
        return total


class TrainModel:
    """Train tips and unsatisfied doubles of Mexican Train, rebuilt from the public moves."""

    def __init__(self, engine: int, n: int) -> None:
        self.tips = {f"T{s}": engine for s in range(n)} | {"MX": engine}
        self.unsatisfied: list[str] = []

    def place(self, tile: tuple, train: str) -> None:
        v = self.tips[train]
        assert v in tile
        self.tips[train] = tile[1] if tile[0] == v else tile[0]
        if self.unsatisfied and self.unsatisfied[0] == train:
            self.unsatisfied.pop(0)
        if tile[0] == tile[1]:
            self.unsatisfied.append(train)

    def placements(self, hand: list, seat: int, markers: set[int]) -> set[str]:
        if self.unsatisfied:
            targets = [self.unsatisfied[0]]
        else:
            targets = [f"T{seat}", "MX"] + [f"T{o}" for o in sorted(markers) if o != seat]
        return {f"{t[0]}-{t[1]}@{tr}" for t in hand for tr in targets if self.tips[tr] in t}


def make_model(m: Match, variant: str, options: dict) -> TreeModel | TrainModel | None:
    if variant == "doubles":
        return TreeModel("all", False, options.get("unlock_mode", "number"))
    if variant == "all_fives":
        return TreeModel(options.get("spinners", "first"), True, None)
    if variant == "mexican_train":
        top = max_pip(variant, options)
        return TrainModel(top - (m.hand.hand_number - 1), m.players)
    return None


def turn_entries(history: list, seat: int) -> list[str]:
    """This seat's moves in the current turn (trailing public history entries)."""
    out = []
    for who, move in reversed(history):
        if who != seat:
            break
        out.append(str(move))
    return out[::-1]


def all_passed(moves: list[tuple[int, str]], seated: list[bool]) -> bool:
    """The last turns of all seated players, in succession, ended in a pass."""
    need = sum(seated)
    passed: list[int] = []
    for seat, text in reversed(moves):
        if "@" in text:
            return False
        if text == "pass":
            if seat in passed:
                break
            passed.append(seat)
            if len(passed) == need:
                return True
    return False


def oracle_model_legal(m: Match, variant: str, options: dict, model: object) -> set[str] | None:
    h = m.hand
    seat = m.to_move
    hand = h.hands[seat]
    history = [(a, str(b)) for a, b in h.history]
    if isinstance(model, TreeModel):
        if not model.arms:
            return None
        out = model.placements(hand)
        reserve = 2 if variant == "doubles" else 0
        drawable = max(0, len(h.boneyard) - reserve)
        drew = trailing_draws(history, seat)
        until = variant == "all_fives"
        if not out:
            out = {"draw"} if drawable and (until or not drew) else {"pass"}
        return out
    if isinstance(model, TrainModel):
        if options.get("allow_double_chain") or options.get("first_turn_multi"):
            return None
        lay = h.layout.to_json()
        markers = {t["owner"] for t in lay["trains"] if t["marker"]}
        out = model.placements(hand, seat, markers)
        turn = turn_entries(history, seat)
        since_place = turn[max((i for i, t in enumerate(turn) if "@" in t), default=-1) + 1:]
        if not out:
            out = {"draw"} if h.boneyard and "draw" not in since_place else {"pass"}
        return out
    return None


def model_apply(model: object, seat: int, text: str) -> None:
    if model is None or text in ("draw", "pass", "leave"):
        return
    mv = Move.parse(text)
    if isinstance(model, TreeModel):
        if mv.kind == "lead":
            model.lead(mv.tile)
        else:
            model.place(mv.tile, mv.end)
    elif isinstance(model, TrainModel):
        model.place(mv.tile, mv.end)

# --- reference settlement and lead rules, written from RULES.md ----------------------------

TAX_PERMILLE = {"casual": 30, "high_roller": 28, "vip": 26}


def stake_of(variant: str, options: dict) -> int:
    default = 1 if variant == "vn_schoolnet" else 1000
    return int(options.get("stake", default))


def team_of(options: dict, seat: int) -> list[int]:
    if options.get("partnership"):
        return [0, 2] if seat in (0, 2) else [1, 3]
    return [seat]


def tile_value(variant: str, tile: tuple[int, int]) -> int:
    if tile == (0, 0) and variant == "vn_traditional":
        return 13
    return tile[0] + tile[1]


def tile_rank(variant: str, tile: tuple[int, int]) -> tuple:
    """RULES.md 1.8: (pip value, double, high half, low half); larger is higher."""
    return (tile_value(variant, tile), int(tile[0] == tile[1]), tile[0], tile[1])


def chain_key(variant: str, options: dict, hand: list) -> tuple:
    """RULES.md 1.9, smaller is better: pips, tile count, then the lower top tile."""
    top = max((tile_rank(variant, t) for t in hand), default=(-1,))
    return (pip_rule(variant, options, hand), len(hand), top)


def round5(x: int) -> int:
    return (x + 2) // 5 * 5


def tax(gross: int, permille: int) -> int:
    return (2 * gross * permille + 1000) // 2000


def out_seat(log: HandLog) -> int:
    return log.moves[-1][0]


def block_side(variant: str, options: dict, hands: list, seated: list) -> list[int] | None:
    """The side with the lowest pips after a block, or None on a tie that scores nothing."""
    n = len(hands)
    sides = [[0, 2], [1, 3]] if options.get("partnership") else [
        [p] for p in range(n) if seated[p]]
    totals = [sum(pip_rule(variant, options, hands[p]) for p in side) for side in sides]
    tied = [side for side, t in zip(sides, totals, strict=True) if t == min(totals)]
    if len(tied) == 1:
        return tied[0]
    if variant in MONEY:  # the Vietnamese ranking chain breaks ties
        return min(tied, key=lambda side: min(chain_key(variant, options, hands[p])
                                              for p in side))
    if options.get("tie_rule") == "lightest_tile" and not options.get("partnership"):
        keys = [min(tile_rank(variant, t) for t in hands[side[0]]) for side in tied]
        if keys.count(min(keys)) == 1:
            return tied[keys.index(min(keys))]
    return None


def expected_delta(m: Match, variant: str, options: dict, log: HandLog) -> tuple:
    """(delta, house, next leader or None) for the hand just ended, from RULES.md alone."""
    out = m.hand_result.to_json()
    hands = [list(h) for h in m.hand.hands]
    n = m.players
    seated = list(m.hand.seated)
    term = out["termination"]
    pips = [pip_rule(variant, options, h) for h in hands]
    delta = [0] * n
    if variant == "mexican_train":
        return pips, 0, None
    if variant == "vn_traditional" and options.get("scoring_mode") != "points":
        b = stake_of(variant, options)
        if options.get("partnership"):
            if term == "domino":
                side, rate, leader = team_of(options, out_seat(log)), 2 * b, out_seat(log)
            else:
                side, rate = block_side(variant, options, hands, seated), 4 * b
                leader = min(side, key=lambda p: chain_key(variant, options, hands[p]))
            return [rate if p in side else -rate for p in range(n)], 0, leader
        if term == "domino":
            w = out_seat(log)
            worst_first = sorted((p for p in range(n) if p != w),
                                 key=lambda p: chain_key(variant, options, hands[p]),
                                 reverse=True)
            for i, p in enumerate(worst_first):
                delta[p] = -(n - 1 - i) * b
            delta[w] = -sum(delta)
            return delta, 0, w
        w = min(range(n), key=lambda p: chain_key(variant, options, hands[p]))
        return [4 * b * (n - 1) if p == w else -4 * b for p in range(n)], 0, w
    if variant in ("vn_traditional", "block", "draw", "doubles", "all_fives"):
        base = list(log.points) if variant == "all_fives" else [0] * n
        if term == "target":
            return base, 0, None
        if term == "domino":
            side = team_of(options, out_seat(log))
        else:
            side = block_side(variant, options, hands, seated)
        if side is None:
            return base, 0, None
        opp = sum(pips[p] for p in range(n) if p not in side)
        own = sum(pips[p] for p in side)
        minus_own = variant in ("block", "draw", "vn_traditional") or (
            variant == "all_fives" and options.get("blocked_minus_own"))
        pts = opp - own if term != "domino" and minus_own else opp
        if variant == "all_fives":
            pts = round5(pts)
        for p in side:
            base[p] += pts
        if term == "domino":
            leader = out_seat(log)
        elif variant == "all_fives":
            leader = None
        else:
            leader = side[0] if len(side) == 1 else None
        return base, 0, leader
    if variant == "vn_schoolnet":
        k = stake_of(variant, options)
        if term == "domino":
            w = out_seat(log)
            for p in range(n):
                if p != w:
                    delta[p] -= pips[p] * k
                    delta[w] += pips[p] * k
            return delta, 0, w
        w = min(range(n), key=lambda p: chain_key(variant, options, hands[p]))
        blocker, gai = out["blocker"], out["gai"]
        if gai is not None:
            assert blocker is not None and gai == (blocker - 1) % n, out
        others = sum(pips[p] for p in range(n) if p != blocker)
        if blocker is None:
            for p in range(n):
                if p != w:
                    delta[p] -= pips[p]
                    delta[w] += pips[p]
        elif blocker == w and gai is None:
            for p in range(n):
                if p != blocker:
                    delta[p] -= 2 * pips[p]
                    delta[blocker] += 2 * pips[p]
        elif blocker == w:
            delta[gai] -= 2 * others
            delta[blocker] += 2 * others
        elif gai is None:
            for p in range(n):
                if p != blocker:
                    delta[blocker] -= pips[p]
                    delta[p] += pips[p]
        else:
            delta[blocker] -= others
            delta[gai] += others
        return [d * k for d in delta], 0, w
    if variant == "vn_iwin":
        b = stake_of(variant, options)
        half = b // 2
        permille = TAX_PERMILLE[options.get("table", "casual")]
        credits: list[tuple[int, int]] = []

        def pay(src: int | None, dst: int, amount: int) -> None:
            if amount > 0:
                if src is not None:
                    delta[src] -= amount
                credits.append((dst, amount))

        last = None
        for seat, text in log.moves:
            if text == "pass":
                if last is not None and last != seat:
                    pay(seat, last, half)
            elif text not in ("draw", "leave"):
                last = seat
        in_play = [p for p in range(n) if seated[p]]
        k = None
        if len(in_play) == 1:
            first = in_play[0]
            ranking = [first]
        else:
            if term == "domino":
                w = out_seat(log)
                ranking = [w] + sorted((p for p in in_play if p != w),
                                       key=lambda p: chain_key(variant, options, hands[p]))
                units = {4: (2, 1, -1, -2), 3: (3, -1, -2), 2: (2, -2)}[len(in_play)]
                for p, u in zip(ranking, units, strict=True):
                    if u > 0:
                        pay(None, p, u * half)
                    else:
                        delta[p] -= -u * half
            else:
                k = last
                ranking = sorted(in_play, key=lambda p: chain_key(variant, options, hands[p]))
                if k == ranking[0]:
                    pay(None, k, 2 * b * (len(in_play) - 1))
                    for p in in_play:
                        if p != k:
                            delta[p] -= 2 * b
                else:
                    delta[k] -= 3 * b
                    for p in ranking:
                        if p != k:
                            pay(None, p, 3 * b // (len(in_play) - 1))
            first = ranking[0]
            for p in in_play:
                if p != first:
                    pay(p, first, half * sum(1 for x, y in hands[p] if x == y))
        escrow = sum(log.leaves.values())
        for p, charge in log.leaves.items():
            delta[p] -= charge
        if escrow:
            if k is not None and k != first:
                shares = [p for p in ranking if p != k]
                each, rest = divmod(escrow, len(shares))
                for i, p in enumerate(shares):
                    pay(None, p, each + (1 if i < rest else 0))
            else:
                pay(None, first, escrow)
        house = 0
        for p, gross in credits:
            t = tax(gross, permille)
            delta[p] += gross - t
            house += t
        assert out["blocker"] == k, out
        assert out["ranking"][:len(ranking)] == ranking, out
        return delta, house, first
    raise AssertionError(variant)


def penalties_net(options: dict, log: HandLog) -> list[int]:
    """vn_iwin pass penalties so far, net of the tax on each credit (RULES.md 2.3)."""
    half = stake_of("vn_iwin", options) // 2
    permille = TAX_PERMILLE[options.get("table", "casual")]
    out = [0] * len(log.points)
    last = None
    for seat, text in log.moves:
        if text == "pass":
            if last is not None and last != seat:
                out[seat] -= half
                out[last] += half - tax(half, permille)
        elif text not in ("draw", "leave"):
            last = seat
    return out


def check_settlement(m: Match, variant: str, options: dict, log: HandLog) -> None:
    out = m.hand_result.to_json()
    if variant == "kozel":
        return  # records are checked match by match in play_match
    if variant == "vn_traditional" and options.get("scoring_mode") == "points" and (
            out["termination"] == "blocked"):
        pips = out["pips"]
        if pips.count(min(pips)) > 1:
            return  # RULES.md does not say how a tied points-mode block is broken
    delta, house, _ = expected_delta(m, variant, options, log)
    assert out["delta"] == delta, f"delta {out['delta']} != RULES.md {delta} ({out})"
    assert out["house"] == house, out


def expected_lead(variant: str, options: dict, hand_no: int, hands: list,
                  prev: dict) -> tuple[int | None, tuple | None, bool]:
    """(seat or None if chosen by lot, forced tile or None, checkable)."""
    doubles = [d for d in range(6, -1, -1) if any((d, d) in h for h in hands)]

    def holder(tile: tuple) -> int:
        return next(p for p, h in enumerate(hands) if tile in h)

    def highest_double_or(key: object) -> tuple[int, tuple]:
        if doubles:
            return holder((doubles[0], doubles[0])), (doubles[0], doubles[0])
        tile = max((t for h in hands for t in h), key=key)
        return holder(tile), tile

    if variant == "mexican_train":
        if hand_no == 1:
            return (0 if options.get("first_player", "seat0") == "seat0" else None), None, True
        return (prev["leader"] + 1) % len(hands), None, True
    later = hand_no > 1
    if variant == "doubles":
        return (*highest_double_or(lambda t: t), True)
    if variant == "kozel":
        if later and options.get("later_hands_lead") == "previous_winner_any_tile":
            return prev["next"], None, prev["next"] is not None
        if options.get("lead_double") == "lowest_from_1_1":
            order = [d for d in (1, 2, 3, 4, 5, 6, 0) if any((d, d) in h for h in hands)]
            if order:
                return holder((order[0], order[0])), (order[0], order[0]), True
        seat, tile = highest_double_or(lambda t: t)  # senior order: high half, then low
        return seat, tile, True
    if later:
        if variant in ("block", "draw") and prev.get("tied"):
            return (prev["leader"] + 1) % len(hands), None, True
        return prev["next"], None, prev["next"] is not None or variant in (
            "vn_schoolnet", "all_fives")
    if variant in ("vn_schoolnet", "all_fives"):
        return None, None, True
    return (*highest_double_or(lambda t: tile_rank(variant, t)), True)


HAND_SIZES = {
    "vn_traditional": {2: 7, 3: 7, 4: 7}, "vn_schoolnet": {2: 7, 3: 7, 4: 7},
    "vn_iwin": {2: 7, 3: 7, 4: 7}, "doubles": {2: 8, 3: 6, 4: 6}, "kozel": {2: 7, 3: 5, 4: 5},
    "block": {2: 7, 3: 5, 4: 5}, "draw": {2: 7, 3: 5, 4: 5}, "all_fives": {2: 9, 3: 7, 4: 5},
    "mexican_train": {2: 15, 3: 15, 4: 15, 5: 12, 6: 12, 7: 10, 8: 10},
}


def check_deal(m: Match, variant: str, options: dict) -> None:
    """RULES.md: tiles each by variant and player count; the rest is the boneyard."""
    n = m.players
    each = HAND_SIZES[variant][n]
    if variant == "all_fives" and options.get("deal") == "7/5":
        each = 7 if n == 2 else 5
    if options.get("hand_size"):
        each = int(options["hand_size"])
    if variant == "mexican_train" and options.get("set") == "double_nine":
        each = None  # RULES.md gives only the double-twelve sizes
    hands = m.hand.hands
    if each is not None:
        assert [len(h) for h in hands] == [each] * n
    total = len(full_set(max_pip(variant, options))) - (1 if variant == "mexican_train" else 0)
    assert sum(len(h) for h in hands) + len(m.hand.boneyard) == total
    if variant == "doubles":
        assert any(a == b for h in hands for a, b in h), "D-02: a deal without doubles is redealt"


def check_lead(m: Match, variant: str, options: dict, hand_no: int, prev: dict) -> int:
    check_deal(m, variant, options)
    hands = [list(h) for h in m.hand.hands]
    seat = m.to_move
    want_seat, forced, checkable = expected_lead(variant, options, hand_no, hands, prev)
    if checkable and want_seat is not None:
        assert seat == want_seat, f"hand {hand_no}: P{seat} leads, RULES.md says P{want_seat}"
    if variant != "mexican_train" and checkable:
        legal = sorted(str(x) for x in m.legal() if x.kind != "leave")
        if forced is not None:
            assert legal == [f"{forced[0]}-{forced[1]}"], (hand_no, legal, forced)
        else:
            assert legal == sorted(f"{a}-{b}" for a, b in hands[seat]), (hand_no, legal)
    return seat


def hand_cap(variant: str, options: dict) -> int:
    if is_money(variant, options):
        return 3
    if variant == "mexican_train":
        return rounds_of(options)
    return 400


def play_match(variant: str, options: dict, seed: int, check_illegal: bool = True) -> Match:
    """A whole match (money variants: a few hands) with every per-move check."""
    rng = random.Random(seed)
    m = Match.new(variant, dict(options), seed=seed)
    scores = [0] * m.players
    records = [0] * m.players
    opened = [False] * m.players
    hands = 0
    prev: dict = {}
    while True:
        leader = check_lead(m, variant, options, hands + 1, prev)
        log = play_hand(m, rng, variant, options, check_illegal)
        hands += 1
        out = m.hand_result.to_json()
        if variant != "kozel":
            nxt = expected_delta(m, variant, options, log)[2]
        elif out["termination"] == "domino":
            nxt = out_seat(log)
        else:
            pips = out["pips"]
            nxt = pips.index(min(pips)) if pips.count(min(pips)) == 1 else None
        tied = variant in ("block", "draw") and out["termination"] == "blocked" and (
            out["winner"] is None)
        prev = {"leader": leader, "next": nxt, "tied": tied}
        delta = m.hand_result.delta
        if variant == "kozel":
            pips = m.hand_result.pips
            points = list(pips)
            if m.hand_result.termination != "domino" and options.get("fish_lowest_exempt"):
                low = min(pips)
                points = [0 if p == low else p for p in pips]
            for p in range(m.players):
                if opened[p] or points[p] >= 13:
                    opened[p] = True
                    records[p] += points[p]
            assert m.summary()["records"] == records
        else:
            scores = [a + b for a, b in zip(scores, delta, strict=True)]
            key = "balances" if is_money(variant, options) else "scores"
            assert m.summary()[key] == scores
        check_match_end(m, variant, options, scores, records, hands)
        if m.over or hands >= hand_cap(variant, options):
            break
        m.next_hand()
    return m


def check_match_end(m: Match, variant: str, options: dict, scores: list, records: list,
                    hands: int) -> None:
    target = end_target(variant, options)
    summary = m.summary()
    assert summary["over"] == m.over
    if variant == "kozel":
        assert m.over == (max(records) >= 101)
        if m.over:
            assert summary["goat"] == [p for p in range(m.players) if records[p] == max(records)]
    elif variant == "mexican_train":
        assert m.over == (hands >= rounds_of(options))
        if m.over:
            assert summary["winners"] == [p for p in range(m.players)
                                          if scores[p] == min(scores)]
    elif variant == "all_fives":
        reached = max(scores) >= target
        assert m.over == reached or m.hand_result.termination == "target"
        if m.hand_result.termination == "target":
            assert m.over
    elif target is not None:
        assert m.over == (max(scores) >= target)
        if m.over:
            assert summary["winners"] == [p for p in range(m.players) if scores[p] == max(scores)]
    else:
        assert not m.over, "a money variant ended without max_hands"


# --- the tests -----------------------------------------------------------------------------

def _invariants(config: tuple, seed: int) -> None:
    variant, options = config
    m = play_match(variant, options, seed)
    if end_target(variant, options) is not None or variant == "mexican_train":
        assert m.over, f"the match did not end within {hand_cap(variant, options)} hands"


@pytest.mark.parametrize("config", SMALL, ids=SMALL_IDS)
@settings(max_examples=3, **SETTINGS)
@given(seed=SEEDS)
def test_random_match_invariants(config, seed):
    _invariants(config, seed)


@pytest.mark.parametrize("config", TRAINS, ids=TRAINS_IDS)
@settings(max_examples=1, **SETTINGS)
@given(seed=SEEDS)
def test_random_match_invariants_mexican_train(config, seed):
    """13 rounds of double-twelve (10 of double-nine) are long: one whole match each."""
    _invariants(config, seed)


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@settings(max_examples=2, **SETTINGS)
@given(seed=SEEDS, second=st.booleans())
def test_record_round_trip(config, seed, second):
    variant, options = config
    if variant == "mexican_train" and second:
        return  # one whole Mexican Train match per configuration is enough
    m = play_match(variant, options, seed, check_illegal=False)
    record = m.to_record()
    text = rec.dump(record)
    assert rec.load(text) == record
    assert rec.dump(rec.load(text)) == text
    out = rec.replay(rec.load(text))
    assert out["hands"] == [r.to_json() for r in m.results]
    assert out["match"] == m.summary()
    assert out["to_move"] is None and out["legal"] == []
    again = Match.from_record(copy.deepcopy(record))
    assert again.summary() == m.summary()
    assert again.to_record() == record


@pytest.mark.parametrize("config", CONFIGS, ids=IDS)
@settings(max_examples=2, **SETTINGS)
@given(seed=SEEDS, cut=st.floats(min_value=0.0, max_value=1.0))
def test_record_round_trip_mid_hand(config, seed, cut):
    """A record cut in the middle of a hand replays to the same position and legal moves."""
    variant, options = config
    full = Match.new(variant, dict(options), seed=seed)
    play_hand(full, random.Random(seed), variant, options, check_illegal=False)
    moves = full.to_record()["hands"][0]["moves"]
    m = Match.new(variant, dict(options), seed=seed)
    for text in moves[:int(cut * (len(moves) - 1))]:
        m.play(text)
    if m.hand_over:
        return
    record = rec.load(rec.dump(m.to_record()))
    out = rec.replay(record)
    assert out["hands"] == []
    assert out["to_move"] == m.to_move
    assert out["legal"] == [str(x) for x in m.legal()]
    again = Match.from_record(record)
    for seat in range(m.players):
        assert view(again.hand, seat).to_json() == view(m.hand, seat).to_json()


@pytest.mark.parametrize("players", [2, 3, 4])
@settings(max_examples=8, **SETTINGS)
@given(seed=SEEDS)
def test_vn_iwin_leaving_the_table(players, seed, monkeypatch):
    """RULES.md 2.3: leaving costs B + 2B per double into escrow, the tiles go to the
    boneyard, a leaver due to lead hands the lead (any tile) to the next seat, a lone player
    wins by default with the escrow only; the record replays."""
    monkeypatch.setattr(__import__(__name__), "LEAVE_RATE", 0.08)
    options = {"players": players}
    rng = random.Random(seed)
    m = Match.new("vn_iwin", dict(options), seed=seed)
    log = HandLog(players)
    if rng.random() < 0.5:
        leader = m.to_move
        doubles = sum(1 for a, b in m.hand.hands[leader] if a == b)
        log.leaves[leader] = 1000 * (1 + 2 * doubles)
        log.moves.append((leader, "leave"))
        m.play("leave")
        nxt = (leader + 1) % players
        if players > 2:
            assert m.to_move == nxt
            assert sorted(str(x) for x in m.legal() if x.kind != "leave") == sorted(
                f"{a}-{b}" for a, b in m.hand.hands[nxt])
        else:
            assert m.hand_over and m.hand_result.winner == nxt
            check_settlement(m, "vn_iwin", options, log)
    if not m.hand_over:
        play_hand(m, rng, "vn_iwin", options, log=log)
    record = rec.load(rec.dump(m.to_record()))
    assert rec.replay(record)["hands"] == [r.to_json() for r in m.results]


def _turn_placed(history: list, seat: int) -> bool:
    return any("@" in t for t in turn_entries(history, seat)[:-1])


@pytest.mark.parametrize("players", [2, 3, 4, 6, 8])
@settings(max_examples=3, **SETTINGS)
@given(seed=SEEDS)
def test_mexican_train_markers_and_round_end(players, seed):
    """RULES.md 3.4: a player who passes puts the marker on their own train, and so does a
    player who cannot satisfy a double ("otherwise the player puts their marker on their own
    train and the turn ends"), even a double of their own; the marker comes off when the owner
    plays on their own train. The round ends exactly when the boneyard is empty and every
    seated player has passed in succession (such a player's pass counts)."""
    rng = random.Random(seed)
    m = Match.new("mexican_train", {"players": players}, seed=seed)
    moves: list[tuple[int, str]] = []
    while not m.hand_over:
        seat = m.to_move
        pending = bool(m.hand.layout.to_json()["unsatisfied"])
        move = rng.choice(m.legal())
        m.play(move)
        moves.append((seat, str(move)))
        ended = m.hand_over and m.hand_result.termination == "round_over"
        assert ended == (move.kind == "pass" and not m.hand.boneyard
                         and all_passed(moves, m.hand.seated)), (
            "RULES.md 3.4: the round ends when the boneyard is empty and every seated player "
            f"has passed in succession (last moves {moves[-players - 2:]})")
        if m.hand_over:
            break
        history = [(a, str(b)) for a, b in m.hand.history]
        markers = {t["owner"] for t in m.hand.layout.to_json()["trains"] if t["marker"]}
        if move.kind == "pass":
            if pending or not _turn_placed(history, seat):
                assert seat in markers, (
                    f"P{seat} passed ({turn_entries(history, seat)}, unsatisfied double: "
                    f"{pending}) but has no marker")
        elif move.kind == "place" and move.end == f"T{seat}":
            assert seat not in markers


# --- vn_schoolnet: the blocker and gài triệt, from RULES.md 2.2.2-2.2.3 ----------------------

class LineSim:
    """A vn_schoolnet hand on a line: draw until playable, must play, block check."""

    def __init__(self, hands: list, boneyard: list, n: int) -> None:
        self.hands = [list(h) for h in hands]
        self.boneyard = list(boneyard)
        self.n = n
        self.left: int | None = None
        self.right: int | None = None
        self.to_move = 0

    def copy(self) -> LineSim:
        other = LineSim(self.hands, self.boneyard, self.n)
        other.left, other.right, other.to_move = self.left, self.right, self.to_move
        return other

    def placements(self, seat: int, tiles: list | None = None) -> list[tuple]:
        out = []
        for t in tiles if tiles is not None else self.hands[seat]:
            if self.left in t:
                out.append((t, "L"))
            if self.right in t:
                out.append((t, "R"))
        return out

    def place(self, seat: int, tile: tuple, end: str) -> None:
        self.hands[seat].remove(tile)
        if self.left is None:
            self.left, self.right = tile
        elif end == "L":
            self.left = tile[1] if tile[0] == self.left else tile[0]
        else:
            self.right = tile[1] if tile[0] == self.right else tile[0]
        self.to_move = (seat + 1) % self.n

    def dead(self) -> bool:
        return not self.boneyard and not any(self.placements(p) for p in range(self.n))


def blocked_before(s: LineSim, actor: int) -> bool:
    """Every legal continuation from ``s`` ends blocked before ``actor`` acts again."""
    if s.dead():
        return True
    p = s.to_move
    if p == actor:
        return False
    s = s.copy()
    options = s.placements(p)
    while not options and s.boneyard:
        tile = s.boneyard.pop(0)
        s.hands[p].append(tile)
        options = s.placements(p, [tile])
    if not options:
        s.to_move = (p + 1) % s.n
        return blocked_before(s, actor)
    for tile, end in options:
        nxt = s.copy()
        nxt.place(p, tile, end)
        if not nxt.hands[p] or not blocked_before(nxt, actor):
            return False
    return True


def schoolnet_blocker(deal: dict, history: list, n: int, mode: str) -> tuple:
    """(blocker, gai) of a blocked vn_schoolnet hand, replayed from its deal."""
    def tiles(xs: list) -> list:
        return [tuple(int(v) for v in sorted(x.split("-"), key=int, reverse=True)) for x in xs]

    sim = LineSim([tiles(h) for h in deal["hands"]], tiles(deal["boneyard"]), n)
    turns: list[dict] = []
    for seat, text in history:
        if not turns or turns[-1]["seat"] != seat or turns[-1]["done"]:
            turns.append({"seat": seat, "move": None, "before": None, "done": False})
        turn = turns[-1]
        if text == "draw":
            sim.hands[seat].append(sim.boneyard.pop(0))
        elif text == "pass":
            turn["done"] = True
            sim.to_move = (seat + 1) % n
        else:
            mv = Move.parse(text)
            turn["before"] = sim.copy()
            turn["before"].to_move = seat
            turn["move"] = (mv.tile, mv.end or "L")
            turn["done"] = True
            sim.place(seat, mv.tile, mv.end or "L")
    assert sim.dead(), "the replayed hand is not blocked"

    def after(state: LineSim, seat: int, move: tuple) -> LineSim:
        nxt = state.copy()
        nxt.place(seat, *move)
        return nxt

    found = None
    if mode == "last_placer":
        i = max(k for k, t in enumerate(turns) if t["move"])
        t = turns[i]
        for other in t["before"].placements(t["seat"]):
            if other != t["move"]:
                nxt = after(t["before"], t["seat"], other)
                if not nxt.hands[t["seat"]] or not nxt.dead():
                    found = i
                    break
    else:
        for i in range(len(turns) - 1, -1, -1):
            t = turns[i]
            x = t["seat"]
            if t["move"] is None or any(u["seat"] == x for u in turns[i + 1:]):
                continue
            nxt = after(t["before"], x, t["move"])
            if not nxt.hands[x] or not blocked_before(nxt, x):
                continue
            if any(other != t["move"] and (not after(t["before"], x, other).hands[x]
                                           or not blocked_before(
                                               after(t["before"], x, other), x))
                   for other in t["before"].placements(x)):
                found = i
                break
    if found is None:
        return None, None
    k = turns[found]["seat"]
    u = (k - 1) % n
    for t in reversed(turns[:found]):
        if t["seat"] != u:
            continue
        if t["move"] is None:
            return k, None
        playable = {tile for tile, _ in t["before"].placements(u)}
        return k, (u if playable - {t["move"][0]} else None)
    return k, None


@pytest.mark.parametrize("players", [2, 3, 4])
@pytest.mark.parametrize("mode", ["round_horizon", "last_placer"])
@settings(max_examples=40, **SETTINGS)
@given(seed=SEEDS)
def test_vn_schoolnet_blocker_and_gai(players, mode, seed):
    options = {"players": players, "blocker_mode": mode}
    rng = random.Random(seed)
    m = Match.new("vn_schoolnet", dict(options), seed=seed)
    while not m.hand_over:
        m.play(rng.choice(m.legal()))
    out = m.hand_result.to_json()
    if out["termination"] != "blocked":
        return
    entry = m.to_record()["hands"][0]
    history = [(a, str(b)) for a, b in m.hand.history]
    assert (out["blocker"], out["gai"]) == schoolnet_blocker(entry["deal"], history, players,
                                                             mode)


def test_max_hands_ends_a_money_match():
    m = Match.new("vn_traditional", {"players": 3, "max_hands": 2}, seed=4)
    rng = random.Random(4)
    for hand in (1, 2):
        assert not m.over
        with pytest.raises(IllegalMoveError):
            m.next_hand()  # the hand is not over yet
        while not m.hand_over:
            m.play(rng.choice(m.legal()))
        if hand == 1:
            m.next_hand()
    assert m.over and m.summary()["over"] is True
    with pytest.raises(IllegalMoveError):
        m.next_hand()
    with pytest.raises(IllegalMoveError):
        m.play("pass")


@pytest.mark.parametrize("players", [3, 4])
def test_step_does_not_touch_the_live_chance_stream(players):
    """``step`` returns a new state and leaves the one it was given alone (DESIGN.md), so a
    look-ahead through a ``leave`` (whose tiles are reshuffled into the boneyard) must not
    change what the live game does next, nor make the record replay differently."""
    plain = Match.new("vn_iwin", {"players": players}, seed=1)
    plain.play(plain.legal()[0])
    plain.play("leave")
    m = Match.new("vn_iwin", {"players": players}, seed=1)
    m.play(m.legal()[0])
    step(m.hand, "leave")  # look ahead, then play the same move for real
    m.play("leave")
    assert m.hand.boneyard == plain.hand.boneyard
    again = Match.from_record(m.to_record())
    assert again.hand.boneyard == m.hand.boneyard
