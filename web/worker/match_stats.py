"""The statistics of the match history (plain Python: the engine worker runs it under Pyodide
over its stored entries, web/worker/history.py; pytest runs it under CPython).

Everything is counted from the seat the page played the match from (the entry's `viewer`),
over finished matches only (an unfinished one is counted apart: its totals are not a result),
per game and opponent level. The opponent level is the level of the computer seats when they
all play at one level, `mixed` when they do not, `people` when no computer played.

Per group: matches played and won (won: the seat has the best total of the match, the rule
of the history list, textfmt._best_seats, and not every seat has it), hands played and won
(a hand is won when its winner is the seat or, in a partnership, its partner; entries whose
hands are unknown, `results` null, count their matches but not their hands), the sum and the
average of the seat's final totals (money in the variant's unit, points, kozel's record,
Mexican Train's pips), the best hand (the most one hand gained, where higher totals are
better), kozel goats, the current and the best run of matches won (in the order they were
saved), and the accuracy from reviews when an entry carries one (`review`: a domino-review
document or its `totals`, or `accuracy`: one share per seat).

The page draws these; it receives them as one JSON object (`compute`).
"""

LEVEL_ORDER = ("easy", "medium", "hard", "expert", "mixed", "people")
# The matches the chart of the latest results shows.
SERIES = 20


def level_of(kind):
    """The level of a seat's kind (`ai:hard` -> hard, `ai` plays at medium), None for a human."""
    if kind == "ai":
        return "medium"
    if isinstance(kind, str) and kind.startswith("ai:"):
        return kind[3:]
    return None


def opponent_level(entry):
    """The level of the computers the seat played against (see the module's doc)."""
    viewer = entry.get("viewer") or 0
    levels = set()
    for seat, kind in enumerate(entry.get("seats") or []):
        level = level_of(kind)
        if seat != viewer and level is not None:
            levels.add(level)
    if not levels:
        return "people"
    if len(levels) > 1:
        return "mixed"
    return levels.pop()


def totals(entry):
    """The final total of each seat (`balances`, `records` or `scores`), or []."""
    match = entry.get("match") or {}
    for key in ("balances", "records", "scores"):  # the totals a match keeps (rules.STANDINGS)
        values = match.get(key)
        if isinstance(values, list) and values:
            return values
    return []


def best_seats(entry):
    """The seats with the best total (as textfmt._best_seats, which names the history's
    winner; tests/web/test_match_stats.py checks that the two agree)."""
    values = totals(entry)
    if not values:
        return []
    best = min(values) if entry.get("better") == "lower" else max(values)
    return [i for i in range(len(values)) if values[i] == best]


def won_match(entry):
    """Whether the viewer won the finished match: the best total, not shared by all."""
    best = best_seats(entry)
    return (entry.get("viewer") or 0) in best and len(best) < len(totals(entry))


def team_of(entry):
    """The viewer's side: the viewer and, in a four-player partnership, the partner."""
    viewer = entry.get("viewer") or 0
    options = (entry.get("record") or {}).get("options") or {}
    if entry.get("players") == 4 and options.get("partnership"):
        return {viewer, (viewer + 2) % 4}
    return {viewer}


def won_hand(hand, team):
    winner = hand.get("winner")
    if isinstance(winner, list):
        return any(w in team for w in winner)
    return winner in team


def review_accuracy(entry):
    """The viewer's accuracy (0 to 1) from a review the entry carries, or None."""
    viewer = entry.get("viewer") or 0
    review = entry.get("review")
    if isinstance(review, dict):
        for total in review.get("totals") or []:
            if isinstance(total, dict) and total.get("seat") == viewer:
                value = total.get("accuracy")
                if isinstance(value, (int, float)) and not isinstance(value, bool) \
                        and 0 <= value <= 1 and total.get("judged", 1):
                    return float(value)
    accuracy = entry.get("accuracy")
    if isinstance(accuracy, dict):
        accuracy = [accuracy.get(str(viewer), accuracy.get(viewer))]
        viewer = 0
    if isinstance(accuracy, list) and viewer < len(accuracy):
        value = accuracy[viewer]
        if isinstance(value, (int, float)) and not isinstance(value, bool) and 0 <= value <= 1:
            return float(value)
    return None


