"""Friends' transport latency (issue 24): round trips over web/peer.js's data channel between
two Chromium browser contexts, inside a network namespace of its own (e2e/netns.py; the
benchmark re-runs itself there), on the built site.

Two messages are measured, each from the moment the page calls `table.send` to the moment the
other page's acknowledgement arrives back (a round trip; one way is about half):
- an intent, guest to host (`{"type": "play", ...}`, about 80 bytes);
- an update, host to guest: a real `state` of an 8-player Mexican Train match (the engine's
  own answer, about 3 KB).
The receiving page acknowledges in JavaScript at once, so the figures are the transport's
alone (issue 24's target is p95 under 100 ms from a tap to the other screens; the master's
and the page's own work come on top). Bytes per message: the envelope's text (peer.js's
count), and what the data channel and the ICE transport sent (the connection's getStats:
SCTP and DTLS framing and acknowledgements included) divided by the messages.

`python benchmarks/friends_latency.py [--rounds 200] [--path relay|manual|both]`
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import threading
from pathlib import Path

import source_modules

build = source_modules.build()
netns = source_modules.load("e2e/netns.py")
nostr_relay = source_modules.load("e2e/nostr_relay.py")
ROOT = source_modules.ROOT
CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]

SETUP_JS = """async () => {
  window.peer = await import('../peer.js');
  window.events = [];
  window.waiting = new Map();
  window.onPeerEvent = (e) => {
    if (e.type === 'message' && e.text.startsWith('B|')) {
      window.table.send(e.peer, 'A|' + e.text.slice(2, 10));
      return;
    }
    if (e.type === 'message' && e.text.startsWith('A|')) {
      const done = window.waiting.get(e.text.slice(2, 10));
      if (done) done(performance.now());
      return;
    }
    window.events.push(e);
  };
}"""
OPEN_JS = """async ([role, options]) => {
  const made = await (role === 'host' ? peer.host : peer.join)(
    Object.assign({}, options, {onEvent: window.onPeerEvent}));
  window.table = made.table;
  return made.ok;
}"""
# `rounds` round trips of `payload` to `peer`, one after the other; the times in ms.
# A round trip that takes more than 5 s fails the run rather than hanging it. The sender
# waits `gap` ms between round trips. The guest's messages to the host pass peer.js's flood
# limit (20 a second), which the acknowledgements of 50 updates a second would exceed: the
# host here is opened with a limit of 1000 a second (HOST_LIMIT).
ROUNDS_JS = """async ([peerId, payload, rounds, gap]) => {
  const times = [];
  for (let i = 0; i < rounds; i += 1) {
    const seq = String(window.seq = (window.seq || 0) + 1).padStart(8, '0');
    const acked = new Promise((resolve, reject) => {
      window.waiting.set(seq, resolve);
      setTimeout(() => reject(new Error('no acknowledgement of ' + seq + ' in 5 s; events: '
        + JSON.stringify(window.events))), 5000);
    });
    const start = performance.now();
    const sent = window.table.send(peerId, 'B|' + seq + '|' + payload);
    if (!sent.ok) throw new Error(sent.error);
    const end = await acked;
    window.waiting.delete(seq);
    times.push(end - start);
    await new Promise((r) => setTimeout(r, gap));
  }
  return times;
}"""
# Data channel and transport bytes the page's connections sent so far, and their messages.
WIRE_JS = """async () => {
  const table = window.table;
  const pcs = [];
  if (table.room) pcs.push(...Object.values(table.room.getPeers()));
  const out = {channelBytes: 0, channelMessages: 0, transportBytes: 0};
  for (const pc of pcs.concat(window.manualPcs || [])) {
    const stats = await pc.getStats();
    stats.forEach((s) => {
      if (s.type === 'data-channel') { out.channelBytes += s.bytesSent; out.channelMessages += s.messagesSent; }
      if (s.type === 'transport') out.transportBytes += s.bytesSent;
    });
  }
  return Object.assign(out, {envelopes: table.stats()});
}"""
# The manual path's connections are the table's own: keep them for getStats.
KEEP_MANUAL_PCS_JS = """() => {
  window.manualPcs = [];
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) { super(...args); window.manualPcs.push(this); }
  };
}"""


def percentile(values: list[float], q: float) -> float:
    """The q-th percentile (0-100) by nearest rank."""
    ordered = sorted(values)
    rank = max(1, min(len(ordered), round(q / 100 * len(ordered) + 0.5)))
    return ordered[rank - 1]


def summary(times: list[float]) -> dict:
    """p50, p95, max and mean of round-trip times in ms."""
    return {"p50_ms": round(statistics.median(times), 2), "p95_ms": round(percentile(times, 95), 2),
            "max_ms": round(max(times), 2), "mean_ms": round(statistics.fmean(times), 2),
            "n": len(times)}


def state_text() -> str:
    """A real update: the state the engine answers for a new 8-player Mexican Train match."""
    from domino.session import Session

    session = Session()
    return session.handle(json.dumps({
        "type": "new_match", "variant": "mexican_train", "options": {"players": 8}, "seed": 3,
        "seats": ["human"] + ["ai:easy"] * 7, "id": 1}))


HOST_LIMIT = {"floodBurst": 1000, "floodRate": 1000}
INTENT = json.dumps({"type": "play", "state_id": 42, "move": "6-5@R", "id": 17, "v": 2})


def measure(browser, site: str, path: str, rounds: int, relay_url: str | None) -> dict:
    """Connect two contexts over `path` and time the round trips; the figures."""
    pages = []
    for _ in range(2):
        context = browser.new_context()
        page = context.new_page()
        page.goto(site + "rules/index.html")
        if path == "manual":
            page.evaluate(KEEP_MANUAL_PCS_JS)
        page.evaluate(SETUP_JS)
        pages.append(page)
    host, guest = pages
    ice = {"stun": []}
    if path == "relay":
        code = host.evaluate("peer.newCode().code")
        assert host.evaluate(OPEN_JS, ["host", {"code": code, "relays": [relay_url], "ice": ice,
                                                **HOST_LIMIT}])
        assert guest.evaluate(OPEN_JS, ["guest", {"code": code, "relays": [relay_url], "ice": ice}])
    else:
        assert host.evaluate(OPEN_JS, ["host", {"relays": False, "ice": ice, **HOST_LIMIT}])
        assert guest.evaluate(OPEN_JS, ["guest", {"relays": False, "ice": ice}])
        offer = host.evaluate("table.createOffer()")
        answer = guest.evaluate("(code) => table.acceptOffer(code)", offer["text"])
        host.evaluate("([id, code]) => table.acceptAnswer(id, code)", [offer["id"], answer["text"]])
    for page in pages:
        page.wait_for_function("window.events.some((e) => e.type === 'open')", timeout=30_000)
    guest_peer = host.evaluate("window.events.find((e) => e.type === 'open').peer")
    host_peer = guest.evaluate("window.events.find((e) => e.type === 'open').peer")
    state = state_text()
    guest.evaluate(ROUNDS_JS, [host_peer, INTENT, 10, 20])  # warm up
    intents = guest.evaluate(ROUNDS_JS, [host_peer, INTENT, rounds, 20])
    host_before = host.evaluate(WIRE_JS)
    updates = host.evaluate(ROUNDS_JS, [guest_peer, state, rounds, 20])
    host_after = host.evaluate(WIRE_JS)
    sent = host_after["envelopes"]["sent"] - host_before["envelopes"]["sent"]
    wire = {
        "update_text_bytes": len(state.encode()),
        "update_envelope_bytes": round((host_after["envelopes"]["bytesSent"]
                                        - host_before["envelopes"]["bytesSent"]) / sent, 1),
        "intent_text_bytes": len(INTENT.encode()),
    }
    # Per update: the channel and transport bytes the host sent in this phase (its SCTP
    # acknowledgements of the guest's small replies included).
    channel_messages = host_after["channelMessages"] - host_before["channelMessages"]
    if channel_messages:
        wire["update_channel_bytes"] = round(
            (host_after["channelBytes"] - host_before["channelBytes"]) / rounds, 1)
        wire["update_channel_messages"] = round(channel_messages / rounds, 2)
        wire["update_transport_bytes"] = round(
            (host_after["transportBytes"] - host_before["transportBytes"]) / rounds, 1)
    for page in pages:
        page.context.close()
    return {"path": path, "intent_round_trip": summary(intents),
            "update_round_trip": summary(updates), "bytes_per_message": wire}


def run(rounds: int, paths: list[str]) -> list[dict]:
    """Inside the namespace: serve the built site, start a relay, measure each path."""
    from playwright.sync_api import sync_playwright

    build.build_if_needed()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}/"
    relay_process, relay_url = nostr_relay.start_relay("127.0.0.1")
    results = []
    try:
        with sync_playwright() as p:
            launch = {"args": LAUNCH_ARGS}
            if CHROMIUM.exists():
                launch["executable_path"] = str(CHROMIUM)
            browser = p.chromium.launch(**launch)
            for path in paths:
                results.append(measure(browser, site, path, rounds, relay_url))
            browser.close()
    finally:
        nostr_relay.stop_relay(relay_process)
        server.shutdown()
    return results


def main() -> int:
    """Command line: re-run inside a namespace, measure, print JSON."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=200)
    parser.add_argument("--path", choices=["relay", "manual", "both"], default="both")
    args = parser.parse_args()
    outside = netns.script_inside(timeout=540)
    if outside is not None:
        return outside
    paths = ["relay", "manual"] if args.path == "both" else [args.path]
    results = run(args.rounds, paths)
    print(json.dumps(results, indent=2))
    return 0


if __name__ == "__main__":
    sys.exit(main())
