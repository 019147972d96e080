"""Play with friends, end to end (issue 24): two to four Chromium contexts (each a player's
phone) meet through the site's lobby and a local Nostr relay, and play whole hands by
clicking, each seeing the table from its own seat. Every text a guest's page receives is
kept and searched: no tile hidden from its seat (another seat's, the boneyard's), and no
deal number, before the hand is over. A hostile guest page sending forged intents is
refused and the host plays on; a guest that reloads mid-hand comes back to its seat with
its seat token. A friend away past the grace period: the host lets the computer play its
seat, and the friend coming back gets it again; the host removes a friend; quick reactions
show beside the sender's seat on every device, and a flood of them is refused.

Everything runs inside a network namespace this file makes (`netns.py`), as
e2e/test_friends_transport.py does: a plain `python -m pytest e2e/test_friends_play.py` runs
`test_friends_play_in_namespace[part1of1]`, which runs this file's tests again under
`unshare -n` (in NAMESPACE_PARTS parts, balanced by NAMESPACE_SECONDS, each its own).

RULES.md: none (playing across devices; the rules are the engine's, tested in tests/)
"""

from __future__ import annotations

import json
import re
import time
from pathlib import Path

import i18n
import netns
import pytest
from conftest import (
    ENGINE_TIMEOUT_MS,
    click_unless_rerendered,
    open_custom,
    wait_until,
    worker_save,
)
from nostr_relay import start_relay, stop_relay

from domino.match.match import Match

ROOT = Path(__file__).resolve().parents[1]
inside = pytest.mark.skipif(
    not netns.INSIDE,
    reason="runs inside its own network namespace (test_friends_play_in_namespace runs it)")
TILE = re.compile(r"(?<![\d.])(\d{1,2})-(\d{1,2})(?![\d.])")


# Each test's seconds inside the namespace (one run of the whole file, 17 passed in 757 s
# with friends_seen's two): how the file's tests are split into the two parts that run in
# two namespaces at once (DECISIONS W-149). A test not listed counts netns.DEFAULT_SECONDS.
NAMESPACE_SECONDS = {
    "test_friends_play_a_whole_hand[vn_traditional-4-seats0]": 34,
    "test_friends_play_a_whole_hand[kozel-4-seats1]": 40,
    "test_friends_play_a_whole_hand[mexican_train-4-seats2]": 111,
    "test_friends_play_a_whole_hand[mexican_train-8-seats3]": 93,
    "test_friends_a_hostile_guest_is_refused_and_the_host_plays_on": 28,
    "test_friends_a_guest_reloads_mid_hand_and_gets_its_seat_back": 34,
    "test_friends_the_host_reloads_and_reopens_the_table_from_its_save": 65,
    "test_friends_connect_by_codes_with_no_relay_at_all": 22,
    "test_friends_connection_settings_are_kept_and_checked": 6,
    "test_friends_an_away_friend_is_played_by_the_computer_then_comes_back": 49,
    "test_friends_a_computer_standing_in_plays_on_after_the_host_reloads": 20,
    "test_friends_reactions_show_on_every_device_and_the_host_removes_a_friend": 26,
    "test_friends_the_lobby_and_the_bar_speak_a_new_language_at_once": 29,
    "test_friends_the_finished_match_enters_every_players_history": 42,
    "test_friends_two_tabs_of_one_browser_as_host_and_guest": 47,
}


# How many parts the file runs in, each in a namespace of its own (W-149). One: two parts
# were not shown to shorten a full run (the two workers were already balanced), and at once
# they double the pages booting Pyodide beside each other; the split is kept for a machine
# with more cores, where it shortens the file's own run.
NAMESPACE_PARTS = 1


@pytest.mark.parametrize("part", netns.parts(NAMESPACE_PARTS),
                         ids=lambda part: "part" + part.replace("/", "of"))
def test_friends_play_in_namespace(part):
    """Run this file's tests (its part `part` of NAMESPACE_PARTS, W-149) again inside a
    network namespace of its own; fail when that run fails."""
    netns.run_file_inside(str(Path(__file__).resolve()), 15, 2400, str(ROOT), ("-x",), part=part)


# --------------------------------------------------------------------------- devices


@pytest.fixture(scope="module")
def relay():
    """A Nostr relay of our own, inside the namespace; yields its URL."""
    process, url = start_relay("127.0.0.1")
    yield url
    stop_relay(process)


INIT = """([net]) => {
  try {
    localStorage.setItem('domino.friends.net', net);
    if (!localStorage.getItem('domino.settings')) {
      localStorage.setItem('domino.settings', JSON.stringify({speed: 'instant', motion: true}));
    }
  } catch (e) {}
  window.dominoFriendsRecord = [];
}"""


