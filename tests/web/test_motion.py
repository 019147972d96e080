"""web/page/motion.py under CPython: animation plans from real consecutive `state` answers.

The snapshots come from the engine (`domino.session.Session`: `new_match`, then `ai_move`,
`play` and `next_hand`), their tables from `geometry.table`, as the page makes them. The same
module runs under MicroPython on the page: the last test runs it there too (through node and
the pinned MicroPython WebAssembly build) when node is installed, and compares the plans.

RULES.md: none (the page's animations)
"""

import ast
import json
import math
from pathlib import Path

import geometry
import motion
import pytest
import textfmt
from micropython_runner import needs_micropython, run_micropython

from domino.session import Session

ROOT = Path(__file__).resolve().parents[2]

W = 390.0
H = 380.0
VARIANTS = ("vn_traditional", "vn_schoolnet", "vn_iwin", "doubles", "kozel", "block", "draw",
            "all_fives", "mexican_train")
MOTION = ("slide", "draw", "reveal", "money", "marker")


def legal_moves(state):
    """The human's moves as notation (the protocol may send `moves` as structured data)."""
    out = []
    for m in state.get("legal") or state.get("moves") or []:
        if isinstance(m, dict):
            m = m.get("notation") or m.get("move") or m.get("text")
        out.append(m)
    return out


def states(variant, seed, human=False, players=4, limit=400):
    """Consecutive `state` answers of one match (the first human seat plays its first legal
    move; every hand is followed by `next_hand`)."""
    session = Session()
    seats = ["ai"] * players
    if human:
        seats[0] = "human"
    answer = json.loads(session.handle(json.dumps(
        {"type": "new_match", "variant": variant, "seed": seed,
         "options": {"players": players}, "seats": seats})))
    assert answer["type"] == "state", answer
    out = [answer]
    while len(out) < limit and not answer.get("match_over"):
        if answer.get("hand_over"):
            message = {"type": "next_hand", "state_id": answer["state_id"]}
        elif answer.get("to_move_kind") == "human":
            message = {"type": "play", "state_id": answer["state_id"],
                       "move": legal_moves(answer)[0]}
        else:
            message = {"type": "ai_move", "state_id": answer["state_id"]}
        answer = json.loads(session.handle(json.dumps(message)))
        assert answer["type"] == "state", answer
        out.append(answer)
    return out


def table_of(state, width=W, height=H):
    view = state["view"]
    options = {"ends": view.get("ends")}
    if (view.get("layout") or {}).get("kind") == "line":
        options["anchor"] = geometry.line_anchor(view)
    return geometry.table(view.get("layout"), width, height, options)


def spots(state):
    return motion.seat_spots(state["players"], state["viewer"], W, H, 16.0)


def pairs(variant, seed=1, human=False, limit=400):
    """(prev, new, table_prev, table_new) for consecutive states."""
    seq = states(variant, seed, human, limit=limit)
    tables = [table_of(s) for s in seq]
    for i in range(1, len(seq)):
        yield seq[i - 1], seq[i], tables[i - 1], tables[i]


def plan_pair(prev, new, tp, tn, speed="normal", now=1000.0, seats=None):
    return motion.plan(prev, new, tp, tn, seats or spots(new), now, speed)


def centre(r):
    return (r["x"] + r["w"] / 2.0, r["y"] + r["h"] / 2.0)


def find(variant, want, seed=1, human=False):
    """The first consecutive pair whose new state has an event of type `want`."""
    for seed_ in range(seed, seed + 6):
        for prev, new, tp, tn in pairs(variant, seed_, human):
            for ev in new["events"]:
                if ev["type"] == want:
                    return prev, new, tp, tn, ev
    raise AssertionError("no " + want + " in " + variant)


# --------------------------------------------------------------------------- what moves


