"""Building blocks of the fuzz suite (tests/tools/test_fuzz.py): seed records, hostile values,
mutations at every key path, the oracles' shared checks, a per-case watchdog and a count of
the inputs tried.

Everything here is deterministic given hypothesis' draws, so a failure shrinks to a small
reproducer: a seed record (by name), a list of (path, mutation) steps, or a list of intents.
"""

from __future__ import annotations

import collections
import contextlib
import copy
import io
import json
import math
import os
import random
import re
import signal
import sys
import threading
from pathlib import Path
from typing import Any

import pytest
from hypothesis import HealthCheck, settings, strategies as st

from domino.session import PROTOCOL_VERSION

DATA = Path(__file__).resolve().parent / "data"

# --- budget: hypothesis profiles ---------------------------------------------------------------

#: ``DOMINO_FUZZ_EXAMPLES=N`` switches to the long, random profile: each test then tries about
#: N inputs (tests that spawn processes or play whole sequences a fixed fraction of N).
LONG_EXAMPLES = int(os.environ.get("DOMINO_FUZZ_EXAMPLES", "0") or 0)
#: The bound on one case, in seconds: a hang detector, not a performance assertion.
CASE_SECONDS = float(os.environ.get("DOMINO_FUZZ_CASE_SECONDS", "10"))

_SUPPRESSED = [HealthCheck.too_slow, HealthCheck.data_too_large, HealthCheck.filter_too_much,
               HealthCheck.large_base_example]
settings.register_profile(
    "domino-fuzz-ci", deadline=None, derandomize=True, database=None, print_blob=False,
    suppress_health_check=_SUPPRESSED)
settings.register_profile(
    "domino-fuzz-long", deadline=None, derandomize=False, print_blob=True,
    suppress_health_check=_SUPPRESSED)
PROFILE = "domino-fuzz-long" if LONG_EXAMPLES else "domino-fuzz-ci"


def fuzz_settings(ci_examples: int, weight: float = 1.0) -> settings:
    """Settings of one fuzz test: ``ci_examples`` in CI (derandomized, so CI is reproducible),
    ``weight * DOMINO_FUZZ_EXAMPLES`` in a long run (random, failures kept in the database).

    The profiles are applied per test, never loaded globally, so the other test files keep
    their own hypothesis settings."""
    examples = max(1, int(LONG_EXAMPLES * weight)) if LONG_EXAMPLES else ci_examples
    return settings(settings.get_profile(PROFILE), max_examples=examples)


#: Inputs tried per test in this run (every call of a test body, shrinking included).
COUNTS: collections.Counter[str] = collections.Counter()


def tried(test: str, n: int = 1) -> None:
    """Count ``n`` inputs tried by ``test``."""
    COUNTS[test] += n


class FuzzReport:
    """A pytest plugin, registered by test_fuzz.py, that prints the inputs tried per test and
    the number of failed fuzz tests at the end of the run: the figures of the closing note."""

    name = "domino-fuzz-report"

    def pytest_terminal_summary(self, terminalreporter: Any) -> None:
        if not COUNTS:
            return
        failed = [r for r in terminalreporter.stats.get("failed", [])
                  if "test_fuzz" in getattr(r, "nodeid", "")]
        tr = terminalreporter
        tr.section(f"domino fuzz ({PROFILE})")
        for test, n in sorted(COUNTS.items()):
            tr.write_line(f"{test}: {n} inputs")
        tr.write_line(f"total: {sum(COUNTS.values())} inputs tried, failures: {len(failed)}")


# --- watchdog ----------------------------------------------------------------------------------

class _Watchdog:
    """Fail a case that runs longer than its bound, from a SIGALRM timer in the main thread.

    The alarm raises pytest's ``Failed`` (a BaseException), so it escapes the engine's own
    ``except Exception`` handlers (the protocol's catch-all would otherwise turn a hang into an
    ``internal`` answer) and hypothesis still catches it, reports the input and shrinks it.
    Once a hang has been seen, later bounds in the run are 2 s, so that shrinking a hang does
    not take minutes. Where signals are unavailable (Windows, a worker thread) there is no
    watchdog."""

    def __init__(self) -> None:
        self.hung = False
        self.active = False

    def available(self) -> bool:
        return (hasattr(signal, "setitimer") and hasattr(signal, "SIGALRM")
                and threading.current_thread() is threading.main_thread())

    @contextlib.contextmanager
    def bounded(self, what: str, seconds: float | None = None):
        if self.active or not self.available():
            yield  # inside another bound (that one applies), or no signals here
            return
        bound = seconds if seconds is not None else CASE_SECONDS
        if self.hung:
            bound = min(bound, 2.0)

        def on_alarm(signum: int, frame: Any) -> None:
            self.hung = True
            pytest.fail(f"hang: {what} ran for more than {bound:g} s", pytrace=True)

        previous = signal.signal(signal.SIGALRM, on_alarm)
        signal.setitimer(signal.ITIMER_REAL, bound)
        self.active = True
        try:
            yield
        finally:
            signal.setitimer(signal.ITIMER_REAL, 0)
            signal.signal(signal.SIGALRM, previous)
            self.active = False


WATCHDOG = _Watchdog()
bounded = WATCHDOG.bounded


# --- strict JSON -------------------------------------------------------------------------------

def _refuse_constant(name: str) -> Any:
    raise ValueError(f"non-standard JSON constant {name}")


def strict_loads(text: str) -> Any:
    """``json.loads`` that refuses NaN and Infinity, as a browser's ``JSON.parse`` does."""
    return json.loads(text, parse_constant=_refuse_constant)


def is_strict_json(text: str) -> bool:
    """Whether ``text`` is JSON a strict reader takes: no NaN or Infinity, no number too
    large for a float or (Python's limit) over 4,300 digits, not too deep to parse."""
    try:
        value = json.loads(text, parse_constant=_refuse_constant,
                           parse_float=_finite_float)
    except (ValueError, RecursionError):
        return False
    return value is not None or text.strip() == "null"


def _finite_float(text: str) -> float:
    value = float(text)
    if math.isinf(value):
        raise ValueError(f"{text} is too large for a float")
    return value


def strict_dumps(value: Any) -> str:
    """``json.dumps`` that refuses NaN and Infinity."""
    return json.dumps(value, allow_nan=False)


# --- seeds -------------------------------------------------------------------------------------

VARIANTS = ("vn_traditional", "vn_schoolnet", "vn_iwin", "doubles", "kozel", "block", "draw",
            "all_fives", "mexican_train")
