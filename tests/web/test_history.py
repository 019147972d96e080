"""The match history's entries (web/worker/history.py, run by the engine worker): made from a match,
read back and upgraded by schema version, refused with a reason when damaged, bounded by the
player's setting; and the lines the history screen shows of them (textfmt.history_lines).

RULES.md: none (the page's history)
"""

from __future__ import annotations

import json

import history
import pytest
import textfmt

from domino import Match


def _entry(**changes):
    match = Match.new("kozel", {"players": 3}, 5)
    state = {"variant": "kozel", "players": 3, "viewer": 0,
             "match": {"records": [12, 40, 3], "open": [False, True, False]},
             "reading": {"standing": "record", "better": "lower"}}
    entry = history.make_entry("100-7", match.to_record(), ["human", "ai:hard", "ai"], state,
                               False, 100, 200)
    entry.update(changes)
    return entry


def test_an_entry_is_made_from_the_match_and_read_back_unchanged():
    entry = _entry()
    assert entry["v"] == history.SCHEMA_VERSION
    assert entry["hands"] == 1 and entry["standing"] == "record" and entry["better"] == "lower"
    assert entry["record"]["variant"] == "kozel"
    assert history.read_entry(json.dumps(entry)) == entry
    assert "record" not in history.summary(entry) and "results" not in history.summary(entry)


@pytest.mark.parametrize(("text", "why"), [
    ("{not json", "not JSON"),
    ("[1, 2]", "not an object"),
    (json.dumps({"id": "1"}), "no schema version"),
    (json.dumps(dict(_entry(), v=99)), "newer than this page"),
    (json.dumps(dict(_entry(), v=True)), "no schema version"),
    (json.dumps(dict(_entry(), hands="3")), "field hands"),
    (json.dumps(dict(_entry(), finished=1)), "field finished"),
    (json.dumps(dict(_entry(), players=True)), "field players"),
    (json.dumps({k: v for k, v in _entry().items() if k != "record"}), "field record"),
    (json.dumps(dict(_entry(), id="aside/1")), "bad id"),
])
def test_a_damaged_entry_is_refused_with_its_reason(text, why):
    with pytest.raises(ValueError, match=why):
        history.read_entry(text)


def test_a_version_one_entry_gets_its_hands_by_replaying_its_record():
    """The entries of the first history (schema 1, no `results`) are read by this page: the
    hands' results come from their record, as the worker's state gave them."""
    from domino.session import Session

    session = Session()
    state = json.loads(session.handle(json.dumps({
        "type": "new_match", "variant": "block", "options": {"players": 2}, "seed": 4,
        "seats": ["human", "ai"], "v": 2})))
    while not state["hand_over"]:
        state = json.loads(session.handle(json.dumps({
            "type": "ai_move" if state["to_move_kind"] == "ai" else "play",
            "move": state["moves"][0]["move"] if state["moves"] else None,
            "state_id": state["state_id"], "v": 2})))
    record = session.match.to_record()
    current = history.make_entry("9-9", record, ["human", "ai"], state, False, 1, 2)
    assert current["results"] and current["results"][0]["delta"] == state["history"][0]["delta"]
    old = {k: v for k, v in current.items() if k != "results"}
    old["v"] = 1
    read, upgraded = history.read_stored(json.dumps(old))
    assert upgraded and read["v"] == history.SCHEMA_VERSION
    assert read["results"] == current["results"]
    assert history.read_stored(json.dumps(read)) == (read, False)
    # A record that no longer replays: the entry stays readable, its hands unknown.
    broken = dict(old, record={"format": "domino-record"})
    assert history.read_entry(json.dumps(broken))["results"] is None
    # A current entry must carry its results (a list, or null for unknown).
    with pytest.raises(ValueError, match="field results"):
        history.read_entry(json.dumps(dict(current, results="3")))
    with pytest.raises(ValueError, match="field results"):
        history.read_entry(json.dumps(dict(current, results=[{"winner": 0}])))