def test_a_computer_placement_slides_from_its_seat_to_its_place():
    for prev, new, tp, tn in pairs("vn_traditional", 2):
        evs = [e for e in new["events"] if e["type"] == "played"]
        if not evs or evs[0]["seat"] == new["viewer"] or prev.get("hand_number") != new.get("hand_number"):
            continue
        seat = evs[0]["seat"]
        key = motion.move_keys(evs[0]["move"])[0]
        seats = spots(new)
        items = plan_pair(prev, new, tp, tn, seats=seats)
        slides = [it for it in items if it["kind"] == "slide" and it["cause"] == "play"]
        assert [it["key"] for it in slides] == [key]
        it = slides[0]
        assert it["seat"] == seat and it["sound"] == "tile"
        assert centre(it["from"]) == pytest.approx(centre(seats[seat]))
        target = [t for t in tn["tiles"] if t["key"] == key][0]
        for name in ("x", "y", "w", "h"):
            assert it["to"][name] == target[name]
        end = motion.frame(items, it["t1"])
        tile = [o for o in end if o["kind"] == "tile" and o["key"] == key][0]
        for name in ("x", "y", "w", "h"):
            assert tile[name] == target[name]  # exactly, not approximately
        assert (tile["a"], tile["b"], tile["vertical"]) == (target["a"], target["b"],
                                                            target["vertical"])
        return
    raise AssertionError("no computer placement")


def test_the_viewers_own_placement_comes_from_the_hand():
    for prev, new, tp, tn in pairs("block", 3, human=True):
        evs = [e for e in new["events"] if e["type"] == "played"]
        if not evs or evs[0]["seat"] != prev["viewer"] or prev.get("hand_number") != new.get("hand_number"):
            continue
        key = motion.move_keys(evs[0]["move"])[0]
        seats = spots(new)
        items = plan_pair(prev, new, tp, tn, seats=seats)
        it = [i for i in items if i["kind"] == "slide" and i["key"] == key][0]
        hand = seats["hand"]
        cx, cy = centre(it["from"])
        assert hand["x"] <= cx <= hand["x"] + hand["w"]
        assert cy == pytest.approx(centre(hand)[1])
        # Its slot follows the tile's place in the hand the player saw.
        order = [motion.tile_key(t) for t in prev["view"]["hand"]]
        slot = hand["x"] + (order.index(key) + 0.5) * hand["w"] / len(order)
        assert cx == pytest.approx(slot)
        return
    raise AssertionError("no own placement")


def test_tiles_the_new_layout_moved_slide_from_their_old_place():
    for prev, new, tp, tn in pairs("all_fives", 2):
        if prev.get("hand_number") != new.get("hand_number"):
            continue
        old = {t["key"]: t for t in tp["tiles"]}
        played = set()
        for e in new["events"]:
            if e["type"] == "played":
                played.update(motion.move_keys(e["move"]))
        moved = [t["key"] for t in tn["tiles"] if t["key"] in old and t["key"] not in played
                 and abs(old[t["key"]]["x"] - t["x"]) > 1]
        if not moved:
            continue
        items = plan_pair(prev, new, tp, tn)
        relayout = {it["key"]: it for it in items if it["kind"] == "slide"
                    and it["cause"] == "relayout"}
        for key in moved:
            assert key in relayout
            assert relayout[key]["from"]["x"] == old[key]["x"]
            assert relayout[key]["sound"] is None
        # Before it starts, a relayout tile is drawn where it was.
        later = plan_pair(prev, new, tp, tn, now=5000.0)
        first = motion.frame(later, 0.0)
        keys = [o["key"] for o in first]
        assert set(moved) <= set(keys)
        return
    raise AssertionError("the layout never moved a tile")


def test_a_draw_comes_from_the_boneyard_face_down_for_others_face_up_for_the_viewer():
    prev, new, tp, tn, ev = find("draw", "drew")
    seats = spots(new)
    items = plan_pair(prev, new, tp, tn, seats=seats)
    draws = [it for it in items if it["kind"] == "draw"]
    assert len(draws) == 1
    it = draws[0]
    assert it["sound"] == "draw" and it["seat"] == ev["seat"]
    assert centre(it["from"]) == pytest.approx(centre(seats["boneyard"]))
    dest = seats["hand"] if ev["seat"] == new["viewer"] else seats[ev["seat"]]
    assert centre(it["to"]) == pytest.approx(centre(dest))
    assert it["face"] == (ev["seat"] == new["viewer"] and "tile" in ev)
    # Another seat's draw never shows the tile.
    own = [x for x in states("draw", 1, human=True)
           if any(e["type"] == "drew" for e in x["events"])]
    for state in own[:20]:
        for e in state["events"]:
            if e["type"] == "drew":
                its = motion.plan(state, state, None, None, spots(state), 0.0, "normal")
                d = [i for i in its if i["kind"] == "draw"][0]
                if e["seat"] != state["viewer"]:
                    assert not d["face"] and d["out"]["a"] is None
                else:
                    assert d["face"] and (d["out"]["a"], d["out"]["b"]) == tuple(
                        int(x) for x in e["tile"].split("-"))


