"""The page's store as a reducer (web/page/store.py, issue 23): whole hands played through
`store.reduce` on CPython, the engine's own session standing in for the worker.

The page's store imports neither `pyscript` nor `js`; here the answers of a real
`domino.session.Session` (the protocol the worker speaks) go into it exactly as the page's
adapter (link.accept) passes them: an intent's answer with its message, a computer's move as
a pushed state. What the page would show (the legal moves, the log, the screen, the error
banner's words) is read from the store alone.

RULES.md: none (the page's store)
"""

import copy
import json

import pytest
import screens
import store

from domino.session import PROTOCOL_VERSION, Session

INITIAL = copy.deepcopy(store.S)
MOVES = store.MOVE_EVENTS


@pytest.fixture(autouse=True)
def fresh_store():
    store.S.clear()
    store.S.update(copy.deepcopy(INITIAL))
    store.S["lang"] = "en"
    screens.show(screens.MENU)
    yield


class Page:
    """The page's side: each intent sent to the session, its answer reduced into the store;
    the computers' moves pushed after it, as the worker posts them."""

    def __init__(self, session=None):
        self.session = session or Session()
        self.next_id = 1
        self.done = []

    def send(self, message):
        message = dict(message, v=PROTOCOL_VERSION, id=self.next_id)
        self.next_id += 1
        answer = json.loads(self.session.handle(json.dumps(message)))
        self.done.append(store.reduce(answer, message))
        if answer.get("type") == "state" and answer.get("to_move_kind") == "ai" \
                and not answer.get("hand_over"):
            for step in self.session.advance_steps():
                if step is not None:
                    self.done.append(store.reduce(json.loads(step), {"type": "push"}))
        return answer

    def play_first(self):
        state = store.S["state"]
        return self.send({"type": "play", "state_id": state["state_id"],
                          "move": store.S["moves"][0]["move"]})


def moves_logged(hand):
    return [e for e, _, _, n in store.S["log"] if n == hand and e.get("type") in MOVES]


def test_a_hand_played_through_the_reducer_logs_every_move_once():
    page = Page()
    page.send({"type": "new_match", "variant": "draw", "options": {"players": 2},
               "seats": ["human", "ai:easy"], "seed": 12})
    assert screens.showing(screens.GAME) and store.S["state"]["state_id"]
    while not store.S["state"]["hand_over"]:
        assert store.S["state"]["to_move_kind"] == "human"
        assert store.S["moves"] == store.S["state"]["moves"]
        page.play_first()
        history = store.S["state"]["view"]["history"]
        assert len(moves_logged(1)) == len(history)
    logged = [(e["seat"], e.get("move", e["type"])) for e in moves_logged(1)]
    public = [(s, m if m not in ("draw", "pass") else {"draw": "drew", "pass": "passed"}[m])
              for s, m, *_ in store.S["state"]["view"]["history"]]
    assert logged == public


def test_an_undo_takes_the_undone_moves_out_of_the_log():
    page = Page()
    page.send({"type": "new_match", "variant": "block", "options": {"players": 2},
               "seats": ["human", "ai:easy"], "seed": 3})
    page.play_first()
    page.play_first()
    before = len(moves_logged(1))
    seen = store.S["state"]
    assert seen["undo"]
    page.send({"type": "undo", "state_id": seen["state_id"]})
    after = store.S["state"]
    assert after["state_id"] > seen["state_id"]
    assert len(moves_logged(1)) == len(after["view"]["history"]) < before


def test_an_older_state_arriving_late_changes_nothing():
    page = Page()
    page.send({"type": "new_match", "variant": "block", "options": {"players": 2},
               "seats": ["human", "ai:easy"], "seed": 3})
    old = store.S["state"]
    page.play_first()
    newest = copy.deepcopy(store.S["state"])
    assert store.reduce(dict(old, pushed=True), {"type": "push"}) is None
    assert store.S["state"] == newest


def resumed_elsewhere(page):
    """Another tab (a reload) takes `page`'s match: a new store and a new session, the match's
    record loaded as `resume` does. Returns the answer and what the store did with it."""
    record = page.session.match.to_record()
    store.S.update(copy.deepcopy(INITIAL))
    other = Page()
    other.send({"type": "hello"})
    answer = other.send({"type": "load_record", "record": record,
                         "seats": ["human", "ai:easy"]})
    store.S.update(state=None, log=[])
    return answer, store.reduce(answer, {"type": "resume"})


def test_a_resumed_match_rebuilds_its_log_from_the_public_history():
    page = Page()
    page.send({"type": "new_match", "variant": "draw", "options": {"players": 2},
               "seats": ["human", "ai:easy"], "seed": 7})
    for _ in range(3):
        if not store.S["state"]["hand_over"]:
            page.play_first()
    history = store.S["state"]["view"]["history"]
    answer, done = resumed_elsewhere(page)
    assert done["fresh"] and done["state"]
    assert len(moves_logged(answer["hand_number"])) == len(history)


def log_words():
    """The log's move lines in words, oldest first, as the page writes them."""
    import textfmt
    return [textfmt.log_text("en", e, seats, viewer) for e, seats, viewer, _ in store.S["log"]
            if e.get("type") in MOVES]


