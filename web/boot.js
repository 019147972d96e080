// Boot helpers for the page, in plain JavaScript because they must run before any Python:
// register the service worker, tell the MicroPython UI when the page is controlled by it (so
// the Pyodide worker starts only then and nothing downloads twice on a first visit), and offer
// the update flow of a new build.
const boot = {
  swState: "none",          // none | unsupported | installing | controlled | failed | timeout
  updateReady: false,
  controlled: null,         // Promise<string>: resolves with swState once Python may start
  applyUpdate() {
    navigator.serviceWorker.getRegistration().then((reg) => {
      if (reg && reg.waiting) reg.waiting.postMessage({ type: "skip-waiting" });
      else location.reload();
    });
  },
  // Resolves in a new browser task (a macrotask), so that Python can let the page breathe
  // between two chunks of work (MicroPython's asyncio.sleep(0) in a task does not).
  nextTask() {
    return new Promise((resolve) => { setTimeout(resolve, 0); });
  },
  // Storage wrappers that never throw (a full or blocked localStorage is reported, not raised).
  save(key, value) {
    try { localStorage.setItem(key, value); return "ok"; } catch (e) { return String(e); }
  },
  load(key) {
    try { const v = localStorage.getItem(key); return v === null ? "" : v; } catch (e) { return ""; }
  },
  remove(key) {
    try { localStorage.removeItem(key); } catch (e) { /* nothing to do */ }
    return "ok";
  },
  // Offers a text as a file download (record export).
  download(name, text) {
    const url = URL.createObjectURL(new Blob([text], { type: "application/json" }));
    const a = document.createElement("a");
    a.href = url; a.download = name; document.body.appendChild(a); a.click(); a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 1000);
    return "ok";
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
  navigator.serviceWorker.register("./sw.js").then((reg) => {
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
