"""Entry point of ``python -m domino``."""

from .cli import main

raise SystemExit(main())