class Phone:
    """One browser context: a player's phone, its storage kept across reloads."""

    def __init__(self, browser, site, relay, name, context=None):
        self.site = site
        self.name = name
        self.owns = context is None  # a second tab shares its browser's context
        if context is None:
            context = browser.new_context(viewport={"width": 390, "height": 844})
            net = json.dumps({"relays": [relay], "stun": []})
            context.add_init_script(script=f"({INIT})([{json.dumps(net)}])")
        self.context = context
        self.page = self.context.new_page()
        self.errors = []
        self.log = []
        self.records = []  # what the page received from the host, kept across reloads
        self.page.on("pageerror", lambda exc: self.errors.append(str(exc)))
        self.page.on("console", self._console)

    def _console(self, message):
        self.log.append(message.type + ": " + message.text[:300])
        # A peer that went away (a reload) may log an aborted channel: not the page's error.
        # Nor does the browser's own report of a relay that does not answer (the manual test
        # sets one on purpose).
        if message.type == "error" and "User-Initiated Abort" not in message.text \
                and f"ws://{netns.PEER_ADDR}:" not in message.text:
            self.errors.append(message.text)

    def received(self):
        """Every text the host sent this page (the whole of it since the first load)."""
        return self.records + self.page.evaluate("window.dominoFriendsRecord || []")

    def keep_received(self):
        self.records = self.received()

    def state(self):
        return int(self.page.evaluate("document.documentElement.dataset.state || '0'"))

    def tab(self, name):
        """Another tab of this phone's browser (the same storage)."""
        return Phone(None, self.site, None, name, context=self.context)

    def close(self):
        if self.owns:
            self.context.close()


@pytest.fixture
def phones(browser, site, relay):
    made = []

    def make(n, relay_url=None):
        new = [Phone(browser, site, relay_url or relay, f"P{i + 1}") for i in range(n)]
        made.extend(new)
        return new

    yield make
    errors = [(p.name, e) for p in made for e in p.errors]
    for p in made:
        p.close()
    assert not errors, f"errors on the pages: {errors}"


def open_table(host, variant, players, seats, options=None):
    """The host's menu: the game, the players and who sits where (and house rules: `options`,
    option name -> value typed in its field), then "Play with friends"; returns the
    invitation link once it shows."""
    page = host.page
    page.goto(host.site + "index.html")
    page.wait_for_selector("html[data-engine=ready]", state="attached", timeout=ENGINE_TIMEOUT_MS)
    page.wait_for_selector("#friends-host:not([disabled])", timeout=60_000)
    open_custom(page)  # the game and its seats are chosen in the custom match's form
    page.select_option("#variant", variant)
    page.select_option("#players", str(players))
    for i, kind in enumerate(seats):
        page.select_option(f'#seats select[data-seat="{i}"]', kind)
    if options and page.locator("#options-box").get_attribute("open") is None:
        page.click("#options-box > summary")
    for name, value in (options or {}).items():
        page.fill(f'#options [data-opt="{name}"]', str(value))
        page.dispatch_event(f'#options [data-opt="{name}"]', "change")
    page.fill("#friends-typed", "")
    page.click("#friends-host")
    page.wait_for_selector("#friends:not([hidden])")
    page.fill("#friends-name", "Hana")
    page.dispatch_event("#friends-name", "change")
    page.wait_for_function("document.querySelector('#friends-link').href.includes('#friends=')",
                           timeout=30_000)
    return page.get_attribute("#friends-link", "href")


def join(guest, link, name):
    """A friend opens the invitation, gives a name and joins."""
    page = guest.page
    page.goto(link)
    page.wait_for_selector("#friends:not([hidden]) #friends-join:not([hidden])",
                           timeout=ENGINE_TIMEOUT_MS)
    page.fill("#friends-name", name)
    page.click("#friends-join")
    # Seated before the next friend joins: the host gives the first free seat to the first
    # hello it receives, and two links being made at once may finish in either order.
    # web/friends.js is loaded on first use: a wait that reads it checks it is there.
    page.wait_for_function("window.dominoFriends && typeof window.dominoFriends.summary().seat === 'number'",
                           timeout=60_000)


def tell_why(phones, what):
    """Print what each phone's page knows of its links (a wait for `what` timed out): its
    lobby's summary, its links' comings and goings, what went over them, its last console
    lines; and keep a screenshot of each. A page that cannot be read is said so: the wait's
    own error is the one raised."""
    for phone in phones:
        try:
            print(f"{what}: {phone.name}", phone.page.evaluate("""() => {
              const f = window.dominoFriends;
              if (!f) return "web/friends.js not loaded";
              return JSON.stringify({summary: f.summary(), history: f.history,
                                     stats: f.table && f.table.stats(), at: Math.round(performance.now())});
            }"""), phone.log[-30:], [t[:200] for t in phone.received()][-10:])
            phone.page.screenshot(path=str(ROOT / "e2e" / "artifacts" / f"friends_fail_{phone.name}.png"))
        except Exception as exc:  # noqa: BLE001 - a closed or crashed page: said, not raised
            print(f"{what}: {phone.name}: the page could not be read: {exc}")


