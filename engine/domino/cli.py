"""``python -m domino``: replay and check records, list variants, simulate, run arenas.

Every error a user can cause is one line on standard error starting ``error:`` and exit
status 2, never a traceback (RECORD.md).
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from .errors import DominoError, OptionError


class _Parser(argparse.ArgumentParser):
    """argparse that reports usage errors in our one-line form, with exit status 2."""

    def error(self, message: str) -> None:  # type: ignore[override]
        raise SystemExit(_fail(f"{self.prog}: {message}"))


def _fail(message: str) -> int:
    print(f"error: {message}", file=sys.stderr)
    return 2


def _read(path: str) -> str:
    if path == "-":
        return sys.stdin.read()
    try:
        with open(path, encoding="utf-8") as fh:
            return fh.read()
    except OSError as exc:
        raise DominoError(f"cannot read {path}: {exc.strerror}") from None
    except UnicodeDecodeError:
        raise DominoError(f"cannot read {path}: not UTF-8 text") from None


def parse_options(pairs: list[str] | None) -> dict[str, Any]:
    """``["k=v", ...]`` into a dict; values stay text and the ruleset checks them."""
    out: dict[str, Any] = {}
    for pair in pairs or []:
        key, sep, value = pair.partition("=")
        if not sep or not key:
            raise OptionError(f"option {pair!r} is not of the form name=value")
        out[key.strip()] = value.strip()
    return out


def _print(data: Any) -> None:
    print(json.dumps(data, ensure_ascii=False))


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
    s.add_argument("--games", type=int, default=1000)
    s.add_argument("--seed", type=int, default=0)
    a = sub.add_parser("arena", help="agents against each other: win rates and timings")
    a.add_argument("--variant", required=True)
    a.add_argument("--players", type=int)
    a.add_argument("--option", action="append", metavar="NAME=VALUE")
    a.add_argument("--agents", required=True, help="comma-separated agent names")
    a.add_argument("--hands", type=int, default=100)
    a.add_argument("--seed", type=int, default=0)
    a.add_argument("--jobs", type=int, default=1,
                   help="processes to share the hands among (same results, noisier timings)")
    return p


def _options(args: argparse.Namespace) -> dict[str, Any]:
    options = parse_options(args.option)
    if args.players is not None:
        options["players"] = args.players
    return options


def main(argv: list[str] | None = None) -> int:
    """Run the CLI; return the exit status."""
    try:
        args = build_parser().parse_args(argv)
    except SystemExit as exc:
        return int(exc.code or 0)
    try:
        if args.command in ("replay", "legal"):
            from .record import legal, load, replay

            record = load(_read(args.file))
            _print(replay(record) if args.command == "replay" else legal(record))
        elif args.command == "variants":
            from .rules import variants_catalog

            _print(variants_catalog())
        elif args.command == "simulate":
            from .simulate import simulate

            if args.games < 1:
                raise OptionError("--games must be at least 1")
            _print(simulate(args.variant, _options(args), args.games, args.seed))
        elif args.command == "arena":
            from .arena import arena

            if args.hands < 1:
                raise OptionError("--hands must be at least 1")
            _print(arena(args.variant, _options(args), args.agents.split(","), args.hands,
                         args.seed, args.jobs))
    except DominoError as exc:
        return _fail(str(exc))
    except RecursionError:
        return _fail("the record is nested too deeply")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
