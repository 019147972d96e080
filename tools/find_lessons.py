"""Search seeded hands for each lesson's situation (docs/LESSONS.md); prints what it finds.

    PYTHONPATH=engine:tools python tools/find_lessons.py VARIANT [SEEDS]
"""

from __future__ import annotations

import sys

import lessonkit as K

from domino.tiles import parse_tile

AGENTS = ("medium",)


def tile_of(move: str) -> str:
    return move.split("@")[0]


def is_double(move: str) -> bool:
    a, b = parse_tile(tile_of(move))
    return a == b


def f_vn_traditional(seed: int) -> dict | None:
    m, t = K.play("vn_traditional", {"players": 4}, seed, agents=AGENTS)
    r = m.hand_result
    if r.termination != "blocked":
        return None
    k = len(t) - 1
    last = t[k]
    if last["seat"] != r.winner or len(K.placements(last["legal"])) < 2:
        return None
    rec = m.to_record()
    if all(K.after(rec, k, alt)[0].hand_over for alt in last["legal"] if alt != last["move"]):
        return None
    holder = [s for s, h in enumerate(m.hand.hands) if (0, 0) in h]
    if not holder or holder[0] == r.winner:
        return None
    h = holder[0]
    strict = r.pips[h] - 13 < r.pips[r.winner]
    return {"seed": seed, "k": k, "learner": r.winner, "holder": h, "strict": strict,
            "pips": r.pips, "delta": r.delta}


def f_vn_schoolnet(seed: int) -> dict | None:
    m, t = K.play("vn_schoolnet", {"players": 4}, seed, agents=AGENTS)
    r = m.hand_result
    if r.termination != "blocked" or r.blocker is None or r.gai is None:
        return None
    if r.winner != r.blocker:
        return None
    ks = [i for i, x in enumerate(t) if x["seat"] == r.blocker and K.placements([x["move"]])]
    k = ks[-1]
    if len(K.placements(t[k]["legal"])) < 2:
        return None
    return {"seed": seed, "k": k, "learner": r.blocker, "gai": r.gai, "pips": r.pips,
            "delta": r.delta, "moves": len(t)}


def f_vn_iwin(seed: int) -> dict | None:
    m, t = K.play("vn_iwin", {"players": 4}, seed, agents=AGENTS)
    r = m.hand_result
    first = r.ranking[0]
    items = r.details["items"]
    if not any(i["kind"] == "doubles" and i["other"] == first for i in items):
        return None
    rec = m.to_record()
    for k, x in enumerate(t[:-1]):
        if x["seat"] != first or len(K.placements(x["legal"])) < 2:
            continue
        if t[k + 1]["move"] != "pass":
            continue
        alts = [a for a in K.placements(x["legal"]) if a != x["move"]]
        free = [a for a in alts if K.placements([str(y) for y in K.after(rec, k, a)[0].legal()])]
        if free and len(free) == len([a for a in alts if not K.same_as(rec, k, x["move"], a)]):
            return {"seed": seed, "k": k, "learner": first, "delta": r.delta,
                    "term": r.termination, "moves": len(t)}
    return None


def f_doubles(seed: int) -> dict | None:
    m, t = K.play("doubles", {"players": 2}, seed, agents=AGENTS)
    rec = m.to_record()
    for k, x in enumerate(t):
        if len(K.placements(x["legal"])) < 2 or not is_double(x["move"]) or k == 0:
            continue
        d = parse_tile(tile_of(x["move"]))[0]
        seat = x["seat"]
        pos = K.at(rec, k)
        hand = pos.hand.hands[seat]
        if d not in K.ends(pos).values():
            continue
        locked = [tl for tl in hand if d in tl and tl[0] != tl[1]]
        if not locked:
            continue
        # Later, the seat plays one of those tiles on a d.
        later = [j for j in range(k + 1, len(t)) if t[j]["seat"] == seat
                 and K.placements([t[j]["move"]])
                 and parse_tile(tile_of(t[j]["move"])) in locked]
        if later:
            return {"seed": seed, "k": k, "learner": seat, "d": d, "later": later[0],
                    "r": m.hand_result.to_json(), "moves": len(t)}
    return None


def f_all_fives(seed: int) -> dict | None:
    m, t = K.play("all_fives", {"players": 2}, seed, agents=AGENTS)
    rec = m.to_record()
    for k, x in enumerate(t):
        if k < 3 or len(K.placements(x["legal"])) < 3:
            continue
        sc = [e["points"] for e in x["events"] if e["type"] == "scored"]
        if not sc or sc[0] < 10:
            continue
        ok = True
        for a in K.placements(x["legal"]):
            if a == x["move"] or K.same_as(rec, k, x["move"], a):
                continue
            ev = K.after(rec, k, a)[1]
            if sum(e["points"] for e in ev if e["type"] == "scored") >= sc[0]:
                ok = False
        if ok:
            return {"seed": seed, "k": k, "learner": x["seat"], "points": sc[0],
                    "legal": x["legal"], "move": x["move"], "moves": len(t)}
    return None