def test_a_resumed_log_names_the_tiles_you_drew_as_the_live_one_did():
    """CI, stop 40: a friend's phone reloaded in kozel showed "You drew a tile" where it had
    shown "You drew 3-2". The view's history names the viewer's own draws (never another's),
    so the rebuilt log reads as the live one."""
    page = Page()
    page.send({"type": "new_match", "variant": "draw", "options": {"players": 2},
               "seats": ["human", "ai:easy"], "seed": 2})
    while not store.S["state"]["hand_over"]:
        draws = [m for m in store.S["moves"] if m["kind"] == "draw"]
        page.send({"type": "play", "state_id": store.S["state"]["state_id"],
                   "move": (draws or store.S["moves"])[0]["move"]})
    live = log_words()
    mine = [line for line in live if line.startswith("You drew ")]
    theirs = [line for line in live if line.startswith("Computer") and " drew " in line]
    assert mine and theirs  # the test means something: both drew
    assert all(line != "You drew a tile" for line in mine)
    assert all(line.endswith("drew a tile") for line in theirs)
    resumed_elsewhere(page)
    assert log_words() == live


def test_a_pushed_state_leaves_the_menu_open_and_an_answer_opens_the_table():
    page = Page()
    page.send({"type": "new_match", "variant": "block", "options": {"players": 2},
               "seats": ["human", "ai:easy"], "seed": 3})
    screens.show(screens.MENU)  # the player went to the menu
    shown = store.S["state"]
    store.S["state"] = None
    assert store.reduce(dict(shown, pushed=True), {"type": "push"})["state"]
    assert screens.showing(screens.MENU)
    page.play_first()
    assert screens.showing(screens.GAME)


def test_refusals_in_words_quiet_ones_ignored():
    page = Page()
    page.send({"type": "new_match", "variant": "block", "options": {"players": 2},
               "seats": ["human", "ai:easy"], "seed": 3})
    shown = store.S["state"]
    stale = {"type": "error", "code": "stale_state", "message": "x"}
    assert store.reduce(stale, {"type": "play"}) is None
    missing = {"type": "error", "code": "no_save", "message": "no match is saved"}
    done = store.reduce(missing, {"type": "resume"})
    assert done["forget_saved"] and done["error"] == store.tr("error.save_missing")
    bad = page.send({"type": "play", "state_id": shown["state_id"], "move": "9-9@L"})
    assert bad["type"] == "error"
    assert page.done[-1]["error"].startswith(store.tr("error.engine", message="")[:6])
    linked = store.reduce(bad, {"type": "new_match", "deep_link": True})
    assert linked["forget_link"] and screens.showing(screens.MENU)
    assert store.S["state"] is shown  # a refusal changed no state


def test_the_store_and_its_pure_neighbours_import_no_browser_module():
    """The store, the inbox and the text modules run on CPython: none imports `pyscript` or
    `js` (only web/page/dom.py and the screens' drawing touch the browser)."""
    import ast
    from pathlib import Path

    page = Path(__file__).resolve().parents[2] / "web" / "page"
    for name in ("store", "inbox", "textfmt", "i18n", "screens", "review_nav"):
        tree = ast.parse((page / f"{name}.py").read_text(encoding="utf-8"))
        imported = {alias.name.split(".")[0] for node in ast.walk(tree)
                    if isinstance(node, ast.Import) for alias in node.names}
        imported |= {(node.module or "").split(".")[0] for node in ast.walk(tree)
                     if isinstance(node, ast.ImportFrom)}
        assert not imported & {"pyscript", "js", "dom"}, (name, imported)


def test_a_save_resumed_with_default_seats_says_so():
    """Issue 28: the worker resumed a save whose seats it could not read with the default
    seats (`seats_reset`); the page says so rather than passing over it."""
    page = Page()
    page.send({"type": "hello"})
    answer = page.send({"type": "new_match", "variant": "draw", "options": {"players": 2},
                        "seed": 7})
    done = store.reduce(dict(answer, seats_reset=True, state_id=answer["state_id"] + 1),
                        {"type": "resume"})
    assert done["state"] and done["error"] == store.tr("error.seats_reset")
    assert store.reduce(dict(answer, state_id=answer["state_id"] + 2),
                        {"type": "resume"})["error"] == ""


def test_a_draw_the_rules_force_is_made_for_the_player_and_only_that():
    """Draw, seed 12 (issue 25): the computer leads 1-1 and the player, with nothing that
    fits, must draw 5-0, 6-4, 3-3 and 4-1; the page draws each for them (`forced_draw`) and
    asks again only once 4-1 can be played."""
    page = Page()
    page.send({"type": "new_match", "variant": "draw", "options": {"players": 2},
               "seats": ["ai:easy", "human"], "seed": 12})
    drawn = 0
    while store.forced_draw() is not None:
        assert [m["move"] for m in store.S["moves"]] == ["draw"]
        page.send({"type": "play", "state_id": store.S["state"]["state_id"],
                   "move": store.forced_draw()})
        drawn += 1
        assert drawn <= 4
    assert drawn == 4
    assert any(m.get("tile") in ("4-1", "1-4") for m in store.S["moves"])
    # An undo returns to the last draw: that one is the player's tap, not drawn again.
    page.send({"type": "undo", "state_id": store.S["state"]["state_id"]})
    assert [m["move"] for m in store.S["moves"]] == ["draw"]
    assert store.forced_draw() is None


def test_in_pass_and_play_the_draw_waits_for_its_player_at_the_device():
    page = Page()
    page.send({"type": "new_match", "variant": "draw", "options": {"players": 2},
               "seats": ["human", "human"], "seed": 12})
    page.play_first()  # 1-1
    assert [m["move"] for m in store.S["moves"]] == ["draw"]
    assert store.forced_draw() is None  # the device is not handed over yet
    store.S["shown_seat"] = store.S["state"]["viewer"]
    assert store.forced_draw() == "draw"
