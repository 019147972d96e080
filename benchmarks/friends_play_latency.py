"""A move's latency across devices (issue 24): from the host's tap on a tile to the guest's
page showing the state that move made (`html[data-state]`), over the whole path: the host's
page, its worker's master, friends.js and peer.js on the host, the data channel, and the
guest's page taking the state into its store and drawing it. Two Chromium contexts play
vn_traditional (the host and a guest, two computers) inside a network namespace of its own
(e2e/netns.py; the benchmark re-runs itself there) with a local Nostr relay, using the e2e
helpers of e2e/test_friends_play.py. Times are the browsers' shared wall clock (`Date.now()`,
1 ms). The computers' speed is `instant` on the guest (its page shows a pushed state with no
pause: the speed setting paces every pushed state, a friend's move included) and `fast` on
the host. Bytes per state: what the host's peer.js sent to the guest divided by the states it
showed.

`python benchmarks/friends_play_latency.py [--moves 30]`
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading

import source_modules

build = source_modules.build()
netns = source_modules.load("e2e/netns.py")
# The e2e modules the play test imports by name, registered under those names first.
for _name in ("conftest", "nostr_relay"):
    source_modules.load(f"e2e/{_name}.py")

WATCH_HOST = """() => {
  window.taps = [];
  document.addEventListener('click', (e) => {
    if (e.target.closest('#game [data-move]')) {
      window.taps.push([Date.now(), Number(document.documentElement.dataset.state || 0)]);
    }
  }, true);
}"""
WATCH_GUEST = """() => {
  window.shown = {};
  new MutationObserver(() => {
    const id = Number(document.documentElement.dataset.state || 0);
    if (!(id in window.shown)) window.shown[id] = Date.now();
  }).observe(document.documentElement, {attributes: true, attributeFilter: ['data-state']});
}"""


def run(moves: int) -> dict:
    from nostr_relay import start_relay, stop_relay
    t = source_modules.load("e2e/test_friends_play.py")
    from playwright.sync_api import sync_playwright

    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}/"
    relay_process, relay = start_relay("127.0.0.1")
    latencies: list[int] = []
    sent = shown = 0
    try:
        with sync_playwright() as pw:
            browser = pw.chromium.launch(executable_path="/usr/bin/chromium",
                                         args=["--no-sandbox", "--disable-gpu"])
            host, guest = (t.Phone(browser, site, relay, name) for name in ("host", "guest"))
            guest.context.add_init_script(
                script="localStorage.setItem('domino.settings', JSON.stringify("
                       "{speed: 'instant', motion: true}))")
            link = t.open_table(host, "vn_traditional", 4, ["human", "human", "ai:easy", "ai:easy"])
            t.join(guest, link, "Minh")
            t.start(host, [guest])
            host.page.evaluate(WATCH_HOST)
            guest.page.evaluate(WATCH_GUEST)
            while True:
                t.play_hand_together([host, guest])
                taps = host.page.evaluate("window.taps")
                if len(taps) >= moves:
                    break
                host.page.click("#result-next")
                guest.page.wait_for_selector("#result", state="hidden", timeout=30_000)
            seen = {int(k): v for k, v in guest.page.evaluate("window.shown").items()}
            for at, state in taps:
                if state + 1 in seen:
                    latencies.append(seen[state + 1] - at)
            sent = host.page.evaluate("window.dominoFriends.table.stats().bytesSent")
            shown = len(seen)
            browser.close()
    finally:
        stop_relay(relay_process)
        server.shutdown()
    latencies.sort()
    return {
        "moves_timed": len(latencies),
        "tap_to_guest_screen_ms": {
            "p50": statistics.median(latencies) if latencies else None,
            "p95": latencies[max(0, round(0.95 * len(latencies)) - 1)] if latencies else None,
            "max": latencies[-1] if latencies else None,
        },
        "host_bytes_sent_per_state_shown": round(sent / shown) if shown else None,
    }


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--moves", type=int, default=30)
    args = parser.parse_args()
    outside = netns.script_inside(timeout=580)
    if outside is not None:
        return outside
    build.build_if_needed()
    print(json.dumps(run(args.moves), indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
