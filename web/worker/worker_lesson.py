"""The lessons' intents in the engine worker (`lesson_open`, `lesson_position`), compiled on the
first lesson: a lesson is rare, so neither this module nor web/worker/lessoning.py is among what the
worker compiles before `ready` or while idle (web/worker/worker.py, LAZY_INTENTS).
"""

import lessoning

from domino.errors import DominoError

INTENTS = ("lesson_open", "lesson_position")


async def handle(data, worker):
    """`lesson_open` and `lesson_position`: answered by web/worker/lessoning.py; a position of a
    lesson opened since is `stale_lesson`, a malformed message `bad_lesson`."""
    try:
        return worker.answer(data, lessoning.answer(data))
    except lessoning.Stale as exc:
        return worker.error(data, "stale_lesson", str(exc))
    except (ValueError, TypeError, KeyError, DominoError) as exc:
        return worker.error(data, "bad_lesson", str(exc))
