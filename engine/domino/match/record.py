"""Reading, writing and replaying ``domino-record`` files (RECORD.md, version 1).

Engine-defined parts of the format, documented here as RECORD.md asks:

* ``start`` may hold ``line`` (line layouts) or ``layout`` (the tree or trains JSON of
  docs/ENGINE_API.md), ``to_move``, and optionally ``last_placer`` (the seat a vn_iwin pass
  penalty goes to before any placement is seen) and ``seated`` (vn_iwin, after a leave).
  Tiles absent from hands, boneyard and layout are out of play in a start position.
* ``match`` keys: ``hand_number`` (of the first listed hand), ``scores`` (points variants),
  ``balances`` (money variants), ``records`` and ``open`` (kozel), ``leader`` (who leads the
  next hand where the lead depends on the previous hand).
* Error messages number hands and moves from 1, as a person counts them, and name the field
  (``hand 2, start.seated: ...``).
* Every field is checked once, by ``domino.rules.schema``, where the JSON is read; tiles and line
  tiles are ASCII digits. Limits a real match never reaches (``domino.rules.schema``): 4,000,000
  characters of text, nesting 64 deep, 1,000 hands, 5,000 moves in a hand, 50,000 in all,
  integers of at most 40 digits in the text. A key twice in one object is refused.
"""

from __future__ import annotations

import json
from typing import Any

from ..errors import RecordError
from ..rules import schema
from .match import Match

FORMAT = schema.FORMAT
VERSION = schema.VERSION


def load(text: str | bytes) -> dict[str, Any]:
    """Parse record text; malformed, truncated, oversized or too deeply nested JSON, a key
    twice in one object or an integer of absurd length raises RecordError
    (``schema.parse_record``, whose limits are ``domino.rules.schema``'s)."""
    data = schema.parse_record(text)
    if not isinstance(data, dict):
        raise RecordError("a record must be a JSON object")
    return data


def dump(record: dict[str, Any]) -> str:
    """Record text: stable key order, one hand per block, readable diffs."""
    return json.dumps(record, indent=1, ensure_ascii=False) + "\n"


def replay_match(record: Any) -> Match:
    """Replay every hand of ``record``, checking every move; return the match at its end
    (``Match.from_record``, kept here with the other record functions)."""
    return Match.from_record(record)


def replay(record: Any) -> dict[str, Any]:
    """What ``python -m domino replay`` prints for ``record`` (RECORD.md)."""
    m = replay_match(record)
    over = m.hand_over
    return {
        "hands": [r.to_json() for r in m.results],
        "match": m.summary(),
        "to_move": None if over else m.to_move,
        "legal": [] if over else [str(x) for x in m.legal()],
    }


def legal(record: Any) -> dict[str, Any]:
    """What ``python -m domino legal`` prints: the seat to move and its legal moves."""
    out = replay(record)
    return {"to_move": out["to_move"], "legal": out["legal"]}