PLAYERS = {v: (2, 3, 4) for v in VARIANTS} | {"mexican_train": (2, 4, 8)}
#: A few options per variant besides the defaults, so seeds reach their code paths.
OPTION_SETS = {
    "vn_traditional": [{"partnership": True, "players": 4}, {"blank_wild": True},
                       {"scoring_mode": "points"}, {"drawn_tile_optional": True}],
    "vn_schoolnet": [{"blocker_mode": "last_placer", "target": 5}],
    "vn_iwin": [{"table": "vip", "max_hands": 2}],
    "doubles": [{"unlock_mode": "spinner_only"}],
    "kozel": [{"zero_double_rule": "only_if_sole_tile", "later_hands_lead":
               "previous_winner_any_tile", "lead_double": "lowest_from_1_1"}],
    "block": [{"partnership": True, "players": 4}, {"hand_size": 3, "tie_rule": "lightest_tile"}],
    "draw": [{"reserve": "classic", "voluntary_draw": True}],
    "all_fives": [{"spinners": "all"}, {"spinners": "none", "deal": "7/5", "target": 61}],
    "mexican_train": [{"set": "double_nine", "first_turn_multi": True,
                       "allow_double_chain": True, "first_player": "random"}],
}


def _load_file_seeds() -> list[tuple[str, dict]]:
    out = []
    for folder in ("scenarios", "golden"):
        for path in sorted((DATA / folder).glob("*.json")):
            if path.name.endswith(".expected.json"):
                continue
            with open(path, encoding="utf-8") as fh:
                out.append((f"{folder}/{path.name}", json.load(fh)))
    return out


def _start_of(match: Any) -> dict | None:
    """The match's current position written as a RECORD.md ``start`` (mid-hand), or None."""
    from domino.tiles import tile_str

    s = match.hand
    if s is None or s.over:
        return None
    start: dict[str, Any] = {
        "hands": [[tile_str(t) for t in h] for h in s.hands],
        "boneyard": [tile_str(t) for t in s.boneyard],
    }
    start.update(s.layout.record_fields())
    start["to_move"] = s.to_move
    if s.last_placer is not None:
        start["last_placer"] = s.last_placer
    if s.seated is not None and not all(s.seated):
        start["seated"] = list(s.seated)
    return start


def play_random(match: Any, rng: random.Random, moves: int, leave: bool = False) -> None:
    """Play up to ``moves`` random legal moves (``leave`` only if allowed), dealing the next
    hand when one ends."""
    for _ in range(moves):
        if match.over:
            return
        if match.hand_over:
            match.next_hand()
            continue
        legal = match.legal()
        if not leave:
            legal = [m for m in legal if str(m) != "leave"] or legal
        match.play(legal[int(rng.random() * len(legal))])


def _match_seeds() -> list[tuple[str, dict]]:
    """Records exported from short seeded random matches of every variant and player count,
    stopped at a random move (mid-hand, at a hand's end, or some hands in), and the same
    positions written as ``start`` records."""
    from domino.match.match import Match

    out = []
    for variant in VARIANTS:
        configs = [{"players": n} for n in PLAYERS[variant]] + OPTION_SETS[variant]
        for i, options in enumerate(configs):
            seed = 11 * i + len(variant)
            rng = random.Random(seed)
            match = Match.new(variant, dict(options), seed)
            length = rng.choice((0, 1, 3, 8, 25, 60, 200))
            play_random(match, rng, length, leave=variant == "vn_iwin" and i % 2 == 1)
            name = f"match/{variant}-{i}-{length}"
            out.append((name, match.to_record()))
            start = _start_of(match)
            if start is not None:
                rec = match.to_record()
                rec["hands"] = [{"start": start, "moves": []}]
                rec["match"] = {k: v for k, v in match.summary().items()
                                if k in ("hand_number", "scores", "balances", "records", "open",
                                         "leader") and v is not None}
                out.append((name + "-start", rec))
    return out


_SEEDS: list[tuple[str, dict]] | None = None


def seeds() -> list[tuple[str, dict]]:
    """Every seed record as (name, record), computed once: the valid records of tests/data
    (scenarios and golden, not the expected outputs) and records of random matches."""
    global _SEEDS
    if _SEEDS is None:
        _SEEDS = _load_file_seeds() + _match_seeds()
    return _SEEDS


def seed_names() -> list[str]:
    return [name for name, _ in seeds()]


def seed(name: str) -> dict:
    """A fresh deep copy of the seed called ``name``."""
    for n, rec in seeds():
        if n == name:
            return copy.deepcopy(rec)
    raise KeyError(name)


# --- hostile values ----------------------------------------------------------------------------

def deep_list(depth: int) -> list:
    """``[[[...]]]`` nested ``depth`` deep, built without recursion."""
    out: list = []
    for _ in range(depth):
        out = [out]
    return out


def deep_dict(depth: int) -> dict:
    """``{"a": {"a": ...}}`` nested ``depth`` deep, built without recursion."""
    out: dict = {}
    for _ in range(depth):
        out = {"a": out}
    return out


class Deep:
    """A deeply nested list or dict, built afresh where it is used (``fresh``): one shared
    object could be changed by a later mutation and leak into other inputs, and hypothesis
    prints this short stand-in rather than 100,000 brackets."""

    def __init__(self, kind: str, depth: int) -> None:
        self.kind = kind
        self.depth = depth

    def build(self) -> Any:
        return deep_list(self.depth) if self.kind == "list" else deep_dict(self.depth)

    def __repr__(self) -> str:
        return f"Deep({self.kind!r}, {self.depth})"


def fresh(value: Any) -> Any:
    """A value ready to put into an input: a ``Deep`` built, anything else deep-copied (so
    that no input shares a mutable object with another or with the value lists here)."""
    if isinstance(value, Deep):
        return value.build()
    try:
        return copy.deepcopy(value)
    except RecursionError:
        return value


def _depth(value: Any) -> int:
    """How deep ``value`` nests lists and dicts (following first items), without recursion."""
    if isinstance(value, Deep):
        return value.depth
    depth = 0
    while isinstance(value, (list, dict)) and value:
        value = next(iter(value.values())) if isinstance(value, dict) else value[0]
        depth += 1
    return depth


