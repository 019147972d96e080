// Play with friends, the page's side (issue 24; DECISIONS W-41, W-42): the lobby, the relay
// between the friends' data channels (peer.js) and the host's engine worker, and a guest's
// engine channel to its host. All of it JavaScript: the page's MicroPython never holds a
// friend's message (BROWSER.md: its heap is small); it sees only its own seat's states, as
// from a local worker, and a small summary of the lobby (`onLobby`).
//
// On the data channel, a page's text is one letter and a body: `g` + a text of the game (a
// guest's intent, or the master's answer or update for that guest, relayed unread), `c` + a
// JSON control message of the lobby: a guest's {t: "hello", name, token}; the host's
// {t: "lobby", seat, seats, names, away, standin, started} to each guest, {t: "full"} when no
// seat is free, and {t: "removed"} to a guest the host removed (DECISIONS W-66).
//
// A friend away mid-match (DECISIONS W-65): after GRACE_MS the host's summary says `ask` for
// that seat; the host waits (asked again after WAIT_MS) or lets a computer play the seat
// (`standIn`: the worker's `peer_stand_in`) until the friend is back with its seat token.
//
// Every function returns a plain object ({ok, ...}) or a promise of one and never throws
// (MicroPython cannot catch a JavaScript exception thrown synchronously).

import * as peer from "./peer.js";

const NET_KEY = "domino.friends.net";       // {relays: [urls], stun: [urls], turn: {urls, username, credential}}
const TOKEN_KEY = "domino.friends.token.";  // + code: a guest's seat token for that table
const NAME_KEY = "domino.friends.name";     // the name a player last gave
const TABLE_KEY = "domino.friends.table";   // the host's table once started: {code, seats: [{kind, name, token}]}
// A guest whose host went away tries again every RETRY_MS, at most RETRIES times (the host
// reloading reopens the same room: its code is kept with the table).
const RETRY_MS = 3000;
const RETRIES = 100;
const MAX_NAME = 24;
// What a guest's page sends to its host instead of its own worker: its seat's intents.
const REMOTE_INTENTS = ["play", "next_hand", "hint", "undo", "react"];
// A friend away this long is asked about (wait, or a computer plays); "wait" asks again later.
const GRACE_MS = 20000;
const WAIT_MS = 60000;
// The level of a computer that plays a friend's seat (away, or removed).
const STAND_IN_LEVEL = "medium";
// The ids of a guest's own requests for its history (DECISIONS W-68): the finished match's
// record asked of the host, then kept by this device's worker (`history_add`).
const RECORD_ID = 1900000001;
const KEEP_ID = 1900000002;
// A guest keeps the last state its host sent (its own view: its tiles, the public moves, the
// scores) under SEEN_KEY + code, so that a reload while the host is gone still shows the
// table as it last saw it (DECISIONS W-77). One table's at a time, at most SEEN_MAX
// characters (a state is at most peer.js's 64 KiB); shown when no live state came
// SEEN_WAIT_MS after a reload's join, or when that join failed.
const SEEN_KEY = "domino.friends.seen.";
const SEEN_MAX = 80000;
const SEEN_WAIT_MS = 12000;

const boot = () => window.dominoBoot;

function load(key) {
  try { return localStorage.getItem(key) || ""; } catch (e) { return ""; }
}

function store(key, value) {
  try { localStorage.setItem(key, value); } catch (e) { /* a private window: not kept */ }
}

// The network settings (README "Play with friends"): relays, STUN, TURN.
function network() {
  let net = {};
  try { net = JSON.parse(load(NET_KEY) || "{}") || {}; } catch (e) { net = {}; }
  const relays = Array.isArray(net.relays) && net.relays.length ? net.relays.map(String) : null;
  const ice = {};
  if (Array.isArray(net.stun)) ice.stun = net.stun.map(String);
  if (net.turn && net.turn.urls) ice.turn = net.turn;
  return { relays, ice };
}

function cleanName(text) {
  return String(text ?? "").replace(/[\u0000-\u001f\u007f<>]/g, "").trim().slice(0, MAX_NAME);
}

