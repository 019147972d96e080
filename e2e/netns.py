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
import shlex
import shutil
import subprocess

INSIDE = os.environ.get("DOMINO_NETNS") == "1"
HOST_ADDR = "10.77.0.1"  # the browsers' ICE candidates: v0
PEER_ADDR = "10.77.0.2"  # v1, where nothing listens (an unreachable TURN server, say)

SETUP = (
    "set -e; ip link set lo up; "
    "ip link add v0 type veth peer name v1; "
    f"ip addr add {HOST_ADDR}/24 dev v0; ip addr add {PEER_ADDR}/24 dev v1; "
    "ip link set v0 up; ip link set v1 up; "
    f"ip route add default via {PEER_ADDR} dev v0"
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
