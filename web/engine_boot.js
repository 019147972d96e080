// The engine worker's start from a memory snapshot made on this device (DECISIONS W-61), in
// plain JavaScript beside boot.js. web/page/link.py asks `dominoSnapshot.start` before it
// creates PyScript's worker:
//
// - a snapshot of this build is stored: a plain module worker (web/worker/snapshot.mjs)
//   restores it and runs web/worker/worker.py, and once that worker says it is listening it
//   becomes the engine's channel (`dominoBoot.engine.attach`), answering "snapshot"; any
//   failure (a throw, no answer within RESTORE_TIMEOUT_MS, another build) ends that worker,
//   deletes the snapshot and answers "pyscript": link.py then starts PyScript's worker in the
//   same page load, as on a first visit;
// - none is stored: "pyscript" at once, and once the page is idle a hidden worker makes one
//   (`watchIdle`), which is kept for the next loads of this build.
//
// `html[data-engine-boot]` says which start the engine had ("snapshot", "pyscript", or
// "fallback": PyScript's after a failed restore); `html[data-engine-snapshot]` what became of
// this load's snapshot ("making", "stored", "failed", "stopped": the player left the menu).
// Snapshots live in their own IndexedDB database (DB_NAME), never in the service worker's
// caches, and are never downloaded: the site's files are the same as without them.
const DB_NAME = "domino-engine";
const STORE = "snapshots";
const RESTORE_TIMEOUT_MS = 15000;
const STORAGE_TIMEOUT_MS = 3000;
const MAKE_TIMEOUT_MS = 120000;
// The page is idle when the menu is shown (or the page hidden), no answer of the engine is
// awaited and nothing came from it for IDLE_MS: no computer is thinking (a computer's move
// comes within its time cap, 2.5 s, of the answer that started it).
const IDLE_MS = 3000;
const POLL_MS = 500;
const MAX_TRIES = 3;  // makes started in one page load (each stopped one counts)
// A device whose snapshots of a build failed to restore this many times makes no more of it:
// one damaged snapshot is replaced, but a device where restoring fails every time (pyodide#6254,
// memory) does not pay for a failed restore and a new snapshot on every load.
const MAX_FAILURES = 2;

const html = document.documentElement;

// One IndexedDB request as a promise.
function done(request) {
  return new Promise((resolve, reject) => {
    request.onsuccess = () => resolve(request.result);
    request.onerror = () => reject(request.error);
  });
}

function openDb() {
  const request = indexedDB.open(DB_NAME, 1);
  request.onupgradeneeded = () => request.result.createObjectStore(STORE);
  return done(request);
}

// Runs `fn(store)` in one transaction and resolves with its result once the transaction ends.
async function withStore(mode, fn) {
  const db = await openDb();
  try {
    const tx = db.transaction(STORE, mode);
    const result = await fn(tx.objectStore(STORE));
    await new Promise((resolve, reject) => {
      tx.oncomplete = resolve;
      tx.onerror = tx.onabort = () => reject(tx.error);
    });
    return result;
  } finally {
    db.close();
  }
}

// The key of the count of this build's snapshots that failed to restore on this device.
const failuresKey = (build) => "failures:" + build;

// This build's stored snapshot ({build, blob, bytes, made}, or null) and how many of its
// snapshots failed to restore here; every other build's records are deleted on the way (a
// snapshot restores only into the build that made it).
function storedSnapshot(build) {
  return withStore("readwrite", async (store) => {
    for (const key of await done(store.getAllKeys())) {
      if (key !== build && key !== failuresKey(build)) store.delete(key);
    }
    const failures = Number(await done(store.get(failuresKey(build)))) || 0;
    let record = await done(store.get(build));
    if (!(record && record.build === build && record.blob instanceof Blob)) {
      if (record !== undefined) store.delete(build);  // not a snapshot of ours
      record = null;
    }
    return { record, failures };
  });
}

function keep(record) {
  return withStore("readwrite", async (store) => {
    for (const key of await done(store.getAllKeys())) {
      if (key !== record.build && key !== failuresKey(record.build)) store.delete(key);
    }
    store.put(record, record.build);
  });
}

// A snapshot that failed to restore: deleted, and counted (MAX_FAILURES).
function forget(build, failures) {
  return withStore("readwrite", async (store) => {
    store.delete(build);
    store.put(failures, failuresKey(build));
  }).catch(() => {});
}

// A build is named by build-manifest.json's `inputs` (the hash of everything the build reads:
// the wheel, the worker's files, the Pyodide files and their bytecode all follow from it).
function buildKey(manifest) {
  const key = manifest && manifest.inputs;
  if (typeof key !== "string" || !key) throw new Error("build-manifest.json has no inputs");
  return key;
}

// What snapshot.mjs fetches: absolute URLs (the worker resolves against its own folder).
function jobOf(manifest, config) {
  const url = (path) => new URL(path, location.href).href;
  const files = {};
  for (const [from, to] of Object.entries(config.files || {})) files[url(from)] = to;
  return { wheel: url(manifest.wheel), main: url("./worker/worker.py"), files };
}