const hexToken = () => Array.from(crypto.getRandomValues(new Uint8Array(16)),
  (b) => b.toString(16).padStart(2, "0")).join("");

function inviteLink(code) {
  return location.origin + location.pathname + "#friends=" + code;
}

const friends = {
  role: null,        // "host" | "guest" | null
  table: null,       // peer.js's table
  code: null,
  onLobby: null,     // MicroPython's `friends.on_lobby(text)`
  onFresh: null,     // MicroPython's `friends.on_fresh(text)`: a guest's first state after a join
  failure: "",       // the last connection failure's reason code
  // The host's lobby: one entry per seat {kind: "host" | "friend" | "ai", name, device,
  // token, away, ask (the host is asked whether a computer plays it), standin (a computer
  // plays it), removed (its friend was removed mid-match), timer}; `devices`: peer id -> seat.
  seats: [],
  revoked: new Set(),  // the seat tokens of removed friends: refused when they come back
  devices: new Map(),
  started: false,
  refused: 0,
  // A guest's side: its host's peer id, its seat, the lobby as the host last said it.
  hostPeer: null,
  joining: null,     // the join under way (a promise of its outcome), see `join`
  lobby: null,
  fresh: true,       // the next game text is the first since this guest joined
  retries: 0,
  seen: false,       // the table shown is the one this guest last saw (kept), not a live one
  live: false,       // a state came from the host since this page loaded
  onSeen: null,      // MicroPython's `friends.on_seen(text)`: the kept state, to show read-only

  // ---------------------------------------------------------------- both

  tell() {
    if (!this.onLobby) return;
    try { this.onLobby(JSON.stringify(this.summary())); } catch (e) { console.error(e); }
  },

  // What the page's lobby screen shows (small: names and seats, never a game text).
  summary() {
    if (this.role === "host") {
      return {
        role: "host", code: this.code, link: this.code ? inviteLink(this.code) : "",
        spoken: this.code ? peer.showCode(this.code).text : "",
        seats: this.seats.map((s) => s.kind), names: this.seats.map((s) => s.name || ""),
        away: this.seats.map((s) => !!s.away), seat: 0, started: this.started,
        ask: this.seats.map((s) => !!s.ask), standin: this.seats.map((s) => !!s.standin),
        devices: Object.fromEntries([...this.devices].map(([d, s]) => [d, s])),
        failure: this.failure,
      };
    }
    const lobby = this.lobby || {};
    return {
      role: this.role || "", code: this.code || "", seat: lobby.seat ?? null,
      seats: lobby.seats || [], names: lobby.names || [], away: lobby.away || [],
      standin: lobby.standin || [], seen: this.seen,
      started: !!lobby.started, connected: !!this.hostPeer, full: !!lobby.full,
      failure: this.failure,
    };
  },

  savedName() { return load(NAME_KEY); },

  // The network settings as the lobby's form shows them: relays and STUN servers one per
  // line, the TURN server's URL, user name and credential.
  networkText() {
    let net = {};
    try { net = JSON.parse(load(NET_KEY) || "{}") || {}; } catch (e) { net = {}; }
    const turn = net.turn || {};
    const urls = Array.isArray(turn.urls) ? turn.urls[0] : turn.urls;
    return JSON.stringify({
      relays: (Array.isArray(net.relays) ? net.relays : []).join("\n"),
      stun: (Array.isArray(net.stun) ? net.stun : peer.DEFAULT_STUN).join("\n"),
      turn: urls || "", user: turn.username || "", credential: turn.credential || "",
      defaultRelays: peer.DEFAULT_RELAYS.slice(0, 5).join("\n"),
    });
  },

  // Keep the settings the form gives (JSON of networkText's fields); an empty relay list is
  // the default one. `bad_url` when an address is not a ws(s), stun or turn(s) URL.
  setNetwork(text) {
    let form;
    try { form = JSON.parse(text); } catch (e) { return { ok: false, error: "bad_url" }; }
    const lines = (value) => String(value || "").split(/[\s,]+/).filter(Boolean).slice(0, 16);
    const relays = lines(form.relays);
    const stun = lines(form.stun);
    const turn = String(form.turn || "").trim();
    if (relays.some((u) => !/^wss?:\/\/\S+$/.test(u)) || stun.some((u) => !/^stuns?:\S+$/.test(u))
        || (turn && !/^turns?:\S+$/.test(turn))) {
      return { ok: false, error: "bad_url" };
    }
    const net = { relays, stun };
    if (turn) net.turn = { urls: turn, username: String(form.user || ""), credential: String(form.credential || "") };
    store(NET_KEY, JSON.stringify(net));
    return { ok: true };
  },

  // Whether this browser holds a seat token for the table of `code` (it sat there before:
  // a reload joins again at once).
  hasToken(code) {
    const read = peer.readCode(code);
    return read.ok && /^[0-9a-f]{32}$/.test(load(TOKEN_KEY + read.code));
  },

  drawQr(canvasId, text) {
    const canvas = document.getElementById(canvasId);
    if (!canvas) return { ok: false, error: "no_canvas" };
    return peer.drawQr(canvas, text);
  },

  // Share the invitation with the Web Share API where the browser has it, else copy it.
  async share(text, title) {
    try {
      if (navigator.share) { await navigator.share({ title, text, url: inviteLink(this.code) }); return { ok: true, how: "shared" }; }
    } catch (e) {
      if (e && e.name === "AbortError") return { ok: false, error: "cancelled" };
    }
    return this.copy();
  },

  async copy() {
    try { await navigator.clipboard.writeText(inviteLink(this.code)); return { ok: true, how: "copied" }; } catch (e) { return { ok: false, error: "clipboard" }; }
  },

  leave() {
    for (const entry of this.seats) clearTimeout(entry.timer);
    if (this.table) this.table.leave();
    this.table = null;
    this.role = null;
    this.started = false;
    this.devices = new Map();
    this.hostPeer = null;
    this.lobby = null;
    boot().engine.onPeer = null;
    boot().engine.remote = null;
    return { ok: true };
  },

  // ---------------------------------------------------------------- the host

  // Open a table: `planText` is JSON {kinds: per seat "host" | "friend" | "ai", name}.
  async host(planText) {
    let plan;
    try { plan = JSON.parse(planText); } catch (e) { return { ok: false, error: "bad_plan" }; }
    this.leave();
    const name = cleanName(plan.name);
    if (name) store(NAME_KEY, name);
    this.seats = (plan.kinds || []).map((kind, i) => ({
      kind: ["host", "friend", "ai"].includes(kind) ? kind : "ai",
      name: i === 0 ? name : "", device: null, token: null, away: false,
    }));
    this.revoked = new Set();
    this.code = plan.code && peer.readCode(plan.code).ok ? peer.readCode(plan.code).code : peer.newCode().code;
    this.failure = "";
    const { relays, ice } = network();
    const made = await peer.host({ code: this.code, relays: relays || undefined, ice, onEvent: (e) => this.hostEvent(e) });
    if (!made.ok) return made;
    this.table = made.table;
    this.role = "host";
    boot().engine.onPeer = (device, text) => this.toGuest(device, text);
    this.tell();
    return { ok: true, ...this.summary() };
  },

  // The links' comings and goings (not their messages), the last 40: for whoever debugs a
  // table that will not connect (the console, tests).
  history: [],

  note(event) {
    if (event.type === "message") return;
    this.history.push({ at: Math.round(performance.now()), type: event.type, peer: event.peer, reason: event.reason || event.error || "", said: event.said || "" });
    if (this.history.length > 40) this.history.shift();
  },

  hostEvent(event) {
    this.note(event);
    if (event.type === "message") this.fromGuest(event.peer, event.text);
    else if (event.type === "close") this.guestGone(event.peer);
    else if (event.type === "refused") this.refused += 1;
    else if (event.type === "failure") { this.failure = event.error; this.tell(); }
  },

  fromGuest(device, text) {
    const kind = text[0];
    const body = text.slice(1);
    if (kind === "g") {
      // Only a seated guest's text reaches the master, which judges it as that seat's.
      if (this.started && this.devices.has(device)) boot().engine.fromPeer(device, body);
      else this.refused += 1;
      return;
    }
    if (kind !== "c") { this.refused += 1; return; }
    let message = null;
    try { message = JSON.parse(body); } catch (e) { message = null; }
    if (!message || message.t !== "hello" || typeof message.token !== "string" || message.token.length > 64) {
      this.refused += 1;
      return;
    }
    this.seatGuest(device, cleanName(message.name), message.token);
  },

  // A guest said hello: its own seat again when its token is known (a reload, a new
  // network), else the first free friend's seat, else the table is full.
  seatGuest(device, name, token) {
    if (this.devices.has(device)) return;
    if (this.revoked.has(token)) {
      this.table.send(device, "c" + JSON.stringify({ t: "removed" }));
      setTimeout(() => this.table && this.table.close(device), 200);
      return;
    }
    let seat = this.seats.findIndex((s) => s.kind === "friend" && s.token === token);
    const back = seat >= 0;
    if (!back) seat = this.seats.findIndex((s) => s.kind === "friend" && !s.token && !s.removed);
    if (seat < 0) {
      this.table.send(device, "c" + JSON.stringify({ t: "full" }));
      setTimeout(() => this.table && this.table.close(device), 200);
      return;
    }
    const entry = this.seats[seat];
    const old = entry.device;
    entry.device = device;
    entry.token = token;
    entry.name = name || entry.name;
    entry.away = false;
    entry.ask = false;
    entry.standin = false;  // the master gives the seat back at its next turn
    clearTimeout(entry.timer);
    if (old) this.devices.delete(old);
    this.devices.set(device, seat);
    if (this.started) {
      const worker = boot().engine.worker;
      if (old) worker.postMessage(JSON.stringify({ type: "peer_leave", device: old, v: 2 }));
      worker.postMessage(JSON.stringify({ type: "peer_join", device, seat, v: 2 }));
    }
    this.broadcast();
  },

  guestGone(device) {
    const seat = this.devices.get(device);
    if (seat === undefined) return;
    const entry = this.seats[seat];
    if (this.started) {
      entry.away = true;  // the seat stays theirs: the token brings them back
      this.askLater(seat, GRACE_MS);
    } else {
      this.devices.delete(device);
      Object.assign(entry, { device: null, token: null, name: "", away: false });
    }
    this.broadcast();
  },

  // Ask the host about the away friend of `seat` after `ms`, unless it is back by then or a
  // computer plays its seat already.
  askLater(seat, ms) {
    const entry = this.seats[seat];
    clearTimeout(entry.timer);
    entry.ask = false;
    entry.timer = setTimeout(() => {
      if (this.role !== "host" || !entry.away || entry.standin || entry.removed) return;
      entry.ask = true;
      this.broadcast();
    }, ms);
  },

  // The host waits for the away friend of `seat`: asked again after WAIT_MS.
  waitFor(seat) {
    const entry = this.seats[Number(seat)];
    if (!entry || !entry.away) return { ok: false, error: "not_away" };
    this.askLater(Number(seat), WAIT_MS);
    this.broadcast();
    return { ok: true };
  },

  // A computer plays the away friend's `seat` until the friend is back.
  standIn(seat) {
    const entry = this.seats[Number(seat)];
    if (!this.started || !entry || entry.kind !== "friend" || !entry.away) return { ok: false, error: "not_away" };
    clearTimeout(entry.timer);
    Object.assign(entry, { ask: false, standin: true });
    boot().engine.worker.postMessage(JSON.stringify({ type: "peer_stand_in", seat: Number(seat), level: STAND_IN_LEVEL, v: 2 }));
    this.broadcast();
    return { ok: true };
  },

  // The host removes the friend of `seat` (DECISIONS W-66): its link is closed with a word
  // for it, its seat token refused from now on. Before the start the seat is free again;
  // mid-match a computer plays it to the end of the match (`kind` then says "ai" for the
  // next match at this table).
  remove(seat) {
    const entry = this.seats[Number(seat)];
    if (!entry || entry.kind !== "friend" || entry.removed || (!entry.device && !entry.token)) return { ok: false, error: "no_friend" };
    if (entry.token) this.revoked.add(entry.token);
    const device = entry.device;
    clearTimeout(entry.timer);
    if (device && this.table) {
      this.table.send(device, "c" + JSON.stringify({ t: "removed" }));
      setTimeout(() => this.table && this.table.close(device), 200);
    }
    if (device) this.devices.delete(device);
    if (this.started) {
      boot().engine.worker.postMessage(JSON.stringify({ type: "peer_remove", device, level: STAND_IN_LEVEL, v: 2 }));
      Object.assign(entry, { device: null, token: null, away: false, ask: false, standin: true, removed: true });
      this.keepTable();
    } else {
      Object.assign(entry, { device: null, token: null, name: "", away: false });
    }
    this.broadcast();
    return { ok: true };
  },

  // Before the start, a seat nobody took is given to a computer (`kind` "ai") or offered to a
  // friend again ("friend").
  setKind(seat, kind) {
    const entry = this.seats[Number(seat)];
    if (this.started || !entry || entry.kind === "host" || entry.device || !["ai", "friend"].includes(kind)) {
      return { ok: false, error: "taken" };
    }
    entry.kind = kind;
    this.broadcast();
    return { ok: true };
  },

  // The host's name, shown to the guests.
  rename(name) {
    const clean = cleanName(name);
    if (this.seats[0]) this.seats[0].name = clean;
    if (clean) store(NAME_KEY, clean);
    if (this.table) this.broadcast();
    return { ok: true, name: clean };
  },

  // The master's text for a guest, relayed unread.
  toGuest(device, text) {
    if (this.table) this.table.send(device, "g" + text);
  },

  broadcast() {
    const base = this.summary();
    for (const [device, seat] of this.devices) {
      const lobby = { t: "lobby", seat, seats: base.seats, names: base.names, away: base.away, standin: base.standin, started: this.started };
      this.table.send(device, "c" + JSON.stringify(lobby));
    }
    this.tell();
  },

  // The match started (the page's `new_match`, with `devices`, was answered).
  begin() {
    // A new match at the table: a removed friend's seat is a computer's now; no computer
    // plays an away friend's seat until the host says so again.
    this.seats.forEach((entry, seat) => {
      if (entry.removed) Object.assign(entry, { kind: "ai", removed: false, name: "" });
      entry.standin = false;
      if (entry.away) this.askLater(seat, GRACE_MS);
    });
    this.started = true;
    this.keepTable();
    this.broadcast();
    return { ok: true };
  },

  // The started table, kept so that a reload of the host's page reopens it (same code, the
  // guests' seat tokens): the save of the match is the worker's.
  keepTable() {
    const seats = this.seats.map((s) => ({ kind: s.kind, name: s.name || "", token: s.token, removed: !!s.removed }));
    store(TABLE_KEY, JSON.stringify({ code: this.code, seats }));
  },

  // The kept table as text ("" when none), for the page to decide whether a resume reopens it.
  savedTable() {
    return load(TABLE_KEY);
  },

  forgetTable() {
    try { localStorage.removeItem(TABLE_KEY); } catch (e) { /* nothing kept */ }
    return { ok: true };
  },

  // Reopen the kept table after the host's page reloaded and its match was resumed with every
  // friend's seat held by a stand-in device (`away-<seat>`, the master's): the same room, each
  // friend away until their page comes back with its seat token. `standText`: JSON of the
  // seats a computer played before the reload and plays again (the save's, DECISIONS W-74):
  // those are not asked about again.
  async reopen(standText) {
    let kept;
    let standing = {};
    try { standing = JSON.parse(standText || "{}") || {}; } catch (e) { standing = {}; }
    try { kept = JSON.parse(load(TABLE_KEY)); } catch (e) { kept = null; }
    if (!kept || !Array.isArray(kept.seats)) return { ok: false, error: "no_table" };
    const plan = { kinds: kept.seats.map((s) => s.kind), name: (kept.seats[0] || {}).name, code: kept.code };
    const made = await this.host(JSON.stringify(plan));
    if (!made.ok) return made;
    this.started = true;
    kept.seats.forEach((s, seat) => {
      if (s.kind !== "friend") return;
      Object.assign(this.seats[seat], { name: s.name, token: s.token, device: "away-" + seat, away: true });
      this.devices.set("away-" + seat, seat);
      if (s.removed) {  // the removed friend's seat: a computer's again, at once
        this.seats[seat].away = false;
        this.seats[seat].standin = true;
        this.seats[seat].removed = true;
        // (A save of the earlier builds kept no stand-ins: the master is told here.)
        if (!standing[seat]) boot().engine.worker.postMessage(JSON.stringify({ type: "peer_stand_in", seat, level: STAND_IN_LEVEL, v: 2 }));
      } else if (standing[seat]) {
        this.seats[seat].standin = true;  // the computer plays on until the friend is back
      } else {
        this.askLater(seat, GRACE_MS);
      }
    });
    this.broadcast();
    return { ok: true };
  },

  // The manual path (no relay at all, W-27): an offer code for one friend; that friend's
  // answer code, typed or scanned here, opens the link.
  async manualOffer() {
    if (this.role !== "host" || !this.table) return { ok: false, error: "not_host" };
    if (this.offer) this.table.cancelOffer(this.offer.id);
    const made = await this.table.createOffer();
    if (made.ok) this.offer = { id: made.id, text: made.text };
    return made;
  },

  async manualAnswer(text) {
    if (!this.offer || !this.table) return { ok: false, error: "no_offer" };
    const made = await this.table.acceptAnswer(this.offer.id, String(text).replace(/\s/g, ""));
    if (made.ok) this.offer = null;
    return made;
  },

  // ---------------------------------------------------------------- a guest

  // Join the table of `code` (an invitation code) as `name`: the seat token for that table
  // is kept in this browser's storage, so a reload comes back to the same seat.
  //
  // One join at a time (DECISIONS W-154): a second call while one is under way (the
  // invitation's own join and a tap on Join, a retry) waits for it, and where it joined
  // this table takes its outcome. Two at once made two peer.js tables in one Trystero room
  // (Trystero shares a room by its id); the one whose link did not open failed at its bound
  // (`ice_failed`) and left the room, cutting the other's working link mid-hand.
  async join(code, name, again) {
    const read = peer.readCode(code);
    if (!read.ok) return read;
    while (this.joining) {
      const made = await this.joining;
      if (made.ok && this.code === read.code && this.role === "guest" && this.table) return made;
    }
    const run = this.joinNow(read, name, again);
    const pending = run.catch((e) => ({ ok: false, error: "webrtc", detail: String(e) }));
    this.joining = pending;
    try {
      return await run;
    } finally {
      if (this.joining === pending) this.joining = null;  // never another join's
    }
  },

  async joinNow(read, name, again) {
    const lobby = again ? this.lobby : null;  // a retry keeps the table as last seen
    const retries = again ? this.retries : 0;
    this.leave();
    this.role = "guest";
    this.lobby = lobby;
    this.retries = retries;
    this.code = read.code;
    this.failure = "";
    if (!again) { this.seen = false; this.live = false; }
    const clean = cleanName(name);
    if (clean) store(NAME_KEY, clean);
    let token = load(TOKEN_KEY + this.code);
    if (!/^[0-9a-f]{32}$/.test(token)) { token = hexToken(); store(TOKEN_KEY + this.code, token); }
    this.hello = { t: "hello", name: clean, token };
    if (!again) this.awaitSeen();
    const { relays, ice } = network();
    const made = await peer.join({ code: this.code, relays: relays || undefined, ice, onEvent: (e) => this.guestEvent(e) });
    if (!made.ok) return made;
    this.table = made.table;
    this.role = "guest";
    this.tell();
    return { ok: true };
  },

  // A guest's side of the manual path: the host's offer code in, the answer code out (the
  // host types or scans it); the link opens once the host took it.
  async joinByOffer(offer, name) {
    this.leave();
    this.role = "guest";
    this.code = null;
    this.failure = "";
    const clean = cleanName(name);
    if (clean) store(NAME_KEY, clean);
    let token = load(TOKEN_KEY + "manual");
    if (!/^[0-9a-f]{32}$/.test(token)) { token = hexToken(); store(TOKEN_KEY + "manual", token); }
    this.hello = { t: "hello", name: clean, token };
    const { ice } = network();
    const made = await peer.join({ relays: false, ice, onEvent: (e) => this.guestEvent(e) });
    if (!made.ok) return made;
    this.table = made.table;
    const answer = await this.table.acceptOffer(String(offer).replace(/\s/g, ""));
    this.tell();
    return answer;
  },

  guestEvent(event) {
    this.note(event);
    if (event.type === "open") {
      this.hostPeer = event.peer;
      this.failure = "";
      this.retries = 0;
      this.fresh = true;
      this.table.send(event.peer, "c" + JSON.stringify(this.hello));
      this.attachRemote();
      this.tell();
    } else if (event.type === "message" && event.peer === this.hostPeer) {
      this.fromHost(event.text);
    } else if (event.type === "close" && event.peer === this.hostPeer) {
      this.hostPeer = null;
      if (this.failure !== "removed_you") this.failure = event.said === "removed" ? "removed" : "lost";
      this.tell();
      if (this.failure === "lost" && this.lobby && this.lobby.started) this.retry();
    } else if (event.type === "failure") {
      this.failure = event.error;
      if (!this.live) this.showSeen();
      this.tell();
      if (this.lobby && this.lobby.started) this.retry();
    }
  },

  // ---------------------------------------------------------------- the table as last seen

  kept() {
    if (!this.code) return null;
    try {
      const kept = JSON.parse(load(SEEN_KEY + this.code) || "null");
      return kept && typeof kept.state === "string" && kept.lobby && kept.lobby.started ? kept : null;
    } catch (e) { return null; }
  },

  // Each state from the host replaces the kept one (its lobby too: seats and names); a
  // state too large is not kept, and neither is another table's.
  keepSeen(body) {
    if (!this.code || !this.lobby || !this.lobby.started) return;
    const text = JSON.stringify({ lobby: this.lobby, state: body });
    try {
      for (let i = localStorage.length - 1; i >= 0; i--) {
        const key = localStorage.key(i);
        if (key && key.startsWith(SEEN_KEY) && key !== SEEN_KEY + this.code) localStorage.removeItem(key);
      }
    } catch (e) { /* no storage */ }
    if (text.length > SEEN_MAX) this.forgetSeen();
    else store(SEEN_KEY + this.code, text);
  },

  // The match ended (its copy is in the history), or this guest left or was removed.
  forgetSeen() {
    try { if (this.code) localStorage.removeItem(SEEN_KEY + this.code); } catch (e) { /* none kept */ }
    return { ok: true };
  },

  // A reload's join with a kept table: its lobby is the one last seen (so a failure retries
  // as mid-match), and the kept table shows if no live state came in a while.
  awaitSeen() {
    const kept = this.kept();
    if (!kept) return;
    if (!this.lobby) this.lobby = kept.lobby;
    const code = this.code;
    setTimeout(() => { if (this.code === code && this.role === "guest") this.showSeen(); }, SEEN_WAIT_MS);
  },

  showSeen() {
    const kept = this.kept();
    if (this.live || this.seen || !kept || !this.onSeen) return;
    this.seen = true;
    if (!this.lobby) this.lobby = kept.lobby;
    try { this.onSeen(kept.state); } catch (e) { console.error(e); }
    this.tell();
  },

  // "Try again" under the table as last seen: join at once, the tries counted afresh.
  again() {
    if (!this.code || this.hostPeer) return { ok: false, error: "no_table" };
    this.retries = 0;
    this.join(this.code, this.hello ? this.hello.name : load(NAME_KEY), true).then((made) => { if (!made.ok) this.retry(); });
    return { ok: true };
  },

  // The host went away mid-match (its page reloaded, its network changed): join again with
  // the same seat token until it is back.
  retry() {
    if (this.retries >= RETRIES || this.retrying || !this.code) return;
    this.retries += 1;
    this.retrying = true;
    const { code, hello } = this;
    setTimeout(async () => {
      this.retrying = false;
      if (this.role !== "guest" || this.hostPeer || this.code !== code) return;
      const made = await this.join(code, hello.name, true);
      if (!made.ok) this.retry();
    }, RETRY_MS);
  },

  fromHost(text) {
    const kind = text[0];
    const body = text.slice(1);
    if (Array.isArray(window.dominoFriendsRecord)) window.dominoFriendsRecord.push(text);
    if (kind === "c") {
      let message = null;
      try { message = JSON.parse(body); } catch (e) { return; }
      if (message && message.t === "lobby") this.lobby = message;
      else if (message && message.t === "full") this.lobby = { full: true };
      else if (message && message.t === "removed") {
        // The host removed this device: said plainly, its seat token for this table
        // forgotten, no retry.
        this.failure = "removed_you";
        this.lobby = null;
        this.forgetSeen();
        try { localStorage.removeItem(TOKEN_KEY + (this.code || "manual")); } catch (e) { /* none kept */ }
        // Out of the room too, or the relay would bring this device back to the host.
        const table = this.table;
        this.table = null;
        this.hostPeer = null;
        if (table) setTimeout(() => table.leave(), 0);
      }
      this.tell();
      return;
    }
    if (kind !== "g") return;
    let message = null;
    try { message = JSON.parse(body); } catch (e) { return; }
    if (!message || typeof message !== "object") return;
    if (message.type === "match_record" && message.id === RECORD_ID) { this.keepMatch(message); return; }
    if (message.type === "state") {
      this.askRecord(message);
      this.live = true;
      // The match's end is kept too (until its record is in this device's history).
      if (!message.match_over) this.matchKept = false;
      if (!this.matchKept) this.keepSeen(body);
    }
    if (this.fresh && message.type === "state" && this.onFresh) {
      // The first state since this guest (re)joined: taken as a fresh table (its log rebuilt,
      // its state ids the host's, which start again when the host's page reloaded); it
      // replaces a table shown as last seen.
      this.fresh = false;
      try { this.onFresh(body); } catch (e) { console.error(e); }
      if (this.seen) { this.seen = false; this.tell(); }
      return;
    }
    const id = message.id;
    const engine = boot().engine;
    const answer = typeof id === "number" && engine.waiting.has(id);
    engine.receive({ kind: answer ? "answer" : "update", id: answer ? id : undefined, text: body });
  },

  // At the end of the match, its record for this device's history (W-68): asked once per
  // match of the host, replayed and kept by this device's own worker from this seat.
  askRecord(state) {
    if (!state.match_over) { this.recordAsked = false; return; }
    if (this.recordAsked || !this.table || !this.hostPeer) return;
    this.recordAsked = true;
    this.table.send(this.hostPeer, "g" + JSON.stringify({ type: "match_record", id: RECORD_ID, v: 2 }));
  },

  keepMatch(answer) {
    const seat = (this.lobby || {}).seat;
    // The table's names as the host last said them: the history names each player (W-75).
    const names = Array.isArray((this.lobby || {}).names) ? this.lobby.names.map(String) : [];
    const keep = { type: "history_add", record: answer.record, seats: answer.seats, viewer: seat, names, v: 2, id: KEEP_ID };
    boot().engine.worker.postMessage(JSON.stringify(keep));
    this.matchKept = true;
    this.forgetSeen();  // the history holds the match now
  },

  // The page's engine channel sends its seat's intents to the host instead of its worker.
  attachRemote() {
    boot().engine.remote = {
      wants: (type) => this.role === "guest" && REMOTE_INTENTS.includes(type),
      send: (text) => !!(this.table && this.hostPeer && this.table.send(this.hostPeer, "g" + text).ok),
    };
  },
};

window.dominoFriends = friends;
export default friends;