def test_a_pass_knocks_the_passing_seat():
    prev, new, tp, tn, ev = find("block", "passed")
    seats = spots(new)
    items = plan_pair(prev, new, tp, tn, seats=seats)
    knocks = [it for it in items if it["kind"] == "knock"]
    assert [it["seat"] for it in knocks] == [ev["seat"]]
    it = knocks[0]
    assert it["sound"] == "knock" and it["label"] == "move.pass"
    xs = []
    for i in range(1, 40):
        o = motion.frame(items, it["t0"] + it["dur"] * i / 40.0)
        k = [x for x in o if x["kind"] == "knock"][0]
        assert k["y"] == seats[ev["seat"]]["y"]
        xs.append(k["x"] - seats[ev["seat"]]["x"])
    assert max(xs) > 1 and min(xs) < -1  # it shakes
    assert motion.frame(items, it["t1"] + 1) == []  # and goes


def test_an_all_fives_score_rises_from_the_ends():
    prev, new, tp, tn, ev = find("all_fives", "scored")
    items = plan_pair(prev, new, tp, tn)
    scores = [it for it in items if it["kind"] == "score"]
    assert len(scores) == 1
    it = scores[0]
    assert it["text"] == "+" + str(ev["points"]) and it["sound"] == "score"
    assert it["seat"] == ev["seat"]
    # After the tile lands.
    slide = [i for i in items if i["kind"] == "slide" and i["cause"] == "play"][0]
    assert it["t0"] >= slide["t1"]
    # From the middle of the open ends.
    ends = tn["ends"]
    x0 = min(e["x"] for e in ends)
    x1 = max(e["x"] + e["w"] for e in ends)
    assert it["x0"] == pytest.approx((x0 + x1) / 2)
    # (frame reuses its dicts: read each frame before the next)
    ys = [[o["y"] for o in motion.frame(items, it["t0"] + it["dur"] * i / 20.0)
           if o["kind"] == "text"][0] for i in range(20)]
    assert ys == sorted(ys, reverse=True) and ys[0] > ys[-1]


def test_scores_with_a_formatter_and_a_catalogue():
    prev, new, tp, tn, ev = find("all_fives", "scored")
    items = motion.plan(prev, new, tp, tn, spots(new), 0, "normal",
                        {"amount": lambda v: "<" + str(v) + ">"})
    assert [it["text"] for it in items if it["kind"] == "score"] == ["+<" + str(ev["points"]) + ">"]



def test_a_score_the_formatter_signs_is_signed_once():
    """Issue 25: the page formats amounts signed ("+5"); the pop-up read "++5"."""
    prev, new, tp, tn, ev = find("all_fives", "scored")
    for lang in ("en", "vi", "ru"):
        items = motion.plan(prev, new, tp, tn, spots(new), 0, "normal",
                            {"amount": lambda v, lang=lang: textfmt.amount(v, lang, True)})
        assert [it["text"] for it in items if it["kind"] == "score"] == ["+" + str(ev["points"])]


