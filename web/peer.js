// Friends' devices (DESIGN.md "Friends' devices", issue 24): WebRTC data channels between the
// host's page and each guest's page, star-shaped (every guest to the host, never guest to
// guest). Two ways to bring two pages together, both with no server of ours:
//   (a) signalling through Trystero over public Nostr relays (the relay list is a parameter),
//       in a room named after the invitation code and encrypted with a password derived from
//       it, so a stranger without the code can neither find nor join the table;
//   (b) with no relay at all: the host shows an offer code (a QR code or a link), the guest
//       answers with a code the host types or scans (non-trickle ICE: each code holds every
//       address its side gathered, packed into about 120 characters).
// Both give the page the same links: per-peer `open`, `message` and `close` events, text sent
// to one peer, each message in a versioned envelope with a size limit, on an ordered reliable
// data channel. A connection that does not come within a bound fails with a reason code.
//
// Plain ES module, bundled by build.py (its npm imports point into dist/vendor/). Every
// function returns a plain object (`{ok: true, ...}` or `{ok: false, error: CODE}`) or a
// promise that resolves to one, and never throws: MicroPython cannot catch a JavaScript
// exception thrown synchronously (BROWSER.md).

import { createTopicStrategy, fromJson, genId, getRelays, makeSocket, toJson } from "@trystero-p2p/core";
import { createEvent, subscribe as subscription, defaultRelayUrls } from "@trystero-p2p/nostr";
import { generate } from "lean-qr";

// --------------------------------------------------------------------------- constants

// The envelope's version: both sides of a link must speak the same one (a page of another
// build says so at the hello and the link closes with `version`).
export const VERSION = 1;
// The largest message body, in UTF-8 bytes. A master's update is at most about 6 KB (an
// 8-player Mexican Train state, measured over whole hands); the limit leaves room for a
// whole public move log and keeps a hostile peer from making the host hold megabytes.
export const MAX_TEXT_BYTES = 64 * 1024;
// Trystero's application id: only pages of this game meet in its rooms.
export const APP_ID = "domino-friends";
// An invitation code: 10 characters of Crockford's base32 (50 bits), read aloud in two
// groups of five. It is the only secret of the table: the room and its password derive from it.
export const CODE_LENGTH = 10;
const CODE_ALPHABET = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
// The bound on a connection: a guest with no host link after it, or a manual link not open
// after it, fails with a reason instead of waiting forever.
export const DEFAULT_TIMEOUT_MS = 30000;
// How long a guest's manual answer waits for its link: the host must first scan or type the
// answer code, which takes a person longer than the connection takes.
export const MANUAL_WAIT_MS = 180000;
// How long a manual offer or answer waits for the browser to gather its addresses (longer,
// up to GATHER_EXTRA times, while it has none: `gathered`).
export const GATHER_TIMEOUT_MS = 4000;
export const DEFAULT_STUN = ["stun:stun.l.google.com:19302", "stun:stun.cloudflare.com:3478"];
export { defaultRelayUrls as DEFAULT_RELAYS };
// A guest may send the host at most FLOOD_BURST messages at once and FLOOD_RATE a second on
// average (a player's intents are a few a minute); beyond that its messages are refused, and
// after MAX_REFUSED refused messages its link is closed.
export const FLOOD_BURST = 40;
export const FLOOD_RATE = 20;
export const MAX_REFUSED = 100;
// Why a connection failed (`failure` events) or a link closed (`close` events).
export const REASONS = {
  relay_unreachable: "no Nostr relay could be reached",
  no_peer: "the relays answered, but no host answered in this room",
  ice_failed: "the devices exchanged their addresses but no direct connection came (TURN needed)",
  not_connected: "no link came from the answer code: the host did not take it in time, or the networks block a direct connection",
  bad_code: "the code cannot be read",
  version: "the other device speaks another version",
  refused: "the other device is not what this link expects, or sent too many bad messages",
  left: "the other device left",
  lost: "the connection dropped",
  removed: "this device closed the link",
};

const DISCONNECT_GRACE_MS = 5000;
const encoder = new TextEncoder();
const decoder = new TextDecoder();

// --------------------------------------------------------------------------- invitations

const randomBytes = (n) => crypto.getRandomValues(new Uint8Array(n));

const hex = (bytes) => Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");

const sha256Hex = async (text) =>
  hex(new Uint8Array(await crypto.subtle.digest("SHA-256", encoder.encode(text))));

// A new invitation code (random, CODE_LENGTH characters of CODE_ALPHABET).
export function newCode() {
  const bytes = randomBytes(CODE_LENGTH);
  return { ok: true, code: Array.from(bytes, (b) => CODE_ALPHABET[b & 31]).join("") };
}

// A typed or scanned code as its canonical form: upper case, spaces and dashes dropped, the
// letters Crockford reads as digits (O as 0, I and L as 1) replaced. `bad_code` unless it is
// CODE_LENGTH characters of the alphabet.
export function readCode(text) {
  const code = String(text ?? "").toUpperCase().replace(/[\s-]/g, "")
    .replace(/O/g, "0").replace(/[IL]/g, "1");
  if (code.length !== CODE_LENGTH || [...code].some((c) => !CODE_ALPHABET.includes(c))) {
    return { ok: false, error: "bad_code" };
  }
  return { ok: true, code };
}

// The code as players read it: two groups of five.
export function showCode(code) {
  const read = readCode(code);
  if (!read.ok) return read;
  return { ok: true, text: read.code.slice(0, 5) + "-" + read.code.slice(5) };
}