def start(host, guests):
    try:
        host.page.wait_for_selector("#friends-start:not([disabled])", timeout=60_000)
    except Exception:
        tell_why([host, *guests], "the start button")
        raise
    host.page.click("#friends-start")
    for phone in [host, *guests]:
        try:
            phone.page.wait_for_selector("#game:not([hidden])", timeout=60_000)
        except Exception:
            tell_why([host, *guests], "the table")
            raise


def seat_one_friend(host, guest, variant):
    """The host's table of `variant` for 4 (host, one friend "Minh", two easy computers),
    started with the friend at its seat; returns the invitation link."""
    link = open_table(host, variant, 4, ["human", "human", "ai:easy", "ai:easy"])
    join(guest, link, "Minh")
    start(host, [guest])
    guest.page.wait_for_selector("#seats-bottom .seat", timeout=30_000)
    return link


def play_hand_together(phones, timeout_s=300.0, until_state=None):
    """Every phone plays its own seat by clicking, until each shows the hand's result (or,
    with `until_state`, until the first phone shows that state or a later one). Returns the
    number of moves clicked per phone."""
    clicks = [0] * len(phones)
    deadline = time.monotonic() + timeout_s
    while time.monotonic() < deadline:
        if until_state is not None and phones[0].state() >= until_state:
            return clicks
        done = 0
        for i, phone in enumerate(phones):
            page = phone.page
            if page.locator("#result:not([hidden])").count():
                done += 1
                continue
            move = page.locator("#game [data-move]:visible")
            if move.count():
                if click_unless_rerendered(move.first):
                    clicks[i] += 1
                continue
            tile = page.locator("#hand .tile.playable:not([data-move])")
            if tile.count():
                click_unless_rerendered(tile.first)
        if done == len(phones):
            return clicks
        phones[0].page.wait_for_timeout(60)
    seen = [(phone.name, phone.state(), phone.page.text_content("#turn"), phone.log[-5:],
             phone.page.evaluate("JSON.stringify(window.dominoFriends.summary())"),
             phone.page.evaluate("JSON.stringify([window.dominoFriends.history,"
                                 " window.dominoFriends.table && window.dominoFriends.table.stats()])"))
            for phone in phones]
    raise AssertionError(f"the hand did not end in time ({clicks} moves clicked): {seen}")


def host_record(host):
    """The host's record of the match (the host's page may see it; a guest may not)."""
    text = host.page.evaluate("""async () => {
      const id = 990000 + Math.floor(Math.random() * 9999);
      return await window.dominoBoot.engine.request(
        JSON.stringify({type: 'export_record', reveal: true, id, v: 2}), id, true);
    }""")
    answer = json.loads(text)
    assert answer["type"] == "record", answer
    return answer["record"]


def hidden_at(record, hand_number, moves, seat):
    """The tiles `seat` may not know after `moves` moves of hand `hand_number`: the others'
    hands and the boneyard (the record replayed to that point)."""
    cut = json.loads(json.dumps(record))
    cut["hands"] = cut["hands"][:hand_number]
    cut["hands"][-1]["moves"] = cut["hands"][-1]["moves"][:moves]
    match = Match.from_record(cut)
    hidden = set(match.hand.boneyard)
    for other, tiles in enumerate(match.hand.hands):
        if other != seat:
            hidden |= set(tiles)
    return {f"{a}-{b}" for a, b in hidden}


def named_tiles(text):
    return {f"{max(int(a), int(b))}-{min(int(a), int(b))}" for a, b in TILE.findall(text)}


def check_secrets(guest, seat, record):
    """Every game text the guest received before its hand was over names no tile hidden
    from its seat at that point, and holds no deal number. Returns how many were checked."""
    checked = 0
    cache = {}
    for text in guest.received():
        if not text.startswith("g"):
            continue
        body = text[1:]
        message = json.loads(body)
        if message.get("type") != "state":
            continue
        assert message.get("seed") is None, "a guest received the deal number"
        assert message.get("viewer") == seat
        if message.get("hand_over"):
            continue
        hand = message["hand_number"]
        moves = len(message["view"]["history"])
        key = (hand, moves)
        if key not in cache:
            cache[key] = hidden_at(record, hand, moves, seat)
        leaked = named_tiles(body) & cache[key]
        assert not leaked, f"hand {hand}, move {moves}: {sorted(leaked)} reached seat {seat}"
        assert "boneyard" not in message["view"] or isinstance(
            message["view"]["boneyard"], int), "the boneyard's tiles reached a guest"
        checked += 1
    return checked