HUGE_INT = 10 ** 5000
#: Values that are wrong almost anywhere in a record or a message.
HOSTILE = [
    None, True, False, 0, 1, -1, 2, 3, 7, 8, 13, 99, -99, 2 ** 31, -(2 ** 63), 2 ** 63,
    2 ** 1000, HUGE_INT, -HUGE_INT,
    0.0, -0.0, 0.5, 1.0, 2.0, -1.5, 1e308, math.nan, math.inf, -math.inf,
    "", " ", "0", "1", "-1", "x", "null", "true", "NaN", "Infinity", "1_0", " 1", "1e3",
    "²", "６", "٣", "\x00", "\ud800", "x" * 100_000, "9" * 5000, "a\nb", "\r\n", "\u2028",
    "6-6@L\nerror: forged",
    # tiles and moves, plausible and not
    "6-6", "0-0", "6-4", "4-6", "7-7", "12-12", "13-0", "99-0", "-1-6", "6--6", "6-", "-6",
    "6-6 ", " 6-6", "6_6", "6-6-6", "²-1", "６-１", "٣-١", "1_0-0", "0x6-4", "6-4\x00",
    "9" * 5000 + "-0", "6-5@L", "6-5@R", "6-5@X", "6-5@", "6-5@L:", "6-5@L:9", "6-5@L:²",
    "6-5@T99", "6-5@T-1", "6-5@T²", "6-5@MX", "6-5@N", "2-2@L+5-5@R", "2-2@L+5-5@R+1-1@L",
    "+", "@", "draw", "pass", "leave", "DRAW", " draw ", "4|3", "3|4", "4|", "|", "a|b",
    "6|6|6", "²|1",
    # containers
    [], [[]], [None], [0], [1, 2], ["6-6"], ["6-6", "6-6"], [True, True], [False, False],
    [False] * 4, [False] * 8, [True] * 9, [0] * 3, [-1], [math.nan], [HUGE_INT],
    {}, {"": None}, {"kind": "line"}, {"kind": "tree"}, {"kind": "trains"},
    {"hands": []}, {"hands": [[]], "boneyard": []},
    Deep("list", 50), Deep("dict", 50), Deep("list", 100_000), Deep("dict", 100_000),
    list(range(100_000)), ["draw"] * 20_000,
]


def json_values(max_leaves: int = 8) -> st.SearchStrategy:
    """Arbitrary JSON values (NaN, Infinity and huge ints included), small."""
    scalars = st.one_of(
        st.none(), st.booleans(), st.integers(), st.integers(-10, 20),
        st.floats(allow_nan=True, allow_infinity=True), st.text(max_size=12),
        st.sampled_from(["6-6", "6-4", "draw", "pass", "leave", "5|5", "²-1", "human", "ai"]))
    return st.recursive(
        scalars,
        lambda inner: st.one_of(st.lists(inner, max_size=4),
                                st.dictionaries(st.text(max_size=6), inner, max_size=4)),
        max_leaves=max_leaves)


#: ``HOSTILE`` without the 100,000-deep values, for objects that must still serialise.
HOSTILE_SHALLOW = [v for v in HOSTILE if _depth(v) <= 100]


def hostile_values(deep: bool = True) -> st.SearchStrategy:
    """A hostile value, ready to use (``fresh``): one of ``HOSTILE`` or an arbitrary small
    JSON value. ``deep=False`` leaves out the values too deep for ``json.dumps`` (texts get
    theirs from ``RAW_TOKENS``)."""
    return st.one_of(st.sampled_from(HOSTILE if deep else HOSTILE_SHALLOW), json_values())


def shallow_values() -> st.SearchStrategy:
    """One of ``HOSTILE_SHALLOW``, a fresh copy."""
    return st.sampled_from(HOSTILE_SHALLOW).map(fresh)


#: Keys to add to an object: the record's own keys (maybe where they do not belong) and odd ones.
EXTRA_KEYS = ["seated", "last_placer", "layout", "line", "deal", "start", "to_move", "moves",
              "leader", "open", "records", "scores", "balances", "hand_number", "hands",
              "boneyard", "players", "options", "variant", "seed", "match", "format",
              "version", "kind", "tiles", "arms", "trains", "engine", "unsatisfied", "id",
              "owner", "marker", "parent", "lead", "unknown", "", " ", "__proto__",
              "constructor", "Hands", "hands ", "²", "\x00", "\n", "a\nerror: forged"]

#: Raw JSON text spliced in where a value goes: what ``json.loads`` accepts or refuses but
#: no Python object can be serialised to.
RAW_TOKENS = ["NaN", "Infinity", "-Infinity", "1e400", "-1e400", "1" * 5000, "-" + "9" * 4400,
              "1" * 4300, "1.0", "-0", "0.5e1", '"\\ud800"', '"\\u0000"', '"\\ud83d\\ude00"',
              "[" * 100_000 + "]" * 100_000, '{"a":' * 100_000 + "1" + "}" * 100_000,
              "[" * 500 + "]" * 500, '{"a": 1, "a": 2}', "[1,]", "{,}", "", "tru", "nul",
              "01", "+1", ".5", "0x10", "'6-6'", '"6-6"', "[\"6-6\", \"6-6\"]"]


class Raw:
    """Raw JSON text to splice into a serialised object where this stands (see ``to_text``)."""

    def __init__(self, text: str) -> None:
        self.text = text

    def __repr__(self) -> str:
        return f"Raw({short(self.text)})"


@contextlib.contextmanager
def _unlimited_int_digits():
    set_limit = getattr(sys, "set_int_max_str_digits", None)
    if set_limit is None:
        yield
        return
    old = sys.get_int_max_str_digits()
    set_limit(0)
    try:
        yield
    finally:
        set_limit(old)


def to_text(value: Any, indent: int | None = None) -> str:
    """JSON text of ``value``, with ``Raw`` pieces spliced in verbatim (and a ``Deep`` as
    its brackets, however deep), NaN and Infinity
    written as Python writes them and ints of any length (the engine's own JSON reading keeps
    Python's 4,300-digit limit: only the writing here is unlimited)."""
    return to_text_raws(value, indent)[0]


def to_text_raws(value: Any, indent: int | None = None) -> tuple[str, int]:
    """``to_text`` and how many ``Raw`` pieces it spliced in."""
    raws: list[str] = []

    def default(obj: Any) -> str:
        if isinstance(obj, Deep):
            obj = Raw(("[" * obj.depth + "]" * obj.depth) if obj.kind == "list"
                      else '{"a":' * obj.depth + "{}" + "}" * obj.depth)
        if isinstance(obj, Raw):
            raws.append(obj.text)
            return f"\u0001RAW{len(raws) - 1}\u0001"
        raise TypeError(type(obj).__name__)

    with _unlimited_int_digits():
        text = json.dumps(value, indent=indent, ensure_ascii=False, default=default)
    for i, raw in enumerate(raws):
        text = text.replace(json.dumps(f"\u0001RAW{i}\u0001", ensure_ascii=False), raw)
    return text, len(raws)


# --- key paths and mutations ---------------------------------------------------------------------

Path_ = tuple  # a key path: dict keys and list indices from the root


def key_paths(obj: Any, max_depth: int = 12) -> list[Path_]:
    """Every path in ``obj`` (the root ``()`` included), iteratively and at most ``max_depth``
    deep (a deep-nesting mutation must not make the test itself recurse)."""
    out: list[Path_] = []
    stack: list[tuple[Path_, Any]] = [((), obj)]
    while stack:
        path, value = stack.pop()
        out.append(path)
        if len(path) >= max_depth:
            continue
        if isinstance(value, dict):
            for k in reversed(list(value)):
                stack.append((path + (k,), value[k]))
        elif isinstance(value, list) and len(value) <= 200:
            for i in range(len(value) - 1, -1, -1):
                stack.append((path + (i,), value[i]))
    return out