// The Trystero room and its password, both derived from the code (separately, so that the
// room's name, which the relays see hashed, tells nothing about the password).
async function roomOf(code) {
  return {
    room: "table-" + (await sha256Hex("domino-room:" + code)).slice(0, 32),
    password: await sha256Hex("domino-password:" + code),
  };
}

// --------------------------------------------------------------------------- signalling

// Trystero's Nostr signalling, with the host announcing itself every ANNOUNCE_MS. Trystero's
// own Nostr strategy announces a peer three times in its first 1.3 s and then once a minute,
// and a passive guest (W-25) only answers announcements: a guest arriving a while after the
// host would wait up to a minute. The same events, filters and signatures as Trystero's
// (its `createEvent` and `subscribe`), on Trystero's topic strategy with a shorter interval;
// only the host announces (guests are passive), so a relay sees one small event every
// ANNOUNCE_MS per waiting table.
const ANNOUNCE_MS = 3000;
const DEFAULT_RELAY_COUNT = 5;
const relayClients = new Map();   // relay URL -> Trystero's socket client, with `subs`

function relayClient(url) {
  let client = relayClients.get(url);
  if (client) return client;
  const subs = new Map();         // subscription id -> [topic, handler]
  client = makeSocket(url, (data) => {
    let message;
    try { message = fromJson(data); } catch (e) { return; }
    if (!Array.isArray(message) || message[0] !== "EVENT") return;
    const sub = subs.get(message[1]);
    const event = message[2];
    if (sub && event && typeof event.content === "string") sub[1](sub[0], event.content);
  }, () => {
    for (const [id, [topic]] of subs) client.send(subscription(id, topic));
  });
  client.subs = subs;
  relayClients.set(url, client);
  return client;
}

const joinRoom = createTopicStrategy({
  steadyAnnounceIntervalMs: ANNOUNCE_MS,
  init: (config) => getRelays(config, defaultRelayUrls, DEFAULT_RELAY_COUNT, true)
    .map((url) => relayClient(url).ready),
  subscribeTopic: (client, topic, onMessage) => {
    const id = genId(64);
    client.subs.set(id, [topic, (t, content) => { onMessage(t, content); }]);
    client.send(subscription(id, topic));
    return () => {
      client.subs.delete(id);
      client.send(toJson(["CLOSE", id]));
    };
  },
  publishTopic: async (client, topic, message) => {
    client.send(await createEvent(topic, typeof message === "string" ? message : toJson(message)));
  },
});

// Whether a relay socket is open now.
function someRelayOpen() {
  for (const client of relayClients.values()) {
    if (client.socket && client.socket.readyState === 1) return true;
  }
  return false;
}

// --------------------------------------------------------------------------- ICE settings

// The RTCConfiguration of `ice`: {stun: [urls] (default DEFAULT_STUN), turn: {urls, username,
// credential} or null, relayOnly: send everything through the TURN server}.
function rtcConfigOf(ice) {
  const settings = ice || {};
  const stun = Array.isArray(settings.stun) ? settings.stun : DEFAULT_STUN;
  const servers = stun.length ? [{ urls: stun }] : [];
  const turn = settings.turn;
  if (turn && turn.urls) {
    servers.push({ urls: turn.urls, username: turn.username || "", credential: turn.credential || "" });
  }
  const config = { iceServers: servers };
  if (settings.relayOnly) config.iceTransportPolicy = "relay";
  return config;
}

// --------------------------------------------------------------------------- envelopes

// A message on the channel: `<version>|<kind>|<body>`, text only. Kinds: `h` hello (body: JSON
// {role, app}), `m` a message of the page (body: its text, opaque here), `b` bye (body: a
// reason code). Four bytes of overhead, and the body is not escaped.
function envelope(kind, body) {
  return `${VERSION}|${kind}|${body}`;
}

function openEnvelope(raw) {
  if (typeof raw !== "string") return { error: "malformed" };
  const first = raw.indexOf("|");
  const second = first < 0 ? -1 : raw.indexOf("|", first + 1);
  if (first < 1 || second !== first + 2 || first > 4) return { error: "malformed" };
  const version = Number(raw.slice(0, first));
  if (!Number.isInteger(version)) return { error: "malformed" };
  return { version, kind: raw[first + 1], body: raw.slice(second + 1) };
}

const byteLength = (text) => encoder.encode(text).length;

// --------------------------------------------------------------------------- a table

