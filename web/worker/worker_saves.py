"""The matches saved in the worker's store (web/worker/worker.py's saves): listed from their
state rows, read back, deleted, or set aside when they cannot be used.

The rows' format is save_log.py's, the store worker_db.py's; this module only joins the two.
Runs in Pyodide before the worker's `ready` answer (the offer of a saved match needs it).
"""

import json

import js
import save_log
import worker_db as db

LEGACY = ""  # the offer's id for a save of the earlier builds (one row, save_log.LEGACY_KEY)
# The menu lists at most this many saved matches (issue 28: every match kept stays resumable).
LISTED = 20
# A save's id is the worker's own (`_new_id`, a few dozen characters); a longer one is not ours.
ID_MAX = 64


async def stored(bad):
    """The saves in the store: (id, summary) of each, the legacy save as id LEGACY (why it
    cannot be read, if so, goes into `bad["legacy"]`). Listed
    from the small state rows alone (a save's head and its state row are written in one
    transaction and deleted in one): the heads, which hold the deals, are read only to
    resume or retire a save."""
    out = []
    for key, state in await db.items(db.STORE, save_log.STATE):
        # Rebuilt field by field and bounded: `ready` passes it to the page; a state row
        # that cannot be read gives way to the head's record (read only then).
        match_id = save_log.match_id_of(str(key))
        summary = save_log.read_state(state)[0]
        if "variant" not in summary:
            summary = save_log.summary_from_head(await db.get(save_log.head_key(match_id)))
        out.append((match_id, summary))
    text = await db.get(save_log.LEGACY_KEY)
    if text is not None:
        try:
            out.append((LEGACY, save_log.clean_summary(save_log.legacy(text).get("summary"))))
        except (ValueError, TypeError) as exc:
            bad["legacy"] = str(exc) or "the saved match cannot be read"
    return out


def listing(free, offered):
    """The saves `free` ((id, summary) pairs) as the menu lists them: newest first, at most
    LISTED, each `{"id", "summary", "offered"}` (`offered`: the one the menu's Continue
    button resumes)."""
    def saved_at(pair):
        at = pair[1].get("saved_at") if isinstance(pair[1], dict) else None
        return at if isinstance(at, (int, float)) and not isinstance(at, bool) else 0
    ordered = sorted(free, key=saved_at, reverse=True)[:LISTED]
    return [{"id": i, "summary": s, "offered": i == offered} for i, s in ordered]


def chosen(data):
    """The save a `resume` or `forget_save` names (`save`, one of the menu's list), or None
    when it names none; ValueError for a name that cannot be one of ours."""
    name = data.get("save")
    if name is None:
        return None
    if not isinstance(name, str) or len(name) > ID_MAX:
        raise ValueError("save must be the id of a saved match")
    return name


async def read(match_id):
    """The save `match_id` as the worker uses it (save_log.load). Raises LookupError when
    there is none, ValueError for rows that cannot make one, and storage errors as they
    come."""
    if match_id == LEGACY:
        text = await db.get(save_log.LEGACY_KEY)
        if text is None:
            raise LookupError("no match is saved")
        return dict(save_log.legacy(text), legacy=True)
    head = await db.get(save_log.head_key(match_id))
    if head is None:
        raise LookupError("no match is saved")
    moves = await db.items(db.STORE, save_log.move_prefix(match_id))
    return save_log.load(head, moves, await db.get(save_log.state_key(match_id)))


async def delete(match_id):
    """Delete every row of the save `match_id`."""
    if match_id == LEGACY:
        await db.write([], [save_log.LEGACY_KEY])
        return
    keys = [str(k) for k, _ in await db.items(db.STORE, save_log.move_prefix(match_id))]
    await db.write([], keys + [save_log.head_key(match_id), save_log.state_key(match_id)])


async def set_aside(match_id, why):
    """Keep a save that cannot be used under `set_aside` (its rows, with the reason), off the
    offer."""
    if match_id == LEGACY:
        aside = {"text": await db.get(save_log.LEGACY_KEY)}
    else:
        rows = await db.items(db.STORE, save_log.move_prefix(match_id))
        rows = [(str(k), v) for k, v in rows]
        rows += [(key, await db.get(key)) for key in (save_log.head_key(match_id),
                                                      save_log.state_key(match_id))]
        aside = {"rows": rows}
    aside = json.dumps(dict(aside, error=why, at=int(js.Date.now())))
    await db.write([(db.ASIDE_KEY, aside)], [])
    await delete(match_id)
