"""Where a guest's first message goes (DECISIONS W-161): manual links between two Chromium
browsers (one each, as e2e/test_friends_scan.py) over web/peer.js, again and again, inside a network namespace of its own
(e2e/netns.py; the probe re-runs itself there), on the built site.

Each round opens a host's and a guest's table (`relays: false`, the manual codes), the guest
says its page's hello (a `c{"t":"hello",...}` message, 74 bytes in its envelope, as
web/friends.js does) once its link opens, and the host waits for it. W-159's resend (a hello
before each message until the other side is heard) is turned off with `--no-resend`, so a
lost hello shows as the host refusing the message as "early".

Below peer.js, every data channel is watched from the moment the page has it (the offerer's
at `createDataChannel`, the answerer's by a `datachannel` listener added in the connection's
constructor, before peer.js's): each `send` on it, each `message` and `open` event, with the
channel's readyState. A round is "lost" when the host's peer.js counted fewer messages than
the guest's peer.js sent; the watch and the counts then say where the message was lost (what
the guest's browser counted as sent, what the host's channel was handed). `--raw` does without
peer.js: the answerer sends "first" in its `datachannel` event and "second" at its `open`.
Run it beside CPU load to see the loss (W-161 measured it with two busy loops beside).

`python benchmarks/hello_probe.py [--rounds 50] [--no-resend] [--browsers 2] [--raw] [--verbose]`
"""

from __future__ import annotations

import argparse
import json
import sys
import threading
from pathlib import Path

import source_modules

build = source_modules.build()
netns = source_modules.load("e2e/netns.py")
CHROMIUM = Path("/usr/bin/chromium")
LAUNCH_ARGS = ["--no-sandbox", "--disable-gpu", "--disable-background-networking",
               "--disable-component-update", "--disable-sync", "--no-first-run"]

# Every channel's sends and events, watched from the moment the page has the channel.
WATCH_JS = """() => {
  window.watch = [];
  window.pcs = [];
  // Times on one clock for both pages (ms since the epoch, to 0.1 ms).
  const note = (what, channel, data) => window.watch.push(
    [Math.round((performance.timeOrigin + performance.now()) * 10) / 10 % 1e6, what, channel.readyState,
     typeof data === 'string' ? data.length : null]);
  const watchChannel = (channel) => {
    channel.addEventListener('message', (e) => note('message', channel, e.data));
    channel.addEventListener('open', () => note('open', channel));
    channel.addEventListener('close', () => note('close', channel));
  };
  const send = RTCDataChannel.prototype.send;
  RTCDataChannel.prototype.send = function (data) {
    note('send', this, data);
    return send.call(this, data);
  };
  const Native = window.RTCPeerConnection;
  window.RTCPeerConnection = class extends Native {
    constructor(...args) {
      super(...args);
      window.pcs.push(this);
      this.addEventListener('datachannel', (e) => { note('datachannel', e.channel); watchChannel(e.channel); });
    }
    createDataChannel(...args) {
      const channel = super.createDataChannel(...args);
      note('created', channel);
      watchChannel(channel);
      return channel;
    }
  };
}"""
SETUP_JS = """async () => {
  window.peer = await import('../peer.js');
}"""
# A table for this round; `resend` false turns W-159's resend off (the link heard at once).
OPEN_JS = """async ([role, resend]) => {
  window.events = [];
  window.watch.length = 0;
  if (window.table) window.table.leave();
  const onEvent = (e) => {
    window.events.push([e.type, e.text || e.error || '']);
    if (role === 'guest' && e.type === 'open') {
      window.table.send(e.peer, 'c' + JSON.stringify({t: 'hello', name: '', token: 'f'.repeat(32)}));
    }
  };
  const made = await (role === 'host' ? peer.host : peer.join)({relays: false, ice: {stun: []}, onEvent});
  window.table = made.table;
  if (!resend) {
    const add = made.table.addLink.bind(made.table);
    made.table.addLink = (...args) => { const link = add(...args); link.heard = true; return link; };
  }
  return made.ok;
}"""
# What peer.js counted, its events, the channels' watch, and what the browser's own data
# channel statistics say went out and came in (this round's connection).
REPORT_JS = """async () => {
  const pc = window.pcs[window.pcs.length - 1];
  const channels = [];
  if (pc) (await pc.getStats()).forEach((s) => {
    if (s.type === 'data-channel') channels.push({sent: s.messagesSent, received: s.messagesReceived,
      bytesSent: s.bytesSent, bytesReceived: s.bytesReceived, state: s.state});
  });
  return {stats: window.table.stats(), events: window.events, watch: window.watch, channels};
}"""


