"""A network namespace of its own for the friends tests and benchmark (BROWSER.md "Peer to
peer"): WebRTC between two browser contexts must not touch this machine's interfaces.

`rerun_inside(argv)` runs a command (pytest on one test file, a benchmark) again inside a new
network namespace made with `unshare -n` (`unshare -rn` when not root): loopback up and a veth
pair v0 10.77.0.1/24 - v1 10.77.0.2/24 (Chromium gathers no ICE candidate with loopback
alone, and this kernel has veth but not dummy), a default route through v1 so that an address
outside is unreachable at once rather than routed out. The command sees `DOMINO_NETNS=1`
(`INSIDE`). Nothing in the namespace can reach the outside: it has no other interface.

RULES.md: none (test infrastructure)
"""

from __future__ import annotations

import os
import re
import shlex
import shutil
import subprocess
import sys

INSIDE = os.environ.get("DOMINO_NETNS") == "1"
HOST_ADDR = "10.77.0.1"  # the browsers' ICE candidates: v0
PEER_ADDR = "10.77.0.2"  # v1, where nothing listens (an unreachable TURN server, say)

# The command starts only once both ends of the veth pair are up with their IPv6 link-local
# addresses in place (duplicate address detection is off, so none stays "tentative"): an
# address or a link that changes after Chromium has started makes it fail the requests in
# flight with net::ERR_NETWORK_CHANGED (seen once under load: a host page's engine never
# loaded).
SETTLED = ("for _ in $(seq 200); do "
           "ip -o link show v0 | grep -q 'state UP' && ip -o link show v1 | grep -q 'state UP' "
           "&& ip -6 -o addr show dev v0 scope link | grep -v tentative | grep -q inet6 "
           "&& ip -6 -o addr show dev v1 scope link | grep -v tentative | grep -q inet6 "
           "&& break; sleep 0.05; done")
SETUP = (
    "set -e; "
    "sysctl -qw net.ipv6.conf.default.accept_dad=0 net.ipv6.conf.all.accept_dad=0 "
    "2>/dev/null || true; "
    "ip link set lo up; "
    "ip link add v0 type veth peer name v1; "
    f"ip addr add {HOST_ADDR}/24 dev v0; ip addr add {PEER_ADDR}/24 dev v1; "
    "ip link set v0 up; ip link set v1 up; "
    f"ip route add default via {PEER_ADDR} dev v0; "
    + SETTLED
)


def unshare_command() -> list[str]:
    """`unshare -n` as root, `unshare -rn` (a user namespace too) otherwise."""
    return ["unshare", "-n"] if os.geteuid() == 0 else ["unshare", "-rn"]


def why_not() -> str | None:
    """None when a namespace with a veth pair can be made here, else the reason it cannot."""
    if shutil.which("unshare") is None:
        return "unshare (util-linux) is not installed"
    if shutil.which("ip") is None:
        return "ip (iproute2) is not installed"
    try:
        result = subprocess.run([*unshare_command(), "bash", "-c", SETUP],
                                capture_output=True, text=True, timeout=30)
    except (OSError, subprocess.TimeoutExpired) as exc:
        return f"unshare failed: {exc}"
    if result.returncode != 0:
        return f"cannot make a network namespace with a veth pair: {result.stderr.strip()}"
    return None


def rerun_inside(argv: list[str], timeout: float,
                 cwd: str | None = None) -> subprocess.CompletedProcess:
    """Run `argv` inside a fresh namespace (`SETUP`), with DOMINO_NETNS=1; returns its result
    with stdout and stderr captured (as text)."""
    script = SETUP + "; exec " + shlex.join(argv)
    env = dict(os.environ, DOMINO_NETNS="1")
    return subprocess.run([*unshare_command(), "bash", "-c", script], env=env, cwd=cwd,
                          capture_output=True, text=True, timeout=timeout)


def run_file_inside(path: str, least: int, timeout: float, cwd: str,
                     options: tuple[str, ...] = ()) -> None:
    """The outer test of a file whose tests run only in a namespace: run pytest on `path`
    again inside one (`options` added) and fail unless that run passed with at least `least`
    tests; skipped when already inside or when no namespace can be made here."""
    import pytest

    if INSIDE:
        pytest.skip("already inside the namespace")
    reason = why_not()
    if reason is not None:
        pytest.skip(f"cannot make a network namespace here: {reason}")
    result = rerun_inside([sys.executable, "-m", "pytest", path, "-q", *options,
                           "-p", "no:cacheprovider", "-o", "addopts="],
                          timeout=timeout, cwd=cwd)
    output = result.stdout + result.stderr
    assert result.returncode == 0, "the run inside the namespace failed:\n" + output[-8000:]
    summary = re.search(r"(\d+) passed", output)
    assert summary and int(summary.group(1)) >= least, \
        "too few tests ran inside:\n" + output[-3000:]
    assert "failed" not in output.splitlines()[-1]


def script_inside(timeout: float) -> int | None:
    """A benchmark's start: outside a namespace, run this very command (`sys.argv`) again
    inside one, pass its output on and return its exit code (2 when no namespace can be made
    here); inside, None: the caller measures."""
    if INSIDE:
        return None
    reason = why_not()
    if reason is not None:
        print(f"cannot make a network namespace: {reason}", file=sys.stderr)
        return 2
    result = rerun_inside([sys.executable, *sys.argv], timeout=timeout, cwd=os.getcwd())
    sys.stdout.write(result.stdout)
    sys.stderr.write(result.stderr)
    return result.returncode
