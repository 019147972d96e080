"""A friends' match in a guest's history (issue 24, DECISIONS W-68): once the match is over the
host's master gives a friend's device the match's record (`match_record`, refused before),
and the guest's own worker replays it (every move checked) and keeps it as a finished match
seen from the guest's seat (`history_add`), once per match; a record that does not replay, or
a seat that is not one of the match's, is refused and nothing is kept.

The workers run in child CPythons with the stand-ins of tests/web/test_worker_saves.py (an
in-memory store): one child is the host's worker, another the guest's.

RULES.md: none (the history of a match played across devices)
"""

import copy
import functools
import json

from test_worker_saves import NEW as DRAW, PLAY, load

SEATS = ["ai:easy", "ai:easy"]
NEW = {"type": "new_match", "v": 2, "variant": "vn_traditional", "seed": 8, "seats": SEATS,
       "options": {"players": 2, "max_hands": 1}}


@functools.cache
def hosted() -> dict:
    """The host's worker: a one-hand match the computers play to its end, its record asked
    before and after."""
    return load(script=[NEW, {"type": "match_record", "v": 2, "id": 5}, "settle",
                        {"type": "match_record", "v": 2, "id": 6}])


def test_the_record_is_given_once_the_match_is_over_only():
    before, after = hosted()["answers"][2:]
    assert before["type"] == "error" and before["code"] == "reveals_hands"
    assert "record" not in before
    assert after["type"] == "match_record" and after["seats"] == SEATS
    assert len(after["record"]["hands"]) == 1


def guest(*messages) -> dict:
    return load(script=list(messages) + [{"type": "history", "v": 2, "id": 99}])


def test_the_guest_keeps_the_match_from_its_own_seat_once():
    given = hosted()["answers"][3]
    add = {"type": "history_add", "v": 2, "record": given["record"], "seats": given["seats"],
           "viewer": 1}
    seen = guest(dict(add, id=2), dict(add, id=3))
    first, again, listed = seen["answers"][1:]
    assert first["type"] == "history_added" and again["entry"] == first["entry"]
    entries = listed["entries"]
    assert [e["id"] for e in entries] == [first["entry"]]  # one entry, kept once
    stored = json.loads(seen["store"]["history|" + first["entry"]])
    assert stored["viewer"] == 1 and stored["finished"] is True
    assert stored["variant"] == "vn_traditional" and stored["record"] == given["record"]


def test_a_record_that_does_not_replay_or_a_stranger_seat_is_refused():
    given = hosted()["answers"][3]
    forged = copy.deepcopy(given["record"])
    hand = forged["hands"][0]
    hand["moves"] = hand["moves"][:-1] + ["6-6@L"]  # a move the deal never allowed
    unfinished = copy.deepcopy(given["record"])
    unfinished["hands"][0]["moves"] = unfinished["hands"][0]["moves"][:2]
    seen = guest(
        {"type": "history_add", "v": 2, "id": 2, "record": forged, "seats": SEATS, "viewer": 1},
        {"type": "history_add", "v": 2, "id": 3, "record": given["record"], "seats": SEATS,
         "viewer": 7},
        {"type": "history_add", "v": 2, "id": 4, "record": unfinished, "seats": SEATS,
         "viewer": 0},
        {"type": "history_add", "v": 2, "id": 5, "record": "junk", "seats": SEATS, "viewer": 0})
    refused = seen["answers"][1:5]
    assert [a["type"] for a in refused] == ["error"] * 4
    assert {a["code"] for a in refused} == {"bad_record"}
    assert seen["answers"][5]["entries"] == []


NAMES = ["Hana", "Minh"]


def test_both_copies_of_a_friends_match_keep_the_tables_names():
    """DECISIONS W-75: the host's `new_match` carries the table's names (the worker keeps them
    in the save's head and in the history entry, never in the record), and a guest's
    `history_add` carries them too: each copy names its players; the record stays as the
    engine writes it (RECORD.md has no names)."""
    host = load(script=[dict(NEW, names=NAMES), "settle", {"type": "history", "v": 2, "id": 9}])
    listed = host["answers"][-1]["entries"]
    assert [e["names"] for e in listed] == [NAMES]
    stored = json.loads(host["store"]["history|" + listed[0]["id"]])
    assert stored["names"] == NAMES and "names" not in stored["record"]
    heads = [json.loads(v) for k, v in host["store"].items() if k.startswith("saves|match:")]
    assert [h.get("names") for h in heads] == [NAMES] or heads == []  # (retired once over)
    given = hosted()["answers"][3]
    add = {"type": "history_add", "v": 2, "id": 2, "record": given["record"],
           "seats": given["seats"], "viewer": 1, "names": NAMES + ["x" * 100, 5]}
    seen = guest(add)
    stored = json.loads(seen["store"]["history|" + seen["answers"][1]["entry"]])
    assert stored["names"] == NAMES  # one per seat of the match, each a short text
    assert "names" not in stored["record"]
    # Its review names the players too (the page names them as the list does).
    opened = load(store=seen["store"], script=[
        {"type": "review_open", "v": 2, "id": 3, "source": "entry",
         "entry": seen["answers"][1]["entry"]}])["answers"][1]
    assert opened["type"] == "review_opened" and opened["names"] == NAMES
    assert opened["viewer"] == 1
    plain = guest(dict(add, names=["", ""]))
    assert "names" not in json.loads(plain["store"]["history|" + plain["answers"][1]["entry"]])


def test_the_names_survive_in_the_save_for_an_unfinished_match():
    """A friends' match the host leaves unfinished (another match replaces it) enters the
    history with the names its save's head kept."""
    first = load(script=[dict(DRAW, names=NAMES), "settle", PLAY, "settle"])
    heads = [json.loads(v) for k, v in first["store"].items() if k.startswith("saves|match:")]
    assert [h["names"] for h in heads] == [NAMES]
    second = load(store=first["store"], script=[
        dict(NEW, seed=9), {"type": "history", "v": 2, "id": 9}])
    entries = second["answers"][-1]["entries"]
    assert [e.get("names") for e in entries if not e["finished"]] == [NAMES]