# --------------------------------------------------------------------------- the tests


@inside
@pytest.mark.parametrize("variant, players, seats", [
    ("vn_traditional", 4, ["human", "human", "ai:easy", "ai:easy"]),
    ("kozel", 4, ["human", "human", "human", "ai:easy"]),
    ("mexican_train", 4, ["human", "human", "human", "human"]),
    ("mexican_train", 8, ["human", "human", "human", "human"] + ["ai:easy"] * 4),
])
def test_friends_play_a_whole_hand(phones, variant, players, seats, artifacts):
    guests_n = seats.count("human") - 1
    host, *guests = phones(1 + guests_n)
    link = open_table(host, variant, players, seats)
    assert re.search(r"#friends=[0-9A-Z]{10}$", link)
    assert re.fullmatch(r"[0-9A-Z]{5}-[0-9A-Z]{5}", host.page.text_content("#friends-code"))
    assert host.page.evaluate(
        "document.querySelector('#friends-qr').width") > 20  # the QR code was drawn
    shots = variant == "vn_traditional"
    if shots:
        host.page.screenshot(path=str(artifacts / "friends_invitation_390.png"))
        host.page.set_viewport_size({"width": 1366, "height": 768})
        host.page.screenshot(path=str(artifacts / "friends_invitation_1366.png"))
    names = ["Minh", "Sasha", "Lan"]
    for guest, name in zip(guests, names[:len(guests)], strict=True):
        join(guest, link, name)
    if shots:
        guests[0].page.wait_for_function(
            "document.querySelector('#friends-status').textContent.length > 0")
        host.page.wait_for_selector("#friends-start:not([disabled])", timeout=60_000)
        guests[0].page.screenshot(path=str(artifacts / "friends_guest_lobby_390.png"))
        host.page.screenshot(path=str(artifacts / "friends_host_lobby_1366.png"))
    start(host, guests)
    if shots:
        guests[0].page.wait_for_selector("#hand .tile", timeout=30_000)
        guests[0].page.screenshot(path=str(artifacts / "friends_guest_table_390.png"))
        guests[0].page.set_viewport_size({"width": 1366, "height": 768})
        guests[0].page.screenshot(path=str(artifacts / "friends_guest_table_1366.png"))
    # Each device sees the table from its own seat: its own name is "You", the others'
    # names are the ones they gave.
    for guest, name in zip(guests, names, strict=False):
        guest.page.wait_for_selector("#seats-bottom .seat", timeout=30_000)
        assert "Hana" in guest.page.text_content("#board")
        assert name not in guest.page.text_content("#board")  # its own seat is "You"
    clicks = play_hand_together([host, *guests])
    assert sum(clicks) > 0
    if shots:
        guests[0].page.screenshot(path=str(artifacts / "friends_guest_result_1366.png"))
    record = host_record(host)
    # Friends take the free seats in the order their hellos reach the host, which need not be
    # the order they clicked "Join": each guest's seat is the one the host gave its name.
    seated = host.page.evaluate("window.dominoFriends.summary().names")
    for guest, name in zip(guests, names, strict=False):
        seat = seated.index(name)
        assert seat > 0 and guest.page.evaluate("window.dominoFriends.summary().seat") == seat
        assert check_secrets(guest, seat, record) >= 3
    for phone in [host, *guests]:  # nothing refused on the way, no link cut
        stats = phone.page.evaluate("window.dominoFriends.table.stats()")
        assert stats["refused"] == {}, (phone.name, stats)
        assert not any(e["type"] == "close" for e in phone.page.evaluate(
            "window.dominoFriends.history")), phone.name
    # Every device shows the same hand's end.
    states = {phone.state() for phone in [host, *guests]}
    assert len(states) == 1, states


