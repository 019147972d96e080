"""Fuzz suite (issue 11): hostile records, CLI arguments and protocol messages.

Inputs are built from valid records (every record of tests/data, and records exported from
short seeded random matches of every variant and player count, dealt and written as start
positions, mid-hand ones included: ``fuzzkit.seeds``) mutated at every key path (hostile
values of every JSON type, field-aware wrong values, deletions, added and renamed keys,
duplicated, shuffled and moved tiles, cut move lists), from the same records broken as text
(raw NaN / 1e400 / 5,000-digit / 100,000-deep tokens, truncation, flipped bits), from hostile
command lines and from sequences of worker intents. Random search (hypothesis, so failures
shrink) runs beside two systematic sweeps (every path of one record per variant and kind, and
every field of one message per intent, each with one value of every kind of wrong).

The oracles:

* library: ``domino.match.record.replay`` / ``legal`` (and ``Match.new``, ``get_ruleset``,
  ``Move.parse``, ``parse_tile``) return strict JSON or raise a ``DominoError``; nothing else
  escapes (no TypeError, KeyError, ValueError, OverflowError, RecursionError, MemoryError,
  hang); a record that replays round-trips through ``Match.to_record``, and can be played on
  (AI and random legal moves, next hands) without any error;
* CLI (RECORD.md): status 0 with one JSON object on standard output and nothing on standard
  error, or status 2 with one ``error:`` line on standard error and nothing on standard output;
  never a traceback; what it prints is what the library gives; a count no run could finish is
  refused at once;
* protocol: every answer is strict JSON of a known type, every error code is one the protocol
  docstring documents and never ``internal``, a valid ``id`` is echoed and no other; a refused
  intent leaves the session byte-identical (state id, record, views, legal moves, seats,
  viewer, the computers' random stream); an intent with no reason to fail (a legal move of the
  current state, ``ai_move`` with a computer to move, ``hint``, ``undo`` when the state says
  it is available, ``next_hand`` after a hand) succeeds; an exported record loads back to the
  same state; pushed computer moves (``advance_steps``) are states of the current position
  and stop when the position changes; no answer names a tile its viewer may not know.

Every case runs under a watchdog (``fuzzkit.bounded``: 10 s, ``DOMINO_FUZZ_CASE_SECONDS``) so
that a hang fails instead of stalling CI, and the process's memory is capped at 6 GB while the
file runs (commands that are meant to be refused run as processes capped at 2 GB).

Budget. In CI each test tries a fixed, derandomized number of inputs (profile
``domino-fuzz-ci``; about 25 s of CPU, under a minute on two busy cores)::

    python -m pytest tests/tools/test_fuzz.py -q --durations=10

A longer, random run (profile ``domino-fuzz-long``, failures kept in .hypothesis/)::

    DOMINO_FUZZ_EXAMPLES=20000 python -m pytest tests/tools/test_fuzz.py -q

tries about that many inputs per random test (a fixed fraction of it for the tests that spawn
processes, play on or run whole intent sequences). Either run ends with a "domino fuzz"
section: the inputs tried per test (test body calls, shrinking included), the total and the
number of failed fuzz tests. ``--hypothesis-show-statistics`` adds hypothesis' own figures
and, for the protocol tests, how often each intent got which answer.

RULES.md: none (hostile records, CLI arguments and protocol messages)
"""

from __future__ import annotations

import copy
import json
import subprocess
import sys
import tempfile
from pathlib import Path
from unittest import mock

import pytest
from fuzzkit import (
    CASE_SECONDS,
    ERROR_CODES,
    HUGE_INT,
    RAW_TOKENS,
    SEMANTIC,
    SWEEP_VALUES,
    UNKNOWN,
    VARIANTS,
    Case,
    Deep,
    FuzzReport,
    Raw,
    bounded,
    check_answer,
    check_cli_output,
    check_library,
    echoable_id,
    fresh,
    fuzz_settings,
    get_at,
    hostile_values,
    is_strict_json,
    json_values,
    key_paths,
    leaked_tiles,
    mutated_records,
    mutated_texts,
    run_cli,
    seed,
    seed_names,
    seeds,
    set_at,
    shallow_values,
    short,
    snapshot,
    state_moves,
    strict_dumps,
    sweep,
    sweep_seeds,
    tiles_in_text,
    to_text,
    tried,
    visible_to_viewer,
)
from hypothesis import event, given, strategies as st

from domino.errors import DominoError
from domino.match import record as rec
from domino.match.match import Match
from domino.session import PROTOCOL_VERSION, Session, intents as session_intents

ROOT = Path(__file__).resolve().parents[2]
# An export that may show every hand (the protocol refuses one mid-hand without "reveal").
EXPORT = json.dumps({"type": "export_record", "reveal": True})


MEMORY_CAP = 6 << 30  # bytes of address space for this process while the fuzz tests run


@pytest.fixture(scope="module", autouse=True)
def _fuzz_report(request):
    """Print the inputs tried per test at the end of the run (the closing note's figures),
    and cap this process's memory meanwhile, so that a hostile size the engine allocates
    fails with MemoryError instead of exhausting the machine."""
    plugins = request.config.pluginmanager
    if not plugins.has_plugin(FuzzReport.name):
        plugins.register(FuzzReport(), FuzzReport.name)
    try:
        import resource

        old = resource.getrlimit(resource.RLIMIT_AS)
        cap = MEMORY_CAP if old[0] == resource.RLIM_INFINITY else min(old[0], MEMORY_CAP)
        resource.setrlimit(resource.RLIMIT_AS, (cap, old[1]))
    except (ImportError, ValueError, OSError):
        old = None
    yield
    if old is not None:
        resource.setrlimit(resource.RLIMIT_AS, old)


# --- seeds -------------------------------------------------------------------------------------

@pytest.mark.parametrize("name", seed_names())
def test_seed_records_replay(name):
    """Every seed is a valid record: it replays, its result is strict JSON, and it
    round-trips through ``Match.to_record``. The mutations start from valid input, so a seed
    that does not replay would make the suite test the wrong thing."""
    tried("test_seed_records_replay")
    record = seed(name)
    with bounded(f"replay of seed {name}"):
        result = rec.replay(record)
        strict_dumps(result)
        check_library(record)


def test_seeds_cover_every_variant():
    """The seeds hold records of every variant, dealt and from start positions, mid-hand ones
    among them (a mutation can only reach the code a seed reaches)."""
    tried("test_seeds_cover_every_variant")
    kinds = {(r["variant"], "start" in r["hands"][-1]) for _, r in seeds()}
    for variant in VARIANTS:
        assert (variant, True) in kinds and (variant, False) in kinds, variant
    mid_hand = [n for n, r in seeds() if rec.replay(r)["to_move"] is not None]
    assert len(mid_hand) >= len(VARIANTS), mid_hand