def test_iwin_pass_penalties_move_as_they_happen_and_each_amount_once():
    """Issue 25, RULES.md 2.3: a pass pays 0.5B to the last placer at once; the money moves
    then, and the end of the hand moves only the rest, so that over the hand every seat's
    money moved adds up to its delta, each amount shown once."""
    passes = 0
    for seed in (1, 2):
        net = None
        for prev, new, tp, tn in pairs("vn_iwin", seed):
            if net is None or prev.get("hand_number") != new.get("hand_number"):
                net = [0] * len(new["seats"])
            seats = spots(new)
            items = plan_pair(prev, new, tp, tn, seats=seats)
            kinds = {e["type"] for e in new["events"]}
            money = [it for it in items if it["kind"] == "money"]
            if "passed" in kinds and "hand_ended" not in kinds:
                assert money, "a pass penalty is shown when it is paid"
                passes += 1
            for it in money:
                if it["payer"] is not None:
                    net[it["payer"]] -= it["amount"]
                if it["payee"] is not None:
                    net[it["payee"]] += it["amount"]
                assert not it["text"].startswith("++")
            if "hand_ended" in kinds:
                assert net == new["hand_result"]["delta"]
                break
    assert passes > 0


def hand_ends(variant, seeds=(1, 2), human=False):
    for seed in seeds:
        for prev, new, tp, tn in pairs(variant, seed, human):
            if any(e["type"] == "hand_ended" for e in new["events"]):
                yield prev, new, tp, tn


@pytest.mark.parametrize("variant", VARIANTS)
def test_money_at_the_end_of_a_hand_adds_up_to_the_deltas(variant):
    seen = 0
    for prev, new, tp, tn in hand_ends(variant):
        delta = new["hand_result"]["delta"]
        seats = spots(new)
        items = plan_pair(prev, new, tp, tn, seats=seats)
        money = [it for it in items if it["kind"] == "money"]
        net = [0] * len(delta)
        for it in money:
            assert it["amount"] > 0
            if it["payer"] is not None:
                net[it["payer"]] -= it["amount"]
                assert (it["x0"], it["y0"]) == pytest.approx(centre(seats[it["payer"]]))
            if it["payee"] is not None:
                net[it["payee"]] += it["amount"]
                assert (it["x1"], it["y1"]) == pytest.approx(centre(seats[it["payee"]]))
        moved = motion.balance_change(prev.get("match"), new.get("match"))
        assert net == (delta if moved is None else moved)
        # Order: the last tile lands, hands turn up, then the money moves, then win / lose.
        land = max([it["t1"] for it in items if it["kind"] == "slide"] or [0])
        reveals = [it for it in items if it["kind"] == "reveal"]
        hands = new["hands"]
        assert sorted(it["seat"] for it in reveals) == [s for s in range(len(hands)) if hands[s]]
        for it in reveals:
            assert it["t0"] >= land
            assert [t["key"] for t in it["tiles"]] == [motion.tile_key(x) for x in hands[it["seat"]]]
        for it in money:
            assert all(it["t0"] >= r["t1"] for r in reveals)
        last = items[-1]
        assert last["kind"] == "cue" and last["t1"] == motion.end_ms(items)
        winners = new["hand_result"]["winner"]
        winners = winners if isinstance(winners, list) else ([] if winners is None else [winners])
        if winners:
            assert last["sound"] == ("win" if new["viewer"] in winners else "lose")
        seen += 1
    assert seen


def test_transfers_balance_and_use_the_pot_for_what_does_not():
    assert motion.transfers([0, 0]) == []
    assert motion.transfers([-5, 5]) == [(0, 1, 5)]
    # vn_iwin: the house's tax makes the sum negative: the rest goes to the pot.
    moves = motion.transfers([-30, 1940, -3500, 1455])
    net = [0, 0, 0, 0]
    for payer, payee, amount in moves:
        if payer is not None:
            net[payer] -= amount
        if payee is not None:
            net[payee] += amount
    assert net == [-30, 1940, -3500, 1455]
    assert (2, 1, 1940) in moves and any(payee is None for _, payee, _ in moves)
    # Points that come from nowhere (block, kozel's record) come from the pot.
    assert motion.transfers([0, 12, 0]) == [(None, 1, 12)]