// Starts snapshot.mjs restoring `snapshot`; resolves with the worker once worker.py listens,
// or rejects (the worker ended) on a failure or after RESTORE_TIMEOUT_MS.
function restore(job, snapshot) {
  const worker = new Worker(new URL("./worker/snapshot.mjs", location.href), { type: "module" });
  return new Promise((resolve, reject) => {
    const fail = (error) => { clearTimeout(timer); worker.terminate(); reject(error); };
    const timer = setTimeout(() => fail(new Error(`no engine within ${RESTORE_TIMEOUT_MS} ms`)),
                             RESTORE_TIMEOUT_MS);
    const first = (event) => {
      const data = event.data;
      if (!data || (data.kind !== "booted" && data.kind !== "failed")) return;
      worker.removeEventListener("message", first);
      if (data.kind === "failed") { fail(new Error(data.error)); return; }
      clearTimeout(timer);
      worker.onerror = null;  // the engine's own errors are no longer a failed start
      resolve(worker);
    };
    worker.addEventListener("message", first);
    worker.onerror = (event) => fail(new Error(event.message || "worker error"));
    worker.postMessage({ ...job, mode: "restore", snapshot });
  });
}

const state = { job: null, build: null, failures: 0, tries: 0, making: null, stop: null,
                lastHeard: 0 };

function mark(key, value) {
  html.dataset[key] = value;
}

// `domino:engine-boot`, a User Timing measure of `start` (the storage read, and the restore
// when there is a snapshot) with the start chosen as detail: for benchmarks and browser tools.
function measure(started, boot) {
  try {
    performance.measure("domino:engine-boot", { start: started, end: performance.now(), detail: { boot } });
  } catch (error) { /* an old browser: no measure */ }
}

function menuShown() {
  const menu = document.getElementById("menu");
  return !!menu && !menu.hidden;
}

function idle(now) {
  const engine = window.dominoBoot.engine;
  return html.dataset.engine === "ready" && engine.waiting.size === 0
    && (menuShown() || document.hidden) && now - state.lastHeard >= IDLE_MS;
}

// Makes this build's snapshot once the page is idle. A make is stopped (its worker ended,
// tried again at the next idle moment, at most MAX_TRIES in a page load) as soon as the
// visible page leaves the menu, so that it never competes with a computer's search.
function watchIdle() {
  const heard = () => { state.lastHeard = performance.now(); };
  heard();
  window.dominoBoot.engine.worker.addEventListener("message", heard);
  const timer = setInterval(() => {
    if (state.making) {
      if (!document.hidden && !menuShown()) {
        state.stop();
        heard();
      }
      return;
    }
    const outcome = html.dataset.engineSnapshot;
    if (outcome === "stored" || outcome === "failed" || state.tries >= MAX_TRIES) {
      clearInterval(timer);
    } else if (idle(performance.now())) {
      makeSnapshot();
    }
  }, POLL_MS);
}

async function makeSnapshot() {
  state.tries += 1;
  mark("engineSnapshot", "making");
  const worker = new Worker(new URL("./worker/snapshot.mjs", location.href), { type: "module" });
  state.making = worker;
  try {
    const data = await new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error("no snapshot within the time limit")), MAKE_TIMEOUT_MS);
      state.stop = () => { clearTimeout(timer); reject(null); };
      worker.onmessage = (event) => {
        clearTimeout(timer);
        if (event.data && event.data.kind === "made") resolve(event.data);
        else reject(new Error(event.data && event.data.error));
      };
      worker.onerror = (event) => { clearTimeout(timer); reject(new Error(event.message || "worker error")); };
      worker.postMessage({ ...state.job, mode: "make" });
    });
    await keep({ build: state.build, blob: data.blob, bytes: data.bytes, ms: data.ms,
                 pyodide: data.pyodide, made: Date.now() });
    mark("engineSnapshot", "stored");
  } catch (error) {
    if (error === null) {
      mark("engineSnapshot", "stopped");  // the player left the menu: tried again later
    } else {
      console.warn("engine snapshot not made:", error);
      mark("engineSnapshot", "failed");
    }
  } finally {
    worker.terminate();
    state.making = null;
    state.stop = null;
  }
}

// Called by link.py with build-manifest.json's text and the PyScript worker's config (its
// `files` are the worker's modules); resolves with "snapshot" when the restored worker is the
// engine's channel, else "pyscript" (never rejects).
async function start(manifestText, configText) {
  const started = performance.now();
  let boot = "pyscript";
  try {
    const manifest = JSON.parse(manifestText);
    state.build = buildKey(manifest);
    state.job = jobOf(manifest, JSON.parse(configText));
    // The storage must not hold up the start: without an answer in time, the usual start.
    const stored = await Promise.race([storedSnapshot(state.build), new Promise((_, reject) => {
      setTimeout(() => reject(new Error("no answer from IndexedDB")), STORAGE_TIMEOUT_MS);
    })]);
    state.failures = stored.failures;
    if (stored.record) {
      try {
        const worker = await restore(state.job, stored.record.blob);
        window.dominoBoot.engine.attach(worker);
        mark("engineBoot", "snapshot");
        measure(started, "snapshot");
        return "snapshot";
      } catch (error) {
        console.warn("engine snapshot not restored, starting normally:", error);
        boot = "fallback";
        state.failures += 1;
        await forget(state.build, state.failures);
      }
    }
  } catch (error) {
    console.warn("engine snapshot skipped:", error);
    state.job = null;  // no snapshot is made in this load either
  }
  mark("engineBoot", boot);
  measure(started, boot);
  // `dominoSnapshotOff` (set before this script by a test harness, e2e/conftest.py) keeps the
  // device from making one: browser tests that are not about the snapshot do not pay a
  // second Pyodide start each.
  if (state.job && state.failures < MAX_FAILURES && !window.dominoSnapshotOff) {
    // The engine answers `ready` through PyScript's worker; then wait for an idle moment.
    const wait = setInterval(() => {
      if (html.dataset.engine === "ready" && window.dominoBoot.engine.worker) {
        clearInterval(wait);
        watchIdle();
      }
    }, POLL_MS);
  }
  return boot;
}

window.dominoSnapshot = { start };