def test_an_older_entry_is_upgraded_step_by_step(monkeypatch):
    """A page of schema 3 reads an entry of schema 1 through the upgrades 1 -> 2 -> 3."""
    steps = []

    def one_to_two(entry):
        steps.append(1)
        return dict(entry, v=2, renamed=entry.pop("hands"))

    def two_to_three(entry):
        steps.append(2)
        entry = dict(entry, v=3, hands=entry.pop("renamed"))
        return entry

    old = _entry(v=1)
    monkeypatch.setattr(history, "SCHEMA_VERSION", 3)
    monkeypatch.setattr(history, "UPGRADES", {1: one_to_two, 2: two_to_three})
    read = history.read_entry(json.dumps(old))
    assert steps == [1, 2]
    assert read["v"] == 3 and read["hands"] == old["hands"] and "renamed" not in read


def test_the_oldest_go_first_beyond_the_setting():
    entries = [{"id": f"e{i}", "saved_at": 1000 + (i * 7) % 23} for i in range(30)]
    trimmed = history.to_trim(entries, 20)
    assert len(trimmed) == 11  # 30 kept, 19 left, and room for the new one
    kept = [e for e in entries if e["id"] not in trimmed]
    assert min(e["saved_at"] for e in kept) >= max(
        e["saved_at"] for e in entries if e["id"] in trimmed)
    assert history.to_trim(entries, 50) == []
    assert history.to_trim(entries, 7) == history.to_trim(entries, history.KEEP_DEFAULT)
    gone = history.beyond(entries, 20)
    assert len(gone) == 10 and set(gone) < set(trimmed)
    assert history.beyond(entries, 100) == []
    assert history.keep_of(500) == 500 and history.keep_of("all") == history.KEEP_DEFAULT


@pytest.mark.parametrize(("lang", "title", "result"), [
    ("en", "Kozel (Goat), 3 players", "Unfinished, at hand 1 · You: Record 12"),
    ("vi", "3 người chơi", "Chưa xong, đang ở ván 1 · Bạn: "),
    ("ru", "игроков: 3", "Не окончена, кон 1 · Вы: "),
])
def test_the_history_screen_says_game_players_levels_and_result(lang, title, result):
    lines = textfmt.history_lines(lang, _entry(), "1 Dec 2026")
    assert lines["title"].startswith("1 Dec 2026 · ") and title in lines["title"]
    assert lines["result"].startswith(result), lines["result"]
    assert lines["seats"].count(",") == 2
    if lang == "en":
        assert lines["seats"] == "You, Computer 2 (hard), Computer 3 (medium)"


FRIENDS_SEATS = ["human", "human", "ai:easy", "human"]


def _friends_entry(viewer, names):
    match = Match.new("kozel", {"players": 4}, 5)
    state = {"variant": "kozel", "players": 4, "viewer": viewer,
             "match": {"records": [12, 40, 3, 0]},
             "reading": {"standing": "record", "better": "lower"}}
    return history.make_entry("friends-5", match.to_record(), FRIENDS_SEATS, state, True,
                              100, 200, names)


@pytest.mark.parametrize(("lang", "viewer", "seats"), [
    ("en", 0, "You, \u2068Minh\u2069, Computer 3 (easy), Player 4"),
    ("en", 1, "\u2068Hana\u2069, You, Computer 3 (easy), Player 4"),
    ("vi", 1, "\u2068Hana\u2069, Bạn, Máy 3 (dễ), Người chơi 4"),
    ("ru", 0, "Вы, \u2068Minh\u2069, Компьютер 3 (лёгкий), Игрок 4"),
])
def test_a_friends_match_names_its_players_in_every_copy(lang, viewer, seats):
    """DECISIONS W-75: the host's copy and each guest's name the players by the names they
    gave at the table, the copy's own seat "You" (its device played it alone), a friend with
    no name by number; the names go in the entry, never in the record."""
    entry = _friends_entry(viewer, ["Hana", "Minh", "", "  "])
    assert entry["names"] == ["Hana", "Minh", "", ""] and "names" not in entry["record"]
    read = history.read_entry(json.dumps(entry))
    assert history.summary(read)["names"] == entry["names"]
    assert textfmt.history_lines(lang, read, "")["seats"] == seats


def test_an_entry_without_names_is_named_as_before():
    entry = _friends_entry(0, ["", "", "", ""])
    assert "names" not in entry
    assert textfmt.history_lines("en", entry, "")["seats"] == (
        "Player 1, Player 2, Computer 3 (easy), Player 4")
    assert history.clean_names(["A" * 30, None], 3) == ["A" * 24, "", ""]