def test_oracles_catch_what_they_should():
    """The oracles themselves: a traceback, a second output line, NaN and an undocumented
    code fail; a tile of another seat named in an answer is a leak; a move played changes
    the snapshot. (A suite whose oracles accept everything would pass on any engine.)"""
    tried("test_oracles_catch_what_they_should")
    bad_cli = [(1, "", "Traceback (most recent call last):\n"), (0, '{"a": NaN}\n', ""),
               (0, '{"a": 1}\n{"a": 1}\n', ""), (2, "{}\n", "error: x\n"),
               (2, "", "error: x\nerror: y\n"), (0, "[]\n", "")]
    for code, out, err in bad_cli:
        with pytest.raises((AssertionError, ValueError)):
            check_cli_output(code, out, err)
    assert check_cli_output(0, '{"a": 1}\n', "") == {"a": 1}
    assert check_cli_output(2, "", "error: bad\n") is None
    v = PROTOCOL_VERSION
    for text in [f'{{"type": "error", "code": "internal", "message": "x", "v": {v}}}',
                 f'{{"type": "ready", "v": {v}, "id": NaN}}', f'{{"type": "nope", "v": {v}}}',
                 f'{{"type": "ready", "v": {v - 1}}}']:
        with pytest.raises((AssertionError, ValueError)):
            check_answer(text)
    session = Session()
    state = json.loads(session.handle(json.dumps(
        {"type": "new_match", "variant": "block", "seed": 1, "options": {"players": 2},
         "seats": ["human", "human"]})))
    known = visible_to_viewer(state)
    other = session.match.hand.hands[1 - state["viewer"]][0]
    leak = dict(state, events=[{"type": "drew", "seat": 1, "tile": f"{other[0]}-{other[1]}"}])
    assert leaked_tiles(leak, known) == {other}
    assert leaked_tiles(state, known) == set()
    before = snapshot(session)
    session.handle(json.dumps({"type": "play", "state_id": state["state_id"],
                               "move": state_moves(state)[0]}))
    assert snapshot(session) != before


# --- library oracle ----------------------------------------------------------------------------

@fuzz_settings(1500)
@given(case=mutated_records())
def test_library_mutated_records(case: Case):
    """A seed record mutated at any key path (hostile values of every JSON type, huge and
    negative numbers, NaN, non-ASCII digits, wrong lengths, deep nesting, deleted, added and
    renamed keys, duplicated and shuffled items): ``replay`` and ``legal`` answer strict JSON
    or raise a DominoError, and never hang."""
    tried("test_library_mutated_records")
    with bounded(repr(case)):
        check_library(case.value)


@fuzz_settings(500)
@given(case=mutated_texts())
def test_library_mutated_texts(case: Case):
    """Record text broken as text (raw tokens such as NaN, 1e400, 5,000-digit numbers and
    100,000-deep brackets spliced in at any key path, truncation, flipped bits, inserted
    characters): ``record.load`` returns an object or raises a RecordError, and the record
    then meets the library oracle."""
    tried("test_library_mutated_texts")
    with bounded(repr(case)):
        try:
            record = rec.load(case.value)
        except DominoError:
            return
        check_library(record)


def test_sweep_every_path():
    """A systematic sweep, beside the random search, over the first dealt and the first start
    record of every variant, from tests/data and from random matches (``sweep_seeds``): at
    the first path of every shape of each (every field, every kind of list item), one value
    of each kind of wrong (``SWEEP_VALUES``: a 5,000-digit number, -1, true, 1.5, NaN,
    Infinity, null, "", "²-1", a 100,000-character string, a string with a newline, [], {},
    [null], 2,000-deep nesting) and a deletion; in every object an unknown key with a newline
    in its name; and every field an object may hold but lacks, added with wrong values. Each case meets the library oracle; the distinct failures (by exception and
    message) are reported together, each with the first case that showed it."""
    failures: dict[tuple, str] = {}
    for name in sweep_seeds():
        for label, record in sweep(seed(name)):
            tried("test_sweep_every_path")
            try:
                with bounded(f"{name}: {label}"):
                    check_library(record)
            except Exception as exc:  # noqa: BLE001 - collected, reported below
                failures.setdefault((type(exc).__name__, str(exc)[:120]), f"{name}: {label}")
    assert not failures, "\n".join(f"{where}: {kind}: {msg}"
                                    for (kind, msg), where in failures.items())


def test_library_entry_points():
    """The library's other doors for outside values, swept with ``SWEEP_VALUES``:
    ``Match.new`` (variant, each option, seed), ``get_ruleset``, ``Move.parse``,
    ``parse_tile`` and ``Match.play``. Each returns or raises a DominoError."""
    from domino.hand.moves import Move
    from domino.rules.ruleset import get_ruleset
    from domino.tiles import parse_tile

    values = [v.build() if isinstance(v, Deep) else fresh(v) for v in SWEEP_VALUES]
    calls = []
    for v in values:
        calls += [("Match.new(variant)", lambda v=v: Match.new(v)),
                  ("Match.new(seed)", lambda v=v: Match.new("block", {}, v)),
                  ("Move.parse", lambda v=v: Move.parse(v)),
                  ("parse_tile", lambda v=v: parse_tile(v)),
                  ("Match.play", lambda v=v: Match.new("block", {}, 1).play(v)),
                  ("get_ruleset(options)", lambda v=v: get_ruleset("block", v))]
        for variant, option in [("vn_iwin", "stake"), ("vn_iwin", "table"),
                                ("block", "hand_size"), ("block", "partnership"),
                                ("mexican_train", "players"), ("all_fives", "target")]:
            calls.append((f"Match.new({variant}, {option})",
                          lambda v=v, variant=variant, option=option:
                          Match.new(variant, {option: v})))
    failures: dict[tuple, str] = {}
    for label, call in calls:
        tried("test_library_entry_points")
        try:
            with bounded(label):
                try:
                    call()
                except DominoError:
                    pass
        except Exception as exc:  # noqa: BLE001 - collected, reported below
            failures.setdefault((label, type(exc).__name__), str(exc)[:100])
    assert not failures, "\n".join(f"{label}: {kind}: {msg}"
                                    for (label, kind), msg in failures.items())


RECORD_SHAPED = st.fixed_dictionaries(
    {"format": st.sampled_from(["domino-record", "x"]), "version": st.sampled_from([1, 1.0, True]),
     "variant": st.sampled_from(list(VARIANTS) + ["fives", "x"]),
     "hands": st.one_of(json_values(), st.lists(st.fixed_dictionaries(
         {}, optional={"deal": json_values(), "start": json_values(), "moves": json_values()}),
         max_size=3))},
    optional={"options": json_values(), "seed": json_values(), "match": json_values()})


@fuzz_settings(300)
@given(record=st.one_of(json_values(), RECORD_SHAPED))
def test_library_arbitrary_json(record):
    """Arbitrary JSON values, and objects with a record's keys and arbitrary values, meet the
    library oracle (not every bad record is near a valid one)."""
    tried("test_library_arbitrary_json")
    with bounded("replay of arbitrary JSON"):
        check_library(record)