// One table, as its host or as a guest. `options`:
//   role: "host" | "guest"
//   code: the invitation code (needed for relay signalling; not for the manual path)
//   relays: Nostr relay URLs (default DEFAULT_RELAYS), or false: no relay (manual path only)
//   ice: {stun, turn, relayOnly} (rtcConfigOf)
//   timeoutMs: the bound on a connection (DEFAULT_TIMEOUT_MS)
//   gatherMs: the bound on gathering addresses for a manual code (GATHER_TIMEOUT_MS; longer
//     while none was gathered, see `gathered`)
//   manualWaitMs: the bound on a guest's manual answer becoming a link (MANUAL_WAIT_MS)
//   maxBytes: the size limit of a message body (MAX_TEXT_BYTES)
//   floodBurst, floodRate: the host's limit on each guest's messages (FLOOD_BURST, FLOOD_RATE)
//   onEvent(event): every event, one at a time, in order: {type: "open", peer, via}
//     (via: "relay" | "manual"), {type: "message", peer, text}, {type: "close", peer, reason},
//     {type: "refused", peer, error} (a message refused: too_large, malformed, early, flood,
//     version, kind), {type: "failure", error, detail, peer} (no connection came: a REASONS
//     code; `peer` names the manual link, "" for the relays).
class Table {
  constructor(options) {
    this.role = options.role === "host" ? "host" : "guest";
    this.code = options.code || null;
    this.relays = options.relays === false ? false : (options.relays || null);
    this.rtcConfig = rtcConfigOf(options.ice);
    this.timeoutMs = Number(options.timeoutMs) > 0 ? Number(options.timeoutMs) : DEFAULT_TIMEOUT_MS;
    this.gatherMs = Number(options.gatherMs) > 0 ? Number(options.gatherMs) : GATHER_TIMEOUT_MS;
    this.manualWaitMs = Number(options.manualWaitMs) > 0 ? Number(options.manualWaitMs) : MANUAL_WAIT_MS;
    this.maxBytes = Number(options.maxBytes) > 0 ? Number(options.maxBytes) : MAX_TEXT_BYTES;
    this.floodBurst = Number(options.floodBurst) > 0 ? Number(options.floodBurst) : FLOOD_BURST;
    this.floodRate = Number(options.floodRate) > 0 ? Number(options.floodRate) : FLOOD_RATE;
    this.onEvent = typeof options.onEvent === "function" ? options.onEvent : null;
    this.links = new Map();      // peer id -> link (see addLink)
    this.offers = new Map();     // manual offer id -> {pc, channel, timer}
    this.room = null;
    this.action = null;
    this.timers = new Set();
    this.closed = false;
    this.everOpen = false;
    this.sdpSeen = false;        // a remote description was applied (signalling got through)
    this.relayOpened = false;
    this.counts = { sent: 0, received: 0, bytesSent: 0, bytesReceived: 0, refused: {} };
  }

  emit(event) {
    if (!this.onEvent) return;
    try { this.onEvent(event); } catch (e) { console.error(e); }
  }

  later(ms, f) {
    const timer = setTimeout(() => { this.timers.delete(timer); f(); }, ms);
    this.timers.add(timer);
    return timer;
  }

  cancel(timer) {
    if (timer === null || timer === undefined) return;
    clearTimeout(timer);
    this.timers.delete(timer);
  }

  // No connection came (`error`: a REASONS code); `peer` names the manual link that failed.
  fail(error, detail, peer) {
    if (this.closed) return;
    this.emit({ type: "failure", error, detail: detail || REASONS[error] || "", peer: peer || "" });
  }

  // ------------------------------------------------------------------- links (both paths)

  // A link to one peer: `send(raw)` puts an envelope on its channel, `drop()` closes the
  // transport. It opens (the `open` event) once both sides' hellos agree.
  // `heard`: a message came from the other side. It sends only on an open link, and its end
  // opened on this side's hello, so that hello arrived. Until then every message this side
  // sends goes after its hello again: a hello lost as the link starts (a loaded full browser
  // run saw the host never get the guest's, and refuse each later message as "early") is made
  // good by the next message, in order on the same channel (W-159). That loss's cause, a send
  // on the answering end before it could carry, is avoided in `wireManual` (W-161); this stays
  // as the second line, for one hello a side.
  addLink(peer, via, send, drop) {
    const link = { peer, via, send, drop, open: false, heard: false, tokens: this.floodBurst,
                   filled: Date.now(), refused: 0 };
    this.links.set(peer, link);
    this.sendRaw(link, this.hello());
    return link;
  }

  hello() {
    return envelope("h", JSON.stringify({ role: this.role, app: APP_ID }));
  }

  sendRaw(link, raw) {
    try {
      link.send(raw);
    } catch (e) {
      return false;
    }
    this.counts.sent += 1;
    this.counts.bytesSent += byteLength(raw);
    return true;
  }

  refuse(link, error) {
    this.counts.refused[error] = (this.counts.refused[error] || 0) + 1;
    link.refused += 1;
    this.emit({ type: "refused", peer: link.peer, error });
    if (link.refused >= MAX_REFUSED) this.closeLink(link, "refused", true);
  }

  // A guest's messages to the host pass a token bucket (floodBurst, floodRate a second).
  takeToken(link) {
    if (this.role !== "host") return true;
    const now = Date.now();
    link.tokens = Math.min(this.floodBurst, link.tokens + ((now - link.filled) / 1000) * this.floodRate);
    link.filled = now;
    if (link.tokens < 1) return false;
    link.tokens -= 1;
    return true;
  }

  receive(peer, raw) {
    const link = this.links.get(peer);
    if (!link || this.closed) return;
    this.counts.received += 1;
    const size = typeof raw === "string" ? byteLength(raw) : 0;
    this.counts.bytesReceived += size;
    if (size > this.maxBytes + 16) { this.refuse(link, "too_large"); return; }
    if (!this.takeToken(link)) { this.refuse(link, "flood"); return; }
    const message = openEnvelope(raw);
    if (message.error) { this.refuse(link, message.error); return; }
    if (message.version !== VERSION) {
      this.refuse(link, "version");
      if (!link.open) this.closeLink(link, "version", true);
      return;
    }
    if (message.kind === "h") {
      let hello = null;
      try { hello = JSON.parse(message.body); } catch (e) { hello = null; }
      const wanted = this.role === "host" ? "guest" : "host";
      const valid = hello && hello.app === APP_ID && hello.role === wanted;
      // The same hello again on an open link: the other side has not heard from this one yet.
      if (link.open) { if (!valid) this.refuse(link, "malformed"); return; }
      if (!valid) {
        this.closeLink(link, "refused", true);
        return;
      }
      link.open = true;
      this.everOpen = true;
      this.cancel(this.failTimer);
      this.emit({ type: "open", peer, via: link.via });
      return;
    }
    if (message.kind === "b") { this.closeLink(link, "left", false, message.body.slice(0, 32)); return; }
    if (message.kind !== "m") { this.refuse(link, "kind"); return; }
    if (!link.open) { this.refuse(link, "early"); return; }
    if (byteLength(message.body) > this.maxBytes) { this.refuse(link, "too_large"); return; }
    link.heard = true;
    this.emit({ type: "message", peer, text: message.body });
  }