def test_a_finished_match_counts_its_hands_in_each_language():
    entry = _entry(finished=True, hands=2, standing="money", better="higher",
                   match={"balances": [3000, -1500, -1500]})
    assert textfmt.history_lines("en", entry, "")["result"] == \
        "Finished after 2 hands · Won by You · You: Money +3,000 coins"
    # The lowest record wins kozel; a tie names both.
    kozel = _entry(finished=True, match={"records": [40, 12, 12], "open": [True, True, True]})
    assert "Won by Computer 2 (hard) and Computer 3 (medium) · You: Record 40" in \
        textfmt.history_lines("en", kozel, "")["result"]
    assert textfmt.history_lines("ru", entry, "")["result"].startswith("Окончена за 2 кона")
    one = textfmt.history_lines("en", dict(entry, hands=1), "")["result"]
    assert one.startswith("Finished after 1 hand ·")


# --------------------------------------------------------------------------- the history file


def _kept(ident, saved_at, **changes):
    return _entry(id=ident, saved_at=saved_at, **changes)


def test_the_history_file_carries_every_entry_under_its_format_and_version():
    entries = [_kept("b", 300), _kept("a", 100)]
    data = history.export_file(entries, 999)
    assert data["format"] == "domino-history" and data["version"] == history.FILE_VERSION
    assert data["exported_at"] == 999 and data["schema"] == history.SCHEMA_VERSION
    assert [e["id"] for e in data["entries"]] == ["a", "b"]  # oldest first
    assert data["entries"][0]["record"]["variant"] == "kozel"
    read = history.read_file(json.dumps(data))
    assert [history.read_entry(json.dumps(e)) for e in read] == data["entries"]


@pytest.mark.parametrize(("text", "code"), [
    ("{oops", "not_json"),
    ("[]", "not_history"),
    (json.dumps({"format": "domino-record", "version": 1, "entries": []}), "not_history"),
    (json.dumps({"format": "domino-history", "entries": []}), "not_history"),
    (json.dumps({"format": "domino-history", "version": 1, "entries": {}}), "not_history"),
    (json.dumps({"format": "domino-history", "version": 2, "entries": []}), "newer"),
    (None, "too_big"),
])
def test_a_file_that_is_no_history_is_refused_with_its_reason(text, code):
    with pytest.raises(history.FileError) as info:
        history.read_file(text)
    assert info.value.code == code


def test_import_merges_by_id_sets_bad_entries_aside_and_keeps_the_bound():
    kept = [_kept("k1", 100), _kept("k2", 200), _kept("same", 300, finished=False)]
    incoming = [
        _kept("k1", 100),                        # already kept: a duplicate
        _kept("same", 400, finished=True),       # a later save of a kept id: updates it
        _kept("n1", 500),                        # new
        _kept("n1", 450),                        # repeated in the file, an earlier save
        dict(_kept("bad", 600), hands="x"),      # damaged
        dict(_kept("newer", 650), v=99),         # from a newer page
        "not an entry",
    ]
    plan = history.merge(kept, incoming, 100)
    report = plan["report"]
    assert report["added"] == 1 and report["updated"] == 1 and report["duplicates"] == 2
    assert report["set_aside"] == 3 and report["not_kept"] == 0 and report["removed"] == 0
    assert sorted(e["id"] for e in plan["put"]) == ["n1", "same"]
    assert [e for e in plan["put"] if e["id"] == "same"][0]["finished"] is True
    assert [e["saved_at"] for e in plan["put"] if e["id"] == "n1"] == [500]
    aside = {a[0]: a[2] for a in plan["aside"]}
    assert aside["bad"].startswith("field hands") and "newer" in aside["newer"]
    assert aside["import-7"] == "not an object"
    assert report["reasons"][0].startswith("field hands")
    assert plan["delete"] == []
    # Importing the same file twice adds nothing.
    again = history.merge(kept + plan["put"], incoming, 100)["report"]
    assert again["added"] == 0 and again["updated"] == 0