def test_a_block_fish_triet_and_goat_are_announced():
    names = {}
    for variant in ("vn_traditional", "kozel", "block"):
        # Seeds enough that each kind of end occurs with the computers' levels of E-40 (a
        # kozel fish first comes at seed 5).
        for prev, new, tp, tn in hand_ends(variant, seeds=(1, 2, 3, 4, 5)):
            items = plan_pair(prev, new, tp, tn)
            ann = [it["name"] for it in items if it["kind"] == "announce"]
            term = new["hand_result"]["termination"]
            if term == "blocked":
                expect = {"vn_traditional": "triet", "kozel": "fish", "block": "block"}[variant]
                assert expect in ann
                names[expect] = True
            else:
                assert not [a for a in ann if a != "goat"]
            if new.get("match_over") and (new.get("match") or {}).get("goat"):
                assert ann[-1] == "goat"
                names["goat"] = True
    assert {"triet", "fish", "block", "goat"} <= set(names)


def test_announcements_are_worded_by_the_page():
    for prev, new, tp, tn in hand_ends("kozel", seeds=(1, 2, 3)):
        if not new.get("match_over"):
            continue
        said = []

        def say(key, args, said=said):
            said.append((key, args))
            return "T:" + key

        items = motion.plan(prev, new, tp, tn, spots(new), 0, "fast", {"say": say})
        goat = [it for it in items if it["kind"] == "announce" and it["name"] == "goat"][0]
        assert goat["text"] == "T:result.goat" or goat["text"] == "T:result.goats"
        assert any(args.get("seats") == new["match"]["goat"] for _, args in said)
        return
    raise AssertionError("no kozel match ended")


# --------------------------------------------------------------------------- speeds


def effects(items):
    """What must survive with motion off: the sounds in order, the texts shown."""
    snd = [it["sound"] for it in items if it["sound"] is not None]
    texts = [(it["kind"], it.get("text")) for it in items
             if it["kind"] in ("knock", "score", "announce")]
    return snd, texts


@pytest.mark.parametrize("variant", VARIANTS)
def test_off_plans_no_motion_but_the_same_sounds_and_announcements(variant):
    for prev, new, tp, tn in pairs(variant, 1, limit=150):
        normal = plan_pair(prev, new, tp, tn, "normal")
        off = plan_pair(prev, new, tp, tn, "off")
        assert not [it for it in off if it["kind"] in MOTION]
        assert effects(off) == effects(normal)
        # Badges, scores and banners stay still, for as long as at the normal speed.
        for it in off:
            if it["kind"] in ("knock", "score", "announce"):
                assert it["dur"] > 0
                first = dict(it["out"])
                for now in (it["t0"], it["t0"] + it["dur"] / 2):
                    got = [o for o in motion.frame(off, now) if o is it["out"]]
                    assert got and got[0]["x"] == first["x"] and got[0]["y"] == first["y"]
        # A sound played as an item starts: the same order when drained frame by frame.
        heard = []
        now = 1000.0
        while not motion.done(off, now):
            heard += motion.sounds(off, now)
            now += 16.0
        heard += motion.sounds(off, now)
        assert heard == effects(normal)[0]


def test_speeds_scale_the_motion_and_keep_the_pauses_readable():
    normal = motion.timings("normal")
    assert motion.timings("slow")["slide"] > normal["slide"] > motion.timings("fast")["slide"]
    assert motion.timings("off")["slide"] == 0
    assert motion.timings("off")["gap"] == normal["gap"]
    assert motion.timings("nonsense") == normal
    assert motion.effective_speed("auto", False) == "normal"
    assert motion.effective_speed("fast", True) == "off"
    assert motion.effective_speed("off", False) == "off"
    assert motion.effective_speed("slow", False) == "slow"


def test_computer_moves_are_paced_so_three_can_be_followed():
    # From one computer move's snapshot to the next: its animation, then a pause.
    for speed in ("slow", "normal", "fast", "off"):
        for prev, new, tp, tn in pairs("vn_iwin", 1, limit=30):
            items = plan_pair(prev, new, tp, tn, speed, now=0.0)
            at = motion.next_move_at(items, new, speed, 0.0)
            assert at >= (motion.end_ms(items) or 0.0)
            if any(e["type"] == "played" for e in new["events"]) and not new["hand_over"]:
                assert at >= 500.0  # three moves take at least 1.5 s to watch
                assert at <= 3000.0  # and no more than 9 s