def get_at(obj: Any, path: Path_) -> Any:
    for k in path:
        obj = obj[k]
    return obj


def set_at(root: Any, path: Path_, value: Any) -> Any:
    """Set the value at ``path`` in place; return the (maybe new) root."""
    if not path:
        return value
    get_at(root, path[:-1])[path[-1]] = value
    return root


MUTATIONS = ("field", "field", "field", "field", "replace", "replace", "typed", "typed",
             "reshape", "delete", "add_key", "rename_key", "duplicate", "shuffle", "transplant",
             "wrap", "move_tile", "move_tile", "cut_moves")


#: Mutations that often keep a record readable but make its position unusual (tiles moved
#: between hands and boneyard or dropped, moves cut, fields set): positions to play on from.
SEMANTIC = ("move_tile", "move_tile", "move_tile", "cut_moves", "delete", "field", "shuffle")


def shape(path: Path_) -> Path_:
    """A path with its list indices as ``*``: paths of one shape are the same field."""
    return tuple("*" if isinstance(k, int) else k for k in path)


def _pick_path(draw: Any, paths: list[Path_]) -> Path_:
    """A path drawn by shape first, so that ``options.stake`` is as likely as one of the
    hundred tiles of a deal."""
    by_shape: dict[Path_, list[Path_]] = {}
    for p in paths:
        by_shape.setdefault(shape(p), []).append(p)
    shapes = sorted(by_shape, key=repr)
    group = by_shape[draw(st.sampled_from(shapes))]
    return draw(st.sampled_from(group))


def role(path: Path_) -> str | None:
    """What the object at ``path`` of a record is (RECORD.md, match/record.py): ``root``,
    ``options``, ``match``, ``entry`` (one hand), ``start``, ``deal``, ``layout``, ``arm``,
    ``train``, or None."""
    sh = shape(path)
    table = {(): "root", ("options",): "options", ("match",): "match",
             ("hands", "*"): "entry", ("hands", "*", "start"): "start",
             ("hands", "*", "deal"): "deal", ("hands", "*", "start", "layout"): "layout",
             ("hands", "*", "start", "layout", "arms", "*"): "arm",
             ("hands", "*", "start", "layout", "trains", "*"): "train"}
    return table.get(sh)


_BAD_WHOLE = [0, -1, 1, 2, True, False, 1.5, 2.0, -0.0, 1e308, math.nan, math.inf, -math.inf,
              HUGE_INT, -HUGE_INT, 2 ** 63, -(2 ** 63), 10 ** 9, 10 ** 9 + 1, 10 ** 12, 10000,
              10001, "1", "²", "٣", None, [], [1], {}]
_BAD_CHOICE = ["", "x", "VIP", "vip ", " casual", "points ", 1, 0, True, None, [], {}, "²",
               "x" * 100_000, math.nan]
_BAD_BOOL = [0, 1, 2, "true", "false", "", None, [], {}, math.nan, "True"]
_BAD_TILES = [[], [[]], ["²-1"], ["６-１"], ["٣-١"], ["1_0-0"], ["9" * 5000 + "-0"], ["7-7"],
              ["13-13"], ["-1-6"], ["6-6", "6-6"], [[6, 6]], [None], [6], "6-6", None, {},
              ["6|6"], [" 6-6 "], [True]]


def _seat_values(n: int) -> list[Any]:
    return [-1, n, n + 1, n - 1, 0, True, False, 1.5, 0.0, "0", None, HUGE_INT, 2 ** 63,
            -(2 ** 63), [0], math.nan, math.inf]


def _flags_values(n: int) -> list[Any]:
    return [[False] * n, [True] * n, [False] + [True] * (n - 1), [True] + [False] * (n - 1),
            [True] * (n - 1), [True] * (n + 1), [0] * n, [1] * n, ["true"] * n, [None] * n,
            [[True]] * n, [math.nan] * n, "ab", "", 1, True, {}, []]


def _counts_values(n: int) -> list[Any]:
    return [[0] * (n - 1), [0] * (n + 1), [True] * n, [1.5] * n, [math.nan] * n,
            [math.inf] * n, [HUGE_INT] * n, [-HUGE_INT] + [0] * (n - 1), [2 ** 63] * n,
            [-(2 ** 63)] * n, ["0"] * n, [None] * n, [[0]] * n, 5, "0", {}, None]


def _option_values(variant: Any, n: int) -> dict[str, list[Any]]:
    """Hostile values for every option of ``variant`` (and ``players``), by option type."""
    from domino.rules.ruleset import variants_catalog

    out: dict[str, list[Any]] = {"players": [0, 1, 9, 99, -1, True, 2.0, "4", None, HUGE_INT,
                                             math.nan, math.inf, 2 ** 63, [4], n + 5]}
    for entry in variants_catalog()["variants"]:
        if entry["id"] != variant and variant in VARIANTS:
            continue
        for opt in entry["options"]:
            if opt["type"] == "bool":
                values = _BAD_BOOL + [True, False]
            elif opt["type"] == "int":
                values = _BAD_WHOLE + [opt.get("min", 0) - 1, opt.get("max", 0) + 1,
                                       opt.get("min", 0), opt.get("max", 0)]
            else:
                choices = opt.get("choices", [])
                values = _BAD_CHOICE + [c.upper() if isinstance(c, str) else c + 1
                                        for c in choices]
                values += [str(c) for c in choices if not isinstance(c, str)]
                values += [float(c) for c in choices if isinstance(c, int)]
                values += list(choices)
            out.setdefault(opt["name"], []).extend(values)
    return out


#: Wrong for every field: added to each field's own values.
_BAD_ANYWHERE = [HUGE_INT, -HUGE_INT, math.nan, math.inf, Deep("list", 50),
                 Deep("list", 2000), "x" * 100_000, None, [], {}, True]


def field_values(role_: str, record: Any, n: int) -> dict[str, list[Any]]:
    """For an object of role ``role_``: each key it may hold, with values wrong for it (its
    own and ``_BAD_ANYWHERE``)."""
    fields = _field_values(role_, record, n)
    return {key: values + _BAD_ANYWHERE for key, values in fields.items()}