  // The link to `peer` is gone: `reason` goes to the page (a `close` event if the link had
  // opened, with `said`: the other side's reason when it said bye; a `failure` for a link
  // refused at its hello), `bye` tells the other side first.
  closeLink(link, reason, bye, said) {
    if (this.links.get(link.peer) !== link) return;
    this.links.delete(link.peer);
    if (bye) this.sendRaw(link, envelope("b", reason));
    // Let the bye leave before the channel closes.
    setTimeout(() => { try { link.drop(); } catch (e) { /* already closed */ } }, bye ? 100 : 0);
    if (link.open) this.emit({ type: "close", peer: link.peer, reason, said: said || "" });
    else if (reason === "version" || reason === "refused") this.fail(reason);
  }

  // ------------------------------------------------------------------- path (a): relays

  // Join the table's Trystero room: the host announces itself; a guest is passive (it
  // answers hosts only, so guests never connect to each other) and fails after the bound
  // when no host link opened (`relay_unreachable`, `no_peer` or `ice_failed`).
  async startRelays() {
    if (this.relays === false) return { ok: false, error: "no_relays" };
    if (this.room) return { ok: true };
    const read = readCode(this.code);
    if (!read.ok) return read;
    const { room, password } = await roomOf(read.code);
    const table = this;
    // Trystero makes every RTCPeerConnection with this class: it records whether a remote
    // description came (the signalling got through), which tells the reasons apart.
    // It also keeps the connection's data channels, so that a link can be cut by closing its
    // channel first (an orderly close on both sides) rather than aborting the connection.
    // And it bounds what a peer can make this page hold: Trystero reassembles a message from
    // 16 KB chunks of any number, so the chunks of unfinished messages are counted here
    // (`guardChunks`) and a peer past the bound is cut off.
    class Watched extends RTCPeerConnection {
      constructor(...args) {
        super(...args);
        this.channels = [];
        this.addEventListener("datachannel", (event) => {
          this.channels.push(event.channel);
          table.guardChunks(this, event.channel);
        });
      }
      createDataChannel(...args) {
        const channel = super.createDataChannel(...args);
        this.channels.push(channel);
        table.guardChunks(this, channel);
        return channel;
      }
      setRemoteDescription(description) {
        table.sdpSeen = true;
        return super.setRemoteDescription(description);
      }
    }
    const config = {
      appId: APP_ID,
      password,
      rtcConfig: this.rtcConfig,
      rtcPolyfill: Watched,
      passive: this.role === "guest",
      relayConfig: this.relays ? { urls: this.relays } : {},
    };
    try {
      this.room = joinRoom(config, room, {
        onJoinError: (details) => {
          // A wrong password cannot happen with a code (both derive from it); a connection
          // failure after the SDP exchange is reported by the bound, with its reason.
          if (details && /password/.test(String(details.error))) this.fail("refused", String(details.error));
        },
      });
      this.action = this.room.makeAction("d");
    } catch (e) {
      this.room = null;
      return { ok: false, error: "relay_unreachable", detail: String(e) };
    }
    this.action.onMessage = (data, context) => this.receive(context.peerId, data);
    this.room.onPeerJoin = (peer) => {
      if (this.closed || this.links.has(peer)) return;
      const action = this.action;
      this.addLink(peer, "relay",
        (raw) => { action.send(raw, { target: peer }).catch(() => {}); },
        () => {
          const pc = this.room && this.room.getPeers()[peer];
          if (!pc) return;
          for (const channel of pc.channels || []) channel.close();
          setTimeout(() => pc.close(), 500);
        });
    };
    this.room.onPeerLeave = (peer) => {
      const link = this.links.get(peer);
      if (link && link.via === "relay") this.closeLink(link, "lost", false);
    };
    this.watchRelays();
    if (this.role === "guest") {
      this.failTimer = this.later(this.timeoutMs, () => {
        if (this.everOpen) return;
        this.fail(!this.relayOpen() ? "relay_unreachable" : this.sdpSeen ? "ice_failed" : "no_peer");
        this.leaveRoom();
      });
    } else {
      // The host waits for guests as long as it likes, but says when no relay answers.
      this.later(this.timeoutMs, () => { if (!this.relayOpen()) this.fail("relay_unreachable"); });
    }
    return { ok: true };
  }

