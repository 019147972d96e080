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
from typing import Any

from ..errors import DominoError, OptionError
from ..rules import schema
from ..rules.schema import describe

# Upper bounds of the simulate and arena counts: far above any measurement, well below what
# would run for days or fill the memory with per-decision timings.
MAX_GAMES = 1_000_000
MAX_HANDS = 100_000
# ``review``: evaluations per decision (ai.review.MAX_BUDGET), and the expert's own budget,
# written here so that ``--help`` needs no import of the AI.
MAX_REVIEW_BUDGET = 100_000
EXPERT_BUDGET = 800
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
REVIEW_HELP = """\
Prints one JSON object, a domino-review document (docs/ENGINE_API.md):
  {"format": "domino-review", "version": 1, "engine": "...", "record": "sha256:...",
   "variant": "...", "seats": [judged seats], "budget": evaluations per decision,
   "unit": "money" | "points" | "penalty points" | "pips",
   "thresholds": {"inaccuracy": x, "mistake": y, "blunder": z}, "complete": true,
   "moves": [{"hand": h, "move": i, "seat": s, "played": "6-5@R", "forced": false,
              "value": v, "best": "6-4@L", "best_value": w, "loss": w-v (>= 0),
              "loss_se": e, "mark": null | "inaccuracy" | "mistake" | "blunder",
              "worlds": n}, ...],
   "totals": [{"seat": s, "decisions": d, "judged": j, "forced": f, "inaccuracies": a,
               "mistakes": b, "blunders": c, "accuracy": share of judged moves without a
               mistake or blunder, "total_loss": t, "worst": [up to 3 moves]}, ...]}
Hands and moves are numbered from 1, seats from 0. Values are the expert's estimates for the
seat's side, in the variant's unit, from that seat's view only; a forced move has value null."""


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
    s.add_argument("--players", type=int)
    s.add_argument("--option", action="append", metavar="NAME=VALUE")
    s.add_argument("--games", type=_count(MAX_GAMES), default=1000,
                   help=f"hands to play, 1 to {MAX_GAMES:,} (default 1000)")
    s.add_argument("--seed", type=_seed, default=0)
    a = sub.add_parser("arena", help="agents against each other: win rates and timings")
    a.add_argument("--variant", required=True)
    a.add_argument("--players", type=int)
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
                         f"{MAX_REVIEW_BUDGET:,} (default: the expert's, {EXPERT_BUDGET})")
    return p


def _options(args: argparse.Namespace) -> dict[str, Any]:
    """The ``--option`` and ``--players`` flags as ``get_ruleset`` takes them: command-line
    text read into each option's type (``voluntary_draw=yes`` is true); only the command line
    reads text so, a record's options must have their JSON types (DECISIONS E-31)."""
    from ..rules.ruleset import options_from_text

    options = options_from_text(args.variant, parse_options(args.option))
    if args.players is not None:
        options["players"] = args.players
    return options


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
            from ..ai.review import review_record
            from ..match.record import load

            seats = None if args.seat is None else [args.seat]
            _print(review_record(load(_read(args.file)), seats, args.budget))
    except DominoError as exc:
        return _fail(str(exc))
    except RecursionError:
        return _fail("the record is nested too deeply")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
