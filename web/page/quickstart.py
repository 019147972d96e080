"""The menu's first screen: one tile per game that starts a match with one tap, and the
match's length chosen up front (issue 25, "The first minute"; DECISIONS W-55, W-56).

Pure Python (no `pyscript`, no `js`), so pytest drives it on CPython; the menu (`setup.py`)
draws the tiles and stores the memory (`MEMORY_KEY`).

A tile's match is the game's defaults, or the choices of the last match started of that game
(players, seats, house rules), with the length chosen above the tiles. The length is what
ends the match: a number of hands where a game has no end of its own (the Vietnamese money
games' `max_hands`), a points target where the game lets one choose it (all_fives'
`target`); the games whose end is fixed (kozel's goat at 101, 100 points, Mexican Train's
rounds) say it and ignore the choice. Kept plain for MicroPython.
"""

import json

import textfmt

MEMORY_KEY = "domino.menu.v1"
LENGTHS = ("short", "normal", "long")
DEFAULT_LENGTH = "normal"
# Hands of a match where only a number of hands ends it (W-56).
HANDS = {"short": 5, "normal": 10, "long": 20}
# The options that carry the match's length: the length choice sets them, a tile never
# takes them from memory.
LENGTH_OPTIONS = ("max_hands", "target")


def _option(entry, name):
    for opt in entry.get("options") or []:
        if opt.get("name") == name:
            return opt
    return None


def _target_choice(opt, length):
    """A points target among the option's choices: the default for "normal", the largest at
    most half of it for "short", the smallest above it for "long" (the default when none)."""
    default = opt.get("default")
    choices = [c for c in opt.get("choices") or [] if isinstance(c, int)]
    if length == "short":
        lower = [c for c in choices if c * 2 <= default]
        return max(lower) if lower else default
    if length == "long":
        higher = [c for c in choices if c > default]
        return min(higher) if higher else default
    return default


def length_options(entry, length):
    """The options that give a match of `entry` the chosen length ({} where its end is
    fixed)."""
    if length not in LENGTHS:
        length = DEFAULT_LENGTH
    if _option(entry, "max_hands") is not None:
        return {"max_hands": HANDS[length]}
    opt = _option(entry, "target")
    if opt is not None and opt.get("type") == "choice" and isinstance(opt.get("default"), int):
        return {"target": _target_choice(opt, length)}
    return {}


def length_words(entry, options):
    """(catalogue key, n) saying when a match of `entry` with `options` ends, or (key, None)
    for a match no total ends (`quick.no_end`)."""
    hands = options.get("max_hands")
    if isinstance(hands, int) and hands > 0:
        return "quick.hands", hands
    if entry.get("rounds"):
        return "quick.hands", entry["rounds"]
    target = options.get("target")
    if not isinstance(target, int) or target <= 0:
        target = entry.get("target")
    if isinstance(target, int) and target > 0:
        if entry.get("standing") == "record":
            return "quick.goat_at", target
        return "quick.to_points", target
    return "quick.no_end", None


def _valid_option(opt, value):
    kind = opt.get("type")
    if kind == "bool":
        return value is True or value is False
    if kind == "choice":
        return value in (opt.get("choices") or [])
    if kind == "int":
        lo, hi = opt.get("min"), opt.get("max")
        return (isinstance(value, int) and not isinstance(value, bool)
                and (lo is None or value >= lo) and (hi is None or value <= hi))
    return False


def _players(entry, kept):
    info = entry.get("players") or {}
    players = kept.get("players")
    if not isinstance(players, int) or isinstance(players, bool) \
            or players < info.get("min", 2) or players > info.get("max", 4):
        players = info.get("default", 2)
    return players


def _seats(kept, players):
    seats = kept.get("seats")
    if not isinstance(seats, list) or len(seats) != players \
            or any(s not in textfmt.SEAT_KINDS for s in seats):
        return textfmt.default_seats(players)
    return list(seats)


def choices_for(entry, memory):
    """(players, seats, house rules) of the next match of `entry`: those of the last one
    started, each still valid for the game, else its defaults."""
    kept = (memory.get("by_variant") or {}).get(entry.get("id")) or {}
    players = _players(entry, kept)
    options = {}
    stored = kept.get("options") or {}
    for name in stored:
        opt = _option(entry, name)
        if name in LENGTH_OPTIONS or name == "players" or opt is None:
            continue
        if _valid_option(opt, stored[name]):
            options[name] = stored[name]
    return players, _seats(kept, players), options