def _field_values(role_: str, record: Any, n: int) -> dict[str, list[Any]]:
    seats, flags, counts = _seat_values(n), _flags_values(n), _counts_values(n)
    hands = [[["6-6"]] * n, [[]] * n, [["6-6"], ["6-6"]] + [[]] * (n - 2), [["²-1"]] * n,
             [[]] * (n + 1), [[]] * (n - 1), [["0-0"] * 30] * n, "6-6", {}, None]
    variant = record.get("variant") if isinstance(record, dict) else None
    if role_ == "root":
        return {"format": ["domino-record ", "", None, 1, "DOMINO-RECORD"],
                "version": [0, 2, "1", 1.0, True, None, HUGE_INT, math.nan],
                "variant": ["", "x", "VN_IWIN", "fives", "goat", "vn_iwin ", None, 1, ["block"],
                            "²"] + list(VARIANTS),
                "seed": _BAD_WHOLE, "options": [None, [], "x", {}, {"players": None}],
                "match": [None, [], "x", {}, {"hand_number": 0}],
                "hands": [[], None, {}, [{}], [None], [[]], [{"moves": []}] * 3, "x"]}
    if role_ == "options":
        return _option_values(variant, n)
    if role_ == "match":
        return {"hand_number": _BAD_WHOLE, "leader": seats, "open": flags, "records": counts,
                "scores": counts, "balances": counts}
    if role_ == "entry":
        return {"deal": [None, {}, [], {"hands": []}, {"hands": [[]] * n, "boneyard": []}],
                "start": [None, {}, [], {"hands": [[]] * n, "to_move": 0}],
                "moves": [None, [], "draw", [None], [1], ["draw"] * 1000, ["²-1"], ["6-6@L:²"],
                          ["leave"] * n, ["pass"] * 50, {}, [[]]]}
    if role_ in ("start", "deal"):
        out = {"hands": hands, "boneyard": _BAD_TILES}
        if role_ == "start":
            out.update(to_move=seats, last_placer=seats, seated=flags,
                       line=[[], ["²|1"], ["9|9"], ["4|"], ["a|b"], ["5|5|5"], ["٣|١"],
                             ["13|0"], ["6|6", "6|6"], ["6-6"], [[6, 6]], "6|6", None, {}],
                       layout=[None, {}, [], {"kind": "line"}, {"kind": "tree"},
                               {"kind": "trains"}, {"kind": "tree", "lead": None, "arms": []},
                               {"kind": "trains", "engine": 12, "trains": []}])
        return out
    if role_ == "layout":
        return {"kind": ["line", "tree", "trains", "", None, 1], "lead": [
            None, [6, 6], [6], [6, 6, 6], ["6", "6"], [13, 13], [-1, -1], [True, True],
            [1.5, 1.5], [HUGE_INT, 0], "6-6"], "arms": [None, [], {}, [None], [{}],
                                                       [{"id": "R", "parent": None}]],
                "engine": [-1, 13, 99, True, 1.5, None, "12", HUGE_INT],
                "trains": [None, [], {}, [None], [{}], [{"id": "T0"}] * 3],
                "unsatisfied": [None, [None], [[6, 6]], [-1], ["T0"], ["T99"], {}, "T0"]}
    if role_ == "arm":
        return {"id": ["", None, 1, "R", "L", "N", "x" * 1000, "²"], "parent": [
            None, [], [6], [6, 6], ["6", "6"], [99, 99], "R", True],
                "open": [True, False, None, 1, "yes"],
                "tiles": [None, [], [[6]], [[6, 6, 6]], [["6", "6"]], [[13, 0]], [[-1, 0]],
                          [[True, False]], [[1.5, 1]], [[HUGE_INT, 0]], ["6-6"]]}
    if role_ == "train":
        return {"id": ["", None, 1, "T0", "T99", "MX", "T-1", "T²", "T1_0"], "owner":
                seats + [99], "marker": [True, False, None, 1, "yes"],
                "tiles": [None, [], [[6]], [[12, 99]], [[-1, 0]], [[True, False]],
                          [["6", "6"]], ["6-6"]]}
    return {}


def _typed_values(value: Any, n: int) -> list[Any]:
    """Values wrong in the way a value of this kind tends to be: for a tile, other spellings
    and digits that are not ASCII; for a line tile, bad halves; for a move, broken notation;
    for a number, the other JSON numbers; for a list, other lengths and all-false flags."""
    out = _reshapes(value, n)
    if isinstance(value, str) and "|" in value:
        a, _, b = value.partition("|")
        out += [f"{b}|{a}", f"{a}|", f"|{b}", f"{a}|{b}|{a}", f"²|{b}", f"٣|{b}", f"{a}-{b}",
                f"{a}|99", f" {a}|{b}", "13|13", "-1|0"]
    elif isinstance(value, str) and "-" in value and "@" not in value:
        a, _, b = value.partition("-")
        out += [f"{b}-{a}", f"{a}-{a}", "²-1", "６-１", "٣-١", f"{a}_{b}", f"{a}-{b}-{a}",
                f"-{a}-{b}", f"{a}-", f"{a}- {b}", "1_0-0", "9" * 5000 + f"-{b}", "13-13",
                "7-7", f"{a}-{b}@L", f"{a}-{b}@R", f"{value}\nerror: forged"]
    elif isinstance(value, str) and ("@" in value or value in ("draw", "pass", "leave")):
        tile, _, end = value.partition("@")
        out += [f"{tile}@{end}:9", f"{tile}@{end}:²", f"{tile}@", f"{tile}@X", f"{tile}@T99",
                f"{tile}@T-1", f"{tile}@T²", f"{tile}@T1_0", f"{tile}@MX", f"{tile}@N",
                f"{value}+{value}", f"{tile}@{end}+{tile}@{end}+{tile}@{end}", f"²{value}",
                "draw", "pass", "leave", "DRAW", f"{value} ", f"{tile}@{end}:",
                f"{tile}@{end}:{'9' * 5000}", f"{tile}@{'9' * 5000}", f"{value}\nerror: forged"]
    return out


def _players_of(record: Any) -> int:
    try:
        n = record["options"]["players"]
        return n if isinstance(n, int) and not isinstance(n, bool) and 0 < n < 20 else 4
    except (KeyError, TypeError, IndexError):
        return 4


def _reshapes(value: Any, n: int) -> list[Any]:
    """Values of about the original's shape but wrong: other lengths, all-false flags, seats
    out of range, the other type of number, ..."""
    out: list[Any] = [[False] * n, [True] * n, [False] * (n + 1), [0] * n, [None] * n,
                      -1, n, n + 1, n - 1]
    if isinstance(value, bool):
        out += [not value, int(value), str(value).lower()]
    elif isinstance(value, int) and abs(value) < 10 ** 100:
        out += [value + 1, value - 1, -value, value * 10 ** 6, float(value), str(value),
                bool(value), value + 2 ** 64, value + HUGE_INT]
    elif isinstance(value, str):
        out += [value.upper(), value + value, value[:-1], value[1:], value + " ", value[::-1],
                value.replace("-", "|"), value.replace("|", "-"), value.replace("@", "@@"),
                [value], {value: value}]
    elif isinstance(value, list):
        out += [value[:-1], value + value[-1:], value[1:], value[::-1], value * 2, [value],
                value[:1] * len(value), {str(i): v for i, v in enumerate(value)}]
    elif isinstance(value, dict):
        out += [list(value.values()), list(value), {k: None for k in value},
                dict(list(value.items())[:-1]), [value]]
    return out


