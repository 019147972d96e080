"""Entry point of ``python -m domino``."""

try:
    from .tools.cli import main
except KeyboardInterrupt:  # Ctrl-C while the CLI loads: the same quiet exit as main's
    raise SystemExit(130) from None

raise SystemExit(main())
