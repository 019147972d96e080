"""What a friends' table shows under the hand (web/page/friends_table.py, web/page/reactions.py;
issue 24): the host's question about a friend away (wait, the computer plays, remove), the
friends at the table with their status, and the reactions beside their sender's seat.

The page's adapters (`dom`, `link`) are stood in for by small fakes that record what is
written, so the page's own words and markup are checked on CPython.

RULES.md: none (the page's words for a table across devices; DECISIONS W-65 to W-67)
"""

import sys
import types

import pytest
from store import S

SUMMARY = {"role": "host", "seat": 0, "seats": ["host", "friend", "ai", "friend"],
           "names": ["Hana", "Minh", "", "Lan"], "away": [False, True, False, True],
           "ask": [False, True, False, False], "standin": [False, False, False, True]}
KINDS = ["host", "friend", "ai:easy", "friend"]


class Element:
    def __init__(self):
        self.hidden = False
        self.textContent = ""
        self.attrs = {}

    def getAttribute(self, name):
        return self.attrs.get(name)


@pytest.fixture
def page(monkeypatch):
    """friends_table and reactions imported over fake adapters; yields what they wrote."""
    written, elements, spawned = {}, {}, []
    dom = types.ModuleType("dom")
    dom.byid = lambda name: elements.setdefault(name, Element())
    dom.set_html = lambda name, html: written.__setitem__(name, html)
    dom.query = lambda selector: None
    dom.spawn = lambda coro: (spawned.append(coro), coro.close())
    link = types.ModuleType("link")
    monkeypatch.setitem(sys.modules, "dom", dom)
    monkeypatch.setitem(sys.modules, "link", link)
    for name in ("friends_table", "reactions"):
        monkeypatch.delitem(sys.modules, name, raising=False)
    import friends_table
    import reactions

    monkeypatch.setitem(S, "lang", "en")
    monkeypatch.setitem(S, "names", list(SUMMARY["names"]))
    monkeypatch.setitem(S, "friends", {"role": "host", "seat": 0})
    monkeypatch.setitem(S, "state", {"seats": ["human", "human", "ai:easy", "human"],
                                     "viewer": 0, "state_id": 3})
    reactions.R.update(bubbles=[], serial=0, note="")
    yield types.SimpleNamespace(table=friends_table, reactions=reactions, written=written,
                                elements=elements, spawned=spawned)
    for name in ("friends_table", "reactions"):
        sys.modules.pop(name, None)


def test_the_host_is_asked_about_the_friend_away_past_the_grace_only(page):
    page.table.render(SUMMARY, KINDS)
    ask = page.written["friends-ask"]
    assert "Minh is away. Wait for them, or let the computer play" in ask
    assert 'data-fwait="1"' in ask and 'data-fstand="1"' in ask and 'data-fremove="1"' in ask
    assert "Lan" not in ask  # away too, but the computer plays that seat already
    assert page.elements["friends-ask"].hidden is False
    assert page.elements["friends-bar"].hidden is False


def test_the_friends_at_the_table_with_their_status_and_remove(page):
    summary = dict(SUMMARY, away=[False, False, False, True])
    page.table.render(summary, KINDS)
    listed = page.written["friends-list"]
    assert "Minh</b> <span class=\"status\">here" in listed
    assert "Lan</b> <span class=\"status\">the computer plays for now" in listed
    assert 'aria-label="Remove Lan from the table"' in listed
    assert 'data-fstand="3"' not in listed and 'data-fstand="1"' not in listed
    page.table.render(SUMMARY, KINDS)  # Minh away: the host may give the seat to the computer
    assert 'data-fstand="1"' in page.written["friends-list"]
    # A friend removed mid-match: its seat is a computer's in the plan, no longer listed.
    page.table.render(summary, ["host", "friend", "ai:easy", "ai:medium"])
    assert "Lan" not in page.written["friends-list"]


def test_a_guest_sees_no_question_and_no_list_but_the_reactions(page):
    page.table.render(dict(SUMMARY, role="guest", seat=1), KINDS)
    assert page.written["friends-ask"] == "" and page.written["friends-list"] == ""
    assert page.elements["react-row"].hidden is False
    assert 'data-react="well_played"' in page.written["react-box"]
    assert "Well played!" in page.written["react-box"]