@st.composite
def mutate(draw: Any, record: Any, max_steps: int = 3, deep: bool = True,
           ops: tuple[str, ...] = MUTATIONS) -> tuple[Any, list]:
    """Apply 1 to ``max_steps`` mutations (drawn from ``ops``) to ``record`` (in place; pass
    a copy) at key paths drawn from all of its paths; return the record and the steps as
    (op, path, detail)."""
    steps = []
    for _ in range(draw(st.integers(1, max_steps))):
        paths = key_paths(record)
        path = _pick_path(draw, paths)
        op = draw(st.sampled_from(ops))
        value = get_at(record, path)
        parent = get_at(record, path[:-1]) if path else None
        detail: Any = None
        if op == "field":
            # Set a field the object's role may hold (present or not) to a value wrong for
            # that field: the schema-aware mutation.
            objects = [p for p in paths if role(p) and isinstance(get_at(record, p), dict)]
            if not objects:
                continue
            path = draw(st.sampled_from(objects))
            fields = field_values(role(path), record, _players_of(record))
            if not fields:
                continue
            key = draw(st.sampled_from(sorted(fields)))
            detail = draw(st.sampled_from([v for v in fields[key] if deep or _depth(v) <= 100]))
            get_at(record, path)[key] = fresh(detail)
            path = path + (key,)
        elif op == "move_tile":
            # Move one tile between the hands and boneyard of one deal or start: the set stays
            # whole, the counts change (a start position may give a seat no tiles at all).
            lists = [p for p in paths if len(p) >= 4 and p[0] == "hands"
                     and p[2] in ("deal", "start")
                     and ((p[3] == "boneyard" and len(p) == 4)
                          or (p[3] == "hands" and len(p) == 5))
                     and isinstance(get_at(record, p), list)]
            sources = [p for p in lists if get_at(record, p)]
            if not sources:
                continue
            source = draw(st.sampled_from(sources))
            targets = [p for p in lists if p[:3] == source[:3] and p != source
                       and get_at(record, p) is not get_at(record, source)]
            if not targets:
                continue
            target = draw(st.sampled_from(targets))
            tiles = get_at(record, source)
            tile = tiles.pop(draw(st.integers(0, len(tiles) - 1)))
            dest = get_at(record, target)
            dest.insert(draw(st.integers(0, len(dest))), tile)
            path, detail = source, (target, tile)
        elif op == "cut_moves":
            # Keep a prefix of one hand's moves (always a valid record if the seed is), maybe
            # dropping the later hands: a position mid-hand to mutate further or play on.
            hands = record.get("hands") if isinstance(record, dict) else None
            if not isinstance(hands, list) or not hands:
                continue
            h = draw(st.integers(0, len(hands) - 1))
            entry = hands[h]
            if not isinstance(entry, dict) or not isinstance(entry.get("moves"), list):
                continue
            keep = draw(st.integers(0, len(entry["moves"])))
            del entry["moves"][keep:]
            del hands[h + 1:]
            path, detail = ("hands", h, "moves"), keep
        elif op == "typed":
            detail = draw(st.sampled_from(_typed_values(value, _players_of(record))))
            record = set_at(record, path, fresh(detail))
        elif op == "replace":
            detail = draw(hostile_values(deep))
            record = set_at(record, path, fresh(detail))
        elif op == "reshape":
            detail = draw(st.sampled_from(_reshapes(value, _players_of(record))))
            record = set_at(record, path, fresh(detail))
        elif op == "delete" and path:
            del parent[path[-1]]
        elif op == "add_key" and isinstance(value, dict):
            key = draw(st.sampled_from(EXTRA_KEYS))
            detail = (key, draw(st.one_of(hostile_values(deep), st.sampled_from(
                _reshapes(None, _players_of(record))))))
            value[detail[0]] = fresh(detail[1])
        elif op == "rename_key" and path and isinstance(parent, dict):
            key = draw(st.sampled_from(EXTRA_KEYS + [str(path[-1]).upper(), f"{path[-1]} "]))
            detail = key
            del parent[path[-1]]
            parent[key] = value
        elif op == "duplicate" and isinstance(value, list) and value:
            i = draw(st.integers(0, len(value) - 1))
            j = draw(st.integers(0, len(value)))
            detail = (i, j)
            value.insert(j, fresh(value[i]))
        elif op == "shuffle" and isinstance(value, list) and len(value) > 1:
            order = draw(st.permutations(range(len(value))))
            detail = order
            value[:] = [value[i] for i in order]
        elif op == "transplant":
            source = draw(st.sampled_from(paths))
            detail = source
            record = set_at(record, path, fresh(get_at(record, source))
                            if len(source) > 1 else "x")
        elif op == "wrap":
            detail = draw(st.sampled_from(["list", "dict", "str"]))
            value = fresh(value)
            wrapped = {"list": [value], "dict": {"value": value},
                       "str": json.dumps(value) if _shallow(value) else "x"}[detail]
            record = set_at(record, path, wrapped)
        else:
            continue
        steps.append((op, path, short(detail)))
    return record, steps


def _shallow(value: Any) -> bool:
    try:
        json.dumps(value)
    except (ValueError, RecursionError):
        return False
    return True


def short(value: Any) -> Any:
    """A printable stand-in for a step's detail (huge or deep values would flood a report)."""
    if isinstance(value, int) and not isinstance(value, bool) and value.bit_length() > 1000:
        return f"<{'-' if value < 0 else ''}int of {value.bit_length()} bits>"
    try:
        text = repr(value)
    except (ValueError, RecursionError):
        return f"<{type(value).__name__}>"
    return text if len(text) <= 80 else text[:60] + f"...<{len(text)} chars>"


#: The values a sweep puts at every key path (``sweep``): one of each kind of wrong.
SWEEP_VALUES = [HUGE_INT, -1, True, 1.5, math.nan, math.inf, None, "", "²-1", "x" * 100_000,
                "x\nerror: forged", [], {}, [None], Deep("list", 2000)]


def sweep_seeds() -> list[str]:
    """The seeds a sweep covers: of every variant, the first dealt record and the first start
    record of tests/data and of the random matches (one of each is enough to reach each
    field's checks)."""
    chosen: dict[tuple, str] = {}
    for name, record in seeds():
        key = (record["variant"], "start" in record["hands"][0], name.startswith("match/"))
        chosen.setdefault(key, name)
    return [chosen[k] for k in sorted(chosen)]