@inside
def test_friends_a_hostile_guest_is_refused_and_the_host_plays_on(phones):
    host, guest = phones(2)
    link = open_table(host, "vn_traditional", 4, ["human", "human", "ai:easy", "ai:easy"])
    join(guest, link, "Mallory")
    start(host, [guest])
    guest.page.wait_for_function("document.documentElement.dataset.state", timeout=30_000)
    play_hand_together([host, guest], until_state=4)  # state 1 is an old one now
    forged = [
        {"type": "play", "state_id": 1, "move": "6-6", "seat": 0, "id": 9001},   # seat 1's
        {"type": "play", "state_id": 1, "move": "6-6", "id": 9002},              # old state
        {"type": "new_match", "variant": "block", "options": {"players": 2}, "id": 9003},
        {"type": "export_record", "reveal": True, "id": 9004},
        {"type": "undo", "state_id": 1, "seat": 0, "id": 9005},
    ]
    before = host.state()
    guest.page.evaluate("""(texts) => {
      const f = window.dominoFriends;
      for (const t of texts) f.table.send(f.hostPeer, t);
    }""", ["g" + json.dumps(m) for m in forged] + ["g{not json", "x junk", "g" + "[]"])
    guest.page.wait_for_function("""() => (window.dominoFriendsRecord || []).filter(
        (t) => t.includes('"id": 9005') || t.includes('"id":9005')).length > 0""",
                                 timeout=30_000)
    answers = {}
    for text in guest.received():
        if text.startswith("g"):
            message = json.loads(text[1:])
            if isinstance(message.get("id"), int) and message["id"] >= 9001:
                answers[message["id"]] = message
    assert answers[9001]["type"] == "error"
    assert answers[9001]["code"] in ("not_your_seat", "not_your_turn", "stale_state")
    assert answers[9002]["type"] == "error"
    assert answers[9003]["code"] == "host_only"
    assert answers[9004]["code"] == "host_only" and "record" not in answers[9004]
    assert answers[9005]["type"] == "error"
    # Nothing changed at the host but what the computers play, and the hand goes on.
    assert host.state() >= before
    assert host.page.evaluate("window.dominoFriends.refused") >= 1  # "x junk"
    play_hand_together([host, guest])


@inside
def test_friends_a_guest_reloads_mid_hand_and_gets_its_seat_back(phones):
    host, guest = phones(2)
    seat_one_friend(host, guest, "kozel")
    guest.keep_received()
    guest.page.reload()
    # The host's table says the friend is away until the seat token brings them back.
    host.page.wait_for_selector("#board .seat.away, #seats-top .seat.away", timeout=30_000)
    guest.page.wait_for_selector("#game:not([hidden])", timeout=ENGINE_TIMEOUT_MS)
    host.page.wait_for_selector("#board .seat.away", state="detached", timeout=30_000)
    assert guest.page.evaluate("window.dominoFriends.summary().seat") == 1
    play_hand_together([host, guest])
    record = host_record(host)
    assert check_secrets(guest, 1, record) >= 3


@inside
def test_friends_the_host_reloads_and_reopens_the_table_from_its_save(phones):
    host, guest = phones(2)
    seat_one_friend(host, guest, "vn_traditional")
    host.page.reload()
    host.page.wait_for_selector("html[data-engine=ready]", state="attached",
                                timeout=ENGINE_TIMEOUT_MS)
    host.page.wait_for_selector("#friends-host:not([disabled])", timeout=60_000)
    host.page.click("#resume")
    host.page.wait_for_selector("#game:not([hidden])", timeout=60_000)
    # The friend's seat is held (away, never played by the host's page) until the guest's
    # page, trying again with its seat token, is back.
    host.page.wait_for_selector("#board .seat.away", state="detached", timeout=120_000)
    guest.page.wait_for_function(
        "window.dominoFriends.summary().connected && !window.dominoFriends.summary().failure",
        timeout=30_000)
    held = host.page.evaluate("[...window.dominoFriends.devices.keys()]")
    assert len(held) == 1 and not held[0].startswith("away-"), held  # the guest's own link
    play_hand_together([host, guest])
    assert check_secrets(guest, 1, host_record(host)) >= 3


@inside
def test_friends_connect_by_codes_with_no_relay_at_all(phones):
    """The manual path: no relay answers (the one set is an address where nothing listens);
    the host makes a code for its friend, the friend types it in the menu and gives back an
    answer code, the host types that, and they play a whole hand."""
    host, guest = phones(2, relay_url=f"ws://{netns.PEER_ADDR}:7447")
    open_table(host, "kozel", 4, ["human", "human", "ai:easy", "ai:easy"])
    host.page.click("#friends-manual summary")
    host.page.click("#friends-offer-make")
    host.page.wait_for_function("document.querySelector('#friends-offer-text').value.length > 60",
                                timeout=30_000)
    offer = host.page.input_value("#friends-offer-text")
    page = guest.page
    page.goto(guest.site + "index.html")
    page.wait_for_selector("#friends-join-code:not([disabled])", timeout=ENGINE_TIMEOUT_MS)
    page.fill("#friends-typed", offer)
    page.click("#friends-join-code")
    page.wait_for_selector("#friends:not([hidden])")
    page.fill("#friends-name", "Lan")
    page.click("#friends-join")
    page.wait_for_function("document.querySelector('#friends-answer-text').value.length > 60",
                           timeout=30_000)
    answer = page.input_value("#friends-answer-text")
    # How many addresses each code carries (shown if the link never comes: two codes with
    # none cannot connect, DECISIONS W-139).
    print("addresses in the offer and the answer:", host.page.evaluate("""async (codes) => {
      const peer = await import('./peer.js');
      return codes.map((code) => peer.inspectCode(code).candidates);
    }""", [offer, answer]))
    host.page.fill("#friends-answer-in", answer)
    host.page.click("#friends-answer-ok")
    start(host, [guest])
    assert guest.page.evaluate("window.dominoFriends.table.stats().sent") > 0
    play_hand_together([host, guest])
    assert check_secrets(guest, 1, host_record(host)) >= 3