# --------------------------------------------------------------------------- frames


def all_items(variant, seed=1, speed="normal", limit=300):
    for prev, new, tp, tn in pairs(variant, seed, limit=limit):
        yield new, tn, plan_pair(prev, new, tp, tn, speed)


@pytest.mark.parametrize("variant", VARIANTS)
def test_frames_interpolate_monotonically_and_end_exactly_at_the_target(variant):
    for _new, tn, items in all_items(variant, limit=200):
        places = {t["key"]: t for t in tn["tiles"]}
        t0s = [it["t0"] for it in items]
        assert t0s == sorted(t0s)  # in the order they start
        start = min(t0s) if t0s else 0.0
        end = motion.end_ms(items) or 0.0
        track = {}
        now = start
        while now <= end + 40:
            for o in motion.frame(items, now):
                names = ("sx", "alpha") if o["kind"] == "hand" else ("x", "y", "alpha")
                for name in names:
                    assert math.isfinite(o[name]) and 0.0 <= o["alpha"] <= 1.0
                if o["kind"] == "tile" and o["key"] is not None:
                    track.setdefault(o["key"], []).append(centre(o))
            now += 16.0
        for it in items:
            if it["kind"] != "slide":
                continue
            path = track[it["key"]]
            a, b = centre(it["from"]), centre(it["to"])
            for i in range(1, len(path)):
                # Each step takes the tile's centre towards the target, never back (a tile
                # that turns as it slides, W-155, W-162, turns about its centre).
                for axis in (0, 1):
                    step = path[i][axis] - path[i - 1][axis]
                    assert step * (b[axis] - a[axis]) >= -1e-9
            assert path[-1] == centre(places[it["key"]])
        assert motion.done(items, end)
        assert not items or not motion.done(items, start)


def test_a_placed_tile_stays_hidden_until_its_slide_starts_and_is_covered():
    prev, new, tp, tn, ev = find("kozel", "played")
    items = plan_pair(prev, new, tp, tn, now=100.0)
    keys = motion.move_keys(ev["move"])
    cov = motion.covered(items)
    for key in keys:
        assert cov.get(key)
    assert [o for o in motion.frame(items, 0.0) if o.get("key") in keys] == []


def test_finish_jumps_to_the_end():
    for variant in ("vn_iwin", "all_fives", "mexican_train"):
        for prev, new, tp, tn in hand_ends(variant, seeds=(1,)):
            items = plan_pair(prev, new, tp, tn, now=0.0)
            motion.sounds(items, 10.0)
            assert not motion.done(items, 10.0)
            motion.finish(items)
            assert motion.done(items, 10.0)
            assert motion.sounds(items, 10.0) == []  # what was not played is dropped
            out = motion.frame(items, 10.0)
            places = {t["key"]: t for t in tn["tiles"]}
            for o in out:
                assert o["kind"] in ("tile", "hand")  # only what holds its end
                if o["kind"] == "tile":
                    p = places[o["key"]]
                    assert (o["x"], o["y"], o["w"], o["h"]) == (p["x"], p["y"], p["w"], p["h"])
                else:
                    assert o["face"] and o["sx"] == 1.0
            break


def test_no_plan_without_a_previous_snapshot_or_across_hands():
    seq = states("draw", 1, limit=40)
    t = [table_of(s) for s in seq]
    assert motion.plan(None, seq[0], None, t[0], spots(seq[0]), 0, "normal") == []
    for i in range(1, len(seq)):
        if any(e["type"] == "hand_started" for e in seq[i]["events"]):
            items = motion.plan(seq[i - 1], seq[i], t[i - 1], t[i], spots(seq[i]), 0, "normal")
            assert not [it for it in items if it["kind"] == "slide" and it["cause"] == "relayout"]


def test_missing_rects_lose_the_motion_not_the_sound():
    prev, new, tp, tn, ev = find("vn_traditional", "played")
    items = motion.plan(prev, new, tp, tn, {}, 0, "normal")
    assert [it["sound"] for it in items] == ["tile"]