def sweep(record: dict):
    """Every (label, mutated record) of a systematic sweep of ``record``: at the first path of
    every shape (dict keys and list indices) each of ``SWEEP_VALUES`` and a deletion; in every
    object of a known role each missing field it may hold, set to a few wrong values."""
    seen = set()
    n = _players_of(record)
    for path in key_paths(record):
        if shape(path) in seen:
            continue
        seen.add(shape(path))
        for value in SWEEP_VALUES:
            yield f"{path} = {short(value)}", set_at(copy.deepcopy(record), path, fresh(value))
        if path:
            out = copy.deepcopy(record)
            del get_at(out, path[:-1])[path[-1]]
            yield f"del {path}", out
        if isinstance(get_at(record, path), dict):
            # An unknown key whose name would break an error line in two.
            for value in (1, None):
                out = copy.deepcopy(record)
                get_at(out, path)["x\nerror: forged"] = value
                yield f"{path} + unknown key with a newline = {value}", out
        role_ = role(path)
        if role_ and isinstance(get_at(record, path), dict):
            for key, values in _field_values(role_, record, n).items():
                if key in get_at(record, path):
                    continue
                for value in values[:3] + [HUGE_INT, [False] * n, -1]:
                    out = copy.deepcopy(record)
                    get_at(out, path)[key] = fresh(value)
                    yield f"{path + (key,)} = {short(value)} (added)", out


class Case:
    """A generated input with a short ``repr`` (the seed's name and the mutation steps), so
    that hypothesis can print a failing case even when it holds a 100,000-deep list."""

    def __init__(self, name: str, value: Any, steps: list) -> None:
        self.name = name
        self.value = value
        self.steps = steps

    def __repr__(self) -> str:
        return f"Case(seed={self.name!r}, steps={self.steps!r})"


@st.composite
def mutated_records(draw: Any, max_steps: int = 3, deep: bool = True,
                    ops: tuple[str, ...] = MUTATIONS) -> Case:
    """A seed record mutated at its key paths (``Case.value`` is the record object)."""
    name = draw(st.sampled_from(seed_names()))
    record, steps = draw(mutate(seed(name), max_steps, deep, ops))
    return Case(name, record, steps)


@st.composite
def mutated_texts(draw: Any) -> Case:
    """Record text (``Case.value``): a seed serialised and then broken as text: a raw
    token spliced in at any key path, truncated, bytes flipped, characters inserted."""
    name = draw(st.sampled_from(seed_names()))
    record = seed(name)
    steps: list = []
    if draw(st.booleans()):
        record, steps = draw(mutate(record, 2, deep=False))
    if draw(st.booleans()):
        path = draw(st.sampled_from(key_paths(record)))
        raw = draw(st.sampled_from(RAW_TOKENS))
        record = set_at(record, path, Raw(raw))
        steps.append(("raw", path, short(raw)))
    text = to_text(record, indent=draw(st.sampled_from([None, 1])))
    for _ in range(draw(st.integers(0, 2))):
        op = draw(st.sampled_from(["truncate", "flip", "insert", "none"]))
        if not text or op == "none":
            continue
        at = draw(st.integers(0, len(text) - 1))
        if op == "truncate":
            text = text[:at]
        elif op == "flip":
            bit = draw(st.sampled_from([1, 2, 4, 8, 16, 32, 64]))
            text = text[:at] + chr(ord(text[at]) ^ bit) + text[at + 1:]
        else:
            piece = draw(st.sampled_from(
                ["{", "}", "[", "]", ",", ":", '"', "\\", "\x00", "NaN", "²", "\ufeff"]))
            text = text[:at] + piece + text[at:]
        steps.append((op, at))
    return Case(name, text, steps)


# --- library oracle ----------------------------------------------------------------------------

def check_error_line(exc: BaseException) -> None:
    """An engine error's message is one line: the CLI prints it as its one ``error:`` line
    (RECORD.md), so a newline or carriage return from the input would forge another."""
    text = str(exc)
    assert "\n" not in text and "\r" not in text, f"a message of more than one line: {text!r}"


def check_library(record: Any) -> None:
    """``replay`` and ``legal`` return strict JSON or raise a DominoError (of one line),
    nothing else; a record that replays round-trips through ``Match.to_record``."""
    from domino.errors import DominoError
    from domino.match import record as rec
    from domino.match.match import Match

    try:
        result = rec.replay(record)
    except DominoError as exc:
        check_error_line(exc)
        result = None
    if result is not None:
        strict_dumps(result)
        assert set(result) == {"hands", "match", "to_move", "legal"}, result
        # A record that replays is the same match when exported and replayed again.
        again = rec.replay(Match.from_record(record).to_record())
        assert again == result, (again, result)
    try:
        out = rec.legal(record)
    except DominoError as exc:
        check_error_line(exc)
        out = None
    if out is not None:
        strict_dumps(out)
        assert result is not None and out == {"to_move": result["to_move"],
                                              "legal": result["legal"]}, (out, result)


# --- CLI oracle --------------------------------------------------------------------------------

def run_cli(argv: list[str], stdin: str | bytes = "") -> tuple[int, str, str]:
    """``domino.tools.cli.main(argv)`` in this process with standard streams captured (standard
    input as UTF-8 bytes under a text layer, as a real process has it)."""
    from domino.tools import cli

    out, err = io.StringIO(), io.StringIO()
    old_stdin = sys.stdin
    if isinstance(stdin, str):
        stdin = stdin.encode("utf-8", "surrogatepass")
    sys.stdin = io.TextIOWrapper(io.BytesIO(stdin), encoding="utf-8")
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            code = cli.main(argv)
    finally:
        sys.stdin = old_stdin
    return code, out.getvalue(), err.getvalue()


def check_cli_output(code: Any, stdout: str, stderr: str) -> Any:
    """The CLI contract (RECORD.md): status 0 with one JSON object on standard output and
    nothing on standard error, or status 2 with exactly one ``error:`` line on standard error
    and nothing on standard output; never a traceback. Returns the decoded object (or None)."""
    assert "Traceback" not in stderr, stderr[-2000:]
    if code == 0:
        assert stderr == "", stderr[-2000:]
        assert stdout.endswith("\n") and stdout.count("\n") == 1, stdout[-2000:]
        data = strict_loads(stdout)
        assert isinstance(data, dict), stdout[:200]
        return data
    assert code == 2, (code, stdout[-500:], stderr[-2000:])
    assert stdout == "", stdout[-2000:]
    assert stderr.startswith("error: ") and stderr.endswith("\n"), stderr[-2000:]
    assert stderr.count("\n") == 1 and "\r" not in stderr, stderr[-2000:]
    return None


# --- protocol oracle ---------------------------------------------------------------------------

ANSWER_TYPES = {"ready", "variants", "state", "hint", "record", "error"}