@inside
def test_friends_connection_settings_are_kept_and_checked(phones):
    (guest,) = phones(1)
    page = guest.page
    page.goto(guest.site + "index.html#friends=ABCDE-12345")
    page.wait_for_selector("#friends:not([hidden])", timeout=ENGINE_TIMEOUT_MS)
    # The lobby fills the form from the kept settings once web/friends.js is loaded (the
    # relays' placeholder last): typed before that, the field would be filled over.
    page.wait_for_function("document.getElementById('friends-net-relays').placeholder !== ''")
    page.click("#friends-net summary")
    page.fill("#friends-net-turn", "http://example")
    page.click("#friends-net-save")
    page.wait_for_function("document.querySelector('#friends-status').textContent.includes('wss://')")
    page.fill("#friends-net-turn", "turn:10.77.0.2:3478")
    page.fill("#friends-net-user", "amy")
    page.fill("#friends-net-credential", "secret")
    page.click("#friends-net-save")
    # The save runs in a task of its own once the tap is handled (friends.py `_save_network`
    # waits for web/friends.js): wait for it to be kept, then read what was kept.
    page.wait_for_function(
        "(JSON.parse(localStorage.getItem('domino.friends.net') || '{}').turn || {}).username"
        " === 'amy'")
    kept = json.loads(page.evaluate("localStorage.getItem('domino.friends.net')"))
    assert kept["turn"] == {"urls": "turn:10.77.0.2:3478", "username": "amy",
                            "credential": "secret"}
    assert kept["relays"]  # the relay the test set is still there


def moves_of_seat(record, seat):
    """How many moves `seat` made in the record's last hand so far."""
    return sum(1 for mover, _ in Match.from_record(record).moves_of_hand() if mover == seat)


@inside
def test_friends_an_away_friend_is_played_by_the_computer_then_comes_back(phones, artifacts):
    host, guest = phones(2)
    link = seat_one_friend(host, guest, "vn_traditional")
    guest.keep_received()
    guest.page.close()  # the phone's screen went off: its link drops
    host.page.wait_for_selector('#board .seat.away[data-seat="1"]', timeout=30_000)
    # After the grace period the host is asked: wait, or let the computer play.
    ask = host.page.wait_for_selector("#friends-ask:not([hidden])", timeout=45_000)
    assert "Minh" in ask.text_content()
    host.page.screenshot(path=str(artifacts / "friends_away_ask_390.png"))
    host.page.click('[data-fwait="1"]')  # wait: the question goes, asked again later
    host.page.wait_for_selector("#friends-ask", state="hidden", timeout=10_000)
    host.page.evaluate("window.dominoFriends.askLater(1, 10)")  # (instead of a minute more)
    host.page.wait_for_selector("#friends-ask:not([hidden])", timeout=10_000)
    host.page.click('[data-fstand="1"]')
    host.page.wait_for_selector('#board .seat.standin[data-seat="1"]', timeout=10_000)
    before = moves_of_seat(host_record(host), 1)
    # The host plays on; the computer moves the friend's seat.
    play_hand_together([host], timeout_s=120, until_state=host.state() + 8)
    assert moves_of_seat(host_record(host), 1) > before, "the computer played seat 2"
    # The friend opens the link again: its seat token brings it back to its seat.
    guest.page = guest.context.new_page()
    guest.page.on("pageerror", lambda exc: guest.errors.append(str(exc)))
    guest.page.on("console", guest._console)
    guest.page.goto(link)
    guest.page.wait_for_selector("#game:not([hidden])", timeout=ENGINE_TIMEOUT_MS)
    host.page.wait_for_selector('#board .seat.standin[data-seat="1"]', state="detached",
                                timeout=30_000)
    assert guest.page.evaluate("window.dominoFriends.summary().seat") == 1
    play_hand_together([host, guest])
    assert check_secrets(guest, 1, host_record(host)) >= 1