def quick_intent(entry, memory, length):
    """The `new_match` intent of a tap on `entry`'s tile: the last choices of that game (or
    its defaults) and the chosen length; no seed (the engine deals from a secret one,
    DECISIONS E-35)."""
    players, seats, options = choices_for(entry, memory)
    options["players"] = players
    lengths = length_options(entry, length)
    for name in lengths:
        options[name] = lengths[name]
    return {"type": "new_match", "variant": entry["id"], "options": options, "seats": seats}


def read_memory(text):
    """The menu's memory as storage gives it back: {"variant", "length", "by_variant"}, with
    anything unreadable left out."""
    try:
        data = json.loads(text) if text else {}
    except ValueError:
        data = {}
    if not isinstance(data, dict):
        data = {}
    memory = {"variant": None, "length": DEFAULT_LENGTH, "by_variant": {}}
    if isinstance(data.get("variant"), str):
        memory["variant"] = data["variant"]
    if data.get("length") in LENGTHS:
        memory["length"] = data["length"]
    by_variant = data.get("by_variant")
    if isinstance(by_variant, dict):
        for vid in by_variant:
            if isinstance(vid, str) and isinstance(by_variant[vid], dict):
                memory["by_variant"][vid] = by_variant[vid]
    return memory


def remember(memory, message):
    """The memory after a `new_match` started from the menu: its game is the last one, and
    its players, seats and house rules (not its length, chosen above the tiles) are that
    game's next choices."""
    out = {"variant": message.get("variant"), "length": memory.get("length", DEFAULT_LENGTH),
           "by_variant": dict(memory.get("by_variant") or {})}
    options = message.get("options") or {}
    kept = {}
    for name in options:
        if name != "players" and name not in LENGTH_OPTIONS:
            kept[name] = options[name]
    out["by_variant"][message.get("variant")] = {
        "players": options.get("players"), "seats": list(message.get("seats") or []),
        "options": kept}
    return out


# Where the pips of one half of a tile lie, on a 3x3 grid (column, row), for 0 to 6.
PIP_SPOTS = {0: (), 1: ((1, 1),), 2: ((0, 0), (2, 2)), 3: ((0, 0), (1, 1), (2, 2)),
             4: ((0, 0), (2, 0), (0, 2), (2, 2)), 5: ((0, 0), (2, 0), (1, 1), (0, 2), (2, 2)),
             6: ((0, 0), (2, 0), (0, 1), (2, 1), (0, 2), (2, 2))}
# The tile on each game's card, in the menu's order: a different face for each game.
FACES = ((6, 6), (5, 3), (4, 2), (6, 4), (1, 0), (3, 2), (5, 1), (5, 5), (6, 3))


def face_svg(index):
    """The domino on the `index`th game's card as inline SVG (drawn, not downloaded)."""
    a, b = FACES[index % len(FACES)]
    out = ['<svg viewBox="0 0 20 40" aria-hidden="true" focusable="false">',
           '<rect x="0.5" y="0.5" width="19" height="39" rx="3" fill="#faf6ea"/>',
           '<line x1="3" y1="20" x2="17" y2="20" stroke="#a8a29e" stroke-width="1"/>']
    for half, pips in ((0, a), (1, b)):
        for col, row in PIP_SPOTS[pips]:
            out.append('<circle cx="' + str(4 + col * 6) + '" cy="' + str(4 + half * 20 + row * 6)
                       + '" r="1.9" fill="#1c1917"/>')
    out.append("</svg>")
    return "".join(out)


def soft_breaks(name, hints):
    """`name` with a soft hyphen (U+00AD) at each point that `hints` marks with "-" in its words
    ("тради-ционное Мекси-канский"): a word longer than a menu tile is wide may then break there,
    with a hyphen shown only when it does. The browsers' own hyphenation needs dictionaries that
    Chromium on Linux does not ship, so the catalogue names the points, per language.
    A parenthesised part ("Все пятёрки (All Fives)") stays whole on its line: its spaces are
    no-break spaces (U+00A0), so the name breaks before it, never between "(All" and "Fives)"
    (W-120)."""
    for hint in hints.split():
        if "-" in hint:
            name = name.replace(hint.replace("-", ""), hint.replace("-", "\u00ad"))
    out = []
    depth = 0
    for ch in name:
        if ch == "(":
            depth += 1
        elif ch == ")" and depth > 0:
            depth -= 1
        out.append("\u00a0" if ch == " " and depth > 0 else ch)
    return "".join(out)