def test_the_cost_of_a_frame_is_small():
    """1,000 frames of a busy plan (a hand's end: reveals, banners, money, a relayout)."""
    import time

    best = None
    for variant in ("vn_iwin", "mexican_train"):
        for prev, new, tp, tn in hand_ends(variant, seeds=(1,)):
            items = plan_pair(prev, new, tp, tn, now=0.0)
            if best is None or len(items) > len(best):
                best = items
    end = motion.end_ms(best)
    started = time.perf_counter()
    for i in range(1000):
        motion.frame(best, end * i / 1000.0)
    per_frame_ms = (time.perf_counter() - started)
    # CPython: well under 0.1 ms a frame; MicroPython is about 20-50 times slower.
    assert per_frame_ms < 0.2, per_frame_ms


# --------------------------------------------------------------------------- MicroPython


# motion.py and its parts: the pace (timings) and the frame player.
MOTION_PARTS = ("motion_frames", "pace", "motion")


def test_plain_constructs_only():
    for name in MOTION_PARTS:
        _plain_constructs_only(name)


def _plain_constructs_only(name):
    source = (ROOT / "web" / "page" / (name + ".py")).read_text(encoding="utf-8")
    tree = ast.parse(source)
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            assert [a.name for a in node.names] == ["math"], name
        if isinstance(node, ast.ImportFrom):
            assert node.module in MOTION_PARTS and node.level == 0, (name, node.module)
        assert not isinstance(node, (ast.ClassDef, ast.Match, ast.AsyncFunctionDef,
                                     ast.Yield, ast.SetComp, ast.Starred))
        if isinstance(node, ast.FunctionDef):
            for sub in ast.walk(node):  # no recursion
                if isinstance(sub, ast.Call) and isinstance(sub.func, ast.Name):
                    assert sub.func.id != node.name, node.name
            assert not node.args.posonlyargs
        if isinstance(node, ast.FormattedValue):
            raise AssertionError("no f-strings (keep formatting explicit)")


@needs_micropython
def test_the_same_plans_and_frames_under_micropython(tmp_path):
    cases = []
    for variant in ("vn_iwin", "all_fives", "mexican_train", "kozel"):
        for prev, new, tp, tn in pairs(variant, 1, limit=60):
            cases.append([prev, new, tp, tn])
    expect = []
    for prev, new, tp, tn in cases:
        items = plan_pair(prev, new, tp, tn, now=0.0)
        end = motion.end_ms(items) or 0.0
        frames = [motion.frame(items, end * i / 7.0) for i in range(8)]
        expect.append(json.loads(json.dumps([
            [[it["kind"], it["t0"], it["t1"], it["sound"]] for it in items], frames])))
    (tmp_path / "cases.json").write_text(json.dumps(cases))
    program = """
import json, sys
sys.path.append("/ui")
import motion
cases = json.loads(open("/work/cases.json").read())
got = []
for prev, new, tp, tn in cases:
    seats = motion.seat_spots(new["players"], new["viewer"], WIDTH, HEIGHT, 16.0)
    items = motion.plan(prev, new, tp, tn, seats, 0.0, "normal")
    end = motion.end_ms(items) or 0.0
    frames = [motion.frame(items, end * i / 7.0) for i in range(8)]
    got.append([[[it["kind"], it["t0"], it["t1"], it["sound"]] for it in items], frames])
open("/work/got.json", "w").write(json.dumps(got))
""".replace("WIDTH", repr(W)).replace("HEIGHT", repr(H))
    done = run_micropython(program, tmp_path,
                           files_in={**{"/ui/" + name + ".py": ROOT / "web" / "page" / (name + ".py")
                                        for name in MOTION_PARTS},
                                     "/work/cases.json": tmp_path / "cases.json"},
                           files_out={"/work/got.json": tmp_path / "got.json"},
                           heapsize=64 * 1024 * 1024)
    assert done.returncode == 0, done.stderr[-3000:]
    got = json.loads((tmp_path / "got.json").read_text())
    assert len(got) == len(expect)
    for g, e in zip(got, expect, strict=True):
        assert g[0] == e[0]
        assert len(g[1]) == len(e[1])
        for fg, fe in zip(g[1], e[1], strict=True):
            assert len(fg) == len(fe)
            for og, oe in zip(fg, fe, strict=True):
                assert og.keys() == oe.keys()
                for k in oe:
                    if isinstance(oe[k], float):
                        assert og[k] == pytest.approx(oe[k], abs=1e-6)
                    else:
                        assert og[k] == oe[k]