  // Trystero's chunks start with 36 bytes: the action's name (32), a nonce (2), flags (bit 0:
  // the last chunk) and progress. The bytes of each unfinished message (name and nonce) are
  // summed; past twice the message limit and 64 KB more, the peer is refused and cut off.
  guardChunks(pc, channel) {
    // A peer that went away (a reload, a closed tab) aborts the channel: the `close` that
    // follows tells Trystero and the page; Trystero would also log the abort as an error of
    // the page (registered first, this listener keeps that one from running).
    channel.addEventListener("error", (event) => {
      const message = String((event.error && event.error.message) || "");
      if (/User-Initiated Abort/i.test(message)) event.stopImmediatePropagation();
    });
    const pending = new Map();
    let total = 0;
    const bound = 2 * this.maxBytes + 65536;
    channel.addEventListener("message", (event) => {
      const data = event.data;
      if (!(data instanceof ArrayBuffer) || data.byteLength < 36) return;
      // Trystero's shared peers wrap each chunk in a room frame: a version byte (1: data,
      // 2: a room's presence), the room token's length (2 bytes) and the token. The chunk's
      // header follows it; reading it at 0 took a byte of the token for the "last" flag, so
      // no message ever finished and a long match was cut off as `too_large` after 192 KB.
      const start = new Uint8Array(data, 0, 3);
      if (start[0] === 2) return;
      const offset = start[0] === 1 ? 3 + ((start[1] << 8) | start[2]) : 0;
      if (data.byteLength < offset + 36) return;
      const head = new Uint8Array(data, offset, 35);
      const key = hex(head.subarray(0, 34));
      if (head[34] & 1) {
        total -= pending.get(key) || 0;
        pending.delete(key);
        return;
      }
      pending.set(key, (pending.get(key) || 0) + data.byteLength);
      total += data.byteLength;
      if (total <= bound || this.closed) return;
      pending.clear();
      total = 0;
      const peers = this.room ? this.room.getPeers() : {};
      const peer = Object.keys(peers).find((id) => peers[id] === pc);
      const link = peer && this.links.get(peer);
      if (link) {
        this.counts.refused.too_large = (this.counts.refused.too_large || 0) + 1;
        this.emit({ type: "refused", peer, error: "too_large" });
        this.closeLink(link, "refused", true);
      } else {
        for (const c of pc.channels) c.close();
        setTimeout(() => pc.close(), 500);
      }
    });
  }

  relayOpen() {
    if (this.relayOpened) return true;
    this.relayOpened = someRelayOpen();
    return this.relayOpened;
  }

  watchRelays() {
    const poll = () => { if (!this.closed && this.room && !this.relayOpen()) this.later(250, poll); };
    poll();
  }

  leaveRoom() {
    const room = this.room;
    this.room = null;
    this.action = null;
    if (room) room.leave().catch(() => {});
  }

  // ------------------------------------------------------------------- path (b): codes

  // A manual link's channel and connection, both ends: the link's transport, its events.
  // The link is made once (and this side's hello sent) by the first of: the channel's `open`
  // event, or its first message (a message proves the channel open, and the other side's
  // hello can come before this end's `open` event).
  // `answering`: the channel came by the connection's `datachannel` event (the guest's end).
  // That end waits for the other side's first message, its hello, before it sends anything
  // (W-161). Chromium hands such a channel over saying "open", and fires `open` on it, before
  // it can always carry a message: a `send` then may return without an error and the message
  // is never sent (the guest's hello, sent at `datachannel`, gone in 14 of 400 connections at
  // load 4-8, the browser's own count of messages sent one short; a message sent at `open` is
  // lost too, now and then: benchmarks/hello_probe.py), which left the host refusing every
  // later message as "early". A message that came in shows the channel carries; the offerer's
  // end (`createDataChannel`) carries from its `open` event and says hello there, so the
  // answering end always hears one.
  wireManual(pc, channel, peer, connectTimer, answering = false) {
    let linked = false;
    const makeLink = () => {
      if (linked || this.closed) return;
      linked = true;
      this.cancel(connectTimer);
      this.addLink(peer, "manual", (raw) => channel.send(raw), () => { channel.close(); pc.close(); });
    };
    channel.onmessage = (event) => { makeLink(); this.receive(peer, event.data); };
    if (!answering) {
      channel.onopen = makeLink;
      if (channel.readyState === "open") makeLink();
    }
    channel.onclose = () => {
      const link = this.links.get(peer);
      if (link) this.closeLink(link, "lost", false);
    };
    let grace = null;
    pc.onconnectionstatechange = () => {
      const state = pc.connectionState;
      if (state === "disconnected") {
        grace = grace || this.later(DISCONNECT_GRACE_MS, () => {
          grace = null;
          const link = this.links.get(peer);
          if (pc.connectionState === "disconnected" && link) this.closeLink(link, "lost", false);
        });
      } else {
        this.cancel(grace);
        grace = null;
        const link = this.links.get(peer);
        if ((state === "failed" || state === "closed") && link) this.closeLink(link, "lost", false);
      }
    };
  }

  // The host's offer for one guest: `{ok, id, text}`; `text` goes into a QR code or a link.
  async createOffer() {
    if (this.role !== "host") return { ok: false, error: "not_host" };
    let pc;
    try {
      pc = new RTCPeerConnection(this.rtcConfig);
      const channel = pc.createDataChannel("domino", { ordered: true });
      await pc.setLocalDescription(await pc.createOffer());
      await gathered(pc, this.gatherMs);
      const packed = packDescription(pc.localDescription.sdp, "offer");
      if (!packed.ok) { pc.close(); return packed; }
      const id = "o" + hex(randomBytes(6));
      this.offers.set(id, { pc, channel, timer: null });
      return { ok: true, id, text: packed.text };
    } catch (e) {
      if (pc) pc.close();
      return { ok: false, error: "webrtc", detail: String(e) };
    }
  }