def documented_error_codes() -> set[str]:
    """The error codes the protocol docstring lists ("Errors are ... with the codes ``a``,
    ``b``, ... and ``internal``"), less ``internal``, which is a bug by definition."""
    from domino import session as protocol

    doc = " ".join((protocol.__doc__ or "").split())
    listed = doc[doc.index("with the codes"):]
    listed = listed[:listed.index("``internal``") + len("``internal``")]
    codes = set(re.findall(r"``([a-z_]+)``", listed))
    assert {"bad_message", "internal"} <= codes, codes
    return codes - {"internal"}


ERROR_CODES = documented_error_codes()


def echoable_id(value: Any) -> bool:
    """An ``id`` the protocol promises to echo: a short string or a whole number that
    JavaScript holds exactly (the protocol docstring's ``MAX_ID_CHARS`` / ``MAX_ID``)."""
    from domino import session as protocol

    if isinstance(value, str):
        return len(value) <= getattr(protocol, "MAX_ID_CHARS", 100)
    return (isinstance(value, int) and not isinstance(value, bool)
            and abs(value) <= getattr(protocol, "MAX_ID", 2 ** 53 - 1))


def snapshot(session: Any) -> tuple:
    """Everything a failed intent must leave as it was: the state id, the record of the match,
    the seats, the viewer, the AI's random state, and each seat's view and the legal moves
    (which the record alone would not show if a move were half applied)."""
    from domino.play.view import view

    match = session.match
    if match is None:
        game: tuple = (None,)
    else:
        hand = match.hand
        views = [] if hand is None else [
            json.dumps(view(hand, seat).to_json(), sort_keys=True, default=repr)
            for seat in range(match.players)]
        game = (id(match), json.dumps(match.to_record(), sort_keys=True, default=repr),
                json.dumps(match.summary(), sort_keys=True, default=repr),
                [str(m) for m in match.legal()], match.to_move, views)
    return (session.state_id, list(session.seats), session.viewer, session.ai_rng.getstate(),
            game)


def state_moves(state: dict | None) -> list[str]:
    """The notation of every legal move a ``state`` answer offers the human to move (its
    ``moves`` entries' ``move``; older answers listed them as ``legal``)."""
    if not state:
        return []
    if isinstance(state.get("moves"), list):
        return [m["move"] for m in state["moves"] if isinstance(m, dict)]
    return list(state.get("legal") or [])


UNKNOWN = object()  # the id of a message whose text is too broken to say what it carries


def check_answer(text: Any, message_id: Any = None) -> dict:
    """One answer of the worker: strict JSON, a known type, a documented error code, and the
    message's ``id`` (None: the message had none) echoed as it was sent or not at all, always
    when it is a valid one. With ``UNKNOWN`` an echoed id need only be a valid one."""
    assert isinstance(text, str), type(text)
    answer = strict_loads(text)
    assert isinstance(answer, dict), answer
    assert answer.get("type") in ANSWER_TYPES, answer.get("type")
    assert answer.get("v") == PROTOCOL_VERSION, answer.get("v")
    if answer["type"] == "error":
        assert answer.get("code") in ERROR_CODES, answer
        assert isinstance(answer.get("message"), str), answer
    if message_id is UNKNOWN:
        assert "id" not in answer or echoable_id(answer["id"]), answer.get("id")
    elif "id" in answer:
        assert message_id is not None and answer["id"] == message_id, (
            answer.get("id"), message_id)
    elif echoable_id(message_id):
        raise AssertionError(f"id {message_id!r} was not echoed: {answer}")
    return answer


# --- what the page may learn -------------------------------------------------------------------

_TILE_IN_TEXT = re.compile(r"(?<![0-9|-])([0-9]{1,2})[-|]([0-9]{1,2})(?![0-9])")


def _walk(value: Any, skip: tuple = ()) -> list[tuple[tuple, Any]]:
    """(path, leaf) of every leaf of a JSON value, iteratively, leaving out the paths that
    start with one of ``skip``."""
    out: list[tuple[tuple, Any]] = []
    stack: list[tuple[tuple, Any]] = [((), value)]
    while stack:
        path, v = stack.pop()
        if any(path[:len(s)] == s for s in skip):
            continue
        if isinstance(v, dict):
            stack.extend((path + (k,), x) for k, x in v.items())
        elif isinstance(v, list):
            stack.extend((path + (i,), x) for i, x in enumerate(v))
        else:
            out.append((path, v))
    return out


def _canon(a: int, b: int) -> tuple[int, int]:
    return (a, b) if a >= b else (b, a)


def tiles_in_text(text: str) -> set[tuple[int, int]]:
    """Tiles written in a string: ``6-4``, ``6-4@L``, ``2-2@L+5-5@R``, ``6|4``."""
    return {_canon(int(a), int(b)) for a, b in _TILE_IN_TEXT.findall(text)}


def layout_tiles(layout: Any) -> set[tuple[int, int]]:
    """Every tile a layout JSON shows: its pairs of pips, and a Mexican Train engine."""
    out = set()
    stack = [layout]
    while stack:
        v = stack.pop()
        if isinstance(v, dict):
            if isinstance(v.get("engine"), int):
                out.add((v["engine"], v["engine"]))
            stack.extend(v.values())
        elif isinstance(v, list):
            if len(v) == 2 and all(type(x) is int for x in v):
                out.add(_canon(*v))
            else:
                stack.extend(v)
    return out


def visible_to_viewer(state: dict) -> set[tuple[int, int]]:
    """The tiles a ``state`` answer shows its viewer by design: the viewer's hand and the
    layout (and where the public history began)."""
    view = state.get("view") or {}
    known = set()
    for t in view.get("hand") or []:
        known |= tiles_in_text(t)
    known |= layout_tiles(view.get("layout"))
    known |= layout_tiles((view.get("start") or {}).get("layout"))
    return known


def leaked_tiles(answer: dict, known: set[tuple[int, int]]) -> set[tuple[int, int]]:
    """Tiles an answer names that its viewer may not know (protocol docstring: "no answer
    carries a tile that the viewer may not know ... except ``hands`` once the hand is over and
    an ``export_record`` with ``reveal``"). ``known`` is what this viewer has seen in this
    hand. The view's hand, layout and start are the designated channel and not re-checked;
    once a hand is over every tile is shown, so nothing is checked."""
    if answer.get("type") not in ("state", "hint", "error") or answer.get("hand_over"):
        return set()  # ready and variants describe the rules, a record reveals on request
    skip = (("view", "hand"), ("view", "layout"), ("view", "start"))
    named = set()
    for _, leaf in _walk(answer, skip):
        if isinstance(leaf, str):
            # An error's example of the notation ('a tile such as "6-4"') names no tile held.
            named |= tiles_in_text(re.sub(r'such as "[^"]*"', "", leaf))
    return named - known