def test_an_undo_sends_the_tiles_back_to_their_players():
    session = Session()
    answer = json.loads(session.handle(json.dumps(
        {"type": "new_match", "variant": "block", "seed": 3, "options": {"players": 2},
         "seats": ["human", "ai"]})))
    for _ in range(6):
        if answer["to_move_kind"] == "human":
            message = {"type": "play", "state_id": answer["state_id"],
                       "move": legal_moves(answer)[0]}
        else:
            message = {"type": "ai_move", "state_id": answer["state_id"]}
        answer = json.loads(session.handle(json.dumps(message)))
    undone = json.loads(session.handle(json.dumps({"type": "undo",
                                                   "state_id": answer["state_id"]})))
    assert undone["type"] == "state"
    tp, tn = table_of(answer), table_of(undone)
    seats = spots(undone)
    items = motion.plan(answer, undone, tp, tn, seats, 0.0, "normal")
    back = [it for it in items if it["kind"] == "slide" and it["cause"] == "undo"]
    gone = sorted({t["key"] for t in tp["tiles"]} - {t["key"] for t in tn["tiles"]})
    assert sorted(it["key"] for it in back) == gone and gone
    old = {t["key"]: t for t in tp["tiles"]}
    for it in back:
        assert (it["out"]["a"], it["out"]["b"]) == (old[it["key"]]["a"], old[it["key"]]["b"])
        dest = seats["hand"] if it["seat"] == undone["viewer"] else seats[it["seat"]]
        if it["seat"] == undone["viewer"]:
            assert dest["y"] <= centre(it["to"])[1] <= dest["y"] + dest["h"]
        else:
            assert centre(it["to"]) == pytest.approx(centre(dest))
    # They go at the end (they are no longer on the table).
    assert not [o for o in motion.frame(items, motion.end_ms(items)) if o.get("key") in gone]
    assert motion.plan(answer, undone, tp, tn, seats, 0.0, "off") == []


def test_another_match_is_not_compared_with_the_last():
    a = states("draw", 1, limit=3)[-1]
    b = states("block", 1, limit=3)[-1]
    assert motion.plan(a, b, table_of(a), table_of(b), spots(b), 0, "normal") == []


def test_motion_off_at_any_pace_and_the_instant_speed():
    assert motion.timings("instant")["gap"] == 0 and motion.timings("instant")["slide"] > 0
    quiet = motion.timings("fast", motion=False)
    assert quiet["slide"] == 0 and quiet["gap"] == motion.timings("fast")["gap"]
    assert quiet["knock"] > 0 and motion.timings("instant", motion=False)["announce"] > 0
    assert motion.effective_speed("fast", False, motion=False) == "off"
    assert motion.effective_speed("instant", False) == "instant"
    for prev, new, tp, tn in pairs("all_fives", 1, limit=80):
        normal = plan_pair(prev, new, tp, tn, "normal")
        for speed in ("fast", "instant"):
            quiet = motion.plan(prev, new, tp, tn, spots(new), 1000.0,
                                speed, {"motion": False})
            assert not [it for it in quiet if it["kind"] in MOTION]
            assert effects(quiet) == effects(normal)


def test_every_name_the_page_takes_from_motion_is_there():
    """table.py's `motion.K_SLIDE` (tap_latency's landed mark) was missing since motion's
    frames moved to motion_frames.py: each frame raised, and the page turned motion off."""
    root = Path(__file__).resolve().parents[2] / "web" / "page"
    for name in ("table.py", "motion_frames.py", "celebrate.py", "app.py"):
        tree = ast.parse((root / name).read_text(encoding="utf-8"))
        for node in ast.walk(tree):
            if isinstance(node, ast.Attribute) and isinstance(node.value, ast.Name) \
                    and node.value.id == "motion":
                assert hasattr(motion, node.attr), (name, node.attr)