  // The guest's answer to the offer `id`: the link opens within the bound or fails with
  // `ice_failed`.
  async acceptAnswer(id, text) {
    const offer = this.offers.get(id);
    if (!offer) return { ok: false, error: "no_offer" };
    const unpacked = unpackDescription(text, "answer");
    if (!unpacked.ok) return unpacked;
    this.offers.delete(id);
    const peer = "manual-" + id;
    const timer = this.later(this.timeoutMs, () => {
      if (this.links.has(peer)) return;
      offer.pc.close();
      this.fail("ice_failed", "", peer);
    });
    this.wireManual(offer.pc, offer.channel, peer, timer);
    try {
      await offer.pc.setRemoteDescription({ type: "answer", sdp: unpacked.sdp });
    } catch (e) {
      this.cancel(timer);
      offer.pc.close();
      return { ok: false, error: "bad_code", detail: String(e) };
    }
    return { ok: true, peer };
  }

  // Forget an offer no guest answered.
  cancelOffer(id) {
    const offer = this.offers.get(id);
    if (offer) { offer.pc.close(); this.offers.delete(id); }
    return { ok: true };
  }

  // The guest's side: the host's offer code in, `{ok, text}` out (the answer code to show).
  // The link opens once the host took the answer, or fails with `not_connected` after
  // manualWaitMs (the guest cannot tell a host that never took it from blocked networks).
  async acceptOffer(text) {
    if (this.role !== "guest") return { ok: false, error: "not_guest" };
    const unpacked = unpackDescription(text, "offer");
    if (!unpacked.ok) return unpacked;
    let pc;
    try {
      pc = new RTCPeerConnection(this.rtcConfig);
      const peer = "manual-host-" + hex(randomBytes(4));
      const timer = this.later(this.manualWaitMs, () => {
        if (this.links.has(peer)) return;
        pc.close();
        this.fail("not_connected", "", peer);
      });
      pc.ondatachannel = (event) => this.wireManual(pc, event.channel, peer, timer, true);
      await pc.setRemoteDescription({ type: "offer", sdp: unpacked.sdp });
      await pc.setLocalDescription(await pc.createAnswer());
      await gathered(pc, this.gatherMs);
      const packed = packDescription(pc.localDescription.sdp, "answer");
      if (!packed.ok) { pc.close(); this.cancel(timer); return packed; }
      return { ok: true, peer, text: packed.text };
    } catch (e) {
      if (pc) pc.close();
      return { ok: false, error: "bad_code", detail: String(e) };
    }
  }

  // ------------------------------------------------------------------- the page's calls

  // Send `text` to `peer` (the host: any guest's id; a guest: its host's id). `too_large`
  // above maxBytes, `not_open` when there is no open link to that peer.
  send(peer, text) {
    const link = this.links.get(peer);
    if (!link || !link.open) return { ok: false, error: "not_open" };
    const body = String(text);
    if (byteLength(body) > this.maxBytes) return { ok: false, error: "too_large" };
    if (!link.heard) this.sendRaw(link, this.hello());
    return this.sendRaw(link, envelope("m", body)) ? { ok: true } : { ok: false, error: "not_open" };
  }

  // Close the link to `peer` (the host removes a guest): the other side gets a `close` event
  // with reason `left` and `said` "removed".
  close(peer) {
    const link = this.links.get(peer);
    if (!link) return { ok: false, error: "not_open" };
    this.closeLink(link, "removed", true);
    return { ok: true };
  }

  // The open links' peers.
  peers() {
    return { ok: true, peers: [...this.links.values()].filter((l) => l.open).map((l) => l.peer) };
  }

  // What went over the links: messages and bytes both ways (envelopes included), and the
  // refused messages by reason.
  stats() {
    return { ok: true, ...this.counts, refused: { ...this.counts.refused } };
  }

  // Leave the table: every link closed (each peer told bye), the room left, timers stopped.
  leave() {
    for (const link of [...this.links.values()]) this.closeLink(link, "removed", true);
    for (const id of [...this.offers.keys()]) this.cancelOffer(id);
    this.leaveRoom();
    this.closed = true;
    for (const timer of [...this.timers]) this.cancel(timer);
    return { ok: true };
  }
}

// A table as its host (`options`: see Table). Signalling through the relays starts at once
// unless `relays` is false; manual offers are made with `createOffer`.
export async function host(options) {
  return open({ ...plain(options || {}), role: "host" });
}

// A table as a guest: through the relays (with the invitation `code`) unless `relays` is
// false; or with a host's offer code through `acceptOffer`.
export async function join(options) {
  return open({ ...plain(options || {}), role: "guest" });
}

// Options may come from Python as Maps (Pyodide's and MicroPython's `to_js` of a dict):
// read them as plain objects, all the way down.
function plain(value) {
  if (value instanceof Map) return Object.fromEntries([...value].map(([k, v]) => [k, plain(v)]));
  if (Array.isArray(value)) return value.map(plain);
  if (value && typeof value === "object" && Object.getPrototypeOf(value) === Object.prototype) {
    return Object.fromEntries(Object.entries(value).map(([k, v]) => [k, plain(v)]));
  }
  return value;
}

async function open(options) {
  try {
    if (typeof RTCPeerConnection === "undefined") return { ok: false, error: "no_webrtc" };
    const table = new Table(plain(options));
    if (table.relays !== false) {
      const started = await table.startRelays();
      if (!started.ok) return started;
    }
    return { ok: true, table };
  } catch (e) {
    return { ok: false, error: "webrtc", detail: String(e) };
  }
}

// --------------------------------------------------------------------------- manual codes

// Wait until the connection gathered its addresses (non-trickle ICE), at most `ms`: the
// addresses gathered by then go into the code. A code with no address can be answered only
// when the other side has one, and never when neither has, so past `ms` the wait goes on until
// the first address a code can carry, at most GATHER_EXTRA times `ms` in all: a busy phone may
// take longer than the bound for its first address, and a code that cannot connect is worse
// than a code that came a few seconds later. A network that gives no address at all (every
// route blocked) still gets its code, without one, at the end of that longer bound.
const GATHER_EXTRA = 4;