def test_import_respects_the_keep_setting_oldest_first():
    kept = [_kept(f"k{i:02d}", 1000 + i) for i in range(15)]
    incoming = [_kept(f"n{i:02d}", 990 + 2 * i) for i in range(10)]  # 990 .. 1008
    plan = history.merge(kept, incoming, 20)
    report = plan["report"]
    stored = {e["id"]: e["saved_at"] for e in kept}
    stored.update({e["id"]: e["saved_at"] for e in plan["put"]})
    for ident in plan["delete"]:
        del stored[ident]
    assert len(stored) == 20
    assert min(stored.values()) >= max(
        e["saved_at"] for e in kept + incoming if e["id"] not in stored)
    assert report["added"] + report["not_kept"] == 10
    assert report["removed"] == len(plan["delete"]) == 15 + report["added"] - 20
    assert report["keep"] == 20


# Issue 27: entries with the right types but contents no match holds (imported, or a tampered
# IndexedDB row) are refused with a reason, so that the worker sets them aside alone.
@pytest.mark.parametrize(("change", "why"), [
    ({"match": {"balances": ["x", 1, 2]}}, "match.balances"),
    ({"match": {"records": [1, 2, float("inf")]}}, "match.records"),
    ({"match": {"records": [1] * 200_000}}, "match.records"),
    ({"match": {"open": [0, 1, 0]}}, "match.open"),
    ({"match": {"winners": [9]}}, "match.winners"),
    ({"match": {"leader": "me"}}, "match.leader"),
    ({"seats": ["human"] * 100_000}, "field seats"),
    ({"seats": ["human", "ai", "robot"]}, "field seats"),
    ({"players": 99}, "field players"),
    ({"variant": "chess"}, "unknown variant"),
    ({"viewer": 5}, "field viewer"),
    ({"hands": 10**9}, "field hands"),
    ({"id": "x" * 1000}, "field id"),
    ({"names": ["Hana", "Minh"]}, "field names"),
    ({"names": ["Hana", "x" * 25, ""]}, "field names"),
    ({"names": ["Hana", 5, ""]}, "field names"),
    ({"names": "Hana"}, "field names"),
    ({"results": [{"termination": "out", "winner": 0, "delta": ["x", 1, 2]}]},
     "field results"),
    ({"results": [{"termination": "out", "winner": 0, "delta": [1, 2, 3]}] * 1001},
     "field results"),
])
def test_an_entry_whose_contents_no_match_holds_is_refused(change, why):
    with pytest.raises(ValueError, match=why):
        history.read_entry(json.dumps(_entry(**change)))


def test_a_stored_text_beyond_the_bound_is_refused_before_it_is_parsed():
    text = json.dumps(_entry(standing="p" * history.MAX_ENTRY_CHARS))
    with pytest.raises(ValueError, match="larger than"):
        history.read_entry(text)
    with pytest.raises(ValueError, match="not JSON"):
        history.read_entry("[" * 100_000 + "]" * 100_000)
    with pytest.raises(history.FileError):
        history.read_file("[" * 100_000 + "]" * 100_000)


def test_the_list_gets_only_the_known_fields_of_an_entry():
    """The page's heap is small: an entry's unknown fields, however large, never reach it."""
    entry = _entry(extra=list(range(1000)))
    entry["match"]["junk"] = "x" * 1000
    summary = history.summary(history.read_entry(json.dumps(entry)))
    assert set(summary) == set(history.SUMMARY_FIELDS) - {"names"}  # (a friends' match's)
    assert set(summary["match"]) == {"records", "open"}


def test_an_imported_entry_with_a_word_in_its_totals_is_set_aside_and_the_others_shown():
    good = [_entry(id="1-" + str(i), saved_at=300 + i) for i in range(5)]
    bad = _entry(id="bad", saved_at=400, match={"balances": ["x", 1, 2]})
    plan = history.merge([], good + [bad], 100)
    assert plan["report"]["added"] == 5 and plan["report"]["set_aside"] == 1
    assert "match.balances" in plan["report"]["reasons"][0]
    # Every entry kept can be shown: the history screen's lines of each.
    for entry in plan["put"]:
        lines = textfmt.history_lines("en", history.summary(entry), "")
        assert lines["seats"]
