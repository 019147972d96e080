"""``python -m domino``: replay and check records, list variants, simulate, run arenas,
review a record's moves.

Every error a user can cause is one line on standard error starting ``error:`` and exit
status 2, never a traceback (RECORD.md). A record is read as bytes and must be UTF-8
(standard input too, whatever the locale), at most ``schema.MAX_RECORD_CHARS`` characters.
Ctrl-C prints ``error: interrupted`` and exits with status 130; a closed standard output (the
output piped into ``head``) ends the command quietly with status 141, as a process stopped by
SIGPIPE would.
"""

from __future__ import annotations

import argparse
import json
import os
import sys
import time
from typing import Any

from ..errors import DominoError, OptionError
from ..rules import schema
from ..rules.schema import describe

# Upper bounds of the simulate and arena counts: far above any measurement, well below what
# would run for days or fill the memory with per-decision timings.
MAX_GAMES = 1_000_000
MAX_HANDS = 100_000
# ``review``: evaluations per decision (ai.review.MAX_BUDGET), and the expert's own budget in
# words (the level table's, ai.levels.budget_text(); tests/ai/test_levels.py checks they
# agree), written here so that ``--help`` needs no import of the AI.
MAX_REVIEW_BUDGET = 100_000
EXPERT_BUDGET = "800; 6200 in mexican_train, 1000 in vn_traditional, 840 in vn_iwin, 480 in doubles"
EXIT_INTERRUPTED = 130  # 128 + SIGINT
EXIT_BROKEN_PIPE = 141  # 128 + SIGPIPE


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in our one-line form, with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise SystemExit(_fail(f"{self.prog}: {message}"))


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _read(path: str) -> str:
    """The record text of ``path`` (``-``: standard input), read as bytes and decoded as
    UTF-8 whatever the locale; no more than a record at its size limit can take is read."""
    # A character takes at most 4 bytes of UTF-8: reading one byte more than that shows a
    # text over the limit without reading all of a huge input.
    most = 4 * schema.MAX_RECORD_CHARS + 1
    name = "standard input" if path == "-" else path
    try:
        if path == "-":
            data = sys.stdin.buffer.read(most)
        else:
            with open(path, "rb") as fh:
                data = fh.read(most)
    except OSError as exc:
        raise DominoError(f"cannot read {name}: {exc.strerror}") from None
    if len(data) >= most:
        raise DominoError(f"cannot read {name}: longer than the record limit of "
                          f"{schema.MAX_RECORD_CHARS} characters")
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError as exc:
        raise DominoError(f"cannot read {name}: not UTF-8 text (byte {exc.start})") from None


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["k=v", ...]`` into a dict of text values (``_options`` reads them into the types
    of the variant's options, ``ruleset.options_from_text``)."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise OptionError(f"option {pair!r} is not of the form name=value")
        out[key.strip()] = value.strip()
    return out


def _print(data: Any) -> None:
    sys.stdout.write(json.dumps(data, ensure_ascii=False) + "\n")
    sys.stdout.flush()  # here, so that a closed pipe is met inside main's handler


def _bounded(value: str, lo: int, hi: int) -> int:
    """An ``int`` argument from ``lo`` to ``hi`` (argparse reports a refusal as a usage
    error: one ``error:`` line, status 2)."""
    # Digits are counted before int() sees them: 100,000 digits would otherwise be met by
    # Python's own message, and repeated whole in the one-line error.
    if len(value.strip().lstrip("+-")) > schema.MAX_INT_DIGITS:
        raise argparse.ArgumentTypeError(f"must be from {lo} to {hi}, not a text of "
                                         f"{len(value)} characters")
    try:
        number = int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {describe(value)}") from None
    if not lo <= number <= hi:
        raise argparse.ArgumentTypeError(f"must be from {lo} to {hi}, not {number}")
    return number


def _integer(value: str) -> int:
    """An ``int`` argument whose range another checks (``--players``: the ruleset, which
    names the variant's own range); absurd lengths refused before ``int()``, as in
    ``_bounded``."""
    if len(value.strip().lstrip("+-")) > schema.MAX_INT_DIGITS:
        raise argparse.ArgumentTypeError(f"must be a whole number, not a text of "
                                         f"{len(value)} characters")
    try:
        return int(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"invalid int value: {describe(value)}") from None


def _count(hi: int) -> Any:
    return lambda value: _bounded(value, 1, hi)


def _seed(value: str) -> int:
    return _bounded(value, *schema.SEED_RANGE)


def _jobs(value: str) -> int:
    return _bounded(value, 1, os.cpu_count() or 1)


def _seat(value: str) -> int:
    # The record says how many seats there are: the review checks the upper bound.
    return _bounded(value, 0, MAX_SEAT)


MAX_SEAT = 63  # far above any player count; the record's own count is checked on loading
# ``review``: a progress line on standard error at most this often, and the search work done
# between two looks at the clock (``Review.step``; the verdicts do not depend on it).
PROGRESS_SECONDS = 2.0
REVIEW_STEP = 64
REVIEW_HELP = f"""\
Prints one JSON object, a domino-review document (docs/ENGINE_API.md):
  {{"format": "domino-review", "version": 7, "engine": "...", "record": "sha256:...",
   "variant": "...", "seats": [judged seats], "hands": null | [judged hands],
   "budget": evaluations per decision,
   "unit": "money" | "points" | "penalty points" | "pips",
   "thresholds": {{"inaccuracy": x, "mistake": y, "blunder": z}}, "complete": true,
   "moves": [{{"hand": h, "move": i, "seat": s, "played": "6-5@R", "forced": false,
              "value": v, "best": "6-4@L", "best_value": w, "loss": w-v (>= 0),
              "loss_se": e, "mark": null | "inaccuracy" | "mistake" | "blunder",
              "worlds": n, "as_good": true | false (as good as the best as far as
              the judge can tell), "says": [what the move does], "best_says": [...]}},
             ...],
   "totals": [{{"seat": s, "decisions": d, "judged": j, "forced": f, "inaccuracies": a,
               "mistakes": b, "blunders": c, "accuracy": share of judged moves without a
               mistake or blunder, "total_loss": t, "worst": [up to 3 moves]}}, ...]}}
Hands and moves are numbered from 1, seats from 0. Values are the expert's estimates for the
seat's side, in the variant's unit, from that seat's view only; a forced move has value null.

Cost: each move with a choice is searched with --budget B evaluations (default: the expert's
budget in the record's variant: {EXPERT_BUDGET}).
A search stops sooner once one move is clearly best, and costs at least one sampled world,
tens of evaluations, however small B; then the move played and the expert's choice are
valued in every world the search sampled; a forced move costs nothing. The cost
is proportional to the moves judged and, above a few dozen, to B. On one desktop core an
evaluation takes about 0.6 ms: a judged move 0.1 to 0.5 s at the default budget, 0.04 s at
--budget 1, and a 1,000-hand match (about 26,000 moves) from half an hour to a few hours.
Judge part of it with --hands (7, or 3-5) or --seat, or lower --budget (the verdicts then
rest on fewer worlds).

Progress goes to standard error, every 2 seconds at most: the plan (moves, hands, budget),
then "hand k of n, m of M moves judged" lines with the time spent and an estimate of the
time left, then "done"; --quiet leaves it out. Standard output holds the document alone."""


def build_parser() -> argparse.ArgumentParser:
    """The command-line grammar."""
    p = _Parser(prog="domino", description="Domino rules engine: records, variants, simulation.")
    sub = p.add_subparsers(dest="command", required=True, parser_class=_Parser)
    r = sub.add_parser("replay", help="replay a record, checking every move")
    r.add_argument("file", help="record file, or - for standard input")
    lg = sub.add_parser("legal", help="the seat to move and its legal moves")
    lg.add_argument("file", help="record file, or - for standard input")
    sub.add_parser("variants", help="variant ids with their options as JSON")
    s = sub.add_parser("simulate", help="random whole hands: speed and checksum")
    s.add_argument("--variant", required=True)
    s.add_argument("--players", type=_integer)
    s.add_argument("--option", action="append", metavar="NAME=VALUE")
    s.add_argument("--games", type=_count(MAX_GAMES), default=1000,
                   help=f"hands to play, 1 to {MAX_GAMES:,} (default 1000)")
    s.add_argument("--seed", type=_seed, default=0)
    a = sub.add_parser("arena", help="agents against each other: win rates and timings")
    a.add_argument("--variant", required=True)
    a.add_argument("--players", type=_integer)
    a.add_argument("--option", action="append", metavar="NAME=VALUE")
    a.add_argument("--agents", required=True, help="comma-separated agent names")
    a.add_argument("--hands", type=_count(MAX_HANDS), default=100,
                   help=f"hands to play, 1 to {MAX_HANDS:,} (default 100)")
    a.add_argument("--seed", type=_seed, default=0)
    a.add_argument("--jobs", type=_jobs, default=1,
                   help="processes to share the hands among (same results, noisier timings): "
                        "1 to the number of CPUs, here "
                        f"{os.cpu_count() or 1}; more is refused")
    rv = sub.add_parser("review", help="the expert's verdict on every move of a record",
                        description="Judge every move of a record (or of one seat) with the "
                                    "expert's search, from the mover's view only; seeded, so "
                                    "the same record gets the same verdict.",
                        epilog=REVIEW_HELP, formatter_class=argparse.RawDescriptionHelpFormatter)
    rv.add_argument("file", help="record file, or - for standard input")
    rv.add_argument("--seat", type=_seat, metavar="N",
                    help="judge only this seat's moves (from 0; default: every seat)")
    rv.add_argument("--budget", type=_count(MAX_REVIEW_BUDGET), metavar="B",
                    help="search evaluations per decision, 1 to "
                         f"{MAX_REVIEW_BUDGET:,} (default: the expert's in the record's variant, "
                         f"{EXPERT_BUDGET}); "
                         "what a judged move costs, about (see Cost below)")
    rv.add_argument("--hands", type=_hand_range, metavar="A-B",
                    help="judge only these hands, numbered from 1: one (7) or a range (3-5); "
                         "default: every hand")
    rv.add_argument("--quiet", "-q", action="store_true",
                    help="no progress lines on standard error")
    return p


def _hand_range(value: str) -> list[int]:
    """``--hands``: ``N`` or ``A-B`` (ASCII digits, 1 <= A <= B <= ``schema.MAX_HANDS``), as
    the list of hands; whether the record has them is the review's to say."""
    ends = [part.strip() for part in value.split("-")]
    if not 1 <= len(ends) <= 2 or not all(part.isascii() and part.isdigit()
                                           and len(part) <= 4 for part in ends):
        raise argparse.ArgumentTypeError(f"must be a hand (7) or a range of hands (3-5), "
                                         f"not {describe(value)}")
    first, last = int(ends[0]), int(ends[-1])
    if not 1 <= first <= last <= schema.MAX_HANDS:
        raise argparse.ArgumentTypeError(f"must be hands from 1 to {schema.MAX_HANDS}, the "
                                         f"first no later than the last, not {describe(value)}")
    return list(range(first, last + 1))


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The ``--option`` and ``--players`` flags as ``get_ruleset`` takes them: command-line
    text read into each option's type (``voluntary_draw=yes`` is true); only the command line
    reads text so, a record's options must have their JSON types (DECISIONS E-31)."""
    from ..rules.ruleset import options_from_text

    options = options_from_text(args.variant, parse_options(args.option))
    if args.players is not None:
        options["players"] = args.players
    return options


def _say(line: str) -> None:
    """One progress line on standard error (standard output holds the result alone)."""
    sys.stderr.write(line + "\n")
    sys.stderr.flush()


def _review(record: Any, seats: list[int] | None, budget: int | None,
            hands: list[int] | None, quiet: bool) -> dict[str, Any]:
    """``review``: the ``domino-review`` document of ``record``, the same as
    ``review_record`` gives (``Review(...).run()``), with progress on standard error unless
    ``quiet``: the plan and its cost in evaluations once the record is checked (so that an
    error stays the only line), a line at most every ``PROGRESS_SECONDS``, and a last one.
    A long record used to run for many minutes without a word (issue 27)."""
    from ..ai.review import Review

    review = Review(record, seats, budget, hands=hands)  # checks the record, seats and hands
    if quiet:
        while not review.step(REVIEW_STEP):
            pass
        return review.result()
    count = len(record["hands"])
    first, last = (hands[0], hands[-1]) if hands else (1, count)
    to_judge = sum(1 for d in review.pending if not d.forced)
    whose = "" if seats is None else f" of seat {seats[0]}"
    _say(f"review: {review.total:,} moves{whose} in hands {first}-{last} of {count} "
         f"({to_judge:,} to judge, {review.total - to_judge:,} forced), budget "
         f"{review.budget:,} evaluations a move")
    start = shown = time.monotonic()
    seen = judged = 0  # entries looked at, and how many of them were searched
    while not review.step(REVIEW_STEP):
        now = time.monotonic()
        if now - shown < PROGRESS_SECONDS:
            continue
        shown = now
        judged += sum(1 for e in review.entries[seen:] if not e["forced"])
        seen = len(review.entries)
        hand = review.pending[0].hand if review.pending else last
        left = (f", about {_duration((now - start) / judged * (to_judge - judged))} left"
                if judged else "")
        _say(f"review: hand {hand} of {count}, {seen:,} of {review.total:,} moves judged, "
             f"{review.evaluations:,.0f} evaluations, {_duration(now - start)}{left}")
    _say(f"review: done: {review.total:,} moves judged, {review.evaluations:,.0f} "
         f"evaluations, {_duration(time.monotonic() - start)}")
    return review.result()


def _duration(seconds: float) -> str:
    """``42 s``, ``12 min``, ``3 h 05 min``: a progress line's time."""
    if seconds < 100:
        return f"{seconds:.0f} s"
    minutes = round(seconds / 60)
    return f"{minutes} min" if minutes < 100 else f"{minutes // 60} h {minutes % 60:02d} min"


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit status. Never a traceback for what a user can do: a bad
    argument or record (status 2), Ctrl-C (status 130), a closed output pipe (status 141)."""
    try:
        return _run(argv)
    except KeyboardInterrupt:
        return _fail_with("interrupted", EXIT_INTERRUPTED)
    except BrokenPipeError:
        # Whatever is still buffered for the closed pipe would fail again when Python flushes
        # stdout at exit: point stdout at the null device first.
        try:
            devnull = os.open(os.devnull, os.O_WRONLY)
            os.dup2(devnull, sys.stdout.fileno())
        except (OSError, ValueError):
            pass
        return EXIT_BROKEN_PIPE


def _fail_with(message: str, status: int) -> int:
    try:
        print(f"error: {message}", file=sys.stderr)
    except (OSError, ValueError):
        pass
    return status


def _run(argv: list[str] | None) -> int:
    """The CLI proper (``main`` adds the handling of Ctrl-C and closed pipes)."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        if args.command in ("replay", "legal"):
            from ..match.record import legal, load, replay

            record = load(_read(args.file))
            _print(replay(record) if args.command == "replay" else legal(record))
        elif args.command == "variants":
            from ..rules.ruleset import variants_catalog

            _print(variants_catalog())
        elif args.command == "simulate":
            from .simulate import simulate

            _print(simulate(args.variant, _options(args), args.games, args.seed))
        elif args.command == "arena":
            from .arena import arena

            _print(arena(args.variant, _options(args), args.agents.split(","), args.hands,
                         args.seed, args.jobs))
        elif args.command == "review":
            from ..match.record import load

            seats = None if args.seat is None else [args.seat]
            _print(_review(load(_read(args.file)), seats, args.budget, args.hands,
                           args.quiet))
    except DominoError as exc:
        return _fail(str(exc))
    except RecursionError:
        return _fail("the record is nested too deeply")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