# The same without peer.js: the offerer's channel, and the answerer sending "first" in its
# `datachannel` event (its readyState "open" there) and "second" at its `open` event.
RAW_OFFER_JS = """async () => {
  window.got = [];
  const pc = new RTCPeerConnection({iceServers: []});
  const channel = pc.createDataChannel('raw', {ordered: true});
  channel.onmessage = (e) => window.got.push(e.data);
  window.rawPc = pc;
  await pc.setLocalDescription(await pc.createOffer());
  await new Promise((r) => { pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r(); setTimeout(r, 3000); });
  return pc.localDescription.sdp;
}"""
RAW_ANSWER_JS = """async (sdp) => {
  window.order = [];
  const pc = new RTCPeerConnection({iceServers: []});
  pc.ondatachannel = (e) => {
    const channel = window.rawChannel = e.channel;
    window.order.push('datachannel:' + channel.readyState);
    channel.send('first');
    channel.onopen = () => { window.order.push('open'); channel.send('second'); };
  };
  window.rawPc = pc;
  await pc.setRemoteDescription({type: 'offer', sdp});
  await pc.setLocalDescription(await pc.createAnswer());
  await new Promise((r) => { pc.onicegatheringstatechange = () => pc.iceGatheringState === 'complete' && r(); setTimeout(r, 3000); });
  return pc.localDescription.sdp;
}"""
RAW_STATS_JS = """async () => {
  const out = {got: window.got || null, order: window.order || null,
               state: window.rawPc.connectionState};
  (await window.rawPc.getStats()).forEach((s) => {
    if (s.type === 'data-channel') Object.assign(out, {sent: s.messagesSent, received: s.messagesReceived});
  });
  window.rawPc.close();
  return out;
}"""


def raw_round(host, guest) -> dict:
    """One connection without peer.js; what each side's browser counted."""
    offer = host.evaluate(RAW_OFFER_JS)
    answer = guest.evaluate(RAW_ANSWER_JS, offer)
    host.evaluate("(sdp) => window.rawPc.setRemoteDescription({type: 'answer', sdp})", answer)
    try:
        host.wait_for_function("window.got.includes('second')", timeout=30_000)
    except Exception:  # noqa: BLE001 - reported, not raised
        pass
    return {"host": host.evaluate(RAW_STATS_JS), "guest": guest.evaluate(RAW_STATS_JS)}


def one_round(host, guest, resend: bool) -> dict:
    """Connect the two pages once; what each side's peer.js and channels saw."""
    assert host.evaluate(OPEN_JS, ["host", resend])
    assert guest.evaluate(OPEN_JS, ["guest", resend])
    offer = host.evaluate("table.createOffer()")
    answer = guest.evaluate("(code) => table.acceptOffer(code)", offer["text"])
    host.evaluate("([id, code]) => table.acceptAnswer(id, code)", [offer["id"], answer["text"]])
    done = ("window.events.some((e) => e[0] === 'message' || e[0] === 'refused'"
            " || e[0] === 'failure')")
    try:
        host.wait_for_function(done, timeout=30_000)
    except Exception:  # noqa: BLE001 - a round that never linked is reported, not raised
        pass
    return {"host": host.evaluate(REPORT_JS), "guest": guest.evaluate(REPORT_JS)}


def run(rounds: int, resend: bool, browsers: int, verbose: bool, raw: bool) -> dict:
    """Inside the namespace: serve the built site and run the rounds; the tally."""
    from playwright.sync_api import sync_playwright

    build.build_if_needed()
    server = build.make_server(0)
    threading.Thread(target=server.serve_forever, daemon=True).start()
    site = f"http://127.0.0.1:{server.server_address[1]}/"
    tally = {"rounds": 0, "delivered": 0, "lost": 0, "no_link": 0, "lost_rounds": []}
    with sync_playwright() as p:
        launched = [p.chromium.launch(executable_path=str(CHROMIUM), args=LAUNCH_ARGS)
                    for _ in range(browsers)]
        pages = []
        for i in range(2):
            page = launched[i % browsers].new_context().new_page()
            page.goto(site + "rules/index.html")
            page.evaluate(WATCH_JS)
            page.evaluate(SETUP_JS)
            pages.append(page)
        host, guest = pages
        for i in range(rounds if not raw else 0):
            seen = one_round(host, guest, resend)
            tally["rounds"] += 1
            sent, received = seen["guest"]["stats"]["sent"], seen["host"]["stats"]["received"]
            messages = [e for e in seen["host"]["events"] if e[0] == "message"]
            if not any(e[0] == "open" for e in seen["guest"]["events"]):
                tally["no_link"] += 1
            elif messages and received >= sent:
                tally["delivered"] += 1
            else:
                tally["lost"] += 1
                tally["lost_rounds"].append({"round": i, **seen})
            print(f"round {i}: guest sent {sent}, host received {received}, "
                  f"host events {seen['host']['events']}; channels: guest "
                  f"{seen['guest']['channels']}, host {seen['host']['channels']}", flush=True)
            if verbose:
                print("  host watch", seen["host"]["watch"], "\n  guest watch",
                      seen["guest"]["watch"], flush=True)
        for i in range(rounds if raw else 0):
            seen = raw_round(host, guest)
            tally["rounds"] += 1
            whole = seen["host"]["got"] == ["first", "second"]
            tally["delivered" if whole else "lost"] += 1
            if not whole:
                tally["lost_rounds"].append({"round": i, **seen})
            print(f"raw round {i}: {seen}", flush=True)
        for browser in launched:
            browser.close()
    server.shutdown()
    return tally


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--rounds", type=int, default=50)
    parser.add_argument("--no-resend", action="store_true", help="turn W-159's resend off")
    parser.add_argument("--browsers", type=int, default=2, choices=(1, 2),
                        help="one Chromium per device (2, as test_friends_scan) or both in one")
    parser.add_argument("--raw", action="store_true",
                        help="no peer.js: send at `datachannel` and at `open`, count what arrives")
    parser.add_argument("--verbose", action="store_true", help="print each round's watch")
    args = parser.parse_args()
    code = netns.script_inside(3600)
    if code is not None:
        return code
    tally = run(args.rounds, not args.no_resend, args.browsers, args.verbose, args.raw)
    print(json.dumps(tally, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