@inside
def test_friends_a_computer_standing_in_plays_on_after_the_host_reloads(phones):
    """DECISIONS W-74: the computer the host let play an away friend's seat is kept in the
    save: after the host's page reloads and reopens the table, it plays that seat again at
    once, and the host is not asked about that friend again."""
    host, guest = phones(2)
    seat_one_friend(host, guest, "vn_traditional")
    guest.page.close()
    host.page.wait_for_selector('#board .seat.away[data-seat="1"]', timeout=30_000)
    host.page.evaluate("window.dominoFriends.askLater(1, 10)")  # (instead of the grace)
    host.page.wait_for_selector("#friends-ask:not([hidden])", timeout=10_000)
    host.page.click('[data-fstand="1"]')
    host.page.wait_for_selector('#board .seat.standin[data-seat="1"]', timeout=10_000)
    # The save is written after the answer: the reload must find the computer in it.
    wait_until(host.page, lambda: "1" in json.loads(worker_save(host.page) or "{}").get(
        "stand_ins", {}), what="the computer standing in, in the host's save")
    host.page.reload()
    host.page.wait_for_selector("#friends-host:not([disabled])", timeout=ENGINE_TIMEOUT_MS)
    host.page.click("#resume")
    host.page.wait_for_selector("#game:not([hidden])", timeout=60_000)
    host.page.wait_for_selector('#board .seat.standin[data-seat="1"]', timeout=30_000)
    assert host.page.evaluate("window.dominoFriends.summary().standin") == [
        False, True, False, False]
    before = moves_of_seat(host_record(host), 1)
    play_hand_together([host], timeout_s=120, until_state=host.state() + 8)
    assert moves_of_seat(host_record(host), 1) > before, "the computer played seat 2"
    assert host.page.locator("#friends-ask").is_hidden()


@inside
def test_friends_reactions_show_on_every_device_and_the_host_removes_a_friend(phones, artifacts):
    host, amy, bob = phones(3)
    link = open_table(host, "kozel", 4, ["human", "human", "human", "ai:easy"])
    join(amy, link, "Amy")
    join(bob, link, "Bob")
    start(host, [amy, bob])
    for phone in (host, amy, bob):
        phone.page.wait_for_selector("#react-row:not([hidden])", timeout=30_000)
    # Amy says "Well played!": every device shows it beside Amy's seat (seat 2).
    amy.page.click("#react-row summary")
    amy.page.click('[data-react="well_played"]')
    for phone in (host, amy, bob):
        bubble = phone.page.wait_for_selector('.reaction[data-rseat="1"]', timeout=15_000)
        assert bubble.text_content() == "Well played!", phone.name
    host.page.screenshot(path=str(artifacts / "friends_reaction_390.png"))
    # A flood of reactions: the master refuses those past its rate, and says so to Amy only.
    for _ in range(4):
        amy.page.click('[data-react="laugh"]')
    amy.page.wait_for_function(
        "document.querySelector('.react-note').textContent.length > 0", timeout=15_000)
    assert host.page.text_content(".react-note") == ""
    # The host removes Bob: Bob's page says so plainly, a computer plays Bob's seat.
    host.page.click("#friends-list summary")
    host.page.click('#friends-list [data-fremove="2"]')
    bob.page.wait_for_function(
        "document.querySelector('#error-banner').textContent.includes('removed you')",
        timeout=30_000)
    host.page.wait_for_selector('#board .seat.standin[data-seat="2"]', timeout=30_000)
    assert bob.page.evaluate("window.dominoFriends.summary().failure") == "removed_you"
    # Bob's token is forgotten and refused: opening the link again seats Bob nowhere.
    assert not bob.page.evaluate(
        f"window.dominoFriends.hasToken({json.dumps(link.split('=')[-1])})")
    had = len(bob.received())
    play_hand_together([host, amy])
    assert len(bob.received()) == had, ("a removed friend is sent nothing more",
                                        [t[:80] for t in bob.received()[had - 2:]])
    assert check_secrets(amy, 1, host_record(host)) >= 3


def wait_still(page, seconds=3.0, timeout_s=90.0):
    """Wait until the page's shown state has not changed for `seconds` (a player's turn:
    no computer's move on its way)."""
    deadline = time.monotonic() + timeout_s
    last, since = None, time.monotonic()
    while time.monotonic() < deadline:
        now = page.evaluate("document.documentElement.dataset.state || ''")
        if now != last:
            last, since = now, time.monotonic()
        elif time.monotonic() - since >= seconds:
            return
        page.wait_for_timeout(200)
    raise AssertionError("the table never stood still")


@inside
def test_friends_the_lobby_and_the_bar_speak_a_new_language_at_once(phones):
    """A language chosen in the lobby or at a friends' table: the lobby and the bar under
    the hand (the friends at the table, the reactions) are drawn again in it at once, not
    when the lobby next changes or the next move comes."""
    i18n.load_all()
    host, guest = phones(2)
    link = open_table(host, "kozel", 4, ["human", "human", "ai:easy", "ai:easy"])
    join(guest, link, "Minh")
    host.page.wait_for_selector("#friends-start:not([disabled])", timeout=60_000)
    host.page.select_option("#lang", "ru")
    assert host.page.text_content("#friends-title") == i18n.t("ru", "friends.host_title")
    assert host.page.text_content("#friends-status") == i18n.t("ru", "friends.all_here")
    host.page.select_option("#lang", "en")
    start(host, [guest])
    host.page.wait_for_selector("#react-row:not([hidden])", timeout=30_000)
    for phone, lang in ((host, "vi"), (guest, "ru")):
        wait_still(phone.page)
        phone.page.select_option("#lang", lang)
        phone.page.wait_for_function(
            "(want) => document.querySelector('#react-row summary').textContent === want",
            arg=i18n.t(lang, "react.open"), timeout=2000)
    assert host.page.text_content("#friends-list summary") == i18n.t("vi", "friends.at_table")