def f_block(seed: int) -> dict | None:
    m, t = K.play("block", {"players": 2}, seed, agents=AGENTS)
    r = m.hand_result
    rec = m.to_record()
    for k, x in enumerate(t[:-1]):
        if x["seat"] != r.winner or len(K.placements(x["legal"])) < 2 or t[k + 1]["move"] != "pass":
            continue
        alts = [a for a in K.placements(x["legal"])
                if a != x["move"] and not K.same_as(rec, k, x["move"], a)]
        if alts and all(K.placements([str(y) for y in K.after(rec, k, a)[0].legal()])
                        for a in alts):
            return {"seed": seed, "k": k, "learner": x["seat"], "r": r.to_json(), "moves": len(t)}
    return None


def f_draw(seed: int) -> dict | None:
    m, t = K.play("draw", {"players": 2}, seed, agents=AGENTS)
    r = m.hand_result
    rec = m.to_record()
    for k, x in enumerate(t[:-3]):
        if x["seat"] != r.winner or len(K.placements(x["legal"])) < 2:
            continue
        if not (t[k + 1]["move"] == "draw" and t[k + 2]["move"] == "draw"):
            continue
        alts = [a for a in K.placements(x["legal"])
                if a != x["move"] and not K.same_as(rec, k, x["move"], a)]
        if not alts:
            continue
        # The right move keeps a tile the learner can follow with; each wrong one does not.
        def follow(move: str, k: int = k, x: dict = x) -> bool:
            mm, _ = K.after(rec, k, move)
            e = set(K.ends(mm).values())
            return any(a in e or b in e for a, b in mm.hand.hands[x["seat"]])
        if follow(x["move"]) and not any(follow(a) for a in alts):
            return {"seed": seed, "k": k, "learner": x["seat"], "r": r.to_json(), "moves": len(t)}
    return None


def f_kozel(seed: int, state: dict | None = None) -> dict | None:
    state = state or {"records": [0, 0, 92, 40], "open": [False, False, True, True]}
    m, t = K.play("kozel", {"players": 4}, seed, state=state, agents=AGENTS)
    r = m.hand_result
    det = r.details
    if not m.over or 0 in m.goat:
        return None
    if det.get("hand_points", [99])[0] >= 13 or det["hand_points"][1] < 13:
        return None
    for k, x in enumerate(t):
        if x["seat"] != 0 or len(K.placements(x["legal"])) < 2:
            continue
        pts = {}
        for a in K.placements(x["legal"]):
            pts[a] = sum(parse_tile(p.split("@")[0])[0] + parse_tile(p.split("@")[0])[1]
                         for p in a.split("+"))
        mine = pts[x["move"]]
        if all(v < mine for a, v in pts.items() if tile_of(a) != tile_of(x["move"])):
            return {"seed": seed, "k": k, "learner": 0, "details": det, "goat": m.goat,
                    "r": r.to_json(), "moves": len(t)}
    return None


def f_mexican_train(seed: int) -> dict | None:
    m, t = K.play("mexican_train", {"players": 3, "set": "double_nine"}, seed, agents=AGENTS)
    rec = m.to_record()
    doubles_satisfied = any(is_double(x["move"]) for x in t if K.placements([x["move"]]))
    if not doubles_satisfied:
        return None
    for k, x in enumerate(t):
        seat = x["seat"]
        own = f"@T{seat}"
        if not x["move"].endswith(own) or len(K.placements(x["legal"])) < 2:
            continue
        if not any(not a.endswith(own) for a in K.placements(x["legal"])):
            continue
        pos = K.at(rec, k)
        trains = {tr["id"]: tr for tr in K.view(pos.hand, seat).to_json()["layout"]["trains"]}
        if trains[f"T{seat}"]["marker"]:
            return {"seed": seed, "k": k, "learner": seat, "r": m.hand_result.to_json(),
                    "moves": len(t)}
    return None


if __name__ == "__main__":
    name = sys.argv[1]
    lo, hi = (int(s) for s in (sys.argv[2] if len(sys.argv) > 2 else "1-200").split("-"))
    found = 0
    for seed in range(lo, hi):
        got = globals()["f_" + name](seed)
        if got:
            print(got)
            found += 1
            if found >= 5:
                break