def _play_on(match, rng, moves: int) -> None:
    """Play up to ``moves`` moves on ``match``: every third chosen by an AI level from the
    seat's view, the others at random among the legal moves, the next hand dealt when one
    ends (up to three hands). Every move comes from ``legal``, so any exception is a bug."""
    from domino.ai import get_agent
    from domino.play.view import view

    levels = ("easy", "medium", "hard")
    hands = 0
    for i in range(moves):
        if match.over:
            return
        if match.hand_over:
            hands += 1
            if hands >= 3:
                return
            match.next_hand()
            continue
        legal = match.legal()
        assert legal, f"a hand in progress offers no move to seat {match.to_move}"
        seat = match.to_move
        strict_dumps(view(match.hand, seat).to_json())
        if i % 3 == 0:
            agent = get_agent(levels[(i // 3) % 3], seed=i)
            move = agent.choose(view(match.hand, seat), legal, rng)
            assert move in legal, (move, legal)
        else:
            move = legal[int(rng.random() * len(legal))]
        match.play(move)


@fuzz_settings(250, weight=0.5)
@given(case=st.one_of(mutated_records(max_steps=2, deep=False),
                      mutated_records(max_steps=4, deep=False, ops=SEMANTIC)))
def test_accepted_records_play_on(case: Case):
    """A mutated record that the library accepts is a position the engine must be able to
    go on from: the AI chooses a legal move from any seat's view, every legal move can be
    played, hands end and settle, the next hand deals, and the record of the match then
    replays to the same summary. (Hostile start positions the reader lets through, such as
    a seat with no tiles or a boneyard moved into a hand, are where this bites.)"""
    import random

    tried("test_accepted_records_play_on")
    with bounded(repr(case)):
        try:
            Match.from_record(case.value)
        except DominoError:
            event("record refused")
            return
        event("record accepted")
        match = Match.from_record(case.value)
        _play_on(match, random.Random(0), 120)
        strict_dumps(match.summary())
        again = rec.replay(match.to_record())
        assert again["match"] == match.summary(), (again["match"], match.summary())


# --- CLI oracle --------------------------------------------------------------------------------

def _record_text(draw) -> Case:
    """A hostile record text: broken text, or a mutated record serialised."""
    if draw(st.booleans()):
        return draw(mutated_texts())
    case = draw(mutated_records(deep=False))
    return Case(case.name, to_text(case.value), case.steps)


@fuzz_settings(300)
@given(data=st.data())
def test_cli_records_in_process(data):
    """``replay`` and ``legal`` on hostile record text, from standard input or from a file
    (also bytes that are not UTF-8), through ``domino.tools.cli.main`` in this process: the CLI
    contract holds, and a record the CLI accepts gives what the library gives."""
    tried("test_cli_records_in_process")
    command = data.draw(st.sampled_from(["replay", "legal"]))
    case = _record_text(data.draw)
    via = data.draw(st.sampled_from(["stdin", "file", "file-bytes"]))
    text: str | None = case.value  # what the CLI reads, or None when it is not UTF-8
    with bounded(f"{command} {via} {case!r}"), tempfile.TemporaryDirectory() as tmp:
        if via == "stdin":
            code, out, err = run_cli([command, "-"], stdin=case.value)
        else:
            path = Path(tmp) / "record.json"
            raw = case.value.encode("utf-8", "surrogatepass")
            if via == "file-bytes" and raw:
                at = data.draw(st.integers(0, len(raw) - 1))
                raw = raw[:at] + data.draw(st.sampled_from(
                    [b"\xff", b"\xc3", b"\x80", b"\xed\xa0\x80"])) + raw[at:]
            try:
                text = raw.decode("utf-8")
            except UnicodeDecodeError:
                text = None
            path.write_bytes(raw)
            code, out, err = run_cli([command, str(path)])
        result = check_cli_output(code, out, err)
        if result is not None:
            assert text is not None, "the CLI accepted a file that is not UTF-8"
            record = rec.load(text)
            expected = rec.replay(record) if command == "replay" else rec.legal(record)
            assert result == json.loads(json.dumps(expected)), (result, expected)


COUNT_VALUES = ["1", "2", "0", "-1", "-7", "x", "", "1.5", "1e3", "²", "٣", "1_0", " 2 ", "+1",
                "0x10", "9" * 5000, "nan"]
PLAYER_VALUES = ["2", "3", "4", "8", "1", "0", "-1", "9", "99", "x", "٢", str(10 ** 30),
                 "9" * 5000, ""]
SEED_VALUES = ["0", "1", "-1", "7", str(2 ** 63), str(-(2 ** 64)), "9" * 4000, "9" * 5000, "x",
               "1.5", "", "٣"]
OPTION_VALUES = ["", "1", "0", "-1", "2", "true", "false", "True", "yes", "nan", "NaN", "inf",
                 "-inf", "Infinity", "1e400", "1e3", "9" * 5000, "9" * 4000, "²", "٣", "x",
                 "1.5", "1_0", " 1", "10000000000", "none", "null", "[]", "{}", "=", "\x00"]
OPTION_NAMES = ["players", "stake", "table", "max_hands", "target", "partnership",
                "blank_wild", "scoring_mode", "drawn_tile_optional", "blocker_mode",
                "unlock_mode", "zero_double_rule", "later_hands_lead", "lead_double",
                "fish_lowest_exempt", "hand_size", "tie_rule", "reserve", "voluntary_draw",
                "spinners", "deal", "blocked_minus_own", "set", "double_blank_value",
                "allow_double_chain", "first_turn_multi", "first_player", "nope", "", " stake",
                "STAKE"]
# Cheap agents only: what is fuzzed is how names are read, not how strong the search is.
AGENT_LISTS = ["random", "greedy", "random,greedy", "easy,medium", "random,greedy,easy,medium",
               "RANDOM", " easy ", "", ",", "random,,greedy", "nobody", "random,nobody", "²",
               "random,random", "hard:1", "medium\x00"]
VARIANT_VALUES = list(VARIANTS) + ["fives", "goat", "train", "", "VN_IWIN", "nope", "²",
                                   "vn_iwin "]


@st.composite
def cli_argv(draw) -> list[str]:
    """A command line: a command, its flags with valid and hostile values, sometimes a
    missing value, an unknown flag or a stray argument. Counts stay small (a huge count is
    ``test_cli_huge_counts_refused``'s), ``--help`` is left out (it prints usage, not JSON)."""
    command = draw(st.sampled_from(["simulate", "simulate", "arena", "arena", "variants",
                                    "replay", "legal", "", "nope", "--version", "-x"]))
    argv = [command] if command else []
    if command in ("simulate", "arena"):
        if draw(st.integers(0, 9)):
            argv += ["--variant", draw(st.sampled_from(VARIANT_VALUES))]
        if draw(st.booleans()):
            argv += ["--players", draw(st.sampled_from(PLAYER_VALUES))]
        for _ in range(draw(st.integers(0, 3))):
            name = draw(st.sampled_from(OPTION_NAMES))
            value = draw(st.sampled_from(OPTION_VALUES))
            argv += ["--option", draw(st.sampled_from([f"{name}={value}", name, f"={value}",
                                                       f"{name}=={value}"]))]
        count = "--games" if command == "simulate" else "--hands"
        argv += [count, draw(st.sampled_from(COUNT_VALUES))]
        if draw(st.booleans()):
            argv += ["--seed", draw(st.sampled_from(SEED_VALUES))]
        if command == "arena":
            if draw(st.integers(0, 9)):
                argv += ["--agents", draw(st.sampled_from(AGENT_LISTS))]
            if draw(st.booleans()):
                # --jobs above 1 would start processes; with one hand it is always one.
                argv += ["--jobs", draw(st.sampled_from(["1", "0", "-1", "x", str(10 ** 30)]))]
                argv[argv.index("--hands") + 1] = draw(st.sampled_from(["1", "0", "-1", "x"]))
    elif command in ("replay", "legal"):
        argv += [draw(st.sampled_from(["-", "/nonexistent/record.json", "/", "", "--"]))]
    for _ in range(draw(st.integers(0, 1))):
        extra = draw(st.sampled_from(["--bogus", "--games", "--seed", "--option", "stray",
                                      "--players=2", "--seed=-1", "-", "--variant"]))
        argv.insert(draw(st.integers(0, len(argv))), extra)
    return argv


@fuzz_settings(400)
@given(argv=cli_argv(), stdin=st.sampled_from(["", "{}", "[", "null"]))
def test_cli_arguments_in_process(argv, stdin):
    """Hostile command lines for every command (unknown commands, agents and options, bad and
    non-ASCII numbers, 5,000-digit seeds, missing values): the CLI contract holds."""
    tried("test_cli_arguments_in_process")
    with bounded(f"domino {argv!r}"):
        code, out, err = run_cli(argv, stdin=stdin)
        check_cli_output(code, out, err)


HUGE_COUNTS = [str(10 ** 18), str(2 ** 63), str(10 ** 30), "9" * 4000]


@pytest.mark.parametrize(("argv", "codes"), [
    (["simulate", "--variant", "block", "--games", "{}"], {2}),
    (["simulate", "--variant", "mexican_train", "--games", "{}"], {2}),
    (["arena", "--variant", "block", "--agents", "random,greedy", "--hands", "{}"], {2}),
    (["arena", "--variant", "block", "--agents", "random", "--hands", "{}", "--jobs", "{}"],
     {2}),
    (["arena", "--variant", "block", "--agents", "random", "--hands", "2", "--jobs", "{}"],
     {0, 2}),
], ids=["simulate-kernel", "simulate-general", "arena-hands", "arena-hands-jobs", "arena-jobs"])
@pytest.mark.parametrize("huge", HUGE_COUNTS, ids=["1e18", "2**63", "1e30", "4000-digits"])
def test_cli_huge_counts_refused(argv, codes, huge):
    """A count no run could finish (10**18 games and more) is refused with the one-line error
    at once, not started: a typo must not hang a terminal or a CI job (a huge ``--jobs`` with
    two hands may also be capped and run). Run as a process with its memory capped, since a
    count can also be taken as a size."""
    tried("test_cli_huge_counts_refused")
    argv = [a.replace("{}", huge) for a in argv]
    try:
        proc = _cli_process(argv, b"", timeout=CASE_SECONDS, memory=2 << 30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hang: domino {' '.join(a[:30] for a in argv)} ran for more than "
                    f"{CASE_SECONDS:g} s")
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    check_cli_output(proc.returncode, out, err)
    assert proc.returncode in codes, f"exit {proc.returncode}: {err[-300:]}"


def _limit_memory(size: int):
    """A ``preexec_fn`` that caps the child's address space at ``size`` bytes."""
    def apply() -> None:
        import resource

        resource.setrlimit(resource.RLIMIT_AS, (size, size))
    return apply


def _cli_process(argv: list[str], stdin: bytes, timeout: float = 60,
                 memory: int | None = None) -> subprocess.CompletedProcess:
    """``python -m domino ARGV`` as a process, standard streams as bytes."""
    limit = _limit_memory(memory) if memory and sys.platform.startswith("linux") else None
    return subprocess.run([sys.executable, "-m", "domino", *argv], input=stdin,
                          capture_output=True, cwd=str(ROOT), timeout=timeout,
                          preexec_fn=limit)


@fuzz_settings(12, weight=0.01)
@given(data=st.data())
def test_cli_subprocess(data):
    """The same contract from a real process (``python -m domino``), where an exception that
    escapes ``main`` would print a traceback and exit 1: hostile records on standard input
    (as bytes, maybe not UTF-8) and hostile command lines."""
    tried("test_cli_subprocess")
    if data.draw(st.booleans()):
        argv = [data.draw(st.sampled_from(["replay", "legal"])), "-"]
        case = _record_text(data.draw)
        stdin = case.value.encode("utf-8", "surrogatepass")
        if data.draw(st.booleans()) and stdin:
            stdin = stdin[:-1] + b"\xff"
    else:
        # A process's arguments cannot hold NUL (the in-process test passes it to main).
        argv = [a.replace("\x00", "\x01") for a in data.draw(cli_argv())]
        stdin = b""
    try:
        proc = _cli_process(argv, stdin, timeout=CASE_SECONDS, memory=2 << 30)
    except subprocess.TimeoutExpired:
        pytest.fail(f"hang: domino {argv!r} ran for more than {CASE_SECONDS:g} s")
    out = proc.stdout.decode("utf-8", "replace")
    err = proc.stderr.decode("utf-8", "replace")
    check_cli_output(proc.returncode, out, err)


# --- protocol oracle ---------------------------------------------------------------------------

SEAT_KINDS = ["human", "human", "ai", "ai:easy", "ai:medium", "ai:hard"]
ODD_SEATS = ["AI", "ai:", "ai:god", "Human", None, 1, "ai:expert ", "ai:random", "", ["human"]]
STATE_IDS = ["current"] * 6 + ["older", "newer", 0, -1, None, "1", 1.0, True,
             HUGE_INT, [1], Raw("NaN"), Raw("1e400"), Raw("9" * 5000)]
ODD_TYPES = [None, [], {}, 1, 1.5, True, "", "PLAY", "play ", "ready", "state", "error",
             "__init__", "dispatch", "on_play", "handle", "hello\x00", Raw("NaN"), ["play"]]
MESSAGE_IDS = [1, 0, -1, "abc", "", 1.5, [1, 2], {"a": 1}, True, 2 ** 70,
               Raw("NaN"), Raw("Infinity"), Raw("1e400"), Raw("9" * 5000)]
VERSIONS = [PROTOCOL_VERSION, float(PROTOCOL_VERSION), PROTOCOL_VERSION + 1, 1, 0, "2", None,
            True, [1], Raw("NaN"), Raw("9" * 5000)]
HOSTILE_TEXTS = ["", " ", "null", "[]", "1", '"hello"', "{", '{"type":', '{"type": "hello"',
                 "[" * 100_000, "[" * 100_000 + "]" * 100_000,
                 '{"type": "hello", "x": ' + "[" * 100_000 + "]" * 100_000 + "}",
                 '{"type": "hello", "id": NaN}', '{"type": "hello", "id": Infinity}',
                 '{"type": "hello", "id": -Infinity}', '{"type": "hello", "id": 1e400}',
                 '{"type": "hello", "id": ' + "1" * 5000 + "}", '{"type": "hello", "v": NaN}',
                 '{"type": "hello", "type": "nope"}', '\ufeff{"type": "hello"}',
                 '{"type": "hello"}\x00', '{"type": "hello"} {"type": "hello"}',
                 '{"type": "\ud800"}', '{"type": "hello", "id": "\\ud800"}',
                 '{"type": "variants", "id": ' + "[" * 100_000 + "]" * 100_000 + "}",
                 '{"type": {"type": "hello"}}', '{"type": ["hello"]}', '{"type": []}']


def _pick(draw, options: list, session: Session):
    """Draw one of ``options``, resolving ``current``/``older``/``newer`` to state ids."""
    value = draw(st.sampled_from(options))
    if value == "current" and isinstance(value, str):
        return session.state_id
    if value == "older" and isinstance(value, str):
        return session.state_id - 1
    if value == "newer" and isinstance(value, str):
        return session.state_id + 1
    return value


@st.composite
def seats_field(draw, players: int):
    """The ``seats`` field: absent, valid, or hostile."""
    kind = draw(st.sampled_from(["absent", "absent", "valid", "valid", "valid", "hostile"]))
    if kind == "absent":
        return "absent"
    if kind == "valid":
        return [draw(st.sampled_from(SEAT_KINDS)) for _ in range(players)]
    return draw(st.one_of(shallow_values(), st.lists(
        st.sampled_from(SEAT_KINDS + ODD_SEATS), max_size=9)))


def _move_from(draw, last: dict | None) -> object:
    """A move for ``play``: a legal one of the last state, one broken from it, or hostile."""
    legal = state_moves(last)
    kind = draw(st.sampled_from(["legal", "legal", "broken", "hostile"]))
    if kind == "legal" and legal:
        return draw(st.sampled_from(legal))
    if kind == "broken" and legal:
        move = draw(st.sampled_from(legal))
        return draw(st.sampled_from([move.upper(), move + "x", move[:-1], " " + move + " ",
                                     move.replace("@", "@@"), move + "+" + move,
                                     move.replace("-", "²-"), move + ":0", move + ":9"]))
    return fresh(draw(hostile_values(deep=False)))


INTENTS = ["progress"] * 8 + ["play", "play", "ai_move", "hint", "undo", "undo", "next_hand",
                              "export_record", "new_match", "load_record", "load_record",
                              "hello", "variants", "odd_type", "raw", "interleave", "reload",
                              "advance", "advance"]


@st.composite
def intent(draw, session: Session, last: dict | None) -> tuple[str, object, str, bool]:
    """One message for ``session``: (text, the id it carries, intent kind, must succeed).

    ``must succeed`` marks the messages the session has no reason to refuse: a legal move of
    the current state, ``ai_move`` with a computer to move, ``hint`` with a human to move,
    ``undo`` when the state says one would be accepted, ``next_hand`` after a hand, all with
    the current state id and a valid envelope. Kinds ``interleave``, ``reload`` and
    ``advance`` are run by the test itself (``_interleave``, ``_reload``, ``_advance``)."""
    kind = draw(st.sampled_from(INTENTS if session.match is not None
                                else ["new_match", "load_record", "hello", "raw", "play"]))
    message: dict = {}
    must = False
    up_to_date = last is not None and last.get("state_id") == session.state_id
    if kind == "reload":
        return EXPORT, None, "reload", True
    if kind == "advance":
        return "", None, "advance", False
    if kind == "undo" and up_to_date and last.get("undo") is True:
        must = True  # the state said an undo would be accepted now
    if kind == "hint" and up_to_date and last["to_move_kind"] == "human":
        must = True  # a human is to move
    if kind == "progress":
        if not up_to_date:
            kind = "ai_move"
        elif last.get("undo") is True and draw(st.integers(0, 3)) == 0:
            kind, must = "undo", True
        elif last["match_over"]:
            kind = draw(st.sampled_from(["next_hand", "export_record", "undo"]))
        elif last["hand_over"]:
            kind, must = "next_hand", True
        elif last["to_move_kind"] == "human" and state_moves(last):
            if draw(st.integers(0, 3)) == 0:
                kind = "hint"
            else:
                kind = "play"
                message = {"move": draw(st.sampled_from(state_moves(last)))}
            must = True
        elif last["to_move_kind"] == "ai":
            if draw(st.booleans()):
                return "", None, "advance", False
            kind, must = "ai_move", True
        message["state_id"] = session.state_id
    if kind == "raw":
        text = draw(st.sampled_from(HOSTILE_TEXTS))
        if draw(st.booleans()):
            valid = json.dumps({"type": draw(st.sampled_from(["play", "hello", "undo"])),
                                "state_id": session.state_id, "move": "draw"})
            text = valid[:draw(st.integers(0, len(valid) - 1))]
        return text, UNKNOWN, "raw", False
    if kind == "odd_type":
        message["type"] = draw(st.sampled_from(ODD_TYPES))
    else:
        message["type"] = kind
    if kind in ("play", "ai_move", "hint", "undo", "next_hand", "interleave") \
            and "state_id" not in message:
        state_id = _pick(draw, STATE_IDS, session)
        if state_id is not None:
            message["state_id"] = state_id
    if kind == "play" and "move" not in message:
        message["move"] = _move_from(draw, last)
    if kind == "interleave":
        message["type"] = "ai_move"
        message["state_id"] = session.state_id
    if kind == "new_match":
        variant = draw(st.sampled_from(VARIANT_VALUES + [None, 1, ["block"]]))
        players = draw(st.sampled_from([2, 2, 3, 4, 8, 1, 0, 9, -1, True, 2.0, "2", None,
                                        HUGE_INT, Raw("Infinity"), Raw("NaN")]))
        options: object = {} if players is None else {"players": players}
        if draw(st.integers(0, 3)) == 0:
            options = dict(options)
            for _ in range(draw(st.integers(1, 2))):
                options[draw(st.sampled_from(OPTION_NAMES))] = draw(st.one_of(
                    shallow_values(), st.sampled_from(OPTION_VALUES),
                    st.sampled_from([Raw("Infinity"), Raw("-Infinity"), Raw("NaN"),
                                     Raw("1e400"), Raw("9" * 5000)])))
        elif draw(st.integers(0, 9)) == 0:
            options = draw(shallow_values())
        message.update(variant=variant, options=options)
        seed_value = draw(st.sampled_from([0, 1, 7, 12345, -1, 2 ** 63, HUGE_INT, 1.5, None,
                                           "1", True, Raw("NaN"), "absent"]))
        if seed_value != "absent":
            message["seed"] = seed_value
        seats = draw(seats_field(players if isinstance(players, int) and 0 < players < 9
                                 else 2))
        if seats != "absent":
            message["seats"] = seats
    if kind == "load_record":
        source = draw(st.sampled_from(["seed", "mutated", "mutated", "text", "text-string"]))
        if source == "seed":
            record: object = seed(draw(st.sampled_from(seed_names())))
        elif source == "mutated":
            record = draw(mutated_records(deep=False)).value
        else:
            text = draw(mutated_texts()).value
            record = text if source == "text-string" else Raw(text)
        message["record"] = record
        players = record["options"].get("players", 2) if (
            isinstance(record, dict) and isinstance(record.get("options"), dict)) else 2
        seats = draw(seats_field(players if isinstance(players, int) and 0 < players < 9
                                 else 2))
        if seats != "absent":
            message["seats"] = seats
    # A hostile envelope (id, v) refuses the message before its intent is read: sometimes.
    msg_id = draw(st.sampled_from(MESSAGE_IDS)) if draw(st.integers(0, 5)) == 0 else None
    if msg_id is not None:
        message["id"] = msg_id
    version = draw(st.sampled_from(VERSIONS)) if draw(st.integers(0, 7)) == 0 else "absent"
    if not (isinstance(version, str) and version == "absent"):
        message["v"] = version
        must = must and type(version) is int and version == PROTOCOL_VERSION
    must = must and (msg_id is None or echoable_id(msg_id))
    if kind in ("play", "ai_move", "hint", "undo", "next_hand"):
        state_id = message.get("state_id")
        must = must and type(state_id) is int and state_id == session.state_id
    if draw(st.integers(0, 19)) == 0:
        must = False
        message[draw(st.sampled_from(["extra", "", "type ", "__class__"]))] = draw(
            shallow_values())
    if kind == "export_record":
        reveal = draw(st.sampled_from([True, True, "absent", False, None, 1, "true", [True]]))
        if not (isinstance(reveal, str) and reveal == "absent"):
            message["reveal"] = reveal
    text = to_text(message)
    # A message that is not strict JSON (NaN, 1e400, 5,000 digits, ...): no id is read.
    strict = is_strict_json(text)
    return text, msg_id if strict else UNKNOWN, kind, must and strict


def _send(session: Session, text: str, msg_id: object = None) -> tuple[dict, tuple, tuple]:
    """Send one message (carrying ``msg_id``, None for none or unknown); check the answer;
    return it with the snapshots before and after."""
    before = snapshot(session)
    answer = check_answer(session.handle(text), msg_id)
    after = snapshot(session)
    return answer, before, after


def _check_effect(answer: dict, before: tuple, after: tuple, kind: str) -> None:
    """A refused intent (and a hint, an export, a hello) changes nothing; a state advances
    the state id by exactly one. Each outcome is a hypothesis event, so that
    ``--hypothesis-show-statistics`` shows how often each intent got which answer."""
    event(f"{kind} -> {answer['type']} {answer.get('code', '')}".rstrip())
    if answer["type"] == "state":
        assert after[0] == before[0] + 1 == answer["state_id"], (before[0], after[0], answer)
    else:
        assert after == before, f"{kind} answered {answer} but changed the session"


@fuzz_settings(250, weight=0.25)
@given(data=st.data())
def test_protocol_sequences(data):
    """Sequences of up to 15 intents, as the page sends them and worse: legal, broken and
    hostile moves, stale and forged state ids, unknown types, odd ids and versions, new
    matches with hostile options and seats, records mutated at any key path, truncated and
    deeply nested text, an ``ai_move`` interrupted by another message, the worker's pushed
    computer moves (``advance_steps``) with intents between them, and export-then-reload.
    Every answer is strict JSON with a documented code; a refused intent leaves the session
    byte-identical; an intent with no reason to fail (a legal move of the current state,
    ``ai_move`` with a computer to move, ``hint``, ``undo`` when the state offers it,
    ``next_hand`` after a hand) does not; a reloaded record is the same match; no answer
    names a tile its viewer may not know."""
    tried("test_protocol_sequences")
    # A new match without a seed deals from a secret seed drawn from the system's randomness
    # (E-35): fixed here, or the same drawn choices would not replay the same session and
    # Hypothesis would call the strategy flaky (it did, once in a few runs).
    with mock.patch.object(session_intents, "secret_seed", lambda: FUZZ_SECRET_SEED):
        _protocol_sequences(data)


# The secret seed of the fuzzed sessions' matches started without a seed.
FUZZ_SECRET_SEED = 0x2545F4914F6CDD1D


def _protocol_sequences(data):
    """The body of test_protocol_sequences."""
    session = Session()
    last: dict | None = None
    log: list[str] = []
    first = data.draw(st.sampled_from(["seed", "seed", "new", "none"]))
    if first != "none":
        if first == "seed":
            name = data.draw(st.sampled_from(seed_names()))
            text = json.dumps({"type": "load_record", "record": seed(name)})
        else:
            variant = data.draw(st.sampled_from(VARIANTS))
            players = data.draw(st.sampled_from([2, 3, 4]))
            seats = [data.draw(st.sampled_from(SEAT_KINDS)) for _ in range(players)]
            text = json.dumps({"type": "new_match", "variant": variant, "seed": 3,
                               "options": {"players": players}, "seats": seats})
        log.append(text[:300])
        with bounded(text[:300]):
            answer, _, _ = _send(session, text, None)
        assert answer["type"] == "state", answer
        last = answer
    secrets = Secrets()
    if last is not None:
        secrets.check(answer, text, new_match=True)
    for _ in range(data.draw(st.integers(1, 14))):
        text, expect_id, kind, must = data.draw(intent(session, last))
        log.append(text[:300])
        where = f"intent {len(log)} of {log!r}"
        with bounded(where):
            if kind == "interleave":
                answer = _interleave(data, session, text, expect_id, last)
            elif kind == "reload":
                answer = _reload(session, last)
            elif kind == "advance":
                answer = _advance(data, session, last, secrets)
                if answer is None:
                    continue
            else:
                answer, before, after = _send(session, text, expect_id)
                _check_effect(answer, before, after, kind)
        if must:
            assert answer["type"] in ("state", "hint"), (where, answer)
        secrets.check(answer, text, new_match=kind in ("new_match", "load_record", "reload"),
                      viewer=session.viewer, where=where)
        if answer["type"] == "state":
            last = answer


class Secrets:
    """What each viewer has been shown in each hand of a sequence, to check that no answer
    names a tile its viewer may not know (another seat's hand, the boneyard): the protocol
    docstring's "What the page learns"."""

    def __init__(self) -> None:
        self.match = 0
        self.hand = 0
        self.seen: dict[tuple, set] = {}

    def check(self, answer: dict, request: str, new_match: bool, viewer: int = 0,
              where: str = "") -> None:
        if answer["type"] == "state":
            if new_match:
                self.match += 1
            self.hand = answer["hand_number"]
            viewer = answer["viewer"]
        key = (self.match, self.hand, viewer)
        known = self.seen.setdefault(key, set())
        if answer["type"] == "state":
            known |= visible_to_viewer(answer)
        # What the page sent it knows (a move it tried, a record it loaded).
        leaked = leaked_tiles(answer, known | tiles_in_text(request))
        assert not leaked, f"{where}: the answer names tiles {sorted(leaked)} that seat " \
                           f"{viewer} may not know: {json.dumps(answer)[:2000]}"


# What may differ between a state and the same match reloaded from its record (a loaded
# record's seed is kept secret: DECISIONS E-35).
CHANGES_ON_RELOAD = {"type", "v", "id", "state_id", "events", "ai", "pushed", "viewer", "view",
                     "seed", "seed_chosen"}


def _reload(session: Session, last: dict | None) -> dict:
    """Export the match (revealing the hands) and load the record back with the same seats:
    both succeed, and the loaded match is the exported one: same position, legal moves,
    results and scores (and the same view when the viewer is the same)."""
    exported, before, after = _send(session, EXPORT)
    _check_effect(exported, before, after, "export_record")
    assert exported["type"] == "record", exported
    text = json.dumps({"type": "load_record", "record": exported["record"],
                       "seats": list(session.seats)})
    answer, before, after = _send(session, text)
    _check_effect(answer, before, after, "load_record (reload)")
    assert answer["type"] == "state", answer
    if last is not None and last.get("state_id") == before[0]:
        for key in (set(answer) | set(last)) - CHANGES_ON_RELOAD:
            assert answer.get(key) == last.get(key), (key, answer.get(key), last.get(key))
        if answer["viewer"] == last["viewer"]:
            assert answer["view"] == last["view"], (answer["view"], last["view"])
    return answer


def _advance(data, session: Session, last: dict | None, secrets: Secrets) -> dict | None:
    """Drive ``Session.advance_steps`` as the worker does, sometimes handling another intent
    between two steps: every pushed answer is strict JSON, carries ``"pushed": true`` and no
    id, and is a state of the current position (its id one above the last) or a documented
    error after which the session is as it was before that computer move; once an intent
    gave a new state, nothing more is pushed; left alone, it stops only when no computer is
    to move. Returns the last state pushed (None if none)."""
    if not hasattr(session, "advance_steps"):
        return None
    pushed: dict | None = None
    moved_on = False
    start_of_move = snapshot(session)
    for step in session.advance_steps():
        if step is None:
            if not moved_on and data.draw(st.integers(0, 7)) == 0:
                moved_on = _between_steps(data, session, last, secrets)
                start_of_move = snapshot(session)
            continue
        answer = check_answer(step, None)
        assert answer.get("pushed") is True, answer
        assert not moved_on, f"pushed after the position changed: {answer}"
        if answer["type"] == "error":
            assert snapshot(session) == start_of_move, "a failed computer move was not undone"
            return pushed
        assert answer["type"] == "state", answer
        assert answer["state_id"] == session.state_id == start_of_move[0] + 1, (
            answer["state_id"], session.state_id, start_of_move[0])
        event(f"advance -> pushed {answer['to_move_kind']}")
        secrets.check(answer, "", new_match=False, where="pushed state")
        pushed = answer
        start_of_move = snapshot(session)
        if data.draw(st.integers(0, 9)) == 0:
            moved_on = _between_steps(data, session, pushed, secrets)
            start_of_move = snapshot(session)
    if not moved_on:
        final = pushed or last
        if final is not None and final.get("state_id") == session.state_id:
            assert final["to_move_kind"] != "ai", "advance_steps stopped with a computer to move"
    return pushed


def _between_steps(data, session: Session, last: dict | None, secrets: Secrets) -> bool:
    """Handle one intent in the middle of ``advance_steps``; whether it gave a new state."""
    text, msg_id, kind, _ = data.draw(intent(session, last))
    if kind in ("interleave", "reload", "advance"):
        text, msg_id = json.dumps({"type": "hello"}), None
    answer, before, after = _send(session, text, msg_id)
    _check_effect(answer, before, after, f"{kind} (during advance)")
    secrets.check(answer, text, new_match=kind in ("new_match", "load_record"),
                  viewer=session.viewer, where="between advance steps")
    return answer["type"] == "state"


def _interleave(data, session: Session, text: str, msg_id: object,
                last: dict | None) -> dict:
    """Run an ``ai_move`` in steps and handle another intent after its first chunk: if that
    intent changed the position, the ``ai_move`` is answered ``cancelled`` and changes
    nothing more; else it completes. Without a chunk (no search, or no computer to move) the
    ``ai_move`` is simply answered."""
    before = snapshot(session)
    steps = session.handle_steps(text)
    answer_text = None
    inner_changed = False
    for step in steps:
        if step is None and answer_text is None and not inner_changed:
            inner_text, inner_id, kind, _ = data.draw(intent(session, last))
            if kind in ("interleave", "reload", "advance"):
                inner_text = json.dumps({"type": "hello"})
                inner_id = None
            inner, inner_before, inner_after = _send(session, inner_text, inner_id)
            _check_effect(inner, inner_before, inner_after, kind)
            inner_changed = inner_after != inner_before
            before = inner_after
        elif step is not None:
            answer_text = step
    answer = check_answer(answer_text, msg_id)
    after = snapshot(session)
    if inner_changed:
        assert answer["type"] == "error" and answer["code"] == "cancelled", answer
    _check_effect(answer, before, after, "ai_move")
    return answer


def _base_messages(state: dict) -> list[dict]:
    """One valid message of every intent for a session in ``state`` (a human to move)."""
    sid = state["state_id"]
    record = seed("scenarios/B-01.json")
    return [
        {"type": "hello", "id": 1},
        {"type": "variants", "id": "v"},
        {"type": "new_match", "variant": "block", "seed": 1, "seats": ["human", "ai"],
         "options": {"players": 2, "hand_size": 5, "tie_rule": "none"}},
        {"type": "play", "state_id": sid, "move": state_moves(state)[0]},
        {"type": "ai_move", "state_id": sid},
        {"type": "next_hand", "state_id": sid},
        {"type": "hint", "state_id": sid},
        {"type": "undo", "state_id": sid},
        {"type": "export_record", "reveal": True},
        {"type": "load_record", "record": record, "seats": ["human", "ai"]},
        {"type": "load_record", "record": json.dumps(record)},
    ]


@pytest.mark.parametrize("family", ["scenarios/", "match/kozel", "match/mexican_train"])
def test_protocol_sweep_fields(family):
    """A systematic sweep of the message schema: for a valid message of every intent, at every
    path of it (down to the record's top-level fields; the library sweep covers the rest)
    each of ``SWEEP_VALUES`` and a deletion, sent to a session with a match in progress. Every
    answer is strict JSON with a documented code, and a refused message changes nothing."""
    failures: dict[tuple, str] = {}

    def fresh_session() -> tuple[Session, dict]:
        """A session on the first seed of the family where a human comes to move."""
        for name in seed_names():
            if not name.startswith(family):
                continue
            session = Session()
            record = seed(name)
            state = json.loads(session.handle(json.dumps(
                {"type": "load_record", "record": record,
                 "seats": ["human"] + ["ai"] * (Match.from_record(record).players - 1)})))
            while state["type"] == "state" and state["to_move_kind"] == "ai":
                state = json.loads(session.handle(json.dumps(
                    {"type": "ai_move", "state_id": state["state_id"]})))
            if state["type"] == "state" and state["to_move_kind"] == "human":
                return session, state
        raise AssertionError(f"no seed of {family} gets a human to move")

    session, state = fresh_session()
    for base in _base_messages(state):
        paths = [p for p in key_paths(base, max_depth=3 if base["type"] == "load_record" else 4)
                 if p]
        for path in paths:
            for value in [*SWEEP_VALUES, "delete"]:
                tried("test_protocol_sweep_fields")
                message = copy.deepcopy(base)
                if isinstance(value, str) and value == "delete":
                    del get_at(message, path[:-1])[path[-1]]
                else:
                    set_at(message, path, value if isinstance(value, Deep) else fresh(value))
                text = to_text(message)  # a Deep is written as its brackets
                label = f"{base['type']} {path} = {short(value)}"
                try:
                    with bounded(label):
                        before = snapshot(session)
                        answer = check_answer(session.handle(text), message.get("id")
                                              if is_strict_json(text) else UNKNOWN)
                        after = snapshot(session)
                        if answer["type"] not in ("state",):
                            assert after == before, f"{answer} changed the session"
                        secrets = Secrets()
                        secrets.check(answer, text, new_match=True, viewer=session.viewer)
                except Exception as exc:  # noqa: BLE001 - collected, reported below
                    failures.setdefault((type(exc).__name__, str(exc)[:150]), label)
                if session.state_id != state["state_id"]:
                    session, state = fresh_session()
    assert not failures, "\n".join(f"{label}: {kind}: {msg}"
                                    for (kind, msg), label in failures.items())


@fuzz_settings(300)
@given(data=st.data())
def test_protocol_hostile_text(data):
    """Hostile message text (empty, not JSON, truncated, 100,000-deep, NaN or 5,000-digit ids,
    a lone surrogate, two objects, a byte-order mark, a flipped character) to a session with
    or without a match: a documented error or a normal answer, and the session unchanged."""
    tried("test_protocol_hostile_text")
    session = Session()
    if data.draw(st.booleans()):
        name = data.draw(st.sampled_from(seed_names()))
        with bounded(f"load_record {name}"):
            check_answer(session.handle(json.dumps({"type": "load_record",
                                                    "record": seed(name)})))
    text = data.draw(st.sampled_from(HOSTILE_TEXTS))
    if data.draw(st.booleans()):
        valid = json.dumps({"type": data.draw(st.sampled_from(
            ["hello", "variants", "play", "hint", "undo", "export_record", "ai_move"])),
            "state_id": session.state_id, "move": "draw", "id": 5})
        at = data.draw(st.integers(0, len(valid) - 1))
        op = data.draw(st.sampled_from(["truncate", "flip", "raw"]))
        if op == "truncate":
            text = valid[:at]
        elif op == "flip":
            text = valid[:at] + chr(ord(valid[at]) ^ data.draw(st.sampled_from(
                [1, 2, 4, 8, 16, 32, 64, 128]))) + valid[at + 1:]
        else:
            text = valid.replace("5", data.draw(st.sampled_from(RAW_TOKENS)) or "5", 1)
    with bounded(f"message {text[:200]!r}"):
        before = snapshot(session)
        answer = check_answer(session.handle(text), UNKNOWN)
        after = snapshot(session)
    if answer["type"] != "state":
        assert after == before, f"{text[:200]!r} answered {answer} but changed the session"


@fuzz_settings(300)
@given(data=st.data())
def test_protocol_load_record_mutated(data):
    """``load_record`` of a mutated record (as an object, as JSON text in a string, or spliced
    in raw) over a match in progress: a refused record leaves the match being played exactly
    as it was; an accepted one gives a state and exports as a strict-JSON record that replays
    to the same position."""
    tried("test_protocol_load_record_mutated")
    session = Session()
    name = data.draw(st.sampled_from(seed_names()))
    with bounded(f"load_record {name}"):
        check_answer(session.handle(json.dumps({"type": "load_record", "record": seed(name)})))
    source = data.draw(st.sampled_from(["object", "object", "string", "raw"]))
    if source == "object":
        case = data.draw(mutated_records(deep=False))
        field: object = case.value
    else:
        case = data.draw(mutated_texts())
        field = case.value if source == "string" else Raw(case.value)
    message = {"type": "load_record", "record": field}
    text = to_text(message)
    with bounded(f"load_record {source} {case!r}"):
        answer, before, after = _send(session, text, None)
        if answer["type"] == "error":
            assert answer["code"] in ERROR_CODES
            assert after == before, f"refused record changed the session: {answer}"
            return
        assert answer["type"] == "state", answer
        exported = check_answer(session.handle(EXPORT))
        assert exported["type"] == "record", exported
        again = rec.replay(exported["record"])
        strict_dumps(again)
        assert again["to_move"] == answer["to_move"], (again, answer)


@fuzz_settings(200)
@given(record=mutated_records(max_steps=2, deep=False))
def test_records_survive_export(record: Case):
    """A mutated record that the library accepts is one the worker accepts too, and what the
    worker exports of it is strict JSON: the page's ``JSON.parse`` would refuse NaN."""
    tried("test_records_survive_export")
    with bounded(repr(record)):
        try:
            expected = rec.replay(record.value)
        except DominoError:
            return
        players = Match.from_record(record.value).players
        session = Session()
        text = to_text({"type": "load_record", "record": record.value,
                        "seats": ["human"] * players})
        if not is_strict_json(text):
            return  # NaN or a 5,000-digit number: no page can send it (the text tests do)
        answer = check_answer(session.handle(text))
        assert answer["type"] == "state", answer
        exported = check_answer(session.handle(EXPORT))
        assert exported["type"] == "record", exported
        assert rec.replay(exported["record"]) == expected