function gathered(pc, ms) {
  if (pc.iceGatheringState === "complete") return Promise.resolve();
  const hasAddress = () => {
    const sdp = (pc.localDescription && pc.localDescription.sdp) || "";
    for (const [, text] of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
      if (packCandidate(text.trim())) return true;
    }
    return false;
  };
  return new Promise((resolve) => {
    let bounded = false;
    const done = () => {
      clearTimeout(timer);
      clearTimeout(last);
      pc.removeEventListener("icegatheringstatechange", check);
      pc.removeEventListener("icecandidate", found);
      resolve();
    };
    const check = () => { if (pc.iceGatheringState === "complete") done(); };
    const found = () => { if (bounded && hasAddress()) done(); };
    const timer = setTimeout(() => { bounded = true; if (hasAddress()) done(); }, ms);
    const last = setTimeout(done, ms * GATHER_EXTRA);
    pc.addEventListener("icegatheringstatechange", check);
    pc.addEventListener("icecandidate", found);
  });
}

// A description packs into bytes, then base64url (URL- and QR-safe):
//   0: the code's version (1)    1: flags: bit 0 an answer, bits 1-2 DTLS setup
//   ICE ufrag and password, each a length byte and ASCII
//   32 bytes: the DTLS certificate's SHA-256 fingerprint
//   a count byte, then per candidate: a byte (bits 0-1 host/srflx/prflx/relay, bits 2-3 IPv4 /
//   IPv6 / mDNS name), the address (4, 16 or 16 bytes: an mDNS name is a UUID), the port (2).
// Everything else of the SDP is the same in every data-only session and is written back on
// the other side. Only UDP candidates of component 1 are kept, at most MAX_CANDIDATES.
const CODE_VERSION = 1;
const MAX_CANDIDATES = 8;
const SETUPS = ["actpass", "active", "passive"];
const CANDIDATE_TYPES = ["host", "srflx", "prflx", "relay"];
const TYPE_PREFERENCE = { host: 126, prflx: 110, srflx: 100, relay: 0 };

function packDescription(sdp, type) {
  const line = (name) => {
    const found = sdp.match(new RegExp("^a=" + name + ":(.*)$", "m"));
    return found ? found[1].trim() : null;
  };
  const ufrag = line("ice-ufrag");
  const pwd = line("ice-pwd");
  const fingerprint = line("fingerprint");
  const setup = SETUPS.indexOf(line("setup"));
  const mid = line("mid");
  if (!ufrag || !pwd || !fingerprint || setup < 0 || mid !== "0" || ufrag.length > 255 || pwd.length > 255) {
    return { ok: false, error: "unexpected_sdp" };
  }
  const [algorithm, digest] = fingerprint.split(" ");
  if (algorithm.toLowerCase() !== "sha-256") return { ok: false, error: "unexpected_sdp" };
  const fp = digest.split(":").map((h) => parseInt(h, 16));
  if (fp.length !== 32 || fp.some((b) => !(b >= 0 && b < 256))) return { ok: false, error: "unexpected_sdp" };
  const candidates = [];
  for (const [, text] of sdp.matchAll(/^a=candidate:(.*)$/gm)) {
    const c = packCandidate(text.trim());
    if (c && candidates.length < MAX_CANDIDATES && !candidates.some((d) => d.join() === c.join())) candidates.push(c);
  }
  const bytes = [CODE_VERSION, (type === "answer" ? 1 : 0) | (setup << 1)];
  for (const text of [ufrag, pwd]) bytes.push(text.length, ...encoder.encode(text));
  bytes.push(...fp, candidates.length);
  for (const c of candidates) bytes.push(...c);
  return { ok: true, text: toBase64Url(bytes) };
}

// One candidate line (after `a=candidate:`) as bytes, or null when it cannot be packed.
function packCandidate(text) {
  const f = text.split(/\s+/);
  if (f.length < 8 || f[1] !== "1" || f[2].toLowerCase() !== "udp" || f[6] !== "typ") return null;
  const type = CANDIDATE_TYPES.indexOf(f[7]);
  const port = Number(f[5]);
  if (type < 0 || !(port > 0 && port < 65536)) return null;
  const address = f[4];
  let form;
  let bytes;
  if (/^\d+\.\d+\.\d+\.\d+$/.test(address)) {
    form = 0;
    bytes = address.split(".").map(Number);
    if (bytes.some((b) => b > 255)) return null;
  } else if (address.includes(":")) {
    form = 1;
    bytes = ipv6Bytes(address);
    if (!bytes) return null;
  } else {
    const uuid = address.toLowerCase().match(/^([0-9a-f]{8})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{4})-([0-9a-f]{12})\.local$/);
    if (!uuid) return null;
    form = 2;
    bytes = uuid.slice(1).join("").match(/../g).map((h) => parseInt(h, 16));
  }
  return [type | (form << 2), ...bytes, port >> 8, port & 255];
}

function ipv6Bytes(address) {
  const [head, tail, extra] = address.split("::");
  if (extra !== undefined) return null;
  const groups = (s) => (s ? s.split(":") : []);
  const h = groups(head);
  const t = tail === undefined ? [] : groups(tail);
  const missing = 8 - h.length - t.length;
  if (tail === undefined ? missing !== 0 : missing < 1) return null;
  const all = [...h, ...Array(tail === undefined ? 0 : missing).fill("0"), ...t];
  if (all.some((g) => !/^[0-9a-fA-F]{1,4}$/.test(g))) return null;
  return all.flatMap((g) => { const n = parseInt(g, 16); return [n >> 8, n & 255]; });
}