def history_entries(page):
    """The match history's entries, as the page lists them."""
    page.click("#menu-button")
    page.wait_for_function("!document.querySelector('#history-open').disabled", timeout=30_000)
    page.click("#history-open")
    page.wait_for_selector("#history:not([hidden])")
    page.wait_for_selector("#history-list:not([aria-busy])", state="attached", timeout=30_000)
    return page.locator("#history-list .history-entry")


@inside
def test_friends_the_finished_match_enters_every_players_history(phones, artifacts):
    host, guest = phones(2)
    link = open_table(host, "vn_traditional", 4, ["human", "human", "ai:easy", "ai:easy"],
                      options={"max_hands": 1})
    join(guest, link, "Minh")
    start(host, [guest])
    play_hand_together([host, guest])
    # The guest's page asked the host for the record and its own worker kept it.
    guest.page.wait_for_function("window.dominoFriends && window.dominoFriends.matchKept === true", timeout=30_000)
    # The table it last saw is no longer kept: the history holds the match (DECISIONS W-77).
    assert guest.page.evaluate("""() => Object.keys(localStorage)
        .filter((k) => k.startsWith('domino.friends.seen.')).length""") == 0
    for phone, mine in ((host, 0), (guest, 1)):
        phone.page.click("#result-close") if phone.page.locator(
            "#result-close").is_visible() else None
        entries = history_entries(phone.page)
        entries.first.wait_for(timeout=30_000)
        assert entries.count() == 1, phone.name
        assert "Vietnamese" in entries.first.locator(".history-title").inner_text()
        result = entries.first.locator(".history-result").inner_text()
        assert "Unfinished" not in result, (phone.name, result)  # one hand long: it is over
        seats = entries.first.locator(".history-seats").inner_text().split(", ")
        assert seats[mine] == "You", (phone.name, seats)  # seen from this player's seat
        entries.first.get_by_role("button", name="Review").click()
        phone.page.wait_for_selector("#review-body:not([hidden])", timeout=60_000)
        phone.page.screenshot(path=str(artifacts / f"friends_history_review_{phone.name}.png"))
    # After a reload (the table forgotten), each copy still names the players by the names
    # they gave at the table (DECISIONS W-75).
    for phone, seats in ((host, ["You", "Minh"]), (guest, ["Hana", "You"])):
        phone.page.goto(phone.site + "index.html")
        phone.page.wait_for_selector("#history-open:not([disabled])", timeout=ENGINE_TIMEOUT_MS)
        phone.page.click("#history-open")
        line = phone.page.locator("#history-list .history-entry .history-seats").first
        line.wait_for(timeout=30_000)
        shown = line.inner_text().replace("\u2068", "").replace("\u2069", "").split(", ")
        assert shown[:2] == seats and shown[2].startswith("Computer 3"), (phone.name, shown)
        # ... and so does its review (whose tiles are shown: as you or a friend saw them).
        phone.page.locator("#history-list .history-entry").first.get_by_role(
            "button", name="Review").click()
        phone.page.wait_for_selector("#review-body:not([hidden])", timeout=60_000)
        seen = phone.page.locator("#review-seen option").all_inner_texts()
        seen = [s.replace("\u2068", "").replace("\u2069", "") for s in seen]
        friend = seats[1] if seats[0] == "You" else seats[0]
        assert "As you saw it" in seen and f"As {friend} saw it" in seen, (phone.name, seen)


@inside
def test_friends_two_tabs_of_one_browser_as_host_and_guest(phones):
    """The host's tab and a guest's tab of the same browser (one storage, two engines):
    the guest's seat token and the host's kept table live side by side."""
    (host,) = phones(1)
    guest = host.tab("P1-tab2")
    try:
        seat_one_friend(host, guest, "kozel")
        assert guest.page.evaluate("window.dominoFriends.summary().seat") == 1
        assert host.page.evaluate("window.dominoFriends.role") == "host"
        play_hand_together([host, guest])
        assert check_secrets(guest, 1, host_record(host)) >= 3
        assert len({host.state(), guest.state()}) == 1
    finally:
        host.errors += guest.errors