def test_the_bar_is_drawn_again_in_a_new_language_and_only_then(page, monkeypatch):
    """The page asks for the bar after every state and, since the language can change at
    the table, after a language change (friends.on_lang): it is drawn again when the words
    would differ, not when nothing changed."""
    page.table.render(SUMMARY, KINDS)
    assert "Friends at the table" in page.written["friends-list"]
    page.written.clear()
    page.table.render(SUMMARY, KINDS)
    assert page.written == {}  # the same lobby in the same language: nothing drawn
    monkeypatch.setitem(S, "lang", "ru")
    page.table.render(SUMMARY, KINDS)
    assert "Друзья за столом" in page.written["friends-list"], page.written["friends-list"]
    assert "Minh" in page.written["friends-ask"] and "Away" not in page.written["friends-ask"]
    assert "Well played!" not in page.written["react-box"]


def test_away_from_a_friends_table_the_bar_is_hidden(page, monkeypatch):
    monkeypatch.setitem(S, "friends", None)
    page.table.render(SUMMARY, KINDS)
    assert page.elements["friends-bar"].hidden is True
    assert page.elements["react-row"].hidden is True


@pytest.mark.parametrize("lang, words", [("en", "Hurry up!"), ("vi", "Nhanh lên!"),
                                         ("ru", "Быстрее!")])
def test_a_reaction_shows_beside_its_senders_seat_in_this_pages_language(page, monkeypatch,
                                                                         lang, words):
    monkeypatch.setitem(S, "lang", lang)
    page.reactions.show({"type": "reaction", "seat": 3, "reaction": "hurry"})
    page.reactions.show({"type": "reaction", "seat": 1, "reaction": "laugh"})
    layer = page.written["reactions-layer"]
    assert layer.count('class="reaction') == 2
    assert 'data-rseat="3"' in layer and words in layer
    assert 'data-rseat="1"' in layer and "\U0001F602" in layer
    page.reactions.show({"type": "reaction", "seat": 3, "reaction": "thanks"})
    layer = page.written["reactions-layer"]
    assert layer.count('class="reaction') == 2 and words not in layer  # the newer one shows
    assert len(page.spawned) == 3  # each bubble goes after a while


def test_a_reaction_that_is_not_ours_shows_nothing(page):
    for answer in ({"seat": 1, "reaction": "<b>x</b>"}, {"seat": "1", "reaction": "wow"},
                   {"seat": 1}):
        page.reactions.show(answer)
    assert page.written.get("reactions-layer", "") == ""


def test_a_guest_whose_host_is_gone_sees_the_table_as_last_seen_with_no_move(page):
    """DECISIONS W-77: the state a guest kept is shown as it was, with no legal move, and
    the line over it says why, with Try again and Leave the table (no reactions: nobody
    would get them)."""
    kept = {"type": "state", "state_id": 9, "viewer": 1, "to_move": 1, "undo": True,
            "moves": [{"move": "play 6-6 right", "tile": "6-6"}],
            "view": {"history": [{"seat": 0, "tile": "5-5"}], "hand": ["6-6", "1-2"]}}
    shown = page.table.seen_state(kept)
    assert shown["moves"] == [] and shown["undo"] is False and shown["seen"] is True
    assert shown["view"] == kept["view"] and shown["state_id"] == 9
    assert kept["moves"], "the kept state itself is left as it was"
    page.table.render(dict(SUMMARY, role="guest", seat=1, seen=True), KINDS)
    line = page.written["friends-seen"]
    assert "The host has not come back" in line and "as you last saw it" in line
    assert 'data-fagain="1"' in line and "Try again" in line
    assert 'data-fleave="1"' in line and "Leave the table" in line
    assert page.elements["friends-seen"].hidden is False
    assert page.elements["react-row"].hidden is True
    # The host back: the live table, no line.
    page.table.render(dict(SUMMARY, role="guest", seat=1, seen=False), KINDS)
    assert page.written["friends-seen"] == "" and page.elements["friends-seen"].hidden is True


@pytest.mark.parametrize("lang, words", [("vi", ("Chủ bàn chưa quay lại", "Rời bàn")),
                                         ("ru", ("Хозяин стола не вернулся", "Выйти из-за стола"))])
def test_the_table_as_last_seen_in_each_language(page, monkeypatch, lang, words):
    monkeypatch.setitem(S, "lang", lang)
    page.table.render(dict(SUMMARY, role="guest", seat=1, seen=True), KINDS)
    for word in words:
        assert word in page.written["friends-seen"]


def test_the_host_never_sees_the_line(page):
    page.table.render(dict(SUMMARY, seen=True), KINDS)
    assert page.written["friends-seen"] == "" and page.elements["friends-seen"].hidden is True
