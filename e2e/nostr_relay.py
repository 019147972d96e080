"""A local Nostr relay for the friends tests and benchmark: rust-nostr's `LocalRelay` (PyPI
`nostr-sdk`, a real relay: NIP-01 subscriptions, tag filters, ephemeral events, signatures
checked), in memory, on the address given.

`python e2e/nostr_relay.py [--addr 127.0.0.1]` prints the relay's URL (`ws://addr:port`) on
its first line, then serves until it is killed or its standard input closes (so that it never
outlives the test that started it). `start_relay()` does that from Python.

RULES.md: none (a test fixture, no rules)
"""

from __future__ import annotations

import argparse
import asyncio
import subprocess
import sys
from pathlib import Path


async def serve(addr: str) -> None:
    """Run the relay on `addr` (a free port), print its URL, and serve until stdin closes."""
    from nostr_sdk import LocalRelayBuilder

    relay = LocalRelayBuilder().addr(addr).build()
    await relay.run()
    print(await relay.url(), flush=True)
    loop = asyncio.get_running_loop()
    # Block (in a thread) until the parent closes our stdin or dies.
    await loop.run_in_executor(None, sys.stdin.read)
    relay.shutdown()


def start_relay(addr: str = "127.0.0.1", timeout: float = 20.0) -> tuple[subprocess.Popen, str]:
    """Start the relay in a child process; returns it and the relay's URL. Stop it with
    `stop_relay`."""
    process = subprocess.Popen(
        [sys.executable, str(Path(__file__).resolve()), "--addr", addr],
        stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True)
    assert process.stdout is not None
    import selectors

    selector = selectors.DefaultSelector()
    selector.register(process.stdout, selectors.EVENT_READ)
    if not selector.select(timeout):
        process.kill()
        raise RuntimeError("the local Nostr relay did not start")
    url = process.stdout.readline().strip()
    if not url.startswith("ws://"):
        process.kill()
        raise RuntimeError(f"the local Nostr relay said {url!r}")
    return process, url


def stop_relay(process: subprocess.Popen) -> None:
    """Stop a relay `start_relay` started."""
    if process.stdin is not None:
        process.stdin.close()
    try:
        process.wait(timeout=5)
    except subprocess.TimeoutExpired:
        process.kill()
        process.wait()


def main() -> None:
    """Command line: serve a relay on --addr."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--addr", default="127.0.0.1")
    args = parser.parse_args()
    asyncio.run(serve(args.addr))


if __name__ == "__main__":
    main()