function unpackDescription(text, type) {
  const bytes = fromBase64Url(String(text ?? "").trim());
  if (!bytes || bytes.length < 2 || bytes[0] !== CODE_VERSION) return { ok: false, error: "bad_code" };
  const isAnswer = (bytes[1] & 1) === 1;
  const setup = SETUPS[(bytes[1] >> 1) & 3];
  if (isAnswer !== (type === "answer") || !setup) return { ok: false, error: "bad_code" };
  let at = 2;
  const take = (n) => {
    if (at + n > bytes.length) throw new Error("short");
    const part = bytes.slice(at, at + n);
    at += n;
    return part;
  };
  try {
    const ufrag = decoder.decode(take(take(1)[0]));
    const pwd = decoder.decode(take(take(1)[0]));
    const fp = Array.from(take(32), (b) => b.toString(16).toUpperCase().padStart(2, "0")).join(":");
    const count = take(1)[0];
    if (!/^[A-Za-z0-9+/]{4,256}$/.test(ufrag) || !/^[A-Za-z0-9+/]{22,256}$/.test(pwd) || count > MAX_CANDIDATES) {
      return { ok: false, error: "bad_code" };
    }
    const lines = [];
    for (let i = 0; i < count; i += 1) {
      const flags = take(1)[0];
      const kind = CANDIDATE_TYPES[flags & 3];
      const form = (flags >> 2) & 3;
      let address;
      if (form === 0) address = Array.from(take(4)).join(".");
      else if (form === 1) address = ipv6Text(take(16));
      else if (form === 2) {
        const h = hex(take(16));
        address = `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}.local`;
      } else return { ok: false, error: "bad_code" };
      const [hi, lo] = take(2);
      const port = (hi << 8) | lo;
      const priority = TYPE_PREFERENCE[kind] * 2 ** 24 + (65535 - i) * 2 ** 8 + 255;
      const related = kind === "host" ? "" : " raddr 0.0.0.0 rport 0";
      lines.push(`a=candidate:${i + 1} 1 udp ${priority} ${address} ${port} typ ${kind}${related} generation 0`);
    }
    if (at !== bytes.length) return { ok: false, error: "bad_code" };
    const sdp = [
      "v=0",
      `o=- ${Date.now()} 2 IN IP4 127.0.0.1`,
      "s=-",
      "t=0 0",
      "a=group:BUNDLE 0",
      "a=msid-semantic: WMS",
      "m=application 9 UDP/DTLS/SCTP webrtc-datachannel",
      "c=IN IP4 0.0.0.0",
      `a=ice-ufrag:${ufrag}`,
      `a=ice-pwd:${pwd}`,
      `a=fingerprint:sha-256 ${fp}`,
      `a=setup:${setup}`,
      "a=mid:0",
      "a=sctp-port:5000",
      "a=max-message-size:262144",
      ...lines,
      "a=end-of-candidates",
      "",
    ].join("\r\n");
    return { ok: true, sdp, candidates: count };
  } catch (e) {
    return { ok: false, error: "bad_code" };
  }
}

function ipv6Text(bytes) {
  const groups = [];
  for (let i = 0; i < 16; i += 2) groups.push(((bytes[i] << 8) | bytes[i + 1]).toString(16));
  return groups.join(":");
}

function toBase64Url(bytes) {
  return btoa(String.fromCharCode(...bytes)).replace(/\+/g, "-").replace(/\//g, "_").replace(/=+$/, "");
}

function fromBase64Url(text) {
  if (!/^[A-Za-z0-9_-]*$/.test(text) || text.length > 4096) return null;
  try {
    const binary = atob(text.replace(/-/g, "+").replace(/_/g, "/"));
    return Uint8Array.from(binary, (c) => c.charCodeAt(0));
  } catch (e) {
    return null;
  }
}

// What a code holds (for tests and the settings' diagnostics): its kind, candidates, size.
export function inspectCode(text) {
  const offer = unpackDescription(text, "offer");
  const read = offer.ok ? offer : unpackDescription(text, "answer");
  if (!read.ok) return read;
  return { ok: true, type: offer.ok ? "offer" : "answer", candidates: read.candidates, chars: String(text).trim().length, sdp: read.sdp };
}

// --------------------------------------------------------------------------- QR codes

// Draw `text` (an invitation link, an offer or an answer code) as a QR code on `canvas`,
// one canvas pixel per module with a quiet zone of 4 modules: the page scales the canvas with
// CSS (`image-rendering: pixelated`). Error correction M where the text fits, L otherwise.
export function drawQr(canvas, text) {
  try {
    const code = generate(String(text), { minCorrectionLevel: 1 });
    code.toCanvas(canvas, { padX: 4, padY: 4 });
    return { ok: true, size: code.size };
  } catch (e) {
    return { ok: false, error: "qr", detail: String(e) };
  }
}

// The QR code's modules as rows of "1"/"0" (no quiet zone): for tests and for drawing it
// some other way.
export function qrRows(text) {
  try {
    const code = generate(String(text), { minCorrectionLevel: 1 });
    const rows = [];
    for (let y = 0; y < code.size; y += 1) {
      let row = "";
      for (let x = 0; x < code.size; x += 1) row += code.get(x, y) ? "1" : "0";
      rows.push(row);
    }
    return { ok: true, size: code.size, rows };
  } catch (e) {
    return { ok: false, error: "qr", detail: String(e) };
  }
}
