"""The engine worker's own IndexedDB (database `domino`): opened on first use, read and written
one transaction at a time.

Shared by the worker's entry point (web/worker/worker.py: the saved match, read before `ready`) and
the modules it compiles only on first use (web/worker/worker_history.py: the history,
web/worker/worker_review.py: the review's kept verdicts). localStorage does not exist in workers.
"""

import asyncio

import js
from pyodide.ffi import create_proxy

DB_NAME = "domino"
# Version 1 had the store `saves` only; version 2 adds `history`, version 3 `reviews` (an
# older database is upgraded in place: its saved match and its history stay).
DB_VERSION = 3
STORE = "saves"
HISTORY = "history"
REVIEWS = "reviews"
ASIDE_KEY = "set_aside"
# Opening the database may wait for another page's connection ("blocked"): never for long.
OPEN_TIMEOUT_S = 5.0

# A JS promise for one IndexedDB request or transaction: it resolves with the request's result
# on the event `done` and rejects with the target's error on `error` or `abort`.
settled = js.Function.new("target", "done", """
  return new Promise((resolve, reject) => {
    target.addEventListener(done, () => resolve(target.result), { once: true });
    const fail = () => reject(target.error || new Error("the storage request was aborted"));
    target.addEventListener("error", fail, { once: true });
    target.addEventListener("abort", fail, { once: true });
  });""")

_db = {"conn": None, "lock": None, "proxies": []}


def why(exc):
    """A storage failure in words (a DOMException's name and message)."""
    text = str(exc)
    return text if text else type(exc).__name__


async def database():
    """The open IndexedDB connection (opened, and the stores created, on first use)."""
    if _db["lock"] is None:
        _db["lock"] = asyncio.Lock()
    async with _db["lock"]:
        if _db["conn"] is not None:
            return _db["conn"]
        request = js.indexedDB.open(DB_NAME, DB_VERSION)

        def upgrade(event):
            for name in (STORE, HISTORY, REVIEWS):
                if not request.result.objectStoreNames.contains(name):
                    request.result.createObjectStore(name)

        proxy = create_proxy(upgrade)
        request.onupgradeneeded = proxy
        try:
            conn = await asyncio.wait_for(settled(request, "success"), OPEN_TIMEOUT_S)
        except asyncio.TimeoutError:
            raise RuntimeError("the storage did not open (another page holds it)") from None
        finally:
            request.onupgradeneeded = None
            proxy.destroy()

        def closing(event):
            # Another page opens a newer version: let it, and reopen on the next use.
            conn.close()
            forget_connection()

        for old in _db["proxies"]:
            old.destroy()  # the handler of a connection closed before
        watch = create_proxy(closing)
        conn.onversionchange = watch
        _db["conn"] = conn
        _db["proxies"] = [watch]
        return conn


def forget_connection():
    """Drop the connection (closed, or failing): the next request opens a new one."""
    _db["conn"] = None


async def get(key, name=STORE):
    """The text stored under `key` in the store `name`, or None."""
    conn = await database()
    try:
        request = conn.transaction(name, "readonly").objectStore(name).get(key)
        value = await settled(request, "success")
    except Exception:
        forget_connection()
        raise
    return value if isinstance(value, str) else None


async def write(puts, deletes, name=STORE):
    """Store the (key, text) pairs of `puts` and delete the keys of `deletes` in the store
    `name`, in one transaction, and wait until it is committed."""
    conn = await database()
    try:
        tx = conn.transaction(name, "readwrite")
        store = tx.objectStore(name)
        for key, text in puts:
            store.put(text, key)
        for key in deletes:
            store.delete(key)
        await settled(tx, "complete")
    except Exception:
        forget_connection()
        raise


# The keys and the values of a store's rows, all of them or those whose key starts with a text
# prefix (null: all), as two requests of one read transaction.
_requests = js.Function.new("store", "prefix", """
  const range = prefix == null ? undefined : IDBKeyRange.bound(prefix, prefix + "\\uffff");
  return [store.getAllKeys(range), store.getAll(range)];""")


async def items(name=STORE, prefix=None):
    """Every (key, text) of the store `name`, or those whose key starts with `prefix`, in key
    order, in one read transaction."""
    conn = await database()
    try:
        store = conn.transaction(name, "readonly").objectStore(name)
        keys_request, values_request = _requests(store, prefix)
        # Both promises first: the second request's success may come while the first is
        # awaited, and a listener added after it would wait forever.
        keys = settled(keys_request, "success")
        values = settled(values_request, "success")
        keys = (await keys).to_py()
        values = (await values).to_py()
    except Exception:
        forget_connection()
        raise
    return list(zip(keys, values, strict=True))


# Web Locks: a lock per match a worker plays, so that another tab knows that save is taken.
# `hold` resolves with a function that releases the lock, or null when another holds it;
# `held` with the names of the locks held now, by every page and worker of this origin.
_hold = js.Function.new("name", """
  return new Promise((granted) => {
    if (!(self.navigator && navigator.locks)) { granted(() => {}); return; }
    navigator.locks.request(name, { ifAvailable: true }, (lock) => {
      if (!lock) { granted(null); return undefined; }
      return new Promise((release) => granted(release));
    }).catch(() => granted(null));
  });""")
_held = js.Function.new("", """
  if (!(self.navigator && navigator.locks)) return Promise.resolve([]);
  return navigator.locks.query().then(
    (state) => (state.held || []).map((lock) => String(lock.name)), () => []);""")


async def hold(name):
    """Take the Web Lock `name` if no one holds it; returns its release function, or None."""
    release = await _hold(name)
    return None if release is None else release


async def held():
    """The names of the Web Locks held now in this origin (by any tab)."""
    return set((await _held()).to_py())
