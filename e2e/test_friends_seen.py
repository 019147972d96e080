"""Play with friends, end to end (issue 24, DECISIONS W-77): every guest keeps the last state
its host sent (its own view) in its browser's storage, so that nothing a player saw is lost
even if the host never returns. Host and guest play a few moves; the host's phone goes for
good (its browser context closed); the guest reloads and, the host not answering, sees its
table as it last saw it: its tiles, the moves it saw in the game log, no move possible, a
line saying the host has not come back with "Try again" and "Leave the table". The kept
text names no tile hidden from the guest's seat. "Leave the table" forgets it.

It runs inside a network namespace, as e2e/test_friends_play.py does (whose devices and
helpers it uses): a plain `python -m pytest e2e/test_friends_seen.py` runs
`test_friends_seen_in_namespace`, which runs this file again under `unshare -n`.

RULES.md: none (playing across devices; the rules are the engine's, tested in tests/)
"""

from __future__ import annotations

import json
from pathlib import Path

import netns
from conftest import ENGINE_TIMEOUT_MS
from test_friends_play import (
    ROOT,
    TILE,
    hidden_at,
    host_record,
    inside,
    named_tiles,
    phones,
    play_hand_together,
    relay,
    seat_one_friend,
)

__all__ = ["phones", "relay"]  # the fixtures, used by name

SEEN_KEY = "domino.friends.seen."


def test_friends_seen_in_namespace():
    """Run this file again inside a network namespace; fail when that run fails."""
    netns.run_file_inside(str(Path(__file__).resolve()), 2, 1200, str(ROOT), ("-x",))


def kept_text(page):
    """The guest's kept table (JSON text), or None."""
    return page.evaluate(f"""() => {{
      const code = window.dominoFriends.code;
      return code ? localStorage.getItem('{SEEN_KEY}' + code) : null;
    }}""")


def log_lines(page):
    return [line.strip() for line in page.locator("#log li").all_text_contents()]


def log_moves(lines):
    """Each log line's player and tile (a line rebuilt from the history says where a tile
    went in other words than the live one: "on the left end", "(up, on 4)")."""
    return [(line.split()[:2], TILE.findall(line)[:1]) for line in lines]


@inside
def test_friends_a_guest_keeps_the_table_it_saw_when_the_host_never_returns(phones, artifacts):
    host, guest = phones(2)
    seat_one_friend(host, guest, "kozel")
    play_hand_together([host, guest], timeout_s=120, until_state=host.state() + 6)
    record = host_record(host)
    # The host's phone is gone for good: no state comes after this.
    host.context.close()
    host.owns = False
    guest.page.wait_for_function("window.dominoFriends && window.dominoFriends.summary().failure !== ''",
                                 timeout=30_000)
    text = kept_text(guest.page)
    assert text, "the guest kept nothing"
    kept = json.loads(text)
    state = json.loads(kept["state"])
    assert state["type"] == "state" and state["viewer"] == 1
    history = state["view"]["history"]
    assert len(history) >= 3, history
    # Its own view only: no tile of another seat's hand nor of the stock at that point.
    leaked = named_tiles(text) & hidden_at(record, state["hand_number"], len(history), 1)
    assert not leaked, f"the kept table names hidden tiles: {sorted(leaked)}"
    assert state.get("seed") is None  # no deal number either
    # The guest keeps each state as it arrives and shows it at the table's pace: the log is
    # read once the page shows the state it kept (the host's last moves may still be playing).
    guest.page.wait_for_function(
        f"document.documentElement.dataset.state === '{state['state_id']}'", timeout=30_000)
    seen_log = log_lines(guest.page)
    seen_hand = guest.page.locator("#hand .tile").count()
    assert seen_hand > 0 and len(seen_log) >= len(history)

    guest.page.reload()
    guest.page.wait_for_selector("#friends-seen:not([hidden])", timeout=ENGINE_TIMEOUT_MS)
    page = guest.page
    assert page.locator("#game").is_visible()
    line = page.text_content("#friends-seen")
    assert "The host has not come back" in line and "Try again" in line, line
    assert page.locator("#hand .tile").count() == seen_hand
    shown = log_lines(page)
    assert log_moves(shown) == log_moves(seen_log), (seen_log, shown)
    assert len(log_moves(shown)) >= len(history)
    # Read-only: no tile to play, no move button; a while later, still none.
    page.wait_for_timeout(2000)
    assert page.locator("#hand .tile.playable").count() == 0
    assert page.locator("#game [data-move]:visible").count() == 0
    assert page.locator("#undo").is_hidden() or page.locator("#undo").is_disabled()
    page.screenshot(path=str(artifacts / "friends_seen_390.png"))
    assert page.locator("#friends-seen").is_visible()

    page.click("[data-fleave]")
    page.wait_for_selector("#game", state="hidden", timeout=10_000)
    assert page.evaluate(f"""() => Object.keys(localStorage)
        .filter((k) => k.startsWith('{SEEN_KEY}')).length""") == 0


@inside
def test_friends_the_host_comes_back_and_its_live_table_replaces_the_one_last_seen(phones):
    """The host's page gone (navigated away) while the guest reloads: the guest sees the
    table as last seen; the host continues its saved match, the guest's tries bring it back
    to its seat, and the live table (moves possible again) replaces the kept one."""
    host, guest = phones(2)
    seat_one_friend(host, guest, "vn_traditional")
    play_hand_together([host, guest], timeout_s=120, until_state=host.state() + 4)
    host.page.goto("about:blank")
    guest.page.wait_for_function("window.dominoFriends && window.dominoFriends.summary().failure !== ''",
                                 timeout=30_000)
    guest.page.reload()
    guest.page.wait_for_selector("#friends-seen:not([hidden])", timeout=ENGINE_TIMEOUT_MS)
    assert guest.page.locator("#hand .tile.playable").count() == 0
    host.page.goto(host.site + "index.html")
    host.page.wait_for_selector("#friends-host:not([disabled])", timeout=ENGINE_TIMEOUT_MS)
    host.page.click("#resume")
    host.page.wait_for_selector("#game:not([hidden])", timeout=60_000)
    guest.page.wait_for_selector("#friends-seen", state="hidden", timeout=120_000)
    assert guest.page.evaluate("window.dominoFriends.summary().seen") is False
    assert guest.page.evaluate("window.dominoFriends.summary().seat") == 1
    before = host.state()
    play_hand_together([host, guest], timeout_s=180, until_state=before + 4)
    assert guest.page.evaluate(f"""() => !!localStorage.getItem(
        '{SEEN_KEY}' + window.dominoFriends.code)""")  # kept again, the live table's