def _blank(level):
    return {"level": level, "matches": 0, "won": 0, "hands": 0, "hands_won": 0,
            "hands_unknown": 0, "total": 0, "average": None, "best_hand": None, "goats": 0,
            "streak": 0, "best_streak": 0, "reviewed": 0, "accuracy": None}


def _add(group, entry, won, acc):
    viewer = entry.get("viewer") or 0
    group["matches"] += 1
    group["won"] += 1 if won else 0
    values = totals(entry)
    if viewer < len(values):
        group["total"] += values[viewer]
    results = entry.get("results")
    if results is None:
        group["hands_unknown"] += 1
    else:
        team = team_of(entry)
        group["hands"] += len(results)
        for hand in results:
            if won_hand(hand, team):
                group["hands_won"] += 1
            delta = hand.get("delta") or []
            if entry.get("better") != "lower" and viewer < len(delta):
                if group["best_hand"] is None or delta[viewer] > group["best_hand"]:
                    group["best_hand"] = delta[viewer]
    goat = (entry.get("match") or {}).get("goat")
    if isinstance(goat, list) and viewer in goat:
        group["goats"] += 1
    group["streak"] = group["streak"] + 1 if won else 0
    group["best_streak"] = max(group["best_streak"], group["streak"])
    if acc is not None:
        group["_acc"] = group.get("_acc", 0.0) + acc
        group["reviewed"] += 1


def _finish(group):
    if group["matches"]:
        group["average"] = round(group["total"] / group["matches"], 1)
    if group["reviewed"]:
        group["accuracy"] = round(group.pop("_acc") / group["reviewed"], 4)
    return group


def compute(entries):
    """The statistics of the history `entries` (current schema, any order): a dict with
    `matches` (finished), `unfinished`, and `games`: one per game and standing, the most
    played first, each `{"variant", "standing", "better", "all": the group of every level,
    "levels": the groups by opponent level (LEVEL_ORDER), "series": the latest SERIES
    matches, oldest first, `{"id", "saved_at", "value": the seat's final total, "won",
    "level"}`}`."""
    finished = [e for e in entries if e.get("finished")]
    finished.sort(key=lambda e: (e.get("saved_at") or 0, str(e.get("id"))))
    games = {}
    for entry in finished:
        key = (str(entry.get("variant")), str(entry.get("standing")))
        game = games.get(key)
        if game is None:
            game = {"variant": key[0], "standing": key[1], "better": entry.get("better"),
                    "all": _blank("all"), "levels": {}, "series": []}
            games[key] = game
        won = won_match(entry)
        acc = review_accuracy(entry)
        level = opponent_level(entry)
        if level not in game["levels"]:
            game["levels"][level] = _blank(level)
        _add(game["all"], entry, won, acc)
        _add(game["levels"][level], entry, won, acc)
        values = totals(entry)
        viewer = entry.get("viewer") or 0
        game["series"].append({"id": entry.get("id"), "saved_at": entry.get("saved_at"),
                               "value": values[viewer] if viewer < len(values) else 0,
                               "won": won, "level": level})
    out = []
    for game in games.values():
        _finish(game["all"])
        ranked = sorted(game["levels"].values(), key=lambda g: (
            LEVEL_ORDER.index(g["level"]) if g["level"] in LEVEL_ORDER else len(LEVEL_ORDER),
            g["level"]))
        game["levels"] = [_finish(g) for g in ranked]
        game["series"] = game["series"][-SERIES:]
        out.append(game)
    out.sort(key=lambda g: (-g["all"]["matches"], g["variant"], g["standing"]))
    return {"matches": len(finished), "unfinished": len(entries) - len(finished), "games": out}
